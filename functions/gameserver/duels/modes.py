"""Paces of a duel and their clocks.

Rules: "In blitz (60 seconds per turn, 120 for the first) and in rapid (5 minutes), the game starts when both
players have clicked "Ready", at the latest 30 minutes after the acceptance [...]. In correspondence (one, two or
three days per turn), the first turn opens on acceptance."
"""

from __future__ import annotations

import enum
from datetime import datetime, timedelta

#: The ready room of blitz and rapid: both click Ready within 30 minutes of the acceptance, or the duel is cancelled.
READY_ROOM = timedelta(minutes=30)
#: How long a live (blitz, rapid) proposal waits for an answer before it lapses. Our choice, the rules are silent:
#: a live game needs its proposer there to click Ready within 30 minutes of an acceptance, so an hour at most.
LIVE_PROPOSAL_LIFE = timedelta(hours=1)
#: How long a correspondence proposal waits for an answer before it lapses: a week, like an invitation.
CORRESPONDENCE_PROPOSAL_LIFE = timedelta(days=7)


class Pace(enum.StrEnum):
    """How long a turn lasts; the wire names match the game-creation API ("5m", "1d", ...)."""

    BLITZ = "blitz"
    """60 seconds a turn, 120 for the first; a ready room before the start."""
    RAPID = "5m"
    """5 minutes a turn; a ready room before the start."""
    DAY = "1d"
    """Correspondence, one day a turn; the first turn opens on acceptance."""
    TWO_DAYS = "2d"
    """Correspondence, two days a turn."""
    THREE_DAYS = "3d"
    """Correspondence, three days a turn."""

    @property
    def has_ready_room(self) -> bool:
        """Blitz and rapid start in a ready room; correspondence opens its first turn on acceptance."""
        return self in (Pace.BLITZ, Pace.RAPID)

    @property
    def correspondence(self) -> bool:
        return not self.has_ready_room


_TURN = {
    Pace.BLITZ: timedelta(seconds=60),
    Pace.RAPID: timedelta(minutes=5),
    Pace.DAY: timedelta(days=1),
    Pace.TWO_DAYS: timedelta(days=2),
    Pace.THREE_DAYS: timedelta(days=3),
}
#: Blitz gives the first turn twice the time: a player reads the map before their first orders.
_FIRST_BLITZ_TURN = timedelta(seconds=120)


def turn_time(pace: Pace, turn: int) -> timedelta:
    """How long turn ``turn`` (1..8) stays open."""
    if not 1 <= turn <= 8:
        raise ValueError(f"a game has turns 1 to 8, not {turn}")
    if pace is Pace.BLITZ and turn == 1:
        return _FIRST_BLITZ_TURN
    return _TURN[pace]


def turn_deadline(pace: Pace, turn: int, opened_at: datetime) -> datetime:
    """When an open turn resolves without the missing orders.

    Whole UTC seconds (the timers' precision), rounded up so that nobody loses a fraction of their time.
    """
    if opened_at.tzinfo is None:
        raise ValueError("times are aware UTC datetimes")
    deadline = opened_at + turn_time(pace, turn)
    if deadline.microsecond:
        deadline = deadline.replace(microsecond=0) + timedelta(seconds=1)
    return deadline


def ready_room_closes(accepted_at: datetime) -> datetime:
    """When the ready room of a blitz or rapid duel closes (and cancels the duel if a player is not ready)."""
    return accepted_at + READY_ROOM


def proposal_lapses(pace: Pace, proposed_at: datetime) -> datetime:
    """When a proposal nobody answered lapses (its stake returned): 1 hour for blitz and rapid, 7 days for
    correspondence. Whole UTC seconds, rounded up like a turn's deadline (the due index's precision)."""
    lapses = proposed_at + (LIVE_PROPOSAL_LIFE if pace.has_ready_room else CORRESPONDENCE_PROPOSAL_LIFE)
    if lapses.microsecond:
        lapses = lapses.replace(microsecond=0) + timedelta(seconds=1)
    return lapses
