"""The Tailwinds track on the shell's spaces board.

The track cards lie as on the table, two to a row, the rows snaking down to the Finish
Line; each card is outlined and numbered, and every lane of every space is a square.
Boats are labelled F (fore) and A (aft) in their owner's colour; ✦ marks a rainbow space,
S a start space, × a lane a narrow space lacks; cards left behind by the wind are grey.
The rainbow market (three cards face up) and the deck lie under the track, each card's
name written under it. Texts keep their size (at least 14 px at full width) whatever the
track's length.

A click on a highlighted square applies what its label says (``F+3``: the fore boat
moves 3). A click on your other boat makes it the one that moves; that choice is the
board's own (its view object's ``boat``) and is forgotten when the turn passes.

>>> from windward_nb.tailwinds import new_game
>>> g = new_game(players=2, seed=11, characters=["sailor", "pirate"])
>>> b = TrackBoard(g)
>>> b.n, sorted(b.targets)
(104, [0, 3, 6])
>>> b.click(6); [x[:2] for x in g.state.boats[0]]
[[2, 0]]
"""

from __future__ import annotations

from typing import Any
from collections.abc import Callable, Sequence

import bqplot as bq
import numpy as np

from windward_nb.tailwinds.view import TailwindsView
from windward_widgets.base import GameViewBoard
from windward_widgets.base.spaces_board import PIECE_STYLE, held, strings

__all__ = ["TrackBoard"]


#: the pieces of a track board: boats small enough for a lane's square
TRACK_PIECES = {**PIECE_STYLE, "ship": ("triangle-up", 380, PIECE_STYLE["ship"][2], "#0072B2", "boat")}
CARD_EDGE = "#5A6A7A"


class TrackBoard(GameViewBoard):
    """The track of ``game`` played by clicks (see the module docstring)."""

    space_word = "square"
    what = "track"
    TEXT_SCALE = 1.08          # texts 14 px and more at full width, so never under 11 px on a table
    PIECE_STYLE = TRACK_PIECES
    NAME_PX = 13

    def __init__(self, game, *, act: Callable[[Sequence[Any]], Any] | None = None, width: int = 508,
                 view: TailwindsView | None = None, **kwargs: Any):
        own = TailwindsView()                       # its own, to hold the chosen boat
        if view is not None:
            own.__dict__.update(view.__dict__)
        self._turn_of = None
        super().__init__(game, own, act=act, width=width, **kwargs)
        self.fig.marks = [self.card_mark, *(m for m in self.fig.marks if m is not self.card_mark)]  # cards under all
        self.add_class("ww-track-board")

    # ------------------------------------------------------------------ extra marks
    def _card_boxes(self) -> tuple[list[list[float]], list[list[float]]]:
        """The outline of every track card: a box round the squares of its spaces (all lanes)."""
        s = self.game.state
        t = s.track
        xs, ys = [], []
        for c in range(t.cards):
            last = t.first_space(c + 1) if c + 1 < t.cards else t.finish
            idx = [self.view.index(s, i, lane) for i in range(t.first_space(c), last) for lane in range(3)]
            x0, x1 = self.centres[idx, 0].min() - 1.12, self.centres[idx, 0].max() + 1.12
            y0, y1 = self.centres[idx, 1].min() - 1.12, self.centres[idx, 1].max() + 1.12
            xs.append([x0, x1, x1, x0, x0])
            ys.append([y1, y1, y0, y0, y1])
        return xs, ys

    def _build_under(self) -> list[bq.Mark]:
        xs, ys = self._card_boxes()
        self.card_mark = bq.Lines(x=np.array(xs), y=np.array(ys), scales=self._scales, fill="inside",
                                  colors=[CARD_EDGE] * len(xs), fill_colors=["#FFFFFF"] * len(xs),
                                  fill_opacities=[1.0] * len(xs), stroke_width=2.0, interactions={})
        return [self.card_mark, *super()._build_under()]

    def _build_over(self) -> list[bq.Mark]:
        """Each track card's number above it; the Finish Line's name; the market cards' names under them."""
        x, y, text = self._names()
        self.name_mark = bq.Label(x=x, y=y, text=text, scales=self._scales, colors=["#1B1B1B"],
                                  default_size=self._font(self.NAME_PX), align="middle", interactions={})
        return [self.name_mark]

    def _names(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        s = self.game.state
        v = self.view
        xs, ys, texts = [], [], []
        t = s.track
        boxes = self._card_boxes()
        for c in range(t.cards):
            bx, by = boxes[0][c], boxes[1][c]
            xs.append((bx[0] + bx[1]) / 2)
            ys.append(by[0] + 0.35)
            texts.append(f"track card {c + 1}")
        for c in range(t.cards - 1):            # the way the race goes: along a row, then down to the next
            a, b = (boxes[0][c], boxes[1][c]), (boxes[0][c + 1], boxes[1][c + 1])
            if abs(a[1][0] - b[1][0]) < 1e-6:
                right = b[0][0] > a[0][0]
                xs.append((a[0][1] + b[0][0]) / 2 if right else (a[0][0] + b[0][1]) / 2)
                ys.append((a[1][0] + a[1][2]) / 2 - 0.25)
                texts.append("→" if right else "←")
            else:
                row_right = a[0][1] >= max(bx[1] for bx in boxes[0]) - 1e-6
                xs.append(a[0][1] - 0.8 if row_right else a[0][0] + 0.8)
                ys.append((a[1][2] + b[1][0]) / 2 - 0.25)
                texts.append("↓")
        fin = t.finish * 3
        xs.append(self.centres[fin][0])
        ys.append(self.centres[fin][1] + 2.75)
        texts.append("Finish")
        for k in range(4):
            cx, cy = self.centres[v.market_index(s, k)]
            xs.append(cx)
            ys.append(cy - 2.05)
            texts.append("deck" if k == 3 else v._card_name(s, s.market[k]) if k < len(s.market) else "")
        left = self.centres[v.market_index(s, 0)]
        xs.append(left[0] - 1.6)
        ys.append(left[1] + 1.85)
        texts.append("rainbow market:")
        return np.array(xs), np.array(ys), strings(texts)

    def _bounds(self) -> tuple[float, float, float, float]:
        x0, x1, y0, y1 = super()._bounds()
        return x0 - 0.3, x1 + 0.3, y0 - 1.4, y1 + 1.0     # room for the card numbers and the market's names

    # ------------------------------------------------------------------ drawing and clicks
    def refresh(self) -> None:
        s = self.game.state
        key = (s.round, s.turn, s.phase)
        if key != self._turn_of:                    # a new turn: the fore boat moves by default
            self._turn_of = key
            self.view.boat = None
        super().refresh()
        _, _, text = self._names()
        if list(self.name_mark.text) != list(text):
            with held(self.name_mark):
                self.name_mark.text = text

    def _play_click(self, index: int) -> None:
        s = self.game.state
        name = self.view.boat_at(s, index)
        if name is not None and index not in self.targets and type(s).rules.move_range(s, name):
            self.view.boat = name
            self.refresh()
            self.show_message(f"Your {name} boat is chosen: click where it should go.", "info")
            return
        super()._play_click(index)
