"""Tailwinds on the play table shell: the track board, the hand panel and the table.

* :class:`TrackBoard` -- the track cards as rows of lanes, the boats, rainbow spaces, the
  Finish Line and the rainbow market; a click moves a boat, places one, or takes a card;
* :class:`HandPanel` -- each player's cards; a card chosen face down is shown to its owner
  only (the other seats see that a card lies face down, never which);
* :class:`TailwindsTable` -- :class:`windward_widgets.base.PlayTable` with both;
* :class:`TailwindsReplay` -- a recorded race, ply by ply.

Everything shown comes from :mod:`windward_nb.tailwinds.view`; no rule lives here.
"""

from __future__ import annotations

from .board import TrackBoard
from .hand import HandPanel
from .replay import TailwindsReplay
from .table import TailwindsTable

__all__ = ["HandPanel", "TailwindsReplay", "TailwindsTable", "TrackBoard"]
