"""Rulebook section "Battle": who fights whom, the eleven steps in order, ties and conclusions.

Layout used throughout (large:ABCDEF, wind 1 = north is free):
territory 1 holds 0,-1 .. 0,-5 in a column; its feeding ground is 0,-3, its red
start 2,-4, its gas pocket 1,-2 and -1,-3 is Drift.  Feeding grounds of
territories 1-6: 0,-3  4,-4  2,0  -1,3  -4,3  -3,1.
"""

from __future__ import annotations

import pytest

import windward_nb as ww
from rules_helpers import dice_expected, first, hx, kinds, make, refused, step

FG = {1: "0,-3", 2: "4,-4", 3: "2,0", 4: "-1,3", 5: "-4,3", 6: "-3,1"}


def ship_battle(a=None, d=None, **kw):
    """Seat 0 at 0,-2 sails N onto seat 1 at 0,-3."""
    a = {"pos": "0,-2", "morale": 3, **(a or {})}
    d = {"pos": "0,-3", "morale": 3, **(d or {})}
    g = make(wind=1, ships=[a, d], **kw)
    ev = g.apply("move N")
    assert "BattleStarted" in kinds(ev)
    return g


def red_battle(a=None, **kw):
    """Seat 0 at 0,-2 sails N onto a red crester at 0,-3."""
    a = {"pos": "0,-2", "morale": 3, **(a or {})}
    kw.setdefault("reds", ["0,-3"])
    g = make(wind=1, ships=[a, {"pos": "port"}], **kw)
    g.apply("move N")
    return g


# ----------------------------------------------------------------------------- ship vs ship
def test_ship_vs_ship_steps_in_order_with_the_right_decider():
    g = ship_battle(a={"cannons": 2, "hand": ["harpoon"], "tokens": 1},
                    d={"cannons": 2, "hand": ["heavy_harpoon"], "tokens": 1})
    # 3. attacker cannons, decided by the attacker
    assert step(g) == "a_cannons" and g.current_player == 0
    assert [str(a) for a in g.legal_actions()] == ["battle cannons 0", "battle cannons 1", "battle cannons 2"]
    refused(g, "battle cannons 3", "Battle", "you have 2 cannon tokens to spend")
    refused(g, "move N", "Taking a Turn", "waiting for player 1")
    g.apply("battle cannons 1")
    assert g.state.ships[0].cannons == 1
    # 4. attacker rolls strength 2 + 1 cannon
    assert step(g) == "a_roll" and dice_expected(g) == 3
    refused(g, "battle cannons 1", "Taking a Turn", "waiting for chance")
    ev = g.apply("dice 1,1,2")
    assert first(ev, "DiceRolled").data["hits"] == 4
    # 5. defender cannons, after seeing the attacker's roll
    assert step(g) == "d_cannons" and g.current_player == 1
    assert g.state.frames[-1]["a_dice"] == (1, 1, 2)
    g.apply("battle cannons 2")
    assert g.state.ships[1].cannons == 0
    # 6. defender rolls 2 + 2
    assert dice_expected(g) == 4
    g.apply("dice 1,1,1,1")
    # 7. attacker bonuses first: the defender's card is not playable now
    assert step(g) == "a_bonus" and g.current_player == 0
    assert {str(a) for a in g.legal_actions()} == {"play harpoon", "battle token", "battle done"}
    refused(g, "play heavy harpoon", "Taking a Turn", "player 1 to finish the battle")
    g.apply("play harpoon")      # +1 -> 5
    g.apply("battle token")      # +2 -> 7
    assert g.state.ships[0].tokens == 0 and "harpoon" in g.state.discard
    # 8. then the defender's bonuses
    assert step(g) == "d_bonus" and g.current_player == 1
    g.apply("play heavy harpoon")  # +2 -> 6
    ev = g.apply("battle token")   # +2 -> 8
    end = first(ev, "BattleEnded")
    assert (end.data["attack"], end.data["defence"], end.data["winner"]) == (7, 8, "defender")
    # conclusion: the losing attacker loses 1 morale, takes a +2 token, and moves back
    s = g.state
    assert s.ships[0].morale == 2 and s.ships[0].tokens == 1
    assert s.ships[0].pos == hx(g, "0,-2") and s.ships[1].pos == hx(g, "0,-3")
    assert s.ships[1].morale == 3 and s.ships[1].tokens == 0
    assert not s.frames and g.current_player == 0


def test_defender_ship_without_cannons_skips_its_cannon_step_and_loses_the_difference():
    g = ship_battle(d={"morale": 4})
    g.apply("battle cannons 0")
    g.apply("dice 2,3")          # attacker 5
    assert step(g) == "d_roll"   # no cannons, no choice to make
    ev = g.apply("dice 1,1")     # defender 2
    s = g.state
    assert s.ships[1].morale == 1 and s.ships[1].tokens == 1
    assert s.ships[1].pos == hx(g, "0,-3")          # the defender stays
    assert s.ships[0].pos == hx(g, "0,-2")          # the winning attacker moves back
    assert s.ships[0].tokens == 0
    assert "ShipLost" not in kinds(ev)


def test_sergeant_adds_strength_only_when_the_ship_attacks():
    g = ship_battle(a={"crew": ["Sergeant"]}, d={"crew": ["Sergeant"]})
    g.apply("battle cannons 0")
    assert dice_expected(g) == 3          # 2 + Sergeant
    g.apply("dice 1,1,1")
    assert dice_expected(g) == 2          # the defending Sergeant adds nothing


def test_sergeant_with_cannons():
    g = ship_battle(a={"crew": ["Sergeant"], "cannons": 2})
    g.apply("battle cannons 2")
    assert dice_expected(g) == 5


# ----------------------------------------------------------------------------- ship vs red
@pytest.mark.parametrize("crew, winner", [([], "defender"), (["Marine"], "attacker")])
def test_ship_attacks_red_and_the_marine_adds_two_hits(crew, winner):
    g = red_battle(a={"crew": crew})
    assert step(g) == "a_cannons" and g.current_player == 0
    g.apply("battle cannons 0")
    g.apply("dice 2,2")                  # 4 (+2 with a Marine)
    # the red crester has no cannons and no bonuses: chance rolls its 5 dice next
    assert step(g) == "d_roll" and dice_expected(g) == 5
    ev = g.apply("dice 1,1,1,1,1")       # 5
    end = first(ev, "BattleEnded")
    assert end.data["winner"] == winner
    assert end.data["attack"] == (6 if crew else 4)
    if winner == "defender":
        assert g.state.ships[0].morale == 2 and g.state.ships[0].tokens == 1
        assert g.state.ships[0].pos == hx(g, "0,-2") and g.state.reds == [hx(g, "0,-3")]
    else:
        assert g.state.ships[0].hold == "red" and g.state.ships[0].pos == hx(g, "0,-3")


def test_red_crester_defeated_goes_to_the_hold_and_the_winner_places_a_replacement():
    g = make(wind=1, ships=[{"pos": "0,-2", "cannons": 3}, {"pos": "1,-4"}], reds=["0,-3"])
    g.apply("move N")
    g.apply("battle cannons 3")
    g.apply("dice 3,3,3,3,3")
    ev = g.apply("dice 1,1,1,1,1")
    s = g.state
    assert first(ev, "BattleEnded").data["winner"] == "attacker"
    assert s.ships[0].hold == "red" and s.ships[0].pos == hx(g, "0,-3")
    assert s.reds == [] and s.stock("red") == 7
    # the winner must place a red from the stockpile on an unoccupied space of its territory
    assert s.frames[-1]["k"] == "place_red" and g.current_player == 0
    options = {a.arg for a in g.legal_actions()}
    cells = {s.planet.cells[i] for i in s.planet.territory_cells[1]}
    assert options <= cells
    assert (0, -2) in options                   # the space the ship came from is free again
    assert (0, -3) not in options               # the winning ship stands there
    assert (1, -4) not in options               # another ship
    assert (-1, -3) not in options              # Drift
    refused(g, "end turn", "Taking a Turn", "place a new red crester")
    refused(g, "place red 2,-3", "Taking a Turn")   # territory 2
    refused(g, "place red 1,-4", "Taking a Turn")   # occupied by a ship
    g.apply("place red 0,-2")
    assert s.reds == [hx(g, "0,-2")] and not s.frames and g.current_player == 0


def test_red_defeated_with_a_full_hold_stays_on_its_space_and_a_replacement_is_still_placed():
    g = make(wind=1, ships=[{"pos": "0,-2", "cannons": 3, "hold": "grey"}, {}], reds=["0,-3"])
    g.apply("move N")
    g.apply("battle cannons 3")
    g.apply("dice 3,3,3,3,3")
    g.apply("dice 1,1,1,1,1")
    s = g.state
    assert s.ships[0].hold == "grey" and s.reds_down == [hx(g, "0,-3")]
    assert s.frames[-1]["k"] == "place_red"


def test_no_replacement_red_when_the_stockpile_is_empty():
    # 8 reds in the box: 6 alive, 1 defeated on the planet, 1 in player 2's hold
    reds = ["0,-3", "2,-3", "5,-1", "1,3", "-3,3", "-4,-1"]
    g = make(wind=1, ships=[{"pos": "0,-2", "cannons": 3}, {"hold": "red"}], reds=reds, reds_down=["4,0"])
    assert g.state.stock("red") == 0
    g.apply("move N")
    g.apply("battle cannons 3")
    g.apply("dice 3,3,3,3,3")
    g.apply("dice 1,1,1,1,1")
    assert g.state.ships[0].hold == "red"
    assert not g.state.frames and g.current_player == 0
    assert len(g.state.reds) == 5


def test_red_crester_attacking_at_rest_rolls_first_and_the_ship_defends():
    g = make(wind=1, ships=[{"pos": "0,-1", "morale": 3, "cannons": 1, "tokens": 1, "crew": ["Marine"]}, {}],
             reds=["2,-4"])
    g.apply("end turn")
    ev = g.apply("rest morale")
    came_from = first(ev, "CresterMoved").data["path"][-2]
    start = first(ev, "BattleStarted")
    assert start.data["att"] == "red" and start.data["def"] == "ship"
    # no attacker cannons (only a ship attacker has them): chance rolls 5 dice at once
    assert step(g) == "a_roll" and dice_expected(g) == 5
    g.apply("dice 1,1,1,2,2")            # 7
    assert step(g) == "d_cannons" and g.current_player == 0
    g.apply("battle cannons 1")
    assert dice_expected(g) == 3
    g.apply("dice 1,1,1")                # 3 + Marine 2 = 5
    # the crester plays no bonuses: the defending player is next
    assert step(g) == "d_bonus" and g.current_player == 0
    ev = g.apply("battle token")         # 7: a tie
    end = first(ev, "BattleEnded")
    assert (end.data["attack"], end.data["defence"], end.data["winner"]) == (7, 7, "tie")
    s = g.state
    # tie: the red goes back to the space it came from; no token when a crester attacks
    assert s.reds == [came_from] and came_from != hx(g, "0,-1")
    assert s.ships[0].tokens == 0


def test_red_that_beats_a_resting_ship_goes_back_where_it_came_from():
    g = make(wind=1, ships=[{"pos": "0,-1", "morale": 4, "hand": ["fuel"]}, {}], reds=["2,-4"])
    g.apply("end turn")
    ev = g.apply("rest discard fuel")
    came_from = first(ev, "CresterMoved").data["path"][-2]
    g.apply("dice 1,1,1,1,1")            # 5
    ev = g.apply("dice 1,2")             # 3: the ship loses by 2
    s = g.state
    assert first(ev, "BattleEnded").data["winner"] == "attacker"
    assert s.ships[0].morale == 2 and s.ships[0].tokens == 1 and s.ships[0].pos == hx(g, "0,-1")
    assert s.reds == [came_from]
    # the ship is still at sky after the red moved: +1 notoriety, then the turn passes
    assert s.ships[0].notoriety == 1 and s.current == 1


def test_defender_may_play_false_flag_against_a_red_before_the_dice():
    g = make(wind=1, ships=[{"pos": "0,-1", "morale": 4, "hand": ["false_flag", "fuel"]}, {}], reds=["2,-4"])
    g.apply("end turn")
    ev = g.apply("rest discard fuel")
    came_from = first(ev, "CresterMoved").data["path"][-2]
    assert step(g) == "d_flag" and g.current_player == 0
    assert [str(a) for a in g.legal_actions()] == ["play false flag", "battle done"]
    ev = g.apply("play false flag")
    s = g.state
    assert "DiceRolled" not in kinds(ev) and s.reds == [came_from]
    assert s.ships[0].morale == 4 and s.ships[0].notoriety == 1 and s.current == 1


# ----------------------------------------------------------------------------- longboats
def boat_battle(a=None, d=None, **kw):
    """Seat 0's longboat at 0,-4 rows S onto seat 1's longboat at 0,-3."""
    a = {"boats": ["0,-4"], "rowers": 3, **(a or {})}
    d = {"boats": ["0,-3"], **(d or {})}
    g = make(wind=1, ships=[a, d], **kw)
    g.apply("row 1 S")
    return g


@pytest.mark.parametrize("a_crew, d_crew, a_n, d_n", [
    ([], [], 1, 1), (["Harpooner"], [], 2, 1), ([], ["Harpooner"], 1, 2)])
def test_longboat_battle_has_no_cannons_and_the_harpooner_adds_strength(a_crew, d_crew, a_n, d_n):
    g = boat_battle(a={"crew": a_crew}, d={"crew": d_crew})
    assert step(g) == "a_roll" and dice_expected(g) == a_n
    g.apply("dice " + ",".join(["1"] * a_n))
    assert step(g) == "d_roll" and dice_expected(g) == d_n


def test_losing_longboat_returns_aboard_and_the_winner_tows_the_grey():
    g = boat_battle(greys_down=["0,-3"])
    g.apply("dice 3")
    ev = g.apply("dice 1")
    s = g.state
    assert first(ev, "BattleEnded").data["winner"] == "attacker"
    assert s.ships[1].boats == [-1] and s.ships[1].tokens == 1
    assert s.ships[0].boats == [hx(g, "0,-3")] and s.ships[0].tokens == 0
    assert s.greys_down == [hx(g, "0,-3")]
    g.apply("row 1 N")                           # the winner rows away, towing the grey
    assert s.ships[0].boats == [hx(g, "0,-4")] and s.greys_down == [hx(g, "0,-4")]


def test_towing_attacker_that_loses_leaves_its_grey_on_the_battle_space():
    g = boat_battle(greys_down=["0,-4"])         # seat 0 tows a grey into the battle
    assert g.state.greys_down == [hx(g, "0,-3")]
    g.apply("dice 1")
    g.apply("dice 2")
    s = g.state
    assert s.ships[0].boats == [-1] and s.ships[0].tokens == 1
    assert s.greys_down == [hx(g, "0,-3")] and s.ships[1].boats == [hx(g, "0,-3")]


def test_longboat_defeats_grey_which_stays_towed_and_a_new_grey_is_rolled():
    # 3 players: 2 alive greys wanted. Territory 2 has a grey, territory 3's feeding ground a longboat.
    g = make(3, wind=1, ships=[{"boats": ["0,-2"], "rowers": 3}, {"boats": [FG[3]]}, {}],
             greys=[FG[1], FG[2]])
    ev = g.apply("row 1 N")
    assert first(ev, "BattleStarted").data["def"] == "grey"
    assert step(g) == "a_roll" and dice_expected(g) == 1
    g.apply("dice 2")
    assert dice_expected(g) == 1
    ev = g.apply("dice 1")
    s = g.state
    assert s.greys == [hx(g, FG[2])] and s.greys_down == [hx(g, FG[1])]
    assert s.ships[0].boats == [hx(g, FG[1])]
    # respawn: only free feeding grounds are outcomes (re-rolls are folded away)
    assert g.current_player == ww.CHANCE and s.frames[-1]["k"] == "grey"
    assert [str(a) for a in g.legal_actions()] == ["grey 4", "grey 5", "grey 6"]
    assert all(abs(p - 1 / 3) < 1e-12 for _, p in g.chance_outcomes())
    for t in (1, 2, 3):
        refused(g, f"grey {t}", "Conclusion: Grey Crester", "that feeding ground is taken")
    g.apply("grey 5")
    assert sorted(s.greys) == sorted([hx(g, FG[2]), hx(g, FG[5])])
    assert not s.frames and g.current_player == 0
    g.apply("row 1 S")                           # the grey is towed along
    assert s.greys_down == [hx(g, "0,-2")]


def test_grey_respawn_continues_until_one_fewer_than_the_players():
    g = make(4, wind=1, ships=[{"boats": ["0,-2"], "rowers": 3}, {}, {}, {}], greys=[FG[1], FG[2]])
    g.apply("row 1 N")
    g.apply("dice 2")
    g.apply("dice 1")
    assert [str(a) for a in g.legal_actions()] == ["grey 3", "grey 4", "grey 5", "grey 6"]
    g.apply("grey 4")
    assert g.current_player == ww.CHANCE           # still one short of 3
    assert [str(a) for a in g.legal_actions()] == ["grey 3", "grey 5", "grey 6"]
    g.apply("grey 6")
    assert len(g.state.greys) == 3 and g.current_player == 0


@pytest.mark.parametrize("greys, down", [
    ([FG[1], FG[2], FG[4]], []),                                   # enough alive greys remain
    ([FG[1], FG[2]], ["1,-1", "2,-1", "3,-3", "4,-3", "5,-3", "2,2"]),  # none left in the stockpile
])
def test_no_grey_respawn_roll_when_not_needed_or_none_left(greys, down):
    g = make(3, wind=1, ships=[{"boats": ["0,-2"], "rowers": 3}, {}, {}], greys=greys, greys_down=down)
    g.apply("row 1 N")
    g.apply("dice 2")
    g.apply("dice 1")
    assert hx(g, FG[1]) in g.state.greys_down
    assert not g.state.frames and g.current_player == 0


def test_longboat_losing_to_a_grey_goes_back_aboard():
    g = make(wind=1, ships=[{"boats": ["0,-2"], "rowers": 3}, {}], greys=[FG[1]])
    g.apply("row 1 N")
    g.apply("dice 1")
    g.apply("dice 3")
    s = g.state
    assert s.ships[0].boats == [-1] and s.ships[0].tokens == 1 and s.greys == [hx(g, FG[1])]


# ----------------------------------------------------------------------------- ties
def test_ship_tie_moves_the_attacker_back_gives_both_a_token_and_forbids_a_rematch():
    g = ship_battle()
    g.apply("battle cannons 0")
    g.apply("dice 1,2")
    ev = g.apply("dice 1,2")
    s = g.state
    assert first(ev, "BattleEnded").data["winner"] == "tie"
    assert s.ships[0].pos == hx(g, "0,-2") and s.ships[1].pos == hx(g, "0,-3")
    assert s.ships[0].tokens == 1 and s.ships[1].tokens == 1
    assert s.ships[0].morale == 3 and s.ships[1].morale == 3
    refused(g, "move N", "Battle: tie", "may not attack player 2's ship again this turn")
    assert "move N" not in {str(a) for a in g.legal_actions()}
    g.apply("move NE")                         # the attacker may continue its turn


def test_tie_after_leaving_port_sends_the_attacker_back_to_port():
    g = make(wind=1, ships=[{"pos": "port", "morale": 2}, {"pos": "0,-1", "morale": 2}])
    g.apply("leave port N")
    g.apply("battle cannons 0")
    g.apply("dice 1,1")
    g.apply("dice 1,1")
    s = g.state
    assert s.ships[0].pos == -1 and s.turn.speed == 3
    refused(g, "leave port N", "Battle: tie", "again this turn")
    g.apply("leave port NE")


def test_tie_with_a_red_crester_gives_only_the_player_a_token_and_forbids_a_rematch():
    g = red_battle()
    g.apply("battle cannons 0")
    g.apply("dice 2,3")
    g.apply("dice 1,1,1,1,1")
    s = g.state
    assert s.ships[0].pos == hx(g, "0,-2") and s.reds == [hx(g, "0,-3")] and s.ships[0].tokens == 1
    refused(g, "move N", "Battle: tie", "red crester at 0,-3 again this turn")


def test_tie_with_a_grey_forbids_rowing_into_it_again():
    g = make(wind=1, ships=[{"boats": ["0,-2"], "rowers": 3}, {}], greys=[FG[1]])
    g.apply("row 1 N")
    g.apply("dice 2")
    g.apply("dice 2")
    s = g.state
    assert s.ships[0].boats == [hx(g, "0,-2")] and s.ships[0].tokens == 1 and s.ships[0].rowers == 2
    refused(g, "row 1 N", "Battle: tie", "grey crester again this turn")


def test_longboat_tie_gives_both_players_a_token():
    g = boat_battle()
    g.apply("dice 2")
    g.apply("dice 2")
    s = g.state
    assert s.ships[0].boats == [hx(g, "0,-4")] and s.ships[1].boats == [hx(g, "0,-3")]
    assert s.ships[0].tokens == 1 and s.ships[1].tokens == 1
    refused(g, "row 1 S", "Battle: tie", "longboat again this turn")


# ----------------------------------------------------------------------------- False Flag
def test_false_flag_before_the_dice_sends_the_attacker_back_and_forbids_that_target():
    g = ship_battle(a={"hand": ["false_flag"], "cannons": 1})
    assert "play false flag" in {str(a) for a in g.legal_actions()}
    ev = g.apply("play false flag")
    s = g.state
    assert "BattleCalledOff" in kinds(ev) and "DiceRolled" not in kinds(ev)
    assert s.ships[0].pos == hx(g, "0,-2") and not s.frames
    assert s.ships[0].hand == [] and s.discard[-1] == "false_flag"
    assert s.ships[0].cannons == 1 and s.ships[0].tokens == 0 and s.ships[1].tokens == 0
    refused(g, "move N", "Supply card: False Flag", "may not attack player 2's ship again this turn")
    assert "move N" not in {str(a) for a in g.legal_actions()}


def test_false_flag_cannot_be_played_once_dice_are_rolled():
    g = ship_battle(a={"hand": ["false_flag"]}, d={"cannons": 1})
    g.apply("battle cannons 0")
    g.apply("dice 1,1")
    assert g.current_player == 1
    refused(g, "play false flag", "Taking a Turn", "finish the battle")
    g.apply("battle cannons 0")
    g.apply("dice 1,1")
    # a tie: the card is still in hand and could not be used after the dice
    assert g.state.ships[0].hand == ["false_flag"]


def test_longboat_attacker_may_play_false_flag_before_the_dice():
    g = boat_battle(a={"hand": ["false_flag"]})
    assert step(g) == "a_flag" and g.current_player == 0
    assert [str(a) for a in g.legal_actions()] == ["play false flag", "battle done"]
    g.apply("play false flag")
    assert g.state.ships[0].boats == [hx(g, "0,-4")] and not g.state.frames
    refused(g, "row 1 S", "Supply card: False Flag", "longboat again this turn")
