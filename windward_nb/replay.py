"""Walk through a recorded Windward game: :class:`Replay`, :func:`score_sheet`, :func:`annotate`.

The module lives at :mod:`windward_nb.windward.replay` (on the core's
:mod:`windward_nb.core.replay`); this name is kept for notebooks and widgets.

>>> import windward_nb as ww
>>> from windward_nb.replay import Replay
>>> g = ww.new_game(players=2, seed=3)
>>> _ = g.apply("end turn")
>>> Replay(g.record).to_end().state.fingerprint() == g.state.fingerprint()
True
"""

from .windward.replay import *  # noqa: F403
from .windward.replay import NOTABLE, __all__  # noqa: F401
from .core.replay_page import replay_html  # noqa: F401  (a static replay page of any record)
