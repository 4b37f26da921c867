"""The planet board: Windward's hex map as a :class:`~windward_widgets.base.SpacesBoard`.

``BoardWidget`` draws what it is given and reports clicks; it knows no rule. The
spaces board draws the hexes, highlights, pieces and the click layer; this
subclass adds what only a planet has: terrain glyphs and colours, territory
borders and numbers, the dashed Around-the-Planet links, the wind flag, and the
At port row where ships at the Trading Post stand. Every mark is built once and
later updated in place inside ``hold_sync`` blocks.

>>> board = BoardWidget("small:ABCDEF", wind=2)
>>> len(board.hex_mark.x), board.wind
(61, 2)
>>> seen = []
>>> board.on_hex_click(seen.append)
>>> board.click(0); seen
[0]
>>> print(board.text_summary().splitlines()[0])
Windward board, small planet small:ABCDEF: 61 spaces, wind 2 (NE) blowing toward territory 2.
"""

from __future__ import annotations

import html
import math
from typing import Any
from collections.abc import Callable, Mapping, Sequence

import bqplot as bq
import numpy as np

from windward_nb.windward import hexgrid
from windward_nb.core.view import Space
from windward_nb.windward.planet import Planet
from windward_nb.windward.gameview import TERRAIN_LOOK

from .base.colours import COLOURS, colour_of, text_colour
from .base.spaces_board import (COST_COLOURS, HALO_FILL, HALO_PX, HIGHLIGHT_COLOUR, LOWER_ROW, PIECE_STROKE,
                                UPPER_ROW, SpacesBoard, held, marker_extent, polygon, strings)

__all__ = ["BoardWidget", "TERRAIN_STYLE", "PIECE_STYLE", "PIECE_AREA_V1", "COLOURS", "colour_of", "HALO_FILL",
           "HALO_PX", "PIECE_STROKE", "COST_COLOURS", "HIGHLIGHT_COLOUR", "marker_extent"]

SQRT3 = math.sqrt(3.0)

# Terrain fills from Paul Tol's colour-blind-safe "light" scheme, each paired with a glyph so
# that colour is never the only cue.  (fill, glyph, glyph colour, plain-language name)
TERRAIN_STYLE: dict[str, tuple[str, str, str, str]] = TERRAIN_LOOK

# Pieces: one bqplot Scatter per kind, so each kind has its own marker SHAPE.
# (marker, area in px^2 at 28 px per hex radius, row, default colour, name)
# Areas are 2.2x those of the first version of the board (a piece is about 1.5x as wide), so
# that on the play table's smaller default board they still cover twice the screen area.
# Cresters and ships share the upper row of a hex (cresters
# first); longboats and items sit in the lower row, so a ship and its longboat on one space
# never hide each other.  Every piece sits on a white "sticker" (a halo of its own shape with
# a dark rim) so that it keeps its contrast on every terrain colour, the dark Trading Post too.
PIECE_STYLE: dict[str, tuple[str, int, float, str, str]] = {
    "grey": ("circle", 484, UPPER_ROW, "#9A9A9A", "grey crester"),
    "red": ("diamond", 506, UPPER_ROW, "#CC3311", "red crester"),
    "white": ("cross", 528, UPPER_ROW, "#FFFFFF", "white crester"),
    "ship": ("triangle-up", 528, UPPER_ROW, "#0072B2", "ship"),
    "longboat": ("triangle-down", 264, LOWER_ROW, "#0072B2", "longboat"),
    "item": ("square", 374, LOWER_ROW, "#DDAA33", "item"),
}
#: the first version's areas, kept to check that pieces stay at least twice as large
PIECE_AREA_V1 = {"grey": 220, "red": 230, "white": 240, "ship": 240, "longboat": 120, "item": 170}
_text_colour = text_colour            # kept for readers of the first version


def _planet_spaces(planet: Planet) -> list[Space]:
    out = []
    for i, cell in enumerate(planet.cells):
        fill, glyph, ink, _name = TERRAIN_STYLE[planet.terrain[i]]
        x, y = hexgrid.pixel(cell)
        out.append(Space(x, y, "hex", 1.0, fill, "#B9C2CA", glyph, ink, planet.label(i), planet.describe(i)))
    return out


def _hexagon(cx: float, cy: float, radius: float = 1.0) -> tuple[list[float], list[float]]:
    """The closed outline (7 points) of a flat-topped hexagon."""
    return polygon("hex", cx, cy, radius)


class BoardWidget(SpacesBoard):
    """The planet of Celus as an interactive bqplot board.

    Parameters
    ----------
    planet:
        A :class:`~windward_nb.windward.planet.Planet` or its text form (``"large:ABCDEF"``).
    wind:
        Initial wind direction 1-6, or ``None`` for no flag yet.
    width, height:
        Figure size in pixels (at most: with ``fit`` the board shrinks with the page).

    Public marks (for tests and advanced use): ``hex_mark`` (terrain polygons),
    ``border_mark``, ``link_mark``, ``glyph_mark``, ``territory_mark``,
    ``highlight_mark``, ``cost_mark``, ``piece_marks`` (kind -> Scatter),
    ``piece_label_mark``, ``wind_mark``, ``wind_label_mark`` and ``click_mark``
    (the clickable hex centres). ``message`` (HTML) shows reasons and errors; ``error_log``
    (HTML) keeps the traceback of a genuine bug folded in a details box. With
    ``message_sink`` set (an object with ``show(text, kind)`` and ``error(exc, context)``,
    e.g. a table's message area) messages go there instead.
    """

    PIECE_STYLE = PIECE_STYLE
    what = "planet"
    space_word = "space"

    def __init__(self, planet: Planet | str = "large:ABCDEF", wind: int | None = None, *,
                 width: int = 620, height: int = 660, fit: bool = True, **kwargs: Any):
        self.planet = planet if isinstance(planet, Planet) else Planet.parse(planet)
        self.wind: int | None = None
        super().__init__(_planet_spaces(self.planet), width=width, height=height, fit=fit, **kwargs)
        self.hex_mark = self.space_mark
        self.add_class("ww-board")
        if wind is not None:
            self.set_wind(wind)

    # ------------------------------------------------------------------ building (once)
    @staticmethod
    def height_for(planet: Planet | str, width: int) -> int:
        """The figure height at which a board ``width`` pixels wide has no empty band: the planet
        fills the width (use it to make a board as small as it can be for its hex size)."""
        p = planet if isinstance(planet, Planet) else Planet.parse(planet)
        r = p.radius
        return math.ceil((width - 16) * (SQRT3 * r + 2.1) / (1.5 * r + 2.0)) + 16

    def _build_scales(self, width: int, height: int) -> None:
        self._margin = {"top": 8, "bottom": 8, "left": 8, "right": 8}
        plot_w = width - self._margin["left"] - self._margin["right"]
        plot_h = height - self._margin["top"] - self._margin["bottom"]
        r = self.planet.radius
        half_h = SQRT3 * r + 2.1          # corner hex + territory number + a little air
        half_w = max(1.5 * r + 2.0, half_h * plot_w / plot_h)
        half_h = half_w * plot_h / plot_w  # equal units on both axes, so hexes stay regular
        # "At port": ships at the Trading Post stand in a row in the free bottom-left corner of the
        # figure, as they stand on the At Port slot of their ship boards in the boxed game
        self._dock = (-half_w + 0.85, -half_h + 1.05)
        self._set_scales(0.0, 0.0, half_w, half_h, plot_w)

    def _edge(self, i: int, d: int) -> tuple[list[float], list[float]]:
        """The edge of hex ``i`` facing direction ``d`` (two corner points)."""
        cx, cy = self.centres[i]
        nx, ny = hexgrid.pixel(hexgrid.neighbour(self.planet.cells[i], d))
        theta = math.atan2(ny - cy, nx - cx)
        a, b = theta - math.pi / 6, theta + math.pi / 6
        return [cx + math.cos(a), cx + math.cos(b)], [cy + math.sin(a), cy + math.sin(b)]

    def _build_under(self) -> list[bq.Mark]:
        return [self._build_links(), self._build_borders()]

    def _build_borders(self) -> bq.Lines:
        """Thick lines along every edge between two territories and around the planet."""
        xs, ys = [], []
        for i in range(self.n):
            for d in range(1, 7):
                j = self.planet.nbr[i][d - 1]
                if j == -1 or (j > i and self.planet.territory[j] != self.planet.territory[i]):
                    ex, ey = self._edge(i, d)
                    xs.append(ex)
                    ys.append(ey)
        self.border_mark = bq.Lines(
            x=np.array(xs), y=np.array(ys), scales=self._scales, colors=["#1B1B1B"] * len(xs),
            stroke_width=3.5, interactions={},
        )
        return self.border_mark

    def _build_links(self) -> bq.Lines:
        """Dashed lines joining each Around-the-Planet corner to the opposite one (stopping at
        the Trading Post so the centre stays legible)."""
        xs, ys = [], []
        for a, b in sorted(self.planet.corner_link.items()):
            if a > b:
                continue
            for end in (a, b):
                ex, ey = self.centres[end]
                norm = math.hypot(ex, ey)
                sx, sy = ex / norm * 1.2, ey / norm * 1.2
                xs.append([ex, sx])
                ys.append([ey, sy])
        self.link_mark = bq.Lines(
            x=np.array(xs), y=np.array(ys), scales=self._scales, colors=["#3A6EA5"] * len(xs),
            stroke_width=1.5, line_style="dashed", opacities=[0.55] * len(xs), interactions={},
        )
        return self.link_mark

    def _build_over(self) -> list[bq.Mark]:
        return [self._build_territory_numbers(), *self._build_wind(), self._build_dock()]

    def _build_territory_numbers(self) -> bq.Label:
        """Territory numbers 1-6 just outside each territory's corner."""
        reach = SQRT3 * self.planet.radius + 1.45
        xs, ys = [], []
        for t in range(1, 7):
            dx, dy = hexgrid.pixel(hexgrid.scale(t, 1))
            xs.append(dx / SQRT3 * reach)
            ys.append(dy / SQRT3 * reach)
        self.territory_mark = bq.Label(
            x=np.array(xs), y=np.array(ys), scales=self._scales,
            text=strings([str(t) for t in range(1, 7)]), colors=["#1B1B1B"] * 6,
            align="middle", default_size=self._font(22), font_weight="bold", interactions={},
        )
        return self.territory_mark

    def _build_wind(self) -> list[bq.Mark]:
        """The wind flag: a compass arrow in the top-left corner with its number."""
        half_w, half_h = self._extent
        u = 1.0 / self.px_per_unit            # one pixel in data units: the flag has a fixed pixel size
        self._wind_unit = u
        self._wind_centre = (-half_w + 56 * u, half_h - 56 * u)
        ring_x, ring_y = _hexagon(*self._wind_centre, 41 * u)
        self.wind_ring_mark = bq.Lines(
            x=np.array(ring_x), y=np.array(ring_y), scales=self._scales,
            colors=["#B9C2CA"], stroke_width=1.5, interactions={},
        )
        self.wind_mark = bq.Lines(
            x=np.array([0.0]), y=np.array([0.0]), scales=self._scales, fill="inside",
            colors=["#1B1B1B"], fill_colors=["#1B1B1B"], stroke_width=1.0, interactions={},
            visible=False,
        )
        cx, cy = self._wind_centre
        self.wind_label_mark = bq.Label(
            x=np.array([cx]), y=np.array([cy - 52 * u]), scales=self._scales,
            text=strings(["wind not set"]), colors=["#1B1B1B"], align="middle",
            default_size=self._font(15), font_weight="bold", interactions={},
        )
        return [self.wind_ring_mark, self.wind_mark, self.wind_label_mark]

    def _build_dock(self) -> bq.Label:
        x, y = self._dock
        self.dock_label_mark = bq.Label(
            x=np.array([x - 0.55]), y=np.array([y + 0.85]), scales=self._scales, text=strings(["At port:"]),
            colors=["#1B1B1B"], align="start", default_size=self._font(14), font_weight="bold",
            interactions={}, visible=False,
        )
        return self.dock_label_mark

    def _legend_html(self) -> str:
        items = []
        for terrain in ("drift", "zephyr", "gas", "feeding", "red_start", "corner", "port"):
            fill, glyph, ink, name = TERRAIN_STYLE[terrain]
            items.append(
                f'<span style="display:inline-block;margin:2px 10px 2px 0;white-space:nowrap">'
                f'<span style="display:inline-block;min-width:1.7em;text-align:center;background:{fill};'
                f'color:{ink};border:1px solid #888;border-radius:3px;font-weight:bold">{html.escape(glyph)}'
                f"</span> {html.escape(name)}</span>"
            )
        shapes = {"ship": "▲", "longboat": "▼", "grey": "●", "red": "◆", "white": "✚", "item": "■"}
        names = {"item": "cargo (g gas, t teeth, + tokens)"}
        pieces = " &nbsp; ".join(f'<span style="white-space:nowrap">{shapes[k]} {names.get(k, PIECE_STYLE[k][4])}</span>'
                                 for k in PIECE_STYLE)
        return ('<div class="ww-board-legend" style="font-size:12px;line-height:1.5">'
                + "".join(items) + f"<br>{pieces}"
                ' &nbsp; <span style="white-space:nowrap">faded ✕ defeated</span>'
                " &nbsp; <span style=\"white-space:nowrap\">- - corners linked around the planet</span></div>")

    # ------------------------------------------------------------------ pieces: the At port row
    @staticmethod
    def _docked(p: Mapping[str, Any]) -> bool:
        return p["hex"] == 0 and p["kind"] == "ship"

    def _special_places(self, pieces: Sequence[Mapping[str, Any]]) -> dict[int, tuple[float, float]]:
        """Ships at the Trading Post stand side by side, full size, in the At port row."""
        out = {}
        w_ship = self.piece_size("ship")[0]
        for k, p in enumerate(pieces):
            if self._docked(p):
                out[k] = (self._dock[0] + len(out) * (w_ship + 0.12), self._dock[1])
        return out

    def _covered_spaces(self, pieces: Sequence[Mapping[str, Any]]) -> set[int]:
        return {p["hex"] for p in pieces if not self._docked(p)}     # docked: not on the Trading Post

    def _after_pieces(self, pieces: Sequence[Mapping[str, Any]]) -> None:
        at_port = any(self._docked(p) for p in pieces)
        if self.dock_label_mark.visible != at_port:
            self.dock_label_mark.visible = at_port

    # ------------------------------------------------------------------ text
    def space_name(self, i: int) -> str:
        return self.planet.describe(i)

    def _hover_text(self, i: int) -> str:
        text = self.planet.describe(i)
        if i == 0:
            text += " (0,0)"
        if i in self.planet.corner_link:
            text += f"; links to {self.planet.label(self.planet.corner_link[i])}"
        if i in self.notes:
            text += f"; {self.notes[i]}"
        elif i in self.costs:
            text += f"; cost {self.costs[i]}"
        here = self._pieces_at(i)
        if here:
            text += "; " + ", ".join(self._piece_text(p) for p in here)
        return text

    def _piece_text(self, p: Mapping[str, Any]) -> str:
        if p.get("text"):
            return str(p["text"])
        name = PIECE_STYLE[p["kind"]][4]
        if p["kind"] in ("ship", "longboat") and not p["colour"].startswith("#"):
            name = f'{p["colour"]} {name}'
        if p.get("label"):
            name += f' "{p["label"]}"'
        if not p.get("alive", True):
            name += " (defeated)"
        return name

    def text_summary(self) -> str:
        """A plain-text description of the board, for screen readers and printing."""
        p = self.planet
        if self.wind is None:
            wind = "no wind set"
        else:
            wind = f"wind {self.wind} ({hexgrid.direction_name(self.wind)}) blowing toward territory {self.wind}"
        lines = [f"Windward board, {p.size} planet {p}: {self.n} spaces, {wind}.",
                 "Trading Post at the centre (0,0); its six neighbours enter and leave port."]
        for t in range(1, 7):
            feats = [f"tile {p.tile_names.get(t, '?')}"]
            for key, name in (("feeding_ground", "feeding ground"), ("red_start", "red crester start"),
                              ("gas_pocket", "gas pocket")):
                feats.append(f"{name} {p.label(getattr(p, key)[t])}")
            corner = p.corner[t]
            feats.append(f"corner {p.label(corner)} (links to {p.label(p.corner_link[corner])})")
            for terrain in ("drift", "zephyr"):
                cells = [p.label(i) for i in p.territory_cells[t] if p.terrain[i] == terrain]
                feats.append(f"{terrain} " + (" ".join(cells) if cells else "none"))
            lines.append(f"Territory {t}: " + "; ".join(feats) + ".")
        if self.pieces:
            lines.append("Pieces:")
            for piece in self.pieces:
                lines.append(f"  {self._piece_text(piece)} at {p.describe(piece['hex'])}")
        else:
            lines.append("No pieces on the board.")
        if self.highlighted:
            marks = []
            for i in self.highlighted:
                cost = f" cost {self.costs[i]}" if i in self.costs else ""
                marks.append(p.label(i) + cost)
            lines.append(f"Highlighted ({len(marks)}): " + ", ".join(marks) + ".")
        return "\n".join(lines)

    # ------------------------------------------------------------------ clicks
    def on_hex_click(self, callback: Callable[[int], Any], remove: bool = False) -> None:
        """Register ``callback(index)`` to run when a hex is clicked (``remove=True`` drops it)."""
        self.on_click(callback, remove)

    def click(self, index: int) -> None:
        """Act as if hex ``index`` had been clicked: run every registered callback.

        A refusal from the engine (``IllegalActionError``) is shown as a reason; any other
        exception is shown in the message area with its traceback in ``error_log``.
        """
        if not isinstance(index, (int, np.integer)) or not 0 <= index < self.n:
            self.show_message(f"There is no space number {index} on this planet.", "warning")
            return
        super().click(int(index))

    # ------------------------------------------------------------------ the wind (in place)
    def set_wind(self, d: int | str) -> None:
        """Point the wind flag toward territory ``d`` (1-6 or a name such as ``"NE"``)."""
        d = hexgrid.direction_number(d)
        self.wind = d
        cx, cy = self._wind_centre
        dx, dy = hexgrid.pixel(hexgrid.scale(d, 1))
        ux, uy = dx / SQRT3, dy / SQRT3        # unit vector toward territory d
        px, py = -uy, ux                       # perpendicular
        length, shaft, head, head_len = (k * self._wind_unit for k in (35, 4.5, 14, 17))
        pts = [(-length, -shaft), (length - head_len, -shaft), (length - head_len, -head),
               (length, 0.0), (length - head_len, head), (length - head_len, shaft), (-length, shaft),
               (-length, -shaft)]
        xs = [cx + a * ux + b * px for a, b in pts]
        ys = [cy + a * uy + b * py for a, b in pts]
        colours = ["#1B1B1B"] * 6
        colours[d - 1] = HIGHLIGHT_COLOUR
        with held(self.fig, self.wind_mark, self.wind_label_mark, self.territory_mark):
            self.wind_mark.x = np.array(xs)
            self.wind_mark.y = np.array(ys)
            self.wind_mark.visible = True
            self.wind_label_mark.text = strings([f"wind {d} ({hexgrid.direction_name(d)})"])
            self.territory_mark.colors = colours


# kept for modules that drew with the first version's helpers
_held = held
_strings = strings
