"""Using Commercial Letters: opponents, clockwise, one deal each on a tile the captain used."""

from __future__ import annotations

from nw_helpers import at, game, kinds, legal, no_invariant_broken, play, refused

L = "Using Commercial Letters"


def test_after_a_trade_each_opponent_in_turn_may_spend_a_letter_on_the_tile():
    g = at("salt-1", players=4, letters=[1, 1, 0, 2], gold=[5, 5, 5, 5], hold=[{}, {}, {}, {"salt": 1}])
    play(g, "buy salt")
    assert g.current_player == 1 and g.state.phase == "letter"
    assert "buy salt,salt" in legal(g) and "pass" in legal(g)
    ev = play(g, "buy salt,salt")
    assert "LetterUsed" in kinds(ev) and g.state.letters[1] == 0 and g.state.held(1, "salt") == 2
    assert g.current_player == 3, "seat 2 holds no letter and is skipped"
    ev = play(g, "sell salt")  # a different deal than the captain's
    assert g.state.letters[3] == 1 and g.state.gold[3] == 6
    assert g.current_player == 0 and g.state.phase == "sail"
    assert g.state.actions == 1, "letter deals are not the captain's actions"
    no_invariant_broken(g)


def test_declining_keeps_the_letter():
    g = at("salt-1", letters=[0, 1], gold=[5, 5])
    play(g, "buy salt")
    ev = play(g, "pass")
    assert "LetterDeclined" in kinds(ev) and g.state.letters[1] == 1 and g.current_player == 0


def test_letter_users_deal_with_their_own_crew():
    g = at("merchant-2", letters=[0, 1], gold=[5, 5], hold=[{"fish": 1}, {"lumber": 1}],
           crew=[[], ["boatswain", "bookkeeper"]])
    play(g, "sell fish")
    assert "swap lumber for wine" in legal(g) and "buy wine,wine" in legal(g)
    play(g, "swap lumber for wine")
    assert g.state.gold[1] == 6 and g.state.held(1, "wine") == 1


def test_an_equipment_harbour_can_be_used_with_a_letter_for_another_item():
    g = at("equip-1", letters=[0, 1], gold=[5, 5])
    play(g, "hire cannoneer")
    assert g.current_player == 1
    play(g, "buy sail")
    assert g.state.sail == [4, 5] and g.state.gold[1] == 3


def test_a_crew_bonus_earned_with_a_letter_counts_at_once():
    g = at("equip-3", letters=[0, 1], gold=[5, 5], crew=[[], ["boatswain", "bookkeeper", "cannoneer"]])
    play(g, "buy cannon")
    ev = play(g, "hire lookout")
    assert "BonusPlaced" in kinds(ev) and g.state.crew_bonus == [1]


def test_letter_users_may_throw_overboard_to_make_room():
    g = at("salt-1", letters=[0, 1], gold=[5, 5], hold=[{}, {"fish": 2, "wine": 2, "grain": 2}])
    play(g, "buy salt")
    assert "buy salt" not in legal(g) and "throw fish" in legal(g)
    play(g, "throw fish")
    assert g.current_player == 1 and g.state.letters[1] == 1, "throwing spends no letter"
    play(g, "buy salt")
    assert g.state.held(1, "salt") == 1 and g.state.letters[1] == 0


def test_no_letter_for_a_passed_tile_a_destination_or_a_shipwreck():
    g = at("salt-1", letters=[0, 1])
    play(g, "pass")
    assert g.current_player == 0
    g = at("wreck", letters=[0, 1])
    play(g, "salvage")
    assert g.current_player == 0 and g.state.phase == "sail"
    g = game(stacks={"olsand": ["olsand"]}, hold=[{"salt": 1, "fish": 1}, {}], letters=[0, 2])
    play(g, "sail olsand", "reveal", "deliver")
    assert g.current_player == 0 and g.state.letters[1] == 2


def test_opponents_who_cannot_deal_are_not_asked():
    g = at("salt-3", letters=[0, 1], gold=[5, 0], hold=[{}, {}])
    g.state.gold[1] = 0
    play(g, "buy salt")
    assert g.current_player == 0


def test_refusals_during_the_letter_round():
    g = at("salt-1", letters=[0, 1], gold=[5, 5])
    play(g, "buy salt")
    refused(g, "deliver", L, "complete a task")
    refused(g, "salvage", L, "shipwreck")
    refused(g, "reveal", L, "commercial letter")
    refused(g, "buy fish", "Commercial Harbor", "only in salt")


def test_the_second_action_still_lets_opponents_use_the_tile():
    g = game(stacks={"olsand": ["wreck", "salt-1", "fish-1"]}, letters=[0, 1], gold=[5, 5])
    play(g, "sail olsand", "reveal", "salvage", "reveal", "buy salt")
    assert g.current_player == 1 and g.state.phase == "letter"
    ev = play(g, "buy salt")
    assert "VoyageEnded" in kinds(ev) and g.state.phase == "shuffle"
