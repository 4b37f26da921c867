"""The play table shell plays a game that is not Windward: Dice Race by clicks, in JupyterLab.

``notebooks/tests/dice_race_table.ipynb`` puts the toy game of ``tests/core`` on
:class:`windward_widgets.base.PlayTable` (player 1 a person, player 2 a random bot pausing
0.3 s). The test plays a round and a half only by clicks on the board -- a card space to bid,
the Block space (twice: it is a dangerous act), the next bid -- and checks the coach line,
the messages and the while-you-waited line against the same clicks on a table in this
process, then that the board and the controls both fit at 1024x768 with the file browser
open. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "tests" / "core")]
try:
    import windward_widgets  # noqa: F401
except ImportError:  # a plain checkout that is not pip-installed
    sys.path.insert(0, str(ROOT / "widgets"))

import dicerace  # noqa: E402
import dicerace_view  # noqa: E402
from dicerace_view import CARD0, REPLY0  # noqa: E402
from windward_widgets.base import PlayTable  # noqa: E402

from test_table_browser import (table_notebook, MARKS, _box, _file_browser, _park, _text,  # noqa: E402
                                _wait_text)

pytestmark = pytest.mark.browser

NOTEBOOK = "dice_race_table.ipynb"
TABLE = ".jp-OutputArea-output .ww-test-race"


class Plan:
    """The same clicks on an in-process table (pause 0): the page must say the same."""

    def __init__(self):
        self.t = PlayTable(dicerace.new_game(players=2, seed=3), view=dicerace_view.VIEW, bots={1: "random"},
                           bot_pause=0, board_width=560)

    def note(self) -> dict:
        t = self.t
        return {"coach": t.coach.text, "message": t.messages.text, "waited": t.waited_text,
                "kind": t.view.coach(t.game.state).kind}


@pytest.fixture(scope="module")
def race_page(lab_server, browser, artifacts_dir):
    with table_notebook(browser, lab_server, artifacts_dir, "dice-race", NOTEBOOK, TABLE, MARKS, "race_page",
                        height=800) as page:
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
    """The click disc of space ``i`` on the race board (the last mark with dots)."""
    return _table(page).locator(".ww-view-board").locator(MARKS).filter(has=page.locator("path.dot")).last \
        .locator("path.dot").nth(i)


def _no_traceback(page) -> None:
    assert "Traceback" not in page.locator("body").inner_text()
    assert page.locator(".ww-bug").count() == 0 and page.locator(".ww-msg-error").count() == 0


def test_a_round_of_dice_race_by_clicks(race_page, artifacts_dir):
    page, plan = race_page, Plan()
    t = plan.t
    _check(page, plan.note())
    assert t.coach.text.startswith("Player 1, bid one of your cards face down (2 or 3)")
    assert _table(page).locator(".ww-view-board text.label").filter(has_text="⚑").count() == 1

    t.board.click(CARD0)                                  # a card player 1 does not hold: refused
    step = plan.note()
    _space(page, CARD0).click()
    _check(page, step)
    assert step["message"] == "you hold no 1 to bid [Bidding]"

    t.board.click(CARD0 + 2)                              # bid the 3; the bot bids in the background
    step = plan.note()
    _space(page, CARD0 + 2).click()
    _check(page, step, timeout=60)
    assert step["kind"] == "reply" and step["waited"].startswith("While you waited: Player 2 bids a card")

    t.board.click(REPLY0)                                 # Block asks twice
    step = plan.note()
    _space(page, REPLY0).click()
    _check(page, step)
    assert step["message"] == "This uses your only block of the game. Click again to confirm."
    _park(page)
    page.screenshot(path=str(artifacts_dir / "race_confirm_block.png"))
    t.board.click(REPLY0)
    step = plan.note()
    _space(page, REPLY0).click()
    _check(page, step, timeout=60)
    assert step["kind"] == "bid" and t.game.state.round == 2

    target = sorted(t.board.targets)[-1]                  # round 2: bid the highest card
    t.board.click(target)
    step = plan.note()
    _space(page, target).click()
    _check(page, step, timeout=60)
    _wait_text(_table(page).locator(".ww-event-log").first, "Player 2 bids a card face down.", exact=False)
    assert "Dice Race — round" in _text(_table(page))
    _park(page)
    page.screenshot(path=str(artifacts_dir / "race_after_a_round.png"))
    _no_traceback(page)


@pytest.mark.parametrize("browser_open", [True, False], ids=["files-open", "files-closed"])
def test_the_race_table_fits_at_1024x768(race_page, artifacts_dir, browser_open):
    page = race_page
    page.set_viewport_size({"width": 1024, "height": 768})
    _file_browser(page, browser_open)
    board = _table(page).locator(".ww-view-board svg.svg-figure").first
    _table(page).locator(".ww-view-board").first.evaluate("e => e.scrollIntoView({block: 'start'})")
    time.sleep(0.6)
    boxes = {"board": _box(board), "coach": _box(_table(page).locator(".ww-coach").first),
             "act": _box(_table(page).locator(".ww-controls button:visible:enabled").first)}
    for name, b in boxes.items():
        assert b["left"] >= 0 and b["right"] <= 1024.5 and b["top"] >= 0 and b["bottom"] <= 768.5, (name, b)
    assert boxes["coach"]["left"] >= boxes["board"]["right"] - 1
    _park(page)
    page.screenshot(path=str(artifacts_dir / f"race_lab_1024x768_files_{'open' if browser_open else 'closed'}.png"))
    _file_browser(page, False)
    page.set_viewport_size({"width": 1280, "height": 800})
