"""Small statistics for the Front 1901 AI benchmarks: Wilson intervals, a paired Wilcoxon signed-rank test.

Written here rather than taken from scipy so that the benchmarks need nothing the project does not
install.  The Wilcoxon test uses the normal approximation with the tie correction and a continuity
correction (exact enough from about 20 non-zero pairs; the benchmarks have 140 or 420).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959964
"""The two-sided 95% normal quantile."""


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = p + z * z / (2 * n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    return ((centre - half) / scale, (centre + half) / scale)


def normal_sf(z: float) -> float:
    """P(Z > z) for a standard normal Z."""
    return 0.5 * math.erfc(z / math.sqrt(2))


def wilcoxon_greater(differences: Sequence[float]) -> dict[str, float]:
    """One-sided paired Wilcoxon signed-rank test of "the differences tend to be positive": zero
    differences dropped, average ranks for ties, normal approximation with tie and continuity corrections.
    Returns n (non-zero pairs), W+ and its mean under H0, z and p."""
    nonzero = [d for d in differences if d != 0]
    n = len(nonzero)
    if n == 0:
        return {"n": 0, "w_plus": 0.0, "mean": 0.0, "z": 0.0, "p": 1.0}
    ordered = sorted(nonzero, key=abs)
    ranks = [0.0] * n
    ties = 0.0
    i = 0
    while i < n:
        j = i
        while j + 1 < n and abs(ordered[j + 1]) == abs(ordered[i]):
            j += 1
        rank = (i + j + 2) / 2
        for k in range(i, j + 1):
            ranks[k] = rank
        t = j - i + 1
        ties += t**3 - t
        i = j + 1
    w_plus = sum(r for r, d in zip(ranks, ordered, strict=True) if d > 0)
    mean = n * (n + 1) / 4
    var = n * (n + 1) * (2 * n + 1) / 24 - ties / 48
    z = (w_plus - mean - 0.5) / math.sqrt(var) if var > 0 else 0.0
    return {"n": n, "w_plus": w_plus, "mean": mean, "z": z, "p": normal_sf(z)}


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean and its 95% interval (normal approximation: mean +- 1.96 standard errors)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return (mean, mean, mean)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = Z95 * sd / math.sqrt(n)
    return (mean, mean - half, mean + half)
