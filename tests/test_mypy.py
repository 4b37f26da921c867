"""The type checker passes on the core and on Windward (configuration: ``[tool.mypy]`` in pyproject.toml)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_finds_no_errors_in_the_core_and_windward():
    done = subprocess.run([sys.executable, "-m", "mypy", "windward_nb/core", "windward_nb/windward"],
                          capture_output=True, text=True, cwd=ROOT, timeout=900)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "Success: no issues found" in done.stdout


def test_the_package_says_it_is_typed():
    assert (ROOT / "windward_nb" / "py.typed").is_file()
    text = (ROOT / "pyproject.toml").read_text()
    assert "[tool.mypy]" in text and '"py.typed"' in text
