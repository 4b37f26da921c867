"""Crester behaviour: grey respawns, red and white movement at rest, replacement reds.

Movement follows a shortest path found by breadth-first search. Where several
next steps are equally short the crester takes the one with the lowest
direction number (N first, then NE, SE, S, SW, NW) — see docs/rulings.md.
"""

from __future__ import annotations

from collections import deque

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

