"""How large is the planet of Celus? The size study behind the default planet (docs/rulings.md, P1).

The rulebooks picture the planet tiles but do not print them, so windward_nb's large planet is a
reconstruction. This script compares the same six tile templates at radius 5 (``large``, the
reconstruction every game used before the study) and scaled to radius 6, 7 and 8
(``large-r6`` ... ``large-r8``), against the numbers the rulebooks do print:

* **red speeds**: red cresters move 3 on the large planet and 2 on the small one (radius 4);
* **the White Crester's speeds** in the Cooperative game, 5/6/7/8 by difficulty, and its strike
  on the Trading Post when its move reaches it;
* **the Solo Adventure**: at the first rest, where can the ship stop out of every red's reach?
* **the box's playing time**, 30 to 90 minutes for 1 to 5 players: how many rounds a game lasts.

Run from the project root (writes ``benchmarks/results/planet-size.json``, then prints the tables):

    nice -n 10 python benchmarks/planet_size.py --seeds 400 --race 200 --solo 1000 --coop 500
    python benchmarks/planet_size.py --summary          # the tables from the JSON file

Bots: GreedyBot in the races, CarefulBot in the team modes; the Solo Adventure's red routes are
fixed (the study was made before the player chose them; ``benchmarks/solo_routes.py`` compares). Game seeds start at 50,000 (no
tuning saw them); the safe-space count uses setup seeds 0 to ``--seeds`` - 1.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import deque
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import windward_nb as ww  # noqa: E402
from windward_nb.core.files import atomic_write  # noqa: E402
from windward_nb.core.simulate import play_game  # noqa: E402
from windward_nb.core.stats import wilson  # noqa: E402
from windward_nb.windward import cresters, movement  # noqa: E402
from windward_nb.windward.planet import Planet  # noqa: E402

OUT = ROOT / "benchmarks" / "results" / "planet-size.json"
PLANETS = ("large", "large-r6", "large-r7", "large-r8")
RADIUS = {"small": 4, "large": 5, "large-r6": 6, "large-r7": 7, "large-r8": 8}
SEED0 = 50_000
RACES = {"h2h": dict(players=2), "ffa3": dict(players=3), "ffa4": dict(players=4), "ffa5": dict(players=5)}
DIFFICULTIES = ("easy", "normal", "hard", "impossible")
WHITE_SPEED = {"easy": 5, "normal": 6, "hard": 7, "impossible": 8}


# =============================================================================== geometry
def crester_steps(p: Planet, start: int) -> dict[int, int]:
    """Steps from ``start`` to every space a crester may stand on (never Drift nor the Trading
    Post), on the empty planet."""
    dist = {start: 0}
    queue = deque([start])
    while queue:
        h = queue.popleft()
        for t in p.nbr[h]:
            if t <= 0 or t in dist or p.is_drift[t]:
                continue
            dist[t] = dist[h] + 1
            queue.append(t)
    return dist


def to_port(p: Planet) -> dict[int, int]:
    """Steps from every space to the Trading Post for the White Crester (it may end on the post)."""
    dist = {0: 0}
    queue = deque([0])
    while queue:
        h = queue.popleft()
        for t in p.nbr[h]:
            if t <= 0 or t in dist or p.is_drift[t]:
                continue
            dist[t] = dist[h] + 1
            queue.append(t)
    return dist


def geometry(size: str) -> dict:
    """Spaces, distances and the White Crester's reach on one planet, over the 720 tile orders
    (distances depend on the order only through where Drift lies; the first 60 orders are used)."""
    import itertools

    orders = list(itertools.permutations(range(6)))[:60]
    pair_means, port_far, white_port, white_cover, red_cover = [], [], {d: [] for d in DIFFICULTIES}, \
        {d: [] for d in DIFFICULTIES}, []
    for order in orders:
        p = Planet(size, order)
        open_ = [i for i in range(1, len(p.cells)) if not p.is_drift[i]]
        total = 0
        count = 0
        for i in open_:
            d = crester_steps(p, i)
            total += sum(d.values())
            count += len(d) - 1
        pair_means.append(total / count)
        port = to_port(p)
        port_far.append(max(port.values()))
        corners = list(p.corner.values())
        for diff in DIFFICULTIES:
            speed = WHITE_SPEED[diff]
            # from a corner, does the White Crester reach the Trading Post in one move?
            white_port[diff].append(sum(port.get(c, 99) <= speed for c in corners) / len(corners))
            # the share of the planet within one move of a corner
            cover = [sum(1 for h, k in crester_steps(p, c).items() if 0 < k <= speed) / (len(open_) - 1)
                     for c in corners]
            white_cover[diff].append(sum(cover) / len(cover))
        reds = list(p.red_start.values())
        red_cover.append(sum(1 for h in open_ if any(crester_steps(p, r).get(h, 99) <= 3 for r in reds))
                         / len(open_))
    p = Planet(size, tuple(range(6)))
    return {
        "radius": p.radius, "spaces": len(p.cells), "per_territory": len(p.territory_cells[1]),
        "mean_crester_steps": statistics.mean(pair_means), "port_farthest": max(port_far),
        "white_reaches_port_from_corner": {d: statistics.mean(v) for d, v in white_port.items()},
        "white_covers_from_corner": {d: statistics.mean(v) for d, v in white_cover.items()},
        "reds_cover_at_start": statistics.mean(red_cover),
    }


# =============================================================================== the first solo rest
def first_rest(size: str, seeds: int) -> dict:
    """For the Solo Adventure's opening position of each seed: the spaces the ship can reach on
    its first turn with its 4 speed (no orders, no cards) where it may rest out of every red's
    reach, and how many spaces of the whole planet are out of every red's reach."""
    reachable, anywhere = [], []
    for seed in range(seeds):
        s = ww.new_game(players=1, seed=seed, planet=size).state
        speed = s.turn.speed
        costs = movement.reach_costs(s, 0)
        p = s.planet
        spaces = [h for h, c in costs.items() if h > 0 and c <= speed and not p.is_drift[h]
                  and h not in s.reds and s.ship_at(h) < 0]
        reachable.append(sum(1 for h in spaces if not cresters.rest_attackers(s, 0, h)))
        open_ = [h for h in range(1, len(p.cells)) if not p.is_drift[h] and h not in s.reds]
        anywhere.append(sum(1 for h in open_ if not cresters.rest_attackers(s, 0, h)))
    return {"seeds": seeds, "safe_reachable_mean": statistics.mean(reachable),
            "safe_reachable_none": sum(1 for x in reachable if x == 0),
            "safe_reachable": reachable, "safe_anywhere_mean": statistics.mean(anywhere)}


# =============================================================================== games
def games(size: str, config: dict, bot: str, n: int) -> dict:
    rounds, wins, seconds, over = [], 0, 0.0, 0
    players = config["players"]
    for g in range(n):
        t0 = time.perf_counter()
        r = play_game("windward", bots=[bot] * players, seed=SEED0 + g, planet=size, **config)
        seconds += time.perf_counter() - t0
        rounds.append(r.stats["rounds"])
        over += bool(r.over)
        if r.stats.get("team") and r.stats.get("team_won"):
            wins += 1
    q = statistics.quantiles(rounds, n=4)
    out = {"games": n, "bot": bot, "rounds_mean": statistics.mean(rounds), "rounds_median": statistics.median(rounds),
           "rounds_q1": q[0], "rounds_q3": q[2], "over": over, "seconds": round(seconds, 1)}
    if config.get("mode") == "cooperative" or players == 1:
        lo, hi = wilson(wins, n)
        out.update(wins=wins, win_rate=wins / n, win_lo=lo, win_hi=hi)
    return out


def run(args) -> dict:
    data = json.loads(OUT.read_text()) if OUT.exists() else {}
    t0 = time.perf_counter()
    data.setdefault("geometry", {})
    for size in ("small", *PLANETS):
        if size not in data["geometry"]:
            data["geometry"][size] = geometry(size)
            print(size, "geometry", flush=True)
    data.setdefault("first_rest", {})
    for size in PLANETS:
        if data["first_rest"].get(size, {}).get("seeds") != args.seeds:
            data["first_rest"][size] = first_rest(size, args.seeds)
            print(size, "first rest", flush=True)
        atomic_write(OUT, json.dumps(data, indent=1))
    data.setdefault("games", {})
    for size in PLANETS:
        for name, cfg in [*RACES.items(), ("solo", dict(players=1, red_routes="fixed")),
                          *((f"coop-{d}", dict(players=2, mode="cooperative", difficulty=d)) for d in DIFFICULTIES)]:
            n = args.race if name in RACES else args.solo if name == "solo" else args.coop
            bot = "greedy" if name in RACES else "careful"
            key = f"{size}/{name}"
            if data["games"].get(key, {}).get("games") == n or n == 0:
                continue
            data["games"][key] = games(size, cfg, bot, n)
            print(key, data["games"][key]["rounds_mean"], flush=True)
            atomic_write(OUT, json.dumps(data, indent=1))
    data["seconds"] = data.get("seconds", 0) + round(time.perf_counter() - t0)
    atomic_write(OUT, json.dumps(data, indent=1))
    return data


def summary(data: dict) -> str:
    geo = data["geometry"]
    lines = ["| planet | radius | spaces | radius / small's 4 | mean steps / small's | reds cover at start |",
             "|---|---|---|---|---|---|"]
    for size in ("small", *PLANETS):
        g = geo[size]
        lines.append(f"| {size} | {g['radius']} | {g['spaces']} | {g['radius'] / 4:.2f} | "
                     f"{g['mean_crester_steps'] / geo['small']['mean_crester_steps']:.2f} | "
                     f"{g['reds_cover_at_start']:.0%} |")
    lines += ["", "White Crester (Cooperative): share of corners from which one move reaches the Trading Post, "
              "and share of the planet within one move of a corner", "",
              "| planet | " + " | ".join(f"{d} ({WHITE_SPEED[d]})" for d in DIFFICULTIES) + " |",
              "|---|" + "---|" * len(DIFFICULTIES)]
    for size in PLANETS:
        g = geo[size]
        lines.append(f"| {size} | " + " | ".join(
            f"{g['white_reaches_port_from_corner'][d]:.0%} / {g['white_covers_from_corner'][d]:.0%}"
            for d in DIFFICULTIES) + " |")
    fr = data.get("first_rest", {})
    if fr:
        lines += ["", "Solo Adventure, first rest: safe spaces the ship can reach with its 4 speed",
                  "", "| planet | seeds | mean safe reachable | seeds with none | safe spaces anywhere |",
                  "|---|---|---|---|---|"]
        for size in PLANETS:
            f = fr[size]
            lines.append(f"| {size} | {f['seeds']} | {f['safe_reachable_mean']:.2f} | {f['safe_reachable_none']} "
                         f"({f['safe_reachable_none'] / f['seeds']:.0%}) | {f['safe_anywhere_mean']:.2f} |")
    gm = data.get("games", {})
    if gm:
        names = [*RACES, "solo", *(f"coop-{d}" for d in DIFFICULTIES)]
        lines += ["", "Rounds per game (mean, quartiles); team modes: wins with Wilson 95% interval", "",
                  "| game | " + " | ".join(PLANETS) + " |", "|---|" + "---|" * len(PLANETS)]
        for name in names:
            cells = []
            for size in PLANETS:
                r = gm.get(f"{size}/{name}")
                if r is None:
                    cells.append("")
                    continue
                text = f"{r['rounds_mean']:.1f} ({r['rounds_q1']:.0f}-{r['rounds_q3']:.0f})"
                if "wins" in r:
                    text += f", won {r['wins']}/{r['games']} [{r['win_lo']:.1%}, {r['win_hi']:.1%}]"
                cells.append(text)
            lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", type=int, default=400)
    ap.add_argument("--race", type=int, default=200)
    ap.add_argument("--solo", type=int, default=1000)
    ap.add_argument("--coop", type=int, default=500)
    ap.add_argument("--summary", action="store_true")
    args = ap.parse_args()
    data = json.loads(OUT.read_text()) if args.summary else run(args)
    print(summary(data))


if __name__ == "__main__":
    main()
