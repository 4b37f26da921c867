"""Test-run settings for the whole tree (the tests, and the doctests of both packages).

The README's test command runs the suite on two workers (pytest-xdist, ``--dist loadgroup`` in
pyproject.toml). Tests are shared out by module, so a module's fixtures are built once, and every
browser test goes to the same worker: one JupyterLab and one Chromium at a time, as in a run
without workers.
"""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not config.pluginmanager.hasplugin("xdist"):
        return
    for item in items:
        if item.get_closest_marker("xdist_group") is not None:
            continue
        module = item.nodeid.split("::", 1)[0]
        group = "browser" if item.get_closest_marker("browser") is not None else Path(module).stem
        item.add_marker(pytest.mark.xdist_group(group))
