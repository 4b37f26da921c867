"""The linter finds nothing in the package and the widgets (configuration: ``[tool.ruff]`` in pyproject.toml)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINTED = ["windward_nb", "widgets/windward_widgets"]


def ruff(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ruff", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=300)


def test_ruff_finds_nothing_in_the_package_and_the_widgets():
    done = ruff("check", "--no-cache", "--output-format", "concise", *LINTED)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def test_ruff_uses_the_projects_chosen_rules():
    """The check above runs with pyproject's rule set, not ruff's defaults (which would pass more code)."""
    done = ruff("check", "--show-settings", "windward_nb/__init__.py")
    assert done.returncode == 0, done.stderr
    for rule in ("(B006)", "(UP006)", "(SIM118)", "(RUF012)", "(W291)"):
        assert rule in done.stdout, f"{rule} is not enabled"
    assert "linter.line_length = 120" in done.stdout


def test_ruff_would_catch_a_finding(tmp_path):
    """The rule set bites: an unused import and a mutable default are reported, with a non-zero exit."""
    bad = tmp_path / "bad.py"
    bad.write_text("import os\n\n\ndef f(x=[]):\n    return x\n")
    done = ruff("check", "--no-cache", "--config", str(ROOT / "pyproject.toml"), str(bad))
    assert done.returncode == 1
    assert "F401" in done.stdout and "B006" in done.stdout
