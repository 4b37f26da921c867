"""The benchmark scripts still run (a smoke test: no timing is asserted here)."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("script, args, expect", [
    ("playout.py", ["--games", "1", "--reps", "1"], "ratio (windward actions/s / chess plies/s)"),
    ("odds.py", [], "exact fractions equal: True"),
    ("simulate.py", ["--quick"], "identical results: True"),
    ("widgets.py", [], "OddsExplorer slider -> charts updated"),
    ("apply.py", ["--games", "1", "--reps", "1"], "normalise share of Game.apply(Action)"),
    ("plunder.py", ["--games", "1", "--reps", "1", "--players", "3"], "ratio (plunder actions/s / chess plies/s)"),
    ("tailwinds_calibration.py", ["--quick", "--sides", "standard"], "calibration done in"),
    ("tailwinds_playout.py", ["--games", "4", "--reps", "1"], "ratio (tailwinds actions/s / chess plies/s)"),
    ("northwind.py", ["--quick"], "exact fractions equal: True"),
    ("scale.py", ["--quick"], "identical results: True"),
    ("openspiel.py", ["--games", "1", "--simulations", "2", "--goal", "1", "--playouts", "1", "--reps", "1"],
     "MCTSBot (2 simulations, random rollouts) vs uniform random"),
    ("speed.py", ["--reps", "1", "--games", "1", "--chess", "1", "--greedy", "1", "--iterations", "3"],
     "speed table done:"),
    ("strength.py", ["--quick", "--arms", "h2h,solo", "--iterations", "2"], "95% interval"),
    ("soak_fuzz.py", ["--games", "1", "--calls", "20", "--records", "10", "--cli", "10"], "failures: 0"),
    ("hint_stability.py", ["--quick"], "quick stability check done in"),
    ("planet_size.py", ["--summary"], "| large-r6 | 6 | 127 |"),
    ("solo_routes.py", ["--summary"], "| large-r6 | careful | chosen | 2000 |"),
    ("edition_tie.py", ["--games", "1"], "| Solo Adventure | careful |"),
])
def test_benchmark_script_runs(script, args, expect):
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), *args], capture_output=True,
                          text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert expect in done.stdout


@pytest.mark.parametrize("game, arm, extra", [("tailwinds", "mcts", []), ("winds-of-plunder", "ismcts", []),
                                              ("north-wind", "greedy", []),
                                              ("windward", "mcts", ["--option", "notoriety_goal=2"])])
def test_the_head_to_head_benchmark_plays_and_writes_its_result(tmp_path, game, arm, extra):
    import json

    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "openspiel_h2h.py"), "--game", game, "--arm", arm,
                           "--games", "1", "--seconds", "0.002", "--out", str(tmp_path), *extra],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    doc = json.loads((tmp_path / f"{game}-{arm}.json").read_text())
    s = doc["summary"]
    assert s["games"] == 1 and 0 <= s["wilson95"][0] <= s["wilson95"][1] <= 1 and doc["rows"][0]["seats"][0] == "ours"
    assert doc["rows"][0]["searched"][0] >= 1 and doc["seconds_per_searched_decision"] == 0.002
    assert doc["seeds"] == [200_000, 200_000] and doc["games_asked"] == 1 and doc["note"] == ""


def test_the_head_to_head_benchmark_stops_at_its_cpu_limit_and_resumes(tmp_path):
    """--cpu-limit keeps the games finished and says how many of those asked were played;
    --resume goes on from the next game."""
    import json

    run = [sys.executable, str(ROOT / "benchmarks" / "openspiel_h2h.py"), "--game", "tailwinds", "--arm", "greedy",
           "--games", "3", "--seconds", "0.002", "--out", str(tmp_path)]
    done = subprocess.run([*run, "--cpu-limit", "0.001"], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    doc = json.loads((tmp_path / "tailwinds-greedy.json").read_text())
    assert doc["summary"]["games"] == 1 and "1 of the 3 games" in doc["note"] and doc["seeds"] == [200_000, 200_000]
    done = subprocess.run([*run, "--resume"], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    doc = json.loads((tmp_path / "tailwinds-greedy.json").read_text())
    assert [r["seed"] for r in doc["rows"]] == [200_000, 200_001, 200_002] and doc["note"] == ""


def test_the_head_to_head_benchmark_refuses_to_extend_a_result_under_other_game_options(tmp_path):
    """The stored Windward arms were played on the radius-5 planet (their game options say
    planet=large); resuming one without that option would add games on today's default planet."""
    import json
    import shutil

    shutil.copy(ROOT / "benchmarks" / "results" / "h2h" / "windward-mcts.json", tmp_path)
    before = (tmp_path / "windward-mcts.json").read_text()
    assert json.loads(before)["game_options"] == {"notoriety_goal": 5, "planet": "large"}
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "openspiel_h2h.py"), "--game", "windward",
                           "--arm", "mcts", "--resume", "--option", "notoriety_goal=5", "--out", str(tmp_path)],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 2 and "give the same --option values" in done.stderr
    assert (tmp_path / "windward-mcts.json").read_text() == before


def test_the_judge_fit_runs_and_writes_its_weights(tmp_path):
    import json

    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "family_value_fit.py"), "--game", "tailwinds",
                           "--games", "12", "--out", str(tmp_path)], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    doc = json.loads((tmp_path / "tailwinds.json").read_text())
    assert len(doc["weights"]) == len(doc["features"]) and doc["held_out_logloss"]["fitted"] > 0
