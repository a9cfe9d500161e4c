"""A whole game between two players, each seeing only its own side's view.

A player is a doctrine (played by the interpreter) or any function from a `SideView` to wire orders
(the engine's random player, a test's scripted player). The engine alone holds the state: players
receive `view(state, side)` and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ..fog import SideView, view
from ..orders import OrderSet
from ..positions import SIDES, Side
from ..resolve import resolve
from ..state import GameState, new_game
from .interpreter import TurnTrace, turn_orders
from .schema import Doctrine

Player = Doctrine | Callable[[SideView], list]


@dataclass(frozen=True)
class Match:
    """A finished game: its final state and, for each side played by a doctrine, its turn traces."""

    state: GameState
    traces: dict[str, list[TurnTrace]] = field(default_factory=dict)


def play_match(
    south: Player, north: Player, seed: int, layout_id: str | None = None, *, trace: bool = True
) -> Match:
    """Play a game from `new_game(seed, layout_id)` to its end (8 turns at most); with `trace`, keep
    each doctrine's turn traces."""
    state = new_game(seed, layout_id)
    players = {"south": south, "north": north}
    traces: dict[str, list[TurnTrace]] = {s: [] for s in SIDES if trace and isinstance(players[s], Doctrine)}
    while not state.over:
        orders: dict[Side, Iterable[object] | OrderSet] = {}
        for side in SIDES:
            player = players[side]
            seen = view(state, side)
            if isinstance(player, Doctrine):
                orders[side], turn_trace = turn_orders(player, seen, trace=trace)
                if turn_trace is not None:
                    traces[side].append(turn_trace)
            else:
                orders[side] = player(seen)
        state = resolve(state, orders)
    return Match(state, traces)
