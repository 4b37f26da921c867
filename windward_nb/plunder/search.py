"""Winds of Plunder's search bot: where to sail and how to vote, compared on the same worlds.

Macro-actions for the core search bot (``rules.options``): a turn is a choice of where to sail.

Without this hook the search would treat every card swap and cube move as a
decision of its own. Here a plunder turn before sailing offers one plan per
destination (sail there, then finish the turn as GreedyBot would), best
first; the vote offers the four compass directions and a handful of bids
(GreedyBot's own first); small choices (Blackbeard, the wind, the first
player, boarding) are single steps; the rest of a turn after sailing is one
greedy plan.

>>> from windward_nb.plunder.scenario import scenario
>>> g = scenario(3, ships={"red": "jamaica", "blue": "nassau", "green": "belize"}, wind="E", turn="red")
>>> [o.label for o in options(g.state, 0)][:2]
['sail barbados, then as GreedyBot', 'sail trinidad, then as GreedyBot']

The plays are paired (every plan on the same sampled worlds with the same luck), GreedyBot plays
every seat on until the searching captain's next vote (:func:`settled`: the wind vote),
and a judge fitted on GreedyBot games (:func:`value`, :data:`FEATURES`, :data:`WEIGHTS` from
``benchmarks/family_value_fit.py``) gives each captain's chance to win from there
(:data:`DEFAULTS`, docs/search.md).
"""

from __future__ import annotations

from typing import Any, ClassVar, cast

from windward_nb.core.judge import FittedJudge
from windward_nb.core.mcts import Option, Plan, Step, TunedMCTSBot

from .actions import PlunderAction
from .bots import GreedyBot, port_value
from .components import COMPONENTS, ITEMS
from .scoring import end_bonus, holdings

_C = COMPONENTS
_GREEDY = GreedyBot(0)


def _greedy(state: Any) -> PlunderAction | None:
    rules = type(state).rules
    seat = rules.decider(state)
    if seat < 0:
        return None
    return cast(PlunderAction, _GREEDY.act(state))


def _sail_then_greedy(first: PlunderAction):
    def policy(state: Any) -> PlunderAction | None:
        if state.phase == "plunder" and not state.sailed:
            return first
        return _greedy(state)

    return policy


def _turn_over(seat: int):
    def done(state: Any, steps: int) -> bool:
        return state.current != seat or state.phase not in ("plunder", "bonus", "board", "reshuffle")

    return done


def options(state: Any, seat: int) -> list[Option]:
    rules = type(state).rules
    legal = rules.legal_actions(state)
    ph = state.phase
    if ph == "bid":
        rule = _GREEDY.bid(state, seat)
        have = state.wind_cubes[seat]
        bids = [rule] + [b for b in (0, 1, 2, 3, 5, have) if b <= have and b != rule]
        return [Step(PlunderAction("bid", b)) for b in dict.fromkeys(bids)]
    if ph == "compass":
        best = _GREEDY.preferred_wind(state, seat)
        return [Step(a) for a in sorted(legal, key=lambda a: a.arg != best)]
    if ph in ("blackbeard", "wind", "first", "board"):
        return [Step(a) for a in legal]
    if ph == "plunder" and not state.sailed:
        sails = [a for a in legal if a.verb in ("sail", "gust")]
        if sails:
            def worth(a: PlunderAction) -> float:
                return port_value(state, seat, _C.port_index[a.arg]) - (4 if a.verb == "gust" else 0)

            sails.sort(key=worth, reverse=True)
            return [Plan(str(a), f"{a}, then as GreedyBot", _sail_then_greedy(a), done=_turn_over(seat))
                    for a in sails]
    return [Plan("greedy", "finish the turn as GreedyBot", _greedy, done=_turn_over(seat))]


# =============================================================================== the judge
#: the facts the judge weighs, per captain
FEATURES = ("vp", "vp_late", "end_bonus", "wind_cubes", "weapons", "crew", "provisions", "markers", "cards",
            "treasures", "reputation", "blackbeard", "reserve")
#: fitted by benchmarks/family_value_fit.py --game winds-of-plunder (see docs/search.md)
WEIGHTS = (-0.085, 0.420, 0.056, 0.016, 0.595, 0.224, 0.453, 0.161, 0.113, 0.264, 0.018, -0.132, -0.034)


def features(s: Any, i: int) -> list[float]:
    """Captain ``i``'s facts (names in :data:`FEATURES`)."""
    rounds = max(1, int(s.options.get("rounds", 9)))
    late = min(1.0, max(0, s.round) / rounds)
    bonus = sum(end_bonus(holdings(s, i), s.options.get("end_bonus", "text")).values())
    return [float(s.vp[i]), s.vp[i] * late, float(bonus), float(s.wind_cubes[i]),
            *(float(s.tally[k][i]) for k in ITEMS), float(len(s.markers_of(i))), float(len(s.hands[i])),
            float(len(s.treasures[i])), float(sum(1 for port in s.reputation if i in port)),
            float(s.blackbeard == i), float(s.reserve[i])]


def _over(s: Any) -> list[float] | None:
    return [float(x) for x in type(s).rules.returns(s)] if s.phase == "over" else None


def value(s: Any) -> list[float]:
    """Each captain's chance to win from ``s``, by the fitted judge (the result once over)."""
    return FittedJudge(FEATURES, WEIGHTS, features, _over, seats=lambda st: st.players)(s)


def fit_position(s: Any) -> bool:
    """True where the judge's :data:`WEIGHTS` were fitted: the wind vote about to begin (nobody has
    set a compass), one position a round (``benchmarks/family_value_fit.py`` samples these; every
    position of the vote has the same facts, so :func:`settled` would count each round once per
    captain)."""
    return s.phase == "compass" and (s.compass is None or not s.compass.choices)


def settled(s: Any) -> bool:
    """True during the wind vote, before the compasses are shown (and once the game is over).

    Every captain's own vote is a fair place to judge: the judge reads none of the sealed
    compasses. (Before issue 24 only the vote's start counted, where the first captain votes, so a
    search for any other captain never met its own vote there and played every game to the end.)"""
    return s.phase in ("over", "compass")


#: What ``make_bot("mcts")`` plays with (the budget in seconds suits the table's Hint; give
#: ``iterations`` for a reproducible game): measured in docs/search.md
DEFAULTS: dict[str, Any] = {"seconds": 0.5, "paired": True, "to_own_turn": True, "rollout": "greedy",
                            "rollout_plies": 0, "trust_first": 0.0, "c": 0.7}


class MCTSBot(TunedMCTSBot):
    """The search bot with Winds of Plunder's measured defaults (:data:`DEFAULTS`)."""

    DEFAULTS: ClassVar[dict[str, Any]] = DEFAULTS

    def _judge(self, rules: Any, world: Any) -> list[float]:
        return value(world)
