"""The credits invariant after every moderator action (issue 16: "a property test over random sequences of duels,
voids, stops and freezes"): the sum of all balances, escrows and tournament pots equals the sum of grants plus
season prizes paid, and every balance, escrow and pot equals what its ledger lines say, at every step."""

from __future__ import annotations

from gameserver.domain import feinthold as games
from gameserver.domain import members
from gameserver.domain.duels import service as duels
from gameserver.domain.moderation import freezes
from gameserver.domain.moderation.stop import stop_game
from gameserver.domain.moderation.void import void_duel
from gameserver.errors import DomainError
from gameserver.identity import Client
from gameserver.storage.memory import MemoryStore
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from moderation_world import MODERATOR, START, World, member

PEOPLE = [member(name) for name in ("ann", "bob", "cyd")]
WHY = "reviewed"
Step = st.one_of(
    st.tuples(st.just("propose"), st.integers(0, 2), st.integers(0, 2), st.integers(0, 30)),
    st.tuples(st.just("turn"), st.integers(0, 9), st.integers(0, 2), st.integers(0, 0)),
    st.tuples(st.just("abandon"), st.integers(0, 9), st.integers(0, 2), st.integers(0, 0)),
    st.tuples(st.just("stop"), st.integers(0, 9), st.integers(0, 0), st.integers(0, 0)),
    st.tuples(st.just("void"), st.integers(0, 9), st.integers(0, 0), st.integers(0, 0)),
    st.tuples(st.just("freeze"), st.integers(0, 2), st.integers(0, 0), st.integers(0, 0)),
    st.tuples(st.just("unfreeze"), st.integers(0, 2), st.integers(0, 0), st.integers(0, 0)),
    st.tuples(st.just("sweep"), st.integers(0, 0), st.integers(0, 0), st.integers(60, 2 * 86_400)),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(Step, min_size=1, max_size=14))
def test_credits_are_conserved_after_every_duel_void_stop_and_freeze(steps):
    from gameserver.clock import ManualClock

    world = World(MemoryStore(), ManualClock(START))
    store, clock = world.store, world.clock
    for caller in (*PEOPLE, MODERATOR):
        members.ensure_profile(store, clock, caller)
    made: list[str] = []
    for kind, a, b, n in steps:
        duel_id = made[a % len(made)] if made else None
        try:
            if kind == "propose" and a != b:
                proposed = duels.propose_duel(store, clock, PEOPLE[a], opponent=PEOPLE[b].sub, pace="1d", stake=n)
                made.append(proposed["duel_id"])
                duels.accept_duel(store, clock, PEOPLE[b], proposed["duel_id"])
            elif kind == "turn" and duel_id:
                game = store.games.get(duel_id)
                if game is not None and game.status == "open":
                    for sub in game.players.values():
                        caller = next(p for p in PEOPLE if p.sub == sub)
                        games.submit_orders(store, clock, caller, duel_id, game.step, [], Client())
            elif kind == "abandon" and duel_id:
                duels.abandon(store, clock, PEOPLE[b], duel_id)
            elif kind == "stop" and duel_id:
                stop_game(store, clock, MODERATOR, duel_id, WHY)
            elif kind == "void" and duel_id:
                void_duel(store, clock, MODERATOR, duel_id, WHY)
            elif kind == "freeze":
                freezes.freeze_member(store, clock, MODERATOR, PEOPLE[a].sub, WHY)
            elif kind == "unfreeze":
                freezes.unfreeze_member(store, clock, MODERATOR, PEOPLE[a].sub, WHY)
            elif kind == "sweep":
                clock.advance(n)
                duels.sweep(store, clock)
                freezes.sweep(store, clock)
        except DomainError:
            pass  # refused by a rule (a frozen member, a duel not finished...): nothing written
        assert world.invariant() == [], (kind, a, b, n)
    frozen = set(store.tables.freezes)
    for stored, _ in store.tables.duels.values():
        if stored.duel.status.value in ("playing", "ready-room"):
            assert not frozen & set(stored.duel.members), "a frozen member's duel left in play"
