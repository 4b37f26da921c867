"""Deprecated module paths, kept working after Windward moved into :mod:`windward_nb.windward`.

Before the four wind games shared :mod:`windward_nb.core`, Windward's modules
sat directly in ``windward_nb`` (``windward_nb.engine``, ``windward_nb.state``
...). Each old path is now another name for the moved module (the very same
module object), so ``from windward_nb import engine`` and ``import
windward_nb.state`` keep working in notebooks and widgets. New code should
import from ``windward_nb.windward``; these aliases are deprecated and will go
in a later version. ``windward_nb.odds``, ``.bots``, ``.simulate``, ``.replay``,
``.record`` and ``.errors`` are real modules (documented re-exports), not
aliases.

>>> import windward_nb.engine
>>> windward_nb.engine is windward_nb.windward.engine
True
>>> from windward_nb import variants
>>> variants is windward_nb.windward.modes
True
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType

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
    "movement": "windward_nb.windward.movement",
    "orders": "windward_nb.windward.orders",
    "perft": "windward_nb.windward.perft",
    "planet": "windward_nb.windward.planet",
    "scenario": "windward_nb.windward.scenario",
    "setup": "windward_nb.windward.setup",
    "state": "windward_nb.windward.state",
    "variants": "windward_nb.windward.modes",
}


def install(package: ModuleType) -> None:
    """Register every old path as a name of the moved module (in ``sys.modules``, and on ``package``
    unless a public name already stands there: ``ww.scenario`` stays the function)."""
    for old, new in ALIASES.items():
        module = importlib.import_module(new)
        sys.modules[f"{package.__name__}.{old}"] = module
        if not hasattr(package, old):
            setattr(package, old, module)
