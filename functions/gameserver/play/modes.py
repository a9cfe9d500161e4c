"""The mode registry: what a way of playing adds to the pipeline's steps, registered by the mode itself.

A mode names its deadlines (a timer per step, lazy, or none), the companions it reads with a step (items read
in the step's own request), the writes that ride in a step's transaction (so a step and what it moves commit
together, or neither does), and what follows a committed step (an end recorded elsewhere). The pipeline calls
these hooks and knows no mode by name: the application installs a loader (``install``) that imports a mode's
module, which calls ``register``, when a game of that mode is first met.
"""

from __future__ import annotations

import enum
import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from gameserver.clock import Clock

if TYPE_CHECKING:
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

    def closed(self, store: Store, clock: Clock, close: GameClose) -> None:
        """What follows a game ended off the board (``steps.end_off_the_board``: a member who stops) once written.
        Never raises, as ``committed``."""

    def record_opens_at(self, game: Game) -> str | None:
        """When the game's full record opens to its players if not at the game's end (None: at its end)."""
        return None


Companions = Callable[[str], "Companion | None"]
"""A mode's companion of a game, from the game's id (None: a game of that id has none, so its read asks for
nothing; whether an id names a companion is the mode's to say)."""

_lock = threading.Lock()
_modes: dict[str, Mode] = {}
_loader: Callable[[str], None] | None = None
_companions: tuple[Companions, ...] = ()


def install(loader: Callable[[str], None], companions: Sequence[Companions]) -> None:
    """The application's modes: ``loader(name)`` imports the module that registers mode ``name``;
    ``companions`` are what every step read asks for (a game's mode is known only once its item is read)."""
    global _loader, _companions
    _loader, _companions = loader, tuple(companions)


def register(mode: Mode) -> Mode:
    with _lock:
        _modes[mode.name] = mode
    return mode


def mode(name: str) -> Mode:
    """The registered mode ``name``, loading its module on first use."""
    found = _modes.get(name)
    if found is None and _loader is not None:
        _loader(name)
        found = _modes.get(name)
    if found is None:
        raise LookupError(f"no mode {name!r} is registered")
    return found


def companions(game_id: str) -> list[Companion]:
    """What a step's read of ``game_id`` asks for besides the game: one per mode that reads companions and has one
    for this id (a key not found costs the minimum read unit, no request)."""
    return [found for found in (companion(game_id) for companion in _companions) if found is not None]
