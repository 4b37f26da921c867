"""Game End and Winning: the Finish Line, the aft boat in last place, and running out of cards.

The Finish Line is space 34 of the standard track (33 track spaces).
"""

from __future__ import annotations

from twhelp import kinds, play, refused, scenario, texts, where

from windward_nb.core.rules import TERMINAL
from windward_nb.tailwinds import RULES


def test_a_boat_on_the_finish_line_wins_when_the_other_boat_is_not_last():
    s = scenario(characters=["sailor", "crew"], boats=[[(31, 1), (20, 1)], [(25, 1), (10, 1)]], turn=0, card="5")
    ev = play(s, "move fore 3")
    assert "GameWon" in kinds(ev) and s.phase == "over" and s.winner == 0
    assert RULES.decider(s) == TERMINAL and RULES.returns(s) == [1.0, 0.0] and texts(s) == []
    assert s.points == 2  # the game ends at once, points unspent
    refused(s, "move aft 2", "Game End and Winning")
    assert "crosses the Finish Line" in RULES.outcome_text(s)


def test_a_fore_boat_finishing_while_the_aft_boat_is_last_leaves_the_race_and_play_goes_on():
    s = scenario(characters=["sailor", "crew"], boats=[[(31, 1), (5, 1)], [(25, 1), (10, 1)]], turn=0, card="5")
    ev = play(s, "move fore 3")
    assert "BoatRetired" in kinds(ev) and s.phase == "turn" and s.retired[0] == 1
    assert len(s.boats[0]) == 1 and s.points == 2
    assert texts(s) == ["move aft 1", "move aft 2"]
    e = refused(s, "move fore 1", "Game End and Winning")
    assert "remaining boat is your aft boat" in e.reason
    play(s, "move aft 2", "end turn")
    assert RULES.scores(s)[0] == 7


def test_the_remaining_boat_wins_when_it_reaches_the_finish_line():
    s = scenario(characters=["sailor", "crew"], boats=[[(31, 1)], [(25, 1), (10, 1)]], turn=0, card="5")
    play(s, "move aft 3")
    assert s.phase == "over" and s.winner == 0


def test_moving_the_aft_boat_out_of_last_place_first_then_finishing_wins():
    s = scenario(characters=["sailor", "crew"], boats=[[(31, 1), (9, 1)], [(25, 1), (10, 1)]], turn=0, card="5")
    play(s, "move aft 2")
    assert where(s, 1, "aft") == (10, 1)
    play(s, "move fore 3")
    assert s.winner == 0


def test_when_the_cards_run_out_the_best_fore_boat_of_a_player_not_in_last_place_wins():
    # The Sailor's fore boat leads, but its aft boat is last: the Crew wins.
    s = scenario(characters=["sailor", "crew", "pirate"],
                 boats=[[(30, 1), (2, 1)], [(25, 1), (10, 1)], [(20, 1), (12, 1)]],
                 hands=[[], [], ["1"]], played=[["1", "2", "manoeuvre", "4", "5", "6"],
                                                 ["1", "longboat", "3", "tow", "4", "5"],
                                                 ["parlay", "cannons", "jolly-roger", "plunder", "5"]],
                 gone=[["recover"], ["recover"], ["recover"]])
    assert s.choosing.seats == [2]
    play(s, "choose 1", "move aft 1")
    ev = play(s, "end turn")
    assert s.phase == "over" and s.winner == 1 and "GameWon" in kinds(ev)
    assert ev[-1].data["how"] == "cards" and ev[-1].data["lost"] == [0]
    assert RULES.returns(s) == [0.0, 1.0, 0.0]


def test_card_end_any_stops_the_game_when_one_player_cannot_choose():
    kw = dict(characters=["sailor", "crew"], boats=[[(20, 1), (12, 1)], [(25, 1), (10, 1)]],
              hands=[[], ["1"]], played=[["1", "2", "manoeuvre", "4", "5", "6"], ["longboat", "3", "tow", "4", "5"]],
              gone=[["recover"], ["recover"]])
    s = scenario(**kw)  # by default the Crew plays its last card alone
    assert s.phase == "choose" and s.choosing.seats == [1]
    s = scenario(card_end="any", **kw)
    assert s.phase == "choose"  # a scenario opens the round; the rule is checked when a round would start
    play(s, "choose 1", "move aft 1", "end turn")
    assert s.phase == "over"
    s2 = scenario(card_end="any", characters=["sailor", "crew"], boats=[[(20, 1), (8, 1)], [(25, 1), (10, 1)]],
                  hands=[["2"], ["1", "3"]], played=[["1", "manoeuvre", "4", "5", "6"], ["longboat", "tow", "4", "5"]],
                  gone=[["recover"], ["recover"]])
    play(s2, "choose 2", "choose 1", "move aft 2", "end turn", "leave", "move aft 1", "end turn")
    assert s2.phase == "over" and s2.winner == 1  # the Sailor cannot choose; its aft boat (10, lane 2) is last


def test_with_last_place_by_space_boats_on_the_rearmost_space_all_count_as_last():
    boats = [[(31, 1), (5, 1)], [(25, 1), (5, 2)]]
    lane = scenario(characters=["sailor", "crew"], boats=boats, turn=0, card="manoeuvre")
    play(lane, "move fore 3")
    assert lane.winner == 0  # by lanes, the Crew's boat in lane 2 is last
    space = scenario(characters=["sailor", "crew"], boats=boats, turn=0, card="manoeuvre", last_place="space")
    play(space, "move fore 3")
    assert space.phase == "turn" and space.retired[0] == 1  # sharing the rearmost space counts as last


def test_every_game_between_bots_ends_with_one_winner_or_none():
    from windward_nb.core.simulate import play_game

    for seed in range(3):
        r = play_game("tailwinds", players=2 + seed, bots="random", seed=seed)
        assert r.over and len(r.winners) <= 1
