"""Feinthold behind the engine port: each turn is a step awaiting both sides; a house AI's side is decided
when the turn opens ("A house AI [...] sends its own as soon as the turn opens"), from its own view.

Also what the platform's Feinthold features ask of the engine beyond the port (house AIs, doctrines,
layouts, a side's standing), so that this module stays the one that imports ``rules.feinthold``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from gameserver.catalog import FEINTHOLD
from gameserver.errors import ErrorCode, IllegalOrders, InvalidInput, wire
from gameserver.play.engine import BaseEngine, Orders, Outcome, Started, Step, StepKind
from gameserver.storage.records import Json, Seat, is_member
from rules.feinthold import (
    LAYOUTS,
    SIDES,
    GameState,
    IllegalOrderError,
    LayoutError,
    Side,
    check_orders,
    layout_by_id,
    new_game,
    orders_cost,
    other,
    record,
    resolve,
    tally,
    view,
)
from rules.feinthold.doctrine import DoctrineError, parse_doctrine
from rules.feinthold.doctrine.house import HouseName, house_ai
from rules.feinthold.doctrine.interpreter import play
from rules.feinthold.doctrine.noise import Noise

HOUSE_AIS: tuple[HouseName, ...] = ("sentinel", "pivot", "ram")
_SIDES: dict[str, Side] = {"south": "south", "north": "north"}
_HOUSE_AIS: dict[str, HouseName] = {name: name for name in HOUSE_AIS}
_NOISES: dict[str, Noise] = {"none": "none", "normal": "normal", "strong": "strong"}


def _word(table: dict[str, Any], text: str, what: str) -> Any:
    """A stored string as the engine's own word; ``ValueError`` for one the engine does not know (the one
    checked crossing from the records' plain strings to the engine's Literals)."""
    word = table.get(text)
    if word is None:
        raise ValueError(f"{wire(text)} is not a {what} (known: {', '.join(table)})")
    return word


def as_side(text: str) -> Side:
    """``text`` as a Feinthold side (``south``, ``north``)."""
    return _word(_SIDES, text, "side")


def as_house_ai(text: str) -> HouseName:
    """``text`` as the name of a house AI (``sentinel``, ``pivot``, ``ram``)."""
    return _word(_HOUSE_AIS, text, "house AI")


def as_noise(text: str) -> Noise:
    """``text`` as a house AI's noise level (``none``, ``normal``, ``strong``)."""
    return _word(_NOISES, text, "noise level")


class Feinthold(BaseEngine[GameState]):
    kind = FEINTHOLD
    replaces = True
    house_ais: tuple[str, ...] = HOUSE_AIS

    def seats(self, options: Mapping[str, str]) -> tuple[Seat, ...]:
        return SIDES

    def start(self, seed: int, options: Mapping[str, str]) -> Started:
        layout = options.get("layout")
        try:
            state = new_game(seed, layout)
        except (LayoutError, KeyError, ValueError) as error:
            raise InvalidInput(f"unknown layout {wire(layout)}", field="layout") from error
        return Started(state, {**options, "layout": state.layout.id})

    def step(self, state: GameState, players: Mapping[Seat, str]) -> Step | None:
        if state.over:
            return None
        members = frozenset(seat for seat in SIDES if is_member(players[seat]))
        return Step(label=str(state.turn), kind=StepKind.TURN, awaiting=members,
                    decided_at_open=frozenset(SIDES) - members)

    def check(self, state: GameState, seat: Seat, orders: Orders) -> Orders:
        try:
            return check_orders(view(state, as_side(seat)), orders).to_json()
        except IllegalOrderError as error:
            field = f"orders[{error.index}]" if error.index is not None else "orders"
            raise IllegalOrders(str(error), field=field, rule=error.rule) from error

    def stand_in(self, state: GameState, seat: Seat, stand_in: Json | None, seed: int) -> Orders:
        """The snapshotted doctrine's orders on the side's view ("A doctrine sees exactly what its side sees");
        without one, "your troops stay in place and your income goes to the reserve" (no orders)."""
        if stand_in is None:
            return []
        side_view = view(state, as_side(seat))
        orders, _trace = play(parse_doctrine(stand_in), side_view)
        return check_orders(side_view, [dict(order) for order in orders]).to_json()

    def advance(self, state: GameState, orders: Mapping[Seat, Orders], actions: Sequence[Json]) -> GameState:
        return resolve(state, {as_side(seat): sent for seat, sent in orders.items()})

    def step_record(self, before: GameState, after: GameState, orders: Mapping[Seat, Orders]) -> Json:
        """The flags after the turn: what both sides see ("You see the whole map and the flags"). Units, decoys,
        reserves and income are each side's own; the game's record shows them once it is over."""
        return {"flags": dict(after.flags)}

    def view(self, state: GameState, seat: Seat) -> Json:
        return view(state, as_side(seat)).to_json()

    def outcome(self, state: GameState) -> Outcome | None:
        return Outcome(state.winner) if state.over else None

    def record(self, state: GameState) -> Json:
        full = record(state)
        full.pop("seed", None)  # a game's seed stays secret even after it: it also drew the house AI's noise
        return full

    def stop(self, state: GameState, winner: Seat | None) -> GameState:
        return replace(state, over=True, winner=None if winner is None else as_side(winner))

    def dump(self, state: GameState) -> Json:
        return state.to_json()

    # ---------------------------------------------------------------- what Feinthold's features ask
    @staticmethod
    def points_left(side_view: Json, sent: Orders | None) -> int:
        """What is left of the turn's points (a stored view's `points`) once the orders sent, checked, are paid;
        nothing once the game is over, as its `legal` says (no turn is left to spend them on)."""
        if side_view.get("over"):
            return 0
        return int(side_view["points"]) - (orders_cost(side_view["side"], sent) if sent else 0)

    def load(self, data: Json) -> GameState:
        return GameState.from_json(data)

    # ---------------------------------------------------------------- what the Feinthold features ask
    @staticmethod
    def other(seat: Seat) -> Seat:
        return other(as_side(seat))

    @staticmethod
    def house_doctrine(name: str, seed: int, noise: str = "normal") -> Json:
        """The house AI ``name`` with this game's noise, as the JSON snapshot the game keeps."""
        return house_ai(as_house_ai(name), seed, as_noise(noise)).to_json()

    @staticmethod
    def check_doctrine(raw: Json) -> Json:
        """A doctrine as the engine reads it back; a broken one is a 422 naming the field and the rule."""
        try:
            return parse_doctrine(raw).to_json()
        except DoctrineError as error:
            field = f"doctrine.{error.path}" if error.path else "doctrine"
            rule = None if error.rule is None else f"rule {error.rule}"
            raise InvalidInput(error.message, field=field, rule=rule, code=ErrorCode.INVALID_DOCTRINE) from error

    @staticmethod
    def layout_ids() -> list[str]:
        return [layout.id for layout in LAYOUTS]

    @staticmethod
    def check_layout(layout: str) -> None:
        try:
            layout_by_id(layout)
        except (KeyError, ValueError) as error:
            raise InvalidInput(f"unknown layout {wire(layout)}", field="layout") from error

    @staticmethod
    def tallies(state: GameState) -> dict[Seat, tuple[int, int]]:
        """Each side's ``(right predictions, combats won)`` over the turns played: what breaks a knockout match's
        draw ("A draw is broken by the right predictions, then by the combats won")."""
        counts = tally(state.history)
        return {side: (counts[side]["predictions_right"], counts[side]["combats_won"]) for side in SIDES}

    @staticmethod
    def house_rules() -> dict[str, Json]:
        """The house AIs' public rules, as written (before any game's noise), by name."""
        from rules.feinthold.doctrine import house_rules

        return house_rules()

    @staticmethod
    def bench(doctrine: Json, seed: int) -> Json:
        """The engine's test bench of ``doctrine`` (checked already): 3 house AIs x 2 sides x one layout of each
        shape, every game's result and what each rule did turn by turn."""
        from rules.feinthold.doctrine import bench

        return bench(doctrine, seed)

    def doctrine_trace(self, data: Json, doctrine: Json, seat: Seat) -> list[Json]:
        """What each rule of ``doctrine`` did on each turn it played ``seat`` in the finished game ``data``: the
        game replayed from its start with the orders its record holds, the doctrine read again on each turn's
        view (the interpreter is deterministic: the orders it gives are those it played, which is checked)."""
        final = GameState.from_json(data)
        if final.seed is None:
            raise ValueError("a game without its seed cannot be replayed")
        side, played = as_side(seat), parse_doctrine(doctrine)
        state = new_game(final.seed, final.layout.id)
        traces = []
        for turn in final.history:
            orders, trace = play(played, view(state, side))
            if orders != turn.orders[side]:
                raise ValueError(f"turn {turn.turn} replayed other orders than the game's: not this doctrine's game")
            traces.append(trace.to_json())
            state = resolve(state, {s: turn.orders[s] for s in SIDES})
        return traces

    def standing(self, state: GameState, seat: Seat) -> tuple[int, int]:
        """``(positions held, income earned)`` of ``seat``: what a finished Daily Front ranks by."""
        side = as_side(seat)
        return state.positions_held(side), state.income_total[side]


ENGINE = Feinthold()
