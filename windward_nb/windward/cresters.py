"""Crester behaviour: grey respawns, red and white movement at rest, replacement reds.

Movement follows a shortest path found by breadth-first search. Where several
next steps are equally short the crester takes the one with the lowest
direction number (N first, then NE, SE, S, SW, NW) — see docs/rulings.md, R22 —
except in the Solo Adventure with chosen routes (``red_routes="chosen"``, its
default; rulings V10): there the player chooses among the shortest routes, one
decision per rest among the distinct outcomes (:func:`red_route_plans`).
"""

from __future__ import annotations

from collections import Counter, deque
from typing import NamedTuple

from .actions import Action

from .events import Event
from .hooks import active
from .state import GameState


def greys_wanted(s: GameState) -> int:
    """How many alive grey cresters the planet should have (one fewer than the players)."""
    return max(0, s.players - 1)


def free_feeding_grounds(s: GameState) -> list[int]:
    """Territories whose feeding ground holds no grey crester and no longboat."""
    out = []
    for t in range(1, 7):
        fg = s.planet.feeding_ground[t]
        if fg in s.greys or fg in s.greys_down or s.longboat_at(fg)[0] >= 0:
            continue
        out.append(t)
    return out


def grey_roll_needed(s: GameState) -> bool:
    hooks = active(s)
    if not hooks.greys_respawn(s):
        return False  # cresters never respawn in this mode
    alive = len(s.greys) - hooks.uncounted_greys(s)
    return alive < greys_wanted(s) and s.stock("grey") > 0 and bool(free_feeding_grounds(s))


def place_grey(s: GameState, ev: list[Event], territory: int) -> None:
    fg = s.planet.feeding_ground[territory]
    s.greys.append(fg)
    ev.append(Event("CresterPlaced", f"A grey crester appears on the feeding ground of territory {territory}.",
                    {"crester": "grey", "hex": fg, "territory": territory}))


def red_cap(s: GameState) -> int:
    """Alive red cresters one space may hold: one, unless the mode says otherwise (two in the Solo
    Adventure; rulings V1, V10)."""
    return active(s).red_stack(s)


def red_fallback(s: GameState, back: int, battle_hex: int) -> int:
    """Where a red crester falling back from ``battle_hex`` to ``back`` ends (rulings V16).

    ``back`` itself if it has room for another red; otherwise the nearest space
    to it (fewest steps, ties in direction order) where a red may stand and has
    room: never Drift, the Trading Post, a ship, the White Crester or the battle
    space, and (outside the Solo Adventure) inside the red's own territory.
    """
    p = s.planet
    cap = red_cap(s)
    ships = {sh.pos for sh in s.ships if sh.pos >= 0}
    territory = 0 if active(s).reds_roam(s) else p.territory[back]

    def room(h: int) -> bool:
        return (h > 0 and not p.is_drift[h] and h not in ships and h != s.white and h != battle_hex
                and (not territory or p.territory[h] == territory) and s.reds.count(h) < cap)

    if room(back):
        return back
    seen = {back}
    queue = deque([back])
    while queue:
        h = queue.popleft()
        for t in p.nbr[h]:
            if t < 0 or t in seen:
                continue
            seen.add(t)
            if room(t):
                return t
            queue.append(t)
    return back  # nowhere at all (never on a real planet): the invariants would report it


def red_places(s: GameState, territory: int) -> list[int]:
    """Unoccupied, drift-free spaces of a territory where a replacement red may go."""
    out = []
    for i in s.planet.territory_cells[territory]:
        if s.planet.is_drift[i] or i in s.items:
            continue
        if i in s.reds or i in s.reds_down or i in s.greys or i in s.greys_down or i == s.white:
            continue
        if s.ship_at(i) >= 0 or s.longboat_at(i)[0] >= 0:
            continue
        out.append(i)
    return out


def distances_to(s: GameState, target: int, territory: int, mover: int) -> dict[int, int]:
    """Steps from each hex to ``target`` for a crester at ``mover`` that may not leave
    ``territory`` (0 = anywhere) and may not pass Drift, the Trading Post, other ships,
    other higher-elevation cresters (a space is blocked for a red crester when as many
    red cresters as may share one already stand there)."""
    p = s.planet
    blocked = {sh.pos for i, sh in enumerate(s.ships) if sh.pos >= 0 and sh.pos != target}
    others = list(s.reds)
    if mover in others:
        others.remove(mover)
    stack = active(s).red_stack(s)
    if stack > 1:  # several red cresters may share a space (the Solo Adventure)
        blocked.update(r for r in others if others.count(r) >= stack)
    else:
        blocked.update(others)
    if s.white >= 0 and s.white != mover:
        blocked.add(s.white)
    dist = {target: 0}
    queue = deque([target])
    while queue:
        h = queue.popleft()
        for t in p.nbr[h]:
            if t <= 0 or t in dist or p.is_drift[t] or t in blocked:
                continue
            if territory and p.territory[t] != territory:
                continue
            dist[t] = dist[h] + 1
            queue.append(t)
    return dist


def reaches(s: GameState, target: int, territory: int, mover: int, steps: int) -> bool:
    """``distances_to(s, target, territory, mover).get(mover, 99) <= steps``, searching no further
    than ``steps`` from ``target``."""
    if steps >= 99:
        return distances_to(s, target, territory, mover).get(mover, 99) <= steps
    if mover == target:
        return steps >= 0
    p = s.planet
    blocked = {sh.pos for sh in s.ships if sh.pos >= 0 and sh.pos != target}
    others = list(s.reds)
    if mover in others:
        others.remove(mover)
    stack = active(s).red_stack(s)
    if stack > 1:
        blocked.update(r for r in others if others.count(r) >= stack)
    else:
        blocked.update(others)
    if s.white >= 0 and s.white != mover:
        blocked.add(s.white)
    seen = {target}
    ring = [target]
    nbr, drift, where = p.nbr, p.is_drift, p.territory
    for _ in range(steps):
        nxt = []
        for h in ring:
            for t in nbr[h]:
                if t <= 0 or t in seen or drift[t] or t in blocked:
                    continue
                if territory and where[t] != territory:
                    continue
                if t == mover:
                    return True
                seen.add(t)
                nxt.append(t)
        if not nxt:
            return False
        ring = nxt
    return False


def step_path(s: GameState, start: int, dist: dict[int, int], steps: int) -> list[int]:
    """The hexes a crester at ``start`` passes through moving up to ``steps`` along ``dist``."""
    path: list[int] = []
    h = start
    if h not in dist:
        return path
    for _ in range(steps):
        if dist[h] == 0:
            break
        for t in s.planet.nbr[h]:
            if t >= 0 and dist.get(t, -1) == dist[h] - 1:
                h = t
                break
        path.append(h)
    return path


RED_SPEED = 3


def red_speed(s: GameState) -> int:
    """Spaces a red crester moves at rest: 3, unless a mode or variant says otherwise (2 on
    the small planet; in the Solo Adventure 3 plus one for every red crester defeated)."""
    return active(s).red_speed(s, RED_SPEED)


def white_speed(s: GameState) -> int:
    """Spaces the White Crester moves (5 by the components, or as the mode says)."""
    return active(s).white_speed(s, s.components.raw["white_crester"]["speed"])


def reds_to_move(s: GameState) -> list[int]:
    """Red cresters that move at the current player's rest at sky, nearest first."""
    ship = s.ships[s.current]
    if ship.pos < 0:
        return []
    if active(s).reds_roam(s):  # every red crester hunts the ship, across territories
        found = []
        for r in s.reds:
            d = distances_to(s, ship.pos, 0, r)
            found.append((d.get(r, 999), r))
        return [r for _, r in sorted(found)]
    territory = s.planet.territory[ship.pos]
    found = []
    for r in s.reds:
        if s.planet.territory[r] != territory or r in s.turn.fought_reds:
            continue
        # a red blocked only by a nearer red still follows once that one has moved
        d = distances_to(s, ship.pos, territory, r)
        found.append((d.get(r, 999), r))
    return [r for _, r in sorted(found)]


def rest_attackers(s: GameState, seat: int, h: int) -> list[str]:
    """Cresters that would reach the ship of ``seat`` if it rested at sky on ``h`` this turn:
    ``"red@<hex>"`` for each red crester, ``"white"`` for the White Crester.

    A forecast for players and bots: it applies the movement rules (territory, speed, blocking,
    the Solo Adventure's hunt across the planet) to each crester on its own, so it does not
    model one crester blocking another on the way.
    """
    if h < 0:
        return []
    ship = s.ships[seat]
    old = ship.pos
    ship.pos = h
    try:
        out = []
        speed = red_speed(s)
        hooks = active(s)
        roam = hooks.reds_roam(s)
        t = s.planet.territory[h]
        for r in s.reds:
            if not roam and (s.planet.territory[r] != t or r in s.turn.fought_reds):
                continue
            if reaches(s, h, 0 if roam else t, r, speed):
                out.append(f"red@{r}")
        stack = hooks.red_stack(s)
        if stack > 1:
            out = out[:stack]  # no more red cresters than may share the ship's space
        if s.white >= 0 and reaches(s, h, 0, s.white, white_speed(s)):
            out.append("white")
        return out
    finally:
        ship.pos = old



# =============================================================================== routes the player chooses
#: The ways red cresters may pick their routes: ``fixed`` (the lowest direction number first,
#: every game before the rulings review) and ``chosen`` (the Solo Adventure's player chooses).
RED_ROUTES = ("fixed", "chosen")


class RoutePlan(NamedTuple):
    """One distinct outcome of the red cresters' move at a Solo Adventure rest.

    ``moves`` holds each red crester that moves, in moving order, as (the space it starts
    from, the spaces it passes through up to its end); ``ends`` where every red crester that
    does not reach the ship stands afterwards, ``froms`` the spaces those that reach the ship
    attack from (both sorted: red cresters are alike, so two plans with the same ``ends`` and
    ``froms`` are the same outcome).
    """

    moves: tuple[tuple[int, tuple[int, ...]], ...]
    ends: tuple[int, ...]
    froms: tuple[int, ...]

    def action(self, s: GameState) -> Action:
        """The player's action that picks this outcome (``reds 2,-3 2,-3 attack 1,-1``)."""
        cells = s.planet.cells
        return Action("reds", (tuple(sorted(cells[h] for h in self.ends)), tuple(sorted(cells[h] for h in self.froms))))

    def stacks(self) -> tuple[int, ...]:
        """Spaces where two (or more) red cresters end together, off the ship."""
        c = Counter(self.ends)
        return tuple(sorted(h for h, n in c.items() if n > 1))


_PLANS: dict[tuple, tuple[object, list[RoutePlan]]] = {}  # bounded: _PLANS_MAX entries, then cleared
_PLANS_MAX = 2_000


def routes_chosen(s: GameState) -> bool:
    """Does the current player choose the red cresters' routes at this rest?"""
    return s.red_routes == "chosen"


def red_route_plans(s: GameState) -> list[RoutePlan]:
    """Every distinct outcome of moving the red cresters toward the current ship now, each with
    one plan that gives it, in a stable order (by the action's text).

    Each red crester moves as the fixed rule moves it (nearest first, up to the red speed,
    along a shortest route of spaces it may cross, no more than may share a space, a third one
    stopping a space short of the ship) but may take *any* shortest route; outcomes differ in
    where each red ends, which of them stack and which reach the ship (and from where).
    Remembered per position (the answer depends on the planet, the ship, the cresters and
    the red speed only).
    """
    ship = s.ships[s.current]
    hooks = active(s)
    key = (str(s.planet), s.current, ship.pos, tuple(s.reds), s.white,
           tuple(sh.pos for sh in s.ships), tuple(s.turn.fought_reds), red_speed(s), hooks.red_stack(s),
           hooks.reds_roam(s))
    hit = _PLANS.get(key)
    if hit is not None and hit[0] is s.planet:
        return hit[1]
    plans = _enumerate_plans(s)
    if len(_PLANS) >= _PLANS_MAX:
        _PLANS.clear()
    _PLANS[key] = (s.planet, plans)
    return plans


def _enumerate_plans(s: GameState) -> list[RoutePlan]:
    p = s.planet
    ship = s.ships[s.current]
    target = ship.pos
    if target < 0 or not s.reds:
        return []
    hooks = active(s)
    roam = hooks.reds_roam(s)
    stack = hooks.red_stack(s)
    speed = red_speed(s)
    order = reds_to_move(s)
    ships = {sh.pos for sh in s.ships if sh.pos >= 0 and sh.pos != target}
    found: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple] = {}
    seen: set[tuple] = set()

    def choices(reds: list[int], start: int, arrived: int) -> list[tuple[tuple[int, ...], int | None]]:
        """(path, the space it attacks from or None) for each distinct end of the red at ``start``."""
        others = Counter(reds)
        others[start] -= 1
        blocked = set(ships)
        if stack > 1:
            blocked.update(h for h, n in others.items() if n >= stack)
        else:
            blocked.update(h for h, n in others.items() if n > 0)
        if s.white >= 0 and s.white != start:
            blocked.add(s.white)
        territory = 0 if roam else p.territory[start]
        dist = {target: 0}
        queue = deque([target])
        while queue:
            h = queue.popleft()
            for t in p.nbr[h]:
                if t <= 0 or t in dist or p.is_drift[t] or t in blocked:
                    continue
                if territory and p.territory[t] != territory:
                    continue
                dist[t] = dist[h] + 1
                queue.append(t)
        if start not in dist or dist[start] == 0:
            return [((), None)]
        whole = dist[start]
        k = min(speed, whole)
        layers = [[start]]
        for _ in range(k):
            nxt = sorted({t for h in layers[-1] for t in p.nbr[h] if t >= 0 and dist.get(t, -1) == dist[h] - 1})
            layers.append(nxt)

        def path_to(end: int, depth: int) -> tuple[int, ...]:
            good: list[set[int]] = [set() for _ in range(depth + 1)]
            good[depth] = {end}
            for i in range(depth - 1, -1, -1):
                good[i] = {h for h in layers[i] if any(t in good[i + 1] for t in p.nbr[h])}
            out, h = [], start
            for i in range(1, depth + 1):
                h = next(t for t in p.nbr[h] if t in good[i])  # the lowest direction number that leads there
                out.append(h)
            return tuple(out)

        if k < whole:
            return [(path_to(e, k), None) for e in layers[k]]
        # it reaches the ship: from which space (and whether it may stop there instead)
        short = p.is_drift[target] or (stack > 1 and arrived >= stack)
        out: list[tuple[tuple[int, ...], int | None]] = []
        for prev in layers[k - 1]:
            if short:
                out.append((path_to(prev, k - 1), None))
            else:
                out.append((path_to(prev, k - 1) + (target,), prev))
        return out

    def walk(i: int, reds: list[int], froms: tuple[int, ...], moves: tuple) -> None:
        if i == len(order):
            ends = tuple(sorted(r for r in reds if r != target))
            found.setdefault((ends, tuple(sorted(froms))), moves)
            return
        mark = (i, tuple(sorted(reds)), tuple(sorted(froms)))
        if mark in seen:
            return
        seen.add(mark)
        start = order[i]
        if start not in reds:
            walk(i + 1, reds, froms, moves)
            return
        for path, attack in choices(reds, start, len(froms)):
            if not path:
                walk(i + 1, reds, froms, moves)
                continue
            nxt = list(reds)
            nxt[nxt.index(start)] = path[-1]
            walk(i + 1, nxt, froms + (() if attack is None else (attack,)), moves + ((start, path),))

    walk(0, list(s.reds), (), ())
    plans = [RoutePlan(moves, ends, froms) for (ends, froms), moves in found.items()]
    if len(plans) > 1:
        plans.sort(key=lambda pl: str(pl.action(s)))
    return plans


def apply_route_plan(s: GameState, ev: list[Event], plan: RoutePlan) -> tuple[int, ...]:
    """Move the red cresters as ``plan`` says; return the spaces the ones that reached the ship
    came from, in moving order (they then attack together)."""
    ship = s.ships[s.current]
    label = s.planet.label
    arrived: tuple[int, ...] = ()
    for start, path in plan.moves:
        end = path[-1]
        s.move_red(start, end)
        ev.append(Event("CresterMoved", f"The red crester moves from {label(start)} to {label(end)}.",
                        {"crester": "red", "from": start, "to": end, "path": [start, *path]}))
        if end == ship.pos:
            arrived += (path[-2] if len(path) > 1 else start,)
    return arrived
