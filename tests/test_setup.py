"""Rulebook sections "Global Setup" and "Player Setup"."""

from collections import Counter

import numpy as np
import pytest

import windward_nb as ww
from windward_nb.windward.setup import draw_setup


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_global_setup(players):
    g = ww.new_game(players=players, seed=11)
    s = g.state
    p = s.planet
    # the planet: six different tiles around the Trading Post, large (radius 6: rulings P1) by default
    assert p.size == "large-r6" and p.radius == 6 and sorted(p.order) == list(range(6))
    # red cresters on every start space, gas on every pocket, players-1 grey cresters on feeding grounds
    assert sorted(s.reds) == sorted(p.red_start.values())
    assert all(s.item_count(p.gas_pocket[t], "gas") == 2 for t in range(1, 7))
    assert len(s.greys) == players - 1 == len(set(s.greys))
    assert all(p.terrain[h] == "feeding" for h in s.greys)
    # starting hands 2/3/4/5/5 in turn order from the first player
    hands = [len(s.ships[seat].hand) for seat in s.seat_order()]
    assert hands == [2, 3, 4, 5, 5][:players]
    # remaining cards in three semi-equal face-up stacks
    sizes = [len(x) for x in s.stacks]
    assert sum(sizes) == 74 - sum(hands) and max(sizes) - min(sizes) <= 1
    assert s.wind in range(1, 7) and s.current == s.first and s.round == 1


def test_player_setup_ship_boards():
    s = ww.new_game(players=4, seed=3).state
    for ship in s.ships:
        assert ship.pos == -1  # at port
        assert ship.morale == 1 and ship.rowers == 0 and ship.notoriety == 0
        assert ship.boats == [-1]  # one longboat aboard, the second beside the board
        assert ship.gas == ship.cannons == 0 and not ship.crew and not ship.hold
    assert len({ship.colour for ship in s.ships}) == 4


def test_first_player_and_grey_territories_are_uniform():
    # the first player comes from wind-die rolls (re-rolled ties): every seat equally likely
    rng = np.random.default_rng(0)
    firsts = Counter(draw_setup(4, rng)["first"] for _ in range(4000))
    assert set(firsts) == {0, 1, 2, 3}
    assert max(firsts.values()) - min(firsts.values()) < 300
    greys = Counter(t for _ in range(3000) for t in draw_setup(5, rng)["greys"])
    assert set(greys) == set(range(1, 7))


def test_setup_is_reproducible_from_the_seed():
    a = ww.new_game(players=3, seed=42).state.fingerprint()
    b = ww.new_game(players=3, seed=42).state.fingerprint()
    c = ww.new_game(players=3, seed=43).state.fingerprint()
    assert a == b != c


@pytest.mark.parametrize("kwargs, message", [
    ({"players": 6}, "free-for-all is for 3-5 players"),
    ({"players": 2, "mode": "free-for-all"}, "free-for-all is for 3-5"),
    ({"players": 3, "planet": "huge"}, "planet must be"),
    ({"players": 3, "variants": ["pirates"]}, "unknown variant"),
    ({"players": 3, "edition": "z"}, "edition must be"),
])
def test_bad_options_are_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        ww.new_game(seed=1, **kwargs)


def test_small_planet_setup():
    s = ww.new_game(players=2, seed=1, planet="small").state
    assert s.planet.radius == 4 and len(s.planet.cells) == 61
    assert all(len(s.planet.territory_cells[t]) == 10 for t in range(1, 7))
