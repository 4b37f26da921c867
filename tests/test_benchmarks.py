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
])
def test_benchmark_script_runs(script, args, expect):
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), *args], capture_output=True,
                          text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert expect in done.stdout
