"""Rulebook section "Ship Lost": a ship whose morale falls below 1.

Seat 0 plays the blue board (a rest at port would give +2 morale), so a lost
ship that stays at morale 1 after its turn proves the turn ended without rest.
"""

from __future__ import annotations

import pytest

from rules_helpers import first, hx, kinds, make, refused

CARGO = {"grey_teeth": 1, "red_teeth": 1, "tokens": 2, "hold": "grey", "gas": 2, "cannons": 1}


# ----------------------------------------------------------------------------- to a crester
def test_ship_lost_to_a_red_crester_drops_its_cargo_and_ends_the_turn_without_rest():
    g = make(wind=1, ships=[{"pos": "0,-2", "morale": 1, "notoriety": 5, **CARGO}, {"pos": "port"}],
             reds=["0,-3", "2,-4"])
    g.apply("move N")
    g.apply("battle cannons 0")
    g.apply("dice 1,1")                  # 2
    g.apply("dice 1,1,1,1,1")            # 5
    ev = g.apply("battle done")          # keep the tokens: lose by 3
    s = g.state
    ship = s.ships[0]
    lost = first(ev, "ShipLost")
    assert lost.data["cause"] == "crester" and lost.data["hex"] == hx(g, "0,-3")
    # 1. cargo dropped on the space the ship was on (the battle space); gas and cannons kept
    assert s.item_count(hx(g, "0,-3"), "grey_teeth") == 1
    assert s.item_count(hx(g, "0,-3"), "red_teeth") == 1
    assert s.item_count(hx(g, "0,-3"), "tokens") == 2
    assert s.greys_down == [hx(g, "0,-3")]
    assert (ship.hold, ship.grey_teeth, ship.red_teeth) == ("", 0, 0)
    assert (ship.gas, ship.cannons) == (2, 1)
    # 4-6. morale 1, at port, a fresh +2 token
    assert ship.morale == 1 and ship.pos == -1 and ship.tokens == 1
    # 7. the turn ends at once: no rest (blue would gain 2), no red moves, no notoriety
    assert ev[-1].kind == "TurnStarted" and g.current_player == 1 and s.current == 1
    assert "Rested" not in kinds(ev) and ship.notoriety == 5
    assert sorted(s.reds) == sorted([hx(g, "0,-3"), hx(g, "2,-4")])
    assert "CresterMoved" not in kinds(ev)


def test_ship_lost_when_resting_at_sky_without_cards():
    g = make(wind=1, ships=[{"pos": "0,-2", "morale": 1, "hand": [], "notoriety": 5, **CARGO}, {"pos": "port"}],
             reds=["2,-4"])
    g.apply("end turn")
    assert [str(a) for a in g.legal_actions()] == ["rest morale"]
    refused(g, "rest discard fuel", "Ending Your Turn: At Sky", "you hold no 'fuel' card")
    refused(g, "end turn", "Taking a Turn", "waiting for player 1 to rest")
    ev = g.apply("rest morale")
    s = g.state
    ship = s.ships[0]
    assert first(ev, "ShipLost").data["cause"] == "supplies"
    assert s.item_count(hx(g, "0,-2"), "grey_teeth") == 1 and s.item_count(hx(g, "0,-2"), "red_teeth") == 1
    assert s.item_count(hx(g, "0,-2"), "tokens") == 2 and s.greys_down == [hx(g, "0,-2")]
    assert (ship.morale, ship.pos, ship.tokens, ship.gas, ship.cannons) == (1, -1, 1, 2, 1)
    # the red crester of territory 1 does not chase a lost ship, and no +1 notoriety
    assert s.reds == [hx(g, "2,-4")] and "CresterMoved" not in kinds(ev)
    assert ship.notoriety == 5 and g.current_player == 1


def test_discarding_a_card_at_rest_keeps_the_ship():
    g = make(wind=1, ships=[{"pos": "0,-2", "morale": 1, "hand": ["fuel"]}, {"pos": "port"}])
    g.apply("end turn")
    assert {str(a) for a in g.legal_actions()} == {"rest morale", "rest discard fuel"}
    ev = g.apply("rest discard fuel")
    assert "ShipLost" not in kinds(ev)
    assert g.state.ships[0].pos == hx(g, "0,-2") and g.state.ships[0].morale == 1


# ----------------------------------------------------------------------------- to another ship
def defender_lost(winner=None, loser=None):
    """Seat 0 at 0,-2 attacks seat 1 (morale 1) at 0,-3 and wins 6 to 2."""
    w = {"pos": "0,-2", "morale": 3, **(winner or {})}
    lo = {"pos": "0,-3", "morale": 1, **(loser or {})}
    g = make(wind=1, ships=[w, lo])
    g.apply("move N")
    g.apply("battle cannons 0")
    g.apply("dice 3,3")
    if g.state.ships[1].cannons:
        g.apply("battle cannons 0")
    ev = g.apply("dice 1,1")
    while g.state.frames and g.state.frames[-1]["k"] == "battle":
        ev = g.apply("battle done")
    return g, ev


def test_winner_takes_the_crester_and_plunders_half_the_cargo_rounded_up():
    g, ev = defender_lost(loser={"hold": "red", "grey_teeth": 2, "red_teeth": 1, "tokens": 2})
    s = g.state
    w, lo = s.ships
    assert first(ev, "ShipLost").data["cause"] == "ship"
    assert w.hold == "red" and lo.hold == ""
    assert lo.morale == 1 and lo.pos == -1
    assert w.pos == hx(g, "0,-3")                 # the winner does not move back from a lost ship
    # plunder: 5 items of cargo -> the winner chooses 3, one at a time
    f = s.frames[-1]
    assert f["k"] == "plunder" and f["n"] == 3
    assert g.current_player == 0
    assert [str(a) for a in g.legal_actions()] == ["plunder red tooth", "plunder grey tooth", "plunder token"]
    refused(g, "end turn", "Taking a Turn", "waiting for player 1 to choose plunder")
    g.apply("plunder red tooth")
    refused(g, "plunder red tooth", "Taking a Turn", "choose plunder")
    g.apply("plunder token")
    ev = g.apply("plunder token")
    assert not s.frames and g.current_player == 0
    assert (w.red_teeth, w.grey_teeth, w.tokens) == (1, 0, 2)
    # the rest stays with the loser, who also gets the lost ship's +2 token
    assert (lo.red_teeth, lo.grey_teeth, lo.tokens) == (0, 2, 1)
    # the loser's teeth are cashed when its next turn starts at port (2 grey = 6)
    g.apply("end turn")
    ev = g.apply("rest morale")
    assert g.current_player == 1
    gain = [e for e in ev if e.kind == "NotorietyGained" and e.data["seat"] == 1]
    assert len(gain) == 1 and gain[0].data["amount"] == 6 and gain[0].data["source"] == "teeth"
    assert lo.notoriety == 6 and lo.grey_teeth == 0


@pytest.mark.parametrize("tokens, taken", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3)])
def test_plunder_is_half_rounded_up(tokens, taken):
    g, _ = defender_lost(loser={"tokens": tokens})
    s = g.state
    assert s.frames[-1]["n"] == taken
    for _ in range(taken):
        g.apply("plunder token")
    assert not s.frames
    assert s.ships[0].tokens == taken
    assert s.ships[1].tokens == tokens - taken + 1


def test_no_plunder_without_cargo():
    g, ev = defender_lost()
    assert not g.state.frames and g.current_player == 0
    assert "Plundered" not in kinds(ev) and g.state.ships[1].tokens == 1


def test_crester_drops_on_the_space_when_the_winner_hold_is_full():
    g, _ = defender_lost(winner={"hold": "grey"}, loser={"hold": "red"})
    s = g.state
    assert s.ships[0].hold == "grey" and s.ships[1].hold == ""
    assert s.reds_down == [hx(g, "0,-3")]
    assert not s.frames           # no other cargo: nothing to plunder


def test_attacker_lost_to_a_defending_ship_ends_its_turn_after_the_defender_plunders():
    g = make(wind=1, ships=[{"pos": "0,-2", "morale": 1, "tokens": 1, "red_teeth": 1},
                            {"pos": "0,-3", "morale": 2}])
    g.apply("move N")
    g.apply("battle cannons 0")
    g.apply("dice 1,1")
    g.apply("dice 3,3")
    ev = g.apply("battle done")
    s = g.state
    assert first(ev, "ShipLost").data["cause"] == "ship"
    assert s.current == 0 and g.current_player == 1           # the defender chooses in seat 0's turn
    assert s.frames[-1]["n"] == 1
    ev = g.apply("plunder red tooth")
    assert s.ships[1].red_teeth == 1 and s.ships[0].tokens == 2    # its own token stays, plus +2
    assert s.ships[0].pos == -1 and s.ships[0].morale == 1
    assert s.current == 1 and g.current_player == 1 and "Rested" not in kinds(ev)
    assert s.ships[1].pos == hx(g, "0,-3")
