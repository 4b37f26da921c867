"""Windward's rules behind the core's :class:`~windward_nb.core.rules.Rules` protocol.

Everything the shared machinery (the :class:`~windward_nb.core.game.Game`
driver, records, replay, bots, batch simulation, the conformance harness) asks
of a game, answered by Windward's engine:

>>> from windward_nb import windward
>>> g = windward.new_game(players=3, seed=7)
>>> rules = g.rules
>>> rules.decider(g.state) == g.current_player, len(rules.scores(g.state))
(True, 3)

Captains' hands are private (dealt face down) and the supply stacks show only
their top cards, so :meth:`WindwardRules.observation` replaces other hands by
their sizes and each stack by its top card and size;
:meth:`WindwardRules.determinize` deals the unseen cards again:

>>> obs = rules.observation(g.state, 0)
>>> [type(ship["hand"]).__name__ for ship in obs["ships"]]
['list', 'int', 'int']
>>> sorted(obs["stacks"][0])
['size', 'top']
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np

from ..core.rules import CHANCE, Refusal, Rules
from . import engine, invariants
from .actions import Action
from .describe import describe as describe_action
from .hooks import active
from .state import GameState


class WindwardRules(Rules[Action]):
    """The rules of Windward, every mode and variant included (through their hooks)."""

    game = "windward"
    action_type = Action

    # the hot paths go straight to the engine's functions
    decider = staticmethod(engine.decider)
    legal_actions = staticmethod(engine.legal_actions)
    apply = staticmethod(engine.perform)
    sample_chance = staticmethod(engine.sample_chance)

    def players(self, s: GameState) -> int:
        return len(s.ships)

    def why_illegal(self, s: GameState, a: Action) -> Refusal:
        return engine.why_illegal(s, a)

    def chance_outcomes(self, s: GameState) -> list[tuple[Action, float]] | None:
        if engine.decider(s) != CHANCE:
            return []
        return engine.chance_outcomes(s)

    # ------------------------------------------------------------------------------ results
    def is_over(self, s: GameState) -> bool:
        return s.over

    def scores(self, s: GameState) -> list[float]:
        """Notoriety of each seat (whole numbers)."""
        return [ship.notoriety for ship in s.ships]

    def returns(self, s: GameState) -> list[float]:
        """1 for the winner, 0 for the others once the game is over (the team modes: all or none)."""
        if not s.over:
            return [0.0] * s.players
        team = active(s).returns(s)
        if team is not None:
            return team
        sc = self.scores(s)
        best = max(sc)
        return [1.0 if x == best and sc.count(best) == 1 else 0.0 for x in sc]

    def outcome_text(self, s: GameState) -> str:
        return s.result

    # ------------------------------------------------------------------------------ hidden information
    def observation(self, s: GameState, seat: int, open_hands: bool = False) -> dict[str, Any]:
        """What ``seat`` may know: the position with the other captains' hands as their sizes and the
        supply stacks as their top cards and sizes (the cards below a face-up top are not seen).

        This is what the table shows now, not what a captain could remember (cards taken from a
        stack's top were seen by all). ``open_hands`` shows every hand (the OpenSpiel adapter's
        Cooperative game, see docs/openspiel.md).
        """
        d = s.to_dict()
        for i, ship in enumerate(d["ships"]):
            if i != seat and not open_hands:
                ship["hand"] = len(ship["hand"])
        d["stacks"] = [{"top": st[-1] if st else None, "size": len(st)} for st in s.stacks]
        d["seat"] = seat
        return d

    def determinize(self, s: GameState, seat: int, rng: np.random.Generator,
                    open_hands: bool = False) -> GameState:
        """A position ``seat`` cannot tell from ``s``: the cards it does not see (other hands, the
        stacks below their tops) dealt again at random, every seen card where it is
        (``open_hands``: every hand is seen)."""
        t = s.clone()
        unseen = Counter(s.components.deck_list())
        seen = list(s.discard) + [st[-1] for st in s.stacks if st]
        for i, ship in enumerate(s.ships):
            if i == seat or open_hands:
                seen += ship.hand
        unseen.subtract(seen)
        pool = sorted(unseen.elements())
        order = [pool[i] for i in rng.permutation(len(pool))]
        for i, ship in enumerate(t.ships):
            if i != seat and not open_hands:
                n = len(ship.hand)
                ship.hand, order = order[:n], order[n:]
        for st in t.stacks:
            if st:
                below = len(st) - 1
                st[:below], order = order[:below], order[below:]
        return t

    # ------------------------------------------------------------------------------ search (MCTSBot)
    def options(self, s: GameState, seat: int) -> list[Any]:
        """Whole plans for the search bot to compare (see :mod:`windward_nb.windward.search`)."""
        from .search import options

        return options(s, seat)

    def rollout_bot(self, s: GameState) -> str:
        """The bot that plays a position out for the coach's searches: CarefulBot in the Solo
        Adventure and the Cooperative game, GreedyBot in a race (where the two play alike)."""
        from .teamplay import team_mode

        return "careful" if team_mode(s) else "greedy"

    def value(self, s: GameState) -> list[float]:
        """Each seat's estimated chance to win, for searches that stop before the end."""
        from .search import value

        return value(s)

    def settled(self, s: GameState) -> bool:
        """True between two turns (where :meth:`value` judges a position fairly)."""
        from .search import settled

        return settled(s)

    # ------------------------------------------------------------------------------ checking and words
    def invariants(self, s: GameState) -> list[str]:
        return invariants.violations(s)

    def describe(self, s: GameState, a: Action) -> str:
        return describe_action(s, a)

    def seat_name(self, s: GameState, seat: int) -> str:
        return f"Player {seat + 1} ({s.ships[seat].colour})"

    def turn_label(self, s: GameState) -> str:
        """The heading of the current turn on a score sheet."""
        return f"Round {s.round}, Player {s.current + 1}'s turn"


RULES = WindwardRules()
GameState.rules = RULES

