"""A new race of Tailwinds: the opening position (:mod:`.setup`) with its record (:mod:`.record`),
above both (the record builds its start through :mod:`.setup`).

>>> g = new_game(players=2, seed=4)
>>> g.players, g.record.seed
(2, 4)
"""

from __future__ import annotations

from windward_nb.core.game import Game

from .record import Record, record_options
from .setup import start_state

__all__ = ["new_game"]


def new_game(players: int = 2, seed: int | None = None, *, auto_chance: bool = True, names=None,
             **options) -> Game:
    """A new race. ``seed`` fixes every chance outcome (decks, who places first, rainbow draws, dice).

    Options: ``characters`` (one deck key per player, or ``None`` to deal them at random),
    ``track`` (``"standard"``, ``"advanced"`` or six letters S/A), ``wind`` (``"roll"``,
    ``"half"``, ``"off"``), ``card_end`` (``"all"``, ``"any"``), ``last_place`` (``"lane"``,
    ``"space"``), ``market_refill`` (``"slot"``: a new rainbow card takes the place of the one
    taken; ``"end"``: it goes after the others), ``components`` (custom card data). See ``docs/rulings-tailwinds.md``.
    """
    state = start_state(players, **options)
    record = Record(options=record_options(players, state.options), players=Record.default_players(players, names),
                    seed=seed)
    return Game(state, record, seed=seed, auto_chance=auto_chance)
