"""The registry of games: each game's name, record format and parts, in one place per game.

A game registers one :class:`GameType`: its names, its record format, and its **parts**, each
given as where it lives (``"module:attribute"``, or ``"module"`` for a whole module; a module
starting with ``.`` is inside the game's own package). Nothing is imported when a game
registers: a part is imported the first time someone asks for it, so the core never imports a
game, games never import each other, and using one game never loads another. Everything that
needs a game's part asks here (:func:`part`, :meth:`GameType.part`), never by a naming
convention or by importing a module whose name it computed.

The parts the family knows (a game registers those it has; :data:`PARTS` says what each is):

>>> sorted(PARTS)[:6]
['analysis_table', 'bots', 'game', 'lessons', 'new_game', 'odds']

>>> t = GameType(name="demo", title="Demo", module="json", record_format="demo-record",
...              suffix=".demo.json", players=(2, 4), parts={"rules": ":loads", "view": "fractions:Fraction"})
>>> register(t)
>>> get("DEMO").title, by_format("demo-record").name
('Demo', 'demo')
>>> part("demo", "rules").__name__, part("demo", "view").__name__
('loads', 'Fraction')
>>> part("demo", "bots", None) is None
True
>>> part("demo", "bots")
Traceback (most recent call last):
...
LookupError: Demo registers no bots
>>> unregister("demo")

The drawing of any state is the one bridge from the rules to pictures (python-chess's
``Board._repr_svg_`` importing ``chess.svg`` lazily): :func:`display` draws it, with the core's
functions named in :data:`DISPLAY`, which ask the state's game for its own ``svg`` and ``view``
parts. So the rules protocol imports nothing that draws.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType, ModuleType
from typing import Any

from .errors import OptionError

__all__ = ["DISPLAY", "FAMILY", "PARTS", "GameType", "by_format", "by_suffix", "display", "game_of", "get",
           "names", "part", "part_of", "part_or_family", "register", "resolve", "unregister"]

#: the parts a game may register: name -> what the registry hands out for it
PARTS: Mapping[str, str] = MappingProxyType({
    "new_game": "new_game(players=..., seed=..., **options) -> Game: a new game",
    "rules": "the game's Rules instance",
    "record": "its GameRecord subclass (the record format)",
    "game": "its Game driver class, when it has its own (a record's replay() builds one)",
    "replay": "its Replay cursor class, when it has its own (a record's cursor())",
    "score_sheet": "score_sheet(record, width=...) -> str, when it has its own (a record's to_text())",
    "bots": "bot names -> bot classes or factories (\"random\", \"greedy\" ...)",
    "view": "the GameView instance the play table, the replay viewer and the pictures ask",
    "svg": "board_svg(state, **options) -> str: a static picture of a position",
    "simulation_tally": "simulation_tally(players, state) -> a tally of the game's own figures for play_many",
    "sim_result": "the SimResult subclass play_many gathers the game's figures in",
    "odds": "the module of the game's exact odds",
    "lessons": "the module of the game's lesson helpers (try-its, goals)",
    "openspiel": "the module describing the game to the OpenSpiel adapter (TITLE, PARAMETERS, configure ...)",
    "table": "the play table widget class (windward_widgets)",
    "replay_viewer": "the replay viewer widget class (windward_widgets)",
    "analysis_table": "the board the analysis viewer shows a position on (windward_widgets)",
})

#: the family's own parts, for a game that registers none of its own (:func:`part_or_family`): the
#: core's driver, replay cursor and score sheet. A record is data: it asks here for what walks it,
#: so :mod:`~windward_nb.core.record` imports neither the replay nor anything above it.
FAMILY: Mapping[str, str] = MappingProxyType({
    "game": "windward_nb.core.game:Game",
    "replay": "windward_nb.core.replay:Replay",
    "score_sheet": "windward_nb.core.replay:score_sheet",
})

#: how the registry draws any state: the core's functions (each asks the state's game for its parts)
DISPLAY: Mapping[str, str] = MappingProxyType({
    "svg": "windward_nb.core.svg:state_svg",
    "status": "windward_nb.core.svg:status_line",
    "view": "windward_nb.core.view:view_for",
})


def resolve(where: str) -> Any:
    """What ``where`` names: ``"package.module:attribute"`` (the attribute may be dotted), or
    ``"package.module"`` for the module itself, imported on first use.

    >>> resolve("fractions:Fraction").__name__, resolve("json.decoder").__name__
    ('Fraction', 'json.decoder')
    """
    module_name, _, attribute = where.partition(":")
    value: Any = importlib.import_module(module_name)
    for name in filter(None, attribute.split(".")):
        value = getattr(value, name)
    return value


@dataclass(frozen=True)
class GameType:
    name: str  #: registry name, e.g. ``"north-wind"``
    title: str  #: as printed on the box, e.g. ``"North Wind"``
    module: str  #: the game's package (imported lazily)
    record_format: str  #: the ``format`` field of its records
    suffix: str  #: record file name ending, e.g. ``".nwr.json"``
    players: tuple[int, int]  #: fewest and most seats
    #: part name (:data:`PARTS`) -> where it lives: ``"module:attribute"`` or ``"module"``; a module
    #: starting with ``.`` is inside :attr:`module`, and ``":attribute"`` is on :attr:`module` itself
    parts: Mapping[str, str] = field(default_factory=dict, compare=False)

    def load(self) -> ModuleType:
        """The game's package (imported on first use)."""
        module: ModuleType = resolve(self.module)
        return module

    def where(self, name: str) -> str | None:
        """Where part ``name`` lives, as an absolute ``"module:attribute"`` (None if not registered)."""
        where = self.parts.get(name)
        if where is None:
            return None
        return self.module + where if where.startswith((":", ".")) else where

    def has(self, name: str) -> bool:
        return name in self.parts

    def part(self, name: str, *default: Any) -> Any:
        """The game's part ``name`` (imported on first use); ``default`` if it registers none,
        else :class:`LookupError`."""
        where = self.where(name)
        if where is None:
            if default:
                return default[0]
            raise LookupError(f"{self.title} registers no {name}")
        return resolve(where)


_TYPES: dict[str, GameType] = {}  # finite: the games registered in code (four, and test games)


def _key(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(" ", "-")


def register(game_type: GameType) -> None:
    """Register a game (again: the new registration replaces the old one). Its parts must be ones
    the family knows (:data:`PARTS`)."""
    unknown = sorted(set(game_type.parts) - set(PARTS))
    if unknown:
        raise ValueError(f"{game_type.title} registers unknown parts {unknown}; the parts: {', '.join(PARTS)}")
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


def part(game: str, name: str, *default: Any) -> Any:
    """Part ``name`` of the game called ``game`` (see :meth:`GameType.part`)."""
    return get(game).part(name, *default)


def game_of(thing: Any) -> GameType | None:
    """The registered game of ``thing`` (a game driver, a state, a replay, a rules object or a
    record, by its rules' ``game`` name), or None for a game the registry does not know."""
    for name in (getattr(getattr(thing, "rules", None), "game", None),   # a driver, a state, a replay
                 getattr(getattr(type(getattr(thing, "state", None)), "rules", None), "game", None),
                 getattr(thing, "game", None),                            # a rules object
                 getattr(thing, "GAME", None)):                           # a record
        if isinstance(name, str) and name:
            return _TYPES.get(_key(name))
    return None


def part_of(thing: Any, name: str, *default: Any) -> Any:
    """Part ``name`` of ``thing``'s game (a driver, a state or a rules object); ``default`` (else
    :class:`LookupError`) when its game is not registered or registers no such part."""
    game_type = game_of(thing)
    if game_type is None:
        if default:
            return default[0]
        raise LookupError(f"{type(thing).__name__} belongs to no registered game")
    return game_type.part(name, *default)


def part_or_family(thing: Any, name: str) -> Any:
    """Part ``name`` of ``thing``'s game (a driver, a state, a rules object or a record), or the
    family's own (:data:`FAMILY`) when the game registers none or is not registered.

    >>> part_or_family(object(), "replay").__module__
    'windward_nb.core.replay'
    """
    game_type = game_of(thing)
    where = game_type.where(name) if game_type is not None else None
    return resolve(where or FAMILY[name])


def display(thing: Any, how: str, **options: Any) -> Any:
    """``thing`` (a state or a game) shown ``how`` (:data:`DISPLAY`: ``"svg"`` a picture,
    ``"status"`` one line of where it stands, ``"view"`` its game's view)."""
    return resolve(DISPLAY[how])(thing, **options)


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
