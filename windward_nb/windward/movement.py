"""Ship and longboat movement: wind, Trading Post, Zephyrs, Around the Planet, Drift.

Each ``check_*`` function returns ``None`` when the move is legal or a
``(rule, reason)`` pair naming why it is not; the engine uses the same checks
to list legal actions and to refuse illegal ones, so the two never disagree.
"""

from __future__ import annotations

import heapq
from typing import Any, Optional

from .actions import Action
from .hexgrid import opposite
from .hooks import active
from .state import PORT, GameState

Refusal = Optional[tuple[str, str]]

_MOVE = {d: Action("move", d) for d in range(1, 7)}
_ENTER = Action("enter")


def ship_target(s: GameState, verb: str, arg: Any) -> int:
    """The hex a ship move ends on (the move must already be legal), or PORT."""
    ship = s.ships[s.current]
    p = s.planet
    if verb == "move":
        return p.nbr[ship.pos][arg - 1]
    if verb == "leave":
        return p.port_ring[arg - 1]
    if verb == "zephyr":
        return p.index[arg]
    if verb == "around":
        return p.corner_link[ship.pos]
    return PORT  # enter


def move_cost(s: GameState, verb: str, arg: Any) -> int:
    """Speed a ship move costs: 0 for a step straight downwind, 1 otherwise."""
    if verb == "move" and arg == s.wind:
        return 0
    return 1


def barred(s: GameState, key: str) -> Optional[str]:
    """The rule that bars attacking ``key`` again this turn, or None."""
    if key in s.turn.no_attack:
        return "Battle: tie"
    if key + "!flag" in s.turn.no_attack:
        return "Supply card: False Flag"
    return None


def check_ship_entry(s: GameState, target: int) -> Refusal:
    """Can the current ship enter ``target`` (battles allowed, blocks refused)?"""
    p = s.planet
    if p.is_drift[target] and not s.turn.deadweight:
        return ("Terrain: Drift", f"ships cannot enter Drift at {p.label(target)} (unless a Deadweight card is in play)")
    other = s.ship_at(target)
    if other >= 0 and other != s.current:
        refusal = active(s).player_attack_refusal(s, "ship", other)
        if refusal:
            return refusal
        rule = barred(s, f"ship{other}")
        if rule:
            return (rule, f"you may not attack player {other + 1}'s ship again this turn")
    if target in s.reds:
        rule = barred(s, f"red@{target}")
        if rule:
            return (rule, f"you may not attack the red crester at {p.label(target)} again this turn")
    if target == s.white:
        rule = barred(s, "white")
        if rule:
            return (rule, "you may not attack the White Crester again this turn")
    return None


def check_ship_move(s: GameState, a: Action) -> Refusal:
    """Can the current ship make the move ``a`` (move, enter, leave, zephyr, around)?"""
    verb, arg = a.verb, a.arg
    ship = s.ships[s.current]
    p = s.planet
    turn = s.turn
    if verb == "enter":
        if ship.pos == PORT:
            return ("Trading Post", "your ship is already at port")
        if p.nbr[ship.pos].count(0) == 0:
            return ("Trading Post", "you can enter port only from one of the six spaces next to the Trading Post")
        if ship.hold:
            return ("Trading Post", "a ship cannot enter port with a crester in its cargo hold")
        if turn.speed < 1:
            return ("Move Ship", "entering port costs 1 speed and you have none left")
        return None
    if verb == "leave":
        if ship.pos != PORT:
            return ("Trading Post", "your ship is not at port")
        if not 1 <= arg <= 6:
            return ("Trading Post", "there are six spaces around the Trading Post, numbered 1-6")
        if turn.speed < 1:
            return ("Move Ship", "leaving port costs 1 speed and you have none left")
        return check_ship_entry(s, p.port_ring[arg - 1])
    if ship.pos == PORT:
        return ("Trading Post", "your ship is at port: leave port first")
    if verb == "move":
        target = p.nbr[ship.pos][arg - 1]
        if target < 0:
            return ("Move Ship", "that is off the edge of the planet")
        if target == 0:
            return ("Trading Post", "use 'enter port' to move into the Trading Post")
        if arg == opposite(s.wind):
            return ("Wind", "ships can never sail straight into the wind")
        if arg != s.wind and turn.speed < 1:
            return ("Move Ship", "moving across or against the wind costs 1 speed and you have none left")
        return check_ship_entry(s, target)
    if verb == "zephyr":
        if p.terrain[ship.pos] != "zephyr":
            return ("Terrain: Zephyr", "your ship is not on a Zephyr space")
        target = p.index.get(arg, -1)
        if target < 0 or p.terrain[target] != "zephyr":
            return ("Terrain: Zephyr", "a ship can jump only to another Zephyr space")
        if target == ship.pos:
            return ("Terrain: Zephyr", "your ship is already on that Zephyr")
        if turn.speed < 1:
            return ("Move Ship", "a Zephyr jump costs 1 speed and you have none left")
        return check_ship_entry(s, target)
    if verb == "around":
        if ship.pos not in p.corner_link:
            return ("Terrain: Around the Planet", "your ship is not on an Around-the-Planet corner")
        if turn.speed < 1:
            return ("Move Ship", "going Around the Planet costs 1 speed and you have none left")
        return check_ship_entry(s, p.corner_link[ship.pos])
    raise ValueError(verb)


def towed_grey(s: GameState, hexi: int) -> bool:
    """Is there a defeated grey crester on ``hexi`` (towed by any longboat there)?"""
    return hexi in s.greys_down


def check_row(s: GameState, a: Action) -> Refusal:
    """Can the current captain row longboat ``a.arg[0]`` in direction ``a.arg[1]``?"""
    boat, d = a.arg
    seat = s.current
    ship = s.ships[seat]
    p = s.planet
    if not 0 <= boat < len(ship.boats) or ship.boats[boat] < 0:
        return ("Move Longboats", f"longboat {boat + 1} is not out on the planet")
    if ship.rowers < 1:
        return ("Move Longboats", "your longboat speed track is at 0")
    here = ship.boats[boat]
    target = p.nbr[here][d - 1]
    if target < 0:
        return ("Move Longboats", "that is off the edge of the planet")
    if target == 0:
        return ("Move Longboats", "a longboat may never enter the Trading Post")
    if p.is_drift[target]:
        return ("Terrain: Drift", "longboats cannot enter Drift")
    owner, _ = s.longboat_at(target)
    if owner == seat:
        return ("Move Longboats", "two of your longboats may not share a space")
    if owner >= 0:
        refusal = active(s).player_attack_refusal(s, "longboat", owner)
        if refusal:
            return refusal
        rule = barred(s, f"boat{owner}")
        if rule:
            return (rule, f"you may not attack player {owner + 1}'s longboat again this turn")
    towing = here in s.greys_down
    if towing and (target in s.greys or target in s.greys_down):
        return ("Move Longboats", "a longboat towing a defeated grey crester cannot enter a space with another grey crester")
    if target in s.greys:
        rule = barred(s, f"grey@{target}")
        if rule:
            return (rule, "you may not attack that grey crester again this turn")
    return None


def deadweight_stranded(s: GameState) -> bool:
    """True when the current ship sits on Drift and no move can take it off."""
    ship = s.ships[s.current]
    if ship.pos < 0 or not s.planet.is_drift[ship.pos]:
        return False
    for d in range(1, 7):
        t = s.planet.nbr[ship.pos][d - 1]
        if t > 0 and not s.planet.is_drift[t] and check_ship_move(s, _MOVE[d]) is None:
            return False
    if s.planet.nbr[ship.pos].count(0) and check_ship_move(s, _ENTER) is None:
        return False
    return True


def ship_steps(s: GameState, h: int, hold: str) -> list[tuple[int, int, Action]]:
    """The ship moves out of ``h`` ignoring pieces: (target, speed cost, action)."""
    p = s.planet
    if h == PORT:
        return [(t, 1, Action("leave", d)) for d, t in enumerate(p.port_ring, start=1)]
    out = []
    upwind = opposite(s.wind)
    for d in range(1, 7):
        t = p.nbr[h][d - 1]
        if t == 0:
            if not hold:
                out.append((PORT, 1, Action("enter")))
        elif t > 0 and d != upwind and not p.is_drift[t]:
            out.append((t, 0 if d == s.wind else 1, Action("move", d)))
    if p.terrain[h] == "zephyr":
        out.extend((z, 1, Action("zephyr", p.cells[z])) for z in p.zephyrs if z != h)
    if h in p.corner_link:
        out.append((p.corner_link[h], 1, Action("around")))
    return out


def routes(s: GameState, seat: int | None = None) -> tuple[dict[int, int], dict[int, Action]]:
    """Least speed the ship of ``seat`` needs this turn to reach each space, and the first
    move of a cheapest route there (fewest moves among the cheapest).

    Moves: free downwind steps, steps across the wind for 1 speed, Zephyr jumps and
    Around the Planet. A space holding another ship or an alive red or white crester
    ends a route (a battle) but is never passed through. ``PORT`` is included when the
    Trading Post is reachable. Used by the ReachMap and by bots; ignores Deadweight.
    """
    seat = s.current if seat is None else seat
    ship = s.ships[seat]
    blockers = {sh.pos for i, sh in enumerate(s.ships) if i != seat and sh.pos >= 0}
    blockers.update(s.reds)
    if s.white >= 0:
        blockers.add(s.white)
    start = ship.pos
    key = (s.planet, s.wind, start, bool(ship.hold), frozenset(blockers))
    hit = _ROUTES.get(key)
    if hit is None:
        if len(_ROUTES) >= _ROUTES_MAX:
            _ROUTES.clear()
        hit = _ROUTES[key] = _routes(s, start, ship.hold, blockers)
    return dict(hit[0]), dict(hit[1])


# routes depend only on the planet, the wind, the ship's space and hold, and what blocks the way:
# bots and search ask for the same ones again and again, so they are remembered (a bounded table)
_ROUTES: dict[tuple, tuple[dict[int, int], dict[int, Action]]] = {}
_ROUTES_MAX = 2_000


def _routes(s: GameState, start: int, hold: str, blockers: set[int]) -> tuple[dict[int, int], dict[int, Action]]:
    best = {start: (0, 0)}
    first: dict[int, Action] = {}
    heap = [(0, 0, start)]
    while heap:
        cost, hops, h = heapq.heappop(heap)
        if (cost, hops) > best[h] or (h != start and h in blockers):
            continue
        for t, c, a in ship_steps(s, h, hold):
            nc = (cost + c, hops + 1)
            if nc < best.get(t, (99, 0)):
                best[t] = nc
                first[t] = a if h == start else first[h]
                heapq.heappush(heap, (nc[0], nc[1], t))
    return {h: c for h, (c, _) in best.items()}, first


def reach_costs(s: GameState, seat: int | None = None) -> dict[int, int]:
    """Least speed the ship of ``seat`` needs this turn to reach each space (see :func:`routes`)."""
    return routes(s, seat)[0]
