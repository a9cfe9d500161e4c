"""Doctrines playing a side: the house AIs, and (with duels) a member's default doctrine on a missed turn.

"A doctrine sees exactly what its side sees": it is handed the side's view, never the state. The doctrine is
snapshotted as JSON when the game starts ("later edits do not reach a game in progress"), noise included.
"""

from __future__ import annotations

from typing import Any

from gameserver.domain.words import as_house_ai

HOUSE_AIS: tuple[str, ...] = ("sentinel", "pivot", "ram")
SOLO_MODES: frozenset[str] = frozenset({"house", "daily"})
"""Games against a house AI (a game of one's own, the Daily Front): no turn timer, deadlines enforced lazily."""


def house_doctrine(name: str, seed: int) -> dict[str, Any]:
    """The house AI ``name`` with this game's noise, as the JSON snapshot the game keeps."""
    from rules.feinthold.doctrine.house import house_ai

    return house_ai(as_house_ai(name), seed).to_json()


def doctrine_orders(snapshot: dict[str, Any], side_view: Any) -> list[dict[str, Any]]:
    """The orders the snapshotted doctrine gives on ``side_view`` (legal for that view, by the interpreter)."""
    from rules.feinthold.doctrine.interpreter import play
    from rules.feinthold.doctrine.schema import parse_doctrine

    orders, _trace = play(parse_doctrine(snapshot), side_view)
    return [dict(order) for order in orders]
