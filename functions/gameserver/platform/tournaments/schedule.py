"""The clock of a tournament: how long it waits for its members, how long each round lasts, how a match is played.

Rules (seed): "Each match is a game in correspondence, 12 hours per turn, created as soon as both its players are
known: the first turn opens at once, with no start room, and the game ends in 8 turns at most, that is 4 days of
play; the bracket allows 5 days per match, 1 day of margin."
Platform decision (specs/platform.md): "the fee is escrowed on joining and returned if the tournament is not full
within 7 days"; "the bracket gives each round 5 days".

Choice (docs/platform.md): the rounds keep the bracket's calendar. Round ``r`` ends ``5 x r`` days after the
tournament started (the instant its last seat was taken), whenever its matches were created: a match of round 2
created early (its players known on day 3) still has until day 10, and one created late (a first-round match
settled at its deadline on day 5) gets its full 5 days.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from gameserver.clock import Pace, whole_second_after

#: "not full within 7 days": the tournament is cancelled then, every fee returned.
FILL_TIME = timedelta(days=7)
#: "the bracket allows 5 days per match": 4 days of play (8 turns of 12 hours) and 1 day of margin.
ROUND_TIME = timedelta(days=5)
#: "a game in correspondence, 12 hours per turn": the pace of every match's game (no ready room: correspondence
#: opens its first turn at once).
MATCH_PACE = Pace.TWELVE_HOURS
#: "the game ends in 8 turns at most".
MATCH_TURNS = 8


def _whole_second_up(moment: datetime) -> datetime:
    """Due times are whole UTC seconds (the due index's and the timers' precision), rounded up so that nobody
    loses a fraction of their time."""
    if moment.tzinfo is None:
        raise ValueError("times are aware UTC datetimes")
    return whole_second_after(moment)


def fill_deadline(created_at: datetime) -> datetime:
    """When a tournament not yet full is cancelled (every fee returned): 7 days after its creation."""
    return _whole_second_up(created_at + FILL_TIME)


def round_deadline(started_at: datetime, round_number: int) -> datetime:
    """When round ``round_number`` (1 = the first round) must be over: 5 days per round from the start."""
    if round_number < 1:
        raise ValueError(f"rounds count from 1, not {round_number}")
    return _whole_second_up(started_at + ROUND_TIME * round_number)
