"""BoardWidget in a real JupyterLab, driven by headless Chromium.

One notebook (``notebooks/tests/board_smoke.ipynb``) is opened and run once per module;
the tests then look at the rendered SVG and click on it.  Screenshots go to
``test-artifacts/`` at the repository root.
"""

from __future__ import annotations

import time

import pytest

from conftest import run_all_cells

from windward_nb.windward.planet import Planet

pytestmark = pytest.mark.browser

NOTEBOOK = "board_smoke.ipynb"
PLANET = Planet.parse("large:ABCDEF")
MARKS = "svg.svg-figure > g > g > g"  # one <g> per bqplot mark, in drawing order

KERNEL_IDLE_JS = """() => {
  const app = window.jupyterapp;
  const w = app && app.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!k && k.status === 'idle';
}"""


@pytest.fixture(scope="module")
def board_page(lab_server, browser_context, artifacts_dir):
    """The smoke notebook, opened, run top to bottom and rendered."""
    page = browser_context.new_page()
    page.set_default_timeout(30_000)
    page.goto(lab_server.url(f"lab/tree/{NOTEBOOK}"))
    # the kernel must be idle before cells run, or the run request is lost
    page.wait_for_function(KERNEL_IDLE_JS, timeout=90_000)
    page.locator('.jp-Notebook-ExecutionIndicator[data-status="idle"]').first.wait_for()
    run_all_cells(page)
    outputs = page.locator(".jp-OutputArea-output")
    outputs.filter(has_text="Windward board, large planet").first.wait_for(timeout=60_000)
    page.locator(f".ww-small {MARKS}").first.wait_for()
    page.wait_for_function(KERNEL_IDLE_JS)
    try:
        yield page
    finally:
        page.close()


def _board(page, css=".ww-board"):
    return page.locator(f".jp-OutputArea-output {css}").first


def _click_layer(page, css=".ww-board"):
    """The clickable scatter of a board: its last mark that has scatter dots."""
    return _board(page, css).locator(MARKS).filter(has=page.locator("path.dot")).last


def _park_mouse(page):
    """Move the pointer off the board so no hover tooltip covers a screenshot."""
    page.mouse.move(1, 1)


def test_board_renders_every_hex(board_page, artifacts_dir):
    page = board_page
    board = _board(page)
    board.scroll_into_view_if_needed()
    hexes = board.locator(f"{MARKS}:first-child > g.curve")
    assert hexes.count() == len(PLANET.cells) == 91
    assert _click_layer(page).locator("path.dot").count() == 91
    # terrain glyphs, territory numbers and the wind flag are drawn as text
    texts = board.locator("svg.svg-figure text").all_text_contents()
    for number in "123456":
        assert number in texts
    assert "TP" in texts
    assert any(t.startswith("wind 3") for t in texts)
    _park_mouse(page)
    page.screenshot(path=str(artifacts_dir / "board_notebook.png"))
    board.screenshot(path=str(artifacts_dir / "board_smoke.png"))


def test_small_planet_renders(board_page, artifacts_dir):
    page = board_page
    board = _board(page, ".ww-small")
    board.scroll_into_view_if_needed()
    assert board.locator(f"{MARKS}:first-child > g.curve").count() == 61
    assert _click_layer(page, ".ww-small").locator("path.dot").count() == 61
    _park_mouse(page)
    board.screenshot(path=str(artifacts_dir / "board_small.png"))


def test_hover_shows_hex_description(board_page):
    page = board_page
    target = 8  # the notebook puts ship 1 and a longboat here
    _click_layer(page).locator("path.dot").nth(target).hover()
    tip = page.locator(".bqplot-tooltip, .bqplot.tooltip, div[class*='tooltip']").filter(
        has_text=PLANET.label(target)).first
    tip.wait_for(state="visible", timeout=10_000)
    assert "ship" in tip.inner_text()


def test_click_reaches_kernel(board_page, artifacts_dir):
    page = board_page
    label = page.locator(".jp-OutputArea-output .ww-clicked").first
    assert "clicked: none" in label.inner_text()
    target = 7
    _click_layer(page).locator("path.dot").nth(target).click()
    expected = f"clicked: {target} {PLANET.describe(target)}"
    deadline = time.monotonic() + 15
    while expected not in label.inner_text() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert expected in label.inner_text()
    _park_mouse(page)
    _board(page).screenshot(path=str(artifacts_dir / "board_clicked.png"))


def test_callback_error_is_shown_in_widget(board_page, artifacts_dir):
    page = board_page
    _click_layer(page).locator("path.dot").nth(0).click()   # the notebook's callback raises here
    message = _board(page).locator(".ww-board-message")
    message.filter(has_text="RuntimeError").wait_for(timeout=15_000)
    assert "the Trading Post refuses this click" in message.inner_text()
    _board(page).locator(".ww-board-log").filter(has_text="Traceback").wait_for(timeout=15_000)
    label = page.locator(".jp-OutputArea-output .ww-clicked").first
    assert "clicked: 0 the Trading Post" in label.inner_text()
    _park_mouse(page)
    _board(page).screenshot(path=str(artifacts_dir / "board_error.png"))
