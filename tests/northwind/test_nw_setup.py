"""Preparation: stacks, personal supplies, ships, options and component files."""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest

import windward_nb as ww
from windward_nb.core.errors import IllegalActionError, OptionError
from windward_nb.northwind import NWAction, RULES, load_components, new_game, start_state
from windward_nb.northwind.components import ComponentError

from nw_helpers import refused


@pytest.mark.parametrize("players,tokens", [(2, 10), (3, 10), (4, 8)])
def test_every_captain_starts_with_the_rules_supply(players, tokens):
    s = start_state(players)
    assert s.gold == [5] * players and s.letters == [1] * players
    assert s.tokens == [tokens] * players and s.target_tokens == tokens
    assert s.cannons == [1] * players and s.sail == [4] * players
    assert s.crew == [[]] * players, "the 4 starting crew wait in the supply, none aboard"
    assert s.hold == [[0] * 5] * players and s.brig == [0] * players
    assert s.tray == [8] * 5 and s.captains == 8 and s.letter_supply == 8 - players
    assert RULES.invariants(s) == []


def test_the_deal_gives_three_stacks_of_eight_each_with_its_destination():
    g = new_game(players=3, seed=11)
    s = g.state
    assert [str(a).split()[0] for a in g.actions] == ["deal", "shuffle", "shuffle", "shuffle"]
    assert [len(st) for st in s.stacks] == [8, 8, 8]
    for i, d in enumerate(s.comp.destinations):
        assert d in s.stacks[i] and s.known[i] == [d]
    assert sorted(t for st in s.stacks for t in st) == sorted(s.comp.tiles)
    assert g.current_player == 0 and s.phase == "choose" and s.turns == 1


def test_the_deal_is_uniform_over_stacks():
    """Each ordinary tile lands in each stack about a third of the time (seeded)."""
    counts = Counter()
    n = 300
    for seed in range(n):
        s = new_game(players=2, seed=seed).state
        for i, st in enumerate(s.stacks):
            if "wreck" in st:
                counts[i] += 1
    assert sum(counts.values()) == n
    assert all(abs(counts[i] - n / 3) < 4.5 * (n * 2 / 9) ** 0.5 for i in range(3)), counts


def test_the_same_seed_gives_the_same_game_and_chance_can_be_given_by_hand():
    a, b = new_game(players=2, seed=4), new_game(players=2, seed=4)
    assert a.state.fingerprint() == b.state.fingerprint()
    manual = new_game(players=2, seed=None, auto_chance=False)
    assert manual.current_player == -1 and manual.legal_actions() == []
    others = list(manual.state.comp.others)
    refused(manual, "deal " + ",".join(others[:-1]), "Preparing the Sea Tile Stacks")
    refused(manual, "deal " + ",".join(others[:-1] + [others[0]]), "Preparing the Sea Tile Stacks")
    refused(manual, "sail olsand", "Trading Voyage", "chance decides now")
    manual.apply("deal " + ",".join(others))
    st = manual.state.stacks[0]
    refused(manual, "shuffle olsand " + ",".join(manual.state.stacks[2]), "Shuffling the Tiles")
    refused(manual, "shuffle north-cape " + ",".join(st[:-1] + ["olsand"]), "Shuffling the Tiles")
    manual.apply("shuffle north-cape " + ",".join(reversed(st)))
    assert manual.state.stacks[0] == list(reversed(st))


def test_ww_new_game_dispatches_to_north_wind():
    g = ww.new_game(game="north-wind", players=4, seed=2)
    assert g.rules is RULES and g.players == 4 and g.state.target_tokens == 8
    assert g.record is not None and g.record.options["players"] == 4


@pytest.mark.parametrize("bad", [1, 5, 0, "3", 2.0, True, None])
def test_player_counts_outside_two_to_four_are_refused(bad):
    with pytest.raises(OptionError):
        new_game(players=bad)


@pytest.mark.parametrize("opts", [{"stop_early": "yes"}, {"exclusive_bonuses": 1}, {"max_turns": 0},
                                  {"max_turns": 2.5}, {"max_turns": True}, {"colour": "red"}])
def test_bad_options_are_refused_by_name(opts):
    with pytest.raises(OptionError) as exc:
        new_game(players=2, **opts)
    assert list(opts)[0] in str(exc.value)


def test_own_components_from_a_dict_a_file_and_a_directory(tmp_path):
    comp = load_components()
    raw = json.loads(json.dumps(comp.raw))
    raw["components"]["gold"]["start"] = 7
    raw["tiles"]["tiles"][-1]["goods"] = {"wine": 1}
    mine = load_components({"components": raw["components"], "tiles": raw["tiles"]})
    assert mine.gold_start == 7 and mine.tile("wine-2").goods == {"wine": 1} and not mine.is_default()
    g = new_game(players=2, seed=1, data={"components": raw["components"]})
    assert g.state.gold == [7, 7] and g.record.options["data"]["components"]["gold"]["start"] == 7
    (tmp_path / "components.json").write_text(json.dumps(raw["components"]))
    assert load_components(tmp_path).gold_start == 7
    one = tmp_path / "all.json"
    one.write_text(json.dumps({"tiles": raw["tiles"]}))
    assert load_components(one).tile("wine-2").goods == {"wine": 1}
    # a record of such a game replays with its own components
    again = type(g.record).from_json(g.record.to_json()).replay()
    assert again.state.fingerprint() == g.state.fingerprint()


@pytest.mark.parametrize("change,field", [
    (lambda r: r["components"]["event_die"].update(faces=["treasure", "kraken"]), "event_die.faces"),
    (lambda r: r["components"]["battle_die"].update(faces=[]), "battle_die.faces"),
    (lambda r: r["components"]["sail"].update(start=9), "sail.max"),
    (lambda r: r["components"]["gold"].update(start=-1), "gold.start"),
    (lambda r: r["components"]["goods"].update(kinds=["salt"]), "goods.kinds"),
    (lambda r: r["tiles"]["tiles"].pop(), "tiles"),
    (lambda r: r["tiles"]["tiles"][5].update(kind="volcano"), "tiles[5].kind"),
    (lambda r: r["tiles"]["tiles"][5].update(id="Fog 1"), "tiles[5].id"),
    (lambda r: r["tiles"]["tiles"][4].update(id="fog-1"), "tiles[4].id"),
    (lambda r: r["tiles"]["tiles"][-1].update(goods={"rum": 1}), "tiles[23].goods"),
    (lambda r: r["tasks"]["columns"]["olsand"][0].update(need={"gems": 1}), "tasks.columns.olsand[0].need"),
    (lambda r: r["tasks"]["columns"].pop("olsand"), "tasks.columns"),
])
def test_malformed_components_are_refused_naming_the_field(change, field):
    raw = json.loads(json.dumps(load_components().raw))
    change(raw)
    with pytest.raises(ComponentError) as exc:
        load_components(raw)
    assert field in str(exc.value)


def test_component_sources_that_are_not_files_or_dicts_are_refused(tmp_path):
    for bad in [42, tmp_path / "missing.json", tmp_path]:
        with pytest.raises(ComponentError):
            load_components(bad)
    junk = tmp_path / "tiles.json"
    junk.write_text("{not json")
    with pytest.raises(ComponentError):
        load_components(junk)
    with pytest.raises(ComponentError):
        load_components({"dice": {}})


def test_every_component_value_says_where_it_comes_from():
    raw = load_components().raw
    for key, entry in raw["components"].items():
        if isinstance(entry, dict):
            assert entry.get("source") in ("rulebook", "public", "assumed"), key
    for t in raw["tiles"]["tiles"]:
        assert t["source"] in ("rulebook", "public", "assumed"), t["id"]
    for col in raw["tasks"]["columns"].values():
        assert col[0]["source"] == "rulebook"
        assert all(f["source"] in ("rulebook", "assumed") for f in col)
    assert len(raw["tiles"]["tiles"]) == 24


def test_chance_outcomes_for_the_dice_sum_to_one():
    from windward_nb.northwind.scenario import scenario

    g = scenario(players=2, stacks={"olsand": ["fog-1"]}, cannons=[3, 1])
    g.apply("sail olsand")
    g.apply("reveal")
    outs = g.chance_outcomes()
    assert abs(sum(p for _, p in outs) - 1) < 1e-12 and len(outs) == 4
    g.apply("event pirate 2")
    g.apply("fight")
    outs = g.chance_outcomes()
    assert abs(sum(p for _, p in outs) - 1) < 1e-12 and len(outs) == 10  # multisets of 3 dice, 3 faces
    with pytest.raises(IllegalActionError):
        g.apply("battle pip,pip")  # 2 dice for 3 cannons
    assert NWAction.parse("battle blank,pip,pip") in [a for a, _ in outs]
    rng = np.random.default_rng(0)
    assert RULES.sample_chance(g.state, rng) in [a for a, _ in outs]
