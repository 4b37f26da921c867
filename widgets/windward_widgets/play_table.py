"""The whole game in one cell: board, panels, bots, undo, event log and saving.

>>> import windward_nb as ww
>>> t = PlayTable(ww.new_game(players=3, seed=4), bots={1: "random", 2: "random"})
>>> t.game.current_player                     # the bots have played up to player 1's turn
0
>>> before = t.game.state.fingerprint()
>>> _ = t.act(["end turn"])                    # player 1 ends; the bots play until player 1 decides again
>>> t.game.current_player == 0 or t.game.is_over
True
>>> "random" in t.bot_lines[0]
True
>>> t.undo(); t.game.state.fingerprint() == before
True
"""

from __future__ import annotations

import html
import os
from typing import Any, Iterable, Mapping, Sequence

import ipywidgets as widgets

from windward_nb import view
from windward_nb.actions import Action
from windward_nb.engine import CHANCE

from . import bots as botlib
from ._util import MessageArea, esc, guarded, swatch
from .game_board import GameBoard
from .panels import ActionsPanel, BattlePanel, ShipBoardPanel

__all__ = ["PlayTable"]

LOG_LINES = 300


class PlayTable(widgets.VBox):
    """Play ``game`` hot-seat in one notebook cell (also works as a Voila app).

    ``bots`` maps seats (0-based) to ``"random"``, ``"greedy"``, a bot object,
    or ``"human"``; a bot seat plays at once whenever it has to decide (after a
    human action, or with the *Let bots play* button). *Undo* takes back the
    last human action together with the bot and chance actions that followed it.
    ``private_hands=True`` keeps every captain's supply cards face down except
    while that captain is the one deciding, for a table sharing one screen.
    """

    def __init__(self, game=None, *, bots: Mapping[int, Any] | None = None, players: int = 3,
                 seed: int | None = None, board_width: int = 560, max_bot_actions: int = 3000,
                 record_path: str = "windward-game.wwr.json", private_hands: bool = False, **kwargs: Any):
        if game is None:
            import windward_nb as ww

            game = ww.new_game(players=players, seed=seed)
        self.game = game
        self.private_hands = private_hands  # hot-seat: only the captain who decides sees their cards
        n = game.state.players
        self.max_bot_actions = max_bot_actions
        self.bots: dict[int, Any] = {}
        self._bot_seed = (seed if seed is not None else (game.record.seed or 0)) + 1000
        self.event_lines: list[str] = []
        self.bot_lines: list[str] = []
        self._groups: list[int] = []   # applies per undo step
        self.messages = MessageArea()

        self.board = GameBoard(game, act=self.act, width=board_width, height=board_width + 40)
        self.battle = BattlePanel(game, act=self.act)
        self.actions = ActionsPanel(game, act=self.act)
        self.ship_panels = [ShipBoardPanel(game, seat, act=self.act) for seat in range(n)]
        self.ship_tabs = widgets.Tab(children=self.ship_panels, layout=widgets.Layout(width="100%"))
        self.seat_pickers = []
        for seat in range(n):
            dd = widgets.Dropdown(options=[("human", "human"), ("random bot", "random"), ("greedy bot", "greedy")],
                                  value="human", description=f"Player {seat + 1}:",
                                  style={"description_width": "auto"}, layout=widgets.Layout(width="12.5em"))
            dd.observe(self._seat_changed(seat), names="value")
            self.seat_pickers.append(dd)
        self.undo_button = widgets.Button(description="Undo", icon="undo", tooltip="take back the last human action "
                                          "(and the bot and chance actions after it)")
        self.undo_button.on_click(lambda _b: self._undo_clicked())
        self.bots_button = widgets.Button(description="Let bots play", icon="play",
                                          tooltip="bot seats play until a human must decide")
        self.bots_button.on_click(lambda _b: self._bots_clicked())
        self.step_button = widgets.Button(description="Bot step", icon="step-forward",
                                          tooltip="one action by the bot that must decide now")
        self.step_button.on_click(lambda _b: self._step_clicked())
        self.save_path = widgets.Text(value=record_path, description="Record:", layout=widgets.Layout(width="22em"),
                                      style={"description_width": "auto"})
        self.save_button = widgets.Button(description="Save record", icon="save")
        self.save_button.on_click(lambda _b: self._save_clicked())
        self.event_log = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.event_log.add_class("ww-event-log")
        self.bot_log = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.bot_log.add_class("ww-bot-log")
        self.summary = widgets.HTML()
        self.summary.add_class("ww-text-summary")
        self.title = widgets.HTML()

        controls = widgets.HBox([self.undo_button, self.bots_button, self.step_button, self.save_path,
                                 self.save_button], layout=widgets.Layout(flex_flow="row wrap"))
        seats = widgets.HBox(self.seat_pickers, layout=widgets.Layout(flex_flow="row wrap"))
        right = widgets.VBox([self.battle, self.actions, self.ship_tabs],
                             layout=widgets.Layout(width="520px", min_width="420px"))
        main = widgets.HBox([self.board, right], layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))
        logs = widgets.HBox([
            widgets.VBox([widgets.HTML("<b>What happened</b> (newest first)"), self.event_log],
                         layout=widgets.Layout(width="560px")),
            widgets.VBox([widgets.HTML("<b>Bot actions</b> (newest first)"), self.bot_log],
                         layout=widgets.Layout(width="520px"))],
            layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__(children=[self.title, seats, controls, self.messages, main, logs, self.summary], **kwargs)
        self.add_class("ww-play-table")
        for seat, spec in (bots or {}).items():
            if not 0 <= seat < n:
                raise ValueError(f"bots: seat {seat} does not exist in a {n}-player game (seats are 0-{n - 1})")
            self.set_bot(seat, spec, run=False)
        self._log_events(game.last_events, None)
        if self.bots and len(self.bots) < n:
            self._run_group(self.run_bots)
        self.refresh()

    # ------------------------------------------------------------------ seats and bots
    def set_bot(self, seat: int, spec: Any, run: bool = True) -> None:
        """Make ``seat`` a bot (``"random"``, ``"greedy"``, an object) or a human (``"human"``/``None``)."""
        bot = botlib.make_bot(spec, seed=self._bot_seed + seat)
        if bot is None:
            self.bots.pop(seat, None)
        else:
            self.bots[seat] = bot
        picker = self.seat_pickers[seat]
        value = spec if isinstance(spec, str) and spec in botlib.BOT_KINDS else ("human" if bot is None else None)
        if value and picker.value != value:
            self._quiet = True
            try:
                picker.value = value
            finally:
                self._quiet = False
        if run and len(self.bots) < self.game.state.players:
            self._run_group(self.run_bots)
        self.refresh()

    def _seat_changed(self, seat: int):
        def changed(change: dict) -> None:
            if self._quiet:
                return
            try:
                self.set_bot(seat, change["new"])
            except Exception as exc:  # noqa: BLE001
                self.messages.error(exc, "changing a seat")
        return changed

    def run_bots(self, limit: int | None = None) -> list:
        """Bots act while a bot seat decides (at most ``limit`` actions); returns the events."""
        limit = self.max_bot_actions if limit is None else limit
        events: list = []
        steps = 0
        while steps < limit and not self.game.is_over:
            seat = self.game.current_player
            if seat == CHANCE or seat not in self.bots:
                break
            bot = self.bots[seat]
            action = botlib.choose(bot, self.game)
            text = view.describe_action(self.game.state, action)
            events += self._apply(action, bot=bot)
            self.bot_lines.insert(0, f"Player {seat + 1} ({botlib.bot_name(bot)} bot): {text} [{action}]")
            steps += 1
        del self.bot_lines[LOG_LINES:]
        if steps >= limit and not self.game.is_over and self.game.current_player in self.bots:
            self.messages.show(f"The bots stopped after {limit} actions; press Let bots play to go on.", "info")
        return events

    # ------------------------------------------------------------------ acting
    def _apply(self, action: Action, bot: Any = None) -> list:
        ply = len(self.game.record.actions) + 1
        events = self.game.apply(action)
        self._applied += 1
        self._log_events(events, ply, who=None if bot is None else "bot")
        return events

    _applied = 0
    _quiet = False

    def _run_group(self, fn, *args: Any) -> Any:
        """Run ``fn`` and count the applies it made as one undo step."""
        before = self._applied
        try:
            return fn(*args)
        finally:
            if self._applied > before:
                self._groups.append(self._applied - before)

    def act(self, actions: Iterable[Action | str]) -> list:
        """Apply a human's actions, then let the bots answer, and redraw everything.

        An illegal action raises :class:`~windward_nb.IllegalActionError` (the
        widget that asked shows the reason) and changes nothing.
        """
        actions = [Action.parse(a) for a in actions]
        events: list = []

        def go() -> None:
            for a in actions:
                events.extend(self._apply(a))
            events.extend(self.run_bots())

        before = self._applied
        try:
            self._run_group(go)
        finally:
            if self._applied > before:
                self.messages.clear()
                self.refresh()
        return events

    def undo(self) -> None:
        """Take back the last undo step (a human action and the bot/chance actions after it)."""
        if not self._groups:
            self.messages.show("There is nothing to undo.", "info")
            return
        n = self._groups.pop()
        for _ in range(n):
            self.game.undo()
        self._applied -= n
        self.event_lines.insert(0, f"<i>Undone: {n} action{'s' if n != 1 else ''}.</i>")
        self.messages.show(f"Took back {n} action{'s' if n != 1 else ''}.", "info")
        self.refresh()

    def save(self, path: str | os.PathLike | None = None) -> str:
        """Save the game record (``game.record.save``) and return the path."""
        path = str(path or self.save_path.value or "windward-game.wwr.json")
        self.game.record.save(path)
        self.messages.show(f"Saved {len(self.game.record.actions)} actions to {path}.", "ok")
        return path

    @guarded()
    def _undo_clicked(self) -> None:
        self.undo()

    @guarded()
    def _bots_clicked(self) -> None:
        if not self.bots:
            self.messages.show("No seat is played by a bot; choose one above.", "info")
            return
        self._run_group(self.run_bots)
        self.refresh()

    @guarded()
    def _step_clicked(self) -> None:
        seat = self.game.current_player
        if seat not in self.bots:
            self.messages.show(f"Player {seat + 1} is human: it is their decision." if seat >= 0
                               else "Nobody can act now.", "info")
            return
        self._run_group(self.run_bots, 1)
        self.refresh()

    @guarded()
    def _save_clicked(self) -> None:
        self.save()

    # ------------------------------------------------------------------ drawing
    def _log_events(self, events: Sequence, ply: int | None, who: str | None = None) -> None:
        if not events:
            return
        tag = f"{ply}. " if ply else ""
        mark = " <span style='color:#666'>(bot)</span>" if who == "bot" else ""
        text = " ".join(html.escape(e.text) for e in events)
        self.event_lines.insert(0, f"{tag}{text}{mark}")
        del self.event_lines[LOG_LINES:]

    def refresh(self) -> None:
        """Redraw every part from the game (in place)."""
        s = self.game.state
        who = self.game.current_player
        with self.hold_sync():
            self.board.refresh()
            self.battle.refresh()
            self.actions.refresh()
            for seat, p in enumerate(self.ship_panels):
                p.hide_hand = self.private_hands and seat != who
                p.refresh()
            for seat, p in enumerate(self.ship_panels):
                bot = self.bots.get(seat)
                title = f"P{seat + 1} {s.ships[seat].colour}" + (" (bot)" if bot else "") + (" ◀" if seat == who else "")
                if self.ship_tabs.get_title(seat) != title:
                    self.ship_tabs.set_title(seat, title)
            if who >= 0 and self.ship_tabs.selected_index != who:
                self.ship_tabs.selected_index = who
            self.undo_button.disabled = not self._groups
            self.step_button.disabled = who not in self.bots
            scores = " · ".join(f"{swatch(sh.colour, f'P{i + 1} {sh.notoriety}')}" for i, sh in enumerate(s.ships))
            over = (f' <span style="background:#E3F4E8;padding:0 6px">{esc(s.result or "The game is over.")}</span>'
                    if s.over else "")
            self.title.value = (f'<div style="font-size:16px;font-weight:bold">Windward — round {s.round}, '
                                f'wind {s.wind} · notoriety {scores}{over}</div>')
            self.event_log.value = self._log_html(self.event_lines, "ww-events")
            self.bot_log.value = self._log_html(self.bot_lines, "ww-bots")
            self.summary.value = ("<details><summary>Text summary (for screen readers and printing)</summary>"
                                  f'<pre style="font-size:12px;white-space:pre-wrap">{esc(view.text_summary(s))}'
                                  "</pre></details>")

    @staticmethod
    def _log_html(lines: Sequence[str], cls: str) -> str:
        body = "".join(f"<li>{line}</li>" for line in lines[:120]) or "<li><i>nothing yet</i></li>"
        return (f'<ul class="{cls}" aria-live="polite" style="font-size:12px;max-height:14em;overflow:auto;'
                f'margin:0;padding-left:1.2em;border:1px solid #DDD">{body}</ul>')

    def text_summary(self) -> str:
        return view.text_summary(self.game.state)
