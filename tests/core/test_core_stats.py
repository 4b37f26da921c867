"""core.stats: the Wilson interval covers the true rate about 95% of the time and refuses bad input."""

from __future__ import annotations

import numpy as np
import pytest

from windward_nb.core.stats import rate_text, wilson


def test_known_values_and_edges():
    lo, hi = wilson(50, 100)
    assert abs(lo - 0.4038) < 1e-4 and abs(hi - 0.5962) < 1e-4
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert 0 < wilson(0, 10)[1] < 0.35 and wilson(10, 10)[0] > 0.65
    assert rate_text(0, 0) == "0% (0-100%)"


@pytest.mark.parametrize("p", [0.05, 0.3, 0.5])
def test_coverage_is_close_to_ninety_five_percent(p):
    rng = np.random.default_rng(7)
    n, trials = 60, 4000
    wins = rng.binomial(n, p, size=trials)
    covered = sum(lo <= p <= hi for lo, hi in (wilson(int(k), n) for k in wins))
    assert 0.92 <= covered / trials <= 0.985


@pytest.mark.parametrize("bad", [(-1, 5), (6, 5), (1.0, 5), (1, True), (1, 5, 0)])
def test_bad_input_is_refused(bad):
    with pytest.raises(ValueError):
        wilson(*bad)
