"""The Hint button in JupyterLab, in headless Chromium.

``notebooks/tests/hint_table.ipynb`` builds Windward's play table on a position where player 1
has sailed into a red crester and must choose how many cannons to fire (player 2 a greedy bot);
the hint budget is a fixed number of searched games, so the hints are seeded. The test clicks
*Hint*, checks that the page lists the same hints (action, win chance with its interval and
searched games, reason with the battle odds) as the same table built in this process, that the best
is selected in the list of legal actions, then clicks its *Play* button and checks the coach line and that the hints are gone.
"""

from __future__ import annotations

import re

import pytest

import windward_nb as ww
from windward_widgets import PlayTable

from test_table_browser import table_notebook, KERNEL_IDLE_JS, _park, _text, _wait_text

pytestmark = pytest.mark.browser

NOTEBOOK = "hint_table.ipynb"
TABLE = ".jp-OutputArea-output .ww-test-hint"


def oracle() -> PlayTable:
    """The notebook's table, built here (pause 0)."""
    game = ww.scenario(players=2, wind=3, reds=["1,-3"],
                       ships=[{"pos": "0,-3", "cannons": 3, "morale": 3, "crew": ["Marine"]}, {"pos": "port"}])
    t = PlayTable(game, bots={1: "greedy"}, bot_pause=0, hint_iterations=8)
    t.act(["move SE"])
    return t


@pytest.fixture(scope="module")
def hint_page(lab_server, browser, artifacts_dir):
    with table_notebook(browser, lab_server, artifacts_dir, "hint", NOTEBOOK, TABLE, '.ww-hint-button', "hint_page",
                        height=900) as page:
        yield page


def _table(page):
    return page.locator(TABLE).first


def _selected(page) -> str:
    text = _table(page).locator(".ww-legal-actions select").first.evaluate(
        "s => s.selectedIndex >= 0 ? s.options[s.selectedIndex].text : ''")
    return re.sub(r"\s+", " ", text.replace("\xa0", " ")).strip()


def test_the_hint_button_shows_plays_and_forgets_the_hints(hint_page, artifacts_dir):
    page = hint_page
    t = oracle()
    _wait_text(_table(page).locator(".ww-coach-text").first, t.coach.text)
    assert _table(page).locator(".ww-hint").count() == 0
    assert _table(page).locator(".ww-hint-seconds").first.is_hidden()      # the budget is fixed here

    hints = t.hint_panel.show_hints()
    assert hints and all("% to win the battle" in h.reason for h in hints)
    page.wait_for_function(KERNEL_IDLE_JS)
    _table(page).locator(".ww-hint-button").first.click()
    items = _table(page).locator(".ww-hint")
    _wait_text(items.first.locator(".ww-hint-action"), str(hints[0].action), timeout=60)
    assert items.count() == len(hints)
    for i, h in enumerate(hints):
        assert _text(items.nth(i)) == re.sub(r"\s+", " ", f"{h.action}: {h.chance_text()} to win ({h.reason})")
    _wait_text(_table(page).locator(".ww-message .ww-msg-text").first, t.messages.text)
    assert _selected(page).endswith(f"[{hints[0].action}]")
    _park(page)
    page.screenshot(path=str(artifacts_dir / "hint_table_hints.png"))

    t.hint_panel.play(0)
    page.wait_for_function(KERNEL_IDLE_JS)
    _table(page).locator(".ww-hint-play").filter(has_text=f"Play {hints[0].action}").first.click()
    _wait_text(_table(page).locator(".ww-coach-text").first, t.coach.text, timeout=60)
    page.wait_for_function(KERNEL_IDLE_JS)
    assert _table(page).locator(".ww-hint").count() == 0
    assert "Traceback" not in page.locator("body").inner_text()
    assert page.locator(".ww-bug").count() == 0 and page.locator(".ww-msg-error").count() == 0
