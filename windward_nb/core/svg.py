"""Static SVG pictures of boards, python-chess ``chess.svg`` style: pure functions returning text.

A notebook shows a game as a picture that needs no kernel and no widget (GitHub and
nbviewer render it): ``Game._repr_svg_`` and ``State._repr_svg_`` call the game's
``board_svg(state)`` (``windward_nb/<game>/svg.py``), which draws the same
:class:`~windward_nb.core.view.BoardView` the play table's widget draws (spaces,
pieces, links) with :func:`draw_board` and adds what only that game has (the wind,
territory borders ...).

The pieces here are small: :func:`escape`, :func:`element` and the shapes
(:func:`polygon`, :func:`circle`, :func:`line`, :func:`text`), a :class:`Frame` from
board units (y up) to pixels (y down), and :func:`document`. Numbers are written
with at most one decimal, so the same position always gives the same bytes.

>>> print(element("circle", cx=1, cy=2.25, r=3, fill="#fff"))
<circle cx="1" cy="2.2" r="3" fill="#fff"/>
>>> escape('a<b & "c"')
'a&lt;b &amp; &quot;c&quot;'
>>> from windward_nb.core.view import BoardView, Piece, Space
>>> b = BoardView((Space(0, 0, "hex", text="home"), Space(2, 0, "circle")), (Piece(1, "ship", "blue", "1"),))
>>> svg = draw_board(b, title="Demo")
>>> svg.count('class="space '), svg.count('class="piece ')
(2, 1)
>>> import xml.etree.ElementTree as ET; ET.fromstring(svg).tag
'{http://www.w3.org/2000/svg}svg'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import registry
from .html import text_escape
from .view import BoardView, Piece, Space, view_for

__all__ = ["SVG_NS", "escape", "num", "element", "polygon", "circle", "line", "text", "group", "document",
           "Frame", "shape_points", "piece_shape", "draw_board", "colour_of", "text_colour", "state_svg",
           "status_line", "PIECE_WIDTH", "NAMED_COLOURS"]

SVG_NS = "http://www.w3.org/2000/svg"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

#: named colours the games' views use (seat and piece colours), as drawn: the Okabe-Ito and Tol
#: colour-blind-safe palettes (the play table's widgets use this table too); others pass through
NAMED_COLOURS: dict[str, str] = {
    "blue": "#0072B2", "green": "#009E73", "orange": "#E69F00", "purple": "#CC79A7", "black": "#1B1B1B",
    "grey": "#9A9A9A", "red": "#CC3311", "white": "#FFFFFF", "yellow": "#F0E442", "sky": "#56B4E9",
    "vermilion": "#D55E00", "gas": "#DDAA33", "grey_teeth": "#DDDDDD", "red_teeth": "#EE7733",
    "tokens": "#33BBEE",
}

#: width of each piece kind on a space of size 1, in board units (several pieces share a row)
PIECE_WIDTH: dict[str, float] = {"pawn": 0.8, "ship": 0.95, "disc": 0.8, "diamond": 0.75, "cross": 0.8,
                                 "boat": 0.7, "cube": 0.55}
#: kinds drawn in the lower row of a space when it also holds upper-row pieces
LOWER_KINDS = frozenset({"boat", "cube"})


# =============================================================================== text and elements
escape = text_escape  #: ``value`` as text safe inside an SVG/HTML element or a double-quoted attribute


def num(x: float) -> str:
    """A coordinate with at most one decimal and no ``-0``.

    >>> num(3.0), num(-0.04), num(2.345)
    ('3', '0', '2.3')
    """
    s = f"{float(x):.1f}"
    if s.endswith(".0"):
        s = s[:-2]
    return "0" if s == "-0" else s


def _attrs(attrs: Mapping[str, Any]) -> str:
    out = []
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        if isinstance(value, float):
            value = num(value)
        out.append(f' {name}="{escape(value)}"')
    return "".join(out)


def element(tag: str, body: str = "", **attrs: Any) -> str:
    """One element; ``body`` is already SVG (escape text yourself). ``class_`` -> ``class``,
    ``stroke_width`` -> ``stroke-width``; ``None`` attributes are left out."""
    return f"<{tag}{_attrs(attrs)}>{body}</{tag}>" if body else f"<{tag}{_attrs(attrs)}/>"


def polygon(points: Iterable[tuple[float, float]], tip: str = "", **attrs: Any) -> str:
    """A closed polygon through pixel ``points``; ``tip`` becomes its hover title."""
    pts = " ".join(f"{num(x)},{num(y)}" for x, y in points)
    return element("polygon", _title(tip), points=pts, **attrs)


def circle(cx: float, cy: float, r: float, tip: str = "", **attrs: Any) -> str:
    return element("circle", _title(tip), cx=float(cx), cy=float(cy), r=float(r), **attrs)


def line(x1: float, y1: float, x2: float, y2: float, **attrs: Any) -> str:
    return element("line", x1=float(x1), y1=float(y1), x2=float(x2), y2=float(y2), **attrs)


def text(x: float, y: float, words: Any, size: float = 12, **attrs: Any) -> str:
    """Text centred on ``(x, y)`` (pixels; :func:`document` centres text by default)."""
    return element("text", escape(words), x=float(x), y=float(y), font_size=float(size), **attrs)


def _title(tip: str) -> str:
    return f"<title>{escape(tip)}</title>" if tip else ""


def group(children: Iterable[str], tip: str = "", **attrs: Any) -> str:
    return element("g", _title(tip) + "".join(children), **attrs)


def document(body: Iterable[str], width: float, height: float, title: str = "", **attrs: Any) -> str:
    """A whole ``<svg>`` picture ``width`` x ``height`` pixels (title: what a screen reader says)."""
    head = f"<title>{escape(title)}</title>" if title else ""
    return element("svg", head + "".join(body), xmlns=SVG_NS, width=float(width), height=float(height),
                   viewBox=f"0 0 {num(width)} {num(height)}", role="img", font_family=FONT, text_anchor="middle",
                   dominant_baseline="central", **attrs)


# =============================================================================== colours
def colour_of(name: str) -> str:
    """The drawing colour of a named colour (``"blue"`` -> ``"#0072B2"``); others pass through."""
    return NAMED_COLOURS.get(str(name).lower(), str(name))


def text_colour(fill: str) -> str:
    """Black or white, whichever contrasts more with ``fill`` (``#rrggbb``; else black)."""
    c = colour_of(fill)
    if not (c.startswith("#") and len(c) == 7):
        return "#000000"
    r, g, b = (int(c[k:k + 2], 16) / 255 for k in (1, 3, 5))
    lin = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in (r, g, b)]
    lum = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    return "#000000" if (lum + 0.05) / 0.05 >= 1.05 / (lum + 0.05) else "#FFFFFF"


# =============================================================================== geometry
@dataclass(frozen=True)
class Frame:
    """Board units (y up) to pixels (y down): ``unit`` pixels per board unit, the board's
    lowest ``x0`` and highest ``y1`` at the ``margin``; ``width`` x ``height`` pixels in all."""

    x0: float
    y1: float
    unit: float
    margin: float
    width: float
    height: float
    top: float = 0.0  #: pixels above the board (a status line)

    @classmethod
    def around(cls, bounds: tuple[float, float, float, float], unit: float = 24.0, margin: float = 8.0,
               top: float = 0.0, bottom: float = 0.0) -> Frame:
        """The frame holding ``bounds`` = (x0, x1, y0, y1) in board units."""
        x0, x1, y0, y1 = bounds
        return cls(x0, y1, unit, margin, (x1 - x0) * unit + 2 * margin,
                   (y1 - y0) * unit + 2 * margin + top + bottom, top)

    def x(self, x: float) -> float:
        return (x - self.x0) * self.unit + self.margin

    def y(self, y: float) -> float:
        return (self.y1 - y) * self.unit + self.margin + self.top

    def pt(self, x: float, y: float) -> tuple[float, float]:
        return self.x(x), self.y(y)


def _regular(n: int, start: float) -> list[tuple[float, float]]:
    return [(math.cos(math.radians(start + 360 * k / n)), math.sin(math.radians(start + 360 * k / n)))
            for k in range(n)]


#: space shape -> its corners on a unit radius (board units, y up); the widgets' shapes
SHAPES: dict[str, list[tuple[float, float]]] = {
    "hex": _regular(6, 0), "square": [(0.9, 0.9), (-0.9, 0.9), (-0.9, -0.9), (0.9, -0.9)],
    "diamond": _regular(4, 0),
    "field": [(1.0, 0.16), (-1.0, 0.16), (-1.0, -0.16), (1.0, -0.16)],
    "card": [(0.66, 0.92), (-0.66, 0.92), (-0.66, -0.92), (0.66, -0.92)],
}


#: half width and half height of the shapes that are not about as wide as high (per unit of size)
EXTENT = {"field": (1.0, 0.16), "card": (0.66, 0.92)}
#: the size of a piece on such a shape, against one on a round space of the same size
PIECE_SCALE = {"field": 0.32, "card": 0.66}


def shape_points(shape: str, cx: float, cy: float, radius: float = 1.0) -> list[tuple[float, float]]:
    """The corners of a ``hex`` (flat-topped), ``square`` or ``diamond`` space in board units.

    >>> [(round(x, 2), round(y, 2)) for x, y in shape_points("square", 0, 0)][:2]
    [(0.9, 0.9), (-0.9, 0.9)]
    """
    if shape not in SHAPES:
        raise ValueError(f"unknown space shape {shape!r}; shapes: {', '.join(SHAPES)}, circle")
    return [(cx + radius * x, cy + radius * y) for x, y in SHAPES[shape]]


def piece_shape(kind: str, x: float, y: float, w: float, fill: str, **attrs: Any) -> str:
    """The marker of a piece ``kind`` centred on pixel ``(x, y)``, ``w`` pixels wide: a disc
    (pawn, disc), a triangle pointing up (ship) or down (boat), a diamond, a cross, a square
    (cube); an unknown kind is a disc."""
    h = w / 2
    style = dict(fill=fill, stroke="#1B1B1B", stroke_width=1.2, **attrs)
    if kind == "ship":
        return polygon([(x, y - h), (x + h, y + h * 0.75), (x - h, y + h * 0.75)], **style)
    if kind == "boat":
        return polygon([(x - h, y - h * 0.6), (x + h, y - h * 0.6), (x, y + h * 0.8)], **style)
    if kind == "diamond":
        return polygon([(x, y - h * 1.2), (x + h, y), (x, y + h * 1.2), (x - h, y)], **style)
    if kind == "cube":
        return polygon([(x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)], **style)
    if kind == "cross":
        t = h / 3
        return polygon([(x - t, y - h), (x + t, y - h), (x + t, y - t), (x + h, y - t), (x + h, y + t),
                        (x + t, y + t), (x + t, y + h), (x - t, y + h), (x - t, y + t), (x - h, y + t),
                        (x - h, y - t), (x - t, y - t)], **style)
    return circle(x, y, h, **style)


def _bounds(spaces: Sequence[Space], extra: Iterable[tuple[float, float]] = (), pad: float = 0.25
            ) -> tuple[float, float, float, float]:
    xs = [s.x - s.size * EXTENT.get(s.shape, (1.0, 1.0))[0] for s in spaces] \
        + [s.x + s.size * EXTENT.get(s.shape, (1.0, 1.0))[0] for s in spaces]
    ys = [s.y - s.size * EXTENT.get(s.shape, (1.0, 1.0))[1] for s in spaces] \
        + [s.y + s.size * EXTENT.get(s.shape, (1.0, 1.0))[1] for s in spaces]
    for x, y in extra:
        xs.append(x)
        ys.append(y)
    return min(xs) - pad, max(xs) + pad, min(ys) - pad, max(ys) + pad


def _layout(board: BoardView, places: Mapping[int, tuple[float, float]]) -> list[tuple[float, float, float]]:
    """Centre (board units) and width of each piece, spread over its space so none hides another:
    ships, pawns and cresters in an upper row, boats and cubes below them, each row shrunk to fit."""
    out: list[tuple[float, float, float]] = [(0.0, 0.0, 0.0)] * len(board.pieces)
    by_space: dict[int, list[int]] = {}
    for k, p in enumerate(board.pieces):
        if k in places:
            x, y = places[k]
            out[k] = (x, y, PIECE_WIDTH.get(p.kind, 0.8))
        else:
            by_space.setdefault(p.space, []).append(k)
    for i, members in by_space.items():
        sp = board.spaces[i]
        size = sp.size * PIECE_SCALE.get(sp.shape, 1.0)     # pieces fit the space's narrow side
        upper = [k for k in members if board.pieces[k].kind not in LOWER_KINDS]
        lower = [k for k in members if board.pieces[k].kind in LOWER_KINDS]
        rows = [r for r in (upper, lower) if r]
        ys = [0.28, -0.42] if len(rows) == 2 else [0.0]
        room = 1.6 * size
        for row, dy in zip(rows, ys):
            widths = [PIECE_WIDTH.get(board.pieces[k].kind, 0.8) * size for k in row]
            gap = 0.06 * size
            span = sum(widths) + gap * (len(row) - 1)
            shrink = min(1.0, room / span) * (0.8 if len(rows) == 2 else 1.0)
            # a field of words keeps its pieces at its left end
            x = sp.x - sp.size + 0.1 * size if sp.shape == "field" else sp.x - span * shrink / 2
            for k, w in zip(row, widths):
                out[k] = (x + w * shrink / 2, sp.y + dy * size, w * shrink)
                x += (w + gap) * shrink
    return out


Layer = Callable[[Frame], Iterable[str]]


def draw_board(board: BoardView, *, unit: float = 24.0, title: str = "", status: str = "",
               under: Layer | None = None, over: Layer | None = None, ground: Layer | None = None,
               places: Mapping[int, tuple[float, float]] | None = None, extent: Iterable[tuple[float, float]] = (),
               labels: bool | Callable[[Space], bool] = False, label_chars: int | None = None,
               css_class: str = "board") -> str:
    """``board`` as an SVG picture: its spaces (``class="space ..."``, hover text from
    :attr:`Space.text`), its links, its pieces (``class="piece piece-<kind>"``) and a
    ``status`` line on top.

    ``unit``: pixels per board unit. ``under``/``over``: functions of the :class:`Frame`
    returning extra elements drawn under the pieces (borders, a wind arrow ...) and over
    them; ``ground``: drawn first, under the spaces (a sea, its coasts). ``places``: piece
    index -> centre in board units for pieces drawn off their space; ``extent``: more board
    points the picture must hold. ``labels`` writes the label of each space (or of the spaces
    it accepts, when a function) under it, shortened to ``label_chars`` characters (default:
    the space's width); a ``field``'s words go inside it, after room for a token.
    A long status wraps onto more lines.
    """
    places = dict(places or {})
    spaces = board.spaces
    extra = list(extent) + [(x, y) for x, y in places.values()]
    bounds = _bounds(spaces, extra)
    status_lines = wrap(status, ((bounds[1] - bounds[0]) * unit) / STATUS_CHAR_PX) if status else []
    top = 17.0 * len(status_lines) + (5.0 if status_lines else 0.0)
    bottom = 12.0 if labels else 0.0
    frame = Frame.around(bounds, unit=unit, top=top, bottom=bottom)
    body: list[str] = [element("rect", x=0, y=0, width=frame.width, height=frame.height, fill="#FFFFFF")]
    for n, words in enumerate(status_lines):
        body.append(text(frame.margin, 12 + 17 * n, words, 13, text_anchor="start", font_weight="bold",
                         class_="status", fill="#1B1B1B"))
    if ground is not None:
        body.extend(ground(frame))
    for a, b in board.links:
        if 0 <= a < len(spaces) and 0 <= b < len(spaces):
            body.append(line(*frame.pt(spaces[a].x, spaces[a].y), *frame.pt(spaces[b].x, spaces[b].y),
                             stroke="#5A6A7A", stroke_width=1.5, stroke_dasharray="4 3", class_="link"))
    occupied = {p.space for k, p in enumerate(board.pieces) if k not in places}
    drawn = []
    for i, sp in enumerate(spaces):
        tip = sp.text or sp.label or f"space {i}"
        style: dict[str, Any] = dict(fill=sp.fill, stroke=sp.stroke, class_=f"space space-{sp.shape}",
                                     data_space=str(i))
        if sp.shape == "circle":
            drawn.append(circle(*frame.pt(sp.x, sp.y), sp.size * unit * 0.95, tip, **style))
        else:
            drawn.append(polygon([frame.pt(x, y) for x, y in shape_points(sp.shape, sp.x, sp.y, sp.size)], tip,
                                 **style))
    body.append(group(drawn, stroke_width=1, class_="spaces"))
    if under is not None:
        body.extend(under(frame))
    for i, sp in enumerate(spaces):
        if sp.glyph:
            body.append(text(*frame.pt(sp.x, sp.y), sp.glyph, max(8.0, 0.62 * unit * sp.size),
                             fill=sp.glyph_colour, font_weight="bold", class_="glyph",
                             opacity=0.3 if i in occupied else None))
        if sp.label and (labels is True or (callable(labels) and labels(sp))):
            if sp.shape == "field":           # words inside their field, after room for a token
                body.append(text(frame.x(sp.x - sp.size + 0.3 * sp.size + 0.3),
                                 frame.y(sp.y), sp.label, 11, fill=text_colour(sp.fill), text_anchor="start",
                                 class_="label"))
                continue
            room = label_chars or max(3, int(2.6 * sp.size * unit / 5.0))
            words = sp.label if len(sp.label) <= room else sp.label[:room - 1].rstrip() + "…"
            low = sp.size * EXTENT.get(sp.shape, (1.0, 1.0))[1]
            body.append(text(frame.x(sp.x), frame.y(sp.y - low) + 7, words, 9, fill="#333333",
                             class_="label"))
    for p, (x, y, w) in zip(board.pieces, _layout(board, places)):
        body.append(_piece(p, frame, x, y, w))
    if over is not None:
        body.extend(over(frame))
    return document(body, frame.width, frame.height, title=title or status, class_=css_class)


#: average width of a character of the 13 px bold status line, in pixels (for wrapping)
STATUS_CHAR_PX = 7.6


def wrap(words: str, width: float) -> list[str]:
    """``words`` in lines of at most ``width`` characters, broken at " — " first, then at spaces.

    >>> wrap("Windward — round 3, wind 6 — Player 3 to act", 30)
    ['Windward — round 3, wind 6', 'Player 3 to act']
    """
    width = max(12, int(width))
    lines: list[str] = []
    for part in words.split(" — "):
        if lines and len(lines[-1]) + 3 + len(part) <= width:
            lines[-1] += " — " + part
            continue
        while len(part) > width:
            cut = part.rfind(" ", 0, width)
            cut = cut if cut > 0 else width
            lines.append(part[:cut])
            part = part[cut:].lstrip()
        lines.append(part)
    return lines


def _piece(p: Piece, frame: Frame, x: float, y: float, w: float) -> str:
    px, py = frame.pt(x, y)
    wpx = w * frame.unit
    fill = colour_of(p.colour)
    parts = [piece_shape(p.kind, px, py, wpx, fill)]
    label = p.label or ("" if p.alive else "✕")
    if label:
        ink = text_colour(fill) if p.alive and p.kind != "boat" else "#1B1B1B"
        dy = {"ship": wpx * 0.18, "boat": -wpx * 0.1}.get(p.kind, 0.0)
        parts.append(text(px, py + dy, label, max(7.0, wpx * 0.42), fill=ink, font_weight="bold"))
    seat = f" seat-{p.seat}" if p.seat >= 0 else ""
    return group(parts, p.text or p.kind, class_=f"piece piece-{p.kind}{seat}" + ("" if p.alive else " defeated"),
                 data_space=str(p.space), opacity=None if p.alive else 0.5)


# =============================================================================== any game
def status_line(state: Any) -> str:
    """One line: the game's status and who decides (or how it ended)."""
    v = view_for(state)
    head = v.status(state).splitlines()[0] if v.status(state) else v.title
    if v.is_over(state):
        end = v.outcome(state).splitlines()[0].rstrip(".") if v.outcome(state) else "the game is over"
        return f"{head} — {end}"
    who = v.decider(state)
    if who < 0:
        return f"{head} — chance decides"
    return f"{head} — {v.seat_names(state)[who]} to act"


def state_svg(state: Any, **kwargs: Any) -> str:
    """The SVG picture of any game's ``state``: the ``svg`` its game registers (found through the
    registry, as :func:`~windward_nb.core.view.view_for` finds its view), else the board of its
    view drawn plainly, else a picture of its status line alone."""
    drawer = registry.part_of(state, "svg", None)
    if drawer is not None:
        return str(drawer(state, **kwargs))
    status = status_line(state)
    board = view_for(state).board(state)
    if board is not None and board.spaces:
        return draw_board(board, status=status, **kwargs)
    width = max(240.0, 7.5 * len(status) + 16)
    return document([text(8, 14, status, 13, text_anchor="start", class_="status")], width, 28, title=status)
