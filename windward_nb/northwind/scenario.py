"""Build a North Wind position directly: for lessons, what-if questions and tests.

Name the top tiles of any stack (the rest of each stack is filled with the
unnamed tiles, in a fixed order) and set any captain's ship. The position
starts at the beginning of a turn (the captain to move chooses a stack), with
chance left to the caller unless ``auto_chance=True``:

>>> g = scenario(players=2, stacks={"olsand": ["fog-1", "salt-1", "olsand"]}, gold=[0, 5],
...              hold=[{"fish": 1}, {}], crew=[["lookout"], []])
>>> g.state.gold, g.state.stacks[2][:3], g.state.crew[0]
([1, 5], ['fog-1', 'salt-1', 'olsand'], ['lookout'])
>>> _ = g.apply("sail olsand"); _ = g.apply("reveal"); g.current_player   # fog: the event die is chance
-1
>>> [str(e) for e in g.apply("event pirate 1")]
['A pirate ship of strength 1 comes out of the fog.']
"""

from __future__ import annotations

from typing import Any
from collections.abc import Mapping

from ..core.errors import OptionError
from ..core.events import Event
from ..core.game import Game
from .components import ABILITIES, GOODS
from .record import Record
from .rules import RULES
from .setup import start_state
from .state import NWState, slot_order
from .tasks import _settle_most, _supply_bonus, crew_bonus


def scenario(players: int = 2, *, stacks: Mapping[str, list[str]] | None = None, turn: int = 0,
             gold: list[int] | None = None, hold: list[Mapping[str, int]] | None = None,
             brig: list[int] | None = None, cannons: list[int] | None = None, crew: list[list[str]] | None = None,
             sail: list[int] | None = None, letters: list[int] | None = None,
             tasks: Mapping[str, list[int]] | None = None, known: Mapping[str, list[str]] | None = None,
             auto_chance: bool = False, seed: int | None = None, data: Any = None, **options: Any) -> Game:
    """A game at the start of ``turn``'s turn in the position described (see the module docstring).

    ``tasks`` maps a destination to the seats whose tokens fill its fields from the bottom;
    the "most tokens" bonus fields are settled from them. ``known`` marks tiles as seen
    by everyone (default: only the destination harbours).
    """
    s = start_state(players, data, **options)
    comp = s.comp
    n = players
    stacks = dict(stacks or {})
    bad = [d for d in stacks if d not in comp.destinations]
    if bad:
        raise OptionError(f"stacks: no stack {bad[0]!r}; the stacks are {', '.join(comp.destinations)}")
    named = [t for top in stacks.values() for t in top]
    unknown = [t for t in named if t not in comp.tiles]
    if unknown:
        raise OptionError(f"stacks: no tile {unknown[0]!r}")
    if len(set(named)) != len(named):
        raise OptionError("stacks: a tile is named twice")
    size = comp.stack_size
    for d, top in stacks.items():
        foreign = [x for x in top if x in comp.destinations and x != d]
        if foreign:
            raise OptionError(f"stacks: {foreign[0]} belongs to its own stack, not to {d}'s")
        if len(top) > size:
            raise OptionError(f"stacks: a stack holds {size} tiles")
    rest = [t for t in comp.others if t not in named]
    s.stacks = []
    for d in comp.destinations:
        top = list(stacks.get(d, []))
        need = size - len(top) - (0 if d in top else 1)
        fill, rest = rest[:need], rest[need:]
        st = top + fill + ([] if d in top else [d])
        s.stacks.append(st)
    s.contents = [sorted(x) for x in s.stacks]
    s.known = [sorted({d} | set((known or {}).get(d, []))) for d in comp.destinations]
    for i, d in enumerate(comp.destinations):
        if not set(s.known[i]) <= set(s.stacks[i]):
            raise OptionError(f"known: a tile marked as seen in {d} is not in that stack")
    _set(s, "gold", gold, n, lambda v: isinstance(v, int) and v >= 0)
    _set(s, "brig", brig, n, lambda v: isinstance(v, int) and 0 <= v <= comp.brig)
    _set(s, "cannons", cannons, n, lambda v: isinstance(v, int) and 0 <= v <= min(comp.cannon_slots, comp.cannons))
    _set(s, "sail", sail, n, lambda v: isinstance(v, int) and comp.sail_start <= v <= comp.sail_max)
    _set(s, "letters", letters, n, lambda v: isinstance(v, int) and 0 <= v <= comp.letters_max)
    s.captains = comp.captains - sum(s.brig)
    s.letter_supply = comp.letters_total - sum(s.letters)
    if s.captains < 0 or s.letter_supply < 0:
        raise OptionError("brig/letters: more pieces than the game has")
    if hold is not None:
        if len(hold) != n:
            raise OptionError(f"hold: one entry per captain ({n})")
        for p, h in enumerate(hold):
            if any(g not in GOODS for g in h):
                raise OptionError(f"hold[{p}]: commodities are {', '.join(GOODS)}")
            s.hold[p] = [int(h.get(g, 0)) for g in GOODS]
            if sum(s.hold[p]) > comp.hold or max(s.hold[p]) > comp.hold_per_kind or min(s.hold[p]) < 0:
                raise OptionError(f"hold[{p}]: at most {comp.hold} commodities, {comp.hold_per_kind} of a kind")
        s.tray = [comp.goods_per_kind - sum(s.hold[p][g] for p in range(n)) for g in range(len(GOODS))]
        if min(s.tray) < 0:
            raise OptionError("hold: more commodities than the game has")
    if crew is not None:
        if len(crew) != n or any(c not in ABILITIES for cs in crew for c in cs):
            raise OptionError(f"crew: one list per captain of {', '.join(ABILITIES)}")
        s.crew = [slot_order(list(dict.fromkeys(cs))) for cs in crew]
        if any(len(c) > comp.crew for c in s.crew):
            raise OptionError(f"crew: at most {comp.crew} aboard")
    if tasks:
        for d, seats in tasks.items():
            if d not in comp.destinations:
                raise OptionError(f"tasks: no destination {d!r}")
            col = comp.destinations.index(d)
            if len(seats) > len(comp.tasks[d]) or any(not isinstance(p, int) or not 0 <= p < n for p in seats):
                raise OptionError(f"tasks.{d}: seats 0-{n - 1}, at most {len(comp.tasks[d])}")
            s.tasks[col] = list(seats)
            for p in seats:
                s.tokens[p] -= 1
        for col in range(len(s.tasks)):
            if s.tasks[col]:
                _settle_most(s, col)
        for p in range(n):
            _supply_bonus(s, p)
    for p in range(n):
        crew_bonus(s, p)
    if min(s.tokens) < 0:
        raise OptionError("tasks: a captain has more tokens on the board than they own")
    if not isinstance(turn, int) or not 0 <= turn < n:
        raise OptionError(f"turn: a seat 0-{n - 1}")
    s.turn = turn
    s.phase = "shuffle"
    s.turns = 0
    ev: list[Event] = []
    RULES._start_turn(s, ev)
    broken = RULES.invariants(s)
    if broken:
        raise OptionError("the position breaks the rules: " + "; ".join(broken))
    record = Record.for_game(n, comp, s.options, seed, start=s)
    return Game(s, record, seed=seed, auto_chance=auto_chance, events=ev)


def _set(s: NWState, key: str, values: list[int] | None, n: int, ok) -> None:
    if values is None:
        return
    if not isinstance(values, (list, tuple)) or len(values) != n or not all(ok(v) for v in values):
        raise OptionError(f"{key}: one allowed value per captain ({n}), got {values!r}")
    setattr(s, key, list(values))
