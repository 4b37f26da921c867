"""The analysis board in a browser, in JupyterLab and in Voila: the win-chance graph (a line per
seat), a click on a point jumps to its ply and moves the ply mark, the flagged list jumps, and
*Analyse from here* opens a live table that *Back to the game* closes.

``notebooks/tests/analysis_board.ipynb`` shows the 2-player Windward sample on the replay viewer
with a quick analysis. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import re
from contextlib import contextmanager

import pytest

from conftest import REPO, VoilaServer, _require_chromium, open_voila, run_all_cells
from test_table_browser import KERNEL_IDLE_JS

pytestmark = pytest.mark.browser

NOTEBOOK = "analysis_board.ipynb"
VIEWER = ".ww-test-analysis"
GRAPH = ".ww-analysis-graph"
PLIES = 239


def _text(locator) -> str:
    return re.sub(r"\s+", " ", locator.inner_text()).strip()


def _ply_shown(page) -> int:
    m = re.search(r"Ply (\d+) of", _text(page.locator(f"{VIEWER} .ww-narration").first))
    return int(m.group(1)) if m else -1


def _wait_ply(page, ply: int) -> None:
    page.wait_for_function(
        """([sel, ply]) => { const n = document.querySelector(sel + ' .ww-narration');
                             return !!n && n.innerText.includes('Ply ' + ply + ' of'); }""",
        arg=[VIEWER, ply], timeout=30_000)


MARKS = "svg.svg-figure > g > g > g"  # one group per mark, in the figure's order: lines, flags, points, ply mark


def _marks(page):
    return page.locator(f"{VIEWER} {GRAPH} {MARKS}")


def _graph_lines(page):
    """The seat lines: the curves of the graph's first mark (its Lines)."""
    return _marks(page).nth(0).locator("g.curve")


def _points(page):
    """The clickable points: the graph's third mark (the second holds the turning points' diamonds)."""
    return _marks(page).nth(2).locator("path.dot")


def _cursor_d(page) -> str:
    """The path of the dashed ply mark (the graph's fourth mark)."""
    return _marks(page).nth(3).locator("path").first.get_attribute("d")


def check_board(page, artifacts_dir, name: str) -> None:
    """The whole click path on a page that shows the viewer with its analysis."""
    viewer = page.locator(VIEWER).first
    viewer.locator(GRAPH).first.scroll_into_view_if_needed()
    _points(page).first.wait_for(state="attached", timeout=60_000)
    assert _graph_lines(page).count() == 2                     # one line per seat
    assert _points(page).count() == 2 * (PLIES + 1)            # a clickable point per ply and seat
    flags = _marks(page).nth(1).locator("path.dot").count()
    assert flags == viewer.locator(".ww-analysis-flagged select option").count() >= 1   # a diamond per turning point
    page.screenshot(path=str(artifacts_dir / f"analysis_{name}_start.png"), full_page=True)
    before = _cursor_d(page)

    # points a ply apart overlap on a 240-ply graph: the last one drawn (the second seat's at the
    # last ply) is the one nothing covers
    _points(page).nth(2 * (PLIES + 1) - 1).click(force=True)
    _wait_ply(page, PLIES)
    page.wait_for_function("([sel, d]) => { const m = document.querySelectorAll(sel);"
                           " const p = m[3] && m[3].querySelector('path'); return !!p && p.getAttribute('d') !== d; }",
                           arg=[f"{VIEWER} {GRAPH} {MARKS}", before], timeout=30_000)
    assert f"After ply {PLIES}" in _text(viewer.locator(".ww-analysis-line"))

    flagged = viewer.locator(".ww-analysis-flagged select")
    options = flagged.locator("option")
    assert options.count() >= 1
    labels = flagged.evaluate("s => Array.from(s.options).map(o => o.textContent || o.label || o.value)")
    found = re.search(r"ply\s(\d+)", labels[-1])
    assert found, labels
    target = int(found.group(1))
    flagged.select_option(index=options.count() - 1)
    _wait_ply(page, target)
    page.screenshot(path=str(artifacts_dir / f"analysis_{name}_flagged.png"), full_page=True)

    viewer.locator(".ww-from-here button, button.ww-from-here").first.click()
    branch = viewer.locator(".ww-analysis-branch")
    branch.locator(".ww-coach-text").first.wait_for(timeout=60_000)
    assert f"Analysing from ply {target}" in _text(branch)
    branch.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / f"analysis_{name}_from_here.png"), full_page=True)
    branch.locator(".ww-back-to-game button, button.ww-back-to-game").first.click()
    page.wait_for_function("(sel) => !document.querySelector(sel + ' .ww-analysis-branch .ww-coach-text')",
                           arg=VIEWER, timeout=30_000)
    _wait_ply(page, target)                                    # the replay is where it was (once redrawn)
    body = _text(page.locator("body"))
    assert "Traceback" not in body


@contextmanager
def _page(browser, width: int = 1280, height: int = 1000):
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        yield page
    finally:
        context.close()


def test_analysis_board_in_jupyterlab(lab_server, browser, artifacts_dir):
    with _page(browser) as page:
        page.goto(lab_server.url(f"lab/workspaces/analysis/tree/{NOTEBOOK}"))
        page.wait_for_function(KERNEL_IDLE_JS, timeout=90_000)
        page.locator('.jp-Notebook-ExecutionIndicator[data-status="idle"]').first.wait_for()
        run_all_cells(page)
        try:
            page.locator(f"{VIEWER} {GRAPH}").first.wait_for(timeout=180_000)
            page.wait_for_function(KERNEL_IDLE_JS, timeout=180_000)
            check_board(page, artifacts_dir, "lab")
        except Exception:
            page.screenshot(path=str(artifacts_dir / "analysis_lab-failure.png"), full_page=True)
            raise


@pytest.fixture(scope="module")
def voila_analysis(tmp_path_factory):
    _require_chromium()
    try:
        import voila  # noqa: F401
    except ImportError:  # pragma: no cover - the test extra installs it
        import os

        if os.environ.get("CI") == "true":
            pytest.fail("the Voila test needs 'pip install voila' (CI=true, so this fails instead of skipping)",
                        pytrace=False)
        pytest.skip("the Voila test needs 'pip install voila'")
    server = VoilaServer(tmp_path_factory.mktemp("voila-analysis"), REPO / "notebooks" / "tests" / NOTEBOOK)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def test_analysis_board_in_voila(voila_analysis, browser, artifacts_dir):
    with _page(browser) as page:
        try:
            open_voila(page, voila_analysis.base + "/", f"{VIEWER} {GRAPH}", timeout_ms=240_000)
            check_board(page, artifacts_dir, "voila")
        except Exception:
            page.screenshot(path=str(artifacts_dir / "analysis_voila-failure.png"), full_page=True)
            raise
