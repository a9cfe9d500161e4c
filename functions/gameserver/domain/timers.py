"""Turn timers between members: "when a turn opens, after the commit, one Standard execution of the
turn-timer state machine starts, named ``{game}-{turn}`` (an ``ExecutionAlreadyExists`` counts as started)".

Only when ``TURN_TIMER_ARN`` is set; without it (the local runner) the due index alone drives deadlines.
A timer that fails to start only delays the turn to the next sweep, so a failure is logged, not raised.
"""

from __future__ import annotations

import json
import logging

from gameserver.config import get_settings
from gameserver.domain.house import SOLO_MODES
from gameserver.storage.records import Game

log = logging.getLogger(__name__)


def execution_name(game_id: str, turn: int) -> str:
    return f"{game_id}-{turn}"


def turn_opened(game: Game) -> bool:
    """Start the timer of ``game``'s open turn if it needs one; True when an execution is (already) running."""
    arn = get_settings().turn_timer_arn
    if not arn or game.status != "open" or game.deadline is None or game.mode in SOLO_MODES:
        return False
    from gameserver.storage.client import stepfunctions_client

    client = stepfunctions_client()
    try:
        client.start_execution(
            stateMachineArn=arn,
            name=execution_name(game.game_id, game.turn),
            input=json.dumps({"game_id": game.game_id, "turn": game.turn, "due": game.deadline}),
        )
    except client.exceptions.ExecutionAlreadyExists:
        return True
    except Exception:  # the sweep covers any turn whose timer did not start
        log.exception("turn timer for %s turn %s did not start", game.game_id, game.turn)
        return False
    return True
