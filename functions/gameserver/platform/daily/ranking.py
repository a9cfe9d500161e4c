"""Which Fronts of the day are not ranked, and why.

Rules: "Not ranked: orders faster than a human's or at the regular pace of a machine, a win or a draw played
mostly by your default doctrine, a stopped game, frozen ratings, and a removal by the moderators."
Platform reading (docs/platform.md): "mostly" is more than half of the game's turns played by the default doctrine
(a turn the member missed without a doctrine is not the doctrine's). A loss is ranked whoever played it.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass

from gameserver.platform.daily.board import Outcome
from gameserver.platform.fairplay.delays import faster_than_a_human_in_game, pace_too_regular


class NotRanked(enum.StrEnum):
    """The reason a Front stays off the board (checked in this order)."""

    REMOVED = "removed-by-moderators"
    FROZEN = "frozen-ratings"
    STOPPED = "stopped"
    FASTER_THAN_A_HUMAN = "faster-than-a-human"
    PACE_TOO_REGULAR = "pace-too-regular"
    DEFAULT_DOCTRINE = "played-by-default-doctrine"


@dataclass(frozen=True)
class FrontGame:
    """What the ranking rules look at in one member's finished Front."""

    outcome: Outcome | None
    """None for a game stopped by a moderator."""
    turns: int
    doctrine_turns: int
    """Turns the member's default doctrine played in their place."""
    delays: Mapping[int, int]
    """Order delay of each turn the member sent orders for."""
    stopped: bool = False
    frozen: bool = False
    removed: bool = False


def not_ranked(game: FrontGame) -> NotRanked | None:
    """None when the Front is ranked, else the first reason it is not."""
    if game.removed:
        return NotRanked.REMOVED
    if game.frozen:
        return NotRanked.FROZEN
    if game.stopped or game.outcome is None:
        return NotRanked.STOPPED
    if faster_than_a_human_in_game(game.delays, game.turns):
        return NotRanked.FASTER_THAN_A_HUMAN
    if pace_too_regular([game.delays[turn] for turn in sorted(game.delays)]):
        return NotRanked.PACE_TOO_REGULAR
    if game.outcome is not Outcome.LOSS and 2 * game.doctrine_turns > game.turns:
        return NotRanked.DEFAULT_DOCTRINE
    return None
