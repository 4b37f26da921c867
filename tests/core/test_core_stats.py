"""Confidence intervals (core.stats): the Wilson interval is exactly the set of rates a score test accepts."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from windward_nb.core.stats import mean_interval, rate_text, wilson, z_value


def accepted(p: float, k: int, n: int, z: float) -> bool:
    """The score test: the observed rate lies within z standard errors of p (standard error at p)."""
    return abs(k / n - p) <= z * math.sqrt(p * (1 - p) / n) + 1e-12


@settings(max_examples=200, deadline=None)
@given(n=st.integers(1, 400), data=st.data(), conf=st.sampled_from([0.8, 0.9, 0.95, 0.99]))
def test_wilson_matches_the_score_test_on_a_fine_grid(n, data, conf):
    k = data.draw(st.integers(0, n))
    low, high = wilson(k, n, conf)
    z = z_value(conf)
    assert 0 <= low <= k / n <= high <= 1
    grid = [i / 2000 for i in range(1, 2000)]
    inside = [p for p in grid if accepted(p, k, n, z)]
    assert inside, "the observed rate itself is always accepted"
    assert abs(min(inside) - low) <= 1 / 1000 or (k == 0 and low == 0)
    assert abs(max(inside) - high) <= 1 / 1000 or (k == n and high == 1)


def test_texts_and_bad_input():
    assert rate_text(55, 100) == "55% (45-64%)"
    assert round(z_value(0.95), 3) == 1.96
    for bad in [(1, 0), (-1, 5), (6, 5), (1.5, 3), (True, 3)]:
        with pytest.raises(ValueError):
            wilson(*bad)
    with pytest.raises(ValueError):
        z_value(1.0)
    with pytest.raises(ValueError):
        mean_interval([1.0])
    with pytest.raises(ValueError):
        mean_interval([1.0, float("nan")])


def test_mean_interval_covers_the_mean_about_as_often_as_it_claims():
    import numpy as np

    rng = np.random.default_rng(0)
    hits = 0
    for _ in range(400):
        m = mean_interval(rng.normal(5, 2, size=200))
        hits += m.low <= 5 <= m.high
    assert 0.92 <= hits / 400 <= 0.98
