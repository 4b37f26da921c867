"""Hidden information: stack order, the unseen tiles' places and the Lookout's tile."""

from __future__ import annotations

import json

import numpy as np

from windward_nb.core.testing import check_hidden_pair
from windward_nb.northwind import RULES, new_game
from windward_nb.northwind.scenario import scenario


def test_observation_hides_stack_order_and_make_up():
    g = new_game(players=3, seed=5)
    obs = RULES.observation(g.state, 1)
    assert obs["stacks"] == [8, 8, 8] and "contents" not in obs
    assert obs["known"] == [["north-cape"], ["fort-haven"], ["olsand"]]
    text = json.dumps(obs)
    for st in g.state.stacks:
        assert ",".join(st) not in text
    json.dumps(obs, allow_nan=False)


def test_two_orders_of_a_stack_look_alike_to_everyone():
    g = new_game(players=2, seed=3)
    s1 = g.state
    s2 = s1.clone()
    s2.stacks[0] = list(reversed(s2.stacks[0]))
    for seat in (0, 1):
        check_hidden_pair(RULES, s1, s2, seat)


def test_which_unseen_tile_lies_in_which_stack_is_hidden():
    g = new_game(players=2, seed=3)
    s1 = g.state
    s2 = s1.clone()
    a = next(t for t in s2.stacks[0] if t != "north-cape")
    b = next(t for t in s2.stacks[1] if t != "fort-haven")
    s2.stacks[0][s2.stacks[0].index(a)] = b
    s2.stacks[1][s2.stacks[1].index(b)] = a
    s2.contents = [sorted(x) for x in s2.stacks]
    assert RULES.invariants(s2) == []
    check_hidden_pair(RULES, s1, s2, 0)


def test_the_lookouts_tile_is_private_to_its_captain():
    g1 = scenario(players=2, stacks={"olsand": ["fog-1", "wreck"]}, crew=[["lookout"], []])
    g2 = scenario(players=2, stacks={"olsand": ["wreck", "fog-1"]}, crew=[["lookout"], []])
    for g in (g1, g2):
        g.apply("sail olsand")
        g.apply("look")
    check_hidden_pair(RULES, g1.state, g2.state, 1)
    assert RULES.observation(g1.state, 0) != RULES.observation(g2.state, 0)


def test_determinize_redraws_the_order_and_keeps_what_the_seat_knows():
    g = scenario(players=2, stacks={"olsand": ["fog-1", "wreck", "salt-1"], "north-cape": ["merchant-2"]},
                 crew=[["lookout"], []],
                 known={"north-cape": ["merchant-2"]})
    g.apply("sail olsand")
    g.apply("look")
    g.apply("keep")
    s = g.state
    orders = set()
    for k in range(20):
        d0 = RULES.determinize(s, 0, np.random.default_rng(k))
        assert d0.stacks[2][0] == "fog-1", "the captain saw fog on top and kept it there"
        assert "merchant-2" in d0.stacks[0] and "north-cape" in d0.stacks[0]
        assert RULES.invariants(d0) == []
        d1 = RULES.determinize(s, 1, np.random.default_rng(k))
        assert RULES.observation(d1, 1) == RULES.observation(s, 1)
        orders.add(tuple(d1.stacks[2]))
        assert d1.peek == d1.stacks[2][0]
    assert len(orders) > 10


def test_determinize_before_the_deal_changes_nothing():
    g = new_game(players=2, seed=1, auto_chance=False)
    d = RULES.determinize(g.state, 0, np.random.default_rng(0))
    assert d.fingerprint() == g.state.fingerprint()


def test_to_dict_round_trip():
    from windward_nb.northwind import NWState

    g = new_game(players=4, seed=9)
    again = NWState.from_dict(g.state.to_dict())
    assert again.fingerprint() == g.state.fingerprint()
