"""Tailwinds: race two boats to the Finish Line; secret card choice and rolling winds.

A game of the wind family built on :mod:`windward_nb.core`. The track, the 42
movement cards and the 20 rainbow cards are reconstructed (``source:
assumed`` in ``data/``); every reading of the rules text is in
``docs/rulings-tailwinds.md``.

>>> import windward_nb as ww
>>> g = ww.new_game(game="tailwinds", players=3, seed=1)
>>> g.players, g.state.phase
(3, 'place')
"""

from __future__ import annotations

from windward_nb.core.game import Game

from .actions import GRAMMAR, TailwindsAction
from .bots import BOTS as _RULE_BOTS
from .bots import GreedyBot
from .cards import ComponentError, Components, load_components
from .game import new_game
from .options import check_options
from .record import Record
from .rules import RULES, TailwindsRules
from .setup import start_state
from .state import TailwindsState
from .stats import simulation_tally
from .search import MCTSBot
from .track import Track

#: every bot of the game, by name: the rule-based ones and the search bot
BOTS = {**_RULE_BOTS, "mcts": MCTSBot}

__all__ = ["BOTS", "GRAMMAR", "GreedyBot", "RULES", "ComponentError", "Components", "Game", "Record", "TailwindsAction",
           "TailwindsRules",
           "TailwindsState", "Track", "check_options", "load_components", "new_game", "simulation_tally",
           "start_state"]
