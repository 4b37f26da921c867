"""The Tailwinds play table: the shell's :class:`~windward_widgets.base.PlayTable` with the
track board and the hand panel.

>>> from windward_nb.tailwinds import new_game
>>> t = TailwindsTable(new_game(players=3, seed=11, characters=["sailor", "pirate", "gambler"]),
...                    bots={1: "random", 2: "random"}, bot_pause=0)
>>> t.coach.text
'Player 1 (The Sailor), place a boat on a start space (spaces 1-3).'
>>> _ = t.act(["place 3"]); _ = t.act(["place 3"])
>>> t.game.state.phase, t.hand.viewer
('choose', 0)
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from windward_nb.tailwinds.view import VIEW
from windward_widgets.base import PlayTable

from .board import TrackBoard
from .hand import HandPanel

__all__ = ["TailwindsTable"]


class TailwindsTable(PlayTable):
    """Play Tailwinds in one cell: every seat a person or a bot (see :class:`PlayTable`)."""

    def __init__(self, game, *, board_width: int = 600, **kwargs: Any):
        kwargs.setdefault("view", VIEW)
        super().__init__(game, board_width=board_width, **kwargs)
        self.add_class("ww-tailwinds-table")

    def board_min_width(self, board_width: int) -> int:
        return int(board_width * 0.88)          # the track's words stay 11 px and more; narrower, controls go under

    def make_board(self, act, width: int) -> TrackBoard:
        board = TrackBoard(self.game, act=act, width=width, view=self.view)
        board.caption.layout.display = "none"      # the coach says who decides what
        return board

    def make_panels(self, act) -> dict[str, list[widgets.Widget]]:
        self.hand = HandPanel(self.game, act=act, view=self.view, messages=self.messages)
        return {"middle": [self.hand]}

    def refresh_panels(self, who: int, locked: bool) -> None:
        # a hot-seat table shows the private cards of the person deciding now, and nobody's else
        self.hand.refresh(viewer=who if who >= 0 and not locked else -1)
