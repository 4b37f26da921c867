"""benchmarks/hint_stability.py keeps its figures honest: every answer names the code it ran on,
and a recheck on other code either confirms an answer (same seed, same hint) or replaces it."""

import importlib.util
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def bench(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("hint_stability", ROOT / "benchmarks" / "hint_stability.py")
    mod = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "hint_stability", mod)
    spec.loader.exec_module(mod)
    monkeypatch.setattr(mod, "RESULTS", tmp_path)
    return mod


def test_a_recheck_confirms_or_replaces_each_answer(bench, monkeypatch):
    monkeypatch.setattr(bench, "_commit", lambda: "a" * 40)
    bench.run("north-wind", 1, 0.02, 0.05, bench.SEED0, "t", quiet=True)
    path = bench._path("north-wind", "t")
    stored = json.loads(path.read_text())
    row = stored["rows"][0]
    assert stored["commits"] == ["a" * 40] and row["short"]["commit"] == row["long"]["commit"] == "a" * 40

    monkeypatch.setattr(bench, "_commit", lambda: "b" * 40)        # other code, the same hints
    bench.recheck("north-wind", "t", ("short", "long"), quiet=True)
    row = json.loads(path.read_text())["rows"][0]
    assert row["short"]["rechecked"] == row["long"]["rechecked"] == ["b" * 40] and "was" not in row["short"]
    assert row["short"]["commit"] == "a" * 40

    row["short"]["top"] = "a hint this code would not give"     # as if the code had changed the answer
    stored = json.loads(path.read_text())
    stored["rows"][0] = row
    path.write_text(json.dumps(stored))
    monkeypatch.setattr(bench, "_commit", lambda: "c" * 40)
    bench.recheck("north-wind", "t", ("short",), quiet=True)
    again = json.loads(path.read_text())
    short = again["rows"][0]["short"]
    assert short["commit"] == "c" * 40 and short["was"]["top"] == "a hint this code would not give"
    assert short["top"] != "a hint this code would not give"
    assert again["commits"] == ["c" * 40, "a" * 40] and again["summary"]["positions"] == 1


def test_a_position_the_engine_no_longer_deals_is_refused_or_asked_again(bench, monkeypatch):
    """Rules readings change the bot games (North Wind's voyage, issue 27): a stored row whose position
    the engine no longer deals stops a recheck, or with ``moved`` is replaced by the one it deals."""
    monkeypatch.setattr(bench, "_commit", lambda: "a" * 40)
    bench.run("north-wind", 1, 0.02, 0.05, bench.SEED0, "m", quiet=True)
    path = bench._path("north-wind", "m")
    stored = json.loads(path.read_text())
    dealt = dict(stored["rows"][0])
    stored["rows"][0]["ply"] += 1                                  # as if dealt by other rules
    path.write_text(json.dumps(stored))
    with pytest.raises(SystemExit, match="no longer dealt"):
        bench.recheck("north-wind", "m", ("short",), quiet=True)
    assert json.loads(path.read_text()) == stored                  # refused: nothing changed
    monkeypatch.setattr(bench, "_commit", lambda: "b" * 40)
    bench.recheck("north-wind", "m", (), quiet=True, moved=True)    # the moved rows only
    row = json.loads(path.read_text())["rows"][0]
    assert "rechecked" not in row["short"]
    assert (row["game_seed"], row["ply"]) == (dealt["game_seed"], dealt["ply"])
    assert row["was"]["ply"] == dealt["ply"] + 1
    assert row["short"]["commit"] == row["long"]["commit"] == "b" * 40
    assert row["short"]["top"] == dealt["short"]["top"] and row["long"]["top"] == dealt["long"]["top"]


def test_a_recheck_can_be_kept_to_some_rows(bench, monkeypatch):
    monkeypatch.setattr(bench, "_commit", lambda: "a" * 40)
    bench.run("north-wind", 2, 0.02, 0.05, bench.SEED0, "r", quiet=True)
    monkeypatch.setattr(bench, "_commit", lambda: "b" * 40)
    bench.recheck("north-wind", "r", ("short",), quiet=True, only=range(1, 2))
    rows = json.loads(bench._path("north-wind", "r").read_text())["rows"]
    assert "rechecked" not in rows[0]["short"] and rows[1]["short"]["rechecked"] == ["b" * 40]
    with pytest.raises(SystemExit):
        bench.main(["--recheck", "--game", "north-wind", "--tag", "r", "--rows", "two"])


def test_old_runs_without_answer_commits_are_read_as_the_runs(bench):
    path = bench._path("tailwinds", "old")
    rows = [{"game_seed": 1, "players": 2, "ply": 3, "default": "x",
             "short": {"top": "x", "close": True, "default": "x", "cpu": 1.0, "games": 5},
             "long": {"top": "y", "close": False, "default": "x", "cpu": 9.0, "games": 50}}]
    path.write_text(json.dumps({"commit": "d" * 40, "rows": rows}))
    loaded = bench._load(path)
    assert loaded["rows"][0]["short"]["commit"] == loaded["rows"][0]["long"]["commit"] == "d" * 40
    assert bench._code(loaded["rows"], "long") == "d" * 10
