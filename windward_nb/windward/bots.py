"""Windward's bots by name: :class:`RandomBot`, :class:`GreedyBot` (:mod:`.greedy`) and the
search bot :class:`MCTSBot` (:mod:`.search`, which plays GreedyBot's plans).

This module only gathers them (``BOTS``, :func:`make_bot`), so that neither bot module needs the
other's table and the search bot can build on GreedyBot without an import cycle.

>>> sorted(BOTS)
['careful', 'greedy', 'mcts', 'random']
>>> make_bot("greedy:red_win=0.7", 1).name
'GreedyBot'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.bots import Bot, RandomBot
from ..core.bots import make_bot as _make_bot
from .greedy import CARD_VALUE as CARD_VALUE  # re-exported: windward_nb.bots offers it
from .greedy import Chances, GreedyBot, battle_chances, routes
from .search import MCTSBot
from .teamplay import CarefulBot

__all__ = ["Bot", "RandomBot", "GreedyBot", "CarefulBot", "MCTSBot", "BOTS", "make_bot", "routes", "Chances", "battle_chances"]

#: the bots a seat can be given by name (``"greedy"``, ``"mcts:iterations=32"`` ...)
BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "greedy": GreedyBot, "careful": CarefulBot,
                                      "mcts": MCTSBot}


def make_bot(spec: Any, seed: Any = None) -> Bot:
    """A bot from a name (``"greedy"``, ``"random"``, ``"greedy:red_win=0.7"``), a :class:`Bot`
    subclass, a factory ``f(seed) -> Bot``, or a ready bot (returned as is)."""
    return _make_bot(spec, seed, BOTS)

