"""What the saved notebooks carry: no megabytes of widget state, static boards that render anywhere.

A notebook keeps its outputs (GitHub and nbviewer show them without a kernel) but not the
widgets' saved state: the notebook-level ``metadata.widgets`` and the widget-view outputs
together stay under a small budget per notebook. Boards are saved as SVG pictures, which every
viewer renders: notebooks 01 and 04 show one each, well-formed, with its spaces and pieces.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((REPO / "notebooks").rglob("*.ipynb"))
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE_BUDGET = 8_000  # bytes of widget state per notebook (a widget output's text form is ~300)
WIDGET_OUTPUT_BUDGET = 1_000  # bytes of one widget-view output


def widget_state_bytes(nb: dict) -> tuple[int, int]:
    """(bytes of ``metadata.widgets`` plus every widget-view output, the largest such output)."""
    total = len(json.dumps(nb.get("metadata", {}).get("widgets", {}))) if "widgets" in nb.get("metadata", {}) else 0
    largest = 0
    for cell in nb.get("cells", []):
        for out in cell.get("outputs", []):
            if WIDGET_VIEW in out.get("data", {}):
                size = len(json.dumps(out))
                total += size
                largest = max(largest, size)
    return total, largest


def test_widget_state_bytes_counts_both_kinds():
    heavy = {"metadata": {"widgets": {"state": {"x" * 9000: 1}}}, "cells": []}
    assert widget_state_bytes(heavy)[0] > WIDGET_STATE_BUDGET
    view = {"output_type": "display_data", "data": {WIDGET_VIEW: {"model_id": ""}, "text/plain": "B" * 2000}}
    assert widget_state_bytes({"metadata": {}, "cells": [{"outputs": [view]}]})[1] > WIDGET_OUTPUT_BUDGET


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_saved_widget_state_stays_small(path: Path):
    total, largest = widget_state_bytes(json.loads(path.read_text(encoding="utf-8")))
    assert total <= WIDGET_STATE_BUDGET, (
        f"{path.name} saves {total} bytes of widget state; refresh it with tools/refresh_notebooks.py")
    assert largest <= WIDGET_OUTPUT_BUDGET, f"{path.name} has a widget output of {largest} bytes"


@pytest.mark.parametrize("name", ["01-learn-the-rules.ipynb", "04-replay-a-game.ipynb"])
def test_a_static_board_is_saved(name: str):
    nb = json.loads((REPO / "notebooks" / name).read_text(encoding="utf-8"))
    pictures = []
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            svg = out.get("data", {}).get("image/svg+xml")
            if svg is not None:
                pictures.append(svg if isinstance(svg, str) else "".join(svg))
    assert pictures, f"{name} shows no SVG board"
    for svg in pictures:
        root = ET.fromstring(svg)
        classes = [(e.get("class") or "").split() for e in root.iter()]
        assert sum("space" in c for c in classes) == 91, "a Windward board has 91 hexes"
        assert any("piece-ship" in c for c in classes)
