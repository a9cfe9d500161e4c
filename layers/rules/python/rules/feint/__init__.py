"""Feint: a hex battle game of hidden strengths, as a pure engine with a bot that plays from its view.

    >>> from rules.feint import new_game, apply, view, Bot
    >>> state = new_game(2)
    >>> bots = {seat: Bot(seat, seed=seat) for seat in state.seats()}
    >>> for seat, bot in bots.items():
    ...     state = apply(state, bot.setup(view(state, seat)))
    >>> state.to_move
    1
"""

from .battle import defence_bonus, flanking_bonus
from .bot import Bot
from .commands import Charge, Command, Deploy, EndTurn, Retreat, Stand, Step, TwoStep, parse_command, to_json
from .errors import IllegalCommandError, SetupError
from .game import apply, expire, holds_centre, new_game, random_deployment, start_position
from .hexgrid import (
    CENTRE,
    DIRECTIONS,
    FACES,
    Cell,
    board_cells,
    corner_cells,
    distance,
    home_cells,
    neighbours,
    ring,
    seat_faces,
)
from .legal import legal_commands
from .record import state_from_json, state_to_json
from .state import GameState, Outcome, Phase, Reason
from .tokens import STRENGTHS, Token, remaining_pool
from .view import SeatView, view

__all__ = [
    "CENTRE",
    "DIRECTIONS",
    "FACES",
    "STRENGTHS",
    "Bot",
    "Cell",
    "Charge",
    "Command",
    "Deploy",
    "EndTurn",
    "GameState",
    "IllegalCommandError",
    "Outcome",
    "Phase",
    "Reason",
    "Retreat",
    "SeatView",
    "SetupError",
    "Stand",
    "Step",
    "Token",
    "TwoStep",
    "apply",
    "board_cells",
    "corner_cells",
    "defence_bonus",
    "distance",
    "expire",
    "flanking_bonus",
    "holds_centre",
    "home_cells",
    "legal_commands",
    "neighbours",
    "new_game",
    "parse_command",
    "random_deployment",
    "remaining_pool",
    "ring",
    "seat_faces",
    "start_position",
    "state_from_json",
    "state_to_json",
    "to_json",
    "view",
]
