"""Tokens, their strengths and what a seat has left to show.

"Six tokens — 0 1 2 2 3 4 — deployed face-down." Every token has a public id, cell and owner;
only its strength is hidden until a Battle turns it face-up for good.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .hexgrid import Cell

STRENGTHS: tuple[int, ...] = (0, 1, 2, 2, 3, 4)
"""The six strengths every seat deploys."""

TOKEN_LETTERS = "abcdef"


@dataclass(frozen=True, slots=True)
class Token:
    """One token. ``cell`` is None once it is lost; ``strength`` is None only in a view, for a face-down enemy."""

    id: str
    seat: int
    strength: int | None
    cell: Cell | None
    revealed: bool = False

    @property
    def alive(self) -> bool:
        return self.cell is not None


def token_id(seat: int, index: int) -> str:
    """Public id of a seat's ``index``-th token (in order of the home cells): ``1a`` .. ``1f``."""
    return f"{seat}{TOKEN_LETTERS[index]}"


def remaining_pool(tokens: Iterable[Token], seat: int) -> tuple[int, ...]:
    """"The strengths a player has been forced to show, subtracted from 0 1 2 2 3 4, are exactly
    what their face-down tokens can still be." Sorted ascending."""
    return remaining_pool_of(
        t.strength for t in tokens if t.seat == seat and t.revealed and t.strength is not None
    )


def remaining_pool_of(revealed: Iterable[int]) -> tuple[int, ...]:
    """0 1 2 2 3 4 minus the revealed strengths."""
    pool = list(STRENGTHS)
    for strength in revealed:
        if strength in pool:
            pool.remove(strength)
    return tuple(pool)
