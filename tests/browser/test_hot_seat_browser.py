"""One screen, three people: the hot-seat curtain in JupyterLab.

``notebooks/tests/hot_seat_table.ipynb`` puts a 3-player Winds of Plunder game on
:class:`windward_widgets.plunder.PlunderTable` with every seat a person. The test sets Red's compass
by a click: the board and the controls go behind the curtain ("Pass the screen to Blue -- click when
ready"); Ready shows Blue's view without Red's compass. After the compasses, Red puts 2 cubes in a
fist (typed into the slider's readout) and closes it: the curtain again, and Blue's slider reads 0
once Blue takes the screen (issue 25: it read Red's bid). Screenshots of both curtains and of Blue's
view go to ``test-artifacts/``; the same clicks on a table in this process say what the page must.
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
from windward_widgets.plunder import PlunderTable  # noqa: E402

from test_table_browser import KERNEL_IDLE_JS, _park, _text, _wait_text, table_notebook  # noqa: E402

pytestmark = pytest.mark.browser

NOTEBOOK = "hot_seat_table.ipynb"
TABLE = ".jp-OutputArea-output .ww-test-hot-seat"


@pytest.fixture(scope="module")
def hot_seat_page(lab_server, browser, artifacts_dir):
    with table_notebook(browser, lab_server, artifacts_dir, "hot-seat", NOTEBOOK, TABLE, ".wop-vote", "hot_seat_page",
                        height=900) as page:
        yield page


def _table(page):
    return page.locator(TABLE).first


def _curtain(page):
    return _table(page).locator(".ww-curtain").first


def _idle(page) -> None:
    page.wait_for_function(KERNEL_IDLE_JS)
    time.sleep(0.3)


def _ready(page, name: str) -> None:
    """The curtain is down for ``name`` and hides the board and the controls; click Ready."""
    curtain = _curtain(page)
    curtain.wait_for(state="visible")
    _wait_text(curtain.locator(".ww-curtain-text").first, f"Pass the screen to {name} — click when ready", exact=False)
    assert not _table(page).locator(".wop-map").first.is_visible()
    assert not _table(page).locator(".ww-coach-text").first.is_visible()
    assert not _table(page).locator(".wop-vote").first.is_visible()
    curtain.locator("button.ww-curtain-ready").first.click()
    curtain.wait_for(state="hidden")
    _idle(page)


def _compass(page, d: str) -> None:
    _table(page).locator(f"button.wop-compass-{d}").first.click()
    _idle(page)


def test_the_curtain_hides_each_players_sealed_choice(hot_seat_page, artifacts_dir):
    page = hot_seat_page
    t = PlunderTable(ww.new_game(game="winds-of-plunder", players=3, seed=5), bot_pause=0)
    coach = _table(page).locator(".ww-coach-text").first
    _wait_text(coach, t.coach.text)
    assert not _curtain(page).is_visible()

    _compass(page, "E")                                     # Red's compass, face down
    t.vote.compass_buttons["E"].click()
    _curtain(page).wait_for(state="visible")
    _park(page)
    page.screenshot(path=str(artifacts_dir / "hot_seat_curtain_blue.png"))
    _ready(page, "Blue")
    t.curtain.button.click()
    _wait_text(coach, t.coach.text)
    assert t.coach.text.startswith("Blue")
    status = _text(_table(page).locator(".wop-vote-status").first)
    assert "East" not in status and "compass face down" in status
    page.screenshot(path=str(artifacts_dir / "hot_seat_blue_view.png"))

    for d, name in (("N", "Green"), ("N", "Red")):          # Blue's and Green's compasses
        _compass(page, d)
        _ready(page, name)
    _wait_text(coach, "Red: hide", exact=False)

    readout = _table(page).locator(".wop-cubes .widget-readout").first   # Red types 2 into the slider
    readout.click()
    page.keyboard.press("Control+A")
    page.keyboard.type("2")
    page.keyboard.press("Enter")
    _wait_text(readout, "2")
    _idle(page)
    _table(page).locator("button.wop-fist").first.click()
    _idle(page)
    _park(page)
    page.screenshot(path=str(artifacts_dir / "hot_seat_curtain_after_the_fist.png"))
    _ready(page, "Blue")
    _wait_text(coach, "Blue: hide", exact=False)
    _wait_text(_table(page).locator(".wop-cubes .widget-readout").first, "0")   # not Red's 2
    assert "2 cubes" not in _text(_table(page).locator(".wop-vote-status").first)
    _park(page)
    page.screenshot(path=str(artifacts_dir / "hot_seat_blue_bids.png"))
    assert "Traceback" not in page.locator("body").inner_text()
