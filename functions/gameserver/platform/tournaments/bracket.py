"""The bracket: sizes, seeds, the slots of the matches and the winners' paths, the matches' ids.

Platform decision (specs/platform.md): "Knockout, 4 or 8 members"; "When full: seeds by the game's duel rating
(best = seed 1; ties by oldest account); bracket 1-8, 4-5, 2-7, 3-6 (8) or 1-4, 2-3 (4)."

A bracket of ``size`` members has ``size - 1`` matches, numbered by slot in the order they are played: the first
round's matches first, in the order above, then each later round's. The ``k``-th match of a round (from 1) is
played by the winners of the ``2k - 1``-th (its first player) and the ``2k``-th (its second player) of the round
before, so 8 members play::

    slot 1: seed 1 - seed 8 --+
                              +-- slot 5 --+
    slot 2: seed 4 - seed 5 --+            |
                                           +-- slot 7 (the final)
    slot 3: seed 2 - seed 7 --+            |
                              +-- slot 6 --+
    slot 4: seed 3 - seed 6 --+

and seeds 1 and 2 can meet only in the final. Choice: equal ratings and equal account ages (the same instant)
are ordered by member id, so that the seeds are a total order.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from gameserver.platform.ids import match_id, match_ref

__all__ = ["FIRST_ROUND", "SIZES", "Seeding", "feeders", "final_slot", "first_round_seeds", "match_id", "match_ref",
           "next_slot", "round_of", "rounds", "seed_order", "slots"]

#: The first round of each size, as pairs of seeds (1 = the best): "1-8, 4-5, 2-7, 3-6 (8) or 1-4, 2-3 (4)".
FIRST_ROUND: dict[int, tuple[tuple[int, int], ...]] = {
    4: ((1, 4), (2, 3)),
    8: ((1, 8), (4, 5), (2, 7), (3, 6)),
}
#: "Knockout, 4 or 8 members".
SIZES = tuple(FIRST_ROUND)


def _check_size(size: int) -> None:
    if size not in FIRST_ROUND:
        raise ValueError(f"a tournament has 4 or 8 members, not {size}")


def rounds(size: int) -> int:
    """How many rounds a bracket of ``size`` members plays: 2 for 4, 3 for 8."""
    _check_size(size)
    return size.bit_length() - 1


def _round_start(size: int, round_number: int) -> int:
    """The first slot of a round: round ``r`` has ``size / 2^r`` matches."""
    start = 1
    for earlier in range(1, round_number):
        start += size >> earlier
    return start


def slots(size: int) -> range:
    """Every match's slot, in the order they are played: 1 to ``size - 1``."""
    _check_size(size)
    return range(1, size)


def final_slot(size: int) -> int:
    _check_size(size)
    return size - 1


def round_of(size: int, slot: int) -> int:
    """The round (from 1) the match of ``slot`` belongs to."""
    if slot not in slots(size):
        raise ValueError(f"a bracket of {size} has slots 1 to {size - 1}, not {slot}")
    round_number = 1
    while slot >= _round_start(size, round_number + 1):
        round_number += 1
    return round_number


def first_round_seeds(size: int, slot: int) -> tuple[int, int]:
    """The two seeds of a first-round match."""
    if round_of(size, slot) != 1:
        raise ValueError(f"slot {slot} is not in the first round")
    return FIRST_ROUND[size][slot - 1]


def feeders(size: int, slot: int) -> tuple[int, int]:
    """The two matches whose winners play the match of ``slot`` (not of the first round): its first player's
    match, then its second player's."""
    round_number = round_of(size, slot)
    if round_number == 1:
        raise ValueError(f"slot {slot} is in the first round: its players are seeds")
    index = slot - _round_start(size, round_number)
    before = _round_start(size, round_number - 1)
    return before + 2 * index, before + 2 * index + 1


def next_slot(size: int, slot: int) -> tuple[int, int] | None:
    """Where the winner of ``slot`` goes: the next match's slot and which of its players (0 first, 1 second)
    they are; None for the final."""
    round_number = round_of(size, slot)
    if round_number == rounds(size):
        return None
    index = slot - _round_start(size, round_number)
    return _round_start(size, round_number + 1) + index // 2, index % 2


@dataclass(frozen=True)
class Seeding:
    """What seeds a member, read by the wiring when the last seat is taken: the game's duel rating (the
    Glicko-2 rating now) and when their account was created."""

    rating: Decimal
    account_created: datetime


def seed_order(seeding: Mapping[str, Seeding]) -> tuple[str, ...]:
    """The members by seed, seed 1 first: the best duel rating first, then the oldest account, then member id."""
    return tuple(
        sorted(seeding, key=lambda member: (-seeding[member].rating, seeding[member].account_created, member))
    )
