"""Random legal playouts of Tailwinds vs python-chess games, in one run (medians and their ratio).

Each side plays complete games choosing uniformly among the legal actions;
Tailwinds counts every applied action, chance outcomes included (drawn from a
seeded numpy generator), chess counts plies. Also measured: GreedyBot games
per second (3 players), the bot the calibration uses.

    python benchmarks/tailwinds_playout.py [--games 20] [--reps 5]
"""

from __future__ import annotations

import argparse
import statistics
import time

from peers import chess_games, random_playouts
from windward_nb.core.simulate import play_game
from windward_nb.tailwinds import RULES, start_state


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--reps", type=int, default=5)
    args = ap.parse_args()
    tw, ch, greedy = [], [], []
    for r in range(args.reps):
        a, _, t = random_playouts(RULES, lambda k: start_state(players=4), args.games, r)
        tw.append(a / t)
        p, _, t = chess_games(max(1, args.games // 4), r)
        ch.append(p / t)
        t0 = time.perf_counter()
        for i in range(max(1, args.games // 4)):
            play_game("tailwinds", players=3, bots="greedy", seed=1000 * r + i)
        greedy.append(max(1, args.games // 4) / (time.perf_counter() - t0))
    mt, mc = statistics.median(tw), statistics.median(ch)
    print(f"tailwinds random 4-player playouts: median {mt:,.0f} actions/s over {args.reps} reps")
    print(f"python-chess random games:          median {mc:,.0f} plies/s")
    print(f"ratio (tailwinds actions/s / chess plies/s): {mt / mc:.2f}")
    print(f"GreedyBot 3-player games: median {statistics.median(greedy):.2f} games/s")


if __name__ == "__main__":
    main()
