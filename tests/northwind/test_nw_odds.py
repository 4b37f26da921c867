"""northwind.odds: exact pirate and voyage odds, checked by brute force and against the engine."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from windward_nb.northwind import RULES, load_components
from windward_nb.northwind.odds import pirate_odds, pirate_table, stack_counts, stack_outlook, voyage_odds
from windward_nb.northwind.scenario import scenario

DIE = load_components().battle_die


# ------------------------------------------------------------------------------- brute force
def brute_pirate(cannons, strength, cannoneer, die=DIE):
    hits = {"pip": 1, "double": 2 if cannoneer else 0, "blank": 0}
    wins = sum(sum(hits[f] for f in roll) >= strength for roll in itertools.product(die, repeat=cannons))
    return Fraction(wins, len(die) ** cannons)


@pytest.mark.parametrize("cannons", range(0, 5))
@pytest.mark.parametrize("strength", range(0, 5))
@pytest.mark.parametrize("cannoneer", [False, True])
def test_pirate_odds_equal_brute_force(cannons, strength, cannoneer):
    assert pirate_odds(cannons, strength, cannoneer).win == brute_pirate(cannons, strength, cannoneer)


@settings(max_examples=60, deadline=None)
@given(die=st.lists(st.sampled_from(["pip", "double", "blank"]), min_size=1, max_size=6),
       cannons=st.integers(0, 4), strength=st.integers(0, 6), cannoneer=st.booleans())
def test_pirate_odds_equal_brute_force_for_any_die(die, cannons, strength, cannoneer):
    o = pirate_odds(cannons, strength, cannoneer, die)
    assert o.win == brute_pirate(cannons, strength, cannoneer, die)
    assert sum(o.hits) == 1 and o.win + o.loss == 1


def test_pirate_odds_facts():
    assert not pirate_odds(1, 2).winnable and pirate_odds(1, 2, cannoneer=True).winnable
    assert pirate_odds(3, 1).expected_hits == Fraction(3, 2)
    table = pirate_table(4)
    assert table[(4, 3)] == Fraction(5, 16) and len(table) == 12
    assert all(table[(c, k)] <= table[(c + 1, k)] for c in range(1, 4) for k in (1, 2, 3))


@pytest.mark.parametrize("bad", [dict(cannons=-1, strength=1), dict(cannons=1.5, strength=1),
                                 dict(cannons=2, strength="2"), dict(cannons=1, strength=1, cannoneer=1),
                                 dict(cannons=1, strength=1, die=["pip", "skull"])])
def test_pirate_odds_refuse_bad_arguments(bad):
    with pytest.raises(ValueError):
        pirate_odds(**bad)


def brute_voyage(d, f, o, sail, lookout, avoid=("fog",)):
    tiles = ["D"] * d + ["F"] * f + ["O"] * o
    kind = {"D": "destination", "F": "fog", "O": "other"}
    arrangements = set(itertools.permutations(tiles))
    reach = clear = 0
    fogs = [0] * (sail + 1)
    for seq in arrangements:
        if lookout and kind[seq[0]] in avoid:
            shown = seq[1:1 + sail]
        else:
            shown = seq[:sail]
        reach += "D" in shown
        if "D" in shown and "F" not in shown[:shown.index("D")]:
            clear += 1
        fogs[shown.count("F")] += 1
    n = len(arrangements)
    while len(fogs) > 1 and fogs[-1] == 0:
        fogs.pop()
    return Fraction(reach, n), Fraction(clear, n), tuple(Fraction(x, n) for x in fogs)


@pytest.mark.parametrize("d,f,o", [(1, 2, 5), (1, 0, 7), (0, 3, 4), (1, 4, 3), (1, 1, 1), (1, 6, 1)])
@pytest.mark.parametrize("sail", [0, 1, 4, 6])
@pytest.mark.parametrize("lookout,avoid", [(False, ("fog",)), (True, ("fog",)), (True, ("fog", "other"))])
def test_voyage_odds_equal_brute_force(d, f, o, sail, lookout, avoid):
    v = voyage_odds({"destination": d, "fog": f, "other": o}, sail, lookout, avoid)
    reach, clear, fogs = brute_voyage(d, f, o, sail, lookout, avoid)
    assert (v.reach, v.reach_clear) == (reach, clear)
    assert v.fogs == fogs and sum(v.fogs) == 1


def test_a_lookout_that_sends_all_but_the_destination_under_adds_one_to_the_range():
    for sail in range(1, 7):
        v = voyage_odds({"destination": 1, "fog": 2, "other": 5}, sail, True, ("fog", "other"))
        assert v.reach == Fraction(sail + 1, 8)


def test_stack_counts_from_tile_names():
    assert stack_counts(["olsand", "fog-1", "fog-2", "salt-1"]) == (1, 2, 1)
    for bad in [["kraken"], ["olsand", "north-cape"], "olsand", {"pirates": 1}, {"destination": 2}]:
        with pytest.raises(ValueError):
            stack_counts(bad)


def test_stack_outlook_uses_only_what_the_seat_knows():
    g = scenario(players=2, stacks={"olsand": ["fog-1", "fog-2", "olsand"]}, known={"olsand": ["fog-1", "fog-2"]})
    out = stack_outlook(g.state, 0)
    assert len(out) == 3 and all(v.reach == Fraction(4, 8) for v in out)
    # Olsand holds 2 known fogs plus a share of the 4 unseen: more fog expected there
    assert out[2].fog_expected > out[0].fog_expected
    unseen = [v.fog_expected for v in out[:2]]
    assert unseen[0] == unseen[1]
    # the whole-game expectation: 6 fogs over 24 places, 8 per stack -> 2 per stack, half met in 4 of 8
    fresh = scenario(players=2)
    assert all(v.fog_expected == 1 for v in stack_outlook(fresh.state, 1))


# ------------------------------------------------------------------------------- engine frequencies
def within(count, n, p, sigmas=4.5):
    p = float(p)
    sd = math.sqrt(max(p * (1 - p), 1e-12) / n)
    return abs(count / n - p) <= sigmas * sd + 1e-12


PIRATE_GRID = [(1, 1, False), (2, 2, False), (4, 3, False), (1, 2, True), (3, 3, True)]


@pytest.mark.parametrize("cannons,strength,cannoneer", PIRATE_GRID)
def test_engine_battles_match_the_exact_odds(cannons, strength, cannoneer):
    n = 1500
    g = scenario(players=2, stacks={"olsand": ["fog-1"]}, cannons=[cannons, 1], gold=[5, 5],
                 crew=[["cannoneer"] if cannoneer else [], []])
    g.apply("sail olsand")
    g.apply("reveal")
    g.apply(f"event pirate {strength}")
    g.apply("fight")
    base = g.state
    rng = np.random.default_rng(1000 + 10 * cannons + strength)
    wins = 0
    for _ in range(n):
        s = base.clone()
        RULES.apply(s, RULES.sample_chance(s, rng))
        wins += s.brig[0] == 1
    assert within(wins, n, pirate_odds(cannons, strength, cannoneer).win)


STACK = ["olsand", "fog-1", "fog-2", "salt-1", "grain-1", "fish-1", "lumber-1", "wreck"]
STACK3 = ["olsand", "fog-1", "fog-2", "fog-3", "grain-1", "fish-1", "lumber-1", "wreck"]


def sail_once(base, rng, lookout, avoid):
    """Shuffle with the engine, then sail seat 0 through the whole range, passing every tile."""
    s = base.clone()
    RULES.apply(s, RULES.sample_chance(s, rng))  # the engine's own reshuffle
    assert s.turn == 0
    seen = []
    RULES.apply(s, RULES.parse("sail olsand"))
    if lookout:
        RULES.apply(s, RULES.parse("look"))
        kind = s.comp.tile(s.peek).kind
        kind = kind if kind in ("destination", "fog") else "other"
        RULES.apply(s, RULES.parse("under" if kind in avoid else "keep"))
    while s.phase != "shuffle":
        if s.phase in ("prepare", "sail"):
            for e in RULES.apply(s, RULES.parse("reveal")):
                if e.kind == "TileRevealed":
                    seen.append(e.data["kind"])
        elif s.phase == "event":
            RULES.apply(s, RULES.sample_chance(s, rng))
        elif s.phase == "pirate":
            RULES.apply(s, RULES.parse("pay"))
        else:
            RULES.apply(s, RULES.parse("pass"))
    return seen


@pytest.mark.parametrize("tiles,sail,lookout,avoid", [(STACK, 4, False, ("fog",)), (STACK3, 5, True, ("fog",)),
                                                      (STACK, 6, True, ("fog", "other"))])
def test_engine_voyages_match_the_exact_odds(tiles, sail, lookout, avoid):
    n = 1500
    g = scenario(players=2, turn=1, stacks={"olsand": tiles}, gold=[40, 40], sail=[sail, 4],
                 crew=[["lookout"] if lookout else [], []], letters=[2, 2], stop_early=True)
    g.apply("sail olsand")
    g.apply("reveal")
    while g.state.phase != "shuffle":
        g.apply("end voyage" if g.state.phase == "sail" else "pass" if g.state.phase == "tile" else "pay")
    base = g.state
    rng = np.random.default_rng(sail)
    exact = voyage_odds(tiles, sail, lookout, avoid)
    reach = clear = 0
    fogs = [0] * 7
    for _ in range(n):
        seen = sail_once(base, rng, lookout, avoid)
        assert len(seen) == sail
        if "destination" in seen:
            reach += 1
            clear += "fog" not in seen[:seen.index("destination")]
        fogs[seen.count("fog")] += 1
    assert within(reach, n, exact.reach) and within(clear, n, exact.reach_clear)
    for k, p in enumerate(exact.fogs):
        assert within(fogs[k], n, p), (k, fogs, exact.fogs)


@pytest.mark.parametrize("kwargs", [dict(sail=-1), dict(sail=2.5), dict(lookout="yes"), dict(avoid=("kraken",)),
                                    dict(stack={"destination": 0, "fog": 0, "other": 0}),
                                    dict(stack={"destination": 1, "fog": -2, "other": 3})])
def test_voyage_odds_refuse_bad_arguments(kwargs):
    args = dict(stack={"destination": 1, "fog": 2, "other": 5}, sail=4)
    args.update(kwargs)
    with pytest.raises(ValueError):
        voyage_odds(**args)
