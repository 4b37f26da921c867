"""Exact battle odds for Windward: :func:`battle_odds`, :func:`odds_table`, :func:`hit_distribution` ...

The module lives at :mod:`windward_nb.windward.odds` (its sums of dice come from
:mod:`windward_nb.core.dice`); this name is kept for notebooks and widgets.

>>> from windward_nb.odds import battle_odds
>>> battle_odds(attacker=1, defender=1, exact=True).tie
Fraction(7, 18)
"""

from .windward.odds import *  # noqa: F403
from .windward.odds import __all__  # noqa: F401
