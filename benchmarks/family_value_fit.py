"""Fit the judge of unfinished positions of a sister game (North Wind, Winds of Plunder, Tailwinds).

The search bot of each game stops its imagined futures between two turns and asks the game's
``search.value`` for every seat's chance to win from there: a conditional logit over a few facts
per seat (``search.FEATURES``, ``search.features``), see :mod:`windward_nb.core.judge`. This
script plays GreedyBot games (every number of players the game allows, seeds 700,000 on, far from
the strength benchmarks' seeds), notes each seat's facts at every settled position
(``search.settled``; a game whose settled positions repeat the same facts names one of them with
``search.fit_position``, as Winds of Plunder does for its wind vote) and who won in the end (games
without a single winner are left out), fits the weights on three quarters of the games and
reports, on the quarter held out, the log-loss of the winner for the fitted weights, for the
weights in use and for even shares. It prints the weights to paste into ``search.WEIGHTS`` and
writes everything to
``benchmarks/results/judges/<game>.json``:

    python benchmarks/family_value_fit.py --game north-wind --games 1200
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from windward_nb.core.files import atomic_write  # noqa: E402
from windward_nb.core.judge import fit, logloss, probabilities  # noqa: E402
from windward_nb.core.simulate import play_game  # noqa: E402

SEED0 = 700_000
GAMES = {"north-wind": ("windward_nb.northwind.search", (2, 3, 4)),
         "winds-of-plunder": ("windward_nb.plunder.search", (3, 4, 5)),
         "tailwinds": ("windward_nb.tailwinds.search", (2, 3, 4))}
OUT = ROOT / "benchmarks" / "results" / "judges"


def collect(game: str, games: int, seed0: int) -> list[tuple[np.ndarray, int]]:
    module, seats = GAMES[game]
    search = importlib.import_module(module)
    sampled = getattr(search, "fit_position", search.settled)
    rows: list[tuple[np.ndarray, int]] = []
    for g in range(games):
        players = seats[g % len(seats)]
        found: list[np.ndarray] = []

        def observe(s, a, ev, found=found, players=players) -> None:
            if sampled(s) and not type(s).rules.is_over(s):
                found.append(np.array([search.features(s, i) for i in range(players)], dtype=float))

        r = play_game(game, players=players, bots="greedy", seed=seed0 + g, observer=observe)
        if r.over and len(r.winners) == 1:
            rows += [(x, r.winners[0]) for x in found]
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=sorted(GAMES), required=True)
    ap.add_argument("--games", type=int, default=1200)
    ap.add_argument("--held-out", type=float, default=0.25)
    ap.add_argument("--ridge", type=float, default=1.0)
    ap.add_argument("--out", default=str(OUT), help="the folder for the result file")
    args = ap.parse_args(argv)
    search = importlib.import_module(GAMES[args.game][0])
    t0 = time.process_time()
    n_test = int(args.games * args.held_out)
    test = collect(args.game, n_test, SEED0)
    train = collect(args.game, args.games - n_test, SEED0 + n_test)
    w = fit(train, ridge=args.ridge)
    fitted = logloss(test, lambda x: probabilities(w, x))
    in_use = logloss(test, lambda x: probabilities(search.WEIGHTS, x))
    even = logloss(test, lambda x: np.full(len(x), 1 / len(x)))
    cpu = time.process_time() - t0
    print(f"{args.game}: {len(train)} positions fitted, {len(test)} held out, {cpu:.0f} s CPU")
    for name, x in zip(search.FEATURES, w):
        print(f"    {name:14} {x:+.3f}")
    print("WEIGHTS = (" + ", ".join(f"{x:.3f}" for x in w) + ")")
    print(f"held-out log-loss: fitted {fitted:.4f}, in use {in_use:.4f}, even shares {even:.4f}")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    atomic_write((out / f"{args.game}.json"), json.dumps({
        "game": args.game, "games": args.games, "seeds": [SEED0, SEED0 + args.games - 1], "held_out_games": n_test,
        "positions": {"fit": len(train), "held_out": len(test)}, "features": list(search.FEATURES),
        "weights": [round(float(x), 3) for x in w], "ridge": args.ridge,
        "held_out_logloss": {"fitted": round(fitted, 4), "in_use": round(in_use, 4), "even": round(even, 4)},
        "cpu_seconds": round(cpu, 1)}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
