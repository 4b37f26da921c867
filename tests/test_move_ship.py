"""Rulebook sections "Move Ship", "Wind", "Trading Post" and "Terrain" (Drift, Zephyr, Around the Planet)."""

import pytest

import windward_nb as ww


def one_ship(pos, wind=1, **ship):
    return ww.scenario(players=2, wind=wind, ships=[{"pos": pos, **ship}, {"pos": "port"}], reds=[], greys=[])


def label(g, seat=0):
    return g.state.planet.label(g.state.ships[seat].pos)


def test_ship_has_four_speed_across_the_wind():
    g = one_ship("0,-2", wind=1)  # wind blows N; SE and SW steps cost 1 each
    for step in ("move SE", "move SE", "move SW", "move SE"):
        g.apply(step)
    assert label(g) == "2,-1" and g.state.turn.speed == 0
    with pytest.raises(ww.IllegalActionError, match=r"costs 1 speed and you have none left \[Move Ship\]"):
        g.apply("move SW")
    assert "move SW" not in {str(a) for a in g.legal_actions()}


def test_downwind_moves_are_free_any_distance():
    g = one_ship("0,4", wind=1)  # wind toward territory 1 (north)
    for _ in range(3):
        g.apply("move N")
    assert label(g) == "0,1" and g.state.turn.speed == 4
    # with no speed left, downwind steps are still allowed and across-wind steps are not
    g = one_ship("0,4", wind=1)
    g.state.turn.speed = 0
    legal = {str(a) for a in g.legal_actions()}
    assert "move N" in legal and "move NE" not in legal and "move S" not in legal


def test_never_straight_into_the_wind():
    g = one_ship("2,-1", wind=3)  # wind SE: NW is upwind
    assert "move NW" not in {str(a) for a in g.legal_actions()}
    with pytest.raises(ww.IllegalActionError, match=r"straight into the wind \[Wind\]"):
        g.apply("move NW")
    before = g.state.fingerprint()
    assert g.state.fingerprint() == before


def test_leave_and_enter_port_cost_one_and_ignore_wind():
    g = one_ship("port", wind=1)
    # leaving toward the upwind side (S, territory 4) is allowed
    g.apply("leave port S")
    assert g.state.planet.label(g.state.ships[0].pos) == "0,1" and g.state.turn.speed == 3
    g.apply("enter port")
    assert g.state.ships[0].pos == -1 and g.state.turn.speed == 2


def test_enter_port_only_from_next_to_it():
    g = one_ship("0,-2")
    with pytest.raises(ww.IllegalActionError, match=r"only from one of the six spaces .*\[Trading Post\]"):
        g.apply("enter port")
    g = one_ship("0,-1")
    with pytest.raises(ww.IllegalActionError, match=r"use 'enter port'"):
        g.apply("move S")


def test_no_entering_port_with_a_crester_aboard():
    g = one_ship("0,-1", hold="grey")
    with pytest.raises(ww.IllegalActionError, match=r"crester in its cargo hold \[Trading Post\]"):
        g.apply("enter port")


def test_teeth_are_paid_out_on_entering_port():
    g = one_ship("1,-1", grey_teeth=2, red_teeth=1)
    g.apply("enter port")
    ship = g.state.ships[0]
    assert ship.notoriety == 2 * 3 + 4 and ship.grey_teeth == ship.red_teeth == 0


def test_drift_blocks_ships():
    g = one_ship("-1,-2", wind=1)  # -1,-3 (north) is Drift on the default planet
    assert g.state.planet.terrain[g.state.planet.index[(-1, -3)]] == "drift"
    with pytest.raises(ww.IllegalActionError, match=r"\[Terrain: Drift\]"):
        g.apply("move N")


def test_zephyr_jump_costs_one_speed():
    g = one_ship("-2,-3", wind=1)  # a zephyr
    legal = {str(a) for a in g.legal_actions()}
    zephyrs = [h for h in g.state.planet.zephyrs if g.state.planet.label(h) != "-2,-3"]
    assert {f"zephyr {g.state.planet.label(h)}" for h in zephyrs} <= legal
    g.apply("zephyr 0,4")
    assert g.state.planet.label(g.state.ships[0].pos) == "0,4" and g.state.turn.speed == 3
    g2 = one_ship("0,-2")
    with pytest.raises(ww.IllegalActionError, match=r"not on a Zephyr space \[Terrain: Zephyr\]"):
        g2.apply("zephyr 0,4")


def test_around_the_planet_links_opposite_corners():
    g = one_ship("0,-5", wind=4)  # corner of territory 1; wind irrelevant
    g.apply("around")
    assert g.state.planet.label(g.state.ships[0].pos) == "0,5" and g.state.turn.speed == 3
    g2 = one_ship("0,-4")
    with pytest.raises(ww.IllegalActionError, match=r"\[Terrain: Around the Planet\]"):
        g2.apply("around")


def test_entering_a_ship_or_red_crester_starts_a_battle():
    g = ww.scenario(players=2, wind=1, ships=[{"pos": "0,-2"}, {"pos": "1,-3"}], reds=["-1,-1"], greys=[])
    ev = g.apply("move NE")
    assert any(e.kind == "BattleStarted" for e in ev)
    assert g.state.frames[-1]["def"] == "ship"
    g = ww.scenario(players=2, wind=1, ships=[{"pos": "0,-2"}, {"pos": "port"}], reds=["-1,-1"], greys=[])
    ev = g.apply("move SW")
    assert g.state.frames and g.state.frames[-1]["def"] == "red"


def test_ship_passes_over_longboats_and_grey_cresters():
    g = ww.scenario(players=2, wind=1, ships=[{"pos": "0,-2"}, {"pos": "port", "boats": ["0,-3"]}],
                    reds=[], greys=["0,-3"])
    ev = g.apply("move N")
    assert not g.state.frames and not any(e.kind == "BattleStarted" for e in ev)


def test_deadweight_lets_a_ship_cross_drift_but_not_stop_there():
    g = one_ship("-1,-2", wind=1, hand=["deadweight"])
    g.apply("play deadweight")
    g.apply("move N")  # onto Drift at -1,-3
    assert g.state.planet.is_drift[g.state.ships[0].pos]
    with pytest.raises(ww.IllegalActionError, match=r"may not end its turn on Drift"):
        g.apply("end turn")
    with pytest.raises(ww.IllegalActionError, match=r"onto Drift"):
        g.apply("order drop")
    g.apply("move N")
    assert not g.state.planet.is_drift[g.state.ships[0].pos]


def test_speed_order_and_fuel_add_speed():
    g = one_ship("2,-1", hand=["fuel"])
    g.apply("order speed")
    g.apply("play fuel")
    assert g.state.turn.speed == 6
