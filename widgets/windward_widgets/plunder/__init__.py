"""Winds of Plunder widgets on the shell (``windward_widgets.base``): the Caribbean map, the sealed
vote, the tallies and the play table.

They draw what :mod:`windward_nb.plunder.view` computes and turn clicks into
the game's actions; no rule lives here.
"""

from .board import CaribbeanMap, ReplayMap
from .panels import TallyPanel, VotePanel
from .replay import PlunderReplay
from .table import PlunderTable

__all__ = ["CaribbeanMap", "PlunderReplay", "PlunderTable", "ReplayMap", "TallyPanel", "VotePanel"]
