"""Ship and longboat movement: wind, Trading Post, Zephyrs, Around the Planet, Drift.

Each ``check_*`` function returns ``None`` when the move is legal or a
``(rule, reason)`` pair naming why it is not; the engine uses the same checks
to list legal actions and to refuse illegal ones, so the two never disagree.
"""

from __future__ import annotations

import heapq
from typing import Any

from .actions import Action
from .hexgrid import opposite
from .hooks import active
from .state import PORT, GameState

Refusal = tuple[str, str] | None

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


def barred(s: GameState, key: str) -> str | None:
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
    return not (s.planet.nbr[ship.pos].count(0) and check_ship_move(s, _ENTER) is None)


def ship_steps(s: GameState, h: int, hold: str) -> list[tuple[int, int, Action]]:
    """The ship moves out of ``h`` ignoring pieces: (target, speed cost, action)."""
    return _planet_steps(s.planet, s.wind, bool(hold), h)


_LEAVE = {d: Action("leave", d) for d in range(1, 7)}
_AROUND = Action("around")


def _planet_steps(p: Any, wind: int, hold: bool, h: int) -> list[tuple[int, int, Action]]:
    if h == PORT:
        return [(t, 1, _LEAVE[d]) for d, t in enumerate(p.port_ring, start=1)]
    out = []
    upwind = opposite(wind)
    drift = p.is_drift
    for d, t in enumerate(p.nbr[h], start=1):
        if t == 0:
            if not hold:
                out.append((PORT, 1, _ENTER))
        elif t > 0 and d != upwind and not drift[t]:
            out.append((t, 0 if d == wind else 1, _MOVE[d]))
    if p.terrain[h] == "zephyr":
        out.extend((z, 1, Action("zephyr", p.cells[z])) for z in p.zephyrs if z != h)
    if h in p.corner_link:
        out.append((p.corner_link[h], 1, _AROUND))
    return out


# Per planet (while it is alive): the ship moves out of every space for each wind and hold (they
# depend on nothing else), filled in as the searches reach the spaces, and the routes already
# worked out (see routes).
# bounded: at most _PLANETS_MAX + 1 planets (cleared when more), each with 14 move tables and _ROUTES_MAX routes
_PLANET_TABLES: dict[int, tuple[Any, dict[tuple[int, bool], _Moves], dict[tuple, tuple]]] = {}
_ROUTES_MAX = 20_000
_PLANETS_MAX = 32


def _tables(p: Any) -> tuple[dict[tuple[int, bool], _Moves], dict[tuple, tuple]]:
    got = _PLANET_TABLES.get(id(p))
    if got is None or got[0] is not p:
        if len(_PLANET_TABLES) > _PLANETS_MAX:
            _PLANET_TABLES.clear()
        got = _PLANET_TABLES[id(p)] = (p, {}, {})
    return got[1], got[2]


class _Moves:
    """The moves out of each space for one wind and hold, as the route search wants them: lists
    indexed by space (the last slot is ``PORT``), each entry filled on first use. ``steps[h]``:
    (target, weight, action); ``edges[h]``: (target, ``weight << _SHIFT | target + 1``), what the
    move adds to a heap entry (see :class:`_Search`). The weight is the speed cost times
    :data:`_HOPS` plus one move."""

    __slots__ = ("edges", "hold", "kinds", "planet", "steps", "wind")

    def __init__(self, p: Any, wind: int, hold: bool):
        if len(p.cells) + 1 > _MASK:  # pragma: no cover - planets have 91 spaces at most
            raise ValueError("too many spaces for the route search")
        self.planet, self.wind, self.hold = p, wind, hold
        self.kinds = _kinds(p)
        self.steps: list[Any] = [None] * (len(p.cells) + 1)
        self.edges: list[Any] = [None] * (len(p.cells) + 1)

    def out_of(self, h: int) -> tuple[tuple[int, int], ...]:
        """The edges out of ``h`` (filling them, and the steps, the first time): the moves of
        :func:`ship_steps`, in its order. Spaces of one kind (:func:`_kinds`) have the same moves
        on every planet, so they are made once for all planets."""
        kind = self.kinds[h]
        key = kind * 16 + self.wind * 2 + self.hold
        got = _KIND_MOVES.get(key) if kind >= 0 else None
        if got is None:
            steps = tuple((t, c * _HOPS + 1, a) for t, c, a in _planet_steps(self.planet, self.wind, self.hold, h))
            got = (steps, tuple([(t, (w << _SHIFT) + t + 1) for t, w, _ in steps]))
            if kind >= 0:  # a Zephyr's moves (kind -1) are its planet's own: kept in this table only
                if len(_KIND_MOVES) >= _KINDS_MAX * 4:
                    _KIND_MOVES.clear()  # every entry can be made again from its planet (see _KIND_NUMBERS)
                _KIND_MOVES[key] = got
        self.steps[h] = got[0]
        edges = self.edges[h] = got[1]
        return edges

    def steps_of(self, h: int) -> tuple[tuple[int, int, Action], ...]:
        if self.steps[h] is None:
            self.out_of(h)
        return self.steps[h]


def _kinds(p: Any) -> list[int]:
    """A number for each space of the planet (the last slot for ``PORT``) that is the same for two
    spaces, on any planets, exactly when the ship moves out of them (:func:`ship_steps`) are the
    same for every wind and hold: it names the space's neighbours the ship may sail to, in
    direction order (the Trading Post as ``PORT``), and its Around-the-Planet target (targets are
    indices of the same cells on planets of one size). A Zephyr, whose jumps go wherever the
    planet's tiles fell, is -1: its moves are not shared with other planets."""
    global _KIND_COUNT
    got = _PLANET_KINDS.get(id(p))
    if got is not None and got[0] is p:
        return got[1]
    if len(_PLANET_KINDS) > _PLANETS_MAX:
        _PLANET_KINDS.clear()
    n = len(p.cells)
    drift = p.is_drift
    kinds = [0] * (n + 1)
    for h in range(-1, n):
        if h == PORT:
            sig: tuple = (len(p.cells), "port", tuple(p.port_ring))
        else:
            if p.terrain[h] == "zephyr":
                kinds[h] = -1
                continue
            sails = tuple((d, PORT if t == 0 else t) for d, t in enumerate(p.nbr[h], start=1)
                          if t == 0 or (t > 0 and not drift[t]))
            sig = (len(p.cells), h, sails, p.corner_link.get(h, -2))
        k = _KIND_NUMBERS.get(sig)
        if k is None:
            if len(_KIND_NUMBERS) >= _KINDS_MAX:
                _KIND_NUMBERS.clear()
            k = _KIND_NUMBERS[sig] = _KIND_COUNT
            _KIND_COUNT += 1
        kinds[h] = k
    _PLANET_KINDS[id(p)] = (p, kinds)
    return kinds


_PLANET_KINDS: dict[int, tuple[Any, list[int]]] = {}  # bounded: _PLANETS_MAX + 1 planets, then cleared
# The description of a space's moves -> its number. Numbers are never given twice (_KIND_COUNT only
# grows), so clearing the table is safe: a planet that keeps an old number still finds its own moves
# under it, made again from the planet when _KIND_MOVES forgot them. Finite: a space (91 at most, two
# planet sizes) with some of its six neighbours open to sail and its Around-the-Planet link, so at
# most 2 x 91 x 64 kinds, a few hundred in practice (Zephyrs are not shared: see _kinds); and
# bounded: at most _KINDS_MAX descriptions and 4 * _KINDS_MAX move lists (each is cleared when full).
_KIND_NUMBERS: dict[tuple, int] = {}
_KIND_MOVES: dict[int, tuple[Any, Any]] = {}  # number * 16 + wind * 2 + hold -> (steps, edges); bounded: above
_KIND_COUNT = 0
_KINDS_MAX = 8_000


def _moves(p: Any, wind: int, hold: bool) -> _Moves:
    tables = _tables(p)[0]
    got = tables.get((wind, hold))
    if got is None:
        got = tables[(wind, hold)] = _Moves(p, wind, hold)
    return got


def routes(s: GameState, seat: int | None = None) -> tuple[dict[int, int], dict[int, Action]]:
    """Least speed the ship of ``seat`` needs this turn to reach each space, and the first
    move of a cheapest route there (fewest moves among the cheapest).

    Moves: free downwind steps, steps across the wind for 1 speed, Zephyr jumps and
    Around the Planet. A space holding another ship or an alive red or white crester
    ends a route (a battle) but is never passed through. ``PORT`` is included when the
    Trading Post is reachable. Used by the ReachMap and by bots; ignores Deadweight.

    The answer depends only on the planet, the wind, where the ship is, whether its hold is
    full and the spaces that end a route, so it is remembered per planet for those (each call
    returns fresh dictionaries).
    """
    costs, first = shared_routes(s, seat)
    return dict(costs), dict(first)


def _position(s: GameState, seat: int | None) -> tuple[Any, tuple, set[int]]:
    """The planet, the key of everything a route search depends on besides the planet (wind,
    where the ship is, whether its hold is full, the spaces that end a route), and those spaces."""
    seat = s.current if seat is None else seat
    ship = s.ships[seat]
    blockers = {sh.pos for i, sh in enumerate(s.ships) if i != seat and sh.pos >= 0}
    blockers.update(s.reds)
    if s.white >= 0:
        blockers.add(s.white)
    return s.planet, (s.wind, ship.pos, bool(ship.hold), frozenset(blockers)), blockers


def _search(p: Any, key: tuple, blockers: set[int]) -> _Search:
    """The search of this position: one begun before (perhaps cut off at a budget or at a space
    asked for, going on from there), or a new one. Searches are remembered by the planet itself
    and the position key, so they never leak between positions or games."""
    got = _SEARCHES.get(key)
    if got is not None and got[0] is p:
        return got[1]
    if len(_SEARCHES) >= _SEARCHES_MAX:
        _SEARCHES.clear()
    wind, start, hold, _ = key
    search = _Search(_moves(p, wind, hold), start, blockers)
    _SEARCHES[key] = (p, search)
    return search


def shared_routes(s: GameState, seat: int | None = None,
                  within: int | None = None) -> tuple[dict[int, int], dict[int, Action]]:
    """:func:`routes` without the copies: the remembered dictionaries themselves, which the caller
    reads and never changes (for bots that ask many times a turn).

    With ``within``, only the spaces reachable for at most that much speed need be in the answer
    (their costs and first moves are those of the full answer; the search stops there, unless
    the full answer is already known, which is then returned as it is)."""
    p, key, blockers = _position(s, seat)
    memo = _tables(p)[1]
    got = memo.get(key)
    if got is not None:
        return got
    near = (key, within)
    if within is not None:
        got = memo.get(near)
        if got is not None:
            return got
    search = _search(p, key, blockers)
    stop = _FAR if within is None else (max(within, 0) + 1) * _HOPS
    search.run(stop)
    got = search.answer(stop)
    if len(memo) >= _ROUTES_MAX:
        memo.clear()
    if within is None:
        memo[key] = got
        _SEARCHES.pop(key, None)
    else:
        memo[near] = got
    return got


class Reach:
    """The cost and first move of single spaces for the ship of one seat in one position, within
    a speed budget or not, searching only as far as the spaces asked for need: the same answers
    as ``shared_routes(s, seat, within=budget)`` (``cost`` is None beyond the budget or where a
    space cannot be reached, where that dictionary has no entry), for a bot that looks at a few
    targets, best first. The search goes on from where it stopped, for later questions about
    the same position too (it is remembered by position, see :func:`_search`)."""

    __slots__ = ("full", "search", "stop")

    def __init__(self, s: GameState, seat: int | None, within: int | None = None):
        p, key, blockers = _position(s, seat)
        self.full = _tables(p)[1].get(key)  # the whole answer, when it is known already
        self.search = None if self.full is not None else _search(p, key, blockers)
        self.stop = _FAR if within is None else (max(within, 0) + 1) * _HOPS

    def cost(self, h: int) -> int | None:
        """Least speed to reach ``h``, or None when it is more than the budget (or unreachable)."""
        search = self.search
        if search is None:
            c = self.full[0].get(h) if self.full is not None else None
            return None if c is None or c * _HOPS >= self.stop else c
        if not -1 <= h < len(search.mark) - 1:
            return None
        k = search.settle(h, self.stop)
        return None if k >= self.stop else k // _HOPS

    def first(self, h: int) -> Action | None:
        """The first move of a cheapest route to ``h`` (ask :meth:`cost` first)."""
        search = self.search
        if search is None:
            return self.full[1].get(h) if self.full is not None else None
        return search.via[h] if search.key(h) < self.stop and h != search.start else None

    def at_least(self, h: int) -> int:
        """A lower bound of the speed needed to reach ``h`` found without searching further: its
        cost once known, otherwise the cost of the cheapest space still to be settled (99 when the
        search is over and ``h`` was not reached)."""
        search = self.search
        if search is None:
            c = self.full[0].get(h) if self.full is not None else None
            return 99 if c is None else c
        if not -1 <= h < len(search.mark) - 1:
            return 99
        m = search.mark[h]
        heap = search.heap
        if not heap or m <= heap[0]:  # settled (or never reached)
            return min((m >> _SHIFT) // _HOPS, 99)
        return (heap[0] >> _SHIFT) // _HOPS

    def within(self, budget: int) -> tuple[dict[int, int], dict[int, Action]]:
        """The answer of ``shared_routes(s, seat, within=budget)`` (or, when the whole answer is
        known, the part of it within the budget), as new dictionaries in the order of the whole
        answer."""
        stop = (max(budget, 0) + 1) * _HOPS
        search = self.search
        if search is None:
            assert self.full is not None
            costs, first = self.full
            near = {h: c for h, c in costs.items() if c * _HOPS < stop}
            return near, {h: a for h, a in first.items() if h in near}
        search.run(stop)
        return search.answer(stop)


_HOPS = 1000  # (speed, moves) is kept as one number, speed * _HOPS + moves (a route has < 1000 moves)
_SHIFT = 10  # and with the space: (speed * _HOPS + moves) << _SHIFT | space + 1, so a heap of ints pops
_MASK = (1 << _SHIFT) - 1  # in the order of (speed, moves, space), as a heap of those tuples would
_FAR = 99 * _HOPS  # not reached


class _Search:
    """Dijkstra over (speed, moves) from ``start``, ties popped by space, over ``moves``, that may
    stop at a speed budget or at a space asked for and go on later (the pops then continue
    exactly where they stopped). Spaces index lists with one slot per space and a last one for
    ``PORT`` (-1).

    The heap holds ints ``key << _SHIFT | space + 1`` with ``key = speed * _HOPS + moves``, and
    ``mark[h]`` is the entry of the best route to ``h`` found so far (``_FAR << _SHIFT`` while
    none is), so comparing entries of one space compares keys, and an edge's weight is added to
    an entry as one int (:meth:`_Moves.out_of`)."""

    __slots__ = ("ends", "found", "heap", "mark", "moves", "start", "via")

    def __init__(self, moves: _Moves, start: int, blockers: set[int]):
        n = len(moves.edges)
        self.moves, self.start = moves, start
        far = _FAR << _SHIFT
        mark = self.mark = [far] * n
        via: list[Any] = [None] * n  # the first move of the best route to each space
        self.via = via
        ends = self.ends = [False] * n
        for b in blockers:
            if -1 <= b < n - 1:
                ends[b] = True
        mark[start] = start + 1  # key 0
        found = self.found = [start]  # spaces in the order they were first reached (the order of the answer)
        heap: list[int] = []
        push = heapq.heappush
        for t, w, a in moves.steps_of(start):  # the first moves (the start is left whatever stands there)
            e = (w << _SHIFT) + t + 1
            if e < mark[t]:
                if mark[t] >= far:
                    found.append(t)
                mark[t] = e
                via[t] = a
                push(heap, e)
        self.heap = heap

    def key(self, h: int) -> int:
        """The key (speed * _HOPS + moves) of the best route to ``h`` found so far (``_FAR``: none)."""
        return self.mark[h] >> _SHIFT

    def settle(self, h: int, stop: int) -> int:
        """The key of ``h`` when it is less than ``stop``, searching on until it is known;
        otherwise ``stop`` or more."""
        mark, heap = self.mark, self.heap
        m = mark[h]
        if not heap or m <= heap[0]:  # nothing left in the heap can lower it
            return m >> _SHIFT
        if heap[0] >> _SHIFT >= stop:  # everything below the budget is known, and h is not
            return m >> _SHIFT
        self.run(stop, h)
        return mark[h] >> _SHIFT

    def run(self, stop: int, target: int = -2) -> None:
        """Pop until the next key is ``stop`` or more (those cost more than the budget), or until
        ``target`` has been popped (its cost and first move are then known)."""
        moves = self.moves
        edges, mark, via, ends, found, heap = moves.edges, self.mark, self.via, self.ends, self.found, self.heap
        far = _FAR << _SHIFT
        stop_at = stop << _SHIFT  # entries of keys below stop are below this
        mask = _MASK
        pop, push = heapq.heappop, heapq.heappush
        while heap:
            e = pop(heap)
            if e >= stop_at:
                push(heap, e)  # for a later, larger budget
                return
            slot = e & mask
            h = slot - 1
            if e != mark[h]:  # a route to h found cheaper since (the start is never pushed)
                continue
            if ends[h]:
                if h == target:
                    return
                continue
            move = via[h]
            out = edges[h]
            if out is None:
                out = moves.out_of(h)
            base = e - slot  # key << _SHIFT
            for t, step in out:
                ne = base + step
                if ne < mark[t]:
                    if mark[t] >= far:
                        found.append(t)
                    mark[t] = ne
                    via[t] = move
                    push(heap, ne)
            if h == target:
                return

    def answer(self, stop: int) -> tuple[dict[int, int], dict[int, Action]]:
        """Costs and first moves of the spaces settled below ``stop`` (all of them at ``_FAR``),
        in the order they were first reached; the start (cost 0) first."""
        mark, via = self.mark, self.via
        if stop >= _FAR:
            found = self.found
        else:
            stop_at = stop << _SHIFT
            found = [h for h in self.found if mark[h] < stop_at]
        return {h: (mark[h] >> _SHIFT) // _HOPS for h in found}, {h: via[h] for h in found[1:]}


# the searches begun and not finished, by position key: (planet, search); bounded: _SEARCHES_MAX at a time
_SEARCHES: dict[tuple, tuple[Any, _Search]] = {}
_SEARCHES_MAX = 16


def _routes(moves: _Moves, start: int, blockers: set[int],
            within: int | None = None) -> tuple[dict[int, int], dict[int, Action]]:
    """The whole search at once (or cut off at ``within``): see :class:`_Search`."""
    search = _Search(moves, start, blockers)
    stop = _FAR if within is None else (max(within, 0) + 1) * _HOPS
    search.run(stop)
    return search.answer(stop)


def reach_costs(s: GameState, seat: int | None = None) -> dict[int, int]:
    """Least speed the ship of ``seat`` needs this turn to reach each space (see :func:`routes`)."""
    return routes(s, seat)[0]
