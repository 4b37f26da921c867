"""Take-away: a tiny game of perfect information where search must find the one winning move.

A pile of counters; players alternately take 1, 2 or 3; whoever takes the last
counter wins. The winning move is always to leave a multiple of four.
"""

from __future__ import annotations

from dataclasses import dataclass

from windward_nb.core.actions import Action, Arg, Grammar
from windward_nb.core.events import Event
from windward_nb.core.game import Game
from windward_nb.core.rules import TERMINAL, Rules, State

GRAMMAR = Grammar("take-away")
GRAMMAR.verb("take", "take", arg=Arg.integer(1, 3), usage="take N")


class TakeAction(Action):
    __slots__ = ()
    grammar = GRAMMAR


@dataclass
class Pile(State):
    counters: int
    turn: int = 0
    winner: int = -1

    def clone(self) -> "Pile":
        return Pile(self.counters, self.turn, self.winner)

    def to_dict(self) -> dict:
        return {"counters": self.counters, "turn": self.turn, "winner": self.winner}


class TakeAwayRules(Rules):
    game = ""  # not registered: rollouts use the default random policy
    action_type = TakeAction

    def players(self, s):
        return 2

    def decider(self, s):
        return TERMINAL if s.winner >= 0 else s.turn

    def legal_actions(self, s):
        return [TakeAction("take", k) for k in (1, 2, 3) if k <= s.counters] if s.winner < 0 else []

    def apply(self, s, a):
        s.counters -= a.arg
        if s.counters == 0:
            s.winner = s.turn
        s.turn = 1 - s.turn
        return [Event("Took", f"took {a.arg}")]

    def scores(self, s):
        return [1 if s.winner == i else 0 for i in range(2)]


RULES = TakeAwayRules()
Pile.rules = RULES


def new_game(counters: int = 10) -> Game:
    return Game(Pile(counters), None, seed=0)
