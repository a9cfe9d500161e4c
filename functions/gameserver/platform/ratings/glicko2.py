"""Glicko-2, exactly as in Mark Glickman's "Example of the Glicko-2 system" (2013).

Platform decisions (docs/platform.md):
- "a Glicko-2 duel rating (start 1500, RD 350, volatility 0.06, tau 0.5, each finished game its own rating
  period; provisional while RD >= 110)". Since every game is its own rating period for its two players, there
  are no empty periods: a member's RD does not grow while they do not play.
- Values are stored as ``Decimal`` (DynamoDB numbers) quantised to 1e-9, computed in floats in between. A change
  is the exact difference of two stored values, so subtracting it later gives back exactly what it added.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

#: Glickman's step 2: the Glicko-2 scale is the Glicko scale divided by this factor.
SCALE = 173.7178
#: System constant tau: "reasonable choices are between 0.3 and 1.2"; the platform takes 0.5.
TAU = 0.5
#: Convergence tolerance of the volatility iteration (Glickman's epsilon).
EPSILON = 0.000001
START_RATING = Decimal(1500)
START_DEVIATION = Decimal(350)
START_VOLATILITY = Decimal("0.06")
#: "provisional while RD >= 110" (the lichess threshold).
PROVISIONAL_DEVIATION = Decimal(110)
#: Stored precision: far below anything a player sees, far above float noise.
QUANTUM = Decimal("0.000000001")


def _stored(value: float) -> Decimal:
    return Decimal(repr(value)).quantize(QUANTUM)


@dataclass(frozen=True)
class Glicko2Rating:
    """A rating as stored: rating r, deviation RD, volatility sigma (Glicko scale)."""

    rating: Decimal = START_RATING
    deviation: Decimal = START_DEVIATION
    volatility: Decimal = START_VOLATILITY

    @property
    def provisional(self) -> bool:
        """A rating is provisional while its deviation is 110 or more."""
        return self.deviation >= PROVISIONAL_DEVIATION

    def to_json(self) -> dict[str, str]:
        return {"rating": _text(self.rating), "deviation": _text(self.deviation), "volatility": _text(self.volatility)}

    @classmethod
    def from_json(cls, data: dict[str, str]) -> Glicko2Rating:
        return cls(Decimal(str(data["rating"])), Decimal(str(data["deviation"])), Decimal(str(data["volatility"])))


@dataclass(frozen=True)
class GlickoResult:
    """One game of a rating period: the opponent's rating before it and the score (1 win, 0.5 draw, 0 loss)."""

    opponent: Glicko2Rating
    score: float


@dataclass(frozen=True)
class Glicko2Change:
    """What one game did to one rating: the exact differences, stored with the game."""

    rating: Decimal
    deviation: Decimal
    volatility: Decimal

    @classmethod
    def between(cls, before: Glicko2Rating, after: Glicko2Rating) -> Glicko2Change:
        return cls(
            after.rating - before.rating,
            after.deviation - before.deviation,
            after.volatility - before.volatility,
        )

    def apply(self, current: Glicko2Rating) -> Glicko2Rating:
        return Glicko2Rating(
            current.rating + self.rating,
            current.deviation + self.deviation,
            current.volatility + self.volatility,
        )

    def take_back(self, current: Glicko2Rating) -> Glicko2Rating:
        """Undo this change on the current rating (a voided game), leaving later games' changes in place."""
        return Glicko2Rating(
            current.rating - self.rating,
            current.deviation - self.deviation,
            current.volatility - self.volatility,
        )

    def to_json(self) -> dict[str, str]:
        return {"rating": _text(self.rating), "deviation": _text(self.deviation), "volatility": _text(self.volatility)}

    @classmethod
    def from_json(cls, data: dict[str, str]) -> Glicko2Change:
        return cls(Decimal(str(data["rating"])), Decimal(str(data["deviation"])), Decimal(str(data["volatility"])))


def _text(value: Decimal) -> str:
    """A decimal written out in full (``-0.000000325``, never ``-3.25E-7``): the API's decimal strings."""
    return f"{value:f}"


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _new_volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the Illinois algorithm on f(x), as in the paper."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def rate(player: Glicko2Rating, results: Sequence[GlickoResult], tau: float = TAU) -> Glicko2Rating:
    """The player's rating after one rating period with these results (Glickman's steps 2 to 8).

    >>> p = Glicko2Rating(Decimal(1500), Decimal(200), Decimal("0.06"))
    >>> games = [GlickoResult(Glicko2Rating(Decimal(1400), Decimal(30)), 1),
    ...          GlickoResult(Glicko2Rating(Decimal(1550), Decimal(100)), 0),
    ...          GlickoResult(Glicko2Rating(Decimal(1700), Decimal(300)), 0)]
    >>> r = rate(p, games)
    >>> round(float(r.rating), 2), round(float(r.deviation), 2), round(float(r.volatility), 6)
    (1464.05, 151.52, 0.059996)
    """
    for result in results:
        if result.score not in (0, 0.5, 1):
            raise ValueError(f"a game scores 1, 0.5 or 0, not {result.score}")
    if not results:
        # Each finished game is its own rating period: the platform never rates an empty period.
        raise ValueError("a rating period here holds at least one game")
    mu = (float(player.rating) - 1500.0) / SCALE
    phi = float(player.deviation) / SCALE
    sigma = float(player.volatility)
    v_inverse = 0.0
    improvement = 0.0
    for result in results:
        mu_j = (float(result.opponent.rating) - 1500.0) / SCALE
        phi_j = float(result.opponent.deviation) / SCALE
        g_j = _g(phi_j)
        e_j = _expected(mu, mu_j, phi_j)
        v_inverse += g_j * g_j * e_j * (1.0 - e_j)
        improvement += g_j * (result.score - e_j)
    v = 1.0 / v_inverse
    delta = v * improvement
    sigma_new = _new_volatility(sigma, phi, v, delta, tau)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * improvement
    return Glicko2Rating(_stored(SCALE * mu_new + 1500.0), _stored(SCALE * phi_new), _stored(sigma_new))


def rate_game(
    first: Glicko2Rating, second: Glicko2Rating, first_score: float
) -> tuple[Glicko2Change, Glicko2Change]:
    """One finished game as its own rating period for both players: the change of each, from the ratings before."""
    first_after = rate(first, [GlickoResult(second, first_score)])
    second_after = rate(second, [GlickoResult(first, 1 - first_score)])
    return Glicko2Change.between(first, first_after), Glicko2Change.between(second, second_after)
