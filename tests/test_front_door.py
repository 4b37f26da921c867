"""The front door: from the start page every notebook is reached by following "Next" links, and the
README and the start page open with the four games.

* Walking the links of the "**Next:**" paragraphs from ``00-start-here`` reaches every notebook in
  ``notebooks/`` (found by globbing: a new notebook must be linked into the chain, or this fails).
* Every narrative notebook ends its chain with a "**Next:**" paragraph, and the start page's table
  lists every numbered notebook.
* Every numbered notebook's title starts with its number (the documentation site's navigation
  takes its names from them).
* The README and the start page show each game's picture (a screenshot of its table, small), its
  lesson and a link that opens its table.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from test_links import links

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
ALL = sorted(p for p in NOTEBOOKS.glob("*.ipynb"))
NUMBERED = [p for p in ALL if re.fullmatch(r"\d\d-[\w-]+\.ipynb", p.name)]
GAMES = {"windward": "01-learn-the-rules.ipynb", "north-wind": "10-north-wind.ipynb",
         "tailwinds": "11-tailwinds.ipynb", "winds-of-plunder": "12-winds-of-plunder.ipynb"}
NEXT = re.compile(r"\*\*Next:\*\*(.*?)(?:\n\s*\n|\Z)", re.DOTALL)


def _markdown(path: Path) -> str:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n\n".join("".join(c["source"]) if isinstance(c["source"], list) else c["source"]
                       for c in cells if c["cell_type"] == "markdown")


def next_links(path: Path) -> list[Path]:
    """The notebooks a notebook's "**Next:**" paragraphs link to."""
    out = []
    for paragraph in NEXT.findall(_markdown(path)):
        for target in links(paragraph):
            file = target.split("#", 1)[0]
            if file.endswith(".ipynb") and "://" not in file:
                out.append((path.parent / file).resolve())
    return out


def reachable(start: Path) -> set[Path]:
    seen, todo = {start.resolve()}, [start.resolve()]
    while todo:
        for nxt in next_links(todo.pop()):
            if nxt not in seen and nxt.exists():
                seen.add(nxt)
                todo.append(nxt)
    return seen


def test_the_next_chain_from_the_start_page_reaches_every_notebook():
    assert len(ALL) >= 14
    got = reachable(NOTEBOOKS / "00-start-here.ipynb")
    missing = sorted(p.name for p in ALL if p.resolve() not in got)
    assert not missing, f"no chain of Next links from 00-start-here reaches {missing}"


def test_the_walk_would_notice_a_notebook_left_out(tmp_path):
    for name, body in (("00-start-here.ipynb", "**Next:** [one](01-one.ipynb)"),
                       ("01-one.ipynb", "**Next:** [back](00-start-here.ipynb)"),
                       ("02-lost.ipynb", "**Next:** [back](00-start-here.ipynb)")):
        (tmp_path / name).write_text(json.dumps({"cells": [{"cell_type": "markdown", "source": body}]}))
    got = {p.name for p in reachable(tmp_path / "00-start-here.ipynb")}
    assert got == {"00-start-here.ipynb", "01-one.ipynb"}


@pytest.mark.parametrize("path", NUMBERED, ids=lambda p: p.stem)
def test_every_numbered_notebook_says_what_comes_next(path):
    assert next_links(path), f"{path.name} has no **Next:** paragraph linking a notebook"


def test_the_start_page_lists_every_numbered_notebook():
    listed = {t for t in links(_markdown(NOTEBOOKS / "00-start-here.ipynb")) if t.endswith(".ipynb")}
    missing = [p.name for p in NUMBERED if p.name not in listed and p.name != "00-start-here.ipynb"]
    assert not missing, f"the start page's table does not list {missing}"
    assert "play-table.ipynb" in listed


@pytest.mark.parametrize("path", NUMBERED, ids=lambda p: p.stem)
def test_every_numbered_notebook_title_starts_with_its_number(path):
    title = re.search(r"^#\s+(.+)$", _markdown(path), re.MULTILINE).group(1)
    assert title.startswith(f"{path.name[:2]} · "), f"{path.name}: the title {title!r} does not start with its number"


@pytest.mark.parametrize("where", ["README.md", "notebooks/00-start-here.ipynb"])
def test_the_front_door_opens_with_the_four_games(where):
    path = REPO / where
    text = path.read_text(encoding="utf-8") if path.suffix == ".md" else _markdown(path)
    first = text.index("## ")
    games = text[first:text.index("## ", first + 3)]
    assert "four games" in games.lower().split("\n", 1)[0], "the first section is not the four games"
    targets = links(games)
    for game, lesson in GAMES.items():
        picture = f"docs/img/table-{game}.png"
        assert any(t.endswith(picture) for t in targets), f"{where}: no picture of {game}'s table"
        assert any(t.endswith(lesson) for t in targets), f"{where}: no link to {lesson}"
        if game != "windward":
            assert any(t.endswith(f"play-table.ipynb%3Fgame%3D{game}") for t in targets), f"{where}: no table link"
    shared = text[text.index("## ", first + 3):]
    for tool in ("Replay", "odds", "what-if lab", "Bots", "command line"):
        assert tool.lower() in shared[:2500].lower(), f"{where}: the shared tools do not mention {tool}"


@pytest.mark.parametrize("game", GAMES)
def test_the_pictures_are_real_and_small(game):
    from PIL import Image

    path = REPO / "docs" / "img" / f"table-{game}.png"
    assert path.stat().st_size < 120_000, path
    with Image.open(path) as img:
        assert img.format == "PNG" and img.width >= 600 and img.height >= 300
        colours = img.convert("RGB").getcolors(maxcolors=1 << 16)
        assert colours is None or len(colours) > 16, "a blank picture"
