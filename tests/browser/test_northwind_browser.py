"""North Wind's VoyageBoard and ShipPanel in a real JupyterLab, driven by headless Chromium.

``notebooks/tests/northwind_smoke.ipynb`` is opened and run once: the tests click the Olsand
stack to sail and to reveal, check the SVG, the task board, the ship panel and the kernel's
own report, then click a stack the rules refuse and check the message. Screenshots go to
``test-artifacts/``.
"""

from __future__ import annotations

import re
import time

import pytest

pytestmark = pytest.mark.browser

NOTEBOOK = "northwind_smoke.ipynb"
MARKS = "svg.svg-figure > g > g > g"  # one <g> per bqplot mark, in drawing order

KERNEL_IDLE_JS = """() => {
  const app = window.jupyterapp;
  const w = app && app.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!k && k.status === 'idle';
}"""


def _wait_text(locator, pattern: str, timeout: float = 15.0) -> str:
    deadline = time.monotonic() + timeout
    text = ""
    while time.monotonic() < deadline:
        text = locator.inner_text()
        if re.search(pattern, text):
            return text
        time.sleep(0.1)
    raise AssertionError(f"{pattern!r} did not appear; last text: {text!r}")


@pytest.fixture(scope="module")
def nw_page(lab_server, browser_context, artifacts_dir):
    page = browser_context.new_page()
    page.set_default_timeout(30_000)
    page.goto(lab_server.url(f"lab/workspaces/nw-smoke/tree/{NOTEBOOK}"))
    page.wait_for_function(KERNEL_IDLE_JS, timeout=90_000)
    page.locator('.jp-Notebook-ExecutionIndicator[data-status="idle"]').first.wait_for()
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    try:
        page.locator(f".jp-OutputArea-output .nw-voyage-board {MARKS}").first.wait_for(timeout=60_000)
        page.wait_for_function(KERNEL_IDLE_JS)
    except Exception:
        page.screenshot(path=str(artifacts_dir / "nw_page-failure.png"))
        raise
    try:
        yield page
    finally:
        page.close()


def _board(page):
    return page.locator(".jp-OutputArea-output .nw-voyage-board").first


def _stacks(page):
    """The three stack squares: the first scatter mark of the sea figure."""
    return _board(page).locator(MARKS).filter(has=page.locator("path.dot")).first.locator("path.dot")


def _svg_texts(page) -> list[str]:
    return _board(page).locator("svg.svg-figure text").all_text_contents()


def test_the_sea_and_task_board_render(nw_page, artifacts_dir):
    page = nw_page
    assert _stacks(page).count() == 3
    texts = _svg_texts(page)
    for name in ("North Cape", "Fort Haven", "Olsand", "8 tiles", "click: sail here"):
        assert name in texts, texts
    board = _board(page)
    assert "Player 1: choose a stack to sail into." in board.locator(".nw-status").inner_text()
    table = board.locator("table.nw-tasks")
    assert "1. 1 salt and 1 fish" in table.inner_text() and "9. 8 gold" in table.inner_text()
    ship = page.locator(".jp-OutputArea-output .nw-ship-panel").first.inner_text()
    assert "5 gold" in ship and "fish" in ship and "(lookout)" in ship
    board.screenshot(path=str(artifacts_dir / "northwind_board.png"))


def test_clicking_a_stack_sails_and_reveals(nw_page, artifacts_dir):
    page = nw_page
    report = page.locator(".jp-OutputArea-output .nw-report").first
    _stacks(page).nth(2).click()
    _wait_text(report, r"actions: sail olsand$")
    _wait_text(_board(page).locator(".nw-status"), "reveal the first tile")
    _stacks(page).nth(2).click()
    _wait_text(report, r"sail olsand \| reveal$")
    deadline = time.monotonic() + 15
    while "salt 1" not in _svg_texts(page) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert "salt 1" in _svg_texts(page) and "now" in _svg_texts(page)
    assert "Commercial harbour (salt 1)" in _board(page).locator(".nw-status").inner_text()
    _board(page).screenshot(path=str(artifacts_dir / "northwind_revealed.png"))


def test_a_refused_click_shows_the_rule_and_changes_nothing(nw_page):
    page = nw_page
    report = page.locator(".jp-OutputArea-output .nw-report").first
    before = report.inner_text()
    _stacks(page).nth(0).click()
    message = _board(page).locator(".nw-message")
    text = _wait_text(message, r"one stack per turn")
    assert "[Trading Voyage]" in text
    time.sleep(0.5)
    assert report.inner_text() == before
