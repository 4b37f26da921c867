"""The wind games as OpenSpiel games, so OpenSpiel's own algorithms and tools run on them.

Needs the ``openspiel`` extra (``pip install "windward-nb[openspiel]"``, which
brings the ``open_spiel`` wheel and its ``pyspiel`` module)::

    from windward_nb.openspiel import load_game
    game = load_game(players=2)                    # pyspiel.load_game("python_windward(players=2)")
    state = game.new_initial_state()               # chance sets up the table first

Registered games (short names for ``pyspiel.load_game``, after :func:`register`):
``python_windward`` (``load_game("windward", ...)``, parameters ``players``,
``mode``, ``planet``, ``variants`` comma separated, ``difficulty``,
``edition``, ``notoriety_goal`` with 0 for the rulebook's 15),
``python_north_wind``, ``python_winds_of_plunder`` and ``python_tailwinds``
(``load_game("north-wind", ...)`` and so on, with the options of each game's
``new_game``). All take ``max_decisions``: OpenSpiel needs a bound on the
length of a game, and a game still going after that many decisions ends with
nobody winning. See ``docs/openspiel.md``.

The adapter (:mod:`.adapter`) is generic over the core's ``Rules`` protocol;
a game joins with a module that lists its actions and sets up a table from a
random generator (:mod:`.windward`, :mod:`.northwind`, :mod:`.plunder`,
:mod:`.tailwinds`; see :mod:`.spec`). The action tables and the chance
machinery (:mod:`.table`, :mod:`.draws`) do not need OpenSpiel:

>>> from windward_nb.openspiel.windward import action_table
>>> action_table().num_distinct_actions
713
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from ..core.errors import OptionError
from .spec import GAMES, game_spec

_NAMES = {"windward": "python_windward", "north_wind": "python_north_wind", "northwind": "python_north_wind",
          "winds_of_plunder": "python_winds_of_plunder", "plunder": "python_winds_of_plunder",
          "tailwinds": "python_tailwinds",
          **{name: name for name in GAMES}}

INSTALL_HINT = ('OpenSpiel is not installed: the OpenSpiel adapter needs the "openspiel" extra '
                '(pip install "windward-nb[openspiel]", which installs the open_spiel wheel)')


def require_pyspiel() -> ModuleType:
    """The ``pyspiel`` module, or an :class:`ImportError` that names the extra to install."""
    try:
        import pyspiel
    except ImportError as exc:
        raise ImportError(INSTALL_HINT) from exc
    return pyspiel


_registered: dict[str, type] = {}


def register() -> list[str]:
    """Register the games with OpenSpiel (once per process); return their short names."""
    pyspiel = require_pyspiel()
    from . import adapter

    for short_name in GAMES:
        if short_name in _registered:
            continue
        spec = game_spec(short_name)
        gtype = adapter.game_type(short_name, spec.TITLE, spec.PARAMETERS, spec.MIN_PLAYERS, spec.MAX_PLAYERS)
        cls = adapter.game_class(gtype, spec.configure, spec.PARAMETERS)
        if short_name not in pyspiel.registered_names():
            pyspiel.register_game(gtype, cls)
        _registered[short_name] = cls
    return list(GAMES)


def load_game(game: str = "windward", **params: Any) -> Any:
    """A ``pyspiel.Game`` of ``game`` (``"windward"``, ``"north-wind"``, ``"winds-of-plunder"``,
    ``"tailwinds"``) with the given parameters, registering the games first.

    Bad parameters raise :class:`~windward_nb.core.errors.OptionError` naming them.
    """
    short_name = _NAMES.get(game.strip().lower().replace("-", "_")) if isinstance(game, str) else None
    if short_name is None:
        raise OptionError(f"no OpenSpiel adapter for {game!r}; games: {', '.join(sorted(set(_NAMES.values())))}")
    register()
    return _registered[short_name](params)
