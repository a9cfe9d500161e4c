"""Front 1901: the map of Europe in 1901, its orders, and an adjudicator for standard Diplomacy rules.

>>> from rules.front1901 import starting_position, play
>>> result = play(starting_position(), {"FRANCE": ["A PAR - BUR"]})
>>> result.results["A PAR"], str(result.position.phase)
('moves', 'F1901M')
"""

from .adjustments import AdjustmentOutcome, adjudicate_adjustments, adjustment_counts, civil_disorder
from .board import (
    ALIASES,
    ARMY_MOVES,
    CENTRES,
    COASTS,
    FLEET_MOVES,
    HOME_CENTRES,
    POWERS,
    PROVINCES,
    SEAS,
    STARTING_UNITS,
    Location,
    Power,
    Province,
    UnitKind,
)
from .game import Outcome, PhaseResult, alive, outcome, play, take_centres
from .legal_orders import legal_adjustment_orders, legal_movement_orders, legal_retreat_orders
from .legality import IllegalOrderError, check_movement_order
from .movement import Battle, MovementOutcome, VoidOrder, adjudicate_movement
from .notation import OrderSyntaxError, parse_order
from .orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    SupportHold,
    SupportMove,
    UnitRef,
    Waive,
)
from .position import Dislodgement, Phase, Position, PositionError, Season, Step, Unit, starting_position
from .retreats import RetreatOutcome, adjudicate_retreats

__all__ = [
    "ALIASES", "ARMY_MOVES", "CENTRES", "COASTS", "FLEET_MOVES", "HOME_CENTRES", "POWERS", "PROVINCES", "SEAS",
    "STARTING_UNITS", "AdjustmentOutcome", "Battle", "Build", "Convoy", "Disband", "Dislodgement", "Hold",
    "IllegalOrderError", "Location", "Move", "MovementOutcome", "Order", "OrderSyntaxError", "Outcome", "Phase",
    "PhaseResult", "Position", "PositionError", "Power", "Province", "Retreat", "RetreatOutcome", "Season",
    "Step", "SupportHold", "SupportMove", "Unit", "UnitKind", "UnitRef", "VoidOrder", "Waive",
    "adjudicate_adjustments", "adjudicate_movement", "adjudicate_retreats", "adjustment_counts", "alive",
    "civil_disorder", "legal_adjustment_orders", "legal_movement_orders", "legal_retreat_orders", "check_movement_order", "outcome", "parse_order", "play",
    "starting_position", "take_centres",
]  # fmt: skip
