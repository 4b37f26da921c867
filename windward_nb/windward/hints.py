"""Why a captain might take an action: the one-line reasons of the coach's hints.

:func:`explain` is Windward's ``rules.explain`` hook (see :mod:`windward_nb.core.hint`):
the core's search says *which* actions win most often; this says *why*, in the
game's words and with exact numbers from :mod:`windward_nb.windward.odds`: the
chance to win the battle an action starts or fights, the notoriety a tooth is
worth at the Trading Post, the gas a pickup brings, the morale a rest keeps.

>>> import windward_nb as ww
>>> g = ww.scenario(players=2, wind=3, reds=["1,-3"],
...                 ships=[{"pos": "0,-3", "cannons": 3, "morale": 3, "crew": ["Marine"]}, {"pos": "port"}])
>>> explain(g.state, 0, g.rules.parse("move SE"))
'attack the red crester at 1,-3: 74% to win the battle with 3 cannons; +4 notoriety if you bring the tooth home'

The state given is the captain's own view of the position (a determinization), so a
reason never gives away another captain's hand.
"""

from __future__ import annotations

from typing import Any

from . import battle as battle_rules
from . import engine, movement
from .actions import Action
from .describe import describe
from .state import PORT, GameState

__all__ = ["explain", "battle_chance"]

MOVES = frozenset({"move", "leave", "zephyr", "around"})


def _lc(text: str) -> str:
    return text[:1].lower() + text[1:] if text[:1].isupper() and not text[1:2].isupper() else text


def _pct(p: float) -> str:
    return f"{round(100 * p)}%"


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _teeth_worth(s: GameState, kind: str) -> int:
    return int(s.components.teeth_notoriety[kind])


def _frame(s: GameState) -> Any:
    return s.frames[-1] if s.frames and s.frames[-1]["k"] == "battle" else None


def battle_chance(s: GameState, seat: int, cannons: int | None = None) -> float | None:
    """``seat``'s exact chance to win the battle in progress (``cannons``: the choice being
    weighed by whoever fires now), or ``None`` without a battle."""
    from .odds import battle_odds
    from .view import STEP_INDEX, battle_odds_args, battle_outlook

    f = _frame(s)
    if f is None:
        return None
    if STEP_INDEX[f["step"]] <= STEP_INDEX["a_roll"]:       # no die rolled yet
        args = battle_odds_args(s, cannons)
        if args is None:
            return None
        o = battle_odds(**args)
        win, loss = float(o.win), float(o.loss)
    else:
        out = battle_outlook(s, cannons)
        if out is None:
            return None
        win, loss = float(out["win"]), float(out["loss"])
    return win if f["a_seat"] == seat and f["att"] in battle_rules.PLAYER_KINDS else loss


def _prize(s: GameState, seat: int, kind: str, other: int) -> str:
    """What winning against ``kind`` brings ``seat``."""
    ship = s.ships[seat]
    if kind == "red":
        if ship.hold:
            return f"your hold is full ({ship.hold} crester), so the defeated crester stays on its space"
        return f"+{_teeth_worth(s, 'red')} notoriety if you bring the tooth home"
    if kind == "grey":
        return f"tow it away: a grey tooth is +{_teeth_worth(s, 'grey')} notoriety at the Trading Post"
    if kind == "white":
        return f"+{s.components.raw['white_crester']['notoriety']} notoriety for the White Crester"
    if kind == "ship":
        them = s.ships[other]
        cargo = them.grey_teeth + them.red_teeth + them.tokens
        line = f"they lose morale ({them.morale} now)"
        if cargo:
            line += f"; sink them and you plunder half of their {_plural(cargo, 'piece')} of cargo"
        return line
    if kind == "longboat":
        return "their longboat goes back to its ship"
    return ""


def _foe(s: GameState, f: Any, seat: int) -> tuple[str, int, str]:
    """(kind, seat, words) of the party ``seat`` fights in battle ``f``."""
    side = "d" if f["a_seat"] == seat and f["att"] in battle_rules.PLAYER_KINDS else "a"
    kind, other = f["def" if side == "d" else "att"], f[side + "_seat"]
    if kind in ("ship", "longboat"):
        words = f"player {other + 1}'s {kind}"
    elif kind == "white":
        words = "the White Crester"
    else:
        words = f"the {kind} crester" if f.get("a_n", 1) == 1 or side == "d" else f"{f['a_n']} red cresters"
    return kind, other, words


def _fighting(s: GameState, seat: int) -> str:
    f = _frame(s)
    return "attacking" if f is not None and f["a_seat"] == seat and f["att"] in battle_rules.PLAYER_KINDS \
        else "defending"


def _attack(s: GameState, seat: int, a: Action) -> str | None:
    """A move or a row that starts a battle: its odds and its prize (``None`` if none starts)."""
    t = s.clone()
    engine.perform(t, a)
    f = _frame(t)
    if f is None or seat not in (f["a_seat"], f["d_seat"]):
        return None
    kind, other, words = _foe(t, f, seat)
    at = s.planet.label(f["hex"])
    p = battle_chance(t, seat)
    if p is None:
        return None
    ship = t.ships[seat]
    arms = ""
    if f["att"] == "ship" and f["a_seat"] == seat:
        arms = f" with {_plural(ship.cannons, 'cannon')}" if ship.cannons else " with no cannons"
    line = f"attack {words} at {at}: {_pct(p)} to win the battle{arms}"
    prize = _prize(t, seat, kind, other)
    return line + (f"; {prize}" if prize else "")


def _move(s: GameState, seat: int, a: Action) -> str:
    fight = _attack(s, seat, a)
    if fight is not None:
        return fight
    target = movement.ship_target(s, a.verb, a.arg) if a.verb in MOVES else PORT
    base = _lc(describe(s, a))
    if a.verb == "enter":
        ship = s.ships[seat]
        worth = ship.grey_teeth * _teeth_worth(s, "grey") + ship.red_teeth * _teeth_worth(s, "red")
        if worth:
            return f"enter the Trading Post: your teeth become +{worth} notoriety"
        if ship.gas:
            return f"enter the Trading Post: buy with your {ship.gas} gas"
        return "enter the Trading Post: give orders there, and a turn ended at port rests your crew"
    finds = []
    gas = s.item_count(target, "gas")
    if gas:
        finds.append(f"{gas} gas")
    teeth = s.item_count(target, "red_teeth") + s.item_count(target, "grey_teeth")
    if teeth:
        finds.append(_plural(teeth, "tooth", "teeth"))
    tokens = s.item_count(target, "tokens")
    if tokens:
        finds.append(_plural(tokens, "+2 token"))
    down = [k for k, lst in (("red", s.reds_down), ("grey", s.greys_down)) if target in lst]
    if down:
        finds.append(f"a defeated {down[0]} crester")
    return base + (f"; there: {', '.join(finds)} to pick up" if finds else "")


def _row(s: GameState, seat: int, a: Action) -> str:
    return _attack(s, seat, a) or _lc(describe(s, a))


def _pickup(s: GameState, seat: int, a: Action) -> str:
    ship = s.ships[seat]
    h = ship.pos
    if a.arg == "teeth":
        worth = (s.item_count(h, "grey_teeth") * _teeth_worth(s, "grey")
                 + s.item_count(h, "red_teeth") * _teeth_worth(s, "red"))
        return f"pick up the teeth: +{worth} notoriety at the Trading Post"
    if a.arg == "gas":
        n = min(s.item_count(h, "gas"), s.gas_slots(seat) - ship.gas)
        price = s.components.prices["notoriety"]
        return f"pick up {n} gas (gas buys notoriety at {price} a point, cannons and crew at the Trading Post)"
    if a.arg == "crester":
        return _lc(describe(s, a)) + ": process it into a tooth and gas"
    return _lc(describe(s, a))


def _order(s: GameState, seat: int, a: Action) -> str:
    ship = s.ships[seat]
    if a.arg == "process" and ship.hold:
        gas = min(ship.morale + s.crew_bonus(seat, "process_gas"), s.gas_slots(seat) - ship.gas)
        return (f"process the {ship.hold} crester: a tooth (+{_teeth_worth(s, ship.hold)} notoriety at the "
                f"Trading Post) and {gas} gas")
    if a.arg == "cannon":
        return f"fill a cannon: {_plural(ship.cannons + 1, 'cannon')}, one more die in your next battle"
    if a.arg == "speed":
        return f"+1 speed this turn ({s.turn.speed + 1} left)"
    return _lc(describe(s, a))


def _buy(s: GameState, seat: int, a: Action) -> str:
    ship = s.ships[seat]
    if a.arg == "notoriety":
        return (f"buy 1 notoriety for {s.components.prices['notoriety']} gas "
                f"({ship.notoriety} -> {ship.notoriety + 1})")
    if a.arg == "cannon":
        return f"buy a cannon: {_plural(ship.cannons + 1, 'cannon')}, one more die in your next battle"
    return _lc(describe(s, a))


def _cannons(s: GameState, seat: int, a: Action) -> str:
    f = _frame(s)
    assert f is not None
    _, _, words = _foe(s, f, seat)
    p = battle_chance(s, seat, int(a.arg))
    kept = s.ships[seat].cannons - int(a.arg)
    towards = "at" if _fighting(s, seat) == "attacking" else "back at"
    line = f"fire {_plural(int(a.arg), 'cannon')} {towards} {words}"
    if p is not None:
        line += f": {_pct(p)} to win the battle"
    return line + (f", keeping {kept} for later" if kept > 0 else "")


def _in_battle(s: GameState, seat: int, a: Action) -> str:
    """A bonus, a token, False Flag or *done*: the battle after it."""
    f = _frame(s)
    text = _lc(describe(s, a))
    if f is None:
        return text
    t = s.clone()
    ev = engine.perform(t, a)
    ended = [e for e in ev if e.kind in ("BattleEnded", "BattleCalledOff")]
    if ended:
        e = ended[0]
        if e.kind == "BattleCalledOff":
            p = battle_chance(s, seat)
            return "call the battle off with False Flag" + ("" if p is None else f" (you had {_pct(p)} to win it)")
        won = e.data.get("winner")
        mine = "attacker" if f["a_seat"] == seat and f["att"] in battle_rules.PLAYER_KINDS else "defender"
        if won == "tie":
            return text + f": the battle ends in a tie at {e.data.get('attack')} hits each"
        score = f"{max(e.data.get('attack', 0), e.data.get('defence', 0))} to " \
                f"{min(e.data.get('attack', 0), e.data.get('defence', 0))}"
        return text + (f": you win the battle {score}" if won == mine else f": you lose the battle {score}")
    p = battle_chance(t, seat) if _frame(t) is not None else None
    return text + ("" if p is None else f": then {_pct(p)} to win the battle")


def _rest(s: GameState, seat: int, a: Action) -> str:
    ship = s.ships[seat]
    if a.arg is None:
        if ship.morale <= 1:
            return f"lose 1 morale ({ship.morale} -> {ship.morale - 1}): your ship is lost"
        return f"lose 1 morale ({ship.morale} -> {ship.morale - 1}) and keep your {_plural(len(ship.hand), 'card')}"
    return f"discard {s.components.card(a.arg).name} and keep your morale at {ship.morale}"


def _end(s: GameState, seat: int, a: Action) -> str:
    ship = s.ships[seat]
    if ship.pos == PORT:
        return "end your turn at the Trading Post (your crew rests)"
    if ship.pos < 0 or s.frames:
        return _lc(describe(s, a))
    from .cresters import rest_attackers
    from .odds import battle_odds

    here = f"end your turn at sky on {s.planet.label(ship.pos)}"
    threats = rest_attackers(s, seat, ship.pos)
    reds = sum(1 for t in threats if t.startswith("red@"))
    if not threats:
        return here + ": no crester can reach you there at rest"
    kind, count = ("red", reds) if reds else ("white", 1)
    o = battle_odds(attacker=kind, defender="ship", attacker_count=count, defender_cannons=ship.cannons,
                    defender_crew=list(ship.crew), defender_morale=ship.morale, defender_tokens=ship.tokens,
                    defender_cards=battle_rules.hit_cards(s, seat))
    who = "the White Crester" if kind == "white" else ("a red crester" if count == 1 else f"{count} red cresters")
    line = f"{here}: {who} can reach you at rest ({_pct(float(o.loss))} to beat {'them' if count > 1 else 'it'} off"
    lost = float(o.ship_lost.get("defender", 0.0))
    return line + (f", {_pct(lost)} to lose your ship)" if lost >= 0.005 else ")")


def _plunder(s: GameState, seat: int, a: Action) -> str:
    if a.arg == "red tooth":
        return f"plunder a red tooth: +{_teeth_worth(s, 'red')} notoriety at the Trading Post"
    if a.arg == "grey tooth":
        return f"plunder a grey tooth: +{_teeth_worth(s, 'grey')} notoriety at the Trading Post"
    return _lc(describe(s, a))


REASONS = {"move": _move, "leave": _move, "zephyr": _move, "around": _move, "enter": _move, "row": _row,
           "pickup": _pickup, "order": _order, "buy": _buy, "cannons": _cannons, "token": _in_battle,
           "done": _in_battle, "rest": _rest, "end": _end, "plunder": _plunder}


def explain(s: GameState, seat: int, a: Action) -> str:
    """One line on what ``a`` does for ``seat`` here, with the numbers that matter."""
    handler = REASONS.get(a.verb)
    if a.verb == "play" and _frame(s) is not None:
        handler = _in_battle
    line = handler(s, seat, a) if handler is not None else _lc(describe(s, a))
    return line.rstrip(".")
