"""Rulebook sections "Pick Up", "Cargo Hold", "Gas Pocket" and "Collect Rewards"."""

import pytest

import windward_nb as ww


def ship_at(pos, items=None, **kw):
    ship = {k: kw.pop(k) for k in list(kw) if k in ("hold", "gas", "grey_teeth", "red_teeth", "tokens", "boats", "crew")}
    return ww.scenario(players=2, ships=[{"pos": pos, **ship}, kw.pop("other", {"pos": "port"})], items=items,
                       reds=[], greys=[], **kw)


def test_gas_pocket_gas_up_to_storage():
    g = ship_at("1,-2", gas=3)  # gas pocket of territory 1 with 2 gas; 4 slots
    g.apply("pick up gas")
    assert g.state.ships[0].gas == 4 and g.state.item_count(g.state.planet.index[(1, -2)], "gas") == 1
    with pytest.raises(ww.IllegalActionError, match=r"gas storage is full"):
        g.apply("pick up gas")


def test_pick_up_teeth_tokens_and_cresters():
    g = ship_at("0,-2", items={"0,-2": {"grey_teeth": 1, "red_teeth": 2, "tokens": 1}}, greys_down=["0,-2"])
    g.apply("pick up teeth")
    g.apply("pick up tokens")
    g.apply("pick up crester")
    ship = g.state.ships[0]
    assert (ship.grey_teeth, ship.red_teeth, ship.tokens, ship.hold) == (1, 2, 1, "grey")
    assert not g.state.items and not g.state.greys_down


def test_only_one_crester_in_the_hold():
    g = ship_at("0,-2", hold="red", reds_down=["0,-2"])
    with pytest.raises(ww.IllegalActionError, match=r"already holds a crester \[Cargo Hold\]"):
        g.apply("pick up crester")


def test_a_grey_towed_by_another_players_longboat_cannot_be_taken():
    g = ship_at("0,-2", greys_down=["0,-2"], other={"pos": "port", "boats": ["0,-2"]})
    with pytest.raises(ww.IllegalActionError, match=r"towed by another player's longboat"):
        g.apply("pick up crester")
    g = ship_at("0,-2", greys_down=["0,-2"], boats=["0,-2"])
    g.apply("pick up crester")
    g.apply("pick up longboat")
    assert g.state.ships[0].hold == "grey" and g.state.ships[0].boats == [-1]


def test_drop_cargo_at_sky_only():
    g = ship_at("0,-2", hold="red", grey_teeth=1)
    g.apply("drop crester")
    g.apply("drop teeth")
    s = g.state
    assert s.reds_down == [s.planet.index[(0, -2)]] and s.item_count(s.planet.index[(0, -2)], "grey_teeth") == 1
    g = ship_at("port", grey_teeth=1)
    with pytest.raises(ww.IllegalActionError, match=r"only at sky"):
        g.apply("drop teeth")


def test_collect_rewards_on_entering_port():
    g = ship_at("0,1", grey_teeth=1, red_teeth=1)
    ev = g.apply("enter port")
    assert g.state.ships[0].notoriety == 7
    assert [e for e in ev if e.kind == "NotorietyGained"][0].data["source"] == "teeth"
