"""Items, tallies and the three advantage markers (ADVANTAGE MARKERS, ADVANTAGES).

A marker goes to the one player who has strictly more of its item than every
other player; its holder keeps it through ties and gives it up only when an
opponent has more (ruling M1 in ``docs/rulings-winds-of-plunder.md``). After
every change of a tally :func:`update_markers` settles all three.

>>> from types import SimpleNamespace as NS
>>> s = NS(players=3, tally={"weapons": [2, 2, 0], "crew": [1, 0, 0], "provisions": [0, 0, 0]},
...        markers={"weapons": -1, "crew": -1, "provisions": -1})
>>> ev = []; update_markers(s, ev); s.markers
{'weapons': -1, 'crew': 0, 'provisions': -1}
>>> s.tally["weapons"][1] = 3; update_markers(s, ev); s.markers["weapons"]
1
>>> s.tally["weapons"][0] = 3; update_markers(s, ev); s.markers["weapons"]   # a tie keeps it
1
"""

from __future__ import annotations

from typing import Any

from windward_nb.core.events import Event

from .components import COMPONENTS, ITEMS, MARKER_NAMES

TALLY_MAX = int(COMPONENTS.value("tally_max"))


def colour(seat: int) -> str:
    return COMPONENTS.colours[seat].capitalize()


def gain(s: Any, seat: int, item: str, n: int = 1) -> int:
    """Add up to ``n`` of ``item`` (a tally stops at 9); returns how many were added."""
    have = s.tally[item][seat]
    got = max(0, min(n, TALLY_MAX - have))
    s.tally[item][seat] = have + got
    return got


def lose(s: Any, seat: int, item: str, n: int = 1) -> int:
    """Remove up to ``n`` of ``item`` (a tally stops at 0); returns how many were removed."""
    have = s.tally[item][seat]
    lost = max(0, min(n, have))
    s.tally[item][seat] = have - lost
    return lost


def update_markers(s: Any, ev: list[Event]) -> None:
    """Give up and hand out advantage markers after tallies changed."""
    for item in ITEMS:
        values = s.tally[item]
        holder = s.markers[item]
        if holder >= 0 and any(v > values[holder] for v in values):
            s.markers[item] = -1
            ev.append(Event("MarkerLost", f"{colour(holder)} no longer leads in {item}: the "
                            f"{MARKER_NAMES[item]} marker is discarded.", {"seat": holder, "item": item}))
            holder = -1
        if holder < 0:
            top = max(values)
            tops = [i for i, v in enumerate(values) if v == top]
            if len(tops) == 1:
                s.markers[item] = tops[0]
                ev.append(Event("MarkerTaken", f"{colour(tops[0])} takes the {MARKER_NAMES[item]} marker.",
                                {"seat": tops[0], "item": item}))

