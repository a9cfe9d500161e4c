"""Battle: the two public modifiers and the fight itself.

"Both sides reveal, and reveal permanently: Higher total wins. Ties go to the defender. The losing side
loses everything it committed." Attack = the attackers' strengths + the flanking bonus; defence = the
defender's strength + the defence bonus. Both bonuses are pure geometry: anyone can compute them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .hexgrid import Cell, edges_apart, neighbours
from .tokens import Token

FLANK_BY_EDGES = {1: 0, 2: 1, 3: 2}
"""Flanking bonus by how many of the defender's edges lie between the two attackers."""


def flanking_bonus(defender: Cell, attackers: Sequence[Cell]) -> int:
    """Two attackers only: neighbours of each other (one edge apart) +0, two edges apart +1, opposite +2.

    >>> flanking_bonus((0, 0), [(1, 0), (-1, 0)])
    2
    >>> flanking_bonus((0, 0), [(1, 0)])
    0
    """
    if len(attackers) < 2:
        return 0
    return FLANK_BY_EDGES[edges_apart(defender, attackers[0], attackers[1])]


def defence_bonus(defender: Token, tokens: Mapping[str, Token], cells: Mapping[Cell, str], radius: int) -> int:
    """+1 when at least one friendly token of the defender stands next to it; otherwise 0."""
    assert defender.cell is not None
    for n in neighbours(defender.cell, radius):
        tid = cells.get(n)
        if tid is not None and tokens[tid].seat == defender.seat:
            return 1
    return 0


def attack_wins(attack: int, defence: int) -> bool:
    """Higher total wins; ties go to the defender."""
    return attack > defence
