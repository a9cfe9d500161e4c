"""Front 1901 online's rating: openskill's Plackett-Luce model over a game's ranking of its members.

A game of several members ranks them by centres (equal centres share a rank: ``rules.front1901.solo.ranking``);
the model moves each member's skill (``mu``) and its uncertainty (``sigma``) from that ranking alone. The AI powers
are not rated and do not take part: the members are ranked among themselves, in the order the board gave them.
Only rated games move a rating: an unrated game, or a member a game is not rated for (linked accounts at the same
table), changes nothing. The board shows ``mu - 3 sigma`` (the model's ordinal: a member with few games ranks
low until their skill is known), rounded to one decimal place in storage so that a change is exact to take back.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

MU = 25.0
SIGMA = MU / 3


@dataclass(frozen=True)
class SkillRating:
    """A member's Front 1901 online rating and the number of rated games behind it."""

    mu: float = MU
    sigma: float = SIGMA
    games: int = 0

    @property
    def shown(self) -> float:
        """What the board shows: the skill less three times its uncertainty."""
        return round(self.mu - 3 * self.sigma, 2)


def rate_table(ratings: Mapping[str, SkillRating], ranks: Mapping[str, int], rated: frozenset[str] | None = None
               ) -> dict[str, SkillRating]:
    """Each rated member's rating after a game that ranked them ``ranks`` (1 the best; equal ranks are ties).
    ``rated``: the members the game is rated for (None: every ranked member); fewer than two rated members move
    nothing. Members are given in ``ranks``; one missing from ``ratings`` starts at the model's prior."""
    counted = sorted(sub for sub in ranks if rated is None or sub in rated)
    if len(counted) < 2:
        return {}
    from openskill.models import PlackettLuce  # imported by the game's end alone, never by a cold start

    model = PlackettLuce(mu=MU, sigma=SIGMA)
    before = [ratings.get(sub, SkillRating()) for sub in counted]
    teams = [[model.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    after = model.rate(teams, ranks=[float(ranks[sub]) for sub in counted])
    moved = {}
    for sub, old, (new,) in zip(counted, before, after, strict=True):
        mu, sigma = float(new.mu), float(new.sigma)
        if not (math.isfinite(mu) and math.isfinite(sigma)) or sigma <= 0:  # never store what is not a rating
            mu, sigma = old.mu, old.sigma
        moved[sub] = SkillRating(round(mu, 4), round(sigma, 4), old.games + 1)
    return moved
