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
from .bots import BOTS, GreedyBot
from .cards import ComponentError, Components, load_components
from .options import check_options
from .record import Record, record_options
from .rules import RULES, TailwindsRules
from .state import TailwindsState
from .stats import simulation_tally
from .track import Track


def start_state(players: int = 2, **options) -> TailwindsState:
    """The position before any chance outcome: decks not yet dealt (unless ``characters`` is
    given), boats not yet placed, the rainbow deck whole."""
    from .handlers import deal_decks

    opts = check_options(players=players, **options)
    s = TailwindsState(players=players, options=opts)
    s.boats = [[] for _ in range(players)]
    s.retired = [0] * players
    s.rainbow = [None] * players
    s.known = [[] for _ in range(players)]
    s.deck = list(s.comp.rainbow_deck)
    if opts["characters"] is not None:
        deal_decks(s, opts["characters"], [])
    return s


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


__all__ = ["BOTS", "GRAMMAR", "GreedyBot", "RULES", "ComponentError", "Components", "Game", "Record", "TailwindsAction",
           "TailwindsRules",
           "TailwindsState", "Track", "check_options", "load_components", "new_game", "simulation_tally",
           "start_state"]
