"""Every seat's score over a game, as a bqplot line chart with a cursor (any game).

>>> import numpy as np
>>> c = ScoreChart(np.array([[0, 0], [1, 0], [1, 2]]), names=["P1", "P2"], colours=["blue", "orange"], goal=3)
>>> c.set_cursor(2); [float(x) for x in c.cursor_mark.x]
[2.0, 2.0]
"""

from __future__ import annotations

from typing import Any
from collections.abc import Sequence

import bqplot as bq
import ipywidgets as widgets
import numpy as np

from .colours import colour_of

__all__ = ["ScoreChart"]


class ScoreChart(bq.Figure):
    """``scores`` (shape plies+1 x seats) as one line per seat, a dashed cursor at a ply and,
    optionally, a dotted ``goal`` line. Marks are built once; :meth:`set_cursor` and
    :meth:`set_scores` update them in place."""

    def __init__(self, scores: Any, *, names: Sequence[str], colours: Sequence[str], goal: float | None = None,
                 score_name: str = "score", width: int = 520, height: int = 300, **kwargs: Any):
        data = np.asarray(scores, dtype=float).reshape(len(scores), -1) if len(scores) else np.zeros((1, len(names)))
        n = data.shape[0] - 1
        top = float(max(data.max() if data.size else 0, goal or 0, 1))
        self.x_scale = bq.LinearScale(min=0, max=max(n, 1))
        self.y_scale = bq.LinearScale(min=0, max=top * 1.07 + 1)
        sc = {"x": self.x_scale, "y": self.y_scale}
        self.lines_mark = bq.Lines(x=np.arange(n + 1), y=data.T, scales=sc,
                                   colors=[colour_of(c) for c in colours], labels=list(names),
                                   display_legend=True, stroke_width=2.5, line_style="solid", marker=None)
        self.cursor_mark = bq.Lines(x=np.array([0.0, 0.0]), y=np.array([0.0, self.y_scale.max]), scales=sc,
                                    colors=["#EE3377"], stroke_width=1.5, line_style="dashed")
        marks = [self.lines_mark]
        self.goal_mark = None
        if goal is not None:
            self.goal_mark = bq.Lines(x=np.array([0.0, float(max(n, 1))]), y=np.array([goal, goal], dtype=float),
                                      scales=sc, colors=["#777777"], line_style="dotted", labels=["goal"])
            marks.append(self.goal_mark)
        marks.append(self.cursor_mark)
        super().__init__(marks=marks, title=f"{score_name.capitalize()} over time",
                         axes=[bq.Axis(scale=self.x_scale, label="ply"),
                               bq.Axis(scale=self.y_scale, side="left", label=score_name)],
                         legend_location="top-left", animation_duration=0,
                         fig_margin={"top": 50, "bottom": 45, "left": 55, "right": 15},
                         layout=widgets.Layout(width=f"{width}px", height=f"{height}px"), **kwargs)
        self.add_class("ww-score-chart")

    def set_cursor(self, ply: int) -> None:
        x = np.array([float(ply), float(ply)])
        if not np.array_equal(np.asarray(self.cursor_mark.x), x):
            self.cursor_mark.x = x

    def set_scores(self, scores: Any) -> None:
        data = np.asarray(scores, dtype=float)
        with self.lines_mark.hold_sync():
            self.lines_mark.x = np.arange(data.shape[0])
            self.lines_mark.y = data.T
