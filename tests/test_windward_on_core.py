"""Windward on the shared core: the rules object, the hooks of the modes, the record's schema,
the descriptions of every verb, the deprecated paths, and the sample games' generator."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import jsonschema
import pytest

import windward_nb as ww
from windward_nb import windward
from windward_nb.core.game import Game as CoreGame
from windward_nb.core.rules import Rules
from windward_nb.windward import hooks
from windward_nb.windward.actions import GRAMMAR, Action
from windward_nb.windward.frames import FRAME_KINDS
from windward_nb.windward.record import Record
from windward_nb.windward.rules import RULES
from windward_nb.windward.simulate import write_samples

DATA = Path(__file__).resolve().parents[1] / "notebooks" / "data"


def test_windward_is_a_core_game():
    g = ww.new_game(players=3, seed=1)
    assert isinstance(g, CoreGame) and isinstance(RULES, Rules) and g.rules is RULES
    assert type(g.state).rules is RULES and ww.GameRecord is Record and isinstance(g.record, Record)
    assert ww.Action is Action and Action.grammar is GRAMMAR
    assert ww.new_game(game="Windward", players=2, seed=1).state.fingerprint() == \
        ww.new_game(players=2, seed=1).state.fingerprint()
    # the registry's module is the windward package, with what the core looks for
    for name in ("new_game", "RULES", "Record", "BOTS", "simulation_tally", "SimResult"):
        assert hasattr(windward, name), name


def test_every_verb_has_its_handlers():
    turn = {"move", "enter", "leave", "zephyr", "around", "row", "order", "buy", "play", "pickup", "drop", "end",
            "trade"}
    for name, verb in GRAMMAR.verbs.items():
        if name in turn:
            assert verb.check is not None and verb.apply is not None, name
        if not verb.chance:
            assert verb.describe is not None, name
    assert set(FRAME_KINDS) >= {"battle", "take", "rest", "end", "start", "wind", "grey", "shuffle", "place_red",
                                "plunder", "reds", "sky_bonus", "white_move", "white_roll", "place_white", "teeth",
                                "release"}


def test_the_verbs_the_old_view_could_not_describe():
    g = ww.scenario(players=2, mode="cooperative", white="0,5",
                    ships=[{"pos": "port"}, {"pos": "port", "hand": ["fuel"]}])
    trade = next(a for a in g.legal_actions() if a.verb == "trade")
    assert g.describe(trade) == "Give Fuel from player 2 to player 1"
    g = ww.scenario(players=2, mode="cooperative", white="0,5", auto_chance=False,
                    ships=[{"pos": "0,-1", "grey_teeth": 1, "red_teeth": 1}, {"pos": "port"}])
    g.apply("enter port")
    texts = {str(a): g.describe(a) for a in g.legal_actions()}
    assert texts == {"cash teeth for notoriety": "Trade the teeth in your hold for 7 notoriety",
                     "cash teeth for gas": "Trade the teeth in your hold for 7 gas (as much as your storage holds)"}
    g = ww.scenario(players=3, variants=["naturalist"], reds=[], auto_chance=False,
                    ships=[{"pos": "0,-2", "hold": "red", "colour": "purple", "morale": 3}, {"pos": "port"},
                           {"pos": "port"}])
    g.apply("order research")
    assert g.describe(g.legal_actions()[0]).startswith("Release the tagged red crester at ")


def test_the_combined_hooks_of_a_game():
    assert [h.name for h in hooks.combine("free-for-all", ("achievements", "white"), "small").hooks] == \
        ["free-for-all", "white", "achievements", "small"]  # variants act in their registered order
    solo = hooks.combine("solo", (), "small")
    s = ww.new_game(players=1, seed=2, planet="small").state
    assert solo.red_speed(s) == 3 and solo.red_stack(s) == 2 and solo.reds_roam(s) and solo.team
    small = hooks.combine("head-to-head", (), "small")
    assert small.red_speed(s) == 2 and not small.team and not small.watches_actions
    assert hooks.combine("cooperative").white_crester and not hooks.combine("free-for-all").white_crester
    with pytest.raises(ValueError, match="mode must be one of free-for-all, head-to-head, solo, cooperative"):
        hooks.combine("chess")
    with pytest.raises(ValueError, match="unknown variant 'zombies'"):
        hooks.combine("free-for-all", ("zombies",))


def test_a_new_variant_hooks_in_without_touching_the_base_rules():
    class Slow(hooks.Hooks):
        name, kind = "slow-reds", "variant"

        def red_speed(self, s):
            return 1

    hooks.register(Slow())
    try:
        g = ww.scenario(players=2, variants=["slow-reds"], wind=1, reds=["2,-4"], auto_chance=False,
                        ships=[{"pos": "0,-1", "morale": 3}, {"pos": "port"}])
        g.apply("end turn")
        moves = [e for e in g.apply("rest morale") if e.kind == "CresterMoved"]
        assert len(moves) == 1 and len(moves[0].data["path"]) == 2  # one space instead of three
    finally:
        del hooks.VARIANTS["slow-reds"]
        hooks._CACHE.clear()


def test_returns_of_the_team_modes():
    g = ww.scenario(players=1, reds=[], white="0,-3", ships=[{"pos": "0,-2", "cannons": 3}], auto_chance=False)
    assert RULES.returns(g.state) == [0.0]
    g.state.over, g.state.white = True, -3
    assert RULES.returns(g.state) == [1.0]


def test_the_record_schema_is_valid_json_schema_and_agrees_with_the_checker():
    schema = Record.schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    records = [json.loads(p.read_text()) for p in sorted(DATA.glob("*.wwr.json"))]
    g = ww.scenario(players=2, wind=3, ships=[{"pos": "0,-3"}, {"pos": "port"}])
    g.apply("move N")
    records.append(g.record.to_dict())
    for d in records:
        jsonschema.validate(d, schema)
        Record.check_dict(d)
    bad = dict(records[0], options=dict(records[0]["options"], mode="chess"))
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, schema)
    with pytest.raises(ww.RecordError, match="options.mode"):
        Record.check_dict(bad)


def test_load_record_dispatches_on_the_format(tmp_path):
    g = ww.new_game(players=2, seed=9)
    g.apply("end turn")
    path = g.record.save(tmp_path / "g.wwr.json")
    again = ww.load_record(path)
    assert isinstance(again, Record) and again.replay().state.fingerprint() == g.state.fingerprint()
    path.write_text(json.dumps(dict(json.loads(path.read_text()), format="chess-record")))
    with pytest.raises(ww.RecordError, match="unknown record format 'chess-record'"):
        ww.load_record(path)


def test_deprecated_paths_name_the_moved_modules(monkeypatch):
    import sys

    for old in ("engine", "state", "variants"):  # as in a fresh process: not yet used
        monkeypatch.delitem(sys.modules, f"windward_nb.{old}", raising=False)
        if old in vars(ww):  # (hasattr would ask the package's __getattr__, which warns)
            monkeypatch.delattr(ww, old)
    with pytest.warns(FutureWarning, match=r"windward_nb\.engine is deprecated and goes in windward-nb 0\.3: "
                                           r"use windward_nb\.windward\.engine"):
        import windward_nb.engine
    with pytest.warns(FutureWarning, match="use windward_nb.windward.state"):
        import windward_nb.state
    with pytest.warns(FutureWarning, match="use windward_nb.windward.modes"):
        from windward_nb import variants

    assert windward_nb.engine is windward.engine and windward_nb.state is windward.state
    assert variants.tags_left is windward.modes.naturalist.tags_left
    import windward_nb.scenario  # noqa: F401  (the module, registered quietly: the name is the function's)

    assert callable(ww.scenario)  # the public function, not the module of the same name
    assert ww.errors.IllegalActionError is ww.IllegalActionError
    with pytest.raises(AttributeError, match="has no attribute 'engines'"):
        ww.engines


# the sample games' generator writes the same games as before the move (the files shipped in
# notebooks/data were made by an earlier GreedyBot; these figures were taken from commit 39c4721)
SAMPLES = {"greedy-2p.wwr.json": (294, "920ed7488f85ac00", "ffba4167da8b4c1f", [25, 24], 7),
           "greedy-4p.wwr.json": (367, "7eef964575f6a8d9", "de712acdfe705856", [16, 17, 6, 12], 5),
           "greedy-5p.wwr.json": (403, "90affb1d283fecbe", "c40ceadfe149e5f9", [18, 11, 7, 2, 10], 5)}


def test_write_samples_plays_the_same_games_as_before(tmp_path):
    for path in map(Path, write_samples(tmp_path)):
        d = json.loads(path.read_text())
        plies, actions, comments, scores, rounds = SAMPLES[path.name]
        assert len(d["actions"]) == plies
        assert hashlib.sha256("\n".join(d["actions"]).encode()).hexdigest()[:16] == actions
        assert hashlib.sha256(json.dumps(d["comments"], sort_keys=True).encode()).hexdigest()[:16] == comments
        assert d["meta"]["final"]["scores"] == scores and d["meta"]["final"]["rounds"] == rounds
        assert ww.load_record(path).replay().scores() == scores
