"""Windward's planet as a static SVG picture: :func:`board_svg`.

The same hexes, terrain colours and glyphs, pieces and layout as the play table's
planet board (:class:`windward_widgets.board.BoardWidget`): terrain from
:data:`~windward_nb.windward.gameview.TERRAIN_LOOK`, pieces from
:func:`windward_nb.windward.view.board_view`, hex centres from
:func:`windward_nb.windward.hexgrid.pixel`. On top of the hexes it draws the
territory borders and numbers, the dashed Around-the-Planet links, the wind arrow
(top left) and the At port row (bottom left) where ships at the Trading Post stand.

>>> import windward_nb as ww
>>> g = ww.new_game(players=3, seed=7)
>>> svg = board_svg(g.state)
>>> svg.count('class="space space-hex"'), svg.count('class="piece piece-ship')
(127, 3)
>>> 'class="wind"' in svg
True
"""

from __future__ import annotations

import math

from ..core.svg import Frame, draw_board, group, line, polygon, text
from ..core.svg import status_line as _status_line
from . import hexgrid
from .gameview import planet_board
from .state import GameState

__all__ = ["board_svg", "planet_board"]

SQRT3 = math.sqrt(3.0)
WIND_COLOUR = "#EE3377"


def board_svg(s: GameState, *, unit: float = 22.0, status: bool = True) -> str:
    """The position ``s`` as an SVG picture (``unit``: pixels per hex radius); ``status`` adds
    the one-line status (round, wind, who acts, or how the game ended) on top."""
    board = planet_board(s)
    r = s.planet.radius
    half_w, half_h = 1.5 * r + 2.0, SQRT3 * r + 2.1
    dock_x, dock_y = -half_w + 0.85, -half_h + 1.0
    docked = [k for k, pc in enumerate(board.pieces) if pc.kind == "ship" and pc.space == 0]
    places = {k: (dock_x + n * 1.1, dock_y) for n, k in enumerate(docked)}
    wind_at = (-half_w + 1.7, half_h - 1.9)

    def under(f: Frame) -> list[str]:
        return _links(s, f) + _borders(s, f)

    def over(f: Frame) -> list[str]:
        out = _territory_numbers(s, f) + _wind(s, f, wind_at)
        if docked:
            out.append(text(f.x(dock_x - 0.55), f.y(dock_y + 0.95), "At port:", 12, text_anchor="start",
                            font_weight="bold", class_="dock"))
        return out

    return draw_board(board, unit=unit, status=_status_line(s) if status else "", under=under, over=over,
                      places=places, extent=[(-half_w, -half_h), (half_w, half_h)],
                      title=f"Windward planet {s.planet}, round {s.round}, wind {s.wind}", css_class="board windward")


def _edge(s: GameState, i: int, d: int) -> tuple[tuple[float, float], tuple[float, float]]:
    cx, cy = hexgrid.pixel(s.planet.cells[i])
    nx, ny = hexgrid.pixel(hexgrid.neighbour(s.planet.cells[i], d))
    theta = math.atan2(ny - cy, nx - cx)
    a, b = theta - math.pi / 6, theta + math.pi / 6
    return (cx + math.cos(a), cy + math.sin(a)), (cx + math.cos(b), cy + math.sin(b))


def _borders(s: GameState, f: Frame) -> list[str]:
    """Thick lines between territories and around the planet."""
    p = s.planet
    out = []
    for i in range(len(p.cells)):
        for d in range(1, 7):
            j = p.nbr[i][d - 1]
            if j == -1 or (j > i and p.territory[j] != p.territory[i]):
                a, b = _edge(s, i, d)
                out.append(line(*f.pt(*a), *f.pt(*b)))
    return [group(out, stroke="#1B1B1B", stroke_width=2.5, stroke_linecap="round", class_="borders")]


def _links(s: GameState, f: Frame) -> list[str]:
    """Dashed lines from each Around-the-Planet corner toward the centre (stopping short of the
    Trading Post), as on the play table."""
    out = []
    for a, b in sorted(s.planet.corner_link.items()):
        if a > b:
            continue
        for end in (a, b):
            ex, ey = hexgrid.pixel(s.planet.cells[end])
            norm = math.hypot(ex, ey)
            out.append(line(*f.pt(ex, ey), *f.pt(ex / norm * 1.2, ey / norm * 1.2)))
    return [group(out, stroke="#3A6EA5", stroke_width=1.5, stroke_dasharray="5 4", opacity=0.55, class_="links")]


def _territory_numbers(s: GameState, f: Frame) -> list[str]:
    reach = SQRT3 * s.planet.radius + 1.45
    out = []
    for t in range(1, 7):
        dx, dy = hexgrid.pixel(hexgrid.scale(t, 1))
        colour = WIND_COLOUR if t == s.wind else "#1B1B1B"
        out.append(text(*f.pt(dx / SQRT3 * reach, dy / SQRT3 * reach), t, 0.8 * f.unit, fill=colour,
                        font_weight="bold", class_="territory"))
    return out


def _wind(s: GameState, f: Frame, at: tuple[float, float]) -> list[str]:
    """The wind arrow pointing toward territory ``s.wind``, in a ring, with its number and name."""
    cx, cy = f.pt(*at)
    ring = [(cx + 1.45 * f.unit * math.cos(math.radians(60 * k)), cy + 1.45 * f.unit * math.sin(math.radians(60 * k)))
            for k in range(6)]
    out = [polygon(ring, fill="none", stroke="#B9C2CA", stroke_width=1.5)]
    d = s.wind
    if not (isinstance(d, int) and 1 <= d <= 6):
        return out + [text(cx, cy, "no wind", 11, class_="wind")]
    dx, dy = hexgrid.pixel(hexgrid.scale(d, 1))
    ux, uy = dx / SQRT3, -dy / SQRT3            # toward territory d, in pixels (y down)
    px, py = -uy, ux
    u = f.unit / 28.0
    length, shaft, head, head_len = (k * u for k in (30, 4.5, 12, 15))
    pts = [(-length, -shaft), (length - head_len, -shaft), (length - head_len, -head), (length, 0.0),
           (length - head_len, head), (length - head_len, shaft), (-length, shaft)]
    arrow = [(cx + a * ux + b * px, cy + a * uy + b * py) for a, b in pts]
    name = hexgrid.direction_name(d)
    out.append(polygon(arrow, f"wind {d} ({name}): blowing toward territory {d}", fill="#1B1B1B", class_="wind",
                       data_wind=str(d)))
    out.append(text(cx, cy + 1.45 * f.unit + 9, f"wind {d} ({name})", 11, font_weight="bold"))
    return out
