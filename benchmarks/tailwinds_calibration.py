"""Calibrate Tailwinds' reconstructed cards with bot games (figures for docs/rulings-tailwinds.md).

For each player count and track side it plays seeded GreedyBot games and prints
the share of races ending at the Finish Line, rounds per game, wind rolls and
spaces the wind took from the leaders, and each character's win rate with a
Wilson 95% interval next to its fair share. ``--quick`` plays a few games only
(the smoke test).

    python benchmarks/tailwinds_calibration.py --games 200 --workers 2
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

from windward_nb.core.files import atomic_write
from windward_nb.core.simulate import play_many
from windward_nb.tailwinds.stats import character_rates


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200, help="games per player count and side")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--bots", default="greedy")
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--sides", default="standard,advanced")
    ap.add_argument("--wind", default="roll")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--save", default="", help="write every game's figures to this JSON file")
    args = ap.parse_args()
    n = 3 if args.quick else args.games
    t0 = time.perf_counter()
    all_results = []
    for side in args.sides.split(","):
        for players in (2, 3, 4):
            res = play_many(n, players=players, bots=args.bots, seed=args.seed, game="tailwinds",
                            workers=args.workers, progress=False, track=side, wind=args.wind)
            all_results.append(res)
            fin = res.finish.mean()
            print(f"{side:8s} {players}p  {len(res)} games: finish line {fin:5.1%}, rounds {res.rounds.mean():4.1f}, "
                  f"wind rolls {res.wind_rolls.mean():3.1f}, leader blown back {res.wind_back.mean():4.1f} spaces, "
                  f"boats retired {res.retired.mean():3.2f}, early leader wins "
                  f"{np.mean(res.early_leader[res.early_leader >= 0] == res.winner[res.early_leader >= 0]):5.1%}")
    print("character win rates over all games (Wilson 95% interval; fair share = 1/players):")
    for row in character_rates(all_results):
        print(f"  {row['character']:8s} {row['wins']:4d}/{row['games']:4d} = {row['rate']:5.1%} "
              f"[{row['low']:5.1%}, {row['high']:5.1%}]  fair {row['fair']:5.1%}")
    print(f"calibration done in {time.perf_counter() - t0:.1f} s")
    if args.save:
        games = []
        for res in all_results:
            for row in range(len(res)):
                games.append({"track": res.options["track"], "players": res.players, "seed": int(res.seeds[row]),
                              "winner": int(res.winner[row]), "characters": [str(c) for c in res.characters[row]],
                              "finish": bool(res.finish[row]), "rounds": int(res.rounds[row]),
                              "wind_rolls": int(res.wind_rolls[row]), "wind_back": int(res.wind_back[row]),
                              "early_leader": int(res.early_leader[row])})
        columns = list(games[0]) if games else []
        doc = {"description": "Tailwinds calibration games: GreedyBot in every seat, reconstructed cards; "
                              "one list per column, one entry per game",
               "command": "python benchmarks/tailwinds_calibration.py " + " ".join(
                   f"--{k} {v}" for k, v in (("games", n), ("seed", args.seed), ("wind", args.wind))),
               "columns": columns, "games": len(games), "data": {c: [g[c] for g in games] for c in columns}}
        atomic_write(args.save, json.dumps(doc, separators=(",", ":")))
        print(f"saved {len(games)} games to {args.save}")


if __name__ == "__main__":
    main()
