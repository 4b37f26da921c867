"""Why a North Wind captain might take an action: the one-line reasons of the coach's hints.

:func:`explain` is North Wind's ``GameView.explain`` hook (see :mod:`windward_nb.core.hint`). The
search says *which* action wins most often; this says *why*, with exact numbers from
:mod:`windward_nb.northwind.odds` and the task board: what a stack's harbour wants and the chance
to reach it within the sail's range, what a good is needed for, a pirate battle's odds, how a
cannon, a crew member or a notch of sail changes the odds, how many task tokens a delivery puts
on the board. A reason never merely restates the action.

>>> from windward_nb.northwind import new_game
>>> g = new_game(players=2, seed=3)
>>> explain(g.state, 0, g.rules.parse("sail olsand"))
'Olsand wants 1 salt and 1 fish (you hold none of it); 50% to reach it within 4 tiles, 1.0 fog expected'

The state given is the captain's own view (a determinization); the odds use only what the
captain has seen (:func:`~windward_nb.northwind.odds.stack_outlook`).
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import Any

from ..core.hint import percent
from . import tasks
from .actions import NWAction
from .odds import pirate_odds, stack_outlook, voyage_odds
from .state import NWState
from .words import describe

__all__ = ["explain", "CREW"]

#: what each crew member does, in a few words (the rulebook's crew page)
CREW = {"boatswain": "trade two commodities at a merchant instead of one",
        "bookkeeper": "+1 gold every time you sell",
        "cannoneer": "blue double pips hit twice",
        "treasurer": "2 gold instead of 1 when a turn starts with none",
        "lookout": "see a stack's top tile first and send it under if you do not want it"}


def _pct(p: Any) -> str:
    return percent(p)


def _have(s: NWState, seat: int, k: str) -> int:
    return s.gold[seat] if k == "gold" else s.brig[seat] if k == "captain" else s.held(seat, k)


def _wants(s: NWState, seat: int, col: int) -> str:
    """What harbour ``col``'s current task wants and what ``seat`` holds of it."""
    name = s.comp.tile(s.comp.destinations[col]).title
    need = tasks.current(s, col)
    if need is None:
        return f"every task of {name} is done"
    held = [(k, min(n, _have(s, seat, k)), n) for k, n in need.items()]
    if all(h >= n for _, h, n in held):
        mine = "you have it all"
    elif not any(h for _, h, _ in held):
        mine = "you hold none of it"
    else:
        mine = "you have " + " and ".join(f"{h} of {n} {k}" for k, h, n in held)
    return f"{name} wants {tasks.need_text(need)} ({mine})"


def _needed(s: NWState, seat: int, good: str) -> list[str]:
    """The harbours whose current task asks for ``good`` (beyond what ``seat`` holds)."""
    out = []
    for col, d in enumerate(s.comp.destinations):
        need = tasks.current(s, col)
        if need and need.get(good, 0) > _have(s, seat, good):
            out.append(s.comp.tile(d).title)
    return out


def _sail(s: NWState, seat: int, a: NWAction) -> str:
    col = s.comp.destinations.index(a.arg)
    v = stack_outlook(s, seat)[col]
    fog = float(sum(k * p for k, p in enumerate(v.fogs)))
    return f"{_wants(s, seat, col)}; {_pct(v.reach)} to reach it within {v.sail} tiles, {fog:.1f} fog expected"


def _left(s: NWState, seat: int) -> tuple[int, bool]:
    """(reveals left in range, is the destination still unseen this voyage)."""
    dest = s.comp.destinations[s.stack]
    return max(0, s.sail[seat] - len(s.row)), dest not in s.row


def _reach_now(s: NWState, seat: int, reveals: int) -> Fraction:
    """The chance the harbour is among the next ``reveals`` tiles (the stack is shuffled and unseen)."""
    n = len(s.stacks[s.stack])
    _, unseen = _left(s, seat)
    if not unseen or n == 0:
        return Fraction(0)
    return Fraction(min(reveals, n), n)


def _title(s: NWState) -> str:
    return s.comp.tile(s.comp.destinations[s.stack]).title


def _reveal(s: NWState, seat: int, a: NWAction) -> str:
    left, unseen = _left(s, seat)
    if not unseen:
        return f"{left} tile{'s' if left != 1 else ''} of range left for trade (you have passed {_title(s)})"
    n = len(s.stacks[s.stack])
    return (f"{_pct(Fraction(1, n) if n else 0)} that it is {_title(s)}, {_pct(_reach_now(s, seat, left))} that "
            f"{_title(s)} comes within your {left} tile{'s' if left != 1 else ''} of range; "
            f"{s.actions} of 2 actions used")


def _end(s: NWState, seat: int, a: NWAction) -> str:
    left, unseen = _left(s, seat)
    if unseen:
        return (f"stops safe: no fog or pirate from the {left} tile{'s' if left != 1 else ''} left, but "
                f"{_pct(_reach_now(s, seat, left))} that {_title(s)} was among them")
    return f"stops safe with {s.gold[seat]} gold and {s.goods_text(seat)} aboard"


def _cut(s: NWState, seat: int, a: NWAction) -> str:
    v = stack_outlook(s, seat)[s.stack]
    return (f"the stack is shuffled and unseen, so a cut changes which tiles come but not your odds "
            f"({_pct(v.reach)} to reach {_title(s)})")


def _tile(s: NWState):
    return s.comp.tile(s.tile_id) if s.tile_id else None


def _trade(s: NWState, seat: int, a: NWAction) -> str:
    goods = tuple(a.arg) if isinstance(a.arg, (tuple, list)) else (a.arg,)
    tile = _tile(s)
    price = (lambda g: tile.price) if tile is not None and tile.kind == "merchant" else \
        (lambda g: tile.goods.get(g, 0) if tile is not None else 0)
    total = sum(price(g) for g in goods)
    parts = []
    for g in dict.fromkeys(goods):
        wanted = _needed(s, seat, g)
        if a.verb == "buy":
            parts.append(f"{g} for {', '.join(wanted)}'s task" if wanted else f"{g} to sell dearer elsewhere")
        else:
            parts.append(f"{g} no task needs now" if not wanted else f"{g} that {', '.join(wanted)} still wants")
    gold = s.gold[seat] - total if a.verb == "buy" else s.gold[seat] + total + \
        (s.comp.bookkeeper_gold if s.has(seat, "bookkeeper") else 0)
    room = s.comp.hold - s.cargo(seat)
    tail = f"; gold {s.gold[seat]} -> {gold}"
    if a.verb == "buy":
        tail += f", {room - len(goods)} hold space left"
    return "; ".join(parts) + tail


def _swap(s: NWState, seat: int, a: NWAction) -> str:
    out, inn = a.arg
    wanted = _needed(s, seat, inn)
    return f"trades {out} for {inn}" + (f", which {', '.join(wanted)} wants" if wanted else "") + \
        (f"; +{s.comp.bookkeeper_gold} gold (Bookkeeper)" if s.has(seat, "bookkeeper") else "")


def _voyage_gain(s: NWState, seat: int, sail: int) -> str:
    """How one more notch of sail changes the odds of reaching the harbour this voyage."""
    if s.stack < 0 or s.comp.destinations[s.stack] in s.row:
        return ""
    n = len(s.stacks[s.stack])
    before = _reach_now(s, seat, max(0, s.sail[seat] - len(s.row)))
    after = Fraction(min(max(0, sail - len(s.row)), n), n) if n else Fraction(0)
    return f"; {_pct(before)} -> {_pct(after)} to reach {_title(s)} this voyage"


def _sail_up(s: NWState, seat: int, a: NWAction) -> str:
    return (f"range {s.sail[seat]} -> {s.sail[seat] + 1} tiles for every voyage from now"
            f"{_voyage_gain(s, seat, s.sail[seat] + 1)}; gold {s.gold[seat]} -> {s.gold[seat] - s.comp.sail_price}")


def _battle(s: NWState, seat: int, cannons: int, cannoneer: bool, strength: int) -> Fraction:
    return pirate_odds(cannons, strength, cannoneer, s.comp.battle_die).win


def _cannon(s: NWState, seat: int, a: NWAction) -> str:
    c, cn = s.cannons[seat], s.has(seat, "cannoneer")
    tile = _tile(s)
    cost = tile.cannon if tile is not None else 0
    return (f"{c} -> {c + 1} battle dice: against a strength-2 pirate {_pct(_battle(s, seat, c, cn, 2))} -> "
            f"{_pct(_battle(s, seat, c + 1, cn, 2))}; gold {s.gold[seat]} -> {s.gold[seat] - cost}")


def _hire(s: NWState, seat: int, a: NWAction) -> str:
    who = str(a.arg)
    tile = _tile(s)
    cost = tile.crew if tile is not None else 0
    line = CREW.get(who, who)
    if who == "cannoneer":
        c = s.cannons[seat]
        line += f" (against a strength-2 pirate {_pct(_battle(s, seat, c, False, 2))} -> {_pct(_battle(s, seat, c, True, 2))})"
    elif who == "lookout":
        v0 = voyage_odds({"destination": 1, "fog": 2, "other": 5}, s.sail[seat])
        v1 = voyage_odds({"destination": 1, "fog": 2, "other": 5}, s.sail[seat], lookout=True)
        line += f" (in a typical stack: {float(sum(k * p for k, p in enumerate(v0.fogs))):.1f} -> " \
                f"{float(sum(k * p for k, p in enumerate(v1.fogs))):.1f} fog expected)"
    crew = len(s.crew[seat]) + 1
    bonus = "; all crew aboard earns a task token" if crew >= s.comp.crew and seat not in s.crew_bonus else ""
    return f"{line}{bonus}; gold {s.gold[seat]} -> {s.gold[seat] - cost}"


def _throw(s: NWState, seat: int, a: NWAction) -> str:
    wanted = _needed(s, seat, str(a.arg))
    why = f"{', '.join(wanted)} still wants {a.arg}" if wanted else f"no current task wants {a.arg}"
    return f"makes room in your hold ({s.cargo(seat)} of {s.comp.hold} used); {why}"


def _deliver(s: NWState, seat: int, a: NWAction) -> str:
    on = s.on_board(seat)
    return f"a task token on the board: {on + 1} of the {s.target_tokens} that win (bonus fields may add more)"


def _salvage(s: NWState, seat: int, a: NWAction) -> str:
    return f"gold {s.gold[seat]} -> {s.gold[seat] + s.comp.wreck_gold}; the wreck stays in this stack for next time"


def _pay(s: NWState, seat: int, a: NWAction) -> str:
    p = _battle(s, seat, s.cannons[seat], s.has(seat, "cannoneer"), s.pirate)
    return (f"no risk: gold {s.gold[seat]} -> {s.gold[seat] - s.comp.ransom} and the voyage goes on "
            f"(fighting wins {_pct(p)} of the time)")


def _fight(s: NWState, seat: int, a: NWAction) -> str:
    p = _battle(s, seat, s.cannons[seat], s.has(seat, "cannoneer"), s.pirate)
    prize = "a pirate captain for your brig" if s.brig[seat] < s.comp.brig else f"{s.comp.brig_full_gold} gold"
    want = [s.comp.tile(d).title for col, d in enumerate(s.comp.destinations)
            if (tasks.current(s, col) or {}).get("captain", 0) > s.brig[seat]]
    if want and s.brig[seat] < s.comp.brig:
        prize += f" ({', '.join(want)} wants one)"
    dice = f"{s.cannons[seat]} {'die' if s.cannons[seat] == 1 else 'dice'}"
    return f"{_pct(p)} to beat strength {s.pirate} with {dice}: win {prize}; lose and the voyage ends"


def _pass(s: NWState, seat: int, a: NWAction) -> str:
    if s.phase == "letter":
        return f"keeps your {s.letters[seat]} letter{'s' if s.letters[seat] != 1 else ''} for a better deal"
    left, _ = _left(s, seat)
    return f"saves your action ({s.actions} of 2 used) for a better tile; {left} tile{'s' if left != 1 else ''} of range left"


def _lookout(s: NWState, seat: int, a: NWAction) -> str:
    if a.verb == "look":
        return "see the top tile before it counts; a tile you do not want goes under the stack"
    tile = s.comp.tile(s.peek).title if s.peek else "the tile"
    if a.verb == "keep":
        return f"{tile} will be your first tile"
    return f"{tile} does not count; the next tile takes its place"


HANDLERS = {"sail": _sail, "reveal": _reveal, "end": _end, "cut": _cut, "buy": _trade, "sell": _trade,
            "swap": _swap, "sail_up": _sail_up, "cannon": _cannon, "hire": _hire, "throw": _throw,
            "deliver": _deliver, "salvage": _salvage, "pay": _pay, "fight": _fight, "pass": _pass,
            "look": _lookout, "keep": _lookout, "under": _lookout}


def explain(s: NWState, seat: int, a: NWAction, plan: Hashable | None = None) -> str:
    """One line on why ``seat`` might play ``a`` here, with the numbers that matter."""
    handler = HANDLERS.get(a.verb)
    if handler is None:
        return describe(s, a)
    return handler(s, seat, a)

