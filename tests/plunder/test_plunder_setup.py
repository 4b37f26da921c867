"""SETUP: cubes, tallies, start ports, decks, tiles, Blackbeard; options."""

from __future__ import annotations

import pytest
from plunder_helpers import RULES, new_game

from windward_nb.core.errors import OptionError
from windward_nb.plunder.components import COMPONENTS as C
from windward_nb.plunder.setup import start_state


@pytest.mark.parametrize("players", [3, 4, 5])
def test_each_player_starts_with_ten_wind_cubes_sixteen_in_reserve_and_four_markers_at_zero(players):
    g = new_game(players=players, seed=players)
    s = g.state
    assert s.wind_cubes == [10] * players and s.reserve == [16] * players
    assert all(s.tally[k] == [0] * players for k in ("weapons", "crew", "provisions")) and s.booty == [0] * players
    assert s.vp == [0] * players and s.markers == {"weapons": -1, "crew": -1, "provisions": -1}
    assert not RULES.invariants(s)


@pytest.mark.parametrize("seed", range(8))
def test_ships_start_in_different_start_ports_and_nobody_holds_a_treasure_card(seed):
    g = new_game(players=5 if seed % 2 else 3, seed=seed)
    s = g.state
    starts = {C.ports[p].id for p in C.start_ports}
    assert starts == {"jamaica", "puerto-rico", "san-salvador", "santo-domingo", "turks-caicos"}
    assert len(set(s.ship)) == s.players and {C.ports[p].id for p in s.ship} <= starts
    assert sorted(s.treasure_deck) == list(range(12)) and all(h == [] for h in s.treasures)
    assert sorted(s.action_deck) == list(range(40)) and all(h == [] for h in s.hands)
    assert sorted(s.port_tiles + s.bar) == list(range(18)) and len(s.bar) == 6


def test_the_setup_is_four_chance_plies_and_the_deal_lists_every_ordered_choice_of_start_ports():
    g = new_game(players=3, seed=1, auto_chance=False)
    assert g.current_player == -1
    outs = g.chance_outcomes()
    assert len(outs) == 5 * 4 * 3 and abs(sum(p for _, p in outs) - 1) < 1e-12
    g.apply("deal jamaica,turks-caicos,puerto-rico")
    assert g.chance_outcomes() is None  # a whole shuffle is not listed
    g.apply("shuffle treasure " + ",".join(map(str, range(11, -1, -1))))
    g.apply("shuffle actions " + ",".join(map(str, range(40))))
    g.apply("place tiles " + ",".join(map(str, range(18))))
    s = g.state
    assert (s.phase, s.round, s.wind, s.treasure_deck[0], s.bar) == ("compass", 1, "N", 11, list(range(12, 18)))
    assert [a for a in g.record.actions][:1] == ["deal jamaica,turks-caicos,puerto-rico"]


def test_a_deal_must_give_different_start_ports_and_shuffles_exactly_their_cards():
    from plunder_helpers import refused

    g = new_game(players=3, seed=1, auto_chance=False)
    refused(g, "deal jamaica,jamaica,puerto-rico", "Setup")
    refused(g, "deal jamaica,nassau,puerto-rico", "Setup")
    refused(g, "deal jamaica,puerto-rico", "Setup")
    refused(g, "compass N", "Setup")
    g.apply("deal jamaica,turks-caicos,puerto-rico")
    refused(g, "shuffle treasure 1,2,3", "Setup")
    refused(g, "shuffle actions " + ",".join(map(str, range(40))), "Setup")


def test_the_wind_starts_north_and_blackbeard_is_an_option():
    assert new_game(players=4, seed=0).state.wind == "N"
    assert new_game(players=4, seed=0, blackbeard=2).state.blackbeard == 2


@pytest.mark.parametrize("players,options", [
    (2, {}), (6, {}), (True, {}), (3.0, {}), ("4", {}),
    (3, {"blackbeard": 3}), (3, {"blackbeard": -1}), (3, {"end_bonus": "picture"}), (3, {"rounds": 0}),
    (3, {"rounds": 10}), (3, {"tournament": "yes"}), (3, {"colour": "red"}),
])
def test_bad_options_are_refused_with_an_option_error(players, options):
    with pytest.raises(OptionError):
        start_state(players, **options)


def test_same_seed_same_setup_different_seed_different_setup():
    a, b, c = (new_game(players=4, seed=k) for k in (7, 7, 8))
    assert a.state.fingerprint() == b.state.fingerprint() != c.state.fingerprint()
