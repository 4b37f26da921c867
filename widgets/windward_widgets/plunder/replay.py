"""A recorded game of Winds of Plunder, ply by ply, on the Caribbean map (the shell's ReplayViewer).

>>> from windward_nb.core.record import load_record
>>> import windward_nb, pathlib
>>> path = pathlib.Path(windward_nb.__file__).parents[1] / "notebooks" / "data" / "plunder-mixed-3p.wpr.json"
>>> r = PlunderReplay(load_record(path))
>>> r.ply.value = 22; r.board.highlighted, "Ply 22" in r.narration.value
([9], True)
"""

from __future__ import annotations

from typing import Any

from windward_nb.plunder.view import VIEW
from windward_widgets.base import ReplayViewer

from .board import ReplayMap

__all__ = ["PlunderReplay"]


class PlunderReplay(ReplayViewer):
    """Replay a ``*.wpr.json`` record on the map: the port a ship sailed to is marked at each ply."""

    def __init__(self, record, **kwargs: Any):
        kwargs.setdefault("view", VIEW)
        super().__init__(record, **kwargs)

    def make_board(self, state, width: int) -> ReplayMap:
        return ReplayMap(self.view.board(state).spaces, width=width)

    def make_table(self, game, bots: dict[int, Any]) -> Any:
        from .table import PlunderTable

        return PlunderTable(game, bots=bots, bot_pause=0.3)
