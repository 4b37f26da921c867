"""tools/refresh_notebooks.py keeps text and pictures and drops saved widget state."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_notebook, new_output

REPO = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("refresh_notebooks", REPO / "tools" / "refresh_notebooks.py")
refresh = importlib.util.module_from_spec(spec)
spec.loader.exec_module(refresh)

VIEW = "application/vnd.jupyter.widget-view+json"


def test_strip_widget_state():
    board = new_output("display_data", data={VIEW: {"model_id": "abc", "version_major": 2, "version_minor": 0},
                                             "text/plain": "GameBoard(children=(...))"})
    bar = new_output("display_data", data={VIEW: {"model_id": "def", "version_major": 2, "version_minor": 0},
                                           "text/plain": "3p GreedyBot:   0%|          | 0/90 [00:00<?, ?game/s]"})
    text = new_output("stream", name="stdout", text="90 games\n")
    png = new_output("display_data", data={"image/png": "iVBORw0KGgo=", "text/plain": "<Chart: ...>"})
    cells = [new_code_cell("board", outputs=[board], metadata={"execution": {"iopub.status.busy": "x"}}),
             new_code_cell("run", outputs=[bar, text, png])]
    nb = new_notebook(cells=cells, metadata={"widgets": {"application/vnd.jupyter.widget-state+json": {"state": {}}}})
    assert refresh.strip_widget_state(nb) == 1
    assert "widgets" not in nb.metadata
    assert nb.cells[0].outputs[0]["data"][VIEW]["model_id"] == ""
    assert nb.cells[0].outputs[0]["data"]["text/plain"].startswith("GameBoard(")
    assert "execution" not in nb.cells[0].metadata
    assert [o.get("name") or next(iter(o["data"])) for o in nb.cells[1].outputs] == ["stdout", "image/png"]
    nbformat.validate(nb)
