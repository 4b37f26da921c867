"""windward_nb: the rules engine of the Windward workbook.

>>> import windward_nb as ww
>>> game = ww.new_game(players=4, seed=7)
>>> len(game.scores())
4
"""

from .actions import Action
from .components import Components, load_components
from .engine import CHANCE, TERMINAL
from .errors import IllegalActionError, RecordError
from .events import Event
from .game import Game
from .game import new_game as _new_windward_game
from .planet import Planet
from .record import GameRecord, load_record
from .scenario import scenario
from .state import GameState
from . import bots, odds, replay, simulate  # noqa: E402  (submodules people reach as ww.bots etc.)
from . import games as _games  # noqa: F401  (registers the four games)
from .core import registry as _registry


def new_game(*args, game: str = "windward", **options):
    """A new game: Windward by default, or another game of the family by name.

    ``ww.new_game(players=4, seed=7)`` is Windward (see
    :func:`windward_nb.game.new_game` for its options);
    ``ww.new_game(game="north-wind", players=3, seed=1)`` starts North Wind, and
    likewise ``"winds-of-plunder"`` and ``"tailwinds"``.
    """
    if _registry.get(game).name == "windward":
        return _new_windward_game(*args, **options)
    return _registry.get(game).load().new_game(*args, **options)

__all__ = [
    "Action", "CHANCE", "Components", "Event", "Game", "GameRecord", "GameState", "IllegalActionError",
    "Planet", "RecordError", "TERMINAL", "load_components", "load_record", "new_game", "scenario",
    "bots", "odds", "replay", "simulate",
]
__version__ = "0.1.0"
