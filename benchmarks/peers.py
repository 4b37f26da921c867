"""What the speed benchmarks share: random legal playouts of any game on the core's ``Rules``
protocol, and random games of python-chess, the peer their speed is quoted against.

A playout applies one uniformly chosen legal action at a time (chance outcomes drawn from a
seeded numpy generator) until the game is over, and counts every applied action, chance
included; a chess game counts plies. Both return ``(count, games, seconds)`` timed with
``time.perf_counter``.
"""

from __future__ import annotations

import random
import time
from typing import Any
from collections.abc import Callable

import numpy as np

from windward_nb.core.rules import CHANCE


def random_playouts(rules: Any, start: Callable[[int], Any], n: int, seed: int) -> tuple[int, int, float]:
    """``n`` random games of ``rules`` from ``start(k)`` (game ``k``'s opening position)."""
    rng = np.random.default_rng(seed)
    actions = 0
    t0 = time.perf_counter()
    for k in range(n):
        s = start(k)
        while True:
            who = rules.decider(s)
            if who == CHANCE:
                a = rules.sample_chance(s, rng)
            elif who < 0:  # over
                break
            else:
                legal = rules.legal_actions(s)
                a = legal[int(rng.integers(len(legal)))]
            rules.apply(s, a)
            actions += 1
    return actions, n, time.perf_counter() - t0


def chess_games(n: int, seed: int) -> tuple[int, int, float]:
    """``n`` random games of python-chess, each move uniform among the legal ones."""
    import chess

    rnd = random.Random(seed)
    plies = 0
    t0 = time.perf_counter()
    for _ in range(n):
        board = chess.Board()
        while board.outcome() is None:
            board.push(rnd.choice(list(board.legal_moves)))
            plies += 1
    return plies, n, time.perf_counter() - t0
