"""Property: random sequences of tournament events keep the credits, end each tournament once, pay once, and create
each match once with its players known.

A sequence mixes joins (some members cannot afford the fee), leaves, the clock moving, the fill deadline (early and
on time), freezes before and during the tournament (one member or two at once), match results of every kind (wins,
draws broken by each tiebreak, players faster than a human, abandons, no orders, stops, the round's deadline early
and on time), events for matches that are waiting or decided, and replays of events already applied. Then it plays
the tournament out. Balances are simulated by the ledger model (``gameserver.platform.duels.Ledger``), which refuses a fee
beyond the balance and a pot paying more than it holds.
"""

from __future__ import annotations

import json
from collections import Counter
from datetime import timedelta
from decimal import Decimal

import pytest
from gameserver.platform.duels import CreditKind, Ledger, LedgerLine, check_invariant
from gameserver.platform.duels.credits import GRANT
from gameserver.platform.tournaments import (
    Abandon,
    FillDeadlinePasses,
    Freeze,
    GameOver,
    Join,
    Leave,
    Match,
    MatchStatus,
    NoOrders,
    RoundDeadlinePasses,
    Seeding,
    Stop,
    Tallies,
    Tournament,
    TournamentEnding,
    TournamentEvent,
    TournamentRuleError,
    TournamentStatus,
    apply,
    create,
    credit_lines,
    decided_matches,
    feeders,
    matches_to_create,
    round_of,
)
from hypothesis import event as note
from hypothesis import given, settings
from hypothesis import strategies as st
from tournament_builders import ACCOUNTS, T0

MEMBERS = tuple(f"m{n}" for n in range(10))
#: m8 and m9 spent most of their grant on a duel: they can pay a fee of 7, not one of 30.
POOR = ("m8", "m9")
POOR_BALANCE = 10
TOURNAMENT = "t1"

RESULTS = (
    "win-first", "win-second", "draw-predictions", "draw-combats", "draw-seed", "fast-first", "fast-second",
    "fast-both", "abandon-first", "abandon-second", "abandon-against-fast", "no-orders", "stop", "deadline",
    "deadline-early", "freeze-first", "freeze-both",
)
member = st.integers(0, len(MEMBERS) - 1)
join = st.tuples(st.just("join"), member)
advance = st.tuples(st.just("advance"), st.sampled_from([60, 3600, 86_400, 3 * 86_400, 60, 3600, 86_400, 7 * 86_400]))
freeze = st.tuples(st.just("freeze"), st.lists(member, min_size=1, max_size=2))
replay = st.tuples(st.just("replay"), st.integers(0, 100))
result = st.tuples(st.just("result"), st.integers(0, 7), st.sampled_from(RESULTS), st.booleans())
#: While it is open: mostly joins, some leaves, freezes, clock moves, the fill deadline (early or on time).
entry_operation = st.one_of(
    join, join, join, join, st.tuples(st.just("leave"), member), advance, freeze, replay,
    st.tuples(st.just("fill-deadline"), st.sampled_from([False, False, False, True])),
)
#: Once it could be full: mostly results, some for waiting or decided matches, freezes, clock moves, replays,
#: and entry events that come too late.
play_operation = st.one_of(
    result, result, result, result, st.tuples(st.just("stale"), st.integers(1, 7), st.sampled_from(RESULTS)),
    freeze, advance, replay, join, st.tuples(st.just("leave"), member),
    st.tuples(st.just("fill-deadline"), st.booleans()),
)
seedings = st.fixed_dictionaries({
    name: st.builds(
        Seeding,
        st.sampled_from([Decimal(1500), Decimal(1500), Decimal("1612.25"), Decimal(1800)]),
        st.sampled_from([ACCOUNTS, ACCOUNTS + timedelta(days=3)]),
    )
    for name in MEMBERS
})


def tallies_for(kind: str, players: tuple[str, str], flip: bool) -> dict[str, Tallies]:
    """Tallies that make ``kind``'s tiebreak decide (predictions, combats, or neither: the seed)."""
    first, second = players if not flip else players[::-1]
    if kind.endswith("predictions"):
        return {first: Tallies(4, 0), second: Tallies(3, 6)}
    if kind.endswith("combats"):
        return {first: Tallies(2, 5), second: Tallies(2, 4)}
    return {first: Tallies(1, 1), second: Tallies(1, 1)}


def result_event(tournament: Tournament, match: Match, kind: str, flip: bool, now) -> TournamentEvent:
    """The event a result names on a match (players by position; a waiting match's missing player is m0)."""
    first, second = (player or "m0" for player in match.players)
    pair = (first, second)
    slot = match.slot
    if kind.startswith("win"):
        return GameOver(slot, now, first if kind == "win-first" else second)
    if kind.startswith("draw"):
        return GameOver(slot, now, None, tallies_for(kind, pair, flip))
    if kind.startswith("fast"):
        fast = {"fast-first": {first}, "fast-second": {second}, "fast-both": {first, second}}[kind]
        return GameOver(slot, now, second if flip else first, tallies_for("seed", pair, flip), frozenset(fast))
    if kind == "abandon-against-fast":
        return Abandon(slot, second, now, frozenset({first}))
    if kind.startswith("abandon"):
        return Abandon(slot, first if kind == "abandon-first" else second, now)
    if kind == "no-orders":
        return NoOrders(slot, now)
    if kind == "stop":
        return Stop(slot, now)
    if kind.startswith("deadline"):
        when = now if kind == "deadline-early" or tournament.started_at is None else max(
            now, tournament.match_deadline(slot))
        return RoundDeadlinePasses(slot, when, tallies_for("predictions" if flip else "seed", pair, flip))
    return Freeze(frozenset({first} if kind == "freeze-first" else {first, second}), now)


class World:
    """One tournament and the ledger around it, with every check made after each transition."""

    def __init__(self, tournament: Tournament, ledger: Ledger, seeding: dict[str, Seeding]) -> None:
        self.tournament = tournament
        self.ledger = ledger
        self.seeding = seeding
        self.now = tournament.created_at
        self.applied: list[TournamentEvent] = []
        self.created: dict[int, tuple[str | None, str | None]] = {
            match.slot: match.players for match in matches_to_create(None, tournament)
        }
        self.decided: Counter[int] = Counter()
        self.endings = 0
        self.total = sum(ledger.balances.values()) + sum(ledger.escrows.values()) + sum(ledger.pots.values())

    def offer(self, event: TournamentEvent) -> bool:
        """Apply ``event`` if the rules take it; every check after a transition. False when refused."""
        before = self.tournament
        try:
            after = apply(before, event)
        except TournamentRuleError as refused:
            note(f"refused {refused.rule}")
            return False
        self.ledger.post(credit_lines(before, after))
        self.tournament = after
        self.applied.append(event)
        self.check(before, after)
        with pytest.raises(TournamentRuleError):  # the same event again is refused
            apply(after, event)
        return True

    def check(self, before: Tournament, after: Tournament) -> None:
        held = sum(self.ledger.balances.values()) + sum(self.ledger.escrows.values()) + sum(self.ledger.pots.values())
        assert held == self.total
        assert check_invariant(self.ledger.balances, self.ledger.escrows, self.ledger.pots, self.ledger.lines) == []
        assert self.ledger.pots.get(TOURNAMENT, 0) == after.pot >= 0
        for match in matches_to_create(before, after):
            assert match.slot not in self.created, f"match {match.slot} created twice"
            first, second = match.players
            assert first is not None and second is not None and first != second
            assert {first, second} <= set(after.seeds) and not {first, second} & after.frozen
            if round_of(after.size, match.slot) > 1:
                upper, lower = (after.match(feeder) for feeder in feeders(after.size, match.slot))
                assert (upper.winner, lower.winner) == match.players
            self.created[match.slot] = match.players
        for match in after.playable:
            assert match.slot in self.created and match.opened_at is not None
        for match in decided_matches(before, after):
            self.decided[match.slot] += 1
            assert self.decided[match.slot] == 1, f"match {match.slot} decided twice"
            assert match.winner is None or match.winner in match.players
            assert match.winner not in after.frozen
        if after.status.ended and not before.status.ended:
            self.endings += 1
        if after.status is TournamentStatus.PLAYING:
            assert after.playable, "a tournament in play with no match being played is stuck"
        assert Tournament.from_json(json.loads(json.dumps(after.to_json()))) == after


def expected_net(tournament: Tournament) -> dict[str, int]:
    """What each member gained or lost, read from the rules, not from the prize code."""
    if tournament.status is TournamentStatus.CANCELLED or tournament.ending is TournamentEnding.VOID_FINAL:
        return {}
    pot = tournament.size * tournament.fee
    net = dict.fromkeys(tournament.seeds, -tournament.fee)
    winner = tournament.winner
    assert winner is not None
    final = tournament.final
    finalist = final.loser
    if tournament.ending is TournamentEnding.TITLE_WITHOUT_FINAL or finalist in tournament.frozen | final.too_fast:
        net[winner] += pot
    else:
        assert finalist is not None
        net[finalist] += 3 * pot // 10
        net[winner] += pot - 3 * pot // 10
    return {name: amount for name, amount in net.items() if amount}


def run(world: World, operations: list[tuple]) -> None:
    ledger = world.ledger
    for op in operations:
        tournament = world.tournament
        kind = op[0]
        if kind == "advance":
            world.now += timedelta(seconds=op[1])
        elif kind == "join":
            name = MEMBERS[op[1]]
            world.offer(Join(name, world.now, ledger.balances[name], world.seeding))
        elif kind == "leave":
            world.offer(Leave(MEMBERS[op[1]], world.now))
        elif kind == "fill-deadline":
            on_time = op[1]
            world.now = max(world.now, tournament.fill_deadline) if on_time else world.now
            world.offer(FillDeadlinePasses(world.now))
        elif kind == "freeze":
            world.offer(Freeze(frozenset(MEMBERS[index] for index in op[1]), world.now))
        elif kind == "result" and tournament.playable:
            _, pick, result, flip = op
            match = tournament.playable[pick % len(tournament.playable)]
            event = result_event(tournament, match, result, flip, world.now)
            world.now = max(world.now, event.at)
            note(f"result {result}")
            world.offer(event)
        elif kind == "stale" and tournament.matches:
            slot = (op[1] - 1) % (tournament.size - 1) + 1
            world.offer(result_event(tournament, tournament.match(slot), op[2], False, world.now))
        elif kind == "replay" and world.applied:
            replayed = world.applied[op[1] % len(world.applied)]
            if world.offer(replayed):  # a member may join or leave again, nothing else happens twice
                assert isinstance(replayed, Join | Leave), f"{replayed!r} applied again"


def fill(world: World) -> None:
    """Members who can pay join until every seat is taken (if the fill deadline has not passed)."""
    while world.tournament.status is TournamentStatus.OPEN and world.now < world.tournament.fill_deadline:
        tournament = world.tournament
        candidates = [name for name in MEMBERS if name not in tournament.members and name not in tournament.frozen
                      and world.ledger.balances[name] >= tournament.fee]
        if not candidates:
            return
        assert world.offer(Join(candidates[0], world.now, world.ledger.balances[candidates[0]], world.seeding))


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from([4, 8]),
    st.sampled_from([0, 1, 7, 30]),
    seedings,
    st.lists(entry_operation, max_size=14),
    st.integers(0, 9).map(bool),
    st.lists(play_operation, max_size=30),
    st.data(),
)
def test_random_tournaments_keep_credits_end_once_pay_once_and_create_each_match_once(
    size: int, fee: int, seeding: dict[str, Seeding], entries: list[tuple], filled: bool, plays: list[tuple], data
) -> None:
    ledger = Ledger()
    ledger.post(LedgerLine(name, GRANT, CreditKind.GRANT) for name in MEMBERS)
    ledger.post(LedgerLine(name, POOR_BALANCE - GRANT, CreditKind.ESCROW, "d-spent") for name in POOR)
    world = World(create(TOURNAMENT, "m0", "Property Cup", size, fee, T0, ledger.balances["m0"]), ledger, seeding)
    ledger.post(credit_lines(None, world.tournament))
    run(world, entries)
    if filled:
        fill(world)
    run(world, plays)

    # Play it out: not full by now, it lapses; then every match is decided as it comes.
    if world.tournament.status is TournamentStatus.OPEN:
        world.now = max(world.now, world.tournament.fill_deadline)
        assert world.offer(FillDeadlinePasses(world.now))
    for _ in range(size):
        tournament = world.tournament
        if tournament.status.ended:
            break
        world.now += timedelta(hours=1)
        match = tournament.playable[0]
        result = data.draw(st.sampled_from([r for r in RESULTS if r != "deadline-early"]))
        event = result_event(tournament, match, result, data.draw(st.booleans()), world.now)
        world.now = max(world.now, event.at)
        assert world.offer(event), f"{event!r} refused on a playable match"

    tournament = world.tournament
    note(f"{tournament.status} {tournament.ending}")
    assert tournament.status.ended and world.endings == 1
    assert ledger.pots.get(TOURNAMENT, 0) == 0
    lines = [line for line in ledger.lines if line.ref == TOURNAMENT]
    assert tuple(lines) == tournament.credits  # every line written once, in order
    prizes = [line.member for line in lines if line.kind is CreditKind.TOURNAMENT_PRIZE]
    assert len(prizes) == len(set(prizes)) <= 2
    if tournament.status is TournamentStatus.FINISHED:
        assert set(world.decided) == set(range(1, size)) and set(world.decided.values()) == {1}
        assert (tournament.winner is None) == (tournament.ending is TournamentEnding.VOID_FINAL)
        assert tournament.winner is None or tournament.winner not in tournament.frozen
        assert all(match.status.decided for match in tournament.matches)
        assert set(world.created) == {match.slot for match in tournament.matches if match.played}
        for match in tournament.matches:
            if match.status is MatchStatus.WON:
                note(f"ending {match.ending} {match.tiebreak}")
    else:
        assert tournament.winner is None and not prizes
    net: Counter[str] = Counter()
    for line in lines:
        net[line.member] += line.amount
    assert {name: amount for name, amount in net.items() if amount} == expected_net(tournament)
    for late in (FillDeadlinePasses(world.now + timedelta(days=30)), Join("m9", world.now, 1000, seeding),
                 Freeze(frozenset(MEMBERS), world.now)):
        assert not world.offer(late)
