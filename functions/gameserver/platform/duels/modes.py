"""A duel's clocks: its turns, its ready room, its proposal's life (the paces are ``gameserver.clock``'s).

Rules: "In blitz (60 seconds per turn, 120 for the first) and in rapid (5 minutes), the game starts when both
players have clicked "Ready", at the latest 30 minutes after the acceptance [...]. In correspondence (one, two or
three days per turn), the first turn opens on acceptance."
"""

from __future__ import annotations

from datetime import datetime, timedelta

from gameserver.clock import Pace, step_deadline, step_time, whole_second_after

#: A duel's paces: "In blitz [...] and in rapid [...]. In correspondence (one, two or three days per turn)". Twelve
#: hours a turn is a tournament match's, never a duel's.
DUEL_PACES = (Pace.BLITZ, Pace.RAPID, Pace.DAY, Pace.TWO_DAYS, Pace.THREE_DAYS)
#: The ready room of blitz and rapid: both click Ready within 30 minutes of the acceptance, or the duel is cancelled.
READY_ROOM = timedelta(minutes=30)
#: How long a live (blitz, rapid) proposal waits for an answer before it lapses. Our choice, the rules are silent:
#: a live game needs its proposer there to click Ready within 30 minutes of an acceptance, so an hour at most.
LIVE_PROPOSAL_LIFE = timedelta(hours=1)
#: How long a correspondence proposal waits for an answer before it lapses: a week, like an invitation.
CORRESPONDENCE_PROPOSAL_LIFE = timedelta(days=7)


def turn_time(pace: Pace, turn: int) -> timedelta:
    """How long turn ``turn`` (1..8) of a duel stays open."""
    if not 1 <= turn <= 8:
        raise ValueError(f"a game has turns 1 to 8, not {turn}")
    return step_time(pace, turn)


def turn_deadline(pace: Pace, turn: int, opened_at: datetime) -> datetime:
    """When an open turn resolves without the missing orders (whole UTC seconds, rounded up)."""
    turn_time(pace, turn)
    return step_deadline(pace, turn, opened_at)


def ready_room_closes(accepted_at: datetime) -> datetime:
    """When the ready room of a blitz or rapid duel closes (and cancels the duel if a player is not ready)."""
    return accepted_at + READY_ROOM


def proposal_lapses(pace: Pace, proposed_at: datetime) -> datetime:
    """When a proposal nobody answered lapses (its stake returned): 1 hour for blitz and rapid, 7 days for
    correspondence. Whole UTC seconds, rounded up like a turn's deadline (the due index's precision)."""
    return whole_second_after(proposed_at + (LIVE_PROPOSAL_LIFE if pace.has_ready_room
                                             else CORRESPONDENCE_PROPOSAL_LIFE))
