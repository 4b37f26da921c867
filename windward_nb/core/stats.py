"""Small statistics for simulation results, for any game of the family.

:func:`wilson` is the Wilson score interval of a win rate: unlike "rate
plus or minus 1.96 standard errors" it stays inside 0..1 and behaves for
small samples and rates near 0 or 1.

>>> lo, hi = wilson(7, 10)
>>> round(lo, 3), round(hi, 3)
(0.397, 0.892)
>>> wilson(0, 0)
(0.0, 1.0)
>>> rate_text(41, 100)
'41% (32-51%)'
"""

from __future__ import annotations

import math


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (default 95%) for ``wins`` out of ``games``; (0, 1) with no games."""
    if isinstance(wins, bool) or isinstance(games, bool) or not isinstance(wins, int) or not isinstance(games, int):
        raise ValueError(f"wins and games must be whole numbers, got {wins!r} and {games!r}")
    if games < 0 or not 0 <= wins <= games:
        raise ValueError(f"need 0 <= wins <= games, got {wins} of {games}")
    if not z > 0:
        raise ValueError(f"z must be positive, got {z!r}")
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def rate_text(wins: int, games: int, z: float = 1.96) -> str:
    """'41% (32-51%)': the observed rate and its Wilson interval in whole percents."""
    lo, hi = wilson(wins, games, z)
    rate = wins / games if games else 0.0
    return f"{rate:.0%} ({lo * 100:.0f}-{hi * 100:.0f}%)"
