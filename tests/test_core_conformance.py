"""Windward through the core's conformance harness, and its hidden information.

``windward_nb.core.testing.check_playouts`` plays random games and checks, at
every step: legal actions parse back and are accepted; refusals name a rule and
change nothing; invariants hold; chance outcomes sum to one; clone, undo,
``to_dict``/``from_dict`` and record replay give the same positions; each
seat's observation is JSON and ``determinize`` agrees with it, depends on
nothing else, and redraws what the seat cannot see (``hidden=True``). Every
mode and variant combination is played, on the small planet and edition b
where the mode allows it. ``check_hidden_pair`` checks pairs of positions that
differ only in what one seat cannot see.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter

import numpy as np
import pytest

import windward_nb as ww
from windward_nb.core import testing
from windward_nb.windward import RULES
from windward_nb.windward.state import GameState

VARIANTS = ("white", "naturalist", "achievements")
SUBSETS = [list(c) for k in range(4) for c in itertools.combinations(VARIANTS, k)]


def config_id(c: dict) -> str:
    return "-".join(f"{k}{'+'.join(v) if isinstance(v, list) else v}" for k, v in c.items() if v != [])


COMPETITIVE = [{"players": n, "planet": "small", "edition": "b", "variants": v} for n in (2, 3, 4, 5) for v in SUBSETS]
TEAM = ([{"players": 1, "planet": "small", "edition": "b"}]
        + [{"players": n, "mode": "cooperative", "edition": "b", "difficulty": d}
           for n, d in ((1, "easy"), (2, "normal"), (3, "hard"), (4, "impossible"))])


def factory(config: dict):
    return lambda seed: ww.new_game(seed=seed, **config)


@pytest.mark.parametrize("config", COMPETITIVE, ids=config_id)
def test_every_variant_combination_passes_the_core_harness(config):
    report = testing.check_playouts(factory(config), games=1, seed=7 * config["players"] + len(config["variants"]),
                                    max_plies=160, clone_every=40, observe_every=9, refuse_every=13, hidden=True,
                                    from_dict=GameState.from_dict)
    assert report.observations >= config["players"] * 15 and report.refusals > 100
    assert report.record_round_trips == 1 and report.redraws > 0


@pytest.mark.parametrize("config", TEAM, ids=config_id)
def test_the_team_modes_pass_the_core_harness(config):
    # a random captain loses these quickly: play several
    report = testing.check_playouts(factory(config), games=5, seed=3, max_plies=300, clone_every=10,
                                    observe_every=3, refuse_every=5, hidden=True, from_dict=GameState.from_dict)
    assert report.finished >= 1 and report.record_round_trips == 5 and report.redraws > 0


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 5])
def test_long_playouts_with_every_variant(players):
    config = {"players": players, "variants": list(VARIANTS), "edition": "a"}
    report = testing.check_playouts(factory(config), games=1, seed=100 + players, max_plies=3000, clone_every=200,
                                    observe_every=25, refuse_every=31, check_all_legal=False, hidden=True,
                                    from_dict=GameState.from_dict)
    # a whole random game (seed 102's became shorter, 784 plies, once R31 refused a take-back)
    assert (report.finished == 1 or report.plies > 1000) and report.plies > 600 and report.redraws > 0


# ------------------------------------------------------------------------------ hidden information
def _swap_hidden_card(s: GameState, seat: int) -> GameState:
    """A copy of ``s`` where ``seat`` holds another card, swapped with one below a stack's top."""
    t = s.clone()
    hand = t.ships[seat].hand
    for st in t.stacks:
        for i, card in enumerate(st[:-1]):
            for j, mine in enumerate(hand):
                if card != mine:
                    st[i], hand[j] = mine, card
                    return t
    raise AssertionError("no card to swap")


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 4), (5, 9)])
def test_other_captains_hands_are_hidden(players, seed):
    g = ww.new_game(players=players, seed=seed)
    s = g.state
    for other in range(1, players):
        t = _swap_hidden_card(s, other)
        assert t.fingerprint() != s.fingerprint() and not RULES.invariants(t)
        testing.check_hidden_pair(RULES, s, t, seat=0)
        # the captain holding the cards sees the difference
        assert RULES.observation(s, other) != RULES.observation(t, other)


def test_the_cards_below_a_stack_top_are_hidden_from_everyone():
    s = ww.new_game(players=3, seed=2).state
    t = s.clone()
    st = t.stacks[0]
    i = next(k for k in range(len(st) - 2) if st[k] != st[k + 1])
    st[i], st[i + 1] = st[i + 1], st[i]
    for seat in range(3):
        testing.check_hidden_pair(RULES, s, t, seat)
    t.stacks[0][-1], t.stacks[1][-1] = t.stacks[1][-1], t.stacks[0][-1]  # the tops are seen
    if t.stacks[0][-1] != s.stacks[0][-1]:
        with pytest.raises(AssertionError, match="observes the two states differently"):
            testing.check_hidden_pair(RULES, s, t, 0)


def test_hidden_pairs_in_a_battle_and_in_the_modes():
    g = ww.scenario(players=2, wind=1, reds=[], auto_chance=False,
                    ships=[{"pos": "0,-2", "cannons": 2, "hand": ["harpoon", "fuel"]},
                           {"pos": "0,-3", "hand": ["false_flag", "coffee", "bait"], "cannons": 1}])
    g.apply("move N")  # a battle between the ships
    assert g.state.frames[-1]["k"] == "battle"
    testing.check_hidden_pair(RULES, g.state, _swap_hidden_card(g.state, 1), seat=0)
    for options in ({"players": 3, "mode": "cooperative"}, {"players": 1}, {"players": 4, "variants": list(VARIANTS)}):
        s = ww.new_game(seed=5, **options).state
        other = 1 if options["players"] > 1 else 0
        seat = 0 if other else None
        if seat is None:  # one captain: only the stacks hide anything
            continue
        testing.check_hidden_pair(RULES, s, _swap_hidden_card(s, other), seat)


def test_observation_shows_own_hand_sizes_and_stack_tops():
    s = ww.new_game(players=3, seed=11).state
    obs = RULES.observation(s, 1)
    assert obs["seat"] == 1 and json.loads(json.dumps(obs)) == obs
    assert obs["ships"][1]["hand"] == s.ships[1].hand
    assert obs["ships"][0]["hand"] == len(s.ships[0].hand) and obs["ships"][2]["hand"] == len(s.ships[2].hand)
    assert obs["stacks"] == [{"top": st[-1] if st else None, "size": len(st)} for st in s.stacks]
    assert obs["discard"] == s.discard


def test_determinize_deals_the_unseen_cards_again():
    s = ww.new_game(players=4, seed=12).state
    seen = Counter()
    for k in range(20):
        d = RULES.determinize(s, 2, np.random.default_rng(k))
        assert not RULES.invariants(d)
        assert RULES.observation(d, 2) == RULES.observation(s, 2)
        assert d.ships[2].hand == s.ships[2].hand and [st[-1] for st in d.stacks] == [st[-1] for st in s.stacks]
        seen[tuple(d.ships[0].hand)] += 1
    assert len(seen) > 10  # other hands really are redrawn
