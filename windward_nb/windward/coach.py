"""The table's coach: what the deciding captain can do now, in the game's words.

Everything a play table needs to guide a newcomer, computed from the rules and
never from widget code:

* :func:`coach` -- the "What now?" line for every kind of decision (a turn at
  port or at sky, each battle step, the rest at sky, taking supply cards,
  plunder, placing cresters, cashing teeth, releasing a tagged crester).
* :func:`danger` / :func:`dangers` -- actions that lose the ship (or the game),
  discard the last supply card, or end the turn with speed or mates unused; a
  table asks twice before applying them and never pre-selects them.
* :func:`turn_buttons` -- the common acts (End turn, Pick up, Leave port /
  Enter port, Process crester), each with its legal actions or why not.
* :func:`read_typed` -- a friendly answer to a typed action: the action, or a
  reason with the closest valid actions ("Did you mean: move N, move NE?").
* :func:`while_you_waited` -- what happened to one captain while others played.

>>> import windward_nb as ww
>>> g = ww.scenario(players=2, wind=3, ships=[{"pos": "port", "gas": 1}, {"pos": "port"}], reds=[])
>>> print(coach(g.state).text)
Player 1, you are at the Trading Post: give up to 2 orders, buy with your 1 gas, then sail out (1 speed). Speed 4, mates 2.
>>> danger(g.state, "end turn")
'This ends your turn with 4 speed and 2 mates unused.'
>>> read_typed(g.state, "leave port nrth").suggestions[:2]
('leave port N', 'leave port NE')
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Iterable, Sequence

from . import battle as battle_rules
from . import engine, forecast, movement, teamplay
from .actions import Action
from .engine import CHANCE, TERMINAL, decider
from ..core.errors import IllegalActionError
from ..core.view import Coach  # the family's coach line; Windward's kinds are DECISION_KINDS
from .hexgrid import direction_name, opposite
from .state import PORT, GameState

__all__ = ["Coach", "coach", "danger", "dangers", "turn_buttons", "Typed", "read_typed", "while_you_waited",
           "DECISION_KINDS", "log_by_turn", "TURN_BUTTONS"]

#: every kind of decision the coach knows (``Coach.kind``)
DECISION_KINDS = ("turn_port", "turn_sky", "battle_cannons", "battle_flag", "battle_bonus", "rest", "take",
                  "plunder", "place_red", "place_white", "teeth", "release", "reds", "chance", "over")

MOVE_VERBS = frozenset({"move", "leave", "enter", "zephyr", "around"})


# =============================================================================== small words
def _name(s: GameState, seat: int, names: Sequence[str] | None) -> str:
    if names and 0 <= seat < len(names) and names[seat]:
        return str(names[seat])
    return f"Player {seat + 1}"


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _join(parts: Sequence[str], last: str = "and") -> str:
    parts = [p for p in parts if p]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + f" {last} " + parts[-1]


def _tail(s: GameState) -> str:
    t = s.turn
    out = f"Speed {t.speed}, mates {t.mates}"
    if t.coffee:
        out += f", coffee orders {t.coffee}"
    ship = s.ships[s.current]
    if any(b >= 0 for b in ship.boats):
        out += f", longboat speed {ship.rowers}"
    return out + "."


def _legal(s: GameState) -> list[Action]:
    return engine.legal_actions(s)


def _order_titles(s: GameState, legal: Iterable[Action]) -> list[str]:
    from .describe import order_title as _order_title

    seen: list[str] = []
    for a in legal:
        if a.verb != "order":
            continue
        name = "hire" if str(a.arg).startswith("hire ") else a.arg
        title = _order_title(s, s.current, name)
        if title not in seen:
            seen.append(title)
    return seen


# =============================================================================== the coach line
def coach(s: GameState, names: Sequence[str] | None = None) -> Coach:
    """The "What now?" line for whoever decides in ``s`` (see :class:`Coach`).

    ``names`` (one per seat) replaces "Player N" where given.
    """
    if s.over:
        return Coach(-1, "over", f"The game is over. {s.result}".strip(), ())
    who = decider(s)
    if who == CHANCE:
        return Coach(-1, "chance", "Rolling the dice (chance decides).", ())
    if who == TERMINAL:
        return Coach(-1, "over", "The game is over.", ())
    name = _name(s, who, names)
    if not s.frames:
        return _turn(s, name)
    f: Any = s.frames[-1]
    k = f["k"]
    if k == "battle":
        return _battle(s, f, who, names)
    if k == "rest":
        return _rest(s, name)
    if k == "take":
        ship = s.ships[who]
        stacks = [i + 1 for i, st in enumerate(s.stacks) if st]
        text = (f"{name}, take supply cards: click a stack ({_join([str(i) for i in stacks], 'or')}); "
                f"{_plural(f['n'], 'more card')} to take, hand {len(ship.hand)} of {s.hand_limit(who)}.")
        return Coach(who, "take", text, ("Each stack's top card is face up: the button names it.",))
    if k == "plunder":
        what = [w for w, key in (("red tooth", "red"), ("grey tooth", "grey"), ("+2 token", "tok")) if f[key] > 0]
        text = (f"{name}, you won and plunder {_name(s, f['loser'], names)}'s cargo: choose "
                f"{_plural(f['n'], 'more item')} ({_join(what, 'or')}).")
        return Coach(who, "plunder", text, ())
    if k == "place_red":
        return Coach(who, "place_red", f"{name}, place a new red crester: click a highlighted space in territory "
                                       f"{f['t']} (any free space there without Drift).", ())
    if k == "place_white":
        return Coach(who, "place_white", f"{name}, place the White Crester: click a highlighted Around-the-Planet "
                                         "corner space.", ())
    if k == "teeth":
        ship = s.ships[who]
        comp = s.components
        notoriety = ship.grey_teeth * comp.teeth_notoriety["grey"] + ship.red_teeth * comp.teeth_notoriety["red"]
        gas = ship.grey_teeth * comp.teeth_gas["grey"] + ship.red_teeth * comp.teeth_gas["red"]
        text = (f"{name}, cash your crester teeth ({ship.grey_teeth} grey, {ship.red_teeth} red): take "
                f"{notoriety} notoriety, or {gas} gas (as much as your gas storage holds).")
        return Coach(who, "teeth", text, ())
    if k == "reds":
        return _routes(s, who, name)
    if k == "release":
        return Coach(who, "release", f"{name}, release the tagged {f['crester']} crester: click an empty space "
                                     "next to your ship.", ())
    return Coach(who, k, f"{name}: {engine._waiting_for(s)}.", ())


def _routes(s: GameState, who: int, name: str) -> Coach:
    """Solo Adventure with chosen routes: the resting player picks how the red cresters come."""
    from .cresters import red_route_plans

    plans = red_route_plans(s)
    attack = sorted({len(p.froms) for p in plans})
    reach = ("none of them reaches your ship" if attack == [0] else
             f"{_join([str(n) for n in attack], 'or')} of them reach your ship" if len(attack) > 1 else
             f"{attack[0]} of them reach{'es' if attack[0] == 1 else ''} your ship")
    text = (f"{name}, choose the red cresters' routes: each takes a shortest route toward your ship, and "
            f"{_plural(len(plans), 'outcome')} differ in where they stop ({reach}). The board marks where "
            "each red can stop: click one to narrow the choice, or pick an outcome from the list.")
    hints = ("Red cresters that reach your ship attack together (5 dice each).",
             "Two red cresters on one space move and attack together later: 10 dice.")
    return Coach(who, "reds", text, hints)


def _turn(s: GameState, name: str) -> Coach:
    ship = s.ships[s.current]
    legal = _legal(s)
    verbs = {a.verb for a in legal}
    t = s.turn
    hints: list[str] = []
    can: list[str] = []
    orders_open = _order_titles(s, legal)
    n_orders = t.mates + t.coffee
    if orders_open:
        can.append(f"give {'up to ' if n_orders > 1 else ''}{_plural(n_orders, 'order')}")
    playable = sorted({s.components.card(a.arg if isinstance(a.arg, str) else a.arg[0]).name
                       for a in legal if a.verb == "play"})
    if playable:
        hints.append(f"From your hand you can play {_join(playable, 'or')}.")
    if ship.pos == PORT:
        if "buy" in verbs:
            can.append(f"buy with your {ship.gas} gas")
        elif ship.gas == 0:
            hints.append("You have no gas to buy with: pick up gas on a gas pocket or process a crester.")
        if s.mode == "cooperative" and "trade" in verbs:
            can.append("trade supply cards with captains in port")
        if "leave" in verbs:
            can.append("sail out (1 speed)")
        else:
            hints.append("No speed left to sail out: end your turn here.")
        text = f"{name}, you are at the Trading Post: " + (
            ", ".join(can[:-1]) + ", then " + can[-1] if len(can) > 1 else (can[0] if can else "end your turn"))
        text += f". {_tail(s)}"
        plan = teamplay.plan_words(s)
        if plan:
            hints.insert(0, plan)
        if s.mode == "solo":
            hints.append("Ending your turn at port loses the Solo Adventure: sail out before you end it.")
        elif s.mode == "cooperative":
            hints.append("Ending your turn at port: the White Crester moves toward the Trading Post, then +1 morale.")
        else:
            gain = s.components.board(ship.colour).rest_at_port
            hints.append(f"Ending your turn at port rests your crew: +{gain} morale.")
        return Coach(s.current, "turn_port", text, tuple(hints))

    # at sky
    where = s.planet.label(ship.pos)
    moves = [a for a in legal if a.verb in ("move", "zephyr", "around")]
    if moves:
        free = any(movement.move_cost(s, a.verb, a.arg) == 0 for a in moves)
        paid = t.speed > 0
        wind = direction_name(s.wind)
        if paid:
            can.insert(0, f"sail (free toward {wind}, 1 speed otherwise, never {direction_name(opposite(s.wind))})")
        elif free:
            can.insert(0, f"sail downwind toward {wind} (free)")
    if "enter" in verbs:
        can.append("enter port (1 speed)")
    elif 0 in s.planet.nbr[ship.pos] and ship.hold:
        hints.append("A ship with a crester in its hold cannot enter port: process it first.")
    pick = [a for a in legal if a.verb == "pickup"]
    if pick:
        from .rules import RULES

        def describe_action(s: Any, a: Any) -> str:
            return RULES.describe(s, Action.parse(a))

        can.append(_join([describe_action(s, a)[0].lower() + describe_action(s, a)[1:] for a in pick]))
    if any(a.verb == "row" for a in legal):
        can.append(f"row a longboat ({ship.rowers} longboat speed)")
    if s.mode == "solo":
        end = "end your turn (rest, then the red cresters hunt you)"
    elif s.mode == "cooperative":
        end = "end your turn (rest, then the White Crester and the reds here move)"
    else:
        end = "end your turn (rest, the reds here move, +1 notoriety)"
    text = f"{name}, you are at sky on {where}: "
    text += (_join(can, "or") + "; then " if can else "") + end + f". {_tail(s)}"
    rest, outlook = forecast.rest_words(s)
    if rest:
        hints.insert(0, "If you end your turn here: " + rest[0].lower() + rest[1:])
    elif outlook is not None and outlook.safe:
        hints.insert(0, "If you end your turn here, no crester can reach you at the rest.")
    plan = teamplay.plan_words(s)
    if plan:
        hints.insert(1 if hints else 0, plan)
    hints.append("Resting at sky: discard a supply card or lose 1 morale.")
    if ship.hold:
        proc = "Research Crester" if _is_naturalist(s) else "Process Crester"
        hints.append(f"A defeated {ship.hold} crester is in your hold: {proc} (an order) turns it into "
                     + ("a tag and gas." if _is_naturalist(s) else "a tooth and gas."))
    if ship.morale <= 1 and not ship.hand:
        hints.append("Morale 1 and no supply card: resting at sky would lose your ship. Get a card or reach port.")
    if "naturalist" in s.variants and _is_naturalist(s):
        hints.append("The Naturalist tags cresters (Research Crester) and scores for tagged cresters at rest.")
    return Coach(s.current, "turn_sky", text, tuple(hints))


def _is_naturalist(s: GameState) -> bool:
    # the Naturalist is the captain of the ship board the component set names (see modes.naturalist)
    return "naturalist" in s.variants and s.ships[s.current].colour == s.components.raw["naturalist"]["colour"]


def _rest(s: GameState, name: str) -> Coach:
    ship = s.ships[s.current]
    hints: list[str] = []
    if not ship.hand:
        text = f"{name}, rest at sky: you hold no supply card, so you lose 1 morale ({ship.morale} → {ship.morale - 1})."
        if ship.morale <= 1:
            text += " Your ship will be lost and limp back to port."
        return Coach(s.current, "rest", text, ())
    text = (f"{name}, rest at sky: discard one of your {_plural(len(ship.hand), 'supply card')} or lose 1 morale "
            f"({ship.morale} → {ship.morale - 1}).")
    if ship.morale <= 1:
        hints.append("Morale 1: losing it loses your ship. Discard a card instead.")
    if len(ship.hand) == 1:
        hints.append("It is your last supply card.")
    return Coach(s.current, "rest", text, tuple(hints))


def _battle(s: GameState, f: Any, who: int, names: Sequence[str] | None) -> Coach:
    step = f["step"]
    side = "a" if step.startswith("a_") else "d"
    role = "attacker" if side == "a" else "defender"
    name = _name(s, who, names)

    def party(kind: str, seat: int) -> str:
        if kind in battle_rules.PLAYER_KINDS:
            owner = "your" if seat == who else f"{_name(s, seat, names)}'s"
            return f"{owner} {kind}"
        return battle_rules.party_name(s, kind, seat)

    a_party, d_party = party(f["att"], f["a_seat"]), party(f["def"], f["d_seat"])
    title = f"Battle at {s.planet.label(f['hex'])}: {a_party} attacks {d_party}"
    if f.get("a_n", 1) > 1:
        title = f"Battle at {s.planet.label(f['hex'])}: {f['a_n']} red cresters attack {d_party}"
    ship = s.ships[who]
    hints: list[str] = []
    odds = _odds_hint(s, f, side)
    if odds:
        hints.append(odds)
    if step in ("a_cannons", "d_cannons"):
        base = f[side + "_str"]
        if ship.cannons:
            text = (f"{title}. {name} ({role}): fire how many of your {_plural(ship.cannons, 'cannon')}? "
                    f"You roll {_plural(base, 'die', 'dice')} plus one per cannon fired.")
        else:
            text = (f"{title}. {name} ({role}): you have no cannons; fire 0 and roll "
                    f"{_plural(base, 'die', 'dice')}.")
        if step == "d_cannons" and f["a_dice"]:
            text += f" The attacker rolled {_plural(sum(f['a_dice']), 'hit')}."
        if step == "a_cannons" and "false_flag" in ship.hand:
            hints.append("Or play False Flag to call the battle off before any dice are rolled.")
        return Coach(who, "battle_cannons", text, tuple(hints))
    if step in ("a_flag", "d_flag"):
        text = (f"{title}. {name} ({role}): play False Flag to call the battle off (the attacker falls back), "
                "or let it go on.")
        return Coach(who, "battle_flag", text, tuple(hints))
    a_tot, d_tot = battle_rules.totals(s, f)
    mine, theirs = (a_tot, d_tot) if side == "a" else (d_tot, a_tot)
    extras = []
    cards = battle_rules.hit_cards(s, who)
    if cards:
        extras.append("hit cards (" + _join(sorted({s.components.card(c).name for c in cards})) + ")")
    if ship.tokens:
        extras.append(f"+2 tokens ({ship.tokens})")
    state = "ahead" if mine > theirs else ("level" if mine == theirs else "behind")
    text = (f"{title}. {name} ({role}): {mine} hits against {theirs} ({state}). Add {_join(extras, 'or')}, "
            "or stop (Play no more bonuses).")
    if ((side == "d" or not battle_rules._needs(s, f, "d_bonus"))
            and mine < theirs and f[("d" if side == "a" else "a") + "_str"] is not None):
        hints.append("Stopping now loses the battle.")
    return Coach(who, "battle_bonus", text, tuple(hints))


def _odds_hint(s: GameState, f: Any, side: str) -> str:
    """The battle's exact odds for the side deciding now, before the bonus steps (the battle
    panel's figures, :func:`windward_nb.windward.outlook.battle_now`)."""
    from . import outlook

    step = f["step"]
    if step not in ("a_cannons", "d_cannons", "a_flag", "d_flag"):
        return ""
    o = outlook.battle_now(s)
    if o is None:
        return ""
    win, lose = (float(o.win), float(o.loss)) if side == "a" else (float(o.loss), float(o.win))
    pct = forecast.chance_words
    kind = f["att"] if side == "a" else f["def"]
    how = "firing all your cannons" if step.endswith("cannons") and s.ships[battle_rules.decider(f)].cannons \
        else "fought to the end"
    text = f"Exact odds, {how}: you win {pct(win)}, tie {pct(float(o.tie))}, lose {pct(lose)}"
    lost = float(o.ship_lost.get("attacker" if side == "a" else "defender", 0)) if kind == "ship" else 0.0
    return text + (f"; your ship is lost {pct(lost)} of the time." if lost else ".")


# =============================================================================== danger
def danger(s: GameState, action: Action | str) -> str | None:
    """Why ``action`` deserves a second click, or ``None``.

    Dangerous: an action after which, before any further die is rolled, the
    deciding captain's ship is lost or the game is lost; a rest that discards the
    last supply card; ending the turn with speed or mates that could still be used
    (or at sky with morale 1 and no card, when the rest would lose the ship).
    Illegal actions are not dangerous (the engine refuses them).
    """
    try:
        a = Action.parse(action)
    except ValueError:
        return None
    who = decider(s)
    if who < 0 or engine.why_illegal(s, a) is not None:
        return None
    if a.verb in MOVE_VERBS or a.verb == "row":
        return None  # a move can start a battle, but dice decide it
    ship = s.ships[who]
    t = s.clone()
    ev = engine.apply(t, a, check=False)
    lost = [e for e in ev if e.kind == "ShipLost" and e.data.get("seat") == who]
    over = [e for e in ev if e.kind == "GameOver" and e.data.get("winner") is None]
    if over:
        return f"This loses the game: {over[0].text}"
    if lost:
        return "This loses your ship."
    if a.verb == "rest" and a.arg is not None and len(ship.hand) == 1:
        return "This discards your last supply card."
    if a.verb == "end":
        unused = []
        moves = [x for x in engine.legal_actions(s) if x.verb in MOVE_VERBS]
        if s.turn.speed > 0 and any(movement.move_cost(s, x.verb, x.arg) > 0 for x in moves):
            unused.append(_plural(s.turn.speed, "speed", "speed"))
        if (s.turn.mates or s.turn.coffee) and any(x.verb == "order" for x in engine.legal_actions(s)):
            n = s.turn.mates
            if n:
                unused.append(_plural(n, "mate"))
            if s.turn.coffee:
                unused.append(_plural(s.turn.coffee, "coffee order"))
        if t.frames and t.frames[-1]["k"] == "rest" and not t.ships[who].hand and t.ships[who].morale <= 1:
            first = "This ends your turn at sky with morale 1 and no supply card: the rest will lose your ship."
            return first + (f" You also leave {_join(unused)} unused." if unused else "")
        threat = forecast.danger_text(s, risky_only=True) if ship.pos != PORT else None
        if threat:  # the worst first: what the rest brings, then what is left unused
            return threat + (f" You also leave {_join(unused)} unused." if unused else "")
        if unused:
            return f"This ends your turn with {_join(unused)} unused."
    return None


def dangers(s: GameState) -> dict[str, str]:
    """``{action text: warning}`` for every dangerous legal action of whoever decides."""
    if decider(s) < 0:
        return {}
    out = {}
    for a in engine.legal_actions(s):
        why = danger(s, a)
        if why:
            out[str(a)] = why
    return out


# =============================================================================== common acts
TURN_BUTTONS = (
    ("leave", "Leave port"), ("enter", "Enter port"), ("pickup gas", "Pick up gas"),
    ("pickup teeth", "Pick up teeth"), ("pickup tokens", "Pick up tokens"),
    ("pickup crester", "Pick up crester"), ("pickup longboat", "Pick up longboat"),
    ("process", "Process crester"), ("end", "End turn"),
)


def turn_buttons(s: GameState) -> list[dict[str, Any]]:
    """The common acts of a turn, one dict each, in :data:`TURN_BUTTONS` order.

    ``key``, ``label``, ``actions`` (legal now: ``[(action text, description)]``; Leave
    port has one per direction), ``legal``, ``reason`` (why not, when not legal),
    ``danger`` (``{action text: warning}``) and ``show`` (worth a button where the
    ship is: Leave port only at port, the rest only at sky, End turn always).
    """
    from .rules import RULES

    def describe_action(s: Any, a: Any) -> str:
        return RULES.describe(s, Action.parse(a))

    who = decider(s)
    main = who >= 0 and not s.frames and not s.over
    ship = s.ships[s.current]
    at_port = ship.pos == PORT
    legal = engine.legal_actions(s) if main else []
    out = []
    for key, label in TURN_BUTTONS:
        if key == "leave":
            probe = [Action("leave", d) for d in range(1, 7)]
        elif key == "enter":
            probe = [Action("enter")]
        elif key.startswith("pickup"):
            probe = [Action("pickup", key.split()[1])]
        elif key == "process":
            research = "naturalist" in s.variants and _is_naturalist(s)
            probe = [Action("order", "research" if research else "process")]
            label = "Research crester" if research else label
        else:
            probe = [Action("end")]
        acts = [a for a in probe if a in legal]
        reason = None
        if not acts:
            if s.over:
                reason = "the game is over"
            elif not main:
                reason = "not now: " + (coach(s).text if who >= 0 else "waiting for chance")
            else:
                r = engine.why_illegal(s, probe[0])
                reason = f"{r[1]} [{r[0]}]" if r else "not possible now"
        show = key == "end" or (key == "leave") == at_port
        if key == "process" and at_port:
            show = False
        if key == "pickup longboat":          # only worth a button while a longboat is out
            show = show and any(b >= 0 for b in ship.boats)
        out.append({"key": key, "label": label, "legal": bool(acts), "reason": reason, "show": show,
                    "actions": [(str(a), describe_action(s, a)) for a in acts],
                    "danger": {str(a): w for a in acts if (w := danger(s, a))}})
    return out


# =============================================================================== typed actions
@dataclass(frozen=True)
class Typed:
    """What a typed action means now: ``action`` (legal, ready to apply) or ``message``
    (a friendly reason) and ``suggestions`` (the closest valid actions)."""

    text: str
    action: Action | None = None
    message: str = ""
    suggestions: tuple[str, ...] = field(default_factory=tuple)


def _closest(text: str, legal: Sequence[str], n: int = 4) -> list[str]:
    text = " ".join(text.lower().split())
    if not text or not legal:
        return []
    low = {x.lower(): x for x in legal}
    words = text.split()
    picks: list[str] = []
    # the same first word (verb), ranked by similarity of the rest
    same = [x for x in legal if x.lower().split()[0] == words[0]]
    if len(words) > 1 and same:
        prefix = [x for x in same if x.lower().startswith(" ".join(words[:2]))]
        ranked = sorted(same, key=lambda x: -difflib.SequenceMatcher(None, text, x.lower()).ratio())
        for x in prefix + ranked:
            if x not in picks:
                picks.append(x)
    elif same:
        picks.extend(same)
    for m in difflib.get_close_matches(text, list(low), n=n, cutoff=0.5):
        if low[m] not in picks:
            picks.append(low[m])
    if not picks:  # a word of the text that starts some action ("nrth" -> nothing; "supplies" -> order supplies)
        for w in words:
            for x in legal:
                if w in x.lower().split() and x not in picks:
                    picks.append(x)
    return picks[:n]


def read_typed(s: GameState, text: str) -> Typed:
    """Read an action typed by a person. Never raises for their mistakes.

    A legal action comes back as ``Typed(action=...)``. Otherwise ``message`` says why
    in plain words (an unknown action, or the engine's refusal) and ``suggestions`` lists
    up to four of the legal actions closest to what was typed.

    >>> import windward_nb as ww
    >>> g = ww.scenario(players=2, wind=3, ships=[{"pos": "0,-3"}, {"pos": "port"}], reds=[])
    >>> t = read_typed(g.state, "mvoe se")
    >>> t.action is None, t.message.split(",")[0]
    (True, "'mvoe se' is not an action. Did you mean: move SE")
    >>> read_typed(g.state, "move se").action
    Action('move SE')
    """
    raw = str(text).strip()
    who = decider(s)
    legal = [str(a) for a in engine.legal_actions(s)] if who >= 0 else []
    if not raw:
        return Typed(raw, message="Type an action, e.g. " + (legal[0] if legal else "end turn") + ".")
    try:
        a = Action.parse(raw)
    except (ValueError, TypeError, KeyError, IndexError):
        near = _closest(raw, legal)
        msg = f"'{raw}' is not an action."
        if near:
            msg += " Did you mean: " + ", ".join(near) + "?"
        elif legal:
            msg += " Pick one from the list of legal actions."
        return Typed(raw, message=msg, suggestions=tuple(near))
    if who < 0:
        return Typed(raw, message="Nobody can act now: " + coach(s).text)
    try:
        refusal = engine.why_illegal(s, a)
    except Exception:  # noqa: BLE001 - a malformed argument the engine cannot even judge
        refusal = ("Taking a Turn", f"'{a}' is not possible now")
    if refusal is None:
        return Typed(raw, action=a)
    near = [x for x in _closest(str(a), legal) if x != str(a)]
    msg = f"{refusal[1][0].upper()}{refusal[1][1:]} [{refusal[0]}]."
    if near:
        msg += " Did you mean: " + ", ".join(near) + "?"
    return Typed(raw, message=msg, suggestions=tuple(near))


def check_typed(s: GameState, text: str) -> Action:
    """The legal action ``text`` names, or :class:`IllegalActionError` with :func:`read_typed`'s message."""
    t = read_typed(s, text)
    if t.action is None:
        raise IllegalActionError("Typed action", t.message)
    return t.action


# =============================================================================== while you waited
def while_you_waited(events: Iterable[Any], seat: int, names: Sequence[str] | None = None) -> str:
    """One paragraph on what ``events`` (played while ``seat`` waited) did to that captain.

    ``"While you waited: Player 3 attacked your ship and won; you lost 2 morale."``
    Battles of your ship or longboats, morale lost, a lost ship, plunder, cards
    given and lives lost come first; then the others' notoriety, the wind and the end.
    """
    you: list[str] = []
    others: list[str] = []
    battle: dict[str, Any] | None = None
    gained: dict[int, int] = {}
    wind = None

    def nm(i: int) -> str:
        return names[i] if names and 0 <= i < len(names) and names[i] else f"Player {i + 1}"

    def party(kind: str, seat_: int) -> str:
        if kind in battle_rules.PLAYER_KINDS:
            return nm(seat_) + ("" if kind == "ship" else "'s longboat")
        return battle_rules.party_name(None, kind, seat_)  # type: ignore[arg-type]

    def mine(kind: str, seat_: int) -> bool:
        return seat_ == seat and kind in battle_rules.PLAYER_KINDS

    for e in events:
        k, d = e.kind, e.data
        if k == "BattleStarted":
            battle = d if (mine(d.get("att"), d.get("a_seat")) or mine(d.get("def"), d.get("d_seat"))) else None
        elif k == "BattleEnded" and battle is not None:
            attacking = mine(battle["att"], battle["a_seat"])
            tie = d.get("winner") == "tie"
            att_won = d.get("winner") == "attacker"
            if attacking:
                line = f"your {battle['att']} attacked {party(battle['def'], battle['d_seat'])}"
                line += ": a tie" if tie else (" and won" if att_won else " and lost")
            else:
                line = f"{party(battle['att'], battle['a_seat'])} attacked your {battle['def']}"
                line += ": a tie" if tie else (" and won" if att_won else " and lost")
            you.append(line)
            battle = None
        elif k == "BattleCalledOff" and battle is not None:
            you.append("a battle with you was called off by False Flag")
            battle = None
        elif k == "MoraleChanged" and d.get("seat") == seat and d.get("change", 0) < 0:
            you.append(f"you lost {-d['change']} morale")
        elif k == "Rested" and d.get("seat") == seat and d.get("morale", 0) < 0:
            you.append(f"you lost {-d['morale']} morale resting")
        elif k == "ShipLost" and d.get("seat") == seat:
            you.append("your ship was lost and limped back to port")
        elif k == "Plundered" and d.get("from") == seat:
            you.append(f"{nm(d['seat'])} plundered a {d['item']} from you")
        elif k == "LongboatReturned" and d.get("seat") == seat:
            you.append("your longboat went back to your ship")
        elif k == "CardsTraded" and d.get("to") == seat:
            you.append(f"{nm(d['from'])} gave you a card")
        elif k == "LifeLost":
            you.append(e.text[0].lower() + e.text[1:].rstrip("."))
        elif k == "NotorietyGained" and d.get("seat") is not None:
            gained[d["seat"]] = gained.get(d["seat"], 0) + int(d.get("amount", 0))
        elif k == "WindChanged":
            wind = d.get("wind")
        elif k == "GameOver":
            others.append(e.text.rstrip("."))
    if battle is not None:                 # still being fought: the captain decides next
        if mine(battle["att"], battle["a_seat"]):
            you.append(f"your {battle['att']} is attacking {party(battle['def'], battle['d_seat'])}")
        else:
            you.append(f"{party(battle['att'], battle['a_seat'])} is attacking your {battle['def']}: "
                       "your answer is needed")
    for i, n in sorted(gained.items()):
        if n:
            (others if i != seat else you).append(f"{nm(i) if i != seat else 'you'} gained {n} notoriety")
    if wind is not None:
        others.insert(0, f"the wind turned to {wind} ({direction_name(wind)})")
    if not you:
        you.append("nothing happened to your ship")
    return "While you waited: " + "; ".join(you + others) + "."


def log_by_turn(entries: Iterable[tuple[Any, str, Sequence[Any]]],
                names: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """An event log grouped by turn: newest turn first, oldest line first within a turn.

    ``entries`` are ``(tag, who, events)`` per applied action, oldest first: ``tag`` is put
    before the line (e.g. the ply number), ``who`` after it (e.g. ``"bot"``). An action
    whose events cross the end of a turn is split there. Each group is
    ``{"title": "Round 2 · Player 3's turn", "seat": 2, "round": 2, "lines": [...]}``;
    the events before the first turn form a group titled ``"Setup"``.
    """
    def nm(i: int) -> str:
        return names[i] if names and 0 <= i < len(names) and names[i] else f"Player {i + 1}"

    groups: list[dict[str, Any]] = [{"title": "Setup", "seat": -1, "round": 1, "lines": []}]
    round_no, ended = 1, False

    def new_group() -> None:
        groups.append({"title": "", "seat": -1, "round": round_no, "lines": []})

    for tag, who, events in entries:
        buf: list[str] = []

        def flush(buf: list[str] = buf, tag: Any = tag, who: Any = who) -> None:  # this entry's lines
            if buf:
                head = f"{tag}. " if tag not in (None, "") else ""
                tail = f" ({who})" if who else ""
                groups[-1]["lines"].append(head + " ".join(buf) + tail)
                buf.clear()

        for e in events:
            if ended:                      # whatever follows the end of a turn belongs to the next one
                flush()
                new_group()
                ended = False
            if e.kind == "RoundStarted":
                round_no = int(e.data.get("round", round_no + 1))
                groups[-1]["round"] = round_no
            if e.kind == "TurnStarted":
                if groups[-1]["title"] == "Setup" or groups[-1]["seat"] >= 0:
                    flush()
                    new_group()
                seat = int(e.data.get("seat", 0))
                groups[-1].update(seat=seat, round=round_no, title=f"Round {round_no} · {nm(seat)}'s turn")
                continue
            buf.append(str(e.text))
            if e.kind == "TurnEnded":
                flush()
                ended = True
        flush()
    for g in groups:
        if not g["title"]:
            g["title"] = f"Round {g['round']}"
    return [g for g in reversed(groups) if g["lines"] or g["seat"] >= 0]
