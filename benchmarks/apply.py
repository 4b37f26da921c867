"""What it costs to take every action in its normal form (Action.normalise) inside Game.apply.

Method: random 4-player games are played once to collect their action streams (as Action objects
and as text). Then, in the same process and interleaved, we time over those streams: Game.apply with
Action objects, the same with the normal form bypassed (Action.normalise patched to pass an Action
through: the engine before this check existed), Game.apply with text, and Action.normalise alone,
each as the median over several repetitions (time.perf_counter). The figures to watch are the share
normalise takes of an apply and the ratio of the two Game.apply(Action) medians: both should stay
close to nothing.

    python benchmarks/apply.py [--games 6] [--reps 5]
"""

from __future__ import annotations

import argparse
import gc
import platform
import statistics
import time

import numpy as np

import windward_nb as ww
from windward_nb import engine
from windward_nb.actions import Action


def streams(games: int) -> list[tuple[int, list[Action]]]:
    out = []
    for i in range(games):
        g = ww.new_game(players=4, seed=500 + i, auto_chance=False)
        rng = np.random.default_rng(i)
        acts = []
        while not g.is_over and len(acts) < 3000:
            s = g.state
            a = engine.sample_chance(s, rng) if engine.decider(s) == engine.CHANCE else \
                g.legal_actions()[int(rng.integers(len(g.legal_actions())))]
            g.apply(a)
            acts.append(a)
        out.append((500 + i, acts))
    return out


def replay(games, as_text: bool) -> tuple[int, float]:
    n, t0 = 0, time.perf_counter()
    for seed, acts in games:
        g = ww.new_game(players=4, seed=seed, auto_chance=False)
        for a in acts:
            g.apply(str(a) if as_text else a)
        n += len(acts)
    return n, time.perf_counter() - t0


def normalise_only(games) -> tuple[int, float]:
    flat = [a for _, acts in games for a in acts]
    t0 = time.perf_counter()
    for a in flat:
        Action.normalise(a)
    return len(flat), time.perf_counter() - t0


def bypassed(games) -> tuple[int, float]:
    """Game.apply(Action) with the normal form skipped for Action objects."""
    real = Action.__dict__["normalise"]
    Action.normalise = staticmethod(lambda a: a if isinstance(a, Action) else real.__func__(a))
    try:
        return replay(games, False)
    finally:
        Action.normalise = real


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--reps", type=int, default=8)
    args = ap.parse_args()
    games = streams(args.games)
    runs = (("Game.apply(Action)", lambda: replay(games, False)),
            ("  ... normal form bypassed", lambda: bypassed(games)),
            ("Game.apply(text)", lambda: replay(games, True)),
            ("Action.normalise(Action)", lambda: normalise_only(games)))
    rates: dict[str, list[float]] = {name: [] for name, _ in runs}
    for rep in range(args.reps):  # interleaved, in a rotating order, so no variant always goes first
        for name, run in runs[rep % len(runs):] + runs[:rep % len(runs)]:
            gc.collect()
            n, dt = run()
            rates[name].append(dt / n)
    rows = {name: statistics.median(r) for name, r in rates.items()}
    print(f"Python {platform.python_version()}, {args.games} games, "
          f"{sum(len(a) for _, a in games)} actions, median of {args.reps}")
    for name, per in rows.items():
        print(f"  {name:26s} {per * 1e6:8.2f} us per action  ({1 / per:,.0f} per s)")
    share = rows["Action.normalise(Action)"] / rows["Game.apply(Action)"]
    print(f"normalise share of Game.apply(Action): {share:.1%}")
    print(f"Game.apply(Action) with / without the normal form: "
          f"{rows['Game.apply(Action)'] / rows['  ... normal form bypassed']:.3f}")


if __name__ == "__main__":
    main()
