"""Our search bot against OpenSpiel's MCTS, OpenSpiel's IS-MCTS and the game's GreedyBot.

One arm is one opponent in one of the four games, played through the OpenSpiel adapter
(``windward_nb.openspiel``) so that OpenSpiel's bots act on OpenSpiel states:

- ``greedy``: the game's GreedyBot in every other seat;
- ``mcts``: OpenSpiel's ``MCTSBot`` (UCT c=2, one random rollout per simulation), searching the
  adapter's state, which holds the true table (it sees what its seat may not, as in issue 31);
- ``ismcts``: OpenSpiel's information-set MCTS (the Python ``ISMCTSBot``), which searches tables
  drawn by ``resample_from_infostate`` and plays fair.

Every searched decision gets the same CPU time, ``--seconds`` of this process's CPU clock, for
every searching bot: ours counts it itself (``clock="cpu"``), OpenSpiel's bots are stopped once
it is spent, after at least two simulations (the least that gives their root its children; where
one random rollout costs more than the budget, as in North Wind, OpenSpiel's bots get more time).
A decision with a single legal action is played without asking any bot; our bot does not search
a decision where its game offers one plan (GreedyBot's), so it searches fewer decisions than
OpenSpiel's bots do.

Windward is played head-to-head (two captains; ``--option notoriety_goal=5`` makes the race
shorter, as issue 31's first measurement did). Two-player Windward, North Wind and Tailwinds:
our bot sits in seat 0 in even games and seat 1 in odd ones.
Winds of Plunder needs three seats: against GreedyBot our bot takes seat ``g % 3`` with GreedyBot
in the others (the goal is first place); against OpenSpiel's bots the three seats hold ours,
OpenSpiel's and a GreedyBot, in all six orders in turn, and the measure is whether ours finishes
ahead of OpenSpiel's (VP and the game's tie-breakers).

Game ``g`` of an arm is dealt from seed ``--base + g``; chance is drawn from that seed. Results go
to ``benchmarks/results/h2h/<game>-<arm>[-<tag>].json`` (written as the games go, so a run can
be resumed with ``--first`` or ``--resume``; ``--cpu-limit`` stops an arm after that much CPU
time, with the games it finished): every game (seed, seats, winner, CPU and searched decisions of each
bot) and the summary with its Wilson 95% interval.

    nice -n 10 python benchmarks/openspiel_h2h.py --game tailwinds --arm greedy --games 200 \\
        --base 200000 --seconds 0.05
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from itertools import permutations
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from windward_nb.core.files import atomic_write  # noqa: E402
from windward_nb.core import registry  # noqa: E402
from windward_nb.core.bots import make_bot  # noqa: E402
from windward_nb.core.stats import wilson  # noqa: E402
from windward_nb.openspiel import load_game  # noqa: E402

OUT = ROOT / "benchmarks" / "results" / "h2h"
GAMES = {"windward": 2, "north-wind": 2, "tailwinds": 2, "winds-of-plunder": 3}


class _TimeUp(Exception):
    pass


class TimedMCTS(mcts.MCTSBot):
    """OpenSpiel's MCTSBot, stopped when ``seconds`` of CPU are spent (after at least two
    simulations: the first only evaluates the root, the second gives it its children)."""

    def __init__(self, *args: Any, seconds: float, **kw: Any):
        super().__init__(*args, **kw)
        self.seconds = seconds
        self._deadline = 0.0
        self._sims = 0
        self._root: Any = None

    def _apply_tree_policy(self, root: Any, state: Any) -> Any:
        if self._sims >= 2 and time.process_time() >= self._deadline:
            raise _TimeUp
        self._sims += 1
        self._root = root
        return super()._apply_tree_policy(root, state)

    def mcts_search(self, state: Any) -> Any:
        self._deadline, self._sims = time.process_time() + self.seconds, 0
        try:
            return super().mcts_search(state)
        except _TimeUp:
            return self._root


class TimedISMCTS(ismcts.ISMCTSBot):
    """OpenSpiel's Python ISMCTSBot on the adapter's resampling, stopped when ``seconds`` of CPU
    are spent (after at least two simulations, as for :class:`TimedMCTS`)."""

    def __init__(self, *args: Any, seconds: float, draws: np.random.Generator, **kw: Any):
        super().__init__(*args, **kw)
        self.seconds = seconds
        self._deadline = 0.0
        self._sims = 0
        self.set_resampler(lambda state, player: state.resample_from_infostate(player, draws))

    def sample_root_state(self, state: Any) -> Any:
        if self._sims >= 2 and time.process_time() >= self._deadline:
            raise _TimeUp
        self._sims += 1
        return super().sample_root_state(state)

    def run_search(self, state: Any) -> Any:
        self._deadline, self._sims = time.process_time() + self.seconds, 0
        try:
            return super().run_search(state)
        except _TimeUp:
            return self.get_final_policy(state, self._root_node)


def _seat_plan(game: str, arm: str, g: int) -> list[str]:
    """Who sits where in game ``g``: "ours", "greedy", or "openspiel"."""
    n = GAMES[game]
    if n == 2:
        other = "greedy" if arm == "greedy" else "openspiel"
        return ["ours", other] if g % 2 == 0 else [other, "ours"]
    if arm == "greedy":
        return ["ours" if i == g % 3 else "greedy" for i in range(3)]
    return list(list(permutations(["ours", "openspiel", "greedy"]))[g % 6])


def play_one(game: str, arm: str, g: int, base: int, seconds: float, ours: dict[str, Any],
             options: dict[str, Any] | None = None) -> dict[str, Any]:
    seats = _seat_plan(game, arm, g)
    seed = base + g
    sgame = load_game(game, players=len(seats), **(options or {}))
    table = sgame.config.table
    rng = np.random.default_rng(seed)
    bot_table = registry.part(game, "bots")  # every bot of the game, the search bot included
    bots: list[Any] = []
    for i, kind in enumerate(seats):
        bot_seed = seed * 10 + i
        if kind == "ours":
            spec = ",".join(f"{k}={v}" for k, v in {"seconds": seconds, "clock": "cpu", **ours}.items())
            bots.append(make_bot(f"mcts:{spec}", bot_seed, bot_table))
        elif kind == "greedy":
            bots.append(make_bot("greedy", bot_seed, bot_table))
        elif arm == "mcts":
            ev = mcts.RandomRolloutEvaluator(1, np.random.RandomState(bot_seed % 2**31))
            bots.append(TimedMCTS(sgame, 2.0, 10**6, ev, seconds=seconds, solve=False,
                                  random_state=np.random.RandomState(bot_seed % 2**31)))
        else:
            ev = mcts.RandomRolloutEvaluator(1, np.random.RandomState(bot_seed % 2**31))
            bots.append(TimedISMCTS(sgame, ev, 2.0, 10**6, seconds=seconds,
                                    draws=np.random.default_rng(bot_seed),
                                    random_state=np.random.RandomState(bot_seed % 2**31)))
    cpu = [0.0] * len(seats)
    searched = [0] * len(seats)
    state = sgame.new_initial_state()
    plies = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
            plies += 1
            continue
        p = state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
            plies += 1
            continue
        bot = bots[p]
        t0 = time.process_time()
        if seats[p] == "openspiel":
            action = int(bot.step(state))
            searched[p] += 1
        else:
            before = getattr(bot, "last", None)
            a = bot.act(state._play.state)
            action = table.player_id(a)
            if seats[p] == "ours" and bot.last is not before:
                searched[p] += 1
        cpu[p] += time.process_time() - t0
        state.apply_action(action)
        plies += 1
    s = state._play.state
    rules = type(s).rules
    returns = [float(x) for x in rules.returns(s)] if s is not None and not state._play.cut else [0.0] * len(seats)
    me = seats.index("ours")
    row: dict[str, Any] = {"game": g, "seed": seed, "seats": seats, "returns": returns, "plies": plies,
                           "cpu": [round(x, 2) for x in cpu], "searched": searched,
                           "won": returns[me] == 1.0 and sum(returns) == 1.0, "tie": returns[me] == 1.0 and sum(returns) > 1}
    if "openspiel" in seats and len(seats) > 2:
        from windward_nb.plunder.scoring import tie_key

        them = seats.index("openspiel")
        row["ahead"] = tie_key(s, me) > tie_key(s, them)
    return row


def summary(rows: list[dict[str, Any]], game: str, arm: str) -> dict[str, Any]:
    n = len(rows)
    key = "ahead" if (GAMES[game] > 2 and arm != "greedy") else "won"
    k = sum(1 for r in rows if r[key])
    lo, hi = wilson(k, n) if n else (0.0, 1.0)
    me = [r["seats"].index("ours") for r in rows]
    ours_cpu = sum(r["cpu"][m] for r, m in zip(rows, me))
    ours_searched = sum(r["searched"][m] for r, m in zip(rows, me))
    other = [i for r in rows for i, kind in enumerate(r["seats"]) if kind != "ours"]
    opp = "greedy" if arm == "greedy" else "openspiel"
    opp_cpu = sum(r["cpu"][r["seats"].index(opp)] for r in rows)
    opp_searched = sum(r["searched"][r["seats"].index(opp)] for r in rows)
    del other
    return {"measure": "our bot finished ahead of OpenSpiel's" if key == "ahead" else "our bot won",
            "games": n, "successes": k, "rate": round(k / n, 4) if n else None,
            "wilson95": [round(lo, 4), round(hi, 4)], "ties": sum(1 for r in rows if r.get("tie")),
            "first_place": round(sum(1 for r in rows if r["won"]) / n, 4) if n else None,
            "ours_cpu_per_searched_decision": round(ours_cpu / max(1, ours_searched), 4),
            "opponent_cpu_per_searched_decision": round(opp_cpu / max(1, opp_searched), 4) if arm != "greedy" else None,
            "ours_searched_per_game": round(ours_searched / max(1, n), 1),
            "opponent_searched_per_game": round(opp_searched / max(1, n), 1) if arm != "greedy" else None,
            "cpu_seconds": round(sum(sum(r["cpu"]) for r in rows), 1)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=sorted(GAMES), required=True)
    ap.add_argument("--arm", choices=("greedy", "mcts", "ismcts"), required=True)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--first", type=int, default=0, help="resume: play games from this index on")
    ap.add_argument("--resume", action="store_true", help="resume after the last game in the result file")
    ap.add_argument("--cpu-limit", type=float, default=0.0,
                    help="stop after this many CPU seconds (this run), keeping the games finished")
    ap.add_argument("--base", type=int, default=200_000, help="game g is dealt from seed base + g")
    ap.add_argument("--seconds", type=float, default=0.05, help="CPU seconds per searched decision")
    ap.add_argument("--ours", default="", help="our bot's options, name=value,... (tuning)")
    ap.add_argument("--tag", default="", help="added to the result file's name")
    ap.add_argument("--out", default=str(OUT), help="the folder for the result file")
    ap.add_argument("--option", action="append", default=[],
                    help="a game option as NAME=VALUE (whole numbers read as such), e.g. max_turns=40")
    args = ap.parse_args(argv)
    ours = dict(part.split("=", 1) for part in args.ours.split(",") if part)
    options: dict[str, Any] = {}
    for part in args.option:
        k, _, v = part.partition("=")
        options[k] = int(v) if v.lstrip("-").isdigit() else v
    name = f"{args.game}-{args.arm}" + (f"-{args.tag}" if args.tag else "")
    out = Path(args.out)
    path = out / f"{name}.json"
    rows: list[dict[str, Any]] = []
    if args.resume and path.exists():
        args.first = max((r["game"] + 1 for r in json.loads(path.read_text())["rows"]), default=0)
    if args.first and path.exists():
        stored = json.loads(path.read_text())
        if stored.get("game_options", {}) != options:
            # the games kept and the games to come must be one experiment (Windward's default planet
            # changed under the first runs: theirs say planet=large, the radius-5 planet)
            ap.error(f"{path} was played with game options {stored.get('game_options', {})}, not {options}: "
                     "give the same --option values to add games to it")
        rows = [r for r in stored["rows"] if r["game"] < args.first]
    out.mkdir(parents=True, exist_ok=True)
    t0 = time.process_time()

    def save() -> None:
        played = len(rows)
        doc = {"game": args.game, "arm": args.arm, "game_options": options,
               "seconds_per_searched_decision": args.seconds,
               "clock": "process CPU time", "seeds": [args.base, args.base + max(played, 1) - 1],
               "games_asked": args.games,
               "note": "" if played >= args.games else
               f"{played} of the {args.games} games asked: stopped by the CPU limit of the run",
               "ours": {"bot": "make_bot('mcts')", **ours}, "summary": summary(rows, args.game, args.arm),
               "rows": rows}
        atomic_write(path, json.dumps(doc, indent=0) + "\n")

    for g in range(args.first, args.games):
        rows.append(play_one(args.game, args.arm, g, args.base, args.seconds, ours, options))
        over = bool(args.cpu_limit) and time.process_time() - t0 >= args.cpu_limit
        save()
        if len(rows) % 10 == 0 or g == args.games - 1 or over:
            s = summary(rows, args.game, args.arm)
            print(f"{name}: {s['successes']}/{s['games']} ({s['rate']:.0%}, {s['wilson95'][0]:.0%}-"
                  f"{s['wilson95'][1]:.0%}), {time.process_time() - t0:.0f} s CPU", flush=True)
        if over:
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
