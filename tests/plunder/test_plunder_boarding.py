"""BOARDING and the Most Weapons advantage."""

from __future__ import annotations

from plunder_helpers import kinds, refused, scenario

from windward_nb.plunder.components import COMPONENTS as C


def arrive_with(tally, vp=None, ships=None, **kw):
    ships = ships or {"red": "jamaica", "blue": "santo-domingo", "green": "belize"}
    g = scenario(3, ships=ships, wind="E", turn="red", tally=tally, vp=vp or {}, **kw)
    g.apply("sail santo-domingo")
    return g


def test_a_ship_with_fewer_weapons_can_be_boarded_for_2_vp_or_one_item_it_has():
    g = arrive_with({"red": {"weapons": 2}, "blue": {"weapons": 1, "crew": 1}}, vp={"blue": 5})
    assert [str(a) for a in g.legal_actions()] == ["board blue vp", "board blue crew", "board blue weapons",
                                                  "no boarding"]
    ev = g.apply("board blue crew")
    s = g.state
    assert "Boarded" in kinds(ev) and s.tally["crew"] == [1, 0, 0] and s.markers["crew"] == 0
    assert s.phase == "plunder"


def test_taking_vp_moves_two_or_what_the_victim_has():
    g = arrive_with({"red": {"weapons": 2}, "blue": {"weapons": 1}}, vp={"blue": 5})
    g.apply("board blue vp")
    assert g.state.vp[:2] == [3 + 1 + 2, 3]  # tile 3 VP +1 Most Provisions (santo-domingo's provision)
    g = arrive_with({"red": {"weapons": 2}, "blue": {"weapons": 1}}, vp={"blue": 1})
    g.apply("board blue vp")
    assert g.state.vp[1] == 0 and g.state.vp[0] == 4 + 1


def test_equal_weapons_cannot_board_without_the_most_weapons_marker():
    g = arrive_with({"red": {"weapons": 1}, "blue": {"weapons": 1, "crew": 3}, "green": {"weapons": 2}})
    assert g.state.phase == "plunder"  # nothing to decide: no boarding possible
    refused(g, "board blue crew", "Boarding", "only on arrival")


def test_the_most_weapons_marker_boards_a_ship_it_only_ties():
    g = scenario(3, ships={"red": "jamaica", "blue": "santo-domingo", "green": "belize"}, wind="E", turn="red",
                 tally={"red": {"weapons": 2}, "blue": {"weapons": 1, "crew": 1}})
    assert g.state.markers["weapons"] == 0
    g.state.tally["weapons"][1] = 2  # blue catches up: red keeps the marker through the tie
    g.apply("sail santo-domingo")
    assert g.state.markers["weapons"] == 0
    assert "board blue crew" in [str(a) for a in g.legal_actions()]


def test_a_boarding_choice_must_name_a_ship_here_that_can_be_boarded_and_something_it_has():
    g = arrive_with({"red": {"weapons": 2}, "blue": {"weapons": 1}},
                    ships={"red": "jamaica", "blue": "santo-domingo", "green": "nassau"}, vp={"blue": 3})
    refused(g, "board green vp", "Boarding", "not in Santo Domingo")
    refused(g, "board blue crew", "Boarding", "no crew")
    refused(g, "board red vp", "Boarding")
    g.apply("no boarding")
    assert g.state.vp[1] == 3


def test_a_victim_with_nothing_to_take_is_not_offered():
    g = arrive_with({"red": {"weapons": 2}})
    assert g.state.phase == "plunder" and "board" not in {a.verb for a in g.legal_actions()}


def test_taking_a_weapon_can_win_reputation_in_a_guarded_port():
    ships = {"red": "jamaica", "blue": "santo-domingo", "green": "santo-domingo"}
    tally = {"red": {"weapons": 2}, "blue": {"weapons": 1}, "green": {"weapons": 3}}
    tiles = {"santo-domingo": (2, "crew")}
    g = arrive_with(tally, ships=ships, tiles=tiles)
    g.apply("board blue weapons")
    assert g.state.tally["weapons"] == [3, 0, 3] and 0 in g.state.reputation[C.port_index["santo-domingo"]]
    g = arrive_with(tally, ships=ships, tiles=tiles, vp={"blue": 2})
    g.apply("board blue vp")
    assert 0 not in g.state.reputation[C.port_index["santo-domingo"]]


def test_a_boarder_with_a_full_tally_still_takes_the_item_from_the_victim():
    g = arrive_with({"red": {"weapons": 2, "crew": 9}, "blue": {"weapons": 1, "crew": 2}})
    g.apply("board blue crew")
    assert g.state.tally["crew"][:2] == [9, 1]
