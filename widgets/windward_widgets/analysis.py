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

import ipywidgets as widgets
import numpy as np

from windward_nb.windward import view
from windward_nb.windward.hexgrid import direction_name
from windward_nb.windward.gameview import VIEW

from ._util import MessageArea, esc, guarded
from .base import replay as _base
from .board import COST_COLOURS, BoardWidget, _held

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


class ReplayViewer(_base.ReplayViewer):
    """A recorded game on the planet board: a ply slider, play/pause, step buttons, what happened
    at each ply in words, its comment, and every captain's notoriety over time (the shell's
    :class:`~windward_widgets.base.ReplayViewer` with the planet and its wind)."""

    def __init__(self, record, *, interval: int = 500, board_width: int = 520, **kwargs: Any):
        kwargs.setdefault("view", VIEW)
        super().__init__(record, interval=interval, board_width=board_width, **kwargs)
        self.noto_mark = self.chart.lines_mark
        self.goal_mark = self.chart.goal_mark

    def make_cursor(self, record, view) -> Any:
        return _cursor(record)

    def make_board(self, state, width: int) -> BoardWidget:
        return BoardWidget(state.planet, wind=state.wind, width=width, height=width + 40)

    def goal(self, state) -> float:
        return state.components.limits["notoriety_goal"]

    def make_table(self, game, bots: dict[int, Any]) -> Any:
        from .play_table import PlayTable

        return PlayTable(game, bots=bots, bot_pause=0.3)

    def draw_board(self, state, spots: list[int]) -> None:
        if self.board.wind != state.wind:
            self.board.set_wind(state.wind)
        self.board.update_pieces(view.board_view(state))
        self.board.highlight(spots, colours="#EE3377")

    def headline(self, ply: int, s) -> str:
        return f"<b>Ply {ply} of {len(self.cursor)}</b> · round {s.round} · wind {s.wind} ({direction_name(s.wind)})"


# =============================================================================== reach map
class ReachMap(widgets.VBox):
    """How much speed a ship on a chosen space needs this turn to reach every other space.

    Click a space to put the ship there; choose the wind and the speed you have.
    Spaces within that speed show their cost in colour (0 free downwind, 1, 2, ...);
    those further away are grey with the cost in brackets; unreachable ones stay plain.
    A space within reach where a crester would reach the resting ship is marked ⚠ and
    its hover text says what the rest would bring there
    (:func:`windward_nb.windward.forecast.rest_forecast`, exact).
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
        self.danger: dict[int, dict] = {}
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
        have = self.speed.value
        r = view.reach_view(self.state, self.index, self.wind.value, self.seat, danger_within=have)
        self.costs = r["costs"]
        self.danger = r["danger"]
        idx, colours, labels, notes = [], [], {}, {}
        for h, c in sorted(self.costs.items()):
            if h == self.index:
                continue
            idx.append(h)
            if c <= have:
                colours.append(COST_COLOURS[min(c, len(COST_COLOURS) - 1)])
                labels[h] = str(c) + ("⚠" if h in self.danger else "")
            else:
                colours.append("#BBBBBB")
                labels[h] = f"({c})"
            notes[h] = f"needs {c} speed this turn" + (" (free, downwind)" if c == 0 else "")
            if h in self.danger:
                notes[h] += ". Resting here: " + self.danger[h]["text"]
        within = sum(1 for h, c in self.costs.items() if h != self.index and c <= have)
        risky = sum(1 for h in self.danger if h != self.index and self.costs.get(h, have + 1) <= have)
        with _held(self.board, self.info):
            if self.board.wind != self.wind.value:
                self.board.set_wind(self.wind.value)
            self.board.update_pieces(r["pieces"])
            self.board.highlight(idx, colours=colours, costs=labels, notes=notes)
            where = self.state.planet.describe(self.index) if self.index else "the Trading Post"
            self.info.value = (f'<div style="font-size:13px">Ship of player {self.seat + 1} at <b>{esc(where)}</b>, '
                               f"wind {self.wind.value} ({direction_name(self.wind.value)}): <b>{within}</b> spaces "
                               f"within {have} speed, {len(idx) - within} more further away."
                               + (f" ⚠ marks the {risky} of them where a crester would reach the resting ship."
                                  if risky else "") + "</div>")
