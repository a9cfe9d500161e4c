"""Small helpers for Front 1901 tests: positions written as ``{"ENGLAND": ["F NTH"]}``."""

from __future__ import annotations

from rules.front1901 import Phase, Position, adjudicate_movement
from rules.front1901.movement import MovementOutcome
from rules.front1901.position import units_from_json


def position(units: dict[str, list[str]], phase: str = "S1901M", centres: dict[str, list[str]] | None = None) -> Position:
    owners = {c: power for power, cs in (centres or {}).items() for c in cs}
    return Position(Phase.parse(phase), units_from_json(units), owners)


def move(units: dict[str, list[str]], orders: dict[str, list[str]]) -> MovementOutcome:
    """Adjudicate one spring movement phase."""
    return adjudicate_movement(position(units), orders)


def board(outcome: MovementOutcome) -> set[str]:
    """The units after the phase as ``"ENGLAND F NTH"`` strings."""
    return {f"{u.power} {u}" for u in outcome.units.values()}


def words(outcome: MovementOutcome) -> dict[str, str]:
    """Result word per unit province."""
    return dict(outcome.results)
