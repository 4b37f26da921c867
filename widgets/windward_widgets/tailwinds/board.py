"""The Tailwinds track on the shell's spaces board.

Every lane of every track space is a square; boats are labelled F (fore) and A (aft)
in their owner's colour; ✦ marks a rainbow space, S a start space, × a lane a narrow
space lacks; cards left behind by the wind are grey. The rainbow market and the deck
stand to the right, each card's name written beside it.

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
from windward_widgets.base.spaces_board import held, strings

__all__ = ["TrackBoard"]


class TrackBoard(GameViewBoard):
    """The track of ``game`` played by clicks (see the module docstring)."""

    space_word = "square"
    what = "track"

    def __init__(self, game, *, act: Callable[[Sequence[Any]], Any] | None = None, width: int = 508,
                 view: TailwindsView | None = None, **kwargs: Any):
        own = TailwindsView()                       # its own, to hold the chosen boat
        if view is not None:
            own.__dict__.update(view.__dict__)
        self._turn_of = None
        super().__init__(game, own, act=act, width=width, **kwargs)
        self.add_class("ww-track-board")

    # ------------------------------------------------------------------ extra marks
    def _build_over(self) -> list[bq.Mark]:
        """Names beside the market cards and the number of each track card at its first space."""
        x, y, text = self._names()
        self.name_mark = bq.Label(x=x, y=y, text=text, scales=self._scales, colors=["#1B1B1B"],
                                  default_size=self._font(11), align="start", interactions={})
        return [self.name_mark]

    def _names(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        s = self.game.state
        v = self.view
        xs, ys, texts = [], [], []
        t = s.track
        for c in range(t.cards):
            first = v.index(s, t.first_space(c), 0)
            cx, cy = self.centres[first]
            xs.append(cx - 0.9)
            ys.append(cy + 1.35)
            texts.append(f"card {c + 1}")
        for k in range(3):
            i = v.market_index(s, k)
            cx, cy = self.centres[i]
            xs.append(cx + 1.45)
            ys.append(cy - 0.2)
            texts.append(v._card_name(s, s.market[k]) if k < len(s.market) else "")
        cx, cy = self.centres[v.market_index(s, 3)]
        xs.append(cx + 1.45)
        ys.append(cy - 0.2)
        texts.append("deck")
        return np.array(xs), np.array(ys), strings(texts)

    def _bounds(self) -> tuple[float, float, float, float]:
        x0, x1, y0, y1 = super()._bounds()
        return x0, x1 + 6.0, y0, y1 + 0.6              # room for the market names and card numbers

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
