"""Solo Adventure (both rulebooks): setup, turn end, the red crester hunt, teeth, final battle.

Positions are built with ``ww.scenario(players=1, ...)`` (mode "solo") and every
die is chosen by the test (``auto_chance=False``). Planet large:ABCDEF: territory
1 has its red start at 2,-4, its feeding ground at 0,-3, Drift at -1,-3 and the
corner 0,-5; the red starts of the six territories are 2,-4, 2,-3, 5,-1, 1,3,
-3,3 and -4,-1. In the Solo Adventure a red crester moves 3 spaces plus one for
every red crester defeated, i.e. 3 + (6 - reds alive). These tests move the reds by the fixed
direction order (``red_routes="fixed"``); tests/test_red_routes.py covers the player's choice.
"""

from __future__ import annotations

from collections import Counter

import pytest

import windward_nb as ww
from windward_nb.windward import cresters
from windward_nb.windward.hexgrid import distance
from windward_nb.windward.state import GONE, OFF, PORT
from rules_helpers import dice_count, end_at_sky, events, hx, kinds, refused, roll

RED_STARTS = ["2,-4", "2,-3", "5,-1", "-4,-1", "-3,3", "1,3"]   # territories 1, 2, 3, 6, 5, 4
CORNERS = ["0,-5", "5,-5", "5,0", "0,5", "-5,5", "-5,0"]
FAR_REDS = ["0,5", "-5,5"]   # two reds alive move 7: neither reaches a ship at 0,-4


def solo(ship: dict | None = None, **kw) -> ww.Game:
    """A Solo Adventure position; the reds move by the fixed direction order (``red_routes="fixed"``)
    unless a test says otherwise (the player's choice is tested in test_red_routes.py)."""
    kw.setdefault("wind", 1)
    kw.setdefault("red_routes", "fixed")
    kw.setdefault("auto_chance", False)
    return ww.scenario(players=1, ships=[{"pos": "0,-2", "morale": 4, **(ship or {})}], **kw)


def lab(g: ww.Game, i: int) -> str:
    return "port" if i == PORT else g.state.planet.label(i)


# ----------------------------------------------------------------------------- setup
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_setup_puts_a_grey_on_every_feeding_ground_and_deals_five_cards(seed):
    g = ww.new_game(players=1, seed=seed)
    s = g.state
    p = s.planet
    assert s.mode == "solo" and s.players == 1
    assert sorted(s.greys) == sorted(p.feeding_ground[t] for t in range(1, 7))
    assert len(s.ships[0].hand) == 5
    assert sorted(s.reds) == sorted(p.red_start[t] for t in range(1, 7))
    assert s.white == OFF and s.achievements == [] and s.variants == ()
    # the rest of the deck is in the three stacks
    assert sum(len(x) for x in s.stacks) == s.components.deck_size() - 5


@pytest.mark.parametrize("variant", ["achievements", "white", "naturalist"])
def test_solo_plays_without_achievements_or_other_variants(variant):
    with pytest.raises(ValueError, match="not used in the solo mode"):
        ww.new_game(players=1, seed=1, variants=(variant,))
    with pytest.raises(ValueError, match="not used in the solo mode"):
        ww.scenario(players=1, variants=[variant])


@pytest.mark.parametrize("players, mode", [(2, "solo"), (1, "free-for-all"), (1, "head-to-head")])
def test_solo_is_for_exactly_one_player(players, mode):
    with pytest.raises(ValueError, match="players"):
        ww.new_game(players=players, mode=mode, seed=1)


# ----------------------------------------------------------------------------- turn end
def test_ending_the_turn_at_port_loses_the_game():
    g = solo({"pos": "port", "hand": ["fuel"]})
    ev = g.apply("end turn")
    s = g.state
    assert s.over and g.is_over and "port" in s.result
    assert "GameOver" in kinds(ev) and events(ev, "GameOver")[0].data["winner"] is None
    assert g.current_player == ww.TERMINAL and g.legal_actions() == []
    refused(g, "leave port N", "Ending the Game", "the game is over")


def test_rest_at_sky_discards_a_card_or_loses_a_morale():
    g = solo({"pos": "0,-4", "morale": 2, "hand": ["fuel", "harpoon"]}, reds=FAR_REDS)
    g.apply("end turn")
    assert [str(a) for a in g.legal_actions()] == ["rest morale", "rest discard fuel", "rest discard harpoon"]
    g.apply("rest discard harpoon")
    ship = g.state.ships[0]
    assert ship.hand == ["fuel"] and ship.morale == 2 and not g.is_over
    # a single captain starts a new round every turn: the wind is rolled again
    assert g.current_player == ww.CHANCE and g.state.frames[-1]["k"] == "wind"
    g.apply("wind 3")
    end_at_sky(g)                                             # keeps the fuel, morale 1
    assert ship.hand == ["fuel"] and ship.morale == 1 and not g.is_over


def test_rest_at_sky_that_drops_morale_to_zero_loses_the_game():
    g = solo({"pos": "0,-4", "morale": 1, "hand": []}, reds=FAR_REDS)
    ev = end_at_sky(g)
    assert "ShipLost" in kinds(ev) and g.is_over
    assert "defeated" in g.state.result and "CresterMoved" not in kinds(ev)


# ----------------------------------------------------------------------------- the red hunt
@pytest.mark.parametrize("alive, speed", [(6, 3), (5, 4), (4, 5), (2, 7), (1, 8)])
def test_every_red_crester_moves_three_plus_one_per_red_defeated(alive, speed):
    # the ship rests on the corner of territory 4; the red of territory 1 is 9 spaces away
    g = solo({"pos": "0,5"}, reds=RED_STARTS[:alive])
    ev = end_at_sky(g)
    moves = events(ev, "CresterMoved")
    assert len(moves) == alive                                 # ALL red cresters, every territory
    assert {m.data["from"] for m in moves} == {hx(g, r) for r in RED_STARTS[:alive]}
    far = [m for m in moves if m.data["from"] == hx(g, "2,-4")][0]
    assert len(far.data["path"]) - 1 == speed


def test_reds_take_a_shortest_route_and_leave_their_territory():
    g = solo({"pos": "0,5"}, reds=["2,-4"])                   # one red left: it moves 8
    s = g.state
    p = s.planet
    dist = cresters.distances_to(s, hx(g, "0,5"), 0, hx(g, "2,-4"))
    ev = end_at_sky(g)
    path = events(ev, "CresterMoved")[0].data["path"]
    assert len(path) == 9
    assert [dist[h] for h in path] == list(range(dist[path[0]], dist[path[0]] - 9, -1))
    assert all(distance(p.cells[a], p.cells[b]) == 1 for a, b in zip(path, path[1:]))
    assert not any(p.is_drift[h] for h in path)
    assert p.territory[path[0]] == 1 and p.territory[path[-1]] != 1
    assert s.reds == [path[-1]]


def test_two_reds_attack_together_in_one_battle_adding_their_strength():
    # three reds alive (speed 6); two reach the ship, the third stays away
    g = solo({"hand": ["fuel"]}, reds=["0,-4", "2,-4", "0,5"])
    ev = end_at_sky(g, "rest discard fuel")
    started = events(ev, "BattleStarted")
    assert len(started) == 1 and started[0].data["att"] == "red" and started[0].data["hex"] == hx(g, "0,-2")
    assert Counter(g.state.reds)[hx(g, "0,-2")] == 2
    assert dice_count(g) == 10                                # 5 + 5


def test_no_more_than_two_reds_on_a_space_a_third_stops_short():
    g = solo(reds=["2,-3", "2,-4", "0,-4"])                   # all three 2 spaces from the ship
    ev = end_at_sky(g)
    s = g.state
    ends = [m.data["to"] for m in events(ev, "CresterMoved")]
    assert len(ends) == 3
    assert Counter(s.reds)[hx(g, "0,-2")] == 2
    third = [h for h in s.reds if h != hx(g, "0,-2")]
    assert len(third) == 1 and distance(s.planet.cells[third[0]], (0, -2)) == 1
    assert dice_count(g) == 10 and s.frames[-1]["a_n"] == 2
    assert max(Counter(s.reds).values()) <= 2


def test_reds_that_win_together_fall_back_to_where_each_came_from():
    g = solo({"morale": 4, "cannons": 3, "hand": ["fuel"]}, reds=["0,-4", "2,-4", "0,5"])
    ev = end_at_sky(g, "rest discard fuel")
    froms = [m.data["path"][-2] for m in events(ev, "CresterMoved") if m.data["to"] == hx(g, "0,-2")]
    assert len(froms) == 2
    far = [m.data["to"] for m in events(ev, "CresterMoved") if m.data["from"] == hx(g, "0,5")]
    roll(g, 11)                                               # the reds: 11 hits
    g.apply("battle cannons 3")
    roll(g, 9)                                                # the ship: 9 hits, morale 4 - 2
    s = g.state
    assert s.ships[0].morale == 2 and s.ships[0].tokens == 1 and not g.is_over
    assert sorted(s.reds) == sorted(froms + far)
    assert hx(g, "0,-2") not in s.reds


# Two reds next to the ship at 1,-2 reach it; the two reds on -1,1 then fill 0,-1, the space the
# first attacker came from. When the attackers fall back, that space already holds two reds.
CROWDED_REDS = ["0,-1", "1,-1", "-1,1", "-1,1", "2,-1", "-2,0"]


@pytest.mark.parametrize("edition", ["a", "b"])
@pytest.mark.parametrize("how", ["false flag", "tie", "reds win"])
def test_reds_falling_back_onto_a_full_space_keep_the_two_per_space_cap(edition, how):
    from windward_nb.windward.invariants import violations

    g = ww.scenario(players=1, wind=4, edition=edition, auto_chance=False, reds=CROWDED_REDS, red_routes="fixed",
                    ships=[{"pos": "1,-2", "morale": 4, "cannons": 3, "hand": ["false_flag", "fuel"]}])
    ev = end_at_sky(g, "rest discard fuel")
    froms = [m.data["path"][-2] for m in events(ev, "CresterMoved") if m.data["to"] == hx(g, "1,-2")]
    assert froms == [hx(g, "0,-1"), hx(g, "1,-1")] and g.state.reds.count(hx(g, "0,-1")) == 2
    if how == "false flag":
        g.apply("play false flag")
    else:
        g.apply("battle done")                                # no False Flag
        g.apply("dice " + ",".join(["1"] * 10))               # the reds: 10 hits
        g.apply("battle cannons 3")
        g.apply("dice " + ("2,2,2,2,2" if how == "tie" else "1,2,2,2,2"))  # the ship: 10 or 9
    s = g.state
    assert not violations(s)
    assert max(Counter(s.reds).values()) == 2 and s.reds.count(hx(g, "0,-1")) == 2
    assert s.reds.count(hx(g, "1,-1")) == 1                    # the second attacker found its space free
    # the first attacker stopped on the nearest space to 0,-1 with room (rulings V16)
    moved = (Counter(s.reds) - Counter(hx(g, h) for h in ["0,-1", "0,-1", "1,-1", "2,-2", "0,-2"]))
    assert list(moved) == [hx(g, "0,-2")] and s.ships[0].pos == hx(g, "1,-2") and not g.is_over


def test_ship_that_beats_two_reds_defeats_both_and_no_red_respawns():
    g = solo({"cannons": 3, "hand": ["fuel"]}, reds=["0,-4", "2,-4", "0,5"])
    ev = end_at_sky(g, "rest discard fuel")
    far = [m.data["to"] for m in events(ev, "CresterMoved") if m.data["from"] == hx(g, "0,5")]
    roll(g, 10)
    g.apply("battle cannons 3")
    ev = roll(g, 15)
    s = g.state
    assert len(events(ev, "CresterDefeated")) == 2
    assert s.ships[0].hold == "red" and s.reds_down == [hx(g, "0,-2")]   # the second stays on the space
    assert s.reds == far
    assert "CresterPlaced" not in kinds(ev) and all(f["k"] != "place_red" for f in s.frames)
    assert "TurnEnded" in kinds(ev) and not g.is_over


def test_a_red_beaten_during_the_turn_is_not_replaced():
    g = solo({"cannons": 0}, reds=["0,-3", "-3,3"])
    g.apply("move N")
    assert [str(a) for a in g.legal_actions()] == ["battle cannons 0"]
    g.apply("battle cannons 0")
    roll(g, 6)
    ev = roll(g, 5)
    s = g.state
    assert s.ships[0].hold == "red" and s.reds == [hx(g, "-3,3")]
    assert s.frames == [] and "CresterPlaced" not in kinds(ev)
    assert g.current_player == 0


def test_ship_attacking_a_space_with_two_reds_fights_both():
    """Battle step 1: strength is the total on the space, so the two reds defend with 10 dice,
    and a ship never ends a battle on a space with an alive red crester."""
    g = solo({"cannons": 3}, reds=["0,-3", "0,-3", "-3,3"])
    g.apply("move N")
    g.apply("battle cannons 3")
    roll(g, 15)
    assert dice_count(g) == 10
    roll(g, 10)
    s = g.state
    assert hx(g, "0,-3") not in s.reds


# ----------------------------------------------------------------------------- teeth
@pytest.mark.parametrize("grey, red, gas", [(1, 0, 3), (0, 1, 4), (1, 1, 4)])
def test_teeth_may_be_traded_for_gas_at_port(grey, red, gas):
    # the ship board stores 4 gas: two teeth worth 7 fill it and the rest is lost
    g = solo({"pos": "0,-1", "grey_teeth": grey, "red_teeth": red, "gas": 0}, reds=["-3,3"])
    teeth_before = (g.state.stock("grey_teeth"), g.state.stock("red_teeth"))
    g.apply("enter port")
    assert [str(a) for a in g.legal_actions()] == ["cash teeth for notoriety", "cash teeth for gas"]
    refused(g, "buy rum", "Taking a Turn", "choose notoriety or gas for the teeth")
    refused(g, "end turn", "Taking a Turn", "choose notoriety or gas for the teeth")
    ev = g.apply("cash teeth for gas")
    ship = g.state.ships[0]
    assert ship.gas == gas and ship.notoriety == 0 and (ship.grey_teeth, ship.red_teeth) == (0, 0)
    assert events(ev, "GasGained")[0].data["gas"] == gas
    assert (g.state.stock("grey_teeth"), g.state.stock("red_teeth")) == (teeth_before[0] + grey,
                                                                         teeth_before[1] + red)


def test_teeth_may_still_be_traded_for_notoriety():
    g = solo({"pos": "0,-1", "grey_teeth": 1, "red_teeth": 1}, reds=["-3,3"])
    g.apply("enter port")
    g.apply("cash teeth for notoriety")
    ship = g.state.ships[0]
    assert ship.notoriety == 7 and ship.gas == 0 and ship.grey_teeth == ship.red_teeth == 0
    assert g.current_player == 0 and g.state.frames == []


def test_no_teeth_choice_without_teeth():
    g = solo({"pos": "0,-1"}, reds=["-3,3"])
    g.apply("enter port")
    assert g.state.frames == []
    refused(g, "cash teeth for gas", "Taking a Turn")


# ----------------------------------------------------------------------------- final battle
def beat_last_red_by_attacking(g: ww.Game) -> list:
    g.apply("move N")
    g.apply("battle cannons 0")
    roll(g, 6)
    return roll(g, 5)


def test_last_red_beaten_in_the_turn_lets_the_player_place_the_white_on_a_corner():
    g = solo({"hand": ["fuel"]}, reds=["0,-3"])
    beat_last_red_by_attacking(g)
    s = g.state
    assert s.reds == [] and s.white == OFF
    assert g.current_player == 0 and s.frames[-1]["k"] == "place_white"
    assert sorted(str(a) for a in g.legal_actions()) == sorted(f"place white {c}" for c in CORNERS)
    refused(g, "place white 0,-4", "Taking a Turn", "place the White Crester")
    refused(g, "end turn", "Taking a Turn", "place the White Crester")
    ev = g.apply("place white 5,0")
    assert s.white == hx(g, "5,0") and events(ev, "CresterPlaced")[0].data["crester"] == "white"
    # it moves (5 spaces, as in a free-for-all game) at the end of this same turn
    ev = end_at_sky(g, "rest discard fuel")
    moves = events(ev, "CresterMoved")
    assert len(moves) == 1 and moves[0].data["crester"] == "white"
    assert moves[0].data["path"][0] == hx(g, "5,0") and len(moves[0].data["path"]) == 6
    assert kinds(ev).index("CresterMoved") < kinds(ev).index("TurnEnded")


def test_white_is_not_placed_on_the_ships_corner():
    g = solo({"pos": "0,-4"}, reds=["0,-5"])
    beat_last_red_by_attacking(g)
    assert g.state.ships[0].pos == hx(g, "0,-5")
    offered = [str(a) for a in g.legal_actions()]
    assert "place white 0,-5" not in offered and len(offered) == 5
    refused(g, "place white 0,-5", "Taking a Turn")


def test_last_reds_beaten_in_the_rest_phase_the_white_is_placed_and_moves_that_same_turn():
    g = solo({"cannons": 3}, reds=["0,-4", "2,-4"])
    end_at_sky(g)
    roll(g, 10)
    g.apply("battle cannons 3")
    ev = roll(g, 15)
    s = g.state
    assert s.reds == [] and "TurnEnded" not in kinds(ev)
    assert g.current_player == 0 and s.frames[-1]["k"] == "place_white"
    ev = g.apply("place white 0,5")                          # 7 spaces from the ship
    moves = events(ev, "CresterMoved")
    assert len(moves) == 1 and moves[0].data["crester"] == "white" and len(moves[0].data["path"]) == 6
    assert kinds(ev).index("CresterMoved") < kinds(ev).index("TurnEnded")
    assert s.white == moves[0].data["to"] != hx(g, "0,5")


def test_white_placed_in_the_rest_phase_attacks_at_once_when_it_reaches_the_ship():
    g = solo({"cannons": 3}, reds=["0,-4", "2,-4"])
    end_at_sky(g)
    roll(g, 10)
    g.apply("battle cannons 3")
    roll(g, 15)
    ev = g.apply("place white 0,-5")                         # 3 spaces away
    started = events(ev, "BattleStarted")
    assert started and started[-1].data["att"] == "white" and started[-1].data["def"] == "ship"
    assert dice_count(g) == 8                                 # the White Crester's strength


def test_defeating_the_white_crester_wins():
    g = solo({"cannons": 3}, reds=[], white="0,-3")
    g.apply("move N")
    g.apply("battle cannons 3")
    roll(g, 15)
    assert dice_count(g) == 8
    ev = roll(g, 8)
    s = g.state
    assert g.is_over and s.white == GONE and "win" in s.result
    assert events(ev, "GameOver")[0].data["winner"] == 0
    assert s.ships[0].hold == ""                              # it never goes into the hold


def test_losing_the_ship_once_loses_the_game():
    g = solo({"morale": 1}, reds=[], white="0,-3")
    g.apply("move N")
    g.apply("battle cannons 0")
    roll(g, 2)
    ev = roll(g, 8)
    assert "ShipLost" in kinds(ev) and g.is_over and "defeated" in g.state.result
    assert g.legal_actions() == []


def test_losing_a_battle_without_losing_the_ship_goes_on():
    g = solo({"morale": 4}, reds=["0,-3", "-3,3"])
    g.apply("move N")
    g.apply("battle cannons 0")
    roll(g, 4)
    roll(g, 5)
    s = g.state
    assert not g.is_over and s.ships[0].morale == 3 and s.ships[0].pos == hx(g, "0,-2")
