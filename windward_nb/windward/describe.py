"""What each action does, in one plain sentence (for menus, buttons and screen readers).

Each verb's description is attached to the verb (``GRAMMAR.handle(describe=...)``);
:meth:`WindwardRules.describe <windward_nb.windward.rules.WindwardRules.describe>`
calls it. The modes describe the verbs they add.

>>> from windward_nb import windward
>>> g = windward.scenario(players=2, wind=3, ships=[{"pos": "0,-3"}, {"pos": "port"}], reds=[])
>>> g.describe("move SE")
'Sail SE to 1,-3 (plain, territory 1) (free, downwind)'
>>> g.describe("order speed")
'Order: +1 Ship Speed'
"""

from __future__ import annotations

from . import movement, orders
from .actions import GRAMMAR, Action
from .engine import decider
from .hexgrid import direction_name
from .state import PORT, GameState

ORDER_TITLES = {
    "drop": "Drop Longboat", "rowers": "+{rowers} Longboat Speed", "speed": "+1 Ship Speed",
    "process": "Process Crester", "research": "Research Crester", "supplies": "Take Supplies ({supplies} cards)",
    "morale": "+{morale} Morale", "cannon": "Fill Cannon", "hire": "Hire Crew",
}
BUY_TEXT = {
    "cannon": "a cannon", "rum": "rum (+1 morale)", "notoriety": "1 notoriety", "supplies": "supply cards",
    "crew": "a crew member",
}
CREW_EFFECT_TEXT = {
    "gas_slots": "+{} gas slots", "hand_limit": "+{} hand limit", "process_gas": "+{} gas when processing",
    "cannon_slots": "+{} cannon slots", "hits_vs_red": "+{} hits against red cresters",
    "attack_strength": "+{} strength when attacking", "longboat_slots": "+{} longboat",
    "longboat_strength": "+{} longboat strength", "turn_rowers": "+{} longboat speed each turn",
}
#: verbs described whoever decides (the others read "Chance: ..." when no captain decides)
SHIP_MOVES = frozenset({"move", "leave", "zephyr", "around", "enter"})


def where(s: GameState, pos: int) -> str:
    return "the Trading Post" if pos == PORT or pos == 0 else s.planet.describe(pos)


def describe_routes(arg: tuple) -> str:
    """The sentence for a choice of the red cresters' routes (``reds ... attack ...``).

    >>> describe_routes((((2, -3), (2, -3), (4, 1)), ((1, -1),)))
    'Red cresters stop at 2,-3 (two together) and 4,1; 1 reaches your ship, attacking from 1,-1'
    """
    ends, froms = arg
    counts: dict[tuple[int, int], int] = {}
    for h in ends:
        counts[h] = counts.get(h, 0) + 1
    spaces = [f"{q},{r}" + ("" if n == 1 else f" ({NUMBER_WORDS.get(n, str(n))} together)")
              for (q, r), n in counts.items()]
    text = ("Red cresters stop at " + (", ".join(spaces[:-1]) + " and " + spaces[-1] if len(spaces) > 1 else spaces[0])
            if spaces else "Every red crester reaches your ship")
    if froms:
        where = ", ".join(f"{q},{r}" for q, r in froms)
        text += (f"; {len(froms)} reach{'es' if len(froms) == 1 else ''} your ship, attacking from {where}"
                 if ends else f", attacking from {where}")
    return text


NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def order_title(s: GameState, seat: int, name: str) -> str:
    board = s.components.board(s.ships[seat].colour)
    return ORDER_TITLES[name].format(rowers=board.rowers, supplies=board.supplies, morale=board.morale_order)


def crew_effect(s: GameState, name: str) -> str:
    eff = s.components.crew_effects.get(name, {})
    return ", ".join(CREW_EFFECT_TEXT.get(k, k + " {}").format(v) for k, v in eff.items()) or "no effect"


def _seat(s: GameState) -> int:
    return decider(s)


def _ship_move(s: GameState, a: Action) -> str:
    v, arg = a.verb, a.arg
    if v == "enter":
        return "Enter the Trading Post (1 speed)"
    target = movement.ship_target(s, v, arg)
    cost = movement.move_cost(s, v, arg)
    how = {"move": f"Sail {direction_name(arg) if isinstance(arg, int) else arg}",
           "leave": f"Leave port {direction_name(arg) if isinstance(arg, int) else arg}",
           "zephyr": "Ride the Zephyr", "around": "Sail Around the Planet"}[v]
    text = f"{how} to {where(s, target)} ({'free, downwind' if cost == 0 else '1 speed'})"
    other = s.ship_at(target)
    if other >= 0 and other != s.current:
        text += f": battle with player {other + 1}'s ship"
    elif target in s.reds:
        text += ": battle with a red crester"
    elif target == s.white:
        text += ": battle with the White Crester"
    return text


def _row(s: GameState, a: Action) -> str:
    ship = s.ships[_seat(s)]
    b, d = a.arg
    target = s.planet.nbr[ship.boats[b]][d - 1]
    text = (f"Row longboat {b + 1} {direction_name(d)} to {where(s, target)} (1 longboat speed; "
            f"{ship.rowers} left)")
    if target in s.greys:
        text += ": battle with a grey crester"
    elif s.longboat_at(target)[0] >= 0:
        text += f": battle with player {s.longboat_at(target)[0] + 1}'s longboat"
    return text


def _order(s: GameState, a: Action) -> str:
    arg = a.arg
    if arg.startswith("hire "):
        name = arg[5:]
        return f"Order: hire a {name} ({crew_effect(s, name)})"
    return f"Order: {order_title(s, _seat(s), arg)}"


def _buy(s: GameState, a: Action) -> str:
    arg = a.arg
    price = s.components.prices[arg.split(' ', 1)[0]]
    if arg.startswith("crew "):
        name = arg[5:]
        return f"Buy a {name} for {price} gas ({crew_effect(s, name)})"
    return f"Buy {BUY_TEXT.get(arg, arg)} for {price} gas"


def _play(s: GameState, a: Action) -> str:
    card, extra = a.arg if isinstance(a.arg, tuple) else (a.arg, None)
    spec = s.components.card(card)
    if card == "aerogenerator":
        return f"Play {spec.name}: turn the wind to {extra} ({direction_name(extra)})"
    if card == "bait":
        h = s.planet.index[extra]
        return f"Play {spec.name}: lure a grey crester to the feeding ground at {s.planet.label(h)}"
    if card == "false_flag":
        return f"Play {spec.name}: call off the battle"
    if spec.kind == "hits":
        return f"Play {spec.name} (+{spec.hits} hit{'s' if spec.hits != 1 else ''})"
    return f"Play {spec.name}: {spec.effect}"


def _pickup(s: GameState, a: Action) -> str:
    seat = _seat(s)
    ship = s.ships[seat]
    h = ship.pos
    arg = a.arg
    if arg == "gas":
        n = min(s.item_count(h, "gas"), s.gas_slots(seat) - ship.gas)
        return f"Pick up {n} gas"
    if arg == "crester":
        return f"Take the defeated {orders.pickable_crester(s)} crester into your hold"
    if arg == "longboat":
        return "Pick up your longboat from this space"
    if arg == "teeth":
        return "Pick up the crester teeth on this space"
    return "Pick up the +2 tokens on this space"


def _drop(s: GameState, a: Action) -> str:
    ship = s.ships[_seat(s)]
    return {"crester": f"Drop the {ship.hold} crester from your hold here",
            "teeth": "Drop your crester teeth here", "tokens": "Drop your +2 tokens here"}[a.arg]


def _end(s: GameState, a: Action) -> str:
    if s.ships[_seat(s)].pos == PORT:
        return "End your turn (rest at port)"
    return "End your turn (+1 notoriety at sky, cresters move, then rest)"


def _take(s: GameState, a: Action) -> str:
    stack = s.stacks[a.arg - 1]
    return f"Take {s.components.card(stack[-1]).name} from stack {a.arg} ({plural(len(stack), 'card')})"


def _done(s: GameState, a: Action) -> str:
    f = s.frames[-1]
    step = f["step"] if f["k"] == "battle" else ""
    return "Do not play False Flag" if step.endswith("flag") else "Play no more bonuses"


def _rest(s: GameState, a: Action) -> str:
    ship = s.ships[_seat(s)]
    if a.arg is None:
        after = ship.morale - 1
        return f"Rest: lose 1 morale ({ship.morale} → {after})" + (": the ship is lost!" if after < 1 else "")
    return f"Rest: discard {s.components.card(a.arg).name}"


def _plunder(s: GameState, a: Action) -> str:
    f = s.frames[-1]
    loser = f["loser"] if f["k"] == "plunder" else -1
    return f"Plunder a {a.arg} from player {loser + 1}"


for _verb in SHIP_MOVES:
    GRAMMAR.handle(_verb, describe=_ship_move)
GRAMMAR.handle("row", describe=_row)
GRAMMAR.handle("order", describe=_order)
GRAMMAR.handle("buy", describe=_buy)
GRAMMAR.handle("play", describe=_play)
GRAMMAR.handle("pickup", describe=_pickup)
GRAMMAR.handle("drop", describe=_drop)
GRAMMAR.handle("end", describe=_end)
GRAMMAR.handle("take", describe=_take)
GRAMMAR.handle("cannons", describe=lambda s, a: f"Fire {plural(a.arg, 'cannon')}")
GRAMMAR.handle("token", describe=lambda s, a: f"Play a +2 token (+{s.components.token_hits} hits)")
GRAMMAR.handle("done", describe=_done)
GRAMMAR.handle("rest", describe=_rest)
GRAMMAR.handle("place_red", describe=lambda s, a: f"Place the new red crester at {where(s, s.planet.index[a.arg])}")
GRAMMAR.handle("plunder", describe=_plunder)
GRAMMAR.handle("reds", describe=lambda s, a: describe_routes(a.arg))


def describe(s: GameState, a: Action) -> str:
    """A plain sentence for an action open now (``"Chance: ..."`` when no captain decides)."""
    if a.verb not in SHIP_MOVES and decider(s) < 0:
        return f"Chance: {a}"
    verb = GRAMMAR.verbs.get(a.verb)
    if verb is not None and verb.describe is not None:
        try:
            text: str = verb.describe(s, a)
            return text
        except (KeyError, IndexError, ValueError, TypeError, AttributeError):
            pass  # an action that makes no sense here is described by its text
    return str(a)
