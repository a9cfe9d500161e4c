"""Tally: a game made for the pipeline's tests, small enough to reason about by hand.

Two or three seats; each step a seat adds 0 to 9 to its own secret total. ``together``: every seat adds at
once (a simultaneous step); ``in-turn``: one seat at a time, in seat order (a sequential step). After
``steps`` steps the highest total wins (equal highest: a draw). A seat sees its own total and the step
number, never another seat's total. A bot's stand-in adds its ``bot`` number; a missed seat with no stand-in
adds 0. Inside a step a seat may ``call`` a number (an action, answered "heard"; a number called again is heard
already: the same action as the first call); an AI seat (``ai:``) is
decided when the step closes, after the calls: it adds the step's seed plus the calls, mod 10, and is given no
other seat's orders (it has none to be given). How a game ended for its members, in its own words: ``decided``
(one winner) or ``shared`` (a draw).

How a game joins the service, as the example of ``docs/interfaces.md``: its adapter (``Tally``, the engine
port), its entry in the catalog of games, which names this module as the one holding ``ENGINE``, and here,
being a test's game, the fixture that adds it and its modes (one per kind of deadline) and takes them away
after, so that it never reaches the OpenAPI document or the authorization matrix.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import pytest
from gameserver.catalog import GAMES, MODES, Entry
from gameserver.domain.players import PlayerKind, player
from gameserver.errors import IllegalOrders, InvalidInput
from gameserver.play.engine import BaseEngine, Orders, Outcome, Started, Step, StepKind
from gameserver.play.modes import Deadlines, Mode

KIND = "tally"
SEATS = ("a", "b", "c")


class Tally(BaseEngine[Any]):
    kind = KIND
    replaces = True

    def seats(self, options: Mapping[str, str]) -> tuple[str, ...]:
        return SEATS[: int(options.get("seats", "2"))]

    def start(self, seed: int, options: Mapping[str, str]) -> Started:
        if options.get("style", "together") not in ("together", "in-turn"):
            raise InvalidInput("style is together or in-turn", field="style")
        seats = self.seats(options)
        state = {"seats": list(seats), "style": options.get("style", "together"), "steps": int(options.get("steps", "4")),
                 "played": 0, "totals": {seat: 0 for seat in seats}, "winner": None, "over": False}
        return Started(state, {"seats": str(len(seats)), "style": state["style"], "steps": str(state["steps"])})

    def step(self, state: Any, players: Mapping[str, str]) -> Step | None:
        if state["over"]:
            return None
        acting = state["seats"] if state["style"] == "together" else [state["seats"][state["played"] % len(state["seats"])]]
        kinds = {seat: player(players[seat]).kind for seat in acting}
        return Step(label=f"{state['played'] + 1}", kind=StepKind.TURN,
                    awaiting=frozenset(s for s in acting if kinds[s] is PlayerKind.MEMBER),
                    decided_at_open=frozenset(s for s in acting if kinds[s] is PlayerKind.BOT),
                    decided_at_close=frozenset(s for s in acting if kinds[s] is PlayerKind.AI))

    def check(self, state: Any, seat: str, orders: Orders) -> Orders:
        if not isinstance(orders, dict) or set(orders) != {"add"} or not isinstance(orders["add"], int) \
                or isinstance(orders["add"], bool) or not 0 <= orders["add"] <= 9:
            raise IllegalOrders("a seat adds 0 to 9", field="orders.add", rule="add-0-to-9")
        return {"add": orders["add"]}

    def act(self, state: Any, seat: str, action: dict[str, Any], earlier: Sequence[dict[str, Any]]) -> dict[str, Any]:
        if set(action) != {"call"} or not isinstance(action["call"], int) or not 0 <= action["call"] <= 9:
            raise IllegalOrders("a seat calls 0 to 9", field="action.call", rule="call-0-to-9")
        heard = next((a for a in earlier if a["seat"] == seat and a["call"] == action["call"]), None)
        return heard or {"seat": seat, "call": action["call"], "answer": "heard", "after": len(earlier)}

    def stand_in(self, state: Any, seat: str, stand_in: dict[str, Any] | None, seed: int) -> Orders:
        return {"add": 0 if stand_in is None else int(stand_in["bot"])}

    def decide(self, state: Any, seats: frozenset[str], actions: Sequence[dict[str, Any]], seed: int
               ) -> dict[str, Orders]:
        called = sum(action["call"] for action in actions)
        return {seat: {"add": (seed + ord(seat) + called) % 10} for seat in seats}

    def advance(self, state: Any, orders: Mapping[str, Orders], actions: Sequence[dict[str, Any]]) -> Any:
        after = copy.deepcopy(state)
        for seat, sent in orders.items():
            after["totals"][seat] += sent["add"]
        after["played"] += 1
        if after["played"] >= after["steps"]:
            best = max(after["totals"].values())
            leaders = [seat for seat, total in after["totals"].items() if total == best]
            after["over"], after["winner"] = True, leaders[0] if len(leaders) == 1 else "draw"
        return after

    def step_record(self, before: Any, after: Any, orders: Mapping[str, Orders]) -> dict[str, Any]:
        return {"played": after["played"]}

    def view(self, state: Any, seat: str) -> dict[str, Any]:
        return {"seat": seat, "played": state["played"], "mine": state["totals"][seat], "over": state["over"],
                "winner": state["winner"]}

    def outcome(self, state: Any) -> Outcome | None:
        if not state["over"]:
            return None
        return Outcome(state["winner"], "shared" if state["winner"] == "draw" else "decided")

    def record(self, state: Any) -> dict[str, Any]:
        return {"totals": dict(state["totals"]), "winner": state["winner"]}

    def stop(self, state: Any, winner: str | None) -> Any:
        return {**copy.deepcopy(state), "over": True, "winner": winner}

    def dump(self, state: Any) -> dict[str, Any]:
        return copy.deepcopy(state)

    def load(self, data: dict[str, Any]) -> Any:
        return copy.deepcopy(data)


ENGINE = Tally()

ENTRY = Entry(KIND, __name__, "Tally: each seat adds to its own secret total; the highest total wins.")


class TallyMode(Mode):
    def __init__(self, name: str, deadlines: Deadlines) -> None:
        self.name, self.deadlines = name, deadlines


MODES_OF_TALLY = [TallyMode(f"tally-{deadlines}", deadlines) for deadlines in Deadlines]
"""Tally's own modes, one per kind of deadline, with nothing else to add."""


@pytest.fixture(autouse=True)
def tally_registered() -> Iterator[None]:
    """Tally and its modes declared for the test, and taken away after it."""
    GAMES.add(ENTRY)
    for tally_mode in MODES_OF_TALLY:
        MODES.add(Entry(tally_mode.name, __name__, f"Tally with {tally_mode.deadlines} deadlines."), tally_mode)
    yield
    GAMES.remove(KIND)
    for tally_mode in MODES_OF_TALLY:
        MODES.remove(tally_mode.name)
