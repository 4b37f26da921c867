"""Macro-actions for the core search bot (``rules.options``): a turn is a choice of where to sail.

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
"""

from __future__ import annotations

from typing import Any, cast

from windward_nb.core.mcts import Option, Plan, Step

from .actions import PlunderAction
from .bots import GreedyBot, port_value
from .components import COMPONENTS

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
