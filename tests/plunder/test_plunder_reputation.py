"""PORT REPUTATION BONUS: a cube in each new port when unopposed; a bonus for a whole area."""

from __future__ import annotations

from plunder_helpers import kinds, scenario

from windward_nb.plunder.components import COMPONENTS as C

P = C.port_index


def sail(dest, ships=None, **kw):
    ships = ships or {"red": "jamaica", "blue": "nassau", "green": "belize"}
    g = scenario(3, ships=ships, wind="E", turn="red", **kw)
    ev = g.apply(f"sail {dest}")
    if g.state.phase == "board":
        ev += g.apply("no boarding")
    return g, ev


def test_an_empty_new_port_takes_a_cube_from_the_reserve():
    g, ev = sail("san-salvador")
    assert g.state.reputation[P["san-salvador"]] == [0] and g.state.reserve[0] == 15
    assert "ReputationGained" in kinds(ev)


def test_a_port_with_a_better_armed_ship_gives_no_reputation_an_equal_one_does():
    ships = {"red": "jamaica", "blue": "san-salvador", "green": "belize"}
    g, _ = sail("san-salvador", ships=ships, tally={"blue": {"weapons": 3}}, tiles={"san-salvador": (2, "crew")})
    assert g.state.reputation[P["san-salvador"]] == []
    g, _ = sail("san-salvador", ships=ships, tally={"blue": {"weapons": 1}}, tiles={"san-salvador": (2, "weapons")})
    assert g.state.reputation[P["san-salvador"]] == [0]


def test_one_cube_per_port_per_player_and_none_without_a_reserve():
    g, ev = sail("san-salvador", reputation={"san-salvador": ["red"]})
    assert g.state.reputation[P["san-salvador"]] == [0] and "ReputationGained" not in kinds(ev)
    g, ev = sail("san-salvador", wind_cubes={"red": 26})
    assert g.state.reserve[0] == 0 and g.state.reputation[P["san-salvador"]] == []


def test_the_third_port_of_an_area_scores_7_then_5_3_2_1_in_order():
    g, ev = sail("santo-domingo", reputation={"san-salvador": ["red", "blue"], "turks-caicos": ["red", "blue"],
                                               "santo-domingo": ["blue"]})
    s = g.state
    assert "ReputationBonus" in kinds(ev)
    assert s.area_bonus[C.ports[P["santo-domingo"]].area] == [0] and s.vp[0] == 3 + 1 + 7
    from windward_nb.plunder.arrival import REPUTATION_BONUS

    assert REPUTATION_BONUS == (7, 5, 3, 2, 1)


def test_the_second_player_to_complete_an_area_scores_5():
    g = scenario(3, ships={"red": "jamaica", "blue": "cartagena", "green": "belize"}, wind="E", turn="red",
                 reputation={"san-salvador": ["red", "blue"], "turks-caicos": ["red", "blue"]})
    g.apply("sail santo-domingo")
    g.apply("end turn")
    g.apply("sail santo-domingo")
    s = g.state
    if s.phase == "board":
        g.apply("no boarding")
    assert s.area_bonus[2] == [0, 1]
    assert s.vp[1] >= 5 and any(e.kind == "ReputationBonus" and e.data["vp"] == 5 for e in g.last_events)
