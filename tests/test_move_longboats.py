"""Rulebook section "Move Longboats" (and Drop Longboat, towing, elevation)."""

import pytest

import windward_nb as ww


def boat_game(boats, rowers=4, greys=(), greys_down=(), others=None, wind=1, ship_pos="0,-2", crew=()):
    ships = [{"pos": ship_pos, "boats": boats, "rowers": rowers, "crew": list(crew)},
             others or {"pos": "port"}]
    return ww.scenario(players=2, wind=wind, ships=ships, reds=[], greys=list(greys), greys_down=list(greys_down))


def test_rowing_spends_longboat_speed_and_ignores_wind():
    g = boat_game(["2,-2"], rowers=2, wind=4)  # wind S; a longboat may row N (upwind) anyway
    g.apply("row 1 N")
    assert g.state.planet.label(g.state.ships[0].boats[0]) == "2,-3"
    assert g.state.ships[0].rowers == 1 and g.state.turn.speed == 4


def test_speed_track_is_held_between_turns_and_capped_at_eight():
    g = boat_game(["aboard"], rowers=7)
    g.apply("order rowers")
    assert g.state.ships[0].rowers == 8
    g.apply("end turn")
    g.apply("rest morale") if "rest morale" in {str(a) for a in g.legal_actions()} else None
    assert g.state.ships[0].rowers == 8


def test_no_rowing_without_speed():
    g = boat_game(["2,-2"], rowers=0)
    assert not any(a.verb == "row" for a in g.legal_actions())
    with pytest.raises(ww.IllegalActionError, match=r"longboat speed track is at 0 \[Move Longboats\]"):
        g.apply("row 1 N")


def test_speed_can_be_split_across_longboats():
    g = boat_game(["2,-2", "-2,2"], rowers=2, crew=["Harpooner"])
    g.apply("row 1 N")
    g.apply("row 2 S")
    assert g.state.ships[0].rowers == 0


def test_longboats_never_enter_the_trading_post_or_drift():
    g = boat_game(["0,-1"])
    with pytest.raises(ww.IllegalActionError, match=r"never enter the Trading Post"):
        g.apply("row 1 S")
    g = boat_game(["-1,-2"])
    with pytest.raises(ww.IllegalActionError, match=r"\[Terrain: Drift\]"):
        g.apply("row 1 N")


def test_two_longboats_of_one_colour_never_share_a_space():
    g = boat_game(["2,-2", "2,-3"], crew=["Coxswain"])
    with pytest.raises(ww.IllegalActionError, match=r"two of your longboats may not share a space"):
        g.apply("row 1 N")


def test_entering_a_grey_crester_or_longboat_starts_a_battle():
    g = boat_game(["0,-2"], greys=["0,-3"])
    ev = g.apply("row 1 N")
    started = [e for e in ev if e.kind == "BattleStarted"]
    assert len(started) == 1 and started[0].data["def"] == "grey" and started[0].data["att"] == "longboat"
    g = boat_game(["0,-2"], others={"pos": "port", "boats": ["0,-3"]})
    ev = g.apply("row 1 N")
    started = [e for e in ev if e.kind == "BattleStarted"]
    assert len(started) == 1 and started[0].data["def"] == "longboat" and started[0].data["d_seat"] == 1


def test_longboats_ignore_ships_and_red_cresters():
    g = ww.scenario(players=2, ships=[{"pos": "0,-2", "boats": ["1,-3"], "rowers": 2}, {"pos": "0,-3"}],
                    reds=["2,-4"], greys=[])
    g.apply("row 1 NW")  # onto the other player's ship: different elevation
    g.apply("row 1 NE")
    assert not g.state.frames


def test_towing_a_defeated_grey():
    g = boat_game(["1,-3"], greys_down=["1,-3"])
    g.apply("row 1 S")
    s = g.state
    assert s.planet.label(s.greys_down[0]) == "1,-2" == s.planet.label(s.ships[0].boats[0])


def test_a_towing_longboat_cannot_enter_another_grey():
    g = boat_game(["1,-3"], greys_down=["1,-3"], greys=["0,-3"])
    with pytest.raises(ww.IllegalActionError, match=r"towing a defeated grey crester cannot enter"):
        g.apply("row 1 NW")


def test_drop_longboat_only_on_an_otherwise_empty_space():
    g = boat_game(["aboard"], ship_pos="0,-2")
    g.apply("order drop")
    assert g.state.ships[0].boats == [g.state.ships[0].pos]
    g = ww.scenario(players=2, ships=[{"pos": "0,-3"}, {"pos": "port"}], greys=["0,-3"], reds=[])
    with pytest.raises(ww.IllegalActionError, match=r"holding nothing but your ship"):
        g.apply("order drop")


def test_second_longboat_comes_with_harpooner_or_coxswain():
    g = ww.scenario(players=2, ships=[{"pos": "port", "gas": 2}, {"pos": "port"}])
    g.apply("buy crew Coxswain")
    assert g.state.ships[0].boats == [-1, -1]
