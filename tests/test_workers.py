"""The README's test command shares the suite out to two workers by module, every browser test on
one worker (the root ``conftest.py``)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _root_conftest():
    spec = importlib.util.spec_from_file_location("windward_root_conftest", ROOT / "conftest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_test_belongs_to_its_module_and_browser_tests_to_one_share():
    scope_of = _root_conftest().scope_of
    assert scope_of("tests/browser/test_play_browser.py::test_board_renders_and_highlights") == "browser"
    assert scope_of("tests/browser/test_family_browser.py::test_each[windward-1280x800]") == "browser"
    assert scope_of("tests/test_cli.py::test_help[odds]") == "tests/test_cli.py"
    assert scope_of("tests/test_cli.py::TestX::test_y") == "tests/test_cli.py"
    assert scope_of("windward_nb/core/stats.py::windward_nb.core.stats.wilson") == "windward_nb/core/stats.py"


def test_the_scheduler_is_xdist_scheduling_by_those_shares():
    pytest.importorskip("xdist")  # a test extra; the README's command installs it
    conf = _root_conftest()
    from xdist.scheduler import LoadScopeScheduling

    assert issubclass(conf.ByModule, LoadScopeScheduling)
    sched = conf.ByModule.__new__(conf.ByModule)
    assert sched._split_scope("tests/browser/test_seed7_browser.py::test_x") == "browser"
    assert sched._split_scope("tests/test_lessons.py::test_y") == "tests/test_lessons.py"
