"""A GameBoard and an OddsExplorer in a real JupyterLab, and the PlayTable as a Voila app.

``notebooks/tests/play_smoke.ipynb`` is opened and run once; the tests click the board
(a legal move, then an illegal one), move an OddsExplorer slider with the keyboard, and
check both the DOM and the kernel's own report; the replay viewer and reach map must render.
(The PlayTable itself, in JupyterLab and as a Voila app, is in ``test_table_browser.py``.)
Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import re
import time

import pytest

from conftest import run_all_cells

import windward_nb as ww

pytestmark = pytest.mark.browser

NOTEBOOK = "play_smoke.ipynb"
MARKS = "svg.svg-figure > g > g > g"  # one <g> per bqplot mark, in drawing order
SHIP_MARK = 20                          # nth-child (1-based) of the ships' Scatter (after the dock label and 6 stickers)
GAME = ww.scenario(players=2, wind=3, ships=[{"pos": "0,-3"}, {"pos": "port"}], reds=[])
PLANET = GAME.state.planet

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
def play_page(lab_server, browser_context, artifacts_dir):
    page = browser_context.new_page()
    page.set_default_timeout(30_000)
    # a workspace of its own: the default one would also restore (and focus) other test notebooks
    page.goto(lab_server.url(f"lab/workspaces/play-smoke/tree/{NOTEBOOK}"))
    page.wait_for_function(KERNEL_IDLE_JS, timeout=90_000)
    page.locator('.jp-Notebook-ExecutionIndicator[data-status="idle"]').first.wait_for()
    run_all_cells(page)
    try:
        page.locator(f".jp-OutputArea-output .ww-play-smoke {MARKS}").first.wait_for(timeout=60_000)
        page.locator(".jp-OutputArea-output .ww-odds-explorer svg").first.wait_for(timeout=60_000)
        page.locator(".jp-OutputArea-output .ww-reach-map svg").first.wait_for(timeout=60_000)
        page.wait_for_function(KERNEL_IDLE_JS)
    except Exception:
        page.screenshot(path=str(artifacts_dir / "play_page-failure.png"))
        raise
    try:
        yield page
    finally:
        page.close()


def _board(page):
    return page.locator(".jp-OutputArea-output .ww-play-smoke").first


def _dots(page):
    """The click layer's discs, one per hex in planet order."""
    return _board(page).locator(MARKS).filter(has=page.locator("path.dot")).last.locator("path.dot")


def _ship_transform(page) -> str:
    """Where the first ship's marker is drawn (bqplot puts each dot in a translated group)."""
    return _board(page).locator(f"{MARKS}:nth-child({SHIP_MARK}) g.object_grp").first.get_attribute("transform")


def _park(page):
    page.mouse.move(1, 1)


def test_board_renders_and_highlights(play_page, artifacts_dir):
    page = play_page
    board = _board(page)
    board.scroll_into_view_if_needed()
    assert board.locator(f"{MARKS}:first-child > g.curve").count() == len(PLANET.cells) == 91
    assert _dots(page).count() == 91
    texts = board.locator("svg.svg-figure text").all_text_contents()
    assert "0" in texts and "1" in texts                      # speed costs on the highlighted hexes
    assert "Player 1's turn" in board.locator(".ww-board-status").inner_text()
    kernel = page.locator(".jp-OutputArea-output .ww-kernel-ship").first
    assert "ship 1 at 0,-3, speed 4, plies 0" in kernel.inner_text()
    _park(page)
    board.screenshot(path=str(artifacts_dir / "play_board.png"))


def test_click_on_highlighted_hex_moves_the_ship(play_page, artifacts_dir):
    page = play_page
    before = _ship_transform(page)
    target = PLANET.index[(1, -3)]                            # one step downwind (SE): free
    _dots(page).nth(target).click()
    kernel = page.locator(".jp-OutputArea-output .ww-kernel-ship").first
    _wait_text(kernel, r"ship 1 at 1,-3, speed 4, plies 1")
    deadline = time.monotonic() + 10
    while _ship_transform(page) == before and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _ship_transform(page) != before                    # the ship's marker moved in the SVG
    _wait_text(_board(page).locator(".ww-board-message"), r"sails SE")
    _park(page)
    _board(page).screenshot(path=str(artifacts_dir / "play_board_moved.png"))


def test_click_on_illegal_hex_shows_the_reason(play_page, artifacts_dir):
    page = play_page
    kernel = page.locator(".jp-OutputArea-output .ww-kernel-ship").first
    before = kernel.inner_text()
    here = (1, -3)                                            # after the previous test
    upwind = PLANET.index[(here[0] - 1, here[1])]             # NW: straight into a SE wind
    _dots(page).nth(upwind).click()
    message = _board(page).locator(".ww-board-message")
    _wait_text(message, r"never sail straight into the wind")
    assert "Wind" in message.inner_text()
    page.wait_for_function(KERNEL_IDLE_JS)
    assert kernel.inner_text() == before                      # nothing changed
    _park(page)
    _board(page).screenshot(path=str(artifacts_dir / "play_board_refused.png"))


def test_odds_explorer_slider_changes_the_numbers(play_page, artifacts_dir):
    page = play_page
    ox = page.locator(".jp-OutputArea-output .ww-odds-explorer").first
    ox.scroll_into_view_if_needed()
    summary = ox.locator(".ww-odds-summary")
    win = ox.locator(".ww-odds-summary .ww-win")
    before = win.inner_text()
    assert before.endswith("%")
    cannons = ox.locator(".ww-odds-attacker .widget-slider").filter(has_text="Cannons fired").first
    handle = cannons.locator(".noUi-handle").first
    handle.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    _wait_text(summary, r"ship \(4 dice\)")                 # both key presses reached the kernel
    page.wait_for_function(KERNEL_IDLE_JS)
    after = win.inner_text()
    assert after != before and float(after.rstrip("%")) > float(before.rstrip("%"))
    _park(page)
    size = page.viewport_size
    page.set_viewport_size({"width": size["width"], "height": 2000})   # the whole explorer in one shot
    try:
        ox.scroll_into_view_if_needed()
        time.sleep(0.3)
        ox.screenshot(path=str(artifacts_dir / "odds_explorer.png"))
    finally:
        page.set_viewport_size(size)


def test_analysis_views_render(play_page, artifacts_dir):
    page = play_page
    size = page.viewport_size
    page.set_viewport_size({"width": size["width"], "height": 1600})
    try:
        replay = page.locator(".jp-OutputArea-output .ww-replay").first
        replay.scroll_into_view_if_needed()
        # one hexagon per space of the notebook's game (new_game(players=3, seed=5): the default planet)
        spaces = len(ww.new_game(players=3, seed=5).state.planet.index)
        assert replay.locator(f".ww-board {MARKS}:first-child > g.curve").count() == spaces
        narration = replay.locator(".ww-narration")
        _wait_text(narration, r"Ply 4 of \d+")
        assert "A teaching comment attached to ply 4." in narration.inner_text()
        assert "Notoriety over time" in replay.inner_text()
        _park(page)
        time.sleep(0.3)
        replay.screenshot(path=str(artifacts_dir / "replay_viewer.png"))
        reach = page.locator(".jp-OutputArea-output .ww-reach-map").first
        reach.scroll_into_view_if_needed()
        labels = reach.locator("svg.svg-figure text").all_text_contents()
        costs = [t.rstrip("⚠") for t in labels]   # ⚠ marks a space where a crester reaches the resting ship
        assert "0" in costs and any(t.startswith("(") for t in labels)   # costs, and costs beyond 4 speed
        assert "spaces within 4 speed" in reach.locator(".ww-reach-info").inner_text()
        time.sleep(0.3)
        reach.screenshot(path=str(artifacts_dir / "reach_map.png"))
    finally:
        page.set_viewport_size(size)
