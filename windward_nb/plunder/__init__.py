"""Winds of Plunder (GMT Games, 2007): pirates vote the wind, then sail the Caribbean to plunder.

>>> from windward_nb.plunder import new_game
>>> g = new_game(players=3, seed=5)
>>> g.rules.game, g.players, g.state.round, g.state.phase
('winds-of-plunder', 3, 1, 'compass')

The rules follow the quick-start sheet; every reading of an unclear point is
in ``docs/rulings-winds-of-plunder.md`` and the reconstructed map, tiles and
cards (JSON files in ``data/``) say which values are assumed.
"""

from __future__ import annotations

from typing import Any

from windward_nb.core.game import Game

from .actions import GRAMMAR, PlunderAction
from .components import COMPONENTS, load_components
from .bots import BOTS as _RULE_BOTS
from .bots import GreedyBot, RandomBot
from .experiments import simulation_tally
from .record import Record
from .rules import RULES, PlunderRules
from .setup import OPTION_DEFAULTS, start_state
from .search import MCTSBot
from .state import PlunderState

#: every bot of the game, by name: the rule-based ones and the search bot (Winds of Plunder's defaults)
BOTS = {**_RULE_BOTS, "mcts": MCTSBot}


def new_game(players: int = 4, seed: int | None = None, *, auto_chance: bool = True, names: Any = None,
             **options: Any) -> Game:
    """A new game for 3-5 players; ``seed`` fixes every shuffle.

    Options: ``blackbeard`` (seat holding Blackbeard's tile at the start, 0),
    ``end_bonus`` (``"text"`` or ``"board"``), ``tournament`` (the last
    tie-breaker, False) and ``rounds`` (1-9, 9). ``names`` names the players
    in the record.
    """
    state = start_state(players, **options)
    record = Record(options={"players": state.players, **state.options},
                    players=Record.default_players(state.players, names), seed=seed)
    return Game(state, record, seed=seed, auto_chance=auto_chance)


__all__ = ["BOTS", "COMPONENTS", "GreedyBot", "RandomBot", "Record", "GRAMMAR", "OPTION_DEFAULTS", "PlunderAction",
           "PlunderRules", "PlunderState", "RULES",
           "load_components", "new_game", "simulation_tally", "start_state"]
