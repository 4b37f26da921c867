"""CarefulBot takes a seat by clicks, in JupyterLab, in headless Chromium.

``notebooks/tests/careful_table.ipynb`` shows a Solo Adventure table with its one seat human. The
test picks "careful bot" in the seat's list, checks that the table waits (every seat is now a
bot), presses *Let bots play* and checks that the bot's moves are shown, named as CarefulBot's,
and that the game the page shows moved on.
"""

from __future__ import annotations

import pytest

from test_table_browser import table_notebook, KERNEL_IDLE_JS, _park, _text, _wait_text

pytestmark = pytest.mark.browser

NOTEBOOK = "careful_table.ipynb"
TABLE = ".jp-OutputArea-output .ww-test-careful"


def test_a_careful_bot_seat_plays_the_solo_adventure_by_clicks(lab_server, browser, artifacts_dir):
    with table_notebook(browser, lab_server, artifacts_dir, "careful", NOTEBOOK, TABLE, ".ww-bots-button",
                        "careful_page", height=900) as page:
        table = page.locator(TABLE).first
        coach = _text(table.locator(".ww-coach-text").first)
        picker = table.locator("select").filter(has=page.locator("option", has_text="careful bot")).first
        picker.select_option(label="careful bot")
        page.wait_for_function(KERNEL_IDLE_JS)
        assert _text(table.locator(".ww-coach-text").first) == coach  # every seat a bot: the table waits
        table.locator(".ww-bots-button").first.click()
        page.wait_for_function(KERNEL_IDLE_JS, timeout=60_000)
        log = table.locator(".ww-bot-log").first
        _wait_text(log, "Bot actions, newest first (", timeout=60, exact=False)  # a folded log with a count
        shown = log.text_content() or ""                                        # its folded lines too
        assert "(careful bot)" in shown and "(human" not in shown
        assert _text(table.locator(".ww-coach-text").first) != coach
        _park(page)
        page.screenshot(path=str(artifacts_dir / "careful_table.png"))
