"""Helpers for Winds of Plunder's lesson (notebook 12): which winds reach which ports, try-its.

Each try-it plays the learner's actions on a copy of the lesson's game with the engine
(:func:`windward_nb.core.lesson.check`) and answers ``✓ Done:`` or ``Not yet:`` with what is
missing or which rule refused an action.

>>> import windward_nb as ww
>>> game = ww.new_game(game="winds-of-plunder", players=4, seed=24)
>>> check(game, ["compass E"], goals.compass_to_best())    # doctest: +NORMALIZE_WHITESPACE
Not yet: a wind East takes your ship nowhere (it is windlocked) (goal: a compass toward a wind
that lets your ship reach the richest VP tile any wind offers).
>>> check(game, ["compass S"], goals.compass_to_best())    # doctest: +NORMALIZE_WHITESPACE
✓ Done: a wind South takes your ship to Barbados (5 VP + Crew) or Trinidad (2 VP + Treasure card)
(goal: a compass toward a wind that lets your ship reach the richest VP tile any wind offers).
"""

from __future__ import annotations

from typing import Any
from collections.abc import Iterable

from ..core import lesson
from ..core.lesson import Goal, Verdict
from ..core.report import Table, table
from .components import COMPONENTS as _C
from .sailing import wind_destinations
from .view import DIRECTION_NAMES, colour, tile_text

__all__ = ["check", "choices", "goals", "narrate", "winds_table"]

EXAMPLE = '"compass N"'


def _seat(game) -> int:
    who = game.current_player
    return who if who >= 0 else game.state.current


def check(game, answer: Any, goal: Goal) -> Verdict:
    """Play ``answer`` on a copy of ``game`` and judge it against ``goal`` (see the module docstring)."""
    return lesson.check(game, answer, goal, seat=_seat(game), example=EXAMPLE)


def narrate(game, actions: Iterable[str]) -> None:
    """Apply ``actions`` one by one, printing what each caused."""
    lesson.narrate(game, actions)


def choices(game, prefix: str = "") -> Table:
    """The legal actions starting with ``prefix``, each with what it would do."""
    rows = [[f"`{a}`", game.describe(a)] for a in map(str, game.legal_actions()) if a.startswith(prefix)]
    return table(["action", "what it does"], rows)


def _reach(s: Any, seat: int, d: str) -> list[int]:
    return list(wind_destinations(s.ship[seat], d))


def _best(s: Any, ports: list[int]) -> int:
    return max((_C.tiles[s.port_tiles[p]].vp for p in ports), default=0)


def winds_table(game, seat: int | None = None) -> Table:
    """Where each wind would take ``seat``'s ship (default: whoever decides), with each port's VP tile."""
    s = game.state
    seat = _seat(game) if seat is None else seat
    rows = []
    for d in "NESW":
        ports = _reach(s, seat, d)
        rows.append([DIRECTION_NAMES[d], ", ".join(f"{_C.ports[p].name} ({tile_text(s.port_tiles[p])})"
                                                    for p in ports) or "nowhere (windlocked)",
                     _best(s, ports) or "–"])
    return table(["wind", f"{colour(seat)}'s ship could sail to", "best VP tile"], rows)


# =============================================================================== goals
def compass_to_best() -> Goal:
    """The learner's compass points to a wind under which their ship reaches the best VP tile any wind offers."""
    def judge(before, after, events, seat):
        s = before.state
        best = max(_best(s, _reach(s, seat, d)) for d in "NESW")
        chosen = after.state.compass.choices.get(seat) if after.state.compass else None
        if chosen is None:
            chosen = after.state.votes[seat] if after.state.votes else None
        if chosen is None:
            return False, "your compass is not set"
        ports = _reach(s, seat, chosen)
        where = " or ".join(f"{_C.ports[p].name} ({tile_text(s.port_tiles[p])})" for p in ports)
        said = (f"a wind {DIRECTION_NAMES[chosen]} takes your ship to {where}" if ports else
                f"a wind {DIRECTION_NAMES[chosen]} takes your ship nowhere (it is windlocked)")
        return _best(s, ports) == best, said

    return Goal("a compass toward a wind that lets your ship reach the richest VP tile any wind offers", judge)


def plunder(*, vp: int = 0, cubes: int = 0, ended: bool = False) -> Goal:
    """The learner gains at least ``vp`` VP and ``cubes`` wind cubes this turn (and ended it, if
    ``ended``)."""
    wants = [f"at least {vp} VP more"] if vp else []
    wants += [f"at least {cubes} wind cubes more"] if cubes else []
    wants += ["your turn ended"] if ended else []

    def judge(before, after, events, seat):
        b, a = before.state, after.state
        gained, won = a.vp[seat] - b.vp[seat], a.wind_cubes[seat] - b.wind_cubes[seat]
        done = any(e.kind == "TurnEnded" for e in events) or a.current != seat
        port = _C.ports[a.ship[seat]].name
        said = f"your ship is at {port}; you gained {gained} VP and {won} wind cube{'s' if won != 1 else ''}"
        if ended:
            said += "; your turn is over" if done else "; your turn is not over yet"
        return gained >= vp and won >= cubes and (done or not ended), said

    return Goal(", ".join(wants), judge)


#: the goal builders, used as ``goals.compass_to_best()`` in the notebook
goals = type("Goals", (), {"compass_to_best": staticmethod(compass_to_best),
                           "plunder": staticmethod(plunder)})()
