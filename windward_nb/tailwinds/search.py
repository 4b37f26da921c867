"""Tailwinds' search bot: GreedyBot's choices and their alternatives compared on the same worlds.

The core :class:`~windward_nb.core.mcts.MCTSBot` with Tailwinds' hooks and measured defaults
(:data:`DEFAULTS`, see docs/search.md):

- **options** (:func:`options`): every legal action, GreedyBot's own choice first (the card to
  choose for the round, a move, an ability, a rainbow card, the end of the turn), and GreedyBot's
  choice is kept unless another beats it by more than one standard error of the difference
  (``trust_first=1``);
- **paired plays**: every option played on the same sampled worlds (the others' face-down cards
  and the rainbow deck dealt again) with the same dice;
- **a judge fitted on GreedyBot games** (:func:`value`): GreedyBot plays every seat on until the
  searching player's next choice of a card (:func:`settled`, the start of a round), and a
  conditional logit over a few facts per player (:data:`FEATURES`, :data:`WEIGHTS` from
  ``benchmarks/family_value_fit.py``) judges the race there.

>>> from windward_nb.tailwinds import new_game
>>> g = new_game(players=2, seed=1)
>>> while g.current_player < 0 or g.state.phase != "choose":
...     _ = g.apply(g.legal_actions()[0])
>>> bot = MCTSBot(seed=0, iterations=6)
>>> str(bot.act(g.state)).startswith("choose ")
True
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..core.judge import FittedJudge
from ..core.mcts import Step, TunedMCTSBot
from . import board
from .bots import GreedyBot, card_estimate
from .state import TailwindsState

#: the facts the judge weighs, per player
FEATURES = ("fore", "aft", "fore_late", "lead", "aft_last", "one_boat", "rainbow", "hand_points", "cards",
            "recover")
#: fitted by benchmarks/family_value_fit.py --game tailwinds (see docs/search.md)
WEIGHTS = (1.468, 2.921, 7.698, -1.652, -0.012, 2.969, 0.240, 3.015, -0.720, 2.164)


def features(s: TailwindsState, i: int) -> list[float]:
    """Player ``i``'s facts (names in :data:`FEATURES`): spaces as shares of the track."""
    finish = float(s.track.finish)
    bs = s.boats[i] if s.boats else []
    fore = bs[0][0] / finish if bs else 0.0
    aft = bs[-1][0] / finish if len(bs) == 2 else 0.0
    others = [s.boats[p][0][0] / finish for p in range(s.players) if p != i and s.boats and s.boats[p]]
    late = max([fore] + others)
    last = float(bool(bs) and board.is_last(s, i, bs[-1][2]))
    hand = s.hands[i] if s.hands else []
    points = sum(card_estimate(s, i, k) for k in hand) / 10
    recover = float(any(s.card(i, k).recover for k in hand))
    return [fore, aft, fore * late, fore - max(others, default=0.0), last, float(len(bs) == 1),
            float(s.rainbow[i] is not None) if s.rainbow else 0.0, points, float(len(hand)), recover]


def _over(s: TailwindsState) -> list[float] | None:
    return [float(x) for x in type(s).rules.returns(s)] if s.phase == "over" else None


def value(s: TailwindsState) -> list[float]:
    """Each player's chance to win from ``s``, by the fitted judge (the result once over)."""
    return FittedJudge(FEATURES, WEIGHTS, features, _over, seats=lambda st: st.players)(s)


def settled(s: TailwindsState) -> bool:
    """True between two rounds: the players are about to choose their cards (none chosen yet)."""
    return s.phase == "over" or (s.phase == "choose" and not s.pending
                                 and (s.choosing is None or not s.choosing.choices))


def options(s: TailwindsState, seat: int) -> list[Any]:
    """Every legal action as an option, GreedyBot's choice first."""
    rules = type(s).rules
    legal: list[Any] = rules.legal_actions(s)
    if len(legal) == 1:
        return [Step(legal[0])]
    best = GreedyBot(seed=0).act(s, legal)
    return [Step(best)] + [Step(a) for a in legal if a != best]


#: What ``make_bot("mcts")`` plays with (the budget in seconds suits the table's Hint; give
#: ``iterations`` for a reproducible game): measured in docs/search.md
DEFAULTS: dict[str, Any] = {"seconds": 0.5, "paired": True, "to_own_turn": True, "rollout": "greedy",
                            "rollout_plies": 0, "trust_first": 1.0, "c": 0.7, "max_options": 12}


class MCTSBot(TunedMCTSBot):
    """The search bot with Tailwinds' measured defaults (:data:`DEFAULTS`)."""

    DEFAULTS: ClassVar[dict[str, Any]] = DEFAULTS

    def _judge(self, rules: Any, world: Any) -> list[float]:
        return value(world)
