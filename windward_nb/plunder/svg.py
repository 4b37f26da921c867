"""Winds of Plunder as a static SVG picture: :func:`board_svg`.

It draws the board the play table draws (the Caribbean in its four areas, the twelve ports with
their names and VP tiles, the Rotation Bar and the wind compass) from the same :class:`~windward_nb.core.view.BoardView`
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

from ..core.svg import Frame, draw_board, polygon, status_line, text
from .components import COMPONENTS
from .view import (AREA_FILL, BAR_Y, COAST, CUBE_ROW_DY, LAND_EDGE, LAND_FILL, N_BAR, NORTH, SHIP_ROW_DY, SOUTH, VIEW,
                   area_bounds, lonlat, name_xy)

PORT_NAMES = frozenset(p.name for p in COMPONENTS.ports)

__all__ = ["board_svg"]


def _sea(frame: Frame) -> list[str]:
    """The four areas as bands of sea, the coasts, the areas' titles (drawn under the spaces)."""
    top, bottom = lonlat(0, NORTH)[1] + 0.4, lonlat(0, SOUTH)[1]
    out = []
    for a in range(4):
        west, east = area_bounds(a)
        out.append(polygon([frame.pt(west, top), frame.pt(east, top), frame.pt(east, bottom), frame.pt(west, bottom)],
                           fill=AREA_FILL[a % 2], class_="area"))
    for coast in COAST:
        out.append(polygon([frame.pt(*lonlat(lon, max(min(lat, NORTH + 0.33), SOUTH))) for lon, lat in coast],
                           fill=LAND_FILL, stroke=LAND_EDGE, stroke_width=1, class_="land"))
    for a in range(4):
        west, east = area_bounds(a)
        out.append(text(*frame.pt((west + east) / 2, top - 0.75), f"Area {a + 1}", 11, font_weight="bold",
                        fill="#2B3A4A", class_="area-title"))
    return out


def _names(frame: Frame) -> list[str]:
    out = [text(*frame.pt(*name_xy(p.index)), p.name, 10, font_weight="bold", fill="#1B1B1B", class_="label")
           for p in COMPONENTS.ports]
    out.append(text(*frame.pt(9.0 + (N_BAR - 1) * 1.1, BAR_Y + 1.05),
                    f"Rotation Bar ({N_BAR} tiles; the last comes to a port next)", 10, fill="#1B1B1B",
                    class_="label"))
    return out


def _places(board: Any) -> dict[int, tuple[float, float]]:
    """A port's ships in a row above it, its reputation cubes in a row under it (as on the table)."""
    rows: dict[tuple[int, str], list[int]] = {}
    for k, p in enumerate(board.pieces):
        if p.space < len(COMPONENTS.ports) and p.kind in ("ship", "cube"):
            rows.setdefault((p.space, p.kind), []).append(k)
    places = {}
    for (port, kind), members in rows.items():
        sp = board.spaces[port]
        w = 1.0 if kind == "ship" else 0.85
        for j, k in enumerate(members):
            places[k] = (sp.x + (j - (len(members) - 1) / 2) * w, sp.y + (SHIP_ROW_DY if kind == "ship" else CUBE_ROW_DY))
    return places


def board_svg(s: Any, *, unit: float = 22.0, status: bool = True) -> str:
    """The position ``s`` as an SVG picture (``unit``: pixels per board unit); ``status`` adds
    the one-line status (who acts, or how the game ended) on top."""
    board = VIEW.board(s)
    west, _ = area_bounds(0)
    _, east = area_bounds(3)
    return draw_board(board, unit=unit, status=status_line(s) if status else "", ground=_sea, over=_names,
                      places=_places(board), extent=[(west, lonlat(0, NORTH)[1] + 0.5), (east, lonlat(0, SOUTH)[1])],
                      title="Winds of Plunder: " + status_line(s), css_class="board winds-of-plunder")
