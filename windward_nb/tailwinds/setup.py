"""Starting a race of Tailwinds: the position before any chance outcome.

>>> s = start_state(3)
>>> s.phase, s.boats, len(s.deck)
('decks', [[], [], []], 20)
"""

from __future__ import annotations

from .handlers import deal_decks
from .options import check_options
from .state import TailwindsState

__all__ = ["start_state"]


def start_state(players: int = 2, **options) -> TailwindsState:
    """The position before any chance outcome: decks not yet dealt (unless ``characters`` is
    given), boats not yet placed, the rainbow deck whole."""
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
