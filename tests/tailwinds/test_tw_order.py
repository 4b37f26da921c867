"""Movement order: the owner of the last boat first, then the rearmost boat's owner among those still to go."""

from __future__ import annotations

from twhelp import play, scenario

from windward_nb.tailwinds import RULES


def reveal_all(s, *cards):
    for c in cards:
        play(s, f"choose {c}")


def test_the_owner_of_the_last_boat_moves_first_then_upwards():
    s = scenario(characters=["sailor", "crew", "gambler"],
                 boats=[[(10, 1), (2, 1)], [(5, 1), (4, 1)], [(8, 1), (3, 1)]])
    reveal_all(s, 1, 1, 1)
    assert s.turn == 0 and s.to_go == [1, 2]
    play(s, "move aft 1", "end turn")
    assert s.turn == 2  # its aft boat on space 3 is behind the Crew's boats
    play(s, "move fore 1", "end turn")
    assert s.turn == 1


def test_lanes_break_ties_the_outside_lane_is_behind():
    s = scenario(characters=["sailor", "crew"], boats=[[(5, 1), (1, 1)], [(6, 1), (1, 2)]])
    reveal_all(s, 2, 1)
    assert s.turn == 1


def test_the_order_is_worked_out_again_before_each_turn():
    # The Pirate's Cannons push the Sailor's boat back, so the Sailor now moves before the Crew.
    s = scenario(characters=["pirate", "sailor", "crew"],
                 boats=[[(2, 2), (9, 1)], [(3, 1), (12, 1)], [(3, 2), (12, 2)]])
    reveal_all(s, "cannons", 1, 1)
    assert s.turn == 0
    play(s, "use cannons")
    assert [b[:2] for b in s.boats[1]][1] == [1, 0]  # pushed straight back to space 2, lane 1
    assert [b[:2] for b in s.boats[2]][1] == [2, 1]  # its lane on space 2 was taken: it stays
    play(s, "move aft 3", "end turn")
    assert s.turn == 1


def test_without_the_push_the_crew_would_go_first():
    s = scenario(characters=["pirate", "sailor", "crew"],
                 boats=[[(2, 2), (9, 1)], [(3, 1), (12, 1)], [(3, 2), (12, 2)]])
    reveal_all(s, "cannons", 1, 1)
    play(s, "move aft 3", "end turn")
    assert s.turn == 2
    assert RULES.decider(s) == 2
