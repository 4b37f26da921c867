"""Hex geometry for the planet of Celus: axial coordinates, directions, rings.

The planet is drawn with flat-topped hexes. A hex is an axial pair ``(q, r)``;
the third cube coordinate is ``s = -q - r``. The six directions are numbered
1 to 6 clockwise starting at north, which is also how the wind die and the
territories are numbered:

>>> [d.name for d in DIRECTIONS]
['N', 'NE', 'SE', 'S', 'SW', 'NW']
>>> neighbour((0, 0), 1)
(0, -1)
>>> distance((0, 0), (2, -3))
3
>>> rotate((0, -1), 1)      # north turned one step clockwise is north-east
(1, -1)
>>> opposite(2)
5
"""

from __future__ import annotations

import math
from functools import lru_cache
from dataclasses import dataclass

Hex = tuple[int, int]


@dataclass(frozen=True)
class Direction:
    """One of the six hex directions; ``number`` is the wind-die face (1-6)."""

    number: int
    name: str
    dq: int
    dr: int

    def __str__(self) -> str:
        return self.name


DIRECTIONS: tuple[Direction, ...] = (
    Direction(1, "N", 0, -1),
    Direction(2, "NE", 1, -1),
    Direction(3, "SE", 1, 0),
    Direction(4, "S", 0, 1),
    Direction(5, "SW", -1, 1),
    Direction(6, "NW", -1, 0),
)
DIRECTION_BY_NAME = {d.name: d.number for d in DIRECTIONS}


def direction_number(text: str | int) -> int:
    """Parse a direction given as a name (``"NE"``) or a number (``2``).

    >>> direction_number("se"), direction_number("4"), direction_number(6)
    (3, 4, 6)
    """
    if isinstance(text, int):
        number = text
    else:
        key = text.strip().upper()
        if key in DIRECTION_BY_NAME:
            return DIRECTION_BY_NAME[key]
        try:
            number = int(key)
        except ValueError:
            raise ValueError(f"unknown direction {text!r}; use one of N NE SE S SW NW or 1-6") from None
    if not 1 <= number <= 6:
        raise ValueError(f"direction number must be 1-6, got {number}")
    return number


def direction_name(number: int) -> str:
    """The name of direction ``number`` (1-6); anything else is refused.

    >>> direction_name(2)
    'NE'
    """
    if isinstance(number, bool) or not hasattr(number, "__index__") or not 1 <= number <= 6:
        raise ValueError(f"a direction is a whole number 1-6, got {number!r}")
    return DIRECTIONS[number.__index__() - 1].name


def opposite(number: int) -> int:
    """The direction pointing the other way."""
    return (number + 2) % 6 + 1


def neighbour(h: Hex, number: int) -> Hex:
    d = DIRECTIONS[number - 1]
    return (h[0] + d.dq, h[1] + d.dr)


def add(a: Hex, b: Hex) -> Hex:
    return (a[0] + b[0], a[1] + b[1])


def scale(number: int, k: int) -> Hex:
    d = DIRECTIONS[number - 1]
    return (d.dq * k, d.dr * k)


def distance(a: Hex, b: Hex) -> int:
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def rotate(h: Hex, steps: int) -> Hex:
    """Rotate a hex about the centre by ``steps`` sixths of a turn clockwise."""
    q, r = h
    s = -q - r
    for _ in range(steps % 6):
        q, r, s = -r, -s, -q
    return (q, r)


def ring(radius: int) -> list[Hex]:
    """The hexes at exactly ``radius`` from the centre, clockwise from north (a fresh list)."""
    return list(_ring(radius))


@lru_cache(maxsize=64)
def _ring(radius: int) -> tuple[Hex, ...]:
    return tuple(_make_ring(radius))


def _make_ring(radius: int) -> list[Hex]:
    if radius == 0:
        return [(0, 0)]
    out: list[Hex] = []
    for number in range(1, 7):
        corner = scale(number, radius)
        side = (number + 1) % 6 + 1  # walking clockwise from corner d uses direction d+2
        for j in range(radius):
            out.append(add(corner, scale(side, j)))
    return out


def polar(number: int, radius: int, offset: int) -> Hex:
    """The hex ``offset`` steps clockwise (negative: anticlockwise) along ring
    ``radius`` from the corner that lies in direction ``number``."""
    cells = _ring(radius)
    return cells[((number - 1) * radius + offset) % len(cells)]


def sector_of(h: Hex) -> int:
    """The territory number (1-6) that a non-centre hex belongs to.

    Each hex goes to the direction it points nearest to. A hex exactly halfway
    between two directions (the middle of an even ring's side) goes to the
    direction that comes first walking clockwise, so each territory is the
    same shape and rotating a territory by one step gives the next one.

    >>> sector_of((0, -3)), sector_of((1, -2)), sector_of((2, -4))
    (1, 1, 1)
    >>> sector_of((3, -4))
    2
    """
    radius = distance(h, (0, 0))
    if radius == 0:
        raise ValueError("the centre hex (the Trading Post) is in no territory")
    index = _ring(radius).index(h)
    number, j = divmod(index, radius)
    # j steps clockwise from corner `number`; the corner of the next direction is at j == radius
    if 2 * j <= radius:
        return number + 1
    return (number + 1) % 6 + 1


def pixel(h: Hex, size: float = 1.0) -> tuple[float, float]:
    """Centre of a flat-topped hex in screen coordinates with y pointing up."""
    q, r = h
    x = size * 1.5 * q
    y = -size * math.sqrt(3) * (r + q / 2)
    return (x, y)


def parse_hex(text: str) -> Hex:
    """Parse ``"q,r"`` into a hex.

    >>> parse_hex("3,-4")
    (3, -4)
    """
    parts = text.replace(" ", "").split(",")
    if len(parts) != 2:
        raise ValueError(f"a hex is written q,r (for example 3,-4), got {text!r}")
    try:
        return (int(parts[0]), int(parts[1]))
    except ValueError:
        raise ValueError(f"a hex is written q,r with whole numbers, got {text!r}") from None


def format_hex(h: Hex) -> str:
    return f"{h[0]},{h[1]}"
