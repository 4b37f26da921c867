"""Reporting helpers for the notebooks of every game: tables, percentages, intervals, charts, progress.

They live in :mod:`windward_nb.core.report` (a game's own code uses them too: North Wind's
tournaments quote Wilson intervals); this is the name the notebooks import, for any game of
the family.

>>> from windward_nb.report import pct, rate
>>> pct(0.4161), rate(7, 10)
('41.6%', '70% (40–89%)')
"""

from .core.report import *  # noqa: F403
from .core.report import __all__  # noqa: F401
