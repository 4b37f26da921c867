"""Why a Tailwinds player might take an action: the one-line reasons of the coach's hints.

:func:`explain` is the game's ``GameView.explain`` hook (see :mod:`windward_nb.core.hint`). The
search says *which* action wins most often; this says *why*, in race terms: where the move leaves
your fore and aft boats among all the boats (the aft boat must not be last when the fore boat
finishes), a rainbow space reached, the wind die the last boat sets off, how many points a card
gives and when it moves, what a Rainbow card or an ability does. The race is played forward in a
copy by the rules themselves, so every place and space quoted is the rules' own.

>>> from windward_nb.tailwinds import new_game
>>> g = new_game(players=2, seed=2)
>>> explain(g.state, g.current_player, g.legal_actions()[-1])
'2 spaces ahead of the rearmost start, in the inside lane, which leads its space'

A reason never merely restates the action, and the state given is the player's own view (a
determinization), so a reason never gives away a face-down card.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from . import board
from .state import TailwindsState

__all__ = ["explain"]


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _places(s: TailwindsState, seat: int) -> dict[int, tuple[str, int, int]]:
    """Each of ``seat``'s boats by id: (fore/aft, place among all boats (1 = leading), space)."""
    everyone = list(reversed(board.all_boats(s)))
    out = {}
    for k, (who, b) in enumerate(everyone):
        if who == seat:
            out[b[2]] = (board.boat_name(s, seat, b[2]), k + 1, b[0])
    return out


def _after(s: TailwindsState, a: Any) -> TailwindsState | None:
    t = s.clone()
    try:
        type(s).rules.apply(t, a)
    except ValueError:
        return None
    return t


def _race(s: TailwindsState, t: TailwindsState, seat: int) -> str:
    """What changed in the race for ``seat`` between ``s`` and ``t``."""
    n = sum(len(bs) for bs in t.boats)
    before, after = _places(s, seat), _places(t, seat)
    parts = []
    for bid, (name, place, space) in sorted(after.items(), key=lambda x: x[1][1]):
        old = before.get(bid)
        if old is None or (old[1], old[2]) == (place, space):
            continue
        where = "the Finish Line" if space >= t.track.finish else f"space {space}"
        parts.append(f"{name} boat {_ordinal(old[1])} -> {_ordinal(place)} of {n} ({where})")
    if t.winner == seat:
        return "you win the race"
    aft = board.by_name(t, seat, "aft")
    was_last = aft is not None and board.is_last(s, seat, aft[2])
    if aft is not None and board.is_last(t, seat, aft[2]) and (parts or not was_last):
        parts.append("your aft boat is last, so a finish would not win yet")
    elif aft is not None and was_last and not board.is_last(t, seat, aft[2]):
        parts.append("your aft boat leaves last place")
    if t.wind_card != s.wind_card:
        parts.append("the last boat leaves a track card: the wind die blows it forward and the leader back")
    landed = [b for b in t.boats[seat] if t.track.is_rainbow(b[0]) and b[0] != next(
        (x[0] for x in s.boats[seat] if x[2] == b[2]), -1)]
    if landed:
        parts.append("a rainbow space: you may take a Rainbow card")
    return "; ".join(parts)


def _card(s: TailwindsState, seat: int, key: str) -> Any:
    return s.comp.characters[s.characters[seat]].card(key)


def _choose(s: TailwindsState, seat: int, a: Any) -> str:
    c = _card(s, seat, str(a.arg))
    hand = [_card(s, seat, k).value for k in s.hands[seat]]
    line = f"{c.value} movement point{'s' if c.value != 1 else ''}"
    if c.recover:
        line += f" and your {len(s.played[seat])} played card{'s' if len(s.played[seat]) != 1 else ''} back to hand"
    elif hand:
        line += f" (your hand: {', '.join(map(str, sorted(hand, reverse=True)))})"
    if c.text:
        line += f"; {c.text[:1].lower()}{c.text[1:].rstrip('.')}"
    return line + "; cards resolve from the last boat forward"


def _move(s: TailwindsState, seat: int, a: Any) -> str:
    t = _after(s, a)
    race = _race(s, t, seat) if t is not None else ""
    left = t.points if t is not None else 0
    tail = f"{left} point{'s' if left != 1 else ''} left" if left else "no points left"
    return f"{race}; {tail}" if race else f"your boats keep their places; {tail}"


def _rainbow(s: TailwindsState, key: str) -> Any:
    return s.comp.rainbow[key] if isinstance(getattr(s.comp, "rainbow", None), dict) else None


def _take(s: TailwindsState, seat: int, a: Any) -> str:
    r = _rainbow(s, str(a.arg))
    if r is None:
        return _generic(s, seat, a)
    pts = r.points_of(s.characters[seat]) if s.characters else r.points
    return f"{r.text.rstrip('.')} (or {pts} movement point{'s' if pts != 1 else ''}); you may hold only one"


def _leave(s: TailwindsState, seat: int, a: Any) -> str:
    held = [c for c in (s.rainbow[seat] if s.rainbow and seat < len(s.rainbow) else None,) if c]
    if held:
        return f"keeps the Rainbow card you hold ({held[0]}): you may hold only one"
    return "none of the three on offer is worth taking now"


def _play(s: TailwindsState, seat: int, a: Any) -> str:
    t = _after(s, a)
    race = _race(s, t, seat) if t is not None else ""
    key = str(a.arg[0] if isinstance(a.arg, (tuple, list)) else a.arg).split()[0]
    r = _rainbow(s, key)
    if t is not None and t.points > s.points:
        gain = f"+{t.points - s.points} movement points"
        return f"{gain}; {race}" if race else gain
    what = r.text.rstrip(".") if r is not None else ""
    return "; ".join(x for x in (what, race) if x) or _generic(s, seat, a)


def _end(s: TailwindsState, seat: int, a: Any) -> str:
    t = _after(s, a)
    race = _race(s, t, seat) if t is not None else ""
    return race or "nothing left to move this turn"


def _place(s: TailwindsState, seat: int, a: Any) -> str:
    space = int(a.arg) - 1                     # the action counts spaces from 1
    lane = board.free_lane(s, space)
    starts = s.track.starts
    where = f"{space - min(starts)} space{'s' if space - min(starts) != 1 else ''} ahead of the rearmost start" \
        if space > min(starts) else "the rearmost start"
    return f"{where}, in the {'inside lane, which leads its space' if lane == 0 else 'outer lane'}"


def _held(s: TailwindsState, seat: int) -> Any:
    key = s.rainbow[seat] if s.rainbow and seat < len(s.rainbow) else None
    return s.comp.rainbow.get(key) if key else None


def _copy(s: TailwindsState, seat: int, a: Any) -> str:
    other = int(a.arg) - 1
    key = s.round_cards[other] if other < len(s.round_cards) else None
    if key is None:
        return _generic(s, seat, a)
    c = _card(s, other, key)
    name = f" ({c.name})" if c.name != str(c.value) else ""
    return f"player {other + 1}'s {c.value} movement point{'s' if c.value != 1 else ''}{name} become yours this turn"


def _ask(s: TailwindsState, seat: int, a: Any) -> str:
    other = int(a.arg) - 1
    r = _held(s, other)
    what = f"their {r.name}" if r is not None else "their Rainbow card"
    return f"player {other + 1} gives you {what} or refuses"


def _answer(s: TailwindsState, seat: int, a: Any) -> str:
    r = _held(s, seat)
    name = r.name if r is not None else "your Rainbow card"
    if a.verb == "give":
        return f"you lose {name}" + (f" ({r.text.rstrip('.')})" if r is not None else "")
    pts = r.points_of(s.characters[seat]) if r is not None and s.characters else (r.points if r else 0)
    return f"you keep {name} for your own turn" + (f" (its effect, or {pts} movement points)" if r is not None else "")


def _roll(s: TailwindsState, seat: int, a: Any) -> str:
    if a.verb == "roll":
        return f"adds a die to your {s.points} points: 1 to 6 more, 3.5 on average"
    return f"keeps your {s.points} points as they are"


def _reclaim(s: TailwindsState, seat: int, a: Any) -> str:
    c = _card(s, seat, str(a.arg))
    return f"your {c.value}-point card ({c.name}) comes back to your hand for a later round"


def _use(s: TailwindsState, seat: int, a: Any) -> str:
    key = str(a.arg)
    try:
        text = _card(s, seat, key).text
    except KeyError:
        text = ""
    t = _after(s, a)
    race = _race(s, t, seat) if t is not None else ""
    if "roll the die" in text.lower():
        return f"a die added to your {s.points} points: 1 to 6 more, 3.5 on average" + (f"; {race}" if race else "")
    if race:
        return race
    if t is not None and t.points != s.points:
        return f"movement points {s.points} -> {t.points}"
    return f"the card's ability, with {s.points} points still to move" if text else _generic(s, seat, a)


def _target(s: TailwindsState, seat: int, a: Any) -> str:
    other, which = int(a.arg[0]) - 1, a.arg[1]
    top = s.pending[-1] if s.pending else {}
    k = int(top.get("spaces", 0) or 0)
    t = _after(s, a)
    race = _race(s, t, other) if t is not None else ""
    who = "your" if other == seat else f"player {other + 1}'s"
    move = f"{who} {which} boat {'forward' if k > 0 else 'back'} {abs(k)} space{'s' if abs(k) != 1 else ''}" if k \
        else f"the card's effect on {who} {which} boat"
    mine = _race(s, t, seat) if t is not None and other != seat else ""
    return "; ".join(x for x in (move, mine or (race if other == seat else "")) if x)


def _generic(s: TailwindsState, seat: int, a: Any) -> str:
    t = _after(s, a)
    race = _race(s, t, seat) if t is not None else ""
    if race:
        return race
    if t is not None and t.points != s.points:
        return f"movement points {s.points} -> {t.points}"
    return type(s).rules.describe(s, a)


HANDLERS = {"choose": _choose, "fore": _move, "aft": _move, "swap": _move, "use": _use, "take": _take,
            "leave": _leave, "play": _play, "end": _end, "place": _place, "copy": _copy, "ask": _ask,
            "give": _answer, "refuse": _answer, "roll": _roll, "noroll": _roll, "reclaim": _reclaim,
            "target": _target}


def explain(s: TailwindsState, seat: int, a: Any, plan: Hashable | None = None) -> str:
    """One line on why ``seat`` might play ``a`` here, with the race as the rules would leave it."""
    handler = HANDLERS.get(a.verb, _generic)
    return handler(s, seat, a)
