"""Analysis views: replay a recorded game ply by ply, and map how far a ship can sail.

>>> import windward_nb as ww
>>> g = ww.new_game(players=3, seed=2)
>>> for a in ["leave port N", "end turn"]:
...     _ = g.apply(a)
>>> rv = ReplayViewer(g.record)
>>> rv.ply.max == len(g.record.actions)
True
>>> rv.ply.value = 1
>>> "leave port N" in rv.narration.value
True
>>> rm = ReachMap(g.state, index=g.state.planet.index[(0, -2)], wind=1)
>>> rm.costs[g.state.planet.index[(0, -3)]]     # one step downwind (north): free
0
"""

from __future__ import annotations

from typing import Any

import bqplot as bq
import ipywidgets as widgets
import numpy as np

from windward_nb import view
from windward_nb.hexgrid import direction_name

from ._util import MessageArea, esc, guarded
from .board import COST_COLOURS, BoardWidget, _held, colour_of

__all__ = ["ReplayViewer", "ReachMap"]


# =============================================================================== replay
class _SimpleCursor:
    """A replay cursor built on ``record.replay(upto=k)`` (used when windward_nb.replay is absent)."""

    def __init__(self, record):
        self.record = record
        game = record.replay(upto=0)
        self._states = [game.state.clone()]
        self._events = [list(game.last_events)]
        self._actors = [None]
        for text in record.actions:
            self._actors.append(game.current_player)
            self._events.append(game.apply(text))
            self._states.append(game.state.clone())
        self.ply = 0

    def __len__(self) -> int:
        return len(self.record.actions)

    @property
    def state(self):
        return self._states[self.ply]

    def seek(self, ply: int):
        self.ply = ply
        return self

    def texts(self, ply: int | None = None) -> list[str]:
        return [e.text for e in self._events[self.ply if ply is None else ply]]

    def events(self, ply: int | None = None) -> list:
        return list(self._events[self.ply if ply is None else ply])

    def actor(self, ply: int | None = None) -> int:
        return self._actors[self.ply if ply is None else ply]

    def comment(self, ply: int | None = None):
        return self.record.comments.get(self.ply if ply is None else ply)

    def notoriety(self) -> np.ndarray:
        return np.array([[sh.notoriety for sh in st.ships] for st in self._states])


def _cursor(record, every: int = 32):
    try:
        from windward_nb.replay import Replay
    except Exception:  # noqa: BLE001 - the replay module is optional
        return _SimpleCursor(record)
    return Replay(record, every=every)


class ReplayViewer(widgets.VBox):
    """A recorded game on the board: a ply slider, play/pause, step buttons, what happened at
    each ply in words, its comment, and every captain's notoriety over time."""

    def __init__(self, record, *, interval: int = 500, board_width: int = 520, **kwargs: Any):
        self.record = record
        self.cursor = _cursor(record)
        n = len(self.cursor)
        start = self.cursor.seek(0).state
        self.messages = MessageArea()
        self.board = BoardWidget(start.planet, wind=start.wind, width=board_width, height=board_width + 40)
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
        noto = np.asarray(self.cursor.notoriety(), dtype=float)
        xs = bq.LinearScale(min=0, max=max(n, 1))
        ys = bq.LinearScale(min=0, max=float(max(noto.max() if noto.size else 0, 15)) + 1)
        colours = [colour_of(sh.colour) for sh in start.ships]
        self.noto_mark = bq.Lines(x=np.arange(n + 1), y=noto.T, scales={"x": xs, "y": ys}, colors=colours,
                                  labels=[f"P{i + 1} {sh.colour}" for i, sh in enumerate(start.ships)],
                                  display_legend=True, stroke_width=2.5,
                                  line_style="solid", marker=None)
        self.cursor_mark = bq.Lines(x=np.array([0.0, 0.0]), y=np.array([0.0, ys.max]), scales={"x": xs, "y": ys},
                                    colors=["#EE3377"], stroke_width=1.5, line_style="dashed")
        goal = start.components.limits["notoriety_goal"]
        self.goal_mark = bq.Lines(x=np.array([0.0, float(max(n, 1))]), y=np.array([goal, goal], dtype=float),
                                  scales={"x": xs, "y": ys}, colors=["#777777"], line_style="dotted",
                                  labels=["goal"])
        self.chart = bq.Figure(marks=[self.noto_mark, self.goal_mark, self.cursor_mark], title="Notoriety over time",
                               axes=[bq.Axis(scale=xs, label="ply"), bq.Axis(scale=ys, side="left", label="notoriety")],
                               legend_location="top-left", animation_duration=0,
                               fig_margin={"top": 50, "bottom": 45, "left": 55, "right": 15},
                               layout=widgets.Layout(width="520px", height="300px"))
        self.ply.observe(self._on_ply, names="value")
        controls = widgets.HBox([self.play, self.buttons["start"], self.buttons["back"], self.ply,
                                 self.buttons["forward"], self.buttons["end"]], layout=widgets.Layout(flex_flow="row wrap"))
        side = widgets.VBox([self.narration, self.chart], layout=widgets.Layout(width="540px"))
        super().__init__(children=[controls, widgets.HBox([self.board, side], layout=widgets.Layout(flex_flow="row wrap")),
                                   self.messages, self.summary], **kwargs)
        self.add_class("ww-replay")
        self.show(0)

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
        bv = view.board_view(s)
        events = c.events(ply) if ply else []
        spots = []
        for e in events:
            for key in ("to", "hex"):
                h = e.data.get(key) if hasattr(e, "data") else None
                if isinstance(h, int) and 0 <= h < self.board.n and h not in spots:
                    spots.append(h)
        with _held(self.board, self.cursor_mark, self.narration, self.summary):
            if self.board.wind != s.wind:
                self.board.set_wind(s.wind)
            self.board.update_pieces(bv)
            self.board.highlight(spots, colours="#EE3377")
            self.cursor_mark.x = np.array([float(ply), float(ply)])
            self.narration.value = self._narration_html(ply, s, events)
            self.summary.value = ("<details><summary>Text summary of this position</summary>"
                                  f'<pre style="font-size:12px;white-space:pre-wrap">{esc(view.text_summary(s))}</pre>'
                                  "</details>")

    def _narration_html(self, ply: int, s, events) -> str:
        n = len(self.cursor)
        head = f"<b>Ply {ply} of {n}</b> · round {s.round} · wind {s.wind} ({direction_name(s.wind)})"
        if ply == 0:
            body = "<p>The start of the game.</p>"
        else:
            actor = self.cursor.actor(ply)
            who = "Chance" if actor is None or actor < 0 else f"Player {actor + 1}"
            action = self.record.actions[ply - 1]
            lines = "".join(f"<li>{esc(e.text)}</li>" for e in events) or "<li>(nothing visible happened)</li>"
            body = (f"<p><b>{esc(who)}</b>: <code>{esc(action)}</code></p>"
                    f'<ul style="margin:0;padding-left:1.2em">{lines}</ul>')
        comment = self.cursor.comment(ply)
        if comment:
            body += (f'<blockquote class="ww-comment" style="border-left:4px solid #4477AA;margin:4px 0;'
                     f'padding:2px 8px;background:#EEF3FA"><b>Note:</b> {esc(comment)}</blockquote>')
        scores = " · ".join(f"P{i + 1} {sh.notoriety}" for i, sh in enumerate(s.ships))
        return (f'<div style="font-size:13px">{head}{body}<div style="font-size:12px;color:#333">'
                f"Notoriety: {scores}</div></div>")


# =============================================================================== reach map
class ReachMap(widgets.VBox):
    """How much speed a ship on a chosen space needs this turn to reach every other space.

    Click a space to put the ship there; choose the wind and the speed you have.
    Spaces within that speed show their cost in colour (0 free downwind, 1, 2, ...);
    those further away are grey with the cost in brackets; unreachable ones stay plain.
    """

    def __init__(self, state=None, *, index: int | None = None, wind: int | None = None, seat: int | None = None,
                 speed: int | None = None, board_width: int = 560, **kwargs: Any):
        if state is None:
            import windward_nb as ww

            state = ww.new_game(players=3, seed=0).state
        elif hasattr(state, "state"):
            state = state.state
        self.state = state
        self.seat = state.current if seat is None else seat
        p = state.planet
        if index is None:
            pos = state.ships[self.seat].pos
            index = 0 if pos < 0 else pos
        self.index = index
        self.costs: dict[int, int] = {}
        self.messages = MessageArea()
        self.board = BoardWidget(p, wind=wind or state.wind, width=board_width, height=board_width + 40)
        self.wind = widgets.ToggleButtons(options=[(f"{d} {direction_name(d)}", d) for d in range(1, 7)],
                                          value=wind or state.wind, description="Wind:",
                                          style={"button_width": "4.8em"})
        lim = state.components.limits["ship_speed"]
        self.speed = widgets.IntSlider(value=lim if speed is None else speed, min=0, max=lim + 4,
                                       description="Speed:", continuous_update=True)
        self.info = widgets.HTML()
        self.info.add_class("ww-reach-info")
        self.wind.observe(lambda _c: self.recompute(), names="value")
        self.speed.observe(lambda _c: self.recompute(), names="value")
        self.board.on_hex_click(self._clicked)
        key = " ".join(f'<span style="display:inline-block;min-width:1.6em;text-align:center;border:3px solid {COST_COLOURS[c]};'
                       f'border-radius:3px;margin-right:4px">{c}</span>' for c in range(0, 6))
        legend = widgets.HTML(f'<div style="font-size:12px">Speed needed this turn: {key} · '
                              '<span style="border:3px solid #BBBBBB;border-radius:3px;padding:0 3px">(n)</span> '
                              "more than you have · click a space to move the ship there</div>")
        super().__init__(children=[widgets.HBox([self.wind]), self.speed, legend, self.board, self.info,
                                   self.messages], **kwargs)
        self.add_class("ww-reach-map")
        self.recompute()

    @guarded()
    def _clicked(self, index: int) -> None:
        self.move_to(index)

    def move_to(self, index: int) -> None:
        if self.state.planet.is_drift[index]:
            self.messages.show(f"{self.state.planet.describe(index)} is Drift: a ship cannot stand there.", "warning")
            return
        self.index = index
        self.recompute()

    def recompute(self) -> None:
        """Recompute the costs from the engine and recolour the board in place."""
        r = view.reach_view(self.state, self.index, self.wind.value, self.seat)
        self.costs = r["costs"]
        have = self.speed.value
        idx, colours, labels, notes = [], [], {}, {}
        for h, c in sorted(self.costs.items()):
            if h == self.index:
                continue
            idx.append(h)
            if c <= have:
                colours.append(COST_COLOURS[min(c, len(COST_COLOURS) - 1)])
                labels[h] = str(c)
            else:
                colours.append("#BBBBBB")
                labels[h] = f"({c})"
            notes[h] = f"needs {c} speed this turn" + (" (free, downwind)" if c == 0 else "")
        within = sum(1 for h, c in self.costs.items() if h != self.index and c <= have)
        with _held(self.board, self.info):
            if self.board.wind != self.wind.value:
                self.board.set_wind(self.wind.value)
            self.board.update_pieces(r["pieces"])
            self.board.highlight(idx, colours=colours, costs=labels, notes=notes)
            where = self.state.planet.describe(self.index) if self.index else "the Trading Post"
            self.info.value = (f'<div style="font-size:13px">Ship of player {self.seat + 1} at <b>{esc(where)}</b>, '
                               f"wind {self.wind.value} ({direction_name(self.wind.value)}): <b>{within}</b> spaces "
                               f"within {have} speed, {len(idx) - within} more further away.</div>")
