"""Perft-style node counts: how many action sequences of a given depth a position has.

Chance nodes are expanded over every listed outcome (a supply shuffle, whose
orders are too many to list, ends the count there). Fixed counts for fixed
positions pin the move generator down, so speed work cannot change behaviour
silently.
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
        engine.apply(child, a, check=False)
        total += perft(child, depth - 1)
    return total
