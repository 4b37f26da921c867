"""The Winds of Plunder play table: the shell's table with the map, the vote and the tallies.

>>> import windward_nb as ww
>>> t = PlunderTable(ww.new_game(game="winds-of-plunder", players=3, seed=24), bots={1: "greedy", 2: "greedy"},
...                  bot_pause=0)
>>> t.coach.text
'Red: set your compass in secret (compass N, E, S or W).'
>>> t.map.click(30)                                  # the North diamond of the compass
>>> t.game.state.phase, t.vote.viewer()
('bid', 0)
"""

from __future__ import annotations

from typing import Any

from windward_nb.plunder.view import VIEW
from windward_widgets.base import PlayTable

from .board import CaribbeanMap
from .panels import TallyPanel, VotePanel

__all__ = ["PlunderTable"]


class PlunderTable(PlayTable):
    """Play Winds of Plunder in one cell: the map, the sealed vote, the tallies, bots, undo, saving.

    One screen is passed round the table: the vote panel shows only the deciding
    player's own sealed choice, and a bot's compass or fist never shows in the log.
    """

    def __init__(self, game, *, board_width: int = 600, **kwargs: Any):
        kwargs.setdefault("view", VIEW)
        super().__init__(game, board_width=board_width, **kwargs)
        self.add_class("wop-table")

    def board_min_width(self, board_width: int) -> int:
        return int(board_width * 0.88)          # the port names stay 11 px and more; narrower, controls go under

    def make_board(self, act, width: int) -> CaribbeanMap:
        self.map = CaribbeanMap(self.game, self.view, act=act, width=width)
        self.map.caption.layout.display = "none"
        return self.map

    def make_panels(self, act) -> dict[str, list]:
        self.vote = VotePanel(self.game, act=act, messages=self.messages)
        self.tallies = TallyPanel(self.game)
        return {"top": [self.vote], "bottom": [self.tallies]}

    def refresh_panels(self, who: int, locked: bool) -> None:
        self.vote.refresh()
        if locked:
            self.vote.fist.disabled = self.vote.cubes.disabled = True
            for b in self.vote.compass_buttons.values():
                b.disabled = True
        self.tallies.refresh()
