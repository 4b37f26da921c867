"""The registry of games: names, record formats and where each game lives.

A game registers a :class:`GameType` naming the module that holds it. The
module is imported only when the game is first used, so the core never
imports a game, and games never import each other. The module provides:

- ``new_game(players=..., seed=..., **options) -> Game``
- ``RULES``: its :class:`~windward_nb.core.rules.Rules` instance
- ``Record``: its :class:`~windward_nb.core.record.GameRecord` subclass
- ``BOTS``: bot names to bot classes (``"random"``, ``"greedy"`` ...)

>>> t = GameType(name="demo", title="Demo", module="json", record_format="demo-record",
...              suffix=".demo.json", players=(2, 4))
>>> register(t)
>>> get("DEMO").title, by_format("demo-record").name
('Demo', 'demo')
>>> unregister("demo")
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType

from .errors import OptionError


@dataclass(frozen=True)
class GameType:
    name: str  #: registry name, e.g. ``"north-wind"``
    title: str  #: as printed on the box, e.g. ``"North Wind"``
    module: str  #: the module that implements it (imported lazily)
    record_format: str  #: the ``format`` field of its records
    suffix: str  #: record file name ending, e.g. ``".nwr.json"``
    players: tuple[int, int]  #: fewest and most seats
    view: str = ""  #: the module whose ``VIEW`` the widget shell reads (default: ``<module>.view``)

    def load(self) -> ModuleType:
        """The game's module (imported on first use)."""
        return importlib.import_module(self.module)


_TYPES: dict[str, GameType] = {}  # finite: the games registered in code (four, and test games)


def _key(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(" ", "-")


def register(game_type: GameType) -> None:
    _TYPES[_key(game_type.name)] = game_type


def unregister(name: str) -> None:
    _TYPES.pop(_key(name), None)


def names() -> list[str]:
    """Registered game names, in registration order."""
    return [t.name for t in _TYPES.values()]


def get(name: str) -> GameType:
    """The game called ``name`` (case and ``_``/space/``-`` insensitive)."""
    if not isinstance(name, str):
        raise OptionError(f"a game is named by a string, got {type(name).__name__}")
    t = _TYPES.get(_key(name))
    if t is None:
        raise OptionError(f"unknown game {name!r}; games: {', '.join(names())}")
    return t


def by_format(record_format: str) -> GameType:
    """The game whose records carry ``format: record_format``."""
    for t in _TYPES.values():
        if t.record_format == record_format:
            return t
    formats = ", ".join(repr(t.record_format) for t in _TYPES.values())
    raise KeyError(f"unknown record format {record_format!r}; known formats: {formats}")


def by_suffix(filename: str) -> GameType | None:
    """The game whose record files end like ``filename`` (None if no game's do)."""
    low = filename.lower()
    for t in _TYPES.values():
        if low.endswith(t.suffix):
            return t
    return None
