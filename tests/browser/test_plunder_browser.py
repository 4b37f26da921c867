"""Winds of Plunder played by clicks in JupyterLab: the map, the sealed vote, the table.

``notebooks/tests/plunder_table.ipynb`` puts a 3-player game on
:class:`windward_widgets.plunder.PlunderTable` (Red a person, Blue and Green greedy bots
pausing 0.3 s). The test plays a whole round only by clicks -- the North diamond of the
compass on the map, the vote panel's fist, a quick button for the first plunderer, a
highlighted port, End turn -- and checks the coach line and the while-you-waited line
against the same clicks on a table in this process; that no bot's sealed choice shows;
then that board and controls fit at 1024x768 with the file browser open and closed.
Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
try:
    import windward_widgets  # noqa: F401
except ImportError:  # a plain checkout that is not pip-installed
    sys.path.insert(0, str(ROOT / "widgets"))

import windward_nb as ww  # noqa: E402
from windward_nb.plunder.view import COMPASS0  # noqa: E402
from windward_widgets.plunder import PlunderTable  # noqa: E402

from test_table_browser import table_notebook, MARKS, _box, _file_browser, _park, _text, _wait_text  # noqa: E402

pytestmark = pytest.mark.browser

NOTEBOOK = "plunder_table.ipynb"
TABLE = ".jp-OutputArea-output .ww-test-plunder"


class Plan:
    """The same clicks on an in-process table (pause 0): the page must say the same."""

    def __init__(self):
        self.t = PlunderTable(ww.new_game(game="winds-of-plunder", players=3, seed=24),
                              bots={1: "greedy", 2: "greedy"}, bot_pause=0, board_width=560)

    def note(self) -> dict:
        t = self.t
        return {"coach": t.coach.text, "waited": t.waited_text, "phase": t.game.state.phase}


@pytest.fixture(scope="module")
def plunder_page(lab_server, browser, artifacts_dir):
    with table_notebook(browser, lab_server, artifacts_dir, "plunder", NOTEBOOK, TABLE, MARKS, "plunder_page",
                        height=800) as page:
        yield page


def _table(page):
    return page.locator(TABLE).first


def _check(page, step: dict, timeout: float = 40.0) -> None:
    table = _table(page)
    _wait_text(table.locator(".ww-coach-text").first, step["coach"], timeout=timeout)
    _wait_text(table.locator(".ww-waited").first, step["waited"], timeout=timeout)


def _space(page, i: int):
    """The click disc of place ``i`` on the map (the last mark with dots)."""
    return _table(page).locator(".wop-map").locator(MARKS).filter(has=page.locator("path.dot")).last \
        .locator("path.dot").nth(i)


def _no_traceback(page) -> None:
    assert "Traceback" not in page.locator("body").inner_text()
    assert page.locator(".ww-bug").count() == 0 and page.locator(".ww-msg-error").count() == 0


def test_a_round_of_winds_of_plunder_by_clicks(plunder_page, artifacts_dir):
    page, plan = plunder_page, Plan()
    t = plan.t
    _check(page, plan.note())
    assert plan.note()["coach"] == "Red: set your compass in secret (compass N, E, S or W)."
    assert _table(page).locator(".wop-map text.label").filter(has_text="Santo Domingo").count() == 1

    t.map.click(COMPASS0)                                     # the North diamond of the compass
    step = plan.note()
    _space(page, COMPASS0).click()
    _check(page, step)
    assert step["phase"] == "bid" and step["waited"].endswith("Compasses: Red North, Blue East, Green South.")
    status = _text(_table(page).locator(".wop-vote-status").first)
    assert "Blue: compass East" in status and "cubes" not in status.replace("choosing cubes", "")

    t.vote.fist.click()                                       # no cube in the fist
    step = plan.note()
    _table(page).locator(".wop-fist button, button.wop-fist").first.click()
    _check(page, step)
    _park(page)
    page.screenshot(path=str(artifacts_dir / "plunder_after_the_vote.png"))

    while step["phase"] in ("first", "blackbeard", "wind"):   # Red decides: the first quick button
        label = t.actions.quick_rows[0].text
        t.actions.press(0)
        step = plan.note()
        _table(page).locator(".ww-quick button:visible").filter(has_text=label).first.click()
        _check(page, step)
    assert step["phase"] == "plunder" and t.game.current_player == 0

    port = sorted(k for k, tg in t.map.targets.items() if tg.actions[0].startswith("sail"))[0]
    t.map.click(port)
    step = plan.note()
    _space(page, port).click()
    _check(page, step)
    _wait_text(_table(page).locator(".ww-event-log").first, "Red sails from", exact=False)

    t.turn_bar.buttons["end"].click()                         # the bots plunder; round 2's vote
    step = plan.note()
    _table(page).locator(".ww-turn-bar button:visible").filter(has_text="End turn").first.click()
    _check(page, step, timeout=90)
    assert step["phase"] == "compass" and t.game.state.round == 2
    assert "Winds of Plunder — round 2 of 9" in _text(_table(page))
    logs = " ".join(_table(page).locator(sel).first.evaluate("e => e.textContent")
                    for sel in (".ww-bot-log", ".ww-event-log"))
    assert "Blue (greedy bot): sets a compass face down" in logs
    for word in ("[compass", "[bid", "set your compass to", "cubes in your fist"):  # sealed choices never show
        assert word not in logs
    _park(page)
    page.screenshot(path=str(artifacts_dir / "plunder_round_two.png"))
    _no_traceback(page)


@pytest.mark.parametrize("browser_open", [True, False], ids=["files-open", "files-closed"])
def test_the_plunder_table_fits_at_1024x768(plunder_page, artifacts_dir, browser_open):
    page = plunder_page
    page.set_viewport_size({"width": 1024, "height": 768})
    _file_browser(page, browser_open)
    board = _table(page).locator(".wop-map svg.svg-figure").first
    _table(page).locator(".wop-map").first.evaluate("e => e.scrollIntoView({block: 'start'})")
    time.sleep(0.6)
    boxes = {"board": _box(board), "coach": _box(_table(page).locator(".ww-coach").first)}
    for name, b in boxes.items():
        assert b["left"] >= 0 and b["right"] <= 1024.5 and b["top"] >= 0, (name, b)
    if browser_open:      # about 600 px for the table: the map keeps its width (its names stay legible),
        # and the controls go under it
        assert boxes["coach"]["top"] >= boxes["board"]["bottom"] - 1, boxes
        assert boxes["board"]["width"] >= 0.88 * 600 - 1, boxes
    else:
        assert boxes["coach"]["left"] >= boxes["board"]["right"] - 1, boxes
    _park(page)
    page.screenshot(path=str(artifacts_dir / f"plunder_lab_1024x768_files_{'open' if browser_open else 'closed'}.png"))
    _file_browser(page, False)
    page.set_viewport_size({"width": 1280, "height": 800})
