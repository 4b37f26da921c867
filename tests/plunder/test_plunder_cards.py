"""Action cards (ACTIONS, CARD MANAGEMENT and the reference card's texts)."""

from __future__ import annotations

import numpy as np
import pytest
from plunder_helpers import RULES, refused, scenario

from windward_nb.core import testing
from windward_nb.plunder.components import COMPONENTS as C

P = C.port_index


def red(hand, ships=None, **kw):
    ships = ships or {"red": "jamaica", "blue": "nassau", "green": "belize"}
    return scenario(3, ships=ships, wind="E", turn="red", hands={"red": hand}, **kw)


def free_card(kind, port):
    return next(c.name for c in C.cards if c.kind == kind and P[port] in c.free_in)


def paid_card(kind, port):
    return next(c.name for c in C.cards if c.kind == kind and P[port] not in c.free_in)


@pytest.mark.parametrize("kind,item", [("buy-provisions", "provisions"), ("buy-weapons", "weapons"),
                                       ("hire-crew", "crew")])
def test_buying_is_free_in_a_port_the_card_names_and_costs_2_vp_elsewhere(kind, item):
    free, paid = free_card(kind, "jamaica"), paid_card(kind, "jamaica")
    g = red([free, paid], vp={"red": 3})
    g.apply(f"play {free}")
    s = g.state
    assert s.tally[item][0] == 1 and s.vp[0] == 3 and s.ap == 1 and s.action_discard == [C.card_names[free][0]]
    g.apply(f"play {paid}")
    assert s.tally[item][0] == 2 and s.vp[0] == 1
    assert s.markers[item] == 0


def test_buying_needs_2_vp_when_not_free_and_room_on_the_tally():
    paid = paid_card("buy-weapons", "jamaica")
    refused(red([paid], vp={"red": 1}), f"play {paid}", "Action Cards", "costs 2 VP")
    free = free_card("buy-weapons", "jamaica")
    refused(red([free], tally={"red": {"weapons": 9}}), f"play {free}", "Action Cards", "full")


def test_a_card_not_in_hand_cannot_be_played():
    g = red(["mutiny"], tally={"blue": {"crew": 1}})
    refused(g, "play misfire blue", "Card Management", "holds no misfire")
    refused(g, "play hire-crew-a", "Card Management")


def test_mutiny_and_misfire_take_a_crew_or_weapon_from_an_opponent_who_has_one():
    g = red(["mutiny", "misfire"], tally={"blue": {"crew": 1}, "green": {"weapons": 2}})
    refused(g, "play mutiny green", "Action Cards", "no crew")
    refused(g, "play mutiny red", "Action Cards", "opponent")
    refused(g, "play mutiny yellow", "Action Cards")  # no yellow player in a 3-player game
    g.apply("play mutiny blue")
    g.apply("play misfire green")
    assert g.state.tally["crew"][1] == 0 and g.state.tally["weapons"][2] == 1
    assert len(g.state.action_discard) == 2 and g.state.hands[0] == []


def test_intrigue_swaps_any_two_tiles_including_the_bar():
    g = red(["intrigue", "intrigue"])
    s = g.state
    a, b = s.port_tiles[P["santo-domingo"]], s.bar[5]
    g.apply("play intrigue santo-domingo bar-6")
    assert s.port_tiles[P["santo-domingo"]] == b and s.bar[5] == a
    x, y = s.bar[0], s.bar[1]
    g.apply("play intrigue bar-2 bar-1")
    assert s.bar[:2] == [y, x]
    n_intrigues = sum(1 for act in g.legal_actions() if act.verb == "play")
    assert n_intrigues == 0  # no intrigue left


def test_heave_sails_a_second_time_for_a_crew_when_everyone_else_leads():
    g = red(["heave", "heave"], tally={"red": {"crew": 2}}, vp={"blue": 5, "green": 4})
    refused(g, "play heave puerto-rico", "Action Cards", "after the ship has sailed")
    g.apply("sail san-salvador")  # red 3 VP < 4 and 5
    g.apply("play heave puerto-rico")
    s = g.state
    assert s.ship[0] == P["puerto-rico"] and s.tally["crew"][0] == 1 and s.heaved and s.ap == 1
    assert s.vp[0] == 3 + 3  # two tiles
    refused(g, "play heave barbados", "Action Cards", "one Heave")


def test_heave_needs_every_opponent_ahead_a_crew_and_the_wind():
    g = red(["heave"], tally={"red": {"crew": 1}}, vp={"blue": 5, "green": 3})
    g.apply("sail san-salvador")  # red 3 VP = green 3
    refused(g, "play heave puerto-rico", "Action Cards", "more VP")
    g = red(["heave"], vp={"blue": 9, "green": 9})
    g.apply("sail san-salvador")
    refused(g, "play heave puerto-rico", "Action Cards", "costs a Crew")
    g = red(["heave"], tally={"red": {"crew": 1}}, vp={"blue": 9, "green": 9})
    g.apply("sail san-salvador")
    refused(g, "play heave belize", "Sailing")


def test_hands_are_hidden_and_determinize_redraws_them_with_the_deck():
    g = red(["mutiny", "intrigue"])
    s = g.state
    s.hands[1] = [s.action_deck.pop(0), s.action_deck.pop(0)]
    s.hands[1].sort()
    obs = RULES.observation(s, 1)
    assert obs["hands"] == [2, obs["hands"][1], 0] and obs["action_deck"] == len(s.action_deck)
    assert isinstance(obs["hands"][1], list)
    t = s.clone()
    t.hands[0], t.action_deck[:2] = sorted(t.action_deck[:2]), t.hands[0]
    testing.check_hidden_pair(RULES, s, t, seat=1)
    d = RULES.determinize(s, 1, np.random.default_rng(0))
    assert d.hands[1] == s.hands[1] and len(d.hands[0]) == 2 and d.action_discard == s.action_discard
    assert sorted(d.action_deck + d.hands[0] + d.hands[1] + d.hands[2]) == list(range(40))


def test_played_treasure_cards_go_under_the_treasure_deck():
    g = red([], treasures={"red": ["san-salvador"]})
    g.apply("sail san-salvador")
    assert g.state.treasure_deck[-1] == P["san-salvador"] and len(g.state.treasure_deck) == 12
