"""Feinthold: two sides, seven positions, eight turns of secret simultaneous orders under fog.

The public API (see docs/interfaces.md): positions and layouts, the typed state, orders and their limits,
the turn's resolution, and each side's view.
"""

from .fog import PRESENCE_MARK, RecordClosedError, SideView, record, view
from .layouts import LAYOUTS, SHAPES, Layout, LayoutError, check_layout, draw_layout, layout_by_id
from .legality import check_orders, legal_orders, orders_cost
from .observations import Observation
from .orders import (
    Entrench,
    IllegalOrderError,
    Move,
    Order,
    OrderSet,
    Predict,
    Reinforce,
    Scout,
    parse_orders,
)
from .outcome import tally
from .positions import HQ, MIRROR, POSITIONS, POSTS, RELAYS, SIDES, Position, Side, other
from .resolve import resolve
from .state import LAST_TURN, GameState, TurnRecord, new_game

__all__ = [
    "HQ", "LAST_TURN", "LAYOUTS", "MIRROR", "POSITIONS", "POSTS", "PRESENCE_MARK", "RELAYS", "SHAPES", "SIDES",
    "Entrench", "GameState", "IllegalOrderError", "Layout", "LayoutError", "Move", "Observation", "Order",
    "OrderSet", "Position", "Predict", "RecordClosedError", "Reinforce", "Scout", "Side", "SideView", "TurnRecord",
    "check_layout", "check_orders", "draw_layout", "layout_by_id", "legal_orders", "new_game", "orders_cost", "other",
    "parse_orders", "record",
    "resolve", "tally", "view",
]
