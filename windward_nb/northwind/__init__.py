"""North Wind (Klaus Teuber, 2014): trading voyages, pirate battles and tasks for 2-4 captains.

>>> from windward_nb.northwind import new_game
>>> g = new_game(players=3, seed=7)
>>> g.current_player, len(g.legal_actions())
(0, 3)
>>> g.apply("sail olsand")[0].kind
'VoyageStarted'
"""

from .actions import GRAMMAR, NWAction
from .components import ComponentError, Components, Tile, load_components
from .record import Record
from .rules import RULES, NWRules
from .game import new_game
from .setup import DEFAULTS, start_state
from .state import NWState

__all__ = ["ComponentError", "Components", "DEFAULTS", "GRAMMAR", "NWAction", "NWRules", "NWState", "RULES", "Record",
           "Tile", "load_components", "new_game", "start_state"]

from .bots import BOTS as _RULE_BOTS
from .bots import GreedyBot, RandomBot
from .search import MCTSBot
from .simulation import simulation_tally
from .view import VIEW, NorthWindView

#: every bot of the game, by name: the rule-based ones and the search bot
BOTS = {**_RULE_BOTS, "mcts": MCTSBot}

__all__ += ["BOTS", "GreedyBot", "NorthWindView", "RandomBot", "VIEW", "simulation_tally"]
from .tournament import upgrade_tournament  # noqa: E402

__all__ += ["upgrade_tournament"]
