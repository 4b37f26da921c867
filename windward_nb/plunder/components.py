"""The pieces of Winds of Plunder, read from the JSON files in ``data/``.

Every value carries where it comes from (``rulebook``, ``public`` or
``assumed``) in its file; this module turns the files into small frozen
records and precomputes what the rules ask often (which area a port is in,
which ports lie north of which).

>>> c = COMPONENTS
>>> len(c.ports), len(c.tiles), len(c.cards), c.ports[c.port_index["nassau"]].area
(12, 18, 40, 1)
>>> [c.ports[p].name for p in c.areas[0]]
['Havana', 'Belize', 'Portobelo']
>>> c.ports[c.north_to_south[0]].name
'Nassau'
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).with_name("data")

DIRECTIONS = ("N", "E", "S", "W")
DIRECTION_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
#: the three items with a tally and an advantage marker (Booty has a track of its own)
ITEMS = ("weapons", "crew", "provisions")
ITEM_NAMES = {"weapons": "Weapon", "crew": "Crew", "provisions": "Provision", "treasure": "Treasure card"}
MARKER_NAMES = {"weapons": "Most Weapons", "crew": "Largest Crew", "provisions": "Most Provisions"}


@dataclass(frozen=True)
class Port:
    index: int
    id: str  #: the word used in action texts, e.g. ``"santo-domingo"``
    name: str
    lat: float
    lon: float
    area: int  #: 0 (west) .. 3 (east)
    source: str


@dataclass(frozen=True)
class Tile:
    index: int
    vp: int
    item: str  #: ``weapons``, ``crew``, ``provisions`` or ``treasure``

    @property
    def label(self) -> str:
        return f"{self.vp} VP + {ITEM_NAMES[self.item]}"


@dataclass(frozen=True)
class ActionCard:
    index: int
    name: str  #: the word used in action texts: ``"mutiny"``, ``"hire-crew-c"``
    kind: str  #: ``buy-provisions``, ``buy-weapons``, ``hire-crew``, ``heave``, ``intrigue``, ``misfire``, ``mutiny``
    title: str
    item: str | None  #: the item a Buy/Hire card gives
    free_in: tuple[int, ...]  #: ports where a Buy/Hire card costs nothing


@dataclass(frozen=True)
class Components:
    ports: tuple[Port, ...]
    port_index: dict[str, int]
    areas: tuple[tuple[int, ...], ...]  #: port indices per area, north to south
    north_to_south: tuple[int, ...]  #: every port, northernmost first
    rank: tuple[int, ...]  #: per port, its place in ``north_to_south``
    start_ports: tuple[int, ...]
    tiles: tuple[Tile, ...]
    cards: tuple[ActionCard, ...]
    card_names: dict[str, tuple[int, ...]]  #: card word -> the card numbers with that word
    kinds: dict[str, dict[str, Any]]
    values: dict[str, Any]

    def value(self, key: str) -> Any:
        return self.values[key]["value"]

    @property
    def colours(self) -> tuple[str, ...]:
        return tuple(self.value("colours"))

    @property
    def bar_size(self) -> int:
        return int(self.value("rotation_bar"))

    def locations(self) -> list[str]:
        """The 18 places a VP tile can lie: the ports, then the bar spaces ``bar-1``..``bar-6``."""
        return [p.id for p in self.ports] + [f"bar-{i + 1}" for i in range(self.bar_size)]


def _read(name: str) -> dict[str, Any]:
    with open(DATA / name, encoding="utf-8") as f:
        return json.load(f)


@lru_cache(maxsize=1)
def load_components() -> Components:
    """The components shipped with the package (read once)."""
    m = _read("map.json")
    raw = m["ports"]
    order = sorted(range(len(raw)), key=lambda i: raw[i]["lon"])
    if len(raw) % 4:
        raise ValueError("the map needs a multiple of four ports (four areas of equal size)")
    per = len(raw) // 4
    area_of = {i: k // per for k, i in enumerate(order)}
    ports = tuple(Port(i, p["id"], p["name"], p["lat"], p["lon"], area_of[i], p["source"]) for i, p in enumerate(raw))
    index = {p.id: p.index for p in ports}
    areas = tuple(tuple(sorted((p.index for p in ports if p.area == a), key=lambda i: -ports[i].lat))
                  for a in range(4))
    ns = tuple(sorted(range(len(ports)), key=lambda i: -ports[i].lat))
    rank = tuple(ns.index(i) for i in range(len(ports)))
    tiles = tuple(Tile(i, t["vp"], t["item"]) for i, t in enumerate(_read("tiles.json")["tiles"]))
    deck = _read("actions.json")
    kinds = deck["kinds"]
    cards = tuple(ActionCard(i, c["name"], c["kind"], kinds[c["kind"]]["title"], kinds[c["kind"]].get("item"),
                             tuple(index[p] for p in c.get("free_in", ())))
                  for i, c in enumerate(deck["cards"]))
    names: dict[str, list[int]] = {}
    for c in cards:
        names.setdefault(c.name, []).append(c.index)
    return Components(ports=ports, port_index=index, areas=areas, north_to_south=ns, rank=rank,
                      start_ports=tuple(index[p] for p in m["start_ports"]), tiles=tiles, cards=cards,
                      card_names={k: tuple(v) for k, v in names.items()}, kinds=kinds, values=_read("values.json"))


COMPONENTS = load_components()
