"""North Wind on the play table shell in JupyterLab, played by clicks in headless Chromium.

``notebooks/tests/northwind_table.ipynb`` builds a :class:`~windward_widgets.northwind.NorthWindTable`
(player 1 a person, player 2 a GreedyBot pausing 0.3 s) on a scenario whose Olsand stack starts
with a salt harbour, a shipwreck and Olsand itself. The test sails and reveals by clicking the
stack on the board, buys salt with a quick button (the voyage then reveals the next tile by
itself), salvages by clicking the tile, completes
Olsand's task by clicking it, clicks a stack the rules refuse, and checks the coach line, the
messages, the ship panel and the while-you-waited line against the same clicks on a table in this
process; then that the table fits 1024x768 with the file browser open. Screenshots go to
``test-artifacts/``.
"""

from __future__ import annotations

import time

import pytest

from windward_nb.northwind.scenario import scenario
from windward_widgets.northwind import NorthWindTable

from test_table_browser import table_notebook, KERNEL_IDLE_JS, MARKS, _box, _file_browser, _park, _wait_text

pytestmark = pytest.mark.browser

NOTEBOOK = "northwind_table.ipynb"
TABLE = ".jp-OutputArea-output .nw-test-table"


class Plan:
    """The same clicks on an in-process table (pause 0): the page must say the same."""

    def __init__(self):
        game = scenario(players=2, stacks={"olsand": ["salt-1", "wreck", "olsand"]}, hold=[{"fish": 1}, {}],
                        letters=[0, 0], auto_chance=True, seed=4)
        self.t = NorthWindTable(game, bots={1: "greedy"}, bot_pause=0, board_width=508)

    def note(self) -> dict:
        t = self.t
        return {"coach": t.coach.text, "message": t.messages.text, "waited": t.waited_text}


@pytest.fixture(scope="module")
def nw_page(lab_server, browser, artifacts_dir):
    with table_notebook(browser, lab_server, artifacts_dir, "north-wind", NOTEBOOK, TABLE, MARKS, "nw_page",
                        height=900) as page:
        yield page


def _table(page):
    return page.locator(TABLE).first


def _check(page, step: dict, timeout: float = 30.0) -> None:
    table = _table(page)
    _wait_text(table.locator(".ww-coach-text").first, step["coach"], timeout=timeout)
    if step["message"]:
        _wait_text(table.locator(".ww-message .ww-msg-text").first, step["message"])
    else:
        _wait_text(table.locator(".ww-message").first, "")
    _wait_text(table.locator(".ww-waited").first, step["waited"])


def _space(page, i: int):
    """The click disc of space ``i`` on the North Wind board (the last mark with dots), once the
    kernel is idle and the board has stopped moving: the board widens or narrows as the controls
    beside it change (quick buttons come and go), and a click during that relayout would land
    where the disc was a moment before."""
    page.wait_for_function(KERNEL_IDLE_JS)
    _table(page).locator(".nw-voyage-board").first.evaluate("e => e.scrollIntoView({block: 'start'})")
    dot = _table(page).locator(".nw-voyage-board").locator(MARKS).filter(has=page.locator("path.dot")).last \
        .locator("path.dot").nth(i)
    last, deadline = None, time.monotonic() + 10
    while time.monotonic() < deadline:
        box = dot.bounding_box()
        if box is not None and box == last:
            break
        last = box
        time.sleep(0.4)
    return dot


def _quick(page, text: str):
    return _table(page).locator(".ww-controls button").filter(has_text=text).first


def _no_traceback(page) -> None:
    assert "Traceback" not in page.locator("body").inner_text()
    assert page.locator(".ww-bug").count() == 0 and page.locator(".ww-msg-error").count() == 0


def test_a_voyage_of_north_wind_by_clicks(nw_page, artifacts_dir):
    page, plan = nw_page, Plan()
    t = plan.t
    _check(page, plan.note())
    texts = _table(page).locator(".nw-voyage-board svg.svg-figure text").all_text_contents()
    for name in ("★ North Cape", "★ Fort Haven", "★ Olsand", "8", "wine", "salt+fish"):   # banners, piles, tasks
        assert name in texts, texts

    t.board.click(2)                                         # sail into Olsand
    step = plan.note()
    _space(page, 2).click()
    _check(page, step)
    assert step["coach"] == "Player 1: reveal the first tile."

    t.board.click(2)                                         # reveal: the salt harbour
    step = plan.note()
    _space(page, 2).click()
    _check(page, step)
    assert "Commercial harbour (salt 1)" in step["coach"]

    t.board.click(0)                                         # another stack: refused, nothing changes
    step = plan.note()
    _space(page, 0).click()
    _check(page, step)
    assert step["message"] == "you are already on a voyage; one stack per turn [Trading Voyage]"

    t.act(["buy salt"])                                       # the quick button "buy salt"
    step = plan.note()
    _quick(page, "buy 1 salt for 1 gold").click()
    _check(page, step)
    ship = _wait_text(_table(page).locator(".nw-ship-tabs").first, "4 gold", exact=False)
    assert "Hold saltfish" in ship      # the slots, in the order of the commodities

    # the voyage runs on by itself (N6): the shipwreck is face up already; click it to salvage
    assert "Shipwreck" in step["coach"]
    t.board.click(3 + 1)
    step = plan.note()
    _space(page, 3 + 1).click()
    _check(page, step, timeout=60)                           # two actions: the bot plays its turn
    assert step["waited"].startswith("While you waited:")
    _wait_text(_table(page).locator(".ww-event-log").first, "examines the shipwreck", exact=False)
    _park(page)
    page.screenshot(path=str(artifacts_dir / "northwind_table_after_a_turn.png"))
    _no_traceback(page)


def test_the_north_wind_table_fits_at_1024x768(nw_page, artifacts_dir):
    page = nw_page
    page.set_viewport_size({"width": 1024, "height": 768})
    _file_browser(page, True)
    board = _table(page).locator(".nw-voyage-board svg.svg-figure").first
    _table(page).locator(".nw-voyage-board").first.evaluate("e => e.scrollIntoView({block: 'start'})")
    time.sleep(0.6)
    boxes = {"board": _box(board), "coach": _box(_table(page).locator(".ww-coach").first)}
    for name, b in boxes.items():
        assert b["left"] >= 0 and b["right"] <= 1024.5 and b["top"] >= 0, (name, b)
    # about 600 px for the table: the board keeps its width (its task fields stay legible), the controls
    # go under it
    assert boxes["coach"]["top"] >= boxes["board"]["bottom"] - 1, boxes
    assert boxes["board"]["width"] >= 0.88 * 508 - 1, boxes        # the test table is 508 px wide
    _park(page)
    page.screenshot(path=str(artifacts_dir / "northwind_lab_1024x768_files_open.png"))
    _file_browser(page, False)
    page.set_viewport_size({"width": 1280, "height": 900})
