"""Checks that hold in every North Wind position (run after every action in the tests)."""

from __future__ import annotations

from collections import Counter

from .components import ABILITIES, GOODS
from .state import NWState


def broken(s: NWState) -> list[str]:
    """Every broken invariant of ``s``, in words (empty when all is well)."""
    comp = s.comp
    out: list[str] = []
    n = s.players
    for g, good in enumerate(GOODS):
        total = s.tray[g] + sum(s.hold[p][g] for p in range(n))
        if total != comp.goods_per_kind or s.tray[g] < 0:
            out.append(f"{good} not conserved: {total} pieces, tray {s.tray[g]}")
    if s.captains + sum(s.brig) != comp.captains or s.captains < 0:
        out.append(f"pirate captains not conserved: tray {s.captains}, brigs {s.brig}")
    if s.letter_supply + sum(s.letters) != comp.letters_total or s.letter_supply < 0:
        out.append(f"commercial letters not conserved: supply {s.letter_supply}, held {s.letters}")
    for p in range(n):
        who = f"seat {p}"
        if s.gold[p] < 0:
            out.append(f"{who} has negative gold {s.gold[p]}")
        if sum(s.hold[p]) > comp.hold or min(s.hold[p]) < 0:
            out.append(f"{who}'s hold is over its {comp.hold} slots or negative: {s.hold[p]}")
        if max(s.hold[p]) > comp.hold_per_kind:
            out.append(f"{who} has more than {comp.hold_per_kind} of a commodity: {s.hold[p]}")
        if not 0 <= s.brig[p] <= comp.brig:
            out.append(f"{who}'s brig holds {s.brig[p]}")
        if not 0 <= s.letters[p] <= comp.letters_max:
            out.append(f"{who} holds {s.letters[p]} letters")
        if not 0 <= s.cannons[p] <= min(comp.cannon_slots, comp.cannons):
            out.append(f"{who} has {s.cannons[p]} cannons mounted")
        if not comp.sail_start <= s.sail[p] <= comp.sail_max:
            out.append(f"{who}'s sail is at {s.sail[p]}")
        crew = s.crew[p]
        if len(set(crew)) != len(crew) or any(c not in ABILITIES for c in crew) or len(crew) > comp.crew:
            out.append(f"{who}'s crew is {crew}")
        placed = sum(col.count(p) for col in s.tasks) + s.most.count(p) + s.supply_bonus.count(p) + s.crew_bonus.count(p)
        if placed + s.tokens[p] != s.target_tokens or s.tokens[p] < 0:
            out.append(f"{who}'s task tokens not conserved: {placed} placed, {s.tokens[p]} in supply")
    for c, col in enumerate(s.tasks):
        if len(col) > len(comp.tasks[comp.destinations[c]]):
            out.append(f"column {c} has more tokens than fields")
        holder = s.most[c]
        if holder >= 0:
            counts = Counter(col)
            if any(counts[p] >= counts[holder] for p in range(n) if p != holder) or not counts[holder]:
                out.append(f"seat {holder} holds column {c}'s bonus without the most tokens")
    for bonus in (s.supply_bonus, s.crew_bonus):
        if len(set(bonus)) != len(bonus):
            out.append("a captain has two tokens on one bonus field")
    if s.options.get("exclusive_bonuses") and (len(s.supply_bonus) > 1 or len(s.crew_bonus) > 1):
        out.append("exclusive bonus fields hold more than one token")
    if s.actions > 2:
        out.append(f"{s.actions} actions in one voyage")
    if s.stacks:
        out += _stacks(s)
    return out


def _stacks(s: NWState) -> list[str]:
    comp = s.comp
    out = []
    seen: list[str] = []
    for i, st in enumerate(s.stacks):
        here = list(st) + (list(s.row) if i == s.stack else [])
        seen += here
        if sorted(here) != s.contents[i]:
            out.append(f"stack {i} changed its tiles: {sorted(here)} != {s.contents[i]}")
        if comp.destinations[i] not in here:
            out.append(f"stack {i} lost its destination harbour")
        if not set(s.known[i]) <= set(s.contents[i]):
            out.append(f"stack {i}: tiles known to be in it are not: {s.known[i]}")
        for p in range(s.players):
            if not set(s.secret[p][i]) <= set(s.contents[i]):
                out.append(f"seat {p}'s private knowledge of stack {i} is wrong")
    if s.phase != "deal" and sorted(seen) != sorted(comp.tiles):
        out.append("the sea tiles are not all in the stacks exactly once")
    sizes = {len(c) for c in s.contents}
    if len(sizes) != 1:
        out.append(f"stacks of different sizes: {[len(c) for c in s.contents]}")
    if s.stack >= 0 and s.phase not in ("shuffle",):
        st = s.stacks[s.stack]
        if s.peek and (not st or st[0] != s.peek):
            out.append("the Lookout's tile is not on top")
        if s.under and (not st or st[-1] != s.under):
            out.append("the tile put under is not at the bottom")
        if len(s.row) > comp.sail_max or len(s.used) != len(s.row):
            out.append(f"{len(s.row)} tiles revealed")
    return out
