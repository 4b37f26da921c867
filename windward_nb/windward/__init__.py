"""Windward on the shared core: its rules, modes, records, bots and simulation.

The game's parts, each in its own module: the planet (:mod:`.hexgrid`,
:mod:`.planet`, :mod:`.components`), the position (:mod:`.state`, its pending
decisions in :mod:`.frames`), the language (:mod:`.actions`), the base rules
(:mod:`.engine`, :mod:`.movement`, :mod:`.orders`, :mod:`.battle`,
:mod:`.cresters`) behind the core's protocol (:mod:`.rules`), the modes and
variants as hooks (:mod:`.hooks`, :mod:`.modes`), setting up (:mod:`.setup`,
:mod:`.scenario`), records and replay (:mod:`.record`, :mod:`.replay`), the
driver (:mod:`.game`), bots, simulation, exact odds and perft.

>>> from windward_nb import windward
>>> g = windward.new_game(players=2, seed=5)
>>> g.rules is windward.RULES, type(g.state).__name__
(True, 'GameState')
"""

from __future__ import annotations

from . import hooks, frames, engine, describe, rules  # noqa: F401  (the base rules first)
from . import modes  # noqa: F401  (registers every mode and variant with the hooks)
from .actions import GRAMMAR, Action
from .bots import BOTS, GreedyBot, RandomBot
from .components import Components, load_components
from .game import Game, new_game
from .record import Record, load_record
from .replay import Replay, score_sheet
from .rules import RULES, WindwardRules
from .scenario import scenario
from .simulate import SimResult, simulation_tally
from .state import GameState

__all__ = [
    "Action", "BOTS", "Components", "GRAMMAR", "Game", "GameState", "GreedyBot", "RULES", "RandomBot", "Record",
    "Replay", "SimResult", "score_sheet", "WindwardRules", "load_components", "load_record", "new_game", "scenario",
    "simulation_tally",
]
