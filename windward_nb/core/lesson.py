"""Try-its for the lesson notebooks of any game: play a learner's answer on a copy and judge it.

A try-it cell gives the learner a goal and an empty answer (``...``). :func:`check`
plays the answer, a list of actions in the game's own words, on a **copy** of the
game (the lesson's position never changes), with the engine, and answers either
``✓ Done:`` and what was achieved, or ``Not yet:`` and what is missing: the
placeholder still in place, an action it cannot read (with the closest legal ones),
the rule that refuses an action, or how far the result is from the goal. Nothing a
learner can write makes it raise.

A :class:`Goal` is a sentence and a judge ``judge(before, after, events, seat) ->
(met, message)``; each game's lesson module builds its own (``windward_nb.northwind.lessons``,
``windward_nb.tailwinds.lessons``, ``windward_nb.plunder.lessons``).

>>> import sys, pathlib; sys.path.insert(0, str(pathlib.Path(__file__).parents[2] / "tests" / "core"))
>>> import nim                                              # take-away: take 1 to 3 counters a turn
>>> game = nim.new_game(counters=10)
>>> seven_left = Goal("seven counters left", lambda before, after, events, seat: (
...     after.state.counters == 7, f"{after.state.counters} counters are left"))
>>> check(game, ..., seven_left)
Not yet: write your actions in place of the ... (a list in quotes, like ["take 1"]), then run the cell.
>>> check(game, ["tkae 3"], seven_left)                     # doctest: +ELLIPSIS
Not yet: I cannot read 'tkae 3' (action 1): ...
>>> check(nim.new_game(counters=2), ["take 3"], seven_left)  # doctest: +ELLIPSIS
Not yet: 'take 3' (action 1) is refused: ...
>>> check(game, ["take 2"], seven_left)
Not yet: 8 counters are left (goal: seven counters left).
>>> check(game, ["take 3", "take 1"], seven_left)    # doctest: +NORMALIZE_WHITESPACE
Not yet: before 'take 1' (action 2) it is no longer your decision (Player 2 decides);
after your earlier actions 7 counters are left (goal: seven counters left).
>>> check(game, ["take 3"], seven_left)
✓ Done: 7 counters are left (goal: seven counters left).
>>> game.state.counters                                     # the lesson's game is unchanged
10
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from collections.abc import Callable, Iterable

from .errors import IllegalActionError

__all__ = ["Goal", "Verdict", "check", "narrate", "read_answer", "placeholder"]


def placeholder(example: str) -> str:
    """What a try-it says while its answer is still ``...``."""
    return (f"Not yet: write your actions in place of the ... (a list in quotes, like [{example}]), "
            "then run the cell.")


@dataclass(frozen=True)
class Verdict:
    """The checker's answer: ``ok`` is True (goal met), False (not yet) or None (no answer yet)."""

    ok: bool | None
    message: str

    def __repr__(self) -> str:
        return self.message

    def __bool__(self) -> bool:
        return bool(self.ok)


Judge = Callable[[Any, Any, list, int], "tuple[bool, str]"]


@dataclass(frozen=True)
class Goal:
    """What a try-it asks for: ``judge(before, after, events, seat) -> (met, message)``; the message
    says what the answer achieved, :func:`check` adds the goal's ``text``."""

    text: str
    judge: Judge

    def __repr__(self) -> str:
        return f"<Goal: {self.text}>"


def _not_yet(message: str, ok: bool | None = False) -> Verdict:
    return Verdict(ok, "Not yet: " + message)


def read_answer(answer: Any, example: str = '"take 1"') -> tuple[list | None, Verdict | None]:
    """The answer as a list of actions, or the verdict saying why it cannot be read.

    A string is read as one action per line (or per ``;``); a list or tuple holds actions.
    """
    if answer is ... or answer is None:
        return None, Verdict(None, placeholder(example))
    if isinstance(answer, str):
        parts = [p.strip() for chunk in answer.splitlines() for p in chunk.split(";")]
        parts = [p for p in parts if p]
        if not parts:
            return None, _not_yet("your answer is empty; write the actions in quotes, in a list.")
        return parts, None
    if isinstance(answer, dict) or not isinstance(answer, (list, tuple)):
        return None, _not_yet(f"write your answer as a list of actions in quotes, like [{example}] "
                              f"(got {type(answer).__name__}).")
    if not answer:
        return None, _not_yet("your list is empty; put the actions inside the brackets.")
    for i, item in enumerate(answer, 1):
        if item is ...:
            return None, Verdict(None, placeholder(example))
        if not isinstance(item, str) and not hasattr(item, "verb"):
            return None, _not_yet(f"item {i} of your list, {item!r}, is not an action; write each action in "
                                  "quotes.")
    return list(answer), None


def _suggest(game: Any, text: str) -> str:
    try:
        close = game.suggestions(str(text).strip(), 3) if game.current_player >= 0 else []
    except Exception:  # noqa: BLE001 - a suggestion is a courtesy, never a reason to fail
        close = []
    return f" Did you mean: {', '.join(map(str, close))}?" if close else ""


def check(game: Any, answer: Any, goal: Goal, *, seat: int | None = None, example: str = '"take 1"') -> Verdict:
    """Play ``answer`` (a list of actions) on a copy of ``game`` and judge it against ``goal``.

    ``seat`` is the learner's (default: whoever decides now). Never changes ``game`` and never
    raises for anything a learner can write.
    """
    if not isinstance(goal, Goal):
        raise TypeError("check() needs a Goal (from the game's lessons module)")
    actions, verdict = read_answer(answer, example)
    if verdict is not None:
        return verdict
    assert actions is not None
    seat = game.current_player if seat is None else seat
    trial = game.clone()
    events: list = []
    for n, text in enumerate(actions, 1):
        label = f"{str(text).strip()!r} (action {n})"
        if trial.is_over:
            return _not_yet(f"the game is over before {label}.")
        if trial.current_player != seat:           # the plan ran past the learner's own decisions
            ok, said = goal.judge(game, trial, events, seat)
            who = trial.rules.seat_name(trial.state, trial.current_player) if trial.current_player >= 0 \
                else "chance"
            return _not_yet(f"before {label} it is no longer your decision ({who} decides); after your "
                            f"earlier actions {said} (goal: {goal.text}).")
        try:
            events += trial.apply(text)
        except IllegalActionError as err:
            return _not_yet(f"{label} is refused: {err}.")
        except ValueError as err:               # not an action of this game at all
            said = str(err).rstrip(".?")
            if "did you mean" in said:
                return _not_yet(f"I cannot read {label}: {said}?")
            return _not_yet(f"I cannot read {label}: {said}.{_suggest(trial, str(text))}")
    ok, message = goal.judge(game, trial, events, seat)
    text = f"{message} (goal: {goal.text})."
    return Verdict(True, "✓ Done: " + text) if ok else _not_yet(text)


def narrate(game: Any, actions: Iterable[Any], width: int = 18) -> None:
    """Apply ``actions`` to ``game`` one by one, printing each and what it caused."""
    for text in ([actions] if isinstance(actions, str) else actions):
        events = game.apply(text)
        print(f"{text!s:<{width}} → {' '.join(e.text for e in events) or '(done)'}")
