"""Issue 28's audit: CarefulBot's team-mode win rates by planet size and red-route reading.

Plays CarefulBot on the same seeds (from 90,000, the range the committed team arms use) in the
Solo Adventure and the Cooperative game, on the default planet (``large-r6``) and the radius-5
one (``large``), with the Solo Adventure's red routes ``chosen`` (today's default) and ``fixed``.
After every ply the position is checked by :func:`windward_nb.windward.invariants.violations`;
the action kinds of won and lost games are summed per arm. Wilson 95% intervals.

    nice -n 10 python benchmarks/audit_28.py --games 200     # writes benchmarks/results/audit-28.json
    python benchmarks/audit_28.py --summary

See docs/audit-28.md for what the figures were used for.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from windward_nb.core.files import atomic_write  # noqa: E402
from windward_nb.core.simulate import play_game  # noqa: E402
from windward_nb.core.stats import wilson  # noqa: E402
from windward_nb.windward.invariants import violations  # noqa: E402

OUT = ROOT / "benchmarks" / "results" / "audit-28.json"
SEED0 = 90_000
SOLO = [("solo", planet, routes) for planet in ("large-r6", "large") for routes in ("chosen", "fixed")]
COOP = [(f"coop-{d}", planet, "fixed") for d in ("easy", "normal", "hard", "impossible")
        for planet in ("large-r6", "large")]
ARMS = SOLO + COOP


#: Supply decks other than the built-in one (whose make-up is `assumed`, docs/rulings.md R9), to see how
#: much the win rates lean on the assumed counts: ``no-heavy`` (the 8 Heavy Harpoons, +2, are Harpoons,
#: +1) and ``half-flags`` (4 False Flags instead of 8, the other 4 Fuel). The deck keeps its 74 cards.
DECKS = {"no-heavy": {"heavy_harpoon": 0, "harpoon": 22}, "half-flags": {"false_flag": 4, "fuel": 18}}


def deck_components(deck: str):
    """The built-in components with the supply deck ``deck`` of :data:`DECKS`."""
    import tempfile

    from windward_nb.windward.components import load_components

    raw = json.loads((ROOT / "windward_nb" / "windward" / "data" / "components.json").read_text())
    for card in raw["supply_deck"]["cards"]:
        card["count"] = DECKS[deck].get(card["id"], card["count"])
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "components.json"
        atomic_write(path, json.dumps(raw))
        return load_components(path)


ONE_WORD = ("shuffle", "zephyr", "reds", "dice", "wind", "place", "leave", "move", "take", "white", "grey")


def kind(action: str) -> str:
    """An action's kind: its first two words (``buy cannon``, ``order hire``, ``battle cannons``), or
    its first word for actions whose second word is a place, a roll or a card list."""
    words = action.split()
    return words[0] if words[0] in ONE_WORD else " ".join(words[:2])


def play(arm: str, planet: str, routes: str, game: int, components=None) -> dict:
    coop = arm.startswith("coop")
    opts = dict(planet=planet, red_routes=routes)
    if components is not None:
        opts["components"] = components
    if coop:
        opts.update(mode="cooperative", difficulty=arm.split("-", 1)[1])
    broken: list[str] = []

    def check(s, a, events) -> None:
        if not broken:
            broken.extend(f"ply {len(r_actions) + 1} ({a}): {v}" for v in violations(s))

    r_actions: list[str] = []
    t0 = time.perf_counter()
    players = 2 if coop else 1
    r = play_game("windward", players=players, bots=["careful"] * players, seed=SEED0 + game, record=True,
                  observer=lambda s, a, e: (check(s, a, e), r_actions.append(str(a))), **opts)
    won = bool(r.over and r.winners and len(r.winners) == players)
    return {"game": game, "won": won, "over": r.over, "rounds": r.stats.get("rounds"), "plies": r.plies,
            "seconds": round(time.perf_counter() - t0, 2), "broken": broken[:3],
            "kinds": dict(Counter(kind(a) for a in r_actions))}


def load() -> dict:
    return json.loads(OUT.read_text()) if OUT.exists() else {"seed0": SEED0, "arms": {}}


def key(arm: str, planet: str, routes: str, tag: str = "") -> str:
    return f"{arm}/{planet}/{routes}" + (f"/{tag}" if tag else "")


def summarise(games: list[dict]) -> dict:
    n, k = len(games), sum(g["won"] for g in games)
    lo, hi = wilson(k, n) if n else (0.0, 1.0)
    return {"games": n, "wins": k, "rate": k / n if n else 0.0, "low": lo, "high": hi,
            "broken": sum(bool(g["broken"]) for g in games),
            "seconds_median": sorted(g["seconds"] for g in games)[n // 2] if n else 0.0}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--arms", default="", help="comma-separated arm keys (arm/planet/routes); default all")
    ap.add_argument("--tag", default="", help="store the arms apart under this tag (e.g. after an engine fix)")
    ap.add_argument("--deck", default="", help="play with another supply deck: " + ", ".join(DECKS))
    ap.add_argument("--summary", action="store_true")
    args = ap.parse_args()
    data = load()
    wanted = [a for a in ARMS if not args.arms or key(*a) in args.arms.split(",")]
    if not args.summary:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                                text=True).stdout.strip()
        comp = deck_components(args.deck) if args.deck else None
        for arm in wanted:
            k = key(*arm, args.tag or (f"deck-{args.deck}" if args.deck else ""))
            entry = data["arms"].setdefault(k, {"commit": commit, "games": []})
            have = {g["game"] for g in entry["games"]}
            for g in range(args.games):
                if g not in have:
                    game = play(*arm, g, comp)
                    side = "kinds_won" if game["won"] else "kinds_lost"  # action kinds, summed over the arm
                    entry[side] = dict(Counter(entry.get(side, {})) + Counter(game.pop("kinds")))
                    entry["games"].append(game)
                    if g % 20 == 19 or g == args.games - 1:
                        atomic_write(OUT, json.dumps(data, separators=(",", ":")))
            atomic_write(OUT, json.dumps(data, separators=(",", ":")))
            print(k, summarise(entry["games"]), flush=True)
    for k, entry in data["arms"].items():
        s = summarise(entry["games"])
        print(f"{k:34} {s['wins']:4d}/{s['games']:<4d} {s['rate']:6.1%} [{s['low']:5.1%}, {s['high']:5.1%}] "
              f"broken {s['broken']}  {s['seconds_median']:.2f} s/game")


if __name__ == "__main__":
    main()
