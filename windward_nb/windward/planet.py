"""The planet of Celus assembled from six territory tiles around the Trading Post.

The rulebooks picture the tiles but do not print them, so the tile templates in
``data/tiles.json`` are a reconstruction (see the README). A planet is
identified by its side (``large`` or ``small``) and the order in which the six
templates sit at territories 1-6; its text form parses back:

>>> p = Planet.parse("large:ABCDEF")
>>> str(p), len(p.cells), p.radius
('large:ABCDEF', 91, 5)
>>> [len(p.territory_cells[t]) for t in range(1, 7)]
[15, 15, 15, 15, 15, 15]
>>> p.terrain[p.index[(0, -5)]]
'corner'
>>> p.cells[p.corner_link[p.index[(0, -5)]]]
(0, 5)
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from . import hexgrid
from .components import Components, load_components
from .hexgrid import Hex

#: The planets a game may be played on. ``large`` is the reconstruction of radius 5 that every
#: game used before the size study (docs/rulings.md, P1); ``large-r6`` ... ``large-r8`` are the
#: same six tile templates scaled to a larger radius; ``small`` is the Small World side.
PLANET_SIZES = ("large", "large-r6", "large-r7", "large-r8", "small")
#: Other names a person may use for a planet: the legacy ``large`` is the radius-5 planet.
PLANET_ALIASES = {"large-r5": "large"}
#: The planet a new game is played on when none is named (``assumed``: see docs/rulings.md, P1).
DEFAULT_PLANET = "large-r6"
#: The radius of each scaled large planet (the ones not in ``data/tiles.json``).
SCALED = {"large-r6": 6, "large-r7": 7, "large-r8": 8}
TERRAINS = ("port", "plain", "drift", "zephyr", "gas", "feeding", "red_start", "corner")
LETTERS = "ABCDEF"


class Planet:
    """Static geometry and terrain of one assembled planet (shared, never mutated)."""

    def __init__(self, size: str, order: tuple[int, ...], components: Components | None = None):
        size = PLANET_ALIASES.get(size, size)
        if size not in PLANET_SIZES:
            raise ValueError(f"planet size must be one of {', '.join(planet_names())}, got {size!r}")
        if sorted(order) != list(range(6)):
            raise ValueError(f"tile order must use each of the six tiles once, got {order!r}")
        comp = components or load_components()
        spec = scaled_spec(comp.tiles["large"], SCALED[size]) if size in SCALED else comp.tiles[size]
        templates = spec["tiles"]
        self.size = size
        self.order = tuple(order)
        self.radius: int = spec["radius"]
        self.cells: list[Hex] = [(0, 0)]
        for k in range(1, self.radius + 1):
            self.cells.extend(hexgrid.ring(k))
        self.index: dict[Hex, int] = {h: i for i, h in enumerate(self.cells)}
        n = len(self.cells)
        self.territory: list[int] = [0] + [hexgrid.sector_of(h) for h in self.cells[1:]]
        self.terrain: list[str] = ["port"] + ["plain"] * (n - 1)
        self.tile_names: dict[int, str] = {}
        self.feeding_ground: dict[int, int] = {}
        self.red_start: dict[int, int] = {}
        self.gas_pocket: dict[int, int] = {}
        self.corner: dict[int, int] = {}
        for position in range(1, 7):
            tpl = templates[self.order[position - 1]]
            self.tile_names[position] = tpl["name"]

            def at(cell: list[int], position: int = position, tpl: dict = tpl) -> int:
                ring_, offset = cell
                h = hexgrid.polar(position, ring_, offset)
                i = self.index[h]
                if self.territory[i] != position:
                    raise ValueError(f"tile {tpl['name']} cell {cell} falls outside its territory")
                return i

            corner = self.index[hexgrid.scale(position, self.radius)]
            self.corner[position] = corner
            self.terrain[corner] = "corner"
            for key, terrain in (("feeding_ground", "feeding"), ("red_start", "red_start"), ("gas_pocket", "gas")):
                i = at(tpl[key])
                self.terrain[i] = terrain
                getattr(self, key)[position] = i
            for cell in tpl["drift"]:
                self.terrain[at(cell)] = "drift"
            for cell in tpl["zephyr"]:
                self.terrain[at(cell)] = "zephyr"
        self.territory_cells: dict[int, list[int]] = {t: [] for t in range(1, 7)}
        for i in range(1, n):
            self.territory_cells[self.territory[i]].append(i)
        # neighbour table: nbr[i][d - 1] is the index of the neighbour in direction d, or -1
        self.nbr: list[tuple[int, ...]] = [
            tuple(self.index.get(hexgrid.neighbour(h, d), -1) for d in range(1, 7)) for h in self.cells
        ]
        self.corner_link: dict[int, int] = {
            self.corner[t]: self.corner[hexgrid.opposite(t)] for t in range(1, 7)
        }
        self.zephyrs: list[int] = [i for i in range(n) if self.terrain[i] == "zephyr"]
        self.is_drift: list[bool] = [t == "drift" for t in self.terrain]
        self.port_ring: list[int] = [self.nbr[0][d - 1] for d in range(1, 7)]

    # --- text form -------------------------------------------------------------------------
    def __str__(self) -> str:
        return f"{self.size}:" + "".join(LETTERS[i] for i in self.order)

    def __repr__(self) -> str:
        return f"Planet.parse({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Planet) and str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))

    @staticmethod
    def parse(text: str, components: Components | None = None) -> Planet:
        try:
            size, letters = text.strip().split(":")
        except ValueError:
            raise ValueError(f"a planet is written size:ORDER, e.g. large:ABCDEF, got {text!r}") from None
        size = PLANET_ALIASES.get(size, size)
        letters = letters.upper()
        if len(letters) != 6 or set(letters) != set(LETTERS):
            raise ValueError(f"planet tile order must be a permutation of ABCDEF, got {letters!r}")
        if components is None:
            return _cached(size, tuple(LETTERS.index(c) for c in letters))
        return Planet(size, tuple(LETTERS.index(c) for c in letters), components)

    # --- queries ---------------------------------------------------------------------------
    def hex_of(self, i: int) -> Hex:
        return self.cells[i]

    def label(self, i: int) -> str:
        return hexgrid.format_hex(self.cells[i])

    def cell(self, h: Hex | str) -> int:
        """Index of a hex given as ``(q, r)`` or ``"q,r"``; raises ``ValueError`` off the planet."""
        if isinstance(h, str):
            h = hexgrid.parse_hex(h)
        try:
            return self.index[h]
        except KeyError:
            raise ValueError(f"hex {hexgrid.format_hex(h)} is not on the {self.size} planet") from None

    def describe(self, i: int) -> str:
        if i == 0:
            return "the Trading Post"
        return f"{self.label(i)} ({self.terrain[i].replace('_', ' ')}, territory {self.territory[i]})"


def planet_names() -> tuple[str, ...]:
    """Every name a planet option accepts (the sizes and their aliases).

    >>> planet_names()
    ('large', 'large-r5', 'large-r6', 'large-r7', 'large-r8', 'small')
    """
    return ("large", *PLANET_ALIASES, *PLANET_SIZES[1:])


def planet_size(name: object) -> str:
    """The size a planet option names (``large-r5`` is ``large``), or ``ValueError`` saying which
    names there are.

    >>> planet_size("large-r5"), planet_size("large-r7")
    ('large', 'large-r7')
    """
    if isinstance(name, str) and (name in PLANET_SIZES or name in PLANET_ALIASES):
        return PLANET_ALIASES.get(name, name)
    raise ValueError(f"planet must be one of {', '.join(planet_names())}, got {name!r:.40}")


def planet_radius(name: object, components: Components | None = None) -> int:
    """The radius of the planet ``name`` names: a scaled large planet's own, else its side of the
    tile data (``components``: the built-in set by default).

    >>> [planet_radius(size) for size in PLANET_SIZES], planet_radius("large-r5")
    ([5, 6, 7, 8, 4], 5)
    """
    size = planet_size(name)
    return SCALED[size] if size in SCALED else int((components or load_components()).tiles[size]["radius"])


def _round(x: float) -> int:
    """Halves away from zero (Python's ``round`` sends them to the even neighbour)."""
    return int(x + 0.5) if x >= 0 else -int(-x + 0.5)


def _ring_span(ring: int) -> tuple[int, int]:
    """The offsets of a territory's cells on ``ring``: from the first anticlockwise to the last
    clockwise of its centre line (see :func:`hexgrid.sector_of`)."""
    return (-((ring + 1) // 2) + 1, ring // 2)


@lru_cache(maxsize=8)
def _scaled(templates: str, radius: int, base: int) -> str:
    import json

    out = []
    for tpl in json.loads(templates):
        taken: set[tuple[int, int]] = {(radius, 0)}  # the Around-the-Planet corner
        new = {"name": tpl["name"]}
        for key in ("feeding_ground", "red_start", "gas_pocket"):
            new[key] = _place(tpl[key], radius, base, taken)
        for key in ("drift", "zephyr"):
            new[key] = [_place(c, radius, base, taken) for c in tpl[key]]
        out.append(new)
    return json.dumps(out)


def _place(cell: list[int], radius: int, base: int, taken: set[tuple[int, int]]) -> list[int]:
    """Where a feature at ``cell`` (ring, offset) of a radius-``base`` tile goes on a radius-``radius``
    tile; ``taken`` holds the tile's cells used so far (and gets this one)."""
    ring, offset = cell
    r2 = min(radius, max(1, _round(ring * radius / base)))
    o2 = _round(offset * r2 / ring)
    lo, hi = _ring_span(r2)
    o2 = min(hi, max(lo, o2))
    # the nearest free cell of the territory if two features land on one (never with the built-in
    # templates, which the tests check)
    options = sorted((abs(r - r2) + abs(o - o2), abs(r - r2), r, o) for r in range(1, radius + 1)
                     for o in range(_ring_span(r)[0], _ring_span(r)[1] + 1))
    for _, _, r, o in options:
        if (r, o) not in taken:
            taken.add((r, o))
            return [r, o]
    raise ValueError("a territory has no room for its features")  # pragma: no cover


def scaled_spec(spec: dict[str, Any], radius: int) -> dict[str, Any]:
    """The tile templates of ``spec`` (one side of ``data/tiles.json``) scaled to ``radius``: each
    feature keeps its place in proportion (its ring times ``radius / spec's radius``, its offset
    from the territory's centre line in proportion to its ring), and the tiles keep what they
    hold (one feeding ground, red start, gas pocket and the same Drift and Zephyr spaces).

    >>> from .components import load_components
    >>> spec = scaled_spec(load_components().tiles["large"], 6)
    >>> spec["radius"], spec["tiles"][0]["name"], spec["tiles"][0]["red_start"]
    (6, 'Anvil', [5, 2])
    """
    import json

    if radius == spec["radius"]:
        return spec
    tiles = json.loads(_scaled(json.dumps(spec["tiles"], sort_keys=True), radius, spec["radius"]))
    return {"radius": radius, "tiles": tiles}


@lru_cache(maxsize=128)
def _cached(size: str, order: tuple[int, ...]) -> Planet:
    return Planet(size, order)


# bounded: at most _BUILT_MAX planets (cleared when full); random setups give a new planet almost every game
_BUILT: dict[tuple[str, tuple[int, ...], int], tuple[Components, Planet]] = {}
_BUILT_MAX = 32


def assembled(size: str, order: tuple[int, ...], components: Components) -> Planet:
    """The planet of these tiles made from ``components``, built once and shared (a planet is never
    changed), so every game on it shares its tables."""
    size = PLANET_ALIASES.get(size, size)
    key = (size, tuple(order), id(components))
    hit = _BUILT.get(key)
    if hit is None or hit[0] is not components:
        if len(_BUILT) >= _BUILT_MAX:
            _BUILT.clear()
        hit = _BUILT[key] = (components, Planet(size, tuple(order), components))
    return hit[1]
