"""SAILING: with the wind, North/South within an area either side, East/West one or two areas;
windlock; Gust of Wind."""

from __future__ import annotations

import pytest
from plunder_helpers import kinds, refused, scenario, seat

from windward_nb.plunder.components import COMPONENTS as C
from windward_nb.plunder.sailing import gust_destinations, reach, wind_destinations


def sails(g):
    return sorted(str(a.arg) for a in g.legal_actions() if a.verb == "sail")


def at(port, wind, **kw):
    return scenario(3, ships={"red": port, "blue": "nassau", "green": "belize"}, wind=wind, turn="red", **kw)


@pytest.mark.parametrize("wind,expected", [
    ("N", ["havana", "nassau", "san-salvador", "santo-domingo", "turks-caicos"]),
    ("S", ["belize", "cartagena", "portobelo"]),
    ("E", ["barbados", "puerto-rico", "san-salvador", "santo-domingo", "trinidad", "turks-caicos"]),
    ("W", ["belize", "havana", "portobelo"]),
])
def test_from_jamaica_each_wind_opens_its_ports(wind, expected):
    assert sails(at("jamaica", wind)) == expected


def test_north_and_south_follow_the_whole_maps_order_within_neighbouring_areas():
    for p in C.ports:
        for q in reach(p.index, "N"):
            assert C.rank[q] < C.rank[p.index] and abs(C.ports[q].area - p.area) <= 1
        for q in reach(p.index, "S"):
            assert C.rank[q] > C.rank[p.index] and abs(C.ports[q].area - p.area) <= 1
        for q in reach(p.index, "E"):
            assert 1 <= C.ports[q].area - p.area <= 2
        north = set(reach(p.index, "N"))
        south = set(reach(p.index, "S"))
        near = {q.index for q in C.ports if abs(q.area - p.area) <= 1 and q.index != p.index}
        assert north | south == near and not north & south


def test_a_port_the_wind_does_not_reach_is_refused_naming_sailing():
    g = at("jamaica", "S")
    refused(g, "sail nassau", "Sailing", "cannot reach Nassau")
    refused(g, "sail jamaica", "Sailing", "new port")
    g.apply("sail cartagena")
    refused(g, "sail portobelo", "Sailing", "has sailed")


@pytest.mark.parametrize("port,wind", [("nassau", "N"), ("portobelo", "S"), ("trinidad", "E"), ("havana", "W")])
def test_a_windlocked_ship_does_not_sail_and_may_end_its_turn(port, wind):
    g = at(port, wind)
    assert wind_destinations(C.port_index[port], wind) == ()
    assert sails(g) == []
    assert g.state.ship[0] == C.port_index[port]
    g.apply("end turn")
    assert g.current_player == seat("blue") and g.state.ship[0] == C.port_index[port]


def test_the_turn_start_says_when_a_ship_is_windlocked():
    g = scenario(3, ships={"red": "jamaica", "blue": "trinidad", "green": "belize"}, wind="E", turn="red")
    g.apply("sail santo-domingo")
    ev = g.apply("end turn")
    started = [e for e in ev if e.kind == "TurnStarted"][0]
    assert started.data["windlocked"] and "Windlocked" in started.text


def test_a_gust_of_wind_costs_three_points_and_reaches_another_way_or_one_area_further():
    g = at("belize", "E")
    gusts = sorted(str(a.arg) for a in g.legal_actions() if a.verb == "gust")
    assert {"puerto-rico", "barbados", "trinidad"} <= set(gusts)  # three areas east
    assert {"havana", "portobelo"} <= set(gusts)  # as if North / South
    assert not set(gusts) & set(sails(g))
    ev = g.apply("gust trinidad")
    assert "Gust" in kinds(ev) and g.state.ap == 3 and g.state.sailed
    assert g.state.ship[0] == C.port_index["trinidad"]
    refused(g, "draw", "Actions")


def test_a_gust_needs_three_points_and_a_port_the_wind_does_not_already_reach():
    g = at("belize", "E")
    refused(g, "gust jamaica", "Actions", "already")
    g.apply("draw")
    refused(g, "gust trinidad", "Actions", "costs 3")
    assert not any(a.verb == "gust" for a in g.legal_actions())


def test_a_windlocked_ship_may_ride_a_gust():
    g = at("trinidad", "E")
    assert set(gust_destinations(C.port_index["trinidad"], "E")) >= {C.port_index["barbados"]}
    g.apply("gust barbados")
    assert g.state.ship[0] == C.port_index["barbados"] and g.state.sailed


def test_east_west_gust_destinations_and_north_south_extra_area_adds_nothing_new():
    for p in C.ports:
        for w in "NS":
            others = set()
            for d in "NESW":
                if d != w:
                    others |= set(reach(p.index, d))
            assert set(reach(p.index, w, extra=True)) - set(reach(p.index, w)) <= others
