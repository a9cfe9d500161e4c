"""Small builders for duel tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from gameserver.platform.duels import Accept, Duel, Pace, Ready, TurnResolved, apply, propose

T0 = datetime(2026, 11, 2, 12, 0, tzinfo=UTC)
ANN, BOB = "ann", "bob"


def proposed(pace: Pace = Pace.BLITZ, stake: int = 10, duel_id: str = "d1", at: datetime = T0) -> Duel:
    return propose(duel_id, ANN, BOB, pace, stake, at, balance=100)


def playing(pace: Pace = Pace.BLITZ, stake: int = 10, duel_id: str = "d1", at: datetime = T0) -> Duel:
    duel = apply(proposed(pace, stake, duel_id, at), Accept(BOB, at + timedelta(minutes=1)), balance=100)
    if pace.has_ready_room:
        duel = apply(duel, Ready(ANN, at + timedelta(minutes=2)))
        duel = apply(duel, Ready(BOB, at + timedelta(minutes=3)))
    return duel


def play_turns(duel: Duel, turns: int, senders: frozenset[str] = frozenset({ANN, BOB})) -> Duel:
    for turn in range(duel.turns_passed + 1, duel.turns_passed + turns + 1):
        duel = apply(duel, TurnResolved(turn, T0 + timedelta(minutes=10 + turn), senders=senders))
    return duel


def finish(
    duel: Duel,
    winner: str | None,
    at: datetime | None = None,
    too_fast: frozenset[str] = frozenset(),
    linked: bool = False,
) -> Duel:
    """Play the remaining turns with both members sending; the last one ends the game."""
    duel = play_turns(duel, 7 - duel.turns_passed)
    return apply(
        duel,
        TurnResolved(
            8,
            at or T0 + timedelta(minutes=30),
            senders=frozenset({ANN, BOB}),
            too_fast=too_fast,
            over=True,
            winner=winner,
            linked=linked,
        ),
    )
