"""A Voila (or Binder) address opens each game's table directly: ``play-table.ipynb?game=north-wind``.

The README and the start page give one Binder link per game, ``urlpath=voila/render/notebooks/
play-table.ipynb%3Fgame%3D<game>``; Binder hands Voila the decoded path and its query, and Voila
gives the notebook's kernel the query as ``QUERY_STRING``. Each test starts a private server (see
``test_voila.py``) and asks for the page of a sister game: the page must hold that game's table
(its widget's text names the class), no traceback. A name the workbook does not know says so and
opens Windward's table.
"""

from __future__ import annotations

import re
import secrets
import sys
from pathlib import Path
from urllib.parse import unquote

import pytest

pytest.importorskip("voila")

from test_voila import Server, _free_port  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
TABLES = {"windward": "PlayTable(", "north-wind": "NorthWindTable(", "winds-of-plunder": "PlunderTable(",
          "tailwinds": "TailwindsTable("}
BINDER = re.compile(r"https://mybinder\.org/v2/gh/windward-nb/windward_nb/HEAD\?urlpath=voila/render/"
                    r"notebooks/play-table\.ipynb%3Fgame%3D([a-z-]+)")


def _page_holds(html: str, game: str, server: Server) -> None:
    assert "application/vnd.jupyter.widget-view+json" in html, f"no widget in the page:\n{server.tail()}"
    assert TABLES[game] in html, f"the page holds no {TABLES[game]}...):\n{server.tail()}"
    assert "Traceback" not in html


def test_the_readme_and_the_start_page_link_every_games_table():
    import json

    start = json.loads((REPO / "notebooks" / "00-start-here.ipynb").read_text(encoding="utf-8"))
    start_text = "".join("".join(c["source"]) for c in start["cells"] if c["cell_type"] == "markdown")
    for text in ((REPO / "README.md").read_text(encoding="utf-8"), start_text):
        linked = set(BINDER.findall(text))
        assert linked >= set(TABLES) - {"windward"}, linked
        assert "urlpath=voila/render/notebooks/play-table.ipynb" in text


def test_voila_opens_a_sister_games_table_from_the_address(tmp_path):
    port = _free_port()
    server = Server([sys.executable, "-m", "voila", "notebooks/play-table.ipynb", f"--port={port}", "--no-browser",
                     "--Voila.ip=127.0.0.1"], tmp_path, port)
    try:
        server.wait()
        status, html = server.get("/?game=tailwinds")
        assert status == 200
        _page_holds(html, "tailwinds", server)
        status, html = server.get("/?game=chess")
        assert status == 200
        assert "Here is Windward." in html and "chess" in html, "the page does not say the game is unknown"
        _page_holds(html, "windward", server)
    finally:
        server.stop()


def test_the_binder_address_of_a_game_renders_its_table(tmp_path):
    """Binder's server at the repository root, Voila's server extension, the README's link's path."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    link = next(m for m in BINDER.finditer(readme) if m.group(1) == "north-wind").group(0)
    path = "/" + unquote(link.split("urlpath=", 1)[1])
    port, token = _free_port(), secrets.token_hex(8)
    server = Server([sys.executable, "-m", "jupyter_server", "--no-browser", "--allow-root", f"--port={port}",
                     "--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0", f"--ServerApp.token={token}",
                     f"--ServerApp.root_dir={REPO}"], tmp_path, port)
    try:
        server.wait()
        status, html = server.get(f"{path}&token={token}")
        assert status == 200
        _page_holds(html, "north-wind", server)
    finally:
        server.stop()
