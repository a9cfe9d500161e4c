"""Each moderator action through HTTP (issue 16): its effect on what it touched, its audit line (who, when, what,
why), 403 ``moderators_only`` for a member, a replay with the same Idempotency-Key answering the first answer
again, and the credits invariant after it. Rules: "The moderators can stop a game in progress (a duel is then
cancelled, the stakes returned), void a finished duel (it no longer counts: the rating points won or lost are
cancelled, the stakes returned), remove a Daily Front from the leaderboard, hide a doctrine with an offensive name
or freeze the ratings of an account"."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gameserver.domain import doctrines, members
from gameserver.domain.challenges import game as challenges
from gameserver.domain.challenges import publication
from gameserver.domain.daily import front as daily_front
from gameserver.domain.duels import service as duels
from gameserver.domain.feinthold import house
from gameserver.domain.tournaments import service as tournaments
from moderation_world import MODERATOR, WHY, World, member, world_on_memory

ANN, BOB, CYD, DEE = member("ann"), member("bob"), member("cyd"), member("dee")
IDLE = {"name": "idle", "rules": [{"if": [{"units_at": {"at": "my-hq", "at_least": 40}}],
                                   "then": {"advance": {"from": "my-hq", "toward": "centre"}}}]}


@pytest.fixture
def world(monkeypatch: pytest.MonkeyPatch) -> Iterator[World]:
    with world_on_memory(monkeypatch) as made:
        for caller in (ANN, BOB, CYD, DEE, MODERATOR):
            members.ensure_profile(made.store, made.clock, caller)
        yield made


def playing_duel(w: World, stake: int = 10) -> str:
    made = duels.propose_duel(w.store, w.clock, ANN, opponent=BOB.sub, pace="1d", stake=stake)
    duels.accept_duel(w.store, w.clock, BOB, made["duel_id"])
    return str(made["duel_id"])


def refused_to_a_member(w: World, path: str) -> None:
    status, body = w.act("POST", path, ANN, WHY)
    assert status == 403 and body["error"]["code"] == "moderators_only"


def test_stopping_a_duel_cancels_it_returns_the_stakes_and_is_audited_once(world):
    duel_id = playing_duel(world)
    path = f"/v1/moderation/games/{duel_id}/stop"
    refused_to_a_member(world, path)
    status, stopped = world.act("POST", path, MODERATOR, WHY, key="stop-1")
    assert status == 200 and stopped["mode"] == "duel" and sorted(stopped["members"]) == [ANN.sub, BOB.sub]
    assert world.act("POST", path, MODERATOR, WHY, key="stop-1") == (200, stopped)  # the replay
    assert duels.read_duel(world.store, world.clock, ANN, duel_id)["status"] == "cancelled"
    assert world.balance(ANN.sub) == world.balance(BOB.sub) == 100
    (line,) = world.audit(ANN.sub)
    assert (line["action"], line["target"], line["why"], line["moderator"]) == (
        "stop-game", duel_id, WHY["why"], MODERATOR.sub)
    assert world.act("POST", path, MODERATOR, WHY)[1]["error"]["code"] == "game_over"
    assert world.invariant() == []


def test_stopping_a_house_game_ends_it_with_no_result(world):
    game = house.create_house_game(world.store, world.clock, ANN, house_ai="pivot", pace="1d", side="south", seed=7)
    status, _ = world.act("POST", f"/v1/moderation/games/{game['game_id']}/stop", MODERATOR, WHY)
    stored = world.store.games.get(game["game_id"])
    assert status == 200 and stored.status == "over" and stored.winner is None


def test_stopping_a_daily_front_leaves_it_not_ranked(world):
    game = daily_front.start_front(world.store, world.clock, ANN)["game"]
    assert world.act("POST", f"/v1/moderation/games/{game['game_id']}/stop", MODERATOR, WHY)[0] == 200
    entry = world.store.daily.read_day(world.clock.now().date(), ANN.sub, front=False).entry
    assert entry.status == "finished" and entry.not_ranked == "stopped" and not entry.ranked
    status, day = world.act("GET", "/v1/feinthold/daily", ANN)  # what the member sees: no result, not ranked
    assert status == 200 and day["mine"]["result"] is None and day["mine"]["not_ranked"] == "stopped"


def published(w: World, author=BOB) -> str:
    doctrines.create_doctrine(w.store, w.clock, author, IDLE)
    return str(publication.publish_doctrine(w.store, w.clock, author, 1, "Offensive")["doctrine_id"])


def test_stopping_a_challenge_leaves_it_unrated(world):
    challenge_id = challenges.start_challenge(world.store, world.clock, ANN, published(world), "blitz")[
        "challenge_id"]
    assert world.act("POST", f"/v1/moderation/games/{challenge_id}/stop", MODERATOR, WHY)[0] == 200
    status, seen = world.act("GET", f"/v1/feinthold/challenges/{challenge_id}", ANN)
    assert status == 200 and seen["status"] == "stopped" and seen["why"] == "stopped"


def test_voiding_a_finished_duel_returns_the_stakes_and_takes_its_rating_change_back(world):
    before = world.store.duels.standing((ANN.sub, BOB.sub), "2026-11").ratings
    duel_id = playing_duel(world)
    duels.abandon(world.store, world.clock, BOB, duel_id)  # a forfeit: Ann wins the stakes
    assert world.balance(ANN.sub) == 110
    assert world.store.duels.read(duel_id).stored.rating_changes["rated"] is True
    assert world.store.duels.standing((ANN.sub, BOB.sub), "2026-11").months[ANN.sub].rated == 1
    path = f"/v1/moderation/duels/{duel_id}/void"
    refused_to_a_member(world, path)
    status, voided = world.act("POST", path, MODERATOR, WHY, key="void-1")
    assert status == 200 and voided["status"] == "voided"
    assert world.act("POST", path, MODERATOR, WHY, key="void-1") == (200, voided)
    assert world.balance(ANN.sub) == world.balance(BOB.sub) == 100
    after = world.store.duels.standing((ANN.sub, BOB.sub), "2026-11")
    for sub in (ANN.sub, BOB.sub):
        assert after.ratings[sub].game.rating == pytest.approx(before[sub].game.rating)
        assert after.ratings[sub].elo.points == before[sub].elo.points
    assert all(d.id != duel_id for d in after.recent.duels)  # out of the pair's 24-hour count
    assert after.months[ANN.sub].rated == 0  # out of the month's board (its prizes not fixed yet)
    assert [line["action"] for line in world.audit(BOB.sub)] == ["void-duel"]
    assert world.act("POST", path, MODERATOR, WHY)[1]["error"]["code"] == "duel_refused"  # voided already
    assert world.invariant() == []


def test_a_freeze_ends_the_duel_refuses_new_ones_and_challenges_and_leaves_solo_play_open(world):
    duel_id = playing_duel(world)
    path = f"/v1/moderation/members/{ANN.sub}/freeze"
    refused_to_a_member(world, path)
    status, frozen = world.act("POST", path, MODERATOR, WHY, key="freeze-1")
    assert status == 200 and frozen["frozen"] and frozen["duels_ended"] == [duel_id]
    assert world.act("POST", path, MODERATOR, WHY, key="freeze-1") == (200, frozen)
    assert duels.read_duel(world.store, world.clock, ANN, duel_id)["status"] == "cancelled"
    assert world.balance(ANN.sub) == world.balance(BOB.sub) == 100
    status, body = world.act("POST", "/v1/feinthold/duels", ANN, {"opponent": BOB.sub, "pace": "1d", "stake": 0})
    assert status == 403 and body["error"]["code"] == "ratings_frozen" and body["error"]["rule"] == "ratings-frozen"
    status, body = world.act("POST", "/v1/feinthold/challenges", ANN, {"doctrine_id": "house-ram", "pace": "blitz"})
    assert status == 403 and body["error"]["code"] == "ratings_frozen"
    status, body = world.act("POST", "/v1/feinthold/tournaments", ANN, {"size": 4, "fee": 0, "name": "Cup"})
    assert status == 403 and body["error"]["code"] == "ratings_frozen"
    assert world.act("POST", "/v1/feinthold/games", ANN, {"house_ai": "ram", "pace": "1d"})[0] == 201
    assert world.act("POST", path, MODERATOR, WHY)[1]["error"]["code"] == "already_frozen"
    status, record = world.act("GET", f"/v1/moderation/members/{ANN.sub}", MODERATOR)
    assert status == 200 and record["frozen"] and [a["action"] for a in record["actions"]] == ["freeze"]
    unfreeze = f"/v1/moderation/members/{ANN.sub}/unfreeze"
    status, thawed = world.act("POST", unfreeze, MODERATOR, WHY)
    assert status == 200 and not thawed["frozen"]
    assert duels.read_duel(world.store, world.clock, ANN, duel_id)["status"] == "cancelled"  # not what was lost
    assert world.act("POST", "/v1/feinthold/duels", ANN, {"opponent": BOB.sub, "pace": "1d", "stake": 0})[0] == 201
    assert world.act("POST", unfreeze, MODERATOR, WHY)[1]["error"]["code"] == "not_frozen"
    assert world.invariant() == []


def started_tournament(w: World) -> dict:
    made = tournaments.create_tournament(w.store, w.clock, ANN, size=4, fee=10, name="Cup")
    for caller in (BOB, CYD, DEE):
        made = tournaments.join_tournament(w.store, w.clock, caller, made["tournament_id"])
    return made


def match_of(tournament: dict, sub: str) -> dict:
    return next(m for m in tournament["matches"] if sub in [p["member"] for p in m["players"] if p])


def test_a_freeze_loses_the_members_tournament_match_by_forfeit(world):
    made = started_tournament(world)
    mine = match_of(made, ANN.sub)
    opponent = next(p["member"] for p in mine["players"] if p and p["member"] != ANN.sub)
    status, frozen = world.act("POST", f"/v1/moderation/members/{ANN.sub}/freeze", MODERATOR, WHY)
    assert status == 200 and frozen["tournaments_changed"] == [made["tournament_id"]]
    after = tournaments.read_tournament(world.store, made["tournament_id"])
    played = next(m for m in after["matches"] if m["slot"] == mine["slot"])
    assert played["status"] == "won" and played["winner"] == opponent
    assert world.invariant() == []


def test_stopping_a_tournament_match_voids_it_and_nobody_goes_on_from_it(world):
    made = started_tournament(world)
    mine = match_of(made, ANN.sub)
    game_id = f"{made['tournament_id']}-m{mine['slot']}"
    status, stopped = world.act("POST", f"/v1/moderation/games/{game_id}/stop", MODERATOR, WHY)
    assert status == 200 and stopped["mode"] == "match"
    after = tournaments.read_tournament(world.store, made["tournament_id"])
    played = next(m for m in after["matches"] if m["slot"] == mine["slot"])
    assert played["status"] == "void" and played["winner"] is None
    assert world.store.games.get(game_id).status == "over"
    assert world.invariant() == []


def test_hiding_a_doctrine_takes_it_out_of_the_listing_and_refuses_challenges(world):
    doctrine_id = published(world)
    path = f"/v1/moderation/doctrines/{doctrine_id}/hide"
    refused_to_a_member(world, path)
    status, hidden = world.act("POST", path, MODERATOR, WHY, key="hide-1")
    assert status == 200 and world.act("POST", path, MODERATOR, WHY, key="hide-1") == (200, hidden)
    listed = world.act("GET", "/v1/feinthold/published", ANN)[1]["doctrines"]
    assert doctrine_id not in [d["doctrine_id"] for d in listed]
    status, body = world.act("POST", "/v1/feinthold/challenges", ANN, {"doctrine_id": doctrine_id, "pace": "blitz"})
    assert status in (404, 409) and body["error"]["code"] in ("not_found", "doctrine_hidden")
    assert [line["action"] for line in world.audit(BOB.sub)] == ["hide-doctrine"]


def test_the_audit_log_pages_newest_first_and_members_never_see_it(world):
    for n in range(3):
        world.clock.advance(1)
        world.act("POST", f"/v1/moderation/members/{ANN.sub}/{'freeze' if n % 2 == 0 else 'unfreeze'}",
                  MODERATOR, WHY)
    status, first = world.act("GET", "/v1/moderation/audit?limit=2", MODERATOR)
    assert status == 200 and [a["action"] for a in first["actions"]] == ["freeze", "unfreeze"]
    second = world.act("GET", f"/v1/moderation/audit?limit=2&cursor={first['cursor']}", MODERATOR)[1]
    assert [a["action"] for a in second["actions"]] == ["freeze"] and second["cursor"] is None
    status, body = world.act("GET", "/v1/moderation/audit", ANN)
    assert status == 403 and body["error"]["code"] == "moderators_only"


def test_a_game_view_reloaded_more_than_60_times_a_minute_leaves_one_reload_storm_mark(world):
    game = house.create_house_game(world.store, world.clock, ANN, house_ai="pivot", pace="1d", side="south", seed=7)
    path = f"/v1/feinthold/games/{game['game_id']}"
    for _ in range(60):
        world.clock.advance(0.5)
        assert world.act("GET", path, ANN)[0] == 200
    assert world.act("GET", f"/v1/moderation/members/{ANN.sub}/marks", MODERATOR)[1]["marks"] == []  # 60: a fan
    for _ in range(5):
        world.act("GET", path, ANN)
    marks = world.act("GET", f"/v1/moderation/members/{ANN.sub}/marks", MODERATOR)[1]["marks"]
    assert [(m["kind"], m["game_id"]) for m in marks] == [("reload-storm", game["game_id"])]
