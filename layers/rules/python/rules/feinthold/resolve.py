"""The turn resolves on its own:

1. Reinforcements are placed.
2. All moves happen together: two groups that cross on a path do not fight.
3. A decoy that ends on an enemy position is unmasked and destroyed.
4. Where both sides are present, there is combat.
5. A position where only one side has units becomes theirs; an empty position keeps its flag; lone decoys
   take nothing.
6. Scouting reports come in, predictions are judged.

Then the win checks (see `outcome`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .combat import as_strength, fight, strength_halves
from .legality import check_and_cost
from .observations import observe
from .orders import IllegalOrderError, OrderSet
from .outcome import judge
from .positions import HQ, HQ_OWNER, POSITIONS, SIDES, Position, Side, other
from .state import GameState, TurnRecord


@dataclass(slots=True)
class Deployment:
    """One side's pieces after steps 1-3: units (with their strength in half points) and surviving decoys by
    position, units that arrived by position, and its scouting and prediction targets."""

    units: dict[Position, int]
    halves: dict[Position, int]
    decoys: dict[Position, int]
    arrived: dict[Position, int]
    scouts: list[Position]
    predicted: Position | None


def deploy(
    side: Side,
    units: Mapping[Position, int],
    decoys: Mapping[Position, int],
    orders: OrderSet,
    flags: Mapping[Position, Side | None],
) -> Deployment:
    """Steps 1-3 for one side: reinforcements placed (they count as staying), every move made at once (so
    groups that cross on a path never meet), then "every decoy standing after the moves on a position whose
    flag is the other side's is destroyed, whether it moved or stayed"."""
    stay = dict(units)
    decoy = dict(decoys)
    arrived: dict[Position, int] = {}
    entrenched = {HQ[side]}
    scouts: list[Position] = []
    predicted = None
    for o in orders.orders:
        kind = o.kind  # each order class's own word: the same test as isinstance, without the chain of calls
        if kind == "move":
            stay[o.frm] = stay.get(o.frm, 0) - o.units  # type: ignore[union-attr]
            arrived[o.to] = arrived.get(o.to, 0) + o.units  # type: ignore[union-attr]
            decoy[o.frm] = decoy.get(o.frm, 0) - o.decoys  # type: ignore[union-attr]
            decoy[o.to] = decoy.get(o.to, 0) + o.decoys  # type: ignore[union-attr]
        elif kind == "reinforce":
            stay[o.at] = stay.get(o.at, 0) + o.units  # type: ignore[union-attr]
            decoy[o.at] = decoy.get(o.at, 0) + o.decoys  # type: ignore[union-attr]
        elif kind == "entrench":
            entrenched.add(o.at)  # type: ignore[union-attr]
        elif kind == "scout":
            scouts.append(o.at)  # type: ignore[union-attr]
        else:
            predicted = o.at  # type: ignore[union-attr]
    out_units: dict[Position, int] = {}
    halves: dict[Position, int] = {}
    for p in POSITIONS:  # in map order, so that every listing of the state comes out the same
        if p in stay or p in arrived:
            stayed, came = stay.get(p, 0), arrived.get(p, 0)
            if stayed or came:
                out_units[p] = stayed + came
                halves[p] = strength_halves(came, stayed, p in entrenched)
    enemy = other(side)
    surviving = {p: n for p, n in decoy.items() if n and flags[p] != enemy}
    return Deployment(out_units, halves, surviving, arrived, scouts, predicted)


def combat(
    south: Deployment, north: Deployment, flags: dict[Position, Side | None]
) -> tuple[dict[Position, Side | None], dict[Side, dict[Position, float | int]]]:
    """Step 4, in place on the deployments and `flags`: a combat wherever both sides have units or decoys.

    Returns the winner of each combat (None on a tie) and, per side, the other side's strength it met there.
    """
    winners: dict[Position, Side | None] = {}
    seen: dict[Side, dict[Position, float | int]] = {"south": {}, "north": {}}
    for p in POSITIONS:
        if not ((p in south.units or p in south.decoys) and (p in north.units or p in north.decoys)):
            continue
        sh, nh = south.halves.get(p, 0), north.halves.get(p, 0)
        seen["south"][p] = as_strength(nh)
        seen["north"][p] = as_strength(sh)
        result = fight(south.units.get(p, 0), sh, north.units.get(p, 0), nh)
        winners[p] = result.winner
        for side, left in ((south, result.south_units), (north, result.north_units)):
            if left:
                side.units[p] = left
            else:
                side.units.pop(p, None)
            side.decoys.pop(p, None)
        if result.winner is None:
            flags[p] = HQ_OWNER.get(p)  # a tie turns the position neutral, "except an HQ"
    return winners, seen


def raise_flags(flags: dict[Position, Side | None], south: Deployment, north: Deployment) -> None:
    """Step 5: "A position where only one side has units becomes theirs; an empty position keeps its flag;
    lone decoys take nothing." After combat no position holds units of both sides."""
    for p in south.units:
        flags[p] = "south"
    for p in north.units:
        flags[p] = "north"


def resolve(state: GameState, orders_by_side: Mapping[Side, Iterable[object] | OrderSet]) -> GameState:
    """The state after the open turn, resolved on both sides' orders (wire lists or `OrderSet`s; a missing
    side holds). Raises `IllegalOrderError` (with `.side` set) if either set breaks a rule: nothing resolves."""
    if state.over:
        raise IllegalOrderError("game-over", "the game is over: no more orders")
    layout, turn = state.layout, state.turn
    income = {s: state.income(s) for s in SIDES}
    sets: dict[Side, OrderSet] = {}
    spent: dict[Side, int] = {}
    for s in SIDES:
        points = state.reserve[s] + income[s]
        sets[s], spent[s] = check_and_cost(
            s, layout, state.flags, state.units[s], state.decoys[s], points, orders_by_side.get(s, ())
        )

    deployed = {s: deploy(s, state.units[s], state.decoys[s], sets[s], state.flags) for s in SIDES}
    flags = dict(state.flags)
    winners, seen = combat(deployed["south"], deployed["north"], flags)
    raise_flags(flags, deployed["south"], deployed["north"])
    units = {s: deployed[s].units for s in SIDES}
    decoys = {s: deployed[s].decoys for s in SIDES}

    # Step 6: "Scouting reports come in, predictions are judged" (and each side notes what it saw).
    reports: dict[Side, dict] = {}
    prediction_right: dict[Side, bool] = {}
    observations = {}
    for s in SIDES:
        o = other(s)
        counts = {p: units[o].get(p, 0) + decoys[o].get(p, 0) for p in deployed[s].scouts}
        target = deployed[s].predicted
        right = None if target is None else deployed[o].arrived.get(target, 0) > 0
        prediction_right[s] = bool(right)
        reports[s] = {"income": income[s], "scout": counts, "prediction": right, "combat": seen[s]}
        observations[s] = observe(layout, s, turn, units[s], units[o], decoys[o], counts, seen[s], state.observations[s])

    reserve = {s: state.reserve[s] + income[s] - spent[s] for s in SIDES}
    income_total = {s: state.income_total[s] + income[s] for s in SIDES}
    winner, over = judge(turn, flags, units, income_total)
    board = {
        "flags": dict(flags),
        "units": {s: dict(units[s]) for s in SIDES},
        "decoys": {s: dict(decoys[s]) for s in SIDES},
        "reserve": dict(reserve),
        "income": dict(income_total),
    }
    record = TurnRecord(turn, {s: sets[s].to_json() for s in SIDES}, reports, board, winners)
    return GameState(
        layout=layout,
        seed=state.seed,
        turn=turn if over else turn + 1,
        reserve=reserve,
        income_total=income_total,
        prediction_right=prediction_right,
        flags=flags,
        units=units,
        decoys=decoys,
        observations=observations,
        history=state.history + (record,),
        winner=winner,
        over=over,
    )
