"""The text pictures and the board data widgets draw from: complete, and hiding what a seat may not see."""

from __future__ import annotations

import json

from twhelp import play, scenario

from windward_nb.tailwinds import new_game
from windward_nb.tailwinds.view import board_view, status, track_text


def test_board_view_hides_face_down_choices_and_unseen_rainbow_cards_from_other_seats():
    s = scenario(characters=["sailor", "pirate"], boats=[[(6, 1), (3, 1)], [(8, 1), (3, 2)]],
                 rainbow=["anchor", "whirlpool"], secret=[1])
    play(s, "choose 5")
    mine, theirs, full = board_view(s, 0), board_view(s, 1), board_view(s)
    assert mine["players"][0]["chosen"] == "5" and theirs["players"][0]["chosen"] == "face down"
    assert isinstance(theirs["players"][0]["hand"], int) and full["players"][0]["chosen"] == "5"
    assert mine["players"][1]["rainbow"] == "hidden" and theirs["players"][1]["rainbow"] == "whirlpool"
    assert mine["players"][0]["rainbow"] == "anchor" == theirs["players"][0]["rainbow"]
    assert '"5"' not in json.dumps(theirs["players"][0])
    assert [b["last"] for b in full["boats"]] == [True, False, False, False]
    assert len(full["spaces"]) == 33 and full["spaces"][5]["rainbow"]


def test_status_and_track_text_follow_a_whole_game():
    g = new_game(players=3, seed=12)
    seen = set()
    while not g.is_over:
        seen.add(status(g.state).split(":")[0][:30])
        track_text(g.state)
        g.apply(g.legal_actions()[-1])
    assert status(g.state) == g.state.result and "Finish Line:" in track_text(g.state)
    assert len(seen) > 5


def test_hand_view_shows_a_face_down_choice_to_its_owner_only():
    from windward_nb.tailwinds.view import action_groups, hand_view

    s = scenario(characters=["sailor", "pirate"], boats=[[(6, 1), (3, 1)], [(8, 1), (3, 2)]],
                 rainbow=[None, "whirlpool"], secret=[1])
    play(s, "choose 5")
    mine, theirs = hand_view(s, 0, 0), hand_view(s, 0, 1)
    assert mine["chosen"]["key"] == "5" and theirs["chosen"] == "face down"
    assert theirs["hand"] == 6 and [c["key"] for c in mine["hand"]] == ["1", "2", "manoeuvre", "4", "6", "recover"]
    assert hand_view(s, 1, 0)["rainbow"] == "hidden" and hand_view(s, 1, 1)["rainbow"]["name"] == "Whirlpool"
    assert all(c["choosable"] for c in hand_view(s, 1, 1)["hand"])
    assert '"5"' not in json.dumps(theirs)
    assert list(action_groups(s)) == ["Choose a card"]
