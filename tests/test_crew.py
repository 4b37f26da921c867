"""Rulebook section "Crew": six crew members on 15 double-sided tiles, one per slot."""

import pytest

import windward_nb as ww


def port(**ship):
    return ww.scenario(players=3, ships=[{"pos": "port", **ship}, {"pos": "port"}, {"pos": "port"}], reds=[], greys=[])


def test_hire_order_and_slot_rule():
    g = port()
    g.apply("order hire Purser")
    assert g.state.ships[0].crew == ["Purser"]
    g2 = port(crew=["Purser"], gas=2)
    with pytest.raises(ww.IllegalActionError, match=r"your gas crew slot is already taken"):
        g2.apply("buy crew Gas Worker")


def test_unknown_crew_is_refused():
    with pytest.raises(ww.IllegalActionError, match=r"no crew member called 'Cook'"):
        port().apply("order hire Cook")


def test_five_tiles_per_pair():
    from windward_nb.windward.orders import crew_available

    g = ww.scenario(players=5, ships=[{"pos": "port", "crew": ["Marine"]}, {"pos": "port", "crew": ["Sergeant"]},
                                      {"pos": "port", "crew": ["Marine"]}, {"pos": "port", "crew": ["Marine"]},
                                      {"pos": "port"}], current=4, reds=[], greys=[])
    # four tiles of the Marine/Sergeant pair are on ships: one is left, either face up
    legal = {str(a) for a in g.legal_actions()}
    assert {"order hire Marine", "order hire Sergeant", "order hire Purser"} <= legal
    g.apply("order hire Sergeant")
    assert not crew_available(g.state, "Marine") and not crew_available(g.state, "Sergeant")
    assert crew_available(g.state, "Purser")


@pytest.mark.parametrize("crew, field, expected", [
    ("Purser", "gas", 6), ("Gas Worker", "gas", 6), ("Marine", "cannons", 5), ("Sergeant", "cannons", 5),
])
def test_crew_slots(crew, field, expected):
    g = port(crew=[crew])
    s = g.state
    assert (s.gas_slots(0) if field == "gas" else s.cannon_slots(0)) == expected


def test_purser_hand_limit():
    assert port(crew=["Purser"]).state.hand_limit(0) == 6
    assert port().state.hand_limit(0) == 5


def test_coxswain_adds_a_rower_each_turn_and_when_hired():
    g = ww.scenario(players=2, ships=[{"pos": "port"}, {"pos": "port"}], reds=[], greys=[])
    g.apply("order hire Coxswain")
    assert g.state.ships[0].rowers == 1 and len(g.state.ships[0].boats) == 2
    g.apply("end turn")
    g.apply("end turn")  # player 2 ends; round 2 starts with player 1
    assert g.state.current == 0 and g.state.ships[0].rowers == 2


def test_harpooner_second_longboat():
    g = port(gas=2)
    g.apply("buy crew Harpooner")
    assert g.state.ships[0].boats == [-1, -1]
