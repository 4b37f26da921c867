"""Why a Winds of Plunder captain might take an action: the one-line reasons of the coach's hints.

:func:`explain` is the game's ``GameView.explain`` hook (see :mod:`windward_nb.core.hint`). The
search says *which* action wins most often; this says *why*, in VP and the game's own terms: what
arriving in a port brings (its VP tile and item, a Treasure card to dig up, a Reputation cube and
the area's bonus, a ship to board), which port a wind direction opens, what a bid stakes, what a
card, a boarding or an advantage marker changes. A reason never merely restates the action.

>>> from windward_nb.plunder.scenario import scenario
>>> g = scenario(3, ships={"red": "jamaica", "blue": "nassau", "green": "belize"}, wind="E", turn="red")
>>> explain(g.state, 0, g.rules.parse("sail barbados"))
'Barbados brings 4 VP + Crew, a Reputation cube (1 of 3 in the area)'

The state given is the captain's own view (a determinization), so a reason never gives away
another captain's hand or sealed choice.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from .actions import COLOURS, PlunderAction
from .advantages import colour
from .arrival import BOARDING_VP, BOOTY_TRACK, REPUTATION_BONUS
from .cards import place_name
from .components import COMPONENTS, DIRECTION_NAMES, ITEM_NAMES, MARKER_NAMES
from .sailing import wind_destinations

__all__ = ["explain", "arrival"]

_C = COMPONENTS


def _port(p: int) -> str:
    return _C.ports[p].name


def arrival(s: Any, seat: int, port: int) -> tuple[int, list[str]]:
    """(VP it scores at once, what arriving in ``port`` brings ``seat`` now, in words)."""
    t = _C.tiles[s.port_tiles[port]]
    vp = t.vp
    parts = [f"{t.vp} VP + {ITEM_NAMES[t.item]}"]
    if s.markers.get("provisions") == seat:
        vp += 1
        parts[0] += " (+1 VP for Most Provisions)"
    if port in s.treasures[seat]:
        dug = BOOTY_TRACK[min(s.booty[seat] + 1, len(BOOTY_TRACK) - 1)]
        vp += dug
        parts.append(f"your Treasure card dug up for {dug} VP")
    if seat not in s.reputation[port] and s.reserve[seat] > 0:
        area = _C.ports[port].area
        others = [p for p in _C.areas[area] if p != port]
        if all(seat in s.reputation[p] for p in others) and seat not in s.area_bonus[area]:
            k = len(s.area_bonus[area])
            bonus = REPUTATION_BONUS[k] if k < len(REPUTATION_BONUS) else 0
            vp += bonus
            parts.append(f"a Reputation cube that completes the area for {bonus} VP")
        else:
            have = sum(seat in s.reputation[p] for p in _C.areas[area])
            parts.append(f"a Reputation cube ({have + 1} of {len(_C.areas[area])} in the area)")
    w = s.tally["weapons"]
    prey = [t for t in range(s.players)
            if t != seat and s.ship[t] == port and (s.markers.get("weapons") == seat or w[t] < w[seat])]
    if prey:
        parts.append(f"{colour(prey[0])} to board ({BOARDING_VP} VP or an item)")
    return vp, parts


def _sail(s: Any, seat: int, a: PlunderAction) -> str:
    p = _C.port_index[a.arg]
    _, parts = arrival(s, seat, p)
    line = f"{_port(p)} brings {', '.join(parts)}"
    if a.verb == "gust":
        line += f"; the Gust costs 3 action points ({s.ap} spent so far)"
    return line


def _best(s: Any, seat: int, ports: tuple[int, ...]) -> tuple[int, int] | None:
    scored = [(arrival(s, seat, p)[0], p) for p in ports]
    return max(scored) if scored else None


def _compass(s: Any, seat: int, a: PlunderAction) -> str:
    d = a.arg
    best = _best(s, seat, wind_destinations(s.ship[seat], d))
    if best is None:
        return f"with the wind {DIRECTION_NAMES[d]} your ship would be windlocked (no sailing, no VP tile)"
    vp, p = best
    return f"with the wind {DIRECTION_NAMES[d]} your best port is {_port(p)} ({vp} VP at once)"


def _bid(s: Any, seat: int, a: PlunderAction) -> str:
    n, have = int(a.arg), s.wind_cubes[seat]
    mine = s.votes[seat] if s.votes and s.votes[seat] is not None else None
    kept = have - n
    end = f"{kept} cubes kept are {kept // 3} VP at the end"
    if mine is None:
        return f"{n} of your {have} wind cubes toward your direction and Blackbeard's tile; {end}"
    rivals = sorted({d for i, d in enumerate(s.votes) if i != seat and d is not None and d != mine})
    best = _best(s, seat, wind_destinations(s.ship[seat], mine))
    line = f"{n} of your {have} cubes for the wind {DIRECTION_NAMES[mine]}"
    if best is not None:
        line += f" ({_port(best[1])}, {best[0]} VP for you)"
    if rivals:
        line += f" against {', '.join(DIRECTION_NAMES[d] for d in rivals)}"
    else:
        line += ", which no other compass opposes"
    return f"{line}; {end}"


def _effect(s: Any, seat: int, a: PlunderAction) -> str:
    """What ``a`` changes for ``seat`` (VP, items, cubes, cards, markers), as numbers."""
    rules = type(s).rules
    t = s.clone()
    try:
        rules.apply(t, a)
    except ValueError:
        return ""
    out = []
    if t.vp[seat] != s.vp[seat]:
        out.append(f"VP {s.vp[seat]} -> {t.vp[seat]}")
    for item in ("weapons", "crew", "provisions"):
        if t.tally[item][seat] != s.tally[item][seat]:
            out.append(f"{ITEM_NAMES[item]}s {s.tally[item][seat]} -> {t.tally[item][seat]}")
    if t.wind_cubes[seat] != s.wind_cubes[seat]:
        out.append(f"wind cubes {s.wind_cubes[seat]} -> {t.wind_cubes[seat]}")
    if len(t.hands[seat]) != len(s.hands[seat]):
        out.append(f"action cards {len(s.hands[seat])} -> {len(t.hands[seat])}")
    for m, name in MARKER_NAMES.items():
        if s.markers.get(m) != seat and t.markers.get(m) == seat:
            out.append(f"the {name} marker (+2 VP at the end)")
        elif s.markers.get(m) == seat and t.markers.get(m) != seat:
            out.append(f"you lose the {name} marker")
    return ", ".join(out)


def _add(s: Any, seat: int, a: PlunderAction) -> str:
    n, cost = int(a.arg), {2: 1, 5: 2, 9: 3}.get(int(a.arg), 1)
    wc = s.wind_cubes[seat]
    return (f"wind cubes {wc} -> {wc + n} for the next votes (and 1 VP per 3 at the end) for {cost} action "
            f"point{'s' if cost > 1 else ''}; {s.reserve[seat]} in your reserve")


def _draw(s: Any, seat: int, a: PlunderAction) -> str:
    return (f"an action card for 1 action point ({len(s.hands[seat])} in hand; cards can buy items, "
            "swap VP tiles or hurt a rival)")


def _play(s: Any, seat: int, a: PlunderAction) -> str:
    name = a.arg[0]
    kind = _C.cards[_C.card_names[name][0]].kind
    if kind == "intrigue":
        x, y = a.arg[1], a.arg[2]
        tx, ty = _C.tiles[_tile_at(s, x)], _C.tiles[_tile_at(s, y)]
        return (f"{tx.label} goes to {place_name(y)} and {ty.label} comes to {place_name(x)}, "
                "a better tile where you will sail or a worse one where a rival will")
    if kind in ("mutiny", "misfire"):
        victim = COLOURS.index(a.arg[1])
        item = "crew" if kind == "mutiny" else "weapons"
        return (f"{colour(victim)} ({s.vp[victim]} VP) loses a {ITEM_NAMES[item]} "
                f"({s.tally[item][victim]} -> {max(0, s.tally[item][victim] - 1)})")
    return _effect(s, seat, a) or "an item for your ship"


def _tile_at(s: Any, where: str) -> int:
    """The VP tile lying at a port or a Rotation Bar space (``bar-1`` ..)."""
    if where.startswith("bar-"):
        return s.bar[int(where[4:]) - 1]
    return s.port_tiles[_C.port_index[where]]


def _board(s: Any, seat: int, a: PlunderAction) -> str:
    who, what = a.arg
    victim = COLOURS.index(who)
    if what == "vp":
        return f"{BOARDING_VP} VP from {colour(victim)} ({s.vp[victim]} VP, you {s.vp[seat]})"
    return (_effect(s, seat, a) or f"an item from {colour(victim)}") + \
        f"; {colour(victim)} {s.tally[what][victim]} -> {s.tally[what][victim] - 1} {ITEM_NAMES[what]}s"


def _first(s: Any, seat: int, a: PlunderAction) -> str:
    first = COLOURS.index(a.arg)
    n = s.players
    place = (seat - first) % n + 1
    if place == 1:
        return "you plunder first, before anyone takes your ports"
    nth = f"{place}{['st', 'nd', 'rd'][place - 1] if place <= 3 else 'th'}"
    return f"{colour(first)} plunders first; you plunder {nth} of {n}, after the others have moved"


def _blackbeard(s: Any, seat: int, a: PlunderAction) -> str:
    who = COLOURS.index(a.arg)
    return (f"{'you keep' if who == seat else colour(who) + ' takes'} Blackbeard's tile: it breaks ties, picks "
            "who plunders first and wins a tied game")


def _wind(s: Any, seat: int, a: PlunderAction) -> str:
    return _compass(s, seat, PlunderAction("compass", a.arg)).replace("with the wind", "with the wind blowing", 1)


def _end(s: Any, seat: int, a: PlunderAction) -> str:
    left = 3 - s.ap
    return "you have sailed and nothing left is worth an action point" + \
        (f" ({left} unused)" if left > 0 else "") if s.sailed else "your turn ends"


def _no_boarding(s: Any, seat: int, a: PlunderAction) -> str:
    return "spares them: no VP or item taken, and no enemy made for the next vote"


HANDLERS = {"sail": _sail, "gust": _sail, "compass": _compass, "bid": _bid, "add": _add, "draw": _draw,
            "play": _play, "board": _board, "first": _first, "blackbeard": _blackbeard, "wind": _wind,
            "end": _end, "no-boarding": _no_boarding}


def explain(s: Any, seat: int, a: PlunderAction, plan: Hashable | None = None) -> str:
    """One line on why ``seat`` might play ``a`` here, with the numbers that matter."""
    handler = HANDLERS.get(a.verb)
    if handler is None:
        return _effect(s, seat, a) or type(s).rules.describe(s, a)
    return handler(s, seat, a)

