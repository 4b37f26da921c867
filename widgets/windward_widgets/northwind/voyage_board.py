"""The sea and the task board of North Wind on the play table shell.

:class:`VoyageBoard` is the shell's :class:`~windward_widgets.base.GameViewBoard`
drawing :meth:`NorthWindView.board <windward_nb.northwind.view.NorthWindView.board>`:
the three face-down stacks (click one to sail into it, or the one you sail to
reveal its next tile), the tiles revealed on this voyage, and the task board
with every captain's tokens and the bonus fields. Each space's name is written
under it, and the task board is also given as a table in words. Marks are
built once and updated in place.

>>> from windward_nb.northwind.scenario import scenario
>>> g = scenario(players=2, stacks={"olsand": ["salt-1", "wreck"]})
>>> b = VoyageBoard(g)
>>> b.click(2); b.click(2)                     # sail into Olsand, then reveal its top tile
>>> [str(a) for a in g.actions], str(b.name_mark.text[3])
(['sail olsand', 'reveal'], 'salt 1')
>>> b.click(0)                                 # not now: the engine says why, nothing changes
>>> b.message_text
'you are already on a voyage; one stack per turn [Trading Voyage]'
"""

from __future__ import annotations

from typing import Any
from collections.abc import Sequence

import bqplot as bq
import ipywidgets as widgets
import numpy as np

from windward_nb.northwind.view import KIND_COLOURS, SEAT_COLOURS, VIEW, voyage_view
from windward_widgets.base import GameViewBoard, ReplayViewer, SpacesBoard
from windward_widgets.base.spaces_board import held, strings

from windward_widgets.base.html import esc, swatch

__all__ = ["VoyageBoard", "LabelledBoard", "NorthWindReplay", "task_table_html"]


class LabelledSpaces:
    """A spaces board that writes each space's ``label`` under it (mixin for SpacesBoard)."""

    LABEL_PX = 10.5

    def _label_places(self) -> tuple[np.ndarray, np.ndarray]:
        sizes = np.array([float(s.size) for s in self.spaces])
        return self.centres[:, 0], self.centres[:, 1] - sizes - 0.42

    def _build_over(self) -> list[bq.Mark]:
        x, y = self._label_places()
        self.name_mark = bq.Label(x=x, y=y, scales=self._scales, text=strings([s.label for s in self.spaces]),
                                  colors=["#1B1B1B"], align="middle", default_size=self._font(self.LABEL_PX),
                                  interactions={})
        return [*super()._build_over(), self.name_mark]

    def update_spaces(self, spaces: Sequence[Any]) -> None:
        super().update_spaces(spaces)
        text = [s.label for s in self.spaces]
        if list(self.name_mark.text) != text:
            with held(self.name_mark):
                self.name_mark.text = strings(text)


class LabelledBoard(LabelledSpaces, SpacesBoard):
    """A :class:`~windward_widgets.base.SpacesBoard` with each space's name under it."""


def task_table_html(v: dict) -> str:
    """The task board in words: every field bottom up, the current ones outlined, the bonus fields."""
    cols = v["columns"]
    height = max(len(c["fields"]) for c in cols)
    head = "".join(f'<th scope="col" style="padding:2px 6px">{esc(c["title"])}</th>' for c in cols)
    rows = []
    for k in reversed(range(height)):  # the top field first: tasks go bottom up
        cells = []
        for c in cols:
            if k >= len(c["fields"]):
                cells.append("<td></td>")
                continue
            f = c["fields"][k]
            style = "padding:1px 6px;border:1px solid #BBB;font-size:12px;"
            if f["current"]:
                style += "border:2px solid #000;font-weight:bold;background:#FFF8D0;"
            who = ""
            if f["seat"] >= 0:
                who = " " + swatch(SEAT_COLOURS[f["seat"] % 4], f"P{f['seat'] + 1}")
                style += "background:#F2F2F2;"
            cells.append(f'<td style="{style}">{k + 1}. {esc(f["need"])}{who}</td>')
        rows.append("<tr>" + "".join(cells) + "</tr>")
    most = "".join(
        f'<td style="padding:1px 6px;font-size:12px">most tokens: '
        f'{swatch(SEAT_COLOURS[c["most"] % 4], "P" + str(c["most"] + 1)) if c["most"] >= 0 else "nobody"}</td>'
        for c in cols)

    def names(seats: list[int]) -> str:
        return ", ".join(swatch(SEAT_COLOURS[p % 4], f"P{p + 1}") for p in seats) or "nobody"

    bonus = (f'<div style="font-size:12px">Bonus fields: every harbour supplied: {names(v["supply_bonus"])}; '
             f'all crew aboard: {names(v["crew_bonus"])}</div>')
    return ('<details class="nw-tasks-words"><summary style="font-size:12px">The task board in words</summary>'
            '<table class="nw-tasks" style="border-collapse:collapse"><caption style="text-align:left;font-size:12px">'
            "Fields go bottom up; the outlined field of each harbour is its current task</caption>"
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}<tr>{most}</tr></tbody></table>{bonus}</details>")


class VoyageBoard(LabelledSpaces, GameViewBoard):
    """Stacks, revealed row and task board of ``game`` (see the module docstring). ``act``: a
    play table's own (so bots and logs follow a click); ``seat``: whose eyes the words show
    (the Lookout's tile only to its captain)."""

    def __init__(self, game, view=None, *, act=None, seat: int | None = None, width: int = 508, **kwargs: Any):
        self.seat = seat
        self.voyage_line = widgets.HTML()
        self.voyage_line.add_class("nw-voyage")
        self.task_table = widgets.HTML()
        self.task_table.add_class("nw-task-board")
        super().__init__(game, view or VIEW, act=act, width=width, **kwargs)
        self.legend.layout.display = "none"       # the spaces' own legend would list every task field
        self.kinds = widgets.HTML(self._kinds_html())
        self.kinds.add_class("nw-legend")
        self.children = (*self.children, self.kinds, self.voyage_line, self.task_table)
        self.add_class("nw-voyage-board")
        self.refresh()

    def refresh(self) -> None:
        super().refresh()
        if not hasattr(self, "task_table"):
            return
        v = voyage_view(self.game.state, self.seat)
        with held(self.voyage_line, self.task_table):
            line = self._voyage_html(v)
            if self.voyage_line.value != line:
                self.voyage_line.value = line
            table = task_table_html(v)
            if self.task_table.value != table:
                self.task_table.value = table

    def _kinds_html(self) -> str:
        """The sea tiles' glyphs and colours, each with its name."""
        items = [f'<span style="display:inline-block;margin-right:8px"><span style="display:inline-block;'
                 f'min-width:1.3em;text-align:center;background:{KIND_COLOURS[kind]};border:1px solid #555;'
                 f'border-radius:3px">{esc(glyph)}</span> {esc(name)}</span>'
                 for kind, (glyph, name) in zip(("destination", "harbour", "merchant", "equipment", "shipwreck", "fog"),
                                                self.view.board(self.game.state).legend)]
        return ('<div style="font-size:12px;line-height:1.5">' + "".join(items) + " · the numbers are the task fields, ★ ⚑ ☺ "
                "the bonus fields</div>")

    @staticmethod
    def _voyage_html(v: dict) -> str:
        if not v["row"] and v["phase"] not in ("prepare", "peek"):
            return ""
        text = f"Revealed {len(v['row'])} of {v['range']} tiles, {v['actions']} of 2 actions"
        if v["peek"]:
            text += f"; the Lookout's tile: {v['peek']}"
        seen = "; ".join(f"{t['title']}{' (used)' if t['used'] else ''}" for t in v["row"])
        return f'<div style="font-size:12px">{esc(text)}' + (f"<br>{esc(seen)}" if seen else "") + "</div>"


class NorthWindReplay(ReplayViewer):
    """The core :class:`~windward_widgets.base.ReplayViewer` with the North Wind board's names."""

    def make_board(self, state, width: int) -> Any:
        b = self.view.board(state)
        return LabelledBoard(b.spaces, links=b.links, width=width)

    def goal(self, state) -> float | None:
        return float(state.target_tokens)

    def make_table(self, game, bots: dict[int, Any]) -> Any:
        from windward_nb.core import registry  # the table shows this board: ask, do not import

        return registry.part_of(game, "table")(game, bots=bots, bot_pause=0.3)
