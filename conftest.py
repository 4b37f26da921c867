"""Test-run settings for the whole tree (the tests, and the doctests of both packages).

The README's test command runs the suite on two workers (pytest-xdist, ``-n 2``). The tests are
shared out by module, so that a module's fixtures are built once, and every browser test goes to
the same worker: one JupyterLab and one Chromium at a time, as in a run without workers.

(xdist's own ``--dist loadgroup`` cannot do this with pytest 9: it renames the tests by setting an
attribute pytest no longer reads, and the tests are then dealt out one by one. Hence a scheduler of
our own, through xdist's ``pytest_xdist_make_scheduler`` hook.)
"""

from __future__ import annotations

try:
    from xdist.scheduler import LoadScopeScheduling
except ImportError:  # pytest-xdist is a test extra: without it the suite runs in one process
    LoadScopeScheduling = None

#: the test modules that drive a browser: they share one worker
BROWSER = "tests/browser/"


def scope_of(nodeid: str) -> str:
    """The share of work a test belongs to: its module, or ``"browser"`` for every browser test.

    >>> scope_of("tests/browser/test_play_browser.py::test_board_renders_and_highlights")
    'browser'
    >>> scope_of("tests/test_cli.py::test_help[odds]")
    'tests/test_cli.py'
    >>> scope_of("windward_nb/core/stats.py::windward_nb.core.stats.wilson")
    'windward_nb/core/stats.py'
    """
    module = nodeid.split("::", 1)[0]
    return "browser" if module.startswith(BROWSER) else module


if LoadScopeScheduling is not None:

    class ByModule(LoadScopeScheduling):
        """xdist's scheduling by scope, where a scope is :func:`scope_of` a test."""

        def _split_scope(self, nodeid: str) -> str:
            return scope_of(nodeid)

    def pytest_xdist_make_scheduler(config, log):
        if config.getvalue("dist") in ("load", "loadscope", "loadfile", "loadgroup"):
            return ByModule(config, log)
        return None                                  # --dist each: xdist's own
