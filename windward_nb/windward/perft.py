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

from . import engine
from .state import GameState


def perft(s: GameState, depth: int) -> int:
    if depth == 0 or s.over:
        return 1
    if engine.decider(s) == engine.CHANCE:
        outcomes = engine.chance_outcomes(s)
        actions = [a for a, _ in outcomes] if outcomes is not None else []
    else:
        actions = engine.legal_actions(s)
    if depth == 1:
        return len(actions)
    total = 0
    for a in actions:
        child = s.clone()
        engine.perform(child, a)
        total += perft(child, depth - 1)
    return total
