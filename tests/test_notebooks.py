"""The narrative notebooks: run each with nbval in a fresh kernel, and check what is committed.

Narrative notebooks are ``notebooks/NN-*.ipynb`` (two digits, a dash). Apps such as
``notebooks/play-table.ipynb`` and the browser-test notebooks in ``notebooks/tests/`` are not
narrative and are left out.

Each notebook is run by ``pytest --nbval`` in a subprocess (nbval is a plugin of its own run, and
this keeps its kernel apart from this process). nbval compares every output with the committed
one, except cells marked ``# NBVAL_IGNORE_OUTPUT`` (widget views, progress bars). After changing a
notebook, refresh its outputs (without saving megabytes of widget state) with::

    python tools/refresh_notebooks.py notebooks/NN-name.ipynb
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
def test_notebook_passes_nbval(path: Path, record_property):
    """nbval in a fresh kernel. The run time is recorded (``--junitxml`` shows it), never asserted:
    speed is measured by ``benchmarks/``, and a busy machine must not fail a correct notebook."""
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
    record_property("nbval_seconds", round(elapsed, 1))


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
    """A widget view's repr changes between runs; everything else must be compared by nbval.

    An ignored cell shows a widget, or shows nothing once run (a long run whose progress bar is not
    kept), or reports the wall time of the run; it never hides text that nbval could compare."""
    for i, cell in enumerate(c for c in _cells(path) if c["cell_type"] == "code"):
        outputs = cell.get("outputs", [])
        widget = any(WIDGET_VIEW in o.get("data", {}) for o in outputs)
        ignored = _source(cell).lstrip().startswith(IGNORE)
        if widget:
            assert ignored, f"{path.name}: code cell {i + 1} shows a widget; start it with {IGNORE}"
        elif ignored and outputs:
            assert re.search(r"perf_counter", _source(cell)), (
                f"{path.name}: code cell {i + 1} ignores an output that is not a widget"
            )


LESSONS = [NOTEBOOKS / "00-start-here.ipynb", NOTEBOOKS / "01-learn-the-rules.ipynb"]
MAX_LESSON_LINES = 6  # a learner reads the lesson, not the plumbing (that lives in each game's lessons and windward_nb.report)
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
SIZE_BUDGET = 400_000  # bytes per notebook: text and PNG outputs, no saved widget state


def _text(output: dict) -> str:
    if output.get("output_type") == "stream":
        t = output["text"]
    else:
        t = output.get("data", {}).get("text/plain", "")
    return t if isinstance(t, str) else "".join(t)


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.rglob("*.ipynb")), ids=lambda p: p.stem)
def test_no_saved_widget_state(path: Path):
    """Widget state is megabytes and useless without a kernel; outputs keep their text and pictures."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert "widgets" not in nb["metadata"], f"{path.name} saves widget state (run tools/refresh_notebooks.py)"
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            view = out.get("data", {}).get(WIDGET_VIEW)
            if view is not None:
                assert view.get("model_id") == "", f"{path.name}: a widget output points at unsaved state"
                assert "text/plain" in out["data"], f"{path.name}: a widget output has no text form"
    assert path.stat().st_size < SIZE_BUDGET, f"{path.name} is {path.stat().st_size} bytes"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_lesson_cells_are_short(path: Path):
    for i, cell in enumerate(c for c in _cells(path) if c["cell_type"] == "code"):
        lines = [l for l in _source(cell).splitlines() if l.strip() and not l.lstrip().startswith("#")]
        assert len(lines) <= MAX_LESSON_LINES, f"{path.name}: code cell {i + 1} has {len(lines)} lines of code"


def test_try_its_start_empty_and_have_a_folded_solution():
    cells = _cells(NOTEBOOKS / "01-learn-the-rules.ipynb")
    tries = [i for i, c in enumerate(cells) if "try-it" in c["metadata"].get("tags", [])]
    assert len(tries) >= 15, f"only {len(tries)} try-it cells"
    for i in tries:
        cell, solution = cells[i], cells[i + 1]
        src = _source(cell)
        assert re.search(r"^my_\w+ = \.\.\.$", src, re.MULTILINE), f"try-it cell {i} does not start empty:\n{src}"
        answer = "".join(_text(o) for o in cell["outputs"])
        assert answer.startswith("Not yet:"), f"try-it cell {i}: committed output should be the placeholder's answer"
        assert "solution" in solution["metadata"].get("tags", []), f"no solution after try-it cell {i}"
        assert solution["metadata"].get("jupyter", {}).get("source_hidden") is True, f"solution {i + 1} is not folded"
        assert "".join(_text(o) for o in solution["outputs"]).startswith("✓ Done"), f"solution {i + 1} does not pass"
        assert "..." not in _source(solution)


def test_start_here_lab_command_is_the_readme_command():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- lab-command -->\s*```bash\n(.+?)\n```", readme, re.DOTALL)
    assert block, "README.md has no lab command block"
    start = "\n".join(_source(c) for c in _cells(NOTEBOOKS / "00-start-here.ipynb") if c["cell_type"] == "markdown")
    commands = re.findall(r"```bash\n(.+?)\n```", start, re.DOTALL)
    assert block.group(1).strip() in [c.strip() for c in commands], "00-start-here shows another lab command"
