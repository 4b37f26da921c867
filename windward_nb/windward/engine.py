"""The rules engine: who decides, what they may do, and what happens when they do it.

The state keeps a stack of *frames* (:mod:`~windward_nb.windward.frames`) for
everything that interrupts the plain flow of a turn (a battle, taking supply
cards, the rest at sky, a chance roll). With no frame on the stack the current
player acts freely: each verb's check and effect are attached to the verb
(``GRAMMAR.handle``, at the end of this module). With a frame on the stack its
:class:`~windward_nb.windward.frames.FrameKind` decides. :func:`apply` checks
an action, mutates the state, then runs every automatic step until someone (or
chance) has to act again.

Modes and variants change these rules only through
:mod:`~windward_nb.windward.hooks`; this module names none of them.
:class:`~windward_nb.windward.rules.WindwardRules` is the same engine behind the
core's :class:`~windward_nb.core.rules.Rules` protocol.
"""

from __future__ import annotations

from typing import Any, cast

import numpy as np

from ..core.errors import IllegalActionError
from ..core.rules import CHANCE, TERMINAL
from . import battle, cresters, movement, orders
from .actions import GRAMMAR, PICKUPS, Action
from .battle import dice_outcomes
from .events import Event
from .hexgrid import direction_name
from .frames import (FRAME_KINDS, EndFrame, Frame, FrameKind, GreyFrame, PlaceRedFrame, RedsFrame, RestFrame,
                     ShuffleFrame, SkyBonusFrame, StartFrame, TakeFrame, WhiteMoveFrame, WindFrame, register_frame)
from .hooks import ORDER_SPACES, active
from .state import ABOARD, PORT, GameState, Turn

Refusal = tuple[str, str] | None

__all__ = ["CHANCE", "TERMINAL", "advance", "apply", "chance_outcomes", "deal_stacks", "decider", "dice_outcomes",
           "legal_actions", "needs_reshuffle", "perform", "sample_chance", "shuffle_pool", "why_illegal"]


# =============================================================================== who decides
def decider(s: GameState) -> int:
    """Seat that acts next, :data:`CHANCE`, or :data:`TERMINAL`."""
    if s.over:
        return TERMINAL
    if not s.frames:
        return s.current
    f = s.frames[-1]
    return FRAME_KINDS[f["k"]].decider(s, f)


# =============================================================================== chance
def chance_outcomes(s: GameState) -> list[tuple[Action, float]] | None:
    """The chance outcomes at a chance node with their probabilities, or ``None``
    for a supply shuffle (too many orders to list: use :func:`sample_chance`)."""
    f = s.frames[-1]
    return FRAME_KINDS[f["k"]].chance_outcomes(s, f)


def sample_chance(s: GameState, rng: np.random.Generator) -> Action:
    """Draw the chance outcome at a chance node from ``rng``."""
    f = s.frames[-1]
    return FRAME_KINDS[f["k"]].sample(s, f, rng)


def shuffle_pool(s: GameState) -> list[str]:
    return sorted([c for st in s.stacks for c in st] + s.discard)


def deal_stacks(cards: list[str] | tuple[str, ...]) -> list[list[str]]:
    """Split cards into three semi-equal face-up stacks (the last card of each is on top)."""
    n = len(cards)
    sizes = [n // 3 + (1 if i < n % 3 else 0) for i in range(3)]
    out, i = [], 0
    for size in sizes:
        out.append(list(cards[i:i + size]))
        i += size
    return out


def needs_reshuffle(s: GameState) -> bool:
    total = sum(len(x) for x in s.stacks) + len(s.discard)
    return total >= 3 and any(len(x) == 0 for x in s.stacks)


# =============================================================================== legal actions
def legal_actions(s: GameState) -> list[Action]:
    """The actions open to whoever decides now, in a stable order (chance: its outcomes)."""
    if s.over:
        return []
    if s.frames:
        f = s.frames[-1]
        return FRAME_KINDS[f["k"]].actions(s, f)
    return _main_legal(s)


def reference_legal_actions(s: GameState) -> list[Action]:
    """:func:`legal_actions` the slow, obvious way: every candidate action checked by its verb's
    check (the fast path must give exactly this list; the tests compare them)."""
    if s.over:
        return []
    if s.frames:
        f = s.frames[-1]
        return FRAME_KINDS[f["k"]].actions(s, f)
    verbs = GRAMMAR.verbs
    return [a for a in _main_candidates(s) if (verbs[a.verb].check or _not_now)(s, a) is None]


_MOVES = [Action("move", d) for d in range(1, 7)]
_LEAVES = [Action("leave", d) for d in range(1, 7)]
_SKY_ORDER_ACTIONS = [Action("order", o) for o in ("drop", "rowers", "speed", "process", "research")]
_PORT_ORDER_ACTIONS = [Action("order", o) for o in ("supplies", "morale", "cannon")]
_PICKUP_ACTIONS = [Action("pickup", p) for p in PICKUPS]
_DROP_ACTIONS = [Action("drop", d) for d in ("crester", "teeth", "tokens")]
_BUY_ACTIONS = [Action("buy", b) for b in ("cannon", "rum", "notoriety", "supplies")]
_END = Action("end")
_ENTER = Action("enter")
_AROUND = Action("around")


def _main_candidates(s: GameState) -> list[Action]:
    """The actions a captain might take on its turn, in the order they are listed."""
    ship = s.ships[s.current]
    p = s.planet
    out: list[Action] = []
    crew = s.components.crew_names
    if ship.pos == PORT:
        out.extend(_LEAVES)
        out.extend(_PORT_ORDER_ACTIONS)
        out.extend(Action("order", "hire " + c) for c in crew)
        out.extend(_BUY_ACTIONS)
        out.extend(Action("buy", "crew " + c) for c in crew)
    else:
        out.extend(_MOVES)
        if 0 in p.nbr[ship.pos]:
            out.append(_ENTER)
        if p.terrain[ship.pos] == "zephyr":
            out.extend(Action("zephyr", p.cells[z]) for z in p.zephyrs if z != ship.pos)
        if ship.pos in p.corner_link:
            out.append(_AROUND)
        out.extend(_SKY_ORDER_ACTIONS)
        out.extend(_PICKUP_ACTIONS)
        out.extend(_DROP_ACTIONS)
    hooks = active(s)
    if hooks.adds_actions:
        out.extend(hooks.extra_actions(s))
    if ship.rowers:
        for b, pos in enumerate(ship.boats):
            if pos >= 0:
                out.extend(Action("row", (b, d)) for d in range(1, 7))
    for card in sorted(set(ship.hand)):
        if card == "aerogenerator":
            out.extend(Action("play", (card, w)) for w in range(1, 7))
        elif card == "bait":
            out.extend(Action("play", (card, p.cells[p.feeding_ground[t]])) for t in range(1, 7))
        else:
            out.append(Action("play", card))
    out.append(_END)
    return out


# =============================================================================== the fast listing
# The captain's options on its turn, in the order of _main_candidates, each checked by its verb's own
# check. Before a check runs, a cheap test of conditions that check requires (read off the check
# itself) skips the candidates that are certainly refused; a candidate that passes is judged by
# the real check, so the list is exactly the reference one (tests/test_fast_paths.py compares them).
_ROW_ACTIONS = [[Action("row", (b, d)) for d in range(1, 7)] for b in range(8)]
_PER_PLANET: dict[int, tuple[Any, dict[int, list[tuple[int, Action]]], list[Action]]] = {}  # bounded: 33 planets
_PER_CREW: dict[tuple[str, ...], tuple[list[Action], list[Action]]] = {}  # bounded: _SMALL_MAX crews for sale
_PLAY: dict[str, list[Action]] = {}  # bounded: _SMALL_MAX supply cards
_SMALL_MAX = 512  # the component sets have a few dozen cards and crews; custom ones may name more


def _planet_actions(p: Any) -> tuple[dict[int, list[tuple[int, Action]]], list[Action]]:
    """Per planet (kept while it is alive): Zephyr jumps out of each Zephyr space, and the Bait plays."""
    got = _PER_PLANET.get(id(p))
    if got is None or got[0] is not p:
        zephyrs = {h: [(z, Action("zephyr", p.cells[z])) for z in p.zephyrs if z != h] for h in p.zephyrs}
        bait = [Action("play", ("bait", p.cells[p.feeding_ground[t]])) for t in range(1, 7)]
        if len(_PER_PLANET) > 32:
            _PER_PLANET.clear()
        got = _PER_PLANET[id(p)] = (p, zephyrs, bait)
    return got[1], got[2]


def _crew_actions(crew: tuple[str, ...]) -> tuple[list[Action], list[Action]]:
    got = _PER_CREW.get(crew)
    if got is None:
        if len(_PER_CREW) >= _SMALL_MAX:
            _PER_CREW.clear()
        got = _PER_CREW[crew] = ([Action("order", "hire " + c) for c in crew], [Action("buy", "crew " + c) for c in crew])
        Action.keep_normal(got[0])
        Action.keep_normal(got[1])
    return got


def _play_actions(card: str, p: Any) -> list[Action]:
    if card == "bait":
        return _planet_actions(p)[1]
    got = _PLAY.get(card)
    if got is None:
        if len(_PLAY) >= _SMALL_MAX:
            _PLAY.clear()
        got = _PLAY[card] = ([Action("play", (card, w)) for w in range(1, 7)] if card == "aerogenerator"
                             else [Action("play", card)])
        Action.keep_normal(got)
    return got


for _table in (_MOVES, _LEAVES, _SKY_ORDER_ACTIONS, _PORT_ORDER_ACTIONS, _PICKUP_ACTIONS, _DROP_ACTIONS, _BUY_ACTIONS,
               [_END, _ENTER, _AROUND], *_ROW_ACTIONS):
    Action.keep_normal(_table)  # apply(check=False) knows them by identity
_KINDS: dict[int, tuple[Any, dict[str, str]]] = {}  # bounded: 65 component sets, then cleared


def _card_kinds(comp: Any) -> dict[str, str]:
    """Per set of components (kept while it is alive): each supply card's kind."""
    got = _KINDS.get(id(comp))
    if got is None or got[0] is not comp:
        if len(_KINDS) > 64:
            _KINDS.clear()
        kinds: dict[str, str] = {}
        for c in comp.cards:
            kinds.setdefault(c.id, c.kind)  # the first card of an id, as Components.card finds it
        got = _KINDS[id(comp)] = (comp, kinds)
    return got[1]


_NOBODY: set[int] = set()  # never changed: no space holds a piece that could bar a move


def _enters(s: GameState, target: int, busy: set[int]) -> bool:
    """A ship may enter ``target`` (not Drift, or Deadweight in play: checked by the caller):
    nobody there, or check_ship_entry allows it."""
    return target not in busy or movement.check_ship_entry(s, target) is None


def _order_ok(s: GameState, a: Action, hooks: Any) -> bool:
    """check_order for an order of the right place, with a mate or Coffee free and its space
    uncovered: without order hooks, an added order space is refused and the others come down
    to what the order would do."""
    if hooks.checks_orders:
        return orders.check_order(s, a) is None
    return a.arg not in ORDER_SPACES and orders._order_effect_refusal(s, a.arg) is None


def _main_legal(s: GameState) -> list[Action]:
    seat = s.current
    ship = s.ships[seat]
    p = s.planet
    turn = s.turn
    pos = ship.pos
    out: list[Action] = []
    add = out.append
    ordering = not (turn.mates == 0 and turn.coffee == 0)
    taken = turn.orders
    # a space a ship may enter without a question: not Drift (or Deadweight in play), no ship, no crester
    drift = p.is_drift
    deadweight = turn.deadweight
    hooks = active(s)
    if not turn.no_attack and not hooks._player_attack_refusal:
        # nothing barred this turn and no hook refusing attacks on players: check_ship_entry allows
        # every space the terrain allows, and check_row every attack but towing into a grey
        busy = _NOBODY
    else:
        busy = {sh.pos for sh in s.ships}
        busy.update(s.reds)
        busy.add(s.white)
    if pos == PORT:
        if turn.speed >= 1:
            ring = p.port_ring
            for d in range(6):
                if (deadweight or not drift[ring[d]]) and _enters(s, ring[d], busy):
                    add(_LEAVES[d])
        if ordering:
            plain = not hooks.checks_orders
            for a in _PORT_ORDER_ACTIONS:
                base = a.arg
                if base in taken:
                    continue
                if not plain or base in ORDER_SPACES:
                    ok = _order_ok(s, a, hooks)
                elif base == "supplies":  # _order_effect_refusal, inline
                    ok = len(ship.hand) < s.hand_limit(seat) and any(s.stacks)
                elif base == "morale":
                    ok = ship.morale < s.components.limits["morale_max"]
                elif base == "cannon":
                    ok = ship.cannons < s.cannon_slots(seat) and s.stock("gas") >= 1
                else:
                    ok = _order_ok(s, a, hooks)
                if ok:
                    add(a)
        comp = s.components
        hires, buys = _crew_actions(comp.crew_names)
        gas = ship.gas
        prices = comp.prices
        hiring = ordering and "hire" not in taken
        buying = gas >= prices["crew"]
        if hiring or buying:
            # check_hire, worked out once: a crew slot of our own free, and a tile of that pair left
            slot_of = comp.crew_slot
            mine = {slot_of[c] for c in ship.crew}
            hired: dict[str, int] = {}
            for sh in s.ships:
                for c in sh.crew:
                    hired[slot_of[c]] = hired.get(slot_of[c], 0) + 1
            tiles = comp.crew_tiles_per_pair
            free = [slot_of[c] not in mine and hired.get(slot_of[c], 0) < tiles for c in comp.crew_names]
        if hiring:
            if hooks.checks_orders:
                for a in hires:
                    if orders.check_order(s, a) is None:
                        add(a)
            else:
                for a, ok in zip(hires, free):
                    if ok:
                        add(a)
        for a in _BUY_ACTIONS:
            if gas >= prices[a.arg] and orders.check_buy(s, a) is None:
                add(a)
        if buying:
            for a, ok in zip(buys, free):
                if ok:
                    add(a)
    else:
        speed = turn.speed
        wind = s.wind
        upwind = (wind + 2) % 6 + 1
        nbr = p.nbr[pos]
        for d in range(1, 7):
            t = nbr[d - 1]
            if (t > 0 and d != upwind and (d == wind or speed >= 1) and (deadweight or not drift[t])
                    and (t not in busy or movement.check_ship_entry(s, t) is None)):  # enters(t), inline
                add(_MOVES[d - 1])
        if 0 in nbr and not ship.hold and speed >= 1:
            add(_ENTER)  # the whole of check_ship_move for "enter" at sky, next to the Trading Post
        if p.terrain[pos] == "zephyr":
            jumps = _planet_actions(p)[0].get(pos, ())
            if speed >= 1:
                for z, a in jumps:
                    if (deadweight or not drift[z]) and _enters(s, z, busy):
                        add(a)
        if pos in p.corner_link and speed >= 1:
            link = p.corner_link[pos]
            if (deadweight or not drift[link]) and _enters(s, link, busy):
                add(_AROUND)
        if ordering:
            if hooks.checks_orders:
                for a in _SKY_ORDER_ACTIONS:
                    if a.arg not in taken and orders.check_order(s, a) is None:
                        add(a)
            else:
                # each order's _order_effect_refusal, in the list's order (drop, rowers, speed,
                # process, research); an added order space is refused without its hook
                drop, rowers, speed_order, process, research = _SKY_ORDER_ACTIONS
                if ("drop" not in taken and "drop" not in ORDER_SPACES and ABOARD in ship.boats
                        and orders._order_effect_refusal(s, "drop") is None):
                    add(drop)
                if ("rowers" not in taken and "rowers" not in ORDER_SPACES
                        and ship.rowers < s.components.limits["longboat_speed_max"]):
                    add(rowers)
                if "speed" not in taken and "speed" not in ORDER_SPACES:
                    add(speed_order)  # _order_effect_refusal has nothing against it
                if "process" not in taken and "process" not in ORDER_SPACES and ship.hold:
                    add(process)
                if ("research" not in taken and "research" not in ORDER_SPACES
                        and orders._order_effect_refusal(s, "research") is None):
                    add(research)
        row = s.items.get(pos)
        crester = not ship.hold and (pos in s.reds_down or pos in s.greys_down)
        boat = pos in ship.boats
        if row is not None or crester or boat:
            for a in _PICKUP_ACTIONS:  # check_pickup at sky, inline but for a crester
                what = a.arg
                if what == "gas":
                    ok = row is not None and row[0] >= 1 and ship.gas < s.gas_slots(seat)
                elif what == "longboat":
                    ok = boat
                elif what == "crester":
                    ok = crester and orders.check_pickup(s, a) is None
                elif what == "teeth":
                    ok = row is not None and row[1] + row[2] >= 1
                elif what == "tokens":
                    ok = row is not None and row[3] >= 1
                else:
                    ok = orders.check_pickup(s, a) is None
                if ok and not (s.turn.reversible and orders.undoes(s, "pickup", what)):
                    add(a)
        teeth = ship.grey_teeth + ship.red_teeth
        if (ship.hold or teeth or ship.tokens) and not drift[pos]:
            for a in _DROP_ACTIONS:
                what = a.arg
                has = bool(ship.hold) if what == "crester" else teeth != 0 if what == "teeth" else ship.tokens != 0
                if has and orders.check_drop(s, a) is None:
                    add(a)
    if hooks.adds_actions:
        verbs = GRAMMAR.verbs
        for a in hooks.extra_actions(s):
            if (verbs[a.verb].check or _not_now)(s, a) is None:
                add(a)
    if ship.rowers:
        # a space with no longboat and no grey crester (alive or defeated) is open to any longboat
        boat_owner: dict[int, int] = {}  # space -> the first seat with a longboat there (as longboat_at)
        for i, sh in enumerate(s.ships):
            for h in sh.boats:
                boat_owner.setdefault(h, i)
        greys, greys_down = s.greys, s.greys_down
        crowded = set(boat_owner)
        crowded.update(greys)
        crowded.update(greys_down)
        for b, here in enumerate(ship.boats):
            if here >= 0:
                rows = _ROW_ACTIONS[b] if b < len(_ROW_ACTIONS) else [Action("row", (b, d)) for d in range(1, 7)]
                nb = p.nbr[here]
                for d in range(6):
                    t = nb[d]
                    if t <= 0 or drift[t]:
                        continue
                    if t not in crowded:
                        add(rows[d])
                        continue
                    owner = boat_owner.get(t, -1)
                    if owner == seat:
                        continue  # two of our own longboats may not share a space
                    if owner >= 0 or t in greys:
                        if busy is _NOBODY:  # an attack nothing bars: check_row's towing test
                            if not (here in greys_down and (t in greys or t in greys_down)):
                                add(rows[d])
                        elif movement.check_row(s, rows[d]) is None:  # an attack: the whole check
                            add(rows[d])
                    elif here not in greys_down:  # only a defeated grey there: refused to a towing boat
                        add(rows[d])
    if ship.hand:
        # check_play for a card in hand, worked out here: a card of another kind than "turn" (or
        # none of the deck's) is refused; Aerogenerator must change the wind; Coffee needs a token
        # left; one Deadweight per turn; Bait goes through the check (its feeding grounds)
        comp = s.components
        kinds = _card_kinds(comp)
        for card in sorted(set(ship.hand)):
            if kinds.get(card) != "turn":
                continue
            if card == "aerogenerator":
                wind = s.wind
                for a in _play_actions(card, p):
                    if a.arg[1] != wind:
                        add(a)
            elif card == "bait":
                # check_play for Bait, inline: a feeding ground with no grey crester (alive or
                # defeated) and no longboat, and a grey crester left in the stockpile
                if s.stock("grey") >= 1:
                    boats = {h for sh in s.ships for h in sh.boats}
                    greys, greys_down = s.greys, s.greys_down
                    index, terrain = p.index, p.terrain
                    for a in _play_actions(card, p):
                        h = index.get(a.arg[1], -1)
                        if (h >= 0 and terrain[h] == "feeding" and h not in greys and h not in greys_down
                                and h not in boats):
                            add(a)
            elif card == "coffee":
                if turn.coffee_tokens + turn.coffee < comp.stock["coffee"]:
                    add(_play_actions(card, p)[0])
            elif card == "deadweight":
                if not turn.deadweight:
                    add(_play_actions(card, p)[0])
            else:
                add(_play_actions(card, p)[0])
    if pos < 0 or not drift[pos] or _check_end(s, _END) is None:  # off Drift: nothing against ending
        add(_END)
    return out


# =============================================================================== checking
def _not_now(s: GameState, a: Action) -> Refusal:
    return ("Taking a Turn", f"'{a}' is not something you can do on your turn right now")


def _check_main(s: GameState, a: Action) -> Refusal:
    refusal: Refusal = (GRAMMAR.verbs[a.verb].check or _not_now)(s, a)
    return refusal


def _waiting_for(s: GameState) -> str:
    f = s.frames[-1]
    who = decider(s)
    name = "chance" if who == CHANCE else f"player {who + 1}"
    return f"waiting for {name} to {FRAME_KINDS[f['k']].waiting or f['k']}"


def why_illegal(s: GameState, a: Action | str) -> Refusal:
    """``None`` if ``a`` is legal now, else ``(rule, reason)``.

    The action is judged in its normal form (:meth:`Action.normalise`); one
    that has none is refused here too.
    """
    try:
        a = Action.normalise(a)
    except IllegalActionError as exc:
        return (exc.rule, exc.reason)
    if s.over:
        return ("Ending the Game", "the game is over")
    if s.frames:
        f = s.frames[-1]
        refusal = FRAME_KINDS[f["k"]].why_illegal(s, f, a)
        if refusal is None or refusal:
            return cast(Refusal, refusal)
        return ("Taking a Turn", f"'{a}' is not possible now: {_waiting_for(s)}")
    if a.is_chance:
        return ("Taking a Turn", f"'{a}' is a chance outcome, but no chance roll is pending")
    return _check_main(s, a)


# =============================================================================== applying
def apply(s: GameState, action: Action | str, check: bool = True) -> list[Event]:
    """Apply ``action`` to ``s`` in place and return the events it caused.

    With ``check`` (the default) an illegal action raises
    :class:`IllegalActionError` before anything changes. The action is always
    taken in its normal form (:meth:`Action.normalise <windward_nb.windward.actions.Action.normalise>`,
    a dictionary look-up for an action seen before), checked or not; one that has
    no normal form is refused with :class:`IllegalActionError`.
    """
    a = Action.normalise(action)
    if check:
        refusal = why_illegal(s, a)
        if refusal:
            raise IllegalActionError(*refusal)
    return perform(s, a)


def perform(s: GameState, a: Action) -> list[Event]:
    """Carry out ``a``, which must be legal now (unchecked: see :func:`apply`), and run the automatic
    steps after it; return the events."""
    ev: list[Event] = []
    if s.frames:
        f = s.frames[-1]
        FRAME_KINDS[f["k"]].apply(s, ev, f, a)
    else:
        effect = GRAMMAR.verbs[a.verb].apply
        if effect is None:
            raise IllegalActionError("Taking a Turn", f"'{a}' is not something you can do on your turn right now")
        effect(s, ev, a)
    advance(s, ev)
    hooks = active(s)
    if hooks.watches_actions and not s.over:
        hooks.after_action(s, ev)
        advance(s, ev)
    return ev


def enter_hex(s: GameState, ev: list[Event], target: int, came_from: int, how: str, cost: int = 1) -> None:
    """Move the current ship onto ``target``; start a battle if someone is there."""
    seat = s.current
    ship = s.ships[seat]
    p = s.planet
    s.turn.came_from = came_from
    other = s.ship_at(target)
    ship.pos = target
    if not p.is_drift[target]:
        s.turn.last_clear = target
    ev.append(Event("ShipMoved", lambda: f"Player {seat + 1} {how} to {p.label(target)}.",  # written when read
                    {"seat": seat, "from": came_from, "to": target, "how": how, "cost": cost}))
    if other >= 0 and other != seat:
        battle.start(s, ev, att="ship", a_seat=seat, a_from=came_from, **{"def": "ship"}, d_seat=other, hex=target)
    elif target in s.reds:
        battle.start(s, ev, att="ship", a_seat=seat, a_from=came_from, **{"def": "red"}, d_seat=-1, hex=target,
                     d_n=s.reds.count(target))
    elif target == s.white:
        battle.start(s, ev, att="ship", a_seat=seat, a_from=came_from, **{"def": "white"}, d_seat=-1, hex=target)


_HOW = {"leave": "sails out of port", "zephyr": "rides a Zephyr", "around": "sails Around the Planet"}


_SAILS = {d: f"sails {direction_name(d)}" for d in range(1, 7)}


def _sail(s: GameState, ev: list[Event], a: Action) -> None:
    ship = s.ships[s.current]
    if a.verb == "move":  # movement.ship_target and move_cost of a step, inline
        target = s.planet.nbr[ship.pos][a.arg - 1]
        cost = 0 if a.arg == s.wind else 1
        how = _SAILS[a.arg] if type(a.arg) is int else f"sails {direction_name(a.arg)}"
    else:
        target = movement.ship_target(s, a.verb, a.arg)
        cost = movement.move_cost(s, a.verb, a.arg)
        how = _HOW[a.verb]
    s.turn.speed -= cost
    enter_hex(s, ev, target, ship.pos, how, cost)


def _enter_port(s: GameState, ev: list[Event], a: Action) -> None:
    seat = s.current
    ship = s.ships[seat]
    s.turn.speed -= 1
    ship.pos = PORT
    s.turn.last_clear = PORT
    ev.append(Event("EnteredPort", f"Player {seat + 1} sails into the Trading Post.", {"seat": seat}))
    orders.teeth_at_port(s, ev, seat)


def _row(s: GameState, ev: list[Event], a: Action) -> None:
    b, d = a.arg
    seat = s.current
    ship = s.ships[seat]
    here = ship.boats[b]
    target = s.planet.nbr[here][d - 1]
    ship.rowers -= 1
    towing = here in s.greys_down
    ship.boats[b] = target
    if towing:
        s.greys_down.remove(here)
        s.greys_down.append(target)
    label = s.planet.label
    ev.append(Event("LongboatMoved", lambda: f"Player {seat + 1}'s longboat {b + 1} rows to {label(target)}.",
                    {"seat": seat, "boat": b, "from": here, "to": target, "towing": towing}))
    owner, ob = -1, -1
    for o, sh in enumerate(s.ships):
        if o != seat and target in sh.boats:
            owner, ob = o, sh.boats.index(target)
    if owner >= 0:
        battle.start(s, ev, att="longboat", a_seat=seat, a_boat=b, a_from=here, a_tow=towing,
                     **{"def": "longboat"}, d_seat=owner, d_boat=ob, hex=target)
    elif target in s.greys:
        battle.start(s, ev, att="longboat", a_seat=seat, a_boat=b, a_from=here, a_tow=towing,
                     **{"def": "grey"}, d_seat=-1, hex=target)


def _check_end(s: GameState, a: Action) -> Refusal:
    ship = s.ships[s.current]
    if ship.pos >= 0 and s.planet.is_drift[ship.pos] and not movement.deadweight_stranded(s):
        return ("Supply card: Deadweight", "a ship may not end its turn on Drift; sail off it first")
    return None


def _end_turn(s: GameState, ev: list[Event], a: Action | None = None) -> None:
    turn = s.turn
    turn.coffee_tokens = 0
    turn.coffee = 0
    ship = s.ships[s.current]
    if ship.pos >= 0 and s.planet.is_drift[ship.pos]:
        # stranded on Drift by Deadweight: the ship may not end its turn there (see rulings)
        back = s.turn.last_clear
        if back >= 0 and (s.ship_at(back) >= 0 or back in s.reds or back == s.white):
            back = PORT
        ship.pos = back
        ev.append(Event("ShipMoved", f"Player {s.current + 1}'s ship cannot stay on Drift and returns to "
                        f"{'the Trading Post' if back == PORT else s.planet.label(back)}.",
                        {"seat": s.current, "to": back, "how": "drift"}))
    hooks = active(s)
    if ship.pos == PORT:
        if hooks.port_rest(s, ev):
            return
        rest_at_port(s, ev)
        s.frames.append({"k": "end", "rested": True})
    else:
        frames: list[Frame] = [{"k": "end", "rested": True}, {"k": "sky_bonus"}]
        if s.white >= 0 or hooks.white_crester:
            frames.append({"k": "white_move"})  # the White Crester chases the resting ship after the reds
        frames += [{"k": "reds"}, {"k": "rest"}]
        s.frames.extend(frames)
        ev.append(Event("RestBegins", f"Player {s.current + 1} ends the turn at sky and must rest: "
                        "discard a supply card or lose 1 morale.", {"seat": s.current}))


def rest_at_port(s: GameState, ev: list[Event]) -> None:
    """The current ship rests at the Trading Post: its board's morale, up to the maximum."""
    ship = s.ships[s.current]
    board = s.components.board(ship.colour)
    gain = min(board.rest_at_port, s.components.limits["morale_max"] - ship.morale)
    ship.morale += gain
    ev.append(Event("Rested", f"Player {s.current + 1} rests at port: morale {ship.morale}.",
                    {"seat": s.current, "where": "port", "morale": gain}))


def _rest_at_sky(s: GameState, ev: list[Event], card: str | None) -> None:
    seat = s.current
    ship = s.ships[seat]
    if card is None:
        ship.morale -= 1
        ev.append(Event("Rested", f"Player {seat + 1} rests at sky and loses 1 morale.",
                        {"seat": seat, "where": "sky", "morale": -1}))
        if ship.morale < 1:
            battle.ship_lost(s, ev, seat, "supplies")
    else:
        ship.hand.remove(card)
        s.discard.append(card)
        ev.append(Event("Rested", f"Player {seat + 1} rests at sky and discards {s.components.card(card).name}.",
                        {"seat": seat, "where": "sky", "card": card}))


# =============================================================================== automatic steps
def advance(s: GameState, ev: list[Event]) -> None:
    """Run automatic steps until a player or chance must act (or the game ends)."""
    while not s.over and s.frames:
        f = s.frames[-1]
        kind = FRAME_KINDS[f["k"]]
        if not kind.automatic or not kind.advance(s, ev, f):
            return


def _move_reds(s: GameState, ev: list[Event], f: RedsFrame) -> None:
    if "queue" not in f:
        f["queue"] = tuple(cresters.reds_to_move(s))
        f["arrived"] = ()
    ship = s.ships[s.current]
    if not f["queue"] or ship.pos < 0:
        s.frames.remove(f)
        if f["arrived"] and ship.pos >= 0:
            # cresters that reached the ship together attack it together (the Solo Adventure)
            arrived = f["arrived"]
            battle.start(s, ev, att="red", a_seat=-1, a_from=arrived[0], a_froms=arrived, a_n=len(arrived),
                         **{"def": "ship"}, d_seat=s.current, hex=ship.pos)
        return
    start = f["queue"][0]
    f["queue"] = f["queue"][1:]
    if start not in s.reds:
        return
    hooks = active(s)
    roam = hooks.reds_roam(s)
    stack = hooks.red_stack(s)
    territory = 0 if roam else s.planet.territory[start]
    dist = cresters.distances_to(s, ship.pos, territory, start)
    path = cresters.step_path(s, start, dist, cresters.red_speed(s))
    if path and s.planet.is_drift[path[-1]]:
        path.pop()  # a crester never enters Drift, even to reach a ship stranded there
    if path and path[-1] == ship.pos and stack > 1 and len(f["arrived"]) >= stack:
        path.pop()  # no more red cresters share a space than may
    if not path:
        return
    end = path[-1]
    s.move_red(start, end)
    label = s.planet.label
    ev.append(Event("CresterMoved", lambda: f"The red crester moves from {label(start)} to {label(end)}.",  # written when read
                    {"crester": "red", "from": start, "to": end, "path": [start] + path}))
    if end == ship.pos:
        prev = path[-2] if len(path) > 1 else start
        if stack > 1:
            f["arrived"] = f["arrived"] + (prev,)
        else:
            battle.start(s, ev, att="red", a_seat=-1, a_from=prev, **{"def": "ship"}, d_seat=s.current, hex=end)


def _next_turn(s: GameState, ev: list[Event]) -> None:
    goal = s.components.limits["notoriety_goal"]
    seat = s.current
    ev.append(Event("TurnEnded", f"Player {seat + 1}'s turn ends.", {"seat": seat}))
    if active(s).notoriety_race(s):
        if s.end_trigger < 0:
            reached = [i for i, sh in enumerate(s.ships) if sh.notoriety >= goal]
            if reached:
                s.end_trigger = seat if seat in reached else reached[0]
        nxt = (seat + 1) % s.players
        if s.end_trigger >= 0 and nxt == s.end_trigger:
            scores = [sh.notoriety for sh in s.ships]
            best = max(scores)
            if scores.count(best) == 1:
                winner = scores.index(best)
                s.over = True
                s.frames.clear()
                s.result = f"Player {winner + 1} wins with {best} notoriety."
                ev.append(Event("GameOver", s.result, {"winner": winner, "scores": scores}))
                return
    nxt = (seat + 1) % s.players
    s.current = nxt
    s.turn = Turn(speed=s.components.limits["ship_speed"], last_clear=s.ships[nxt].pos)
    s.turn_number += 1
    s.frames.append({"k": "start"})
    if nxt == s.first:
        s.round += 1
        ev.append(Event("RoundStarted", f"Round {s.round} begins.", {"round": s.round}))
        s.frames.append({"k": "wind"})


def _start_turn(s: GameState, ev: list[Event]) -> None:
    seat = s.current
    ship = s.ships[seat]
    ev.append(Event("TurnStarted", f"Player {seat + 1}'s turn begins.", {"seat": seat}))
    extra = s.crew_bonus(seat, "turn_rowers")
    if extra:
        ship.rowers = min(s.components.limits["longboat_speed_max"], ship.rowers + extra)
    if ship.pos == PORT:
        orders.teeth_at_port(s, ev, seat)
    active(s).turn_start(s, ev, seat)


# =============================================================================== the frames of the base game
class WindKind(FrameKind[WindFrame]):
    k = "wind"
    chance = True
    waiting = "roll the wind"

    def chance_outcomes(self, s: GameState, f: WindFrame) -> list[tuple[Action, float]] | None:
        choices = [w for w in range(1, 7) if w != s.wind]
        return [(Action("wind", w), 1 / len(choices)) for w in choices]

    def refusal(self, s: GameState, f: WindFrame, a: Action) -> Refusal:
        if a.verb == "wind":
            if a.arg == s.wind:
                return ("Ending the Round", "the new wind must differ from the current one: roll again")
            return ("Ending the Round", "the wind die shows 1-6")
        return None

    def apply(self, s: GameState, ev: list[Event], f: WindFrame, a: Action) -> None:
        s.frames.pop()
        s.wind = a.arg
        ev.append(Event("WindChanged", f"The wind now blows toward territory {a.arg}.", {"wind": a.arg}))


class GreyKind(FrameKind[GreyFrame]):
    k = "grey"
    chance = True
    waiting = "roll for a grey crester"

    def chance_outcomes(self, s: GameState, f: GreyFrame) -> list[tuple[Action, float]] | None:
        free = cresters.free_feeding_grounds(s)
        return [(Action("grey", t), 1 / len(free)) for t in free]

    def refusal(self, s: GameState, f: GreyFrame, a: Action) -> Refusal:
        if a.verb == "grey":
            return ("Conclusion: Grey Crester", "that feeding ground is taken: the die is rolled again")
        return None

    def apply(self, s: GameState, ev: list[Event], f: GreyFrame, a: Action) -> None:
        s.frames.pop()
        cresters.place_grey(s, ev, a.arg)
        s.frames.append({"k": "grey"})  # dropped again at once if no more greys are needed

    def advance(self, s: GameState, ev: list[Event], f: GreyFrame) -> bool:
        if cresters.grey_roll_needed(s):
            return False
        s.frames.pop()
        return True


class ShuffleKind(FrameKind[ShuffleFrame]):
    k = "shuffle"
    chance = True
    waiting = "shuffle the supply cards"

    def chance_outcomes(self, s: GameState, f: ShuffleFrame) -> list[tuple[Action, float]] | None:
        return None  # too many orders to list: sampled

    def sample(self, s: GameState, f: ShuffleFrame, rng: Any) -> Action:
        cards = shuffle_pool(s)
        order = rng.permutation(len(cards))
        return Action("shuffle", tuple(cards[i] for i in order))

    def why_illegal(self, s: GameState, f: ShuffleFrame, a: Action) -> Refusal | bool:
        if a.verb == "shuffle" and sorted(a.arg) == shuffle_pool(s):
            return None
        return ("Global Setup: supply stacks",
                "a shuffle must reorder exactly the cards in the stacks and discard pile")

    def apply(self, s: GameState, ev: list[Event], f: ShuffleFrame, a: Action) -> None:
        s.frames.pop()
        s.stacks = deal_stacks(a.arg)
        s.discard = []
        ev.append(Event("DeckShuffled", "The supply cards are shuffled and dealt into three new stacks.",
                        {"sizes": [len(x) for x in s.stacks]}))


class TakeKind(FrameKind[TakeFrame]):
    k = "take"
    waiting = "take supply cards"
    turn_step = True

    def actions(self, s: GameState, f: TakeFrame) -> list[Action]:
        return [_TAKES[i] if i < 3 else Action("take", i + 1) for i, st in enumerate(s.stacks) if st]

    def apply(self, s: GameState, ev: list[Event], f: TakeFrame, a: Action) -> None:
        ship = s.ships[s.current]
        card = s.stacks[a.arg - 1].pop()
        ship.hand.append(card)
        f["n"] -= 1
        ev.append(Event("CardsTaken",
                        f"Player {s.current + 1} takes {s.components.card(card).name} from stack {a.arg}.",
                        {"seat": s.current, "card": card, "stack": a.arg}))
        if f["n"] == 0 or len(ship.hand) >= s.hand_limit(s.current) or not any(s.stacks):
            s.frames.remove(f)
        if needs_reshuffle(s):
            s.frames.append({"k": "shuffle"})

    def advance(self, s: GameState, ev: list[Event], f: TakeFrame) -> bool:
        if any(s.stacks) and len(s.ships[s.current].hand) < s.hand_limit(s.current):
            return False
        s.frames.pop()
        return True


_TAKES = [Action("take", i) for i in (1, 2, 3)]
_REST = Action("rest")
Action.keep_normal([*_TAKES, _REST, *battle._CANNONS, battle._FALSE_FLAG, battle._DONE, battle._TOKEN])
_DISCARDS: dict[str, Action] = {}  # bounded: _SMALL_MAX supply cards, then cleared


def _discard(card: str) -> Action:
    a = _DISCARDS.get(card)
    if a is None:
        if len(_DISCARDS) >= _SMALL_MAX:
            _DISCARDS.clear()
        a = _DISCARDS[card] = Action("rest", card)
    return a


class RestKind(FrameKind[RestFrame]):
    k = "rest"
    waiting = "rest (discard a card or lose morale)"
    turn_step = True

    def actions(self, s: GameState, f: RestFrame) -> list[Action]:
        return [_REST] + [_discard(c) for c in sorted(set(s.ships[s.current].hand))]

    def refusal(self, s: GameState, f: RestFrame, a: Action) -> Refusal:
        if a.verb == "rest":
            return ("Ending Your Turn: At Sky", f"you hold no {a.arg!r} card to discard")
        return None

    def apply(self, s: GameState, ev: list[Event], f: RestFrame, a: Action) -> None:
        s.frames.pop()
        _rest_at_sky(s, ev, a.arg)


class PlaceRedKind(FrameKind[PlaceRedFrame]):
    k = "place_red"
    waiting = "place a new red crester"

    def decider(self, s: GameState, f: PlaceRedFrame) -> int:
        return f["seat"]

    def actions(self, s: GameState, f: PlaceRedFrame) -> list[Action]:
        return [Action("place_red", s.planet.cells[h]) for h in sorted(cresters.red_places(s, f["t"]))]

    def apply(self, s: GameState, ev: list[Event], f: PlaceRedFrame, a: Action) -> None:
        s.frames.pop()
        h = s.planet.index[a.arg]
        s.reds.append(h)
        ev.append(Event("CresterPlaced", f"Player {f['seat'] + 1} places a new red crester at {s.planet.label(h)}.",
                        {"crester": "red", "hex": h}))

    def advance(self, s: GameState, ev: list[Event], f: PlaceRedFrame) -> bool:
        if cresters.red_places(s, f["t"]):
            return False
        s.frames.pop()
        return True


class RedsKind(FrameKind[RedsFrame]):
    """The red cresters move at a rest at sky (automatic)."""

    k = "reds"
    turn_step = True

    def advance(self, s: GameState, ev: list[Event], f: RedsFrame) -> bool:
        _move_reds(s, ev, f)
        return True


def move_white(s: GameState, ev: list[Event]) -> None:
    """The White Crester's move at the end of a turn: toward the ship resting at sky, where it
    attacks (a captain resting at the Trading Post: as the mode says)."""
    ship = s.ships[s.current]
    if ship.pos == PORT:
        active(s).white_at_port(s, ev)
        return
    if s.white < 0:
        return
    begin = s.white
    dist = cresters.distances_to(s, ship.pos, 0, begin)
    path = cresters.step_path(s, begin, dist, cresters.white_speed(s))
    if path and s.planet.is_drift[path[-1]]:
        path.pop()
    if not path:
        return
    s.white = path[-1]
    ev.append(Event("CresterMoved", f"The White Crester moves from {s.planet.label(begin)} to {s.planet.label(s.white)}.",
                    {"crester": "white", "from": begin, "to": s.white, "path": [begin] + path}))
    if s.white == ship.pos:
        prev = path[-2] if len(path) > 1 else begin
        battle.start(s, ev, att="white", a_seat=-1, a_from=prev, **{"def": "ship"}, d_seat=s.current, hex=s.white)


class WhiteMoveKind(FrameKind[WhiteMoveFrame]):
    """The White Crester moves at the end of a turn (automatic)."""

    k = "white_move"
    turn_step = True

    def advance(self, s: GameState, ev: list[Event], f: WhiteMoveFrame) -> bool:
        s.frames.remove(f)
        move_white(s, ev)
        return True


class SkyBonusKind(FrameKind[SkyBonusFrame]):
    k = "sky_bonus"
    turn_step = True

    def advance(self, s: GameState, ev: list[Event], f: SkyBonusFrame) -> bool:
        s.frames.pop()
        ship = s.ships[s.current]
        if ship.pos >= 0:
            ship.notoriety += 1
            ev.append(Event("NotorietyGained", f"Player {s.current + 1} ends the turn at sky: +1 notoriety.",
                            {"seat": s.current, "amount": 1, "source": "sky"}))
            active(s).sky_bonus(s, ev)
        return True


class EndKind(FrameKind[EndFrame]):
    k = "end"
    turn_step = True

    def advance(self, s: GameState, ev: list[Event], f: EndFrame) -> bool:
        s.frames.pop()
        _next_turn(s, ev)
        return True


class StartKind(FrameKind[StartFrame]):
    k = "start"

    def advance(self, s: GameState, ev: list[Event], f: StartFrame) -> bool:
        s.frames.pop()
        _start_turn(s, ev)
        return True


for _kind in (WindKind(), GreyKind(), ShuffleKind(), TakeKind(), RestKind(), PlaceRedKind(), RedsKind(),
              WhiteMoveKind(), SkyBonusKind(), EndKind(), StartKind()):
    register_frame(_kind)


# =============================================================================== the verbs of a turn
for _verb in ("move", "leave", "zephyr", "around"):
    GRAMMAR.handle(_verb, check=movement.check_ship_move, apply=_sail)
GRAMMAR.handle("enter", check=movement.check_ship_move, apply=_enter_port)
GRAMMAR.handle("row", check=movement.check_row, apply=_row)
GRAMMAR.handle("order", check=orders.check_order, apply=orders.give_order)
GRAMMAR.handle("buy", check=orders.check_buy, apply=orders.buy)
GRAMMAR.handle("play", check=orders.check_play, apply=orders.play)
GRAMMAR.handle("pickup", check=orders.check_pickup, apply=orders.pickup)
GRAMMAR.handle("drop", check=orders.check_drop, apply=orders.drop)
GRAMMAR.handle("end", check=_check_end, apply=_end_turn)
