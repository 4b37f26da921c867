"""The Hint panel shows the same numbers in the Voila app as in JupyterLab (issue 24).

The Voila app is ``notebooks/play-table.ipynb`` (3 players, seed 7, Player 1 at the table); JupyterLab
opens ``notebooks/tests/hint_voila_table.ipynb``, which builds the same table. Both keep the default
Hint budget *in seconds*: a hint's seconds are search work (the same on every machine and in every
front end), so a click in either shows exactly the hints this process finds for the same table:
each action, its win chance with the 95% interval and the number of searched games, its reason,
where the numbers come from, and the verdict. Screenshots of both are kept in ``test-artifacts/``.
"""

from __future__ import annotations

import re
import time

import pytest

import windward_nb as ww
from windward_widgets import PlayTable

from conftest import open_voila
from test_table_browser import KERNEL_IDLE_JS, _park, table_notebook

pytestmark = pytest.mark.browser

NOTEBOOK = "hint_voila_table.ipynb"
TABLE = ".jp-OutputArea-output .ww-test-hint-voila"
PANEL = ".ww-hint-panel"


def oracle() -> PlayTable:
    """The app's table, built here."""
    return PlayTable(ww.new_game(players=3, seed=7), bots={1: "greedy", 2: "random"}, bot_pause=0)


def _clean(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\xa0", " ")).strip()


def _panel_text(panel) -> list[str]:
    """What the Hint panel shows: one line per hint, then where the numbers come from, then the verdict."""
    rows = [_clean(panel.locator(".ww-hint").nth(i).inner_text()) for i in range(panel.locator(".ww-hint").count())]
    return rows + [_clean(panel.locator(".ww-hint-method").first.inner_text()),
                   _clean(panel.locator(".ww-hint-verdict").first.inner_text())]


def _expected(t: PlayTable) -> list[str]:
    hs = t.hint_panel.show_hints()
    verdict = hs.verdict[:1].upper() + hs.verdict[1:]
    return [f"{h.action}: {h.chance_text()} to win ({h.reason})" for h in hs] + \
        [f"(best first; {hs.method()})", ("⚖ " if hs.close else "") + verdict + "."]


def _click_and_read(page, scope) -> list[str]:
    panel = scope.locator(PANEL).first
    panel.locator(".ww-hint-button").first.click()
    panel.locator(".ww-hint").first.wait_for(timeout=180_000)
    deadline = time.monotonic() + 60
    while panel.locator(".ww-hint-verdict").count() == 0 and time.monotonic() < deadline:
        time.sleep(0.2)
    return _panel_text(panel)


def test_voila_and_jupyterlab_show_the_same_hint_numbers(voila_play_table, lab_server, browser, artifacts_dir):
    want = _expected(oracle())
    assert len(want) >= 4 and all(re.search(r"\(.+\), \d+ games to win", row) for row in want[:-2])

    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    try:
        open_voila(page, voila_play_table.base + "/", ".ww-play-table .ww-hint-button")
        table = page.locator(".ww-play-table").first
        voila = _click_and_read(page, table)
        table.locator(PANEL).first.scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts_dir / "hint_voila.png"))
        assert "Traceback" not in page.locator("body").inner_text()
    finally:
        page.close()

    with table_notebook(browser, lab_server, artifacts_dir, "hintvoila", NOTEBOOK, TABLE, ".ww-hint-button",
                        "hint_voila_lab", height=1000) as lab_page:
        lab_page.wait_for_function(KERNEL_IDLE_JS)
        scope = lab_page.locator(TABLE).first
        lab = _click_and_read(lab_page, scope)
        _park(lab_page)
        scope.locator(PANEL).first.scroll_into_view_if_needed()
        lab_page.screenshot(path=str(artifacts_dir / "hint_jupyterlab.png"))

    assert voila == want, "Voila's Hint panel differs from the engine's hints"
    assert lab == want, "JupyterLab's Hint panel differs from the engine's hints"
