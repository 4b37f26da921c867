"""The documentation site builds with warnings as errors, and holds what it promises.

One strict MkDocs build (``mkdocs.yml``: the guide, the rulings, every notebook rendered
from its saved outputs, and the API reference read from the docstrings) into a temporary
directory, then checks of the built pages. About half a minute.
"""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import docs_griffe  # noqa: E402  (the Griffe extension the build uses; tested directly below)

NOTEBOOKS = sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb"))
API_PAGES = {"windward_nb": "windward_nb", "core": "windward_nb.core", "windward": "windward_nb.windward",
             "northwind": "windward_nb.northwind", "plunder": "windward_nb.plunder",
             "tailwinds": "windward_nb.tailwinds", "widgets": "windward_widgets"}


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
                          cwd=ROOT, capture_output=True, text=True, timeout=600, env=env)
    assert done.returncode == 0, done.stderr[-6000:]
    assert "WARNING" not in done.stderr, done.stderr[-6000:]
    return out


def page(site: Path, path: str) -> str:
    """A built page by its path without suffix (the site uses plain ``.html`` files, to open from disk)."""
    return (site / f"{path or 'index'}.html").read_text(encoding="utf-8")


def test_the_guide_and_the_existing_docs_are_pages(site):
    guide = html.unescape(re.sub(r"<[^>]+>", "", page(site, "")))
    for words in ('pip install -e ".[lab]"', 'pip install -e ".[test]"', "North Wind",
                  "Winds of Plunder", "Tailwinds", "play_many", "load_record", "PlayTable"):
        assert words in guide, words
    for doc in ("rulings", "rulings-north-wind", "rulings-winds-of-plunder", "rulings-tailwinds",
                "adding-a-game", "widgets", "record-formats"):
        assert (site / f"{doc}.html").is_file(), doc


def test_every_notebook_is_a_page_with_its_saved_outputs(site):
    assert NOTEBOOKS, "no notebooks found"
    for name in NOTEBOOKS:
        html = page(site, f"notebooks/{name}")
        assert 'class="jp-Notebook' in html or "jp-Cell" in html, name
        assert (site / "notebooks" / f"{name}.ipynb").is_file(), f"{name}: no download link target"
    battle = page(site, "notebooks/03-battle-odds")
    assert "jp-OutputArea-output" in battle  # outputs are shown, as saved (the build runs nothing)


def test_the_api_reference_covers_the_package_the_core_and_each_game(site):
    for slug, module in API_PAGES.items():
        text = page(site, f"api/{slug}")
        assert f'id="{module}"' in text, f"{module} has no entry on api/{slug}"
        leftover = re.search(r":(?:class|func|meth|mod|data|attr|exc):`?", text)
        assert leftover is None, f"api/{slug}: a Sphinx role was not turned into a reference: {leftover}"
    core = page(site, "api/core")
    for name in ("windward_nb.core.game.Game", "windward_nb.core.rules.Rules", "windward_nb.core.record.GameRecord"):
        assert f'id="{name}"' in core, name
    assert 'class="gp"&gt;&gt;&gt;' in core or '<span class="gp">&gt;&gt;&gt; </span>' in core  # doctests as code
    assert "autorefs-internal" in core  # Sphinx roles became links


def test_the_record_formats_page_lists_every_published_schema(site):
    from windward_nb import record_schemas

    html = page(site, "record-formats")
    for record_format in record_schemas.formats():
        assert f"windward_nb/schemas/{record_schemas.file_name(record_format)}" in html


def test_doctest_sessions_are_fenced_and_roles_become_references():
    text = ("Read :class:`~windward_nb.core.game.Game` (and :func:`observation\n"
            "<windward_nb.core.rules.Rules.observation>`).\n\n>>> sorted(d)\n['N', 'NE']\n\nAfter.")
    out = docs_griffe.markdown_docstring(text)
    assert '<autoref identifier="windward_nb.core.game.Game" optional><code>Game</code></autoref>' in out
    assert '<autoref identifier="windward_nb.core.rules.Rules.observation" optional><code>observation</code>' in out
    assert "```pycon\n>>> sorted(d)\n['N', 'NE']\n```" in out
    assert out.endswith("After.")
    fenced = "```python\n>>> x\n```"
    assert docs_griffe.markdown_docstring(fenced) == fenced  # an existing code block is left alone


def test_the_docs_extra_and_the_readme_point_at_the_site():
    text = (ROOT / "pyproject.toml").read_text()
    assert "docs = [" in text and "mkdocstrings" in text
    readme = (ROOT / "README.md").read_text()
    assert "mkdocs build --strict" in readme and "docs/index.md" in readme
