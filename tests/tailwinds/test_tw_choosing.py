"""Choosing Cards: everyone chooses in secret, then all cards are revealed together."""

from __future__ import annotations

import json

import numpy as np
from twhelp import kinds, play, refused, scenario, texts

from windward_nb.core.testing import check_hidden_pair
from windward_nb.tailwinds import RULES


def three():
    return scenario(characters=["sailor", "crew", "pirate"], boats=[[(3, 1), (2, 1)], [(3, 2), (1, 1)],
                                                                    [(2, 2), (1, 2)]])


def test_every_player_with_cards_chooses_one_face_down_in_turn_of_asking():
    s = three()
    assert s.phase == "choose" and RULES.decider(s) == 0
    assert texts(s) == ["choose 1", "choose 2", "choose manoeuvre", "choose 4", "choose 5", "choose 6",
                        "choose recover"]
    ev = play(s, "choose 5")
    assert kinds(ev) == ["CardChosen"] and "5" not in ev[0].text
    assert RULES.decider(s) == 1 and "5" not in s.hands[0]
    play(s, "choose tow")
    ev = play(s, "choose cannons")
    assert "CardsRevealed" in kinds(ev)
    assert s.revealed == ["5", "tow", "cannons"] and s.round_cards == ["5", "tow", "cannons"]
    assert s.phase == "turn"


def test_nobody_sees_a_choice_before_the_reveal():
    s = three()
    play(s, "choose 5")
    other = three()
    play(other, "choose 2")
    for seat in (1, 2):
        check_hidden_pair(RULES, s, other, seat)
        obs = RULES.observation(s, seat)
        assert obs["choosing"] == {"seats": [0, 1, 2], "committed": [0], "own": None}
        assert "5" in obs["hands"][0]  # the chosen card still counts as unseen
    assert RULES.observation(s, 0)["choosing"]["own"] == "5"
    assert json.dumps(RULES.observation(s, 1)).count('"5"') == json.dumps(RULES.observation(other, 1)).count('"5"')


def test_determinize_redraws_face_down_choices_from_unseen_cards_only():
    s = three()
    play(s, "choose 5", "choose tow")
    seen = set()
    for k in range(40):
        d = RULES.determinize(s, 2, np.random.default_rng(k))
        assert not RULES.invariants(d)
        assert d.choosing.choices[0] in s.character(0).keys
        seen.add(d.choosing.choices[0])
    assert len(seen) > 3


def test_cards_not_in_hand_are_refused_and_name_the_rule():
    s = scenario(characters=["sailor", "pirate"], boats=[[(3, 1), (2, 1)], [(3, 2), (1, 1)]],
                 played=[["6"], []], gone=[["recover"], []])
    refused(s, "choose 6", "Choosing Cards")
    refused(s, "choose recover", "Recover")
    refused(s, "choose cannons", "Choosing Cards")
    refused(s, "move fore 2", "Choosing Cards")
    refused(s, "die 3", "Actions")


def test_a_player_without_cards_sits_the_round_out():
    s = scenario(characters=["sailor", "pirate"], boats=[[(3, 1), (2, 1)], [(3, 2), (1, 1)]],
                 hands=[["4"], []], played=[["1", "2", "manoeuvre", "5", "6"], ["1", "parlay", "cannons",
                                                                                  "jolly-roger", "plunder", "5"]],
                 gone=[["recover"], ["recover"]])
    assert s.choosing.seats == [0]
    play(s, "choose 4")
    assert s.phase == "turn" and s.turn == 0
    play(s, "move fore 4", "end turn")
    assert s.phase == "over"  # nobody can choose for a new round


def test_revealed_cards_go_to_the_played_pile_after_the_turn():
    s = three()
    play(s, "choose 1", "choose 1", "choose 1")
    assert s.turn == 2  # the Pirate's aft boat is in last place (outside lane of space 1)
    play(s, "move aft 1", "end turn")
    assert s.played[2] == ["1"] and s.revealed[2] is None
