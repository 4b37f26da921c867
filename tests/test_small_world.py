"""Advanced variant "Small World" / "Alternate Map" (both rulebooks): the smaller planet on the
backs of the tiles, where red cresters move 2 spaces at the end of a turn instead of 3.

Small planet small:ABCDEF: territory 1 has its red start at 2,-4, its feeding ground at 0,-3 and
the corner 0,-4; the corners of territories 3 and 6 are 4,0 and -4,0.
"""

from __future__ import annotations

import pytest

import windward_nb as ww
from windward_nb.windward.hexgrid import distance
from windward_nb.windward.planet import Planet
from rules_helpers import end_at_sky, events


# ----------------------------------------------------------------------------- the map
@pytest.mark.parametrize("size, radius, per_territory", [("small", 4, 10), ("large", 5, 15), ("large-r5", 5, 15),
                                                         ("large-r6", 6, 21), ("large-r7", 7, 28), ("large-r8", 8, 36)])
def test_planet_sizes(size, radius, per_territory):
    p = Planet.parse(f"{size}:FABDCE")
    assert p.radius == radius and len(p.cells) == 1 + 6 * per_territory
    for t in range(1, 7):
        cells = p.territory_cells[t]
        assert len(cells) == per_territory
        for key in ("feeding_ground", "red_start", "gas_pocket", "corner"):
            assert p.territory[getattr(p, key)[t]] == t
        assert distance(p.cells[p.corner[t]], (0, 0)) == radius
        assert p.corner_link[p.corner[t]] == p.corner[(t + 2) % 6 + 1]   # the opposite corner


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_game_on_the_small_planet(players):
    g = ww.new_game(players=players, seed=7, planet="small")
    s = g.state
    assert s.planet.size == "small" and len(s.planet.cells) == 61
    assert sorted(s.reds) == sorted(s.planet.red_start[t] for t in range(1, 7))
    assert g.record.options["planet"] == "small"
    assert ww.GameRecord.from_json(g.record.to_json()).replay().state.fingerprint() == s.fingerprint()


def test_the_large_planet_is_the_default():
    """The default is the radius-6 reconstruction (rulings P1); "large" names the radius-5 one."""
    assert ww.new_game(players=3, seed=7).state.planet.size == "large-r6"
    assert ww.new_game(players=3, seed=7, planet="large").state.planet.radius == 5


def test_unknown_planet_is_refused():
    with pytest.raises(ValueError, match="planet"):
        ww.new_game(players=3, seed=7, planet="tiny")


def test_around_the_planet_on_the_small_planet():
    g = ww.scenario(players=2, planet="small:ABCDEF", ships=[{"pos": "0,-4"}, {"pos": "port"}], reds=[],
                    auto_chance=False)
    g.apply("around")
    assert g.state.planet.label(g.state.ships[0].pos) == "0,4"


# ----------------------------------------------------------------------------- red cresters move 2
@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("planet, spaces", [("small:ABCDEF", 2), ("large:ABCDEF", 3)])
def test_red_crester_moves_two_on_the_small_planet(players, planet, spaces):
    ships = [{"pos": "0,-1", "morale": 3}] + [{"pos": "port"}] * (players - 1)
    g = ww.scenario(players=players, planet=planet, wind=1, ships=ships, reds=["2,-4"], auto_chance=False)
    ev = end_at_sky(g)
    moves = events(ev, "CresterMoved")
    assert len(moves) == 1 and len(moves[0].data["path"]) == spaces + 1
    # 3 spaces away: on the large planet it reaches the ship and attacks
    assert bool(events(ev, "BattleStarted")) is (spaces == 3)


def test_the_white_crester_still_moves_five_on_the_small_planet():
    ships = [{"pos": "-4,0", "morale": 3}, {"pos": "port"}, {"pos": "port"}]
    g = ww.scenario(players=3, planet="small:ABCDEF", wind=1, ships=ships, reds=[], white="4,0",
                    variants=["white"], auto_chance=False)
    ev = end_at_sky(g)
    moves = events(ev, "CresterMoved")
    assert len(moves) == 1 and moves[0].data["crester"] == "white" and len(moves[0].data["path"]) == 6


def test_solo_reds_keep_their_solo_speed_on_the_small_planet():
    """Reading: the Solo Adventure's 3 + 1 per red defeated applies on either planet."""
    reds = ["2,-4", "3,-2", "4,-1", "1,2", "-3,3", "-3,-1"]        # the six small red starts
    g = ww.scenario(players=1, planet="small:ABCDEF", wind=1, ships=[{"pos": "0,4", "morale": 4}], reds=reds,
                    auto_chance=False, red_routes="fixed")
    ev = end_at_sky(g)
    far = [m for m in events(ev, "CresterMoved") if m.data["from"] == g.state.planet.cell("2,-4")]
    assert len(far) == 1 and len(far[0].data["path"]) == 4


def test_small_world_combines_with_the_variants():
    g = ww.new_game(players=4, seed=3, planet="small", variants=("white", "naturalist", "achievements"))
    s = g.state
    assert s.planet.size == "small" and len(s.achievements) == 2
    assert "purple" in [sh.colour for sh in s.ships]
