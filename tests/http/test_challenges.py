"""Doctrine challenges over HTTP on the local runner (its manual clock, its schedules: each move of the clock runs
the sweep, which applies the doctrines' queued results and sends the authors' notices).

A runner of its own for this module: the 7-day window moves its clock by a week, which the other modules'
runner (and its month) should not see."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from typing import Any

import pytest
from doctrine_player import PASSIVE, orders_by
from localrun_process import LocalRunner, Member, ok, start_runner, stop_runner

pytestmark = pytest.mark.http

HUMAN = (14, 22, 9, 35, 17, 26, 12, 19)
"""A human's delays, turn by turn."""
MACHINE = (1, 2, 1, 1, 2, 1, 1, 2)
"""Faster than anyone reads a turn."""
PUBLISHED = "/v1/feinthold/published"
CHALLENGES = "/v1/feinthold/challenges"


@pytest.fixture(scope="module")
def runner(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalRunner]:
    state_dir = tmp_path_factory.mktemp("localrun-challenges")
    process, ready = start_runner(state_dir)
    running = LocalRunner(ready["api"], ready["admin"], ready["dynamodb"], state_dir, process)
    try:
        yield running
    finally:
        running.close()
        stop_runner(process)


def when(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def ram_rules(member: Member) -> dict[str, Any]:
    """Ram's public rules, as any member reads them on its page."""
    page = ok(member.get(f"{PUBLISHED}/house-ram"))
    assert page["rules"] is not None and page["author"] is None
    return dict(page["rules"])


def write_doctrine(member: Member, rules: dict[str, Any], *, default: bool = False) -> int:
    slot: int = ok(member.post("/v1/feinthold/doctrines", json={"doctrine": rules}), 201)["slot"]
    if default:
        ok(member.post(f"/v1/feinthold/doctrines/{slot}/default"))
    return slot


def publish(member: Member, rules: dict[str, Any] = PASSIVE, name: str = "Iron Wall") -> str:
    slot = write_doctrine(member, rules)
    doctrine_id: str = ok(member.post(PUBLISHED, json={"slot": slot, "name": name}), 201)["doctrine_id"]
    return doctrine_id


def challenge(member: Member, doctrine_id: str, pace: str = "blitz") -> dict[str, Any]:
    started: dict[str, Any] = ok(member.post(CHALLENGES, json={"doctrine_id": doctrine_id, "pace": pace}), 201)
    return started


def play(runner: LocalRunner, member: Member, started: dict[str, Any], *, delays: tuple[int, ...] = HUMAN,
         orders: Callable[[dict[str, Any]], list[dict[str, Any]]] | None = None,
         own: Callable[[int], bool] = lambda turn: True) -> dict[str, Any]:
    """The challenge's game to its end: each turn, ``delays[turn - 1]`` seconds then my orders (``orders`` of my
    view; hold by default) when ``own(turn)``, else the turn missed (played at its deadline)."""
    game, game_id = started["game"], started["game_id"]
    while game["status"] == "open":
        turn = game["turn"]
        if own(turn):
            runner.advance(delays[turn - 1])
            sent = [] if orders is None else orders(game["view"])
            game = ok(member.put(f"/v1/feinthold/games/{game_id}/turns/{turn}/orders", json={"orders": sent}))["game"]
        else:
            runner.advance((when(game["deadline"]) - when(runner.now())).total_seconds() + 1)
            game = ok(member.get(f"/v1/feinthold/games/{game_id}"))
    ended: dict[str, Any] = ok(member.get(f"{CHALLENGES}/{game_id}"))
    return ended


def lose(runner: LocalRunner, member: Member, doctrine_id: str) -> dict[str, Any]:
    """A challenge whose every turn I miss, without a default doctrine: a loss, which always counts."""
    started = challenge(member, doctrine_id)
    runner.advance(600)  # the whole blitz game (540 s), resolved by the sweep as its deadlines fell
    ended: dict[str, Any] = ok(member.get(f"{CHALLENGES}/{started['challenge_id']}"))
    return ended


def listed(member: Member, doctrine_id: str) -> dict[str, Any] | None:
    rows = ok(member.get(PUBLISHED, params={"limit": 50}))["doctrines"]
    return next((row for row in rows if row["doctrine_id"] == doctrine_id), None)


def test_publish_list_challenge_at_blitz_and_rapid_play_to_the_end_and_both_ratings_move(runner):
    ann, bob = runner.member("ann"), runner.member("bob")
    doctrine = publish(ann)
    assert listed(bob, doctrine) is not None and listed(bob, "house-ram") is not None, "the house AIs are listed"
    page = ok(bob.get(f"{PUBLISHED}/{doctrine}"))
    assert (page["rules"], page["author"], page["for_me"]) == (None, ann.sub, {
        "rated": True, "why": None, "in_progress": None}), "its rules are its author's; I am told it is rated"
    assert ok(ann.get(f"{PUBLISHED}/{doctrine}"))["rules"]["name"] == PASSIVE["name"]
    own = ann.post(CHALLENGES, json={"doctrine_id": doctrine, "pace": "blitz"})
    assert own.status_code == 422 and own.json()["error"]["code"] == "own_doctrine"

    blitz = challenge(bob, doctrine)
    assert (blitz["rated"], blitz["pace"], blitz["game"]["mode"]) == (True, "blitz", "challenge")
    assert when(blitz["game"]["deadline"]) - when(blitz["game"]["opened_at"]) == timedelta(seconds=120)
    won = play(runner, bob, blitz, orders=lambda view: orders_by(ram_rules(bob), view))
    assert (won["result"], won["counted"]) == ("won", True)
    assert float(won["challenger_rating"]["after"]["rating"]) > 1500
    runner.advance(60)  # the sweep applies the doctrine's queued result
    seen = ok(bob.get(f"{CHALLENGES}/{blitz['challenge_id']}"))
    assert float(seen["doctrine_rating"]["after"]["rating"]) < 1500 == float(seen["doctrine_rating"]["before"]["rating"])
    row = listed(bob, doctrine)
    assert row is not None and (row["rated_games"], row["record"]["lost"]) == (1, 1)
    assert row["rating"]["rating"] == seen["doctrine_rating"]["after"]["rating"]
    notices = ok(ann.get("/v1/feed"))["notices"]
    assert [(n["kind"], n["challenged"], n["lost"]) for n in notices] == [("doctrine-challenges", 1, 0)], (
        "told as soon as it was challenged; its result waits for the hour after that notice")

    ram_before = listed(bob, "house-ram")
    assert ram_before is not None
    rapid = challenge(bob, "house-ram", "5m")
    assert when(rapid["game"]["deadline"]) - when(rapid["game"]["opened_at"]) == timedelta(minutes=5)
    lost = play(runner, bob, rapid)
    assert (lost["result"], lost["counted"], lost["house_ai"]) == ("lost", True, "ram")
    assert float(lost["challenger_rating"]["after"]["rating"]) < float(won["challenger_rating"]["after"]["rating"])
    runner.advance(60)
    ram_after = listed(bob, "house-ram")
    assert ram_after is not None and ram_after["rated_games"] == ram_before["rated_games"] + 1
    assert float(ram_after["rating"]["rating"]) > float(ram_before["rating"]["rating"])

    runner.advance(3600)
    notices = ok(ann.get("/v1/feed"))["notices"]
    assert [(n["challenged"], n["lost"], n["games"]) for n in notices] == [
        (0, 1, [blitz["challenge_id"]]), (1, 0, [blitz["challenge_id"]])], "at most one notice an hour"
    assert when(notices[0]["at"]) - when(notices[1]["at"]) >= timedelta(hours=1)

    ok(ann.post(f"{PUBLISHED}/{doctrine}/withdraw"))
    refused = runner.member("cat").post(CHALLENGES, json={"doctrine_id": doctrine, "pace": "5m"})
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "doctrine_withdrawn"


def test_the_fourth_challenge_in_seven_days_is_unrated_and_the_window_at_its_edges(runner):
    ann, cat = runner.member("ann"), runner.member("cat")
    doctrine = publish(ann, ram_rules(ann), "Battering Ram")
    ended = [lose(runner, cat, doctrine) for _ in range(3)]
    assert [(e["result"], e["counted"]) for e in ended] == [("lost", True)] * 3
    told = ok(cat.get(f"{PUBLISHED}/{doctrine}"))["for_me"]
    assert (told["rated"], told["why"]) == (False, "weekly-limit"), "the member is told before starting"
    fourth = lose(runner, cat, doctrine)
    assert (fourth["rated"], fourth["counted"], fourth["why"]) == (False, False, "weekly-limit")
    assert fourth["challenger_rating"] is None, "unrated: no rating moves"
    edge = when(ended[0]["ended_at"]) + timedelta(days=7)
    runner.admin_call("POST", "/clock/set", {"now": (edge - timedelta(seconds=1)).strftime("%Y-%m-%dT%H:%M:%SZ")})
    assert ok(cat.get(f"{PUBLISHED}/{doctrine}"))["for_me"]["rated"] is False, "7 days less a second: still in"
    runner.advance(1)
    assert ok(cat.get(f"{PUBLISHED}/{doctrine}"))["for_me"] == {"rated": True, "why": None, "in_progress": None}, (
        "7 x 24 hours after its end, the first challenge holds no place")
    assert challenge(cat, doctrine)["rated"] is True


def test_a_win_played_mostly_by_the_default_doctrine_does_not_count(runner):
    ann, dan = runner.member("ann"), runner.member("dan")
    write_doctrine(dan, ram_rules(dan), default=True)
    started = challenge(dan, publish(ann))
    ended = play(runner, dan, started, own=lambda turn: turn == 1, orders=lambda view: orders_by(ram_rules(dan), view))
    assert (ended["result"], ended["rated"], ended["counted"], ended["why"]) == (
        "won", True, False, "too-few-own-turns")
    assert ended["challenger_rating"] is None
    side = started["game"]["side"]
    turns = ok(dan.get(f"/v1/feinthold/games/{ended['game_id']}/record"))["turns"]
    assert [t["sent"][side]["missed"] for t in turns] == [False] + [True] * (len(turns) - 1), (
        "my orders on turn 1 only: my default doctrine played the others")


def test_linked_accounts_never_rate_a_challenge_and_the_member_is_told_before(runner):
    shared = runner.own_address()
    eve, fay = runner.member("eve", address=shared), runner.member("fay", address=shared)
    doctrine = publish(eve)
    told = ok(fay.get(f"{PUBLISHED}/{doctrine}"))["for_me"]
    assert (told["rated"], told["why"]) == (False, "linked-accounts")
    started = challenge(fay, doctrine)
    assert (started["rated"], started["why"]) == (False, "linked-accounts")
    ended = play(runner, fay, started, orders=lambda view: orders_by(ram_rules(fay), view))
    assert (ended["result"], ended["counted"], ended["why"], ended["challenger_rating"]) == (
        "won", False, "linked-accounts", None)


def test_orders_faster_than_a_human_move_no_rating(runner):
    ann, gus = runner.member("ann"), runner.member("gus")
    ended = play(runner, gus, challenge(gus, publish(ann)), delays=MACHINE,
                 orders=lambda view: orders_by(ram_rules(gus), view))
    assert (ended["result"], ended["rated"], ended["counted"], ended["why"]) == (
        "won", True, False, "faster-than-a-human")
    assert ended["challenger_rating"] is None
