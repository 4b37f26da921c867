"""What the search bot weighs in Windward: whole plans for a turn, and how good a position is.

A Windward turn is a dozen small actions (an order, a step with the wind, a
pick-up, another step ...). Searching over each of them would spend the
whole budget on moves that do not matter; the core's
:class:`~windward_nb.core.mcts.MCTSBot` instead asks :func:`options` for a few
*plans*, each of which plays the rest of the turn:

* ``greedy``: play the turn as :class:`~windward_nb.windward.bots.GreedyBot` would;
* ``<why>@<space>``: sail first to one of the places GreedyBot finds worth a
  visit (teeth and gas lying about, a red crester to attack, a defeated
  crester to load, the Trading Post to sell), then go on as GreedyBot;
* ``end turn``: stop where the ship is and rest.

A plan stops at a battle (the cannons are a decision of their own: GreedyBot's
count and the others) or when the turn passes. Small decisions (which supply
stack, which card to discard at rest, where a new red crester goes) follow
GreedyBot without search.

:func:`value` judges a position between two turns: in a notoriety race, a
soft maximum of each captain's :func:`score`, a weighted sum of its
:func:`features` (notoriety, cargo, gas, ship, turn order, how late the race
is) with weights fitted to who won GreedyBot games
(``benchmarks/value_fit.py``); in the Solo Adventure and the Cooperative game,
how far the captains are toward beating the cresters.

In a notoriety race the bot compares the plans *paired* (every plan played on
the same sampled worlds with the same dice, see
:class:`~windward_nb.core.mcts.MCTSBot`); in the team modes it searches them
as a tree. :data:`RACE` and :data:`TEAM` hold the defaults.

>>> import windward_nb as ww
>>> g = ww.new_game(players=2, seed=5)
>>> opts = options(g.state, g.current_player)
>>> opts[0].key, opts[-1].key
('greedy', 'end turn')
>>> all(o.first(g.state) in g.legal_actions() for o in opts)
True
"""

from __future__ import annotations

import math
from typing import Any
from collections.abc import Callable

from ..core.mcts import MCTSBot as CoreMCTSBot
from ..core.mcts import Option, Plan, Step
from ..core.actions import Action
from .actions import Action as WindwardAction
from .greedy import GreedyBot, routes
from .movement import shared_routes
from .state import PORT, GameState
from .teamplay import CarefulBot, team_mode, team_value

__all__ = ["MCTSBot", "options", "value", "classic_value", "score", "features", "settled", "TARGETS", "FEATURES",
           "WEIGHTS"]

TARGETS = 4  #: places to sail to that become plans of their own (GreedyBot's best first)


def _greedy_policy(greedy: GreedyBot) -> Callable[[GameState], Action | None]:
    def policy(s: GameState) -> Action | None:
        if s.over or type(s).rules.decider(s) < 0:
            return None
        return greedy.act(s)

    return policy


def _turn_key(s: GameState) -> tuple[int, int, int]:
    return (s.round, s.turn_number, s.current)


def _until_battle_or_turn_end(seat: int, key: tuple[int, int, int]) -> Callable[[GameState, int], bool]:
    def done(s: GameState, steps: int) -> bool:
        return s.over or _turn_key(s) != key or s.current != seat or bool(s.frames and s.frames[-1]["k"] == "battle")

    return done


def _sail_to(greedy: GreedyBot, seat: int, key: tuple[int, int, int], target: int) -> Callable[[GameState], Action | None]:
    """Head for ``target`` by GreedyBot's route (finding speed as it would), then play on as GreedyBot."""
    rest = _greedy_policy(greedy)

    def policy(s: GameState) -> Action | None:
        if s.over or _turn_key(s) != key:
            return None
        me = s.ships[seat]
        if not s.frames and s.current == seat and me.pos != target:
            legal = type(s).rules.legal_actions(s)
            by = {str(a): a for a in legal}
            costs, first = routes(s, seat)
            if target in costs:
                a = greedy._step(s, seat, me, by, first.get(target))
                if a is not None:
                    return a
        return rest(s)

    return policy


def _end_turn(greedy: GreedyBot, key: tuple[int, int, int]) -> Callable[[GameState], Action | None]:
    rest = _greedy_policy(greedy)

    def policy(s: GameState) -> Action | None:
        if s.over or _turn_key(s) != key:
            return None
        if not s.frames:
            return WindwardAction.parse("end turn")
        return rest(s)

    return policy


def _place(s: GameState, h: int) -> str:
    return "the Trading Post" if h == PORT else str(s.planet.cells[h])


_WHY = {"home": "sell at {}", "items": "pick up at {}", "crester": "load the crester at {}",
        "red": "attack the red crester at {}", "boat": "fetch the longboat at {}", "launch": "launch the longboat from {}",
        "ship": "attack the ship at {}"}


_SHIP_MOVES = frozenset({"move", "leave", "enter", "zephyr", "around", "end"})
REST_PLANS = 3  #: team modes: the safest places to rest that become plans of their own


def _rest_at(greedy: GreedyBot, seat: int, key: tuple[int, int, int], target: int) -> Callable[[GameState], Action | None]:
    """Do what CarefulBot does on the spot (orders, purchases, pick-ups), sail to ``target`` and rest there."""
    rest = _greedy_policy(greedy)

    def policy(s: GameState) -> Action | None:
        if s.over or _turn_key(s) != key:
            return None
        if s.frames or s.current != seat:
            return rest(s)
        me = s.ships[seat]
        legal = type(s).rules.legal_actions(s)
        by = {str(a): a for a in legal}
        a = greedy.act(s, legal)
        if a.verb not in _SHIP_MOVES:
            return a
        if me.pos == target:
            return by.get("end turn", a)
        costs, first = routes(s, seat)
        if target in costs:
            b = greedy._step(s, seat, me, by, first.get(target))
            if b is not None:
                return b
        return by.get("end turn", a)

    return policy


def _rest_plans(s: GameState, seat: int, greedy: GreedyBot, key: tuple[int, int, int], done: Any,
                costs: dict[int, int], budget: int) -> list[Option]:
    """Solo Adventure and Cooperative game: resting in the right place is what keeps the ship afloat,
    so the few places CarefulBot judges safest to rest in become plans (the search then plays the
    crester moves and the battles out, where the forecast only counts who can reach the ship)."""
    me = s.ships[seat]
    p = s.planet
    blockers = {sh.pos for i, sh in enumerate(s.ships) if i != seat} | set(s.reds) | {s.white}
    spots = [(greedy.rest_value(s, seat, h), h) for h, c in costs.items()
             if c <= budget and h >= 0 and h != me.pos and h not in blockers and not p.is_drift[h]]
    spots.sort(key=lambda x: (-x[0], x[1]))
    return [Plan(f"rest@{h}", f"rest at {_place(s, h)}", _rest_at(greedy, seat, key, h), done=done, commit=True)
            for _, h in spots[:REST_PLANS]]


ROUTE_STEPS = 3  #: Solo Adventure, chosen red routes: the outcomes the search compares (best by the bots' judge first)


def _route_steps(s: GameState, seat: int, greedy: GreedyBot, by: dict[str, Any]) -> list[Option]:
    """The red cresters' routes (Solo Adventure): the few outcomes GreedyBot's judge
    (:meth:`GreedyBot.route_value`) likes best, its choice first; the search plays them out."""
    from .cresters import red_route_plans

    ranked = sorted(((greedy.route_value(s, seat, p), i, p) for i, p in enumerate(red_route_plans(s))),
                    key=lambda x: (-x[0], x[1]))
    steps: list[Option] = [Step(by[str(p.action(s))]) for _, _, p in ranked[:ROUTE_STEPS] if str(p.action(s)) in by]
    return steps or [Step(greedy.act(s, list(by.values())))]


def options(s: GameState, seat: int, targets: int = TARGETS) -> list[Option]:
    """The plans worth comparing for ``seat`` here, GreedyBot's own first (see the module doc);
    ``targets``: how many of GreedyBot's places to sail to become plans."""
    rules = type(s).rules
    legal = rules.legal_actions(s)
    if not legal:
        return []
    by = {str(a): a for a in legal}
    top = s.frames[-1] if s.frames else None
    # GreedyBot (CarefulBot in the team modes), fresh per call: it counts its actions in a turn
    greedy = CarefulBot(0) if team_mode(s) else GreedyBot(0)
    if top is None and s.current == seat:
        key = _turn_key(s)
        done = _until_battle_or_turn_end(seat, key)
        plans: list[Option] = [Plan("greedy", "play the turn as GreedyBot", _greedy_policy(greedy), done=done, commit=True)]
        me = s.ships[seat]
        costs, _ = routes(s, seat)
        budget = s.turn.speed + greedy._extra_speed(s, seat, me, by)
        seen: set[int] = set()
        for _, h, why in greedy.targets(s, seat, me):
            if len(seen) >= targets:
                break
            if h == me.pos or h in seen or costs.get(h, 99) > budget:
                continue
            plan = Plan(f"{why}@{h}", _WHY.get(why, why + " at {}").format(_place(s, h)) + ", then as GreedyBot",
                        _sail_to(greedy, seat, key, h), done=done, commit=True)
            if plan.policy(s) is None:
                continue
            seen.add(h)
            plans.append(plan)
        if "end turn" in by:
            plans.append(Plan("end turn", "end the turn here", _end_turn(greedy, key), done=done, commit=True))
        if team_mode(s):
            plans += _rest_plans(s, seat, greedy, key, done, costs, budget)
        return plans
    if top is not None and top["k"] == "reds":
        return _route_steps(s, seat, greedy, by)
    best = greedy.act(s, legal)
    if top is not None and top["k"] == "battle" and top["step"] in ("a_cannons", "d_cannons"):
        n = int(best.arg) if best.verb == "cannons" else 0
        cannons = sorted((a for a in legal if a.verb == "cannons" and a != best),
                         key=lambda a: (abs(int(a.arg) - n), int(a.arg)))
        others = [a for a in legal if a.verb != "cannons" and a != best]  # False Flag
        steps: list[Option] = [Step(best)]
        return steps + [Step(a) for a in cannons + others]
    return [Step(best)]


def settled(s: GameState) -> bool:
    """Is ``s`` a fair moment to judge (over, or a turn that has not started being played)?"""
    if s.over:
        return True
    t = s.turn
    return not s.frames and not t.orders and t.mates == 2 and t.coffee == 0 and \
        t.speed == s.components.limits["ship_speed"]


# =============================================================================== judging a position
def _power(s: GameState, i: int) -> float:
    """What the ship could do in a battle and how long it lasts, in rough notoriety."""
    me = s.ships[i]
    hits = sum(2 if c == "heavy_harpoon" else 1 if c == "harpoon" else 0 for c in me.hand)
    return 0.35 * me.cannons + 0.4 * len(me.crew) + 0.3 * min(me.morale, 4) + 0.15 * len(me.hand) + 0.2 * hits \
        + 0.5 * me.tokens


def worth(s: GameState, i: int) -> float:
    """Captain ``i``'s standing in a notoriety race: notoriety, plus cargo and gas at a discount for
    the way home, plus a little for a ship ready to fight."""
    comp = s.components
    me = s.ships[i]
    teeth = me.grey_teeth * comp.teeth_notoriety["grey"] + me.red_teeth * comp.teeth_notoriety["red"]
    carry = 0.85 * teeth + (2.0 if me.hold == "red" else 1.4 if me.hold else 0.0)
    if me.pos != PORT and (teeth or me.hold):
        carry *= 0.9
    gas = 0.8 * me.gas / comp.prices["notoriety"]
    return me.notoriety + carry + gas + 0.5 * _power(s, i)


#: What :func:`features` measures for each captain, in order (see ``benchmarks/value_fit.py``).
FEATURES = ("notoriety", "teeth", "teeth_near_home", "red_in_hold", "grey_in_hold", "gas", "gas_near_home",
            "cannons", "crew", "morale", "cards", "harpoon_hits", "tokens", "turns_away",
            "notoriety_late", "teeth_late", "notoriety_final", "spare_final")


#: The fitted weights of :data:`FEATURES` (``python benchmarks/value_fit.py --games 1500``: 18,902 positions
#: of 1,125 GreedyBot games; held-out log-loss of the winner 0.804 against 1.003 for ``classic_value``).
WEIGHTS = (0.184, 0.187, 0.025, 1.364, 0.874, 0.439, 0.060, 0.217, 0.341, 0.278, 0.030, 0.057, 0.410, -1.326, 0.349,
           0.212, -0.040, -0.318)


def features(s: GameState, i: int) -> list[float]:
    """Captain ``i``'s standing between two turns of a notoriety race, as numbers (:data:`FEATURES`):

    what it has (notoriety, teeth and gas in the hold, a crester to process, ship and hand), how soon
    it can bring teeth and gas home (the Trading Post within one turn's speed at the present wind),
    how many turns it waits before it sails again (``turns_away``, 0 for the captain about to play),
    and the same things weighed by how late the race is (``late``: the leader's share of the goal)
    and whether it is over for this captain (``final``: the goal is reached and this captain has no
    turn left, so only its notoriety counts)."""
    comp = s.components
    n = len(s.ships)
    me = s.ships[i]
    goal = comp.limits["notoriety_goal"]
    teeth = me.grey_teeth * comp.teeth_notoriety["grey"] + me.red_teeth * comp.teeth_notoriety["red"]
    gas = me.gas / comp.prices["notoriety"]
    near = 0.0
    if me.pos == PORT:
        near = 1.0
    elif teeth or me.gas >= comp.prices["notoriety"]:
        costs, _ = shared_routes(s, i)
        near = 1.0 if costs.get(PORT, 99) <= comp.limits["ship_speed"] else 0.0
    hits = sum(2 if c == "heavy_harpoon" else 1 if c == "harpoon" else 0 for c in me.hand)
    away = (i - s.current) % n
    late = min(1.0, max(sh.notoriety for sh in s.ships) / goal)
    final = 0.0
    if s.end_trigger >= 0:
        left = set()
        k = s.current
        while k != s.end_trigger:
            left.add(k)
            k = (k + 1) % n
        final = 0.0 if i in left else 1.0
    spare = teeth + gas + (1.0 if me.hold else 0.0)
    return [float(me.notoriety), float(teeth), teeth * near, float(me.hold == "red"), float(me.hold == "grey"),
            gas, gas * near, float(me.cannons), float(len(me.crew)), float(min(me.morale, 4)), float(len(me.hand)),
            float(hits), float(me.tokens), away / n, me.notoriety * late, teeth * late, me.notoriety * final,
            spare * final]


def score(s: GameState, i: int) -> float:
    """Captain ``i``'s score in the fitted judge: ``WEIGHTS . features(s, i)``."""
    return float(sum(w * x for w, x in zip(WEIGHTS, features(s, i))))


def _known_value(s: GameState) -> list[float] | None:
    """What both judges agree on: the real result once the game is over, and the team's standing
    (:func:`team_value`, the same for every seat) when the captains win or lose together."""
    if s.over:
        return [float(x) for x in type(s).rules.returns(s)]
    if team_mode(s):
        return [team_value(s)] * len(s.ships)
    return None


def value(s: GameState) -> list[float]:
    """Each seat's chance of winning from ``s``, estimated (exact once the game is over).

    In a notoriety race, the soft maximum of the captains' :func:`score`, fitted to who won
    GreedyBot games (``benchmarks/value_fit.py``)."""
    known = _known_value(s)
    if known is not None:
        return known
    u = [score(s, i) for i in range(len(s.ships))]
    m = max(u)
    e = [math.exp(x - m) for x in u]
    tot = sum(e)
    return [x / tot for x in e]


def classic_value(s: GameState) -> list[float]:
    """The judge before the fitted one (``judge="classic"``): hand-set :func:`worth` and a soft
    maximum whose temperature falls as the leader nears the goal."""
    known = _known_value(s)
    if known is not None:
        return known
    w = [worth(s, i) for i in range(len(s.ships))]
    goal = s.components.limits["notoriety_goal"]
    temp = 1.0 + 2.0 * max(0.0, 1.0 - max(w) / goal)  # the nearer the goal, the more a lead counts
    m = max(w)
    e = [math.exp((x - m) / temp) for x in w]
    tot = sum(e)
    return [x / tot for x in e]


# =============================================================================== the bot
#: What the bot does unless told otherwise: in a notoriety race (free-for-all, head-to-head) and in
#: the Solo Adventure and the Cooperative game (where the tree search is kept as it was).
RACE: dict[str, Any] = {"iterations": 64, "paired": True, "trust_first": 0.0, "to_own_turn": True,
                        "rollout_spec": "greedy"}
TEAM: dict[str, Any] = {"iterations": 16, "paired": False, "trust_first": 1.0, "to_own_turn": False,
                        "rollout_spec": "careful"}
RACE_ITERATIONS = RACE["iterations"]  #: the default budget in a notoriety race (paired plays of a plan)
TEAM_ITERATIONS = TEAM["iterations"]  #: the default budget in the team modes (tree iterations)


class MCTSBot(CoreMCTSBot):
    """The core search bot with Windward's defaults: GreedyBot plays the rest of each imagined
    turn and :func:`value` judges the position when that turn is over.

    In a notoriety race (free-for-all, head-to-head) the plans are compared *paired* (``paired``:
    every plan played on the same sampled worlds with the same dice), each play goes on through the
    other captains' turns (``to_own_turn``) and the fitted :func:`value` judges the position when
    the bot's next turn begins; 64 plays per decision that has a choice (:data:`RACE`). In the Solo
    Adventure and the Cooperative game the search is a tree over the captain's own turn
    (``own_moves``) with CarefulBot playing the rollouts, judged by :func:`team_value` when that
    turn is over, 16 iterations, and CarefulBot's own plan kept unless another beats it by more
    than one standard error (``trust_first=1``) (:data:`TEAM`, docs/team-bots.md). A budget,
    ``rollout``, ``paired``, ``trust_first`` or ``to_own_turn`` given here apply in every mode.
    ``judge="classic"`` uses
    :func:`classic_value`, the hand-set judge. ``targets``: how many of GreedyBot's places to
    sail to become plans of their own (:func:`options`)."""

    def __init__(self, seed: Any = None, *, iterations: int | None = None, seconds: float | None = None,
                 c: float = 0.5, rollout: Any = None, rollout_plies: int = 0, widen: float = 0.5,
                 max_options: int = 16, own_moves: bool = True, trust_first: float | None = None,
                 to_own_turn: bool | None = None, judge: str = "fitted", paired: bool | None = None,
                 targets: int = TARGETS):
        given = {"paired": paired, "trust_first": trust_first, "to_own_turn": to_own_turn, "rollout_spec": rollout}
        self._auto = {k for k, v in given.items() if v is None}
        if iterations is None and seconds is None:
            self._auto.add("iterations")
            iterations = RACE["iterations"]
        if judge not in JUDGES:
            raise ValueError(f"judge is one of {', '.join(JUDGES)}, got {judge!r}")
        super().__init__(seed, iterations=iterations, seconds=seconds, c=c,
                         rollout=RACE["rollout_spec"] if rollout is None else rollout,
                         rollout_plies=rollout_plies, widen=widen, max_options=max_options, own_moves=own_moves,
                         trust_first=RACE["trust_first"] if trust_first is None else trust_first,
                         to_own_turn=RACE["to_own_turn"] if to_own_turn is None else to_own_turn,
                         paired=RACE["paired"] if paired is None else bool(paired))
        if isinstance(targets, bool) or not isinstance(targets, int) or not 0 <= targets <= 12:
            raise ValueError(f"targets is a whole number 0-12, got {targets!r}")
        self.judge = judge
        self.targets = targets

    def search(self, state: Any) -> Any:
        defaults = TEAM if team_mode(state) else RACE
        for name in self._auto:
            setattr(self, name, defaults[name])
        return super().search(state)

    def _judge(self, rules: Any, world: Any) -> list[float]:
        return JUDGES[self.judge](world)

    def _options(self, rules: Any, state: Any, seat: int) -> list[Option]:
        if self.targets == TARGETS:
            return super()._options(rules, state, seat)
        return options(state, seat, targets=self.targets)[: self.max_options]


#: The judges of a position the bot can use (``judge=``): the fitted one and the one before it.
JUDGES: dict[str, Callable[[GameState], list[float]]] = {"fitted": value, "classic": classic_value}
