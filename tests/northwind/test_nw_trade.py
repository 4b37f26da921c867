"""Trade actions: commercial harbours, merchants, the hold, throwing overboard, Boatswain and Bookkeeper."""

from __future__ import annotations

import pytest

from nw_helpers import at, kinds, legal, no_invariant_broken, play, refused

H, M, SHIP = "Commercial Harbor", "Merchant", "Your Ship"


def test_a_harbour_buys_or_sells_one_or_two_of_its_commodity_at_its_price():
    g = at("salt-1", gold=[5, 5])
    assert [a for a in legal(g) if a.startswith(("buy", "sell"))] == ["buy salt", "buy salt,salt"]
    play(g, "buy salt,salt")
    assert g.state.gold[0] == 3 and g.state.held(0, "salt") == 2 and g.state.tray[0] == 6
    assert g.state.actions == 1 and g.state.used == [True]
    no_invariant_broken(g)


def test_selling_at_a_dear_harbour():
    g = at("salt-3", hold=[{"salt": 2, "fish": 1}, {}], gold=[0, 0])
    assert g.state.gold[0] == 1  # poor income
    play(g, "sell salt")
    assert g.state.gold[0] == 4 and g.state.held(0, "salt") == 1


def test_a_harbour_refuses_other_commodities_and_mixing_buy_and_sell():
    g = at("salt-1", hold=[{"fish": 1}, {}])
    refused(g, "buy fish", H, "only in salt")
    refused(g, "sell fish", H, "only in salt")
    refused(g, "swap fish for salt", H, "not both")
    refused(g, "sell salt", SHIP, "you have 0 salt")
    refused(g, "buy cannon", H, "only an equipment harbour")
    refused(g, "salvage", "Examine Shipwreck", "no shipwreck")
    refused(g, "deliver", "Destination Harbor")


def test_buying_needs_the_gold():
    g = at("salt-3", gold=[4, 0])
    refused(g, "buy salt,salt", H, "costs 6 gold and you have 4")
    play(g, "buy salt")
    assert g.state.gold[0] == 1


def test_the_hold_takes_six_and_two_of_a_kind():
    g = at("salt-1", hold=[{"grain": 2, "wine": 2, "fish": 1}, {}], gold=[9, 9])
    refused(g, "buy salt,salt", SHIP, "room for 1 more")
    g2 = at("salt-1", hold=[{"salt": 1}, {}], gold=[9, 9])
    refused(g2, "buy salt,salt", SHIP, "at most 2 salt")
    play(g2, "buy salt")


def test_throwing_overboard_makes_room_and_is_not_an_action():
    g = at("salt-1", hold=[{"grain": 2, "wine": 2, "fish": 2}, {}], gold=[9, 9])
    assert "buy salt" not in legal(g) and "throw fish" in legal(g)
    play(g, "throw fish", "throw grain")
    assert g.state.actions == 0 and g.state.cargo(0) == 4 and g.state.tray[4] == 7
    play(g, "buy salt,salt")
    assert g.state.cargo(0) == 6
    no_invariant_broken(g)


def test_throwing_overboard_is_only_for_making_room_for_a_purchase():
    g = at("wreck", hold=[{"fish": 1}, {}])
    refused(g, "throw fish", H, "make room for a purchase")
    g = at("salt-1", hold=[{"fish": 1}, {}], gold=[0, 0])
    g.state.gold[0] = 0
    refused(g, "throw fish", H, "cannot pay")
    g = at("salt-1", hold=[{"fish": 1}, {}])
    refused(g, "throw wine", SHIP, "no wine")


@pytest.mark.parametrize("tile,price", [("merchant-2", 2), ("merchant-3", 3)])
def test_a_merchant_buys_or_sells_any_one_commodity_at_its_price(tile, price):
    g = at(tile, hold=[{"lumber": 1}, {}], gold=[5, 5])
    deals = [a for a in legal(g) if a.startswith(("buy", "sell", "swap"))]
    assert deals == [f"buy {x}" for x in ("salt", "grain", "wine", "lumber", "fish")] + ["sell lumber"]
    refused(g, "buy wine,wine", M, "need a Boatswain")
    refused(g, "swap lumber for wine", "Boatswain", "needs a Boatswain")
    play(g, "sell lumber")
    assert g.state.gold[0] == 5 + price


def test_a_boatswain_trades_two_or_sells_one_and_buys_another():
    g = at("merchant-3", hold=[{"lumber": 1, "salt": 2}, {}], gold=[6, 6], crew=[["boatswain"], []])
    opts = legal(g)
    assert "buy wine,wine" in opts and "sell salt,salt" in opts and "swap lumber for wine" in opts
    assert "swap wine for lumber" not in opts
    refused(g, "swap salt for salt", "Boatswain", "must differ")
    play(g, "swap lumber for wine")
    assert g.state.gold[0] == 6 and g.state.held(0, "wine") == 1 and g.state.held(0, "lumber") == 0


def test_a_swap_sells_first_so_a_full_hold_can_swap():
    g = at("merchant-2", hold=[{"lumber": 2, "salt": 2, "fish": 2}, {}], gold=[0, 0],
           crew=[["boatswain"], []])
    assert "swap lumber for wine" in legal(g)
    play(g, "swap lumber for wine")
    assert g.state.cargo(0) == 6 and g.state.held(0, "wine") == 1


def test_the_bookkeeper_adds_one_gold_to_every_sale():
    g = at("salt-3", hold=[{"salt": 2}, {}], gold=[2, 2], crew=[["bookkeeper"], []])
    ev = play(g, "sell salt,salt")
    assert g.state.gold[0] == 2 + 6 + 1 and "Bookkeeper" in ev[0].text
    g = at("merchant-2", hold=[{"lumber": 1}, {}], gold=[2, 2], crew=[["bookkeeper", "boatswain"], []])
    play(g, "swap lumber for wine")
    assert g.state.gold[0] == 3, "a swap is a sale too"
    g = at("salt-1", gold=[2, 2], crew=[["bookkeeper"], []])
    play(g, "buy salt")
    assert g.state.gold[0] == 1, "no bonus for buying"


def test_passing_a_trade_tile_is_not_an_action():
    g = at("salt-1")
    ev = play(g, "pass")
    assert g.state.actions == 0 and g.state.used == [False] and "TilePassed" in kinds(ev)
