"""Exact distributions of dice sums, from whole-number counts.

A die is a tuple of face values (``(1, 1, 1, 2, 2, 3)`` for Windward's battle
die, ``(1, 2, 3, 4, 5, 6)`` for a d6, ``(0, 0, 1, 1, 1, 2)`` for a die with
blanks). The number of ways ``n`` such dice show each total is the ``n``-th
power of the die's face polynomial; the counts are exact Python integers, so
nothing overflows and nothing is sampled.

>>> sum_counts(2, (1, 2, 3, 4, 5, 6))[7]
6
>>> sum_distribution(2, (1, 1, 1, 2, 2, 3), exact=True)[2]
Fraction(1, 4)
>>> sum_distribution(0, (1, 2))
array([1.])
>>> at_least(2, (0, 1), 2)
0.25
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any
from collections.abc import Sequence

import numpy as np

#: the most dice one question may roll (far above anything a game of the family reaches)
MAX_DICE = 1_000
#: the largest face value a die may show
MAX_FACE = 1_000
#: the most faces a die may have
MAX_FACES = 1_000


def die_key(faces: Any, name: str = "faces") -> tuple[int, ...]:
    """A die as a sorted tuple of whole-number faces >= 0 (``ValueError`` naming ``name``)."""
    if isinstance(faces, (str, bytes)):
        raise ValueError(f"{name} must be a sequence of face values, got {faces!r}")
    try:
        values = tuple(faces)
    except TypeError:
        raise ValueError(f"{name} must be a sequence of face values, got {faces!r}") from None
    if not values or len(values) > MAX_FACES:
        raise ValueError(f"{name} must have 1 to {MAX_FACES} faces, got {len(values)}")
    out = []
    for f in values:
        if isinstance(f, (bool, np.bool_)) or not isinstance(f, (int, np.integer)) or not 0 <= f <= MAX_FACE:
            raise ValueError(f"{name} must hold whole numbers 0-{MAX_FACE}, got {f!r}")
        out.append(int(f))
    return tuple(sorted(out))


def count(value: Any, name: str, *, minimum: int = 0, maximum: int = MAX_DICE) -> int:
    """``value`` as a whole number within bounds, else a ``ValueError`` naming ``name`` and the limit."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise ValueError(f"{name} must be a whole number, got {value!r}")
    if not minimum <= value <= maximum:
        raise ValueError(f"{name} must be between {minimum} and {maximum}, got {value}")
    return int(value)


@lru_cache(maxsize=64)
def _powers(key: tuple[int, ...]) -> list[tuple[int, ...]]:
    return [(1,)]


def clear_cache() -> None:
    """Forget the cached sum tables (to time a cold start)."""
    _powers.cache_clear()


def sum_counts(n: int, faces: Sequence[int]) -> tuple[int, ...]:
    """Ways ``n`` dice show each total 0 .. n * max(face); they add up to ``len(faces) ** n``."""
    key = die_key(faces)
    n = count(n, "n")
    table = _powers(key)
    if len(table) <= n:
        poly = [0] * (max(key) + 1)
        for f in key:
            poly[f] += 1
        terms = [(j, c) for j, c in enumerate(poly) if c]
        while len(table) <= n:
            prev = table[-1]
            out = [0] * (len(prev) + len(poly) - 1)
            for i, a in enumerate(prev):
                if a:
                    for j, c in terms:
                        out[i + j] += a * c
            table.append(tuple(out))
    return table[n]


def sum_distribution(n: int, faces: Sequence[int], exact: bool = False):
    """Probability of each total of ``n`` dice: a float array, or Fractions with ``exact``."""
    counts = sum_counts(n, faces)
    total = len(faces) ** int(n)
    if exact:
        return [Fraction(c, total) for c in counts]
    return np.array([c / total for c in counts], dtype=float)  # int/int rounds correctly


def at_least(n: int, faces: Sequence[int], target: int, exact: bool = False):
    """Probability that ``n`` dice total ``target`` or more."""
    counts = sum_counts(n, faces)
    t = count(target, "target", minimum=-(10**9), maximum=10**9)
    hit = sum(counts[max(t, 0):])
    total = len(faces) ** int(n)
    return Fraction(hit, total) if exact else hit / total
