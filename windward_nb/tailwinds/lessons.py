"""Helpers for Tailwinds' lesson (notebook 11): where your boats are, what you may do, try-its.

Each try-it plays the learner's actions on a copy of the lesson's game with the engine
(:func:`windward_nb.core.lesson.check`) and answers ``✓ Done:`` or ``Not yet:`` with what is
missing or which rule refused an action.

>>> import windward_nb as ww
>>> game = ww.new_game(game="tailwinds", players=3, seed=11, characters=["sailor", "pirate", "gambler"])
>>> check(game, ["place 3", "place 2"], goals.boats(fore=3, aft=3))    # doctest: +NORMALIZE_WHITESPACE
Not yet: your fore boat is on space 3, your aft boat on space 2 (goal: fore boat on space 3 or
further, aft boat on space 3 or further).
>>> check(game, ["place 3", "place 3"], goals.boats(fore=3, aft=3))    # doctest: +NORMALIZE_WHITESPACE
✓ Done: your fore boat is on space 3, your aft boat on space 3 (goal: fore boat on space 3 or
further, aft boat on space 3 or further).
"""

from __future__ import annotations

from typing import Any
from collections.abc import Iterable

from ..core import lesson
from ..core.lesson import Goal, Verdict
from ..core.report import Table, table
from . import board
from .view import status as status_line, track_text

__all__ = ["check", "choices", "goals", "lesson_game", "narrate", "play_until", "where"]

EXAMPLE = '"move fore 3", "move aft 2", "end turn"'


def _seat(game) -> int:
    s = game.state
    who = game.current_player
    return who if who >= 0 else s.turn


def check(game, answer: Any, goal: Goal) -> Verdict:
    """Play ``answer`` on a copy of ``game`` and judge it against ``goal`` (see the module docstring)."""
    return lesson.check(game, answer, goal, seat=_seat(game), example=EXAMPLE)


def lesson_game(*, seed: int = 1, **position: Any):
    """A lesson's position built by :func:`~windward_nb.tailwinds.scenario.scenario` (boats, the
    player to move, their card ...), as a game whose chance (the wind die) is drawn from ``seed``."""
    from ..core.game import Game
    from .scenario import scenario

    return Game(scenario(**position), None, seed=seed)


def narrate(game, actions: Iterable[str]) -> None:
    """Apply ``actions`` one by one, printing what each caused."""
    lesson.narrate(game, actions)


def choices(game, prefix: str = "") -> Table:
    """The legal actions starting with ``prefix``, each with what it would do."""
    rows = [[f"`{a}`", game.describe(a)] for a in map(str, game.legal_actions()) if a.startswith(prefix)]
    return table(["action", "what it does"], rows)


def where(game, upto: int = 16) -> None:
    """The track up to space ``upto`` as text, and what happens now."""
    print(track_text(game.state, upto=upto))
    print(status_line(game.state))


def play_until(game, bots: dict, stop) -> None:
    """Let ``bots`` (seat -> bot) decide, printing each action, until ``stop(game)`` is true or a
    seat without a bot decides."""
    rules = type(game.state).rules
    while not game.is_over and not stop(game) and game.current_player in bots:
        seat = game.current_player
        action = bots[seat].act(game.state)
        shown = "chooses a card face down" if str(action).startswith("choose") else action
        events = game.apply(action)
        print(f"{rules.seat_name(game.state, seat)}: {shown}")
        for e in events:
            print("    " + e.text)


# =============================================================================== goals
def _space(b: list[int] | None, finish: int) -> int:
    return 0 if b is None else (finish + 1 if b[0] >= finish else b[0] + 1)


def _measures(state: Any, seat: int) -> dict[str, Any]:
    finish = state.track.finish
    fore, aft = board.by_name(state, seat, "fore"), board.by_name(state, seat, "aft")
    last = {b for p, b in board.last_boats(state) if p == seat} if state.boats[seat] else set()
    return {"fore": _space(fore, finish), "aft": _space(aft, finish), "last": bool(last),
            "rainbow": state.rainbow[seat] if state.rainbow else None, "finish": finish + 1}


def _where(n: int, finish: int) -> str:
    return "not on the track" if n == 0 else "over the Finish Line" if n > finish - 1 else f"on space {n}"


def boats(*, fore: int | None = None, aft: int | None = None, not_last: bool = False,
          rainbow: bool = False) -> Goal:
    """The learner's fore boat on space ``fore`` or further, the aft boat on ``aft`` or further,
    neither of them last (``not_last``), a rainbow card in hand (``rainbow``)."""
    wants = []
    if fore is not None:
        wants.append(f"fore boat on space {fore} or further")
    if aft is not None:
        wants.append(f"aft boat on space {aft} or further")
    if not_last:
        wants.append("no boat of yours in last place")
    if rainbow:
        wants.append("a rainbow card in your hand")
    text = ", ".join(wants)

    def judge(before, after, events, seat):
        m = _measures(after.state, seat)
        ok, said = True, []
        if fore is not None or aft is not None:
            ok &= m["fore"] >= (fore or 0) and m["aft"] >= (aft or 0)
            said.append(f"your fore boat is {_where(m['fore'], m['finish'])}, your aft boat "
                        f"{_where(m['aft'], m['finish'])}")
        if not_last:
            ok &= not m["last"]
            said.append("one of your boats is last" if m["last"] else "no boat of yours is last")
        if rainbow:
            ok &= m["rainbow"] is not None
            said.append("you hold a rainbow card" if m["rainbow"] else "you hold no rainbow card")
        return ok, "; ".join(said)

    return Goal(text, judge)


def turn_over(**wants: Any) -> Goal:
    """The learner's turn is over (they ended it), and :func:`boats` ``(**wants)`` holds."""
    inner = boats(**wants) if wants else None
    text = "your turn ended" + (f", {inner.text}" if inner else "")

    def judge(before, after, events, seat):
        ended = any(e.kind == "TurnEnded" and e.data.get("seat", seat) == seat for e in events)
        ok, said = (True, "") if inner is None else inner.judge(before, after, events, seat)
        return ok and ended, ("your turn ended" if ended else "your turn is not over: end it with 'end turn'") \
            + (f"; {said}" if said else "")

    return Goal(text, judge)


def wind_blew() -> Goal:
    """The rolling wind blew during the learner's actions."""
    def judge(before, after, events, seat):
        rolls = [e for e in events if e.kind == "WindRolled"]
        return bool(rolls), ("the wind blew: " + rolls[0].text.rstrip(".")) if rolls else "the wind did not blow"

    return Goal("the rolling wind blows", judge)


def chosen(*, at_least: int) -> Goal:
    """The learner has chosen, face down, a card worth at least ``at_least`` movement points."""
    def judge(before, after, events, seat):
        s = after.state
        key = s.choosing.choices.get(seat) if s.choosing else None
        if key is None:
            key = s.revealed[seat] if s.revealed else None
        if key is None:
            return False, "you have not chosen a card"
        card = s.card(seat, key)
        return card.value >= at_least, f"you chose {card.name} ({card.value} point{'s' if card.value != 1 else ''})"

    return Goal(f"a card worth at least {at_least} points, face down", judge)


#: the goal builders, used as ``goals.boats(...)`` in the notebook
goals = type("Goals", (), {"boats": staticmethod(boats), "turn_over": staticmethod(turn_over),
                           "wind_blew": staticmethod(wind_blew), "chosen": staticmethod(chosen)})()
