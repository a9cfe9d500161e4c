"""The mode registry: what a way of playing adds to the pipeline's steps, registered by the mode itself.

A mode names its deadlines (a timer per step, lazy, or none), the companions it reads with a step (items read
in the step's own request), the writes that ride in a step's transaction (so a step and what it moves commit
together, or neither does), and what follows a committed step (an end recorded elsewhere). The pipeline calls
these hooks and knows no mode by name: the catalog of modes (``gameserver.catalog.MODES``) says which module
holds each, imported when a game of that mode is first met; the module calls ``register``.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from datetime import timedelta
from typing import TYPE_CHECKING, Any, NamedTuple

from gameserver.catalog import MODES
from gameserver.clock import Clock, Pace, step_time

if TYPE_CHECKING:
    from gameserver.storage.games import Companion, GameClose, StepCommit, StepRead
    from gameserver.storage.port import Store, Write
    from gameserver.storage.records import Game, Seat


class StopReason(enum.StrEnum):
    ABANDONED = "abandoned"
    """Its member stopped it: the game says how that ends for them (Front 1901: ``abandoned``, ranked last)."""
    MODERATOR = "moderator"
    """A moderator stopped it: it ends with no result, whatever its board says."""
    FROZEN = "frozen"
    """A member's ratings were frozen: its mode says whether that is a forfeit (a winner named) or no result."""
    FORFEIT = "forfeit"
    """Its mode's rules ended it with a winner named, or none (a duel or a match decided off the board)."""


RULES = "rules"
"""Who stopped a game its mode's rules ended (``Stop.by`` of a forfeit)."""


class Stop(NamedTuple):
    """Why a game stops, who stopped it and the seat that wins by it (None: no winner)."""

    reason: StopReason
    by: str
    """A member (who abandoned it, whose ratings a freeze froze), a moderator, or ``RULES``."""
    winner: Seat | None = None
    frozen: frozenset[str] = frozenset()
    """A freeze's (``FROZEN``): every member it froze at once, ``by`` among them (a match whose two players are
    both frozen is void, not a forfeit)."""


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

    def step_time(self, pace: str, step: int, brief: bool) -> timedelta:
        """How long step number ``step`` stays open at ``pace`` (``brief``: the engine's shorter kind of step);
        a mode whose paces name a duration per kind of step says so here."""
        return step_time(Pace(pace), step)

    def writes_with_step(self, store: Store, clock: Clock, commit: StepCommit, read: StepRead) -> Sequence[Write]:
        """Writes that commit in the step's own transaction, or neither does (``read``: the step's read)."""
        return ()

    def companions_as_written(self, riders: Sequence[Write]) -> dict[Companion, Any]:
        """The companions as this mode's writes left them: the next step of the same request reads nothing."""
        return {}

    def after_step(self, store: Store, clock: Clock, commit: StepCommit, riders: Sequence[Write]) -> None:
        """What follows the step once committed (``riders``: this mode's writes); never raises (caught up later)."""

    def after_end(self, store: Store, clock: Clock, commit: StepCommit) -> None:
        """What follows the step that ended the game, once committed, after ``after_step`` (its result recorded
        elsewhere, its fair-play marks); never raises, as ``after_step``."""

    def writes_with_stop(self, store: Store, clock: Clock, close: GameClose, read: StepRead, stop: Stop
                         ) -> Sequence[Write] | None:
        """Writes that commit in the stop's own transaction (None: this mode's items moved on, read again).

        ``close`` ends the game ``read`` holds (with its companions, as for a step), by ``stop`` (``play.stop``)."""
        return ()

    def after_stop(self, store: Store, clock: Clock, close: GameClose, stop: Stop, writes: Sequence[Write]) -> None:
        """What follows the stop once committed (``writes``: this mode's); never raises, as ``after_step``."""

    def record_opens_at(self, game: Game) -> str | None:
        """When the game's full record opens to its players if not at the game's end (None: at its end)."""
        return None


Companions = Callable[[str], "Companion | None"]
"""A mode's companion of a game, from the game's id (None: a game of that id has none, so its read asks for
nothing; whether an id names a companion is the mode's to say)."""

_companions: dict[str, tuple[Companions, ...]] = {}


def install(companions: Mapping[str, Sequence[Companions]]) -> None:
    """The application's companions, by the mode that reads them with its steps (a game's mode is known only once
    its item is read: a read asks for those of every mode its game may be played in)."""
    global _companions
    _companions = {name: tuple(found) for name, found in companions.items()}


def register(mode: Mode) -> Mode:
    """``mode`` as its catalog entry's (its module must be the one the entry names)."""
    registered: Mode = MODES.put(mode.name, mode, module=type(mode).__module__)
    return registered


def mode(name: str) -> Mode:
    """The registered mode ``name``, loading its module on first use."""
    found: Mode = MODES.load(name)
    return found


def companions(game_id: str, kind: str | None = None, game_mode: str | None = None) -> list[Companion]:
    """What a step's read of ``game_id`` asks for besides the game: one per mode that reads companions, may play
    a game of ``kind`` (None: of any kind) and has one for this id (a key not found costs the minimum read unit,
    no request); given ``game_mode`` (the caller holds the game's item already), that mode's alone. A mode that
    reads none costs nothing: a Front 1901 phase asks for no duel, nor a house game whose item is in hand."""
    wanted = [found for name, found in _companions.items()
              if (game_mode is None or name == game_mode) and (kind is None or MODES.plays(name, kind))]
    return [one for companion in (c for found in wanted for c in found)
            if (one := companion(game_id)) is not None]


def record_opens_at(game: Game) -> str | None:
    """When the game's record opens to its players: at its end (None while in play), unless its mode keeps it
    closed until later (``Mode.record_opens_at``)."""
    later = mode(game.mode).record_opens_at(game)
    if later is not None:
        return later
    return game.finished_at if game.status == "over" else None
