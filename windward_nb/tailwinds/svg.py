"""Tailwinds as a static SVG picture: :func:`board_svg`.

It draws the board the play table draws (the race track in lanes, the Finish Line, the rainbow
market and deck) from the same :class:`~windward_nb.core.view.BoardView` (``VIEW.board``), with
:func:`windward_nb.core.svg.draw_board`, and a one-line status on top.

>>> import windward_nb as ww
>>> g = ww.new_game(game="tailwinds", players=2, seed=1)
>>> svg = board_svg(g.state)
>>> b = VIEW.board(g.state)
>>> svg.count('class="space ') == len(b.spaces), svg.count('class="piece ') == len(b.pieces)
(True, True)
"""

from __future__ import annotations

from typing import Any

from ..core.svg import Frame, draw_board, polygon, status_line, text
from .view import VIEW

__all__ = ["board_svg"]


def _cards(s: Any):
    """Each track card outlined round the squares of its spaces, numbered above; the market's names."""
    t = s.track

    def layer(frame: Frame) -> list[str]:
        board = VIEW.board(s)
        out = []
        for c in range(t.cards):
            last = t.first_space(c + 1) if c + 1 < t.cards else t.finish
            sq = [board.spaces[VIEW.index(s, i, lane)] for i in range(t.first_space(c), last) for lane in range(3)]
            x0, x1 = min(p.x for p in sq) - 1.12, max(p.x for p in sq) + 1.12
            y0, y1 = min(p.y for p in sq) - 1.12, max(p.y for p in sq) + 1.12
            out.append(polygon([frame.pt(x0, y1), frame.pt(x1, y1), frame.pt(x1, y0), frame.pt(x0, y0)],
                               fill="none", stroke="#5A6A7A", stroke_width=1.5, class_="track-card"))
            out.append(text(*frame.pt((x0 + x1) / 2, y1 + 0.5), f"track card {c + 1}", 10, font_weight="bold",
                            fill="#1B1B1B", class_="label"))
        for k in range(4):
            sp = board.spaces[VIEW.market_index(s, k)]
            words = "deck" if k == 3 else sp.label
            if words:
                out.append(text(*frame.pt(sp.x, sp.y - 1.75), words, 10, fill="#1B1B1B", class_="label"))
        return out
    return layer


def board_svg(s: Any, *, unit: float = 18.0, status: bool = True) -> str:
    """The position ``s`` as an SVG picture (``unit``: pixels per board unit); ``status`` adds
    the one-line status (who acts, or how the game ended) on top."""
    board = VIEW.board(s)
    low = min(sp.y for sp in board.spaces) - 2.2
    return draw_board(board, unit=unit, status=status_line(s) if status else "", labels=False, under=_cards(s),
                      extent=[(board.spaces[0].x, board.spaces[0].y + 2.2), (board.spaces[0].x, low)],
                      title="Tailwinds: " + status_line(s), css_class="board tailwinds")
