"""``python -m rules.front1901 selfplay``: a whole game between AI powers, one JSON line per phase.

"``python -m rules.front1901 selfplay --seed N [--until YEAR] [--level LEVEL | --powers
FRANCE=hard,ENGLAND=random,...]`` plays a whole game with AI powers only (all of one level, or each power's
own, ``normal`` where not named), with the AIs negotiating among themselves, and writes one JSON object per
phase (``phase``, ``orders`` per power, ``results``, ``centers``, ``messages`` count) and a last line
``{"final": {"year", "centers": {power: n}, "winners": [power, ...]}}`` (several on equal top counts in a
short game, empty when nobody won).  The same seed and levels give byte-identical output."

``--until YEAR`` plays a short game ending after that year's fall (or when a power reaches 18 centres);
without it the game is a full one: it ends when a power reaches 18 centres, or at the end of
``game.LAST_SELFPLAY_YEAR`` (then nobody won).  ``centers`` are the owners after the phase.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from typing import Any, TextIO

from ..board import POWERS
from ..position import Season, Step
from .errors import SoloError
from .game import Length, SoloGame, new_game, submit, winners
from .levels import Level


def games(seed: int, levels: dict[str, Level], until: int | None) -> Iterator[dict[str, Any]]:
    """The lines of one self-played game."""
    length = Length.FULL if until is None else Length.SHORT
    game: SoloGame = new_game(seed, None, levels, length, until)
    while not game.over:
        game, records = submit(game)
        for record in records:
            yield {
                "phase": str(record.phase),
                "orders": record.orders,
                "results": dict(sorted(record.results.items())),
                "centers": record.centres,
                "messages": len(record.messages),
            }
    yield {
        "final": {
            "year": _last_year_played(game),
            "centers": {p: game.position.centre_count(p) for p in POWERS},
            "winners": list(winners(game)),
        }
    }


def _last_year_played(game: SoloGame) -> int:
    phase = game.position.phase
    return phase.year - 1 if phase.season is Season.SPRING and phase.step is Step.MOVEMENT else phase.year


def _levels(level: str | None, powers: str | None) -> dict[str, Level]:
    if level is not None and powers is not None:
        raise SoloError("level", "exclusive", "give --level or --powers, not both")
    if level is not None:
        return dict.fromkeys(POWERS, Level(level))
    chosen = dict.fromkeys(POWERS, Level.NORMAL)
    for item in (powers or "").split(","):
        if not item.strip():
            continue
        name, _, value = item.partition("=")
        power = name.strip().upper()
        if power not in POWERS:
            raise SoloError("powers", "unknown-power", f"no power {name!r}")
        chosen[power] = Level(value.strip().lower())
    return chosen


def main(argv: list[str], out: TextIO) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules.front1901 selfplay", description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--until", type=int)
    parser.add_argument("--level", choices=[lvl.value for lvl in Level])
    parser.add_argument("--powers", help="FRANCE=hard,ENGLAND=random,... (normal where not named)")
    args = parser.parse_args(argv)
    try:
        levels = _levels(args.level, args.powers)
    except (SoloError, ValueError) as error:
        parser.error(str(error))
    for line in games(args.seed, levels, args.until):
        out.write(json.dumps(line, separators=(", ", ": ")) + "\n")
    return 0
