"""What the widgets show, computed from the rules: pieces, destinations, panels, prompts, text.

The widgets in ``windward_widgets`` draw these plain structures and turn clicks
into the actions listed here; no rule lives in a widget. Everything here is
read-only: a state is never changed (moves are tried on clones).

>>> import windward_nb as ww
>>> from windward_nb.windward import view
>>> g = ww.scenario(players=2, wind=3, ships=[{"pos": "0,-3"}, {"pos": "port"}], reds=[])
>>> [p["text"] for p in view.board_view(g.state)["pieces"] if p["kind"] == "ship"]
["Player 1's blue ship", "Player 2's green ship, at the Trading Post"]
>>> d = view.destinations(g.state)
>>> south_east = g.state.planet.index[(1, -3)]
>>> [(str(x.action), x.cost) for x in d[south_east]]
[('move SE', 0)]
>>> view.decision_prompt(g.state)
"Player 1's turn (round 1): 4 speed and 2 mates left."
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from collections.abc import Iterable

from . import battle as battle_rules
from . import engine, movement, orders
from .actions import Action
from .engine import CHANCE, TERMINAL, decider
from .hexgrid import direction_name, format_hex, opposite
from .state import ABOARD, ITEM_KINDS, PORT, GameState
from .describe import BUY_TEXT, CREW_EFFECT_TEXT, ORDER_TITLES  # noqa: F401  (kept for readers of view)
from .describe import crew_effect, order_title as _order_title
from .outlook import STEP_INDEX
from .rules import RULES

__all__ = [
    "Destination", "board_view", "ship_board_view", "destinations", "click_action", "describe_action",
    "decision_prompt", "battle_view", "battle_outlook", "text_summary", "reach_view", "legal_action_rows",
    "seat_name", "odds_module", "max_cannons", "RouteMark", "route_options", "route_marks",
]

SKY_ORDER_LIST = ("drop", "rowers", "speed", "process", "research")
PORT_ORDER_LIST = ("supplies", "morale", "cannon", "hire")
ITEM_TEXT = {"gas": ("gas", "gas"), "grey_teeth": ("grey crester tooth", "grey crester teeth"),
             "red_teeth": ("red crester tooth", "red crester teeth"), "tokens": ("+2 token", "+2 tokens")}
ITEM_LABEL = {"gas": "{}g", "grey_teeth": "{}t", "red_teeth": "{}t", "tokens": "{}+"}
STEP_TITLES = {
    "a_cannons": "attacker fires cannons", "a_flag": "attacker may play False Flag",
    "d_flag": "defender may play False Flag", "a_roll": "attacker rolls", "d_cannons": "defender fires cannons",
    "d_roll": "defender rolls", "a_bonus": "attacker adds bonuses", "d_bonus": "defender adds bonuses",
    "resolve": "result",
}


# =============================================================================== small helpers
def seat_name(s: GameState, seat: int) -> str:
    """``"Player 2 (green)"``."""
    return f"Player {seat + 1} ({s.ships[seat].colour})"


def _where(s: GameState, pos: int) -> str:
    return "the Trading Post" if pos == PORT or pos == 0 else s.planet.describe(pos)


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _hex_index(s: GameState, pos: int) -> int:
    """Board index of a position (a ship at port sits on the Trading Post, index 0)."""
    return 0 if pos == PORT else pos


def odds_module():
    """``windward_nb.odds`` if it is importable and has ``battle_odds``, else ``None``."""
    try:
        from . import odds
    except Exception:  # noqa: BLE001 - the odds module is optional for the views
        return None
    return odds if hasattr(odds, "battle_odds") else None


# =============================================================================== the board
def board_view(s: GameState) -> dict[str, Any]:
    """Every piece on the planet as plain dicts for :meth:`BoardWidget.update_pieces`.

    A piece: ``kind`` (ship, longboat, grey, red, white, item), ``hex`` (board
    index; a ship at port stands on the Trading Post, index 0), ``colour``
    (a ship colour name, or grey/red/white/gas/grey_teeth/red_teeth/tokens),
    ``alive``, ``label`` (short text drawn on the piece) and ``text`` (what a
    hover or a screen reader says), plus ``seat``/``boat``/``item`` where they apply.
    """
    p = s.planet
    pieces: list[dict[str, Any]] = []
    boat_at = {}
    for seat, ship in enumerate(s.ships):
        for b, pos in enumerate(ship.boats):
            if pos >= 0:
                boat_at[pos] = (seat, b)
    for seat, ship in enumerate(s.ships):
        text = f"Player {seat + 1}'s {ship.colour} ship"
        if ship.pos == PORT:
            text += ", at the Trading Post"
        if ship.hold:
            text += f", a defeated {ship.hold} crester in the hold"
        pieces.append({"kind": "ship", "hex": _hex_index(s, ship.pos), "colour": ship.colour, "alive": True,
                       "label": str(seat + 1), "text": text, "seat": seat, "at_port": ship.pos == PORT})
    for seat, ship in enumerate(s.ships):
        for b, pos in enumerate(ship.boats):
            if pos < 0:
                continue
            text = f"Player {seat + 1}'s {ship.colour} longboat" + (f" {b + 1}" if len(ship.boats) > 1 else "")
            if pos in s.greys_down:
                text += ", towing a defeated grey crester"
            pieces.append({"kind": "longboat", "hex": pos, "colour": ship.colour, "alive": True,
                           "label": str(seat + 1), "text": text, "seat": seat, "boat": b})
    for h in s.greys:
        pieces.append({"kind": "grey", "hex": h, "colour": "grey", "alive": True, "label": "", "text": "grey crester"})
    for h in s.greys_down:
        if h in boat_at:
            seat, b = boat_at[h]
            text = f"defeated grey crester, towed by player {seat + 1}'s longboat"
        else:
            text = "defeated grey crester, adrift"
        pieces.append({"kind": "grey", "hex": h, "colour": "grey", "alive": False, "label": "", "text": text,
                       "towed": h in boat_at})
    for h in s.reds:
        pieces.append({"kind": "red", "hex": h, "colour": "red", "alive": True, "label": "", "text": "red crester"})
    for h in s.reds_down:
        pieces.append({"kind": "red", "hex": h, "colour": "red", "alive": False, "label": "",
                       "text": "defeated red crester"})
    if s.white >= 0:
        pieces.append({"kind": "white", "hex": s.white, "colour": "white", "alive": True, "label": "",
                       "text": "the White Crester"})
    for h in sorted(s.items):
        row = s.items[h]
        for kind, n in zip(ITEM_KINDS, row):
            if n:
                one, many = ITEM_TEXT[kind]
                pieces.append({"kind": "item", "hex": h, "colour": kind, "alive": True,
                               "label": ITEM_LABEL[kind].format(n), "text": _plural(n, one, many), "item": kind,
                               "count": n})
    return {
        "pieces": pieces,
        "wind": s.wind,
        "current": s.current,
        "decider": decider(s),
        "at_port": [seat for seat, ship in enumerate(s.ships) if ship.pos == PORT],
        "round": s.round,
        "planet": str(p),
    }


# =============================================================================== destinations
@dataclass(frozen=True)
class Destination:
    """A way to reach a hex now: the action(s) to apply, in order, and what it costs."""

    hex: int
    actions: tuple[Action, ...]
    cost: int  # ship speed for ship moves, longboat speed for rows, 0 for placements
    piece: str  # "ship", "boat 1", "boat 2", "red", "white"
    text: str

    @property
    def action(self) -> Action:
        return self.actions[0]

    @property
    def free(self) -> bool:
        return self.cost == 0

    @property
    def slide(self) -> bool:
        """A free slide of several downwind steps."""
        return len(self.actions) > 1


def _ship_move_text(s: GameState, a: Action) -> str:
    return describe_action(s, a)


def _slide(s: GameState, first: Action) -> list[tuple[int, tuple[Action, ...]]]:
    """Further free downwind steps after ``first`` (itself free), as long as each is legal
    and no battle starts before the last one. Returns (hex, actions) for each extra step."""
    out: list[tuple[int, tuple[Action, ...]]] = []
    t = s.clone()
    engine.apply(t, first, check=False)
    path = [first]
    step = Action("move", s.wind)
    while not t.frames and decider(t) == s.current and t.ships[s.current].pos >= 0:
        if engine.why_illegal(t, step) is not None or movement.move_cost(t, "move", s.wind) != 0:
            break
        target = movement.ship_target(t, "move", s.wind)
        engine.apply(t, step, check=False)
        path.append(step)
        out.append((target, tuple(path)))
        if len(path) > 2 * s.planet.radius + 2:
            break
    return out


def destinations(s: GameState, piece: str | None = None, slides: bool = True) -> dict[int, list[Destination]]:
    """Board hexes that a single click can reach now, for whoever decides.

    ``piece`` limits the result to ``"ship"``, ``"boat 1"`` (2, ...) or a
    placement (``"red"``, ``"white"``); ``None`` gives all. Each hex maps to its
    :class:`Destination` entries, cheapest first. With ``slides`` a free
    downwind move is followed further downwind (a multi-step free slide).
    """
    out: dict[int, list[Destination]] = {}
    if s.over or decider(s) < 0:
        return out

    def add(d: Destination) -> None:
        if piece is not None and d.piece != piece:
            return
        lst = out.setdefault(d.hex, [])
        if any(x.actions == d.actions for x in lst):
            return
        lst.append(d)

    legal = engine.legal_actions(s)
    free_moves = []
    for a in legal:
        v = a.verb
        if v in ("move", "leave", "zephyr", "around", "enter") and not s.frames:
            target = movement.ship_target(s, v, a.arg)
            cost = movement.move_cost(s, v, a.arg)
            add(Destination(_hex_index(s, target), (a,), cost, "ship", describe_action(s, a)))
            if v == "move" and cost == 0:
                free_moves.append(a)
        elif v == "row":
            b, d = a.arg
            target = s.planet.nbr[s.ships[s.current].boats[b]][d - 1]
            add(Destination(target, (a,), 1, f"boat {b + 1}", describe_action(s, a)))
        elif v in ("place_red", "place_white"):
            h = s.planet.index[a.arg]
            add(Destination(h, (a,), 0, v[6:], describe_action(s, a)))
    if slides and (piece in (None, "ship")):
        for a in free_moves:
            for h, path in _slide(s, a):
                if h in out and any(x.piece == "ship" for x in out[h]):
                    continue
                text = f"Slide {len(path)} spaces downwind ({direction_name(s.wind)}) to {_where(s, h)} (free)"
                add(Destination(h, path, 0, "ship", text))
    for lst in out.values():
        lst.sort(key=lambda d: (d.piece != "ship", d.cost, len(d.actions)))
    return out


# =============================================================================== the red cresters' routes
@dataclass(frozen=True)
class RouteMark:
    """A space the table marks while the Solo Adventure's player chooses the red cresters' routes:
    in ``stop`` of the outcomes still open one more red crester stops there (beyond those picked),
    in ``attack`` one more attacks the ship from there; ``text`` says so."""

    hex: int
    stop: tuple[str, ...]
    attack: tuple[str, ...]
    text: str


def _route_picks_match(plan: Any, picks: Iterable[tuple[str, int]]) -> bool:
    stops: dict[int, int] = {}
    attacks: dict[int, int] = {}
    for role, h in picks:
        got = attacks if role == "attack" else stops
        got[h] = got.get(h, 0) + 1
    return (all(plan.ends.count(h) >= n for h, n in stops.items())
            and all(plan.froms.count(h) >= n for h, n in attacks.items()))


def route_options(s: GameState, picks: Iterable[tuple[str, int]] = ()) -> list[Action]:
    """The outcomes of the red cresters' move open to the resting player now (Solo Adventure,
    chosen routes) that keep every space picked so far: ``("stop", hex)`` for a red crester that
    stops there, ``("attack", hex)`` for one that attacks the ship from there; a space picked
    twice needs two red cresters. Empty when there is no such choice to make."""
    from .cresters import red_route_plans

    if s.over or not s.frames or s.frames[-1]["k"] != "reds" or decider(s) < 0:
        return []
    picks = list(picks)
    legal = set(engine.legal_actions(s))
    return [p.action(s) for p in red_route_plans(s) if _route_picks_match(p, picks) and p.action(s) in legal]


def route_marks(s: GameState, picks: Iterable[tuple[str, int]] = ()) -> dict[int, RouteMark]:
    """The spaces to mark on the board for the open route outcomes (see :func:`route_options`):
    each red crester's possible end spaces, and the spaces reds could attack the ship from. A
    click on a mark keeps only the outcomes with a red stopping (or attacking from) there."""
    from .cresters import red_route_plans

    picks = list(picks)
    open_ = {str(a) for a in route_options(s, picks)}
    if not open_:
        return {}
    taken_stop: dict[int, int] = {}
    taken_attack: dict[int, int] = {}
    for role, h in picks:
        got = taken_attack if role == "attack" else taken_stop
        got[h] = got.get(h, 0) + 1
    stop: dict[int, list[str]] = {}
    attack: dict[int, list[str]] = {}
    for plan in red_route_plans(s):
        text = str(plan.action(s))
        if text not in open_:
            continue
        for h in set(plan.ends):
            if plan.ends.count(h) > taken_stop.get(h, 0):
                stop.setdefault(h, []).append(text)
        for h in set(plan.froms):
            if plan.froms.count(h) > taken_attack.get(h, 0):
                attack.setdefault(h, []).append(text)
    n = len(open_)
    out: dict[int, RouteMark] = {}
    for h in sorted(set(stop) | set(attack)):
        a, b = tuple(stop.get(h, ())), tuple(attack.get(h, ()))
        parts = []
        if a:
            parts.append(f"a red crester stops here in {len(a)} of {_plural(n, 'outcome')}")
        if b:
            parts.append(f"one attacks your ship from here in {len(b)} of {_plural(n, 'outcome')}")
        out[h] = RouteMark(h, a, b, f"{_where(s, h)}: " + "; ".join(parts))
    return out


def movable_pieces(s: GameState) -> list[tuple[str, str]]:
    """(label, key) for each piece the decider can move now: the ship and longboats out on the planet."""
    out: list[tuple[str, str]] = []
    if s.over or s.frames or decider(s) < 0:
        return out
    ship = s.ships[s.current]
    out.append(("ship", "ship"))
    for b, pos in enumerate(ship.boats):
        if pos >= 0:
            out.append((f"longboat {b + 1}", f"boat {b + 1}"))
    return out


def click_action(s: GameState, index: int, piece: str | None = None) -> tuple[Action | None, tuple[str, str] | None]:
    """The action a click on ``index`` asks for when no legal destination ends there.

    Returns ``(action, None)`` when one action would end there (it is illegal;
    applying it raises the engine's :class:`IllegalActionError`), or
    ``(None, (rule, reason))`` when no single action reaches the hex.
    """
    p = s.planet
    who = decider(s)
    if s.over:
        return None, ("Ending the Game", s.result or "the game is over")
    if who < 0:
        return None, ("Taking a Turn", "waiting for a chance roll")
    if s.frames:
        f: Any = s.frames[-1]
        if f["k"] == "place_red":
            return Action("place_red", p.cells[index]), None
        return None, ("Taking a Turn", decision_prompt(s))
    ship = s.ships[s.current]
    candidates: list[Action] = []
    if piece in (None, "ship"):
        if ship.pos == PORT:
            if index in p.port_ring:
                candidates.append(Action("leave", p.port_ring.index(index) + 1))
        else:
            if index in p.nbr[ship.pos]:
                d = p.nbr[ship.pos].index(index) + 1
                candidates.append(Action("enter") if index == 0 else Action("move", d))
            if p.terrain[index] == "zephyr" and index != ship.pos:
                candidates.append(Action("zephyr", p.cells[index]))
            if p.corner_link.get(ship.pos) == index:
                candidates.append(Action("around"))
    for b, pos in enumerate(ship.boats):
        if pos >= 0 and piece in (None, f"boat {b + 1}") and index in p.nbr[pos]:
            candidates.append(Action("row", (b, p.nbr[pos].index(index) + 1)))
    if candidates:
        return candidates[0], None
    where = _where(s, index)
    if piece and piece.startswith("boat"):
        return None, ("Move Longboats", f"{where} is not next to your {piece.replace('boat', 'longboat')}; "
                                        "a longboat rows one space at a time")
    if ship.pos == index or (ship.pos == PORT and index == 0):
        return None, ("Move Ship", "your ship is already there")
    if ship.pos == PORT:
        return None, ("Trading Post", f"from the Trading Post a ship can only sail to one of its six neighbours, "
                                      f"not to {where}")
    cost = movement.reach_costs(s).get(index)
    need = ("it cannot be reached this turn" if cost is None
            else f"reaching it this turn needs {_plural(cost, 'speed', 'speed')} in several moves; "
                 f"you have {s.turn.speed}")
    return None, ("Move Ship", f"{where} is not one move away from your ship ({need})")


# =============================================================================== words
def describe_action(s: GameState, a: Action | str) -> str:
    """A plain sentence for an action open now (for menus, buttons and screen readers).

    Each verb's sentence is the rules' own (:meth:`WindwardRules.describe
    <windward_nb.windward.rules.WindwardRules.describe>`, attached to the verb).
    """
    return RULES.describe(s, Action.parse(a))


def legal_action_rows(s: GameState) -> list[tuple[str, str]]:
    """(description, action text) for each legal action of whoever decides now."""
    if decider(s) < 0:
        return []
    return [(describe_action(s, a), str(a)) for a in engine.legal_actions(s)]


def decision_prompt(s: GameState) -> str:
    """One sentence saying who decides what now."""
    if s.over:
        return s.result or "The game is over."
    who = decider(s)
    if who == CHANCE:
        return "Waiting for a chance roll."
    if who == TERMINAL:
        return "The game is over."
    name = f"Player {who + 1}"
    if not s.frames:
        t = s.turn
        extra = f" and {_plural(t.coffee, 'coffee order')}" if t.coffee else ""
        return f"{name}'s turn (round {s.round}): {t.speed} speed and {_plural(t.mates, 'mate')}{extra} left."
    f: Any = s.frames[-1]
    k = f["k"]
    if k == "rest":
        return f"{name} rests at sky: discard a supply card or lose 1 morale."
    if k == "take":
        return f"{name} takes supply cards: choose a stack ({_plural(f['n'], 'card')} to take)."
    if k == "place_red":
        return f"{name} places a new red crester in territory {f['t']}."
    if k == "place_white":
        return f"{name} places the White Crester."
    if k == "reds":
        return f"{name} chooses the red cresters' routes toward the ship."
    if k == "plunder":
        return f"{name} plunders player {f['loser'] + 1}'s cargo: choose {_plural(f['n'], 'item')}."
    if k == "battle":
        bv = battle_view(s)
        assert bv is not None  # a battle frame is on top
        return f"{bv['title']} {bv['prompt']}"
    return f"{name}: {engine._waiting_for(s)}."


# =============================================================================== ship boards
def ship_board_view(s: GameState, seat: int) -> dict[str, Any]:
    """Everything on one captain's ship status board, with the actions its buttons apply.

    Each order, purchase and card lists ``actions`` (legal now, as text, with a
    description) and, when none is legal, ``reason`` (why not).
    """
    comp = s.components
    lim = comp.limits
    ship = s.ships[seat]
    board = comp.board(ship.colour)
    who = decider(s)
    deciding = who == seat
    legal = engine.legal_actions(s) if deciding else []
    legal_text = {str(a): a for a in legal}
    waiting = None if deciding else decision_prompt(s)

    def status(a: Action) -> tuple[bool, str | None]:
        if str(a) in legal_text:
            return True, None
        if not deciding:
            return False, waiting
        refusal = engine.why_illegal(s, a)
        return False, (f"{refusal[1]} [{refusal[0]}]" if refusal else None)

    orders_out = []
    turn = s.turn if seat == s.current else None
    for where, names in (("sky", SKY_ORDER_LIST), ("port", PORT_ORDER_LIST)):
        for name in names:
            if name == "research" and not ("naturalist" in s.variants and ship.colour == "purple"):
                continue
            if name == "process" and "naturalist" in s.variants and ship.colour == "purple":
                continue
            covered = bool(turn and name in turn.orders)
            if name == "hire":
                acts = [a for a in legal if a.verb == "order" and str(a.arg).startswith("hire ")]
                ok = bool(acts)
                reason = None if ok else (waiting if not deciding else
                                          status(Action("order", "hire " + comp.crew_names[0]))[1])
            else:
                a = Action("order", name)
                ok, reason = status(a)
                acts = [a] if ok else []
            orders_out.append({"name": name, "title": _order_title(s, seat, name), "where": where,
                               "covered": covered, "legal": ok, "reason": reason,
                               "actions": [(str(a), describe_action(s, a)) for a in acts]})
    hand = []
    for card in sorted(set(ship.hand)):
        spec = comp.card(card)
        acts = [a for a in legal if a.verb == "play" and (a.arg == card or (isinstance(a.arg, tuple) and a.arg[0] == card))]
        rest = [a for a in legal if a.verb == "rest" and a.arg == card]
        reason = None
        if not acts:
            if not deciding:
                reason = waiting
            elif spec.kind == "hits":
                reason = "a hit card is played in a battle, after the dice are rolled"
            elif spec.kind == "battle_start":
                reason = "False Flag is played at the start of a battle, before any dice are rolled"
            else:
                probe = Action("play", (card, 1 + s.wind % 6)) if card == "aerogenerator" else Action("play", card)
                reason = status(probe)[1]
        hand.append({"card": card, "name": spec.name, "count": ship.hand.count(card), "effect": spec.effect,
                     "kind": spec.kind, "legal": bool(acts), "reason": reason,
                     "actions": [(str(a), describe_action(s, a)) for a in acts],
                     "rest": [(str(a), describe_action(s, a)) for a in rest]})
    trading = []
    if ship.pos == PORT:
        for item in ("cannon", "rum", "notoriety", "supplies"):
            a = Action("buy", item)
            ok, reason = status(a)
            trading.append({"item": item, "title": BUY_TEXT[item], "price": comp.prices[item], "legal": ok,
                            "reason": reason, "action": str(a)})
        for name in comp.crew_names:
            a = Action("buy", "crew " + name)
            ok, reason = status(a)
            trading.append({"item": "crew " + name, "title": f"{name} ({crew_effect(s, name)})",
                            "price": comp.prices["crew"], "legal": ok, "reason": reason, "action": str(a)})
    hire = []
    for name in comp.crew_names:
        a = Action("order", "hire " + name)
        ok, reason = status(a)
        hire.append({"name": name, "effect": crew_effect(s, name), "legal": ok, "reason": reason,
                     "action": str(a), "available": orders.crew_available(s, name)})
    boats = [{"boat": b, "where": "aboard" if pos == ABOARD else s.planet.label(pos),
              "hex": None if pos == ABOARD else pos} for b, pos in enumerate(ship.boats)]
    return {
        "seat": seat, "name": f"Player {seat + 1}", "colour": ship.colour, "current": seat == s.current,
        "deciding": deciding, "where": _where(s, ship.pos), "at_port": ship.pos == PORT,
        "morale": ship.morale, "morale_max": lim["morale_max"],
        "longboat_speed": ship.rowers, "longboat_speed_max": lim["longboat_speed_max"],
        "speed_left": turn.speed if turn else None, "mates_left": turn.mates if turn else None,
        "coffee": turn.coffee if turn else 0, "coffee_tokens": turn.coffee_tokens if turn else 0,
        "orders_covered": list(turn.orders) if turn else [],
        "gas": ship.gas, "gas_slots": s.gas_slots(seat), "cannons": ship.cannons, "cannon_slots": s.cannon_slots(seat),
        "hold": ship.hold, "grey_teeth": ship.grey_teeth, "red_teeth": ship.red_teeth, "tokens": ship.tokens,
        "crew": [{"name": c, "slot": comp.crew_slot[c], "effect": crew_effect(s, c)} for c in ship.crew],
        "longboats": boats, "hand": hand, "hand_size": len(ship.hand), "hand_limit": s.hand_limit(seat),
        "orders": orders_out, "hire": hire, "trading_post": trading,
        "notoriety": [{"seat": i, "name": f"Player {i + 1}", "colour": sh.colour, "notoriety": sh.notoriety}
                      for i, sh in enumerate(s.ships)],
        "goal": lim["notoriety_goal"], "board": board.colour,
    }


# =============================================================================== battles
def _battle_frame(s: GameState) -> Any:
    if s.frames and s.frames[-1]["k"] == "battle":
        return s.frames[-1]
    return None


def _steps_for(f: Any) -> list[str]:
    out = []
    for step in battle_rules.STEPS:
        if step == "a_cannons" and f["att"] != "ship":
            continue
        if step == "d_cannons" and f["def"] != "ship":
            continue
        if step == "a_flag" and f["att"] != "longboat":
            continue
        if step == "d_flag" and f["def"] not in battle_rules.PLAYER_KINDS:
            continue
        if step == "a_bonus" and f["att"] not in battle_rules.PLAYER_KINDS:
            continue
        if step == "d_bonus" and f["def"] not in battle_rules.PLAYER_KINDS:
            continue
        out.append(step)
    return out


def battle_odds_args(s: GameState, cannons: int | None = None) -> dict[str, Any] | None:
    """Keyword arguments of :func:`windward_nb.odds.battle_odds` for the battle in progress,
    before any die is rolled; ``cannons`` is the choice being considered by whoever is
    firing now. A defender ship that has not chosen yet is assumed to fire all its cannons."""
    f = _battle_frame(s)
    if f is None:
        return None
    step = f["step"]
    args: dict[str, Any] = {"attacker": f["att"], "defender": f["def"]}
    for side, role in (("a", "attacker"), ("d", "defender")):
        if f.get(side + "_n", 1) != 1:  # reds fighting together, attacking or attacked (rulings V1, V10)
            args[f"{role}_count"] = f[side + "_n"]
    for side, role in (("a", "attacker"), ("d", "defender")):
        kind = f["att"] if side == "a" else f["def"]
        seat = f[side + "_seat"]
        if kind not in battle_rules.PLAYER_KINDS:
            continue
        ship = s.ships[seat]
        if kind == "ship":
            firing_now = step == f"{side}_cannons"
            if firing_now:
                n = ship.cannons if cannons is None else cannons
            elif STEP_INDEX[step] > STEP_INDEX[f"{side}_cannons"]:
                n = f[side + "_str"] - battle_rules.strength(s, f, side, 0)  # already spent
            else:
                n = ship.cannons
            args[f"{role}_cannons"] = n
            args[f"{role}_morale"] = ship.morale
        if ship.crew:
            args[f"{role}_crew"] = list(ship.crew)
        if ship.tokens:
            args[f"{role}_tokens"] = ship.tokens
        cards = battle_rules.hit_cards(s, seat)
        if cards:
            args[f"{role}_cards"] = cards
    return args



def battle_outlook(s: GameState, cannons: int | None = None) -> dict[str, Any] | None:
    """Exact odds of the battle in progress from the attacker's side (``win``/``tie``/``loss``),
    with ``cannons`` fired by whoever chooses now, ``ship_lost`` (chance each side's ship is
    lost, for the sides that are ships), the dice each side rolls and a ``note`` on what is
    assumed; at a bonus step, ``if_stop``: the result if whoever adds bonuses stops now.

    Every figure is :func:`windward_nb.windward.outlook.battle_now`: the rules' own count of
    dice and hits at the current step (tested against the engine in
    ``tests/test_battle_differential.py``). ``None`` without a battle.
    """
    from . import outlook

    f = _battle_frame(s)
    if f is None:
        return None
    o = outlook.battle_now(s, cannons)
    assert o is not None  # a battle frame is on top
    step = f["step"]
    a, d = outlook.battle_sides(s, cannons)  # type: ignore[misc]
    out: dict[str, Any] = {"win": float(o.win), "tie": float(o.tie), "loss": float(o.loss),
                           "ship_lost": {side: float(p) for side, p in o.ship_lost.items()},
                           "attacker_dice": o.attacker_dice, "defender_dice": o.defender_dice,
                           "attacker_hits": a.hits, "defender_hits": d.hits}
    crew = []
    for who, side in (("attacker", a), ("defender", d)):
        extra = side.hits - f[("a" if who == "attacker" else "d") + "_bonus"]
        if extra:
            crew.append(f"the {who}'s crew adds {extra} hits")
    if a.rolled is None:
        note = "before the dice; both sides play bonuses as well as they can"
        if d.cannons is not None and STEP_INDEX[step] < STEP_INDEX["d_cannons"]:
            note += f"; assumes the defender fires all {d.cannons} of its cannons"
    elif d.rolled is None:
        note = (f"the attacker rolled {a.rolled} hits; sums over the defender's {d.dice} dice, both sides "
                "playing bonuses as well as they can")
    else:
        note = "both rolls are known; the result if both sides play their best bonuses from here"
        stop = outlook.if_stopped(s)
        if stop is not None:
            out["if_stop"] = {1: "the attacker wins", 0: "a tie", -1: "the defender wins"}[stop]
    out["note"] = note + ("; " + "; ".join(crew) if crew else "")
    return out


def battle_view(s: GameState) -> dict[str, Any] | None:
    """The battle in progress: parties, steps in order, dice, bonuses, totals, and who decides."""
    f = _battle_frame(s)
    if f is None:
        return None
    step = f["step"]
    who = battle_rules.decider(f)
    sides = {}
    for side in ("a", "d"):
        kind = f["att"] if side == "a" else f["def"]
        seat = f[side + "_seat"]
        sides[side] = {
            "kind": kind, "seat": seat, "name": battle_rules.party_name(s, kind, seat),
            "dice_count": f[side + "_str"], "dice": list(f[side + "_dice"]), "bonus": f[side + "_bonus"],
            "rolled": bool(f[side + "_dice"]) or STEP_INDEX[step] > STEP_INDEX[side + "_roll"],
            "cannons_left": s.ships[seat].cannons if kind == "ship" else 0,
            "tokens": s.ships[seat].tokens if kind in battle_rules.PLAYER_KINDS else 0,
            "hit_cards": battle_rules.hit_cards(s, seat) if kind in battle_rules.PLAYER_KINDS else [],
        }
    a_tot, d_tot = battle_rules.totals(s, f)
    steps = []
    for st in _steps_for(f):
        state = "done" if STEP_INDEX[st] < STEP_INDEX[step] else ("now" if st == step else "to come")
        steps.append({"step": st, "title": STEP_TITLES[st], "state": state})
    title = (f"Battle at {s.planet.label(f['hex'])}: {sides['a']['name']} attacks {sides['d']['name']}.")
    if who < 0:
        prompt = "Rolling the dice."
    else:
        role = "attacker" if step.startswith("a_") else "defender"
        prompt = {
            "cannons": f"Player {who + 1} ({role}): how many cannons to fire?",
            "flag": f"Player {who + 1} ({role}): play False Flag to call off the battle?",
            "bonus": f"Player {who + 1} ({role}): add hit cards or +2 tokens, or stop?",
        }[step[2:]]
    return {
        "title": title, "prompt": prompt, "step": step, "decider": who, "steps": steps,
        "attacker": sides["a"], "defender": sides["d"], "hex": f["hex"],
        "totals": (a_tot, d_tot), "both_rolled": sides["a"]["rolled"] and sides["d"]["rolled"],
        "choice_max": s.ships[who].cannons if step.endswith("cannons") and who >= 0 else 0,
        "actions": [(str(a), describe_action(s, a)) for a in engine.legal_actions(s)] if who >= 0 else [],
    }


def max_cannons(crew: Iterable[str] = (), components=None, colour: str | None = None) -> int:
    """Cannon slots of a ship with this crew (the board's slots plus crew bonuses)."""
    from .components import load_components

    comp = components or load_components()
    board = comp.board(colour) if colour else max(comp.boards, key=lambda b: b.cannon_slots)
    return board.cannon_slots + sum(comp.crew_effects.get(c, {}).get("cannon_slots", 0) for c in crew)


# =============================================================================== reach map
def reach_view(s: GameState, index: int, wind: int | None = None, seat: int | None = None,
               danger_within: int | None = None) -> dict[str, Any]:
    """What a ship of ``seat`` (default: the current player) on board index ``index`` could
    reach this turn with the given wind: ``costs`` (board index -> least speed, from
    :func:`windward_nb.windward.movement.reach_costs` on a copy of the state), ``pieces`` (the board
    with the ship moved there), ``wind`` and ``speed`` (the ship speed of a fresh turn).

    With ``danger_within`` (a speed), ``danger`` maps each space within that speed where the
    rest would not be safe to what it brings (:func:`windward_nb.windward.forecast.rest_forecast`
    on the same copy): ``attackers`` (``[(kind, spaces it moves, how many)]``), ``lose_battle``,
    ``lose_ship``, ``lose_game`` and ``text``. Empty when the turn cannot end now (a battle
    or another decision is pending)."""
    from . import forecast

    t = s.clone()
    seat = t.current if seat is None else seat
    t.current = seat
    t.ships[seat].pos = PORT if index == 0 else index
    if wind is not None:
        t.wind = wind
    costs = movement.reach_costs(t, seat)
    out = {"costs": {_hex_index(t, h): c for h, c in costs.items()}, "pieces": board_view(t)["pieces"],
           "wind": t.wind, "speed": t.components.limits["ship_speed"], "seat": seat, "danger": {}}
    if danger_within is not None and seat == s.current:
        here = {h: c for h, c in out["costs"].items() if c <= danger_within}
        here[_hex_index(t, t.ships[seat].pos)] = 0
        for h in sorted(here):
            if not forecast.reaches_at_rest(t, h):
                continue
            f = forecast.rest_forecast(t, h)
            if f is None:
                continue
            out["danger"][h] = {"attackers": [(a.kind, a.steps, a.count) for a in f.attackers],
                                "lose_battle": f.lose_battle, "lose_ship": f.lose_ship, "lose_game": f.lose_game,
                                "text": forecast.danger_text(t, h, safer=False) or ""}
    return out


# =============================================================================== text summary
def text_summary(s: GameState, names: Iterable[str] | None = None) -> str:
    """Every piece, the wind and whose turn it is, in plain text (screen readers, printing)."""
    p = s.planet
    names = list(names) if names else [f"Player {i + 1}" for i in range(s.players)]
    lines = [
        f"Windward, {s.mode}, {s.players} players, planet {p}. Round {s.round}, turn {s.turn_number}.",
        f"Wind {s.wind} ({direction_name(s.wind)}): blowing toward territory {s.wind}; "
        f"ships sail free toward {direction_name(s.wind)} and never toward {direction_name(opposite(s.wind))}.",
        f"Now: {decision_prompt(s)}",
        "Captains:",
    ]
    for seat, ship in enumerate(s.ships):
        boats = ", ".join("aboard" if b == ABOARD else f"at {p.label(b)}" for b in ship.boats)
        extras = []
        if ship.hold:
            extras.append(f"a defeated {ship.hold} crester in the hold")
        if ship.grey_teeth or ship.red_teeth:
            extras.append(f"{ship.grey_teeth} grey and {ship.red_teeth} red teeth")
        if ship.tokens:
            extras.append(_plural(ship.tokens, "+2 token"))
        if ship.crew:
            extras.append("crew " + ", ".join(ship.crew))
        turn = " (to play)" if seat == s.current and not s.over else ""
        lines.append(
            f"  {names[seat]}{turn}, {ship.colour} ship at {_where(s, ship.pos)}: notoriety {ship.notoriety}, "
            f"morale {ship.morale}, gas {ship.gas}/{s.gas_slots(seat)}, cannons {ship.cannons}/{s.cannon_slots(seat)}, "
            f"longboat speed {ship.rowers}, {_plural(len(ship.hand), 'card')} in hand, longboats {boats}"
            + ("; " + "; ".join(extras) if extras else "") + ".")
    lines.append("On the planet:")
    by_hex: dict[int, list[str]] = {}
    for piece in board_view(s)["pieces"]:
        if piece["kind"] == "ship":
            continue
        by_hex.setdefault(piece["hex"], []).append(piece["text"])
    if not by_hex:
        lines.append("  nothing but the ships.")
    for h in sorted(by_hex, key=lambda i: (p.territory[i], i)):
        lines.append(f"  {_where(s, h)}: " + "; ".join(by_hex[h]) + ".")
    lines.append(f"Supply stacks: {', '.join(str(len(x)) for x in s.stacks)} cards face up; "
                 f"{len(s.discard)} discarded.")
    return "\n".join(lines)


def format_hexes(s: GameState, indices: Iterable[int]) -> str:
    return ", ".join(format_hex(s.planet.cells[i]) for i in indices)


# =============================================================================== the coach (re-exported)
# The "What now?" line, dangerous actions, the common-act buttons, typed actions and the
# while-you-waited summary live in :mod:`windward_nb.windward.coach`; a table reads them from here.
from .coach import coach, danger, dangers, read_typed, turn_buttons, while_you_waited  # noqa: E402

__all__ += ["coach", "danger", "dangers", "read_typed", "turn_buttons", "while_you_waited"]

