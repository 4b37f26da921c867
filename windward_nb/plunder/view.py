"""What the table shows, computed from a state: texts for notebooks, and :data:`VIEW`, the game's
:class:`~windward_nb.core.view.GameView` that the play table shell and the map widgets draw from.

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
from .components import COMPONENTS, DIRECTION_NAMES, DIRECTIONS, ITEMS, MARKER_NAMES
from .sailing import gust_destinations, wind_destinations, windlocked
from .voting import wind_totals

_C = COMPONENTS
AREA_NAMES = ("west", "west-centre", "east-centre", "east")


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


# =============================================================================== the play table's view
from windward_nb.core.view import (BoardView, Click, Coach, GameView, Piece, Space, Target,  # noqa: E402
                                   TurnButton)

#: drawing colours of the pirates (colour-blind safe; every piece also carries its initial)
PIRATE_COLOURS = {"red": "#D55E00", "blue": "#0072B2", "green": "#009E73", "yellow": "#F0E442", "black": "#1B1B1B"}
ITEM_LETTER = {"weapons": "W", "crew": "C", "provisions": "P", "treasure": "T"}
ITEM_FILL = {"weapons": "#CC6677", "crew": "#88CCEE", "provisions": "#AADD99", "treasure": "#DDCC77"}
AREA_FILL = ("#DCEBF6", "#C4DAEC")  #: the map's areas alternate light and dark
LAND_FILL, LAND_EDGE = "#EADFC2", "#9C8B62"
ARROW = {"N": "↑", "E": "→", "S": "↓", "W": "←"}
#: the map: ports at their real longitude and latitude (the sea of the Caribbean, north up), in board units
WEST, NORTH, SOUTH = -90.5, 27.5, 7.4
KX, KY = 0.95, 1.2               #: board units per degree of longitude and of latitude
N_PORTS, N_BAR = len(_C.ports), _C.bar_size
TILE0 = N_PORTS  #: spaces: ports, their tiles, the bar, then the compass
BAR0 = 2 * N_PORTS
COMPASS0 = BAR0 + N_BAR  #: the four directions N, E, S, W, then the centre
SAIL_COLOUR, GUST_COLOUR, HEAVE_COLOUR, VOTE_COLOUR = "#117733", "#AA4499", "#882255", "#332288"


def lonlat(lon: float, lat: float) -> tuple[float, float]:
    """A point of the Caribbean (degrees) on the board (units, y up)."""
    return (lon - WEST) * KX, (lat - NORTH) * KY


#: where each port's VP tile and name stand round it (board units): tile (dx, dy), name (dx, dy); chosen so
#: that no two ports' words meet
PORT_MARKS: dict[str, tuple[tuple[float, float], tuple[float, float]]] = {
    "belize": ((1.5, 0.0), (0.4, -2.05)), "havana": ((1.5, 0.0), (0.4, -2.05)),
    "portobelo": ((-1.5, 0.0), (-0.4, -2.05)), "nassau": ((-1.5, 0.0), (-4.3, -0.05)),
    "jamaica": ((1.5, 0.0), (0.4, -2.05)), "cartagena": ((1.5, 0.0), (0.6, -2.05)),
    "san-salvador": ((1.5, 0.0), (4.7, -0.05)), "turks-caicos": ((1.5, 0.0), (-4.0, -0.05)),
    "santo-domingo": ((1.5, 0.0), (0.4, -2.05)), "puerto-rico": ((1.5, 0.0), (0.6, 2.8)),
    "barbados": ((-1.5, 0.0), (-0.6, 2.8)), "trinidad": ((-1.5, 0.0), (-1.0, -2.05)),
}
#: a port's ships stand in a row above it, its reputation cubes in a row under it (board units)
SHIP_ROW_DY, CUBE_ROW_DY = 1.4, -1.0
#: longitudes between the areas (the boundary lies halfway between the last port of one and the first of the next)
AREA_EDGES: tuple[float, ...] = tuple(
    (max(_C.ports[p].lon for p in _C.areas[a]) + min(_C.ports[p].lon for p in _C.areas[a + 1])) / 2
    for a in range(len(_C.areas) - 1))
BAR_Y = (SOUTH - NORTH) * KY - 2.4
COMPASS_LONLAT, COMPASS_R = (-62.3, 23.4), 1.75
#: simplified coastlines (longitude, latitude), for the picture only: no rule depends on them
COAST: tuple[tuple[tuple[float, float], ...], ...] = (
    ((-82.9, 27.6), (-80.0, 27.6), (-80.1, 25.8), (-80.4, 25.2), (-81.1, 25.1), (-81.7, 25.9), (-82.7, 27.0)),  # Florida
    ((-84.9, 21.9), (-83.0, 22.9), (-81.5, 23.15), (-80.0, 23.1), (-77.7, 21.9), (-75.7, 21.1), (-74.2, 20.25),
     (-74.5, 19.9), (-77.7, 19.85), (-77.3, 20.7), (-78.5, 21.6), (-80.5, 22.0), (-81.8, 22.2), (-82.8, 22.6),
     (-84.2, 21.9)),  # Cuba
    ((-74.4, 19.8), (-72.8, 19.9), (-71.7, 19.9), (-70.0, 19.7), (-69.2, 19.3), (-68.35, 18.6), (-69.9, 18.45),
     (-71.1, 17.7), (-71.6, 17.8), (-72.8, 18.1), (-74.45, 18.35), (-73.4, 18.55), (-72.8, 19.0)),  # Hispaniola
    ((-78.35, 18.45), (-77.1, 18.5), (-76.25, 18.0), (-76.85, 17.85), (-77.8, 17.85), (-78.35, 18.2)),  # Jamaica
    ((-67.25, 18.5), (-65.6, 18.4), (-65.65, 18.0), (-67.2, 17.95)),  # Puerto Rico
    ((-78.1, 24.8), (-77.6, 24.5), (-77.8, 23.8), (-78.3, 24.1)),  # Andros
    ((-90.6, 21.2), (-88.9, 21.5), (-87.0, 21.5), (-87.45, 19.6), (-87.8, 18.3), (-88.3, 16.2), (-88.2, 15.7),
     (-86.0, 15.9), (-84.0, 15.6), (-83.2, 15.0), (-83.5, 13.0), (-83.7, 11.0), (-83.0, 10.0), (-81.5, 8.9),
     (-79.9, 9.4), (-78.5, 9.4), (-77.4, 8.6), (-77.2, 7.3), (-90.6, 7.3)),  # Central America
    ((-77.2, 7.3), (-76.8, 8.5), (-75.6, 9.5), (-75.5, 10.4), (-74.8, 11.1), (-73.3, 11.3), (-72.2, 11.9),
     (-71.3, 12.0), (-71.5, 11.0), (-71.9, 10.7), (-71.3, 10.9), (-70.2, 11.6), (-69.8, 11.4), (-68.4, 10.6),
     (-66.2, 10.6), (-64.3, 10.6), (-62.3, 10.6), (-61.8, 10.1), (-60.8, 9.0), (-59.5, 8.2), (-58.4, 7.3)),  # South America
    ((-61.9, 10.8), (-61.0, 10.85), (-60.95, 10.1), (-61.9, 10.05)),  # Trinidad
    ((-59.7, 13.3), (-59.4, 13.2), (-59.5, 13.0), (-59.7, 13.05)),  # Barbados
)


def port_xy(p: int) -> tuple[float, float]:
    """Where port ``p`` is drawn: at its longitude and latitude on the map."""
    return lonlat(_C.ports[p].lon, _C.ports[p].lat)


def tile_xy(p: int) -> tuple[float, float]:
    """Where the VP tile of port ``p`` lies, beside the port."""
    (dx, dy), _ = PORT_MARKS.get(_C.ports[p].id, ((1.5, 0.0), (0.6, -1.35)))
    x, y = port_xy(p)
    return x + dx, y + dy


def name_xy(p: int) -> tuple[float, float]:
    """Where the name of port ``p`` is written (its centre)."""
    _, (dx, dy) = PORT_MARKS.get(_C.ports[p].id, ((1.5, 0.0), (0.6, -1.35)))
    x, y = port_xy(p)
    return x + dx, y + dy


def area_bounds(a: int) -> tuple[float, float]:
    """The west and east edges (board units) of area ``a``'s band."""
    west = [WEST - 0.5, *AREA_EDGES][a]
    east = [*AREA_EDGES, -57.9][a]
    return lonlat(west, NORTH)[0], lonlat(east, NORTH)[0]


def compass_xy(d: str | None) -> tuple[float, float]:
    """The compass stands in the open Atlantic, north-east of the islands: a diamond per direction
    round the wind."""
    dx, dy = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0), None: (0, 0)}[d]
    x, y = lonlat(*COMPASS_LONLAT)
    return x + dx * COMPASS_R, y + dy * COMPASS_R


class PlunderView(GameView):
    """Winds of Plunder on the play table: the map, the vote on the compass, the coach."""

    title = "Winds of Plunder"
    score_name = "VP"
    moving_events = frozenset({"ShipsPlaced", "TilesPlaced", "ShipSailed", "TilesRotated", "ReputationGained",
                               "CompassesRevealed", "CubesRevealed", "WindSet", "CardPlayed", "Boarded"})

    def seat_names(self, state: Any, names: Any = None) -> list[str]:
        return [str(names[i]) if names and i < len(names) and names[i] else colour(i) for i in range(state.players)]

    def event_groups(self, entries: Any, names: Any = None) -> list[dict[str, Any]]:
        """The log by turn, each turn titled with the pirate's colour (or the given name)."""
        named = [str(names[i]) if names and i < len(names) and names[i] else c.capitalize()
                 for i, c in enumerate(_C.colours)]
        return super().event_groups(entries, named)

    def seat_colours(self, state: Any) -> list[str]:
        return [PIRATE_COLOURS[c] for c in _C.colours[: state.players]]

    def status(self, s: Any) -> str:
        if s.phase == "over":
            return f"Winds of Plunder — game over after {s.options['rounds']} rounds"
        return (f"Winds of Plunder — round {max(s.round, 1)} of {s.options['rounds']}, wind "
                f"{DIRECTION_NAMES[s.wind]}, Blackbeard {colour(s.blackbeard)}")

    # ------------------------------------------------------------------ what now
    def coach(self, s: Any, names: Any = None) -> Coach:
        who = self.decider(s)
        if who < 0:
            return super().coach(s, names)
        text = prompt(s)
        seats = self.seat_names(s, names)
        if names:
            text = text.replace(colour(who), seats[who], 1)
        hints: tuple[str, ...] = ()
        if s.phase == "compass":
            hints = ("Click a direction on the compass, or use the vote panel; nobody else sees it.",)
        elif s.phase == "bid":
            hints = ("Set the cubes in the vote panel and close your fist; the fists open together.",
                     "The most cubes takes Blackbeard's tile; each direction's cubes set the wind.")
        elif s.phase == "plunder" and not s.sailed:
            hints = ("Click a highlighted port to sail there (G: a Gust of Wind, 3 points).",)
        elif s.phase == "board":
            hints = ("Take 2 VP or one item from a ship here, or choose no boarding.",)
        return Coach(who, s.phase, text, hints)

    def quick(self, s: Any, rows: Any) -> bool:
        """Quick buttons for the short choices (the first plunderer, a tie, boarding, the bonus action);
        the vote has its own panel and the compass, a turn its map and turn buttons."""
        return s.phase not in ("compass", "bid", "plunder") and super().quick(s, rows)

    def danger(self, s: Any, action: Any) -> str | None:
        a = self.parse(s, action) if isinstance(action, str) else action
        if a.verb == "gust":
            return "A Gust of Wind uses all three action points."
        if a.verb == "bid" and s.phase == "bid":
            have = s.wind_cubes[s.bids.waiting]
            if 3 <= a.arg <= have and a.arg * 2 > have:
                return f"This spends {a.arg} of your {have} wind cubes; they come back only for action points."
        if a.verb == "play" and a.arg[0] == "heave":
            return "Heave, Ye Scurvy Dogs! costs one of your Crew."
        return None

    def turn_buttons(self, s: Any) -> list[TurnButton]:
        if s.phase not in ("plunder", "bonus"):
            return []
        legal = self.legal(s)
        out = []
        for key, label, verbs, icon in (("draw", "Draw a card", ("draw",), "clone"),
                                        ("add", "Add cubes", ("add",), "plus"),
                                        ("end", "End turn", ("end",), "flag-checkered")):
            acts = tuple((str(a), self.describe(s, a)) for a in legal if a.verb in verbs)
            reason = None if acts else ("no action points left for it" if key != "end"
                                        else "the ship must sail first")
            out.append(TurnButton(key, label, actions=acts, reason=reason, icon=icon,
                                  choices=tuple(str(a.arg) + " cubes" for a in legal if a.verb == "add")
                                  if key == "add" else (), prompt="How many cubes?" if key == "add" else ""))
        return out

    # ------------------------------------------------------------------ the board
    def board(self, s: Any) -> BoardView:
        spaces: list[Space] = []
        for p in _C.ports:
            x, y = port_xy(p.index)
            ships = [colour(i) for i in range(s.players) if s.ship and s.ship[i] == p.index]
            rep = [colour(i) for i in s.reputation[p.index]]
            text = (f"{p.name} (area {p.area + 1}, {_C.rank[p.index] + 1} of 12 north to south)"
                    + (f"; ships: {', '.join(ships)}" if ships else "")
                    + (f"; reputation: {', '.join(rep)}" if rep else ""))
            spaces.append(Space(x, y, "circle", 0.75, "#FFFDF5", "#2B3A4A", glyph=str(_C.rank[p.index] + 1),
                                label=p.name, text=text))
        for p in _C.ports:
            x, y = tile_xy(p.index)
            spaces.append(self._tile_space(s.port_tiles[p.index] if s.port_tiles else None, x, y,
                                           f"the VP tile at {p.name}"))
        for k in range(N_BAR):
            t = s.bar[k] if len(s.bar) > k else None
            spaces.append(self._tile_space(t, 9.0 + k * 2.2, BAR_Y, f"Rotation Bar space {k + 1}"
                                           + (" (the next to come to a port)" if k == N_BAR - 1 else "")))
        totals = {}
        if s.spent and any(v is not None for v in s.spent):
            totals = wind_totals(s.votes, s.spent)
        for d in DIRECTIONS:
            x, y = compass_xy(d)
            shown = [colour(i) for i, v in enumerate(s.votes or []) if v == d]
            glyph = d + (str(totals[d]) if d in totals else "")
            text = f"wind {DIRECTION_NAMES[d]}" + (f": compasses of {', '.join(shown)}" if shown else "") + \
                (f", {totals[d]} cubes" if d in totals else "")
            spaces.append(Space(x, y, "diamond", 0.8, "#FFFFFF" if d != s.wind else "#DDCC77", "#2B3A4A",
                                glyph=glyph, label=f"wind {d}", text=text))
        x, y = compass_xy(None)
        spaces.append(Space(x, y, "circle", 0.8, "#2B3A4A", "#2B3A4A", glyph=ARROW[s.wind], glyph_colour="#FFFFFF",
                            label="the wind", text=f"the wind blows {DIRECTION_NAMES[s.wind]}"))
        pieces: list[Piece] = []
        for i in range(s.players):
            if s.ship and s.ship[i] >= 0:
                pieces.append(Piece(s.ship[i], "ship", PIRATE_COLOURS[_C.colours[i]], colour(i)[0],
                                    f"{colour(i)}'s ship", seat=i))
        for p in _C.ports:
            for i in s.reputation[p.index]:
                pieces.append(Piece(p.index, "cube", PIRATE_COLOURS[_C.colours[i]], "",
                                    f"{colour(i)}'s reputation cube", seat=i))
        return BoardView(tuple(spaces), tuple(pieces), tuple(self._targets(s)), caption=prompt(s),
                         legend=(("W", "Weapon"), ("C", "Crew"), ("P", "Provision"), ("T", "Treasure card"),
                                 ("1-12", "north-to-south order"), ("G", "Gust of Wind")))

    @staticmethod
    def _tile_space(tile: int | None, x: float, y: float, where: str) -> Space:
        if tile is None:
            return Space(x, y, "square", 0.72, "#FFFFFF", "#9A9A9A", label="tile", text=where + ": empty")
        t = _C.tiles[tile]
        return Space(x, y, "square", 0.72, ITEM_FILL[t.item], "#2B3A4A", glyph=f"{t.vp}{ITEM_LETTER[t.item]}",
                     label=f"{t.vp} VP + {t.item}", text=f"{where}: {t.label}")

    def _targets(self, s: Any) -> list[Target]:
        who = self.decider(s)
        if who < 0:
            return []
        legal = self.legal(s)
        out: list[Target] = []
        ph = s.phase
        if ph in ("compass", "wind"):
            for a in legal:
                out.append(Target(COMPASS0 + DIRECTIONS.index(a.arg), (str(a),), "", VOTE_COLOUR,
                                  f"click: {self.describe(s, a)}"))
            return out
        if ph == "plunder":
            for port, acts in port_actions(s, legal).items():
                a = acts[0]
                label, col = {"sail": ("", SAIL_COLOUR), "gust": ("G", GUST_COLOUR)}.get(a.verb, ("H", HEAVE_COLOUR))
                out.append(Target(_C.port_index[port], (str(a),), label, col, f"click: {self.describe(s, a)}"))
        return out

    def click(self, s: Any, space: int) -> Click:
        b = self.board(s)
        for t in b.targets:
            if t.space == space:
                return Click(actions=t.actions)
        if self.decider(s) < 0:
            return super().click(s, space)
        if 0 <= space < N_PORTS and s.phase in ("plunder", "bonus"):
            a = self.parse(s, f"sail {_C.ports[space].id}")
            why = self.why_illegal(s, a)
            if why and s.phase == "plunder" and not s.sailed:
                gust = self.parse(s, f"gust {_C.ports[space].id}")
                if self.why_illegal(s, gust) is None:
                    return Click(actions=(str(gust),))
            return Click(refusal=why) if why else Click(actions=(str(a),))
        if TILE0 <= space < COMPASS0:
            return Click(message=b.spaces[space].text[:1].upper() + b.spaces[space].text[1:] + ".")
        if COMPASS0 <= space < COMPASS0 + 4 and s.phase not in ("compass", "wind"):
            return Click(refusal=("Voting", "the wind is voted at the start of a round" if s.phase != "bid"
                                  else "the compasses are shown: now hide cubes in your fist (the vote panel)"))
        return super().click(s, space)

    def public_action(self, s: Any, action: Any) -> str:
        """A bot's sealed compass or fist stays secret in the table's bot log."""
        a = self.parse(s, action) if isinstance(action, str) else action
        if a.verb == "compass":
            return "sets a compass face down"
        if a.verb == "bid":
            return "closes a fist on some wind cubes"
        return super().public_action(s, a)


VIEW = PlunderView()
