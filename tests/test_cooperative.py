"""Cooperative Adventure (both rulebooks): setup, difficulty, lives, trading, no fights between
captains, the White Crester at the end of every turn, no respawns, teeth for gas, victory and defeat.

Positions come from ``ww.scenario(mode="cooperative", ...)`` with every die chosen by the test.
Planet large:ABCDEF. The corner -5,0 is 6 spaces from the Trading Post for a crester (the red
crester of territory 6 at -4,-1 and the Drift at -4,0 stand in the way); -2,-3 is a nook whose only
open neighbours are -1,-4, -2,-2 and -3,-2. Seat 1 plays the green board (rest at port +1).
"""

from __future__ import annotations

import pytest

import windward_nb as ww
from windward_nb.windward.hexgrid import distance
from windward_nb.windward.state import OFF, PORT
from rules_helpers import dice_count, end_at_sky, events, hx, kinds, refused, roll

RED_STARTS = ["2,-4", "2,-3", "5,-1", "-4,-1", "-3,3", "1,3"]
CORNERS = ["0,-5", "5,-5", "5,0", "0,5", "-5,5", "-5,0"]


def coop(players: int = 2, ships=None, **kw) -> ww.Game:
    kw.setdefault("wind", 1)
    kw.setdefault("auto_chance", False)
    kw.setdefault("reds", [])
    ships = ships or [{"pos": "port"} for _ in range(players)]
    return ww.scenario(players=players, mode="cooperative", ships=ships, **kw)


# ----------------------------------------------------------------------------- players and setup
@pytest.mark.parametrize("edition, players, ok", [
    ("a", 1, False), ("a", 2, True), ("a", 3, True), ("a", 4, True), ("a", 5, False),
    ("b", 1, True), ("b", 2, True), ("b", 4, True), ("b", 5, False)])
def test_player_count_by_edition(edition, players, ok):
    if ok:
        g = ww.new_game(players=players, mode="cooperative", edition=edition, seed=2)
        assert g.state.mode == "cooperative" and g.state.players == players
    else:
        with pytest.raises(ValueError, match="cooperative is for"):
            ww.new_game(players=players, mode="cooperative", edition=edition, seed=2)


@pytest.mark.parametrize("players, seed", [(2, 0), (3, 1), (4, 2)])
def test_setup_greys_everywhere_two_cards_each_white_on_a_rolled_corner_and_lives(players, seed):
    g = ww.new_game(players=players, mode="cooperative", seed=seed)
    s = g.state
    p = s.planet
    assert p.size == "large"
    assert sorted(s.greys) == sorted(p.feeding_ground[t] for t in range(1, 7))
    assert [len(sh.hand) for sh in s.ships] == [2] * players
    rolled = g.record.setup["white"]
    assert rolled in range(1, 7) and s.white == p.corner[rolled]
    assert s.lives == [players, players]
    assert s.difficulty == 6 and s.achievements == []
    # the rolled corner is part of the record: a replay rebuilds the same table
    again = ww.GameRecord.from_json(g.record.to_json()).replay()
    assert again.state.fingerprint() == s.fingerprint()


def test_the_white_crester_corner_follows_the_wind_die():
    seen = set()
    for seed in range(12):
        g = ww.new_game(players=2, mode="cooperative", seed=seed)
        s = g.state
        seen.add(s.planet.territory[s.white])
        assert s.white == s.planet.corner[g.record.setup["white"]]
    assert len(seen) >= 4


@pytest.mark.parametrize("difficulty, spaces", [("easy", 5), ("normal", 6), ("hard", 7), ("impossible", 8)])
def test_difficulty_sets_the_white_crester_speed(difficulty, spaces):
    g = ww.new_game(players=2, mode="cooperative", seed=1, difficulty=difficulty)
    assert g.state.difficulty == spaces and g.record.setup["difficulty"] == difficulty
    # resting at sky far from it, the White Crester flies exactly that many spaces
    g = coop(ships=[{"pos": "5,-5", "morale": 3}, {"pos": "port"}], white="-5,5", difficulty=difficulty)
    ev = end_at_sky(g)
    moves = events(ev, "CresterMoved")
    assert len(moves) == 1 and moves[0].data["crester"] == "white"
    assert len(moves[0].data["path"]) - 1 == spaces


def test_unknown_difficulty_is_refused():
    with pytest.raises(ValueError, match="difficulty"):
        ww.new_game(players=2, mode="cooperative", seed=1, difficulty="nightmare")


@pytest.mark.parametrize("variant", ["achievements", "white", "naturalist"])
def test_cooperative_plays_without_achievements_or_other_variants(variant):
    with pytest.raises(ValueError, match="not used in the cooperative mode"):
        ww.new_game(players=2, mode="cooperative", seed=1, variants=(variant,))


def test_cooperative_is_played_on_the_large_planet_only():
    """Cooperative setup: 'Set up a Standard Game of Windward on the large map'."""
    with pytest.raises(ValueError, match="large"):
        ww.new_game(players=2, mode="cooperative", planet="small", seed=1)


# ----------------------------------------------------------------------------- trading
def test_captains_at_port_trade_supply_cards():
    g = coop(3, ships=[{"pos": "port", "hand": ["fuel", "harpoon"]}, {"pos": "port", "hand": ["coffee"]},
                       {"pos": "0,-2"}])
    ev = g.apply("trade 1 fuel 2")
    s = g.state
    assert s.ships[0].hand == ["harpoon"] and sorted(s.ships[1].hand) == ["coffee", "fuel"]
    ev = events(ev, "CardsTraded")[0]
    assert (ev.data["from"], ev.data["to"], ev.data["card"]) == (0, 1, "fuel")
    g.apply("trade 2 coffee 1")                                # either way (R31 limits only undoing a gift)
    assert sorted(s.ships[0].hand) == ["coffee", "harpoon"] and s.ships[1].hand == ["fuel"]
    assert g.current_player == 0 and s.turn.mates == 2      # trading costs nothing


def test_trading_is_listed_among_the_legal_actions():
    g = coop(ships=[{"pos": "port", "hand": ["fuel"]}, {"pos": "port", "hand": []}])
    legal = [str(a) for a in g.legal_actions()]
    assert "trade 1 fuel 2" in legal


@pytest.mark.parametrize("ships, action, reason", [
    ([{"pos": "port", "hand": ["fuel"]}, {"pos": "0,-2"}], "trade 1 fuel 2", "both ships must be at port"),
    ([{"pos": "0,-2", "hand": ["fuel"]}, {"pos": "port"}], "trade 1 fuel 2", "both ships must be at port"),
    ([{"pos": "port", "hand": ["fuel"]}, {"pos": "port"}], "trade 1 harpoon 2", "holds no 'harpoon' card"),
    ([{"pos": "port", "hand": ["fuel"]}, {"pos": "port"}], "trade 1 fuel 1", "two different captains"),
    ([{"pos": "port", "hand": ["fuel"]}, {"pos": "port"}], "trade 1 fuel 3", "two different captains"),
    ([{"pos": "port", "hand": ["fuel"]},
      {"pos": "port", "hand": ["harpoon", "harpoon", "coffee", "coffee", "bait"]}], "trade 1 fuel 2", "hand is full"),
])
def test_trading_refusals(ships, action, reason):
    g = coop(ships=ships)
    refused(g, action, "Cooperative: Trading", reason)


def test_no_trading_outside_the_cooperative_mode():
    g = ww.scenario(players=3, ships=[{"pos": "port", "hand": ["fuel"]}, {"pos": "port"}, {}], reds=[],
                    auto_chance=False)
    refused(g, "trade 1 fuel 2", "Cooperative: Trading", "only in the Cooperative mode")


# ----------------------------------------------------------------------------- no battles between captains
@pytest.mark.parametrize("ships, action", [
    ([{"pos": "0,-2"}, {"pos": "0,-3"}], "move N"),
    ([{"pos": "port"}, {"pos": "0,-1"}], "leave port N"),
    ([{"pos": "0,-5"}, {"pos": "0,5"}], "around"),
])
def test_a_ship_may_not_move_onto_another_captains_ship(ships, action):
    g = coop(ships=ships)
    refused(g, action, "Cooperative: Players' ships and boats", "cannot attack")
    # the same move starts a battle in a head-to-head game
    h2h = ww.scenario(players=2, ships=ships, reds=[], wind=1, auto_chance=False)
    ev = h2h.apply(action)
    assert events(ev, "BattleStarted")[0].data["def"] == "ship"


def test_a_longboat_may_not_row_onto_another_captains_longboat():
    g = coop(ships=[{"pos": "0,-1", "boats": ["0,-2"], "rowers": 2}, {"pos": "port", "boats": ["0,-3"]}])
    refused(g, "row 1 N", "Cooperative: Players' ships and boats", "longboats")
    g.apply("row 1 NE")                                       # elsewhere it rows freely
    assert g.state.ships[0].boats == [hx(g, "1,-3")]


# ----------------------------------------------------------------------------- turn end at port
@pytest.mark.parametrize("difficulty, reaches", [("easy", False), ("normal", True), ("impossible", True)])
def test_port_turn_end_sends_the_white_crester_at_the_trading_post(difficulty, reaches):
    g = coop(ships=[{"pos": "port", "morale": 2, "colour": "green", "notoriety": 3}, {"pos": "port"}],
             white="-5,0", reds=RED_STARTS, difficulty=difficulty, lives=[2, 2])
    ev = g.apply("end turn")
    s = g.state
    move = events(ev, "CresterMoved")[0]
    assert move.data["crester"] == "white" and move.data["path"][0] == hx(g, "-5,0")
    if reaches:
        # it strikes the Trading Post: the resting ship is defeated and a life is lost ...
        assert move.data["path"][-1] == 0
        assert "ShipLost" in kinds(ev) and s.lives == [1, 2]
        assert events(ev, "LifeLost")[0].data["side"] == "captains"
        # ... and the White Crester falls back one space, out of the Trading Post
        assert s.white == move.data["path"][-2] == move.data["to"] and s.white in s.planet.port_ring
        # no morale for the rest: the lost ship is set to 1 and takes a +2 token
        assert s.ships[0].morale == 1 and s.ships[0].tokens == 1 and "Rested" not in kinds(ev)
    else:
        assert len(move.data["path"]) == 6 and 0 not in move.data["path"]
        assert s.white == move.data["to"] and distance(s.planet.cells[s.white], (0, 0)) == 1
        assert "ShipLost" not in kinds(ev) and s.lives == [2, 2]
        assert s.ships[0].morale == 3                        # green rests +1 after the White Crester moved
        assert kinds(ev).index("CresterMoved") < kinds(ev).index("Rested")
    assert s.ships[0].notoriety == 3 and s.current == 1 and not g.is_over


def test_port_turn_end_with_the_white_crester_boxed_in_gives_the_morale():
    ships = [{"pos": "port", "morale": 1, "colour": "green"}, {"pos": "-1,-4"}, {"pos": "-2,-2"}, {"pos": "-3,-2"}]
    g = coop(4, ships=ships, white="-2,-3", lives=[4, 4])
    ev = g.apply("end turn")
    s = g.state
    assert "CresterMoved" not in kinds(ev) and s.white == hx(g, "-2,-3")
    assert s.ships[0].morale == 2 and s.lives == [4, 4] and s.current == 1


def test_losing_the_last_captain_life_at_port_loses_the_game():
    g = coop(ships=[{"pos": "port"}, {"pos": "port"}], white="0,-3", lives=[1, 2])
    ev = g.apply("end turn")
    s = g.state
    assert g.is_over and s.lives == [0, 2] and events(ev, "GameOver")[0].data["winner"] is None
    assert g.legal_actions() == []


# ----------------------------------------------------------------------------- turn end at sky
def test_sky_turn_end_rest_then_red_then_white_then_notoriety():
    g = coop(ships=[{"pos": "0,-1", "morale": 3, "hand": ["fuel"]}, {"pos": "port"}],
             white="0,5", reds=["2,-5", "-3,3"])
    ev = end_at_sky(g, "rest discard fuel")
    s = g.state
    order = [e.kind if e.kind != "CresterMoved" else e.data["crester"] for e in ev]
    assert order[:4] == ["Rested", "red", "white", "NotorietyGained"]
    red = events(ev, "CresterMoved")[0]
    assert red.data["path"][0] == hx(g, "2,-5") and len(red.data["path"]) == 4          # 3 spaces
    assert hx(g, "-3,3") in s.reds                          # the red of another territory stays put
    white = events(ev, "CresterMoved")[1]
    p = s.planet
    assert len(white.data["path"]) == 7                     # normal: 6 spaces
    assert len({p.territory[h] for h in white.data["path"]}) > 1      # across territories
    assert s.ships[0].notoriety == 1 and s.current == 1


def test_the_white_crester_attacks_on_arrival_and_a_captain_who_wins_places_it_again():
    g = coop(ships=[{"pos": "0,-1", "morale": 3, "cannons": 3}, {"pos": "5,0"}],
             white="0,-5", reds=["2,-5"], lives=[2, 2])
    ev = end_at_sky(g)
    started = events(ev, "BattleStarted")[0]
    assert started.data["att"] == "white" and started.data["hex"] == hx(g, "0,-1")
    assert dice_count(g) == 8
    roll(g, 8)
    g.apply("battle cannons 3")
    ev = roll(g, 15)
    s = g.state
    assert s.lives == [2, 1] and events(ev, "LifeLost")[0].data["side"] == "white"
    assert s.white == OFF and not g.is_over
    # the winner chooses a free Around-the-Planet corner before the next turn begins
    assert g.current_player == 0 and s.current == 0 and "TurnStarted" not in kinds(ev)
    offered = sorted(str(a) for a in g.legal_actions())
    assert offered == sorted(f"place white {c}" for c in CORNERS if c != "5,0")   # 5,0 holds a ship
    refused(g, "place white 0,-4", "Taking a Turn", "place the White Crester")
    ev = g.apply("place white -5,5")
    assert s.white == hx(g, "-5,5") and s.current == 1
    assert kinds(ev).index("CresterPlaced") < kinds(ev).index("TurnStarted")
    assert s.ships[0].notoriety == 6 + 1                    # still at sky after the fight: +1


def test_the_white_crester_goes_around_other_ships():
    g = coop(ships=[{"pos": "0,-3", "morale": 3}, {"pos": "0,-4"}], white="0,-5")
    ev = end_at_sky(g)
    path = events(ev, "CresterMoved")[0].data["path"]
    assert hx(g, "0,-4") not in path and len(path) == 4 and path[-1] == hx(g, "0,-3")
    assert events(ev, "BattleStarted")[0].data["d_seat"] == 0


def test_the_white_crester_boxed_in_does_not_move_at_sky():
    ships = [{"pos": "5,0", "morale": 3}, {"pos": "-1,-4"}, {"pos": "-2,-2"}, {"pos": "-3,-2"}]
    g = coop(4, ships=ships, white="-2,-3")
    ev = end_at_sky(g)
    assert "CresterMoved" not in kinds(ev) and g.state.white == hx(g, "-2,-3")
    assert g.state.ships[0].notoriety == 1


def test_ship_lost_to_the_white_loses_a_life_and_earns_no_sky_notoriety():
    g = coop(ships=[{"pos": "0,-1", "morale": 2}, {"pos": "port"}], white="0,-5", lives=[2, 2])
    end_at_sky(g)                                            # morale 1
    roll(g, 8)
    ev = roll(g, 2)
    s = g.state
    assert "ShipLost" in kinds(ev) and s.lives == [1, 2] and s.ships[0].notoriety == 0
    assert s.current == 1 and not g.is_over
    # the ship went to port: the winner stays where it fought (it moves back only from a ship that survives)
    assert s.white == hx(g, "0,-1")


def test_ship_lost_any_other_way_also_costs_a_life():
    g = coop(ships=[{"pos": "0,-1", "morale": 1, "hand": []}, {"pos": "port"}], white="0,5", lives=[2, 2])
    ev = end_at_sky(g)
    assert "ShipLost" in kinds(ev) and g.state.lives == [1, 2]
    assert "CresterMoved" not in kinds(ev)                  # a lost ship is not chased


# ----------------------------------------------------------------------------- victory and defeat
def test_defeating_the_white_crester_for_its_last_life_wins_the_game():
    g = coop(ships=[{"pos": "0,-1", "cannons": 3}, {"pos": "port"}], white="0,-2", lives=[2, 1])
    g.apply("move N")
    g.apply("battle cannons 3")
    roll(g, 15)
    ev = roll(g, 8)
    s = g.state
    assert g.is_over and s.lives == [2, 0]
    assert events(ev, "GameOver")[0].data["winner"] == -1 and "win" in s.result
    assert g.legal_actions() == []


def test_losing_the_last_captain_life_in_battle_loses_the_game():
    g = coop(ships=[{"pos": "0,-1", "morale": 1}, {"pos": "port"}], white="0,-2", lives=[1, 2])
    g.apply("move N")
    g.apply("battle cannons 0")
    roll(g, 2)
    ev = roll(g, 8)
    s = g.state
    assert g.is_over and s.lives == [0, 2] and events(ev, "GameOver")[0].data["winner"] is None


# ----------------------------------------------------------------------------- cresters
def test_a_defeated_red_is_not_replaced():
    g = coop(ships=[{"pos": "0,-2"}, {"pos": "port"}], white="0,5", reds=["0,-3"])
    g.apply("move N")
    g.apply("battle cannons 0")
    roll(g, 6)
    ev = roll(g, 5)
    s = g.state
    assert s.ships[0].hold == "red" and s.reds == [] and s.frames == []
    assert "CresterPlaced" not in kinds(ev) and g.current_player == 0


def test_a_defeated_grey_is_not_replaced():
    # four captains would want three alive greys: in co-op none is rolled
    ships = [{"pos": "0,-2", "boats": ["0,-2"], "rowers": 1}, {"pos": "port"}, {"pos": "port"}, {"pos": "port"}]
    g = coop(4, ships=ships, white="0,5", greys=["0,-3"])
    g.apply("row 1 N")
    roll(g, 3)
    ev = roll(g, 1)
    s = g.state
    assert s.greys == [] and s.greys_down == [hx(g, "0,-3")]
    assert s.frames == [] and "CresterPlaced" not in kinds(ev) and g.current_player == 0


@pytest.mark.parametrize("how, gas, notoriety", [("gas", 4, 0), ("notoriety", 0, 4)])
def test_teeth_are_traded_for_gas_or_notoriety(how, gas, notoriety):
    g = coop(ships=[{"pos": "0,-1", "red_teeth": 1}, {"pos": "port"}], white="0,5")
    g.apply("enter port")
    assert [str(a) for a in g.legal_actions()] == ["cash teeth for notoriety", "cash teeth for gas"]
    g.apply(f"cash teeth for {how}")
    ship = g.state.ships[0]
    assert (ship.gas, ship.notoriety, ship.red_teeth) == (gas, notoriety, 0)


def test_ship_at_port_is_not_a_target_and_ships_never_share_a_space():
    g = coop(ships=[{"pos": "port"}, {"pos": "0,-1"}], white="0,5")
    legal = [str(a) for a in g.legal_actions()]
    assert "leave port N" not in legal and "leave port NE" in legal
    assert g.state.ships[1].pos != PORT


# R31. "Players may trade Supply Cards with each other openly - at any time - if both player's ships
# are At Port": nothing limits how often, so a card could go round for ever. Within one turn a gift
# is not given back, and a card received in a trade is not passed on.
def test_a_card_given_this_turn_is_not_given_back_nor_passed_on():
    g = coop(3, ships=[{"pos": "port", "hand": ["fuel", "harpoon"]}, {"pos": "port", "hand": ["fuel"]},
                       {"pos": "port", "hand": []}])
    g.apply("trade 1 fuel 2")
    before = g.state.fingerprint()
    with pytest.raises(ww.IllegalActionError, match=r"giving it back would undo the trade"):
        g.apply("trade 2 fuel 1")                          # player 2's own fuel too: the same position
    g.apply("trade 2 fuel 3")                              # player 2 held a fuel of its own: it may go
    with pytest.raises(ww.IllegalActionError, match=r"received this Fuel this turn"):
        g.apply("trade 2 fuel 3")                          # the fuel received from player 1 stays
    assert g.state.ships[1].hand == ["fuel"] and g.state.fingerprint() != before
    with pytest.raises(ww.IllegalActionError, match=r"received this Fuel this turn"):
        g.apply("trade 3 fuel 1")
    legal = [str(a) for a in g.legal_actions()]
    assert "trade 3 fuel 1" not in legal and "trade 1 harpoon 2" in legal
