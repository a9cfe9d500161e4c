"""Orders that make a Feinthold game end a chosen way on any of its layouts, for the tournament tests: a win on
the board, and draws whose tie is broken by each step of the knockout tiebreak ("A draw is broken by the right
predictions, then by the combats won; if still tied, the better seed goes through").

Every plan is symmetric (the layouts are: "always symmetrical") until its last turn, where one small exchange
gives the ``favoured`` side what the plan needs while keeping positions, total income and units equal:

- ``seed``: both hold for 8 turns: a draw, no right prediction, no combat.
- ``predictions``: turn 8, both move a unit from their HQ to mirrored neighbours; the favoured side predicts the
  other's move (its bonus point would come the next turn, and there is none): a draw, 1 right prediction to 0.
- ``combats``: both walk 3 units to a neighbour of the centre (mirrored); turn 8, the favoured side sends 2 into
  the centre, the other 1 (lost in the combat) and takes a neutral post with another unit, placing 1 new unit
  at its HQ: a draw, 1 combat won to 0.
- ``win``: both hold; turn 8, the favoured side takes a neutral neighbour of its HQ: more positions.

``plan(layout_id, kind, favoured)`` returns the orders per turn and side, checked by playing them with the engine
(``outcome``), so a plan that does not do what it says fails where it is made, not in the test using it.
"""

from __future__ import annotations

from collections import deque

from rules.feinthold import layout_by_id, new_game, resolve, tally
from rules.feinthold.positions import CENTRE, HQ, MIRROR

TURNS = 8
KINDS = ("seed", "predictions", "combats", "win")

Orders = list[dict]
Plan = list[dict[str, Orders]]


def _other(side: str) -> str:
    return "north" if side == "south" else "south"


def _route(layout_id: str, side: str) -> list[str]:
    """A shortest path from ``side``'s HQ to a neighbour of the centre (the HQ itself when it is one)."""
    layout = layout_by_id(layout_id)
    start = HQ[side]
    seen, queue = {start: [start]}, deque([start])
    while queue:
        here = queue.popleft()
        if CENTRE in layout.neighbours(here):
            return seen[here]
        for there in layout.neighbours(here):
            if there not in seen and there != CENTRE:
                seen[there] = [*seen[here], there]
                queue.append(there)
    raise ValueError(f"layout {layout_id}: the centre is out of reach")


def _free_neighbour(layout_id: str, side: str, taken: set[str]) -> str:
    """A neighbour of ``side``'s HQ that is neither the centre nor in ``taken``."""
    layout = layout_by_id(layout_id)
    return next(p for p in layout.neighbours(HQ[side]) if p != CENTRE and p not in taken)


def _hold() -> Plan:
    return [{"south": [], "north": []} for _ in range(TURNS)]


def plan(layout_id: str, kind: str, favoured: str = "south") -> Plan:
    other = _other(favoured)
    turns = _hold()
    last = turns[-1]
    if kind == "predictions":
        target = _free_neighbour(layout_id, other, set())
        last[other] = [{"move": {"from": HQ[other], "to": target, "units": 1}}]
        last[favoured] = [{"move": {"from": HQ[favoured], "to": MIRROR[target], "units": 1}},
                          {"predict": {"at": target}}]
    elif kind == "combats":
        south = _route(layout_id, "south")
        routes = {"south": south, "north": [MIRROR[p] for p in south]}
        for step, (here, there) in enumerate(zip(routes["south"], routes["south"][1:], strict=False)):
            turns[step]["south"] = [{"move": {"from": here, "to": there, "units": 3}}]
            turns[step]["north"] = [{"move": {"from": MIRROR[here], "to": MIRROR[there], "units": 3}}]
        near = {side: routes[side][-1] for side in routes}
        spare = _free_neighbour(layout_id, other, set(routes[other]))
        last[favoured] = [{"move": {"from": near[favoured], "to": CENTRE, "units": 2}}]
        last[other] = [{"move": {"from": near[other], "to": CENTRE, "units": 1}},
                       {"move": {"from": HQ[other], "to": spare, "units": 1}},
                       {"reinforce": {"at": HQ[other], "units": 1}}]
    elif kind == "win":
        last[favoured] = [{"move": {"from": HQ[favoured], "to": _free_neighbour(layout_id, favoured, set()),
                                    "units": 1}}]
    elif kind != "seed":
        raise ValueError(f"no plan {kind!r}; one of {KINDS}")
    check(layout_id, kind, favoured, turns)
    return turns


def outcome(layout_id: str, turns: Plan) -> tuple[str | None, dict[str, tuple[int, int]]]:
    """The winner (a side, ``draw``) and each side's (right predictions, combats won) after playing ``turns``."""
    state = new_game(0, layout_id)
    for orders in turns:
        state = resolve(state, orders)
        if state.over:
            break
    counts = tally(state.history)
    return state.winner if state.over else None, {
        side: (counts[side]["predictions_right"], counts[side]["combats_won"]) for side in counts}


def check(layout_id: str, kind: str, favoured: str, turns: Plan) -> None:
    winner, tallies = outcome(layout_id, turns)
    other = _other(favoured)
    wanted = {
        "seed": (winner == "draw" and tallies[favoured] == tallies[other] == (0, 0)),
        "predictions": winner == "draw" and tallies[favoured][0] > tallies[other][0],
        "combats": winner == "draw" and tallies[favoured][0] == tallies[other][0]
        and tallies[favoured][1] > tallies[other][1],
        "win": winner == favoured,
    }[kind]
    if not wanted:
        raise AssertionError(f"plan {kind} on {layout_id} for {favoured}: {winner}, {tallies}")
