"""Windward's bots: :class:`GreedyBot` (a readable plan), :class:`CarefulBot` (GreedyBot for the
Solo Adventure and the Cooperative game), :class:`MCTSBot` (the search bot) and :class:`RandomBot`.

The module lives at :mod:`windward_nb.windward.bots`; this name is kept for
notebooks and widgets. Every bot is a :class:`windward_nb.core.bots.Bot`.

>>> from windward_nb.bots import GreedyBot, make_bot
>>> make_bot("greedy", 1).name
'GreedyBot'
"""

from .windward.bots import *  # noqa: F403
from .windward.bots import CARD_VALUE, __all__  # noqa: F401
