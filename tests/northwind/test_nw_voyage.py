"""Gameplay: gold income for the poor, the trading voyage, two actions, letters received, reshuffling."""

from __future__ import annotations

from windward_nb.northwind.scenario import scenario

from nw_helpers import bad_text, game, kinds, legal, no_invariant_broken, play, refused

V = "Trading Voyage"


def test_a_captain_with_no_gold_takes_one_at_the_start_of_the_turn():
    g = game(gold=[0, 0, 3], players=3)
    assert g.state.gold == [1, 0, 3]
    assert "PoorIncome" in kinds(g.last_events)


def test_a_treasurer_gives_two_instead_of_one():
    g = game(gold=[0, 4], crew=[["treasurer"], []])
    assert g.state.gold == [2, 4]


def test_no_income_with_gold():
    assert game(gold=[1, 0]).state.gold == [1, 0]


def test_the_captain_chooses_one_of_the_three_stacks():
    g = game()
    assert legal(g) == ["sail north-cape", "sail fort-haven", "sail olsand"]
    refused(g, "sail atlantis", V, "no stack")
    refused(g, "reveal", V, "choose a stack")
    refused(g, "buy salt", V, "choose a stack")
    play(g, "sail olsand")
    refused(g, "sail olsand", V, "one stack per turn")


def test_tiles_are_revealed_in_order_up_to_the_sail_level():
    top = ["wreck", "salt-1", "grain-1", "fish-1", "lumber-1", "olsand"]
    g = game(stacks={"olsand": top}, gold=[0, 0])
    play(g, "sail olsand", "reveal")
    assert g.state.row == ["wreck"] and g.state.phase == "tile"
    play(g, "pass")
    for k in range(2, 4):
        assert legal(g) == ["reveal", "end voyage"]
        play(g, "reveal")
        assert g.state.row == top[:k]
        play(g, "pass")
    ev = play(g, "reveal", "pass")  # the fourth tile: the range is reached
    assert g.state.row == [] and "VoyageEnded" in kinds(ev)
    assert g.state.phase == "shuffle"  # chance shuffles the stack before the next turn
    no_invariant_broken(g)


def test_the_stack_is_reshuffled_and_the_next_captain_plays():
    g = game(stacks={"olsand": ["wreck"]}, players=3)
    play(g, "sail olsand", "reveal", "salvage", "end voyage")
    contents = sorted(g.state.stacks[2])
    assert g.current_player == -1
    g.apply("shuffle olsand " + ",".join(contents))
    assert g.current_player == 1 and g.state.turns == 2 and sorted(g.state.stacks[2]) == contents
    assert g.state.stack == -1 and g.state.row == [] and g.state.actions == 0


def test_two_actions_end_the_voyage_at_once():
    # the rules' example: fog (treasure), buy 2 salt, sell 2 salt -> the voyage is cut short
    g = game(stacks={"north-cape": ["fog-1", "salt-1", "salt-3", "north-cape"]}, hold=[{"wine": 1}, {}],
             gold=[5, 5], letters=[0, 0])
    play(g, "sail north-cape", "reveal", "event treasure")
    assert g.state.gold[0] == 6
    play(g, "reveal", "buy salt,salt", "reveal")
    ev = play(g, "sell salt,salt")
    assert "TwoActions" in kinds(ev) and "VoyageEnded" in kinds(ev)
    assert g.state.gold[0] == 10, "5 gold more than at the start of the voyage"
    assert g.state.letters[0] == 0, "two actions: no letter"


def test_a_quiet_voyage_earns_a_letter_but_never_a_third():
    g = game(stacks={"olsand": ["wreck", "fog-1"]}, letters=[1, 2], players=2)
    play(g, "sail olsand", "reveal", "salvage", "end voyage")
    assert g.state.letters[0] == 2
    g.apply("shuffle olsand " + ",".join(g.state.stacks[2]))
    assert g.current_player == 1
    play(g, "sail olsand", "reveal")
    while g.state.phase != "shuffle":
        play(g, g.legal_actions()[-1] if g.state.phase != "event" else "event treasure")
    assert g.state.letters == [2, 2]
    no_invariant_broken(g)


def test_the_captain_may_end_a_voyage_early_but_only_after_a_tile():
    g = game(stacks={"olsand": ["salt-1"]})
    play(g, "sail olsand")
    refused(g, "end voyage", V, "at least one tile")
    play(g, "reveal", "pass")
    assert "end voyage" in legal(g)
    ev = play(g, "end voyage")
    assert "VoyageEnded" in kinds(ev) and "LetterReceived" in kinds(ev)


# N6. The rules text: "Each time you reveal a Sea tile, you must choose what to do with it before
# revealing the next Sea tile." and, at a pirate, "you pay 1 gold to continue your voyage, i.e.,
# reveal the next tile (if you haven't yet reached the end of the range of your voyage limit)".
# A voyage ends at its range, after two actions, or at a defeat; never at the captain's will.
def test_by_default_the_voyage_runs_on_by_itself_to_its_range():
    g = game(stacks={"olsand": ["salt-1", "grain-1", "wreck", "fish-1", "olsand"]}, stop_early=False)
    play(g, "sail olsand", "reveal", "pass")
    assert g.state.phase == "tile" and g.state.row == ["salt-1", "grain-1"]
    refused(g, "end voyage", V, "cannot be ended at will")
    play(g, "pass", "salvage")
    assert g.state.row == ["salt-1", "grain-1", "wreck", "fish-1"]
    ev = play(g, "pass")                                 # the fourth tile: the range (sail 4) is reached
    assert "the end of its range" in next(e.text for e in ev if e.kind == "VoyageEnded")


def test_the_default_is_the_rules_reading_and_a_record_without_the_option_replays_the_old_way():
    import json

    from windward_nb.northwind import new_game
    from windward_nb.northwind.record import Record

    g = new_game(players=2, seed=3)
    assert g.state.options["stop_early"] is False and g.record.options["stop_early"] is False
    old = scenario(players=2, stacks={"olsand": ["salt-1", "wreck"]}, stop_early=True, seed=1)
    for a in ("sail olsand", "reveal", "pass", "end voyage"):
        old.apply(a)
    d = json.loads(old.record.to_json())
    del d["options"]["stop_early"]                       # a record from before the option's default changed
    again = Record.from_dict(d).replay()
    assert again.state.fingerprint() == old.state.fingerprint() and again.state.options["stop_early"] is True


def test_after_paying_a_pirate_the_next_tile_is_revealed_and_a_defeat_ends_the_voyage():
    g = game(stacks={"olsand": ["fog-1", "salt-1", "fog-2", "wreck"]}, gold=[3, 3], stop_early=False)
    play(g, "sail olsand", "reveal", "event pirate 1", "pay")
    assert g.state.row == ["fog-1", "salt-1"] and g.state.phase == "tile"
    play(g, "pass", "event pirate 3")
    ev = play(g, "fight")                                # 1 cannon cannot score 3 hits: a defeat at once
    assert "VoyageEnded" in kinds(ev) and g.state.phase == "shuffle"


def test_the_commercial_letter_is_no_reward_for_turning_back():
    # with the voyage running to its range, a captain who used one tile sees every tile up to the range
    g = game(stacks={"olsand": ["wreck", "salt-1", "grain-1", "fish-1"]}, letters=[0, 0], stop_early=False)
    play(g, "sail olsand", "reveal", "salvage")
    assert g.state.phase == "tile" and g.state.row == ["wreck", "salt-1"]
    play(g, "pass", "pass")
    ev = play(g, "pass")
    assert "VoyageEnded" in kinds(ev) and "LetterReceived" in kinds(ev) and len(g.state.stacks[2]) == 8


def test_a_tile_with_nothing_to_do_is_passed_for_the_captain():
    # gold 0 at a commercial harbour with an empty hold: nothing to buy, sell or throw
    g = game(stacks={"olsand": ["salt-3", "wreck"]}, gold=[0, 0], crew=[["treasurer"], []])
    g.state.gold[0] = 0  # spend the Treasurer's income
    ev = play(g, "sail olsand", "reveal")
    assert "TilePassed" in kinds(ev) and g.state.phase == "sail"


def test_cutting_moves_tiles_from_top_to_bottom_unseen_once_before_the_first_tile():
    g = game(stacks={"olsand": ["salt-1", "grain-1", "wreck"]})
    play(g, "sail olsand")
    assert [a for a in legal(g) if a.startswith("cut")] == [f"cut {n}" for n in range(1, 8)]
    refused(g, "cut 8", V, "1 to 7")
    bad_text(g, "cut 0")
    play(g, "cut 2")
    assert g.state.stacks[2][0] == "wreck" and g.state.stacks[2][-2:] == ["salt-1", "grain-1"]
    refused(g, "cut 1", V, "already")
    play(g, "reveal")
    refused(g, "cut 1", V, "before the first tile")


def test_actions_of_another_phase_are_refused_with_the_expected_step():
    g = game(stacks={"olsand": ["fog-1"]})
    play(g, "sail olsand", "reveal")
    refused(g, "pass", V, "chance decides now")
    bad_text(g, "event pirate 4")
    play(g, "event pirate 1")
    refused(g, "reveal", "Pirate Ship", "pay or fight")
    refused(g, "event treasure", V, "chance outcome")


def test_fog_tiles_count_toward_the_range_but_never_as_actions():
    g = game(stacks={"olsand": ["fog-1", "fog-2", "fog-3", "fog-4", "wreck"]}, gold=[3, 3])
    play(g, "sail olsand")
    for _ in range(4):
        play(g, "reveal", "event treasure")
    assert g.state.phase == "shuffle" and g.state.gold[0] == 7
    assert g.state.letters[0] == 2, "no action taken: a letter"


def test_scenario_rejects_impossible_positions():
    import pytest

    from windward_nb.core.errors import OptionError

    for kw in [dict(stacks={"olsand": ["north-cape"]}), dict(stacks={"atlantis": []}),
               dict(hold=[{"salt": 3}, {}]), dict(gold=[-1, 0]), dict(crew=[["cook"], []]),
               dict(stacks={"olsand": ["wreck"], "fort-haven": ["wreck"]}), dict(turn=2),
               dict(tasks={"olsand": [0] * 10})]:
        with pytest.raises(OptionError):
            scenario(players=2, **kw)
