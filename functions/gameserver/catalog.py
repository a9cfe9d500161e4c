"""The games and the modes the service hosts, each declared once: its name, the module that holds it and a line
that says what it is. Everything that lists games or modes derives from here (the API's ``GameKind`` and
``Mode``, the pipeline's engines and modes, a member's list of games, the stop path), and the modules load only
when a game of theirs is first met, so a cold start pays for none of them.

A game's module holds its adapter as ``ENGINE`` (``play.engine.Engine``); a mode's module registers its
``play.modes.Mode`` on import (``play.modes.register``). Each checks its own name against its entry, so an
entry and its module cannot drift apart. A test adds a game or a mode of its own with ``Catalog.add`` and takes
it away after (``tests/play/tally.py``): the API's enums are built from what is declared here, never from what
a test added.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, NamedTuple

from gameserver.errors import NotFound, wire

if TYPE_CHECKING:
    from gameserver.play.engine import Engine


class Entry(NamedTuple):
    name: str
    """The name on the wire and in storage (``Game.kind``, ``Game.mode``)."""
    module: str
    """The module that holds it, imported on first use."""
    description: str
    """One line: what it is, in the game's or the platform's words (the API's enum documents it)."""
    games: tuple[str, ...] = ()
    """A mode's: the games it is played in (none named: any game). A step's read asks for the companions of the
    modes its game may be played in, and no other."""
    words: str = ""
    """A game's: the module that speaks it on the wire, whose ``SHOWN`` (``play.events.Shown``) is a member's
    game as the API answers it and what a live event tells of that answer."""


class Undeclared(LookupError):
    """A name the catalog does not declare."""


class Catalog:
    """The entries of one kind of thing, and what their modules hold once loaded."""

    def __init__(self, what: str, named_by: str, attribute: str | None, entries: tuple[Entry, ...]) -> None:
        self.what = what
        self._named_by = named_by
        """The attribute in which what an entry holds says its own name (an engine's ``kind``)."""
        self._attribute = attribute
        """The name of what an entry's module holds (``ENGINE``); None: the module registers it on import."""
        self.declared = entries
        self._entries = {entry.name: entry for entry in entries}
        self._loaded: dict[str, Any] = {}
        self._lock = threading.Lock()

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __contains__(self, name: object) -> bool:
        return name in self._entries

    def entry(self, name: str) -> Entry | None:
        return self._entries.get(name)

    def load(self, name: str) -> Any:
        """What the entry ``name`` holds, importing its module on first use; ``Undeclared`` for no entry."""
        found = self._loaded.get(name)
        if found is not None:
            return found
        entry = self._entries.get(name)
        if entry is None:
            raise Undeclared(f"no {self.what} {name!r} is declared")
        module = importlib.import_module(entry.module)
        if self._attribute is not None:
            self.put(name, getattr(module, self._attribute), module=entry.module)
        found = self._loaded.get(name)
        if found is None:
            raise LookupError(f"{entry.module} holds no {self.what} {name!r}")
        return found

    def put(self, name: str, value: Any, *, module: str) -> Any:
        """``value`` as what entry ``name`` holds, as the module ``module`` defines it: the name must be
        declared, by that module, and ``value`` must say it is ``name``."""
        entry = self._entries.get(name)
        if entry is None or entry.module != module:
            raise Undeclared(f"{module} holds {self.what} {name!r}, which is not declared as its own")
        if getattr(value, self._named_by) != name:
            raise ValueError(f"{module} holds {self.what} {name!r} as {getattr(value, self._named_by)!r}")
        with self._lock:
            self._loaded[name] = value
        return value

    def plays(self, name: str, kind: str) -> bool:
        """Whether the mode ``name`` may be played in a game of ``kind``."""
        entry = self._entries.get(name)
        return entry is not None and (not entry.games or kind in entry.games)

    def add(self, entry: Entry, value: Any = None) -> None:
        """Declare ``entry`` beside the others (a test's own game or mode), with what it holds if given."""
        with self._lock:
            self._entries[entry.name] = entry
        if value is not None:
            self.put(entry.name, value, module=entry.module)

    def remove(self, name: str) -> None:
        """Take back an entry ``add`` declared (the declared ones stay)."""
        if any(entry.name == name for entry in self.declared):
            raise ValueError(f"{self.what} {name!r} is declared by the catalog, not added")
        with self._lock:
            self._entries.pop(name, None)
            self._loaded.pop(name, None)


FEINTHOLD = "feinthold"
FEINT = "feint"
FRONT1901 = "front1901"

GAMES = Catalog("game", "kind", "ENGINE", (
    Entry(FEINTHOLD, "gameserver.play.engines.feinthold",
          "Feinthold: two sides, simultaneous orders, eight turns.", words="gameserver.domain.feinthold"),
    Entry(FEINT, "gameserver.play.engines.feint",
          "Feint: a hex board, face-down tokens and banked Moves, two to six seats.",
          words="gameserver.domain.feint.games"),
    Entry(FRONT1901, "gameserver.play.engines.front1901",
          "Front 1901: Diplomacy's board, a member's power against six AI powers.",
          words="gameserver.domain.front1901.games"),
))
"""The games, each with its adapter (``play/engines/<name>.py``)."""


def engine(kind: str) -> Engine[Any]:
    """The adapter of the game ``kind`` (its ``kind`` checked against its entry when first loaded); 404 naming
    ``kind`` for a game the catalog does not declare."""
    try:
        found: Engine[Any] = GAMES.load(kind)
    except Undeclared:
        raise NotFound(f"no game {wire(kind)}", field="kind") from None
    return found

MODES = Catalog("mode", "name", None, (
    Entry("house", "gameserver.domain.feinthold.house", "Against a house AI.", (FEINTHOLD,)),
    Entry("friendly", "gameserver.domain.feinthold.friendly", "Between two members, by invitation: no stake, no rating.",
          (FEINTHOLD,)),
    Entry("duel", "gameserver.domain.duels.game", "A duel between two members, rated, with a stake in credits.",
          (FEINTHOLD,)),
    Entry("daily", "gameserver.domain.daily.results",
          "The Daily Front: everyone plays the same game against the same house AI.", (FEINTHOLD,)),
    Entry("match", "gameserver.domain.tournaments.match", "A match of a knockout tournament.", (FEINTHOLD,)),
    Entry("challenge", "gameserver.domain.challenges.game", "A rated challenge of a published doctrine or a house AI.",
          (FEINTHOLD,)),
    Entry("solo", "gameserver.domain.solo",
          "One member against the game's own players, no deadline: Feint's bots (the member at seat 1), Front "
          "1901's six AI powers.", (FEINT, FRONT1901)),
    Entry("hot-seat", "gameserver.domain.feint.hotseat",
          "Feint: one member playing several seats on one device (and bots in the others); no deadline.", (FEINT,)),
    Entry("watch", "gameserver.domain.feint.watch",
          "Feint: bots only, every strength face-up, played out when created; anyone with its id reads it.",
          (FEINT,)),
    Entry("online", "gameserver.domain.feint.online",
          "Feint: members each on their own device (and bots in the seats left), a deadline per decision.",
          (FEINT,)),
    Entry("front1901-online", "gameserver.domain.front1901.online",
          "Front 1901 between members, each on their own device, AI powers in the empty and abandoned seats, a "
          "deadline per phase.", (FRONT1901,)),
    Entry("front1901-daily", "gameserver.domain.front1901.daily",
          "Front 1901's daily challenge: the day's power, level and seed for everyone, one attempt a day.",
          (FRONT1901,)),
))
"""The modes, each registered by its module (``play.modes.register``), with the games it is played in."""
