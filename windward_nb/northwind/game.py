"""A new game of North Wind: the opening position (:mod:`.setup`) with its record (:mod:`.record`).

The record replays from the options, so it builds the opening position through :mod:`.setup`;
starting a game needs both, so it lives above them.

>>> g = new_game(players=2, seed=3)
>>> g.record.options["players"], g.record.seed, g.state.phase
(2, 3, 'choose')
"""

from __future__ import annotations

from typing import Any

from ..core.game import Game
from .record import Record
from .setup import start_state

__all__ = ["new_game"]


def new_game(players: int = 3, seed: int | None = None, *, data: Any = None, auto_chance: bool = True,
             names: Any = None, **options: Any) -> Game:
    """A new game of North Wind; ``seed`` fixes the deal, every shuffle and every die.

    ``data`` plays with your own components (see
    :func:`~windward_nb.northwind.components.load_components`); ``names`` names
    the seats in the record. Options: ``stop_early`` (may a captain end a
    voyage before its range, default False: the rules' reading, N6), ``exclusive_bonuses`` (only the
    first captain takes the "every harbour" and "all crew" bonus fields,
    default False), ``max_turns`` (end the game after that many turns, for
    simulations; default None).
    """
    state = start_state(players, data, **options)
    record = Record.for_game(players, state.comp, state.options, seed, names)
    return Game(state, record, seed=seed, auto_chance=auto_chance)
