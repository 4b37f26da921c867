"""Issue 28's audit: step through CarefulBot's Solo Adventure games and check what the wins lean on.

Plays the Solo Adventure seeds 90,000+ (default options: planet ``large-r6``, red routes
``chosen``), replays each record action by action, and

* checks every red crester's move at a rest against the rules text, by a planet walk written
  here (not the engine's): at most the red speed (3 + reds defeated), adjacent steps, never Drift
  or the Trading Post, each step one space nearer the ship (a shortest route), a red that could
  reach the ship does so unless two reds are already there;
* for every rest where the player chose the reds' routes, compares the chosen outcome with the
  fixed direction order from the same position (how many reds attack);
* tallies the battles (who attacked, cannons the defender fired after seeing the attacker's
  dice, cards and tokens, False Flags, results) and the turn habits (port visits, rests).

    nice -n 10 python benchmarks/audit_28_wins.py --games 200    # writes benchmarks/results/audit-28-wins.json
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections import Counter, deque
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from windward_nb.core.files import atomic_write  # noqa: E402
from windward_nb.core.simulate import play_game  # noqa: E402
from windward_nb.windward import cresters, engine  # noqa: E402
from windward_nb.windward.state import PORT  # noqa: E402

OUT = ROOT / "benchmarks" / "results" / "audit-28-wins.json"
SEED0 = 90_000


def plain_distances(p, target: int) -> dict[int, int]:
    """Steps to ``target`` over the planet, avoiding only Drift and the Trading Post (cell 0)."""
    dist = {target: 0}
    q = deque([target])
    while q:
        h = q.popleft()
        for t in p.nbr[h]:
            if t > 0 and t not in dist and not p.is_drift[t]:
                dist[t] = dist[h] + 1
                q.append(t)
    return dist


def analyse(game: int, planet: str, routes: str, difficulty: str = "") -> tuple[bool, Counter, list[str]]:
    """One game's tallies and rule breaks (``difficulty``: a Cooperative game of 2 captains, where
    only the battles are tallied; the red checks are the Solo Adventure's)."""
    coop = dict(mode="cooperative", difficulty=difficulty) if difficulty else {}
    players = 2 if difficulty else 1
    r = play_game("windward", players=players, bots=["careful"] * players, seed=SEED0 + game, record=True,
                  planet=planet, red_routes=routes, **coop)
    won = bool(r.stats.get("team_won"))
    c: Counter = Counter()
    notes: list[str] = []
    prev = None
    battle_att = None
    for ply, a, s, events in r.record.iter_plies():
        text = str(a)
        red_moves = [e for e in events if e.kind == "CresterMoved" and e.data.get("crester") == "red"]
        if red_moves and prev is not None and not difficulty:
            p = prev.planet
            ship = prev.ships[0].pos
            speed = cresters.red_speed(prev)
            dist = plain_distances(p, ship)
            c["rests_with_red_moves"] += 1
            arrived = 0
            moved = {e.data["from"] for e in red_moves}
            for e in sorted(red_moves, key=lambda e: dist.get(e.data["from"], 99)):
                path = e.data["path"]
                c["red_moves"] += 1
                if len(path) - 1 > speed:
                    notes.append(f"game {game} ply {ply}: a red moved {len(path) - 1} > speed {speed}")
                for x, y in itertools.pairwise(path):
                    if y not in p.nbr[x] or y <= 0 or p.is_drift[y]:
                        notes.append(f"game {game} ply {ply}: a red stepped {x}->{y} (not adjacent, Drift or port)")
                    if dist.get(y, 99) != dist.get(x, 99) - 1:
                        c["red_steps_not_nearer"] += 1
                d0 = dist.get(path[0], 99)
                if path[-1] == ship:
                    arrived += 1
                elif d0 <= speed:
                    c["red_in_reach_not_attacking"] += 1
                    if arrived < 2:
                        c["red_in_reach_not_attacking_below_cap"] += 1
                elif len(path) - 1 < speed:
                    c["red_short_of_speed"] += 1
            for h in prev.reds:  # reds that did not move at all
                if h not in moved and dist.get(h, 99) <= speed:
                    c["red_in_reach_unmoved"] += 1
                    if arrived < 2:
                        c["red_in_reach_unmoved_below_cap"] += 1
                        notes.append(f"game {game} ply {ply}: a red at {h} in reach stayed put")
            c[f"rest_attackers_{arrived}"] += 1
        if a.verb == "cannons" and prev is not None and prev.frames and prev.frames[-1]["k"] == "battle":
            f = prev.frames[-1]
            if f["step"] == "d_cannons":  # the ship defends, the attacker's dice known
                held = prev.ships[f["d_seat"]].cannons
                c[f"defence_vs_{f['att']}"] += 1
                if a.arg < held:
                    c[f"defence_vs_{f['att']}_held_back"] += 1
        if text.startswith("reds") and prev is not None:
            plans = cresters.red_route_plans(prev)
            chosen_att = len(a.arg[1])
            least = min(len(pl.froms) for pl in plans)
            fx = prev.clone()
            fx.red_routes = "fixed"
            engine.advance(fx, [])
            fixed_att = next((f["a_n"] for f in fx.frames if f["k"] == "battle" and f["att"] == "red"), 0)
            c["route_choices"] += 1
            c["route_options_total"] += len(plans)
            c[f"route_attackers_fixed{fixed_att}_chosen{chosen_att}"] += 1
            if chosen_att < fixed_att:
                c["route_fewer_attackers_than_fixed"] += 1
            if chosen_att > least:
                c["route_more_attackers_than_least"] += 1
        for e in events:
            k, d = e.kind, e.data
            if k == "BattleStarted":
                battle_att = (d["att"], d["def"])
                c[f"battle_{d['att']}_vs_{d['def']}"] += 1
            elif k == "CannonsSpent" and battle_att and battle_att[1] == "ship":
                c["defender_cannons_after_roll"] += d["cannons"]
            elif k == "CannonsSpent":
                c["attacker_cannons"] += d["cannons"]
            elif k == "BonusPlayed":
                c["bonus_token" if "card" not in d else f"bonus_{d['card']}"] += 1
            elif k == "BattleCalledOff":
                c[f"false_flag_vs_{battle_att[0] if battle_att else '?'}"] += 1
            elif k == "BattleEnded" and battle_att:
                c[f"result_{battle_att[0]}_vs_{battle_att[1]}_{d['winner']}"] += 1
            elif k == "ShipLost":
                c["ship_lost"] += 1
            elif k == "MoraleChanged" and d.get("change", 0) < 0 and battle_att and "ship" in battle_att:
                c["battles_lost_by_ship"] += 1  # the ship lost a battle (lost, or survived it)
                if not any(x.kind == "ShipLost" for x in events):
                    c["battles_lost_survived"] += 1
        if text == "enter port":
            c["port_entries"] += 1
        elif text.startswith("buy "):
            c["buy_" + text.split()[1]] += 1
        elif text.startswith("order "):
            c["order_" + text.split()[1]] += 1
        elif text.startswith("rest "):
            c["rest_" + ("morale" if text == "rest morale" else "discard")] += 1
        elif text == "end turn":
            c["turns"] += 1
            if s.ships[s.current].pos == PORT and not difficulty:
                c["turn_ended_at_port"] += 1
        elif text.startswith("take "):
            c["cards_taken"] += 1
        prev = s.clone()
    if c["battles_lost_survived"]:
        c["games_with_a_lost_battle_survived"] = 1
    return won, c, notes


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--planet", default="large-r6")
    ap.add_argument("--routes", default="chosen")
    ap.add_argument("--difficulty", default="", help="play the Cooperative game at this difficulty instead")
    args = ap.parse_args()
    won_c: Counter = Counter()
    lost_c: Counter = Counter()
    notes: list[str] = []
    wins = 0
    for g in range(args.games):
        won, c, n = analyse(g, args.planet, args.routes, args.difficulty)
        wins += won
        (won_c if won else lost_c).update(c)
        notes += n
    out = {"seed0": SEED0, "games": args.games, "planet": args.planet, "red_routes": args.routes,
           "mode": f"cooperative {args.difficulty}" if args.difficulty else "solo", "wins": wins,
           "won_games": dict(sorted(won_c.items())), "lost_games": dict(sorted(lost_c.items())),
           "rule_breaks": notes[:50], "rule_break_count": len(notes)}
    target = OUT.with_name(f"audit-28-wins-coop-{args.difficulty}.json") if args.difficulty else OUT
    atomic_write(target, json.dumps(out, indent=1))
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
