"""The play table shell: any game of the family in one cell, driven by its view.

Seats (a person or a bot), the board (when the game has one), the coach line,
the buttons for the common acts, the actions list, watchable bots, undo, a bot
step, saving, the event log by turn and the while-you-waited summary. Every
word and every rule comes from the game's :class:`~windward_nb.core.view.GameView`;
a game adds its own panels by subclassing (:meth:`PlayTable.make_board`,
:meth:`PlayTable.make_panels`, :meth:`PlayTable.refresh_panels`).

>>> import sys, pathlib; sys.path.insert(0, str(pathlib.Path(__file__).parents[3] / "tests" / "core"))
>>> import dicerace, dicerace_view
>>> t = PlayTable(dicerace.new_game(players=2, seed=4), view=dicerace_view.VIEW, bots={1: "random"},
...               bot_pause=0)
>>> t.coach.text
'Player 1, bid one of your cards face down (2 or 4); the highest single bid also rolls the die.'
>>> _ = t.act(["bid 4"])                      # the bot bids too; the round goes on
>>> t.game.current_player, t.waited_text.startswith("While you waited:")
(0, True)
>>> t.undo(); t.game.state.round
1
"""

from __future__ import annotations

import asyncio
import os
import sys
from typing import Any
from collections.abc import Iterable, Mapping, Sequence

import ipywidgets as widgets

from windward_nb.core.view import GameView, LogEntry, view_for

from .actions_panel import ActionsPanel
from .hint_panel import HintPanel
from .html import esc, swatch
from .messages import Confirmer, MessageArea, guarded
from .save_field import DEFAULT_RECORDS_DIR, SaveField
from .turn import CoachPanel, TurnBar
from .view_board import GameViewBoard

__all__ = ["PlayTable", "in_jupyter_kernel", "bot_name", "LOG_LINES", "LOG_TURNS"]

LOG_LINES = 300
LOG_TURNS = 40      # turns shown in the event log (all are kept)
#: widths (px) of the table's columns: the board shrinks to BOARD_MIN, the controls to CONTROLS_MIN,
#: side by side down to about BOARD_MIN + CONTROLS_MIN; narrower, the controls go under the board
BOARD_MIN, CONTROLS_MIN = 300, 256


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


def bot_name(bot: Any) -> str:
    """``"random"``, ``"greedy"`` or the bot's own name."""
    name = str(getattr(bot, "name", None) or type(bot).__name__)
    return name[:-3].lower() if name.endswith("Bot") else name


class PlayTable(widgets.VBox):
    """Play ``game`` hot-seat in one notebook cell (also works as a Voila app).

    ``view`` is the game's :class:`~windward_nb.core.view.GameView` (found from the game
    when not given). ``bots`` maps seats (0-based) to a bot name of the game (``"random"``
    ...), a bot object, or ``"human"``. Bot seats play one turn at a time (as the view's
    ``turn_key`` tells turns apart), pausing ``bot_pause`` seconds between turns
    (adjustable on the table; 0 = at once) with the board redrawn as they go; in a Jupyter
    kernel this runs in the background, so the notebook stays responsive
    (``background=True`` does it on any running event loop, ``False`` never; outside a
    kernel the bots play at once). When control returns to a person the table says what
    happened to them while they waited. *Undo* takes back the last human action together
    with the bot and chance actions that followed it.

    The board (``board_width`` px at most, the largest thing on the table) and the
    controls stand side by side wherever the table gets about 560 px, the board shrinking
    with the page; narrower, the controls go under the board.

    Records are saved as ``<name><suffix>`` inside ``records_dir`` only (the widget cannot
    choose another folder); with ``server_writes=False`` -- the default under Voila -- the
    table offers the record as a download and writes nothing on the server.

    The *Hint* button (:class:`~windward_widgets.base.hint_panel.HintPanel`) shows the best few
    actions for the person who decides, searched for ``hint_seconds`` (adjustable on the
    table) or for ``hint_iterations`` games when given (reproducible with the table's seed).
    """

    def __init__(self, game, *, view: GameView | None = None, bots: Mapping[int, Any] | None = None,
                 seed: int | None = None, board_width: int = 508, max_bot_actions: int = 3000,
                 records_dir: str | os.PathLike = DEFAULT_RECORDS_DIR, record_name: str = "my-game",
                 server_writes: bool | None = None, bot_pause: float = 0.8, background: bool | None = None,
                 names: Sequence[str] | None = None, hint_seconds: float = 1.0, hint_iterations: int | None = None,
                 **kwargs: Any):
        self.game = game
        self.view = view or view_for(game)
        n = self.view.players(game.state)
        self.names = list(names) if names else None
        self.max_bot_actions = max_bot_actions
        self.board_width = board_width
        self.bots: dict[int, Any] = {}
        record_seed = getattr(getattr(game, "record", None), "seed", None)
        self._bot_seed = (seed if seed is not None else (record_seed or 0)) + 1000
        self.bot_lines: list[str] = []
        self._applies: list[tuple[Any, str, int, list]] = [(None, "", -1, list(getattr(game, "last_events", [])))]
        self._groups: list[int] = []          # applies per undo step
        self._since: dict[int, int] = {}      # seat -> len(_applies) after that human's last action
        self._confirm = Confirmer(self.view.danger)
        self.background = background          # None: in a Jupyter kernel; True: on any running loop
        self.busy = False                     # bots are playing in the background
        self._stop = False
        self.bot_task: asyncio.Task | None = None
        self.waited_text = ""
        self.messages = MessageArea()

        act = self._ui_act
        self.board = self.make_board(act, board_width)
        if self.board is not None:
            self.board.message_sink = self.messages
            self.board.message.layout.display = "none"     # messages go to the table's own line
        self.coach = CoachPanel(game, self.names, view=self.view)
        self.turn_bar = TurnBar(game, act=act, messages=self.messages, view=self.view)
        self.actions = self.make_actions_panel(act)
        self.actions.prompt.layout.display = "none"            # the coach says it
        self.hint_panel = HintPanel(self, seconds=hint_seconds, iterations=hint_iterations)
        panels = self.make_panels(act)
        self.seat_pickers = []
        kinds = [("human", "human")] + [(f"{k} bot", k) for k in self.view.bot_table(game.state)]
        self._bot_kinds = [k for _, k in kinds]
        for seat in range(n):
            dd = widgets.Dropdown(options=kinds, value="human", description=f"P{seat + 1}:",
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
                                         style={"description_width": "auto"}, layout=widgets.Layout(width="16em"))
        self.pause.add_class("ww-bot-pause")
        self.save_field = SaveField(lambda: self.game.record, records_dir=records_dir, name=record_name,
                                    server_writes=server_writes, report=self.messages.show,
                                    suffix=self.view.record_suffix(game.record))
        self.event_log = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.event_log.add_class("ww-event-log")
        self.bot_log = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.bot_log.add_class("ww-bot-log")
        self.summary = widgets.HTML()
        self.summary.add_class("ww-text-summary")
        self.title = widgets.HTML()

        # the header: the title on a line of its own, then the seats and the bot tools, each group kept whole
        # (a group that does not fit goes to the next line as one, never a seat picker alone)
        self.title.add_class("ww-table-title")
        seats = widgets.HBox(self.seat_pickers, layout=widgets.Layout(flex_flow="row wrap", align_items="center",
                                                                      margin="0 14px 0 0"))
        seats.add_class("ww-seats")
        tools = widgets.HBox([self.undo_button, self.bots_button, self.step_button, self.pause],
                             layout=widgets.Layout(flex_flow="row nowrap", align_items="center"))
        tools.add_class("ww-table-tools")
        toolbar = widgets.HBox([seats, tools], layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        toolbar.add_class("ww-toolbar")
        top = widgets.VBox([self.title, toolbar])
        top.add_class("ww-table-header")
        right = widgets.VBox([self.coach, self.messages, self.hint_panel, self.actions.quick_box, *panels.get("top", []),
                              self.turn_bar, *panels.get("middle", []), self.actions, *panels.get("bottom", [])],
                             layout=self.controls_layout())
        right.add_class("ww-controls")
        self.controls = right
        if self.board is not None:
            least = min(self.board_min_width(board_width), board_width)
            self.board.layout.flex = f"4 1 {least}px"         # grows first, up to its full width
            self.board.layout.min_width = f"{least}px"
            self.board.layout.max_width = f"{board_width}px"
            self.board.add_class("ww-table-board")
        self.main = widgets.HBox([self.board, right] if self.board is not None else [right],
                                 layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start",
                                                       width="100%"))
        self.main.add_class("ww-table-main")
        logs = widgets.VBox([widgets.HTML("<b>What happened</b> (newest turn first, in order within a turn)"),
                             self.event_log, self.bot_log], layout=widgets.Layout(width="100%", max_width="1100px"))
        super().__init__(children=[top, self.main, self.save_field, logs, self.summary], **kwargs)
        self.add_class("ww-play-table")
        for seat, spec in (bots or {}).items():
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
                raise ValueError(f"bots: seat {seat!r} does not exist in a {n}-player game (seats are 0-{n - 1})")
            self.set_bot(seat, spec, run=False)
        if self.bots and len(self.bots) < n:
            self._begin_group()
            self.run_bots()
            self._end_group()
            self._bots_done()
        self.refresh()

    # ------------------------------------------------------------------ parts a game may change
    def make_board(self, act, width: int) -> Any:
        """The board widget (``None``: the game has no board). It needs ``refresh()``,
        ``message``, ``message_sink`` and ``clear_message()`` (a :class:`SpacesBoard` has them)."""
        if self.view.board(self.game.state) is None:
            return None
        board = GameViewBoard(self.game, self.view, act=act, width=width)
        board.caption.layout.display = "none"      # the coach says who decides what
        return board

    def make_actions_panel(self, act) -> ActionsPanel:
        return ActionsPanel(self.game, act=act, messages=self.messages, quick_in_panel=False, view=self.view)

    def make_panels(self, act) -> dict[str, list[widgets.Widget]]:
        """The game's own panels for the controls column: ``{"top": [...]}`` under the quick
        choices, ``"middle"`` under the turn buttons, ``"bottom"`` under the actions list."""
        return {}

    def refresh_panels(self, who: int, locked: bool) -> None:
        """Redraw the game's own panels (inside the table's hold); ``locked``: bots decide."""

    def board_min_width(self, board_width: int) -> int:
        """How narrow the board may get beside the controls (:data:`BOARD_MIN`); narrower than that
        plus :data:`CONTROLS_MIN`, the controls go under the board, which keeps its width. A game
        whose board holds words returns more, so that they stay legible."""
        return BOARD_MIN

    def controls_layout(self) -> widgets.Layout:
        """The controls column: beside the board down to :data:`CONTROLS_MIN` px, never wider than
        the board's widest."""
        return widgets.Layout(flex=f"1 1 {CONTROLS_MIN}px", min_width=f"{CONTROLS_MIN}px",
                              max_width=f"{max(CONTROLS_MIN, self.board_width - 8)}px", margin="0 0 0 6px")

    # ------------------------------------------------------------------ seats and bots
    def set_bot(self, seat: int, spec: Any, run: bool = True) -> None:
        """Make ``seat`` a bot (a bot name of the game, an object) or a human (``"human"``/``None``)."""
        if isinstance(spec, str) and spec not in self._bot_kinds and spec.lower() != "human":
            raise ValueError(f"a seat is one of {', '.join(self._bot_kinds)} or a bot object, got {spec!r}")
        bot = None if spec is None or spec == "human" else self.view.make_bot(self.game.state, spec,
                                                                              self._bot_seed + seat)
        if bot is None:
            self.bots.pop(seat, None)
        else:
            self.bots[seat] = bot
        picker = self.seat_pickers[seat]
        value = spec if isinstance(spec, str) and spec in self._bot_kinds else ("human" if bot is None else None)
        if value and picker.value != value:
            self._quiet = True
            try:
                picker.value = value
            finally:
                self._quiet = False
        if run and len(self.bots) < self.view.players(self.game.state):
            self.play_bots()
        self.refresh()

    _quiet = False

    def _seat_changed(self, seat: int):
        def changed(change: dict) -> None:
            if self._quiet:
                return
            try:
                self.set_bot(seat, change["new"])
            except Exception as exc:  # noqa: BLE001
                self.messages.error(exc, "changing a seat")
        return changed

    def seat_name(self, seat: int) -> str:
        return self.view.seat_names(self.game.state, self.names)[seat]

    def _bot_decides(self) -> bool:
        seat = self.game.current_player
        return not self.game.is_over and seat >= 0 and seat in self.bots

    def _bot_step(self) -> list:
        s = self.game.state
        seat = self.game.current_player
        bot = self.bots[seat]
        action = self.view.bot_act(bot, s)
        text = self.view.public_action(s, action)          # a sealed choice stays secret
        events = self._apply(action, who=f"{bot_name(bot)} bot")
        self.bot_lines.insert(0, f"{self.seat_name(seat)} ({bot_name(bot)} bot): {text}")
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
        event loop), else in the background, one turn at a time (see :attr:`bot_task`).
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
                turn = self.view.turn_key(self.game.state)
                while steps < limit and self._bot_decides() and self.view.turn_key(self.game.state) == turn:
                    events = self._bot_step()
                    steps += 1
                    if self.board is not None and self.view.board_changed(events) and self.pause.value > 0:
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
            seat = next((i for i in range(self.view.players(self.game.state)) if i not in self.bots), -1)
        if seat < 0 or seat in self.bots:
            return
        start = self._since.get(seat, 0)
        later = self._applies[start:]
        if not any(who for _, who, _, _ in later):
            return
        events = [e for _, _, _, evs in later for e in evs]
        self.waited_text = self.view.summary_since(events, seat, self.names)
        self.coach.show_waited(self.waited_text)

    # ------------------------------------------------------------------ acting
    def _apply(self, action: Any, who: str = "") -> list:
        ply = len(self.game.record.actions) + 1
        seat = self.game.current_player
        events = self.game.apply(action)
        self._applies.append((ply, who, seat, list(events)))
        if self._groups:
            self._groups[-1] += 1
        return events

    def _begin_group(self) -> None:
        """Start an undo step: every action applied from now on counts in it."""
        self._groups.append(0)

    def _end_group(self) -> None:
        while self._groups and self._groups[-1] == 0:
            self._groups.pop()

    def _refuse_while_busy(self) -> None:
        if self.busy:
            raise self.view.error("Bots", "the bots are playing; wait for your turn, or press Stop bots")

    def act(self, actions: Iterable[Any]) -> list:
        """Apply a human's actions, then let the bots answer, and redraw everything.

        An illegal action raises the game's refusal (the widget that asked shows the
        reason) and changes nothing. No confirmation is asked here: the table's buttons
        ask twice before a dangerous action (:meth:`_ui_act`). With the bots in the
        background the returned events are the human's only.
        """
        self._refuse_while_busy()
        actions = [self.view.parse(self.game.state, a) for a in actions]
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
            if self.board is not None:
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

    def _ui_act(self, actions: Sequence[Any]) -> list:
        """What the table's buttons and board call: refuses a bot's decision, asks twice
        before a dangerous action, then :meth:`act`."""
        self._refuse_while_busy()
        seat = self.game.current_player
        if seat in self.bots:
            raise self.view.error("Bots", f"{self.seat_name(seat)} is played by a bot: press Let bots play or "
                                          "Bot step, or make that seat human")
        actions = [self.view.parse(self.game.state, a) for a in actions]
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
        """Save the record as ``<name><suffix>`` in the records folder (or prepare its download)."""
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
            self.messages.show("A human decides now: " + self.view.coach(self.game.state, self.names).text, "info")
            return
        self.play_bots()
        self.refresh()

    @guarded()
    def _step_clicked(self) -> None:
        seat = self.game.current_player
        if self.busy:
            return
        if seat not in self.bots:
            self.messages.show(f"{self.seat_name(seat)} is human: it is their decision." if seat >= 0
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
    def _log_groups(self) -> list[dict[str, Any]]:
        entries = (LogEntry(t, w, seat, tuple(e)) for t, w, seat, e in self._applies)
        return self.view.event_groups(entries, self.names)

    @property
    def event_lines(self) -> list[str]:
        """Every line of the event log, oldest first."""
        return [line for g in reversed(self._log_groups()) for line in g["lines"]]

    def _log_html(self) -> str:
        groups = self._log_groups()[:LOG_TURNS]
        if not groups:
            return "<i>nothing yet</i>"
        parts = []
        for g in groups:
            lines = "".join(f"<li>{esc(line)}</li>" for line in g["lines"]) or "<li><i>no action yet</i></li>"
            # each line starts with its ply number already: a plain list, or the browser numbers it twice
            parts.append(f'<div class="ww-log-turn"><div style="font-weight:bold;margin-top:4px">{esc(g["title"])}'
                         f'</div><ul class="ww-log-lines" style="margin:0;padding-left:0.6em;list-style:none">'
                         f'{lines}</ul></div>')
        return (f'<div class="ww-events" aria-live="polite" style="font-size:12px;max-height:16em;overflow:auto;'
                f'border:1px solid #DDD;padding:2px 6px">{"".join(parts)}</div>')

    def title_html(self) -> str:
        """The title line: the game, where it stands, every seat's score, the result."""
        s = self.game.state
        v = self.view
        colours = v.seat_colours(s)
        names = [f"P{i + 1}" for i in range(v.players(s))]
        scores = " · ".join(swatch(c, f"{n} {x:g}") for c, n, x in zip(colours, names, v.scores(s)))
        outcome = v.outcome(s)
        over = f' <span style="background:#E3F4E8;padding:0 6px">{esc(outcome)}</span>' if outcome else ""
        return (f'<div style="font-size:15px;font-weight:bold;margin-right:10px">{esc(v.status(s))} · '
                f"{esc(v.score_name)} {scores}{over}</div>")

    def busy_note(self) -> str:
        """What the coach says above its line while bots decide."""
        who = self.game.current_player
        if self.busy:
            return (f"The bots are playing (pause {self.pause.value:.1f} s): "
                    f"{self.seat_name(who) if who >= 0 else 'chance'} decides.")
        if who in self.bots and not self.game.is_over:
            return f"{self.seat_name(who)} is a bot: press Let bots play (or Bot step)."
        return ""

    def refresh(self) -> None:
        """Redraw every part from the game (in place)."""
        who = self.game.current_player
        locked = who in self.bots or self.busy
        with self.hold_sync():
            if self.board is not None:
                self.board.refresh()
            self.coach.refresh(self.busy_note())
            self.actions.refresh()
            self.turn_bar.refresh()
            if locked:
                for b in self.turn_bar.buttons.values():
                    b.disabled = True
            self.refresh_panels(who, locked)
            self.hint_panel.refresh(locked)
            self.undo_button.disabled = self.busy or not self._groups
            self.step_button.disabled = self.busy or who not in self.bots
            if self.busy:
                self.bots_button.description, self.bots_button.icon = "Stop bots", "stop"
            else:
                self.bots_button.description, self.bots_button.icon = "Let bots play", "play"
            self.bots_button.disabled = not self.bots
            title = self.title_html()
            if self.title.value != title:
                self.title.value = title
            log = self._log_html()
            if self.event_log.value != log:
                self.event_log.value = log
            bots = "".join(f"<li>{esc(line)}</li>" for line in self.bot_lines[:120])
            bot_log = (f'<details style="font-size:12px"><summary>Bot actions, newest first '
                       f'({len(self.bot_lines)})</summary><ul class="ww-bots" style="max-height:12em;'
                       f'overflow:auto;margin:0">{bots}</ul></details>') if self.bot_lines else ""
            if self.bot_log.value != bot_log:
                self.bot_log.value = bot_log
            summary = ("<details><summary>Text summary (for screen readers and printing)</summary>"
                       f'<pre style="font-size:12px;white-space:pre-wrap">{esc(self.text_summary())}'
                       "</pre></details>")
            if self.summary.value != summary:
                self.summary.value = summary

    def text_summary(self) -> str:
        return self.view.text_summary(self.game.state, self.names)
