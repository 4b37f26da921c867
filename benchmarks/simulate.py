"""Benchmark bot simulations and replay jumps.

Run from the project root:

    python benchmarks/simulate.py            # full run (about a minute)
    python benchmarks/simulate.py --quick    # fewer games, for a smoke test

Method
------
1. Simulation speed. ``play_many`` plays GreedyBot 4-player games (default
   rules, every game seeded from the master seed and its index). One untimed
   warm-up game, then the same N games are timed with ``workers=1`` and with
   ``workers=2`` (processes); each setting is timed REPEATS times and the best
   wall-clock time is kept (the settings are interleaved). The results of the two settings must be identical.
   Reported: games per second and the 2-worker / 1-worker ratio.
2. Replay jumps. The longest of a few RandomBot 5-player games is the "long
   record". Timed: (a) ``record.replay()``, the Game-level replay that keeps an
   undo stack; (b) a cursor without checkpoints (``Replay(every=10**9)``), which
   must replay from ply 0 for every jump to the last ply; (c) a cursor with
   checkpoints every 64 plies, after one ``scan()`` (its cost is reported too),
   jumping to the last ply from ply 0 and to random plies. Medians of JUMPS jumps.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402

from windward_nb.replay import Replay  # noqa: E402
from windward_nb.simulate import play_game, play_many  # noqa: E402


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as fh:
            names = [line.split(":", 1)[1].strip() for line in fh if line.startswith("model name")]
        if names:
            cpu = names[0]
    except OSError:
        pass
    return (f"{platform.platform()} | {cpu} | {os.cpu_count()} CPUs | Python {platform.python_version()} | "
            f"numpy {np.__version__}")


def bench_games(n: int, repeats: int) -> None:
    play_game(4, "greedy", 0)  # warm-up: imports, caches
    runs: dict[int, list[float]] = {1: [], 2: []}
    results = {}
    for _ in range(repeats):  # interleaved, so that a busy moment on the machine hits both settings
        for workers in (1, 2):
            t0 = time.perf_counter()
            results[workers] = play_many(n, players=4, bots="greedy", seed=123, workers=workers, progress=False)
            runs[workers].append(time.perf_counter() - t0)
    timings = {w: float(np.median(ts)) for w, ts in runs.items()}
    same = all(np.array_equal(getattr(results[1], k), getattr(results[2], k))
               for k in ("seeds", "winner", "scores", "rounds", "plies", "sources"))
    r = results[1]
    print(f"GreedyBot, 4 players, {n} games (median of {repeats} runs each):")
    for workers, t in timings.items():
        print(f"  workers={workers}: {t:6.2f} s  = {n / t:6.2f} games/s")
    print(f"  scaling 2 workers / 1 worker: {timings[1] / timings[2]:.2f}x   (identical results: {same})")
    print(f"  game length: median {np.median(r.rounds):.0f} rounds (range {r.rounds.min()}-{r.rounds.max()}), "
          f"median {np.median(r.decisions):.0f} decisions / {np.median(r.plies):.0f} plies per game")
    if not same:
        raise SystemExit("results differ between 1 and 2 workers")


def bench_jumps(candidates: int, jumps: int) -> None:
    longest = max((play_game(5, "random", seed, record=True).record for seed in range(candidates)), key=len)
    n = len(longest)
    print(f"\nReplay of a long record: RandomBot, 5 players, {n} plies, {longest.meta['final']['rounds']} rounds")

    t0 = time.perf_counter()
    longest.replay()
    print(f"  record.replay() (a Game with undo history)       : {time.perf_counter() - t0:8.4f} s")

    naive = Replay(longest, every=10**9)
    naive.seek(n)  # the first pass also checks every action; time the later ones
    times = []
    for _ in range(jumps):
        naive.seek(0)
        t0 = time.perf_counter()
        naive.seek(n)
        times.append(time.perf_counter() - t0)
    t_naive = statistics.median(times)
    print(f"  cursor without checkpoints, ply 0 -> {n}          : {t_naive:8.4f} s")

    t0 = time.perf_counter()
    cur = Replay(longest, every=64).scan()
    print(f"  cursor with checkpoints every 64: one scan()      : {time.perf_counter() - t0:8.4f} s")
    times = []
    for _ in range(jumps):
        cur.seek(0)
        t0 = time.perf_counter()
        cur.seek(n)
        times.append(time.perf_counter() - t0)
    t_cp = statistics.median(times)
    print(f"  cursor with checkpoints, ply 0 -> {n}             : {t_cp:8.5f} s   ({t_naive / t_cp:.0f}x faster)")
    rng = np.random.default_rng(0)
    times = []
    for k in rng.integers(0, n + 1, size=jumps * 5):
        t0 = time.perf_counter()
        cur.seek(int(k))
        times.append(time.perf_counter() - t0)
    print(f"  cursor with checkpoints, random ply (median)      : {statistics.median(times):8.5f} s")
    cur.seek(n)
    t0 = time.perf_counter()
    for _ in range(50):
        cur.back()
    print(f"  stepping back one ply (mean of 50)                : {(time.perf_counter() - t0) / 50:8.5f} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer games and jumps")
    args = ap.parse_args()
    print(machine())
    print()
    if args.quick:
        bench_games(8, 1)
        bench_jumps(2, 3)
    else:
        bench_games(40, 3)
        bench_jumps(8, 7)


if __name__ == "__main__":
    main()
