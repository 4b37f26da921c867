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
from .game import Game, new_game
from .planet import Planet
from .record import GameRecord, load_record
from .scenario import scenario
from .state import GameState
from . import bots, odds, replay, simulate  # noqa: E402  (submodules people reach as ww.bots etc.)

__all__ = [
    "Action", "CHANCE", "Components", "Event", "Game", "GameRecord", "GameState", "IllegalActionError",
    "Planet", "RecordError", "TERMINAL", "load_components", "load_record", "new_game", "scenario",
    "bots", "odds", "replay", "simulate",
]
__version__ = "0.1.0"
