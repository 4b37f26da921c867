"""Perft-style node counts: how many action sequences of a given depth a position has.

Chance nodes are expanded over every listed outcome; a supply shuffle, whose
orders are too many to list, ends the count there (it adds no node, where the
core's :func:`~windward_nb.core.perft.perft` counts it as one leaf: these are
the counts Windward has always pinned). Fixed counts for fixed positions pin the
move generator down, so speed work cannot change behaviour silently.

>>> from windward_nb import windward
>>> perft(windward.new_game(players=2, seed=1, auto_chance=False).state, 2)
193
"""

from __future__ import annotations

from ..core import perft as core_perft
from .state import GameState


def perft(s: GameState, depth: int) -> int:
    """The core's :func:`~windward_nb.core.perft.perft` with Windward's pinned convention: an
    unlisted shuffle adds no node."""
    return core_perft.perft(s, depth, unlisted=0)
