"""What the table shows, computed from a state: texts for notebooks and the data widgets draw.

Nothing here changes a state. ``seat`` (when given) hides what that seat
may not see, exactly as :meth:`~.rules.PlunderRules.observation` does.

>>> from windward_nb.plunder.scenario import scenario
>>> g = scenario(3, ships={"red": "jamaica", "blue": "nassau", "green": "belize"}, wind="E", turn="red")
>>> print(prompt(g.state))
Red plunders: 3 action points left; the ship must sail (wind East).
>>> print(board_text(g.state).splitlines()[0])
Round 1 of 9. Wind: East. Blackbeard: Red.
"""

from __future__ import annotations

from typing import Any

from .advantages import colour
from .components import COMPONENTS, DIRECTION_NAMES, ITEMS, MARKER_NAMES
from .sailing import gust_destinations, wind_destinations, windlocked

_C = COMPONENTS
AREA_NAMES = ("west", "west-centre", "east-centre", "east")


def map_layout() -> dict[str, Any]:
    """Where things go on a drawn map, in map units (x = longitude, y = latitude).

    Ports sit at their coordinates; each area is a band between the midpoints
    of neighbouring areas' ports; the Rotation Bar runs along the bottom, left
    to right; the compass sits at the top right.

    >>> m = map_layout()
    >>> len(m["ports"]), len(m["areas"]), len(m["bar"])
    (12, 4, 6)
    >>> m["areas"][0]["x0"] < m["areas"][0]["x1"] == m["areas"][1]["x0"]
    True
    """
    ports = [{"id": p.id, "name": p.name, "x": p.lon, "y": p.lat, "area": p.area} for p in _C.ports]
    lons = [[_C.ports[p].lon for p in area] for area in _C.areas]
    edges = [min(lons[0]) - 2.0]
    edges += [(max(lons[a]) + min(lons[a + 1])) / 2 for a in range(len(lons) - 1)]
    edges.append(max(lons[-1]) + 2.0)
    areas = [{"area": a, "name": AREA_NAMES[a], "x0": edges[a], "x1": edges[a + 1]} for a in range(len(lons))]
    y_bar = min(p.lat for p in _C.ports) - 3.0
    span = edges[-1] - edges[0]
    bar = [{"slot": i, "x": edges[0] + span * (i + 0.5) / _C.bar_size, "y": y_bar} for i in range(_C.bar_size)]
    top = max(p.lat for p in _C.ports)
    return {"ports": ports, "areas": areas, "bar": bar, "compass": {"x": edges[-1] - 2.5, "y": top + 1.0},
            "x_range": (edges[0], edges[-1]), "y_range": (y_bar - 1.5, top + 3.0)}


def tile_text(tile: int) -> str:
    return _C.tiles[tile].label


def prompt(s: Any) -> str:
    """Who must do what now, in one sentence."""
    ph = s.phase
    if ph == "over":
        return s.result
    if ph in ("deal", "shuffle-treasure", "shuffle-actions", "place-tiles", "reshuffle"):
        return "Chance: the cards and tiles are being shuffled."
    if ph == "compass":
        return f"{colour(s.compass.waiting)}: set your compass in secret (compass N, E, S or W)."
    if ph == "bid":
        return (f"{colour(s.bids.waiting)}: hide 0-{s.wind_cubes[s.bids.waiting]} wind cubes in your fist "
                f"(bid N); everyone's fist opens together.")
    if ph == "blackbeard":
        return f"{colour(s.blackbeard)}: give Blackbeard's tile to one of {', '.join(colour(i) for i in s.tied)}."
    if ph == "wind":
        return f"{colour(s.blackbeard)}: choose the wind among {', '.join(DIRECTION_NAMES[d] for d in s.tied)}."
    if ph == "first":
        return f"{colour(s.blackbeard)}: name the player who plunders first."
    seat = s.current
    if ph == "board":
        return f"{colour(seat)}: board a ship in {_C.ports[s.ship[seat]].name}, or choose no boarding."
    if ph == "bonus":
        return f"{colour(seat)} has the Largest Crew: one bonus action of 1 point, or end the turn."
    left = 3 - s.ap
    if s.sailed:
        tail = "the ship has sailed; end the turn when done."
    elif windlocked(s.ship[seat], s.wind):
        tail = "windlocked: the ship cannot sail with the wind (a Gust of Wind still can)."
    else:
        tail = f"the ship must sail (wind {DIRECTION_NAMES[s.wind]})."
    return f"{colour(seat)} plunders: {left} action point{'s' if left != 1 else ''} left; {tail}"


def board_text(s: Any) -> str:
    """The map by area (north to south), the Rotation Bar, and who is where."""
    lines = [f"Round {max(s.round, 1)} of {s.options['rounds']}. Wind: {DIRECTION_NAMES[s.wind]}. "
             f"Blackbeard: {colour(s.blackbeard)}."]
    if not s.port_tiles:
        lines.append("(the tiles are not laid out yet)")
        return "\n".join(line.rstrip() for line in lines)
    for a, ports in enumerate(_C.areas):
        lines.append(f"Area {a + 1} ({AREA_NAMES[a]}):")
        for p in ports:
            ships = ", ".join(colour(i) for i in range(s.players) if s.ship[i] == p)
            rep = ", ".join(colour(i) for i in s.reputation[p])
            lines.append(f"  {_C.ports[p].name:<15} {tile_text(s.port_tiles[p]):<24}"
                         + (f" ships: {ships}" if ships else "") + (f"  reputation: {rep}" if rep else ""))
    lines.append("Rotation Bar (next to come is the last): " + " | ".join(tile_text(t) for t in s.bar))
    return "\n".join(line.rstrip() for line in lines)


def tallies(s: Any, seat: int | None = None) -> list[dict[str, Any]]:
    """One row per player: VP, cubes, tallies, markers, cards (others' cards as counts when ``seat`` is given)."""
    rows = []
    for i in range(s.players):
        hand: Any = [_C.cards[c].name for c in s.hands[i]]
        tre: Any = [_C.ports[p].name for p in s.treasures[i]]
        if seat is not None and i != seat:
            hand, tre = len(s.hands[i]), len(s.treasures[i])
        rows.append({"player": colour(i), "VP": s.vp[i], "wind cubes": s.wind_cubes[i], "reserve": s.reserve[i],
                     **{k: s.tally[k][i] for k in ITEMS}, "booty": s.booty[i],
                     "markers": [MARKER_NAMES[k] for k in s.markers_of(i)], "cards": hand, "treasure": tre,
                     "ports": sum(i in r for r in s.reputation), "blackbeard": s.blackbeard == i})
    return rows


def tallies_text(s: Any, seat: int | None = None) -> str:
    head = f"{'':<7}{'VP':>4}{'wind':>6}{'resv':>6}{'weap':>6}{'crew':>6}{'prov':>6}{'booty':>6}{'ports':>6}  markers"
    out = [head]
    for r in tallies(s, seat):
        marks = ", ".join(r["markers"]) + (" + Blackbeard" if r["blackbeard"] else "")
        out.append(f"{r['player']:<7}{r['VP']:>4}{r['wind cubes']:>6}{r['reserve']:>6}{r['weapons']:>6}"
                   f"{r['crew']:>6}{r['provisions']:>6}{r['booty']:>6}{r['ports']:>6}  {marks.strip(' +')}")
    return "\n".join(line.rstrip() for line in out)


def reach(s: Any, seat: int) -> dict[str, list[str]]:
    """Ports ``seat``'s ship reaches with the wind now, and with a Gust of Wind."""
    here = s.ship[seat]
    return {"wind": [_C.ports[p].id for p in wind_destinations(here, s.wind)],
            "gust": [_C.ports[p].id for p in gust_destinations(here, s.wind)]}


def vote_summary(s: Any) -> str:
    """This round's shown compasses and opened fists (what everyone at the table has seen)."""
    parts = []
    for i in range(s.players):
        d = s.votes[i] if s.votes else None
        n = s.spent[i] if s.spent else None
        if d is None:
            continue
        parts.append(f"{colour(i)} {DIRECTION_NAMES[d]}" + (f" with {n}" if n is not None else ""))
    return "; ".join(parts) if parts else "no compass shown yet this round"


COMPASS_ANGLE = {"N": 90.0, "E": 0.0, "S": 270.0, "W": 180.0}


def map_marks(s: Any) -> dict[str, Any]:
    """Everything a map draws for ``s``, in map units: ships, reputation cubes, tiles, the wind.

    Ships in one port stand in a row above it; reputation cubes in a row below it.

    >>> from windward_nb.plunder.scenario import scenario
    >>> g = scenario(3, ships={"red": "jamaica", "blue": "jamaica", "green": "belize"}, reputation={"nassau": ["blue"]})
    >>> m = map_marks(g.state)
    >>> [(x["colour"], x["port"]) for x in m["ships"]]
    [('green', 'belize'), ('red', 'jamaica'), ('blue', 'jamaica')]
    >>> m["ships"][1]["x"] < m["ships"][2]["x"], m["cubes"][0]["port"], m["wind"]["angle"]
    (True, 'nassau', 90.0)
    """
    lay = map_layout()
    at = {p["id"]: p for p in lay["ports"]}
    ships = []
    for p in _C.ports:
        here = [i for i in range(s.players) if s.ship and s.ship[i] == p.index]
        for k, i in enumerate(here):
            ships.append({"seat": i, "colour": _C.colours[i], "port": p.id, "y": p.lat + 0.9,
                          "x": p.lon + (k - (len(here) - 1) / 2) * 0.9})
    cubes = []
    for p in _C.ports:
        seats = s.reputation[p.index]
        for k, i in enumerate(seats):
            cubes.append({"seat": i, "colour": _C.colours[i], "port": p.id, "y": p.lat - 0.9,
                          "x": p.lon + (k - (len(seats) - 1) / 2) * 0.6})
    tiles = []
    if s.port_tiles:
        for p in _C.ports:
            t = _C.tiles[s.port_tiles[p.index]]
            tiles.append({"place": p.id, "x": at[p.id]["x"], "y": at[p.id]["y"], "vp": t.vp, "item": t.item,
                          "label": f"{t.vp}{t.item[0].upper()}"})
        for slot, t in zip(lay["bar"], s.bar):
            tile = _C.tiles[t]
            tiles.append({"place": f"bar-{slot['slot'] + 1}", "x": slot["x"], "y": slot["y"], "vp": tile.vp,
                          "item": tile.item, "label": f"{tile.vp}{tile.item[0].upper()}"})
    return {"ships": ships, "cubes": cubes, "tiles": tiles,
            "wind": {"direction": s.wind, "angle": COMPASS_ANGLE[s.wind], **lay["compass"]}}


def port_actions(s: Any, legal: list | None = None) -> dict[str, list]:
    """The legal actions that end in each port (sailing, a Gust of Wind, Heave): what a click on it offers."""
    legal = type(s).rules.legal_actions(s) if legal is None else legal
    out: dict[str, list] = {}
    for a in legal:
        if a.verb in ("sail", "gust"):
            out.setdefault(a.arg, []).append(a)
        elif a.verb == "play" and a.arg[0] == "heave":
            out.setdefault(a.arg[1], []).append(a)
    return out
