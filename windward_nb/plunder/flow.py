"""Rounds and turns: what comes next once an action is done (PHASES IN EACH GAME ROUND).

A round is a sealed wind vote followed by one plunder turn per player,
clockwise from the player Blackbeard names. After the last round the end
bonuses are added and the game is over.
"""

from __future__ import annotations

from typing import Any

from windward_nb.core.events import Event
from windward_nb.core.sealed import Sealed

from .advantages import colour
from .components import DIRECTION_NAMES
from .sailing import windlocked
from .scoring import deciding_breaker, end_bonus, holdings, winners


def start_round(s: Any, ev: list[Event]) -> None:
    """Move the round marker on and open the sealed compass vote (or end the game)."""
    if s.round >= s.options["rounds"]:
        end_game(s, ev)
        return
    s.round += 1
    n = s.players
    s.votes, s.spent, s.finished = [None] * n, [None] * n, [False] * n
    s.order, s.turn, s.tied = [], -1, []
    s.compass = Sealed.open(list(range(n)))
    s.phase = "compass"
    ev.append(Event("RoundStarted", f"Round {s.round}: everyone sets a compass in secret.", {"round": s.round}))


def begin_turn(s: Any, ev: list[Event]) -> None:
    s.ap, s.sailed, s.heaved, s.bonus, s.arriving = 0, False, False, False, -1
    s.phase = "plunder"
    seat = s.current
    locked = windlocked(s.ship[seat], s.wind)
    note = f" Windlocked: no port lies {DIRECTION_NAMES[s.wind]} within reach." if locked else ""
    ev.append(Event("TurnStarted", f"{colour(seat)} plunders.{note}", {"seat": seat, "windlocked": locked}))


def after_action(s: Any, ev: list[Event]) -> None:
    """An action (and any arrival it caused) is complete: a bonus action ends the turn."""
    if s.phase in ("board", "reshuffle"):
        return
    if s.bonus:
        finish_turn(s, ev)
    else:
        s.phase = "plunder"


def finish_turn(s: Any, ev: list[Event]) -> None:
    seat = s.current
    s.finished[seat] = True
    s.bonus = False
    ev.append(Event("TurnEnded", f"{colour(seat)} turns the compass tile over.", {"seat": seat}))
    s.turn += 1
    if s.turn < len(s.order):
        begin_turn(s, ev)
    else:
        s.turn = -1
        s.order = []
        start_round(s, ev)


def end_game(s: Any, ev: list[Event]) -> None:
    table = s.options["end_bonus"]
    for seat in range(s.players):
        parts = end_bonus(holdings(s, seat), table)
        total = sum(parts.values())
        s.vp[seat] += total
        shown = ", ".join(f"{k} {v}" for k, v in parts.items() if v)
        ev.append(Event("EndBonus", f"{colour(seat)} scores {total} VP of end bonuses ({shown or 'none'}).",
                        {"seat": seat, "vp": total, "parts": parts}))
    s.phase = "over"
    win = winners(s)
    how = deciding_breaker(s)
    names = " and ".join(colour(i) for i in win)
    s.result = (f"{names} win{'s' if len(win) == 1 else ''} with {s.vp[win[0]]} VP"
                + (f" (decided by {how})" if how else "") + ".")
    ev.append(Event("GameOver", s.result, {"winners": win, "scores": list(s.vp)}))
