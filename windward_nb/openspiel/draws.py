"""Chance that a game draws from a random generator, turned into listed chance outcomes.

OpenSpiel wants every chance node to list its outcomes with their
probabilities. Most chance in the wind games does (``wind 4``, ``dice 1,2,2``),
but two kinds do not: a whole shuffle of the supply cards
(``Rules.chance_outcomes`` returns ``None`` and ``Rules.sample_chance`` draws it)
and the random part of setting up a game. Both are code that asks a
``numpy`` generator for numbers.

:class:`ScriptedRng` stands in for that generator. It answers each request
from a list of *draws* made so far; at the first request it cannot answer it
raises :class:`DrawNeeded` carrying the outcomes of that one request with their
probabilities. So the game's own sampling code is run again with one more draw
each time until it finishes, and every draw is an ordinary chance node with a
short list of outcomes:

- ``integers(lo, hi)``: one draw, ``hi - lo`` outcomes, each equally likely;
- ``permutation(n)``: ``n`` draws, the k-th picks one of the ``n - k`` items
  not yet placed, each equally likely, which makes every order equally likely;
- ``choice(n, p=...)``: one draw weighted by ``p``.

A draw is written as the index ``j`` it picked (``integers(1, 7)`` drawing 4
is ``j = 3``).

>>> rng = ScriptedRng([2, 0])
>>> [int(x) for x in rng.permutation(3)]
Traceback (most recent call last):
...
windward_nb.openspiel.draws.DrawNeeded: needs draw 3 (1 outcome)
>>> [int(x) for x in ScriptedRng([2, 0, 1]).permutation(3)]
[2, 0, 1]
>>> try:
...     ScriptedRng([]).integers(1, 7)
... except DrawNeeded as need:
...     print(need.outcomes[:2])
[(0, 0.16666666666666666), (1, 0.16666666666666666)]
>>> int(ScriptedRng([3]).integers(1, 7))
4
"""

from __future__ import annotations

import operator
from typing import Any, TypeVar
from collections.abc import Callable, Sequence

import numpy as np

T = TypeVar("T")


class DrawNeeded(Exception):
    """The scripted generator ran out of draws: ``outcomes`` lists ``(j, probability)`` of the next one."""

    def __init__(self, outcomes: list[tuple[int, float]], made: int):
        self.outcomes = outcomes
        self.made = made
        n = len(outcomes)
        super().__init__(f"needs draw {made + 1} ({n} outcome{'s' if n != 1 else ''})")


class NotAnOutcome(ValueError):
    """A draw in the list that is not one of the outcomes of its request."""


class UnsupportedDraw(TypeError):
    """The game asked the generator for something that has no finite list of outcomes."""


class ScriptedRng:
    """A stand-in for ``numpy.random.Generator`` that answers from a list of draws (see the module)."""

    def __init__(self, draws: Sequence[int]):
        self._draws = draws
        self._used = 0

    @property
    def used(self) -> int:
        """How many draws the code has consumed so far."""
        return self._used

    def _next(self, valid: Callable[[int], bool], outcomes: Callable[[], list[tuple[int, float]]]) -> int:
        """The next draw if one is left (``valid`` checks it), else :class:`DrawNeeded` with ``outcomes()``."""
        if self._used < len(self._draws):
            j = self._draws[self._used]
            if not valid(j):
                raise NotAnOutcome(f"draw {self._used + 1} is {j}, which is not one of its outcomes")
            self._used += 1
            return j
        raise DrawNeeded(outcomes(), self._used)

    # ------------------------------------------------------------------ the Generator methods the games use
    def integers(self, low: Any, high: Any = None, size: Any = None, dtype: Any = np.int64,
                 endpoint: bool = False) -> Any:
        lo, hi = (0, operator.index(low)) if high is None else (operator.index(low), operator.index(high))
        if endpoint:
            hi += 1
        if hi <= lo:
            raise ValueError(f"integers({lo}, {hi}): empty range")
        n = hi - lo

        def valid(j: int) -> bool:
            return 0 <= j < n

        def outcomes() -> list[tuple[int, float]]:
            return [(j, 1.0 / n) for j in range(n)]

        if size is None:
            return lo + self._next(valid, outcomes)
        return np.array([lo + self._next(valid, outcomes) for _ in range(operator.index(size))], dtype=dtype)

    def permutation(self, x: Any) -> np.ndarray:
        items = np.arange(operator.index(x)) if np.ndim(x) == 0 else np.asarray(x)
        n = len(items)
        free = [True] * n
        order: list[int] = []

        def valid(j: int) -> bool:
            return 0 <= j < n and free[j]

        def outcomes() -> list[tuple[int, float]]:
            p = 1.0 / (n - len(order))
            return [(k, p) for k in range(n) if free[k]]

        while len(order) < n:
            j = self._next(valid, outcomes)
            free[j] = False
            order.append(j)
        return items[np.array(order, dtype=np.int64)] if order else items[:0]

    def choice(self, a: Any, size: Any = None, replace: bool = True, p: Any = None, shuffle: bool = True) -> Any:
        if size is not None:
            raise UnsupportedDraw("choice(..., size=...) is not supported by the OpenSpiel adapter")
        items = np.arange(operator.index(a)) if np.ndim(a) == 0 else np.asarray(a)
        n = len(items)
        w = np.full(n, 1.0 / n) if p is None else np.asarray(p, dtype=float) / np.sum(p)

        def valid(j: int) -> bool:
            return 0 <= j < n and w[j] > 0

        def outcomes() -> list[tuple[int, float]]:
            return [(j, float(w[j])) for j in range(n) if w[j] > 0]

        return items[self._next(valid, outcomes)]

    def __getattr__(self, name: str) -> Any:
        raise UnsupportedDraw(f"the generator method {name!r} has no finite list of outcomes; "
                              "the OpenSpiel adapter supports integers, permutation and choice")


def run_with_draws(fn: Callable[[Any], T], draws: Sequence[int]) -> tuple[T | None, list[tuple[int, float]]]:
    """Run ``fn`` on a :class:`ScriptedRng` over ``draws``: ``(result, [])`` when it finishes,
    ``(None, outcomes)`` when it needs one more draw.

    >>> run_with_draws(lambda rng: int(rng.integers(6)), [])[1][0]
    (0, 0.16666666666666666)
    >>> run_with_draws(lambda rng: int(rng.integers(6)), [5])
    (5, [])
    """
    rng = ScriptedRng(draws)
    try:
        result = fn(rng)
    except DrawNeeded as need:
        return None, need.outcomes
    if rng.used != len(draws):
        raise ValueError(f"{len(draws)} draws were made but only {rng.used} were used")
    return result, []
