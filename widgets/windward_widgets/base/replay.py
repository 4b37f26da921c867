"""A recorded game on its board, ply by ply, for any game: a slider, play/pause, step buttons,
what happened at each ply in words, its comment, every seat's score over time, and the analysis
board (:class:`~windward_widgets.base.analysis_panel.AnalysisPanel`: the win-chance graph, the
turning points and *Analyse from here*).

The board is the game's view board (when it has one) redrawn in place at each
ply; the spaces where something happened are highlighted.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from windward_nb.core.view import GameView, view_for

from .analysis_panel import AnalysisPanel
from .html import esc
from .messages import MessageArea, guarded
from .score_chart import ScoreChart
from .spaces_board import SpacesBoard, held

__all__ = ["ReplayViewer"]


class ReplayViewer(widgets.VBox):
    """A recorded game (see the module docstring). ``record`` is the game's record; ``view``
    its :class:`~windward_nb.core.view.GameView` (found from the record's game when not given).
    ``analysis``: an :class:`~windward_nb.core.analysis.Analysis` of the record, ``"quick"`` or
    ``"deep"`` to analyse it now, or ``None`` (the one saved in the record, else an *Analyse*
    button); ``analysis_options`` go to :func:`~windward_nb.core.analysis.analyse`."""

    def __init__(self, record, *, view: GameView | None = None, interval: int = 500, board_width: int = 520,
                 analysis: Any = None, analysis_options: dict[str, Any] | None = None, **kwargs: Any):
        self.record = record
        self.cursor = self.make_cursor(record, view)
        self.view = view or view_for(self.cursor.seek(0).state)
        n = len(self.cursor)
        start = self.cursor.seek(0).state
        self.messages = MessageArea()
        self.board = self.make_board(start, board_width)
        self.ply = widgets.IntSlider(value=0, min=0, max=n, description="Ply:", continuous_update=False,
                                     layout=widgets.Layout(width="420px"))
        self.play = widgets.Play(value=0, min=0, max=n, step=1, interval=interval, description="play / pause",
                                 show_repeat=False)
        # the slider leads: its value is copied to the Play button when the page renders
        widgets.jslink((self.ply, "value"), (self.play, "value"))
        self.buttons = {}
        for key, icon, tip in (("start", "fast-backward", "first ply"), ("back", "step-backward", "one ply back"),
                               ("forward", "step-forward", "one ply forward"), ("end", "fast-forward", "last ply")):
            b = widgets.Button(icon=icon, tooltip=tip, layout=widgets.Layout(width="3em"))
            b.on_click(self._stepper(key))
            self.buttons[key] = b
        self.narration = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.narration.add_class("ww-narration")
        self.summary = widgets.HTML()
        names = [f"P{i + 1}" + (f" {c}" if not str(c).startswith("#") else "")
                 for i, c in enumerate(self.view.seat_colours(start))]
        self.chart = ScoreChart(self.view.score_series(self.cursor), names=names,
                                colours=self.view.seat_colours(start), goal=self.goal(start),
                                score_name=self.view.score_name)
        self.ply.observe(self._on_ply, names="value")
        controls = widgets.HBox([self.play, self.buttons["start"], self.buttons["back"], self.ply,
                                 self.buttons["forward"], self.buttons["end"]], layout=widgets.Layout(flex_flow="row wrap"))
        side = widgets.VBox([self.narration, self.chart], layout=widgets.Layout(width="540px"))
        body = [self.board, side] if self.board is not None else [side]
        self.analysis_panel = AnalysisPanel(self, analysis, options=analysis_options)
        super().__init__(children=[controls, widgets.HBox(body, layout=widgets.Layout(flex_flow="row wrap")),
                                   self.messages, self.summary, self.analysis_panel], **kwargs)
        self.add_class("ww-replay")
        self.show(0)

    # ------------------------------------------------------------------ parts a game may change
    def make_cursor(self, record, view: GameView | None) -> Any:
        if view is not None:
            return view.replay_cursor(record)
        return record.cursor()

    def make_board(self, state, width: int) -> Any:
        b = self.view.board(state)
        if b is None:
            return None
        return SpacesBoard(b.spaces, links=b.links, width=width)

    def make_table(self, game, bots: dict[int, Any]) -> Any:
        """The live table *Analyse from here* opens on ``game`` (a copy) with ``bots`` seated
        (games give their own table)."""
        from .play_table import PlayTable

        return PlayTable(game, view=self.view, bots=bots, bot_pause=0.3)

    def goal(self, state) -> float | None:
        """A score line to draw on the chart (the winning score), or ``None``."""
        return None

    def draw_board(self, state, spots: list[int]) -> None:
        """Redraw the board at ``state`` with ``spots`` (spaces where something happened) marked."""
        b = self.view.board(state)
        self.board.update_spaces(b.spaces)
        self.board.update_pieces(list(b.pieces))
        self.board.highlight(spots, colours="#EE3377")

    # ------------------------------------------------------------------ navigation
    def _stepper(self, key: str):
        def step(_b: Any) -> None:
            target = {"start": 0, "back": self.ply.value - 1, "forward": self.ply.value + 1,
                      "end": self.ply.max}[key]
            self.ply.value = max(0, min(self.ply.max, target))
        return step

    def _on_ply(self, change: dict) -> None:
        if self.play.value != change["new"]:
            self.play.value = change["new"]
        self.show(change["new"])

    @guarded()
    def show(self, ply: int) -> None:
        """Show the position after ``ply`` actions (0 = the start)."""
        c = self.cursor.seek(int(ply))
        s = c.state
        events = c.events(ply) if ply else []
        spots: list[int] = []
        n = self.board.n if self.board is not None else 0
        for e in events:
            for key in ("to", "hex", "space"):
                h = e.data.get(key) if hasattr(e, "data") else None
                if isinstance(h, int) and 0 <= h < n and h not in spots:
                    spots.append(h)
        panel = getattr(self, "analysis_panel", None)
        parts = [w for w in (self.board, self.chart.cursor_mark, self.narration, self.summary) if w is not None]
        if panel is not None:
            parts += [panel.cursor_mark, panel.line]
        with held(*parts):
            if self.board is not None:
                self.draw_board(s, spots)
            self.chart.set_cursor(ply)
            if panel is not None:
                panel.set_ply(ply)
            self.narration.value = self._narration_html(ply, s, events)
            self.summary.value = ("<details><summary>Text summary of this position</summary>"
                                  f'<pre style="font-size:12px;white-space:pre-wrap">{esc(self.view.text_summary(s))}'
                                  "</pre></details>")

    def headline(self, ply: int, state) -> str:
        """The narration's first line (HTML): the ply and where the game stands."""
        return f"<b>Ply {ply} of {len(self.cursor)}</b> · {esc(self.view.status(state))}"

    def _narration_html(self, ply: int, s, events) -> str:
        head = self.headline(ply, s)
        if ply == 0:
            body = "<p>The start of the game.</p>"
        else:
            actor = self.cursor.actor(ply)
            who = "Chance" if actor is None or actor < 0 else self.view.seat_names(s)[actor]
            before = self.cursor.state_at(ply - 1)        # a sealed choice shows as the view makes it public
            shown = self.view.public_action(before, self.view.parse(before, self.record.actions[ply - 1]))
            lines = "".join(f"<li>{esc(e.text)}</li>" for e in events) or "<li>(nothing visible happened)</li>"
            body = (f"<p><b>{esc(who)}</b>: {esc(shown)}</p>"
                    f'<ul style="margin:0;padding-left:1.2em">{lines}</ul>')
        comment = self.cursor.comment(ply)
        if comment:
            body += (f'<blockquote class="ww-comment" style="border-left:4px solid #4477AA;margin:4px 0;'
                     f'padding:2px 8px;background:#EEF3FA"><b>Note:</b> {esc(comment)}</blockquote>')
        scores = " · ".join(f"P{i + 1} {x:g}" for i, x in enumerate(self.view.scores(s)))
        return (f'<div style="font-size:13px">{head}{body}<div style="font-size:12px;color:#333">'
                f"{esc(self.view.score_name.capitalize())}: {scores}</div></div>")

    # kept for readers of the chart's marks
    @property
    def cursor_mark(self):
        return self.chart.cursor_mark

    @property
    def scores_mark(self):
        return self.chart.lines_mark


