"""Solo Adventure win rates with the red routes chosen by the player against the fixed order.

Issue 27, item 1 (docs/rulings.md V10): the player now chooses among the red cresters' shortest
routes; before, they followed a fixed direction order. The same seeded games are played by
GreedyBot and CarefulBot with ``red_routes="fixed"`` and ``"chosen"`` (the bots choose by
``GreedyBot.route_value``), on the default planet and on the radius-5 one. Wilson 95% intervals.

    nice -n 10 python benchmarks/solo_routes.py --games 2000      # writes benchmarks/results/solo-routes.json
    python benchmarks/solo_routes.py --summary

Game seeds start at 60,000 (no tuning saw them; the route judge was written before any run).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from windward_nb.core.files import atomic_write  # noqa: E402
from windward_nb.core.simulate import play_game  # noqa: E402
from windward_nb.core.stats import wilson  # noqa: E402

OUT = ROOT / "benchmarks" / "results" / "solo-routes.json"
SEED0 = 60_000
ARMS = [(planet, bot, routes) for planet in ("large-r6", "large") for bot in ("careful", "greedy")
        for routes in ("fixed", "chosen")]


def play(planet: str, bot: str, routes: str, games: int) -> dict:
    wins, rounds, reds, t0 = 0, [], [], time.perf_counter()
    for g in range(games):
        r = play_game("windward", players=1, bots=[bot], seed=SEED0 + g, planet=planet, red_routes=routes,
                      record=True)
        won = bool(r.stats.get("team_won"))
        wins += won
        rounds.append(r.stats["rounds"])
        final = r.record.replay().state
        reds.append(len(final.planet.red_start) - len(final.reds))
    lo, hi = wilson(wins, games)
    return {"planet": planet, "bot": bot, "red_routes": routes, "games": games, "wins": wins, "rate": wins / games,
            "low": lo, "high": hi, "rounds_mean": statistics.mean(rounds), "reds_beaten_mean": statistics.mean(reds),
            "seconds": round(time.perf_counter() - t0, 1)}


def table(rows: list[dict]) -> str:
    lines = ["| planet | bot | red routes | games | wins | rate (95% interval) | rounds | reds beaten |",
             "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['planet']} | {r['bot']} | {r['red_routes']} | {r['games']} | {r['wins']} | "
                     f"{r['rate']:.2%} ({r['low']:.2%}-{r['high']:.2%}) | {r['rounds_mean']:.2f} | "
                     f"{r['reds_beaten_mean']:.2f} |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--summary", action="store_true")
    args = ap.parse_args()
    rows = json.loads(OUT.read_text())["arms"] if OUT.exists() else []
    if not args.summary:
        have = {(r["planet"], r["bot"], r["red_routes"]) for r in rows if r["games"] == args.games}
        for arm in ARMS:
            if arm in have:
                continue
            rows = [r for r in rows if (r["planet"], r["bot"], r["red_routes"]) != arm] + [play(*arm, args.games)]
            atomic_write(OUT, json.dumps({"seed0": SEED0, "arms": rows}, indent=1))
            print(arm, rows[-1]["wins"], flush=True)
    print(table(rows))


if __name__ == "__main__":
    main()
