"""The Fog: treasure, pirate ships, paying, battles, victory and defeat."""

from __future__ import annotations

import pytest

from nw_helpers import game, kinds, legal, no_invariant_broken, play, refused

P, B = "Pirate Ship", "Battle"


def fog(players=2, **kw):
    kw.setdefault("letters", [0] * players)
    g = game(players=players, stacks={"olsand": ["fog-1", "wreck", "salt-1"]}, **kw)
    play(g, "sail olsand", "reveal")
    assert g.current_player == -1 and g.state.phase == "event"
    return g


def test_treasure_gives_one_gold_and_the_voyage_goes_on():
    g = fog(gold=[3, 3])
    ev = play(g, "event treasure")
    assert g.state.gold[0] == 4 and "Treasure" in kinds(ev) and g.state.phase == "sail"
    assert g.state.actions == 0


def test_paying_a_pirate_costs_one_gold_and_the_voyage_goes_on():
    g = fog(gold=[3, 3])
    play(g, "event pirate 3")
    assert legal(g) == ["pay", "fight"]
    play(g, "pay")
    assert g.state.gold[0] == 2 and g.state.phase == "sail" and g.state.pirate == 0


def test_winning_a_battle_takes_a_pirate_captain_to_the_brig():
    g = fog(gold=[3, 3], cannons=[2, 1])
    play(g, "event pirate 2", "fight")
    assert g.current_player == -1 and g.state.phase == "battle"
    ev = play(g, "battle pip,pip")
    assert "Victory" in kinds(ev) and g.state.brig[0] == 1 and g.state.captains == 7
    assert g.state.phase == "sail"
    no_invariant_broken(g)


def test_a_full_brig_turns_the_captain_into_one_gold():
    g = fog(gold=[3, 3], brig=[2, 0])
    play(g, "event pirate 1", "fight", "battle pip")
    assert g.state.brig[0] == 2 and g.state.gold[0] == 4


def test_defeat_ends_the_voyage_and_a_quiet_voyage_still_earns_a_letter():
    g = fog(gold=[3, 3], cannons=[2, 1])
    play(g, "event pirate 2", "fight")
    ev = play(g, "battle pip,blank")
    assert "Defeat" in kinds(ev) and "VoyageEnded" in kinds(ev) and g.state.phase == "shuffle"
    assert "LetterReceived" in kinds(ev) and g.state.gold[0] == 3


def test_blue_double_pips_miss_without_a_cannoneer_and_hit_twice_with_one():
    g = fog(gold=[3, 3])
    play(g, "event pirate 1", "fight")
    assert "Defeat" in kinds(play(g, "battle double"))
    g = fog(gold=[3, 3], cannons=[1, 1], crew=[["cannoneer"], []])
    play(g, "event pirate 2", "fight")
    assert "Victory" in kinds(play(g, "battle double"))


def test_no_gold_and_too_few_cannons_is_a_defeat_at_once():
    g = fog(gold=[0, 0])
    g.state.gold[0] = 0  # spend the poor income
    ev = play(g, "event pirate 2")
    assert "Defeat" in kinds(ev) and ev[-1].kind in ("VoyageEnded", "LetterReceived")
    assert g.state.phase == "shuffle"


def test_a_cannoneer_changes_what_is_enough_to_win():
    """One cannon with a Cannoneer can score 2: no gold is then no automatic defeat (errata)."""
    g = fog(gold=[0, 0], crew=[["cannoneer"], []])
    g.state.gold[0] = 0
    play(g, "event pirate 2")
    assert g.state.phase == "pirate" and legal(g) == ["fight"]
    refused(g, "pay", P, "you have 0")
    ev = play(g, "fight")
    assert g.state.phase == "battle" and "BattleStarted" in kinds(ev)


def test_with_no_gold_and_enough_cannons_the_captain_must_fight():
    g = fog(gold=[0, 0], cannons=[3, 1])
    g.state.gold[0] = 0
    play(g, "event pirate 3")
    assert legal(g) == ["fight"]


def test_a_fight_that_cannot_be_won_is_a_defeat_without_dice():
    g = fog(gold=[3, 3])
    play(g, "event pirate 3")
    ev = play(g, "fight")
    assert "Defeat" in kinds(ev) and "BattleStarted" not in kinds(ev) and g.state.gold[0] == 3


@pytest.mark.parametrize("roll", ["battle pip", "battle pip,pip,pip", "battle gold"])
def test_battle_outcomes_must_match_the_cannons(roll):
    g = fog(gold=[3, 3], cannons=[2, 1])
    play(g, "event pirate 1", "fight")
    with pytest.raises(ValueError):
        g.apply(roll)
    assert g.state.phase == "battle"


def test_fog_never_counts_as_an_action():
    g = fog(gold=[3, 3], cannons=[2, 1])
    play(g, "event pirate 1", "fight", "battle pip,blank", "reveal", "salvage")
    assert g.state.actions == 1


def test_pirates_refusals_name_the_section():
    g = fog(gold=[3, 3])
    play(g, "event treasure")
    refused(g, "fight", P, "no pirate")
    refused(g, "pay", P, "no pirate")
