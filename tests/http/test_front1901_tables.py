"""Front 1901 online through HTTP on the local runner with its manual clock: a table of four members (their powers
picked) and three AI powers played through 1902 with messages and proposals among members and AI powers; a phase
closed by its deadline (the runner's timer loop on the manual clock), a member who misses two phases replaced by
an AI power that keeps the seat's agreements, then reclaiming it; a draw every member votes for, and one an AI power
refuses; a solo at 18 centres (the last two from positions the runner's admin sets up); a text of an earlier phase
reported, and a rated game of five members voided by a moderator, its rating changes taken back once."""

from __future__ import annotations

import time
from typing import Any

import pytest
from localrun_process import LocalRunner, Member, ok

pytestmark = pytest.mark.http

Json = dict[str, Any]
GAMES = "/v1/front1901/games"
TABLES = "/v1/front1901/tables"
POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY")


def holds(view: Json) -> list[str]:
    if view["step"] == "adjustment":
        return view["legal"][0]["orders"][:abs(view["adjustment"])] if view["legal"] else []
    return [entry["orders"][0] for entry in view["legal"]]


def seat_table(runner: LocalRunner, pace: str = "live") -> tuple[str, dict[str, Member]]:
    """A table of four members' seats, each power picked; the last seat taken starts the game."""
    members = {power: runner.known_member(power.lower()) for power in POWERS}
    host = members["AUSTRIA"]
    table = ok(host.post(TABLES, json={"seats": 4, "pace": pace, "level": "easy", "seating": "picked",
                                       "power": "AUSTRIA", "invite": [members[p].sub for p in POWERS[1:]]}), 201)
    assert table["status"] == "open" and table["seats"] == 4
    game_id = None
    for power in POWERS[1:]:
        joined = ok(members[power].post(f"{TABLES}/{table['table_id']}/join", json={"power": power}))
        game_id = joined["game_id"] or game_id
    assert game_id is not None
    return game_id, members


def view_of(member: Member, game_id: str) -> Json:
    return ok(member.get(f"{GAMES}/{game_id}"))["view"]


def at(member: Member, game_id: str, what: str) -> str:
    return f"{GAMES}/{game_id}/phases/{view_of(member, game_id)['phase']}/{what}"


def play_phase(members: dict[str, Member], game_id: str, skip: str | None = None) -> None:
    for power, member in members.items():
        view = view_of(member, game_id)
        if power != skip and view["legal"] and not view.get("kept_by_ai"):
            ok(member.put(f"{GAMES}/{game_id}/phases/{view['phase']}/orders", json={"orders": holds(view)}))


def wait_for(member: Member, game_id: str, phase: str, seconds: float = 20) -> Json:
    """The view once the phase has moved past ``phase`` (the runner's timer loop resolves it)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        view = view_of(member, game_id)
        if view["phase"] != phase:
            return view
        time.sleep(0.2)
    raise AssertionError(f"phase {phase} was not resolved")


def test_four_members_and_three_ai_powers_play_through_1902_with_messages_and_proposals(runner: LocalRunner):
    game_id, members = seat_table(runner)
    ann, bob, cat, dan = (members[p] for p in POWERS)
    first = view_of(ann, game_id)
    assert first["members"] == list(POWERS) and first["press"] == "full" and first["phase"] == "S1901M"
    answered = ok(ann.post(at(ann, game_id, "proposals"), json={"to": "ITALY", "proposal": {"kind": "pact"}}))
    assert answered["answer"]["answer"] in ("accepted", "declined")
    offered = ok(cat.post(at(cat, game_id, "proposals"), json={"to": "ENGLAND", "proposal": {"kind": "pact"}}))
    assert offered["answer"] is None
    [proposal] = [m for m in view_of(bob, game_id)["messages"] if m["from"] == "FRANCE" and m["kind"] == "proposal"]
    ok(bob.post(at(bob, game_id, "replies"), json={"message_id": proposal["id"], "accept": True}))
    ok(dan.post(at(dan, game_id, "messages"), json={"text": "Peace in our time."}))
    ok(dan.post(at(dan, game_id, "messages"), json={"to": "AUSTRIA", "text": "Just between us."}))
    assert any(m["text"] == "Just between us." for m in view_of(ann, game_id)["messages"])
    assert not any(m["text"] == "Just between us." for m in view_of(bob, game_id)["messages"])
    assert any(m["text"] == "Peace in our time." for m in view_of(cat, game_id)["messages"])
    assert any(a["kind"] == "pact" and {a["proposer"], a["recipient"]} == {"FRANCE", "ENGLAND"}
               for a in view_of(cat, game_id)["agreements"])
    too_long = cat.post(at(cat, game_id, "messages"), json={"text": "x" * 1001})
    assert too_long.status_code == 422 and too_long.json()["error"]["field"] == "text"
    while view_of(ann, game_id)["phase"] != "S1903M":
        play_phase(members, game_id)
    history = ok(cat.get(f"{GAMES}/{game_id}/history?limit=50"))["phases"]
    assert history[0]["phase"] == "S1901M" and set(history[0]["orders"]) == {
        "AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"}
    assert not any(m.get("text") == "Just between us." for p in history for m in p["messages"])


def test_a_missed_member_is_replaced_by_an_ai_power_that_keeps_the_agreements_then_reclaims(runner: LocalRunner):
    game_id, members = seat_table(runner)
    cat, bob = members["FRANCE"], members["ENGLAND"]
    ok(cat.post(at(cat, game_id, "proposals"), json={"to": "ENGLAND", "proposal": {"kind": "pact"}}))
    [proposal] = [m for m in view_of(bob, game_id)["messages"] if m["from"] == "FRANCE" and m["kind"] == "proposal"]
    ok(bob.post(at(bob, game_id, "replies"), json={"message_id": proposal["id"], "accept": True}))
    for phase in ("S1901M", "F1901M"):  # FRANCE sends nothing: each phase closes at its deadline (5 minutes)
        play_phase(members, game_id, skip="FRANCE")
        runner.advance(5 * 60 + 1)
        wait_for(bob, game_id, phase)
    mine = view_of(cat, game_id)
    assert mine["kept_by_ai"] is True and "FRANCE" not in mine["members"]
    assert any(a["kind"] == "pact" and a["recipient"] == "ENGLAND" for a in mine["agreements"])
    while view_of(bob, game_id)["step"] != "movement":
        play_phase(members, game_id)
    before = view_of(bob, game_id)["phase"]
    ok(cat.post(at(cat, game_id, "reclaim")))
    play_phase(members, game_id)  # the others' orders resolve it; the AI power ordered for FRANCE
    assert view_of(bob, game_id)["phase"] != before
    back = view_of(cat, game_id)
    assert back["kept_by_ai"] is False and "FRANCE" in back["members"]
    assert any(a["kind"] == "pact" and a["recipient"] == "ENGLAND" for a in back["agreements"])
    history = ok(cat.get(f"{GAMES}/{game_id}/history?limit=50"))["phases"]
    assert [p["phase"] for p in history if "FRANCE" in p["kept_by_ai"]]  # the history says who played


def test_a_draw_every_member_votes_for_ends_the_game(runner: LocalRunner):
    game_id, members = seat_table(runner, pace="1d")
    ok(members["GERMANY"].post(at(members["GERMANY"], game_id, "messages"),
                               json={"to": "AUSTRIA", "text": "Between us two."}))
    for member in members.values():
        ok(member.post(at(member, game_id, "votes"), json={"vote": "draw"}))
    play_phase(members, game_id)
    game = ok(members["AUSTRIA"].get(f"{GAMES}/{game_id}"))
    assert game["status"] == "over" and game["view"]["ends"] == "draw"
    assert game["view"]["winners"] == ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]
    record = ok(members["FRANCE"].get(f"{GAMES}/{game_id}/record"))  # once over, still only what FRANCE was sent
    assert record["final"]["ends"] == "draw" and record["final"]["ranks"]["RUSSIA"] == 1
    assert "Between us two." not in str(record)
    assert any(m["text"] == "Between us two." for m in view_of(members["AUSTRIA"], game_id)["messages"])
    assert not any(m["text"] == "Between us two." for m in view_of(members["FRANCE"], game_id)["messages"])


def _position(phase: str, units: dict[str, list[str]], centres: dict[str, list[str]]) -> Json:
    return {"phase": phase, "units": {p: sorted(u) for p, u in units.items()},
            "centers": {p: sorted(c) for p, c in centres.items()}, "dislodged": {}, "contested": []}


def seeded_table(runner: LocalRunner, position: Json) -> tuple[str, dict[str, Member]]:
    members = {power: runner.known_member(power.lower()) for power in POWERS}
    made = runner.seeded_game(kind="front1901-online", seed=3, pace="live",
                              players={p: m.sub for p, m in members.items()}, setup={"position": position})
    return made["game_id"], members


def test_a_draw_an_ai_power_refuses_when_it_leads_with_twelve_centres(runner: LocalRunner):
    game_id, members = seeded_table(runner, _position(
        "S1905M", {"AUSTRIA": ["A WAR"], "ENGLAND": ["F LON"], "FRANCE": ["A PAR"], "GERMANY": ["A BER"],
                   "TURKEY": ["A CON"]},
        {"AUSTRIA": ["WAR"], "ENGLAND": ["LON", "EDI", "LVP"], "FRANCE": ["PAR", "BRE", "MAR"],
         "GERMANY": ["BER", "KIE", "MUN"], "ITALY": ["ROM", "NAP", "VEN"], "RUSSIA": ["STP"],
         "TURKEY": ["ANK", "CON", "SMY", "SEV", "BUL", "RUM", "GRE", "SER", "BUD", "VIE", "TRI", "MOS"]}))
    for member in members.values():
        ok(member.post(at(member, game_id, "votes"), json={"vote": "draw"}))
    play_phase(members, game_id)
    game = ok(members["FRANCE"].get(f"{GAMES}/{game_id}"))
    assert game["status"] == "open" and game["view"]["phase"] != "S1905M"  # TURKEY plays to win


def test_a_solo_at_eighteen_centres_ends_the_game(runner: LocalRunner):
    german = ["BER", "KIE", "MUN", "HOL", "BEL", "DEN", "SWE", "NWY", "WAR", "MOS", "STP", "VIE", "BUD", "TRI", "SER",
              "RUM", "BUL"]
    game_id, members = seeded_table(runner, _position(
        "F1905M", {"AUSTRIA": ["A GRE"], "ENGLAND": ["F LON"], "GERMANY": ["A BUR"], "ITALY": ["A ROM"],
                   "TURKEY": ["A SMY"]},
        {"GERMANY": german, "FRANCE": ["PAR"], "ENGLAND": ["LON", "EDI", "LVP"], "AUSTRIA": ["GRE"],
         "ITALY": ["ROM", "NAP", "VEN", "TUN"], "TURKEY": ["ANK", "CON", "SMY", "SEV"]}))
    ok(members["GERMANY"].put(f"{GAMES}/{game_id}/phases/F1905M/orders", json={"orders": ["A BUR - PAR"]}))
    for power in ("AUSTRIA", "ENGLAND"):
        ok(members[power].put(f"{GAMES}/{game_id}/phases/F1905M/orders", json={"orders": []}))
    game = ok(members["FRANCE"].get(f"{GAMES}/{game_id}"))
    assert game["status"] == "over" and game["view"]["winners"] == ["GERMANY"] and game["view"]["ranks"]["GERMANY"] == 1


def test_a_text_of_an_earlier_phase_is_reported_and_a_rated_game_voided_takes_its_rating_changes_back(
        runner: LocalRunner):
    five = (*POWERS, "ITALY")
    members = {power: runner.known_member(power.lower()) for power in five}
    host = members["AUSTRIA"]
    table = ok(host.post(TABLES, json={"seats": 5, "pace": "1d", "level": "easy", "seating": "picked", "rated": True,
                                       "power": "AUSTRIA", "invite": [members[p].sub for p in five[1:]]}), 201)
    game_id = None
    for power in five[1:]:
        game_id = ok(members[power].post(f"{TABLES}/{table['table_id']}/join", json={"power": power}))["game_id"]
    assert game_id is not None
    ok(members["GERMANY"].post(at(members["GERMANY"], game_id, "messages"), json={"to": "AUSTRIA", "text": "Rude."}))
    [text] = [m for m in view_of(host, game_id)["messages"] if m["kind"] == "text"]
    play_phase(members, game_id)
    assert view_of(host, game_id)["phase"] != "S1901M"
    report = f"{GAMES}/{game_id}/phases/S1901M/messages/{text['id']}/report"
    assert members["FRANCE"].post(report).status_code == 404  # not sent to France
    ok(host.post(report), 201)
    moderator = runner.member("mod", moderator=True)
    assert any(r["text"] == "Rude." for r in ok(moderator.get("/v1/moderation/front1901/reports"))["reports"])
    for member in members.values():
        ok(member.post(at(member, game_id, "votes"), json={"vote": "concede", "to": "AUSTRIA"}))
    play_phase(members, game_id)
    assert ok(host.get(f"{GAMES}/{game_id}"))["status"] == "over"
    void = f"/v1/moderation/front1901/games/{game_id}/void"
    assert host.post(void, json={"why": "collusion"}).status_code == 403
    rated = {e["member"]: e for e in ok(host.get("/v1/front1901/ratings?limit=50"))["entries"]}
    assert all(rated[m.sub]["games"] == 1 for m in members.values())
    voided = ok(moderator.post(void, json={"why": "collusion"}))
    assert {r["member"] for r in voided["ratings"]} == {m.sub for m in members.values()}
    assert all(r["games"] == 0 and abs(r["mu"] - 25.0) < 1e-3 for r in voided["ratings"])
    again = moderator.post(void, json={"why": "collusion"})
    assert again.status_code == 409 and again.json()["error"]["rule"] == "voided"
