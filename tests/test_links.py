"""Every relative link in every notebook leads somewhere when JupyterLab serves the repository root.

The README's lab command starts JupyterLab in the checkout, so a notebook at ``notebooks/x.ipynb``
can reach ``../docs/rulings.md`` but nothing outside the checkout. For each markdown cell this test
follows Markdown links and images (``[text](target)``, ``![alt](target)``) and HTML ``href``/``src``
attributes; for each relative target it checks that the file exists inside the repository and, when
the link has an ``#anchor`` into a notebook or a Markdown file, that the heading exists there.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted(p for p in (REPO / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)

MD_LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML_LINK = re.compile(r"""(?:href|src)\s*=\s*["']([^"']+)["']""", re.IGNORECASE)
CODE = re.compile(r"```.*?```|`[^`\n]*`", re.DOTALL)


def _markdown_cells(path: Path) -> list[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) if isinstance(c["source"], list) else c["source"]
            for c in cells if c["cell_type"] == "markdown"]


def links(text: str) -> list[str]:
    """Link targets in Markdown text, outside code spans and fenced code."""
    text = CODE.sub("", text)
    return MD_LINK.findall(text) + HTML_LINK.findall(text)


def _headings(path: Path) -> list[str]:
    if path.suffix == ".ipynb":
        text = "\n".join(_markdown_cells(path))
    else:
        text = path.read_text(encoding="utf-8")
    text = re.sub(r"```.*?```", "", text, flags=re.DOTALL)
    return [m.group(1).strip() for m in re.finditer(r"^#{1,6}\s+(.+?)\s*#*\s*$", text, re.MULTILINE)]


def anchors(path: Path) -> set[str]:
    """Anchors a heading gets, in JupyterLab's style (spaces to dashes) and GitHub's (lower case,
    punctuation dropped)."""
    out = set()
    for h in _headings(path):
        plain = re.sub(r"[*_`]", "", h)
        out.add(plain.replace(" ", "-"))
        out.add(re.sub(r"[^\w\- ]", "", plain.lower()).replace(" ", "-"))
    return out


def relative_links(path: Path) -> list[str]:
    out = []
    for text in _markdown_cells(path):
        for target in links(text):
            parts = urlsplit(target)
            if parts.scheme or parts.netloc or target.startswith("//"):
                continue  # http:, https:, mailto:, data: ...
            out.append(target)
    return out


def problems(path: Path) -> list[str]:
    found = []
    for target in relative_links(path):
        parts = urlsplit(target)
        file_part, anchor = unquote(parts.path), unquote(parts.fragment)
        dest = (path.parent / file_part).resolve() if file_part else path
        try:
            dest.relative_to(REPO)
        except ValueError:
            found.append(f"{target}: outside the repository, which JupyterLab does not serve")
            continue
        if not dest.exists():
            found.append(f"{target}: {dest.relative_to(REPO)} does not exist")
            continue
        if anchor and dest.suffix in (".ipynb", ".md") and anchor not in anchors(dest):
            found.append(f"{target}: no heading #{anchor} in {dest.relative_to(REPO)}")
    return found


def test_link_finder_reads_markdown_and_html():
    text = ('See [rulings](../docs/rulings.md#rulings), ![pic](img/a.png "title"), '
            '<a href="01-learn-the-rules.ipynb">01</a>, <img src=\'x.svg\'>, [web](https://example.org), '
            '`[not a link](nowhere.md)` and\n```\n[nor this](nowhere.md)\n```')
    assert links(text) == ["../docs/rulings.md#rulings", "img/a.png", "https://example.org",
                           "01-learn-the-rules.ipynb", "x.svg"]


def test_broken_links_are_reported(tmp_path, monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "REPO", tmp_path)
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text("# A title\n\n## Second part\n")
    nb = tmp_path / "nbs" / "n.ipynb"
    nb.parent.mkdir()
    md = ("[ok](../docs/a.md) [anchor](../docs/a.md#second-part) [bad anchor](../docs/a.md#third) "
          "[missing](../docs/b.md) [escape](../../elsewhere.md) [self](#Intro) [self bad](#nope)")
    nb.write_text(json.dumps({"cells": [{"cell_type": "markdown", "source": "# Intro\n" + md}]}))
    assert problems(nb) == [
        "../docs/a.md#third: no heading #third in docs/a.md",
        "../docs/b.md: docs/b.md does not exist",
        "../../elsewhere.md: outside the repository, which JupyterLab does not serve",
        "#nope: no heading #nope in nbs/n.ipynb",
    ]


def test_notebooks_found():
    names = {p.name for p in NOTEBOOKS}
    assert {"00-start-here.ipynb", "01-learn-the-rules.ipynb", "play-table.ipynb"} <= names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(REPO / "notebooks")))
def test_every_relative_link_resolves(path: Path):
    bad = problems(path)
    assert not bad, f"{path.relative_to(REPO)} has broken links:\n" + "\n".join(bad)


def test_the_lessons_link_to_each_other_and_to_the_rulings():
    start = relative_links(REPO / "notebooks" / "00-start-here.ipynb")
    assert "01-learn-the-rules.ipynb" in start and "../docs/rulings.md" in start
    total = sum(len(relative_links(p)) for p in NOTEBOOKS)
    assert total >= 20, f"only {total} relative links found: is the link finder broken?"
