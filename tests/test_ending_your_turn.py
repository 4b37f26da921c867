"""Rulebook section "Ending Your Turn": return tokens, rest at port or at sky, red crester chase.

Territory 1 of large:ABCDEF: red start 2,-4, Drift at -1,-3, corner 0,-5, and
-2,-3 sits in a nook whose only in-territory way out is north-east.
"""

from __future__ import annotations

import pytest

from windward_nb.windward.hexgrid import distance
from rules_helpers import first, hx, kinds, make, refused


def end_at_sky(g, rest="rest morale"):
    g.apply("end turn")
    return g.apply(rest)


# ----------------------------------------------------------------------------- 1. tokens
def test_coffee_tokens_go_back_to_the_stockpile_at_the_end_of_the_turn():
    g = make(wind=1, ships=[{"pos": "0,-2", "hand": ["coffee", "fuel"]}, {}])
    s = g.state
    g.apply("play coffee")
    g.apply("order speed")
    g.apply("order rowers")
    g.apply("order drop")               # the third order is covered by a coffee token
    assert s.stock("coffee") == 4
    refused(g, "order process", "Give Orders", "no Coffee is in play")
    g.apply("end turn")
    g.apply("rest discard fuel")
    assert s.current == 1 and s.stock("coffee") == 5
    assert s.turn.mates == 2 and s.turn.orders == []


# ----------------------------------------------------------------------------- 2. at port
@pytest.mark.parametrize("colour, morale, after", [
    ("blue", 1, 3), ("blue", 3, 4), ("blue", 4, 4), ("green", 1, 2), ("green", 3, 4), ("green", 4, 4)])
def test_rest_at_port_raises_morale_by_the_board_value_up_to_four(colour, morale, after):
    g = make(ships=[{"pos": "port", "colour": colour, "morale": morale, "hand": ["fuel"]},
                    {"colour": "orange"}])
    ev = g.apply("end turn")
    s = g.state
    assert s.ships[0].morale == after
    # no discard-or-morale choice at port and no notoriety for ending there
    assert s.ships[0].hand == ["fuel"] and s.ships[0].notoriety == 0
    assert "NotorietyGained" not in kinds(ev) and s.current == 1


# ----------------------------------------------------------------------------- 3. at sky
def test_rest_at_sky_must_discard_a_card_or_lose_a_morale():
    g = make(wind=1, ships=[{"pos": "0,-2", "morale": 3, "hand": ["fuel", "harpoon", "fuel"]}, {}])
    g.apply("end turn")
    s = g.state
    assert g.current_player == 0 and s.current == 0
    assert [str(a) for a in g.legal_actions()] == ["rest morale", "rest discard fuel", "rest discard harpoon"]
    refused(g, "end turn", "Taking a Turn", "rest (discard a card or lose morale)")
    refused(g, "rest discard coffee", "Ending Your Turn: At Sky", "you hold no 'coffee' card")
    g.apply("rest discard harpoon")
    assert s.ships[0].hand == ["fuel", "fuel"] and s.discard[-1] == "harpoon"
    assert s.ships[0].morale == 3 and s.current == 1


def test_rest_at_sky_losing_morale_keeps_the_cards():
    g = make(wind=1, ships=[{"pos": "0,-2", "morale": 3, "hand": ["fuel"]}, {}])
    end_at_sky(g)
    assert g.state.ships[0].morale == 2 and g.state.ships[0].hand == ["fuel"]


# ----------------------------------------------------------------------------- red crester chase
def red_move(ev):
    moves = [e for e in ev if e.kind == "CresterMoved"]
    assert len(moves) <= 1
    return moves[0].data["path"] if moves else None


def test_red_moves_three_spaces_toward_the_ship_inside_its_territory():
    g = make(wind=1, ships=[{"pos": "0,-1", "morale": 3}, {}], reds=["2,-5"])
    ev = end_at_sky(g)
    p = g.state.planet
    path = red_move(ev)
    assert len(path) == 4 and path[0] == hx(g, "2,-5")
    assert all(p.territory[h] == 1 for h in path)
    assert all(distance(p.cells[a], p.cells[b]) == 1 for a, b in zip(path, path[1:]))
    # shortest: each step one closer; it ends next to the ship (4 away at the start)
    assert [distance(p.cells[h], (0, -1)) for h in path] == [4, 3, 2, 1]
    assert g.state.reds == [path[-1]] and "BattleStarted" not in kinds(ev)


def test_red_stays_inside_its_territory_even_when_a_shorter_way_leaves_it():
    # -2,-3 to -1,-2 is 2 steps through territory 6 but 4 inside territory 1
    g = make(wind=1, ships=[{"pos": "-1,-2", "morale": 3}, {}], reds=["-2,-3"])
    ev = end_at_sky(g)
    path = red_move(ev)
    assert [g.state.planet.label(h) for h in path] == ["-2,-3", "-1,-4", "0,-4", "0,-3"]
    assert "BattleStarted" not in kinds(ev) and g.state.ships[0].notoriety == 1


@pytest.mark.parametrize("planet, steps, battle", [("large:ABCDEF", 3, True), ("small:ABCDEF", 2, False)])
def test_red_moves_two_spaces_on_the_small_planet(planet, steps, battle):
    g = make(wind=1, planet=planet, ships=[{"pos": "0,-1", "morale": 3}, {}], reds=["2,-4"])
    ev = end_at_sky(g)
    path = red_move(ev)
    assert len(path) == steps + 1
    assert ("BattleStarted" in kinds(ev)) is battle
    if battle:
        assert first(ev, "BattleStarted").data["att"] == "red"


def test_red_goes_around_other_ships():
    g = make(3, wind=1, ships=[{"pos": "0,-2", "morale": 3}, {"pos": "1,-3"}, {}], reds=["2,-4"])
    ev = end_at_sky(g)
    path = red_move(ev)
    assert hx(g, "1,-3") not in path and len(path) == 4      # 2 steps blocked, 3 around
    assert first(ev, "BattleStarted").data["def"] == "ship"
    assert first(ev, "BattleStarted").data["d_seat"] == 0


def test_red_blocked_by_other_ships_does_not_move():
    ships = [{"pos": "0,-5", "morale": 3}, {"pos": "1,-5"}, {"pos": "0,-4"}, {"pos": "-1,-4"}]
    g = make(4, wind=1, ships=ships, reds=["2,-4"])
    ev = end_at_sky(g)
    assert red_move(ev) is None and g.state.reds == [hx(g, "2,-4")]
    assert g.state.ships[0].notoriety == 1


def test_red_in_another_territory_does_not_move():
    # 1,-2 (territory 1) is next to the red start of territory 2
    g = make(wind=1, ships=[{"pos": "1,-2", "morale": 3}, {}], reds=["2,-3"])
    ev = end_at_sky(g)
    assert red_move(ev) is None and g.state.reds == [hx(g, "2,-3")]


@pytest.mark.parametrize("fight, dice", [(None, None), ("tie", "dice 2,3"), ("lost", "dice 1,1")])
def test_red_that_fought_this_ship_this_turn_does_not_move(fight, dice):
    g = make(wind=1, ships=[{"pos": "0,-2", "morale": 4, "hand": ["fuel"]}, {}], reds=["0,-3"])
    if fight:
        g.apply("move N")
        g.apply("battle cannons 0")
        g.apply(dice)
        ev = g.apply("dice 1,1,1,1,1")
        assert first(ev, "BattleEnded").data["winner"] == ("tie" if fight == "tie" else "defender")
        assert g.state.ships[0].pos == hx(g, "0,-2")      # back next to the red
    ev = end_at_sky(g, "rest discard fuel")
    if fight:
        assert red_move(ev) is None and "BattleStarted" not in kinds(ev)
        assert g.state.ships[0].notoriety == 1
    else:   # the same red, not fought, attacks on arrival
        assert red_move(ev) == [hx(g, "0,-3"), hx(g, "0,-2")]
        assert first(ev, "BattleStarted").data["att"] == "red"


# ----------------------------------------------------------------------------- 3. notoriety at sky
def test_rest_steps_come_in_order_and_the_sky_bonus_is_last():
    g = make(wind=1, ships=[{"pos": "0,-1", "morale": 3}, {}], reds=["2,-5"])
    ev = end_at_sky(g)
    order = [k for k in kinds(ev) if k in ("Rested", "CresterMoved", "NotorietyGained", "TurnEnded")]
    assert order == ["Rested", "CresterMoved", "NotorietyGained", "TurnEnded"]
    assert g.state.ships[0].notoriety == 1


def test_no_sky_notoriety_when_the_chasing_red_sinks_the_ship():
    g = make(wind=1, ships=[{"pos": "0,-2", "morale": 2, "notoriety": 3}, {}], reds=["0,-3"])
    ev = end_at_sky(g)                     # morale 1
    assert first(ev, "BattleStarted").data["att"] == "red"
    g.apply("dice 1,1,1,1,1")
    ev = g.apply("dice 1,1")
    s = g.state
    assert "ShipLost" in kinds(ev) and "NotorietyGained" not in kinds(ev)
    assert s.ships[0].notoriety == 3 and s.ships[0].pos == -1 and s.current == 1
    # the cargo falls where the ship was attacked: its fresh +2 token is the only cargo
    assert s.ships[0].tokens == 1


def test_sky_notoriety_after_beating_the_chasing_red():
    g = make(wind=1, ships=[{"pos": "0,-2", "morale": 2, "cannons": 3}, {}], reds=["0,-3"])
    end_at_sky(g)
    g.apply("dice 1,1,1,1,1")
    g.apply("battle cannons 3")
    ev = g.apply("dice 3,3,3,3,3")
    s = g.state
    assert first(ev, "BattleEnded").data["winner"] == "defender"
    assert s.ships[0].hold == "red" and s.ships[0].pos == hx(g, "0,-2")
    # the winner places the replacement red before the turn can finish
    assert s.frames[-1]["k"] == "place_red" and g.current_player == 0 and s.ships[0].notoriety == 0
    ev = g.apply("place red 0,-5")
    assert s.ships[0].notoriety == 1 and s.current == 1
    assert first(ev, "NotorietyGained").data["source"] == "sky"
