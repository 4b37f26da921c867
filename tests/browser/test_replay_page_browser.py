"""The static replay page (``windward replay FILE --html OUT``) in headless Chromium, from file://.

No server: the page is written to a temporary folder and opened as a file. The test steps
forward with the button and the arrow key, jumps with the slider and the end button, and checks
that the board drawn in the page changes with the ply and is exactly the board of that ply.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import windward_nb as ww
from windward_nb.cli import main
from windward_nb.core.svg import state_svg
from windward_nb.core.view import view_for

pytestmark = pytest.mark.browser

DATA = Path(__file__).resolve().parents[2] / "notebooks" / "data"


@pytest.fixture(params=["greedy-2p.wwr.json", "tailwinds-greedy-2p.twr.json"], ids=["windward", "tailwinds"])
def record_file(request) -> Path:
    return DATA / request.param


@pytest.fixture
def page_errors() -> list[str]:
    return []


@pytest.fixture
def replay_page(browser, tmp_path, record_file, page_errors):
    """The page written by ``windward replay FILE --html OUT``, opened from file://."""
    out = tmp_path / "replay.html"
    assert main(["replay", str(record_file), "--html", str(out)]) == 0
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    page.on("pageerror", lambda exc: page_errors.append(str(exc)))
    page.on("request", lambda req: None if req.url.startswith("file:") else page_errors.append("network: " + req.url))
    page.goto(out.as_uri())
    yield page
    page.close()


def _board(page) -> str:
    return page.eval_on_selector("#board", "el => el.innerHTML")


def _ply(page) -> int:
    return int(page.get_attribute("body", "data-ply"))


def test_stepping_the_static_replay_page(replay_page, record_file, page_errors):
    page, record = replay_page, ww.load_record(record_file)
    cursor = record.cursor()
    n = len(record.actions)
    assert _ply(page) == 0 and page.inner_text("#ply-label") == f"ply 0 of {n}"
    start = _board(page)
    assert page.locator("#board svg .space").count() == len(view_for(cursor.state).board(cursor.state).spaces)
    seen = {start}
    for k in range(1, 6):
        page.click("#next")
        assert _ply(page) == k
        assert page.inner_text("#line").startswith(f"{k}. ")
        seen.add(_board(page))
    page.keyboard.press("ArrowRight")
    assert _ply(page) == 6
    assert len(seen) > 1, "the board never changed in the first plies"
    # the slider jumps; the board is the one Python draws for that ply
    mid = n // 2
    page.eval_on_selector("#ply-slider", f"(el) => {{ el.value = '{mid}'; el.dispatchEvent(new Event('input')); }}")
    assert _ply(page) == mid
    from xml.etree import ElementTree as ET

    drawn = ET.fromstring(_board(page))
    expected = ET.fromstring(state_svg(cursor.seek(mid).state))
    assert len(list(drawn.iter())) == len(list(expected.iter()))
    assert [e.get("data-space") for e in drawn.iter() if "piece" in (e.get("class") or "").split()] == \
        [e.get("data-space") for e in expected.iter() if "piece" in (e.get("class") or "").split()]
    page.click("#last")
    assert _ply(page) == n and page.inner_text("#ending").strip()
    final = cursor.seek(n).state
    assert page.locator("#board svg .piece").count() == len(view_for(final).board(final).pieces) > 0
    assert _board(page) != start
    page.click("#first")
    assert _ply(page) == 0 and _board(page) == start
    page.click("#prev")
    assert _ply(page) == 0
    assert page_errors == []
