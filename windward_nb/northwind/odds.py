"""Exact odds for North Wind: pirate battles and voyages, from whole-number counts.

Everything is a :class:`~fractions.Fraction` computed from counts (faces of a
die, tiles in a stack), never sampled; the tests check each function against
brute-force enumeration and against the engine's own frequencies.

Battles: one battle die per cannon; a silver pip hits, a blue double pip hits
twice with a Cannoneer and misses without one.

>>> pirate_odds(cannons=1, strength=1).win
Fraction(1, 2)
>>> pirate_odds(cannons=2, strength=2, cannoneer=True).win
Fraction(5, 9)
>>> float(pirate_odds(4, 3).win)
0.3125

Voyages: a stack is shuffled, so every order is equally likely. A voyage
reveals ``sail`` tiles from the top; a Lookout may first send the top tile
under the stack if it is of a kind to avoid (it then does not count).

>>> v = voyage_odds({"destination": 1, "fog": 2, "other": 5}, sail=4)
>>> v.reach, v.fog_expected
(Fraction(1, 2), Fraction(1, 1))
>>> voyage_odds({"destination": 1, "fog": 2, "other": 5}, sail=4, lookout=True).fog_expected
Fraction(11, 14)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any
from collections.abc import Iterable, Mapping

from ..core import dice
from ..core.html import percent, table
from .components import BATTLE_FACES, Components, load_components

__all__ = ["PirateOdds", "VoyageOdds", "NextTile", "pirate_odds", "pirate_table", "voyage_odds", "stack_counts",
           "stack_outlook", "fight_odds", "fog_next", "next_tile", "next_tile_text"]


# =============================================================================== battles
@dataclass(frozen=True)
class PirateOdds:
    """The result of fighting a pirate ship of ``strength`` with ``cannons`` battle dice."""

    cannons: int
    strength: int
    cannoneer: bool
    hits: tuple[Fraction, ...]  #: probability of each number of hits, 0 ..

    @property
    def win(self) -> Fraction:
        """Probability of at least ``strength`` hits."""
        return sum(self.hits[self.strength:], Fraction(0))

    @property
    def loss(self) -> Fraction:
        return 1 - self.win

    @property
    def winnable(self) -> bool:
        """Whether the dice can score enough at all ("enough cannons to win")."""
        return len(self.hits) - 1 >= self.strength and any(self.hits[self.strength:])

    @property
    def expected_hits(self) -> Fraction:
        return sum((k * p for k, p in enumerate(self.hits)), Fraction(0))

    def _repr_html_(self) -> str:
        """The chance of each number of hits and of victory, as an HTML table."""
        rows = [[f"{k} hit{'s' if k != 1 else ''}", percent(p), str(p)] for k, p in enumerate(self.hits)]
        rows.append(["victory", percent(self.win), str(self.win)])
        who = f"{self.cannons} cannon{'s' if self.cannons != 1 else ''}" + (" with a Cannoneer" if self.cannoneer else "")
        return table(["", "probability", "exact"], rows, caption=f"{who} against a pirate of strength {self.strength}")


def _hit_faces(faces: Iterable[str], cannoneer: bool) -> tuple[int, ...]:
    out = []
    for f in faces:
        if f not in BATTLE_FACES:
            raise ValueError(f"die: unknown battle die face {f!r} (faces are {', '.join(BATTLE_FACES)})")
        out.append(Components.face_hits(f, cannoneer))
    return tuple(out)


def pirate_odds(cannons: int, strength: int, cannoneer: bool = False, die: Iterable[str] | None = None) -> PirateOdds:
    """Exact odds of a battle: ``cannons`` battle dice against a pirate of ``strength``.

    ``die`` lists the battle die's faces (default: the game's components).
    Raises ``ValueError`` naming the bad argument.
    """
    cannons = dice.count(cannons, "cannons", maximum=100)
    strength = dice.count(strength, "strength", minimum=0, maximum=1000)
    if not isinstance(cannoneer, bool):
        raise ValueError(f"cannoneer must be True or False, got {cannoneer!r}")
    faces = tuple(die) if die is not None else load_components().battle_die
    hits = tuple(dice.sum_distribution(cannons, _hit_faces(faces, cannoneer), exact=True))
    return PirateOdds(cannons=cannons, strength=strength, cannoneer=cannoneer, hits=hits)


def pirate_table(max_cannons: int = 4, cannoneer: bool = False, strengths: Iterable[int] = (1, 2, 3),
                 die: Iterable[str] | None = None) -> dict[tuple[int, int], Fraction]:
    """Win probability for every (cannons, strength) pair, 1..``max_cannons`` cannons."""
    return {(c, k): pirate_odds(c, k, cannoneer, die).win for c in range(1, max_cannons + 1) for k in strengths}


# =============================================================================== voyages
@dataclass(frozen=True)
class VoyageOdds:
    """What a voyage of ``sail`` tiles meets in a shuffled stack (ignoring early ends)."""

    sail: int
    lookout: bool
    tiles: int  #: tiles in the stack
    reach: Fraction  #: the destination harbour is among the revealed tiles
    reach_clear: Fraction  #: ... and no fog comes before it
    fogs: tuple[Fraction, ...]  #: probability of meeting 0, 1, 2 ... fog tiles
    sent_under: Fraction  #: the Lookout sends the top tile under

    @property
    def fog_expected(self) -> Fraction:
        return sum((k * p for k, p in enumerate(self.fogs)), Fraction(0))

    @property
    def no_fog(self) -> Fraction:
        return self.fogs[0]

    def _repr_html_(self) -> str:
        """The voyage's chances as an HTML table."""
        rows = [["reach the destination", percent(self.reach), str(self.reach)],
                ["... with no fog before it", percent(self.reach_clear), str(self.reach_clear)]]
        rows += [[f"{k} fog tile{'s' if k != 1 else ''}", percent(p), str(p)] for k, p in enumerate(self.fogs)]
        if self.lookout:
            rows.append(["the Lookout sends a tile under", percent(self.sent_under), str(self.sent_under)])
        return table(["", "probability", "exact"], rows,
                     caption=f"sailing {self.sail} of {self.tiles} tiles" + (" with a Lookout" if self.lookout else ""))


def stack_counts(stack: Mapping[str, int] | Iterable[str], comp: Components | None = None) -> tuple[int, int, int]:
    """``(destination, fog, other)`` counts from a mapping of counts or a list of tile names."""
    if isinstance(stack, Mapping):
        bad = sorted(set(stack) - {"destination", "fog", "other"})
        if bad:
            raise ValueError(f"stack: count 'destination', 'fog' and 'other' tiles, not {bad[0]!r}")
        d, f, o = (stack.get(k, 0) for k in ("destination", "fog", "other"))
        d = dice.count(d, "stack['destination']", maximum=1)
        f = dice.count(f, "stack['fog']", maximum=1000)
        o = dice.count(o, "stack['other']", maximum=1000)
        return d, f, o
    if isinstance(stack, (str, bytes)):
        raise ValueError("stack: a mapping of counts or a list of tile names")
    comp = comp or load_components()
    d = f = o = 0
    for t in stack:
        if t not in comp.tiles:
            raise ValueError(f"stack: no tile {t!r}")
        kind = comp.tile(t).kind
        d, f, o = (d + 1, f, o) if kind == "destination" else (d, f + 1, o) if kind == "fog" else (d, f, o + 1)
    if d > 1:
        raise ValueError("stack: a stack holds one destination harbour")
    return d, f, o


def voyage_odds(stack: Mapping[str, int] | Iterable[str], sail: int, lookout: bool = False,
                avoid: Iterable[str] = ("fog",)) -> VoyageOdds:
    """Exact odds for a voyage of ``sail`` tiles into a shuffled ``stack``.

    ``stack`` counts ``destination`` (0 or 1), ``fog`` and ``other`` tiles (or
    lists tile names). With ``lookout`` the top tile is seen first and sent
    under when its kind is in ``avoid`` (``"fog"``, ``"other"``,
    ``"destination"``); a tile sent under does not count. The voyage is
    taken to reveal its whole range (no early end by two actions or a defeat).
    """
    d, f, o = stack_counts(stack)
    sail = dice.count(sail, "sail", minimum=0, maximum=1000)
    if not isinstance(lookout, bool):
        raise ValueError(f"lookout must be True or False, got {lookout!r}")
    avoid = frozenset(avoid)
    bad = sorted(avoid - {"destination", "fog", "other"})
    if bad:
        raise ValueError(f"avoid: kinds are destination, fog and other, not {bad[0]!r}")
    n = d + f + o
    if n == 0:
        raise ValueError("stack: an empty stack")
    if not lookout:
        reach, clear, seen = _reveal(d, f, o, min(sail, n))
        return VoyageOdds(sail=sail, lookout=False, tiles=n, reach=reach, reach_clear=clear, fogs=seen,
                          sent_under=Fraction(0))
    reach = clear = under = Fraction(0)
    fogs: list[Fraction] = [Fraction(0)] * (sail + 1)
    for kind, count_ in (("destination", d), ("fog", f), ("other", o)):
        if not count_:
            continue
        p = Fraction(count_, n)
        rest = (d - (kind == "destination"), f - (kind == "fog"), o - (kind == "other"))
        if kind in avoid:  # under the stack: the voyage draws from the others, the range unchanged
            under += p
            r, c, fg = _reveal(*rest, min(sail, n - 1))
        else:  # kept on top: it is the first tile revealed
            if sail == 0:
                r, c, fg = Fraction(0), Fraction(0), (Fraction(1),)
            else:
                r0, c0, fg0 = _reveal(*rest, min(sail - 1, n - 1))
                if kind == "destination":
                    r, c, fg = Fraction(1), Fraction(1), fg0
                elif kind == "fog":
                    r, c, fg = r0, Fraction(0), (Fraction(0),) + fg0
                else:
                    r, c, fg = r0, c0, fg0
        reach += p * r
        clear += p * c
        for k, q in enumerate(fg):
            fogs[k] += p * q
    while len(fogs) > 1 and fogs[-1] == 0:
        fogs.pop()
    return VoyageOdds(sail=sail, lookout=True, tiles=n, reach=reach, reach_clear=clear, fogs=tuple(fogs),
                      sent_under=under)


@lru_cache(maxsize=4096)
def _reveal(d: int, f: int, o: int, r: int) -> tuple[Fraction, Fraction, tuple[Fraction, ...]]:
    """Reveal ``r`` tiles from a shuffled pile: P(destination among them), P(it comes before any
    fog), and the distribution of fogs among them (hypergeometric)."""
    n = d + f + o
    r = min(r, n)
    total = comb(n, r)
    fogs = tuple(Fraction(comb(f, k) * comb(n - f, r - k), total) for k in range(0, min(f, r) + 1))
    reach = Fraction(d * r, n) if n else Fraction(0)
    # the destination at position j (1..r) with the j-1 tiles above it all "other"
    clear = Fraction(0)
    if d:
        for j in range(1, r + 1):
            # P(position j holds the destination and positions 1..j-1 are others)
            ways = Fraction(1, n)
            for i in range(j - 1):
                ways *= Fraction(o - i, n - 1 - i) if o - i > 0 else Fraction(0)
            clear += ways
    return reach, clear, fogs


def stack_outlook(state: Any, seat: int, sail: int | None = None, lookout: bool | None = None) -> list[VoyageOdds]:
    """For each stack, the voyage odds as ``seat`` can know them.

    Uses only what ``seat`` observes: each stack's size, the tiles seen in it,
    and the tiles not yet located anywhere (dealt at random into the unseen
    places). The number of fogs hidden in a stack is then hypergeometric, and
    the odds are mixed over it exactly. ``sail``/``lookout`` default to the
    seat's ship.
    """
    comp = state.comp
    sail = state.sail[seat] if sail is None else sail
    lookout = state.has(seat, "lookout") if lookout is None else lookout
    located = [set(state.known[i]) | set(state.secret[seat][i]) for i in range(len(state.stacks))]
    placed = set().union(*located)
    unknown = [t for t in comp.tiles if t not in placed]
    u_fog = sum(comp.tile(t).kind == "fog" for t in unknown)
    u_all = len(unknown)
    out = []
    for i in range(len(state.stacks)):
        size = len(comp.others) // len(comp.destinations) + 1
        k_fog = sum(comp.tile(t).kind == "fog" for t in located[i])
        k_dest = sum(comp.tile(t).kind == "destination" for t in located[i])
        free = size - len(located[i])
        mix: dict[int, Fraction] = {}
        for extra in range(0, min(free, u_fog) + 1):
            p = Fraction(comb(u_fog, extra) * comb(u_all - u_fog, free - extra), comb(u_all, free)) if u_all else Fraction(1)
            if p:
                mix[extra] = p
        parts = [(p, voyage_odds({"destination": k_dest, "fog": k_fog + extra,
                                  "other": size - k_dest - k_fog - extra}, sail, lookout)) for extra, p in mix.items()]
        width = max(len(v.fogs) for _, v in parts)
        fogs = tuple(sum((p * (v.fogs[k] if k < len(v.fogs) else 0) for p, v in parts), Fraction(0))
                     for k in range(width))
        out.append(VoyageOdds(sail=sail, lookout=lookout, tiles=size,
                              reach=sum((p * v.reach for p, v in parts), Fraction(0)),
                              reach_clear=sum((p * v.reach_clear for p, v in parts), Fraction(0)),
                              fogs=fogs, sent_under=sum((p * v.sent_under for p, v in parts), Fraction(0))))
    return out


# =============================================================================== the table's figures
def fight_odds(state: Any) -> PirateOdds:
    """The odds of fighting the pirate ship in front of the voyager now (phase ``pirate``): its
    cannons, its Cannoneer and the game's battle die, through :func:`pirate_odds` (whose hits per
    face are the rules' own, ``Components.face_hits``). What the table's coach quotes."""
    seat = state.turn
    return pirate_odds(state.cannons[seat], state.pirate, state.has(seat, "cannoneer"), state.comp.battle_die)


@dataclass(frozen=True)
class NextTile:
    """What the next tile of a voyage may bring, as its captain can know it.

    ``fog``: the chance the next tile is a fog tile; ``pirates``: for each pirate strength, the
    chance the next tile brings that pirate (fog, then that face of the event die);
    ``cannot_beat``: the chance it brings a pirate too strong for every roll of the captain's
    cannons; ``defeat_if_fought``: the chance of a defeat if every pirate is fought;
    ``can_pay``: the captain holds the ransom; ``known``: the captain's Lookout saw the tile;
    ``unseen``: tiles the next one may be (0 when it is known).
    """

    fog: Fraction
    pirates: tuple[tuple[int, Fraction], ...]
    cannot_beat: Fraction
    defeat_if_fought: Fraction
    can_pay: bool
    known: bool
    unseen: int

    @property
    def pirate(self) -> Fraction:
        return sum((p for _, p in self.pirates), Fraction(0))


def fog_next(state: Any, seat: int) -> tuple[Fraction, bool, int]:
    """The chance, as ``seat`` can know it, that the next tile revealed from the stack being
    sailed is a fog tile: ``(chance, known, candidates)``.

    The captain knows which tiles have been seen in each stack and what its own Lookout saw; the
    unseen tiles lie anywhere unseen with equal chance, and the stack's order is unknown except a
    tile its Lookout kept on top (then known) or put under (then last). The same knowledge as
    :func:`windward_nb.northwind.hidden.determinize`, which the tests sample to check this.
    """
    comp = state.comp
    i = state.stack
    own = seat == state.turn
    if own and state.peek:
        return (Fraction(int(comp.tile(state.peek).kind == "fog")), True, 0)
    located = [set(state.known[k]) | set(state.secret[seat][k]) for k in range(len(state.stacks))]
    placed = set().union(*located)
    unknown = [t for t in comp.tiles if t not in placed]
    size = len(state.stacks[i])
    face_down = located[i] - set(state.row)
    under = state.under if (own and state.under) else ""
    free = size - len(face_down)
    middle = size - (1 if under else 0)
    if middle <= 0:  # only the tile put under is left: it comes next
        return (Fraction(int(comp.tile(state.under).kind == "fog")) if under else Fraction(0), bool(under), 0)
    known_fog = sum(comp.tile(t).kind == "fog" for t in face_down if t != under)
    u_fog = sum(comp.tile(t).kind == "fog" for t in unknown)
    hidden_fog = Fraction(free * u_fog, len(unknown)) if unknown else Fraction(0)
    return ((known_fog + hidden_fog) / middle, False, middle)


def next_tile(state: Any, seat: int | None = None) -> NextTile | None:
    """What the next tile of the voyage under way may bring its captain (``None`` when no tile is
    about to be revealed: outside the phases ``prepare`` and ``sail``).

    One cannon cannot score the 2 or 3 hits of the stronger pirates:

    >>> from windward_nb.northwind.scenario import scenario
    >>> g = scenario(players=2, cannons=[1, 1])
    >>> _ = g.apply("sail olsand")
    >>> n = next_tile(g.state)
    >>> n.fog, n.unseen, [(k, str(p)) for k, p in n.pirates]
    (Fraction(1, 4), 8, [(1, '1/12'), (2, '1/24'), (3, '1/24')])
    >>> n.cannot_beat, n.defeat_if_fought
    (Fraction(1, 12), Fraction(1, 8))
    """
    if state.phase not in ("prepare", "sail"):
        return None
    seat = state.turn if seat is None else seat
    voyager = state.turn
    comp = state.comp
    fog, known, unseen = fog_next(state, seat)
    faces = comp.event_die
    cannoneer = state.has(voyager, "cannoneer")
    pirates: list[tuple[int, Fraction]] = []
    cannot = lost = Fraction(0)
    for k in sorted({int(f.split()[1]) for f in faces if f.startswith("pirate")}):
        p = fog * Fraction(faces.count(f"pirate {k}"), len(faces))
        pirates.append((k, p))
        o = pirate_odds(state.cannons[voyager], k, cannoneer, comp.battle_die)
        if not o.winnable:
            cannot += p
        lost += p * o.loss
    return NextTile(fog=fog, pirates=tuple(pirates), cannot_beat=cannot, defeat_if_fought=lost,
                    can_pay=state.gold[voyager] >= comp.ransom, known=known, unseen=unseen)


def _pct(p: Any) -> str:
    """A chance in whole percent that never rounds a possibility away (``under 1%``, ``over 99%``)."""
    if 0 < p < Fraction(1, 200):
        return "under 1%"
    if Fraction(199, 200) < p < 1:
        return "over 99%"
    return percent(p, 0)


def next_tile_text(state: Any, seat: int | None = None) -> str | None:
    """The coach's words for :func:`next_tile` (``None`` when no tile is about to be revealed)."""
    n = next_tile(state, seat)
    if n is None:
        return None
    voyager = state.turn
    cannons = state.cannons[voyager]
    if n.known:
        head = "The next tile is the one your Lookout saw: " + ("a fog tile" if n.fog else "no fog")
    else:
        head = f"Next tile: fog {_pct(n.fog)} (from the {n.unseen} tiles it may be)"
    if not n.fog:
        return head + ": no pirate can come out of it."
    cannoneer, die = state.has(voyager, "cannoneer"), state.comp.battle_die
    strengths = ", ".join(f"strength {k} {_pct(pirate_odds(cannons, k, cannoneer, die).win)}" for k, _ in n.pirates)
    text = (f"{head}; a pirate comes out of it {_pct(n.pirate)} of the time, and your "
            f"{cannons} cannon{'s' if cannons != 1 else ''} beat {strengths}. ")
    text += (f"A pirate you cannot beat: {_pct(n.cannot_beat)}; a defeat if you fight whatever comes: "
             f"{_pct(n.defeat_if_fought)}")
    text += (f" (or pay the {state.comp.ransom}-gold ransom)." if n.can_pay
             else f"; you cannot pay the {state.comp.ransom}-gold ransom.")
    return text
