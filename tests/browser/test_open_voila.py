"""``open_voila`` loads a Voila page again, once, when its widgets never render (voila#920, #1428);
a second miss is a failure. A stand-in page, no browser."""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from conftest import open_voila


class _Locator:
    def __init__(self, page):
        self.page = page
        self.first = self

    def wait_for(self, timeout):
        self.page.waits.append(timeout)
        if len(self.page.gotos) <= self.page.misses:
            raise PlaywrightTimeout("never rendered")


class _Page:
    def __init__(self, misses: int):
        self.misses, self.gotos, self.waits = misses, [], []

    def goto(self, url, timeout):
        self.gotos.append(url)

    def locator(self, selector):
        return _Locator(self)


def test_a_page_that_renders_is_loaded_once():
    page = _Page(misses=0)
    assert open_voila(page, "http://x/", ".ww-play-table", timeout_ms=5) is not None
    assert page.gotos == ["http://x/"] and page.waits == [5]


def test_a_page_that_never_rendered_is_loaded_again_once(capsys):
    page = _Page(misses=1)
    open_voila(page, "http://x/", ".ww-play-table", timeout_ms=5)
    assert page.gotos == ["http://x/", "http://x/"]
    assert "loading the page again" in capsys.readouterr().out


def test_two_misses_fail():
    page = _Page(misses=2)
    with pytest.raises(PlaywrightTimeout):
        open_voila(page, "http://x/", ".ww-play-table", timeout_ms=5)
    assert len(page.gotos) == 2
