"""Winds of Plunder as a static SVG picture: :func:`board_svg`.

It draws the board the play table draws (the twelve ports with their names and VP tiles, the
Rotation Bar and the wind compass) from the same :class:`~windward_nb.core.view.BoardView`
(``VIEW.board``), with :func:`windward_nb.core.svg.draw_board`, and a one-line status on top.

>>> import windward_nb as ww
>>> g = ww.new_game(game="winds-of-plunder", players=3, seed=1)
>>> svg = board_svg(g.state)
>>> b = VIEW.board(g.state)
>>> svg.count('class="space ') == len(b.spaces), svg.count('class="piece ') == len(b.pieces)
(True, True)
"""

from __future__ import annotations

from typing import Any

from ..core.svg import draw_board, status_line
from .components import COMPONENTS
from .view import VIEW

PORT_NAMES = frozenset(p.name for p in COMPONENTS.ports)

__all__ = ["board_svg"]


def board_svg(s: Any, *, unit: float = 22.0, status: bool = True) -> str:
    """The position ``s`` as an SVG picture (``unit``: pixels per board unit); ``status`` adds
    the one-line status (who acts, or how the game ended) on top."""
    return draw_board(VIEW.board(s), unit=unit, status=status_line(s) if status else "",
                      labels=lambda sp: sp.label in PORT_NAMES,
                      label_chars=14,
                      title="Winds of Plunder: " + status_line(s), css_class="board winds-of-plunder")
