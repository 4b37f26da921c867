"""Every battle figure the table shows equals what the engine's own battles give, exactly.

The oracle (``tests/battle_oracle.py``) forces every chance outcome of a battle through the
engine (each sorted roll of the battle dice is an action, ``dice 1,1,2``) and reads the results
from the engine's events; the display is :func:`windward_nb.windward.view.battle_outlook` (the
battle panel's odds bar), :func:`windward_nb.windward.outlook.battle_now` and, before any die
is rolled, :func:`windward_nb.odds.battle_odds` with the arguments the table passes (the route
of the odds explorer, the command line and the hints). They are compared at every step of
battles taken from bot games of every mode and variant, and of hand-built positions for the
rare cases (the Marine on either side, the Sergeant, the Harpooner, two red cresters attacking
together, the White Crester, ships that may be lost on either side, hit cards and tokens held
by both sides). The test fails if the display leaves out any bonus: ``MUTANTS`` change the
display one way each (the rules untouched) and each must be caught.

A long run over many more games is ``test_long_differential_run`` (``-m slow``).
"""

from __future__ import annotations

import os
import sys
import time
from collections import Counter
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE / "golden"))

import battle_oracle as oracle  # noqa: E402
import make_golden  # noqa: E402

import windward_nb as ww  # noqa: E402
from windward_nb.odds import battle_odds  # noqa: E402
from windward_nb.windward import battle, engine, outlook, view  # noqa: E402
from windward_nb.windward.odds import _solve as real_solve  # noqa: E402

TOL = 1e-9


# =============================================================================== positions
def seed7_game():
    """The issue's click path (3 players, seed 7): the Marine's ship rests at 1,1 and a red attacks."""
    g = ww.new_game(players=3, seed=7, planet="large")
    for a in ("order hire Marine", "order cannon", "leave port SE", "move S", "pick up gas", "end turn",
              "rest discard deadweight"):
        g.apply(a)
    return g


#: hand-built battles: name -> (scenario keywords, actions that start the battle)
SCENARIOS = {
    "ship with a Marine, cards and a token attacks a red crester at morale 1": (
        dict(ships=[{"pos": "0,-2", "crew": ["Marine"], "cannons": 2, "hand": ["harpoon", "heavy_harpoon"],
                     "tokens": 1, "morale": 1}, {"pos": "port"}], reds=["-1,-1"]), ["move SW"]),
    "a Sergeant's ship attacks a ship holding cards and tokens, both near lost": (
        dict(ships=[{"pos": "0,-2", "crew": ["Sergeant"], "cannons": 2, "hand": ["heavy_harpoon"], "tokens": 1,
                     "morale": 2},
                    {"pos": "1,-3", "cannons": 1, "hand": ["harpoon", "harpoon"], "tokens": 1, "morale": 1}],
             reds=[]), ["move NE"]),
    "a Harpooner's longboat attacks a longboat holding a token": (
        dict(ships=[{"pos": "0,-2", "boats": ["0,-2", "aboard"], "rowers": 1, "crew": ["Harpooner"],
                     "hand": ["harpoon"]},
                    {"pos": "port", "boats": ["0,-3"], "tokens": 1}], reds=[]), ["row 1 N"]),
    "the White Crester attacks a ship with a Marine (no Marine hits against it)": (
        dict(variants=["white"], white="0,-5", ships=[{"pos": "0,-3", "crew": ["Marine"], "cannons": 2,
                                                        "hand": ["harpoon", "fuel"], "tokens": 1, "morale": 2},
                                                       {"pos": "port"}], reds=[]),
        ["end turn", "rest discard fuel"]),
    "a Sergeant's ship attacks the White Crester with cards": (
        dict(variants=["white"], white="0,-4", ships=[{"pos": "0,-3", "crew": ["Sergeant"], "cannons": 3,
                                                        "hand": ["heavy_harpoon", "harpoon"], "morale": 1},
                                                       {"pos": "port"}], reds=[]), ["move N"]),
    "two red cresters attack a ship with a Marine together (Solo Adventure)": (
        dict(players=1, mode="solo", ships=[{"pos": "0,-3", "crew": ["Marine"], "cannons": 2,
                                             "hand": ["harpoon", "fuel"], "tokens": 1, "morale": 2}],
             reds=["1,-3", "-1,-2"]), ["end turn", "rest discard fuel"]),
    "a ship attacks two red cresters sharing a space (Solo Adventure)": (
        dict(players=1, mode="solo", ships=[{"pos": "0,-2", "crew": ["Marine"], "cannons": 3,
                                             "hand": ["harpoon", "heavy_harpoon"], "tokens": 1, "morale": 2}],
             reds=["1,-3", "1,-3"]), ["move NE"]),
}


def scenario_game(name):
    kw, first = SCENARIOS[name]
    kw = {"players": 2, **kw}
    g = ww.scenario(auto_chance=False, **kw)
    for a in first:
        g.apply(a)
    assert oracle._frame(g.state) is not None, name
    return g


def walk(s, seed: int) -> list:
    """Copies of ``s`` at every step of its battle along one path: seeded dice, and seeded choices
    (any number of cannons, bonuses one at a time, False Flag never)."""
    rng = np.random.default_rng(seed)
    s = s.clone()
    out = []
    while oracle._frame(s) is not None:
        out.append(s.clone())
        if engine.decider(s) == engine.CHANCE:
            a = engine.sample_chance(s, rng)
        else:
            legal = [a for a in engine.legal_actions(s) if not (a.verb == "play" and a.arg == "false_flag")]
            a = legal[int(rng.integers(len(legal)))]
        ev = engine.apply(s, a, check=False)
        if any(e.kind in ("BattleEnded", "BattleCalledOff") for e in ev):
            break
    return out


def _held(s) -> int:
    f = oracle._frame(s)
    n = 0
    for side in ("a", "d"):
        if (f["att"] if side == "a" else f["def"]) in battle.PLAYER_KINDS:
            ship = s.ships[f[side + "_seat"]]
            n += ship.tokens + len(battle.hit_cards(s, f[side + "_seat"]))
    return n


#: bot games whose battles the CI run takes positions from: every mode and variant of the golden
#: games with random and greedy bots, and two Solo games where red cresters attack together
CI_GAMES = ([(cfg, bots, 0) for cfg in make_golden.CONFIGS for bots in ("random", "greedy")]
            + [(make_golden.CONFIGS[0], "greedy", 2), (make_golden.CONFIGS[1], "greedy", 3)])


@lru_cache(maxsize=1)
def ci_positions() -> tuple:
    """One position per kind of battle step (``oracle.category``) from ``CI_GAMES``, the one with
    the fewest bonuses held, plus every step of the hand-built battles and of the seed-7 battle."""
    best: dict[tuple, tuple[int, int, object]] = {}
    i = 0
    for cfg, bots, seed in CI_GAMES:
        for s in oracle.game_positions(cfg, bots, seed):
            key = oracle.category(s)
            cand = (_held(s), i, s)
            if key not in best or cand[:2] < best[key][:2]:
                best[key] = cand
            i += 1
    out = [("game " + " ".join(map(str, key)), s) for key, (_, _, s) in sorted(best.items(), key=lambda kv: kv[1][1])]
    for k, name in enumerate(SCENARIOS):
        out += [(f"{name} / {oracle._frame(s)['step']}", s) for s in walk(scenario_game(name).state, k)]
    out += [(f"seed 7 / {oracle._frame(s)['step']}", s) for s in walk(seed7_game().state, 7)]
    return tuple(out)


# =============================================================================== the differential test
def test_ci_positions_cover_every_battle_kind_and_step():
    seen = {oracle.category(s)[:4] for _, s in ci_positions()}
    steps = {
        ("ship", "red"): ("a_cannons", "a_roll", "d_roll", "a_bonus"),
        ("ship", "ship"): ("a_cannons", "a_roll", "d_cannons", "d_roll", "a_bonus", "d_bonus"),
        ("ship", "white"): ("a_cannons", "a_roll", "d_roll", "a_bonus"),
        ("red", "ship"): ("d_flag", "a_roll", "d_cannons", "d_roll", "d_bonus"),
        ("white", "ship"): ("d_flag", "a_roll", "d_cannons", "d_roll", "d_bonus"),
        ("longboat", "grey"): ("a_flag", "a_roll", "d_roll", "a_bonus"),
        ("longboat", "longboat"): ("a_flag", "d_flag", "a_roll", "d_roll", "a_bonus", "d_bonus"),
    }
    want = {(a, d, False, st) for (a, d), sts in steps.items() for st in sts}
    want |= {("red", "ship", True, st) for st in ("d_flag", "a_roll", "d_cannons", "d_roll", "d_bonus")}
    want |= {("ship", "red", True, st) for st in steps[("ship", "red")]}
    assert want <= seen, sorted(want - seen)


def test_the_panel_odds_equal_the_engine_at_every_step():
    """``view.battle_outlook`` (the battle panel's figures) against the engine, every position."""
    wrong = []
    for name, s in ci_positions():
        wrong += [f"{name}: {d}" for d in oracle.differences(s, view.battle_outlook)]
    assert not wrong, "\n".join(wrong[:20])


def test_morale_lost_equals_the_engine():
    """The whole distribution of morale each ship loses (``battle_now``), on the hand-built battles."""
    wrong = []
    for name, s in ci_positions():
        if not name.startswith(tuple(SCENARIOS)) and not name.startswith("seed 7"):
            continue
        for n in oracle.cannon_choices(s):
            want = oracle.summary(oracle.engine_results(s, n))
            got = outlook.battle_now(s, n)
            for side in got.morale_loss:
                shown = {k: float(p) for k, p in got.morale_loss[side].items() if p > TOL}
                engine_side = {k: p for k, p in want["morale_loss"][side].items() if p > TOL}
                if set(shown) != set(engine_side) or any(abs(shown[k] - engine_side[k]) > TOL for k in shown):
                    wrong.append(f"{name} cannons={n} {side}: shown {shown}, engine {engine_side}")
    assert not wrong, "\n".join(wrong[:10])


def test_battle_odds_with_the_tables_arguments_equal_the_engine_before_the_dice():
    """Before any die is rolled, the public ``battle_odds`` (what the odds explorer, the command
    line and the hints call) with the table's own arguments gives the engine's figures."""
    checked = 0
    for name, s in ci_positions():
        f = oracle._frame(s)
        if outlook.STEP_INDEX[f["step"]] > outlook.STEP_INDEX["a_roll"]:
            continue
        for n in oracle.cannon_choices(s):
            want = oracle.summary(oracle.engine_results(s, n))
            o = battle_odds(**view.battle_odds_args(s, n))
            for key, got in (("win", o.win), ("tie", o.tie), ("loss", o.loss)):
                assert abs(float(got) - want[key]) < TOL, (name, n, key, float(got), want[key])
            for side, p in o.ship_lost.items():
                assert abs(float(p) - want["ship_lost"][side]) < TOL, (name, n, side)
            checked += 1
    assert checked >= 20


def test_the_coach_quotes_the_engines_odds_before_the_dice():
    """The coach's odds line at the cannons and False Flag steps, against the engine."""
    from windward_nb.windward import coach, forecast

    checked = 0
    for name, s in ci_positions():
        f = oracle._frame(s)
        if f["step"] not in ("a_cannons", "d_cannons", "a_flag", "d_flag"):
            continue
        want = oracle.summary(oracle.engine_results(s))
        side = f["step"][0]
        win, lose = (want["win"], want["loss"]) if side == "a" else (want["loss"], want["win"])
        pct = forecast.chance_words
        line = next(h for h in coach.coach(s).hints if h.startswith("Exact odds"))
        assert f"you win {pct(win)}, tie {pct(want['tie'])}, lose {pct(lose)}" in line, (name, line, want)
        kind = f["att"] if side == "a" else f["def"]
        lost = want["ship_lost"]["attacker" if side == "a" else "defender"] if kind == "ship" else 0
        assert (f"your ship is lost {pct(lost)}" in line) == (lost > 0), (name, line)
        checked += 1
    assert checked >= 10


def test_the_odds_explorer_opened_on_a_battle_equals_the_engine():
    """``OddsExplorer.load_battle`` (the explorer set from the battle in progress) before the dice."""
    try:
        import windward_widgets  # noqa: F401
    except ImportError:  # a plain checkout that is not pip-installed
        sys.path.insert(0, str(HERE.parent / "widgets"))
    from windward_widgets import OddsExplorer

    ox = OddsExplorer()
    checked = set()
    for name, s in ci_positions():
        f = oracle._frame(s)
        if outlook.STEP_INDEX[f["step"]] > outlook.STEP_INDEX["a_roll"] or (f["att"], f["def"]) in checked:
            continue
        n = oracle.cannon_choices(s)[-1]
        ox.load_battle(s, n)
        want = oracle.summary(oracle.engine_results(s, n))
        for key in ("win", "tie", "loss"):
            assert abs(float(getattr(ox.result, key)) - want[key]) < TOL, (name, key)
        checked.add((f["att"], f["def"]))
    assert len(checked) >= 6


def test_a_ship_sailing_onto_two_reds_is_shown_the_engines_odds():
    """The Solo Adventure bot game (greedy, seed 0, the default planet and chosen red routes) where
    the ship sails onto a space holding two red cresters: the ship fights both (10 dice). The odds
    before the dice (``battle_odds`` with the table's arguments, the hints, the odds explorer) once
    counted a single red: a win 0.93 with three cannons where the engine gives 0.045."""
    try:
        import windward_widgets  # noqa: F401
    except ImportError:
        sys.path.insert(0, str(HERE.parent / "widgets"))
    from windward_widgets import OddsExplorer

    from windward_nb.windward import hints

    s = next(s for s in oracle.game_positions(make_golden.CONFIGS[0], "greedy", 0)
             if oracle._frame(s)["d_n"] == 2 and oracle._frame(s)["step"] == "a_cannons")
    f = oracle._frame(s)
    assert (f["att"], f["def"], f["d_str"]) == ("ship", "red", 10), f
    assert (s.mode, s.red_routes, s.ships[0].cannons) == ("solo", "chosen", 3)
    ox = OddsExplorer()
    for n in oracle.cannon_choices(s):
        want = oracle.summary(oracle.engine_results(s, n))
        args = view.battle_odds_args(s, n)
        assert args["defender_count"] == 2, args
        o = battle_odds(**args)
        ox.load_battle(s, n)
        for key, got in (("win", o.win), ("tie", o.tie), ("loss", o.loss)):
            assert abs(float(got) - want[key]) < TOL, (n, key, float(got), want[key])
            assert abs(float(getattr(ox.result, key)) - want[key]) < TOL, (n, key)
        assert abs(float(o.ship_lost["attacker"]) - want["ship_lost"]["attacker"]) < TOL, n
        assert abs(hints.battle_chance(s, 0, n) - want["win"]) < TOL, n
    assert want["win"] < 0.05  # three cannons against ten dice: the figure a learner must see


def test_the_command_line_odds_of_the_seed7_battle_equal_the_engine():
    """``windward odds`` for the seed-7 battle before the dice (a red crester against a ship with a
    Marine, one cannon and morale 1): the engine's own battle from the game's position."""
    import json
    import subprocess

    g = ww.new_game(players=3, seed=7, planet="large", auto_chance=False)
    for a in ("order hire Marine", "order cannon", "leave port SE", "move S", "pick up gas", "end turn",
              "rest discard deadweight"):
        g.apply(a)
    s = g.state
    assert oracle._frame(s)["step"] == "a_roll" and s.ships[0].morale == 1
    want = oracle.summary(oracle.engine_results(s))
    proc = subprocess.run([sys.executable, "-m", "windward_nb", "odds", "--attacker", "red", "--defender", "ship",
                           "--defender-crew", "Marine", "--defender-cannons", "1", "--defender-morale", "1", "--json"],
                          capture_output=True, text=True, timeout=120, cwd=HERE.parent)
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)
    for key in ("win", "tie", "loss"):
        assert abs(got[key]["probability"] - want[key]) < TOL, key
    assert abs(got["ship_lost"]["defender"]["probability"] - want["ship_lost"]["defender"]) < TOL


# =============================================================================== it catches a display that drops a bonus
def _no_side(side_to_drop):
    def extra(s, f, side):
        return 0 if side == side_to_drop else battle.extra_hits(s, f, side)
    return extra


def _solve_with(**change):
    def solve(A, D, key, token_hits, play, exact):
        if "play" in change:
            play = change["play"]
        if "tokens" in change:
            A, D = replace(A, tokens=0), replace(D, tokens=0)
        if "morale" in change:
            A = replace(A, morale=None if A.morale is None else A.morale + 1)
            D = replace(D, morale=None if D.morale is None else D.morale + 1)
        return real_solve(A, D, key, token_hits, play, exact)
    return solve


def _strength_without(what):
    def strength(s, f, side, cannons=0):
        kind = f["att"] if side == "a" else f["def"]
        seat = f[side + "_seat"]
        crew = s.ships[seat].crew if kind in battle.PLAYER_KINDS else []
        count = f["a_n"] if side == "a" else f["d_n"]
        attacking = side == "a"
        if what == "cannons":
            cannons = 0
        if what == "defender's cannons" and side == "d":
            cannons = 0
        if what == "crew":
            crew = []
        if what == "count":
            count = 1
        return battle.party_dice(s.components, kind, attacking, crew, cannons, count)
    return strength


#: ways to get the display wrong, each leaving the rules as they are: (module attribute, stand-in)
MUTANTS = {
    "the Marine's +2 left out when the ship defends (the issue's bug)": ("extra_hits", _no_side("d")),
    "the Marine's +2 left out when the ship attacks": ("extra_hits", _no_side("a")),
    "cannons fired not counted": ("strength", _strength_without("cannons")),
    "the defender's cannons not counted before it fires": ("strength", _strength_without("defender's cannons")),
    "crew dice (Sergeant, Harpooner) left out": ("strength", _strength_without("crew")),
    "red cresters attacking together counted as one": ("strength", _strength_without("count")),
    "hit cards in hand ignored": ("hit_cards", lambda s, seat: []),
    "+2 tokens in hand ignored": ("_solve", _solve_with(tokens=True)),
    "bonuses already played not counted": ("played", lambda f, side: 0),
    "dice already rolled ignored": ("rolled_hits", lambda f, side: None),
    "morale one higher than it is": ("_solve", _solve_with(morale=True)),
    "every bonus played at once (no choice after the other side's roll)": ("_solve", _solve_with(play="all")),
    "no bonus played at all": ("_solve", _solve_with(play="none")),
}


@pytest.mark.parametrize("mutant", list(MUTANTS))
def test_the_differential_test_catches_a_display_that_drops_a_bonus(mutant, monkeypatch):
    name, stand_in = MUTANTS[mutant]
    monkeypatch.setattr(outlook, name, stand_in)
    for _where, s in ci_positions():
        if oracle.differences(s, view.battle_outlook):
            return
    pytest.fail(f"the differential test did not notice: {mutant}")


# =============================================================================== the long run
@pytest.mark.slow
def test_long_differential_run():
    """Every step of every battle of many bot games (every mode and variant, random and greedy
    bots, seeds 0-``WW_DIFF_SEEDS``), each position once: the display equals the engine.
    Prints what it checked."""
    seeds = int(os.environ.get("WW_DIFF_SEEDS", "1"))
    t0 = time.perf_counter()
    seen: set[str] = set()
    kinds: Counter = Counter()
    wrong: list[str] = []
    checks = 0
    for seed in range(seeds):
        for cfg in make_golden.CONFIGS:
            for bots in ("random", "greedy"):
                for s in oracle.game_positions(cfg, bots, seed):
                    fp = s.fingerprint()
                    if fp in seen:
                        continue
                    seen.add(fp)
                    wrong += [f"{cfg} {bots} {seed}: {d}" for d in oracle.differences(s, view.battle_outlook)]
                    kinds[oracle.category(s)[:4]] += 1
                    checks += len(oracle.cannon_choices(s))
    for k, name in enumerate(SCENARIOS):
        for j in range(20):
            for s in walk(scenario_game(name).state, 1000 * k + j):
                wrong += [f"{name}: {d}" for d in oracle.differences(s, view.battle_outlook)]
                kinds[oracle.category(s)[:4]] += 1
                checks += len(oracle.cannon_choices(s))
    took = time.perf_counter() - t0
    print(f"\nlong differential run: {len(seen)} game positions + hand-built walks, {sum(kinds.values())} "
          f"positions, {checks} (position, cannons) checks, {len(kinds)} kinds of step, {took:.0f} s")
    for key, n in sorted(kinds.items()):
        print(f"  {key}: {n}")
    assert not wrong, "\n".join(wrong[:20])
