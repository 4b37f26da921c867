"""Judges of unfinished positions, fitted on bot games: a conditional logit over per-seat facts.

A search bot that stops its imagined futures before the end of a game needs each seat's chance
to win from there (``rules.value(state)``). A :class:`FittedJudge` gives every seat a score, a
weighted sum of a few facts about its position (``features(state, seat)``), and the chances are
the soft maximum of the scores. The weights are found by :func:`fit` from positions of finished
games and who won them (``benchmarks/family_value_fit.py`` does it for each sister game), so the
judge says what the games say, not what someone guessed.

>>> judge = FittedJudge(("points",), (1.0,), lambda s, i: [s[i]], over=lambda s: None)
>>> [round(p, 3) for p in judge([2.0, 0.0])]
[0.881, 0.119]
>>> rows = [(np.array([[1.0], [0.0]]), 0)] * 8 + [(np.array([[1.0], [0.0]]), 1)] * 2
>>> w = fit(rows, ridge=0.0)
>>> round(float(w[0]), 2)   # the seat ahead won 8 of 10: e**w = 4
1.39
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any
from collections.abc import Callable, Sequence

import numpy as np

Row = tuple[np.ndarray, int]  #: (features per seat, the winner's seat)


@dataclass(frozen=True)
class FittedJudge:
    """Each seat's chance to win: the soft maximum of ``weights . features(state, seat)``.

    ``over(state)`` gives the real result where the game is over (and ``None`` otherwise)."""

    names: tuple[str, ...]
    weights: tuple[float, ...]
    features: Callable[[Any, int], Sequence[float]]
    over: Callable[[Any], list[float] | None]
    seats: Callable[[Any], int] = len

    def scores(self, state: Any) -> list[float]:
        return [float(np.dot(self.weights, self.features(state, i))) for i in range(self.seats(state))]

    def __call__(self, state: Any) -> list[float]:
        done = self.over(state)
        if done is not None:
            return [float(x) for x in done]
        u = self.scores(state)
        top = max(u)
        e = [math.exp(x - top) for x in u]
        total = sum(e)
        return [x / total for x in e]


def fit(rows: Sequence[Row], ridge: float = 1.0, steps: int = 40) -> np.ndarray:
    """The weights that make the winners most likely (Newton's method on the log-likelihood of a
    conditional logit, with a ridge penalty ``ridge * |w|^2 / 2``)."""
    k = rows[0][0].shape[1]
    w = np.zeros(k)
    for _ in range(steps):
        grad, hess = np.zeros(k), np.zeros((k, k))
        for x, win in rows:
            u = x @ w
            p = np.exp(u - u.max())
            p /= p.sum()
            mean = p @ x
            grad += x[win] - mean
            d = x - mean
            hess -= (d * p[:, None]).T @ d
        grad -= ridge * w
        hess -= ridge * np.eye(k)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-7:
            break
    return w


def probabilities(w: Sequence[float], x: np.ndarray) -> np.ndarray:
    u = x @ np.asarray(w)
    p = np.exp(u - u.max())
    return p / p.sum()


def logloss(rows: Sequence[Row], predict: Callable[[np.ndarray], Sequence[float]]) -> float:
    """The mean of -log(chance given to the real winner)."""
    return float(-np.mean([math.log(max(float(predict(x)[win]), 1e-9)) for x, win in rows]))
