"""The planet board: a bqplot figure of the hex map with clickable spaces.

``BoardWidget`` draws what it is given and reports clicks; it knows no rule.
Every mark is built once in ``__init__`` and later updated in place inside
``hold_sync`` blocks, so a redraw never rebuilds the figure.

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
import traceback
from collections import defaultdict
from contextlib import ExitStack, contextmanager
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

import bqplot as bq
import ipywidgets as widgets
import numpy as np

from windward_nb import hexgrid
from windward_nb.planet import Planet

try:  # the engine's refusal: shown as a reason, not as a crash
    from windward_nb.errors import IllegalActionError
except ImportError:  # pragma: no cover - engine module not there yet
    IllegalActionError = None  # type: ignore[assignment,misc]

__all__ = ["BoardWidget", "TERRAIN_STYLE", "PIECE_STYLE", "COLOURS", "colour_of"]

SQRT3 = math.sqrt(3.0)

# Terrain fills from Paul Tol's colour-blind-safe "light" scheme, each paired with a glyph so
# that colour is never the only cue.  (fill, glyph, glyph colour, plain-language name)
TERRAIN_STYLE: dict[str, tuple[str, str, str, str]] = {
    "plain": ("#F3F1EA", "", "#000000", "open sky"),
    "drift": ("#8C8C8C", "≋", "#FFFFFF", "drift (rock; blocks movement)"),
    "zephyr": ("#99DDFF", "⚡", "#1A3A5A", "zephyr (jump to any zephyr, 1 speed)"),
    "gas": ("#EEDD88", "♨", "#5A4A00", "gas pocket"),
    "feeding": ("#BBCC33", "✿", "#2E3300", "feeding ground (grey crester)"),
    "red_start": ("#EE8866", "✶", "#5A1A00", "red crester start"),
    "corner": ("#77AADD", "»", "#0B2545", "around-the-planet corner"),
    "port": ("#2B3A4A", "TP", "#FFFFFF", "the Trading Post"),
}

# Pieces: one bqplot Scatter per kind, so each kind has its own marker SHAPE.
# (marker, area in px^2 at 28 px per hex radius, row, default colour, name)
# Areas are 2.2x those of the first version of the board (a piece is about 1.5x as wide), so
# that on the play table's smaller default board they still cover twice the screen area.  Cresters and ships share the upper row of a hex (cresters
# first); longboats and items sit in the lower row, so a ship and its longboat on one space
# never hide each other.  Every piece sits on a white "sticker" (a halo of its own shape with
# a dark rim) so that it keeps its contrast on every terrain colour, the dark Trading Post too.
UPPER_ROW, LOWER_ROW = 0.32, -0.48
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
HALO_PX = 6               # the white sticker is this many pixels wider and taller than its piece
HALO_FILL, PIECE_STROKE = "#FFFFFF", "#1B1B1B"


def marker_extent(marker: str, area: float) -> tuple[float, float]:
    """Width and height in pixels of a bqplot (d3) marker of ``area`` px^2."""
    if marker in ("triangle-up", "triangle-down"):
        side = math.sqrt(4 * area / SQRT3)
        return side, side * SQRT3 / 2
    if marker == "circle":
        d = 2 * math.sqrt(area / math.pi)
        return d, d
    if marker == "diamond":
        y = math.sqrt(area / (2 * math.tan(math.pi / 6)))
        return 2 * y * math.tan(math.pi / 6), 2 * y
    if marker == "cross":
        w = 3 * math.sqrt(area / 5)
        return w, w
    side = math.sqrt(area)
    return side, side


# Named colours used by the engine's views (ship colours, crester kinds, cargo items), mapped to
# the Okabe-Ito / Tol colour-blind-safe palettes.  Every piece also has its own shape and label.
COLOURS: dict[str, str] = {
    "blue": "#0072B2", "green": "#009E73", "orange": "#E69F00", "purple": "#CC79A7", "black": "#1B1B1B",
    "grey": "#9A9A9A", "red": "#CC3311", "white": "#FFFFFF",
    "gas": "#DDAA33", "grey_teeth": "#DDDDDD", "red_teeth": "#EE7733", "tokens": "#33BBEE",
}


def colour_of(name: str) -> str:
    """The drawing colour of a named colour (``"blue"`` -> ``"#0072B2"``); other values pass through."""
    return COLOURS.get(str(name).lower(), str(name))


# Highlight colours for costs 0, 1, 2, ... (Tol "muted"); the cost is also written as text.
COST_COLOURS = ("#117733", "#44AA99", "#88CCEE", "#DDCC77", "#CC6677", "#AA4499", "#882255", "#332288")
HIGHLIGHT_COLOUR = "#EE3377"

_MESSAGE_ICONS = {"info": ("ℹ", "#1A3A5A", "#E8F1F8"), "warning": ("⚠", "#5A3A00", "#FFF4D6"),
                  "error": ("✖", "#6B0F0F", "#FCE4E4")}


@contextmanager
def _held(*ws: widgets.Widget) -> Iterator[None]:
    """Hold the sync of several widgets so each sends one message with all its changes."""
    with ExitStack() as stack:
        for w in ws:
            stack.enter_context(w.hold_sync())
        yield


def _strings(values: Iterable[str]) -> np.ndarray:
    """A numpy string array (bqplot cannot serialise an empty object array)."""
    return np.array([str(v) for v in values], dtype=str)


def _hexagon(cx: float, cy: float, radius: float = 1.0) -> tuple[list[float], list[float]]:
    """The closed outline (7 points) of a flat-topped hexagon."""
    angles = [math.radians(60 * k) for k in range(7)]
    return [cx + radius * math.cos(a) for a in angles], [cy + radius * math.sin(a) for a in angles]


def _relative_luminance(colour: str) -> float:
    r, g, b = (int(colour[k:k + 2], 16) / 255 for k in (1, 3, 5))
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _text_colour(fill: str) -> str:
    """Black or white, whichever has the higher contrast ratio on ``fill`` (a #rrggbb colour or a
    CSS name), as the WCAG defines contrast."""
    named = {"white": "#ffffff", "black": "#000000", "grey": "#808080", "gray": "#808080",
             "red": "#ff0000", "blue": "#0000ff", "green": "#008000", "yellow": "#ffff00",
             "orange": "#ffa500", "purple": "#800080"}
    c = named.get(fill.lower(), fill)
    if not (c.startswith("#") and len(c) == 7):
        return "#000000"
    lum = _relative_luminance(c)
    return "#000000" if (lum + 0.05) / 0.05 >= 1.05 / (lum + 0.05) else "#FFFFFF"


class BoardWidget(widgets.VBox):
    """The planet of Celus as an interactive bqplot board.

    Parameters
    ----------
    planet:
        A :class:`~windward_nb.planet.Planet` or its text form (``"large:ABCDEF"``).
    wind:
        Initial wind direction 1-6, or ``None`` for no flag yet.
    width, height:
        Figure size in pixels.

    Public marks (for tests and advanced use): ``hex_mark`` (terrain polygons),
    ``border_mark``, ``link_mark``, ``glyph_mark``, ``territory_mark``,
    ``highlight_mark``, ``cost_mark``, ``piece_marks`` (kind -> Scatter),
    ``piece_label_mark``, ``wind_mark``, ``wind_label_mark`` and ``click_mark``
    (the clickable hex centres).  ``message`` (HTML) shows reasons and errors; ``error_log``
    (HTML) keeps the traceback of a genuine bug folded in a details box.  With
    ``message_sink`` set (an object with ``show(text, kind)`` and ``error(exc, context)``,
    e.g. a table's message area) messages go there instead.
    """

    def __init__(self, planet: Planet | str = "large:ABCDEF", wind: int | None = None, *,
                 width: int = 620, height: int = 660, **kwargs: Any):
        self.planet = planet if isinstance(planet, Planet) else Planet.parse(planet)
        self.n = len(self.planet.cells)
        self.centres = np.array([hexgrid.pixel(h) for h in self.planet.cells], dtype=float)
        self.wind: int | None = None
        self.pieces: list[dict[str, Any]] = []
        self.highlighted: list[int] = []
        self.costs: dict[int, Any] = {}
        self.notes: dict[int, str] = {}
        self.last_clicked: int | None = None
        self._callbacks: list[Callable[[int], Any]] = []
        self.message_text = ""

        self._build_scales(width, height)
        marks = [
            self._build_hexes(),
            self._build_links(),
            self._build_borders(),
            self._build_highlight(),
            self._build_glyphs(),
            self._build_territory_numbers(),
            *self._build_wind(),
            self._build_dock(),
            *self._build_pieces(),
            self._build_costs(),
            self._build_click_layer(),
        ]
        self.fig = bq.Figure(
            marks=marks, axes=[], padding_x=0, padding_y=0,
            fig_margin=dict(self._margin),
            layout=widgets.Layout(width=f"{width}px", height=f"{height}px"),
            background_style={"fill": "#FFFFFF"},
            title="", animation_duration=0,
        )
        self.message = widgets.HTML(value="", layout=widgets.Layout(min_height="1.6em", width=f"{width}px"))
        self.message.add_class("ww-board-message")
        self.error_log = widgets.HTML(value="", layout=widgets.Layout(width=f"{width}px"))
        self.error_log.add_class("ww-board-log")
        self.legend = widgets.HTML(value=self._legend_html(), layout=widgets.Layout(width=f"{width}px"))
        super().__init__(children=[self.fig, self.message, self.legend, self.error_log], **kwargs)
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
        return int(math.ceil((width - 16) * (SQRT3 * r + 2.1) / (1.5 * r + 2.0))) + 16

    def _build_scales(self, width: int, height: int) -> None:
        self._margin = {"top": 8, "bottom": 8, "left": 8, "right": 8}
        plot_w = width - self._margin["left"] - self._margin["right"]
        plot_h = height - self._margin["top"] - self._margin["bottom"]
        r = self.planet.radius
        half_h = SQRT3 * r + 2.1          # corner hex + territory number + a little air
        half_w = max(1.5 * r + 2.0, half_h * plot_w / plot_h)
        half_h = half_w * plot_h / plot_w  # equal units on both axes, so hexes stay regular
        self.px_per_unit = plot_w / (2 * half_w)
        self._extent = (half_w, half_h)
        # "At port": ships at the Trading Post stand in a row in the free bottom-left corner of the
        # figure, as they stand on the At Port slot of their ship boards in the boxed game
        self._dock = (-half_w + 0.85, -half_h + 1.05)
        self.x_scale = bq.LinearScale(min=-half_w, max=half_w, allow_padding=False)
        self.y_scale = bq.LinearScale(min=-half_h, max=half_h, allow_padding=False)
        self._scales = {"x": self.x_scale, "y": self.y_scale}

    def _area(self, base: float) -> int:
        """Marker area scaled from the 28 px-per-unit design size to this figure."""
        return int(round(base * (self.px_per_unit / 28.0) ** 2))

    def _font(self, base: float) -> float:
        return round(base * self.px_per_unit / 28.0, 1)

    def _build_hexes(self) -> bq.Lines:
        xs, ys = zip(*(_hexagon(cx, cy, 1.0) for cx, cy in self.centres))
        fills = [TERRAIN_STYLE[t][0] for t in self.planet.terrain]
        self.hex_mark = bq.Lines(
            x=np.array(xs), y=np.array(ys), scales=self._scales, fill="inside",
            colors=["#B9C2CA"] * self.n, fill_colors=fills, fill_opacities=[1.0] * self.n,
            stroke_width=1.0, interactions={}, close_path=True,
        )
        return self.hex_mark

    def _edge(self, i: int, d: int) -> tuple[list[float], list[float]]:
        """The edge of hex ``i`` facing direction ``d`` (two corner points)."""
        cx, cy = self.centres[i]
        nx, ny = hexgrid.pixel(hexgrid.neighbour(self.planet.cells[i], d))
        theta = math.atan2(ny - cy, nx - cx)
        a, b = theta - math.pi / 6, theta + math.pi / 6
        return [cx + math.cos(a), cx + math.cos(b)], [cy + math.sin(a), cy + math.sin(b)]

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

    def _build_glyphs(self) -> bq.Label:
        idx = [i for i, t in enumerate(self.planet.terrain) if TERRAIN_STYLE[t][1]]
        self._glyph_index = idx
        terr = [self.planet.terrain[i] for i in idx]
        self.glyph_mark = bq.Label(
            x=self.centres[idx, 0], y=self.centres[idx, 1], scales=self._scales,
            text=_strings([TERRAIN_STYLE[t][1] for t in terr]),
            colors=[TERRAIN_STYLE[t][2] for t in terr], align="middle",
            default_size=self._font(17), font_weight="bold",
            interactions={},
        )
        return self.glyph_mark

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
            text=_strings([str(t) for t in range(1, 7)]), colors=["#1B1B1B"] * 6,
            align="middle", default_size=self._font(22), font_weight="bold", interactions={},
        )
        return self.territory_mark

    def _build_highlight(self) -> bq.Lines:
        """One polygon per hex, all invisible until ``highlight`` shows some of them."""
        xs, ys = zip(*(_hexagon(cx, cy, 0.84) for cx, cy in self.centres))
        self.highlight_mark = bq.Lines(
            x=np.array(xs), y=np.array(ys), scales=self._scales, fill="inside",
            colors=[HIGHLIGHT_COLOUR] * self.n, fill_colors=[HIGHLIGHT_COLOUR] * self.n,
            opacities=[0.0] * self.n, fill_opacities=[0.0] * self.n, stroke_width=3.5,
            interactions={},
        )
        return self.highlight_mark

    def _build_costs(self) -> bq.Label:
        self.cost_mark = bq.Label(
            x=self.centres[:, 0], y=self.centres[:, 1] - 0.52, scales=self._scales,
            text=_strings([""] * self.n), colors=["#1B1B1B"] * self.n,
            align="middle", default_size=self._font(14), font_weight="bold", interactions={},
        )
        return self.cost_mark

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
            text=_strings(["wind not set"]), colors=["#1B1B1B"], align="middle",
            default_size=self._font(15), font_weight="bold", interactions={},
        )
        return [self.wind_ring_mark, self.wind_mark, self.wind_label_mark]

    def _build_dock(self) -> bq.Label:
        x, y = self._dock
        self.dock_label_mark = bq.Label(
            x=np.array([x - 0.55]), y=np.array([y + 0.85]), scales=self._scales, text=_strings(["At port:"]),
            colors=["#1B1B1B"], align="start", default_size=self._font(14), font_weight="bold",
            interactions={}, visible=False,
        )
        return self.dock_label_mark

    def _build_pieces(self) -> list[bq.Mark]:
        self.piece_marks: dict[str, bq.Scatter] = {}
        self.halo_marks: dict[str, bq.Scatter] = {}
        for kind, (marker, area, _row, colour, _name) in PIECE_STYLE.items():
            self.halo_marks[kind] = bq.Scatter(
                x=np.zeros(0), y=np.zeros(0), scales=self._scales, marker=marker,
                default_size=self._halo_area(kind), colors=[HALO_FILL], stroke=PIECE_STROKE,
                stroke_width=1.0, opacities=[1.0], display_names=False, interactions={}, names_unique=False,
            )
            self.piece_marks[kind] = bq.Scatter(
                x=np.zeros(0), y=np.zeros(0), scales=self._scales, marker=marker,
                default_size=self._area(area), colors=[colour], stroke=PIECE_STROKE, stroke_width=1.5,
                opacities=[1.0], display_names=False, interactions={}, names_unique=False,
            )
        self.piece_label_mark = bq.Label(
            x=np.zeros(0), y=np.zeros(0), scales=self._scales, text=_strings([]),
            colors=["#000000"], align="middle", default_size=self._font(13), font_weight="bold",
            interactions={},
        )
        return [*self.halo_marks.values(), *self.piece_marks.values(), self.piece_label_mark]

    def _halo_area(self, kind: str) -> int:
        """Area of the sticker under a piece: its shape grown by :data:`HALO_PX` pixels."""
        marker, area = PIECE_STYLE[kind][0], self._area(PIECE_STYLE[kind][1])
        _w, h = marker_extent(marker, area)
        return int(round(area * ((h + HALO_PX) / h) ** 2))

    def piece_size(self, kind: str) -> tuple[float, float]:
        """Width and height of a piece of ``kind`` on this board, in hex-radius units."""
        marker, area = PIECE_STYLE[kind][0], PIECE_STYLE[kind][1]
        w, h = marker_extent(marker, self._area(area))
        return w / self.px_per_unit, h / self.px_per_unit

    def _build_click_layer(self) -> bq.Scatter:
        """Invisible discs over every hex: they take the clicks and show the hover tooltip."""
        radius_px = 0.86 * self.px_per_unit * SQRT3 / 2
        self.click_mark = bq.Scatter(
            x=self.centres[:, 0], y=self.centres[:, 1], scales=self._scales, marker="circle",
            default_size=int(math.pi * radius_px ** 2), colors=["#FFFFFF"], opacities=[0.0],
            stroke=None, names=_strings(self._hover_texts()), display_names=False,
            names_unique=False,
            tooltip=bq.Tooltip(fields=["name"], labels=["space"]),
            interactions={"hover": "tooltip"}, hovered_style={"cursor": "pointer"},
        )
        self.click_mark.on_element_click(self._on_element_click)
        return self.click_mark

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

    # ------------------------------------------------------------------ text
    def _pieces_at(self, i: int) -> list[dict[str, Any]]:
        return [p for p in self.pieces if p["hex"] == i]

    @staticmethod
    def _piece_text(p: Mapping[str, Any]) -> str:
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

    def _hover_texts(self) -> list[str]:
        return [self._hover_text(i) for i in range(self.n)]

    def _refresh_hover(self) -> None:
        self.click_mark.names = _strings(self._hover_texts())

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

    # ------------------------------------------------------------------ clicks and messages
    def on_hex_click(self, callback: Callable[[int], Any], remove: bool = False) -> None:
        """Register ``callback(index)`` to run when a hex is clicked (``remove=True`` drops it)."""
        if remove:
            self._callbacks = [c for c in self._callbacks if c != callback]
        else:
            self._callbacks.append(callback)

    def _on_element_click(self, _mark: Any, event: Mapping[str, Any]) -> None:
        try:
            index = int(event["data"]["index"])
        except Exception as exc:  # a malformed front-end event: say so instead of crashing
            self.show_error(exc, context="reading the click event")
            return
        self.click(index)

    def click(self, index: int) -> None:
        """Act as if hex ``index`` had been clicked: run every registered callback.

        A refusal from the engine (``IllegalActionError``) is shown as a reason; any other
        exception is shown in the message area with its traceback in ``error_log``.
        """
        if not 0 <= index < self.n:
            self.show_message(f"There is no space number {index} on this planet.", "warning")
            return
        self.last_clicked = index
        self.clear_message(log=False)
        for callback in list(self._callbacks):
            try:
                callback(index)
            except Exception as exc:  # noqa: BLE001 - shown to the user, never swallowed
                if IllegalActionError is not None and isinstance(exc, IllegalActionError):
                    self.show_message(str(exc), "warning")
                else:
                    self.show_error(exc, context=f"handling a click on {self.planet.describe(index)}")

    #: where messages go instead of ``message`` (see the class docstring)
    message_sink: Any = None

    def show_message(self, text: str, kind: str = "info") -> None:
        """Show a short message (``kind`` is info, warning or error; each has its own icon)."""
        self.message_text = text
        if self.message_sink is not None:
            self.message_sink.show(text, kind)
            return
        icon, ink, paper = _MESSAGE_ICONS.get(kind, _MESSAGE_ICONS["info"])
        self.message.value = (
            f'<div role="status" class="ww-msg ww-msg-{kind}" style="color:{ink};background:{paper};'
            f'padding:2px 8px;border-radius:4px;line-height:1.4">{icon} {html.escape(text)}</div>'
        )

    def show_error(self, exc: BaseException, context: str = "") -> None:
        """Show a genuine bug: a message, and its traceback folded inside ``error_log``."""
        if self.message_sink is not None:
            self.message_text = f"{type(exc).__name__}: {exc}"
            self.message_sink.error(exc, context)
            return
        where = f" while {context}" if context else ""
        self.show_message(f"Something went wrong{where}: {type(exc).__name__}: {exc}. This is a bug in the "
                          "workbook, not your mistake.", "error")
        tb = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        self.error_log.value = (f'<details class="ww-bug" style="font-size:12px"><summary>Details for a bug report'
                                f'</summary><pre style="white-space:pre-wrap;max-height:12em;overflow:auto">'
                                f"{html.escape(tb)}</pre></details>")

    def clear_message(self, log: bool = True) -> None:
        self.message.value = ""
        self.message_text = ""
        if log:
            self.error_log.value = ""

    # ------------------------------------------------------------------ updates (in place)
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
        with _held(self.fig, self.wind_mark, self.wind_label_mark, self.territory_mark):
            self.wind_mark.x = np.array(xs)
            self.wind_mark.y = np.array(ys)
            self.wind_mark.visible = True
            self.wind_label_mark.text = _strings([f"wind {d} ({hexgrid.direction_name(d)})"])
            self.territory_mark.colors = colours

    def highlight(self, indices: Iterable[int], colours: str | Sequence[str] | None = None,
                  costs: Sequence[Any] | Mapping[int, Any] | None = None,
                  notes: Mapping[int, str] | None = None) -> None:
        """Highlight hexes in place (one mark, same object).

        ``colours`` is one colour or one per index; ``costs`` (a list parallel to ``indices`` or
        a dict index -> cost) are written on the hexes and, without ``colours``, pick the colour.
        ``notes`` (index -> text) replace "cost N" in the hover text of those hexes.
        ``highlight([])`` clears.
        """
        indices = [int(i) for i in indices]
        bad = [i for i in indices if not 0 <= i < self.n]
        if bad:
            raise ValueError(f"no such space(s) on this planet: {bad}")
        if costs is None:
            cost_map: dict[int, Any] = {}
        elif isinstance(costs, Mapping):
            cost_map = {int(k): v for k, v in costs.items()}
        else:
            costs = list(costs)
            if len(costs) != len(indices):
                raise ValueError(f"costs has {len(costs)} entries for {len(indices)} indices")
            cost_map = dict(zip(indices, costs))
        if colours is None:
            if cost_map:
                per = [COST_COLOURS[min(int(cost_map.get(i, 0)), len(COST_COLOURS) - 1)]
                       if isinstance(cost_map.get(i, 0), (int, np.integer)) else HIGHLIGHT_COLOUR
                       for i in indices]
            else:
                per = [HIGHLIGHT_COLOUR] * len(indices)
        elif isinstance(colours, str):
            per = [colours] * len(indices)
        else:
            per = list(colours)
            if len(per) != len(indices):
                raise ValueError(f"colours has {len(per)} entries for {len(indices)} indices")
        stroke = [HIGHLIGHT_COLOUR] * self.n
        opac = [0.0] * self.n
        fill_opac = [0.0] * self.n
        for i, c in zip(indices, per):
            stroke[i] = c
            opac[i] = 1.0
            fill_opac[i] = 0.2
        text = [""] * self.n
        for i, cost in cost_map.items():
            text[i] = str(cost)
        self.highlighted = indices
        self.costs = cost_map
        self.notes = {int(k): str(v) for k, v in (notes or {}).items()}
        with _held(self.highlight_mark, self.cost_mark, self.click_mark):
            self.highlight_mark.colors = stroke
            self.highlight_mark.fill_colors = stroke
            self.highlight_mark.opacities = opac
            self.highlight_mark.fill_opacities = fill_opac
            self.cost_mark.text = _strings(text)
            self._place_costs()
            self._refresh_hover()

    def _place_costs(self) -> None:
        """Cost labels sit low in their hex, or to the right where longboats or cargo sit low."""
        low = {p["hex"] for p in self.pieces if PIECE_STYLE[p["kind"]][2] < 0}
        low &= set(self.costs)
        x = self.centres[:, 0] + np.array([0.62 if i in low else 0.0 for i in range(self.n)])
        y = self.centres[:, 1] + np.array([-0.12 if i in low else -0.52 for i in range(self.n)])
        if not (np.array_equal(np.asarray(self.cost_mark.x), x) and np.array_equal(np.asarray(self.cost_mark.y), y)):
            self.cost_mark.x, self.cost_mark.y = x, y

    def clear_highlight(self) -> None:
        self.highlight([])

    def update_pieces(self, view: Sequence[Mapping[str, Any]] | Mapping[str, Any]) -> None:
        """Draw the pieces of ``view``: a list of piece dicts, or a dict with a ``"pieces"`` list
        (as the engine's ``board_view(state)`` will return).

        A piece dict: ``{"kind": "ship"|"longboat"|"grey"|"red"|"white"|"item", "hex": index,
        "colour": str, "alive": bool, "label": str}``; only ``kind`` and ``hex`` are required.
        Several pieces on one hex are spread out: cresters on top, ships in the middle,
        longboats and items below.
        """
        raw = view.get("pieces", []) if isinstance(view, Mapping) else view
        pieces = [self._normalise_piece(p, k) for k, p in enumerate(raw)]
        slots = self._layout(pieces)
        data: dict[str, dict[str, list]] = {k: defaultdict(list) for k in PIECE_STYLE}
        lx, ly, lt, lc = [], [], [], []
        for p, (x, y) in zip(pieces, slots):
            d = data[p["kind"]]
            fill = colour_of(p["colour"])
            d["x"].append(x)
            d["y"].append(y)
            d["colour"].append(fill)
            d["opacity"].append(1.0 if p["alive"] else 0.45)
            d["name"].append(self._piece_text(p))
            label = p["label"] or ("" if p["alive"] else "✕")   # defeated: faded AND crossed out
            if label:
                lx.append(x)
                ly.append(y + {"ship": -0.2, "longboat": 0.04, "item": -0.08}.get(p["kind"], -0.08))
                lt.append(label)
                lc.append(_text_colour(fill) if p["kind"] not in ("longboat",) and p["alive"] else "#1B1B1B")
        self.pieces = pieces
        occupied = {p["hex"] for p in pieces if not (p["hex"] == 0 and p["kind"] == "ship")}  # docked: not on it
        glyph_opacity = [0.3 if i in occupied else 1.0 for i in self._glyph_index]
        marks = [*self.halo_marks.values(), *self.piece_marks.values(), self.piece_label_mark, self.click_mark,
                 self.glyph_mark]
        with _held(self.fig, *marks):
            for kind, mark in self.piece_marks.items():
                d = data[kind]
                halo = self.halo_marks[kind]
                with _held(mark, halo):
                    mark.x = halo.x = np.array(d["x"], dtype=float)
                    mark.y = halo.y = np.array(d["y"], dtype=float)
                    mark.colors = d["colour"] or [PIECE_STYLE[kind][3]]
                    mark.opacities = d["opacity"] or [1.0]
                    halo.opacities = [min(1.0, o + 0.3) for o in d["opacity"]] or [1.0]
                    mark.names = _strings(d["name"])
            self.piece_label_mark.x = np.array(lx, dtype=float)
            self.piece_label_mark.y = np.array(ly, dtype=float)
            self.piece_label_mark.text = _strings(lt)
            self.piece_label_mark.colors = lc or ["#000000"]
            self.glyph_mark.opacities = glyph_opacity   # a terrain glyph fades under pieces
            at_port = any(p["hex"] == 0 and p["kind"] == "ship" for p in pieces)
            if self.dock_label_mark.visible != at_port:
                self.dock_label_mark.visible = at_port
            self._place_costs()
            self._refresh_hover()

    def _normalise_piece(self, p: Mapping[str, Any], k: int) -> dict[str, Any]:
        kind = p.get("kind")
        if kind not in PIECE_STYLE:
            raise ValueError(f"piece {k}: unknown kind {kind!r}; expected one of {', '.join(PIECE_STYLE)}")
        try:
            i = int(p["hex"])
        except (KeyError, TypeError, ValueError):
            raise ValueError(f"piece {k} ({kind}) needs an integer 'hex' index, got {p.get('hex')!r}") from None
        if not 0 <= i < self.n:
            raise ValueError(f"piece {k} ({kind}) is on hex {i}, which is not on this planet (0-{self.n - 1})")
        return {"kind": kind, "hex": i, "colour": str(p.get("colour") or PIECE_STYLE[kind][3]),
                "alive": bool(p.get("alive", True)), "label": str(p.get("label") or ""),
                "text": str(p.get("text") or "")}

    def _layout(self, pieces: Sequence[Mapping[str, Any]]) -> list[tuple[float, float]]:
        """Centre of each piece, spread so that none hides another.

        On an ordinary space, cresters and ships form the upper row and longboats and
        items the lower one (a single row sits in the middle); pieces in a row stand side
        by side, at least their own width apart. Ships at the Trading Post stand two to a
        row, rows stacked around its centre.
        """
        by_hex: dict[int, list[int]] = defaultdict(list)
        out: list[tuple[float, float]] = [(0.0, 0.0)] * len(pieces)
        gap = 0.08
        docked = 0
        w_ship = self.piece_size("ship")[0]
        for k, p in enumerate(pieces):
            if p["hex"] == 0 and p["kind"] == "ship":      # at port: in the dock, full size, side by side
                out[k] = (self._dock[0] + docked * (w_ship + 0.12), self._dock[1])
                docked += 1
            else:
                by_hex[p["hex"]].append(k)
        for i, members in by_hex.items():
            cx, cy = self.centres[i]
            size = {k: self.piece_size(pieces[k]["kind"]) for k in members}
            upper = [k for k in members if PIECE_STYLE[pieces[k]["kind"]][2] > 0]
            lower = [k for k in members if PIECE_STYLE[pieces[k]["kind"]][2] <= 0]
            rows = [r for r in (upper, lower) if r]
            if len(rows) == 2:   # stacked, touching, centred a little low (the cost label goes right)
                h_up, h_low = (max(size[k][1] for k in r) for r in rows)
                top = (h_up + h_low + gap) / 2 - 0.05
                ys = [top - h_up / 2, top - h_up - gap - h_low / 2]
            else:
                ys = [0.05] if upper else [-0.3]
            for row, dy in zip(rows, ys):
                widths = [size[k][0] for k in row]
                span = sum(widths) + gap * (len(row) - 1)
                x = cx - span / 2
                for k, w in zip(row, widths):
                    out[k] = (x + w / 2, cy + dy)
                    x += w + gap
        return out
