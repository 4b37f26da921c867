"""A toy game with a pair of actions that undo each other, for the termination check.

One player; a switch is "up" or "down". The player flips it (``up`` / ``down``); after three
flips they may also ``end``, and the game is over. With ``limited``, no flip is allowed after the
third (the kind of limit ruling R31 puts on Windward's cargo and gifts).
"""

from __future__ import annotations

from dataclasses import dataclass

from windward_nb.core.actions import Action, Grammar
from windward_nb.core.events import Event
from windward_nb.core.rules import TERMINAL, Rules, State

GRAMMAR = Grammar("toggle")
for _verb in ("up", "down", "end"):
    GRAMMAR.verb(_verb, _verb)


class ToggleAction(Action):
    __slots__ = ()
    grammar = GRAMMAR


@dataclass
class Toggle(State):
    up: bool = False
    over: bool = False
    limited: bool = False
    flips: int = 0

    def clone(self) -> Toggle:
        return Toggle(self.up, self.over, self.limited, self.flips)

    def to_dict(self) -> dict:
        return {"up": self.up, "over": self.over, "limited": self.limited, "flips": self.flips}

    @staticmethod
    def start(limited: bool = False) -> Toggle:
        return Toggle(limited=limited)


class ToggleRules(Rules):
    game = ""
    action_type = ToggleAction

    def players(self, s):
        return 1

    def decider(self, s):
        return TERMINAL if s.over else 0

    def legal_actions(self, s):
        if s.over:
            return []
        flip = [] if s.limited and s.flips >= 3 else [ToggleAction("down" if s.up else "up")]
        return flip + ([ToggleAction("end")] if s.flips >= 3 else [])

    def apply(self, s, a):
        if a.verb == "end":
            s.over = True
        else:
            s.up = a.verb == "up"
            s.flips += 1
        return [Event("Did", str(a))]

    def scores(self, s):
        return [1]

    def turn_label(self, s):
        return "the only turn"


RULES = ToggleRules()
Toggle.rules = RULES
