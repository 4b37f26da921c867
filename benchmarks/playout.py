"""Random legal playouts: Windward now and before it moved onto the core, and python-chess, in one run.

Method: each side plays complete 4-player games choosing uniformly among the
legal moves (chance outcomes drawn from a seeded numpy generator). Windward
counts every applied action, chance outcomes included; chess counts plies.

"Before" is the last commit of ``main`` with Windward's old layout (the merge
base with ``main``, or the commit before the move once ``main`` has it), taken
out with ``git archive`` into a temporary folder. Both Windward versions run the
same loop (``engine.decider`` / ``legal_actions`` / ``sample_chance`` /
``apply(check=False)``, the same games and seeds) in fresh interpreters,
alternating before and after in every repetition, each timing only its games
(after one warm-up game) with ``time.perf_counter``. Medians are quoted and the
ratio after/before; more than 5% slower is a regression.

    python benchmarks/playout.py [--games 20] [--reps 5] [--before REV]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from peers import chess_games  # noqa: E402  (the peer: random games of python-chess)


# =============================================================================== the games (run in a worker)
def windward_games(n: int, seed: int) -> tuple[int, int, float]:
    import windward_nb as ww

    # a tree from before Windward moved into windward_nb.windward has windward_nb/engine.py instead
    # (ask the files: an import attempt could fall through to an installed tree's subpackage)
    if (Path(ww.__file__).parent / "windward" / "engine.py").is_file():
        from windward_nb.windward import engine
    else:
        from windward_nb import engine

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


def worker(games: int, seed: int, expect: str) -> None:
    import windward_nb

    where = str(Path(windward_nb.__file__).resolve().parent.parent)
    if where != str(Path(expect).resolve()):
        raise SystemExit(f"imported windward_nb from {where}, expected {expect}")
    windward_games(1, 999)  # warm-up
    actions, n, seconds = windward_games(games, seed)
    print(json.dumps({"actions": actions, "games": n, "seconds": seconds}))


def run_worker(tree: Path, games: int, seed: int) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree))
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--worker", "--games", str(games),
                           "--seed", str(seed), "--expect", str(tree)], capture_output=True, text=True, env=env,
                          cwd=tree, timeout=3600)
    if done.returncode != 0:
        raise RuntimeError(f"worker in {tree} failed: {done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


# =============================================================================== the "before" tree
def git(*args: str) -> str:
    return subprocess.run(["git", *args], capture_output=True, text=True, cwd=ROOT, check=True).stdout.strip()


def has_old_layout(rev: str) -> bool:
    return subprocess.run(["git", "cat-file", "-e", f"{rev}:windward_nb/engine.py"], cwd=ROOT,
                          capture_output=True).returncode == 0


def default_before() -> str | None:
    """The last commit of main before the move: the merge base with main (or origin/main) when it
    still has the old layout, else the parent of the commit that moved the engine; None when the
    history at hand has neither (a shallow clone)."""
    for branch in ("main", "origin/main"):
        try:
            base = git("merge-base", "HEAD", branch)
        except (subprocess.CalledProcessError, OSError):
            continue
        if base and has_old_layout(base):
            return base
    try:
        moved = git("log", "--diff-filter=D", "--format=%H", "-1", "--", "windward_nb/engine.py")
        return git("rev-parse", f"{moved}^1") if moved else None
    except (subprocess.CalledProcessError, OSError):
        return None


def extract(rev: str, into: Path) -> None:
    data = subprocess.run(["git", "archive", "--format=tar", rev, "windward_nb"], capture_output=True, cwd=ROOT,
                          check=True).stdout
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(into, filter="data")


# =============================================================================== chess
def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--before", help="the commit to compare with (default: main before the move)")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--seed", type=int, default=0, help=argparse.SUPPRESS)
    ap.add_argument("--expect", default="", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker(args.games, args.seed, args.expect)
        return
    import chess

    print("random playouts: windward_nb (4 players) before and after the move onto the core, and python-chess")
    print(f"machine : {platform.platform()} | {platform.machine()} | {os.cpu_count()} CPUs | "
          f"Python {platform.python_version()} | numpy {np.__version__} | python-chess {chess.__version__}")
    print(f"method  : {args.games} complete games per repetition, {args.reps} repetitions alternating before, "
          "after and chess; each Windward side in a fresh interpreter; time.perf_counter; medians quoted")
    before_rev = args.before or default_before()
    if before_rev:
        print(f"before  : {git('rev-parse', '--short', before_rev)} "
              f"({git('log', '-1', '--format=%s', before_rev)[:70]})")
    else:
        print("before  : not measured (no commit of main before the move in this history; give --before REV)")
    print("after   : this checkout")
    rates: dict[str, list[float]] = {"before": [], "after": []}
    ww_games, ch_rates, ch_games, lengths = [], [], [], []
    with tempfile.TemporaryDirectory(prefix="windward-before-") as tmp:
        old = Path(tmp)
        if before_rev:
            extract(before_rev, old)
        for rep in range(args.reps):
            order = (("before", old), ("after", ROOT)) if rep % 2 == 0 else (("after", ROOT), ("before", old))
            for side, tree in order:
                if side == "before" and not before_rev:
                    continue
                r = run_worker(tree, args.games, rep)
                rates[side].append(r["actions"] / r["seconds"])
                if side == "after":
                    ww_games.append(r["games"] / r["seconds"])
                    lengths.append(r["actions"] / r["games"])
            p, cg, ct = chess_games(args.games, rep)
            ch_rates.append(p / ct)
            ch_games.append(cg / ct)
    w, c = statistics.median(rates["after"]), statistics.median(ch_rates)
    if rates["before"]:
        print(f"windward_nb before: {statistics.median(rates['before']):10,.0f} actions/s")
    print(f"windward_nb after : {w:10,.0f} actions/s  {statistics.median(ww_games):7.2f} games/s  "
          f"({statistics.median(lengths):,.0f} actions per game)")
    print(f"python-chess      : {c:10,.0f} plies/s    {statistics.median(ch_games):7.2f} games/s")
    if rates["before"]:
        ratio = w / statistics.median(rates["before"])
        print(f"ratio after/before: {ratio:.3f}  -> "
              f"{'no loss over 5%' if ratio >= 0.95 else 'SLOWER by more than 5%'}")
    print(f"ratio (windward actions/s / chess plies/s): {w / c:.2f}  -> goal >= 1: {'met' if w >= c else 'NOT met'}")


if __name__ == "__main__":
    main()
