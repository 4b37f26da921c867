"""Benchmark North Wind: random playouts against python-chess, exact odds against icepool and brute force.

Run from the project root:

    python benchmarks/northwind.py            # full run
    python benchmarks/northwind.py --quick    # one short repetition (the smoke test uses it)

Playouts: complete 3-captain games of uniformly random legal actions through
the rules (chance drawn by the rules' own sampler), alternated with random
python-chess games in the same process; medians of the repetitions.
Odds: every pirate battle of 1-8 cannons against strength 1-8, with and
without a Cannoneer, timed per query against icepool computing the same
probability; voyage odds for every 8-tile stack make-up and sail 4-6 against
enumerating the distinct orders of the stack. Exact answers must agree.
"""

from __future__ import annotations

import argparse
import itertools
import os
import platform
import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402

from peers import chess_games, random_playouts  # noqa: E402
from windward_nb.northwind import RULES, load_components, new_game  # noqa: E402
from windward_nb.northwind.odds import _reveal, pirate_odds, voyage_odds  # noqa: E402


def northwind_games(n: int, seed: int) -> tuple[int, int, float]:
    """Random 3-player games, each dealt from its own seed."""
    return random_playouts(RULES, lambda k: new_game(players=3, seed=seed * 1000 + k, auto_chance=False).state,
                           n, seed)


def icepool_win(cannons: int, strength: int, cannoneer: bool, faces) -> Fraction:
    import icepool

    die = icepool.Die([{"pip": 1, "double": 2 if cannoneer else 0, "blank": 0}[f] for f in faces])
    dist = (cannons @ die) if cannons else icepool.Die([0])
    p = dist.probability(">=", strength)
    return Fraction(p)


def brute_voyage(d: int, f: int, o: int, sail: int) -> Fraction:
    orders = set(itertools.permutations("D" * d + "F" * f + "O" * o))
    return Fraction(sum("D" in seq[:sail] for seq in orders), len(orders))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    if args.quick:
        args.games, args.reps = 1, 1
    import chess
    import icepool

    print("North Wind benchmarks")
    print(f"machine : {platform.platform()} | {platform.machine()} | {os.cpu_count()} CPUs | "
          f"Python {platform.python_version()} | numpy {np.__version__} | python-chess {chess.__version__} | "
          f"icepool {icepool.__version__}")
    # ---------------------------------------------------------------- playouts
    nw_rates, ch_rates, lengths = [], [], []
    northwind_games(1, 999)
    for rep in range(args.reps):
        a, g, t = northwind_games(args.games, rep)
        nw_rates.append(a / t)
        lengths.append(a / g)
        p, _, ct = chess_games(args.games, rep)
        ch_rates.append(p / ct)
    w, c = statistics.median(nw_rates), statistics.median(ch_rates)
    print(f"random playouts, {args.games} games x {args.reps} repetitions, medians:")
    print(f"  north wind  : {w:10,.0f} actions/s ({statistics.median(lengths):,.0f} actions per 3-captain game)")
    print(f"  python-chess: {c:10,.0f} plies/s")
    print(f"  ratio (north wind actions/s / chess plies/s): {w / c:.2f}")
    # ---------------------------------------------------------------- pirate odds
    faces = load_components().battle_die
    grid = [(c_, k, cn) for c_ in range(1, 9) for k in range(1, 9) for cn in (False, True)]
    equal = True
    ours, theirs = [], []
    for c_, k, cn in grid:
        t0 = time.perf_counter()
        mine = pirate_odds(c_, k, cn).win
        ours.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        other = icepool_win(c_, k, cn, faces)
        theirs.append(time.perf_counter() - t0)
        equal &= mine == other
    o_med, i_med = statistics.median(ours), statistics.median(theirs)
    print(f"pirate odds, {len(grid)} battles (1-8 cannons x strength 1-8 x Cannoneer), median per query:")
    print(f"  northwind.odds {o_med * 1e6:8.1f} us   icepool {i_med * 1e6:8.1f} us   ratio {i_med / o_med:.1f}x")
    # ---------------------------------------------------------------- voyage odds
    makeups = [(1, f, 7 - f) for f in range(0, 8)]
    vt, bt = [], []
    for d, f, o in makeups:
        for sail in (4, 5, 6):
            _reveal.cache_clear()
            t0 = time.perf_counter()
            mine = voyage_odds({"destination": d, "fog": f, "other": o}, sail).reach
            vt.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            other = brute_voyage(d, f, o, sail)
            bt.append(time.perf_counter() - t0)
            equal &= mine == other
    v_med, b_med = statistics.median(vt), statistics.median(bt)
    print(f"voyage odds, {len(vt)} stacks (8 tiles, 0-7 fogs, sail 4-6), median per query (cache cleared):")
    print(f"  northwind.odds {v_med * 1e6:8.1f} us   enumeration {b_med * 1e6:8.1f} us   ratio {b_med / v_med:.0f}x")
    print(f"exact fractions equal: {equal}")
    if not equal:
        sys.exit(1)


if __name__ == "__main__":
    main()
