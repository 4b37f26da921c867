"""Benchmark windward_nb.odds against icepool on the 16 x 16 dice grid.

Run from the project root:

    python benchmarks/odds.py            # report; exits 1 if the answers disagree
    python benchmarks/odds.py --strict   # also exit 1 if a speed goal is missed

For every attacker strength 1..16 and defender strength 1..16 (bare pools of
the component set's battle die) both libraries compute P(attacker's hits >
defender's hits). The answers must agree to 1e-12 (floats) and exactly
(Fractions). Each query is timed alone with time.perf_counter; the report
gives the median over several passes of the whole grid. Those passes come
after a first, cold pass of each library (reported separately, as the time
of the whole grid), so both run with their caches filled. The full-table
figure is the median of many odds_table(range(1, 17), range(1, 17)) calls.

Goals: windward_nb >= 20x faster than icepool per query; the 16 x 16 table
in under 5 ms.
"""

from __future__ import annotations

import os
import platform
import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import icepool  # noqa: E402
import numpy as np  # noqa: E402

from windward_nb import odds  # noqa: E402
from windward_nb.windward.components import load_components  # noqa: E402

N = range(1, 17)
PASSES = 5
TABLE_RUNS = 200
GOAL_RATIO = 20.0
GOAL_TABLE_MS = 5.0


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    return (
        f"{platform.platform()} | {cpu} | {os.cpu_count()} CPUs | Python {platform.python_version()} | "
        f"numpy {np.__version__} | icepool {icepool.__version__}"
    )


def grid_ours() -> tuple[np.ndarray, list[float]]:
    win = np.empty((len(N), len(N)))
    times = []
    for i, a in enumerate(N):
        for j, d in enumerate(N):
            t0 = time.perf_counter()
            p = odds.battle_odds(attacker=a, defender=d).win
            times.append(time.perf_counter() - t0)
            win[i, j] = p
    return win, times


def grid_icepool(die) -> tuple[list[list[Fraction]], list[float]]:
    win = [[Fraction(0)] * len(N) for _ in N]
    times = []
    for i, a in enumerate(N):
        for j, d in enumerate(N):
            t0 = time.perf_counter()
            p = ((a @ die) > (d @ die)).probability(True)
            times.append(time.perf_counter() - t0)
            win[i][j] = p
    return win, times


def fmt_us(seconds: float) -> str:
    return f"{seconds * 1e6:9.1f} us"


def main(argv: list[str]) -> int:
    strict = "--strict" in argv
    faces = load_components().battle_die
    die = icepool.Die(list(faces))
    print("windward_nb.odds benchmark")
    print(f"machine : {machine()}")
    print(
        f"method  : P(A > D) for A, D = 1..16 dice with faces {faces}; each query timed alone with "
        f"time.perf_counter; median over {PASSES} passes of the 256-query grid, run after a first cold "
        f"pass of each library (caches warm for both); table = median of {TABLE_RUNS} odds_table calls"
    )

    # Cold passes: nothing cached yet (icepool runs first in a fresh process).
    t0 = time.perf_counter()
    ice_win, _ = grid_icepool(die)
    ice_cold = time.perf_counter() - t0
    odds.clear_cache()
    t0 = time.perf_counter()
    our_win, _ = grid_ours()
    our_cold = time.perf_counter() - t0

    # Agreement: floats to 1e-12, Fractions exactly.
    ice_float = np.array([[float(p) for p in row] for row in ice_win])
    max_err = float(np.abs(our_win - ice_float).max())
    exact_ok = all(
        odds.battle_odds(attacker=a, defender=d, exact=True).win == ice_win[i][j]
        for i, a in enumerate(N)
        for j, d in enumerate(N)
    )
    table = odds.odds_table(N, N)
    table_err = float(np.abs(table.win - ice_float).max())
    assert max_err < 1e-12, f"battle_odds disagrees with icepool by {max_err:.3g}"
    assert table_err < 1e-12, f"odds_table disagrees with icepool by {table_err:.3g}"
    assert exact_ok, "exact battle_odds disagrees with icepool's fractions"

    # Warm passes.
    ours, ice = [], []
    for _ in range(PASSES):
        ice += grid_icepool(die)[1]
        ours += grid_ours()[1]
    med_ours, med_ice = statistics.median(ours), statistics.median(ice)
    ratio = med_ice / med_ours

    runs = []
    for _ in range(TABLE_RUNS):
        t0 = time.perf_counter()
        odds.odds_table(N, N)
        runs.append(time.perf_counter() - t0)
    table_med = statistics.median(runs)
    odds.clear_cache()
    t0 = time.perf_counter()
    odds.odds_table(N, N)
    table_cold = time.perf_counter() - t0

    # A battle with decisions, for scale (not compared with icepool).
    kw = dict(attacker="ship", defender="red", attacker_cannons=3, attacker_crew=["Marine"],
              attacker_tokens=2, attacker_cards=["harpoon", "heavy_harpoon"], attacker_morale=3)
    odds.battle_odds(**kw)
    bonus = []
    for _ in range(200):
        t0 = time.perf_counter()
        odds.battle_odds(**kw)
        bonus.append(time.perf_counter() - t0)

    print()
    print(f"agreement        : max |windward_nb - icepool| = {max_err:.2e} per query, {table_err:.2e} table; "
          f"exact fractions equal: {exact_ok}")
    print(f"per query, warm  : windward_nb {fmt_us(med_ours)}   icepool {fmt_us(med_ice)}   ratio {ratio:6.1f}x")
    print(f"full grid, cold  : windward_nb {our_cold * 1e3:8.2f} ms   icepool {ice_cold * 1e3:8.2f} ms "
          f"(256 queries, first pass)")
    print(f"odds_table 16x16 : {table_med * 1e3:.3f} ms median of {TABLE_RUNS}, {table_cold * 1e3:.3f} ms cold")
    print(f"ship+Marine vs red with 2 tokens + 2 cards, play='best': {fmt_us(statistics.median(bonus))} median")

    ok_ratio = ratio >= GOAL_RATIO
    ok_table = table_med * 1e3 < GOAL_TABLE_MS
    print()
    print(f"goal >= {GOAL_RATIO:.0f}x per query : {'met' if ok_ratio else 'NOT met'} ({ratio:.1f}x)")
    print(f"goal table < {GOAL_TABLE_MS:.0f} ms    : {'met' if ok_table else 'NOT met'} ({table_med * 1e3:.3f} ms)")
    if strict and not (ok_ratio and ok_table):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
