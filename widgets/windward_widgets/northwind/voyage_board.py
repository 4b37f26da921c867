"""The sea and the task board of North Wind, live.

Three face-down stacks (click one to sail into it, or the stack you are
sailing to reveal the next tile), the row of tiles revealed on this voyage
(used ones marked), and the task board with every field, the current task of
each harbour and the bonus fields. The bqplot marks are built once and
updated in place inside ``hold_sync``.

>>> from windward_nb.northwind.scenario import scenario
>>> g = scenario(players=2, stacks={"olsand": ["salt-1", "wreck"]})
>>> b = VoyageBoard(g)
>>> b.click_stack(2); b.click_stack(2)         # sail into Olsand, then reveal its top tile
>>> [str(a) for a in g.actions], str(b.row_labels.text[0])
(['sail olsand', 'reveal'], 'salt 1')
>>> b.click_stack(0)                           # not now: the engine says why, nothing changes
>>> b.message_text
'you are already on a voyage; one stack per turn [Trading Voyage]'
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import bqplot as bq
import ipywidgets as widgets
import numpy as np

from windward_nb.northwind.view import SEAT_COLOURS, voyage_view

from ._html import esc, message_html, swatch

__all__ = ["VoyageBoard"]

ROW_SLOTS = 7
FACE_DOWN = "#1F3A5F"
EMPTY = "#FFFFFF"


class VoyageBoard(widgets.VBox):
    """Stacks, revealed row and task board of ``game``; ``act`` (optional) receives the actions a
    click asks for (a play table passes its own so bots and logs follow); ``seat`` is whose eyes
    the board shows (the Lookout's tile only to its captain)."""

    def __init__(self, game, *, act: Callable[[Sequence[Any]], Any] | None = None, seat: int | None = None,
                 width: int = 640, height: int = 250, **kwargs: Any):
        self.game = game
        self.seat = seat
        self._act = act
        self.message_text = ""
        self.view: dict[str, Any] = {}
        sx = bq.LinearScale(min=0.0, max=10.0)
        sy = bq.LinearScale(min=0.0, max=4.0)
        scales = {"x": sx, "y": sy}
        self.stack_x = [1.6, 5.0, 8.4]
        self.row_x = [0.75 + 1.42 * k for k in range(ROW_SLOTS)]
        self.stack_mark = bq.Scatter(x=self.stack_x, y=[3.0] * 3, marker="square", default_size=2600,
                                     colors=[FACE_DOWN] * 3, stroke="#000000", scales=scales,
                                     interactions={"click": "select"}, selected_style={"opacity": "1"},
                                     unselected_style={"opacity": "1"})
        self.stack_labels = bq.Label(x=self.stack_x, y=[3.72] * 3, text=[""] * 3, align="middle",
                                     font_weight="bold", default_size=13, scales=scales, colors=["#000000"])
        self.stack_counts = bq.Label(x=self.stack_x, y=[2.95] * 3, text=[""] * 3, align="middle",
                                     default_size=12, scales=scales, colors=["#FFFFFF"])
        self.stack_hints = bq.Label(x=self.stack_x, y=[2.3] * 3, text=[""] * 3, align="middle",
                                    default_size=11, scales=scales, colors=["#1A3A5A"])
        self.row_mark = bq.Scatter(x=self.row_x, y=[1.1] * ROW_SLOTS, marker="square", default_size=1700,
                                   colors=[EMPTY] * ROW_SLOTS, opacities=[0.0] * ROW_SLOTS, stroke="#000000",
                                   scales=scales, interactions={"click": "select"},
                                   selected_style={"opacity": "1"}, unselected_style={"opacity": "1"})
        self.row_labels = bq.Label(x=self.row_x, y=[1.05] * ROW_SLOTS, text=[""] * ROW_SLOTS, align="middle",
                                   default_size=11, scales=scales, colors=["#000000"])
        self.used_labels = bq.Label(x=self.row_x, y=[0.35] * ROW_SLOTS, text=[""] * ROW_SLOTS, align="middle",
                                    default_size=11, scales=scales, colors=["#444444"])
        self.figure = bq.Figure(marks=[self.stack_mark, self.stack_labels, self.stack_counts, self.stack_hints,
                                       self.row_mark, self.row_labels, self.used_labels],
                                fig_margin={"top": 4, "bottom": 4, "left": 4, "right": 4}, animation_duration=0,
                                layout=widgets.Layout(width=f"{width}px", height=f"{height}px"),
                                title="", background_style={"fill": "#EAF2F8"})
        self.figure.add_class("nw-sea")
        self.stack_mark.on_element_click(self._on_stack_click)
        self.row_mark.on_element_click(self._on_row_click)
        # the words drawn on the squares must not catch the clicks meant for the squares below them
        self.style = widgets.HTML("<style>.nw-sea text.label { pointer-events: none; }</style>",
                                  layout=widgets.Layout(display="none"))
        self.status = widgets.HTML()
        self.status.add_class("nw-status")
        self.voyage_line = widgets.HTML()
        self.voyage_line.add_class("nw-voyage")
        self.seen_line = widgets.HTML()
        self.seen_line.add_class("nw-seen")
        self.message = widgets.HTML()
        self.message.add_class("nw-message")
        self.task_board = widgets.HTML()
        self.task_board.add_class("nw-task-board")
        super().__init__(children=[self.style, self.status, self.figure, self.voyage_line, self.seen_line, self.message, self.task_board],
                         **kwargs)
        self.add_class("nw-voyage-board")
        self.refresh()

    # ------------------------------------------------------------------ state -> marks
    def refresh(self) -> None:
        """Redraw everything from the game, changing only what differs."""
        v = self.view = voyage_view(self.game.state, self.seat)
        with self.hold_sync(), self.stack_mark.hold_sync(), self.row_mark.hold_sync():
            _set(self.status, "value", f"<b>{esc(v['prompt'])}</b>")
            _set(self.stack_labels, "text", [st["title"] for st in v["stacks"]])
            _set(self.stack_counts, "text", [f"{st['tiles']} tiles" for st in v["stacks"]])
            _set(self.stack_hints, "text", [("click: sail here" if st["action"].startswith("sail")
                                             else "click: reveal next" if st["action"] == "reveal"
                                             else "sailing" if st["sailing"] else "") for st in v["stacks"]])
            _set(self.stack_mark, "colors", ["#3B6EA5" if st["action"] else FACE_DOWN for st in v["stacks"]])
            row = v["row"][:ROW_SLOTS]
            pad = ROW_SLOTS - len(row)
            _set(self.row_mark, "colors", [t["colour"] for t in row] + [EMPTY] * pad)
            _set(self.row_mark, "opacities", [0.45 if t["used"] else 1.0 for t in row] + [0.0] * pad)
            _set(self.row_labels, "text", [t["short"] for t in row] + [""] * pad)
            _set(self.used_labels, "text", [("used" if t["used"] else "now" if t["current"] else "") for t in row]
                 + [""] * pad)
            _set(self.voyage_line, "value", self._voyage_html(v))
            _set(self.seen_line, "value", "<small>Seen in the stacks so far: " + "; ".join(
                f"{esc(st['title'])}: {esc(', '.join(st['seen']) or 'nothing yet')}" for st in v["stacks"]) + "</small>")
            _set(self.task_board, "value", self._tasks_html(v))

    @staticmethod
    def _voyage_html(v: dict) -> str:
        if not v["row"] and v["phase"] not in ("prepare", "peek"):
            return ""
        parts = [f"Revealed {len(v['row'])} of {v['range']} tiles, {v['actions']} of 2 actions"]
        if v["peek"]:
            parts.append(f"the Lookout's tile: {esc(v['peek'])}")
        seen = "; ".join(f"{t['title']}{' (used)' if t['used'] else ''}" for t in v["row"])
        return esc(", ".join(parts[:1])) + ("; " + parts[1] if len(parts) > 1 else "") + (
            f"<br><small>{esc(seen)}</small>" if seen else "")

    @staticmethod
    def _tasks_html(v: dict) -> str:
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
            f'<td style="padding:1px 6px;font-size:12px">most: '
            f'{swatch(SEAT_COLOURS[c["most"] % 4], "P" + str(c["most"] + 1)) if c["most"] >= 0 else "nobody"}</td>'
            for c in cols)

        def names(seats: list[int]) -> str:
            return ", ".join(swatch(SEAT_COLOURS[p % 4], f"P{p + 1}") for p in seats) or "nobody"

        bonus = (f'<div style="font-size:12px">Bonus fields: every harbour supplied: {names(v["supply_bonus"])}; '
                 f'all crew aboard: {names(v["crew_bonus"])}</div>')
        return ('<table class="nw-tasks" style="border-collapse:collapse"><caption style="text-align:left">'
                '<b>Task board</b> (bottom up; the outlined field is the current task)</caption>'
                f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}<tr>{most}</tr></tbody></table>{bonus}")

    # ------------------------------------------------------------------ clicks -> actions
    def click_stack(self, index: int) -> None:
        """What clicking stack ``index`` does: sail into it, or reveal the next tile of the one you sail."""
        st = self.view["stacks"][index]
        if st["action"]:
            self._apply([st["action"]])
            return
        game = self.game
        reason = game.why_illegal(f"sail {st['dest']}")
        if game.state.stack == index and game.state.phase not in ("choose", "shuffle", "over"):
            reason = game.why_illegal("reveal")
        self._say(reason or "nothing to do there now", "warning")

    def click_row(self, index: int) -> None:
        """Clicking a revealed tile says what it is."""
        row = self.view["row"]
        if 0 <= index < len(row):
            t = row[index]
            self._say(f"{t['title']}" + (" (used this voyage)" if t["used"] else ""), "info")

    def _on_stack_click(self, _mark: Any, event: dict) -> None:
        self.click_stack(int(event.get("data", {}).get("index", -1)))

    def _on_row_click(self, _mark: Any, event: dict) -> None:
        self.click_row(int(event.get("data", {}).get("index", -1)))

    def _apply(self, actions: Sequence[str]) -> None:
        try:
            if self._act is not None:
                self._act(list(actions))
            else:
                for a in actions:
                    self.game.apply(a)
        except ValueError as exc:  # refusals (IllegalActionError, ActionSyntaxError) change nothing
            self._say(str(exc), "warning")
            return
        self._say("", "info")
        self.refresh()

    def _say(self, text: str, kind: str) -> None:
        self.message_text = text
        _set(self.message, "value", message_html(text, kind))


def _set(widget: Any, name: str, value: Any) -> None:
    """Set a trait only when it changes (each change is a message to the browser)."""
    current = getattr(widget, name)
    if isinstance(current, np.ndarray):
        same = current.tolist() == list(value)
    else:
        same = current == value
    if not same:
        setattr(widget, name, value)
