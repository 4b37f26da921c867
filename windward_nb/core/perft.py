"""Perft: count the positions reachable in ``depth`` steps, a regression check for move generation.

At a chance node every listed outcome counts as a branch (a node whose
outcomes are too many to list, a whole shuffle, is counted as one leaf).
"""

from __future__ import annotations

from typing import Any

from .rules import CHANCE, TERMINAL


def perft(state: Any, depth: int, *, unlisted: int = 1) -> int:
    """Leaves of the game tree below ``state`` at ``depth`` (``state`` is not changed).

    ``unlisted`` is what a chance node whose outcomes are too many to list counts for: one leaf by
    default; Windward's pinned counts (:mod:`windward_nb.windward.perft`) end there with none.
    """
    rules = type(state).rules
    if depth == 0:
        return 1
    who = rules.decider(state)
    if who == TERMINAL:
        return 1
    if who == CHANCE:
        outs = rules.chance_outcomes(state)
        if outs is None:
            return unlisted
        actions = [a for a, _ in outs]
    else:
        actions = rules.legal_actions(state)
    if depth == 1:
        return len(actions)
    total = 0
    for a in actions:
        child = state.clone()
        rules.apply(child, a)
        total += perft(child, depth - 1, unlisted=unlisted)
    return total
