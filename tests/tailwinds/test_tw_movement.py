"""Movement and lanes: spend the full value, split it, inside lanes, full spaces, the Finish Line."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from twhelp import play, refused, scenario, texts, where

from windward_nb.tailwinds import RULES


def turn(boats, card="5", characters=("sailor", "crew"), seat=0, **kw):
    return scenario(characters=list(characters), boats=boats, turn=seat, card=card, **kw)


def test_the_full_value_must_be_spent_and_may_be_split_between_boats():
    s = turn([[(10, 1), (5, 1)], [(12, 1), (1, 1)]])
    refused(s, "end turn", "Movement")
    play(s, "move fore 2")
    assert s.points == 3 and where(s, 0, "fore") == (12, 2)
    play(s, "move aft 1", "move fore 2")
    assert s.points == 0 and "end turn" in texts(s)
    refused(s, "move aft 1", "Movement")


def test_a_boat_takes_the_inside_lane_when_it_is_free():
    s = turn([[(10, 1), (5, 1)], [(12, 2), (1, 1)]])
    play(s, "move fore 2")
    assert where(s, 0, "fore") == (12, 1)
    s = turn([[(10, 1), (5, 1)], [(12, 1), (1, 1)]])
    play(s, "move fore 2")
    assert where(s, 0, "fore") == (12, 2)


def test_boats_pass_full_spaces_but_stop_behind_a_full_one():
    s2 = turn([[(12, 1), (7, 2)], [(8, 1), (8, 2)], [(8, 3), (1, 1)]], characters=("sailor", "crew", "pirate"))
    play(s2, "move aft 2")  # space 9 is free: it passes the full space 8
    assert where(s2, 0, "aft") == (9, 1)
    s3 = turn([[(12, 1), (6, 1)], [(8, 1), (8, 2)], [(8, 3), (1, 1)]], characters=("sailor", "crew", "pirate"))
    play(s3, "move aft 2")  # space 8 is full: it stops on space 7, inside lane
    assert where(s3, 0, "aft") == (7, 1)


def test_a_boat_stops_further_back_when_the_space_behind_is_full_too():
    s = turn([[(20, 1), (5, 1)], [(8, 1), (8, 2)], [(8, 3), (7, 1)], [(7, 2), (7, 3)]],
             characters=("sailor", "crew", "pirate", "viking"))
    play(s, "move aft 3")
    assert where(s, 0, "aft") == (6, 1)


def test_a_boat_with_no_free_lane_ahead_cannot_move_and_the_turn_may_end():
    s = turn([[(7, 3), (6, 1)], [(7, 1), (7, 2)], [(30, 1), (1, 1)]], card="1",
             characters=("sailor", "crew", "pirate"))
    e = refused(s, "move aft 1", "Movement")
    assert "no free lane" in e.reason
    assert "move fore 1" in texts(s)
    s = turn([[(7, 3), (7, 2)], [(8, 1), (8, 2)], [(8, 3), (7, 1)]], card="1",
             characters=("sailor", "crew", "pirate"))
    assert texts(s) == ["end turn"]


def test_no_boat_moves_past_the_finish_line():
    s = turn([[(31, 1), (20, 1)], [(32, 1), (21, 1)]], card="6")
    assert max(int(t.split()[-1]) for t in texts(s) if t.startswith("move fore")) == 3
    e = refused(s, "move fore 4", "Movement")
    assert "3 spaces from the Finish Line" in e.reason


def test_fore_and_aft_swap_names_when_the_aft_boat_passes():
    s = turn([[(6, 1), (5, 1)], [(12, 1), (1, 1)]])
    play(s, "move aft 3")
    assert where(s, 0, "fore") == (8, 1) and where(s, 0, "aft") == (6, 1)


def test_a_narrow_space_on_an_advanced_card_holds_two_boats():
    s = turn([[(20, 1), (3, 1)], [(5, 1), (5, 2)]], track="ASSSSS", card="2")
    play(s, "move aft 2")  # space 5 of card 1 is narrow (2 lanes) and full: stop on space 4
    assert where(s, 0, "aft") == (4, 1)


def test_more_points_than_the_card_has_are_refused():
    s = turn([[(10, 1), (5, 1)], [(12, 1), (1, 1)]], card="2")
    e = refused(s, "move fore 3", "Movement")
    assert "2 movement points left" in e.reason


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["fore", "aft"]), st.integers(1, 6)), max_size=6))
def test_any_sequence_of_moves_either_applies_legally_or_is_refused_without_change(moves):
    s = turn([[(10, 1), (5, 1)], [(11, 1), (6, 1)], [(9, 1), (7, 2)]], card="6",
             characters=("sailor", "crew", "pirate"))
    for name, k in moves:
        text = f"move {name} {k}"
        if text in texts(s):
            before = s.points
            play(s, text)
            assert s.points == before - k
        else:
            before = s.fingerprint()
            assert RULES.why_illegal(s, RULES.parse(text)) is not None
            assert s.fingerprint() == before
        assert all(b[0] >= 0 for bs in s.boats for b in bs)
