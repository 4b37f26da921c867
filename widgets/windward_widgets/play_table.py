"""The whole game in one cell: board, coach, buttons, panels, watchable bots, undo, log and saving.

Windward on the play table shell (:class:`windward_widgets.base.PlayTable`): the shell
brings the seats, bots, undo, step, saving, the event log, the coach line, the turn
buttons, the second click of a dangerous action and the while-you-waited summary,
all from :mod:`windward_nb.windward.gameview`; this subclass adds what only Windward has:
the planet board with its wind flag, the battle panel and a ship status board per
captain (with private hands).

>>> import windward_nb as ww
>>> t = PlayTable(ww.new_game(players=3, seed=4), bots={1: "random", 2: "random"}, bot_pause=0)
>>> t.game.current_player                     # the bots have played up to player 1's turn
0
>>> before = t.game.state.fingerprint()
>>> _ = t.act(["end turn"])                    # player 1 ends; the bots play until player 1 decides again
>>> t.game.current_player == 0 or t.game.is_over
True
>>> "random" in t.bot_lines[0] and t.waited_text.startswith("While you waited:")
True
>>> t.undo(); t.game.state.fingerprint() == before
True
"""

from __future__ import annotations

import os
from typing import Any
from collections.abc import Mapping, Sequence

import ipywidgets as widgets

from windward_nb.windward.gameview import MOVED, VIEW  # noqa: F401  (MOVED kept for readers)

from . import family
from .base import play_table as _base
from .base.play_table import LOG_LINES, LOG_TURNS, in_jupyter_kernel  # noqa: F401
from .game_board import GameBoard
from .panels import ActionsPanel, BattlePanel, ShipBoardPanel
from .save_field import DEFAULT_RECORDS_DIR, SaveField  # noqa: F401

__all__ = ["PlayTable", "in_jupyter_kernel"]


class PlayTable(_base.PlayTable):
    """Play ``game`` hot-seat in one notebook cell (also works as a Voila app).

    **Any game of the family.** ``PlayTable(game)`` with a North Wind, Winds of Plunder or
    Tailwinds game (or a game's name: ``PlayTable("tailwinds", players=3, seed=1)``) opens that
    game's own table (:class:`~windward_widgets.northwind.NorthWindTable`,
    :class:`~windward_widgets.plunder.PlunderTable`,
    :class:`~windward_widgets.tailwinds.TailwindsTable`), with the same seats, bots, undo and
    saving; what follows describes Windward's.

    ``bots`` maps seats (0-based) to ``"random"``, ``"greedy"``, a bot object, or
    ``"human"``. Bot seats play one captain's turn at a time, pausing ``bot_pause``
    seconds between captains (adjustable on the table; 0 = at once) with the board
    redrawn as they go; in a Jupyter kernel this runs in the background, so the
    notebook stays responsive (``background=True`` does it on any running event loop,
    ``False`` never; outside a kernel the bots play at once). When control returns to a
    human the table says what happened to them while they waited. *Undo* takes back the
    last human action together with the bot and chance actions that followed it.

    The board (``board_width``, 508 px at most, the largest thing on the table) and the
    controls stand side by side wherever the table gets about 560 px: the board shrinks
    with the page down to 300 px (JupyterLab at 1024x768 with the file browser open
    gives the table about 590 px), and narrower still the controls go under the board.

    ``private_hands=True`` keeps every captain's supply cards face down except while
    that captain decides. Records are saved as ``<name>.wwr.json`` inside
    ``records_dir`` only (the widget cannot choose another folder); with
    ``server_writes=False`` -- the default under Voila -- the table offers the record
    as a download and writes nothing on the server.
    """

    def __new__(cls, game: Any = None, *args: Any, **kwargs: Any):
        if cls is PlayTable and game is not None and family.game_name(game) != "windward":
            return family.new_table(game, **kwargs)     # another game's table (not a PlayTable: no second __init__)
        return super().__new__(cls, game, *args, **kwargs)

    def __init__(self, game=None, *, bots: Mapping[int, Any] | None = None, players: int = 3,
                 seed: int | None = None, board_width: int = 508, max_bot_actions: int = 3000,
                 records_dir: str | os.PathLike = DEFAULT_RECORDS_DIR, record_name: str = "my-game",
                 server_writes: bool | None = None, private_hands: bool = False, bot_pause: float = 0.8,
                 background: bool | None = None, names: Sequence[str] | None = None, **kwargs: Any):
        if game is None or isinstance(game, str):
            game = family.new_game("windward", players=players, seed=seed)
        self.private_hands = private_hands
        kwargs.setdefault("view", VIEW)
        super().__init__(game, bots=bots, seed=seed, board_width=board_width, max_bot_actions=max_bot_actions,
                         records_dir=records_dir, record_name=record_name, server_writes=server_writes,
                         bot_pause=bot_pause, background=background, names=names, **kwargs)

    # ------------------------------------------------------------------ Windward's parts
    def make_board(self, act, width: int) -> GameBoard:
        board = GameBoard(self.game, act=act, width=width, height=GameBoard.height_for(self.game.state.planet, width))
        board.status.layout.display = "none"      # the coach says who decides what
        return board

    def make_actions_panel(self, act) -> ActionsPanel:
        return ActionsPanel(self.game, act=act, messages=self.messages, quick_in_panel=False)

    def make_panels(self, act) -> dict[str, list[widgets.Widget]]:
        n = self.game.state.players
        self.battle = BattlePanel(self.game, act=act, messages=self.messages)
        self.ship_panels = [ShipBoardPanel(self.game, seat, act=act, messages=self.messages) for seat in range(n)]
        self.ship_tabs = widgets.Tab(children=self.ship_panels, layout=widgets.Layout(width="100%"))
        return {"top": [self.battle], "middle": [self.ship_tabs]}

    def refresh_panels(self, who: int, locked: bool) -> None:
        s = self.game.state
        self.battle.refresh()
        for seat, p in enumerate(self.ship_panels):
            p.hide_hand = self.private_hands and seat != who
            p.refresh()
        for seat in range(len(self.ship_panels)):
            bot = self.bots.get(seat)
            title = f"P{seat + 1} {s.ships[seat].colour}" + (" (bot)" if bot else "") + (" ◀" if seat == who else "")
            if self.ship_tabs.get_title(seat) != title:
                self.ship_tabs.set_title(seat, title)
        if who >= 0 and self.ship_tabs.selected_index != who:
            self.ship_tabs.selected_index = who

    def busy_note(self) -> str:
        s = self.game.state
        who = self.game.current_player
        if self.busy:
            return f"The bots are playing (pause {self.pause.value:.1f} s): Player {s.current + 1}'s turn."
        if who in self.bots and not s.over:
            return f"Player {who + 1} is a bot: press Let bots play (or Bot step)."
        return ""
