"""What the OpenSpiel adapter needs to know about one configured game, free of OpenSpiel itself.

A game of the family offers the adapter a :class:`Config`: its
:class:`~windward_nb.core.rules.Rules`, the seats, how to set up a table from a
random generator (so setup becomes chance, see :mod:`.draws`), its
:class:`~.table.ActionTable`, and a bound on the number of decisions.
Everything else (who decides, legal actions, chance, observations, returns)
comes from the ``Rules`` protocol, so the adapter itself knows no game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType
from typing import Any
from collections.abc import Callable

from ..core import registry
from ..core.actions import Action
from ..core.errors import OptionError
from ..core.rules import Rules
from .table import ActionTable


def short_name(game: str) -> str:
    """The name OpenSpiel knows a registered game by: ``python_`` and its registry name.

    >>> short_name("North Wind")
    'python_north_wind'
    """
    return "python_" + registry.get(game).name.replace("-", "_")


def games() -> dict[str, str]:
    """OpenSpiel short name -> registry name, for every registered game with an ``openspiel`` part
    (a game joins by registering that part in :mod:`windward_nb.games`, nothing else).

    >>> list(games())[:4]
    ['python_windward', 'python_north_wind', 'python_winds_of_plunder', 'python_tailwinds']
    """
    found = (registry.get(name) for name in registry.names())
    return {short_name(t.name): t.name for t in found if t.has("openspiel")}


def game_spec(short: str) -> ModuleType:
    """The module describing the game OpenSpiel knows as ``short`` (``TITLE``, ``PARAMETERS``,
    ``configure`` ...): its ``openspiel`` part, asked of the registry.

    >>> game_spec("python_north_wind").__name__
    'windward_nb.openspiel.northwind'
    """
    spec: ModuleType = registry.part(games()[short], "openspiel")
    return spec


def whole_text(state: Any, action: Action) -> str:
    """An action as every seat sees it: its whole text (the default for games without secret choices)."""
    return str(action)


def whole_chance_text(state: Any, action: Action, seat: int) -> str:
    """A listed chance outcome as ``seat`` sees it: its whole text (dice, the wind: seen by all)."""
    return str(action)


@dataclass(frozen=True)
class Config:
    """One game of the family, configured: what :mod:`.adapter` plays."""

    short_name: str  #: the OpenSpiel name, e.g. ``"python_windward"``
    title: str  #: e.g. ``"Windward"``
    rules: Rules
    players: int
    start: Callable[[Any], Any]  #: a generator (real or scripted) -> the state before the first ply
    table: ActionTable
    max_decisions: int  #: OpenSpiel's ``max_game_length``: a game cut off there ends with nobody winning
    options: dict[str, Any] = field(default_factory=dict)  #: the options in words, for ``str(state)``
    params: dict[str, Any] = field(default_factory=dict)  #: the parameters it was configured from
    #: what the other seats learn when ``action`` is taken in ``state`` (default: its whole text)
    public_text: Callable[[Any, Action], str] = whole_text
    #: what ``seat`` learns of a listed chance outcome (default: its whole text; a card drawn
    #: face down into another seat's hand is not shown)
    chance_text: Callable[[Any, Action, int], str] = whole_chance_text
    #: what ``seat`` sees, and a state it cannot tell apart (default: the rules' own observation
    #: and determinize)
    observe: Callable[[Any, int], Any] | None = None
    redraw: Callable[[Any, int, Any], Any] | None = None


def whole(params: dict[str, Any], name: str, lo: int, hi: int | None = None) -> int:
    """An integer game parameter within ``lo``..``hi``, or :class:`OptionError` naming it."""
    value = params[name]
    if not isinstance(value, int) or isinstance(value, bool):
        raise OptionError(f"{name} must be a whole number, got {value!r}")
    if value < lo or (hi is not None and value > hi):
        span = f"{lo}-{hi}" if hi is not None else f"{lo} or more"
        raise OptionError(f"{name} must be {span}, got {value}")
    return value
