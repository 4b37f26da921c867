"""The whole game in one cell: board, coach, buttons, panels, watchable bots, undo, log and saving.

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

import asyncio
import os
import sys
from typing import Any, Iterable, Mapping, Sequence

import ipywidgets as widgets

from windward_nb import view
from windward_nb.actions import Action
from windward_nb.coach import log_by_turn
from windward_nb.engine import CHANCE
from windward_nb.errors import IllegalActionError

from . import bots as botlib
from ._util import Confirmer, MessageArea, esc, guarded, swatch
from .game_board import GameBoard
from .panels import ActionsPanel, BattlePanel, ShipBoardPanel
from .save_field import DEFAULT_RECORDS_DIR, SaveField
from .turn import CoachPanel, TurnBar

__all__ = ["PlayTable"]

LOG_LINES = 300
LOG_TURNS = 40      # turns shown in the event log (all are kept)
MOVED = frozenset({"ShipMoved", "LongboatMoved", "CresterMoved", "EnteredPort", "CresterPlaced"})


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop this code runs in (a Jupyter kernel has one), or ``None``."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def in_jupyter_kernel() -> bool:
    """True inside a Jupyter kernel (JupyterLab, Notebook, Voila), whose event loop runs
    between cells and widget messages, so background bots get their turn."""
    # only look: importing ipykernel here would make other libraries (tqdm.auto, ipywidgets'
    # comms) believe they run in a notebook
    app = sys.modules.get("ipykernel.kernelapp")
    return bool(app is not None and app.IPKernelApp.initialized())


class PlayTable(widgets.VBox):
    """Play ``game`` hot-seat in one notebook cell (also works as a Voila app).

    ``bots`` maps seats (0-based) to ``"random"``, ``"greedy"``, a bot object, or
    ``"human"``. Bot seats play one captain's turn at a time, pausing ``bot_pause``
    seconds between captains (adjustable on the table; 0 = at once) with the board
    redrawn as they go; in a Jupyter kernel this runs in the background, so the
    notebook stays responsive (``background=True`` does it on any running event loop,
    ``False`` never; outside a kernel the bots play at once). When control returns to a human the table says what
    happened to them while they waited. *Undo* takes back the last human action
    together with the bot and chance actions that followed it.

    The board (``board_width``, 508 px by default, the largest thing on the table) and
    the controls (300 px or more) stand side by side wherever the table gets 820 px:
    Voila at 1024x768 and up, JupyterLab at 1280x800, or at 1024x768 with the file
    browser closed (Ctrl+B). Narrower, the controls go below the board.

    ``private_hands=True`` keeps every captain's supply cards face down except while
    that captain decides. Records are saved as ``<name>.wwr.json`` inside
    ``records_dir`` only (the widget cannot choose another folder); with
    ``server_writes=False`` -- the default under Voila -- the table offers the record
    as a download and writes nothing on the server.
    """

    def __init__(self, game=None, *, bots: Mapping[int, Any] | None = None, players: int = 3,
                 seed: int | None = None, board_width: int = 508, max_bot_actions: int = 3000,
                 records_dir: str | os.PathLike = DEFAULT_RECORDS_DIR, record_name: str = "my-game",
                 server_writes: bool | None = None, private_hands: bool = False, bot_pause: float = 0.8,
                 background: bool | None = None, names: Sequence[str] | None = None, **kwargs: Any):
        if game is None:
            import windward_nb as ww

            game = ww.new_game(players=players, seed=seed)
        self.game = game
        self.private_hands = private_hands
        n = game.state.players
        self.names = list(names) if names else None
        self.max_bot_actions = max_bot_actions
        self.bots: dict[int, Any] = {}
        self._bot_seed = (seed if seed is not None else (game.record.seed or 0)) + 1000
        self.bot_lines: list[str] = []
        self._applies: list[tuple[Any, str, int, list]] = [(None, "", -1, list(game.last_events))]
        self._groups: list[int] = []          # applies per undo step
        self._since: dict[int, int] = {}      # seat -> len(_applies) after that human's last action
        self._confirm = Confirmer()
        self.background = background          # None: in a Jupyter kernel; True: on any running loop
        self.busy = False                     # bots are playing in the background
        self._stop = False
        self.bot_task: asyncio.Task | None = None
        self.waited_text = ""
        self.messages = MessageArea()

        act = self._ui_act
        self.board = GameBoard(game, act=act, width=board_width,
                               height=GameBoard.height_for(game.state.planet, board_width))
        self.board.message_sink = self.messages
        self.board.message.layout.display = "none"     # messages go to the table's own line
        self.board.status.layout.display = "none"      # the coach says who decides what
        self.coach = CoachPanel(game, self.names)
        self.turn_bar = TurnBar(game, act=act, messages=self.messages)
        self.battle = BattlePanel(game, act=act, messages=self.messages)
        self.actions = ActionsPanel(game, act=act, messages=self.messages, quick_in_panel=False)
        self.actions.prompt.layout.display = "none"            # the coach says it
        self.ship_panels = [ShipBoardPanel(game, seat, act=act, messages=self.messages) for seat in range(n)]
        self.ship_tabs = widgets.Tab(children=self.ship_panels, layout=widgets.Layout(width="100%"))
        self.seat_pickers = []
        for seat in range(n):
            dd = widgets.Dropdown(options=[("human", "human"), ("random bot", "random"), ("greedy bot", "greedy")],
                                  value="human", description=f"P{seat + 1}:",
                                  style={"description_width": "auto"}, layout=widgets.Layout(width="9.5em"))
            dd.observe(self._seat_changed(seat), names="value")
            self.seat_pickers.append(dd)
        self.undo_button = widgets.Button(description="Undo", icon="undo", layout=widgets.Layout(width="auto"),
                                          tooltip="take back the last human action (and the bot and chance "
                                                  "actions after it)")
        self.undo_button.on_click(lambda _b: self._undo_clicked())
        self.bots_button = widgets.Button(description="Let bots play", icon="play", layout=widgets.Layout(width="auto"),
                                          tooltip="bot seats play until a human must decide")
        self.bots_button.add_class("ww-bots-button")
        self.bots_button.on_click(lambda _b: self._bots_clicked())
        self.step_button = widgets.Button(description="Bot step", icon="step-forward",
                                          layout=widgets.Layout(width="auto"),
                                          tooltip="one action by the bot that must decide now")
        self.step_button.on_click(lambda _b: self._step_clicked())
        self.pause = widgets.FloatSlider(value=max(0.0, float(bot_pause)), min=0.0, max=3.0, step=0.1,
                                         description="Bot pause (s):", readout_format=".1f",
                                         style={"description_width": "auto"}, layout=widgets.Layout(width="19em"))
        self.pause.add_class("ww-bot-pause")
        self.save_field = SaveField(lambda: self.game.record, records_dir=records_dir, name=record_name,
                                    server_writes=server_writes, report=self.messages.show)
        self.event_log = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.event_log.add_class("ww-event-log")
        self.bot_log = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.bot_log.add_class("ww-bot-log")
        self.summary = widgets.HTML()
        self.summary.add_class("ww-text-summary")
        self.title = widgets.HTML()

        top = widgets.HBox([self.title, *self.seat_pickers, self.undo_button, self.bots_button, self.step_button,
                            self.pause], layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        right = widgets.VBox([self.coach, self.messages, self.actions.quick_box, self.battle, self.turn_bar,
                              self.ship_tabs, self.actions],
                             layout=widgets.Layout(flex="1 1 300px", min_width="300px",
                                                   max_width=f"{max(300, board_width - 8)}px",   # the board stays the largest
                                                   margin="0 0 0 6px"))
        right.add_class("ww-controls")
        self.main = widgets.HBox([self.board, right], layout=widgets.Layout(flex_flow="row wrap",
                                                                             align_items="flex-start"))
        self.main.add_class("ww-table-main")
        logs = widgets.VBox([widgets.HTML("<b>What happened</b> (newest turn first, in order within a turn)"),
                             self.event_log, self.bot_log], layout=widgets.Layout(width="100%", max_width="1100px"))
        super().__init__(children=[top, self.main, self.save_field, logs, self.summary], **kwargs)
        self.add_class("ww-play-table")
        for seat, spec in (bots or {}).items():
            if not isinstance(seat, int) or not 0 <= seat < n:
                raise ValueError(f"bots: seat {seat!r} does not exist in a {n}-player game (seats are 0-{n - 1})")
            self.set_bot(seat, spec, run=False)
        if self.bots and len(self.bots) < n:
            self._begin_group()
            self.run_bots()
            self._end_group()
            self._bots_done()
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
            self.play_bots()
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

    def _bot_decides(self) -> bool:
        seat = self.game.current_player
        return not self.game.is_over and seat >= 0 and seat in self.bots

    def _bot_step(self) -> list:
        seat = self.game.current_player
        bot = self.bots[seat]
        action = botlib.choose(bot, self.game)
        text = view.describe_action(self.game.state, action)
        events = self._apply(action, who=f"{botlib.bot_name(bot)} bot")
        self.bot_lines.insert(0, f"Player {seat + 1} ({botlib.bot_name(bot)} bot): {text} [{action}]")
        del self.bot_lines[LOG_LINES:]
        return events

    def run_bots(self, limit: int | None = None) -> list:
        """Bots act at once while a bot seat decides (at most ``limit`` actions); returns the events."""
        limit = self.max_bot_actions if limit is None else limit
        events: list = []
        steps = 0
        while steps < limit and self._bot_decides():
            events += self._bot_step()
            steps += 1
        if steps >= limit and self._bot_decides():
            self.messages.show(f"The bots stopped after {limit} actions; press Let bots play to go on.", "info")
        return events

    def play_bots(self, limit: int | None = None, join: bool = False) -> None:
        """Let the bots play until a human decides: at once with no pause (or outside a running
        event loop), else in the background, one captain's turn at a time (see :attr:`bot_task`).
        Their actions are one undo step (``join``: part of the step still open)."""
        if not self._bot_decides() or self.busy:
            return
        loop = _running_loop()
        wanted = in_jupyter_kernel() if self.background is None else self.background
        if not join or not self._groups:
            self._begin_group()
        if self.pause.value <= 0 or loop is None or not wanted:
            try:
                self.run_bots(limit)
            finally:
                self._end_group()
                self._bots_done()
            return
        self.busy = True
        self.bot_task = loop.create_task(self._play_bots_async(limit))

    async def _play_bots_async(self, limit: int | None) -> None:
        limit = self.max_bot_actions if limit is None else limit
        steps = 0
        try:
            self.refresh()
            while steps < limit and self._bot_decides() and not self._stop:
                captain = self.game.state.current
                while steps < limit and self._bot_decides() and self.game.state.current == captain:
                    events = self._bot_step()
                    steps += 1
                    if any(e.kind in MOVED for e in events) and self.pause.value > 0:
                        self.board.refresh()           # the board moves as they go
                        await asyncio.sleep(min(0.35, self.pause.value / 3))
                    if self._stop:
                        break
                self.refresh()
                if self._bot_decides() and not self._stop and self.pause.value > 0:
                    await asyncio.sleep(self.pause.value)
            if steps >= limit and self._bot_decides():
                self.messages.show(f"The bots stopped after {limit} actions; press Let bots play to go on.", "info")
        except Exception as exc:  # noqa: BLE001 - a bug in a bot: shown, never lost in a background task
            self.messages.error(exc, "playing the bots")
        finally:
            self.busy = False
            self._stop = False
            self._end_group()
            self._bots_done()
            self.refresh()

    def stop_bots(self) -> None:
        """Ask background bots to stop after the action they are playing."""
        if self.busy:
            self._stop = True

    def _bots_done(self) -> None:
        """Control is back with a human (or the game is over): say what happened to them."""
        seat = self.game.current_player
        if self.game.is_over:
            seat = next((i for i in range(self.game.state.players) if i not in self.bots), -1)
        if seat < 0 or seat in self.bots:
            return
        start = self._since.get(seat, 0)
        later = self._applies[start:]
        if not any(who for _, who, _, _ in later):
            return
        events = [e for _, _, _, evs in later for e in evs]
        self.waited_text = view.while_you_waited(events, seat, self.names)
        self.coach.show_waited(self.waited_text)

    # ------------------------------------------------------------------ acting
    def _apply(self, action: Action, who: str = "") -> list:
        ply = len(self.game.record.actions) + 1
        seat = self.game.current_player
        events = self.game.apply(action)
        self._applies.append((ply, who, seat, list(events)))
        if self._groups:
            self._groups[-1] += 1
        return events

    _quiet = False

    def _begin_group(self) -> None:
        """Start an undo step: every action applied from now on counts in it."""
        self._groups.append(0)

    def _end_group(self) -> None:
        while self._groups and self._groups[-1] == 0:
            self._groups.pop()

    def act(self, actions: Iterable[Action | str]) -> list:
        """Apply a human's actions, then let the bots answer, and redraw everything.

        An illegal action raises :class:`~windward_nb.IllegalActionError` (the widget
        that asked shows the reason) and changes nothing. No confirmation is asked here:
        the table's buttons ask twice before a dangerous action (:meth:`_ui_act`).
        With the bots in the background the returned events are the human's only.
        """
        if self.busy:
            raise IllegalActionError("Bots", "the bots are playing; wait for your turn, or press Stop bots")
        actions = [Action.parse(a) for a in actions]
        seat = self.game.current_player
        events: list = []
        self._begin_group()
        try:
            for a in actions:
                events.extend(self._apply(a))
        finally:
            done = self._groups[-1] if self._groups else 0
            self._end_group()
        if done:
            self.messages.clear()
            self.board.clear_message()
            self.waited_text = ""
            self.coach.show_waited("")
            self._since[seat] = len(self._applies)
            before = len(self._applies)
            self.play_bots(join=True)                  # the bots' answer joins this undo step
            if not self.busy:
                for _, _, _, evs in self._applies[before:]:
                    events.extend(evs)
        self.refresh()
        return events

    def _ui_act(self, actions: Sequence[Action | str]) -> list:
        """What the table's buttons and board call: refuses a bot's decision, asks twice
        before a dangerous action, then :meth:`act`."""
        if self.busy:
            raise IllegalActionError("Bots", "the bots are playing; wait for your turn, or press Stop bots")
        seat = self.game.current_player
        if seat in self.bots:
            raise IllegalActionError("Bots", f"Player {seat + 1} is played by a bot: press Let bots play or Bot "
                                             "step, or make that seat human")
        actions = [Action.parse(a) for a in actions]
        self._confirm.check(self.game.state, actions)
        return self.act(actions)

    def undo(self) -> None:
        """Take back the last undo step (a human action and the bot/chance actions after it)."""
        if self.busy:
            self.messages.show("The bots are playing: press Stop bots first.", "info")
            return
        if not self._groups:
            self.messages.show("There is nothing to undo.", "info")
            return
        n = self._groups.pop()
        for _ in range(n):
            self.game.undo()
        del self._applies[len(self._applies) - n:]
        for seat in list(self._since):
            self._since[seat] = min(self._since[seat], len(self._applies))
        self.waited_text = ""
        self.coach.show_waited("")
        self.messages.show(f"Took back {n} action{'s' if n != 1 else ''}.", "info")
        self.refresh()

    def save(self, name: str | None = None) -> Any:
        """Save the record as ``<name>.wwr.json`` in the records folder (or prepare its download)."""
        if name is not None:
            self.save_field.name.value = name
        return self.save_field.save()

    @guarded()
    def _undo_clicked(self) -> None:
        self.undo()

    @guarded()
    def _bots_clicked(self) -> None:
        if self.busy:
            self.stop_bots()
            self.messages.show("Stopping the bots after this action.", "info")
            return
        if not self.bots:
            self.messages.show("No seat is played by a bot; choose one above.", "info")
            return
        if not self._bot_decides():
            self.messages.show("A human decides now: " + view.coach(self.game.state, self.names).text, "info")
            return
        self.play_bots()
        self.refresh()

    @guarded()
    def _step_clicked(self) -> None:
        seat = self.game.current_player
        if self.busy:
            return
        if seat not in self.bots:
            self.messages.show(f"Player {seat + 1} is human: it is their decision." if seat >= 0
                               else "Nobody can act now.", "info")
            return
        self._begin_group()
        try:
            self._bot_step()
        finally:
            self._end_group()
        self._bots_done()
        self.refresh()

    # ------------------------------------------------------------------ drawing
    @property
    def event_lines(self) -> list[str]:
        """Every line of the event log, oldest first."""
        groups = log_by_turn(((t, w, e) for t, w, _, e in self._applies), self.names)
        return [line for g in reversed(groups) for line in g["lines"]]

    def _log_html(self) -> str:
        groups = log_by_turn(((t, w, e) for t, w, _, e in self._applies), self.names)[:LOG_TURNS]
        if not groups:
            return "<i>nothing yet</i>"
        parts = []
        for g in groups:
            lines = "".join(f"<li>{esc(line)}</li>" for line in g["lines"]) or "<li><i>no action yet</i></li>"
            parts.append(f'<div class="ww-log-turn"><div style="font-weight:bold;margin-top:4px">{esc(g["title"])}'
                         f'</div><ol style="margin:0;padding-left:1.6em">{lines}</ol></div>')
        return (f'<div class="ww-events" aria-live="polite" style="font-size:12px;max-height:16em;overflow:auto;'
                f'border:1px solid #DDD;padding:2px 6px">{"".join(parts)}</div>')

    def refresh(self) -> None:
        """Redraw every part from the game (in place)."""
        s = self.game.state
        who = self.game.current_player
        bot_turn = who in self.bots
        note = ""
        if self.busy:
            note = f"The bots are playing (pause {self.pause.value:.1f} s): Player {s.current + 1}'s turn."
        elif bot_turn and not s.over:
            note = f"Player {who + 1} is a bot: press Let bots play (or Bot step)."
        with self.hold_sync():
            self.board.refresh()
            self.coach.refresh(note)
            self.battle.refresh()
            self.actions.refresh()
            self.turn_bar.refresh()
            if bot_turn or self.busy:
                for b in self.turn_bar.buttons.values():
                    b.disabled = True
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
            self.undo_button.disabled = self.busy or not self._groups
            self.step_button.disabled = self.busy or not bot_turn
            if self.busy:
                self.bots_button.description, self.bots_button.icon = "Stop bots", "stop"
            else:
                self.bots_button.description, self.bots_button.icon = "Let bots play", "play"
            self.bots_button.disabled = not self.bots
            scores = " · ".join(f"{swatch(sh.colour, f'P{i + 1} {sh.notoriety}')}" for i, sh in enumerate(s.ships))
            over = (f' <span style="background:#E3F4E8;padding:0 6px">{esc(s.result or "The game is over.")}</span>'
                    if s.over else "")
            self.title.value = (f'<div style="font-size:15px;font-weight:bold;margin-right:10px">Windward — round '
                                f'{s.round}, wind {s.wind} · notoriety {scores}{over}</div>')
            self.event_log.value = self._log_html()
            bots = "".join(f"<li>{esc(line)}</li>" for line in self.bot_lines[:120])
            self.bot_log.value = (f'<details style="font-size:12px"><summary>Bot actions, newest first '
                                  f'({len(self.bot_lines)})</summary><ul class="ww-bots" style="max-height:12em;'
                                  f'overflow:auto;margin:0">{bots}</ul></details>') if self.bot_lines else ""
            self.summary.value = ("<details><summary>Text summary (for screen readers and printing)</summary>"
                                  f'<pre style="font-size:12px;white-space:pre-wrap">{esc(view.text_summary(s))}'
                                  "</pre></details>")

    def text_summary(self) -> str:
        return view.text_summary(self.game.state)

