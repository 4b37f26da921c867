"""Helpers for North Wind's lesson (notebook 10): what a captain has, what they may do, try-its.

Each try-it plays the learner's actions on a copy of the lesson's game with the engine
(:func:`windward_nb.core.lesson.check`) and answers ``✓ Done:`` or ``Not yet:`` with what is
missing or which rule refused an action. Goals measure the learner's captain (the one who
decides when the try-it starts) before and after.

>>> from windward_nb.northwind.scenario import scenario
>>> game = lesson_game(stacks={"olsand": ["salt-1", "salt-3"]}, letters=[0, 0])
>>> check(game, ["sail olsand", "reveal", "buy salt,salt"], goals.captain(gold=9))
Not yet: you have 3 gold (goal: at least 9 gold).
>>> check(game, ["sail olsand", "reveal", "buy salt,salt", "sell salt,salt"], goals.captain(gold=9))
✓ Done: you have 9 gold (goal: at least 9 gold).
>>> check(game, ["sail fort-haven", "buy wine"], goals.captain(gold=9))   # doctest: +ELLIPSIS
Not yet: 'buy wine' (action 2) is refused: ...
"""

from __future__ import annotations

from typing import Any
from collections.abc import Iterable

import numpy as np

from ..core import lesson
from ..core.lesson import Goal, Verdict
from ..core.report import Table, table
from .view import prompt, ship_text

__all__ = ["check", "choices", "goals", "lesson_game", "narrate", "status"]

EXAMPLE = '"sail olsand", "reveal"'
GOODS_WORDS = ("salt", "grain", "wine", "lumber", "fish")


def lesson_game(*, setup: Iterable[str] = (), seed: int = 1, **position: Any):
    """A lesson's position: :func:`~windward_nb.northwind.scenario.scenario` with ``position``,
    the ``setup`` actions played (chance outcomes too, chosen by the lesson), then chance drawn by
    the game itself from ``seed``, so that a learner's plan may meet fog and dice like a real game."""
    from .scenario import scenario

    game = scenario(**position)
    for action in setup:
        game.apply(action)
    game.rng = np.random.default_rng(seed)
    game.auto_chance = True
    return game


def narrate(game, actions: Iterable[str]) -> None:
    """Apply ``actions`` one by one, printing what each caused, then what happens now."""
    lesson.narrate(game, actions)
    print(f"{'':<18}   now: {prompt(game.state)}")


def status(game, seat: int | None = None) -> None:
    """The captain's ship in a line, and what happens now."""
    seat = game.state.turn if seat is None else seat
    print(ship_text(game.state, seat))
    print("Now:", prompt(game.state))


def choices(game, prefix: str = "") -> Table:
    """The legal actions starting with ``prefix``, each with what it would do."""
    rows = [[f"`{a}`", game.describe(a)] for a in map(str, game.legal_actions()) if a.startswith(prefix)]
    return table(["action", "what it does"], rows)


def check(game, answer: Any, goal: Goal) -> Verdict:
    """Play ``answer`` on a copy of ``game`` and judge it against ``goal`` (see the module docstring)."""
    return lesson.check(game, answer, goal, seat=game.state.turn, example=EXAMPLE)


# =============================================================================== goals
def _measures(state: Any, seat: int) -> dict[str, int]:
    held = {g: state.held(seat, g) for g in GOODS_WORDS}
    return {"gold": state.gold[seat], "tokens": state.on_board(seat), "cannons": state.cannons[seat],
            "sail": state.sail[seat], "letters": state.letters[seat], "captains": state.brig[seat],
            "crew": len(state.crew[seat]), **held}


_WORDS = {"gold": ("gold", "gold"), "tokens": ("task token on the board", "task tokens on the board"),
          "cannons": ("cannon", "cannons"), "sail": ("sail", "sail"), "letters": ("letter", "letters"),
          "captains": ("pirate captain in the brig", "pirate captains in the brig"),
          "crew": ("crew member", "crew members"), **{g: (g, g) for g in GOODS_WORDS}}


def _amount(key: str, n: int) -> str:
    one, many = _WORDS[key]
    return f"{key} {n}" if key == "sail" else f"{n} {one if n == 1 else many}"


def captain(**at_least: int) -> Goal:
    """The learner's captain ends with at least the amounts given (``gold=9``, ``tokens=1``,
    ``wine=1``, ``cannons=2``, ``sail=5``, ``captains=1`` ...)."""
    unknown = set(at_least) - set(_WORDS)
    if unknown:
        raise ValueError(f"unknown goal amounts {sorted(unknown)}; known: {', '.join(_WORDS)}")
    text = ", ".join(f"at least {_amount(k, v)}" for k, v in at_least.items())

    def judge(before, after, events, seat):
        m = _measures(after.state, seat)
        ok = all(m[k] >= v for k, v in at_least.items())
        return ok, "you have " + ", ".join(_amount(k, m[k]) for k in at_least)

    return Goal(text, judge)


def sailing(stack: str) -> Goal:
    """The learner's captain is on a voyage into ``stack`` (a destination harbour: ``"north-cape"``)."""
    def judge(before, after, events, seat):
        s = after.state
        comp = s.comp
        title = comp.tile(stack).title
        if s.turn != seat or s.stack < 0 or s.phase in ("choose", "over"):
            return False, "you are not on a voyage"
        now = comp.destinations[s.stack]
        return now == stack, f"you sail into the {comp.tile(now).title} stack" + ("" if now == stack else
                                                                                    f", not {title}'s")

    return Goal(f"a voyage into the {stack.replace('-', ' ').title()} stack", judge)


def kept_sailing(**at_least: int) -> Goal:
    """No pirate stopped the voyage (no defeat), and the captain has at least the amounts given."""
    base = captain(**at_least) if at_least else None
    text = "no defeat by the pirates" + (f", {base.text}" if base else "")

    def judge(before, after, events, seat):
        beaten = any(e.kind in ("PirateDefeat", "Defeated", "VoyageLost") or "defeat" in e.text.lower()
                     for e in events)
        ok, said = (True, "") if base is None else base.judge(before, after, events, seat)
        return ok and not beaten, ("the pirates stopped you" if beaten else "the voyage went on") \
            + (f"; {said}" if said else "")

    return Goal(text, judge)


#: the goal builders, used as ``goals.captain(...)`` in the notebook
goals = type("Goals", (), {"captain": staticmethod(captain), "sailing": staticmethod(sailing),
                           "kept_sailing": staticmethod(kept_sailing)})()
