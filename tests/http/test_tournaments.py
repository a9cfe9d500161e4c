"""Knockout tournaments through HTTP on the local runner, with its manual clock (never a real sleep): a whole
8-player tournament (fees into the pot, seeding, the bracket, matches created as their players become known, a
drawn match decided by each tiebreak, a void match and the walkover it gives, a forfeit, the final's prizes, the
ratings, the feed, the credits invariant at the end), the 409s that say which, and 20 members racing for the last
seats of one tournament."""

from __future__ import annotations

import concurrent.futures
from typing import Any

import pytest
from localrun_process import ok
from match_plans import plan

pytestmark = pytest.mark.http

TOURNAMENTS = "/v1/feinthold/tournaments"
PAUSE = 12
"""Seconds each member waits before sending on odd turns (and not on even ones, answering at once): a median of
6 s, over the 4 s under which fair play judges orders "faster than a human", with half the clock moves (each
moves the runner's sweep)."""
HALF_DAY = 12 * 3600


def balance(member) -> int:
    return ok(member.get("/v1/credits"))["balance"]


def tournament(member, tournament_id: str) -> dict[str, Any]:
    return ok(member.get(f"{TOURNAMENTS}/{tournament_id}"))


def join(member, tournament_id: str, status: int = 200) -> dict[str, Any]:
    return ok(member.post(f"{TOURNAMENTS}/{tournament_id}/join"), status)


def error(answer) -> tuple[int, str, str | None]:
    body = answer.json()["error"]
    return answer.status_code, body["code"], body.get("rule")


def players_of(match: dict[str, Any]) -> list[str]:
    return [p["member"] for p in match["players"]]


def play(runner, by_sub: dict[str, Any], matches: dict[str, dict[str, Any]], kinds: dict[str, tuple[str, str]]) -> None:
    """Play the matches named by their game ids out together, turn by turn at a human's pace: each one's plan
    (``match_plans``: a win, or a draw broken by a tiebreak) and the member it favours. The layout and each
    member's side come from their own view."""
    views = {}
    for game_id, (kind, favoured) in kinds.items():
        seen = {sub: ok(by_sub[sub].get(f"/v1/feinthold/games/{game_id}")) for sub in players_of(matches[game_id])}
        side = seen[favoured]["side"]
        views[game_id] = (plan(seen[favoured]["view"]["layout"]["id"], kind, side), seen)
    for turn in range(1, 9):
        if turn % 2:
            runner.advance(PAUSE)
        for game_id, (turns, seen) in views.items():
            for sub, game in seen.items():
                ok(by_sub[sub].put(f"/v1/feinthold/games/{game_id}/turns/{turn}/orders",
                                   json={"orders": turns[turn - 1][game["side"]]}))


def test_a_whole_eight_player_tournament_through_http(runner):
    members = [runner.known_member(f"p{n}") for n in range(1, 9)]
    by_sub = {m.sub: m for m in members}
    late, poor = runner.known_member("late"), runner.known_member("poor")
    made = ok(members[0].post(TOURNAMENTS, json={"size": 8, "fee": 10, "name": "Winter Cup"}), 201)
    tid = made["tournament_id"]
    assert (made["status"], made["pot"], made["seats_left"], balance(members[0])) == ("open", 10, 7, 90)
    assert tid in [t["tournament_id"] for t in ok(late.get(TOURNAMENTS))["tournaments"]]
    assert error(members[0].post(f"{TOURNAMENTS}/{tid}/join"))[:2] == (409, "already_joined")

    # joining without the fee, and a cancelled tournament: 409s that say which
    pricey = ok(poor.post(TOURNAMENTS, json={"size": 4, "fee": 60, "name": "Big Cup"}), 201)["tournament_id"]
    other = ok(late.post(TOURNAMENTS, json={"size": 4, "fee": 60, "name": "Late Cup"}), 201)["tournament_id"]
    assert error(poor.post(f"{TOURNAMENTS}/{other}/join")) == (409, "insufficient_credits", "fee-within-balance")
    assert ok(late.post(f"{TOURNAMENTS}/{other}/leave"))["status"] == "cancelled"
    assert ok(poor.post(f"{TOURNAMENTS}/{pricey}/leave"))["ending"] == "emptied"
    assert error(poor.post(f"{TOURNAMENTS}/{other}/join")) == (409, "tournament_cancelled", "join-when-cancelled")
    assert balance(poor) == balance(late) == 100

    # the last seat seeds the bracket and creates the first round at once
    for member in members[1:]:
        full = join(member, tid)
    assert error(late.post(f"{TOURNAMENTS}/{tid}/join")) == (409, "tournament_full", "tournament-full")
    assert (full["status"], full["pot"]) == ("playing", 80) and all(balance(m) == 90 for m in members)
    seeds = [s["member"] for s in full["seeds"]]
    assert sorted(seeds) == sorted(by_sub), "8 seeds: equal ratings, then the oldest account"
    bracket = full["matches"]
    assert [players_of(m) for m in bracket[:4]] == [[seeds[0], seeds[7]], [seeds[3], seeds[4]],
                                                     [seeds[1], seeds[6]], [seeds[2], seeds[5]]]
    assert [m["status"] for m in bracket] == ["playing"] * 4 + ["waiting"] * 3
    first = {m["game_id"]: m for m in bracket[:4]}
    game = ok(by_sub[seeds[0]].get(f"/v1/feinthold/games/{bracket[0]['game_id']}"))
    assert (game["mode"], game["pace"], game["turn"], game["status"]) == ("match", "12h", 1, "open")
    feed = ok(by_sub[seeds[0]].get("/v1/feed"))["notices"]
    assert {(n["kind"], n["tournament_id"]) for n in feed} >= {("match-created", tid), ("turn-open", tid)}

    # round 1: a draw broken by each tiebreak (slots 1 to 3); slot 4 sends nothing
    m1, m2, m3, m4 = (bracket[n]["game_id"] for n in range(4))
    play(runner, by_sub, first, {m1: ("seed", seeds[0]), m2: ("predictions", seeds[4]), m3: ("combats", seeds[6])})
    after = tournament(late, tid)["matches"]
    assert [(m["ending"], m["tiebreak"], m["winner"]) for m in after[:3]] == [
        ("game", "seed", seeds[0]), ("game", "predictions", seeds[4]), ("game", "combats", seeds[6])]
    assert all(m["rating"]["rated"] for m in after[:3]) and all(len(m["rating"]["elo"]) == 2 for m in after[:3])
    assert after[3]["status"] == "playing" and after[4]["status"] == "playing", \
        "slot 5 was created as soon as its players were known, before the round ended"
    assert players_of(after[4]) == [seeds[0], seeds[4]] and after[5]["status"] == "waiting"

    # slot 5: a forfeit
    m5 = after[4]["game_id"]
    runner.advance(PAUSE)
    for sub in players_of(after[4]):
        ok(by_sub[sub].put(f"/v1/feinthold/games/{m5}/turns/1/orders", json={"orders": []}))
    forfeit = ok(by_sub[seeds[4]].post(f"{TOURNAMENTS}/{tid}/matches/5/abandon"))["matches"][4]
    assert (forfeit["status"], forfeit["ending"], forfeit["winner"]) == ("won", "forfeit", seeds[0])
    assert ok(by_sub[seeds[4]].get(f"/v1/feinthold/games/{m5}"))["status"] == "over"

    # slot 4: no orders from either side in its first two turns, void at once; slot 6 goes without playing
    runner.advance(HALF_DAY)
    assert tournament(late, tid)["matches"][3]["status"] == "playing"
    runner.advance(HALF_DAY)
    after = tournament(late, tid)["matches"]
    assert (after[3]["status"], after[3]["ending"]) == ("void", "no-orders")
    assert (after[5]["status"], after[5]["ending"], after[5]["winner"], after[5]["game_id"]) == (
        "won", "walkover", seeds[6], None)
    assert ok(by_sub[seeds[2]].get(f"/v1/feinthold/games/{m4}"))["status"] == "over"

    # the final: a win on the board, 70% of the pot to the winner, 30% to the finalist
    final = after[6]
    assert players_of(final) == [seeds[0], seeds[6]] and final["status"] == "playing"
    play(runner, by_sub, {final["game_id"]: final}, {final["game_id"]: ("win", seeds[6])})
    ended = tournament(late, tid)
    assert (ended["status"], ended["ending"], ended["winner"], ended["finalist"]) == (
        "finished", "won", seeds[6], seeds[0])
    assert ended["prizes"] == [{"member": seeds[6], "amount": 56}, {"member": seeds[0], "amount": 24}]
    assert ended["pot"] == 0 and ended["matches"][6]["rating"]["rated"] is True
    assert balance(by_sub[seeds[6]]) == 90 + 56 and balance(by_sub[seeds[0]]) == 90 + 24
    assert "tournament-won" in {n["kind"] for n in ok(by_sub[seeds[6]].get("/v1/feed?limit=50"))["notices"]}
    mine = ok(by_sub[seeds[3]].get(f"{TOURNAMENTS}/mine"))["tournaments"]
    assert [(t["tournament_id"], t["status"]) for t in mine] == [(tid, "finished")]

    # the credits invariant: every balance is its ledger, and balances and pots hold every grant
    everyone = [*members, late, poor]
    for member in everyone:
        credits = ok(member.get("/v1/credits?limit=50"))
        assert sum(line["amount"] for line in credits["lines"]) == credits["balance"]
    pots = sum(tournament(late, t)["pot"] for t in (tid, pricey, other))
    assert sum(balance(m) for m in everyone) + pots == 100 * len(everyone)


def test_twenty_members_racing_for_the_last_seats_exactly_fill_them(runner):
    creator, second = runner.known_member("host"), runner.known_member("early")
    tid = ok(creator.post(TOURNAMENTS, json={"size": 4, "fee": 5, "name": "Race Cup"}), 201)["tournament_id"]
    join(second, tid)
    racers = [runner.known_member(f"racer{n}") for n in range(20)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=20) as pool:
        answers = list(pool.map(lambda m: m.post(f"{TOURNAMENTS}/{tid}/join"), racers))
    won = [m for m, a in zip(racers, answers, strict=True) if a.status_code == 200]
    assert len(won) == 2, [a.text for a in answers if a.status_code != 409]
    assert {error(a)[1] for a in answers if a.status_code != 200} <= {"tournament_full", "busy"}
    held = tournament(creator, tid)
    assert held["status"] == "playing" and held["pot"] == 20
    assert sorted(s["member"] for s in held["seeds"]) == sorted([creator.sub, second.sub, *(m.sub for m in won)])
    assert sum(balance(m) for m in racers) == 100 * 20 - 5 * 2, "only the two seated paid"
    beaten = next(m for m, a in zip(racers, answers, strict=True) if a.status_code != 200)
    assert error(beaten.post(f"{TOURNAMENTS}/{tid}/join"))[:2] == (409, "tournament_full"), "asked again: full"
