"""A property of stored tournaments: random sequences of creations, joins (one member short of most fees), leaves,
turns sent (by both players, one, or none; at a human's pace or faster), matches played out to a chosen end, the
clock moving with every sweep stage, duplicate, late and early timer deliveries, replayed follow-ups and sweeps,
abandons and freezes, with failures injected between storage calls (from the Nth call, then every Mth: before the
call, so nothing is written, or after it, so it was written and its answer is lost).

After every step the credits hold (balances + tournament pots = grants; every balance and pot equals its ledger
lines). At the end, once the clock has run far enough for every deadline: every tournament ended exactly once
(finished or cancelled, its pot empty, its own lines summing to zero), with at most one winner and one title
notice; no prize was paid twice (at most two prize lines, to two members, those the rules name); every match
that was played had its game created exactly once (one committed creation per match id, and only for matches the
bracket played), and that game is over.

The main run is on the in-memory store (fast; failures injected in its transactions); a smaller one runs on
DynamoDB (moto in-process), where failures are injected at any request.
"""

from __future__ import annotations

import contextlib
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from gameserver.domain.tournaments import match as matches
from gameserver.domain.tournaments import service as tournaments
from gameserver.errors import DomainError
from gameserver.platform.tournaments import TournamentStatus, match_id
from gameserver.play import steps
from gameserver.storage.games import NewGame
from gameserver.storage.members import NoticeKind
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from match_plans import KINDS
from tournament_world import HUMAN, World, caller

SUBS = tuple(f"m{n}" for n in range(8))
POOR = "m7"
"""Holds 15 credits: a fee of 10 once, never one of 20."""
ACTIONS = {"create": 4, "join": 24, "leave": 3, "turn": 18, "play": 14, "advance": 8, "timer": 9, "abandon": 4,
           "freeze": 2}
"""How often each step comes: weighted so that tournaments fill and their matches get played."""


class InjectedFault(Exception):
    """The failure the test injects between two storage calls."""


def plan_of(rng: random.Random, size: int) -> list[tuple]:
    """A random sequence of steps (drawn from a seed hypothesis picks, so an example replays). It starts with a
    tournament of 4 created and nearly filled, so every example has one to play."""
    steps_: list[tuple] = [("create", 0, 4, 10), ("join", 1, 0), ("join", 2, 0)]
    for kind in rng.choices(list(ACTIONS), weights=list(ACTIONS.values()), k=size):
        if kind == "create":
            steps_.append((kind, rng.randrange(8), rng.choice([4, 4, 8]), rng.choice([0, 10, 20])))
        elif kind in ("join", "leave"):
            steps_.append((kind, rng.randrange(8), rng.randrange(3)))
        elif kind == "turn":
            steps_.append((kind, rng.randrange(3), rng.randrange(1, 8), rng.choice(["both", "both", "one", "none"]),
                           rng.random() < 0.85))
        elif kind == "play":
            steps_.append((kind, rng.randrange(3), rng.randrange(1, 8), rng.choice(KINDS), rng.randrange(2)))
        elif kind == "advance":
            steps_.append((kind, rng.choice([HUMAN, 3600, 12 * 3600 + 1, 2 * 86_400, 7 * 86_400])))
        elif kind == "timer":
            steps_.append((kind, rng.randrange(3), rng.randrange(1, 8), rng.choice(["now", "late", "sync", "sweep"])))
        elif kind == "abandon":
            steps_.append((kind, rng.randrange(3), rng.randrange(1, 8), rng.randrange(2)))
        else:
            steps_.append((kind, rng.randrange(8)))
    return steps_


class Faults:
    """Failures at the Nth storage call and every Mth after it, and the match games each committed write
    created. On the memory store the calls are its transactions; on DynamoDB every request (botocore's hooks)."""

    def __init__(self, world: World, first: int, every: int, lost: bool) -> None:
        self.world, self.first, self.every, self.lost = world, first, every, lost
        self.calls = 0
        self.on = False
        self.created: Counter[str] = Counter()
        store = world.store
        self._transact = store.transact
        store.transact = self._counted
        self._client = getattr(store, "client", None) if not hasattr(store, "tables") else None
        if self._client is not None:
            self._client.meta.events.register(self._hook, self._call)

    @property
    def _hook(self) -> str:
        return "after-call.dynamodb" if self.lost else "before-call.dynamodb"

    def _fault(self) -> None:
        if not self.on:
            return
        self.calls += 1
        n = self.calls
        if n == self.first or (self.every and n > self.first and (n - self.first) % self.every == 0):
            raise InjectedFault(f"storage call {n} failed")

    def _call(self, **_: Any) -> None:
        self._fault()

    def _counted(self, writes) -> None:
        written = False
        try:
            if self._client is None and not self.lost:
                self._fault()
            self._transact(writes)
            written = True
            if self._client is None and self.lost:
                self._fault()
        except InjectedFault:
            written = written or (self._client is not None and self.lost)
            raise
        finally:
            if written:
                self.created.update(w.game.game_id for w in writes if isinstance(w, NewGame) and w.game.mode == "match")

    @contextlib.contextmanager
    def active(self) -> Iterator[None]:
        self.on = True
        try:
            yield
        finally:
            self.on = False


def _tournament(made: list[str], index: int) -> str | None:
    return made[-1 - index % len(made)] if made else None


def run_step(world: World, step: tuple, made: list[str], rng: random.Random) -> None:
    store, clock = world.store, world.clock
    kind = step[0]
    if kind == "create":
        _, who, size, fee = step
        made.append(tournaments.create_tournament(store, clock, caller(SUBS[who]), size=size, fee=fee,
                                                  name="Cup")["tournament_id"])
        return
    if kind == "advance":
        world.advance(step[1])
        return
    if kind == "freeze":
        tournaments.freeze(store, clock, [SUBS[step[1]]])
        return
    tid = _tournament(made, step[2] if kind in ("join", "leave") else step[1])
    if tid is None:
        return
    if kind == "join":
        tournaments.join_tournament(store, clock, caller(SUBS[step[1]]), tid)
    elif kind == "leave":
        tournaments.leave_tournament(store, clock, caller(SUBS[step[1]]), tid)
    elif kind == "turn":
        _, _, slot, who, human = step
        game = world.game(tid, slot)
        if game is None or game.status != "open":
            return
        if human:
            world.advance(HUMAN, sweep=False)
        sides = list(game.players) if who == "both" else [rng.choice(list(game.players))] if who == "one" else []
        world.send(tid, slot, game.step, {side: [] for side in sides})
    elif kind == "play":
        _, _, slot, plan_kind, favoured = step
        game = world.game(tid, slot)
        if game is None or game.status != "open" or game.step != 1:
            return
        world.play(tid, {slot: (plan_kind, list(game.players.values())[favoured])})
    elif kind == "timer":
        _, _, slot, how = step
        game = world.game(tid, slot)
        if game is None:
            return
        if how == "now":
            steps.resolve(store, clock, game.game_id, game.step)
        elif how == "late":
            steps.resolve(store, clock, game.game_id, max(1, game.step - 1))
        elif how == "sync":
            matches.sync(store, clock, tid, slot)
        else:
            tournaments.sweep(store, clock)
    elif kind == "abandon":
        _, _, slot, which = step
        game = world.game(tid, slot)
        if game is not None:
            tournaments.abandon_match(store, clock, caller(list(game.players.values())[which]), tid, slot)


def drain(world: World, made: list[str]) -> None:
    """Let every deadline pass: open tournaments are cancelled at their fill deadline, matches nobody plays any
    more are void after two turns, and the bracket plays itself out."""
    for _ in range(40):
        held = [world.store.tournaments.read(tid).stored for tid in made]
        if all(s is None or s.tournament.status.ended for s in held):
            return
        world.advance(12 * 3600 + 1)
    raise AssertionError("tournaments still running after 20 days")


def feed_kinds(world: World, tid: str) -> Counter[str]:
    kinds: Counter[str] = Counter()
    for sub in SUBS:
        cursor = None
        while True:
            page = world.store.members.feed(sub, cursor, 50)
            kinds.update(n.kind for n in page.items if n.ref == tid)
            cursor = page.cursor
            if cursor is None:
                break
    return kinds


def ledger_of(world: World, tid: str) -> list[tuple[str, int, str]]:
    lines = []
    for sub in SUBS:
        cursor = None
        while True:
            page = world.store.members.ledger(sub, cursor, 50)
            lines += [(line.sub, line.amount, line.kind) for line in page.items if line.ref == tid]
            cursor = page.cursor
            if cursor is None:
                break
    return lines


def check_end(world: World, made: list[str], created: Counter[str]) -> None:
    assert world.credit_problems() == []
    played: set[str] = set()
    for tid in made:
        bracket = world.store.tournaments.bracket(tid)
        tournament = bracket.stored.tournament
        assert tournament.status.ended and tournament.ending is not None and tournament.ended_at is not None
        assert tournament.pot == 0
        lines = ledger_of(world, tid)
        assert sum(amount for _, amount, _ in lines) == 0, "what came into the pot went out of it"
        prizes = [(sub, amount) for sub, amount, kind in lines if kind == "tournament-prize"]
        assert len(prizes) <= 2 and len({sub for sub, _ in prizes}) == len(prizes), "no prize paid twice"
        assert sorted(prizes) == sorted((line.member, line.amount) for line in tournament.prizes)
        fees = Counter(sub for sub, _, kind in lines if kind == "fee")
        refunds = Counter(sub for sub, _, kind in lines if kind == "refund")
        assert all(refunds[sub] <= fees[sub] for sub in refunds), "a fee comes back at most once per payment"
        titles = feed_kinds(world, tid)[NoticeKind.TOURNAMENT_WON]
        assert titles == (1 if tournament.winner else 0), "at most one winner, told once"
        if tournament.status is TournamentStatus.FINISHED:
            assert tournament.final.status.decided
        for match in tournament.matches:
            event(f"match {match.ending}")
            game_id = match_id(tid, match.slot)
            if match.played:
                played.add(game_id)
                assert world.store.games.get(game_id).status == "over", match
                assert bracket.matches[match.slot].decided
            else:
                assert world.store.games.get(game_id) is None
        event(f"tournament {tournament.status} ({tournament.ending})")
    assert set(created) == played and all(count == 1 for count in created.values()), "each match created once"


def run(world: World, seed: int, size: int, fail_at: int, fail_every: int, lost: bool) -> None:
    rng = random.Random(seed)
    for sub in SUBS:
        world.member(sub, credits=15 if sub == POOR else 100)
    faults = Faults(world, fail_at, fail_every, lost)
    made: list[str] = []
    for step in plan_of(rng, size):
        with contextlib.suppress(DomainError, InjectedFault), faults.active():
            run_step(world, step, made, rng)
        assert world.credit_problems() == [], f"after {step}"
    drain(world, made)
    check_end(world, made, faults.created)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), size=st.integers(30, 90), fail_at=st.integers(1, 60),
       fail_every=st.sampled_from([0, 7, 19, 41]), lost=st.booleans())
def test_credits_hold_and_every_tournament_ends_once_whatever_fails(seed, size, fail_at, fail_every, lost):
    from gameserver.storage.memory import MemoryStore

    run(World(MemoryStore()), seed, size, fail_at, fail_every, lost)


@pytest.mark.usefixtures("aws_environment")
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), size=st.integers(8, 14), fail_at=st.integers(1, 100),
       fail_every=st.sampled_from([0, 37, 83]), lost=st.booleans())
def test_the_same_holds_on_dynamodb(seed, size, fail_at, fail_every, lost):
    from gameserver import services
    from moto_tables import moto_tables

    with moto_tables():
        run(World(services.storage()), seed, size, fail_at, fail_every, lost)
