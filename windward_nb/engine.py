"""The rules engine: who decides, what they may do, and what happens when they do it.

The state keeps a stack of *frames* for everything that interrupts the plain
flow of a turn (a battle, taking supply cards, the rest at sky, a chance roll).
With no frame on the stack the current player acts freely. :func:`apply` checks
an action, mutates the state, then runs every automatic step until someone (or
chance) has to act again.
"""

from __future__ import annotations

from math import factorial
from typing import Optional

import numpy as np

from . import battle, cresters, movement, orders
from .actions import PICKUPS, Action
from .errors import IllegalActionError
from .events import Event
from .state import OFF, PORT, GameState, Turn

CHANCE = -1
TERMINAL = -4
Refusal = Optional[tuple[str, str]]

CHANCE_FRAMES = frozenset({"wind", "grey", "shuffle", "white_roll"})


# =============================================================================== who decides
def decider(s: GameState) -> int:
    """Seat that acts next, :data:`CHANCE`, or :data:`TERMINAL`."""
    if s.over:
        return TERMINAL
    if not s.frames:
        return s.current
    f = s.frames[-1]
    k = f["k"]
    if k == "battle":
        return battle.decider(f)
    if k in CHANCE_FRAMES:
        return CHANCE
    if k in ("place_red", "plunder", "place_white"):
        return f["seat"]
    return s.current


# =============================================================================== chance
def dice_outcomes(n: int, faces: tuple[int, ...]) -> list[tuple[tuple[int, ...], float]]:
    """Every sorted result of ``n`` battle dice with its probability."""
    values = sorted(set(faces))
    weight = {v: faces.count(v) / len(faces) for v in values}
    out: list[tuple[tuple[int, ...], float]] = []

    def rec(i: int, left: int, acc: list[int], p: float, coef: float) -> None:
        if i == len(values) - 1:
            counts = acc + [left]
            dice: list[int] = []
            prob = coef / factorial(left)
            for v, c in zip(values, counts):
                dice.extend([v] * c)
                prob *= weight[v] ** c
            out.append((tuple(dice), prob))
            return
        for c in range(left + 1):
            rec(i + 1, left - c, acc + [c], p, coef / factorial(c))

    rec(0, n, [], 1.0, float(factorial(n)))
    return out


def chance_outcomes(s: GameState) -> list[tuple[Action, float]] | None:
    """The chance outcomes at a chance node with their probabilities, or ``None``
    for a supply shuffle (too many orders to list: use :func:`sample_chance`)."""
    f = s.frames[-1]
    k = f["k"]
    if k == "wind":
        choices = [w for w in range(1, 7) if w != s.wind]
        return [(Action("wind", w), 1 / len(choices)) for w in choices]
    if k == "grey":
        free = cresters.free_feeding_grounds(s)
        return [(Action("grey", t), 1 / len(free)) for t in free]
    if k == "white_roll":
        from .variants import white_roll_choices

        free = white_roll_choices(s)
        return [(Action("white", t), 1 / len(free)) for t in free]
    if k == "battle":
        return [(Action("dice", d), p) for d, p in dice_outcomes(battle.dice_count(f), s.components.battle_die)]
    return None


def sample_chance(s: GameState, rng: np.random.Generator) -> Action:
    """Draw the chance outcome at a chance node from ``rng``."""
    f = s.frames[-1]
    k = f["k"]
    if k == "battle":
        faces = s.components.battle_die
        n = battle.dice_count(f)
        idx = rng.integers(0, len(faces), size=n)
        return Action("dice", tuple(sorted(faces[i] for i in idx)))
    if k == "shuffle":
        cards = shuffle_pool(s)
        order = rng.permutation(len(cards))
        return Action("shuffle", tuple(cards[i] for i in order))
    outcomes = chance_outcomes(s)
    assert outcomes, "chance node without outcomes"
    return outcomes[int(rng.integers(0, len(outcomes)))][0]


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
        return _frame_actions(s, s.frames[-1])
    return [a for a in _main_candidates(s) if _check_main(s, a) is None]


def _frame_actions(s: GameState, f: dict) -> list[Action]:
    k = f["k"]
    if k in CHANCE_FRAMES or (k == "battle" and f["step"] in ("a_roll", "d_roll")):
        outs = chance_outcomes(s)
        if outs is None:
            return []
        return [a for a, _ in outs]
    if k == "battle":
        step = f["step"]
        seat = battle.decider(f)
        ship = s.ships[seat]
        out: list[Action] = []
        if step in ("a_cannons", "d_cannons"):
            out = [Action("cannons", n) for n in range(ship.cannons + 1)]
            if step == "a_cannons" and "false_flag" in ship.hand:
                out.append(Action("play", "false_flag"))
        elif step in ("a_flag", "d_flag"):
            out = [Action("play", "false_flag"), Action("done")]
        elif step in ("a_bonus", "d_bonus"):
            out = [Action("play", c) for c in sorted(set(battle.hit_cards(s, seat)))]
            if ship.tokens:
                out.append(Action("token"))
            out.append(Action("done"))
        return out
    if k == "take":
        return [Action("take", i + 1) for i, st in enumerate(s.stacks) if st]
    if k == "rest":
        return [Action("rest")] + [Action("rest", c) for c in sorted(set(s.ships[s.current].hand))]
    if k == "place_red":
        return [Action("place_red", s.planet.cells[h]) for h in sorted(cresters.red_places(s, f["t"]))]
    if k == "place_white":
        from .variants import white_places

        return [Action("place_white", s.planet.cells[h]) for h in white_places(s)]
    if k == "plunder":
        out = []
        for what, key in (("red tooth", "red"), ("grey tooth", "grey"), ("token", "tok")):
            if f[key] > 0:
                out.append(Action("plunder", what))
        return out
    if k == "teeth":
        from .variants import teeth_choices

        return teeth_choices(s)
    if k == "release":
        from .variants import release_places

        return [Action("release", s.planet.cells[h]) for h in release_places(s)]
    raise AssertionError(f"no actions for frame {k}")


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
    if s.mode == "cooperative":
        at_port = [i for i, sh in enumerate(s.ships) if sh.pos == PORT]
        for giver in at_port:
            for card in sorted(set(s.ships[giver].hand)):
                out.extend(Action("trade", (giver, card, taker)) for taker in at_port if taker != giver)
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


# =============================================================================== checking
def _check_main(s: GameState, a: Action) -> Refusal:
    v = a.verb
    if v in ("move", "enter", "leave", "zephyr", "around"):
        return movement.check_ship_move(s, v, a.arg)
    if v == "row":
        return movement.check_row(s, *a.arg)
    if v == "order":
        return orders.check_order(s, a.arg)
    if v == "buy":
        return orders.check_buy(s, a.arg)
    if v == "play":
        card, extra = (a.arg if isinstance(a.arg, tuple) else (a.arg, None))
        return orders.check_play(s, card, extra)
    if v == "pickup":
        return orders.check_pickup(s, a.arg)
    if v == "drop":
        return orders.check_drop(s, a.arg)
    if v == "end":
        ship = s.ships[s.current]
        if ship.pos >= 0 and s.planet.is_drift[ship.pos] and not movement.deadweight_stranded(s):
            return ("Supply card: Deadweight", "a ship may not end its turn on Drift; sail off it first")
        return None
    if v == "trade":
        from .variants import check_trade

        return check_trade(s, a.arg)
    return ("Taking a Turn", f"'{a}' is not something you can do on your turn right now")


def _waiting_for(s: GameState) -> str:
    f = s.frames[-1]
    who = decider(s)
    name = "chance" if who == CHANCE else f"player {who + 1}"
    what = {
        "battle": "finish the battle", "take": "take supply cards", "rest": "rest (discard a card or lose morale)",
        "place_red": "place a new red crester", "plunder": "choose plunder", "wind": "roll the wind",
        "grey": "roll for a grey crester", "shuffle": "shuffle the supply cards",
        "place_white": "place the White Crester", "white_roll": "roll for the White Crester",
        "teeth": "choose notoriety or gas for the teeth", "release": "release the tagged crester",
    }.get(f["k"], f["k"])
    return f"waiting for {name} to {what}"


def _frame_refusal(s: GameState, f: dict, a: Action) -> Refusal:
    """A rule-specific reason for refusing an action of the kind the frame expects."""
    k = f["k"]
    if k == "wind" and a.verb == "wind":
        if a.arg == s.wind:
            return ("Ending the Round", "the new wind must differ from the current one: roll again")
        return ("Ending the Round", "the wind die shows 1-6")
    if k == "battle" and a.verb == "dice" and f["step"] in ("a_roll", "d_roll"):
        n = battle.dice_count(f)
        if len(a.arg) != n:
            return ("Battle", f"this roll is {n} dice, one per point of strength, not {len(a.arg)}")
        return ("Battle", f"battle dice show {', '.join(map(str, sorted(set(s.components.battle_die))))} hits")
    if k == "battle" and a.verb == "cannons" and isinstance(a.arg, int):
        seat = battle.decider(f)
        if seat >= 0 and a.arg > s.ships[seat].cannons:
            return ("Battle", f"you have {s.ships[seat].cannons} cannon tokens to spend")
    if k == "grey" and a.verb == "grey":
        return ("Conclusion: Grey Crester", "that feeding ground is taken: the die is rolled again")
    if k == "rest" and a.verb == "rest":
        return ("Ending Your Turn: At Sky", f"you hold no {a.arg!r} card to discard")
    return None


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
        if f["k"] == "shuffle":
            if a.verb == "shuffle" and sorted(a.arg) == shuffle_pool(s):
                return None
            return ("Global Setup: supply stacks", "a shuffle must reorder exactly the cards in the stacks and discard pile")
        if a in _frame_actions(s, f):
            return None
        specific = _frame_refusal(s, f, a)
        if specific:
            return specific
        return ("Taking a Turn", f"'{a}' is not possible now: {_waiting_for(s)}")
    if a.is_chance:
        return ("Taking a Turn", f"'{a}' is a chance outcome, but no chance roll is pending")
    return _check_main(s, a)


# =============================================================================== applying
def apply(s: GameState, action: Action | str, check: bool = True) -> list[Event]:
    """Apply ``action`` to ``s`` in place and return the events it caused.

    With ``check`` (the default) an illegal action raises
    :class:`IllegalActionError` before anything changes. The action is always
    taken in its normal form (:meth:`Action.normalise`), checked or not.
    """
    a = Action.normalise(action)
    if check:
        refusal = why_illegal(s, a)
        if refusal:
            raise IllegalActionError(*refusal)
    ev: list[Event] = []
    if s.frames:
        _apply_frame(s, ev, s.frames[-1], a)
    else:
        _apply_main(s, ev, a)
    advance(s, ev)
    if s.variants and not s.over:
        from .variants import after_apply

        after_apply(s, ev)
        advance(s, ev)
    return ev


def _enter_hex(s: GameState, ev: list[Event], target: int, came_from: int, how: str, cost: int = 1) -> None:
    """Move the current ship onto ``target``; start a battle if someone is there."""
    seat = s.current
    ship = s.ships[seat]
    p = s.planet
    s.turn.came_from = came_from
    other = s.ship_at(target)
    ship.pos = target
    if not p.is_drift[target]:
        s.turn.last_clear = target
    ev.append(Event("ShipMoved", f"Player {seat + 1} {how} to {p.label(target)}.",
                    {"seat": seat, "from": came_from, "to": target, "how": how, "cost": cost}))
    if other >= 0 and other != seat:
        battle.start(s, ev, att="ship", a_seat=seat, a_from=came_from, **{"def": "ship"}, d_seat=other, hex=target)
    elif target in s.reds:
        battle.start(s, ev, att="ship", a_seat=seat, a_from=came_from, **{"def": "red"}, d_seat=-1, hex=target,
                     d_n=s.reds.count(target))
    elif target == s.white:
        battle.start(s, ev, att="ship", a_seat=seat, a_from=came_from, **{"def": "white"}, d_seat=-1, hex=target)


def _apply_main(s: GameState, ev: list[Event], a: Action) -> None:
    v = a.verb
    seat = s.current
    ship = s.ships[seat]
    if v in ("move", "leave", "zephyr", "around"):
        target = movement.ship_target(s, v, a.arg)
        cost = movement.move_cost(s, v, a.arg)
        s.turn.speed -= cost
        how = {"move": f"sails {str(a)[5:]}", "leave": "sails out of port", "zephyr": "rides a Zephyr",
               "around": "sails Around the Planet"}[v]
        _enter_hex(s, ev, target, ship.pos, how, cost)
    elif v == "enter":
        s.turn.speed -= 1
        ship.pos = PORT
        s.turn.last_clear = PORT
        ev.append(Event("EnteredPort", f"Player {seat + 1} sails into the Trading Post.", {"seat": seat}))
        orders.cash_teeth(s, ev, seat)
        if s.mode in ("solo", "cooperative") and (ship.grey_teeth or ship.red_teeth):
            s.frames.append({"k": "teeth"})
    elif v == "row":
        _row(s, ev, *a.arg)
    elif v == "order":
        orders.give_order(s, ev, a.arg)
    elif v == "buy":
        orders.buy(s, ev, a.arg)
    elif v == "play":
        card, extra = (a.arg if isinstance(a.arg, tuple) else (a.arg, None))
        orders.play(s, ev, card, extra)
    elif v == "pickup":
        orders.pickup(s, ev, a.arg)
    elif v == "drop":
        orders.drop(s, ev, a.arg)
    elif v == "end":
        _end_turn(s, ev)
    elif v == "trade":
        from .variants import trade

        trade(s, ev, a.arg)


def _row(s: GameState, ev: list[Event], b: int, d: int) -> None:
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
    ev.append(Event("LongboatMoved", f"Player {seat + 1}'s longboat {b + 1} rows to {s.planet.label(target)}.",
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


def _end_turn(s: GameState, ev: list[Event]) -> None:
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
    if ship.pos == PORT:
        if s.mode == "solo":
            s.over = True
            s.result = "You ended your turn at port and the red cresters destroyed your ship: the Solo Adventure is lost."
            ev.append(Event("GameOver", s.result, {"winner": None}))
            return
        if s.mode == "cooperative":
            from .variants import coop_port_rest

            coop_port_rest(s, ev)
            return
        board = s.components.board(ship.colour)
        gain = min(board.rest_at_port, s.components.limits["morale_max"] - ship.morale)
        ship.morale += gain
        ev.append(Event("Rested", f"Player {s.current + 1} rests at port: morale {ship.morale}.",
                        {"seat": s.current, "where": "port", "morale": gain}))
        s.frames.append({"k": "end", "rested": True})
    else:
        frames = [{"k": "end", "rested": True}, {"k": "sky_bonus"}]
        if s.white >= 0 or s.mode in ("solo", "cooperative") or "white" in s.variants:
            frames.append({"k": "white_move"})
        frames += [{"k": "reds"}, {"k": "rest"}]
        s.frames.extend(frames)
        ev.append(Event("RestBegins", f"Player {s.current + 1} ends the turn at sky and must rest: "
                        "discard a supply card or lose 1 morale.", {"seat": s.current}))


def _apply_frame(s: GameState, ev: list[Event], f: dict, a: Action) -> None:
    k = f["k"]
    v = a.verb
    if k == "battle":
        if v == "play" and a.arg == "false_flag":
            battle.call_off(s, ev, f, battle.decider(f))
        elif v == "cannons":
            battle.spend_cannons(s, ev, f, a.arg)
        elif v == "dice":
            battle.roll(s, ev, f, a.arg)
        elif v == "play":
            battle.play_bonus(s, ev, f, a.arg)
        elif v == "token":
            battle.play_bonus(s, ev, f, None)
        elif v == "done":
            battle.bonus_done(s, f)
        return
    if k == "wind":
        s.frames.pop()
        s.wind = a.arg
        ev.append(Event("WindChanged", f"The wind now blows toward territory {a.arg}.", {"wind": a.arg}))
    elif k == "grey":
        s.frames.pop()
        cresters.place_grey(s, ev, a.arg)
        s.frames.append({"k": "grey"})  # dropped again at once if no more greys are needed
    elif k == "shuffle":
        s.frames.pop()
        s.stacks = deal_stacks(a.arg)
        s.discard = []
        ev.append(Event("DeckShuffled", "The supply cards are shuffled and dealt into three new stacks.",
                        {"sizes": [len(x) for x in s.stacks]}))
    elif k == "take":
        ship = s.ships[s.current]
        card = s.stacks[a.arg - 1].pop()
        ship.hand.append(card)
        f["n"] -= 1
        ev.append(Event("CardsTaken", f"Player {s.current + 1} takes {s.components.card(card).name} from stack {a.arg}.",
                        {"seat": s.current, "card": card, "stack": a.arg}))
        if f["n"] == 0 or len(ship.hand) >= s.hand_limit(s.current) or not any(s.stacks):
            s.frames.remove(f)
        if needs_reshuffle(s):
            s.frames.append({"k": "shuffle"})
    elif k == "rest":
        s.frames.pop()
        _rest_at_sky(s, ev, a.arg)
    elif k == "place_red":
        s.frames.pop()
        h = s.planet.index[a.arg]
        s.reds.append(h)
        ev.append(Event("CresterPlaced", f"Player {f['seat'] + 1} places a new red crester at {s.planet.label(h)}.",
                        {"crester": "red", "hex": h}))
    elif k == "plunder":
        battle.plunder(s, ev, f, a.arg)
    elif k in ("place_white", "white_roll", "teeth", "release"):
        from .variants import apply_frame

        apply_frame(s, ev, f, a)
    else:
        raise AssertionError(k)


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
        k = f["k"]
        if k == "battle":
            if f["step"] != "resolve":
                return
            battle.resolve(s, ev, f)
        elif k == "reds":
            _move_reds(s, ev, f)
        elif k == "white_move":
            from .variants import move_white

            move_white(s, ev, f)
        elif k == "sky_bonus":
            s.frames.pop()
            ship = s.ships[s.current]
            if ship.pos >= 0:
                ship.notoriety += 1
                ev.append(Event("NotorietyGained", f"Player {s.current + 1} ends the turn at sky: +1 notoriety.",
                                {"seat": s.current, "amount": 1, "source": "sky"}))
                if "naturalist" in s.variants:
                    from .variants import naturalist_bonus

                    naturalist_bonus(s, ev)
        elif k == "end":
            s.frames.pop()
            _next_turn(s, ev)
        elif k == "start":
            s.frames.pop()
            _start_turn(s, ev)
        elif k == "grey":
            if cresters.grey_roll_needed(s):
                return
            s.frames.pop()
        elif k == "place_red":
            if cresters.red_places(s, f["t"]):
                return
            s.frames.pop()
        elif k == "place_white":
            from .variants import white_places

            if white_places(s):
                return
            s.frames.pop()  # every corner is taken: asked again at the start of a later turn
        elif k == "take":
            if any(s.stacks) and len(s.ships[s.current].hand) < s.hand_limit(s.current):
                return
            s.frames.pop()
        else:
            return


def _move_reds(s: GameState, ev: list[Event], f: dict) -> None:
    if "queue" not in f:
        f["queue"] = tuple(cresters.reds_to_move(s))
        f["arrived"] = ()
    ship = s.ships[s.current]
    if not f["queue"] or ship.pos < 0:
        s.frames.remove(f)
        if f["arrived"] and ship.pos >= 0:
            # Solo Adventure: the reds that reached the ship attack it together
            arrived = f["arrived"]
            battle.start(s, ev, att="red", a_seat=-1, a_from=arrived[0], a_froms=arrived, a_n=len(arrived),
                         **{"def": "ship"}, d_seat=s.current, hex=ship.pos)
        return
    start = f["queue"][0]
    f["queue"] = f["queue"][1:]
    if start not in s.reds:
        return
    territory = 0 if s.mode == "solo" else s.planet.territory[start]
    dist = cresters.distances_to(s, ship.pos, territory, start)
    path = cresters.step_path(s, start, dist, cresters.red_speed(s))
    if path and s.planet.is_drift[path[-1]]:
        path.pop()  # a crester never enters Drift, even to reach a ship stranded there
    if path and path[-1] == ship.pos and s.mode == "solo" and len(f["arrived"]) >= 2:
        path.pop()  # at most two red cresters share a space
    if not path:
        return
    end = path[-1]
    s.move_red(start, end)
    ev.append(Event("CresterMoved", f"The red crester moves from {s.planet.label(start)} to {s.planet.label(end)}.",
                    {"crester": "red", "from": start, "to": end, "path": [start] + path}))
    if end == ship.pos:
        prev = path[-2] if len(path) > 1 else start
        if s.mode == "solo":
            f["arrived"] = f["arrived"] + (prev,)
        else:
            battle.start(s, ev, att="red", a_seat=-1, a_from=prev, **{"def": "ship"}, d_seat=s.current, hex=end)


def _next_turn(s: GameState, ev: list[Event]) -> None:
    goal = s.components.limits["notoriety_goal"]
    seat = s.current
    ev.append(Event("TurnEnded", f"Player {seat + 1}'s turn ends.", {"seat": seat}))
    if s.mode in ("free-for-all", "head-to-head"):
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
        orders.cash_teeth(s, ev, seat)
        if s.mode in ("solo", "cooperative") and (ship.grey_teeth or ship.red_teeth):
            s.frames.append({"k": "teeth"})
    if s.white == OFF and (s.mode == "cooperative" or (s.mode == "solo" and not s.reds)):
        s.frames.append({"k": "place_white", "seat": seat})  # a placement that had to wait for a free corner
