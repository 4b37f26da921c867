"""A recorded Tailwinds race, ply by ply, on the track (the shell's ReplayViewer).

A card chosen face down shows as ``choose ?`` until the cards are revealed together.

>>> from windward_nb.core.record import load_record
>>> import windward_nb, pathlib
>>> path = pathlib.Path(windward_nb.__file__).parents[1] / "notebooks" / "data" / "tailwinds-greedy-3p.twr.json"
>>> r = TailwindsReplay(load_record(path))
>>> r.ply.value = 12; "Ply 12" in r.narration.value
True
"""

from __future__ import annotations

from typing import Any

from windward_nb.tailwinds.view import VIEW
from windward_widgets.base import ReplayViewer

__all__ = ["TailwindsReplay"]


class TailwindsReplay(ReplayViewer):
    """Replay a ``*.twr.json`` record on the track board."""

    def __init__(self, record, **kwargs: Any):
        kwargs.setdefault("view", VIEW)
        super().__init__(record, **kwargs)
