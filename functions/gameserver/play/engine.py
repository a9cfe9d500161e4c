"""The engine port: what the pipeline asks of a game, in one small ``Protocol`` each game implements in one
adapter module (``play/engines/<kind>.py``, the only application modules that import the rules layer).

A game is a sequence of steps: a Feinthold turn, a Front 1901 phase, a Feint turn, a Retreat decision or the
deployment. Each step names the seats that act in it and, by who plays them, when each is decided:

- ``awaiting``: seats played by members; the step resolves when all of them have sent, or at its deadline;
- ``decided_at_open``: seats whose orders are computed from their own view when the step opens and stored
  then (Feinthold's house AIs, Feint's bots), so a member's submission can resolve the step at once;
- ``decided_at_close``: seats decided when the step closes, after what happened inside it (Front 1901's AI
  powers, after the phase's negotiation), never given the awaited seats' orders.

State goes in and comes out as the engine's own value (``S``), stored as its JSON (``dump``/``load``).
Randomness comes in as a seed; nothing here reads a clock or does I/O.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from gameserver.errors import IllegalOrders
from gameserver.storage.records import Json, Seat

S = TypeVar("S")

Orders = Any
"""A seat's orders for one step, as JSON, in its engine's wire form: Feinthold a list of orders, Feint one
command, Front 1901 a list of order texts."""


class StepKind(enum.StrEnum):
    """What kind of decision a step is (a pace gives it its deadline)."""

    TURN = "turn"
    """A turn: Feinthold's simultaneous orders, a Feint seat's turn."""
    PHASE = "phase"
    """A Front 1901 phase: movement, retreats or adjustments."""
    RETREAT = "retreat"
    """A Feint defender's Retreat decision, in the middle of the attacker's turn."""
    DEPLOYMENT = "deployment"
    """Feint's secret deployment, every seat at once."""


class Step(NamedTuple):
    """The open step of a game: its name in the game's words and who acts in it."""

    label: str
    kind: StepKind
    awaiting: frozenset[Seat]
    decided_at_open: frozenset[Seat] = frozenset()
    decided_at_close: frozenset[Seat] = frozenset()
    clock: str | None = None
    """Steps with the same clock share one deadline (the two actions of one Feint turn); None: its own."""
    brief: bool = False
    """A step a pace of two durations gives its shorter one (a Front 1901 retreat or adjustment phase)."""

    @property
    def seats(self) -> frozenset[Seat]:
        return self.awaiting | self.decided_at_open | self.decided_at_close


class Outcome(NamedTuple):
    """How a game ended: ``winner`` a seat, ``"draw"``, or None (ended with no result); ``result``, how it ended
    for its member in the game's own words where a winner does not say it (Front 1901's ``survived``)."""

    winner: str | None
    result: str | None = None


class Started(NamedTuple):
    """A new game's state and its options as completed by the engine (a layout drawn from the seed)."""

    state: Any
    options: dict[str, str]


class Engine(Protocol[S]):
    kind: str
    replaces: bool
    """Whether a seat may send again, replacing its orders, while another seat the step awaits has yet to send
    (Feinthold: "You can change your orders as long as the opponent has not sent theirs", up to the cap of
    ``play.orders.MAX_SUBMISSIONS``); otherwise a seat's one submission is final."""

    def seats(self, options: Mapping[str, str]) -> tuple[Seat, ...]:
        """The seats of a game started with ``options``, in seat order."""
        ...

    def start(self, seed: int, options: Mapping[str, str]) -> Started:
        """A new game from its seed; raises ``InvalidInput`` naming the option at fault."""
        ...

    def step(self, state: S, players: Mapping[Seat, str]) -> Step | None:
        """The open step, its seats sorted by who decides them (``players``: seat -> player); None once over."""
        ...

    def check(self, state: S, seat: Seat, orders: Orders) -> Orders:
        """``orders`` checked on ``seat``'s view and normalised; raises ``IllegalOrders`` naming the order and
        the rule."""
        ...

    def act(self, state: S, seat: Seat, action: Json, earlier: Sequence[Json]) -> Json:
        """An action inside the open step (a Front 1901 proposal, answer or cancellation), checked on
        ``seat``'s view after the step's ``earlier`` actions, as the step records it (with its answer, if it
        gets one); raises ``IllegalOrders`` naming the field and the rule (and for a game with no actions)."""
        ...

    def stand_in(self, state: S, seat: Seat, stand_in: Json | None, seed: int) -> Orders:
        """The orders of ``seat``'s stand-in, from the seat's view only: a house AI, a doctrine, a bot; with
        none, what the rules do for a seat that sent nothing (hold, pass, stand, a random deal)."""
        ...

    def decide(self, state: S, seats: frozenset[Seat], actions: Sequence[Json], seed: int) -> dict[Seat, Orders]:
        """The orders of the seats decided when the step closes, after its ``actions``; given no other seat's
        orders of the step."""
        ...

    def advance(self, state: S, orders: Mapping[Seat, Orders], actions: Sequence[Json]) -> S:
        """The state after the open step, played with its actions and every seat's orders."""
        ...

    def step_record(self, before: S, after: S, orders: Mapping[Seat, Orders]) -> Json:
        """What the record of a resolved step keeps of it, from the state before and after and the orders it
        was played with (the stand-ins' included): what the table saw, so that it may be shown while the game
        is in play (the orders themselves are kept beside it, and open only once the game is over)."""
        ...

    def view(self, state: S, seat: Seat) -> Json:
        """What ``seat`` sees: never another seat's hidden part."""
        ...

    def outcome(self, state: S) -> Outcome | None:
        """How the game ended; None while it is in play."""
        ...

    def record(self, state: S) -> Json:
        """A finished game's full record (no seed: it drew the stand-ins' noise too)."""
        ...

    def stop(self, state: S, winner: Seat | None) -> S:
        """The game ended off the board: a forfeit's winner, or None (cancelled, stopped)."""
        ...

    def dump(self, state: S) -> Json: ...

    def load(self, data: Json) -> S: ...


class BaseEngine(Generic[S]):
    """What most games do, for an adapter to inherit (it writes only what its game does; ``Engine`` stays the
    port): a seat's one submission is final, a step has no actions inside it and no seats decided at its close,
    and a resolved step's record keeps nothing beyond the orders stored beside it."""

    kind: str
    replaces: bool = False

    def act(self, state: S, seat: Seat, action: Json, earlier: Sequence[Json]) -> Json:
        raise IllegalOrders(f"a step of {self.kind} has orders only: it has no actions", field="action",
                            rule="no-actions")

    def decide(self, state: S, seats: frozenset[Seat], actions: Sequence[Json], seed: int) -> dict[Seat, Orders]:
        return {}

    def step_record(self, before: S, after: S, orders: Mapping[Seat, Orders]) -> Json:
        return {}
