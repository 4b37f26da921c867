"""The type checker passes on every engine package (configuration: ``[tool.mypy]`` in pyproject.toml).

That is the top-level modules of :mod:`windward_nb`, the core and each game package: Windward,
North Wind, Winds of Plunder and Tailwinds.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "windward_nb"
ENGINE_PACKAGES = ["core", "windward", "northwind", "plunder", "tailwinds"]


def test_mypy_finds_no_errors_in_any_engine_package():
    done = subprocess.run([sys.executable, "-m", "mypy", "windward_nb"],
                          capture_output=True, text=True, cwd=ROOT, timeout=900)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "Success: no issues found" in done.stdout
    checked = int(re.search(r"in (\d+) source files", done.stdout).group(1))
    assert checked == len(list(PACKAGE.rglob("*.py")))  # every module, none skipped


def test_the_engine_packages_are_all_under_the_checked_tree():
    subpackages = {p.parent.name for p in PACKAGE.glob("*/__init__.py")}
    assert set(ENGINE_PACKAGES) <= subpackages
    text = (ROOT / "pyproject.toml").read_text()
    assert 'files = ["windward_nb"]' in text  # a bare `mypy` run checks the same


def test_the_package_says_it_is_typed():
    assert (ROOT / "windward_nb" / "py.typed").is_file()
    text = (ROOT / "pyproject.toml").read_text()
    assert "[tool.mypy]" in text and '"py.typed"' in text
