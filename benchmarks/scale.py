"""How simulations scale: games/s and efficiency by worker count, on processes and on a Dask cluster.

Run from the project root (needs the ``cluster`` extra, ``dask[distributed]``):

    nice python benchmarks/scale.py                 # 1..N workers, N = the machine's cores
    python benchmarks/scale.py --quick              # a smoke test: few games, 1 and 2 workers
    python benchmarks/scale.py --workers 1,2,4,8 --games-per-worker 40 --repeats 3

Method
------
Every setting plays the SAME games: GreedyBot 4-player Windward, ``G x N``
games from master seed 2026 (G games per worker for the largest worker count
N), so that the results can be compared array by array. For each worker
count w (1, 2, ..., N):

- processes: ``play_many(workers=w)``, a fresh pool of w processes (its
  start-up is timed, it is part of what a user waits for);
- Dask: a ``LocalCluster`` of w single-threaded worker processes, started
  and warmed up (one small run, so the workers have imported the engine)
  before the clock starts, then ``play_many(client=...)``, as a user with a
  running cluster would.

The settings are interleaved, and the whole round is repeated R times;
medians are reported. Efficiency is games/s at w workers divided by w times
the games/s of 1 process. "Dask / processes" compares the two at the same w.

CPU time is measured too, because the machine may be shared: "workers CPU"
is the CPU time the worker processes used (the pool's children, reaped when
it shuts down; the Dask workers' own process clocks), and "cores used" is
that CPU time over the wall time. With the machine to itself, w workers use
about w cores; when other programs compete for the cores, cores used falls
below w and games/s with it, while "games per CPU-s" (the speed with the
cores to ourselves) stays about the same. The load average is printed at the
start and at the end. An idle Dask worker still uses some CPU (heartbeats,
its profiler, its memory monitor); each fresh cluster is watched idle for
two seconds to measure that share, and the Dask CPU time net of it is
reported too: when other programs stretch the wall time, this background
cost grows with it.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402

from windward_nb.simulate import play_game, play_many  # noqa: E402

try:
    from simulate import machine  # benchmarks/simulate.py, next to this file
except ImportError:  # pragma: no cover - run from elsewhere
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from simulate import machine

SEED = 2026
IDLE = 2.0  # seconds a fresh Dask cluster is watched doing nothing
IDLE_SHARE: list[float] = []  # CPU share of a core an idle Dask worker used, one per cluster
ARRAYS = ("seeds", "winner", "scores", "plies", "decisions", "rounds", "sources", "indices")


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _worker_clock() -> float:  # runs on each Dask worker
    return time.process_time()


def run_processes(n: int, w: int) -> tuple[object, float, float]:
    """(result, wall seconds, worker CPU seconds) of one run on w processes (w=1: this process)."""
    self0, children0, t0 = time.process_time(), _children_cpu(), time.perf_counter()
    res = play_many(n, players=4, bots="greedy", seed=SEED, workers=w, progress=False)
    wall = time.perf_counter() - t0
    cpu = time.process_time() - self0 if w == 1 else _children_cpu() - children0  # the pool is reaped by now
    return res, wall, cpu


def run_dask(n: int, w: int) -> tuple[object, float, float]:
    """(result, wall seconds, worker CPU seconds) of one run on a LocalCluster of w 1-thread processes."""
    import distributed

    with distributed.LocalCluster(n_workers=w, threads_per_worker=1, processes=True, dashboard_address=":0",
                                  silence_logs=50) as cluster, distributed.Client(cluster) as client:
        client.wait_for_workers(w)
        play_many(w, players=4, bots="greedy", seed=SEED + 1, client=client, progress=False)  # warm-up
        before, t0 = client.run(_worker_clock), time.perf_counter()
        time.sleep(IDLE)  # what the idle workers use: heartbeats, the profiler, the memory monitor
        after, idle = client.run(_worker_clock), time.perf_counter() - t0
        IDLE_SHARE.append(sum(after[k] - before[k] for k in after) / (w * idle))
        before = client.run(_worker_clock)
        t0 = time.perf_counter()
        res = play_many(n, players=4, bots="greedy", seed=SEED, client=client, progress=False)
        wall = time.perf_counter() - t0
        after = client.run(_worker_clock)
    return res, wall, sum(after[k] - before[k] for k in after)


def same(a: object, b: object) -> bool:
    return all(np.array_equal(getattr(a, k), getattr(b, k)) for k in ARRAYS)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--workers", help="comma-separated worker counts (default: 1, 2, ..., cores)")
    ap.add_argument("--games-per-worker", type=int, default=40, help="games per worker at the largest count")
    ap.add_argument("--repeats", type=int, default=3, help="rounds of every setting (medians are reported)")
    ap.add_argument("--quick", action="store_true", help="smoke test: 1 and 2 workers, 2 games each, 1 round")
    args = ap.parse_args(argv)
    cores = os.cpu_count() or 1
    if args.quick:
        counts, per, repeats = [1, 2], 2, 1
    else:
        try:
            counts = [int(x) for x in args.workers.split(",")] if args.workers else list(range(1, cores + 1))
        except ValueError:
            print(f"scale.py: --workers must be whole numbers separated by commas, got {args.workers!r}",
                  file=sys.stderr)
            return 2
        per, repeats = args.games_per_worker, args.repeats
    if min(counts) < 1 or per < 1 or repeats < 1:
        print("scale.py: worker counts, games per worker and repeats must be 1 or more", file=sys.stderr)
        return 2
    if 1 not in counts:
        counts = [1, *counts]
    counts = sorted(set(counts))
    n = per * max(counts)

    print(machine())
    print(f"cores (os.cpu_count()): {cores}; load average at start: "
          + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    print(f"GreedyBot, 4-player Windward, the same {n} games (master seed {SEED}) in every setting; "
          f"worker counts {counts}; median of {repeats} round(s)\n")
    play_game(4, "greedy", 0)  # warm-up in this process: imports, caches

    runners = {"processes": run_processes, "dask": run_dask}
    walls: dict[tuple[str, int], list[float]] = {}
    cpus: dict[tuple[str, int], list[float]] = {}
    reference = None
    identical = True
    for _ in range(repeats):
        for w in counts:
            for name, run in runners.items():
                res, wall, cpu = run(n, w)
                walls.setdefault((name, w), []).append(wall)
                cpus.setdefault((name, w), []).append(cpu)
                if reference is None:
                    reference = res
                elif not same(res, reference):
                    identical = False
                    print(f"  !! {name} with {w} workers gave different results")

    base = n / statistics.median(walls[("processes", 1)])
    header = (f"{'runner':<10} {'workers':>7} {'wall s':>8} {'games/s':>8} {'vs 1 proc':>9} {'efficiency':>10} "
              f"{'workers CPU s':>13} {'cores used':>10} {'games/CPU-s':>11} {'dask/proc':>9}")
    print(header)
    print("-" * len(header))
    for w in counts:
        for name in runners:
            wall = statistics.median(walls[(name, w)])
            cpu = statistics.median(cpus[(name, w)])
            rate = n / wall
            vs = rate / base
            ratio = ""
            if name == "dask":
                ratio = f"{rate / (n / statistics.median(walls[('processes', w)])):.0%}"
            print(f"{name:<10} {w:>7} {wall:>8.2f} {rate:>8.2f} {vs:>8.2f}x {vs / w:>10.0%} "
                  f"{cpu:>13.1f} {cpu / wall:>10.2f} {n / cpu:>11.2f} {ratio:>9}")
    top = max(counts)
    eff = (n / statistics.median(walls[("processes", top)])) / (top * base)
    dask_ratio = statistics.median(walls[("processes", top)]) / statistics.median(walls[("dask", top)])
    print(f"\nat {top} workers: processes {eff:.0%} efficient (goal >= 80%), "
          f"Dask {dask_ratio:.0%} of the process pool's games/s (goal >= 90%)")
    per_cpu = {name: n / statistics.median(cpus[(name, top)]) for name in runners}
    per_cpu_1 = n / statistics.median(cpus[("processes", 1)])
    print(f"work per game (less sensitive to other programs than games/s): at {top} workers, "
          f"games per worker-CPU-second are {per_cpu['processes'] / per_cpu_1:.0%} (processes) and {per_cpu['dask'] / per_cpu_1:.0%} (Dask) "
          f"of 1 process's")
    idle = statistics.median(IDLE_SHARE)
    dask_wall = statistics.median(walls[("dask", top)])
    net = statistics.median(cpus[("dask", top)]) - idle * top * dask_wall
    print(f"an idle Dask worker uses {idle:.1%} of a core (median of {len(IDLE_SHARE)} clusters), a cost that grows "
          f"with the wall time; without it, Dask at {top} workers does {n / net / per_cpu_1:.0%} of 1 process's "
          f"games per CPU-second")
    print("load average at the end: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    print(f"identical results: {identical}")
    return 0 if identical else 1


if __name__ == "__main__":
    raise SystemExit(main())
