"""The package's version, read from one place: the ``version`` in pyproject.toml.

An installed copy (regular or editable) carries that number in its metadata, so
:data:`__version__` asks :mod:`importlib.metadata`. A source checkout that was
never installed falls back to reading pyproject.toml next to the package, and
anything else reports ``0+unknown`` rather than a number that might be wrong.
"""

from __future__ import annotations

import re
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

DISTRIBUTION = "windward-nb"
UNKNOWN = "0+unknown"
_PYPROJECT_VERSION = re.compile(r'^version\s*=\s*"([^"]+)"', re.MULTILINE)


def version_from_pyproject(path: Path) -> str | None:
    """The ``[project]`` version written in a pyproject.toml, or None if it has none."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return None
    project = text.split("[project]", 1)
    if len(project) < 2:
        return None
    section = re.split(r"^\[", project[1], maxsplit=1, flags=re.MULTILINE)[0]
    found = _PYPROJECT_VERSION.search(section)
    return found.group(1) if found else None


def package_version() -> str:
    """The version of windward-nb: the installed metadata, else the source tree's pyproject.toml."""
    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        pyproject = Path(__file__).resolve().parents[1] / "pyproject.toml"
        return version_from_pyproject(pyproject) or UNKNOWN


__version__ = package_version()
