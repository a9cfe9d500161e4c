"""The mode registry: what a way of playing adds to the pipeline's steps, registered by the mode itself.

A mode names its deadlines (a timer per step, lazy, or none), the companions it reads with a step (items read
in the step's own request), the writes that ride in a step's transaction (so a step and what it moves commit
together, or neither does), and what follows a committed step (an end recorded elsewhere). The pipeline calls
these hooks and knows no mode by name: the catalog of modes (``gameserver.catalog.MODES``) says which module
holds each, imported when a game of that mode is first met; the module calls ``register``.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from gameserver.catalog import MODES
from gameserver.clock import Clock

if TYPE_CHECKING:
    from gameserver.play.stop import Stop
    from gameserver.storage.games import Companion, GameClose, StepCommit, StepRead
    from gameserver.storage.port import Store, Write
    from gameserver.storage.records import Game


class Deadlines(enum.StrEnum):
    TIMED = "timed"
    """Members wait on each other: a timer per step (and the sweep) resolves it at its deadline; the next step
    opens when the last one resolved."""
    LAZY = "lazy"
    """Nobody waits on the member: the next read or write of the game (or the sweep) resolves every step whose
    deadline has passed, each next step opening at the deadline that closed the last."""
    NONE = "none"
    """No deadline: the step waits for its members."""


class Mode:
    """A mode with nothing to add; a mode overrides what it adds."""

    name: str = ""
    deadlines: Deadlines = Deadlines.LAZY

    def riding(self, store: Store, clock: Clock, commit: StepCommit, read: StepRead) -> Sequence[Write]:
        """Writes to commit in the same transaction as ``commit`` (``read``: what the step was read with)."""
        return ()

    def carried(self, riders: Sequence[Write]) -> dict[Companion, Any]:
        """The companions as ``riders`` wrote them: what the next step of the same request reads them as."""
        return {}

    def committed(self, store: Store, clock: Clock, commit: StepCommit, riders: Sequence[Write]) -> None:
        """What follows ``commit`` once written (``riders``: what rode with it). Never raises: a failure here
        must leave the step standing and be caught up later."""

    def writes_with_stop(self, store: Store, clock: Clock, close: GameClose, read: StepRead, stop: Stop
                         ) -> Sequence[Write] | None:
        """Writes to commit in the same transaction as ``close``, the game ``read`` holds ended off the board by
        ``stop`` (``play.stop``; ``read``'s companions as for a step); None when this mode's own items have moved
        on (the stop reads the game again)."""
        return ()

    def after_stop(self, store: Store, clock: Clock, close: GameClose, stop: Stop, writes: Sequence[Write]) -> None:
        """What follows ``close`` once written (``writes``: this mode's, that rode with it). Never raises, as
        ``committed``."""

    def record_opens_at(self, game: Game) -> str | None:
        """When the game's full record opens to its players if not at the game's end (None: at its end)."""
        return None


Companions = Callable[[str], "Companion | None"]
"""A mode's companion of a game, from the game's id (None: a game of that id has none, so its read asks for
nothing; whether an id names a companion is the mode's to say)."""

_companions: tuple[Companions, ...] = ()


def install(companions: Sequence[Companions]) -> None:
    """The application's companions: what every step read asks for (a game's mode is known only once its item
    is read)."""
    global _companions
    _companions = tuple(companions)


def register(mode: Mode) -> Mode:
    """``mode`` as its catalog entry's (its module must be the one the entry names)."""
    registered: Mode = MODES.put(mode.name, mode, module=type(mode).__module__)
    return registered


def mode(name: str) -> Mode:
    """The registered mode ``name``, loading its module on first use."""
    found: Mode = MODES.load(name)
    return found


def companions(game_id: str) -> list[Companion]:
    """What a step's read of ``game_id`` asks for besides the game: one per mode that reads companions and has one
    for this id (a key not found costs the minimum read unit, no request)."""
    return [found for found in (companion(game_id) for companion in _companions) if found is not None]
