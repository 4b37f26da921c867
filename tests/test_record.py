"""Game records: save -> load -> replay reproduces every position; bad files raise RecordError only.

The round trip plays whole RandomBot games for every player count, keeping the
state fingerprint after every ply, then replays the saved file and compares.
The fuzz tests mutate real records (fields dropped or retyped, actions
corrupted, text cut short, random JSON) and require that reading them raises
nothing but RecordError.
"""

from __future__ import annotations

import copy
import json
import os
import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import windward_nb as ww
from windward_nb.windward import record as record_mod
from windward_nb.errors import RecordError
from windward_nb.record import FORMAT, GameRecord, load_record
from windward_nb.simulate import play_game


def played(players: int, seed: int, bots="random", max_actions: int = 20_000):
    """A bot game with the fingerprint of the position after every ply (index 0 = the start)."""
    fps: list[str] = []

    def observe(state, action, events):
        fps.append(state.fingerprint())

    res = play_game(players, bots, seed, max_actions=max_actions, record=True, observer=observe)
    start = res.record.start_state()[0].fingerprint()
    return res, [start] + fps


# ------------------------------------------------------------------------------ round trip
@pytest.mark.parametrize("players,seed", [(2, 1), (2, 2), (3, 3), (3, 4), (4, 5), (4, 6), (5, 7), (5, 8)])
def test_save_load_replay_reproduces_every_ply(tmp_path, players, seed):
    res, fps = played(players, seed)
    rec = res.record
    assert res.over and len(rec) == res.plies == len(fps) - 1
    path = rec.save(tmp_path / "game.wwr.json")
    loaded = load_record(path)
    assert loaded.to_dict() == rec.to_dict()
    replay = loaded.cursor(every=50)
    assert replay.state.fingerprint() == fps[0]
    for k in range(1, len(loaded) + 1):
        replay.forward()
        assert replay.state.fingerprint() == fps[k], f"ply {k}"
    # the Game-level replay reaches the same end, and its scores are the recorded ones
    game = loaded.replay()
    assert game.state.fingerprint() == fps[-1]
    assert game.scores() == res.scores == loaded.meta["final"]["scores"]
    assert game.is_over


def test_record_fields_and_players(tmp_path):
    res, _ = played(3, 11, bots=["greedy", "random", "greedy"], max_actions=400)
    d = json.loads(res.record.to_json())
    assert d["format"] == FORMAT and d["version"] == 1
    assert d["options"] == {"players": 3, "mode": "free-for-all", "planet": "large", "variants": [], "edition": "a"}
    comp = ww.load_components()
    assert d["components"] == {"name": comp.name, "hash": comp.content_hash}
    assert [p["kind"] for p in d["players"]] == ["bot"] * 3
    assert [p["bot"] for p in d["players"]] == ["GreedyBot", "RandomBot", "GreedyBot"]
    assert [p["colour"] for p in d["players"]] == d["setup"]["colours"]
    assert all(isinstance(a, str) for a in d["actions"])
    assert any(a.startswith("dice ") for a in d["actions"]) or any(a.startswith("wind ") for a in d["actions"])


def test_game_record_saves_atomically(tmp_path, monkeypatch):
    g = ww.new_game(players=2, seed=4)
    g.apply("end turn")
    path = tmp_path / "g.wwr.json"
    g.record.save(path)
    before = path.read_text()
    g.apply(g.legal_actions()[0])

    def boom(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        g.record.save(path)
    monkeypatch.undo()
    assert path.read_text() == before  # the old file is intact
    assert sorted(os.listdir(tmp_path)) == ["g.wwr.json"]  # and no temporary file is left
    g.record.save(path)
    assert load_record(path).actions == g.record.actions


def test_human_game_comments_and_text(tmp_path):
    g = ww.new_game(players=2, seed=3, names=["Ann", "Bob"])
    for _ in range(30):
        g.apply(g.legal_actions()[0])
    g.record.comment(0, "A quiet opening.")
    g.record.comment(len(g.record), "Look at this move.")
    with pytest.raises(ValueError):
        g.record.comment(len(g.record) + 1, "too far")
    rec = load_record(g.record.save(tmp_path / "h.wwr.json"))
    assert rec.comments == {0: "A quiet opening.", len(g.record): "Look at this move."}
    assert rec.players[0] == {"name": "Ann", "colour": rec.setup["colours"][0], "kind": "human"}
    text = rec.to_text()
    assert "Ann" in text and "Bob" in text and "Round 1" in text
    assert "A quiet opening." in text and "Look at this move." in text


def test_to_text_reads_like_a_score_sheet():
    res, _ = played(2, 21, bots="greedy")
    text = res.record.to_text()
    lines = text.splitlines()
    assert lines[0].startswith("WINDWARD — head-to-head, 2 players")
    assert any(line.startswith("Round 2") for line in lines)
    assert "rolls" in text and "hits" in text  # dice are shown
    assert "Final notoriety:" in text and "wins with" in text
    for k in range(2):
        assert f"GreedyBot {k + 1}" in text


def test_undone_plies_drop_their_comments():
    g = ww.new_game(players=2, seed=8)
    g.apply(g.legal_actions()[0])
    g.apply(g.legal_actions()[0])
    g.record.comment(len(g.record), "soon undone")
    g.undo()
    assert "soon undone" not in g.record.to_json()
    GameRecord.from_json(g.record.to_json()).verify()


def test_scenario_record_round_trip():
    g = ww.scenario(players=2, wind=3, ships=[{"pos": "0,-3", "cannons": 2}, {"pos": "port"}], auto_chance=False)
    g.apply("move N")
    g.apply("end turn")
    while g.current_player == ww.CHANCE or g.current_player >= 0 and len(g.record) < 12:
        g.apply(g.legal_actions()[0])
    rec = GameRecord.from_json(g.record.to_json())
    assert rec.position is not None
    assert rec.verify().fingerprint() == g.state.fingerprint()
    assert rec.replay().state.fingerprint() == g.state.fingerprint()


def test_replay_keeps_the_chance_generator_in_step():
    """A replayed game that draws its own chance continues exactly as the original would."""
    g = ww.new_game(players=3, seed=12)
    for _ in range(40):
        g.apply(g.legal_actions()[-1])
    again = GameRecord.from_json(g.record.to_json()).replay(auto_chance=True)
    for _ in range(40):
        a = g.legal_actions()[0]
        g.apply(a)
        again.apply(a)
    assert again.state.fingerprint() == g.state.fingerprint()


# ------------------------------------------------------------------------------ refusals
@pytest.fixture(scope="module")
def base() -> dict:
    res, _ = played(3, 5, bots="greedy", max_actions=120)
    return res.record.to_dict()


def refused(d, *words) -> str:
    with pytest.raises(RecordError) as exc:
        GameRecord.from_json(json.dumps(d)).verify()
    msg = str(exc.value)
    for w in words:
        assert w in msg, msg
    return msg


def test_refuses_unknown_versions(base):
    refused(dict(base, version=3), "version 3", "newer")
    refused(dict(base, version="1"), "version", "whole number")
    refused(dict(base, format="chess-pgn"), "format")
    refused({k: v for k, v in base.items() if k != "version"}, "version is missing")


def test_refuses_missing_and_mistyped_fields(base):
    for key in ("options", "components", "players", "setup", "actions"):
        refused({k: v for k, v in base.items() if k != key}, f"{key} is missing")
    refused(dict(base, actions="end turn"), "actions should be a list")
    refused(dict(base, options=dict(base["options"], players="3")), "options.players")
    refused(dict(base, options=dict(base["options"], players=True)), "options.players")
    refused(dict(base, options=dict(base["options"], mode="chess")), "options", "mode")
    refused(dict(base, setup=dict(base["setup"], wind=9)), "setup", "wind")
    refused(dict(base, setup={k: v for k, v in base["setup"].items() if k != "deck"}), "setup.deck is missing")
    refused(dict(base, players=base["players"][:2]), "players lists 2 entries")
    p = copy.deepcopy(base["players"])
    p[1]["kind"] = "robot"
    refused(dict(base, players=p), "players[1].kind")
    refused(dict(base, seed=-1), "seed")
    refused(dict(base, comments={"x": "hi"}), "comments")
    refused(dict(base, comments={str(len(base["actions"]) + 1): "hi"}), "comments")
    refused(dict(base, colour="blue"), "colour is not a field")
    refused(dict(base, meta=[1]), "meta must be an object")


def test_refuses_other_component_sets(base, tmp_path):
    d = dict(base, components={"name": "home-made", "hash": "0123456789abcdef"})
    path = tmp_path / "x.wwr.json"
    path.write_text(json.dumps(d))
    with pytest.raises(RecordError, match="components: the record was made with component set 'home-made'"):
        load_record(path)


def test_illegal_action_names_the_ply_and_the_reason(base):
    d = copy.deepcopy(base)
    k = next(i for i, a in enumerate(d["actions"]) if a == "end turn" and i > 5)
    d["actions"][k] = "buy notoriety"
    with pytest.raises(RecordError) as exc:
        GameRecord.from_dict(d).verify()
    assert exc.value.ply == k + 1 and exc.value.field == f"actions[{k}]"
    assert f"actions[{k}] (ply {k + 1}) 'buy notoriety' is illegal:" in str(exc.value)
    assert str(exc.value).endswith("]")  # the engine's rule, in brackets
    d["actions"][k] = "fly to the moon"
    refused(d, f"(ply {k + 1})", "unknown action")
    d["actions"][k] = "dice 1,1,1,1,1,1,1,1,1,1,1,1,1,1,1"
    refused(d, f"(ply {k + 1})")


def test_refuses_absurd_sizes(base, tmp_path, monkeypatch):
    monkeypatch.setattr(record_mod, "MAX_ACTIONS", 50)
    refused(base, "actions has", "refused")
    monkeypatch.undo()
    refused(dict(base, actions=base["actions"][:3] + ["x" * 10_000]), "actions[3]")
    monkeypatch.setattr(record_mod, "MAX_BYTES", 1000)
    path = tmp_path / "big.wwr.json"
    path.write_text(json.dumps(base))
    with pytest.raises(RecordError, match="bytes are refused"):
        load_record(path)
    with pytest.raises(RecordError, match="refused"):
        GameRecord.from_json(json.dumps(base))


def test_refuses_unreadable_files(tmp_path):
    with pytest.raises(RecordError, match="cannot read"):
        load_record(tmp_path / "missing.wwr.json")
    bad = tmp_path / "bad.wwr.json"
    bad.write_bytes(b"\xff\xfe{not json")
    with pytest.raises(RecordError, match="UTF-8|JSON"):
        load_record(bad)
    bad.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(RecordError):
        load_record(bad)
    bad.write_text('{"format": "windward-record", "version": 1e999}')
    with pytest.raises(RecordError):
        load_record(bad)


# ------------------------------------------------------------------------------ fuzzing
def _bases() -> list[dict]:
    out = []
    for players, seed, bots, n in ((2, 31, "greedy", 90), (4, 32, "random", 120), (5, 33, "greedy", 60)):
        out.append(play_game(players, bots, seed, max_actions=n, record=True).record.to_dict())
    g = ww.scenario(players=3, wind=2, ships=[{"pos": "0,-3", "cannons": 1}, {"pos": "port"}, {"pos": "port"}])
    for _ in range(25):
        g.apply(g.legal_actions()[len(g.legal_actions()) // 2])
    out.append(g.record.to_dict())
    return out


BASES = _bases()
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=True) | st.text(max_size=12),
    lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=8), c, max_size=4),
    max_leaves=8,
)
ACTION_WORDS = ["move N", "move SW", "enter port", "leave port S", "zephyr 99,99", "around", "row 1 N", "row 9 SE",
                "order process", "order hire Nobody", "buy crew Marine", "buy notoriety", "play fuel",
                "play bait 0,0", "play aerogenerator 7", "pick up gas", "drop crester", "end turn", "take 3", "take 0",
                "battle cannons 99", "battle token", "battle done", "rest morale", "rest discard fuel",
                "place red 0,0", "place white 5,-5", "plunder token", "trade 1 fuel 2", "cash teeth for gas",
                "release 0,0", "wind 0", "wind 3", "grey 7", "white 2", "dice -", "dice 1,2,3", "dice 9,9",
                "shuffle fuel,fuel", "shuffle " + ",".join(["harpoon"] * 74)]


def _paths(d, prefix=()):
    """Every (container path) in a decoded record, skipping long runs of list items."""
    out = [prefix]
    if isinstance(d, dict):
        for k, v in d.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(d, list):
        for i, v in enumerate(d[:6] + d[-3:] if len(d) > 9 else d):
            out += _paths(v, prefix + ((i if i < 6 or len(d) <= 9 else len(d) - 9 + i),))
    return out


def _get(d, path):
    for k in path:
        d = d[k]
    return d


@st.composite
def mutated_records(draw) -> str:
    d = copy.deepcopy(draw(st.sampled_from(BASES)))
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.sampled_from(["drop", "retype", "action", "action", "cut", "swap", "scalar"]))
        if op in ("drop", "retype", "scalar"):
            paths = [p for p in _paths(d) if p]
            path = draw(st.sampled_from(paths))
            parent = _get(d, path[:-1])
            if op == "drop":
                del parent[path[-1]]
            elif op == "retype":
                parent[path[-1]] = draw(JSON)
            else:
                old = parent[path[-1]]
                if isinstance(old, bool) or not isinstance(old, int):
                    parent[path[-1]] = draw(st.sampled_from([0, -1, 1, 7, 2**40, "", "0", None, [], {}]))
                else:
                    parent[path[-1]] = old + draw(st.sampled_from([-7, -2, -1, 1, 2, 90, 2**40]))
        elif isinstance(d.get("actions"), list) and d["actions"]:
            acts = d["actions"]
            i = draw(st.integers(0, len(acts) - 1))
            if op == "action":
                choice = draw(st.sampled_from(["word", "text", "chars"]))
                if choice == "word":
                    acts[i] = draw(st.sampled_from(ACTION_WORDS))
                elif choice == "text":
                    acts[i] = draw(st.text(string.printable, max_size=20))
                elif isinstance(acts[i], str) and acts[i]:
                    j = draw(st.integers(0, len(acts[i]) - 1))
                    acts[i] = acts[i][:j] + draw(st.text(string.printable, max_size=3)) + acts[i][j + 1:]
            elif op == "cut":
                del acts[i:]
            else:
                j = draw(st.integers(0, len(acts) - 1))
                acts[i], acts[j] = acts[j], acts[i]
    text = json.dumps(d)
    if draw(st.sampled_from([False] * 15 + [True])):
        text = text[: draw(st.integers(0, len(text)))]
    return text


def read(text) -> None:
    """Everything a reader does with a file: parse, validate, check components, replay every ply."""
    try:
        rec = GameRecord.from_json(text)
        rec.check_components()
        rec.verify()
    except RecordError as exc:
        for bug in ("failed while applying", "could not check it"):  # the rules crashed: a bug, not a bad file
            assert bug not in str(exc), f"engine bug found by the fuzzer: {exc}"


FUZZ = settings(max_examples=1500, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@FUZZ
@given(mutated_records())
def test_fuzz_mutated_records_raise_only_record_error(text):
    read(text)


@settings(FUZZ, max_examples=600)
@given(st.one_of(JSON.map(json.dumps), st.text(max_size=60), st.binary(max_size=60),
                 st.dictionaries(st.sampled_from(record_mod.TOP_FIELDS), JSON, max_size=11).map(json.dumps)))
def test_fuzz_random_json_raises_only_record_error(text):
    read(text)


def test_fuzz_bases_are_valid():
    for d in BASES:
        GameRecord.from_json(json.dumps(d)).verify()
