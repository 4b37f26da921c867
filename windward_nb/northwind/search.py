"""North Wind's search bot: GreedyBot's voyages compared on the same worlds, judged a turn later.

The core :class:`~windward_nb.core.mcts.MCTSBot` with North Wind's hooks and measured defaults
(:data:`DEFAULTS`, see docs/search.md):

- **plans** (:func:`options`): choosing a stack is a plan (sail there, then play the voyage as
  GreedyBot would); a pirate is paid or fought; every other decision follows GreedyBot;
- **paired plays**: every plan is played on the same sampled worlds with the same dice, so two
  plans differ by what they do, not by luck;
- **a judge fitted on GreedyBot games** (:func:`value`): each play goes on, GreedyBot in every
  seat, until the searching captain's next turn begins (:func:`settled`), and the position is
  judged there by a conditional logit over a few facts per captain (:data:`FEATURES`); the
  weights (:data:`WEIGHTS`) come from ``benchmarks/family_value_fit.py``.

>>> from windward_nb.northwind import new_game
>>> g = new_game(players=2, seed=1)
>>> bot = MCTSBot(seed=0, iterations=9)
>>> str(bot.act(g.state)).startswith("sail ")
True
>>> sum(value(g.state)) > 0.999
True
"""

from __future__ import annotations

from typing import Any, ClassVar, cast

from ..core.judge import FittedJudge
from ..core.mcts import Plan, Step, TunedMCTSBot
from .actions import NWAction
from .bots import GreedyBot
from .components import GOODS
from .state import NWState
from .tasks import current

#: the facts the judge weighs, per captain
FEATURES = ("tokens", "tokens_late", "task_share", "tasks_ready", "gold", "cargo", "captains", "cannons",
            "sail", "crew", "letters", "most_bonus", "turns_away")
#: fitted by benchmarks/family_value_fit.py --game north-wind (see docs/search.md)
WEIGHTS = (4.029, 3.720, 0.367, 0.103, 0.294, 0.359, 0.247, 0.363, 0.250, 0.135, 0.023, -0.180, -0.096)


def features(s: NWState, i: int) -> list[float]:
    """Captain ``i``'s facts (names in :data:`FEATURES`)."""
    target = s.target_tokens
    tokens = s.on_board(i) / target
    late = max(s.on_board(p) for p in range(s.players)) / target
    share = 0.0
    ready = 0
    for col in range(len(s.tasks)):
        need = current(s, col)
        if not need:
            continue
        have = sum(min(n, s.gold[i] if k == "gold" else s.brig[i] if k == "captain" else s.held(i, k))
                   for k, n in need.items())
        total = sum(need.values())
        share = max(share, have / total)
        ready += have == total
    cargo = sum(s.held(i, g) for g in GOODS)
    away = (i - s.turn) % s.players if s.phase not in ("deal", "over") else 0
    return [tokens, tokens * late, share, float(ready), min(s.gold[i], 12) / 4, cargo / 2, float(s.brig[i]),
            float(s.cannons[i]), float(s.sail[i] - s.comp.sail_start), float(len(s.crew[i])), float(s.letters[i]),
            float(sum(1 for m in s.most if m == i)), float(away)]


def _over(s: NWState) -> list[float] | None:
    return [float(x) for x in type(s).rules.returns(s)] if s.phase == "over" else None


def _judge() -> FittedJudge:
    return FittedJudge(FEATURES, WEIGHTS, features, _over, seats=lambda s: s.players)


def value(s: NWState) -> list[float]:
    """Each captain's chance to win from ``s``, by the fitted judge (the result once over)."""
    return _judge()(s)


def settled(s: NWState) -> bool:
    """True between two turns: a captain is about to choose a stack."""
    return s.phase in ("choose", "over")


#: how many choices a tile offers the search by default (1 would be GreedyBot's alone, no search):
#: GreedyBot's choice and the two it likes next (measured in docs/search.md)
TILES = 3


def options(s: NWState, seat: int, tiles: int | None = None) -> list[Any]:
    """Plans for the search: a stack to sail into (then the voyage as GreedyBot), a pirate to pay
    or fight, and at a tile (on the captain's own voyage or with a letter) GreedyBot's choice and
    the ``tiles - 1`` next it likes best; every other decision is GreedyBot's alone (one option:
    no search)."""
    tiles = TILES if tiles is None else tiles
    rules = type(s).rules
    greedy = GreedyBot(seed=0)
    if s.phase == "choose":
        first = str(greedy.act(s)).split()[1]
        dests = [first] + [d for d in s.comp.destinations if d != first]

        def plan(dest: str) -> Plan:
            def policy(st: NWState) -> NWAction | None:
                if st.phase == "choose":
                    return NWAction("sail", dest) if st.turn == seat else None
                if rules.decider(st) != seat:
                    return None
                return cast(NWAction, greedy.act(st))
            return Plan(f"sail {dest}", f"sail {dest}, then as GreedyBot", policy)

        return [plan(d) for d in dests]
    legal: list[Any] = rules.legal_actions(s)
    best = greedy.act(s, legal)
    if s.phase == "pirate":
        return [Step(best)] + [Step(a) for a in legal if a != best]
    if tiles > 1 and s.phase in ("tile", "letter") and len(legal) > 1:
        liked = sorted((a for a in legal if a != best), key=lambda a: -greedy.value(s, seat, a))
        return [Step(best)] + [Step(a) for a in liked[:tiles - 1]]
    return [Step(best)]


#: What ``make_bot("mcts")`` plays with (the budget in seconds suits the table's Hint; give
#: ``iterations`` for a reproducible game): measured in docs/search.md
DEFAULTS: dict[str, Any] = {"seconds": 0.5, "paired": True, "to_own_turn": True, "rollout": "greedy",
                            "rollout_plies": 0, "trust_first": 0.0, "c": 0.7}




class MCTSBot(TunedMCTSBot):
    """The search bot with North Wind's measured defaults (:data:`DEFAULTS`); ``tiles``: how many
    choices a tile offers the search (:func:`options`)."""

    DEFAULTS: ClassVar[dict[str, Any]] = DEFAULTS

    def __init__(self, seed: Any = None, *, tiles: int | None = None, **options: Any):
        super().__init__(seed, **options)
        self.tiles = TILES if tiles is None else int(tiles)

    def _judge(self, rules: Any, world: Any) -> list[float]:
        return value(world)

    def _options(self, rules: Any, state: Any, seat: int) -> list[Any]:
        return options(state, seat, self.tiles)[: self.max_options]
