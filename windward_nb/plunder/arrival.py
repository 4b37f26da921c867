"""Arriving in a port (PORT ARRIVAL SEQUENCE, BOARDING, PORT REPUTATION BONUS).

In order: the ship moves; its player takes the port's VP tile, its item and
its VP (+1 with Most Provisions); the tile goes to the left end of the
Rotation Bar and the bar's right-end tile comes to the port; the player may
board one ship there; a Buried Treasure card for this port is played (Booty
+1 and the track's value in VP); the player gains Reputation there. No action
card can be played during the sequence.

Only boarding asks the player anything (``board blue crew`` or ``no boarding``);
the rest happens by itself.
"""

from __future__ import annotations

from typing import Any

from windward_nb.core.events import Event
from windward_nb.core.rules import Refusal

from .actions import BOOTY_CHOICES, COLOURS, GRAMMAR
from .advantages import colour, gain, lose, update_markers
from .components import COMPONENTS, ITEM_NAMES
from .flow import after_action

_C = COMPONENTS
BOOTY_TRACK = tuple(_C.value("booty_track"))
REPUTATION_BONUS = tuple(_C.value("reputation_bonus"))
BOARDING_VP = int(_C.value("boarding_vp"))


def port_name(p: int) -> str:
    return _C.ports[p].name


def arrive(s: Any, seat: int, port: int, ev: list[Event], how: str = "sails") -> None:
    """Run the arrival sequence up to boarding (which may wait for the player's choice)."""
    start = s.ship[seat]
    s.ship[seat] = port
    ev.append(Event("ShipSailed", f"{colour(seat)} {how} from {port_name(start)} to {port_name(port)}.",
                    {"seat": seat, "from": start, "to": port}))
    tile = _C.tiles[s.port_tiles[port]]
    if tile.item == "treasure":
        if s.treasure_deck:
            s.treasures[seat].append(s.treasure_deck.pop(0))
            s.treasures[seat].sort()
            ev.append(Event("TreasureDrawn", f"{colour(seat)} takes a Buried Treasure card.", {"seat": seat}))
        else:
            ev.append(Event("TreasureDrawn", "The Treasure deck is empty: no card to take.", {"seat": seat}))
    else:
        got = gain(s, seat, tile.item)
        ev.append(Event("ItemTaken", f"{colour(seat)} takes a {ITEM_NAMES[tile.item]}"
                        + ("" if got else " but the tally is full") + ".", {"seat": seat, "item": tile.item,
                                                                           "gained": got}))
        update_markers(s, ev)
    extra = 1 if s.markers["provisions"] == seat else 0
    s.vp[seat] += tile.vp + extra
    ev.append(Event("TileScored", f"{colour(seat)} scores {tile.vp} VP for the tile"
                    + (" +1 for Most Provisions" if extra else "") + ".",
                    {"seat": seat, "vp": tile.vp + extra, "tile": tile.index}))
    s.bar.insert(0, s.port_tiles[port])
    s.port_tiles[port] = s.bar.pop()
    ev.append(Event("TilesRotated", f"The tile joins the Rotation Bar; {_C.tiles[s.port_tiles[port]].label} "
                    f"comes to {port_name(port)}.", {"port": port, "tile": s.port_tiles[port]}))
    if boarding_choices(s, seat):
        s.arriving = port
        s.phase = "board"
        return
    finish_arrival(s, seat, ev)


def boardable(s: Any, seat: int) -> list[int]:
    """Ships in ``seat``'s port it may board: all of them with Most Weapons, else those with fewer weapons."""
    port = s.ship[seat]
    w = s.tally["weapons"]
    most = s.markers["weapons"] == seat
    return [t for t in range(s.players) if t != seat and s.ship[t] == port and (most or w[t] < w[seat])]


def boarding_choices(s: Any, seat: int) -> list[tuple[str, str]]:
    """``(colour, what)`` pairs: whom to board and what to take (only what they have)."""
    out = []
    for t in boardable(s, seat):
        for what in BOOTY_CHOICES:
            have = s.vp[t] if what == "vp" else s.tally[what][t]
            if have > 0:
                out.append((COLOURS[t], what))
    return out


def check_board(s: Any, a: Any) -> Refusal:
    seat = s.current
    who, what = a.arg
    t = COLOURS.index(who)
    if t >= s.players or t == seat:
        return ("Boarding", f"there is no other {who} ship")
    if s.ship[t] != s.ship[seat]:
        return ("Boarding", f"{who.capitalize()}'s ship is not in {port_name(s.ship[seat])}")
    if t not in boardable(s, seat):
        return ("Advantages", f"to board {who.capitalize()} you need the Most Weapons marker or more weapons "
                              f"than {who.capitalize()} ({s.tally['weapons'][t]})")
    have = s.vp[t] if what == "vp" else s.tally[what][t]
    if have <= 0:
        return ("Boarding", f"{who.capitalize()} has no {what} to take")
    return None


def apply_board(s: Any, a: Any) -> list[Event]:
    seat = s.current
    who, what = a.arg
    t = COLOURS.index(who)
    ev: list[Event] = []
    if what == "vp":
        n = min(BOARDING_VP, s.vp[t])
        s.vp[t] -= n
        s.vp[seat] += n
        ev.append(Event("Boarded", f"{colour(seat)} boards {colour(t)} and takes {n} VP.",
                        {"seat": seat, "target": t, "take": "vp", "n": n}))
    else:
        lose(s, t, what)
        got = gain(s, seat, what)
        ev.append(Event("Boarded", f"{colour(seat)} boards {colour(t)} and takes a {ITEM_NAMES[what]}"
                        + ("" if got else " (the tally is full, so it is lost overboard)") + ".",
                        {"seat": seat, "target": t, "take": what, "n": 1}))
        update_markers(s, ev)
    finish_arrival(s, seat, ev)
    return ev


def apply_no_boarding(s: Any, a: Any) -> list[Event]:
    ev = [Event("NoBoarding", f"{colour(s.current)} leaves the other ships alone.", {"seat": s.current})]
    finish_arrival(s, s.current, ev)
    return ev


def finish_arrival(s: Any, seat: int, ev: list[Event]) -> None:
    """Treasure, reputation, and back to the turn."""
    port = s.ship[seat]
    s.arriving = -1
    if port in s.treasures[seat]:
        s.treasures[seat].remove(port)
        s.booty[seat] = min(s.booty[seat] + 1, len(BOOTY_TRACK) - 1)
        pts = BOOTY_TRACK[s.booty[seat]]
        s.vp[seat] += pts
        s.treasure_deck.append(port)
        ev.append(Event("TreasureFound", f"{colour(seat)} digs up the treasure of {port_name(port)}: Booty "
                        f"{s.booty[seat]}, {pts} VP.", {"seat": seat, "port": port, "vp": pts}))
    gain_reputation(s, seat, port, ev)
    s.phase = "plunder"
    after_action(s, ev)


def may_mark(s: Any, seat: int, port: int) -> bool:
    """Reputation: no cube of ``seat``'s there yet, a reserve cube to place, and the port empty of
    other ships or ``seat``'s weapons at least those of every other ship there."""
    if seat in s.reputation[port] or s.reserve[seat] <= 0:
        return False
    w = s.tally["weapons"]
    others = [w[t] for t in range(s.players) if t != seat and s.ship[t] == port]
    return not others or w[seat] >= max(others)


def gain_reputation(s: Any, seat: int, port: int, ev: list[Event]) -> None:
    if not may_mark(s, seat, port):
        return
    s.reserve[seat] -= 1
    s.reputation[port].append(seat)
    ev.append(Event("ReputationGained", f"{colour(seat)} gains Reputation in {port_name(port)}.",
                    {"seat": seat, "port": port}))
    area = _C.ports[port].area
    if all(seat in s.reputation[p] for p in _C.areas[area]) and seat not in s.area_bonus[area]:
        k = len(s.area_bonus[area])
        pts = REPUTATION_BONUS[k] if k < len(REPUTATION_BONUS) else 0
        s.area_bonus[area].append(seat)
        s.vp[seat] += pts
        ev.append(Event("ReputationBonus", f"{colour(seat)} has Reputation in all three ports of area {area + 1}: "
                        f"{pts} VP.", {"seat": seat, "area": area, "vp": pts}))


def _describe(s: Any, a: Any) -> str:
    if a.verb == "no-boarding":
        return "board nobody"
    who, what = a.arg
    take = f"{BOARDING_VP} VP" if what == "vp" else f"a {ITEM_NAMES[what]}"
    return f"board {who.capitalize()} and take {take}"


GRAMMAR.handle("board", check=check_board, apply=apply_board, describe=_describe)
GRAMMAR.handle("no-boarding", check=lambda s, a: None, apply=apply_no_boarding, describe=_describe)
