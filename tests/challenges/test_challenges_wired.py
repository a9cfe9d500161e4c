"""Challenges wired to the store (the in-memory one; the contract tests hold it to DynamoDB's): the rules of
issue 15 through the domain, each named after the rule it proves."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from challenge_world import HUMAN, RAM, World, like_ram, member
from doctrine_player import PASSIVE
from gameserver.clock import Pace, game_length
from gameserver.domain.challenges import game, publication
from gameserver.domain.challenges.ratings import apply_queue
from gameserver.domain.feed import my_feed
from gameserver.errors import DomainError, ErrorCode
from gameserver.platform.challenges import MAX_PER_STEP
from gameserver.platform.duels.lifecycle import LAST_TURN
from gameserver.platform.fairplay.marks import MarkStatus
from gameserver.play.sweeps import SWEEP_MARGIN


@pytest.fixture
def world() -> World:
    return World()


def refusal(action) -> DomainError:
    with pytest.raises(DomainError) as refused:
        action()
    return refused.value


def test_a_counted_win_moves_the_challenger_at_its_end_and_the_doctrine_when_the_sweep_applies_it(world):
    ann, bob = member("ann"), member("bob")
    world.join(ann, bob)
    doctrine = world.publish(ann)
    started = world.challenge(bob, doctrine)
    assert (started["rated"], started["why"], started["game"]["mode"]) == (True, None, "challenge")
    assert started["game"]["opponent"] == {"kind": "doctrine", "doctrine_id": doctrine}
    ended = world.play(bob, started, orders=like_ram)
    assert (ended["result"], ended["counted"]) == ("won", True)
    assert ended["challenger_rating"]["after"]["rating"] > "1500" and ended["doctrine_rating"] is None
    assert world.store.challenges.doctrine(doctrine).version == 1, "the end wrote no doctrine item"
    assert world.sweep()["doctrine-results"] == 1
    after = game.read_challenge(world.store, world.clock, ann, started["challenge_id"])
    assert after["doctrine_rating"]["before"]["rating"] == "1500"
    assert float(after["doctrine_rating"]["after"]["rating"]) < 1500
    page = publication.doctrine_page(world.store, world.clock, bob, doctrine)
    assert (page["rated_games"], page["record"]) == (1, {"won": 0, "drawn": 0, "lost": 1})
    assert world.sweep().get("doctrine-results", 0) == 0, "applied once, however often the sweep runs"


def test_a_member_cannot_challenge_their_own_doctrine(world):
    ann = member("ann")
    world.join(ann)
    refused = refusal(lambda: world.challenge(ann, world.publish(ann)))
    assert (refused.code, refused.field, refused.rule) == (ErrorCode.OWN_DOCTRINE, "doctrine_id", "not-own-doctrine")


def test_a_withdrawn_doctrine_cannot_be_challenged_and_a_game_in_progress_against_it_finishes(world):
    ann, bob, cat = member("ann"), member("bob"), member("cat")
    world.join(ann, bob, cat)
    doctrine = world.publish(ann)
    started = world.challenge(bob, doctrine)
    withdrawn = publication.withdraw_doctrine(world.store, world.clock, ann, doctrine)
    assert withdrawn["status"] == "withdrawn"
    refused = refusal(lambda: world.challenge(cat, doctrine))
    assert (refused.code, refused.rule) == (ErrorCode.DOCTRINE_WITHDRAWN, "doctrine-withdrawn")
    assert doctrine not in [d["doctrine_id"] for d in publication.list_published(
        world.store, world.clock, None, 50)["doctrines"]]
    again = refusal(lambda: publication.withdraw_doctrine(world.store, world.clock, ann, doctrine))
    assert again.code is ErrorCode.DOCTRINE_WITHDRAWN
    stranger = refusal(lambda: publication.withdraw_doctrine(world.store, world.clock, cat, doctrine))
    assert (stranger.code, stranger.rule) == (ErrorCode.FORBIDDEN, "doctrine-author-only")
    ended = world.play(bob, started, orders=like_ram)
    assert (ended["status"], ended["counted"]) == ("finished", True), "games in progress finish, and count"


def test_a_hidden_doctrine_leaves_every_listing_refuses_challenges_and_is_its_authors_alone(world):
    ann, bob, cat = member("ann"), member("bob"), member("cat")
    moderator = member("mod", moderator=True)
    world.join(ann, bob, cat, moderator)
    doctrine = world.publish(ann)
    started = world.challenge(bob, doctrine)
    member_hides = refusal(lambda: publication.hide_doctrine(world.store, world.clock, cat, doctrine, "rude"))
    assert member_hides.code is ErrorCode.MODERATORS_ONLY
    hidden = publication.hide_doctrine(world.store, world.clock, moderator, doctrine, "an offensive name")
    assert hidden["status"] == "hidden"
    [line] = world.store.audit.of_member(ann.sub, None, 5).items
    assert (line.action, line.target, line.moderator, line.why) == ("hide-doctrine", doctrine, moderator.sub,
                                                                     "an offensive name")
    unknown = refusal(lambda: publication.doctrine_page(world.store, world.clock, cat, "0" * 20))
    seen = refusal(lambda: publication.doctrine_page(world.store, world.clock, cat, doctrine))
    assert (seen.code, seen.field) == (unknown.code, unknown.field) == (ErrorCode.NOT_FOUND, "doctrine_id")
    assert seen.message.replace(doctrine, "?") == unknown.message.replace("0" * 20, "?"), "no existence oracle"
    assert refusal(lambda: world.challenge(cat, doctrine)).code is ErrorCode.NOT_FOUND
    assert publication.doctrine_page(world.store, world.clock, ann, doctrine)["status"] == "hidden"
    assert world.publish(ann) != doctrine, "another slot publishes another doctrine"
    again = refusal(lambda: publication.publish_doctrine(world.store, world.clock, ann, 1, "New Name"))
    assert (again.code, again.rule) == (ErrorCode.DOCTRINE_HIDDEN, "doctrine-hidden")
    ended = world.play(bob, started, orders=like_ram)
    assert ended["status"] == "finished", "games in progress finish"


def test_publishing_again_is_a_new_version_with_the_same_rating_and_a_game_in_progress_keeps_its_copy(world):
    from gameserver.domain import doctrines

    ann, bob, cat = member("ann"), member("bob"), member("cat")
    world.join(ann, bob, cat)
    doctrine = world.publish(ann)
    world.play(bob, world.challenge(bob, doctrine), orders=like_ram)
    world.sweep()
    rating = world.store.challenges.doctrine(doctrine).rating
    playing = world.challenge(cat, doctrine)
    doctrines.replace_doctrine(world.store, world.clock, ann, 1, RAM)
    again = publication.publish_doctrine(world.store, world.clock, ann, 1, "Iron Wall II")
    assert (again["doctrine_id"], again["version"], again["name"]) == (doctrine, 2, "Iron Wall II")
    assert world.store.challenges.doctrine(doctrine).rating == rating, "same id, same rating"
    board = world.store.games.board(playing["game_id"])
    assert board.stand_ins[next(s for s in board.stand_ins if s != playing["game"]["side"])] == PASSIVE, (
        "the game in progress plays the version it copied")
    assert playing["doctrine_version"] == 1
    assert world.challenge(bob, doctrine)["doctrine_version"] == 2


def test_a_shown_name_is_checked_and_a_refusal_names_the_field_and_the_rule(world):
    ann = member("ann")
    world.join(ann)
    slot = world.doctrine(ann)
    for name, rule in (("R.A.M", "doctrine-name-reserved"), ("ab", "doctrine-name-length"),
                       ("two  spaces", "doctrine-name-characters")):
        refused = refusal(lambda n=name: publication.publish_doctrine(world.store, world.clock, ann, slot, n))
        assert (refused.code, refused.field, refused.rule) == (ErrorCode.INVALID, "name", rule)
    assert refusal(lambda: publication.publish_doctrine(world.store, world.clock, ann, 3, "Iron Wall")).field == "slot"


def test_a_win_played_mostly_by_the_default_doctrine_does_not_count_and_a_loss_always_counts(world):
    ann, bob, cat = member("ann"), member("bob"), member("cat")
    world.join(ann, bob, cat)
    world.doctrine(bob, RAM, default=True)
    world.doctrine(cat, PASSIVE, default=True)
    doctrine = world.publish(ann)
    by_default = world.play(bob, world.challenge(bob, doctrine), own=lambda turn: turn == 1, orders=like_ram)
    assert (by_default["result"], by_default["rated"], by_default["counted"], by_default["why"]) == (
        "won", True, False, "too-few-own-turns")
    assert by_default["challenger_rating"] is None
    assert world.store.challenges.challenger_rating(bob.sub)[1] == 0, "neither rating moved"
    lost = world.play(cat, world.challenge(cat, "house-ram"), own=lambda turn: False)
    assert (lost["result"], lost["counted"]) == ("lost", True), "a loss always counts, the default doctrine's too"


def test_orders_faster_than_a_human_move_no_rating(world):
    ann, bob = member("ann"), member("bob")
    world.join(ann, bob)
    ended = world.play(bob, world.challenge(bob, world.publish(ann)), delays=(1, 2, 1, 2, 1, 2, 1, 2),
                       orders=like_ram)
    assert (ended["result"], ended["counted"], ended["why"]) == ("won", False, "faster-than-a-human")


def test_between_linked_accounts_no_challenge_is_rated_the_member_is_told_before_and_both_are_marked(world):
    ann, bob = member("ann"), member("bob")
    world.join(ann, bob)
    doctrine = world.publish(ann)
    for caller in (ann, bob):
        world.seen(caller, "shared-phone")
    told = publication.doctrine_page(world.store, world.clock, bob, doctrine)["for_me"]
    assert told == {"rated": False, "why": "linked-accounts", "in_progress": None}
    started = world.challenge(bob, doctrine)
    assert (started["rated"], started["why"]) == (False, "linked-accounts")
    ended = world.play(bob, started, orders=like_ram)
    assert (ended["counted"], ended["why"]) == (False, "linked-accounts")
    marks, _ = world.store.fairplay.marks(None, 10, MarkStatus.OPEN)
    assert sorted((m.member, m.kind, m.other) for m in marks) == [
        (ann.sub, "linked-accounts", bob.sub), (bob.sub, "linked-accounts", ann.sub)]


def test_one_challenge_of_a_doctrine_at_a_time(world):
    ann, bob = member("ann"), member("bob")
    world.join(ann, bob)
    doctrine = world.publish(ann)
    started = world.challenge(bob, doctrine)
    refused = refusal(lambda: world.challenge(bob, doctrine))
    assert (refused.code, refused.rule) == (ErrorCode.CHALLENGE_IN_PROGRESS, "one-challenge-in-progress")
    page = publication.doctrine_page(world.store, world.clock, bob, doctrine)
    assert page["for_me"]["in_progress"] == started["challenge_id"]


def test_many_challenges_of_a_house_ai_end_at_once_without_touching_its_rating_item(world):
    """A house AI's rating is one item: the ends write disjoint items, the sweep applies the queue 25 at a
    time, and two sweeps at once apply each game once."""
    members = [member(f"m{n}") for n in range(2 * MAX_PER_STEP + 3)]
    world.join(*members)
    started = [world.challenge(m, "house-ram", "5m") for m in members]
    world.clock.advance(3600)  # every game missed to its end: a loss, which always counts
    before = world.store.challenges.doctrine("house-ram").version
    ended = [game.catch_up(world.store, world.clock, s["challenge_id"]) for s in started]
    assert ended == ["recorded"] * len(members)
    assert world.store.challenges.doctrine("house-ram").version == before, "no end wrote the house AI's item"
    applied: list[int] = []
    sweeps = [threading.Thread(target=lambda: applied.append(apply_queue(world.store, "house-ram")))
              for _ in range(4)]
    for thread in sweeps:
        thread.start()
    for thread in sweeps:
        thread.join()
    while (more := apply_queue(world.store, "house-ram")) > 0:
        applied.append(more)
    ram = world.store.challenges.doctrine("house-ram")
    assert sum(applied) == len(members) == ram.record.faced == ram.record.won
    assert max(applied) <= MAX_PER_STEP and ram.version == before + -(-len(members) // MAX_PER_STEP)
    assert len(world.store.tables.challenges.changes) == len(members), "each game's change stored once"


def test_an_author_gets_at_most_one_notice_an_hour_telling_every_event_once(world):
    ann, *others = member("ann"), member("bob"), member("cat"), member("dan")
    world.join(ann, *others)
    doctrine = world.publish(ann)
    first = world.challenge(others[0], doctrine)
    assert world.sweep().get("notices-told") == 1, "the first event after a quiet hour is told at once"
    world.play(others[0], first, orders=like_ram)
    world.challenge(others[1], doctrine)
    assert "notices-told" not in world.sweep(), "told an hour after the last notice, not before"
    world.clock.advance(1200)
    world.challenge(others[2], doctrine)
    assert "notices-told" not in world.sweep(), "within the hour: it waits"
    world.clock.set(world.clock.now().replace(minute=0, second=0) + timedelta(hours=1))
    assert world.sweep().get("notices-told") == 1
    notices = list(reversed(my_feed(world.store, ann, None, 10)["notices"]))
    assert [(n["challenged"], n["won"], n["lost"]) for n in notices] == [(1, 0, 0), (2, 0, 1)]
    assert first["challenge_id"] in notices[1]["games"] and len(notices[1]["games"]) == 3
    gap = world.clock.now().fromisoformat(notices[1]["at"]) - world.clock.now().fromisoformat(notices[0]["at"])
    assert gap >= timedelta(hours=1)


def test_a_challenge_nobody_reads_is_ended_by_the_sweep(world):
    bob = member("bob")
    world.join(bob)
    started = world.challenge(bob, "house-sentinel", "blitz")
    world.clock.advance((game_length(Pace.BLITZ, LAST_TURN) + SWEEP_MARGIN).total_seconds())
    outcomes = world.sweep()
    assert outcomes.get("challenge-recorded") == 1
    stored = world.store.challenges.read_challenge(started["challenge_id"]).stored
    assert stored.challenge.status == "finished" and stored.challenge.counts
    assert world.sweep().get("challenge-recorded") is None, "ended once"


def test_the_months_boards_rank_challengers_from_8_rated_challenges_and_doctrines_from_10_faced(world):
    from gameserver.domain.challenges import boards

    ann, bob = member("ann"), member("bob")
    crowd = [member(f"c{n}") for n in range(10)]
    world.join(ann, bob, *crowd)
    month = world.clock.now().isoformat()[:7]
    houses = ["house-ram", "house-pivot", "house-sentinel"] * 3
    for target in houses[:7]:  # every turn missed, no default doctrine: a loss, which always counts
        assert world.play(bob, world.challenge(bob, target), own=lambda turn: False)["counted"] is True
    assert boards.challenger_board(world.store, world.clock, month, None, 10)["challengers"] == [], "7 rated"
    world.play(bob, world.challenge(bob, houses[7]), own=lambda turn: False)
    [line] = boards.challenger_board(world.store, world.clock, month, None, 10)["challengers"]
    assert (line["place"], line["member"], line["rated_challenges"]) == (1, bob.sub, 8)
    strong = world.publish(ann, RAM, "Battering Ram")
    for challenger in crowd[:9]:
        world.play(challenger, world.challenge(challenger, strong), own=lambda turn: False)
    world.sweep()
    assert boards.doctrine_board(world.store, world.clock, month, None, 10)["doctrines"] == [], "9 faced"
    world.play(crowd[9], world.challenge(crowd[9], strong), own=lambda turn: False)
    world.sweep()
    rows = boards.doctrine_board(world.store, world.clock, month, None, 10)["doctrines"]
    assert [(r["place"], r["doctrine_id"], r["faced"], r["author"], r["name"]) for r in rows] == [
        (1, strong, 10, ann.sub, "Battering Ram")]
    publication.hide_doctrine(world.store, world.clock, member("mod", moderator=True), strong, "rude")
    assert boards.doctrine_board(world.store, world.clock, month, None, 10)["doctrines"] == [], "hidden: off"


def test_what_each_rule_did_opens_to_the_author_once_the_game_is_over(world):
    ann, bob = member("ann"), member("bob")
    world.join(ann, bob)
    started = world.challenge(bob, world.publish(ann))
    in_play = refusal(lambda: game.doctrine_trace(world.store, world.clock, ann, started["challenge_id"]))
    assert in_play.code is ErrorCode.IN_PLAY
    world.play(bob, started, orders=like_ram)
    private = refusal(lambda: game.doctrine_trace(world.store, world.clock, bob, started["challenge_id"]))
    assert (private.code, private.rule) == (ErrorCode.FORBIDDEN, "doctrine-rules-private")
    trace = game.doctrine_trace(world.store, world.clock, ann, started["challenge_id"])
    from gameserver.domain.feinthold import game_record

    record = game_record(world.store, world.clock, bob, started["game_id"])["record"]
    assert [t["orders"] for t in trace["turns"]] == [t["orders"][trace["side"]] for t in record["turns"]]
    assert {r["outcome"] for t in trace["turns"] for r in t["rules"]} == {"fired"}
    house = world.challenge(bob, "house-pivot")
    world.play(bob, house, delays=HUMAN)
    shown = game.doctrine_trace(world.store, world.clock, bob, house["challenge_id"])
    assert len(shown["turns"]) == world.store.games.get(house["game_id"]).step, "a house AI's: its challenger's too"
