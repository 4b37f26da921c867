"""Rolling Winds: when the last boat leaves the rearmost track card, the die pushes it on and the leader back.

Standard track, counted from 1: card 1 is spaces 1-7, card 2 8-13, card 3 14-18,
card 4 19-23, card 5 24-28, card 6 29-33, the Finish Line 34.
"""

from __future__ import annotations

from twhelp import kinds, play, refused, scenario, where

from windward_nb.core.rules import CHANCE
from windward_nb.tailwinds import RULES


def leaving(**kw):
    return scenario(characters=["sailor", "crew"], boats=[[(9, 1), (7, 1)], [(15, 1), (12, 1)]], turn=0, card="2",
                    **kw)


def test_the_last_boat_leaving_the_rearmost_card_rolls_the_wind():
    s = leaving()
    ev = play(s, "move aft 2")
    assert "WindRises" in kinds(ev) and RULES.decider(s) == CHANCE
    assert [p for _, p in RULES.chance_outcomes(s)] == [1 / 6] * 6
    refused(s, "move fore 1", "Rolling Winds")
    ev = play(s, "die 4")
    assert where(s, 1, "aft") == (11, 1)  # the leader (15) blown back 4; the Crew's other boat now leads
    assert where(s, 0, "fore") == (13, 1)  # the boat that left card 1 moves on 4 (9 -> 13)
    assert s.wind_card == 1 and "WindRolled" in kinds(ev)
    assert s.points == 0 and RULES.decider(s) == 0


def test_leaving_a_card_that_is_not_the_rearmost_rolls_nothing():
    s = scenario(characters=["sailor", "crew"], boats=[[(13, 1), (3, 1)], [(20, 1), (5, 1)]], turn=0, card="2")
    ev = play(s, "move fore 2")
    assert "WindRises" not in kinds(ev) and RULES.decider(s) == 0 and s.wind_card == 0


def test_half_wind_blows_the_leader_back_half_the_roll_rounded_up():
    s = leaving(wind="half")
    play(s, "move aft 2", "die 5")
    assert where(s, 1, "fore") == (12, 1) and where(s, 1, "aft") == (12, 2)  # 15 - 3
    assert where(s, 0, "fore") == (14, 1)  # 9 + 5


def test_no_rolling_winds_when_the_option_is_off():
    s = leaving(wind="off")
    ev = play(s, "move aft 2")
    assert "WindRises" not in kinds(ev) and RULES.decider(s) == 0


def test_cards_the_wind_itself_leaves_behind_do_not_roll_again():
    s = scenario(characters=["sailor", "crew"], boats=[[(14, 1), (7, 1)], [(25, 1), (15, 1)]], turn=0, card="1")
    play(s, "move aft 1", "die 6")  # 7 -> 8 leaves card 1; the wind then takes it 8 -> 14, off card 2 too
    assert where(s, 0, "fore") == (14, 1) and where(s, 0, "aft") == (14, 2)
    assert where(s, 1, "fore") == (19, 1)
    assert s.wind_card == 2 and not s.pending


def test_a_leader_blown_onto_a_full_space_stops_in_front_of_it():
    s = scenario(characters=["sailor", "crew", "pirate"],
                 boats=[[(9, 1), (7, 1)], [(17, 1), (17, 2)], [(17, 3), (20, 1)]], turn=0, card="2")
    play(s, "move aft 2", "die 3")
    assert where(s, 2, "fore") == (18, 1)  # 20 - 3 = 17 is full


def test_the_wind_never_blows_a_boat_behind_the_rearmost_card_in_play_and_may_carry_one_to_the_finish():
    s = scenario(characters=["sailor", "crew"], boats=[[(32, 1), (28, 1)], [(30, 1), (29, 1)]], turn=0, card="1",
                 wind_card=4)
    play(s, "move aft 1")  # 28 -> 29: card 5 is left behind
    ev = play(s, "die 6")
    # the leader (the Sailor's fore boat, 32) would go to 26 but card 5 is out of play: it stops on 29
    assert kinds(ev).count("BoatPushed") == 1 and "BoatRetired" in kinds(ev)
    # the boat the wind carried crossed the line while the Sailor's other boat (29, lane 3) was last
    assert s.boats[0] == [[28, 2, 0]] and s.retired[0] == 1 and s.phase == "turn"
