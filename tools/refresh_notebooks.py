"""Run notebooks top to bottom and save them with their outputs, but without saved widget state.

    python tools/refresh_notebooks.py notebooks/01-learn-the-rules.ipynb [more.ipynb ...]

Each notebook runs in a fresh kernel from its own folder (as nbval runs it). Then:

* the notebook-level widget state (``metadata.widgets``, often megabytes) is not stored;
* a widget output keeps its text form for viewers without a kernel, and its model id is
  emptied, so JupyterLab hides it until the cell is run again instead of reporting a missing
  model; finished progress bars are dropped (their text would show them stuck at 0%);
* the per-cell execution timestamps are dropped, so a re-run changes only what changed.

Text, Markdown and PNG outputs are kept: they are what nbval compares and what GitHub shows.
"""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


PROGRESS = re.compile(r"\d+%\|")  # a tqdm bar's text: "3p GreedyBot:   0%|          | 0/90 [...]"


def _text(out) -> str:
    t = out.get("data", {}).get("text/plain", "")
    return t if isinstance(t, str) else "".join(t)


def strip_widget_state(nb) -> int:
    """Remove saved widget state in place; return how many widget outputs are kept."""
    nb.metadata.pop("widgets", None)
    views = 0
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        kept = []
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            if WIDGET_VIEW in data:
                if PROGRESS.search(_text(out)):
                    continue  # a finished progress bar: its text would show it stuck at 0%
                views += 1
                data[WIDGET_VIEW] = {**data[WIDGET_VIEW], "model_id": ""}
            kept.append(out)
        if "outputs" in cell:
            cell.outputs = kept
    return views


def refresh(path: Path, timeout: int = 600) -> float:
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3", store_widget_state=False,
                            resources={"metadata": {"path": str(path.parent)}})
    start = time.perf_counter()
    client.execute()
    elapsed = time.perf_counter() - start
    strip_widget_state(nb)
    from windward_nb.core.files import atomic_write

    text = nbformat.writes(nb)
    atomic_write(path, text if text.endswith("\n") else text + "\n")  # a failed write leaves the notebook as it was
    return elapsed


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    for name in argv:
        path = Path(name)
        seconds = refresh(path)
        print(f"{path}: ran in {seconds:.1f} s, {path.stat().st_size / 1024:.0f} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
