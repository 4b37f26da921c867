"""A clickable board of spaces on bqplot, for any game: spaces, pieces, highlights, clicks.

``SpacesBoard`` draws what it is given and reports clicks; it knows no rule. A
space is a :class:`~windward_nb.core.view.Space` (a centre, a shape, a fill, a
glyph, a hover text); a piece is a dict or a :class:`~windward_nb.core.view.Piece`
(a kind with its own marker shape, a colour, a label). Every mark is built once
in ``__init__`` and later updated in place inside ``hold_sync`` blocks, so a
redraw never rebuilds the figure. Subclasses add their own marks at named
places (:meth:`_build_under`, :meth:`_build_over`) -- Windward's planet board
adds territory borders, corner links, the wind flag and the At port row.

**Fits its place.** With ``fit=True`` (the default) the figure is as wide as the
space the page gives it, up to ``width`` pixels, keeping its proportions: bqplot
re-lays out the spaces at the real size, and the marks whose size is in pixels
(pieces, their stickers, the click discs, every text) are scaled with it by CSS
container queries, in steps of 4 %, so that nothing overlaps on a narrow page.

>>> from windward_nb.core.view import Space
>>> b = SpacesBoard([Space(0, 0, "circle"), Space(2.2, 0, "square", label="B")], width=300)
>>> b.n, len(b.click_mark.x)
(2, 2)
>>> seen = []
>>> b.on_click(seen.append)
>>> b.click(1); seen
[1]
>>> b.update_pieces([{"kind": "pawn", "space": 1, "colour": "blue", "label": "1"}])
>>> [round(float(v), 2) for v in b.piece_marks["pawn"].x]
[2.2]
"""

from __future__ import annotations

import html
import math
from collections import defaultdict
from contextlib import ExitStack, contextmanager
from typing import Any
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence

import bqplot as bq
import ipywidgets as widgets
import numpy as np

from .colours import colour_of, text_colour
from .messages import bug_html, is_refusal, message_html

__all__ = ["SpacesBoard", "PIECE_STYLE", "HALO_PX", "HALO_FILL", "PIECE_STROKE", "COST_COLOURS",
           "HIGHLIGHT_COLOUR", "marker_extent", "held", "strings", "polygon", "fit_css"]

SQRT3 = math.sqrt(3.0)
#: pixels per board unit at which marker areas and font sizes are designed
DESIGN_PX = 28.0
UPPER_ROW, LOWER_ROW = 0.32, -0.48
#: kind -> (bqplot marker, area in px^2 at DESIGN_PX, row (>0 upper, <=0 lower), default colour, name)
PIECE_STYLE: dict[str, tuple[str, int, float, str, str]] = {
    "pawn": ("circle", 484, UPPER_ROW, "#0072B2", "pawn"),
    "ship": ("triangle-up", 528, UPPER_ROW, "#0072B2", "ship"),
    "disc": ("circle", 484, UPPER_ROW, "#9A9A9A", "disc"),
    "diamond": ("diamond", 506, UPPER_ROW, "#CC3311", "diamond"),
    "cross": ("cross", 528, UPPER_ROW, "#FFFFFF", "cross"),
    "boat": ("triangle-down", 264, LOWER_ROW, "#0072B2", "boat"),
    "cube": ("square", 374, LOWER_ROW, "#DDAA33", "cube"),
}
HALO_PX = 6               # the white sticker is this many pixels wider and taller than its piece
HALO_FILL, PIECE_STROKE = "#FFFFFF", "#1B1B1B"
# Highlight colours for costs 0, 1, 2, ... (Tol "muted"); the cost is also written as text.
COST_COLOURS = ("#117733", "#44AA99", "#88CCEE", "#DDCC77", "#CC6677", "#AA4499", "#882255", "#332288")
HIGHLIGHT_COLOUR = "#EE3377"
FIT_MIN = 0.48            # the smallest scale the fitting CSS provides for (a 508 px board at 244 px)
FIT_STEP = 0.04
#: the smallest font a piece's label is drawn at, however many spaces the board holds (legibility)
MIN_LABEL_PX = 11.0


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


@contextmanager
def held(*ws: widgets.Widget) -> Iterator[None]:
    """Hold the sync of several widgets so each sends one message with all its changes."""
    with ExitStack() as stack:
        for w in ws:
            stack.enter_context(w.hold_sync())
        yield


def strings(values: Iterable[str]) -> np.ndarray:
    """A numpy string array (bqplot cannot serialise an empty object array)."""
    return np.array([str(v) for v in values], dtype=str)


def polygon(shape: str, cx: float, cy: float, radius: float = 1.0, points: int = 7) -> tuple[list[float], list[float]]:
    """The closed outline of a space: a flat-topped hexagon, a circle (a 12-gon), a square or
    a diamond, as ``points`` points (7 holds a hexagon; 13 holds every shape), so that one
    Lines mark holds every space of a board."""
    if shape not in SHAPES:
        raise ValueError(f"unknown space shape {shape!r}; shapes: {', '.join(SHAPES)}")
    corners = SHAPES[shape]
    if len(corners) + 1 > points:
        raise ValueError(f"a {shape} needs {len(corners) + 1} points, not {points}")
    pts = [(radius * x, radius * y) for x, y in corners]
    pts += [pts[0]] * (points - len(pts))        # closed, padded with the first corner
    return [cx + x for x, _ in pts], [cy + y for _, y in pts]


def _regular(n: int, start: float) -> list[tuple[float, float]]:
    return [(math.cos(math.radians(start + 360 * k / n)), math.sin(math.radians(start + 360 * k / n)))
            for k in range(n)]


#: space shape -> its corners on a unit radius ("field": a strip of words, six times as wide as high;
#: "card": a card standing upright)
SHAPES: dict[str, list[tuple[float, float]]] = {
    "hex": _regular(6, 0), "circle": _regular(12, 0),
    "square": [(0.9, 0.9), (-0.9, 0.9), (-0.9, -0.9), (0.9, -0.9)], "diamond": _regular(4, 0),
    "field": [(1.0, 0.16), (-1.0, 0.16), (-1.0, -0.16), (1.0, -0.16)],
    "card": [(0.66, 0.92), (-0.66, 0.92), (-0.66, -0.92), (0.66, -0.92)],
}


#: half width and half height of the shapes that are not about as wide as high (per unit of size)
_EXTENT = {"field": (1.0, 0.16), "card": (0.66, 0.92)}


def fit_css(cls: str, width: int, height: int) -> str:
    """The style sheet that lets a board of class ``cls`` (designed ``width`` x ``height`` px)
    shrink with its container: the figure keeps its proportions and every pixel-sized mark
    (markers, texts) is scaled in steps by container queries."""
    rules = [f".{cls} {{container-type: inline-size; container-name: {cls}; width: 100%; max-width: {width}px; "
             "min-width: 0; box-sizing: border-box;}",
             f".{cls} .ww-fit-fig {{width: 100% !important; height: auto !important; max-width: {width}px; "
             f"aspect-ratio: {width} / {height}; min-width: 0 !important; min-height: 0 !important; flex: 0 0 auto;}}",
             f".{cls} .ww-fit-fig path.dot, .{cls} .ww-fit-fig text.label {{transform-box: fill-box; "
             "transform-origin: center;}"]
    k = 1.0 - FIT_STEP
    while k >= FIT_MIN - 1e-9:
        below = round(width * (k + FIT_STEP / 2), 1)
        rules.append(f"@container {cls} (max-width: {below}px) {{ .{cls} .ww-fit-fig path.dot, "
                     f".{cls} .ww-fit-fig text.label {{scale: {k:.2f};}} }}")
        k = round(k - FIT_STEP, 4)
    return "<style>" + "\n".join(rules) + "</style>"


def _piece_dict(p: Any) -> Mapping[str, Any]:
    if isinstance(p, Mapping):
        return p
    return {"kind": p.kind, "hex": p.space, "colour": p.colour, "label": p.label, "text": p.text,
            "alive": p.alive, "seat": p.seat}


class SpacesBoard(widgets.VBox):
    """A board of clickable spaces (see the module docstring).

    Parameters
    ----------
    spaces:
        :class:`~windward_nb.core.view.Space` objects (centre, shape, size, fill, glyph, text).
    width, height:
        The figure's size in pixels (``height`` defaults to what keeps the units square).
    links:
        Pairs of space indices joined by a line (a track's path).
    fit:
        Shrink with the page (see the module docstring); ``False`` keeps the size fixed.

    Public marks (for tests and advanced use): ``space_mark`` (the space outlines),
    ``link_mark``, ``glyph_mark``, ``highlight_mark``, ``cost_mark``, ``piece_marks`` and
    ``halo_marks`` (kind -> Scatter), ``piece_label_mark`` and ``click_mark`` (the clickable
    space centres, with the hover texts). ``message`` (HTML) shows reasons and errors;
    ``error_log`` keeps the traceback of a genuine bug folded in a details box. With
    ``message_sink`` set (an object with ``show(text, kind)`` and ``error(exc, context)``,
    e.g. a table's message area) messages go there instead.
    """

    #: the piece kinds this board draws (subclasses give their own)
    PIECE_STYLE: dict[str, tuple[str, int, float, str, str]] = PIECE_STYLE
    #: glyph size in px at :data:`DESIGN_PX`
    GLYPH_PX = 17
    what = "board"          #: what the board is called in messages ("planet", "track")
    space_word = "space"

    def __init__(self, spaces: Sequence[Any], *, width: int = 508, height: int | None = None,
                 links: Sequence[tuple[int, int]] = (), fit: bool = True, **kwargs: Any):
        self.spaces = list(spaces)
        self.n = len(self.spaces)
        if not self.n:
            raise ValueError("a board needs at least one space")
        self.centres = np.array([(float(s.x), float(s.y)) for s in self.spaces], dtype=float)
        self.links = [tuple(map(int, pair)) for pair in links]
        self.pieces: list[dict[str, Any]] = []
        self.highlighted: list[int] = []
        self.costs: dict[int, Any] = {}
        self.notes: dict[int, str] = {}
        self.last_clicked: int | None = None
        self._callbacks: list[Callable[[int], Any]] = []
        self.message_text = ""
        self.width = int(width)
        self.height = int(height) if height is not None else self.height_for_width(self.width)
        self.fit = fit

        self._build_scales(self.width, self.height)
        marks = [self._build_spaces(), *self._build_under(), self._build_highlight(), self._build_glyphs(),
                 *self._build_over(), *self._build_pieces(), self._build_costs(), self._build_click_layer()]
        self.fig = bq.Figure(
            marks=marks, axes=[], padding_x=0, padding_y=0, fig_margin=dict(self._margin),
            layout=widgets.Layout(width=f"{self.width}px", height=f"{self.height}px"),
            background_style={"fill": "#FFFFFF"}, title="", animation_duration=0,
            display_toolbar=False,          # pan and zoom would only move the board off its clicks
        )
        box_width = "100%" if fit else f"{self.width}px"
        self.message = widgets.HTML(value="", layout=widgets.Layout(min_height="1.6em", width=box_width))
        self.message.add_class("ww-board-message")
        self.error_log = widgets.HTML(value="", layout=widgets.Layout(width=box_width))
        self.error_log.add_class("ww-board-log")
        self.legend = widgets.HTML(value=self._legend_html(), layout=widgets.Layout(width=box_width))
        self.fit_style = widgets.HTML(value="", layout=widgets.Layout(height="0px", margin="0", overflow="hidden"))
        children = [self.fig, self.message, self.legend, self.error_log]
        if fit:
            self.fit_class = f"ww-fit-{self.width}x{self.height}"
            self.fit_style.value = fit_css(self.fit_class, self.width, self.height)
            self.fig.add_class("ww-fit-fig")
            children.append(self.fit_style)
        super().__init__(children=children, **kwargs)
        self.add_class("ww-spaces-board")
        if fit:
            self.add_class(self.fit_class)

    # ------------------------------------------------------------------ geometry
    def _bounds(self) -> tuple[float, float, float, float]:
        """x0, x1, y0, y1 of the board in board units (every space with its size, plus air)."""
        wide = np.array([float(s.size) * _EXTENT.get(s.shape, (1.0, 1.0))[0] for s in self.spaces])
        high = np.array([float(s.size) * _EXTENT.get(s.shape, (1.0, 1.0))[1] for s in self.spaces])
        xs, ys = self.centres[:, 0], self.centres[:, 1]
        pad = 0.25
        return (float((xs - wide).min()) - pad, float((xs + wide).max()) + pad,
                float((ys - high).min()) - pad, float((ys + high).max()) + pad)

    def height_for_width(self, width: int) -> int:
        """The figure height that keeps the board's units square at ``width`` pixels."""
        x0, x1, y0, y1 = self._bounds()
        return math.ceil((width - 16) * (y1 - y0) / (x1 - x0)) + 16

    def _build_scales(self, width: int, height: int) -> None:
        self._margin = {"top": 8, "bottom": 8, "left": 8, "right": 8}
        plot_w = width - self._margin["left"] - self._margin["right"]
        plot_h = height - self._margin["top"] - self._margin["bottom"]
        x0, x1, y0, y1 = self._bounds()
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        half_w = max((x1 - x0) / 2, (y1 - y0) / 2 * plot_w / plot_h)
        half_h = half_w * plot_h / plot_w       # equal units on both axes
        self._set_scales(cx, cy, half_w, half_h, plot_w)

    def _set_scales(self, cx: float, cy: float, half_w: float, half_h: float, plot_w: float) -> None:
        self.px_per_unit = plot_w / (2 * half_w)
        self._extent = (half_w, half_h)
        self._centre = (cx, cy)
        self.x_scale = bq.LinearScale(min=cx - half_w, max=cx + half_w, allow_padding=False)
        self.y_scale = bq.LinearScale(min=cy - half_h, max=cy + half_h, allow_padding=False)
        self._scales = {"x": self.x_scale, "y": self.y_scale}

    #: the figure's sizes of marks and texts against their design sizes; ``None``: with the board's
    #: units (``px_per_unit / DESIGN_PX``). A board of words sets a number (1.0: the design sizes in
    #: px at full width), so that its texts keep their size however many units it holds.
    TEXT_SCALE: float | None = None

    def _scale(self) -> float:
        return self.px_per_unit / DESIGN_PX if self.TEXT_SCALE is None else self.TEXT_SCALE

    def _area(self, base: float) -> int:
        """Marker area scaled from the :data:`DESIGN_PX` design size to this figure."""
        return int(round(base * self._scale() ** 2))  # noqa: RUF046  (numpy 1.x rounds to a float)

    def _font(self, base: float) -> float:
        return round(base * self._scale(), 1)

    # ------------------------------------------------------------------ building (once)
    def _space_outlines(self, scale: float = 1.0) -> tuple[np.ndarray, np.ndarray]:
        points = 7 if all(s.shape == "hex" for s in self.spaces) else 13
        xs, ys = zip(*(polygon(s.shape, cx, cy, float(s.size) * scale, points)
                       for s, (cx, cy) in zip(self.spaces, self.centres)))
        return np.array(xs), np.array(ys)

    def _build_spaces(self) -> bq.Lines:
        x, y = self._space_outlines()
        self.space_mark = bq.Lines(
            x=x, y=y, scales=self._scales, fill="inside", colors=[s.stroke for s in self.spaces],
            fill_colors=[s.fill for s in self.spaces], fill_opacities=[1.0] * self.n,
            stroke_width=1.0, interactions={}, close_path=True,
        )
        return self.space_mark

    def _build_under(self) -> list[bq.Mark]:
        """Marks between the spaces and the highlights (by default: the links)."""
        xs = [[self.centres[a][0], self.centres[b][0]] for a, b in self.links]
        ys = [[self.centres[a][1], self.centres[b][1]] for a, b in self.links]
        self.link_mark = bq.Lines(
            x=np.array(xs) if xs else np.zeros((0, 2)), y=np.array(ys) if ys else np.zeros((0, 2)),
            scales=self._scales, colors=["#5A6A7A"] * max(1, len(xs)), stroke_width=2.5, interactions={},
        )
        return [self.link_mark]

    def _build_highlight(self) -> bq.Lines:
        """One outline per space, all invisible until ``highlight`` shows some of them."""
        x, y = self._space_outlines(0.84)
        self.highlight_mark = bq.Lines(
            x=x, y=y, scales=self._scales, fill="inside",
            colors=[HIGHLIGHT_COLOUR] * self.n, fill_colors=[HIGHLIGHT_COLOUR] * self.n,
            opacities=[0.0] * self.n, fill_opacities=[0.0] * self.n, stroke_width=3.5, interactions={},
        )
        return self.highlight_mark

    def _build_glyphs(self) -> bq.Label:
        idx = [i for i, s in enumerate(self.spaces) if s.glyph]
        self._glyph_index = idx
        self.glyph_mark = bq.Label(
            x=self.centres[idx, 0], y=self.centres[idx, 1], scales=self._scales,
            text=strings([self.spaces[i].glyph for i in idx]),
            colors=[self.spaces[i].glyph_colour for i in idx] or ["#000000"], align="middle",
            default_size=self._font(self.GLYPH_PX), font_weight="bold", interactions={},
        )
        return self.glyph_mark

    def _build_over(self) -> list[bq.Mark]:
        """Marks between the glyphs and the pieces (none by default)."""
        return []

    def _build_pieces(self) -> list[bq.Mark]:
        self.piece_marks: dict[str, bq.Scatter] = {}
        self.halo_marks: dict[str, bq.Scatter] = {}
        for kind, (marker, area, _row, colour, _name) in self.PIECE_STYLE.items():
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
            x=np.zeros(0), y=np.zeros(0), scales=self._scales, text=strings([]),
            colors=["#000000"], align="middle", default_size=max(MIN_LABEL_PX, self._font(13)), font_weight="bold",
            interactions={},
        )
        return [*self.halo_marks.values(), *self.piece_marks.values(), self.piece_label_mark]

    def _halo_area(self, kind: str) -> int:
        """Area of the sticker under a piece: its shape grown by :data:`HALO_PX` pixels."""
        marker, area = self.PIECE_STYLE[kind][0], self._area(self.PIECE_STYLE[kind][1])
        _w, h = marker_extent(marker, area)
        return int(round(area * ((h + HALO_PX) / h) ** 2))  # noqa: RUF046  (numpy 1.x rounds to a float)

    def piece_size(self, kind: str) -> tuple[float, float]:
        """Width and height of a piece of ``kind`` on this board, in board units."""
        marker, area = self.PIECE_STYLE[kind][0], self.PIECE_STYLE[kind][1]
        w, h = marker_extent(marker, self._area(area))
        return w / self.px_per_unit, h / self.px_per_unit

    def _build_costs(self) -> bq.Label:
        self.cost_mark = bq.Label(
            x=self.centres[:, 0], y=self.centres[:, 1] - 0.52, scales=self._scales,
            text=strings([""] * self.n), colors=["#1B1B1B"] * self.n,
            align="middle", default_size=self._font(14), font_weight="bold", interactions={},
        )
        return self.cost_mark

    def _build_click_layer(self) -> bq.Scatter:
        """Invisible discs over every space: they take the clicks and show the hover tooltip."""
        radius_px = 0.86 * self.px_per_unit * SQRT3 / 2 * min(float(s.size) for s in self.spaces)
        self.click_mark = bq.Scatter(
            x=self.centres[:, 0], y=self.centres[:, 1], scales=self._scales, marker="circle",
            default_size=int(math.pi * radius_px ** 2), colors=["#FFFFFF"], opacities=[0.0],
            stroke=None, names=strings(self._hover_texts()), display_names=False,
            names_unique=False, tooltip=bq.Tooltip(fields=["name"], labels=[self.space_word]),
            interactions={"hover": "tooltip"}, hovered_style={"cursor": "pointer"},
        )
        self.click_mark.on_element_click(self._on_element_click)
        return self.click_mark

    def _legend_items(self) -> list[tuple[str, str, str, str]]:
        """(fill, glyph, glyph colour, meaning) for each kind of space worth a legend entry."""
        seen: dict[tuple[str, str], tuple[str, str, str, str]] = {}
        for s in self.spaces:
            if s.glyph and (s.fill, s.glyph) not in seen:
                seen[(s.fill, s.glyph)] = (s.fill, s.glyph, s.glyph_colour, s.label or s.glyph)
        return list(seen.values())

    def _legend_html(self) -> str:
        items = [f'<span style="display:inline-block;margin:2px 10px 2px 0;white-space:nowrap">'
                 f'<span style="display:inline-block;min-width:1.7em;text-align:center;background:{fill};'
                 f'color:{ink};border:1px solid #888;border-radius:3px;font-weight:bold">{html.escape(glyph)}'
                 f"</span> {html.escape(name)}</span>" for fill, glyph, ink, name in self._legend_items()]
        return ('<div class="ww-board-legend" style="font-size:12px;line-height:1.5">' + "".join(items) + "</div>"
                if items else "")

    # ------------------------------------------------------------------ text
    def _pieces_at(self, i: int) -> list[dict[str, Any]]:
        return [p for p in self.pieces if p["hex"] == i]

    def _piece_text(self, p: Mapping[str, Any]) -> str:
        if p.get("text"):
            return str(p["text"])
        name = self.PIECE_STYLE[p["kind"]][4]
        if not str(p.get("colour", "#")).startswith("#"):
            name = f'{p["colour"]} {name}'
        if p.get("label"):
            name += f' "{p["label"]}"'
        if not p.get("alive", True):
            name += " (defeated)"
        return name

    def space_name(self, i: int) -> str:
        s = self.spaces[i]
        return s.text or s.label or f"{self.space_word} {i}"

    def _hover_text(self, i: int) -> str:
        text = self.space_name(i)
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
        names = strings(self._hover_texts())
        if not np.array_equal(np.asarray(self.click_mark.names), names):
            self.click_mark.names = names

    def text_summary(self) -> str:
        """A plain-text description of the board, for screen readers and printing."""
        lines = [f"A {self.what} of {self.n} {self.space_word}s."]
        for piece in self.pieces:
            lines.append(f"  {self._piece_text(piece)} on {self.space_name(piece['hex'])}")
        if not self.pieces:
            lines.append("No pieces on the board.")
        if self.highlighted:
            marks = [self.space_name(i) + (f" cost {self.costs[i]}" if i in self.costs else "")
                     for i in self.highlighted]
            lines.append(f"Highlighted ({len(marks)}): " + ", ".join(marks) + ".")
        return "\n".join(lines)

    # ------------------------------------------------------------------ clicks and messages
    def on_click(self, callback: Callable[[int], Any], remove: bool = False) -> None:
        """Register ``callback(index)`` to run when a space is clicked (``remove=True`` drops it)."""
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
        """Act as if space ``index`` had been clicked: run every registered callback.

        A refusal (an exception naming a ``rule`` and a ``reason``) is shown as a reason; any
        other exception is shown in the message area with its traceback in ``error_log``.
        """
        if not isinstance(index, (int, np.integer)) or not 0 <= index < self.n:
            self.show_message(f"There is no {self.space_word} number {index} on this {self.what}.", "warning")
            return
        index = int(index)
        self.last_clicked = index
        self.clear_message(log=False)
        for callback in list(self._callbacks):
            try:
                callback(index)
            except Exception as exc:  # noqa: BLE001 - shown to the user, never swallowed
                if is_refusal(exc):
                    self.show_message(str(exc), "warning")
                else:
                    self.show_error(exc, context=f"handling a click on {self.space_name(index)}")

    #: where messages go instead of ``message`` (see the class docstring)
    message_sink: Any = None

    def show_message(self, text: str, kind: str = "info") -> None:
        """Show a short message (``kind`` is info, warning or error; each has its own icon)."""
        self.message_text = text
        if self.message_sink is not None:
            self.message_sink.show(text, kind)
            return
        self.message.value = message_html(text, kind)

    def show_error(self, exc: BaseException, context: str = "") -> None:
        """Show a genuine bug: a message, and its traceback folded inside ``error_log``."""
        if self.message_sink is not None:
            self.message_text = f"{type(exc).__name__}: {exc}"
            self.message_sink.error(exc, context)
            return
        where = f" while {context}" if context else ""
        self.show_message(f"Something went wrong{where}: {type(exc).__name__}: {exc}. This is a bug in the "
                          "workbook, not your mistake.", "error")
        self.error_log.value = bug_html(exc, context)

    def clear_message(self, log: bool = True) -> None:
        if self.message.value:
            self.message.value = ""
        self.message_text = ""
        if log and self.error_log.value:
            self.error_log.value = ""

    # ------------------------------------------------------------------ updates (in place)
    def update_spaces(self, spaces: Sequence[Any]) -> None:
        """Redraw the spaces' fills, strokes and glyphs (same number and places; in place)."""
        spaces = list(spaces)
        if len(spaces) != self.n:
            raise ValueError(f"this board has {self.n} spaces, not {len(spaces)}; make a new board")
        if spaces == self.spaces:
            return
        moved = any((s.x, s.y, s.shape, s.size) != (t.x, t.y, t.shape, t.size) for s, t in zip(spaces, self.spaces))
        if moved:
            raise ValueError("spaces moved or changed shape; make a new board")
        self.spaces = spaces
        idx = [i for i, s in enumerate(spaces) if s.glyph]
        with held(self.space_mark, self.glyph_mark):
            self.space_mark.fill_colors = [s.fill for s in spaces]
            self.space_mark.colors = [s.stroke for s in spaces]
            if idx != self._glyph_index:
                self._glyph_index = idx
                self.glyph_mark.x, self.glyph_mark.y = self.centres[idx, 0], self.centres[idx, 1]
            self.glyph_mark.text = strings([spaces[i].glyph for i in idx])
            self.glyph_mark.colors = [spaces[i].glyph_colour for i in idx] or ["#000000"]
        self._refresh_hover()

    def highlight(self, indices: Iterable[int], colours: str | Sequence[str] | None = None,
                  costs: Sequence[Any] | Mapping[int, Any] | None = None,
                  notes: Mapping[int, str] | None = None) -> None:
        """Highlight spaces in place (one mark, same object).

        ``colours`` is one colour or one per index; ``costs`` (a list parallel to ``indices`` or
        a dict index -> cost) are written on the spaces and, without ``colours``, pick the colour.
        ``notes`` (index -> text) replace "cost N" in the hover text of those spaces.
        ``highlight([])`` clears.
        """
        indices = [int(i) for i in indices]
        bad = [i for i in indices if not 0 <= i < self.n]
        if bad:
            raise ValueError(f"no such space(s) on this {self.what}: {bad}")
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
            stroke[i] = c or HIGHLIGHT_COLOUR
            opac[i] = 1.0
            fill_opac[i] = 0.2
        text = [""] * self.n
        for i, cost in cost_map.items():
            text[i] = str(cost)
        self.highlighted = indices
        self.costs = cost_map
        self.notes = {int(k): str(v) for k, v in (notes or {}).items()}
        with held(self.highlight_mark, self.cost_mark, self.click_mark):
            if list(self.highlight_mark.colors) != stroke:
                self.highlight_mark.colors = stroke
                self.highlight_mark.fill_colors = stroke
            if list(self.highlight_mark.opacities) != opac:
                self.highlight_mark.opacities = opac
                self.highlight_mark.fill_opacities = fill_opac
            if list(self.cost_mark.text) != text:
                self.cost_mark.text = strings(text)
            self._place_costs()
            self._refresh_hover()

    def _place_costs(self) -> None:
        """Cost labels sit low in their space, or to the right where lower-row pieces sit low."""
        low = {p["hex"] for p in self.pieces if self.PIECE_STYLE[p["kind"]][2] < 0}
        low &= set(self.costs)
        x = self.centres[:, 0] + np.array([0.62 if i in low else 0.0 for i in range(self.n)])
        # low in the space: under its glyph (further down in a big space, such as a card)
        y = self.centres[:, 1] + np.array([-0.12 if i in low else -0.52 * max(1.0, 0.7 * float(s.size))
                                           for i, s in enumerate(self.spaces)])
        if not (np.array_equal(np.asarray(self.cost_mark.x), x) and np.array_equal(np.asarray(self.cost_mark.y), y)):
            self.cost_mark.x, self.cost_mark.y = x, y

    def clear_highlight(self) -> None:
        self.highlight([])

    def update_pieces(self, view: Sequence[Any] | Mapping[str, Any]) -> None:
        """Draw the pieces of ``view``: a list of piece dicts or :class:`~windward_nb.core.view.Piece`
        objects, or a dict with a ``"pieces"`` list.

        A piece dict: ``{"kind": one of PIECE_STYLE, "hex" (or "space"): index, "colour": str,
        "alive": bool, "label": str, "text": str}``; only ``kind`` and the space are required.
        Several pieces on one space are spread out: the upper row (kinds with a positive row),
        and below it the lower row; none hides another.
        """
        raw = view.get("pieces", []) if isinstance(view, Mapping) else view
        pieces = [self._normalise_piece(_piece_dict(p), k) for k, p in enumerate(raw)]
        slots = self._layout(pieces)
        data: dict[str, dict[str, list]] = {k: defaultdict(list) for k in self.PIECE_STYLE}
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
                ly.append(y + self._label_offset(p["kind"]))
                lt.append(label)
                lower = self.PIECE_STYLE[p["kind"]][0] == "triangle-down"
                lc.append(text_colour(fill) if not lower and p["alive"] else "#1B1B1B")
        self.pieces = pieces
        occupied = self._covered_spaces(pieces)
        glyph_opacity = [0.3 if i in occupied else 1.0 for i in self._glyph_index]
        marks = [*self.halo_marks.values(), *self.piece_marks.values(), self.piece_label_mark, self.click_mark,
                 self.glyph_mark]
        with held(self.fig, *marks):
            for kind, mark in self.piece_marks.items():
                d = data[kind]
                halo = self.halo_marks[kind]
                x = np.array(d["x"], dtype=float)
                y = np.array(d["y"], dtype=float)
                names = list(mark.names) if mark.names is not None else []
                if np.array_equal(np.asarray(mark.x), x) and np.array_equal(np.asarray(mark.y), y) \
                        and list(mark.colors) == (d["colour"] or [self.PIECE_STYLE[kind][3]]) \
                        and list(mark.opacities) == (d["opacity"] or [1.0]) and names == d["name"]:
                    continue                       # nothing of this kind moved: no message
                with held(mark, halo):
                    mark.x = halo.x = x
                    mark.y = halo.y = y
                    mark.colors = d["colour"] or [self.PIECE_STYLE[kind][3]]
                    mark.opacities = d["opacity"] or [1.0]
                    halo.opacities = [min(1.0, o + 0.3) for o in d["opacity"]] or [1.0]
                    mark.names = strings(d["name"])
            lxa, lya = np.array(lx, dtype=float), np.array(ly, dtype=float)
            if not (np.array_equal(np.asarray(self.piece_label_mark.x), lxa)
                    and np.array_equal(np.asarray(self.piece_label_mark.y), lya)
                    and list(self.piece_label_mark.text) == lt):
                self.piece_label_mark.x = lxa
                self.piece_label_mark.y = lya
                self.piece_label_mark.text = strings(lt)
                self.piece_label_mark.colors = lc or ["#000000"]
            now = self.glyph_mark.opacities
            if (list(now) if now is not None else []) != glyph_opacity:
                self.glyph_mark.opacities = glyph_opacity   # a glyph fades under pieces
            self._after_pieces(pieces)
            self._place_costs()
            self._refresh_hover()

    def _label_offset(self, kind: str) -> float:
        """Where a piece's label sits relative to its centre (board units)."""
        marker = self.PIECE_STYLE[kind][0]
        return {"triangle-up": -0.2, "triangle-down": 0.04}.get(marker, -0.08)

    def _covered_spaces(self, pieces: Sequence[Mapping[str, Any]]) -> set[int]:
        return {p["hex"] for p in pieces}

    def _after_pieces(self, pieces: Sequence[Mapping[str, Any]]) -> None:
        """Hook: subclasses update their own marks after the pieces moved (inside the hold)."""

    def _normalise_piece(self, p: Mapping[str, Any], k: int) -> dict[str, Any]:
        kind = p.get("kind")
        if kind not in self.PIECE_STYLE:
            raise ValueError(f"piece {k}: unknown kind {kind!r}; expected one of {', '.join(self.PIECE_STYLE)}")
        where = p.get("hex", p.get("space"))
        try:
            if isinstance(where, bool):
                raise TypeError
            i = int(where)
        except (KeyError, TypeError, ValueError):
            raise ValueError(f"piece {k} ({kind}) needs an integer 'hex' index, got {where!r}") from None
        if not 0 <= i < self.n:
            raise ValueError(f"piece {k} ({kind}) is on hex {i}, which is not on this {self.what} (0-{self.n - 1})")
        return {"kind": kind, "hex": i, "colour": str(p.get("colour") or self.PIECE_STYLE[kind][3]),
                "alive": bool(p.get("alive", True)), "label": str(p.get("label") or ""),
                "text": str(p.get("text") or "")}

    def _special_places(self, pieces: Sequence[Mapping[str, Any]]) -> dict[int, tuple[float, float]]:
        """Hook: pieces drawn off their space (index -> centre), e.g. ships in an At port row."""
        return {}

    def _layout(self, pieces: Sequence[Mapping[str, Any]]) -> list[tuple[float, float]]:
        """Centre of each piece, spread so that none hides another.

        On a space, upper-row kinds and lower-row kinds form two rows (a single row sits in
        the middle); pieces in a row stand side by side, at least their own width apart.
        """
        out: list[tuple[float, float]] = [(0.0, 0.0)] * len(pieces)
        special = self._special_places(pieces)
        by_hex: dict[int, list[int]] = defaultdict(list)
        gap = 0.08
        for k, p in enumerate(pieces):
            if k in special:
                out[k] = special[k]
            else:
                by_hex[p["hex"]].append(k)
        for i, members in by_hex.items():
            cx, cy = self.centres[i]
            size = {k: self.piece_size(pieces[k]["kind"]) for k in members}
            upper = [k for k in members if self.PIECE_STYLE[pieces[k]["kind"]][2] > 0]
            lower = [k for k in members if self.PIECE_STYLE[pieces[k]["kind"]][2] <= 0]
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
