"""Recover: move, take back every played card, and the Recover card leaves the game."""

from __future__ import annotations

from twhelp import kinds, play, refused, scenario

from windward_nb.tailwinds import RULES


def test_recover_moves_then_brings_back_every_played_card_and_leaves_the_game():
    s = scenario(characters=["sailor", "crew"], boats=[[(10, 1), (5, 1)], [(12, 1), (11, 1)]],
                 played=[["1", "4", "6"], []], turn=0, card="recover")
    assert s.points == 2
    assert sorted(s.hands[0]) == ["2", "5", "manoeuvre"]
    play(s, "move aft 2")
    ev = play(s, "end turn")
    assert kinds(ev)[:3] == ["TurnEnded", "CardsReclaimed", "CardRemoved"]
    assert s.hands[0] == ["1", "2", "manoeuvre", "4", "5", "6"]  # in deck order
    assert s.played[0] == [] and s.gone[0] == ["recover"]
    assert not RULES.invariants(s)


def test_the_recover_card_cannot_be_chosen_again():
    s = scenario(characters=["sailor", "crew"], boats=[[(10, 1), (5, 1)], [(12, 1), (11, 1)]],
                 gone=[["recover"], []])
    refused(s, "choose recover", "Recover")
    assert "choose recover" not in [str(a) for a in RULES.legal_actions(s)]


def test_recover_as_the_first_card_brings_back_nothing():
    s = scenario(characters=["sailor", "crew"], boats=[[(10, 1), (5, 1)], [(12, 1), (11, 1)]],
                 turn=0, card="recover")
    play(s, "move aft 2", "end turn")
    assert len(s.hands[0]) == 6 and s.gone[0] == ["recover"] and s.played[0] == []


def test_recover_works_by_itself_and_cannot_be_used_by_hand():
    s = scenario(characters=["sailor", "crew"], boats=[[(10, 1), (5, 1)], [(12, 1), (11, 1)]],
                 played=[["1"], []], turn=0, card="recover")
    e = refused(s, "use recover", "Special Character Abilities")
    assert "by itself" in e.reason


def test_a_whole_game_plays_each_non_recover_card_at_most_twice():
    from windward_nb.tailwinds import new_game

    g = new_game(players=3, seed=8)
    counts = {}
    while not g.is_over:
        before = [list(x) for x in g.state.played]
        g.apply(g.legal_actions()[-1])
        for p, pile in enumerate(g.state.played):
            if len(pile) > len(before[p]):
                key = (p, pile[-1])
                counts[key] = counts.get(key, 0) + 1
    assert counts and max(counts.values()) <= 2
    assert not any(k == "recover" for _, k in counts)  # it leaves the game, never the played pile
    assert all(len(gone) <= 1 for gone in g.state.gone)
