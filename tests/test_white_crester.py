"""Advanced variant "Great White Crester" (both rulebooks): it waits on the 10 of the notoriety
track, appears on a rolled Around-the-Planet corner, has strength 8, gives 6 notoriety (never the
hold), leaves the game when beaten, and chases the resting ship 5 spaces after the red crester.

Free-for-all positions on large:ABCDEF built with ``ww.scenario(variants=["white"])``; every die
is chosen by the test. The corners of territories 1-6 are 0,-5 5,-5 5,0 0,5 -5,5 -5,0.
"""

from __future__ import annotations

import pytest

import windward_nb as ww
from windward_nb.windward.state import GONE, OFF
from rules_helpers import dice_count, end_at_sky, events, hx, kinds, refused, roll

CORNERS = {1: "0,-5", 2: "5,-5", 3: "5,0", 4: "0,5", 5: "-5,5", 6: "-5,0"}


def ffa(ships, players: int = 3, **kw) -> ww.Game:
    kw.setdefault("wind", 1)
    kw.setdefault("auto_chance", False)
    kw.setdefault("reds", [])
    kw.setdefault("variants", ["white"])
    ships = list(ships) + [{"pos": "port"}] * (players - len(ships))
    return ww.scenario(players=players, ships=ships, **kw)


def white_path(ev):
    moves = [e for e in ev if e.kind == "CresterMoved" and e.data["crester"] == "white"]
    assert len(moves) <= 1
    return moves[0].data["path"] if moves else None


# ----------------------------------------------------------------------------- appearing
def test_the_white_crester_starts_off_the_planet():
    g = ww.new_game(players=3, seed=4, variants=("white",))
    assert g.state.white == OFF
    g = ffa([{"pos": "port", "notoriety": 9}])
    assert g.state.white == OFF and g.state.frames == []


def test_it_appears_when_the_first_captain_reaches_ten_on_a_rolled_corner():
    g = ffa([{"pos": "port", "notoriety": 9, "gas": 2}])
    s = g.state
    g.apply("buy notoriety")
    assert s.ships[0].notoriety == 10
    assert g.current_player == ww.CHANCE and s.frames[-1]["k"] == "white_roll"
    outcomes = g.chance_outcomes()
    assert [str(a) for a, _ in outcomes] == [f"white {t}" for t in range(1, 7)]
    assert all(p == pytest.approx(1 / 6) for _, p in outcomes)
    refused(g, "end turn", "Taking a Turn", "roll for the White Crester")
    ev = g.apply("white 4")
    assert s.white == hx(g, CORNERS[4]) and events(ev, "CresterPlaced")[0].data["crester"] == "white"
    assert g.current_player == 0 and s.frames == []


def test_nine_notoriety_is_not_enough():
    g = ffa([{"pos": "port", "notoriety": 8, "gas": 2}])
    g.apply("buy notoriety")
    assert g.state.white == OFF and g.current_player == 0


def test_an_occupied_corner_is_rolled_again():
    # a ship on the corner of territory 1 and a red crester on the corner of territory 3
    g = ffa([{"pos": "port", "notoriety": 9, "gas": 2}, {"pos": CORNERS[1]}], reds=[CORNERS[3]])
    g.apply("buy notoriety")
    outcomes = g.chance_outcomes()
    assert [str(a) for a, _ in outcomes] == ["white 2", "white 4", "white 5", "white 6"]
    assert all(p == pytest.approx(1 / 4) for _, p in outcomes)
    refused(g, "white 1", "Taking a Turn")
    refused(g, "white 3", "Taking a Turn")


def test_reaching_ten_by_cashing_teeth_also_brings_it():
    g = ffa([{"pos": "0,-1", "notoriety": 6, "red_teeth": 1}])
    g.apply("enter port")
    assert g.state.ships[0].notoriety == 10 and g.state.frames[-1]["k"] == "white_roll"


def test_reaching_ten_with_the_sky_bonus_also_brings_it():
    g = ffa([{"pos": "0,-1", "notoriety": 9, "morale": 3}])
    end_at_sky(g)
    s = g.state
    assert s.ships[0].notoriety == 10 and s.frames[-1]["k"] == "white_roll"
    g.apply("white 2")
    assert s.white == hx(g, CORNERS[2])


def test_it_appears_only_once():
    g = ffa([{"pos": "port", "notoriety": 9, "gas": 4}, {"pos": "port", "notoriety": 12}])
    g.apply("buy notoriety")
    g.apply("white 4")
    g.apply("buy notoriety")                                   # 11: no second roll
    assert g.current_player == 0 and g.state.frames == [] and g.state.white == hx(g, CORNERS[4])


# ----------------------------------------------------------------------------- battle
def test_strength_eight_six_notoriety_nothing_in_the_hold_and_gone_for_good():
    g = ffa([{"pos": "0,-2", "cannons": 3, "notoriety": 4}, {"pos": "port", "notoriety": 9, "gas": 2}],
            white="0,-3")
    g.apply("move N")
    assert events(g.last_events, "BattleStarted")[0].data["def"] == "white"
    g.apply("battle cannons 3")
    roll(g, 15)
    assert dice_count(g) == 8
    ev = roll(g, 8)
    s = g.state
    ship = s.ships[0]
    assert ship.notoriety == 4 + 6
    assert events(ev, "NotorietyGained")[0].data["amount"] == 6
    assert (ship.hold, ship.grey_teeth, ship.red_teeth, ship.gas) == ("", 0, 0, 0)
    assert s.white == GONE and s.reds_down == [] and s.frames == []
    # removed from the game: later captains reaching 10 do not bring it back
    g.apply("end turn")
    g.apply("rest morale")
    g.apply("buy notoriety")                                   # player 2 reaches 10
    assert s.ships[1].notoriety == 10 and s.white == GONE and g.current_player == 1


def test_a_ship_that_loses_to_the_white_falls_back_and_the_white_stays():
    g = ffa([{"pos": "0,-2", "morale": 4}], white="0,-3")
    g.apply("move N")
    g.apply("battle cannons 0")
    roll(g, 5)
    roll(g, 8)
    s = g.state
    assert s.ships[0].pos == hx(g, "0,-2") and s.ships[0].morale == 1 and s.white == hx(g, "0,-3")


# ----------------------------------------------------------------------------- moving at the end of a turn
def test_it_moves_five_toward_the_resting_ship_after_the_red_and_across_territories():
    g = ffa([{"pos": "0,-1", "morale": 3}], white=CORNERS[3], reds=["2,-5"])
    ev = end_at_sky(g)
    s = g.state
    p = s.planet
    order = [e.data["crester"] for e in ev if e.kind == "CresterMoved"]
    assert order == ["red", "white"]
    path = white_path(ev)
    assert len(path) == 6 and path[0] == hx(g, CORNERS[3]) and s.white == path[-1]
    assert p.territory[path[0]] == 3 and p.territory[s.white] != 3
    assert kinds(ev).index("CresterMoved") < kinds(ev).index("NotorietyGained")


def test_it_does_not_move_through_other_ships():
    g = ffa([{"pos": "0,-3", "morale": 3}, {"pos": "0,-4"}], white=CORNERS[1])
    ev = end_at_sky(g)
    path = white_path(ev)
    assert hx(g, "0,-4") not in path and len(path) == 4 and path[-1] == hx(g, "0,-3")
    assert events(ev, "BattleStarted")[0].data["att"] == "white"


def test_it_does_not_move_through_red_cresters():
    # the red of territory 2 sits on the straight way from 3,-4 to a ship in territory 1
    g = ffa([{"pos": "0,-1", "morale": 3}], white="3,-4", reds=["2,-3"])
    ev = end_at_sky(g)
    path = white_path(ev)
    assert hx(g, "2,-3") not in path and len(path) == 5       # 4 steps instead of 3
    assert g.state.reds == [hx(g, "2,-3")]


def test_it_stays_put_when_no_way_leads_to_the_ship():
    ships = [{"pos": "5,0", "morale": 3}, {"pos": "-1,-4"}, {"pos": "-2,-2"}, {"pos": "-3,-2"}]
    g = ffa(ships, players=4, white="-2,-3")
    ev = end_at_sky(g)
    assert white_path(ev) is None and g.state.white == hx(g, "-2,-3")
    assert g.state.ships[0].notoriety == 1


def test_it_does_not_move_when_the_turn_ends_at_port():
    g = ffa([{"pos": "port"}], white=CORNERS[1])
    ev = g.apply("end turn")
    assert white_path(ev) is None and g.state.white == hx(g, CORNERS[1])


def test_it_does_not_move_after_the_red_crester_sank_the_ship():
    g = ffa([{"pos": "0,-2", "morale": 2}], white=CORNERS[3], reds=["0,-3"])
    end_at_sky(g)                                              # morale 1, the red attacks
    roll(g, 5)
    ev = roll(g, 2)
    assert "ShipLost" in kinds(ev) and white_path(ev) is None and g.state.white == hx(g, CORNERS[3])
    assert g.state.ships[0].notoriety == 0


def test_no_sky_notoriety_when_the_white_sinks_the_ship():
    g = ffa([{"pos": "0,-2", "morale": 2, "notoriety": 3}], white=CORNERS[1])
    ev = end_at_sky(g)
    assert events(ev, "BattleStarted")[0].data["att"] == "white"
    roll(g, 8)
    ev = roll(g, 2)
    s = g.state
    assert "ShipLost" in kinds(ev) and s.ships[0].notoriety == 3 and s.current == 1
    assert "NotorietyGained" not in kinds(ev)


def test_sky_notoriety_after_beating_the_white_at_rest():
    g = ffa([{"pos": "0,-2", "morale": 2, "cannons": 3, "notoriety": 3}], white=CORNERS[1])
    end_at_sky(g)
    roll(g, 8)
    g.apply("battle cannons 3")
    ev = roll(g, 15)
    s = g.state
    gains = [e.data["source"] for e in ev if e.kind == "NotorietyGained"]
    assert gains == ["white", "sky"] and s.ships[0].notoriety == 3 + 6 + 1 and s.white == GONE


def test_without_the_variant_there_is_no_white_crester():
    g = ww.scenario(players=3, ships=[{"pos": "port", "notoriety": 9, "gas": 2}, {}, {}], reds=[],
                    auto_chance=False)
    g.apply("buy notoriety")
    assert g.state.white == OFF and g.current_player == 0
