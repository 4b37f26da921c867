"""The analysis board inside the replay viewer, for any game: a win-chance graph (one line per
seat; click a point to jump to that ply; the current ply marked), the flagged plies as a list,
and *Analyse from here*: a live table at the ply shown, on a copy of the game.

The numbers come from :func:`windward_nb.core.analysis.analyse`; the panel only draws them.
Its marks are built once and updated in place.

>>> import sys, pathlib; sys.path.insert(0, str(pathlib.Path(__file__).parents[3] / "tests" / "core"))
>>> import dicerace, dicerace_view
>>> from windward_widgets.base import ReplayViewer
>>> g = dicerace.new_game(2, seed=3)
>>> while not g.is_over:
...     _ = g.apply(g.legal_actions()[0])
>>> v = ReplayViewer(g.record, view=dicerace_view.VIEW, analysis="quick", analysis_options={"playouts": 3})
>>> p = v.analysis_panel
>>> p.click_point(p.points.x.tolist().index(2))       # a point of ply 2 on the graph
>>> v.ply.value
2
>>> p.from_here()
>>> p.table.game.ply == 2, len(g.record.actions) > 2  # a copy at ply 2; the record is untouched
(True, True)
>>> p.back(); p.table is None
True
"""

from __future__ import annotations

from typing import Any
from collections.abc import Callable

import bqplot as bq
import ipywidgets as widgets
import numpy as np

from windward_nb.core import analysis as an

from .colours import colour_of
from .html import esc
from .messages import MessageArea, guarded
from .spaces_board import held

__all__ = ["AnalysisPanel", "CLASS_COLOURS"]

#: marks of the flagged plies on the graph
CLASS_COLOURS = {"inaccuracy": "#CCBB44", "mistake": "#EE7733", "blunder": "#CC3311", "lucky": "#228833",
                 "unlucky": "#AA3377"}


class AnalysisPanel(widgets.VBox):
    """The analysis of ``viewer``'s record (a :class:`~windward_widgets.base.ReplayViewer`).

    ``analysis`` is an :class:`~windward_nb.core.analysis.Analysis`, ``"quick"`` or ``"deep"``
    (analyse now), or ``None``: the one saved in the record if any, else an *Analyse* button.
    ``options`` go to :func:`~windward_nb.core.analysis.analyse` (``seed``, budgets).
    """

    def __init__(self, viewer: Any, analysis: Any = None, *, options: dict[str, Any] | None = None,
                 width: int = 540, height: int = 260, **kwargs: Any):
        self.viewer = viewer
        self.options = dict(options or {})
        self.analysis: an.Analysis | None = None
        self.table: Any = None
        self.messages = MessageArea()
        start = viewer.cursor.seek(0).state
        self.names = [str(n) for n in (viewer.record.names() if hasattr(viewer.record, "names")
                                       else viewer.view.seat_names(start))]
        self.colours = [colour_of(c) for c in viewer.view.seat_colours(start)]
        seats = len(self.names)
        self.x_scale = bq.LinearScale(min=0, max=max(len(viewer.cursor), 1))
        self.y_scale = bq.LinearScale(min=0, max=100)
        sc = {"x": self.x_scale, "y": self.y_scale}
        empty = _line_ys(np.zeros((seats, 1)))
        self.lines = bq.Lines(x=np.zeros(1), y=empty, scales=sc, colors=self.colours, labels=self.names,
                              display_legend=True, stroke_width=2.2, interactions={})
        self.points = bq.Scatter(x=np.zeros(0), y=np.zeros(0), scales=sc, colors=["#333333"], default_size=28,
                                 opacities=[0.0], stroke=None, interactions={"hover": "tooltip"},
                                 tooltip=bq.Tooltip(fields=["x", "y"], labels=["ply", "win %"]),
                                 hovered_style={"cursor": "pointer", "opacity": 0.6})
        self.points.on_element_click(self._on_point)
        self.flag_marks = bq.Scatter(x=np.zeros(0), y=np.zeros(0), scales=sc, colors=["#CC3311"], marker="diamond",
                                     default_size=48, stroke="#FFFFFF", interactions={})
        self.cursor_mark = bq.Lines(x=np.array([0.0, 0.0]), y=np.array([0.0, 100.0]), scales=sc, colors=["#EE3377"],
                                    stroke_width=1.5, line_style="dashed", interactions={})
        self.graph = bq.Figure(marks=[self.lines, self.flag_marks, self.points, self.cursor_mark],
                               axes=[bq.Axis(scale=self.x_scale, label="ply"),
                                     bq.Axis(scale=self.y_scale, side="left", label="win chance %")],
                               title="Win chance after each ply", legend_location="bottom-left",
                               animation_duration=0, fig_margin={"top": 40, "bottom": 40, "left": 50, "right": 10},
                               layout=widgets.Layout(width=f"{width}px", height=f"{height}px"))
        self.graph.add_class("ww-analysis-graph")
        self.line = widgets.HTML()
        self.line.add_class("ww-analysis-line")
        self.flagged = widgets.Select(options=[], rows=6, description="", layout=widgets.Layout(width=f"{width}px"))
        self.flagged.add_class("ww-analysis-flagged")
        self.flagged.observe(self._on_flag, names="value")
        self.depth = widgets.ToggleButtons(options=[("quick", "quick"), ("deep", "deep")], value="quick",
                                           tooltips=["every ply, in seconds", "then the coach looks again at "
                                                     "the flagged plies (a minute or two)"],
                                           style={"button_width": "5em"})
        self.run_button = widgets.Button(description="Analyse", icon="line-chart", button_style="primary",
                                         layout=widgets.Layout(width="auto"),
                                         tooltip="estimate every seat's win chance after every ply")
        self.run_button.add_class("ww-analyse-button")
        self.run_button.on_click(lambda _b: self.run(self.depth.value))
        self.progress = widgets.IntProgress(value=0, min=0, max=1, description="", layout=widgets.Layout(
            width="260px", display="none"))
        self.here_button = widgets.Button(description="Analyse from here", icon="play",
                                          layout=widgets.Layout(width="auto"),
                                          tooltip="a live table at this ply, on a copy of the game: play on "
                                                  "against bots or ask for hints")
        self.here_button.add_class("ww-from-here")
        self.here_button.on_click(lambda _b: self.from_here())
        self.branch = widgets.VBox()
        self.branch.add_class("ww-analysis-branch")
        hint = widgets.HTML('<div style="font-size:12px;color:#444">Click a point of the graph, or a turning point '
                            "below, to jump to that ply; the dashed line marks the ply shown.</div>")
        self.body = widgets.VBox([self.graph, hint, self.line, widgets.HTML("<b>Turning points</b>"), self.flagged])
        self.body.layout.display = "none"
        controls = widgets.HBox([self.depth, self.run_button, self.progress, self.here_button],
                                layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__(children=[controls, self.body, self.messages, self.branch], **kwargs)
        self.add_class("ww-analysis-panel")
        if isinstance(analysis, str):
            self.run(analysis)
        elif analysis is not None:
            self.set_analysis(analysis)
        elif getattr(viewer.record, "analysis", None) is not None:
            self.set_analysis(an.from_record(viewer.record))

    # ------------------------------------------------------------------ the analysis
    def run(self, depth: str = "quick") -> None:
        """Analyse the record (``"quick"`` or ``"deep"``) with a progress bar, then draw it."""
        self._run(depth)

    @guarded()
    def _run(self, depth: str) -> None:
        self.progress.layout.display = None
        self.progress.value = 0
        self.run_button.disabled = True

        def tick(done: int, total: int) -> None:
            if self.progress.max != total:
                self.progress.max = total
            self.progress.value = done
        try:
            result = an.analyse(self.viewer.record, depth=depth, on_ply=tick, **self.options)
        finally:
            self.run_button.disabled = False
            self.progress.layout.display = "none"
        self.set_analysis(result)

    def set_analysis(self, analysis: an.Analysis) -> None:
        """Draw ``analysis`` (of this record): the lines, the clickable points, the flagged plies."""
        if len(analysis.plies) != len(self.viewer.cursor) + 1:
            raise ValueError(f"the analysis covers {len(analysis.plies) - 1} plies, the record {len(self.viewer.cursor)}")
        self.analysis = analysis
        series = 100 * analysis.series()
        n, seats = series.shape
        plies = np.arange(n, dtype=float)
        flagged = analysis.flagged()
        with held(self.lines, self.points, self.flag_marks, self.x_scale):
            self.x_scale.max = float(max(n - 1, 1))
            self.lines.x = plies
            self.lines.y = _line_ys(series.T)
            self.points.x = np.tile(plies, seats)
            self.points.y = series.T.reshape(-1)
            self.flag_marks.x = np.array([float(p.ply) for p in flagged])
            self.flag_marks.y = np.array([_subject_win(p) for p in flagged])
            self.flag_marks.colors = [CLASS_COLOURS.get(p.klass, "#CC3311") for p in flagged] or ["#CC3311"]
        self.flagged.unobserve(self._on_flag, names="value")
        self.flagged.options = [(analysis.line(p), p.ply) for p in flagged] or [("nothing stood out", -1)]
        self.flagged.value = None
        self.flagged.observe(self._on_flag, names="value")
        self.run_button.description = "Analyse again"
        self.body.layout.display = None
        self.set_ply(self.viewer.ply.value)

    # ------------------------------------------------------------------ following the viewer
    def set_ply(self, ply: int) -> None:
        """Mark ``ply`` on the graph and say what the analysis found there (the viewer calls this)."""
        x = np.array([float(ply), float(ply)])
        if not np.array_equal(np.asarray(self.cursor_mark.x), x):
            self.cursor_mark.x = x
        a = self.analysis
        if a is None or not 0 <= ply < len(a.plies):
            self.line.value = ""
            return
        p = a.plies[ply]
        chances = " · ".join(f'<span style="color:{c}">■</span> {esc(n)} {esc(str(e))}'
                             for n, c, e in zip(self.names, self.colours, p.estimates))
        self.line.value = (f'<div style="font-size:13px"><b>After ply {ply}</b> ({esc(p.klass)}): {chances}'
                           f'<br>{esc(a.line(p))}</div>')

    def jump(self, ply: int) -> None:
        """Show ``ply`` in the viewer."""
        self.viewer.ply.value = max(0, min(self.viewer.ply.max, int(ply)))

    def click_point(self, index: int) -> None:
        """What a click on the graph's point number ``index`` does: jump to its ply."""
        self.jump(int(np.asarray(self.points.x)[index]))

    @guarded()
    def _on_point(self, _mark: Any, event: dict[str, Any]) -> None:
        self.click_point(int(event["data"]["index"]))

    @guarded()
    def _on_flag(self, change: dict[str, Any]) -> None:
        if change["new"] is not None and change["new"] >= 0:
            self.jump(change["new"])

    # ------------------------------------------------------------------ analyse from here
    @guarded()
    def from_here(self) -> None:
        """Open a live table at the ply shown, on a copy of the game (the record is not touched):
        the seat that decides there plays, bots play the others; *Back to the game* closes it."""
        self.back()
        ply = int(self.viewer.ply.value)
        game = self.viewer.record.replay(upto=ply, auto_chance=True)
        view = self.viewer.view
        seat = view.decider(game.state)
        if seat < 0:
            seat = next((self.viewer.cursor.actor(k) for k in range(ply, 0, -1) if self.viewer.cursor.actor(k) >= 0), 0)
        spec = an.rollout_spec(game.rules, game.state)
        bots = {s: spec for s in range(view.players(game.state)) if s != seat}
        self.table = self.viewer.make_table(game, bots)
        back = widgets.Button(description="Back to the game", icon="undo", tooltip="close this table",
                              layout=widgets.Layout(width="auto", flex="0 0 auto"))
        back.add_class("ww-back-to-game")
        back.on_click(lambda _b: self.back())
        note = widgets.HTML(f'<div style="font-size:13px"><b>Analysing from ply {ply}</b> on a copy of the game: '
                            f"you play {esc(self.names[seat])}, bots the others; the Hint button asks the coach. "
                            "The record is not changed.</div>")
        self.branch.children = [widgets.HBox([back, note]), self.table]

    def back(self) -> None:
        """Close the table opened by :meth:`from_here` (the replay stays where it was)."""
        old, self.table = self.table, None
        self.branch.children = []
        if old is not None:
            stop: Callable[[], Any] | None = getattr(old, "stop_bots", None)
            if stop is not None:
                try:
                    stop()
                except Exception:  # noqa: BLE001 - closing a table never fails the viewer
                    pass
            old.close()


def _subject_win(p: an.PlyAnalysis) -> float:
    seat = p.subject if p.subject is not None else p.actor
    return 100 * p.estimates[seat].win if 0 <= seat < len(p.estimates) else 50.0


def _line_ys(ys: np.ndarray) -> np.ndarray:
    """One row per seat for bqplot's Lines, which squeezes its arrays: a one-seat game (the Solo
    Adventure) gives its single line as a flat array, so a (1, 1) start does not collapse to a scalar."""
    return ys[0] if ys.shape[0] == 1 else ys

