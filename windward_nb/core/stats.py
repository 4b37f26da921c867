"""Confidence intervals for simulation results, for any game of the family (standard library only).

A win rate from ``n`` games is a binomial proportion; its Wilson score
interval stays inside 0..1 and behaves at 0 and 100%, where "rate plus or
minus two standard errors" does not:

>>> low, high = wilson(0, 10)
>>> low, round(high, 4)
(0.0, 0.2775)
>>> [round(x, 4) for x in wilson(55, 100)]
[0.4524, 0.6439]
>>> rate_text(55, 100)
'55% (45-64%)'

A mean (VP per game, say) gets a normal-approximation interval, fine for the
hundreds of games a simulation plays:

>>> m = mean_interval([1, 2, 3, 4, 5] * 20)
>>> round(m.mean, 2), round(m.low, 3), round(m.high, 3)
(3.0, 2.721, 3.279)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist
from collections.abc import Iterable

__all__ = ["Interval", "mean_interval", "rate_text", "wilson", "wilson_rate", "z_value"]


def z_value(confidence: float = 0.95) -> float:
    """The two-sided normal quantile for ``confidence`` (1.96 for 95%)."""
    if not isinstance(confidence, (int, float)) or isinstance(confidence, bool) or not 0 < confidence < 1:
        raise ValueError(f"confidence is a fraction between 0 and 1, not {confidence!r}")
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def _counts(k: int, n: int) -> tuple[int, int]:
    for name, v in (("k", k), ("n", n)):
        if isinstance(v, bool) or (not isinstance(v, int) and not (hasattr(v, "__index__"))):
            raise ValueError(f"{name} is a whole number, not {v!r}")
    k, n = int(k), int(n)
    if n <= 0 or not 0 <= k <= n:
        raise ValueError(f"need 0 <= k <= n and n > 0, got k={k}, n={n}")
    return k, n


def wilson(k: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval for ``k`` successes in ``n`` trials."""
    k, n = _counts(k, n)
    return _score(k / n, n, z_value(confidence))


def wilson_rate(p: float, n: float, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval of a rate ``p`` (0-1) measured as if by ``n`` trials (``n`` > 0,
    not necessarily whole: an estimate judged to be worth ``n`` games).

    >>> wilson_rate(0.55, 100) == wilson(55, 100)
    True
    >>> [round(x, 3) for x in wilson_rate(0.3, 2.5)]
    [0.044, 0.798]
    """
    if isinstance(p, bool) or not isinstance(p, (int, float)) or not 0 <= p <= 1:
        raise ValueError(f"p is a rate from 0 to 1, not {p!r}")
    if isinstance(n, bool) or not isinstance(n, (int, float)) or not n > 0 or math.isinf(n):
        raise ValueError(f"n is a positive number of trials, not {n!r}")
    return _score(float(p), float(n), z_value(confidence))


def _score(p: float, n: float, z: float) -> tuple[float, float]:
    """The Wilson score interval around the rate ``p`` of ``n`` trials (``z``: the normal quantile)."""
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low = 0.0 if p == 0 else max(0.0, centre - half)
    high = 1.0 if p == 1 else min(1.0, centre + half)
    return low, high


def rate_text(k: int, n: int, confidence: float = 0.95) -> str:
    """``'55% (45-64%)'``: the observed rate and its Wilson interval, in whole percents."""
    low, high = wilson(k, n, confidence)
    return f"{100 * k / n:.0f}% ({100 * low:.0f}-{100 * high:.0f}%)"


@dataclass(frozen=True)
class Interval:
    mean: float
    low: float
    high: float
    n: int

    def __str__(self) -> str:
        return f"{self.mean:.2f} ({self.low:.2f} to {self.high:.2f})"


def mean_interval(values: Iterable[float], confidence: float = 0.95) -> Interval:
    """The mean of ``values`` with a normal-approximation confidence interval (needs 2+ values)."""
    xs = [float(v) for v in values]
    n = len(xs)
    if n < 2:
        raise ValueError("a confidence interval for a mean needs at least two values")
    if any(math.isnan(x) or math.isinf(x) for x in xs):
        raise ValueError("values must be finite numbers")
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    half = z_value(confidence) * sd / math.sqrt(n)
    return Interval(m, m - half, m + half, n)
