"""Windward through OpenSpiel: what the adapter costs, and OpenSpiel's MCTSBot against a random bot.

1. Speed. Random playouts (two players, the full race to 15 notoriety, seeds 0, 1, ...) are run
   through OpenSpiel (``state.legal_actions()``, ``state.chance_outcomes()``,
   ``state.apply_action()``) and straight on the rules (``RULES.legal_actions``,
   ``RULES.sample_chance``, ``RULES.apply``), interleaved, each the median over ``--reps``
   repetitions (time.perf_counter). The two paths draw chance differently (OpenSpiel draws setup
   and shuffles card by card), so they play different games from the same seed; the ratio
   compares decisions per second.
2. Strength. ``--games`` two-player games of OpenSpiel's ``MCTSBot`` (``--simulations`` per move,
   one random rollout each, UCT c=2) against OpenSpiel's uniform random bot, seats alternating,
   seeds 0, 1, ...; a race to ``--goal`` notoriety keeps rollouts short. The win rate comes with a
   Wilson 95% interval. MCTSBot searches the true state (it sees hidden cards): a baseline, not a
   fair player.

    python benchmarks/openspiel.py [--games 12] [--simulations 16] [--goal 2] [--playouts 3] [--reps 3]
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

import numpy as np
from open_spiel.python.algorithms import evaluate_bots, mcts
from open_spiel.python.bots import uniform_random

from windward_nb.core.rules import CHANCE
from windward_nb.core.stats import wilson
from windward_nb.openspiel import load_game
from windward_nb.windward import RULES
from windward_nb.windward.planet import DEFAULT_PLANET
from windward_nb.windward.setup import build_state, draw_setup


def spiel_playout(game, seed: int) -> tuple[int, int]:
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    plies = decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
            decisions += 1
        plies += 1
    return plies, decisions


def rules_playout(seed: int) -> tuple[int, int]:
    rng = np.random.default_rng(seed)
    s, _ = build_state(draw_setup(2, rng), 2, "head-to-head", DEFAULT_PLANET)  # the OpenSpiel game's default
    plies = decisions = 0
    while not RULES.is_over(s):
        if RULES.decider(s) == CHANCE:
            a = RULES.sample_chance(s, rng)
        else:
            legal = RULES.legal_actions(s)
            a = legal[int(rng.integers(len(legal)))]
            decisions += 1
        RULES.apply(s, a)
        plies += 1
    return plies, decisions


def speed(playouts: int, reps: int) -> None:
    game = load_game(players=2)
    runs: dict[str, list[tuple[float, int, int]]] = {"openspiel": [], "rules": []}
    for _ in range(reps):
        for name in runs:
            t = time.perf_counter()
            plies = decisions = 0
            for seed in range(playouts):
                p, d = spiel_playout(game, seed) if name == "openspiel" else rules_playout(seed)
                plies += p
                decisions += d
            runs[name].append((time.perf_counter() - t, plies, decisions))
    rate = {}
    for name, rs in runs.items():
        secs = statistics.median(r[0] for r in rs)
        plies, decisions = rs[0][1], rs[0][2]
        rate[name] = decisions / secs
        print(f"{name:>9}: {playouts} playouts, {plies} plies ({decisions} decisions) in {secs:.3f} s median "
              f"of {reps}: {plies / secs:,.0f} plies/s, {decisions / secs:,.0f} decisions/s")
    print(f"ratio (OpenSpiel decisions/s / rules decisions/s): {rate['openspiel'] / rate['rules']:.2f}")


def strength(games: int, simulations: int, goal: int) -> None:
    game = load_game(players=2, notoriety_goal=goal)
    wins = 0
    t = time.perf_counter()
    for seed in range(games):
        seat = seed % 2
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
        bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=simulations, evaluator=evaluator,
                           random_state=np.random.RandomState(seed), solve=False)
        rival = uniform_random.UniformRandomBot(1 - seat, np.random.RandomState(seed + 1000))
        bots = [bot, rival] if seat == 0 else [rival, bot]
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(seed))
        wins += int(returns[seat])
    lo, hi = wilson(wins, games)
    print(f"MCTSBot ({simulations} simulations, random rollouts) vs uniform random, race to {goal}: "
          f"{wins}/{games} wins = {wins / games:.0%} [Wilson 95% {lo:.0%}-{hi:.0%}] in {time.perf_counter() - t:.0f} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--simulations", type=int, default=16)
    ap.add_argument("--goal", type=int, default=2)
    ap.add_argument("--playouts", type=int, default=3)
    ap.add_argument("--reps", type=int, default=3)
    args = ap.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}")
    speed(args.playouts, args.reps)
    strength(args.games, args.simulations, args.goal)


if __name__ == "__main__":
    main()
