"""Where a ship may sail (the SAILING section), as pure functions of the map.

- With a North or South wind a ship sails to a port further north (south) in
  its own area or a neighbouring one.
- With an East or West wind it sails to a port one or two areas that way.
- A *Gust of Wind* (3 action points) lets it sail as if the wind blew another
  way, or one area further with the wind.

>>> from .components import COMPONENTS as C
>>> def names(ps): return [C.ports[p].id for p in ps]
>>> names(wind_destinations(C.port_index["jamaica"], "N"))
['havana', 'nassau', 'san-salvador', 'turks-caicos', 'santo-domingo']
>>> names(wind_destinations(C.port_index["jamaica"], "E"))
['san-salvador', 'turks-caicos', 'santo-domingo', 'puerto-rico', 'barbados', 'trinidad']
>>> wind_destinations(C.port_index["nassau"], "N")   # nothing lies north of Nassau: windlocked
()
>>> names(gust_destinations(C.port_index["belize"], "E"))[-3:]   # one area further east
['puerto-rico', 'barbados', 'trinidad']
"""

from __future__ import annotations

from functools import lru_cache

from .components import COMPONENTS, DIRECTIONS

_C = COMPONENTS


def reach(port: int, direction: str, extra: bool = False) -> tuple[int, ...]:
    """Ports a ship in ``port`` reaches sailing ``direction`` (``extra``: one area further)."""
    return _reach(port, direction, extra)


@lru_cache(maxsize=512)  # bounded: 12 ports x 4 directions x 2 (extra) give 96 entries
def _reach(port: int, direction: str, extra: bool) -> tuple[int, ...]:
    if direction not in DIRECTIONS:
        raise ValueError(f"no wind direction {direction!r}")
    here = _C.ports[port]
    out = []
    for q in _C.ports:
        if q.index == port:
            continue
        step = q.area - here.area
        if direction in ("N", "S"):
            north = _C.rank[q.index] < _C.rank[port]
            if north != (direction == "N") or abs(step) > (2 if extra else 1):
                continue
        else:
            way = step if direction == "E" else -step
            if not 1 <= way <= (3 if extra else 2):
                continue
        out.append(q.index)
    return tuple(sorted(out, key=lambda i: (_C.ports[i].area, _C.rank[i])))


def wind_destinations(port: int, wind: str) -> tuple[int, ...]:
    """Ports reachable with the wind; empty when the ship is *windlocked*."""
    return _reach(port, wind, False)


@lru_cache(maxsize=256)  # bounded: 12 ports x 4 winds give 48 entries
def gust_destinations(port: int, wind: str) -> tuple[int, ...]:
    """Ports a Gust of Wind opens up that the wind alone does not reach."""
    plain = set(_reach(port, wind, False))
    more = set(_reach(port, wind, True))
    for d in DIRECTIONS:
        if d != wind:
            more |= set(_reach(port, d, False))
    return tuple(sorted(more - plain, key=lambda i: (_C.ports[i].area, _C.rank[i])))


def windlocked(port: int, wind: str) -> bool:
    return not _reach(port, wind, False)
