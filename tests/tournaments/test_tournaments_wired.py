"""Tournaments wired to the store and the game pipeline (on the in-memory store): the fee into the pot with its
ledger line, every refusal a 409 that says which, seeding and the first round created at once, each match a
12-hour correspondence game of the ``match`` mode, the next match created in the same transaction as what
decided it, a void match, a forfeit, the prizes, the ratings, the deadlines through the sweep, and the freeze
moderation will call."""

from __future__ import annotations

import logging
from decimal import Decimal

import pytest
from gameserver.domain.tournaments import service as tournaments
from gameserver.errors import Conflict, ErrorCode, InvalidInput, NotFound
from gameserver.platform.ratings import Glicko2Rating
from gameserver.platform.tournaments import match_id
from gameserver.play import steps
from gameserver.storage.games import NewGame, StepCommit
from gameserver.storage.members import NoticeKind
from gameserver.storage.memory import MemoryStore
from tournament_world import HUMAN, World


class Counting(MemoryStore):
    """The memory store, keeping what each transaction wrote."""

    def __init__(self) -> None:
        super().__init__()
        self.transactions: list[list] = []

    def transact(self, writes) -> None:
        super().transact(writes)
        self.transactions.append(list(writes))


@pytest.fixture
def world() -> World:
    world = World(Counting())
    for n in range(1, 10):
        world.member(f"m{n}", created_at=f"2026-01-0{n}T00:00:00Z")
    return world


def refused(call, *args, **kwargs) -> Conflict:
    with pytest.raises(Conflict) as raised:
        call(*args, **kwargs)
    return raised.value


def test_the_creator_joins_on_creation_with_the_fee_into_the_pot(world):
    made = tournaments.create_tournament(world.store, world.clock, world.members[0], size=4, fee=30, name="Cup")
    assert made["status"] == "open" and made["pot"] == 30 and made["seats_left"] == 3
    assert [e["member"] for e in made["entries"]] == ["m1"] and world.balance("m1") == 70
    assert made["fill_deadline"] == "2026-12-07T09:00:00Z"
    lines = world.store.members.ledger("m1", None, 5).items
    assert [(line.kind, line.amount, line.ref) for line in lines[:1]] == [("fee", -30, made["tournament_id"])]
    listed = tournaments.list_tournaments(world.store, world.clock, None, 10)["tournaments"]
    assert [t["tournament_id"] for t in listed] == [made["tournament_id"]]
    assert world.credit_problems() == []


@pytest.mark.parametrize(("size", "fee", "name", "field", "rule"), [
    (6, 0, "Cup", "size", "size-4-or-8"),
    (4, -1, "Cup", "fee", "fee-not-negative"),
    (4, 0, "C", "name", "name-length"),
    (4, 0, "<b>Cup</b>", "name", "name-characters"),
])
def test_a_creation_the_rules_refuse_is_a_422_naming_the_field(world, size, fee, name, field, rule):
    with pytest.raises(InvalidInput) as raised:
        tournaments.create_tournament(world.store, world.clock, world.members[0], size=size, fee=fee, name=name)
    assert raised.value.field == field and raised.value.rule == rule
    assert world.balance("m1") == 100


def test_joining_full_twice_cancelled_finished_or_without_the_fee_is_a_409_that_says_which(world):
    poor = world.member("poor", credits=5)
    made = tournaments.create_tournament(world.store, world.clock, world.members[0], size=4, fee=10, name="Cup")
    tid = made["tournament_id"]
    assert refused(tournaments.join_tournament, world.store, world.clock, world.members[0], tid).code \
        is ErrorCode.ALREADY_JOINED
    short = refused(tournaments.join_tournament, world.store, world.clock, poor, tid)
    assert (short.code, short.field, short.rule) == (ErrorCode.INSUFFICIENT_CREDITS, "fee", "fee-within-balance")
    for member in world.members[1:4]:
        tournaments.join_tournament(world.store, world.clock, member, tid)
    full = refused(tournaments.join_tournament, world.store, world.clock, world.members[4], tid)
    assert (full.code, full.rule) == (ErrorCode.TOURNAMENT_FULL, "tournament-full")
    other = tournaments.create_tournament(world.store, world.clock, world.members[5], size=4, fee=0, name="Other")
    tournaments.leave_tournament(world.store, world.clock, world.members[5], other["tournament_id"])
    gone = refused(tournaments.join_tournament, world.store, world.clock, world.members[6], other["tournament_id"])
    assert (gone.code, gone.rule) == (ErrorCode.TOURNAMENT_CANCELLED, "join-when-cancelled")
    with pytest.raises(NotFound):
        tournaments.join_tournament(world.store, world.clock, world.members[6], "0" * 20)
    assert world.balance("poor") == 5 and world.credit_problems() == []


def test_leaving_before_it_is_full_gives_the_fee_back_and_the_last_one_out_cancels_it(world):
    tid = tournaments.create_tournament(world.store, world.clock, world.members[0], size=4, fee=10,
                                        name="Cup")["tournament_id"]
    tournaments.join_tournament(world.store, world.clock, world.members[1], tid)
    left = tournaments.leave_tournament(world.store, world.clock, world.members[1], tid)
    assert world.balance("m2") == 100 and [e["member"] for e in left["entries"]] == ["m1"]
    assert tournaments.my_tournaments(world.store, world.members[1], None, 5)["tournaments"] == []
    last = tournaments.leave_tournament(world.store, world.clock, world.members[0], tid)
    assert (last["status"], last["ending"], last["pot"]) == ("cancelled", "emptied", 0)
    assert world.balance("m1") == 100 and world.credit_problems() == []


def test_not_full_within_7_days_the_sweep_cancels_it_and_returns_every_fee_once(world):
    tid = tournaments.create_tournament(world.store, world.clock, world.members[0], size=8, fee=10,
                                        name="Cup")["tournament_id"]
    tournaments.join_tournament(world.store, world.clock, world.members[1], tid)
    assert world.advance(7 * 86_400 - 1)["tournaments"] == {}
    world.advance(1, sweep=False)
    late = refused(tournaments.join_tournament, world.store, world.clock, world.members[2], tid)
    assert late.rule == "before-fill-deadline", "refused at the deadline, before the sweep has come"
    assert world.advance(0)["tournaments"] == {"cancelled": 1}
    assert world.advance(60)["tournaments"] == {}, "off the due index once cancelled"
    assert tournaments.settle_deadlines(world.store, world.clock, tid) == "ended"
    cancelled = world.read(tid)
    assert (cancelled["status"], cancelled["ending"], cancelled["pot"]) == ("cancelled", "not-full", 0)
    assert world.balance("m1") == world.balance("m2") == 100 and world.credit_problems() == []
    assert [t["status"] for t in tournaments.my_tournaments(world.store, world.members[1], None, 5)[
        "tournaments"]] == ["cancelled"], "a member's list keeps a tournament they were in when it ended"


def test_the_last_seat_seeds_by_rating_and_creates_every_first_round_match_at_once(world):
    for n, sub in enumerate(["m5", "m2"]):  # m5 rated best, then m2; the rest by the oldest account
        world.store.tables.game_ratings[sub] = (Glicko2Rating(Decimal(1900 - 100 * n)), 1)
    world.store.doctrines.put("m3", 1, {"name": "hold", "rules": []}, "2026-11-01T00:00:00Z", new=True,
                              is_default=False)
    world.store.doctrines.set_default("m3", 1, {"name": "hold", "rules": []}, "2026-11-01T00:00:00Z")
    made = world.full()
    assert made["status"] == "playing" and made["started_at"] == "2026-11-30T09:00:00Z" and made["pot"] == 80
    assert [s["member"] for s in made["seeds"]] == ["m5", "m2", "m1", "m3", "m4", "m6", "m7", "m8"]
    pairs = [[p["member"] for p in m["players"]] for m in made["matches"][:4]]
    assert pairs == [["m5", "m8"], ["m3", "m4"], ["m2", "m7"], ["m1", "m6"]], "1-8, 4-5, 2-7, 3-6"
    assert [m["status"] for m in made["matches"]] == ["playing"] * 4 + ["waiting"] * 3
    start = world.store.transactions[-1]
    assert sum(isinstance(w, NewGame) for w in start) == 4, "every first-round game in the last join's transaction"
    tid = made["tournament_id"]
    for slot in range(1, 5):
        game = world.game(tid, slot)
        assert game.game_id == match_id(tid, slot) == made["matches"][slot - 1]["game_id"]
        assert (game.mode, game.pace, game.step, game.status) == ("match", "12h", 1, "open")
        assert game.deadline == "2026-11-30T21:00:00Z", "12 hours a turn, turn 1 open at once"
    board = world.store.games.board(match_id(tid, 2))
    m3_side = world.game(tid, 2).seat_of("m3")
    assert board.stand_ins[m3_side] == {"name": "hold", "rules": []}, "the default doctrine is copied in"
    feed = world.store.members.feed("m3", None, 5).items
    assert {n.kind for n in feed} == {NoticeKind.MATCH_CREATED, NoticeKind.TURN_OPEN}
    assert world.credit_problems() == []


def test_the_next_match_is_created_with_what_decided_it_as_soon_as_both_players_are_known(world):
    tid = world.full()["tournament_id"]
    world.play(tid, {1: ("win", "m1")})
    assert world.match(tid, 1)["winner"] == "m1" and world.match(tid, 5)["status"] == "waiting"
    assert world.match(tid, 5)["players"][0]["member"] == "m1"
    before = len(world.store.transactions)
    world.play(tid, {2: ("win", "m5")})
    after = world.read(tid)
    assert after["matches"][4]["status"] == "playing" and after["matches"][2]["status"] == "playing"
    assert [p["member"] for p in after["matches"][4]["players"]] == ["m1", "m5"]
    ending = next(w for w in world.store.transactions[before:] if any(isinstance(x, StepCommit) and x.game.status
                                                                         == "over" for x in w))
    assert [w.game.game_id for w in ending if isinstance(w, NewGame)] == [match_id(tid, 5)], \
        "the final turn of slot 2 created slot 5's game in its own transaction"
    assert world.game(tid, 5).pace == "12h" and world.game(tid, 5).step == 1
    rating = after["matches"][1]["rating"]
    assert rating["rated"] is True and {c["member"] for c in rating["game"]} == {"m4", "m5"}
    assert world.store.tables.duel_months[("m5", "2026-11")].rated == 1, "a rated duel of the month"


@pytest.mark.parametrize("kind", ["predictions", "combats", "seed"])
def test_a_drawn_match_goes_through_by_the_tiebreak_and_rates_as_a_draw(world, kind):
    tid = world.full()["tournament_id"]
    favoured = "m4" if kind != "seed" else None  # seed: m4 is seed 4 against m5, seed 5
    world.play(tid, {2: (kind, favoured or "m4")})
    match = world.match(tid, 2)
    assert (match["status"], match["ending"], match["tiebreak"], match["winner"]) == ("won", "game", kind, "m4")
    assert {t["member"] for t in match["tallies"]} == {"m4", "m5"}
    elo = {c["member"]: c["points"] for c in match["rating"]["elo"]}
    assert elo["m4"] == -elo["m5"] and abs(elo["m4"]) <= 1, "a draw for the ratings, whoever went through"


def test_a_match_with_no_orders_in_its_first_two_turns_is_void_at_once(world):
    tid = world.full()["tournament_id"]
    world.play(tid, {2: ("win", "m4")})
    world.advance(12 * 3600)
    assert world.match(tid, 1)["status"] == "playing"
    world.advance(12 * 3600)
    match = world.match(tid, 1)
    assert (match["status"], match["ending"], match["winner"]) == ("void", "no-orders", None)
    assert world.game(tid, 1).status == "over" and world.game(tid, 1).step == 3, "its game closed at once"
    nxt = world.match(tid, 5)
    assert (nxt["status"], nxt["ending"], nxt["winner"], nxt["game_id"]) == ("won", "walkover", "m4", None)
    assert world.store.tournaments.bracket(tid).matches[1].rating_changes == {"rated": False, "why": "no-result"}


def test_abandoning_loses_the_match_by_forfeit_and_rates_it(world):
    tid = world.full()["tournament_id"]
    world.advance(HUMAN, sweep=False)
    world.send(tid, 3, 1, {"south": [], "north": []})
    after = tournaments.abandon_match(world.store, world.clock, world.members[1], tid, 3)
    match = after["matches"][2]
    assert (match["status"], match["ending"], match["winner"]) == ("won", "forfeit", "m7")
    assert world.game(tid, 3).status == "over" and world.game(tid, 3).winner == world.game(tid, 3).seat_of("m7")
    assert world.read(tid)["matches"][2]["rating"]["rated"] is True
    again = refused(tournaments.abandon_match, world.store, world.clock, world.members[1], tid, 3)
    assert again.rule == "abandon-when-match-won"
    stranger = refused(tournaments.abandon_match, world.store, world.clock, world.members[1], tid, 1)
    assert stranger.rule == "match-player-only"


def test_a_freeze_forfeits_the_current_match_moving_only_the_elo_and_is_safe_twice(world):
    tid = world.full()["tournament_id"]
    world.store.tables.game_ratings["m8"] = (Glicko2Rating(Decimal(1400)), 1)
    assert tournaments.freeze(world.store, world.clock, ["m8"]) == {tid: "frozen"}
    match = world.match(tid, 1)
    assert (match["status"], match["ending"], match["winner"]) == ("won", "frozen", "m1")
    game = world.game(tid, 1)
    assert game.status == "over" and game.winner == game.seat_of("m1")
    assert (game.stopped.reason, game.stopped.by) == ("frozen", "m8"), "the game's stop, by the freeze"
    rating = match["rating"]
    assert rating["rated"] is True and rating["game"] == [] and len(rating["elo"]) == 2, "the Elo alone moves"
    assert world.store.tables.game_ratings["m8"][0].rating == Decimal(1400)
    assert ("m1", "2026-11") not in world.store.tables.duel_months, "an Elo-only forfeit is no rated duel"
    assert tournaments.freeze(world.store, world.clock, ["m8"]) == {tid: "untouched"}
    both = tournaments.freeze(world.store, world.clock, ["m4", "m5"])
    assert both == {tid: "frozen"}
    void = world.match(tid, 2)
    assert (void["status"], void["ending"], void["rating"]["rated"]) == ("void", "both-frozen", False)
    game = world.game(tid, 2)
    assert (game.status, game.winner, game.stopped.reason) == ("over", None, "frozen")


def test_a_freeze_before_it_is_full_removes_the_entry_and_returns_the_fee(world):
    tid = tournaments.create_tournament(world.store, world.clock, world.members[0], size=4, fee=10,
                                        name="Cup")["tournament_id"]
    tournaments.join_tournament(world.store, world.clock, world.members[1], tid)
    assert tournaments.freeze(world.store, world.clock, ["m2"]) == {tid: "frozen"}
    assert world.balance("m2") == 100 and [e["member"] for e in world.read(tid)["entries"]] == ["m1"]
    assert refused(tournaments.join_tournament, world.store, world.clock, world.members[1], tid).rule == \
        "member-frozen"
    assert world.credit_problems() == []


def test_a_match_still_open_at_its_rounds_deadline_is_settled_by_the_tiebreak_as_an_anomaly(world, caplog):
    tid = world.full()["tournament_id"]
    world.advance(HUMAN, sweep=False)
    world.send(tid, 4, 1, {"south": [], "north": []})
    world.clock.advance(5 * 86_400)  # the turns' timers and stage broken: only the tournaments' stage runs
    with caplog.at_level(logging.WARNING):
        assert tournaments.sweep(world.store, world.clock)["settled"] == 1
    settled = world.read(tid)["matches"]
    assert [m["ending"] for m in settled[:4]] == ["deadline"] * 4
    assert settled[3]["winner"] == "m3" and settled[3]["tiebreak"] == "seed", "tied: the better seed"
    assert all(world.game(tid, slot).status == "over" for slot in range(1, 5))
    assert caplog.text.count("anomaly") == 4
    assert settled[4]["status"] == "playing" and world.game(tid, 5).step == 1
    assert settled[3]["rating"] == {"rated": False, "why": "no-result", "game": [], "elo": []}


def test_the_final_pays_70_30_and_a_title_without_a_final_opponent_takes_the_whole_pot(world):
    tid = world.full(size=4, fee=10)["tournament_id"]
    world.play(tid, {1: ("win", "m1"), 2: ("win", "m3")})
    world.play(tid, {3: ("win", "m3")})
    final = world.read(tid)
    assert (final["status"], final["winner"], final["finalist"], final["ending"]) == ("finished", "m3", "m1", "won")
    assert final["prizes"] == [{"member": "m3", "amount": 28}, {"member": "m1", "amount": 12}] and final["pot"] == 0
    assert world.balance("m3") == 118 and world.balance("m1") == 102
    assert {n.kind for n in world.store.members.feed("m3", None, 10).items} >= {NoticeKind.TOURNAMENT_WON}
    other = world.full(size=4, fee=7, name="Spring Cup")["tournament_id"]
    world.play(other, {1: ("win", "m4")})
    world.advance(12 * 3600)
    world.advance(12 * 3600)
    title = world.read(other)
    assert (title["ending"], title["winner"], title["prizes"]) == (
        "title-without-final", "m4", [{"member": "m4", "amount": 28}])
    assert world.credit_problems() == []


def test_a_void_final_returns_every_fee(world):
    tid = world.full(size=4, fee=10)["tournament_id"]
    world.play(tid, {1: ("win", "m1"), 2: ("win", "m3")})
    world.advance(12 * 3600)
    world.advance(12 * 3600)
    ended = world.read(tid)
    assert (ended["status"], ended["ending"], ended["winner"], ended["pot"]) == ("finished", "void-final", None, 0)
    assert all(world.balance(f"m{n}") == 100 for n in range(1, 5)) and world.credit_problems() == []


def test_timers_delivered_twice_or_late_and_a_second_sweep_change_nothing(world):
    tid = world.full()["tournament_id"]
    world.play(tid, {1: ("win", "m1")})
    game = world.game(tid, 1)
    assert steps.resolve(world.store, world.clock, game.game_id, 8) == "stale"
    assert steps.resolve(world.store, world.clock, match_id(tid, 2), 1) == "early"
    from gameserver.domain.tournaments import match

    assert match.sync(world.store, world.clock, tid, 1) == "closed"
    assert match.sync(world.store, world.clock, tid, 2) == "current"
    once = world.read(tid)
    world.advance(60)
    world.advance(60)
    assert world.read(tid)["version"] == once["version"] and world.credit_problems() == []


def test_a_match_that_could_not_ride_its_step_is_caught_up_after_it(world, monkeypatch):
    from gameserver.domain.tournaments import match

    tid = world.full()["tournament_id"]
    monkeypatch.setattr(match, "riding_writes", lambda *args: [])
    world.play(tid, {1: ("win", "m1")})
    assert world.match(tid, 1)["winner"] == "m1", "the follow-up applied the game's end"
    held = world.store.tournaments.bracket(tid).matches[1]
    assert held.turns_passed == 8 and held.decided and set(held.delays) == {"m1", "m8"}


def test_a_player_faster_than_a_human_loses_the_match_whatever_the_board_says(world):
    tid = world.full()["tournament_id"]
    game = world.game(tid, 1)
    fast = game.seat_of("m1")
    slow = next(side for side in game.players if side != fast)
    for turn in range(1, 9):
        world.send(tid, 1, turn, {fast: []})  # as the turn opens
        world.advance(HUMAN, sweep=False)
        world.send(tid, 1, turn, {slow: []})
    match = world.match(tid, 1)
    assert (match["winner"], match["ending"], match["too_fast"]) == ("m8", "faster-than-a-human", ["m1"])
    assert match["rating"] == {"rated": False, "why": "faster-than-a-human", "game": [], "elo": []}


def test_between_linked_accounts_the_result_stands_unrated_and_both_get_marks(world):
    tid = world.full()["tournament_id"]
    for sub in ("m1", "m8"):  # seen with one device: linked accounts
        world.store.fairplay.record_sighting(sub, world.clock.now().date(), "one-phone", None)
    world.play(tid, {1: ("win", "m8")})
    match = world.match(tid, 1)
    assert (match["winner"], match["ending"]) == ("m8", "game"), "the result stands"
    assert match["rating"] == {"rated": False, "why": "linked-accounts", "game": [], "elo": []}
    marks = {(m.member, m.kind, m.game_id, m.other) for m in world.store.tables.marks.values()
             if m.kind == "linked-accounts"}  # the plan's machine pace leaves pace marks too
    assert marks == {("m1", "linked-accounts", match["game_id"], "m8"), ("m8", "linked-accounts", match["game_id"], "m1")}
    assert world.match(tid, 5)["players"][0]["member"] == "m8"
