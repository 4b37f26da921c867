"""Issue 24's repro in JupyterLab, in headless Chromium, by clicks only (3 players, seed 7).

``notebooks/tests/seed7_table.ipynb`` holds the game. Player 1 hires a Marine (the crew list and
*Hire crew*), clicks *Fill Cannon*, sails to 1,0 and 1,1 on the board and picks up gas; the coach
says what the rest there brings. *End turn* asks twice and names the red crester first, with the
exact chances (the same words as the same clicks on a table in this process). After the rest
(discard Deadweight) the red attacks; the Cannons slider is moved to 1 with the keyboard and the
battle panel shows red 66.7% / tie 20.4% / ship 13.0%. A typo is answered right under the text
box (at 1280x800 the answer is within a few pixels of it), and the log numbers each line once.
Screenshots go to ``test-artifacts/``: the End-turn warning, the battle panel, the typo, the log.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

import windward_nb as ww

try:
    import windward_widgets  # noqa: F401
except ImportError:  # a plain checkout that is not pip-installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "widgets"))
from windward_widgets import PlayTable

from test_table_browser import (KERNEL_IDLE_JS, MARKS, _box, _named, _no_traceback, _park, _text, _wait_text,
                                table_notebook)

pytestmark = pytest.mark.browser

NOTEBOOK = "seed7_table.ipynb"
TABLE = ".jp-OutputArea-output .ww-test-seed7"
PLANET = ww.new_game(players=3, seed=7, planet="large").state.planet
ODDS_TEXT = "attacker wins 66.7% · tie 20.4% · defender wins 13.0%"


@pytest.fixture(scope="module")
def seed7_page(lab_server, browser, artifacts_dir):
    with table_notebook(browser, lab_server, artifacts_dir, "seed7", NOTEBOOK, TABLE, MARKS, "seed7_page") as page:
        yield page


def _table(page):
    return page.locator(TABLE).first


def _button(page, scope: str, name: str):
    return _table(page).locator(scope).locator("button:visible").filter(has_text=_named(name)).first


def _dots(page):
    return _table(page).locator(".ww-game-board").locator(MARKS).filter(has=page.locator("path.dot")).last \
        .locator("path.dot")


def _hint(page) -> str:
    return _text(_table(page).locator(".ww-coach-panel li").first)


def oracle() -> tuple[PlayTable, dict]:
    """The same clicks on a table in this process (pause 0): what it says at each step."""
    t = PlayTable(ww.new_game(players=3, seed=7, planet="large"), bots={1: "greedy", 2: "random"}, bot_pause=0)
    said = {}
    ship = t.ship_panels[0]
    ship.hire_pick.value = "Marine"
    ship.hire_button.click()
    ship.order_buttons["cannon"].click()
    t.board.click(PLANET.index[(1, 0)])
    t.board.click(PLANET.index[(1, 1)])
    t.turn_bar.press("pickup gas")
    said["hint"] = t.coach.coach.hints[0]
    t.turn_bar.press("end")
    said["end"] = t.messages.text
    return t, said


def test_seed7_by_clicks_end_turn_names_the_red_and_the_panel_shows_the_marines_odds(seed7_page, artifacts_dir):
    page = seed7_page
    _t, want = oracle()
    assert want["end"].startswith("A red crester 2 spaces away (2,2) reaches you at the rest")
    table = _table(page)

    # Hire crew: Marine, then Fill Cannon (the ship board at port)
    table.locator(".ww-ship-board:visible select").first.select_option("Marine")
    page.wait_for_function(KERNEL_IDLE_JS)
    _button(page, ".ww-ship-board:visible", "Hire crew").click()
    _wait_text(table.locator(".ww-coach-text").first, "mates 1", exact=False)
    _button(page, ".ww-ship-board:visible", "Fill Cannon").click()
    _wait_text(table.locator(".ww-coach-text").first, "mates 0", exact=False)

    # sail 1,0 then 1,1 on the board, pick up gas
    _dots(page).nth(PLANET.index[(1, 0)]).click()
    _wait_text(table.locator(".ww-coach-text").first, "you are at sky on 1,0", exact=False)
    _dots(page).nth(PLANET.index[(1, 1)]).click()
    _wait_text(table.locator(".ww-coach-text").first, "you are at sky on 1,1", exact=False)
    # a typo (the issue's): answered right under the text box
    box = table.locator(".ww-typed input").first
    box.fill("pickup gas")
    table.locator(".ww-apply-typed").first.click()
    answer = table.locator(".ww-typed-message .ww-msg-text").first
    _wait_text(answer, "'pickup gas' is not an action. Did you mean:", exact=False)
    a, b = _box(answer), _box(box)
    assert 0 <= a["top"] - b["bottom"] < 60, (a, b)                     # just under the box, not ~990 px away
    assert _text(table.locator(".ww-message").first) == ""
    table.locator(".ww-actions").first.scroll_into_view_if_needed()
    _park(page)
    table.locator(".ww-actions").first.screenshot(path=str(artifacts_dir / "seed7_typo_under_the_box.png"))

    _button(page, ".ww-turn-bar", "Pick up gas").click()
    _wait_text(table.locator(".ww-coach-panel li").first, want["hint"])

    # End turn: asks twice, the red crester first
    _button(page, ".ww-turn-bar", "End turn").click()
    _wait_text(table.locator(".ww-message .ww-msg-text").first, want["end"])
    table.locator(".ww-controls").first.scroll_into_view_if_needed()
    _park(page)
    page.screenshot(path=str(artifacts_dir / "seed7_end_turn_warning.png"))
    _button(page, ".ww-turn-bar", "Click again to confirm").click()
    _wait_text(table.locator(".ww-coach-text").first, "rest at sky", exact=False)

    # rest: discard Deadweight; the red attacks and rolls 8; the defender chooses its cannons
    _button(page, ".ww-quick", "Rest: discard Deadweight").click()
    battle = table.locator(".ww-battle").first
    battle.wait_for()
    _wait_text(battle, "the red crester attacks", exact=False)
    slider = battle.locator(".widget-slider").first
    handle = slider.locator(".noUi-handle").first
    handle.focus()
    page.keyboard.press("ArrowRight")                                    # Cannons: 1
    odds = battle.locator(".ww-odds").first
    _wait_text(odds, ODDS_TEXT, exact=False)
    assert "the defender's crew adds 2 hits" in _text(battle)
    battle.scroll_into_view_if_needed()
    _park(page)
    battle.screenshot(path=str(artifacts_dir / "seed7_battle_panel.png"))

    # the log numbers each line once
    lines = table.locator(".ww-log-lines li")
    assert lines.count() > 3
    assert table.locator(".ww-log-lines").first.evaluate("e => getComputedStyle(e).listStyleType") == "none"
    for text in lines.all_inner_texts():
        assert re.match(r"^\d+\. \D", text.strip()), text
    log = table.locator(".ww-events").first
    log.scroll_into_view_if_needed()
    _park(page)
    log.screenshot(path=str(artifacts_dir / "seed7_log.png"))
    _no_traceback(page)
