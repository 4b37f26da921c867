"""windward_nb: the rules engines of the wind games workbook, Windward first.

>>> import windward_nb as ww
>>> game = ww.new_game(players=4, seed=7)
>>> len(game.scores())
4

Windward lives in :mod:`windward_nb.windward`, on the game-agnostic machinery of
:mod:`windward_nb.core`; its sister games are registered in :mod:`windward_nb.games`
(``ww.new_game(game="north-wind", ...)``). The names below are Windward's, as
they have always been.
"""

from . import games as _games  # noqa: F401  (registers the four games)
from . import windward
from .core import registry as _registry
from .core.record import load_record as _load_any_record
from .core.rules import CHANCE, TERMINAL
from .errors import IllegalActionError, RecordError
from .windward.actions import Action
from .windward.components import Components, load_components
from .windward.events import Event
from .windward.game import Game
from .windward.game import new_game as _new_windward_game
from .windward.planet import Planet
from .windward.record import Record as GameRecord
from .windward.scenario import scenario
from .windward.state import GameState
from . import _compat
from ._version import __version__

_compat.install()

from . import bots, odds, record, replay, simulate  # noqa: E402  (submodules people reach as ww.bots etc.)


def __getattr__(name: str):
    """The deprecated module paths (``ww.engine`` ...), with a warning saying when they go (:mod:`._compat`)."""
    return _compat.attribute(name)


def new_game(*args, game: str = "windward", **options):
    """A new game: Windward by default, or another game of the family by name.

    ``ww.new_game(players=4, seed=7)`` is Windward (see
    :func:`windward_nb.windward.game.new_game` for its options);
    ``ww.new_game(game="north-wind", players=3, seed=1)`` starts North Wind, and
    likewise ``"winds-of-plunder"`` and ``"tailwinds"``.
    """
    if _registry.get(game).name == "windward":
        return _new_windward_game(*args, **options)
    return _registry.part(game, "new_game")(*args, **options)


def load_record(path, *, verify: bool = True):
    """Read a game record of any game of the family (the game is named by the file's ``format``),
    check it strictly and, with ``verify``, replay every action through its rules.

    Problems raise :class:`RecordError` naming the field or the ply.
    """
    return _load_any_record(path, verify=verify)


__all__ = [
    "Action", "CHANCE", "Components", "Event", "Game", "GameRecord", "GameState", "IllegalActionError",
    "Planet", "RecordError", "TERMINAL", "load_components", "load_record", "new_game", "scenario",
    "bots", "odds", "record", "replay", "simulate", "windward", "__version__",
]
