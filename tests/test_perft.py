"""Fixed-position legal-action counts (perft). A change here means the rules engine now
generates different moves: if that is intended, explain it in the commit and update the numbers."""

import pytest

import windward_nb as ww
from windward_nb.windward.perft import perft


@pytest.mark.parametrize("players, seed, counts", [
    (2, 1, [17, 193, 1860, 16979]),
    (3, 2, [16, 164, 1492]),
    (4, 3, [21, 315, 3669, 38156]),
    (5, 4, [17, 193, 1872]),
])
def test_opening_positions(players, seed, counts):
    """On the radius-5 planet (``planet="large"``), where these counts were first taken."""
    state = ww.new_game(players=players, seed=seed, auto_chance=False, planet="large").state
    assert [perft(state, d) for d in range(1, len(counts) + 1)] == counts


@pytest.mark.parametrize("players, seed, counts", [
    (2, 1, [17, 193, 1863, 17096]),
    (1, 6, [22, 370, 5037]),
])
def test_opening_positions_on_the_default_planet(players, seed, counts):
    """The default planet since the size study (large-r6, rulings P1): the same seed of a
    head-to-head game opens alike for two plies and then differs (more spaces to sail to)."""
    state = ww.new_game(players=players, seed=seed, auto_chance=False).state
    assert state.planet.size == "large-r6"
    assert [perft(state, d) for d in range(1, len(counts) + 1)] == counts


def test_midgame_scenario():
    g = ww.scenario(players=2, wind=2, greys=["0,-3"], auto_chance=False,
                    ships=[{"pos": "0,-2", "cannons": 2, "hand": ["fuel", "harpoon", "false_flag"],
                            "boats": ["1,-2"], "rowers": 3, "tokens": 1},
                           {"pos": "-1,-1"}])
    # ruling R31 (issue 31) refuses the exact undo of a pick-up or drop made this turn: one move
    # fewer at depth 2 than before it (239 -> 238; a hand count of depth 2 agrees)
    assert [perft(g.state, d) for d in range(1, 5)] == [16, 238, 3334, 43865]
