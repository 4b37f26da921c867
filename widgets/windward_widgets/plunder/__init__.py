"""Winds of Plunder widgets: the Caribbean map, tallies and the sealed wind vote.

They draw what :mod:`windward_nb.plunder.view` computes and turn clicks into
the game's actions; no rule lives here.
"""

from .panels import TallyPanel, VotePanel

__all__ = ["TallyPanel", "VotePanel"]
