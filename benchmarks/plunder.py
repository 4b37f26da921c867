"""Winds of Plunder speed: random legal playouts vs python-chess, and GreedyBot games, in one run.

Method: random playouts apply one uniformly chosen legal action at a time
through the rules (``legal_actions`` then ``apply``), chance outcomes drawn
from a seeded generator, and count every action (chance included); chess
counts plies of random games. GreedyBot games go through the core's
``play_game``. Medians over repetitions (time.perf_counter), with the ratio of
the playout medians.

    python benchmarks/plunder.py [--games 20] [--reps 5] [--players 4]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time

import numpy as np

from peers import chess_games, random_playouts
from windward_nb.core.simulate import play_game
from windward_nb.plunder import RULES, start_state


def greedy_games(n: int, seed: int, players: int) -> float:
    t0 = time.perf_counter()
    for i in range(n):
        play_game("winds-of-plunder", players=players, bots="greedy", seed=seed * 1000 + i)
    return n / (time.perf_counter() - t0)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args()
    import chess

    print(f"Winds of Plunder ({args.players} players): random playouts vs python-chess, and GreedyBot games")
    print(f"machine : {platform.platform()} | {platform.machine()} | {os.cpu_count()} CPUs | "
          f"Python {platform.python_version()} | numpy {np.__version__} | python-chess {chess.__version__}")
    print(f"method  : {args.games} games per repetition, {args.reps} repetitions, time.perf_counter; medians")
    random_playouts(RULES, lambda k: start_state(args.players), 1, 999)  # warm-up
    wop, ch, greedy = [], [], []
    for rep in range(args.reps):
        a, _, t = random_playouts(RULES, lambda k: start_state(args.players), args.games, rep)
        wop.append(a / t)
        p, _, ct = chess_games(args.games, rep)
        ch.append(p / ct)
        greedy.append(greedy_games(args.games, rep, args.players))
    w, c = statistics.median(wop), statistics.median(ch)
    print(f"random playouts : {w:,.0f} actions/s (Winds of Plunder) vs {c:,.0f} plies/s (python-chess)")
    print(f"ratio (plunder actions/s / chess plies/s): {w / c:.2f}")
    print(f"GreedyBot games : {statistics.median(greedy):.1f} games/s")


if __name__ == "__main__":
    main()
