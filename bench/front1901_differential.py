"""Differential run: this engine against MILA's ``diplomacy`` 1.1.2 on random-game movement phases.

Run with the interpreter that has ``diplomacy`` installed:
    .venv-mila/bin/python bench/front1901_differential.py --seeds 0:20 --phases 40
Prints one JSON line per phase where the two differ (units after the phase, dislodged units and their
retreat options), each with the labels of the known, documented causes it shows (docs/rules/front1901.md),
then a last line ``{"phases": N, "differences": M, "unexplained": K, "labels": {...}}``.

Known causes:
- ``spec-convoy-intent``: an army moving next door goes by convoy because a fleet of its own power ordered
  the convoy (the spec's rule, DATC 6.G.6); MILA goes by convoy only with ``VIA`` and a full chain.
- ``mila-own-support-via-convoy``: MILA counts a support from the defender's own power for a convoyed
  attack (DATC 6.D.12-6.D.14 forbid it for every attack).
- ``mila-retreats-after-convoy``: MILA lets a unit dislodged by a convoyed army retreat to any neighbour,
  occupied or contested (an operator-precedence slip); only the attacker's origin reopens (DATC 6.H.11).
"""

from __future__ import annotations

import argparse
import json
from collections import Counter

from front1901_games import movement_phases
from front1901_mila import mila_after, mila_game
from rules.front1901 import Move, MovementOutcome, Position, SupportMove, adjudicate_movement
from rules.front1901.board import ARMY_MOVES


def labels_for(position: Position, ours: MovementOutcome, units_differ: bool, retreats_differ: set) -> set[str]:
    labels = set()
    for p in ours.convoyed:
        order = ours.orders[p]
        assert isinstance(order, Move)
        if order.to in ARMY_MOVES[p] and not order.via:
            labels.add("spec-convoy-intent")
        if order.via and order.to in ARMY_MOVES[p] and ours.results[p] in ("no-convoy", "disrupted"):
            labels.add("spec-convoy-intent")
        defender = position.units.get(order.to)
        if defender is not None:
            for q, support in ours.orders.items():
                if (
                    isinstance(support, SupportMove)
                    and support.supported.province == p
                    and position.units[q].power == defender.power
                ):
                    labels.add("mila-own-support-via-convoy")
    for key in retreats_differ:
        d = next((d for d in ours.dislodged.values() if (d.unit.power, str(d.unit)) == key), None)
        if d is not None and d.attacker_from is None:
            labels.add("mila-retreats-after-convoy")
        elif not units_differ:
            labels.add("unexplained")
    return labels or {"unexplained"}


def compare(seeds: range, phases: int) -> tuple[int, list[dict]]:
    positions = movement_phases(seeds, phases)
    differences = []
    for position, orders in positions:
        ours = adjudicate_movement(position, orders)
        our_units = {(u.power, str(u)) for u in ours.units.values()}
        # MILA disbands a dislodged unit with no retreat at once; here it is reported with no options.
        our_dislodged = {
            (d.unit.power, str(d.unit)): tuple(sorted(d.retreats)) for d in ours.dislodged.values() if d.retreats
        }
        game = mila_game(position, orders)
        game.process()
        units, dislodged = mila_after(game)
        if units == our_units and dislodged == our_dislodged:
            continue
        retreats_differ = {k for k in set(dislodged) | set(our_dislodged) if dislodged.get(k) != our_dislodged.get(k)}
        differences.append(
            {
                "phase": str(position.phase),
                "labels": sorted(labels_for(position, ours, units != our_units, retreats_differ)),
                "units": {
                    power: sorted(str(u) for u in position.units.values() if u.power == power)
                    for power in sorted({u.power for u in position.units.values()})
                },
                "orders": orders,
                "only_ours": sorted(map(list, our_units - units)),
                "only_mila": sorted(map(list, units - our_units)),
                "dislodged_ours": {" ".join(k): v for k, v in our_dislodged.items()},
                "dislodged_mila": {" ".join(k): v for k, v in dislodged.items()},
            }
        )
    return len(positions), differences


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", default="0:20", help="a range START:STOP of game seeds")
    parser.add_argument("--phases", type=int, default=40, help="phases played per game")
    args = parser.parse_args()
    start, stop = (int(x) for x in args.seeds.split(":"))
    count, differences = compare(range(start, stop), args.phases)
    labels: Counter[str] = Counter()
    for difference in differences:
        labels.update(difference["labels"])
        print(json.dumps(difference))
    unexplained = sum(1 for d in differences if "unexplained" in d["labels"])
    print(json.dumps({"phases": count, "differences": len(differences), "unexplained": unexplained, "labels": labels}))


if __name__ == "__main__":
    main()
