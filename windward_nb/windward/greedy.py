"""GreedyBot, Windward's rule-of-thumb player, and the helpers it judges by.

Bots: computer players that pick one of ``engine.legal_actions(state)`` for ``engine.decider(state)``.

A bot never invents an action: it looks at the legal list and returns one of
its members, so it cannot break a rule. Chance is not a bot's business; a
driver (:func:`windward_nb.simulate.play_game`, a notebook) draws it.

* :class:`RandomBot` picks uniformly at random.
* :class:`GreedyBot` follows a short, readable list of priorities (see its
  docstring): hunt red cresters it can beat, send its longboat after grey
  cresters, process what it catches, carry teeth home, spend spare gas on
  notoriety, end its turns at sky where no red crester will catch it, and in
  battles spend cannons and bonus cards only where they change the result.

>>> import windward_nb as ww
>>> g = ww.new_game(players=3, seed=2)
>>> bot = GreedyBot(seed=1)
>>> a = bot.act(g.state)
>>> a in g.legal_actions()
True
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple
from collections.abc import Callable


from ..core.bots import Bot, RandomBot
from . import cresters
from ..core.actions import Action  # a bot chooses among the actions it is given
from .battle import totals
from .frames import BattleFrame
from .hooks import active
from .hexgrid import distance as hex_distance
from .movement import Reach, routes
from .odds import battle_odds, best_bonuses, hit_distribution
from .state import ABOARD, PORT, GameState

__all__ = ["Bot", "RandomBot", "GreedyBot", "routes", "Chances", "battle_chances"]

#: How much a bot likes to hold each supply card (higher = keep longer).
CARD_VALUE = {"heavy_harpoon": 6, "harpoon": 5, "fuel": 4, "coffee": 3, "false_flag": 3, "aerogenerator": 2,
              "deadweight": 1, "bait": 1}


def check_share(name: str, value: object) -> float:
    """``value`` as a chance between 0 and 1, or a ``ValueError`` naming ``name`` (a bot's option)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0.0 <= value <= 1.0:
        raise ValueError(f"{name} is a chance between 0 and 1, got {value!r}")
    return float(value)


# =============================================================================== battle odds
class Chances(NamedTuple):
    """Battle odds from the attacker's side, and the chance that each ship is lost."""

    win: float
    tie: float
    loss: float
    attacker_lost: float
    defender_lost: float


@lru_cache(maxsize=20_000)
def battle_chances(att: str, dfn: str, a_cannons: int = 0, d_cannons: int = 0, a_crew: tuple = (),
                   d_crew: tuple = (), a_tokens: int = 0, d_tokens: int = 0, a_cards: tuple = (),
                   d_cards: tuple = (), a_morale: int | None = None, d_morale: int | None = None,
                   a_count: int = 1) -> Chances:
    """Odds of a battle between party kinds (``"ship"``, ``"longboat"``, ``"grey"``, ``"red"``,
    ``"white"``), exact from :mod:`windward_nb.odds`.

    A ship with three cannons and a Marine against a red crester:

    >>> c = battle_chances("ship", "red", a_cannons=3, a_crew=("Marine",), a_morale=2)
    >>> round(c.win, 2), round(c.attacker_lost, 2)
    (0.74, 0.07)
    """
    o = battle_odds(attacker=att, defender=dfn, attacker_cannons=a_cannons, defender_cannons=d_cannons,
                    attacker_crew=list(a_crew), defender_crew=list(d_crew), attacker_tokens=a_tokens,
                    defender_tokens=d_tokens, attacker_cards=list(a_cards), defender_cards=list(d_cards),
                    attacker_morale=a_morale if att == "ship" else None,
                    defender_morale=d_morale if dfn == "ship" else None, attacker_count=a_count)
    lost = o.ship_lost
    return Chances(float(o.win), float(o.tie), float(o.loss), float(lost.get("attacker", 0.0)),
                   float(lost.get("defender", 0.0)))


_CARD_HITS = {"harpoon": 1, "heavy_harpoon": 2}

#: The methods a GreedyBot judges targets and rests by: a subclass that replaces any of them
#: gets no remembered target lists or rest values (see GreedyBot.__init__).
_JUDGES = ("targets", "_targets", "rest_value", "_rest_value", "_rest_key", "threats", "red_defence", "red_attack",
           "cargo_value", "hits_in_hand")


# =============================================================================== the greedy bot
class GreedyBot(Bot):
    """A bot that plays a sensible, readable plan. In order of preference, on its turn it

    1. picks up whatever lies on its space (teeth, tokens, gas, a defeated crester, its longboat);
    2. processes a crester in its hold (a tooth and gas);
    3. at port: hires a Marine, fills cannons, takes supplies when low, buys notoriety with
       spare gas (and rum when morale is 1), then sails out again so that the turn still ends at sky;
    4. chooses the best target it can reach this turn (:func:`routes`, based on
       ``movement.reach_costs``): the Trading Post when it carries teeth or gas to spend, a red
       crester it beats with good odds, loose teeth, gas or defeated cresters, a space next to a
       grey crester from which to launch its longboat — and sails there, using the speed order,
       Fuel or an Aerogenerator when that is what makes the target reachable;
    5. otherwise ends its turn at the safest reachable space at sky (no red crester that would
       beat it can reach it at rest), near the next target.

    In battles it weighs each number of cannons by its odds (a cannon must buy enough chance of
    winning to be worth its gas; in a hopeless battle it keeps them, and calls the battle off with
    False Flag when it can); defending, it counts its chances against the attacker's known roll.
    It plays hit cards and tokens only when they change the result. At rest it discards its least
    useful card rather than lose morale. Odds come from :mod:`windward_nb.odds` when available
    (see :func:`battle_chances`).
    """

    name = "GreedyBot"
    LOST = 3.5  # what losing the ship costs, in notoriety, besides its cargo

    def __init__(self, seed=None, *, red_win: float = 0.6, max_turn_actions: int = 60):
        super().__init__(seed)
        self.red_win = check_share("red_win", red_win)
        if isinstance(max_turn_actions, bool) or not isinstance(max_turn_actions, int) or max_turn_actions < 1:
            raise ValueError(f"max_turn_actions is a whole number of 1 or more, got {max_turn_actions!r}")
        self.max_turn_actions = max_turn_actions
        self._turn_key: tuple = ()
        self._turn_actions = 0
        self.fallbacks = 0  # times the plan produced nothing legal and the bot fell back
        # While a decision is made (inside choose, where the position does not change), answers
        # worked out for it are kept in _decision (the target list, the table of rest values);
        # rest values, which depend on far fewer things than the position, are kept from decision
        # to decision in _rests, by everything they depend on (see _rest_key). Only for bots
        # that judge targets and rests as GreedyBot does: a subclass that changes how (its own
        # threats, say, which may look at anything) works everything out afresh.
        self._remember = all(getattr(type(self), m) is getattr(GreedyBot, m) for m in _JUDGES)
        self._deciding = False
        self._decision: dict = {}
        self._rests: dict[tuple, dict[int, float]] = {}

    # ------------------------------------------------------------------ dispatch
    def choose(self, s: GameState, seat: int, legal: list[Action]) -> Action:
        by = {str(a): a for a in legal}
        kind = s.frames[-1]["k"] if s.frames else "main"
        handler: Callable = {
            "main": self._main, "battle": self._battle, "take": self._take, "rest": self._rest,
            "place_red": self._place_red, "plunder": self._plunder, "place_white": self._place_far,
            "release": self._place_far, "teeth": self._teeth, "reds": self._routes,
        }.get(kind, self._other)
        self._decision = {}
        self._deciding = self._remember
        try:
            a = handler(s, seat, by)
        finally:
            self._deciding = False
            self._decision = {}
        if a is None or str(a) not in by:
            self.fallbacks += 1
            a = by.get("end turn") or by.get("battle done") or legal[0]
        return by[str(a)]

    def _other(self, s, seat, by):
        """Decisions the plan does not know (variants): pick at random."""
        keys = sorted(by)
        return by[keys[int(self.rng.integers(len(keys)))]]

    # ------------------------------------------------------------------ small questions
    @staticmethod
    def hits_in_hand(ship) -> tuple[str, ...]:
        return tuple(sorted(c for c in ship.hand if c in _CARD_HITS))

    @staticmethod
    def cargo_value(s: GameState, ship) -> float:
        v = s.components.teeth_notoriety
        return ship.grey_teeth * v["grey"] + ship.red_teeth * v["red"] + (3 if ship.hold else 0) + 0.5 * ship.tokens

    def red_attack(self, s: GameState, seat: int, cannons: int | None = None) -> Chances:
        me = s.ships[seat]
        return battle_chances("ship", "red", a_cannons=me.cannons if cannons is None else cannons,
                              a_crew=tuple(sorted(me.crew)), a_tokens=min(me.tokens, 3),
                              a_cards=self.hits_in_hand(me), a_morale=me.morale)

    def red_defence(self, s: GameState, seat: int, morale: int, count: int = 1) -> Chances:
        me = s.ships[seat]
        return battle_chances("red", "ship", d_cannons=me.cannons, d_crew=tuple(sorted(me.crew)),
                              d_tokens=min(me.tokens, 3), d_cards=self.hits_in_hand(me), d_morale=max(1, morale),
                              a_count=count)

    def threats(self, s: GameState, seat: int, h: int) -> list[str]:
        """Cresters that would reach and attack the ship of ``seat`` resting at ``h``."""
        return cresters.rest_attackers(s, seat, h)

    def rest_value(self, s: GameState, seat: int, h: int) -> float:
        """What ending the turn at ``h`` is worth, in notoriety (sky bonus, minus the danger)."""
        if h == PORT or not self._deciding:
            return self._rest_value(s, seat, h)
        table = self._decision.get(("rests", seat))
        if table is None:
            key = self._rest_key(s, seat)
            table = self._rests.get(key)
            if table is None:
                if len(self._rests) >= 256:
                    self._rests.clear()
                table = self._rests[key] = {}
            self._decision[("rests", seat)] = table
        v = table.get(h)
        if v is None:
            v = table[h] = self._rest_value(s, seat, h)
        return v

    def _rest_key(self, s: GameState, seat: int) -> tuple:
        """Everything the value of resting at a space at sky depends on (see :meth:`_rest_value`
        and :func:`cresters.rest_attackers`) besides the space: the ship's own position is not in
        it (the forecast puts the ship on the space)."""
        me = s.ships[seat]
        hooks = active(s)
        teeth = s.components.teeth_notoriety
        return (seat, self.LOST, s.planet, teeth["grey"], teeth["red"], s.mode, s.variants, s.white, tuple(s.reds),
                tuple(s.turn.fought_reds), tuple([sh.pos for i, sh in enumerate(s.ships) if i != seat]), me.morale, bool(me.hand),
                self.hits_in_hand(me), me.cannons, tuple(sorted(me.crew)), me.tokens, me.hold, me.grey_teeth,
                me.red_teeth, cresters.red_speed(s), cresters.white_speed(s), hooks.red_stack(s), hooks.reds_roam(s))

    def _rest_value(self, s: GameState, seat: int, h: int) -> float:
        me = s.ships[seat]
        if h == PORT:
            if s.mode == "solo":
                return -100.0  # ending a turn at port loses the Solo Adventure
            if (s.mode == "cooperative" and s.white >= 0
                    and cresters.distances_to(s, 0, 0, s.white).get(s.white, 99) <= cresters.white_speed(s)):
                return -25.0  # the White Crester would strike the Trading Post: a life lost
            return 0.3 if me.morale < s.components.limits["morale_max"] else 0.0
        value = 1.0
        morale = me.morale - (0 if me.hand else 1)
        if morale < 1:
            return -2.0 - self.cargo_value(s, me)
        threats = self.threats(s, seat, h)
        reds = [x for x in threats if x != "white"]
        lost_cost = self.LOST + self.cargo_value(s, me)
        if s.mode in ("solo", "cooperative"):
            lost_cost += 20.0  # one lost ship ends a solo game and costs the team a life
        if reds:
            c = self.red_defence(s, seat, morale, count=len(reds) if s.mode == "solo" else 1)
            # the red attacks: we lose morale (maybe the ship), or we win it
            value -= c.win * 1.0 + c.defender_lost * lost_cost
            value += c.loss * (3.0 if not me.hold else 0.5)
            if len(reds) > 1 and s.mode != "solo":
                value -= 1.0
        if "white" in threats:
            c = battle_chances("white", "ship", d_cannons=me.cannons, d_crew=tuple(sorted(me.crew)),
                               d_tokens=min(me.tokens, 3), d_cards=self.hits_in_hand(me), d_morale=max(1, morale))
            value -= c.win * 1.0 + c.defender_lost * lost_cost
            value += c.loss * 6.0
        return value

    def _turn_guard(self, s: GameState, seat: int) -> bool:
        key = (s.round, s.turn_number, seat)
        if key != self._turn_key:
            self._turn_key = key
            self._turn_actions = 0
        self._turn_actions += 1
        return self._turn_actions > self.max_turn_actions

    # ------------------------------------------------------------------ the turn
    def _main(self, s: GameState, seat: int, by: dict[str, Action]):
        if self._turn_guard(s, seat):
            return by.get("end turn")
        me = s.ships[seat]
        if me.pos == PORT:
            return self._at_port(s, seat, me, by)
        return self._at_sky(s, seat, me, by)

    def _at_sky(self, s, seat, me, by):
        for what in ("teeth", "tokens", "gas", "crester"):
            a = by.get(f"pick up {what}")
            if a is not None:
                return a
        a = self._longboat(s, seat, me, by)
        if a is not None:
            return a
        if "pick up longboat" in by:
            return by["pick up longboat"]
        if me.hold:
            for order in ("order process", "order research"):
                if order in by:
                    return by[order]
            if "play coffee" in by and s.turn.mates == 0 and s.turn.coffee == 0 and "process" not in s.turn.orders:
                return by["play coffee"]
        a = self._pursue(s, seat, me, by)
        if a is not None:
            return a
        return self._finish(s, seat, me, by)

    def _at_port(self, s, seat, me, by):
        comp = s.components
        lim = comp.limits
        wants = []
        if len(me.hand) <= 1:  # every turn at sky costs a card (or morale): restock first
            wants.append("supplies")
        if not any(comp.crew_slot[c] == "cannons" for c in me.crew):
            wants += ["hire Marine", "hire Sergeant"]
        if me.cannons < s.cannon_slots(seat):
            wants.append("cannon")
        if len(me.hand) <= 2:
            wants.append("supplies")
        if me.morale <= 2:
            wants.append("morale")
        if not any(comp.crew_slot[c] == "gas" for c in me.crew):
            wants.append("hire Gas Worker")
        wants += ["supplies", "morale"]
        for w in wants:
            if f"order {w}" in by:
                return by[f"order {w}"]
        # spending gas
        goal = lim["notoriety_goal"]
        price = comp.prices
        if me.notoriety + me.gas // price["notoriety"] >= goal and "buy notoriety" in by:
            return by["buy notoriety"]
        if me.morale <= 1 and "buy rum" in by:
            return by["buy rum"]
        if me.cannons < min(3, s.cannon_slots(seat)) and "buy cannon" in by:
            return by["buy cannon"]
        if len(me.hand) <= 1 and "buy supplies" in by and me.gas % price["notoriety"]:
            return by["buy supplies"]
        if "buy notoriety" in by:
            return by["buy notoriety"]
        if len(me.hand) <= 1 and "buy supplies" in by:
            return by["buy supplies"]
        # back out to sky (a turn that ends at sky earns notoriety), unless resting here is wiser
        if me.hand or me.morale > 1:
            a = self._pursue(s, seat, me, by)
            if a is not None:
                return a
        return self._finish(s, seat, me, by)

    # ------------------------------------------------------------------ targets
    def targets(self, s: GameState, seat: int, me) -> list[tuple[float, int, str]]:
        """(value, space, why) of every place worth sailing to now, best first (worked out once
        per decision)."""
        if not self._deciding:
            return self._targets(s, seat, me)
        got = self._decision.get(("targets", seat))
        if got is None:
            got = self._decision[("targets", seat)] = self._targets(s, seat, me)
        return list(got)

    def _targets(self, s: GameState, seat: int, me) -> list[tuple[float, int, str]]:
        comp = s.components
        out: list[tuple[float, int, str]] = []
        teeth = me.grey_teeth * comp.teeth_notoriety["grey"] + me.red_teeth * comp.teeth_notoriety["red"]
        if not me.hold and me.pos != PORT:
            value = teeth + (me.gas // comp.prices["notoriety"]) * 0.9
            if len(me.hand) <= 1:
                value += 1.0
            if not me.hand and me.morale <= 1:
                value += 3.0  # resting at sky would sink the ship
            if me.cannons == 0 and me.gas:
                value += 0.5
            if teeth or value >= 1.8:
                out.append((value, PORT, "home"))
        room = s.gas_slots(seat) - me.gas
        for h, row in s.items.items():
            value = 0.45 * min(row[0], room) + 2.6 * row[1] + 3.4 * row[2] + 0.4 * row[3]
            if value > 0 and h != me.pos:
                out.append((value, h, "items"))
        if not me.hold:
            for h in s.reds_down:
                out.append((3.2, h, "crester"))
            for h in s.greys_down:
                owner, _ = s.longboat_at(h)
                if owner in (-1, seat):
                    out.append((2.6 + (0.5 if owner == seat else 0), h, "crester"))
            # the odds of attacking a red crester, asked only when there is one it may attack
            reds = [r for r in s.reds if f"red@{r}" not in s.turn.no_attack] if me.morale >= 2 else []
            if reds:
                c = self.red_attack(s, seat)
                if c.win >= self.red_win:
                    value = c.win * 5.0 - c.attacker_lost * (2 + self.cargo_value(s, me)) - c.loss
                    for r in reds:
                        out.append((value, r, "red"))
        for b in me.boats:
            if b >= 0 and b not in s.greys_down:
                out.append((0.6, b, "boat"))
        if not me.hold and ABOARD in me.boats and s.greys and me.pos != PORT and (me.hand or me.morale > 1):
            for h in self._launch_spaces(s, seat):
                out.append((1.8, h, "launch"))
        # never sail into another captain's ship by accident (that would start a battle)
        at: dict[int, int] = {}  # space -> the first seat whose ship is there (as s.ship_at)
        for i, sh in enumerate(s.ships):
            at.setdefault(sh.pos, i)
        out = [t for t in out if t[1] < 0 or at.get(t[1], -1) in (-1, seat) or t[2] == "ship"]
        out.sort(key=lambda x: -x[0])
        return out

    def _launch_spaces(self, s: GameState, seat: int) -> set[int]:
        """Spaces next to an alive grey crester where the ship may drop its longboat."""
        p = s.planet
        out: set[int] = set()
        closed = None  # the spaces _can_drop_at refuses besides Drift, found once
        for g in s.greys:
            if f"grey@{g}" in s.turn.no_attack:
                continue
            if closed is None:
                closed = set(s.items).union(s.greys, s.greys_down, s.reds_down, s.reds, (s.white,))
                closed.update(b for sh in s.ships for b in sh.boats)
                closed.update(sh.pos for i, sh in enumerate(s.ships) if i != seat)
            for h in p.nbr[g]:
                if h > 0 and not p.is_drift[h] and h not in closed:
                    out.add(h)
        return out

    @staticmethod
    def _can_drop_at(s: GameState, seat: int, h: int) -> bool:
        if s.planet.is_drift[h] or h in s.items or h in s.greys or h in s.greys_down or h in s.reds_down:
            return False
        if s.longboat_at(h)[0] >= 0 or h in s.reds or h == s.white:
            return False
        other = s.ship_at(h)
        return other < 0 or other == seat

    def _extra_speed(self, s, seat, me, by) -> int:
        extra = me.hand.count("fuel")
        if me.pos != PORT and "speed" not in s.turn.orders and (s.turn.mates or s.turn.coffee):
            extra += 1
        return extra

    def _pursue(self, s, seat, me, by):
        """Sail toward the best reachable target (one step)."""
        budget = s.turn.speed + self._extra_speed(s, seat, me, by)
        # a target beyond the budget is passed over; the search goes only as far as the targets asked
        reach = Reach(s, seat, budget)
        wind_card = "aerogenerator" in me.hand
        for value, h, why in self.targets(s, seat, me):
            if h == me.pos:
                continue
            cost = reach.cost(h)
            if cost is None:
                if wind_card and value >= 2.5:
                    a = self._wind_for(s, seat, me, h, by)
                    if a is not None:
                        return a
                continue
            if why != "home" and h != PORT and cost >= budget and self.rest_value(s, seat, h) < -0.5 \
                    and why not in ("red",):
                continue  # we would arrive with no speed left in a dangerous spot
            if h == PORT and cost >= s.turn.speed and self.rest_value(s, seat, PORT) < -0.5:
                continue  # no speed left to sail out again, and resting at port would be a disaster
            a = self._step(s, seat, me, by, reach.first(h))
            if a is not None:
                return a
        return None

    def _step(self, s, seat, me, by, a: Action | None):
        """The action that makes move ``a`` (finding speed first if it costs some and none is left)."""
        if a is None:
            return None
        cost = 0 if (a.verb == "move" and a.arg == s.wind) else 1
        if cost and s.turn.speed < 1:
            need_mate = bool(me.hold) and "process" not in s.turn.orders
            if "order speed" in by and not need_mate:
                return by["order speed"]
            if "play fuel" in by:
                return by["play fuel"]
            if "order speed" in by:
                return by["order speed"]
            return None
        return by.get(str(a))

    def _wind_for(self, s, seat, me, target: int, by):
        """Play an Aerogenerator if some wind makes ``target`` reachable this turn."""
        old = s.wind
        budget = s.turn.speed + self._extra_speed(s, seat, me, by)
        try:
            for w in range(1, 7):
                if w == old or f"play aerogenerator {w}" not in by:
                    continue
                s.wind = w
                if Reach(s, seat, budget).cost(target) is not None:
                    return by[f"play aerogenerator {w}"]
        finally:
            s.wind = old
        return None

    # ------------------------------------------------------------------ longboats and greys
    def _longboat(self, s, seat, me, by):
        """Launch the longboat at a grey crester next to the ship, or row one that is out."""
        p = s.planet
        # a longboat out on the planet, not towing: attack a grey next to it
        for b, pos in enumerate(me.boats):
            if pos < 0 or pos in s.greys_down:
                continue
            for d in range(1, 7):
                g = p.nbr[pos][d - 1]
                if g in s.greys and f"row {b + 1} {_dir(d)}" in by:
                    return by[f"row {b + 1} {_dir(d)}"]
        if me.hold or ABOARD not in me.boats or (not me.hand and me.morale <= 1):
            return None
        h = me.pos
        near = [g for g in s.greys if g in p.nbr[h] and f"grey@{g}" not in s.turn.no_attack]
        if not near or not self._can_drop_at(s, seat, h):
            return None
        orders_left = s.turn.mates + s.turn.coffee
        if me.rowers < 1:
            if orders_left >= 2 and "order rowers" in by and "order drop" in by:
                return by["order rowers"]
            return None
        if "order drop" in by:
            return by["order drop"]
        return None

    # ------------------------------------------------------------------ ending the turn
    def _finish(self, s, seat, me, by):
        """Sail to the best place to rest (at sky, out of danger, toward the next target) and end."""
        end = by.get("end turn")
        reach = Reach(s, seat)
        goal = self._next_goal(s, seat, me, reach)
        p = s.planet
        blockers = {sh.pos for i, sh in enumerate(s.ships) if i != seat} | set(s.reds) | {s.white}

        def score(h: int) -> float:
            v = self.rest_value(s, seat, h)
            if goal is not None and h >= 0 and goal >= 0:
                v -= 0.08 * hex_distance(p.cells[h], p.cells[goal])
            elif goal == PORT and h >= 0:
                v -= 0.08 * hex_distance(p.cells[h], (0, 0))
            return v

        here = score(me.pos) if end is not None else -99.0
        best, best_h = here, me.pos
        budget = s.turn.speed + (self._extra_speed(s, seat, me, by) if here < -0.5 else 0)
        costs, first = reach.within(budget)  # in the order of the whole answer
        for h, c in costs.items():
            if c > budget or h in blockers or h == me.pos:
                continue
            if h >= 0 and p.is_drift[h]:
                continue
            v = score(h) - 0.01 * c
            if v > best + 1e-9:
                best, best_h = v, h
        if best_h != me.pos:
            a = self._step(s, seat, me, by, first.get(best_h))  # plays Fuel or the speed order if needed
            if a is not None:
                return a
        return end

    def _next_goal(self, s, seat, me, reach: Reach) -> int | None:
        """Where the ship wants to be next turn (for choosing where to rest): the target with the
        best value for its distance (a target out of reach counts as 8 speed away)."""
        best, goal = 0.0, None
        for value, h, why in self.targets(s, seat, me):
            # the best a target can score is its value (at no distance): it cannot beat a score
            # already as high
            if value <= best:
                continue
            if why == "launch":
                continue
            # nor can one that is at least so far away (searching no further to see it)
            if value / (1 + 0.3 * min(reach.at_least(h), 8)) <= best:
                continue
            c = reach.cost(h)
            v = value / (1 + 0.3 * (8 if c is None else c))
            if v > best:
                best, goal = v, h
        return goal

    # ------------------------------------------------------------------ battles
    def _battle(self, s: GameState, seat: int, by: dict[str, Action]):
        f = s.frames[-1]
        assert f["k"] == "battle"
        step = f["step"]
        me = s.ships[seat]
        if step == "a_cannons":
            return self._attack_cannons(s, seat, me, f, by)
        if step == "d_cannons":
            return self._defence_cannons(s, seat, me, f, by)
        if step in ("a_flag", "d_flag"):
            if step == "d_flag" and "play false flag" in by and self._bad_defence(s, seat, me, f):
                return by["play false flag"]
            return by.get("battle done")
        if step in ("a_bonus", "d_bonus"):
            return self._bonus(s, seat, me, f, by)
        return None

    def _opponent(self, s, f, side: str):
        seat = f["d_seat"] if side == "a" else f["a_seat"]
        return s.ships[seat] if seat >= 0 else None

    def _attack_cannons(self, s, seat, me, f, by):
        kind = f["def"]
        other = self._opponent(s, f, "a")
        gain = {"red": 5.0 if not me.hold else 1.0, "white": 8.0, "ship": 1.5}.get(kind, 1.0)
        best, best_n = -99.0, 0
        for n in range(me.cannons + 1):
            if f"battle cannons {n}" not in by:
                continue
            if other is not None:
                c = battle_chances("ship", kind, a_cannons=n, d_cannons=other.cannons,
                                   a_crew=tuple(sorted(me.crew)), d_crew=tuple(sorted(other.crew)),
                                   a_tokens=min(me.tokens, 3), d_tokens=min(other.tokens, 3),
                                   a_cards=self.hits_in_hand(me), a_morale=me.morale, d_morale=other.morale)
            else:
                c = battle_chances("ship", kind, a_cannons=n, a_crew=tuple(sorted(me.crew)),
                                   a_tokens=min(me.tokens, 3), a_cards=self.hits_in_hand(me), a_morale=me.morale)
            v = c.win * gain - c.loss * 1.0 - c.attacker_lost * (2 + self.cargo_value(s, me)) - 0.35 * n
            if v > best + 1e-9:
                best, best_n = v, n
        if best < -0.5 and "play false flag" in by:
            return by["play false flag"]
        return by.get(f"battle cannons {best_n}")

    def _defence_cannons(self, s, seat, me, f, by):
        """Cannons for a defence: the attacker's dice are known, so count our chances exactly."""
        faces = tuple(s.components.battle_die)
        att_total = sum(f["a_dice"]) + f["a_bonus"]
        if f["att"] == "ship":
            att_total += 2 * min(s.ships[f["a_seat"]].tokens, 1)  # it may still add a token
        extra = s.crew_bonus(seat, "hits_vs_red") if f["att"] == "red" else 0
        bonus = 2 * me.tokens + sum(_CARD_HITS.get(c, 0) for c in me.hand)
        base = f["d_str"]
        gain = {"red": 5.0 if not me.hold else 1.0, "white": 8.0}.get(f["att"], 1.0)
        best, best_n = -99.0, 0
        for n in range(me.cannons + 1):
            if f"battle cannons {n}" not in by:
                continue
            dist = hit_distribution(base + n, faces)
            v = -0.35 * n
            for hits, pr in enumerate(dist):
                if pr <= 0:
                    continue
                mine = hits + extra + bonus
                if mine > att_total:
                    v += pr * gain
                elif mine < att_total:
                    loss = att_total - mine
                    if loss >= me.morale:  # the ship is lost: how much more it loses no longer matters
                        v -= pr * (me.morale + 2 + self.cargo_value(s, me))
                    else:
                        v -= pr * loss
            if v > best + 1e-9:
                best, best_n = v, n
        return by.get(f"battle cannons {best_n}")

    def _bad_defence(self, s, seat, me, f) -> bool:
        """Before any dice: is this defence likely to go badly (worth a False Flag)?"""
        att = f["att"]
        dfn = f["def"]
        other = s.ships[f["a_seat"]] if f["a_seat"] >= 0 else None
        a_cannons = 0
        if att == "ship":  # the attacker has already chosen its cannons: they are in its strength
            a_cannons = max(0, f["a_str"] - s.components.strength["ship"] - s.crew_bonus(f["a_seat"], "attack_strength"))
        c = battle_chances(att, dfn, a_cannons=a_cannons, d_cannons=me.cannons if dfn == "ship" else 0,
                           a_crew=tuple(sorted(other.crew)) if other else (), d_crew=tuple(sorted(me.crew)),
                           a_tokens=min(other.tokens, 3) if other else 0, d_tokens=min(me.tokens, 3),
                           d_cards=self.hits_in_hand(me), d_morale=me.morale)
        return c.win > 0.5 or c.defender_lost > 0.15

    def _bonus(self, s, seat, me, f, by):
        """Play hit cards and tokens only when they change the result (win, tie, or a smaller loss)."""
        side = "a" if f["step"] == "a_bonus" else "d"
        a_tot, d_tot = _totals(s, f)
        own, other = (a_tot, d_tot) if side == "a" else (d_tot, a_tot)
        kind = f["att"] if side == "a" else f["def"]
        opp_seat = f["d_seat"] if side == "a" else f["a_seat"]
        opp_kind = f["def"] if side == "a" else f["att"]
        opp = s.ships[opp_seat] if opp_seat >= 0 and opp_kind in ("ship", "longboat") else None
        cards = self.hits_in_hand(me)
        ship = kind == "ship"
        if side == "a":
            choice = best_bonuses(own, other, cards, me.tokens, role="attacker", ship=ship,
                                  morale=me.morale if ship else None,
                                  other_tokens=opp.tokens if opp else 0, other_ship=opp_kind == "ship",
                                  other_morale=opp.morale if opp is not None and opp_kind == "ship" else None)
        else:
            choice = best_bonuses(own, other, cards, me.tokens, role="defender", ship=ship,
                                  morale=me.morale if ship else None)
        tokens, play = choice.tokens, tuple(choice.cards)
        if tokens and "battle token" in by:
            return by["battle token"]
        for c in play:
            if f"play {c.replace('_', ' ')}" in by:
                return by[f"play {c.replace('_', ' ')}"]
        return by.get("battle done")

    # ------------------------------------------------------------------ other decisions
    def _take(self, s, seat, by):
        best, pick = -1, None
        for i, stack in enumerate(s.stacks, start=1):
            if stack and f"take {i}" in by:
                v = CARD_VALUE.get(stack[-1], 0)
                if v > best:
                    best, pick = v, by[f"take {i}"]
        return pick

    def _rest(self, s, seat, by):
        me = s.ships[seat]
        if not me.hand:
            return by.get("rest morale")
        worst = min(sorted(set(me.hand)), key=lambda c: CARD_VALUE.get(c, 0))
        if me.morale >= s.components.limits["morale_max"] and CARD_VALUE.get(worst, 0) >= 4:
            return by.get("rest morale")
        return by.get(f"rest discard {worst.replace('_', ' ')}")

    # ------------------------------------------------------------------ the red cresters' routes
    def route_value(self, s: GameState, seat: int, plan: cresters.RoutePlan) -> float:
        """What one outcome of the red cresters' move at a rest (a :class:`~.cresters.RoutePlan`,
        Solo Adventure with chosen routes) is worth to the resting ship of ``seat``, in notoriety.

        Two parts, both from the exact battle odds the bot rests by (:meth:`red_defence`): the
        battle the outcome starts now (the reds that reach the ship attack together), valued as
        :meth:`rest_value` values it; and the danger it leaves on the planet: each space where
        reds stop within reach of the ship's next turn (red speed plus the ship's speed) counts
        a fifth of the battle those reds would start together, so two reds on one space (10 dice)
        weigh far more than two apart. Further reds break ties. This is the one place the bots
        judge routes: a bot that judges them otherwise overrides it (or :meth:`route_choice`).
        """
        me = s.ships[seat]
        lost_cost = self.LOST + self.cargo_value(s, me) + (20.0 if active(s).team else 0.0)
        value = 0.0
        if plan.froms:
            c = self.red_defence(s, seat, me.morale, count=len(plan.froms))
            value -= c.win * 1.0 + c.defender_lost * lost_cost
            value += c.loss * (3.0 if not me.hold else 0.5)
        p = s.planet
        here = p.cells[me.pos]
        near = cresters.red_speed(s) + s.components.limits["ship_speed"]
        stack = active(s).red_stack(s)
        counts: dict[int, int] = {}
        for h in plan.ends:
            counts[h] = counts.get(h, 0) + 1
        far = 0
        for h, n in counts.items():
            d = hex_distance(here, p.cells[h])
            far += d * n
            if d <= near:
                c = self.red_defence(s, seat, me.morale, count=min(n, stack))
                value -= 0.2 * (c.win + c.defender_lost * lost_cost)
        return value + 0.001 * far

    def route_choice(self, s: GameState, seat: int, by: dict[str, Action]) -> Action | None:
        """The outcome of the red cresters' move this bot picks: the best :meth:`route_value`
        (the first listed among equals)."""
        best, pick = None, None
        for plan in cresters.red_route_plans(s):
            a = by.get(str(plan.action(s)))
            if a is None:
                continue
            v = self.route_value(s, seat, plan)
            if best is None or v > best:
                best, pick = v, a
        return pick

    def _routes(self, s, seat, by):
        return self.route_choice(s, seat, by)

    def _place_red(self, s, seat, by):
        """Put the new red crester as far from our own ship as possible."""
        me = s.ships[seat]
        p = s.planet
        here = p.cells[me.pos] if me.pos >= 0 else (0, 0)
        best, pick = -1, None
        for _key, a in by.items():
            if a.verb != "place_red":
                continue
            d = hex_distance(here, a.arg)
            if d > best:
                best, pick = d, a
        return pick

    def _place_far(self, s, seat, by):
        """Place a piece (the White Crester, a tagged crester) as far from our ship as allowed."""
        me = s.ships[seat]
        here = s.planet.cells[me.pos] if me.pos >= 0 else (0, 0)
        options = [a for a in by.values() if isinstance(a.arg, tuple) and len(a.arg) == 2]
        if not options:
            return self._other(s, seat, by)
        return max(options, key=lambda a: (hex_distance(here, a.arg), str(a)))

    def _teeth(self, s, seat, by):
        """Solo and cooperative play: teeth buy gas (notoriety does not win these modes)."""
        return by.get("cash teeth for gas") or self._other(s, seat, by)

    def _plunder(self, s, seat, by):
        for what in ("red tooth", "grey tooth", "token"):
            if f"plunder {what}" in by:
                return by[f"plunder {what}"]
        return None


def _dir(d: int) -> str:
    return ("N", "NE", "SE", "S", "SW", "NW")[d - 1]


def _totals(s: GameState, f: BattleFrame) -> tuple[int, int]:
    """Both sides' hits so far (dice, bonuses played, Marine hits)."""
    return totals(s, f)
