"""Orders, spending gas, supply cards, picking up and dropping cargo.

As in :mod:`windward_nb.windward.movement`, every ``check_*`` returns ``None`` or a
``(rule, reason)`` refusal and the function that carries it out assumes its check passed.
An order space a variant adds (the Naturalist's Research Crester) is checked and
carried out by that variant's hooks (:mod:`windward_nb.windward.hooks`).
"""

from __future__ import annotations


from .actions import PORT_ORDERS, SKY_ORDERS, Action
from .events import Event
from .hooks import ORDER_SPACES, active
from .state import ABOARD, PORT, GameState

Refusal = tuple[str, str] | None


def crew_available(s: GameState, name: str) -> bool:
    """Is a tile with this crew name still on the Trading Post board?"""
    comp = s.components
    slot = comp.crew_slot[name]
    hired = sum(1 for ship in s.ships for c in ship.crew if comp.crew_slot[c] == slot)
    return hired < comp.crew_tiles_per_pair


def check_hire(s: GameState, name: str) -> Refusal:
    comp = s.components
    if name not in comp.crew_slot:
        return ("Crew", f"there is no crew member called {name!r}; crew: {', '.join(comp.crew_names)}")
    ship = s.ships[s.current]
    slot = comp.crew_slot[name]
    if any(comp.crew_slot[c] == slot for c in ship.crew):
        return ("Give Orders: Hire Crew", f"your {slot} crew slot is already taken")
    if not crew_available(s, name):
        return ("Give Orders: Hire Crew", f"no {name} tiles are left at the Trading Post")
    return None


def hire(s: GameState, ev: list[Event], name: str) -> None:
    seat = s.current
    ship = s.ships[seat]
    ship.crew.append(name)
    effects = s.components.crew_effects[name]
    if effects.get("longboat_slots"):
        ship.boats.append(ABOARD)
    if effects.get("turn_rowers"):  # the Coxswain's extra rower works from the turn it is hired
        ship.rowers = min(s.components.limits["longboat_speed_max"], ship.rowers + effects["turn_rowers"])
    ev.append(Event("CrewHired", f"Player {seat + 1} hires a {name}.", {"seat": seat, "crew": name}))


def _order_effect_refusal(s: GameState, name: str) -> Refusal:
    """Why an order (or the purchase that executes it) would do nothing or is not allowed here."""
    seat = s.current
    ship = s.ships[seat]
    lim = s.components.limits
    if name == "drop":
        if ABOARD not in ship.boats:
            return ("Give Orders: Drop Longboat", "no longboat is aboard your ship")
        h = ship.pos
        if s.planet.is_drift[h]:
            return ("Supply card: Deadweight", "a longboat cannot be dropped onto Drift")
        if (s.longboat_at(h)[0] >= 0 or h in s.greys or h in s.greys_down or h in s.reds_down
                or h in s.items):
            return ("Give Orders: Drop Longboat", "a longboat can be dropped only on a space holding nothing but your ship")
    elif name == "rowers":
        if ship.rowers >= lim["longboat_speed_max"]:
            return ("Give Orders: +X Longboat Speed", "your longboat speed is already at its maximum")
    elif name == "process":
        if not ship.hold:
            return ("Give Orders: Process Crester", "there is no defeated crester in your cargo hold")
    elif name == "supplies":
        if len(ship.hand) >= s.hand_limit(seat):
            return ("Give Orders: Take Supplies", "your hand is at its limit")
        if not any(s.stacks):
            return ("Give Orders: Take Supplies", "the supply stacks are empty")
    elif name == "morale":
        if ship.morale >= lim["morale_max"]:
            return ("Give Orders: +X Morale", "your morale is already at its maximum")
    elif name == "cannon":
        if ship.cannons >= s.cannon_slots(seat):
            return ("Give Orders: Fill Cannon", "every cannon slot is already filled")
        if s.stock("gas") < 1:
            return ("Give Orders: Fill Cannon", "the stockpile has no cannon tokens left")
    return None


def check_order(s: GameState, a: Action) -> Refusal:
    """Can the current captain give the order ``a.arg`` (``"speed"``, ``"hire Purser"`` ...)?"""
    name = a.arg
    ship = s.ships[s.current]
    turn = s.turn
    base = name.split(" ", 1)[0]
    if base not in SKY_ORDERS and base not in PORT_ORDERS:
        return ("Give Orders", f"there is no order called {name!r}")
    hooks = active(s)
    if hooks.checks_orders:
        refusal = hooks.order_refusal(s, base)
        if refusal:
            return refusal
    space = ORDER_SPACES.get(base, None)
    if space is not None and not (hooks.checks_orders and hooks.gives_order(s, base)):
        return (space.rule, space.absent)
    if turn.mates == 0 and turn.coffee == 0:
        return ("Give Orders", "both mates have given orders this turn and no Coffee is in play")
    if base in turn.orders:
        return ("Give Orders", f"the {base} order space is already covered this turn")
    if base in SKY_ORDERS and ship.pos == PORT:
        return ("Give Orders", f"'{base}' is an At Sky order and your ship is at port")
    if base in PORT_ORDERS and ship.pos != PORT:
        return ("Give Orders", f"'{base}' is an At Port order and your ship is at sky")
    if base == "hire":
        return check_hire(s, name[5:]) if " " in name else ("Crew", "hire whom? e.g. 'order hire Purser'")
    if space is not None:
        return hooks.order_effect_refusal(s, base)
    return _order_effect_refusal(s, base)


def gain_gas(s: GameState, seat: int, n: int) -> int:
    room = s.gas_slots(seat) - s.ships[seat].gas
    got = max(0, min(n, room, s.stock("gas")))
    s.ships[seat].gas += got
    return got


def _execute(s: GameState, ev: list[Event], name: str) -> None:
    seat = s.current
    ship = s.ships[seat]
    board = s.components.board(ship.colour)
    lim = s.components.limits
    if name == "drop":
        b = ship.boats.index(ABOARD)
        ship.boats[b] = ship.pos
        ev.append(Event("LongboatDropped", f"Player {seat + 1} drops longboat {b + 1} at {s.planet.label(ship.pos)}.",
                        {"seat": seat, "boat": b, "hex": ship.pos}))
    elif name == "rowers":
        ship.rowers = min(lim["longboat_speed_max"], ship.rowers + board.rowers)
        ev.append(Event("RowersRested", f"Player {seat + 1}'s longboat speed is now {ship.rowers}.",
                        {"seat": seat, "rowers": ship.rowers}))
    elif name == "speed":
        s.turn.speed += 1
        ev.append(Event("SpeedGained", f"Player {seat + 1}'s ship has {s.turn.speed} speed left this turn.",
                        {"seat": seat, "speed": s.turn.speed}))
    elif name == "process":
        kind = ship.hold
        ship.hold = ""
        if s.stock(kind + "_teeth") > 0:
            setattr(ship, kind + "_teeth", getattr(ship, kind + "_teeth") + 1)
        got = gain_gas(s, seat, ship.morale + s.crew_bonus(seat, "process_gas"))
        ev.append(Event("CresterProcessed", f"Player {seat + 1} processes a {kind} crester: a tooth and {got} gas.",
                        {"seat": seat, "crester": kind, "gas": got}))
    elif name in ORDER_SPACES:
        active(s).order_effect(s, ev, name)
    elif name == "supplies":
        s.frames.append({"k": "take", "n": board.supplies})
    elif name == "morale":
        gain = min(board.morale_order, lim["morale_max"] - ship.morale)
        ship.morale += gain
        ev.append(Event("MoraleChanged", f"Player {seat + 1}'s morale rises to {ship.morale}.", {"seat": seat, "change": gain}))
    elif name == "cannon":
        ship.cannons += 1
        ev.append(Event("CannonFilled", f"Player {seat + 1} fills a cannon ({ship.cannons} loaded).",
                        {"seat": seat, "cannons": ship.cannons}))
    elif name.startswith("hire "):
        hire(s, ev, name[5:])


def give_order(s: GameState, ev: list[Event], a: Action) -> None:
    """The current captain gives the order ``a.arg`` with a mate (or a Coffee token) and it is carried out."""
    name = a.arg
    base = name.split(" ", 1)[0]
    turn = s.turn
    if turn.mates:
        turn.mates -= 1
        by = "a mate"
    else:
        turn.coffee -= 1
        turn.coffee_tokens += 1
        by = "a coffee token"
    turn.orders.append(base)
    seat = s.current
    ev.append(Event("OrderGiven", lambda: f"Player {seat + 1} gives the '{name}' order with {by}.",  # written when read
                    {"seat": seat, "order": name}))
    _execute(s, ev, name)


# ------------------------------------------------------------------------------- spending gas
BUY_ORDER = {"cannon": "cannon", "rum": "morale", "supplies": "supplies"}


def check_buy(s: GameState, a: Action) -> Refusal:
    """Can the current captain buy ``a.arg`` at the Trading Post?"""
    item = a.arg
    seat = s.current
    ship = s.ships[seat]
    if ship.pos != PORT:
        return ("Spend Gas", "gas can be spent only while your ship is at port")
    base = item.split(" ", 1)[0]
    if base not in s.components.prices:
        return ("Spend Gas", f"the Trading Post does not sell {item!r}")
    price = s.components.prices[base]
    if ship.gas < price:
        return ("Spend Gas", f"{base} costs {price} gas and you have {ship.gas}")
    if base == "crew":
        return check_hire(s, item[5:]) if " " in item else ("Crew", "buy which crew? e.g. 'buy crew Purser'")
    if base == "rum":
        if ship.morale >= s.components.limits["morale_max"]:
            return ("Spend Gas", "your morale is already at its maximum")
        return None
    if base in BUY_ORDER:
        return _order_effect_refusal(s, BUY_ORDER[base])
    return None


def buy(s: GameState, ev: list[Event], a: Action) -> None:
    """The current captain buys ``a.arg`` at the Trading Post."""
    item = a.arg
    seat = s.current
    ship = s.ships[seat]
    base = item.split(" ", 1)[0]
    price = s.components.prices[base]
    ship.gas -= price
    ev.append(Event("GasSpent", f"Player {seat + 1} spends {price} gas on {item}.", {"seat": seat, "item": item, "gas": price}))
    if base == "notoriety":
        ship.notoriety += 1
        ev.append(Event("NotorietyGained", f"Player {seat + 1} buys 1 notoriety.",
                        {"seat": seat, "amount": 1, "source": "bought"}))
    elif base == "crew":
        hire(s, ev, item[5:])
    else:
        _execute(s, ev, BUY_ORDER[base])


# ------------------------------------------------------------------------------- supply cards
def check_play(s: GameState, a: Action) -> Refusal:
    """Can the current captain play the supply card of ``a`` (with its target) on its turn?"""
    card, extra = a.arg if isinstance(a.arg, tuple) else (a.arg, None)
    comp = s.components
    ship = s.ships[s.current]
    try:
        spec = comp.card(card)
    except KeyError:
        return ("Use a Supply Card", f"there is no supply card {card!r}")
    if card not in ship.hand:
        return ("Use a Supply Card", f"you hold no {spec.name} card")
    if spec.kind != "turn":
        return ("Use a Supply Card", f"{spec.name} can be played only during a battle")
    if card == "aerogenerator":
        if not isinstance(extra, int) or not 1 <= extra <= 6:
            return ("Supply card: Aerogenerator", "name the new wind direction, e.g. 'play aerogenerator 4'")
        if extra == s.wind:
            return ("Wind", "the wind already blows that way; the new direction must differ")
        return None
    if card == "bait":
        if not isinstance(extra, tuple):
            return ("Supply card: Bait", "name the feeding ground, e.g. 'play bait 2,-3'")
        h = s.planet.index.get(extra, -1)
        if h < 0 or s.planet.terrain[h] != "feeding":
            return ("Supply card: Bait", "bait must be placed on a feeding ground")
        if h in s.greys or h in s.greys_down or s.longboat_at(h)[0] >= 0:
            return ("Supply card: Bait", "that feeding ground is occupied")
        if s.stock("grey") < 1:
            return ("Supply card: Bait", "no grey crester is left in the stockpile")
        return None
    if extra is not None:
        return ("Use a Supply Card", f"{spec.name} takes no target")
    if card == "coffee" and s.turn.coffee_tokens + s.turn.coffee >= comp.stock["coffee"]:
        return ("Supply card: Coffee", "no coffee tokens are left")
    if card == "deadweight" and s.turn.deadweight:
        return ("Supply card: Deadweight", "a Deadweight card is already in play this turn")
    return None


def play(s: GameState, ev: list[Event], a: Action) -> None:
    """The current captain plays the supply card of ``a`` on its turn."""
    card, extra = a.arg if isinstance(a.arg, tuple) else (a.arg, None)
    seat = s.current
    ship = s.ships[seat]
    ship.hand.remove(card)
    s.discard.append(card)
    name = s.components.card(card).name
    ev.append(Event("CardPlayed", f"Player {seat + 1} plays {name}.", {"seat": seat, "card": card}))
    if card == "fuel":
        s.turn.speed += 1
    elif card == "coffee":
        s.turn.coffee += 1
    elif card == "deadweight":
        s.turn.deadweight = True
    elif card == "aerogenerator":
        s.wind = extra
        ev.append(Event("WindChanged", f"The wind turns to {extra}.", {"wind": extra}))
    elif card == "bait":
        h = s.planet.index[extra]
        s.greys.append(h)
        ev.append(Event("CresterPlaced", f"A grey crester is lured to {s.planet.label(h)}.",
                        {"crester": "grey", "hex": h}))


# ------------------------------------------------------------------------------- cargo
def pickable_crester(s: GameState) -> str:
    """Which defeated crester the current ship could take from its space ('' if none)."""
    ship = s.ships[s.current]
    h = ship.pos
    if h in s.reds_down:
        return "red"
    if h in s.greys_down:
        owner, _ = s.longboat_at(h)
        if owner < 0 or owner == s.current:
            return "grey"
    return ""


# R31: within a turn, cargo dropped on a space cannot be picked straight back up there, nor cargo
# picked up be dropped back where it lay (the rules do not limit either, and the pair could repeat
# forever); Turn.reversible remembers "pick up WHAT@HEX" and "drop WHAT@HEX"
_UNDO_TEXT = {"pickup": "drop", "drop": "pick up"}
_CARGO_WORDS = {"crester": "the defeated crester", "teeth": "crester teeth", "tokens": "+2 tokens"}


def cargo_key(verb: str, what: str, h: int) -> str:
    """How :attr:`Turn.reversible` remembers a pick-up (``verb`` ``"pickup"``) or a drop."""
    return f"{'pick up' if verb == 'pickup' else 'drop'} {what}@{h}"


def undoes(s: GameState, verb: str, what: str) -> bool:
    """Would the current ship's ``verb`` (pickup or drop) of ``what`` here undo a move of this turn?"""
    rev = s.turn.reversible
    return bool(rev) and f"{_UNDO_TEXT[verb]} {what}@{s.ships[s.current].pos}" in rev


def remember_cargo(s: GameState, verb: str, what: str) -> None:
    if what in ("crester", "teeth", "tokens") and not s.takebacks:
        s.turn.reversible.append(cargo_key(verb, what, s.ships[s.current].pos))


def check_pickup(s: GameState, a: Action) -> Refusal:
    """Can the current ship pick up ``a.arg`` (gas, longboat, crester, teeth, tokens) here?"""
    what = a.arg
    seat = s.current
    ship = s.ships[seat]
    h = ship.pos
    if h == PORT:
        return ("Pick Up", "there is nothing to pick up at port")
    if undoes(s, "pickup", what):
        return ("Pick Up", f"you dropped {_CARGO_WORDS.get(what, what)} here this turn: picking "
                           f"{'it' if what == 'crester' else 'them'} straight back up would undo it")
    if what == "gas":
        if s.item_count(h, "gas") < 1:
            return ("Pick Up", "there is no gas on this space")
        if ship.gas >= s.gas_slots(seat):
            return ("Terrain: Gas Pocket", "your gas storage is full")
    elif what == "longboat":
        if h not in ship.boats:
            return ("Pick Up", "none of your longboats is on this space")
    elif what == "crester":
        if ship.hold:
            return ("Cargo Hold", "your cargo hold already holds a crester")
        if not pickable_crester(s):
            if h in s.greys_down:
                return ("Move Longboats", "that defeated grey crester is towed by another player's longboat")
            return ("Pick Up", "there is no defeated crester on this space")
    elif what == "teeth":
        if s.item_count(h, "grey_teeth") + s.item_count(h, "red_teeth") < 1:
            return ("Pick Up", "there are no crester teeth on this space")
    elif what == "tokens":
        if s.item_count(h, "tokens") < 1:
            return ("Pick Up", "there are no +2 tokens on this space")
    else:
        return ("Pick Up", f"you cannot pick up {what!r}")
    return None


def pickup(s: GameState, ev: list[Event], a: Action) -> None:
    """The current ship picks up ``a.arg`` from its space."""
    what = a.arg
    seat = s.current
    ship = s.ships[seat]
    h = ship.pos
    text = what
    if what == "gas":
        n = min(s.item_count(h, "gas"), s.gas_slots(seat) - ship.gas)
        s.add_items(h, "gas", -n)
        ship.gas += n
        text = f"{n} gas"
    elif what == "longboat":
        ship.boats[ship.boats.index(h)] = ABOARD
    elif what == "crester":
        kind = pickable_crester(s)
        (s.reds_down if kind == "red" else s.greys_down).remove(h)
        ship.hold = kind
        text = f"a defeated {kind} crester"
    elif what == "teeth":
        g, r = s.item_count(h, "grey_teeth"), s.item_count(h, "red_teeth")
        s.add_items(h, "grey_teeth", -g)
        s.add_items(h, "red_teeth", -r)
        ship.grey_teeth += g
        ship.red_teeth += r
    elif what == "tokens":
        n = s.item_count(h, "tokens")
        s.add_items(h, "tokens", -n)
        ship.tokens += n
    remember_cargo(s, "pickup", what)
    ev.append(Event("PickedUp", f"Player {seat + 1} picks up {text}.", {"seat": seat, "item": what, "hex": h}))


def check_drop(s: GameState, a: Action) -> Refusal:
    """Can the current ship drop ``a.arg`` (crester, teeth, tokens) here?"""
    what = a.arg
    ship = s.ships[s.current]
    h = ship.pos
    if h == PORT:
        return ("Cargo Hold", "cargo can be dropped only at sky")
    if s.planet.is_drift[h]:
        return ("Terrain: Drift", "nothing can be dropped onto Drift")
    if undoes(s, "drop", what):
        return ("Cargo Hold", f"you picked up {_CARGO_WORDS.get(what, what)} here this turn: dropping "
                              f"{'it' if what == 'crester' else 'them'} back would undo it")
    if what == "crester":
        if not ship.hold:
            return ("Cargo Hold", "there is no crester in your cargo hold")
        if h in s.greys or h in s.greys_down or h in s.reds_down:
            return ("Cargo Hold", "another crester already occupies this space")
    elif what == "teeth":
        if ship.grey_teeth + ship.red_teeth == 0:
            return ("Cargo Hold", "you carry no teeth")
    elif what == "tokens":
        if ship.tokens == 0:
            return ("Cargo Hold", "you carry no +2 tokens")
    else:
        return ("Cargo Hold", f"you cannot drop {what!r}")
    return None


def drop(s: GameState, ev: list[Event], a: Action) -> None:
    """The current ship drops ``a.arg`` on its space."""
    what = a.arg
    ship = s.ships[s.current]
    h = ship.pos
    if what == "crester":
        (s.greys_down if ship.hold == "grey" else s.reds_down).append(h)
        ship.hold = ""
    elif what == "teeth":
        s.add_items(h, "grey_teeth", ship.grey_teeth)
        s.add_items(h, "red_teeth", ship.red_teeth)
        ship.grey_teeth = ship.red_teeth = 0
    else:
        s.add_items(h, "tokens", ship.tokens)
        ship.tokens = 0
    remember_cargo(s, "drop", what)
    ev.append(Event("Dropped", f"Player {s.current + 1} drops {what} at {s.planet.label(h)}.",
                    {"seat": s.current, "item": what, "hex": h}))


def teeth_at_port(s: GameState, ev: list[Event], seat: int) -> None:
    """A ship at the Trading Post: the teeth in its hold become notoriety (unless the mode
    decides otherwise, see :meth:`~windward_nb.windward.hooks.Hooks.teeth_at_port`)."""
    if not active(s).teeth_at_port(s, ev, seat):
        cash_teeth(s, ev, seat)


def cash_teeth(s: GameState, ev: list[Event], seat: int) -> None:
    """Teeth in the hold of ``seat``'s ship become notoriety."""
    ship = s.ships[seat]
    if not (ship.grey_teeth or ship.red_teeth):
        return
    value = s.components.teeth_notoriety
    gain = ship.grey_teeth * value["grey"] + ship.red_teeth * value["red"]
    ev.append(Event("NotorietyGained",
                    f"Player {seat + 1} trades {ship.grey_teeth} grey and {ship.red_teeth} red teeth for {gain} notoriety.",
                    {"seat": seat, "amount": gain, "source": "teeth", "grey": ship.grey_teeth, "red": ship.red_teeth}))
    ship.notoriety += gain
    ship.grey_teeth = ship.red_teeth = 0
