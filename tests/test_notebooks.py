"""The narrative notebooks: run each with nbval in a fresh kernel, and check what is committed.

Narrative notebooks are ``notebooks/NN-*.ipynb`` (two digits, a dash). Apps such as
``notebooks/play-table.ipynb`` and the browser-test notebooks in ``notebooks/tests/`` are not
narrative and are left out.

Each notebook is run by ``pytest --nbval`` in a subprocess (nbval is a plugin of its own run, and
this keeps its kernel apart from this process). nbval compares every output with the committed
one, except cells marked ``# NBVAL_IGNORE_OUTPUT`` (widget views). After changing a notebook,
refresh its outputs with::

    jupyter nbconvert --to notebook --execute --inplace notebooks/NN-name.ipynb
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
NARRATIVE = sorted(p for p in NOTEBOOKS.glob("*.ipynb") if re.fullmatch(r"\d\d-[\w-]+\.ipynb", p.name))
TIME_LIMIT = 60.0  # seconds for one notebook, kernel start included
IGNORE = "# NBVAL_IGNORE_OUTPUT"


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _source(cell: dict) -> str:
    src = cell["source"]
    return src if isinstance(src, str) else "".join(src)


def test_narrative_notebooks_found():
    names = [p.name for p in NARRATIVE]
    assert "00-start-here.ipynb" in names, names


@pytest.mark.parametrize("path", NARRATIVE, ids=lambda p: p.stem)
def test_notebook_passes_nbval(path: Path):
    cmd = [
        sys.executable, "-m", "pytest", "--nbval", "--nbval-current-env", "--nbval-cell-timeout=120",
        "-p", "no:cacheprovider", "-o", "addopts=", "-q", "--no-header", "-rN",
        str(path.relative_to(REPO)),
    ]
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, timeout=300)
    elapsed = time.perf_counter() - start
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, f"nbval failed on {path.name} (exit {proc.returncode}):\n{out[-8000:]}"
    assert elapsed < TIME_LIMIT, f"{path.name} took {elapsed:.1f} s under nbval (limit {TIME_LIMIT:.0f} s)"


@pytest.mark.parametrize("path", NARRATIVE, ids=lambda p: p.stem)
def test_notebook_is_committed_with_outputs(path: Path):
    """Executed top to bottom, in order, with no errors, so GitHub shows the results."""
    code = [c for c in _cells(path) if c["cell_type"] == "code"]
    counts = [c.get("execution_count") for c in code]
    assert None not in counts, f"{path.name}: some code cells were not executed"
    assert counts == list(range(1, len(code) + 1)), f"{path.name}: cells not run in order in one session: {counts}"
    for i, cell in enumerate(code):
        errors = [o for o in cell.get("outputs", []) if o.get("output_type") == "error"]
        assert not errors, f"{path.name}: code cell {i + 1} has an error output: {errors[0].get('ename')}"


@pytest.mark.parametrize("path", NARRATIVE, ids=lambda p: p.stem)
def test_widget_cells_are_ignored_and_only_they(path: Path):
    """A widget view's repr changes between runs; everything else must be compared by nbval."""
    for i, cell in enumerate(c for c in _cells(path) if c["cell_type"] == "code"):
        widget = any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in cell.get("outputs", []))
        ignored = _source(cell).lstrip().startswith(IGNORE)
        if widget:
            assert ignored, f"{path.name}: code cell {i + 1} shows a widget; start it with {IGNORE}"
        elif ignored:
            assert re.search(r"widget|plt\.|figure|Board|interact|time", _source(cell)), (
                f"{path.name}: code cell {i + 1} ignores its output but shows no widget"
            )


@pytest.mark.parametrize("path", NARRATIVE, ids=lambda p: p.stem)
def test_relative_links_resolve(path: Path):
    broken = []
    for cell in _cells(path):
        if cell["cell_type"] != "markdown":
            continue
        for target in re.findall(r"\]\(([^)\s]+)\)", _source(cell)):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue
            if not (path.parent / target.split("#", 1)[0]).exists():
                broken.append(target)
    assert not broken, f"{path.name} links to missing files: {broken}"
