"""Crafted solo games for the tests: a position, agreements in force, levels."""

from __future__ import annotations

from collections.abc import Sequence

from rules.front1901 import POWERS
from rules.front1901.position import Phase, Position
from rules.front1901.solo.agreements import Agreement
from rules.front1901.solo.game import SoloGame
from rules.front1901.solo.levels import Level
from rules.front1901.solo.memory import MemberStats, Memory
from rules.front1901.solo.proposals import Proposal

from .helpers import position as make_position


def agreement(number: int, proposer: str, recipient: str, terms: Proposal, since: str = "S1901M") -> Agreement:
    return Agreement(number, proposer, recipient, terms, Phase.parse(since))


def game_at(
    units: dict[str, list[str]],
    phase: str = "S1901M",
    centres: dict[str, list[str]] | None = None,
    agreements: Sequence[Agreement] = (),
    member: str | None = None,
    level: Level = Level.NORMAL,
    seed: int = 1,
    memory: Memory | None = None,
) -> SoloGame:
    """A solo game at a crafted position (every power but the member an AI at ``level``)."""
    where: Position = make_position(units, phase, centres)
    base = memory or Memory(member=MemberStats() if member else None)
    kept = Memory(base.trust, tuple(agreements), max((a.id for a in agreements), default=0) + 1, base.member)
    levels = {p: level for p in POWERS if p != member}
    return SoloGame(seed, member, levels, 1910, where, kept)
