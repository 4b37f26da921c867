"""Planning a turn in the Solo Adventure and the Cooperative game: where to rest, and what to
buy on the way.

In the team modes the cresters come to the ship: every red crester on the planet at each
rest in the Solo Adventure, the White Crester (and the reds of the territory) in the
Cooperative game. What decides a game is the rest: which cresters reach the ship there, and
whether the ship, as it will stand then, beats them. So a turn is planned backwards from it.
:func:`plans` lists the ways to end this turn (a :class:`TurnPlan`: rest at a space, perhaps
after a visit to the Trading Post where the ship restocks) and scores each by what the rest
will bring:

* the ship as it will be at the rest (a :class:`Supply`: morale, cannons, crew, tokens, cards,
  gas), after the visit to the Trading Post and the card (or morale) the rest costs;
* the cresters that will reach it there, moved by the engine's rules (:func:`arrivals`);
* the battle they start, exactly: the attackers' dice, then the cannons the ship fires once it
  has seen them, then its hit cards and tokens (:func:`defence`), each ending weighed by
  :func:`worth`, a rough chance of winning the game from there.

:func:`worth` counts the battles still to win (each win brings the end nearer, and the gas and
teeth of a red crester pay for the next cannons) and how ready the ship is for the next one
and for the rests before it.

>>> import windward_nb as ww
>>> g = ww.new_game(players=1, mode="solo", seed=3)
>>> best = plans(g.state, 0)[0]
>>> best.port, best.rest >= 0, best.shop[0]
(True, True, 'order hire Marine')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

import numpy as np

from . import cresters
from .hexgrid import distance as hex_distance
from .hooks import active
from .movement import shared_routes
from .odds import battle_odds, hit_distribution
from .state import GONE, PORT, GameState

__all__ = ["Supply", "TurnPlan", "supply", "worth", "defence", "arrivals", "plans", "shopping", "CARD_RANK",
           "BETA"]

#: Which card a captain gives up first when a rest asks for one (lowest first).
CARD_RANK = {"bait": 0, "deadweight": 1, "aerogenerator": 2, "coffee": 3, "fuel": 4, "harpoon": 5,
             "false_flag": 6, "heavy_harpoon": 7}
_HITS = {"harpoon": 1, "heavy_harpoon": 2}


class Supply(NamedTuple):
    """What a ship brings to its next battles, in the few numbers a plan weighs."""

    morale: int
    cannons: int
    slots: int  # cannon slots
    marine: bool  # +2 hits against red cresters
    sergeant: bool  # +1 die when the ship attacks
    tokens: int  # "+2" tokens
    hits: tuple[int, ...]  # hit cards in hand, strongest first (2 = Heavy Harpoon, 1 = Harpoon)
    flags: int  # False Flags in hand
    spare: int  # other cards in hand (Fuel, Coffee, ...): each pays for a rest
    gas: int  # gas, with what a crester in the hold and the teeth will bring
    reds: int  # red cresters still to beat before the White Crester (the Solo Adventure; 0 otherwise)
    whites: int  # battles still to win against the White Crester
    lives: int  # the captains' lives (1 in the Solo Adventure: one lost ship ends it)

    @property
    def cards(self) -> int:
        return len(self.hits) + self.flags + self.spare

    @property
    def foes(self) -> int:
        return self.reds + self.whites


def supply(s: GameState, seat: int) -> Supply:
    """The ship of ``seat`` as a :class:`Supply`."""
    me = s.ships[seat]
    comp = s.components
    hits = tuple(sorted((_HITS[c] for c in me.hand if c in _HITS), reverse=True))
    flags = me.hand.count("false_flag")
    pending = 0
    if me.hold:
        pending += me.morale + s.crew_bonus(seat, "process_gas") + comp.teeth_gas[me.hold]
    pending += me.grey_teeth * comp.teeth_gas["grey"] + me.red_teeth * comp.teeth_gas["red"]
    if s.mode == "solo":
        reds, whites, lives = len(s.reds), (0 if s.white == GONE else 1), 1
    else:
        lives_left = s.lives or [len(s.ships), len(s.ships)]
        reds, whites, lives = 0, lives_left[1], lives_left[0]
    return Supply(me.morale, me.cannons, s.cannon_slots(seat), s.crew_bonus(seat, "hits_vs_red") > 0,
                  s.crew_bonus(seat, "attack_strength") > 0, me.tokens, hits, flags,
                  len(me.hand) - len(hits) - flags, me.gas + pending, reds, whites, lives)


@lru_cache(maxsize=64)
def _dice(n: int) -> tuple[tuple[int, float], ...]:
    """(hits, chance) of ``n`` battle dice, for every number of hits that can show."""
    return tuple((k, float(p)) for k, p in enumerate(hit_distribution(n)) if p > 0)


@lru_cache(maxsize=1_024)
def _margins(ship: int, crester: int) -> tuple[tuple[int, float], ...]:
    """(the ship's hits minus the crester's, chance) when ``ship`` dice meet ``crester`` dice."""
    d = hit_distribution(ship)
    a = hit_distribution(crester)
    conv = np.convolve(d, a[::-1])  # index i: margin i - (len(a) - 1)
    shift = len(a) - 1
    return tuple((i - shift, float(p)) for i, p in enumerate(conv) if p > 1e-15)


# =============================================================================== what a position is worth
#: The chance of winning the game's remaining battles is about BETA ** (battles left) (see :func:`worth`).
BETA = 0.6
#: What a lost ship leaves of the team's chances when it has a life to spare (Cooperative game).
LOST_LIFE = 0.55
#: Cooperative game: a turn that ends without a battle is worth this much of the same position a
#: turn sooner (waiting has to end: the White Crester is beaten only in battle).
WAIT = 0.93


@lru_cache(maxsize=50_000)
def _hold_chance(dice: int, extra: int, morale: int, attack: int) -> float:
    """The chance that ``dice`` dice plus ``extra`` hits lose to ``attack`` dice by less than
    ``morale`` (so a ship of that morale stays afloat); with ``morale`` 0, the chance to win."""
    a = hit_distribution(attack)
    d = hit_distribution(dice)
    tail = np.concatenate([np.cumsum(d[::-1])[::-1], [0.0]])  # tail[k] = P(d >= k)
    p = 0.0
    for hits_a, pa in enumerate(a):
        if pa > 0:
            need = hits_a - extra - morale + 1
            p += pa * (1.0 if need <= 0 else (tail[need] if need < len(tail) else 0.0))
    return float(p)


@lru_cache(maxsize=100_000)
def worth(x: Supply) -> float:
    """A rough chance of winning the game from a ship like ``x`` between two turns.

    ``BETA ** foes`` for the battles still to win, times how ready the ship is for the next one
    (its chance to beat one red crester, or the White Crester once the reds are gone, and to stay
    afloat, firing every cannon and playing every bonus) and for the rests before it (cards,
    morale, False Flags), with a little for the gas that buys the next cannons."""
    if x.foes <= 0:
        return 1.0
    white = x.reds <= 0
    attack = 8 if white else 5
    extra = (2 if x.marine and not white else 0) + 2 * x.tokens + sum(x.hits)
    dice = 2 + x.cannons
    win = _hold_chance(dice, extra, 0, attack)
    hold = _hold_chance(dice, extra, x.morale, attack)
    ready = 0.25 + 0.35 * win + 0.25 * hold
    ready += 0.03 * min(x.cards, 4) + 0.02 * min(x.morale, 4) + 0.04 * min(x.flags, 2)
    ready += 0.012 * min(x.gas, 6) + (0.04 if x.marine or x.sergeant else 0.0)
    v = BETA ** x.foes * min(1.0, ready)
    if x.lives > 1:
        v = min(1.0, v * (1.0 + 0.15 * (x.lives - 1)))
    return float(v)


def lost(x: Supply) -> float:
    """What losing the ship ``x`` leaves: nothing in the Solo Adventure (or with the captains'
    last life), else a ship back at port with morale 1 and one life fewer."""
    if x.lives <= 1:
        return 0.0
    return LOST_LIFE * worth(x._replace(morale=1, tokens=1, lives=x.lives - 1))


# =============================================================================== a battle at the rest
def _spend(x: Supply, need: int) -> tuple[Supply, int] | None:
    """The cheapest bonuses (tokens first, then the weakest cards that do) worth at least ``need``
    hits: (what is left, hits played), or None when everything together falls short."""
    if need <= 0:
        return x, 0
    if 2 * x.tokens + sum(x.hits) < need:
        return None
    tokens = x.tokens
    got = 0
    while got < need and tokens:
        tokens -= 1
        got += 2
    hits = list(x.hits)
    while got < need:
        short = need - got
        pick = min((h for h in hits if h >= short), default=max(hits))
        hits.remove(pick)
        got += pick
    return x._replace(tokens=tokens, hits=tuple(sorted(hits, reverse=True))), got


@lru_cache(maxsize=20_000)
def defence(x: Supply, reds: int = 0, white: bool = False) -> float:
    """What the rest is worth (by :func:`worth`) for the resting ship ``x`` when ``reds`` red
    cresters (together) and then, with ``white``, the White Crester attack it; the defender plays
    its best: a False Flag before the dice when that is better, else the cannons chosen after
    seeing the attack, then the bonuses that win (or tie, or keep the ship afloat)."""
    if reds <= 0 and not white:
        return worth(x)
    fought = fight(x, reds, white)
    if x.flags:
        flagged = x._replace(flags=x.flags - 1)
        return max(fought, defence(flagged, 0, white) if reds else worth(flagged))
    return fought


@lru_cache(maxsize=20_000)
def fight(x: Supply, reds: int, white: bool) -> float:
    """:func:`defence` of the first attack without a False Flag: the dice are rolled (the White
    Crester's, when ``reds`` is 0)."""
    attack = 5 * reds if reds else 8
    return sum(pa * cannons_for(x, reds, white, hits_a)[1] for hits_a, pa in _dice(attack))


@lru_cache(maxsize=50_000)
def cannons_for(x: Supply, reds: int, white: bool, attack: int) -> tuple[int, float]:
    """The cannons the ship ``x`` should fire against an attack of ``attack`` hits by ``reds``
    red cresters (0: the White Crester), seen before it fires, and what the rest is then worth
    (``white``: the White Crester attacks after the reds)."""
    marine = 2 if x.marine and reds else 0
    best, best_n = -1.0, 0
    for n in range(x.cannons + 1):
        fired = x._replace(cannons=x.cannons - n)
        v = 0.0
        for hits_d, pd in _dice(2 + n):
            v += pd * _after(fired, reds, white, hits_d + marine - attack)
        if v > best + 1e-12:
            best, best_n = v, n
    return best_n, best


@lru_cache(maxsize=200_000)
def _after(x: Supply, reds: int, white: bool, margin: int) -> float:
    """The worth of a battle's end for the ship ``x`` (its cannons fired) that leads by ``margin``
    before bonuses (the defender plays last, knowing every total); then the White Crester's
    attack, if ``white`` and this was the reds'."""

    def then(y: Supply) -> float:
        return defence(y, 0, True) if reds and white else worth(y)

    won = _spend(x, 1 - margin)
    if won is not None:
        y = won[0]
        if reds:  # red cresters: the first to the hold, processed, its tooth sold
            gas = y.gas + x.morale + 4
            y = y._replace(reds=max(0, y.reds - reds), gas=gas)
        else:
            y = y._replace(whites=y.whites - 1)
        return then(y)
    tie = _spend(x, -margin)
    if tie is not None:
        return then(tie[0])
    keep = _spend(x, -margin - x.morale + 1)  # lost: what keeps the ship afloat, if anything can
    if keep is None:
        return lost(x)
    y, got = keep
    return then(y._replace(morale=x.morale + margin + got, tokens=y.tokens + 1))


def rest(x: Supply, reds: int, white: bool) -> float:
    """The best of the ways to pay for a rest at sky (a card or a point of morale) followed by
    :func:`defence` against ``reds`` red cresters and then, with ``white``, the White Crester;
    :func:`lost` when no way keeps the ship afloat."""
    best = -1.0
    for paid in _pay_rest(x):
        v = defence(paid, reds, white)
        if v > best:
            best = v
    return best if best >= 0 else lost(x)


@lru_cache(maxsize=20_000)
def attack(x: Supply, reds: int, win_rest: tuple[int, bool], back_rest: tuple[int, bool]) -> tuple[int, float]:
    """The ship ``x`` sails into ``reds`` red cresters standing together (0: the White Crester)
    and fights them as the attacker: the cannons it should fire (chosen before any die is
    rolled) and what the turn is then worth, by :func:`worth`. After a win the ship rests where
    ``win_rest`` (reds, White Crester) attack it; after a tie or a loss it is back on the space
    it came from, where ``back_rest`` attack it."""
    attack_dice = 5 * reds if reds else 8
    marine = 2 if x.marine and reds else 0
    best, best_n = -1.0, 0
    for n in range(x.cannons + 1):
        fired = x._replace(cannons=x.cannons - n)
        v = 0.0
        for margin, pm in _margins(2 + n + (1 if x.sergeant else 0), attack_dice):
            v += pm * _attacked(fired, reds, win_rest, back_rest, margin + marine)
        if v > best + 1e-12:
            best, best_n = v, n
    return best_n, best


@lru_cache(maxsize=200_000)
def _attacked(x: Supply, reds: int, win_rest: tuple[int, bool], back_rest: tuple[int, bool], margin: int) -> float:
    """The end of an attack the ship ``x`` (cannons fired) leads by ``margin`` before bonuses (it
    plays its bonuses first, knowing both rolls; a crester has none), then the rest."""
    won = _spend(x, 1 - margin)
    if won is not None:
        y = won[0]
        if reds:
            y = y._replace(reds=max(0, y.reds - reds), gas=y.gas + x.morale + 4)
        else:
            y = y._replace(whites=y.whites - 1)
        if y.foes <= 0:
            return 1.0
        return rest(y, *win_rest)
    tie = _spend(x, -margin)
    if tie is not None:
        y = tie[0]
        return rest(y._replace(tokens=y.tokens + 1), *back_rest)
    keep = _spend(x, -margin - x.morale + 1)
    if keep is None:
        return lost(x)
    y, got = keep
    return rest(y._replace(morale=x.morale + margin + got, tokens=y.tokens + 1), *back_rest)


# =============================================================================== the cresters at the rest
def _near_distances(s: GameState, target: int, territory: int, depth: int, full: frozenset[int]) -> dict[int, int]:
    """:func:`cresters.distances_to` for a red crester, searched only ``depth`` steps out from
    ``target`` (the spaces a red within its speed can pass through); ``full``: the spaces a red
    may not enter (as many reds as may share one already stand there)."""
    blocked = {sh.pos for sh in s.ships if sh.pos >= 0 and sh.pos != target} | full
    if s.white >= 0:
        blocked.add(s.white)
    return _search(s.planet, target, blocked, territory, depth)


def _distance_of(s: GameState, dist: dict[int, int], r: int) -> int:
    """A red's own distance from the searched ones: a red standing on a full space is not
    blocked by it (the others are)."""
    d = dist.get(r)
    if d is not None:
        return d
    near = [dist[t] for t in s.planet.nbr[r] if t > 0 and t in dist]
    return min(near) + 1 if near else 999


def _full(s: GameState, stack: int, mover: int | None = None) -> set[int]:
    """Spaces holding as many reds (besides one at ``mover``) as may share a space."""
    count: dict[int, int] = {}
    for r in s.reds:
        count[r] = count.get(r, 0) + 1
    if mover is not None:
        count[mover] -= 1
    return {h for h, c in count.items() if c >= stack}


_ARRIVALS: dict[tuple, tuple[object, tuple[int, bool, tuple[int, ...]]]] = {}  # bounded: 20,000 entries, then cleared


def arrivals(s: GameState, seat: int, h: int) -> tuple[int, bool, tuple[int, ...]]:
    """Who attacks the ship of ``seat`` if it rests at sky on ``h`` now: (red cresters, the White
    Crester?, where the reds stand after their move). The engine's moves (see
    :func:`cresters.reds_to_move` and ``engine._move_reds``): one red at a time, nearest first,
    each along a shortest path (lowest direction first) as far as its speed; only the reds near
    enough to reach ``h`` at all are moved. The position is left as it was."""
    hooks = active(s)
    roam = hooks.reds_roam(s)
    speed = cresters.red_speed(s)
    key = (id(s.planet), h, seat, tuple(s.reds), tuple(sh.pos for sh in s.ships), s.white, speed, roam,
           () if roam else tuple(s.turn.fought_reds), cresters.white_speed(s) if s.white >= 0 else 0)
    hit = _ARRIVALS.get(key)
    if hit is not None and hit[0] is s.planet:  # (the planet is kept with the answer: its id stays its own)
        return hit[1]
    p = s.planet
    here = p.cells[h]
    territory = 0 if roam else p.territory[h]
    # the reds that move: in the Solo Adventure only those within reach matter (the others move
    # after them, and no White Crester is about yet); otherwise every red of the territory, which
    # may stand in the White Crester's way once it has moved
    if roam:
        near = [r for r in s.reds if hex_distance(p.cells[r], here) <= speed]
    else:
        near = [r for r in s.reds if p.territory[r] == territory and r not in s.turn.fought_reds]
    ship = s.ships[seat]
    old_pos, old_reds = ship.pos, s.reds
    ship.pos = h
    s.reds = list(old_reds)
    try:
        arrived = 0
        if near:
            stack = hooks.red_stack(s)
            depth = speed if roam else 99
            full = frozenset(_full(s, stack))
            searched = {full: _near_distances(s, h, territory, depth, full)}
            order = sorted((_distance_of(s, searched[full], r), r) for r in near)
            for d, start in order:
                if (roam and d > speed) or start not in s.reds:
                    continue
                mine = frozenset(_full(s, stack, start))
                dist = searched.get(mine)
                if dist is None:
                    dist = searched[mine] = _near_distances(s, h, territory, depth, mine)
                dist = dict(dist)
                mine_d = _distance_of(s, dist, start)
                if mine_d >= 999:
                    continue  # no way to the ship: it does not move
                dist[start] = mine_d
                path = cresters.step_path(s, start, dist, speed)
                if path and p.is_drift[path[-1]]:
                    path.pop()
                if path and path[-1] == h and stack > 1 and arrived >= stack:
                    path.pop()  # no more reds share the ship's space than may
                if not path:
                    continue
                s.move_red(start, path[-1])
                if path[-1] == h:
                    arrived += 1
                    if stack <= 1:
                        break  # outside the Solo Adventure the first to arrive fights at once
        after = tuple(s.reds)
        white = s.white >= 0 and cresters.reaches(s, h, 0, s.white, cresters.white_speed(s))
    finally:
        ship.pos, s.reds = old_pos, old_reds
    if len(_ARRIVALS) > 20_000:
        _ARRIVALS.clear()
    got = (arrived, white, after)
    _ARRIVALS[key] = (s.planet, got)
    return got


class Forecast:
    """:func:`arrivals` for many resting places of one ship in one position, quicker: one search
    from every red crester (and the White Crester) instead of one per place. The reds that can
    reach a place all do (up to the most that may share a space), since a red that reaches the
    ship blocks no other; only where a red of the place's territory moves before the White
    Crester (the Cooperative game) does :func:`arrivals` move them one by one. Both give the
    same answer (a test checks it)."""

    def __init__(self, s: GameState, seat: int):
        self.s, self.seat = s, seat
        hooks = active(s)
        self.roam = hooks.reds_roam(s)
        self.stack = hooks.red_stack(s)
        self.speed = cresters.red_speed(s)
        p = s.planet
        ships = {sh.pos for i, sh in enumerate(s.ships) if i != seat and sh.pos >= 0}
        white = {s.white} if s.white >= 0 else set()
        self.red_dist: list[tuple[int, dict[int, int]]] = []
        searched: dict[int, dict[int, int]] = {}
        for r in s.reds:
            if not self.roam and r in s.turn.fought_reds:
                continue
            d = searched.get(r)
            if d is None:
                blocked = ships | white | _full(s, self.stack, r)
                blocked.discard(r)
                d = searched[r] = _search(p, r, blocked, 0 if self.roam else p.territory[r],
                                          self.speed if self.roam else 99)
            self.red_dist.append((r, d))
        self.white_dist: dict[int, int] | None = None
        if s.white >= 0:
            blocked = ships | (_full(s, self.stack) if self.stack > 1 else set(s.reds))
            self.white_dist = _search(p, s.white, blocked, 0, cresters.white_speed(s))
            self.white_speed = cresters.white_speed(s)

    def __call__(self, h: int) -> tuple[int, bool]:
        """(red cresters that attack a ship resting on ``h``, does the White Crester?)."""
        s = self.s
        territory = s.planet.territory[h]
        reach = 0
        moving = False
        for r, d in self.red_dist:
            if not self.roam and s.planet.territory[r] != territory:
                continue
            moving = True
            if d.get(h, 99) <= self.speed:
                reach += 1
        if moving and not self.roam and self.white_dist is not None:
            n, white, _ = arrivals(s, self.seat, h)  # the reds move first and may stand in its way
            return n, white
        white = self.white_dist is not None and self.white_dist.get(h, 99) <= self.white_speed
        # the nearest reds move first, and one that reaches the ship leaves its space and blocks
        # no other: every red that can reach the ship does, up to the most that may share a space
        return min(reach, self.stack), white


def _search(p: Any, start: int, blocked: set[int], territory: int, depth: int) -> dict[int, int]:
    """Steps from ``start`` to every space within ``depth`` for a crester that may not enter
    ``blocked``, Drift, the Trading Post or (``territory``, when not 0) another territory."""
    nbr, drift, where = p.nbr, p.is_drift, p.territory
    dist = {start: 0}
    ring = [start]
    for k in range(1, depth + 1):
        nxt = []
        for h in ring:
            for t in nbr[h]:
                if t <= 0 or t in dist or drift[t] or t in blocked:
                    continue
                if territory and where[t] != territory:
                    continue
                dist[t] = k
                nxt.append(t)
        if not nxt:
            break
        ring = nxt
    return dist


def white_strikes_port(s: GameState) -> bool:
    """Cooperative game: would the White Crester reach the Trading Post if a captain rested there now?"""
    if s.white < 0:
        return False
    dist = cresters.distances_to(s, 0, 0, s.white)
    return dist.get(s.white, 99) <= cresters.white_speed(s)


def gas_at_port(s: GameState, seat: int) -> int:
    """The gas the ship of ``seat`` will have to spend at the Trading Post this turn: its own, what
    processing the crester in its hold brings, and its teeth sold for gas (each capped by the
    storage)."""
    me = s.ships[seat]
    comp = s.components
    room = s.gas_slots(seat)
    gas = me.gas
    grey, red = me.grey_teeth, me.red_teeth
    if me.hold and "process" not in s.turn.orders:
        gas = min(room, gas + me.morale + s.crew_bonus(seat, "process_gas"))
        grey, red = grey + (me.hold == "grey"), red + (me.hold == "red")
    return min(room, gas + grey * comp.teeth_gas["grey"] + red * comp.teeth_gas["red"])


# =============================================================================== plans for a turn
@dataclass
class TurnPlan:
    """One way to end the turn: rest at ``rest`` (a space at sky, or ``PORT`` in the Cooperative
    game), after a visit to the Trading Post when ``port``, where the ship does ``shop`` (orders,
    purchases, Coffee); ``fuel`` Fuel cards and the speed order (``speed``) pay for the way.
    ``value`` is what :func:`defence` makes of the rest, ``reds`` the red cresters that will
    attack the ship there (``white``: and the White Crester) and ``at`` the ship as they find it."""

    rest: int
    port: bool
    value: float
    reds: int = 0
    white: bool = False
    shop: tuple[str, ...] = ()
    fuel: int = 0
    speed: bool = False
    at: Supply | None = None
    cost: int = 0
    attack: bool = False  # sail into the crester(s) on ``rest`` and fight them first

    @property
    def key(self) -> str:
        return f"{'port+' if self.port else ''}{'attack' if self.attack else 'rest'}@{self.rest}"


def _pay_rest(x: Supply) -> list[Supply]:
    """The ways to pay for a rest at sky: the least useful card, or a point of morale."""
    out = []
    if x.spare:
        out.append(x._replace(spare=x.spare - 1))
    elif x.hits and x.hits[-1] == 1:
        out.append(x._replace(hits=x.hits[:-1]))
    elif x.flags:
        out.append(x._replace(flags=x.flags - 1))
    elif x.hits:
        out.append(x._replace(hits=x.hits[:-1]))
    if x.morale > 1:
        out.append(x._replace(morale=x.morale - 1))
    return out


#: What an order is called when bought with gas instead.
BUY = {"cannon": "buy cannon", "morale": "buy rum", "supplies": "buy supplies"}


def shopping(s: GameState, seat: int, x: Supply, orders: int, gas: int, coffee: int = 0,
             fighter: str = "Marine") -> tuple[Supply, list[str]]:
    """What the ship of ``seat`` (as ``x``) does at the Trading Post with ``orders`` orders left,
    ``gas`` gas and ``coffee`` Coffee cards it may play for one more order each: a Marine (a
    Sergeant when none is left), supplies when the hand is short, every cannon slot filled,
    morale to the top, more supplies, a Gas Worker. An order space takes one order a turn (those
    covered this turn are skipped); what no order pays for is bought with gas. Returns the ship
    after it and the actions, in order (``order cannon``, ``buy rum``, ``play coffee`` ...)."""
    comp = s.components
    me = s.ships[seat]
    prices = comp.prices
    hand_limit = s.hand_limit(seat)
    draws = comp.board(me.colour).supplies
    covered = set(s.turn.orders)
    steps: list[str] = []
    crew = {comp.crew_slot[c] for c in me.crew}
    y = x
    left = orders

    def get(kind: str, price: int) -> bool:
        nonlocal left, gas, coffee, y
        base = kind.split(" ", 1)[0]
        if base not in covered:
            if left <= 0 and coffee > 0 and y.spare > 1 and gas < price:
                coffee -= 1
                left += 1
                y = y._replace(spare=y.spare - 1)
                steps.append("play coffee")
            if left > 0:
                left -= 1
                covered.add(base)
                steps.append(f"order {kind}")
                return True
        if gas >= price:
            gas -= price
            steps.append(BUY.get(kind) or "buy crew " + kind[5:])
            return True
        return False

    def draw() -> None:
        nonlocal y
        y = y._replace(spare=y.spare + max(0, min(draws, hand_limit - y.cards)))

    if "cannons" not in crew:
        from .orders import crew_available

        for name in (fighter, "Sergeant" if fighter == "Marine" else "Marine"):
            if crew_available(s, name) and get(f"hire {name}", prices["crew"]):
                y = y._replace(marine=name == "Marine", sergeant=name == "Sergeant",
                               slots=y.slots + comp.crew_effects[name].get("cannon_slots", 0))
                crew.add("cannons")
                break
    if y.cards <= 1 and get("supplies", prices["supplies"]):
        draw()
    while y.cannons < y.slots and get("cannon", prices["cannon"]):
        y = y._replace(cannons=y.cannons + 1)
    while y.morale < comp.limits["morale_max"] and get("morale", prices["rum"]):
        y = y._replace(morale=y.morale + 1)
    if y.cards <= hand_limit - 2 and get("supplies", prices["supplies"]):
        draw()
    if "gas" not in crew and gas >= prices["crew"] + 1:
        from .orders import crew_available

        if crew_available(s, "Gas Worker") and get("hire Gas Worker", prices["crew"]):
            crew.add("gas")
    return y._replace(gas=gas), steps


def after_win(s: GameState, seat: int, target: int) -> tuple[int, bool]:
    """Who attacks the ship of ``seat`` resting on ``target`` once the red cresters there are
    beaten (they are taken off the planet for the forecast)."""
    old = s.reds
    s.reds = [r for r in old if r != target]
    try:
        reds, white, _ = arrivals(s, seat, target)
    finally:
        s.reds = old
    return reds, white


def plans(s: GameState, seat: int, limit: int = 0, port: bool = True, fighter: str = "") -> list[TurnPlan]:
    """The ways to end this turn for the ship of ``seat`` (at the start of its turn or during
    it), best first; ``limit`` keeps only that many (0: all); ``port=False`` leaves out the
    ways by the Trading Post (for a ship that has been there this turn); ``fighter``: the crew
    to hire for the cannon slot (default: a Marine in the Solo Adventure, a Sergeant in the
    Cooperative game, where the foe to beat is the White Crester and the Sergeant's extra die
    counts when the ship attacks it)."""
    me = s.ships[seat]
    x = supply(s, seat)
    turn = s.turn
    fuel = me.hand.count("fuel")
    coffee = me.hand.count("coffee")
    mates = turn.mates + turn.coffee
    p = s.planet
    blockers = {sh.pos for i, sh in enumerate(s.ships) if i != seat} | set(s.reds) | {s.white}
    sky_mates = mates - (1 if me.hold and "process" not in turn.orders else 0)  # processing comes first
    speed_order = "speed" not in turn.orders and sky_mates > 0
    seen: dict[tuple[int, bool], TurnPlan] = {}
    forecast = Forecast(s, seat)
    wait = WAIT if s.mode == "cooperative" else 1.0
    fighter = fighter or ("Marine" if s.mode == "solo" else "Sergeant")
    targets: dict[int, tuple[int, tuple[int, bool], tuple[int, bool]]] = {}
    barred = set(turn.no_attack)  # after a tie or a False Flag a target may not be attacked again this turn
    if s.mode == "solo":
        for t in sorted(set(s.reds)):
            if f"red@{t}" not in barred and f"red@{t}!flag" not in barred:
                n = s.reds.count(t)
                targets[t] = (n, after_win(s, seat, t), (n, False))
    if s.white >= 0 and "white" not in barred and "white!flag" not in barred:
        targets[s.white] = (0, (0, False), (0, True))

    def paying(cost: int, at: Supply, speed_ok: bool) -> tuple[Supply, int, bool] | None:
        extra = cost - turn.speed
        use_speed = speed_ok and extra > 0
        use_fuel = max(0, extra - (1 if use_speed else 0))
        if use_fuel > fuel:
            return None
        return (at._replace(spare=at.spare - use_fuel) if use_fuel else at), use_fuel, use_speed

    def keep(plan: TurnPlan) -> None:
        old = seen.get((plan.rest, plan.port))
        if old is None or plan.value > old.value:
            seen[(plan.rest, plan.port)] = plan

    def consider(h: int, via_port: bool, cost: int, at: Supply, shop: tuple[str, ...], speed_ok: bool) -> None:
        paid = paying(cost, at, speed_ok)
        if paid is None:
            return
        y, use_fuel, use_speed = paid
        if h in targets:
            reds, win_rest, back_rest = targets[h]
            _, value = attack(y, reds, win_rest, back_rest)
            keep(TurnPlan(h, via_port, value, reds, h == s.white, shop, use_fuel, use_speed, y, cost, True))
            return
        if h == PORT:  # the Cooperative game: a rest at port raises morale, unless the White Crester strikes
            if white_strikes_port(s):
                value = lost(y)
            else:
                gain = s.components.board(me.colour).rest_at_port
                value = wait * worth(y._replace(morale=min(s.components.limits["morale_max"], y.morale + gain)))
            keep(TurnPlan(h, via_port, value, 0, False, shop, use_fuel, use_speed, y, cost))
            return
        if h in blockers or p.is_drift[h]:
            return
        reds, white = forecast(h)
        best, paid_best = -1.0, None
        for option in _pay_rest(y):
            v = defence(option, reds, white)
            if v > best:
                best, paid_best = v, option
        if paid_best is None:
            return  # no card and morale 1: resting here sinks the ship
        if not white:
            best *= wait  # (in the Cooperative game a red crester beaten is gas, not a step to the win)
        keep(TurnPlan(h, via_port, best, reds, white, shop, use_fuel, use_speed, paid_best, cost))

    hold = me.hold
    if hold and "process" not in turn.orders and mates > 0:
        me.hold = ""  # the crester is processed first thing, and the way to the Trading Post opens
    try:
        sky = {} if me.pos == PORT else shared_routes(s, seat)[0]
    finally:
        me.hold = hold
    budget = turn.speed + fuel + (1 if speed_order else 0)
    for h, c in sky.items():
        if c <= budget and h >= 0:
            consider(h, False, c, x, (), speed_order)
    port_cost = 0 if me.pos == PORT else sky.get(PORT)
    if (port or me.pos == PORT) and port_cost is not None and port_cost <= budget:
        old = me.pos
        me.pos = PORT
        try:
            ring = shared_routes(s, seat)[0]
        finally:
            me.pos = old
        for with_speed in ((False, True) if speed_order and me.pos != PORT else (False,)):
            orders = sky_mates - (1 if with_speed else 0)
            at, shop = shopping(s, seat, x, max(0, orders), gas_at_port(s, seat), coffee, fighter)
            room = budget if with_speed else turn.speed + fuel
            for h, c in ring.items():
                if port_cost + c <= room and (h >= 0 or s.mode != "solo"):
                    consider(h, True, port_cost + c, at, tuple(shop), with_speed)
    out = sorted(seen.values(), key=lambda t: (-t.value, t.rest))
    return out[:limit] if limit else out


# =============================================================================== what a plan says
def table_odds(x: Supply, reds: int) -> tuple[float, float]:
    """The chances that the ship ``x`` beats ``reds`` red cresters attacking it together (0: the
    White Crester), and that it is lost, firing every cannon and playing its bonuses at their
    best, without a False Flag: the battle odds the table's forecast of a rest gives
    (:func:`windward_nb.windward.odds.battle_odds`)."""
    crew = ["Marine"] if x.marine else ["Sergeant"] if x.sergeant else []
    cards = ["heavy_harpoon" if h == 2 else "harpoon" for h in x.hits]
    o = battle_odds("red" if reds else "white", "ship", attacker_count=max(1, reds), defender_cannons=x.cannons,
                    defender_crew=crew, defender_tokens=x.tokens, defender_cards=cards, defender_morale=x.morale)
    return float(o.loss), float(o.ship_lost.get("defender", 0.0))


def _pct(p: float) -> str:
    return f"{round(100 * p)}%"


def _short(s: GameState, seat: int) -> list[str]:
    """What the ship of ``seat`` lacks for the rests and battles ahead, in words."""
    me = s.ships[seat]
    out = []
    if not me.hand:
        out.append("you have no card left for the rest" + (" (it would sink the ship)" if me.morale <= 1 else ""))
    elif len(me.hand) == 1:
        out.append("you have one card left")
    if not any(s.components.crew_slot[c] == "cannons" for c in me.crew):
        out.append("you have no Marine or Sergeant")
    slots = s.cannon_slots(seat)
    if me.cannons == 0:
        out.append("your cannons are empty")
    elif me.cannons < slots:
        out.append(f"{me.cannons} of your {slots} cannons {'is' if me.cannons == 1 else 'are'} loaded")
    if me.morale <= 2:
        out.append(f"your morale is {me.morale}")
    return out


def _foes(s: GameState) -> str:
    """How fast the cresters come, in words."""
    if s.mode == "solo" and s.reds:
        return f"the reds move {cresters.red_speed(s)}"
    if s.white >= 0:
        return f"the White Crester moves {cresters.white_speed(s)}"
    return ""


def reason(s: GameState, seat: int, plan: TurnPlan) -> str:
    """Why ``plan``, in a line: what it does (the Trading Post and what the ship gets there, the
    crester it attacks, where it rests), what the ship lacks that makes it go to port, and what
    the rest brings (the cresters that can reach the ship there, and the exact odds of that
    battle as the planner would fight it), with how fast the cresters come.

    >>> import windward_nb as ww
    >>> g = ww.new_game(players=1, mode="solo", seed=3)
    >>> reason(g.state, 0, plans(g.state, 0)[0]).split(":")[0]
    'at the Trading Post (hire Marine, fill a cannon)'
    """
    p = s.planet
    place = "the Trading Post" if plan.rest == PORT else p.label(plan.rest)
    parts: list[str] = []
    if plan.port:
        words = {"order cannon": "fill a cannon", "buy cannon": "fill a cannon", "order morale": "+1 morale",
                 "buy rum": "+1 morale", "order supplies": "take supplies", "buy supplies": "take supplies",
                 "play coffee": "play a Coffee"}
        bought: list[str] = []
        for step in plan.shop:
            w = words.get(step) or step.replace("order ", "").replace("buy crew ", "hire ")
            bought.append(w)
        counted = []
        for w in dict.fromkeys(bought):
            n = bought.count(w)
            counted.append(w if n == 1 else {"fill a cannon": f"fill {n} cannons", "+1 morale": f"+{n} morale"}
                           .get(w, f"{w} ({n})"))
        there = s.ships[seat].pos == PORT
        head = ("at the Trading Post" if there else "go to the Trading Post") + \
            (f" ({', '.join(counted)})" if counted else "")
        why = _short(s, seat)
        parts.append(head + (": " + " and ".join(why[:2]) if why else ""))
    at = plan.at
    if plan.attack:
        who = "the White Crester" if plan.white and not plan.reds else \
            ("the red crester" if plan.reds == 1 else f"the {plan.reds} red cresters")
        line = f"attack {who} at {place}"
        if at is not None:
            reds = plan.reds if not plan.white else 0
            win_rest, back_rest = ((0, False), (0, True)) if not reds else (after_win(s, seat, plan.rest), (reds, False))
            n, _ = attack(at, reds, win_rest, back_rest)
            line += f" with {n} cannon{'s' if n != 1 else ''}"
        parts.append(line)
    elif plan.rest == PORT:
        parts.append("rest at the Trading Post (+1 morale)")
    else:
        line = f"rest at {place}"
        if not plan.reds and not plan.white:
            line += ": no crester can reach you there"
        else:
            who = ("the White Crester" if not plan.reds else
                   "a red crester" if plan.reds == 1 else f"{plan.reds} red cresters together")
            line += f": {who} can attack you there"
            if at is not None:
                win, sunk = table_odds(at, plan.reds)
                line += f" ({_pct(win)} to beat {'them' if plan.reds > 1 else 'it'}"
                line += f", {_pct(sunk)} to lose the ship" if sunk >= 0.005 else ""
                line += " firing every cannon"
                line += "; you hold a False Flag to call it off)" if at.flags else ")"
        parts.append(line)
    foes = _foes(s)
    return "; then ".join(parts) + (f" - {foes}" if foes else "")
