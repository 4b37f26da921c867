"""North Wind at the play table: the shell's PlayTable with the VoyageBoard and every captain's ShipPanel.

>>> from windward_nb.northwind import new_game
>>> t = NorthWindTable(new_game(players=2, seed=3), bots={1: "greedy"}, bot_pause=0)
>>> t.board.click(0)                             # sail into North Cape
>>> t.game.state.phase, t.coach.text
('prepare', 'Player 1: reveal the first tile.')
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from windward_nb.northwind.view import VIEW
from windward_widgets.base import PlayTable

from .ship_panel import ShipPanel
from .voyage_board import VoyageBoard

__all__ = ["NorthWindTable"]


class NorthWindTable(PlayTable):
    """Play North Wind in one cell: clicks on the stacks and tiles, the buttons, the actions list,
    bots, undo, save. The ship tabs follow the captain who decides."""

    def __init__(self, game, *, board_width: int = 600, **kwargs: Any):
        kwargs.setdefault("view", VIEW)
        kwargs.setdefault("records_dir", "records")
        kwargs.setdefault("record_name", "north-wind")
        super().__init__(game, board_width=board_width, **kwargs)
        self.add_class("nw-play-table")

    def board_min_width(self, board_width: int) -> int:
        return int(board_width * 0.88)          # the fields' words stay 11 px and more; narrower, controls go under

    def make_board(self, act, width: int) -> VoyageBoard:
        board = VoyageBoard(self.game, self.view, act=act, width=width)
        board.caption.layout.display = "none"      # the coach says who decides what
        return board

    def make_panels(self, act) -> dict[str, list[widgets.Widget]]:
        self.ships = [ShipPanel(self.game, seat) for seat in range(self.game.players)]
        self.ship_tabs = widgets.Tab(children=self.ships, layout=widgets.Layout(width="100%"))
        for seat in range(self.game.players):
            self.ship_tabs.set_title(seat, f"Ship P{seat + 1}")
        self.ship_tabs.add_class("nw-ship-tabs")
        return {"bottom": [self.ship_tabs]}

    def refresh_panels(self, who: int, locked: bool) -> None:
        for panel in self.ships:
            panel.refresh()
        seat = who if who >= 0 else self.game.state.turn
        if 0 <= seat < len(self.ships) and self.ship_tabs.selected_index != seat:
            self.ship_tabs.selected_index = seat
