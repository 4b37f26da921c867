"""Rulebook sections "Give Orders" and "Spend Gas"."""

import pytest

import windward_nb as ww


def at(pos, **ship):
    return ww.scenario(players=2, ships=[{"pos": pos, **ship}, {"pos": "port"}], reds=[], greys=[])


def test_two_mates_two_orders():
    g = at("0,-2")
    g.apply("order speed")
    g.apply("order rowers")
    assert g.state.turn.mates == 0
    with pytest.raises(ww.IllegalActionError, match=r"both mates have given orders .*\[Give Orders\]"):
        g.apply("order drop")


def test_no_order_space_twice():
    g = at("0,-2")
    g.apply("order speed")
    with pytest.raises(ww.IllegalActionError, match=r"already covered this turn \[Give Orders\]"):
        g.apply("order speed")


def test_coffee_gives_an_extra_order_not_a_repeat():
    g = at("0,-2", hand=["coffee"])
    g.apply("order speed")
    g.apply("order rowers")
    g.apply("play coffee")
    with pytest.raises(ww.IllegalActionError, match=r"already covered"):
        g.apply("order speed")
    g.apply("order drop")
    assert g.state.turn.coffee_tokens == 1 and g.state.turn.mates == 0
    g.apply("end turn")
    assert g.state.turn.coffee_tokens == 0


def test_sky_and_port_orders_by_location():
    g = at("port")
    with pytest.raises(ww.IllegalActionError, match=r"At Sky order"):
        g.apply("order speed")
    g = at("0,-2")
    with pytest.raises(ww.IllegalActionError, match=r"At Port order"):
        g.apply("order morale")


def test_process_crester_gives_a_tooth_and_gas_by_morale():
    g = at("0,-2", hold="red", morale=3)
    ev = g.apply("order process")
    ship = g.state.ships[0]
    assert ship.hold == "" and ship.red_teeth == 1 and ship.gas == 3
    assert any(e.kind == "CresterProcessed" for e in ev)


def test_process_gas_is_capped_by_storage_and_boosted_by_gas_worker():
    g = at("0,-2", hold="grey", morale=4, gas=2)
    g.apply("order process")
    assert g.state.ships[0].gas == 4  # 4 slots on the default board: the excess goes back
    g = at("0,-2", hold="grey", morale=4, crew=["Gas Worker"])
    g.apply("order process")
    assert g.state.ships[0].gas == 5


def test_process_needs_a_crester():
    with pytest.raises(ww.IllegalActionError, match=r"no defeated crester"):
        at("0,-2").apply("order process")


def test_take_supplies_one_at_a_time_up_to_the_hand_limit():
    g = ww.scenario(players=2, ships=[{"pos": "port", "hand": ["fuel", "fuel", "fuel"]}, {"pos": "port"}],
                    stacks=[["coffee", "bait"], ["harpoon"], ["deadweight", "fuel"]])
    g.apply("order supplies")
    assert g.current_player == 0 and {str(a) for a in g.legal_actions()} == {"take 1", "take 2", "take 3"}
    g.apply("take 1")
    g.apply("take 1")
    assert sorted(g.state.ships[0].hand) == ["bait", "coffee", "fuel", "fuel", "fuel"]
    assert not g.state.frames  # hand limit 5 reached after two cards


def test_purser_raises_the_hand_limit():
    g = ww.scenario(players=2, ships=[{"pos": "port", "hand": ["fuel"] * 5, "crew": ["Purser"]}, {"pos": "port"}])
    g.apply("order supplies")
    g.apply("take 1")
    assert len(g.state.ships[0].hand) == 6 and not g.state.frames


def test_morale_order_capped_at_four():
    g = at("port", morale=4)
    with pytest.raises(ww.IllegalActionError, match=r"already at its maximum"):
        g.apply("order morale")
    g = at("port", morale=2)
    g.apply("order morale")
    assert g.state.ships[0].morale == 3


def test_fill_cannon_needs_a_free_slot():
    g = at("port", cannons=3)
    with pytest.raises(ww.IllegalActionError, match=r"every cannon slot is already filled"):
        g.apply("order cannon")


def test_spend_gas_prices():
    g = at("port", gas=4, morale=1)
    g.apply("buy notoriety")
    assert g.state.ships[0].notoriety == 1 and g.state.ships[0].gas == 2
    g.apply("buy rum")
    g.apply("buy cannon")
    assert g.state.ships[0].morale == 2 and g.state.ships[0].cannons == 1 and g.state.ships[0].gas == 0
    with pytest.raises(ww.IllegalActionError, match=r"costs 2 gas and you have 0 \[Spend Gas\]"):
        g.apply("buy notoriety")


def test_buying_does_not_use_mates_or_order_spaces():
    g = at("port", gas=3)
    g.apply("buy rum")
    g.apply("order morale")
    assert g.state.turn.mates == 1


def test_buy_supplies_and_crew():
    g = at("port", gas=3)
    g.apply("buy supplies")
    while g.state.frames:
        g.apply("take 1")
    assert len(g.state.ships[0].hand) == 3
    g.apply("buy crew Marine")
    assert g.state.ships[0].crew == ["Marine"] and g.state.ships[0].gas == 0


def test_gas_only_at_port():
    with pytest.raises(ww.IllegalActionError, match=r"only while your ship is at port \[Spend Gas\]"):
        at("0,-2", gas=3).apply("buy notoriety")
