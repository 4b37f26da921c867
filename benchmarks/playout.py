"""Random legal playouts: windward_nb full 4-player games vs python-chess games, in one run.

Method: each side plays complete games choosing uniformly among the legal moves
(chance outcomes drawn from a seeded numpy generator for Windward). Windward
counts every applied action, chance outcomes included; chess counts plies. We
report the median rate over several repetitions, measured with
time.perf_counter, and the ratio of the two medians.

    python benchmarks/playout.py [--games 20] [--reps 5]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time

import numpy as np

import windward_nb as ww
from windward_nb.windward import engine


def windward_games(n: int, seed: int) -> tuple[int, int, float]:
    actions = 0
    rng = np.random.default_rng(seed)
    t0 = time.perf_counter()
    for i in range(n):
        s = ww.new_game(players=4, seed=seed * 1000 + i).state
        while not s.over:
            if engine.decider(s) == engine.CHANCE:
                a = engine.sample_chance(s, rng)
            else:
                legal = engine.legal_actions(s)
                a = legal[int(rng.integers(len(legal)))]
            engine.apply(s, a, check=False)
            actions += 1
    return actions, n, time.perf_counter() - t0


def chess_games(n: int, seed: int) -> tuple[int, int, float]:
    import chess

    rnd = random.Random(seed)
    plies = 0
    t0 = time.perf_counter()
    for _ in range(n):
        board = chess.Board()
        while board.outcome() is None:
            board.push(rnd.choice(list(board.legal_moves)))
            plies += 1
    return plies, n, time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--reps", type=int, default=5)
    args = ap.parse_args()
    import chess

    print("random playouts: windward_nb (4 players) vs python-chess")
    print(f"machine : {platform.platform()} | {platform.machine()} | {os.cpu_count()} CPUs | "
          f"Python {platform.python_version()} | numpy {np.__version__} | python-chess {chess.__version__}")
    print(f"method  : {args.games} complete games per repetition, {args.reps} repetitions alternating the two, "
          "time.perf_counter; medians quoted")
    ww_rates, ww_games, ch_rates, ch_games, lengths = [], [], [], [], []
    windward_games(2, 999)  # warm-up
    for rep in range(args.reps):
        a, g, t = windward_games(args.games, rep)
        ww_rates.append(a / t)
        ww_games.append(g / t)
        lengths.append(a / g)
        p, cg, ct = chess_games(args.games, rep)
        ch_rates.append(p / ct)
        ch_games.append(cg / ct)
    w, c = statistics.median(ww_rates), statistics.median(ch_rates)
    print(f"windward_nb : {w:10,.0f} actions/s  {statistics.median(ww_games):7.2f} games/s  "
          f"({statistics.median(lengths):,.0f} actions per game)")
    print(f"python-chess: {c:10,.0f} plies/s    {statistics.median(ch_games):7.2f} games/s")
    print(f"ratio (windward actions/s / chess plies/s): {w / c:.2f}  -> goal >= 1: {'met' if w >= c else 'NOT met'}")


if __name__ == "__main__":
    main()
