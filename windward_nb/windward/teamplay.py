"""CarefulBot: the Solo Adventure and the Cooperative game played turn by turn from a plan.

In a notoriety race GreedyBot's habits are sound: take what is near, spend spare gas on
notoriety, fight a red crester when the odds favour it. In the two team modes they lose the
game: notoriety wins nothing there, one lost ship ends a Solo Adventure and costs the crew a
life, and the cresters come to the ship. So in those modes CarefulBot plans each turn with
:mod:`windward_nb.windward.teamplan`: of every place it can rest this turn, perhaps by way of
the Trading Post, and of every crester it can sail into, it takes the one whose battle (the
exact odds of the cresters that will reach the ship there, fought as well as the ship can) is
worth most to the game. Its habits follow from that:

* it goes to the Trading Post whenever it can and rest somewhere worth it afterwards, and
  gives and buys what makes the ship strong (a Marine in the Solo Adventure, a Sergeant in the
  Cooperative game, where the foe to beat is the White Crester and the Sergeant's die counts
  when the ship attacks it; every cannon slot filled, morale to the top, supplies when the
  hand is short, a Gas Worker with gas to spare, a Coffee for one more order);
* it rests where the fewest cresters reach it, or where it is strong enough to beat those that
  do (a defender sees the attacker's dice before it fires its cannons), and keeps a False Flag
  for an attack it would lose;
* it sails into a crester only when the fight is worth more than waiting for it;
* it never rests where the rest itself sinks the ship.

In battles it fires the cannons and plays the cards the same reckoning picks. In a notoriety
race it *is* GreedyBot: every choice outside the team modes goes to GreedyBot's code
unchanged.

>>> import windward_nb as ww
>>> g = ww.new_game(players=1, mode="solo", seed=3)
>>> bot = CarefulBot(seed=1)
>>> str(bot.act(g.state))
'order hire Marine'
"""

from __future__ import annotations

from typing import Any, cast

from ..core.actions import Action
from .actions import PORT_ORDERS
from . import teamplan
from .greedy import GreedyBot, battle_chances, routes
from .hexgrid import distance as hex_distance
from .frames import BattleFrame
from .hooks import active
from .state import PORT, GameState
from .teamplan import TurnPlan

__all__ = ["CarefulBot", "team_mode", "visited_port", "ready", "fighting_chance", "team_value", "best_plan",
           "plan_words"]


def team_mode(s: GameState) -> bool:
    """Do the captains of ``s`` win or lose together (the Solo Adventure, the Cooperative game)?
    The mode's own hooks say so."""
    return active(s).team


def visited_port(s: GameState) -> bool:
    """Has the current ship given an order at the Trading Post this turn (so it has been there)?"""
    return any(o in PORT_ORDERS for o in s.turn.orders)


def ready(s: GameState, seat: int) -> bool:
    """Is the ship of ``seat`` fit to meet a crester: every cannon slot filled (at least three) and
    morale at its top?"""
    me = s.ships[seat]
    lim = s.components.limits
    return me.cannons >= min(s.cannon_slots(seat), 5) and me.morale >= lim["morale_max"]


class CarefulBot(GreedyBot):
    """GreedyBot in a notoriety race; in the Solo Adventure and the Cooperative game a player
    that plans every turn (see the module doc). ``coop_marine=True`` hires a Marine instead of a
    Sergeant in the Cooperative game."""

    name = "CarefulBot"

    def __init__(self, seed=None, *, red_win: float = 0.6, max_turn_actions: int = 60, coop_marine: bool = False):
        super().__init__(seed, red_win=red_win, max_turn_actions=max_turn_actions)
        if coop_marine not in (True, False):  # 1 and 0 too, as a bot spec writes them
            raise ValueError(f"coop_marine is True or False (1 or 0), got {coop_marine!r}")
        self.coop_marine = bool(coop_marine)
        self.plan: TurnPlan | None = None  # this turn's plan (None between turns)
        self._plan_turn: tuple = ()
        self._ported = False  # has the ship been at the Trading Post this turn?
        self._after_port = False  # has the plan been made again since it left the Trading Post?
        self._shape: tuple = ()  # what the plan was made for (a battle or a draw changes it)

    def fighter(self, s: GameState) -> str:
        """The crew for the cannon slot: a Marine in the Solo Adventure, a Sergeant in the
        Cooperative game (unless ``coop_marine``)."""
        return "Marine" if s.mode == "solo" or self.coop_marine else "Sergeant"

    # ------------------------------------------------------------------ the turn
    def follow(self, s: GameState, seat: int, plan: TurnPlan) -> None:
        """Play the rest of this turn by ``plan`` (one of :func:`teamplan.plans`), as CarefulBot
        plays its own: planning again only when a battle changes the ship, when the cards drawn
        at the Trading Post are known, or when the plan cannot be carried out."""
        me = s.ships[seat]
        self._plan_turn = (s.round, s.turn_number, seat)
        self.plan = plan
        self._ported = me.pos == PORT or visited_port(s)
        self._after_port = self._ported and me.pos != PORT
        self._shape = (me.morale, me.tokens, len(s.reds), s.white, s.lives and tuple(s.lives))

    def make_plan(self, s: GameState, seat: int) -> TurnPlan | None:
        """The best plan for the rest of this turn (:func:`teamplan.plans`), or None when every
        way sinks the ship."""
        found = teamplan.plans(s, seat, limit=1, port=not self._ported, fighter=self.fighter(s))
        return found[0] if found else None

    def _main(self, s: GameState, seat: int, by: dict[str, Action]):
        if not team_mode(s):
            return super()._main(s, seat, by)
        if self._turn_guard(s, seat):
            return by.get("end turn")
        me = s.ships[seat]
        turn = (s.round, s.turn_number, seat)
        if turn != self._plan_turn:
            self._plan_turn = turn
            self.plan = None
            self._ported = self._after_port = False
        if me.pos == PORT:
            self._ported = True
        else:
            a = self._pick_up(s, me, by)
            if a is not None:
                return a
        shape = (me.morale, me.tokens, len(s.reds), s.white, s.lives and tuple(s.lives))  # a battle changes it
        if self.plan is None or shape != self._shape:
            self._shape = shape
            self.plan = self.make_plan(s, seat)
        plan = self.plan
        if plan is None:
            return self._last_resort(s, me, by)
        if plan.speed and me.pos != PORT and "order speed" in by:
            return by["order speed"]  # the plan needs it: given now, while a mate is free
        if plan.port and not self._ported:
            a = self._sail(s, seat, me, by, PORT)
            if a is not None:
                return a
            plan = self._again(s, seat)
            if plan is None:
                return by.get("end turn")
        if me.pos == PORT:
            a = self._shop(s, seat, me, by)
            if a is not None:
                return a
            if not self._after_port:  # the cards drawn may change where to rest
                self._after_port = True
                plan = self._again(s, seat) or plan
        if me.pos == plan.rest:
            return by.get("end turn")
        a = self._sail(s, seat, me, by, plan.rest)
        if a is None:
            plan = self._again(s, seat)
            if plan is not None:
                a = by.get("end turn") if me.pos == plan.rest else self._sail(s, seat, me, by, plan.rest)
        return a or self._last_resort(s, me, by)

    def _last_resort(self, s: GameState, me: Any, by: dict[str, Action]) -> Action | None:
        """No plan can be carried out: end the turn, but never at the Trading Post of a Solo
        Adventure (that loses the game) while the ship can still sail out of it."""
        if me.pos == PORT and s.mode == "solo":
            out = [a for a in by.values() if a.verb == "leave"]
            calm = [a for a in out if s.planet.port_ring[a.arg - 1] not in s.reds]
            if calm or out:
                return (calm or out)[0]
            if "play fuel" in by:
                return by["play fuel"]
        return by.get("end turn")

    def _again(self, s: GameState, seat: int) -> TurnPlan | None:
        self.plan = self.make_plan(s, seat)
        return self.plan

    def _pick_up(self, s: GameState, me: Any, by: dict[str, Action]) -> Action | None:
        """What lies on the ship's space, and the crester in the hold processed at once (a crester
        is picked up only when it can be processed this turn: with one in the hold the ship may
        not enter the Trading Post)."""
        for what in ("tokens", "gas", "teeth"):
            a = by.get(f"pick up {what}")
            if a is not None:
                return a
        turn = s.turn
        if ("pick up crester" in by and not me.hold and "process" not in turn.orders
                and turn.mates + turn.coffee > 0):
            return by["pick up crester"]
        if me.hold and "order process" in by:
            return by["order process"]
        return None

    def _sail(self, s: GameState, seat: int, me: Any, by: dict[str, Action], target: int) -> Action | None:
        """The next move toward ``target`` (the speed order or a Fuel first when the move costs
        speed and none is left), or None when it cannot be reached."""
        costs, first = routes(s, seat)
        a = first.get(target) if target in costs else None
        if a is None:
            return None
        if not (a.verb == "move" and a.arg == s.wind) and s.turn.speed < 1:
            if me.pos != PORT and "order speed" in by:
                return by["order speed"]
            return by.get("play fuel")
        return by.get(str(a))

    def _shop(self, s: GameState, seat: int, me: Any, by: dict[str, Action]) -> Action | None:
        """The next order or purchase at the Trading Post (:func:`teamplan.shopping`)."""
        x = teamplan.supply(s, seat)
        _, steps = teamplan.shopping(s, seat, x, s.turn.mates + s.turn.coffee, me.gas, me.hand.count("coffee"),
                                     self.fighter(s))
        return next((by[step] for step in steps if step in by), None)

    # ------------------------------------------------------------------ battles and other decisions
    def _battle(self, s: GameState, seat: int, by: dict[str, Action]):
        if not team_mode(s):
            return super()._battle(s, seat, by)
        f = cast(BattleFrame, s.frames[-1])
        step = f["step"]
        x = teamplan.supply(s, seat)
        if f["d_seat"] == seat and f["att"] in ("red", "white"):
            reds = 0 if f["att"] == "white" else f["a_n"]
            if step == "d_flag":
                flag = "play false flag" in by and \
                    teamplan.worth(x._replace(flags=x.flags - 1)) > teamplan.fight(x, reds, False)
                return by["play false flag"] if flag else by.get("battle done")
            if step == "d_cannons":
                n, _ = teamplan.cannons_for(x, reds, False, sum(f["a_dice"]) + f["a_bonus"])
                return by.get(f"battle cannons {n}")
        if f["a_seat"] == seat and f["att"] == "ship" and f["def"] in ("red", "white") and step == "a_cannons":
            if f["def"] == "white":
                reds, win_rest, back_rest = 0, (0, False), (0, True)
            else:
                reds = f["d_n"]
                win_rest, back_rest = teamplan.after_win(s, seat, f["hex"]), (reds, False)
            n, _ = teamplan.attack(x, reds, win_rest, back_rest)
            return by.get(f"battle cannons {n}")
        return super()._battle(s, seat, by)

    def _rest(self, s: GameState, seat: int, by: dict[str, Action]):
        """Discard the least useful card, or give up a point of morale where the plan did."""
        if not team_mode(s):
            return super()._rest(s, seat, by)
        me = s.ships[seat]
        if not me.hand:
            return by.get("rest morale")
        plan = self.plan
        if me.morale > 1 and plan is not None and plan.at is not None and plan.at.morale < me.morale:
            return by.get("rest morale")
        worst = min(sorted(set(me.hand)), key=lambda c: teamplan.CARD_RANK.get(c, 0))
        return by.get(f"rest discard {worst.replace('_', ' ')}")

    def _take(self, s: GameState, seat: int, by: dict[str, Action]):
        """Supplies: the most useful top card (hit cards and False Flags first in the team modes)."""
        if not team_mode(s):
            return super()._take(s, seat, by)
        best, pick = -1, None
        for i, stack in enumerate(s.stacks, start=1):
            if stack and f"take {i}" in by:
                v = teamplan.CARD_RANK.get(stack[-1], 0)
                if v > best:
                    best, pick = v, by[f"take {i}"]
        return pick

    def _place_far(self, s: GameState, seat: int, by: dict[str, Action]):
        """The White Crester goes where it is farthest from every captain's ship."""
        if not team_mode(s):
            return super()._place_far(s, seat, by)
        ships = [s.planet.cells[sh.pos] if sh.pos >= 0 else (0, 0) for sh in s.ships]
        options = [a for a in by.values() if isinstance(a.arg, tuple) and len(a.arg) == 2]
        if not options:
            return self._other(s, seat, by)
        return max(options, key=lambda a: (min(hex_distance(h, a.arg) for h in ships), str(a)))


# =============================================================================== judging a team position
def fighting_chance(s: GameState, seat: int, foe: str) -> float:
    """The chance that the ship of ``seat``, as it is now, beats ``foe`` (``"red"`` or ``"white"``)
    that attacks it (a defender sees the dice before it spends cannons, so this is a floor)."""
    me = s.ships[seat]
    c = battle_chances(foe, "ship", d_cannons=me.cannons, d_crew=tuple(sorted(me.crew)),
                       d_tokens=min(me.tokens, 3), d_cards=GreedyBot.hits_in_hand(me),
                       d_morale=max(1, me.morale))
    return c.loss + 0.5 * c.tie


def team_value(s: GameState) -> float:
    """How well the crew stands in the Solo Adventure or the Cooperative game, between 0 and 1
    (a rough chance of winning): :func:`teamplan.worth` of each captain's ship, the battles still
    to win and the lives left, averaged over the captains."""
    if s.over:
        return float(type(s).rules.returns(s)[0])
    n = len(s.ships)
    return float(sum(teamplan.worth(teamplan.supply(s, i)) for i in range(n)) / n)



# =============================================================================== the plan, for the coach
def best_plan(s: GameState, seat: int | None = None) -> TurnPlan | None:
    """The plan CarefulBot would follow for the rest of this turn (:func:`teamplan.plans`, the
    Trading Post left out once the ship has been there this turn), or None outside a team mode,
    outside the ship's own turn, in the middle of a decision (a battle, a rest) or when every
    way sinks the ship."""
    seat = s.current if seat is None else seat
    if s.over or not team_mode(s) or s.frames or s.current != seat or s.ships[seat].pos < PORT:
        return None
    me = s.ships[seat]
    found = teamplan.plans(s, seat, limit=1, port=me.pos == PORT or not visited_port(s),
                           fighter=CarefulBot(0).fighter(s))
    return found[0] if found else None


def plan_words(s: GameState, seat: int | None = None) -> str | None:
    """The coach's line for the team modes: what the planner would do with the rest of this turn
    and why (:func:`teamplan.reason`), or None where :func:`best_plan` has no plan.

    >>> import windward_nb as ww
    >>> plan_words(ww.new_game(players=1, mode="solo", seed=3).state).split(":")[1]
    ' at the Trading Post (hire Marine, fill a cannon)'
    >>> plan_words(ww.new_game(players=2, seed=3).state) is None  # a notoriety race
    True
    """
    seat = s.current if seat is None else seat
    plan = best_plan(s, seat)
    if plan is None:
        return None
    return "The plan: " + teamplan.reason(s, seat, plan) + "."
