"""The task board: completing tasks, the three bonus fields and the winning count.

Each destination harbour has a column of task fields done from the bottom up;
only the lowest open field (the *current* task) can be completed, one per
visit. Bonus fields: the most tokens in a column (lost on a tie), a token in
every column, and all crew aboard.
"""

from __future__ import annotations

from ..core.events import Event
from ..core.rules import Refusal
from .components import GOODS
from .state import NWState

TASKS = "Completing Tasks"
BONUS = "Bonus Fields for Task Tokens"
END = "End of the Game"


def current(s: NWState, col: int) -> dict[str, int] | None:
    """What the current task of column ``col`` asks for (``None`` once the column is full)."""
    fields = s.comp.tasks[s.comp.destinations[col]]
    done = len(s.tasks[col])
    return fields[done] if done < len(fields) else None


def need_text(need: dict[str, int]) -> str:
    names = {"captain": ("pirate captain", "pirate captains")}
    parts = []
    for k, n in need.items():
        one, many = names.get(k, (k, k))
        parts.append(f"{n} {one if n == 1 else many}")
    return " and ".join(parts)


def need_short(need: dict[str, int]) -> str:
    """A task in a few characters, for its field on the board: ``"wine+2 gold"``, ``"2 captains"``.

    >>> need_short({"wine": 1, "captain": 1, "gold": 2})
    'wine+captain+2 gold'
    """
    names = {"captain": ("captain", "captains")}
    parts = []
    for k, n in need.items():
        one, many = names.get(k, (k, k))
        parts.append(one if n == 1 else f"{n} {many}")
    return "+".join(parts)


def refusal(s: NWState, seat: int, col: int) -> Refusal:
    """Why ``seat`` cannot complete the current task of column ``col`` now."""
    need = current(s, col)
    name = s.comp.tile(s.comp.destinations[col]).title
    if need is None:
        return (TASKS, f"every task of {name} is done")
    if s.tokens[seat] <= 0:
        return (TASKS, "you have no task token left")
    for k, n in need.items():
        have = s.gold[seat] if k == "gold" else s.brig[seat] if k == "captain" else s.held(seat, k)
        if have < n:
            return (TASKS, f"{name}'s current task asks for {need_text(need)}; you have {have} {k}")
    return None


def complete(s: NWState, seat: int, col: int) -> list[Event]:
    """Hand over the current task's items, place a token and settle the bonus fields."""
    need = current(s, col)
    assert need is not None
    for k, n in need.items():
        if k == "gold":
            s.gold[seat] -= n
        elif k == "captain":
            s.brig[seat] -= n
            s.captains += n
        else:
            s.hold[seat][GOODS.index(k)] -= n
            s.tray[GOODS.index(k)] += n
    s.tasks[col].append(seat)
    s.tokens[seat] -= 1
    dest = s.comp.tile(s.comp.destinations[col]).title
    ev = [Event("TaskCompleted", f"Player {seat + 1} completes task {len(s.tasks[col])} of {dest} "
                                 f"({need_text(need)}).",
                {"seat": seat, "column": col, "field": len(s.tasks[col]) - 1, "need": dict(need)})]
    ev += _settle_most(s, col)
    ev += _supply_bonus(s, seat)
    return ev


def _settle_most(s: NWState, col: int) -> list[Event]:
    """The bonus field of a column belongs to the one captain with strictly the most tokens in it."""
    counts = [s.tasks[col].count(p) for p in range(s.players)]
    best = max(counts)
    leaders = [p for p in range(s.players) if counts[p] == best]
    holder = s.most[col]
    dest = s.comp.tile(s.comp.destinations[col]).title
    ev: list[Event] = []
    want = leaders[0] if len(leaders) == 1 else -1
    if holder == want:
        return ev
    if holder >= 0:
        s.tokens[holder] += 1
        s.most[col] = -1
        why = "is tied" if want < 0 else "is overtaken"
        ev.append(Event("BonusLost", f"Player {holder + 1} {why} in {dest}'s column and takes back the bonus token.",
                        {"seat": holder, "bonus": "most", "column": col}))
    if want >= 0 and s.tokens[want] > 0:
        s.tokens[want] -= 1
        s.most[col] = want
        ev.append(Event("BonusPlaced", f"Player {want + 1} has the most tokens in {dest}'s column: bonus token.",
                        {"seat": want, "bonus": "most", "column": col}))
    return ev


def _supply_bonus(s: NWState, seat: int) -> list[Event]:
    if seat in s.supply_bonus or s.tokens[seat] <= 0:
        return []
    if s.options.get("exclusive_bonuses") and s.supply_bonus:
        return []
    if not all(seat in col for col in s.tasks):
        return []
    s.supply_bonus.append(seat)
    s.tokens[seat] -= 1
    return [Event("BonusPlaced", f"Player {seat + 1} has supplied every destination harbour: bonus token.",
                  {"seat": seat, "bonus": "supply"})]


def crew_bonus(s: NWState, seat: int) -> list[Event]:
    """The bonus for having every crew member aboard (checked after each hire)."""
    if seat in s.crew_bonus or s.tokens[seat] <= 0 or len(s.crew[seat]) < s.comp.crew:
        return []
    if s.options.get("exclusive_bonuses") and s.crew_bonus:
        return []
    s.crew_bonus.append(seat)
    s.tokens[seat] -= 1
    return [Event("BonusPlaced", f"Player {seat + 1} has all {s.comp.crew} crew members aboard: bonus token.",
                  {"seat": seat, "bonus": "crew"})]


def board_full(s: NWState) -> bool:
    return all(current(s, c) is None for c in range(len(s.tasks)))
