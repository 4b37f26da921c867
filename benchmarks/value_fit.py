"""Fit the search bot's judge of a notoriety race to who actually won GreedyBot games.

The search bot (``windward_nb/windward/search.py``) stops its imagined futures between two turns
and asks :func:`~windward_nb.windward.search.value` for each captain's chance to win from there.
That judge is a *conditional logit*: each captain gets a score ``w . features(s, i)`` and the
chances are the soft maximum of the scores. This script plays GreedyBot games (2, 3 and 4
captains, seeds far from the strength benchmark's), notes every captain's features at every
position between two turns together with who won in the end, and finds the weights ``w`` that
make the winners most likely (Newton's method on the log-likelihood, with a small ridge).
It prints the weights (to paste into ``search.WEIGHTS``) and, on games held out from the fit,
the log-loss of the winner prediction for the fitted weights and for the judge in use:

    python benchmarks/value_fit.py --games 1500
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from windward_nb.core.simulate import play_game  # noqa: E402
from windward_nb.windward import search  # noqa: E402

SEED0 = 500_000


def collect(games: int, seed0: int = SEED0, every: int = 1) -> list[tuple[np.ndarray, int, list[float]]]:
    """(features per seat, winner, current judge's values) at every settled position of ``games`` games."""
    out: list[tuple[np.ndarray, int, list[float]]] = []
    for g in range(games):
        players = (2, 3, 4)[g % 3]
        rows: list[tuple[np.ndarray, list[float]]] = []
        count = [0]

        def observe(s, a, ev) -> None:
            if not s.over and search.settled(s):
                count[0] += 1
                if count[0] % every == 0:
                    rows.append((np.array([search.features(s, i) for i in range(players)]), search.value(s)))

        r = play_game("windward", players=players, bots="greedy", seed=seed0 + g, observer=observe)
        if not r.over or len(r.winners) != 1:
            continue
        out += [(x, r.winners[0], v) for x, v in rows]
    return out


def loglik(w: np.ndarray, data) -> tuple[float, np.ndarray, np.ndarray]:
    k = len(w)
    ll, grad, hess = 0.0, np.zeros(k), np.zeros((k, k))
    for x, win, _ in data:
        u = x @ w
        u -= u.max()
        p = np.exp(u)
        p /= p.sum()
        ll += np.log(p[win])
        mean = p @ x
        grad += x[win] - mean
        d = x - mean
        hess -= (d * p[:, None]).T @ d
    return ll, grad, hess


def fit(data, ridge: float = 1.0, steps: int = 30) -> np.ndarray:
    k = data[0][0].shape[1]
    w = np.zeros(k)
    for _ in range(steps):
        ll, g, h = loglik(w, data)
        g -= ridge * w
        h -= ridge * np.eye(k)
        step = np.linalg.solve(h, g)
        w -= step
        if np.abs(step).max() < 1e-6:
            break
    return w


def logloss(data, probs) -> float:
    return float(-np.mean([np.log(max(p[win], 1e-9)) for (_, win, _), p in zip(data, probs)]))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1500)
    ap.add_argument("--held-out", type=float, default=0.25, help="share of the games kept for the test")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    test_games = int(args.games * args.held_out)
    test = collect(test_games, SEED0)
    train = collect(args.games - test_games, SEED0 + test_games)
    print(f"{len(train)} positions to fit, {len(test)} held out ({time.perf_counter() - t0:.0f} s)")
    w = fit(train)
    for name, x in zip(search.FEATURES, w):
        print(f"    {name:18} {x:+.3f}")
    print("WEIGHTS = (" + ", ".join(f"{x:.3f}" for x in w) + ")")

    def soft(x):
        u = x @ w
        p = np.exp(u - u.max())
        return p / p.sum()

    print(f"held-out log-loss: fitted {logloss(test, [soft(x) for x, _, _ in test]):.4f}, "
          f"judge in use {logloss(test, [v for _, _, v in test]):.4f}, "
          f"even shares {logloss(test, [np.full(len(x), 1 / len(x)) for x, _, _ in test]):.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
