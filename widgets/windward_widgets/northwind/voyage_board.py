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
>>> [str(a) for a in g.actions], str(b.name_mark.text[3])       # under the first tile of the voyage
(['sail olsand', 'reveal'], 'salt 1')
>>> str(b.field_mark.text[10])                                   # in North Cape's first task field
'wine'
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

from windward_nb.northwind.view import FACE_DOWN, KIND_COLOURS, SEAT_COLOURS, VIEW, voyage_view
from windward_widgets.base import GameViewBoard, ReplayViewer, SpacesBoard
from windward_widgets.base.colours import text_colour
from windward_widgets.base.spaces_board import held, polygon, strings

from windward_widgets.base.html import esc, swatch

__all__ = ["VoyageBoard", "LabelledBoard", "NorthWindReplay", "task_table_html"]


class LabelledSpaces:
    """A spaces board that writes each space's ``label``: inside a ``field`` (a field of words, from
    its left end, after room for a token), under any other space (mixin for SpacesBoard). Texts
    keep their size (14 px and more at full width) whatever the board holds; a piece on a field
    stands at its left end, so that the words stay readable."""

    LABEL_PX = 13
    TEXT_SCALE = 1.0
    #: a field's words start this far (board units) right of its left end: room for a token
    FIELD_INDENT = 1.65

    def _label_places(self) -> tuple[np.ndarray, np.ndarray]:
        sizes = np.array([float(s.size) for s in self.spaces])
        inside = np.array([s.shape == "field" for s in self.spaces])
        x = np.where(inside, self.centres[:, 0] - sizes + self.FIELD_INDENT, self.centres[:, 0])
        y = np.where(inside, self.centres[:, 1] - 0.2, self.centres[:, 1] - sizes * 0.92 - 0.78)
        return x, y

    def _label_texts(self) -> tuple[list[str], list[str], list[str]]:
        """Words under spaces, words inside fields (one entry per space, "" elsewhere), the inside colours."""
        under = [s.label if s.shape != "field" else "" for s in self.spaces]
        inside = [s.label if s.shape == "field" else "" for s in self.spaces]
        inks = [text_colour(s.fill) for s in self.spaces]
        return under, inside, inks

    def _build_over(self) -> list[bq.Mark]:
        x, y = self._label_places()
        under, inside, inks = self._label_texts()
        font = self._font(self.LABEL_PX)
        self.name_mark = bq.Label(x=x, y=y, scales=self._scales, text=strings(under), colors=["#1B1B1B"],
                                  align="middle", default_size=font, font_weight="normal", interactions={})
        self.field_mark = bq.Label(x=x, y=y, scales=self._scales, text=strings(inside), colors=inks,
                                   align="start", default_size=font, font_weight="normal", interactions={})
        return [*super()._build_over(), self.name_mark, self.field_mark]

    def _special_places(self, pieces) -> dict[int, tuple[float, float]]:
        places = super()._special_places(pieces)
        for k, p in enumerate(pieces):
            sp = self.spaces[p["hex"]]
            if sp.shape == "field" and k not in places:
                cx, cy = self.centres[p["hex"]]
                places[k] = (cx - float(sp.size) + self.FIELD_INDENT * 0.45, cy)
        return places

    def update_spaces(self, spaces: Sequence[Any]) -> None:
        super().update_spaces(spaces)
        under, inside, inks = self._label_texts()
        with held(self.name_mark, self.field_mark):
            if list(self.name_mark.text) != under:
                self.name_mark.text = strings(under)
            if list(self.field_mark.text) != inside or list(self.field_mark.colors) != inks:
                self.field_mark.text = strings(inside)
                self.field_mark.colors = inks


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
        self.fig.marks = [self.pile_mark, *(m for m in self.fig.marks if m is not self.pile_mark)]
        self.legend.layout.display = "none"       # the spaces' own legend would list every task field
        self.kinds = widgets.HTML(self._kinds_html())
        self.kinds.add_class("nw-legend")
        self.children = (*self.children, self.kinds, self.voyage_line, self.task_table)
        self.add_class("nw-voyage-board")
        self.refresh()

    def _build_under(self) -> list[bq.Mark]:
        """Each stack drawn as a pile: two tiles' edges showing under the top one."""
        xs, ys = [], []
        for i in range(len(self.game.state.comp.destinations)):
            sp, (cx, cy) = self.spaces[i], self.centres[i]
            for k in (2, 1):
                px, py = polygon(sp.shape, cx + 0.22 * k, cy - 0.22 * k, float(sp.size), 13)
                xs.append(px)
                ys.append(py)
        self.pile_mark = bq.Lines(x=np.array(xs), y=np.array(ys), scales=self._scales, fill="inside",
                                  colors=["#000000"] * len(xs), fill_colors=[FACE_DOWN] * len(xs),
                                  fill_opacities=[1.0] * len(xs), stroke_width=1.0, interactions={})
        return [self.pile_mark, *super()._build_under()]

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
        return ('<div style="font-size:12px;line-height:1.5">' + "".join(items) + " · each harbour's tasks go bottom "
                "up, the outlined field is the one to do now; ★ ⚑ ☺ the bonus fields</div>")

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
