"""The wind phase (VOTING): two sealed choices, then Blackbeard and the wind.

1. Everyone sets a compass direction in secret (``compass E``); all are shown together.
2. Everyone puts some, all or none of their wind cubes in a closed fist (``bid 4``);
   all fists open together.
3. The most cubes takes Blackbeard's tile (a tie: the current holder picks among
   the tied, ``blackbeard green``).
4. Each direction's cubes are summed; the most sets the wind (a tie: the new holder
   picks, ``wind S``). Spent cubes go to their owners' reserves.
5. Blackbeard names who plunders first (``first red``); the rest follow clockwise.
"""

from __future__ import annotations

from typing import Any

from windward_nb.core.events import Event
from windward_nb.core.rules import Refusal
from windward_nb.core.sealed import Sealed

from .actions import COLOURS, GRAMMAR
from .advantages import colour
from .components import DIRECTION_NAMES, DIRECTIONS
from .flow import begin_turn

SECTION = "Voting"


def _seat(s: Any, word: str) -> int:
    return COLOURS.index(word)


# ------------------------------------------------------------------------------- compass
def check_compass(s: Any, a: Any) -> Refusal:
    return None


def apply_compass(s: Any, a: Any) -> list[Event]:
    seat = s.compass.waiting
    s.compass.commit(seat, a.arg)
    ev = [Event("CompassSet", f"{colour(seat)} sets a compass face down.", {"seat": seat})]
    if s.compass.complete:
        shown = s.compass.reveal()
        s.votes = [shown[i] for i in range(s.players)]
        s.compass = None
        ev.append(Event("CompassesRevealed", "Compasses: " + ", ".join(
            f"{colour(i)} {DIRECTION_NAMES[d]}" for i, d in enumerate(s.votes)) + ".", {"votes": list(s.votes)}))
        s.bids = Sealed.open(list(range(s.players)))
        s.phase = "bid"
    return ev


# ------------------------------------------------------------------------------- cubes
def check_bid(s: Any, a: Any) -> Refusal:
    seat = s.bids.waiting
    if a.arg > s.wind_cubes[seat]:
        return (SECTION, f"{colour(seat)} has only {s.wind_cubes[seat]} wind cubes to put in a fist")
    return None


def apply_bid(s: Any, a: Any) -> list[Event]:
    seat = s.bids.waiting
    s.bids.commit(seat, a.arg)
    ev = [Event("CubesHidden", f"{colour(seat)} closes a fist on some wind cubes.", {"seat": seat})]
    if s.bids.complete:
        shown = s.bids.reveal()
        s.spent = [shown[i] for i in range(s.players)]
        s.bids = None
        ev.append(Event("CubesRevealed", "Fists open: " + ", ".join(
            f"{colour(i)} {n}" for i, n in enumerate(s.spent)) + ".", {"spent": list(s.spent)}))
        for i, n in enumerate(s.spent):
            s.wind_cubes[i] -= n
            s.reserve[i] += n
        top = max(s.spent)
        tops = [i for i, n in enumerate(s.spent) if n == top]
        if len(tops) == 1:
            _give_blackbeard(s, tops[0], ev)
            _resolve_wind(s, ev)
        else:
            s.tied = tops
            s.phase = "blackbeard"
            ev.append(Event("TieForBlackbeard", f"{', '.join(colour(i) for i in tops)} tie with {top} cubes: "
                            f"{colour(s.blackbeard)} picks who takes Blackbeard's tile.",
                            {"seat": s.blackbeard, "tied": tops}))
    return ev


def _give_blackbeard(s: Any, seat: int, ev: list[Event]) -> None:
    old = s.blackbeard
    s.blackbeard = seat
    s.tied = []
    text = (f"{colour(seat)} keeps Blackbeard's tile." if seat == old
            else f"{colour(seat)} takes Blackbeard's tile from {colour(old)}.")
    ev.append(Event("BlackbeardTaken", text, {"seat": seat, "from": old}))


def wind_totals(votes: list[str | None], spent: list[int | None]) -> dict[str, int]:
    """Cubes per direction shown on a compass (directions nobody chose are not candidates).

    >>> wind_totals(["N", "E", "N", "W"], [6, 4, 8, 9])
    {'N': 14, 'E': 4, 'W': 9}
    """
    out: dict[str, int] = {}
    for d, n in zip(votes, spent):
        if d is not None:
            out[d] = out.get(d, 0) + (n or 0)
    return {d: out[d] for d in DIRECTIONS if d in out}


def _resolve_wind(s: Any, ev: list[Event]) -> None:
    totals = wind_totals(s.votes, s.spent)
    best = max(totals.values())
    cands = [d for d, n in totals.items() if n == best]
    if len(cands) == 1:
        _set_wind(s, cands[0], ev)
    else:
        s.tied = cands
        s.phase = "wind"
        ev.append(Event("TieForWind", f"{' and '.join(DIRECTION_NAMES[d] for d in cands)} tie with {best} cubes: "
                        f"{colour(s.blackbeard)} picks the wind.", {"seat": s.blackbeard, "tied": cands}))


def _set_wind(s: Any, d: str, ev: list[Event]) -> None:
    s.wind = d
    s.tied = []
    s.phase = "first"
    ev.append(Event("WindSet", f"The wind blows {DIRECTION_NAMES[d]}.", {"wind": d}))


# ------------------------------------------------------------------------------- ties and first player
def check_blackbeard(s: Any, a: Any) -> Refusal:
    seat = _seat(s, a.arg)
    if seat >= s.players or seat not in s.tied:
        return (SECTION, f"Blackbeard's tile goes to one of the tied players: "
                         f"{', '.join(colour(i) for i in s.tied)}")
    return None


def apply_blackbeard(s: Any, a: Any) -> list[Event]:
    ev: list[Event] = []
    _give_blackbeard(s, _seat(s, a.arg), ev)
    _resolve_wind(s, ev)
    return ev


def check_wind(s: Any, a: Any) -> Refusal:
    if a.arg not in s.tied:
        return (SECTION, f"the wind is one of the tied directions: {', '.join(s.tied)}")
    return None


def apply_wind(s: Any, a: Any) -> list[Event]:
    ev: list[Event] = []
    _set_wind(s, a.arg, ev)
    return ev


def check_first(s: Any, a: Any) -> Refusal:
    if _seat(s, a.arg) >= s.players:
        return (SECTION, f"there is no {a.arg} player in this game")
    return None


def apply_first(s: Any, a: Any) -> list[Event]:
    first = _seat(s, a.arg)
    s.order = [(first + k) % s.players for k in range(s.players)]
    s.turn = 0
    ev = [Event("OrderSet", f"{colour(s.blackbeard)} names {colour(first)} to plunder first: "
                + ", ".join(colour(i) for i in s.order) + ".", {"seat": s.blackbeard, "order": list(s.order)})]
    begin_turn(s, ev)
    return ev


# ------------------------------------------------------------------------------- words
def _describe(s: Any, a: Any) -> str:
    v = a.verb
    if v == "compass":
        return f"set your compass to {DIRECTION_NAMES[a.arg]}, face down"
    if v == "bid":
        return f"put {a.arg} wind cube{'s' if a.arg != 1 else ''} in your fist"
    if v == "blackbeard":
        return f"give Blackbeard's tile to {a.arg.capitalize()}"
    if v == "wind":
        return f"make the wind blow {DIRECTION_NAMES[a.arg]}"
    return f"let {a.arg.capitalize()} plunder first"


for _verb, _check, _apply in (("compass", check_compass, apply_compass), ("bid", check_bid, apply_bid),
                              ("blackbeard", check_blackbeard, apply_blackbeard),
                              ("wind", check_wind, apply_wind), ("first", check_first, apply_first)):
    GRAMMAR.handle(_verb, check=_check, apply=_apply, describe=_describe)
