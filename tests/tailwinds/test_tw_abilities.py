"""Special Character Abilities, one character at a time, with the FAQ clarifications.

Values are read from the card data, so the tests hold whatever the calibrated
numbers are; what they check is what each effect does and when it may be used.
"""

from __future__ import annotations

from twhelp import kinds, play, refused, scenario, texts, where

from windward_nb.core.rules import CHANCE
from windward_nb.tailwinds import RULES


def value(s, seat, key):
    return s.card(seat, key).value


def op(s, seat, key):
    return s.card(seat, key).ability.ops[0]


# ------------------------------------------------------------------------------ Sailor: Manoeuvre
def test_manoeuvre_lets_each_boat_swap_lanes_once_with_a_boat_on_its_space():
    s = scenario(characters=["sailor", "crew", "pirate"], boats=[[(8, 3), (5, 2)], [(8, 1), (5, 1)],
                                                                 [(8, 2), (2, 1)]], turn=0, card="manoeuvre")
    refused(s, "swap fore 1", "FAQ: Manoeuvre")
    play(s, "use manoeuvre")
    assert {"swap fore 1", "swap fore 2", "swap aft 1"} <= set(texts(s))
    play(s, "swap fore 1")
    assert where(s, 0, "fore") == (8, 1) and where(s, 1, "fore") == (8, 3)
    refused(s, "swap fore 2", "FAQ: Manoeuvre")  # the fore boat has swapped
    play(s, "swap aft 1")
    assert where(s, 0, "aft") == (5, 1) and where(s, 1, "aft") == (5, 2)
    assert not any(t.startswith("swap") for t in texts(s))


def test_manoeuvre_may_be_used_for_neither_boat():
    s = scenario(characters=["sailor", "crew"], boats=[[(8, 1), (5, 2)], [(8, 2), (5, 1)]], turn=0,
                 card="manoeuvre")
    play(s, "use manoeuvre", f"move fore {value(s, 0, 'manoeuvre')}", "end turn")
    assert s.turn == -1 or s.turn != 0


# ------------------------------------------------------------------------------ Crew: Longboat, Tow
def test_longboat_adds_points_when_the_two_boats_are_adjacent():
    for fore, aft in [((6, 1), (6, 2)), ((7, 1), (6, 1))]:
        s = scenario(characters=["crew", "sailor"], boats=[[fore, aft], [(12, 1), (1, 1)]], turn=0,
                     card="longboat")
        play(s, "use longboat")
        assert s.points == value(s, 0, "longboat") + op(s, 0, "longboat")["points"]


def test_longboat_needs_adjacent_boats():
    s = scenario(characters=["crew", "sailor"], boats=[[(8, 1), (6, 1)], [(12, 1), (1, 1)]], turn=0,
                 card="longboat")
    e = refused(s, "use longboat", "FAQ: Longboat")
    assert "not adjacent" in e.reason
    assert "use longboat" not in texts(s)


def test_tow_moves_the_aft_boat_on():
    s = scenario(characters=["crew", "sailor"], boats=[[(10, 1), (4, 1)], [(12, 1), (1, 1)]], turn=0,
                 card="tow")
    play(s, "use tow")
    assert where(s, 0, "aft") == (4 + op(s, 0, "tow")["spaces"], 1)
    assert s.points == value(s, 0, "tow")
    refused(s, "use tow", "Special Character Abilities")  # once


# ------------------------------------------------------------------------------ Gambler: roll and add
def test_double_down_rolls_the_die_and_adds_it_like_the_rules_example():
    s = scenario(characters=["gambler", "sailor"], boats=[[(10, 1), (4, 1)], [(12, 1), (1, 1)]], turn=0,
                 card="double-down")
    play(s, "use double-down")
    assert RULES.decider(s) == CHANCE and [str(a) for a, _ in RULES.chance_outcomes(s)] == [
        f"die {d}" for d in range(1, 7)]
    refused(s, "move fore 1", "Special Character Abilities")
    play(s, "die 5")
    assert s.points == 3 + 5 == 8


def test_the_roll_may_come_after_moving_and_is_optional():
    s = scenario(characters=["gambler", "sailor"], boats=[[(10, 1), (4, 1)], [(12, 1), (1, 1)]], turn=0,
                 card="long-shot")
    assert s.points == 0 and "end turn" in texts(s) and "use long-shot" in texts(s)
    play(s, "use long-shot", "die 2", "move aft 2", "end turn")
    assert where(s, 0, "aft") == (6, 1)


# ------------------------------------------------------------------------------ Viking: Pursuit
def test_pursuit_moves_both_boats_three_then_joins_the_nearest_opponent_ahead_on_the_card():
    # card 2 is spaces 8-13: the fore boat lands on 9, the nearest opponent ahead on card 2 is on 11
    t = scenario(characters=["viking", "sailor", "crew"],
                 boats=[[(6, 1), (2, 1)], [(11, 1), (13, 1)], [(12, 1), (20, 1)]])
    play(t, "choose pursuit", "choose 6", "choose 5")
    assert t.turn == 0
    assert where(t, 0, "fore") == (11, 2)  # 6 -> 9 by the card, then to the Sailor's boat on 11
    assert where(t, 0, "aft") == (5, 1)  # 2 -> 5: no opponent ahead on card 1
    assert t.points == 0 and texts(t) == ["end turn"]


def test_pursuit_stops_behind_a_full_space():
    t = scenario(characters=["viking", "sailor", "crew", "pirate"],
                 boats=[[(6, 1), (2, 1)], [(11, 1), (11, 2)], [(11, 3), (25, 1)], [(26, 1), (1, 1)]])
    play(t, "choose pursuit", "choose 6", "choose 5", "choose 5")
    assert t.turn == 3  # the Pirate's aft boat is last
    play(t, "move aft 5", "end turn", "leave")  # space 6 is a rainbow space: the Pirate leaves the cards
    assert t.turn == 0 and where(t, 0, "fore") == (10, 1)


# ------------------------------------------------------------------------------ Admiral: Shackle
def test_shackle_makes_later_players_take_back_their_card_and_choose_another():
    s = scenario(characters=["admiral", "sailor", "crew"], boats=[[(6, 1), (1, 1)], [(8, 1), (4, 1)],
                                                                  [(9, 1), (5, 1)]])
    play(s, "choose shackle", "choose 6", "choose 5")
    assert s.turn == 0
    ev = play(s, "use shackle")
    assert "ChooseAgain" in kinds(ev) and RULES.decider(s) == 1
    assert "choose 6" not in texts(s) and "6" in s.hands[1]
    refused(s, "choose 6", "FAQ: Shackle")
    assert RULES.observation(s, 2)["choosing"]["committed"] == []
    play(s, "choose 1", "choose 4")
    assert s.revealed[1:] == ["1", "4"] and RULES.decider(s) == 0 and s.phase == "turn"
    play(s, f"move aft {value(s, 0, 'shackle')}", "end turn")
    assert s.turn == 1 and s.points == 1


def test_shackle_spares_a_player_who_chose_the_last_card_in_hand():
    s = scenario(characters=["admiral", "sailor", "crew"], boats=[[(6, 1), (2, 1)], [(8, 1), (4, 1)],
                                                                  [(9, 1), (5, 1)]],
                 played=[[], ["1", "2", "manoeuvre", "4", "5"], []], gone=[[], ["recover"], []])
    play(s, "choose shackle", "choose 6", "choose 5")
    play(s, "use shackle")
    assert s.choosing.seats == [2] and s.revealed[1] == "6"


def test_shackle_is_used_at_the_start_of_the_turn_only():
    s = scenario(characters=["admiral", "sailor", "crew"], boats=[[(6, 1), (2, 1)], [(8, 1), (4, 1)],
                                                                  [(9, 1), (5, 1)]])
    play(s, "choose shackle", "choose 6", "choose 5", "move aft 1")
    e = refused(s, "use shackle", "Special Character Abilities")
    assert "start of your turn" in e.reason


# ------------------------------------------------------------------------------ Pirate
def test_cannons_push_boats_just_ahead_straight_back_if_their_lane_is_free_behind():
    s = scenario(characters=["pirate", "sailor", "crew"],
                 boats=[[(10, 1), (5, 2)], [(11, 2), (6, 1)], [(11, 1), (6, 2)]], turn=0, card="cannons")
    play(s, "use cannons")
    assert where(s, 1, "fore") == (10, 2)  # lane 2 on space 10 was free
    assert where(s, 2, "fore") == (11, 1)  # lane 1 on space 10 is the Pirate's: it stays
    assert where(s, 1, "aft") == (5, 1)
    assert where(s, 2, "aft") == (6, 2)  # lane 2 on space 5 is the Pirate's own aft boat


def test_cannons_fire_before_moving_or_not_at_all():
    s = scenario(characters=["pirate", "sailor"], boats=[[(10, 1), (5, 2)], [(11, 2), (6, 1)]], turn=0,
                 card="cannons")
    play(s, "move aft 1")
    refused(s, "use cannons", "Special Character Abilities")


def test_no_push_sends_a_boat_behind_the_rearmost_card_in_play():
    # every boat is on card 2 or beyond (spaces 8+), so card 1 is out of play
    s = scenario(characters=["pirate", "sailor"], boats=[[(8, 1), (12, 1)], [(8, 2), (20, 1)]], turn=0,
                 card="jolly-roger")
    assert s.wind_card == 1
    e = refused(s, "use jolly-roger", "FAQ: Cannon")
    assert "pushed straight back" in e.reason


def test_jolly_roger_pushes_boats_sharing_a_space_once_at_any_time():
    s = scenario(characters=["pirate", "sailor", "crew"],
                 boats=[[(10, 1), (3, 1)], [(10, 2), (5, 2)], [(10, 3), (1, 1)]], turn=0, card="jolly-roger")
    play(s, "move fore 1")
    assert "use jolly-roger" not in texts(s)  # no boat shares a space with the Pirate's now
    play(s, "move aft 2", "use jolly-roger")  # later in the turn: the aft boat shares space 5
    assert where(s, 1, "aft") == (4, 2)
    refused(s, "use jolly-roger", "Special Character Abilities")
    s = scenario(characters=["pirate", "sailor", "crew"],
                 boats=[[(10, 1), (3, 1)], [(10, 2), (5, 2)], [(10, 3), (1, 1)]], turn=0, card="jolly-roger")
    play(s, "use jolly-roger")
    assert where(s, 1, "fore") == (9, 2) and where(s, 2, "fore") == (9, 3)


def test_parlay_asks_for_a_rainbow_card_and_a_refusal_allows_a_roll():
    s = scenario(characters=["pirate", "sailor", "crew"],
                 boats=[[(10, 1), (5, 1)], [(11, 1), (6, 1)], [(12, 1), (7, 1)]],
                 rainbow=[None, "anchor", "current"], turn=0, card="parlay")
    play(s, "use parlay")
    assert texts(s) == ["ask 2", "ask 3"]
    play(s, "ask 2")
    assert RULES.decider(s) == 1 and texts(s) == ["give", "refuse"]
    refused(s, "move fore 1", "FAQ: Parlay")
    play(s, "refuse")
    assert RULES.decider(s) == 0 and texts(s) == ["roll", "no roll"]
    play(s, "roll", "die 4")
    assert s.points == value(s, 0, "parlay") + 4 and s.rainbow == [None, "anchor", "current"]


def test_parlay_given_swaps_cards_when_the_pirate_holds_one():
    s = scenario(characters=["pirate", "sailor", "crew"],
                 boats=[[(10, 1), (5, 1)], [(11, 1), (6, 1)], [(12, 1), (7, 1)]],
                 rainbow=["whirlpool", "anchor", None], turn=0, card="parlay")
    play(s, "use parlay")
    assert texts(s) == ["ask 2"]
    play(s, "ask 2", "give")
    assert s.rainbow == ["anchor", "whirlpool", None] and RULES.decider(s) == 0
    assert "play anchor" in texts(s)  # no rainbow card played yet this turn


def test_parlay_needs_someone_holding_a_rainbow_card():
    s = scenario(characters=["pirate", "sailor"], boats=[[(10, 1), (5, 1)], [(11, 1), (6, 1)]], turn=0,
                 card="parlay")
    e = refused(s, "use parlay", "FAQ: Parlay")
    assert "nobody holds" in e.reason


def test_plunder_copies_the_value_of_another_players_card_this_round():
    s = scenario(characters=["pirate", "sailor", "crew"], boats=[[(10, 1), (2, 1)], [(11, 1), (6, 1)],
                                                                 [(12, 1), (7, 1)]])
    play(s, "choose plunder", "choose 6", "choose 3")
    assert s.turn == 0 and s.points == 0
    play(s, "use plunder")
    assert texts(s) == ["copy 2", "copy 3"]
    play(s, "copy 2")
    assert s.points == 6
    play(s, "move fore 6", "end turn")
    assert s.turn == 1  # the Sailor's aft boat (space 6) is behind the Crew's (7)
