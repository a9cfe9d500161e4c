"""Soak: many bot-only games, to prove every game ends and nothing the bots do is refused.

``python -m rules.feint soak --games N --seats K --seed S`` prints one JSON object: games, finished
games, errors, mean and max turns, win rate by seat, battles and retreats per game.
"""

from __future__ import annotations

import statistics
import traceback
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .bot import Bot
from .hexgrid import DEFAULT_RADIUS
from .players import play_game
from .state import Phase


@dataclass
class SoakReport:
    games: int = 0
    finished: int = 0
    errors: int = 0
    turns: list[int] = field(default_factory=list)
    rounds: list[int] = field(default_factory=list)
    wins: Counter[int] = field(default_factory=Counter)
    reasons: Counter[str] = field(default_factory=Counter)
    draws: int = 0
    battles: int = 0
    retreats: int = 0
    error_samples: list[str] = field(default_factory=list)

    def to_json(self, seats: int, seed: int) -> dict[str, Any]:
        n = max(self.games, 1)
        return {
            "games": self.games,
            "seats": seats,
            "seed": seed,
            "finished": self.finished,
            "errors": self.errors,
            "mean_turns": round(statistics.fmean(self.turns), 2) if self.turns else 0,
            "max_turns": max(self.turns, default=0),
            "mean_rounds": round(statistics.fmean(self.rounds), 2) if self.rounds else 0,
            "win_rate_by_seat": {str(s): round(self.wins[s] / n, 4) for s in range(1, seats + 1)},
            "draw_rate": round(self.draws / n, 4),
            "endings": dict(sorted(self.reasons.items())),
            "battles_per_game": round(self.battles / n, 3),
            "retreats_per_game": round(self.retreats / n, 3),
            "error_samples": self.error_samples,
        }


def soak(games: int, seats: int, seed: int, radius: int = DEFAULT_RADIUS) -> SoakReport:
    """Plays ``games`` bot-only games; game ``i`` seeds its bots with ``seed + i``."""
    report = SoakReport()
    for i in range(games):
        report.games += 1
        try:
            final = play_game({s: Bot(s, seed=seed + i) for s in range(1, seats + 1)}, radius=radius)
        except Exception:  # the soak counts every failure, whatever it is, and carries on
            report.errors += 1
            if len(report.error_samples) < 5:
                report.error_samples.append(f"game {i}: {traceback.format_exc(limit=3)}")
            continue
        if final.phase is not Phase.OVER or final.outcome is None:
            continue
        report.finished += 1
        report.turns.append(final.turn)
        report.rounds.append(final.round)
        report.battles += final.battles
        report.retreats += final.retreats
        report.reasons[final.outcome.reason.value] += 1
        if final.outcome.draw:
            report.draws += 1
        else:
            report.wins[final.outcome.winners[0]] += 1
    return report
