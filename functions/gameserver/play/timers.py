"""Step timers between members: "when a turn opens, after the commit, one Standard execution of the turn-timer
state machine starts, named ``{game}-{step}`` (the step number zero-padded to 6 digits; an
``ExecutionAlreadyExists`` counts as started)". It waits until the deadline, then invokes resolve with its
input, ``{"game_id", "step", "due", "mode"}``: the game's mode, so that the step's read asks for that mode's
companions alone (no duel is looked up for a Front 1901 phase).

Only when ``TURN_TIMER_ARN`` is set; without it (the local runner) the due index alone drives deadlines.
A timer that fails to start only delays the step to the next sweep, so a failure is logged, not raised.
"""

from __future__ import annotations

import json
import logging

from gameserver.config import get_settings
from gameserver.play.modes import Deadlines, Mode, mode
from gameserver.storage.records import Game

log = logging.getLogger(__name__)


def execution_name(game_id: str, step: int) -> str:
    return f"{game_id}-{step:06d}"


def step_opened(game: Game, game_mode: Mode | None = None) -> bool:
    """Start the timer of ``game``'s open step if its mode (``game_mode``, when the caller holds it) times steps;
    True when an execution is (already) running."""
    if game.status != "open" or game.deadline is None or \
            (game_mode or mode(game.mode)).deadlines is not Deadlines.TIMED:
        return False
    return start(game.game_id, game.step, game.deadline, game.mode)


def start(game_id: str, step: int, due: str, mode: str | None) -> bool:
    """One execution that wakes at ``due`` and resolves ``step`` of ``game_id``, a game of ``mode`` (None: no
    game's step, as a duel's ready room); True when it runs."""
    arn = get_settings().turn_timer_arn
    if not arn:
        return False
    from gameserver.aws import stepfunctions_client

    client = stepfunctions_client()
    try:
        client.start_execution(
            stateMachineArn=arn,
            name=execution_name(game_id, step),
            input=json.dumps({"game_id": game_id, "step": step, "due": due, "mode": mode}),
        )
    except client.exceptions.ExecutionAlreadyExists:
        return True
    except Exception:  # the sweep covers any step whose timer did not start
        log.exception("timer of %s step %s did not start", game_id, step)
        return False
    return True
