"""Deprecated module paths: they keep working until windward-nb 0.3 (:data:`REMOVED_IN`), with a warning saying so.

Before the four wind games shared :mod:`windward_nb.core`, Windward's modules sat
directly in ``windward_nb`` (``windward_nb.engine``, ``windward_nb.state`` ...), and so
did Windward's lesson helpers (``windward_nb.lessons``). Each old path is now another
name for the moved module (the very same module object), so ``from windward_nb import
engine`` and ``import windward_nb.state`` keep working in old notebooks; the first use
of an old path warns (a :class:`FutureWarning`, which Python always shows) naming the
new one and the version the old one goes in. New code imports from
:mod:`windward_nb.windward`.

>>> import warnings, windward_nb.windward
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     module = moved("engine")
>>> module is windward_nb.windward.engine
True
>>> print(caught[0].message)
windward_nb.engine is deprecated and goes in windward-nb 0.3: use windward_nb.windward.engine
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import os
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType

#: the version in which the deprecated paths go (they work, with a warning, until then)
REMOVED_IN = "0.3"

#: old path (under windward_nb) -> the module it names now
ALIASES = {
    "actions": "windward_nb.windward.actions",
    "battle": "windward_nb.windward.battle",
    "components": "windward_nb.windward.components",
    "cresters": "windward_nb.windward.cresters",
    "engine": "windward_nb.windward.engine",
    "events": "windward_nb.windward.events",
    "game": "windward_nb.windward.game",
    "hexgrid": "windward_nb.windward.hexgrid",
    "invariants": "windward_nb.windward.invariants",
    "lessons": "windward_nb.windward.lessons",
    "movement": "windward_nb.windward.movement",
    "orders": "windward_nb.windward.orders",
    "perft": "windward_nb.windward.perft",
    "planet": "windward_nb.windward.planet",
    "scenario": "windward_nb.windward.scenario",
    "setup": "windward_nb.windward.setup",
    "state": "windward_nb.windward.state",
    "variants": "windward_nb.windward.modes",
}

_PACKAGE = "windward_nb"
#: frames a warning skips to point at the line that used the old path: the import machinery and
#: the package's own files
_SKIP = (os.path.dirname(importlib.__file__), "<frozen importlib", os.path.dirname(__file__))


def _stacklevel() -> int:
    """How far up the caller of the old path is (past this package and the import machinery), counted
    as :func:`warnings.warn` counts: without the import system's own frames, which it skips."""
    frame = sys._getframe(1)
    level = 1
    while frame.f_back is not None and frame.f_code.co_filename.startswith(_SKIP):
        frame = frame.f_back
        name = frame.f_code.co_filename
        if not ("importlib" in name and "_bootstrap" in name):
            level += 1
    return level


def warn(old: str, new: str) -> None:
    """Warn that the module path ``old`` is deprecated in favour of ``new``."""
    warnings.warn(f"{old} is deprecated and goes in windward-nb {REMOVED_IN}: use {new}", FutureWarning,
                  stacklevel=_stacklevel())


def moved(old: str) -> ModuleType:
    """The module the old path ``windward_nb.<old>`` names, after warning."""
    new = ALIASES[old]
    warn(f"{_PACKAGE}.{old}", new)
    module = importlib.import_module(new)
    sys.modules[f"{_PACKAGE}.{old}"] = module
    if old not in QUIET:  # the next use finds it without warning again
        setattr(sys.modules[_PACKAGE], old, module)
    return module


class _OldPaths(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds ``windward_nb.<old>`` for ``import`` and gives the moved module (after warning)."""

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        package, _, old = fullname.rpartition(".")
        if package != _PACKAGE or old not in ALIASES:
            return None
        return importlib.machinery.ModuleSpec(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> None:
        return None  # a placeholder; exec_module puts the moved module in its place

    def exec_module(self, module: ModuleType) -> None:
        # the import system hands back whatever sys.modules holds under the name once this returns
        moved(module.__name__.rpartition(".")[2])


_FINDER = _OldPaths()


#: old paths whose name the package keeps for something else (``ww.scenario`` is the function):
#: an import would put the module there, so they are registered at once and cannot warn
QUIET = ("scenario",)


def install() -> None:
    """Let ``import windward_nb.<old>`` find the moved modules (once per process)."""
    if not any(isinstance(f, _OldPaths) for f in sys.meta_path):
        sys.meta_path.append(_FINDER)
    for old in QUIET:
        sys.modules[f"{_PACKAGE}.{old}"] = importlib.import_module(ALIASES[old])


def attribute(name: str) -> ModuleType:
    """``windward_nb.<name>`` for an old path (the package's ``__getattr__``), else AttributeError."""
    if name not in ALIASES:
        raise AttributeError(f"module {_PACKAGE!r} has no attribute {name!r}")
    return moved(name)
