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
1343
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from ..core.errors import OptionError
from .spec import game_spec, games, short_name

#: OpenSpiel short name -> registry name of the games registered when this package was imported
#: (:func:`.spec.games` answers for the games registered now)
GAMES = games()
#: other names load_game takes (the packages' names)
_ALIASES = {"northwind": "north-wind", "plunder": "winds-of-plunder"}

INSTALL_HINT = ('OpenSpiel is not installed: the OpenSpiel adapter needs the "openspiel" extra '
                '(pip install "windward-nb[openspiel]", which installs the open_spiel wheel)')


def require_pyspiel() -> ModuleType:
    """The ``pyspiel`` module, or an :class:`ImportError` that names the extra to install."""
    try:
        import pyspiel
    except ImportError as exc:
        raise ImportError(INSTALL_HINT) from exc
    return pyspiel


_registered: dict[str, type] = {}  # finite: one per game registered with OpenSpiel


def register() -> list[str]:
    """Register the games with OpenSpiel (once per process); return their short names."""
    pyspiel = require_pyspiel()
    from . import adapter

    names = list(games())
    for short in names:
        if short in _registered:
            continue
        spec = game_spec(short)
        gtype = adapter.game_type(short, spec.TITLE, spec.PARAMETERS, spec.MIN_PLAYERS, spec.MAX_PLAYERS)
        cls = adapter.game_class(gtype, spec.configure, spec.PARAMETERS)
        if short not in pyspiel.registered_names():
            pyspiel.register_game(gtype, cls)
        _registered[short] = cls
    return names


def load_game(game: str = "windward", **params: Any) -> Any:
    """A ``pyspiel.Game`` of ``game`` (``"windward"``, ``"north-wind"``, ``"winds-of-plunder"``,
    ``"tailwinds"``) with the given parameters, registering the games first.

    Bad parameters raise :class:`~windward_nb.core.errors.OptionError` naming them.
    """
    short = _short_name(game)
    if short is None:
        raise OptionError(f"no OpenSpiel adapter for {game!r}; games: {', '.join(sorted(games()))}")
    register()
    return _registered[short](params)


def _short_name(game: Any) -> str | None:
    """The OpenSpiel short name of ``game`` (a registry name, a package name or the short name
    itself), or None if no registered game by that name has an adapter."""
    if not isinstance(game, str):
        return None
    known = games()
    key = game.strip().lower()
    if key.replace("-", "_") in known:
        return key.replace("-", "_")
    key = key.replace("_", "-")
    try:
        short = short_name(_ALIASES.get(key, key))
    except OptionError:
        return None
    return short if short in known else None
