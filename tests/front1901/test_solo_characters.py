"""Characters: the published table's constraints, and honesty seen in the AI's orders over seeded runs."""

from __future__ import annotations

import math

from rules.front1901 import POWERS, play
from rules.front1901.solo.characters import CHARACTERS, SITUATIONS, honesty
from rules.front1901.solo.decisions import decide
from rules.front1901.solo.game import table
from rules.front1901.solo.judge import VerdictKind, judge
from rules.front1901.solo.levels import Level
from rules.front1901.solo.proposals import Pact

from .solo_helpers import agreement, game_at

RUNS = 60


def _wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p = k / n
    centre, half = p + z * z / (2 * n), z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return ((centre - half) / (1 + z * z / n), (centre + half) / (1 + z * z / n))


def test_at_normal_two_nations_are_honest_and_two_are_not_and_levels_shift_it() -> None:
    normal = [honesty(p, Level.NORMAL) for p in POWERS]
    assert sum(h >= 0.9 for h in normal) >= 2 and sum(h <= 0.5 for h in normal) >= 2
    for p in POWERS:
        assert honesty(p, Level.EASY) == min(1.0, CHARACTERS[p].honesty + 0.1)
        assert math.isclose(honesty(p, Level.HARD), max(0.0, CHARACTERS[p].honesty - 0.2))
    assert all(set(c.voice) == SITUATIONS for c in CHARACTERS.values())


def _tempted(nation: str, seed: int) -> tuple[bool, bool]:
    """A fall with the nation's army next to its pact partner's empty centre and nothing else to take:
    whether keeping the pact was costly, and whether the orders kept it (judged)."""
    partner = next(p for p in POWERS if p != nation)
    units = {nation: ["A BUR"], partner: ["F BAL"]}
    centres = {nation: ["PAR", "BRE", "MAR", "BEL"], partner: ["MUN", "BER", "KIE"]}
    pact = agreement(1, nation, partner, Pact(), since="S1901M")
    game = game_at(units, "F1901M", centres, [pact], seed=seed)
    decided = decide(table(game))
    [promise] = [p for p in decided.promises if p.power == nation]
    orders = {p: list(o) for p, o in decided.orders.items()}
    verdicts = judge(game.position, play(game.position, orders).position, orders, [pact])
    return promise.costly, not any(v.outcome is VerdictKind.BROKEN for v in verdicts)


def test_the_honest_nations_keep_more_of_their_costly_promises() -> None:
    kept: dict[bool, int] = {True: 0, False: 0}
    costly: dict[bool, int] = {True: 0, False: 0}
    for nation in POWERS:
        honest = CHARACTERS[nation].honesty >= 0.9
        for seed in range(RUNS):
            was_costly, was_kept = _tempted(nation, seed)
            assert was_costly
            costly[honest] += 1
            kept[honest] += was_kept
    honest_low, _ = _wilson(kept[True], costly[True])
    _, others_high = _wilson(kept[False], costly[False])
    assert honest_low > others_high, (kept, costly)
