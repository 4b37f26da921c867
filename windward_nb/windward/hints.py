"""Why a captain might take an action: the one-line reasons of the coach's hints.

:func:`explain` is Windward's ``GameView.explain`` hook (see :mod:`windward_nb.core.hint`):
the core's search says *which* actions win most often; this says *why*, in the game's words
and with exact numbers from :mod:`windward_nb.windward.odds`: the chance to win the battle an
action starts or fights, where a move is heading (the plan the search weighed: the teeth or
gas to pick up, the red crester to attack, the Trading Post to sell at, the safe place to
rest) and what waits there, the notoriety a tooth is worth at the Trading Post, how a crew
member or a cannon changes the odds against a red crester, the morale a rest keeps, which
crester can reach a ship that ends its turn. A reason never merely restates the action.

>>> import windward_nb as ww
>>> g = ww.scenario(players=2, wind=3, reds=["1,-3"],
...                 ships=[{"pos": "0,-3", "cannons": 3, "morale": 3, "crew": ["Marine"]}, {"pos": "port"}])
>>> explain(g.state, 0, g.rules.parse("move SE"))
'attack the red crester at 1,-3: 74% to win the battle with 3 cannons; +4 notoriety if you bring the tooth home'
>>> explain(g.state, 0, g.rules.parse("move N"), plan="red@" + str(g.state.planet.index[(1, -3)]))
'toward the red crester at 1,-3: 74% to win the battle with 3 cannons; +4 notoriety if you bring the tooth home'

The state given is the captain's own view of the position (a determinization), so a
reason never gives away another captain's hand.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from ..core.hint import percent
from . import battle as battle_rules
from . import engine, movement
from .actions import Action
from .describe import describe
from .state import PORT, GameState

__all__ = ["explain", "battle_chance"]

MOVES = frozenset({"move", "leave", "zephyr", "around", "enter"})


def _lc(text: str) -> str:
    return text[:1].lower() + text[1:] if text[:1].isupper() and not text[1:2].isupper() else text


def _pct(p: float) -> str:
    return percent(p)


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _teeth_worth(s: GameState, kind: str) -> int:
    return int(s.components.teeth_notoriety[kind])


def _frame(s: GameState) -> Any:
    return s.frames[-1] if s.frames and s.frames[-1]["k"] == "battle" else None


def _label(s: GameState, h: int) -> str:
    return "the Trading Post" if h == PORT else s.planet.label(h)


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


def red_attack_chance(s: GameState, seat: int) -> float:
    """``seat``'s exact chance to beat a red crester it attacks with its ship as it stands."""
    from .odds import battle_odds

    ship = s.ships[seat]
    o = battle_odds(attacker="ship", defender="red", attacker_cannons=ship.cannons, attacker_crew=list(ship.crew),
                    attacker_morale=ship.morale, attacker_tokens=min(ship.tokens, 3),
                    attacker_cards=battle_rules.hit_cards(s, seat))
    return float(o.win)


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


def _finds(s: GameState, h: int) -> list[str]:
    """What lies on space ``h`` to pick up."""
    if h < 0:
        return []
    finds = []
    gas = s.item_count(h, "gas")
    if gas:
        finds.append(f"{gas} gas")
    teeth = s.item_count(h, "red_teeth") + s.item_count(h, "grey_teeth")
    if teeth:
        worth = s.item_count(h, "red_teeth") * _teeth_worth(s, "red") + \
            s.item_count(h, "grey_teeth") * _teeth_worth(s, "grey")
        finds.append(f"{_plural(teeth, 'tooth', 'teeth')} (+{worth} notoriety at the Trading Post)")
    tokens = s.item_count(h, "tokens")
    if tokens:
        finds.append(_plural(tokens, "+2 token"))
    down = [k for k, lst in (("red", s.reds_down), ("grey", s.greys_down)) if h in lst]
    if down:
        finds.append(f"a defeated {down[0]} crester")
    return finds


def _home_worth(s: GameState, seat: int) -> str:
    """What reaching the Trading Post brings ``seat`` now."""
    ship = s.ships[seat]
    worth = ship.grey_teeth * _teeth_worth(s, "grey") + ship.red_teeth * _teeth_worth(s, "red")
    if worth:
        return f"your teeth become +{worth} notoriety"
    if ship.gas >= s.components.prices["notoriety"]:
        return f"your {ship.gas} gas buys notoriety ({s.components.prices['notoriety']} gas a point), cannons or crew"
    return "its orders and purchases are open to you, and a turn ended there rests your crew"


def _rest_risk(s: GameState, seat: int, h: int) -> str:
    """Who can reach ``seat``'s ship if it ends its turn at sky on ``h``, and the odds of that battle:
    the rules' own forecast of the rest (:func:`windward_nb.windward.forecast.rest_forecast`, the
    End-turn warning's numbers) where the turn could end now, else the crester reach and one battle."""
    if h < 0:
        return ""
    from .forecast import chance_words, rest_forecast

    f = rest_forecast(s, h) if seat == s.current else None
    if f is not None:
        if not f.attackers:
            return "no crester can reach you there at rest" + \
                (f" (but the rest itself loses your ship {chance_words(f.lose_ship)} of the time)" if f.lose_ship else "")
        first = f.attackers[0]
        who = "the White Crester" if first.kind == "white" else \
            ("a red crester" if first.count == 1 else f"{first.count} red cresters")
        more = f" and {len(f.attackers) - 1} more" if len(f.attackers) > 1 else ""
        if f.lose_ship:
            odds = f"you lose the battle {chance_words(f.lose_battle)} of the time, your ship {chance_words(f.lose_ship)}"
        elif f.lose_battle:
            odds = f"you lose the battle {chance_words(f.lose_battle)} of the time (not the ship)"
        else:
            odds = "you win or tie every battle"
        return f"{who}{more} can reach you there at rest ({odds})"
    from .cresters import rest_attackers
    from .odds import battle_odds

    threats = rest_attackers(s, seat, h)
    if not threats:
        return "no crester can reach you there at rest"
    ship = s.ships[seat]
    reds = sum(1 for t in threats if t.startswith("red@"))
    kind, count = ("red", reds) if reds else ("white", 1)
    o = battle_odds(attacker=kind, defender="ship", attacker_count=count, defender_cannons=ship.cannons,
                    defender_crew=list(ship.crew), defender_morale=ship.morale, defender_tokens=ship.tokens,
                    defender_cards=battle_rules.hit_cards(s, seat))
    who = "the White Crester" if kind == "white" else ("a red crester" if count == 1 else f"{count} red cresters")
    line = f"{who} can reach you there at rest ({_pct(float(o.loss))} to beat {'them' if count > 1 else 'it'} off"
    lost = float(o.ship_lost.get("defender", 0.0))
    return line + (f", {_pct(lost)} to lose your ship)" if lost >= 0.005 else ")")


def _aim(s: GameState, seat: int, plan: Hashable | None) -> tuple[str, int] | None:
    """(why, space) the plan heads for: the search's own plan, or GreedyBot's best place for ``greedy``."""
    if not isinstance(plan, str) or "@" not in plan:
        if plan != "greedy":
            return None
        from .greedy import GreedyBot, routes

        me = s.ships[seat]
        costs, _ = routes(s, seat)
        for _, h, why in GreedyBot(0).targets(s, seat, me):
            if h != me.pos and h in costs:
                return why, h
        return None
    why, _, at = plan.partition("@")
    try:
        return why, int(at)
    except ValueError:
        return None


def _heading(s: GameState, seat: int, why: str, h: int) -> str | None:
    """Why head for ``h`` (``why`` as in the search's plans), in the game's terms."""
    place = _label(s, h)
    if why == "home" or h == PORT:
        return f"toward the Trading Post: {_home_worth(s, seat)}"
    if why == "red" and h in s.reds:
        p = red_attack_chance(s, seat)
        ship = s.ships[seat]
        arms = f"with {_plural(ship.cannons, 'cannon')}" if ship.cannons else "with no cannons"
        return f"toward the red crester at {place}: {_pct(p)} to win the battle {arms}; {_prize(s, seat, 'red', -1)}"
    if why == "crester":
        kind = "red" if h in s.reds_down else "grey"
        return (f"toward the defeated {kind} crester at {place}: load it, then process it into a tooth "
                f"(+{_teeth_worth(s, kind)} notoriety at the Trading Post) and gas")
    if why == "launch":
        return f"toward {place}, where your longboat can set out for a grey crester"
    if why == "boat":
        return f"toward your longboat at {place}, to take it back aboard"
    if why == "rest":
        return f"toward a place to rest at {place}: {_rest_risk(s, seat, h)}"
    finds = _finds(s, h)
    if finds:
        return f"toward {', '.join(finds)} at {place}"
    return None


def _move(s: GameState, seat: int, a: Action, plan: Hashable | None = None) -> str:
    fight = _attack(s, seat, a)
    if fight is not None:
        return fight
    if a.verb == "enter":
        return f"at the Trading Post {_home_worth(s, seat)}"
    target = movement.ship_target(s, a.verb, a.arg)
    aim = _aim(s, seat, plan)
    if aim is not None and aim[1] != target:
        line = _heading(s, seat, *aim)
        if line is not None:
            return line
    finds = _finds(s, target)
    place = s.planet.label(target)
    left = s.turn.speed - movement.move_cost(s, a.verb, a.arg)
    if finds:
        return f"{', '.join(finds)} to pick up at {place}"
    if aim is not None and aim[0] == "rest":
        return f"a place to rest: {_rest_risk(s, seat, target)}"
    return f"{place} with {max(0, left)} speed left after it; {_rest_risk(s, seat, target)}"


def _row(s: GameState, seat: int, a: Action, plan: Hashable | None = None) -> str:
    fight = _attack(s, seat, a)
    if fight is not None:
        return fight
    t = s.clone()
    engine.perform(t, a)
    n = int(a.arg[0])
    boats = t.ships[seat].boats
    pos = boats[n] if 0 <= n < len(boats) else -1
    left = f"{_plural(t.ships[seat].rowers, 'longboat speed', 'longboat speed')} left"
    if pos < 0:
        return f"your longboat moves on ({left})"
    near = [g for g in t.greys if g in t.planet.nbr[pos]]
    if near:
        return f"your longboat closes in on the grey crester at {t.planet.label(near[0])} ({left})"
    finds = _finds(t, pos)
    if finds:
        return f"{', '.join(finds)} for your longboat at {t.planet.label(pos)}"
    return f"your longboat reaches {t.planet.label(pos)} ({left})"


def _pickup(s: GameState, seat: int, a: Action, plan: Hashable | None = None) -> str:
    ship = s.ships[seat]
    h = ship.pos
    if a.arg == "teeth":
        worth = (s.item_count(h, "grey_teeth") * _teeth_worth(s, "grey")
                 + s.item_count(h, "red_teeth") * _teeth_worth(s, "red"))
        return f"+{worth} notoriety once you bring them to the Trading Post"
    if a.arg == "gas":
        n = min(s.item_count(h, "gas"), s.gas_slots(seat) - ship.gas)
        price = s.components.prices["notoriety"]
        return (f"{_plural(n, 'more gas', 'more gas')} ({ship.gas + n} of {s.gas_slots(seat)} slots): gas buys "
                f"notoriety at {price} a point, cannons and crew at the Trading Post")
    if a.arg == "crester":
        kind = "red" if h in s.reds_down else "grey"
        gas = min(ship.morale + s.crew_bonus(seat, "process_gas"), s.gas_slots(seat) - ship.gas)
        return (f"process it into a tooth (+{_teeth_worth(s, kind)} notoriety at the Trading Post) and about "
                f"{_plural(max(0, gas), 'gas', 'gas')}")
    if a.arg == "tokens":
        n = s.item_count(h, "tokens")
        return f"{_plural(n, '+2 token')}: each adds 2 hits in a battle ({_plural(ship.tokens + n, 'token')} then)"
    if a.arg == "longboat":
        return "your longboat back aboard, ready to set out again"
    return _effect(s, seat, a) or _lc(describe(s, a))


def _drop(s: GameState, seat: int, a: Action, plan: Hashable | None = None) -> str:
    ship = s.ships[seat]
    if a.arg == "crester":
        return f"frees your hold for another crester (you give up the {ship.hold} one's tooth and gas)"
    if a.arg == "teeth":
        worth = ship.grey_teeth * _teeth_worth(s, "grey") + ship.red_teeth * _teeth_worth(s, "red")
        return f"leaves teeth worth +{worth} notoriety on the planet, where anyone may pick them up"
    if a.arg == "tokens":
        return f"leaves your {_plural(ship.tokens, '+2 token')} here: {2 * ship.tokens} fewer hits in your battles"
    return _effect(s, seat, a) or _lc(describe(s, a))


def _crew_odds(s: GameState, seat: int, a: Action) -> str:
    """How an action changes ``seat``'s odds against a red crester it attacks (or '')."""
    t = s.clone()
    try:
        engine.perform(t, a)
    except ValueError:
        return ""
    before, after = red_attack_chance(s, seat), red_attack_chance(t, seat)
    if round(100 * before) == round(100 * after):
        return ""
    return f"your odds against a red crester go from {_pct(before)} to {_pct(after)}"


def _order(s: GameState, seat: int, a: Action, plan: Hashable | None = None) -> str:
    ship = s.ships[seat]
    if a.arg == "process" and ship.hold:
        gas = min(ship.morale + s.crew_bonus(seat, "process_gas"), s.gas_slots(seat) - ship.gas)
        return (f"turns the {ship.hold} crester in your hold into a tooth (+{_teeth_worth(s, ship.hold)} notoriety "
                f"at the Trading Post) and {gas} gas")
    if a.arg == "cannon":
        return f"{_plural(ship.cannons + 1, 'cannon')}, one more die in your next battle; {_crew_odds(s, seat, a)}" \
            .rstrip("; ")
    if a.arg == "speed":
        return f"{s.turn.speed + 1} speed left this turn instead of {s.turn.speed}"
    if a.arg == "drop" and ship.pos >= 0:
        return _launch(s, seat)
    return _bought(s, seat, a)


def _launch(s: GameState, seat: int) -> str:
    """Putting the longboat out here: how far the nearest grey crester is, and the boat's speed."""
    from .hexgrid import distance

    p = s.planet
    here = p.cells[s.ships[seat].pos]
    greys = sorted((distance(here, p.cells[g]), g) for g in s.greys)
    rowers = s.ships[seat].rowers
    speed = f"{rowers} longboat speed to row it with" if rowers else "it rows with longboat speed (+3 Longboat Speed)"
    if not greys:
        return f"your longboat goes out on its own; {speed}, and no grey crester is on the planet"
    d, g = greys[0]
    return f"your longboat goes out {_plural(d, 'space')} from the grey crester at {p.label(g)}; {speed}"


def _bought(s: GameState, seat: int, a: Action) -> str:
    """A crew member, a purchase or an order: what it changes, in numbers."""
    parts = [x for x in (_effect(s, seat, a), _crew_odds(s, seat, a)) if x]
    if parts:
        return "; ".join(parts)
    return _lc(describe(s, a))


def _buy(s: GameState, seat: int, a: Action, plan: Hashable | None = None) -> str:
    ship = s.ships[seat]
    goal = s.components.limits["notoriety_goal"]
    if a.arg == "notoriety":
        return (f"{ship.notoriety + 1} of the {goal} notoriety that win, for "
                f"{s.components.prices['notoriety']} of your {ship.gas} gas")
    if a.arg == "cannon":
        return f"{_plural(ship.cannons + 1, 'cannon')}, one more die in your next battle; {_crew_odds(s, seat, a)}" \
            .rstrip("; ")
    return _bought(s, seat, a)


def _effect(s: GameState, seat: int, a: Action) -> str:
    """What ``a`` changes on ``seat``'s ship, as numbers ("gas 3 -> 1, 2 cannons")."""
    t = s.clone()
    try:
        engine.perform(t, a)
    except ValueError:
        return ""
    x, y = s.ships[seat], t.ships[seat]
    out = []
    top = t.frames[-1] if t.frames else None
    if top is not None and top["k"] == "take" and not (s.frames and s.frames[-1]["k"] == "take"):
        tops = [t.components.card(st[-1]).name for st in t.stacks if st]
        out.append(f"{_plural(int(top['n']), 'supply card')} to take from the stacks' tops ({', '.join(tops)})")
    for name, before, after in (("notoriety", x.notoriety, y.notoriety), ("gas", x.gas, y.gas),
                                ("cannons", x.cannons, y.cannons), ("morale", x.morale, y.morale),
                                ("+2 tokens", x.tokens, y.tokens), ("cards in hand", len(x.hand), len(y.hand)),
                                ("gas slots", s.gas_slots(seat), t.gas_slots(seat)),
                                ("cannon slots", s.cannon_slots(seat), t.cannon_slots(seat)),
                                ("hand limit", s.hand_limit(seat), t.hand_limit(seat)),
                                ("speed this turn", s.turn.speed, t.turn.speed),
                                ("longboat speed", x.rowers, y.rowers),
                                ("longboats aboard", x.boats.count(-1), y.boats.count(-1))):
        if before != after:
            out.append(f"{name} {before} -> {after}")
    new = [c for c in y.crew if c not in x.crew]
    if new:
        out.insert(0, f"{new[0]} aboard")
    cards = [t.components.card(c).name for c in y.hand if c not in x.hand]
    if cards and len(y.hand) > len(x.hand):
        out.append(f"new card{'s' if len(cards) > 1 else ''}: {', '.join(cards)}")
    return ", ".join(out)


def _cannons(s: GameState, seat: int, a: Action, plan: Hashable | None = None) -> str:
    f = _frame(s)
    assert f is not None
    _, _, words = _foe(s, f, seat)
    p = battle_chance(s, seat, int(a.arg))
    kept = s.ships[seat].cannons - int(a.arg)
    against = "against" if _fighting(s, seat) == "attacking" else "in defence against"
    line = f"{_pct(p)} to win the battle {against} {words}" if p is not None else f"{against} {words}"
    return line + (f", keeping {kept} cannon{'s' if kept != 1 else ''} for later" if kept > 0 else "")


def _in_battle(s: GameState, seat: int, a: Action, plan: Hashable | None = None) -> str:
    """A bonus, a token, False Flag or *done*: the battle after it."""
    f = _frame(s)
    if f is None:
        return _card(s, seat, a)
    t = s.clone()
    ev = engine.perform(t, a)
    ended = [e for e in ev if e.kind in ("BattleEnded", "BattleCalledOff")]
    if ended:
        e = ended[0]
        if e.kind == "BattleCalledOff":
            p = battle_chance(s, seat)
            return "no battle at all" + ("" if p is None else f" (you had {_pct(p)} to win it)")
        won = e.data.get("winner")
        mine = "attacker" if f["a_seat"] == seat and f["att"] in battle_rules.PLAYER_KINDS else "defender"
        if won == "tie":
            return f"the battle ends in a tie at {e.data.get('attack')} hits each"
        score = f"{max(e.data.get('attack', 0), e.data.get('defence', 0))} to " \
                f"{min(e.data.get('attack', 0), e.data.get('defence', 0))}"
        return f"you win the battle {score}" if won == mine else f"you lose the battle {score}"
    p = battle_chance(t, seat) if _frame(t) is not None else None
    return f"then {_pct(p)} to win the battle" if p is not None else (_effect(s, seat, a) or _lc(describe(s, a)))


def _card(s: GameState, seat: int, a: Action) -> str:
    """A supply card played on the turn: what it changes."""
    cid, extra = (a.arg[0], a.arg[1]) if isinstance(a.arg, tuple) else (a.arg, None)
    card = s.components.card(cid)
    if cid == "aerogenerator":
        return f"the wind turns from {s.wind} to {extra}, so other spaces lie downwind of you"
    if cid == "bait" and extra is not None:
        return f"a grey crester comes to the feeding ground at {s.planet.label(s.planet.index[extra])}, " \
               f"{_near(s, seat, s.planet.index[extra])}"
    if cid == "deadweight":
        return "your ship may sail through Drift this turn (but not end there)"
    if cid == "coffee":
        return "one more order this turn, on an order space not yet covered"
    return _effect(s, seat, a) or _lc(card.effect)


def _rest(s: GameState, seat: int, a: Action, plan: Hashable | None = None) -> str:
    ship = s.ships[seat]
    if a.arg is None or a.arg == "morale":
        if ship.morale <= 1:
            return f"morale {ship.morale} -> {ship.morale - 1}: your ship is lost"
        return f"morale {ship.morale} -> {ship.morale - 1} (fewer dice in battle) and you keep your " \
               f"{_plural(len(ship.hand), 'card')}"
    return f"keeps your morale at {ship.morale}; you give up {s.components.card(a.arg).name}"


def _end(s: GameState, seat: int, a: Action, plan: Hashable | None = None) -> str:
    ship = s.ships[seat]
    if ship.pos == PORT:
        return "your crew rests at the Trading Post, out of every crester's reach"
    if ship.pos < 0 or s.frames:
        return _effect(s, seat, a) or "the turn passes"
    left = s.turn.speed
    line = _rest_risk(s, seat, ship.pos)
    gain = _sky_notoriety(s, seat, a)
    head = f"+{gain} notoriety for a turn ended at sky if you come through the rest; " if gain > 0 else ""
    return f"{head}{line}" + (f" ({left} speed unused)" if left > 0 else "")


def _sky_notoriety(s: GameState, seat: int, a: Action) -> int:
    """The notoriety the rules give ``seat`` for ending its turn at sky here and coming through the
    rest: the turn is played on in a copy without the cresters (their attacks are the risk the
    reason states apart) through the captain's own rest, keeping morale where a card allows."""
    from .state import OFF

    t = s.clone()
    t.reds, t.white = [], OFF
    before = t.ships[seat].notoriety
    try:
        engine.perform(t, a)
        for _ in range(4):
            if engine.decider(t) != seat or not t.frames:
                break
            legal = engine.legal_actions(t)
            keep = [x for x in legal if x.verb == "rest" and x.arg is not None]
            engine.perform(t, (keep or legal)[0])
    except ValueError:
        return 0
    return t.ships[seat].notoriety - before


def _plunder(s: GameState, seat: int, a: Action, plan: Hashable | None = None) -> str:
    if a.arg == "red tooth":
        return f"+{_teeth_worth(s, 'red')} notoriety once you bring it to the Trading Post"
    if a.arg == "grey tooth":
        return f"+{_teeth_worth(s, 'grey')} notoriety once you bring it to the Trading Post"
    return _effect(s, seat, a) or _lc(describe(s, a))


def _take(s: GameState, seat: int, a: Action, plan: Hashable | None = None) -> str:
    st = s.stacks[int(a.arg) - 1]
    if not st:
        return _lc(describe(s, a))
    card = s.components.card(st[-1])
    return f"{card.name}: {_lc(card.effect).rstrip('.')}"


def _near(s: GameState, seat: int, h: int) -> str:
    """How far a space lies from each captain's ship, for where a crester is placed."""
    from .hexgrid import distance

    p = s.planet
    me = s.ships[seat].pos
    if me < 0:
        mine = "your ship is at the Trading Post"
    else:
        mine = f"{_plural(distance(p.cells[h], p.cells[me]), 'space')} from your ship"
    others = [(distance(p.cells[h], p.cells[sh.pos]), i) for i, sh in enumerate(s.ships) if i != seat and sh.pos >= 0]
    if others:
        d, i = min(others)
        return f"{mine}, {_plural(d, 'space')} from player {i + 1}'s"
    return mine


def _place_red(s: GameState, seat: int, a: Action, plan: Hashable | None = None) -> str:
    return f"the new red crester starts {_near(s, seat, s.planet.index[a.arg])}"


def _place_white(s: GameState, seat: int, a: Action, plan: Hashable | None = None) -> str:
    return f"the White Crester starts {_near(s, seat, s.planet.index[a.arg])}"


def _release(s: GameState, seat: int, a: Action, plan: Hashable | None = None) -> str:
    return f"the tagged red crester goes back out {_near(s, seat, s.planet.index[a.arg])}"


def _trade(s: GameState, seat: int, a: Action, plan: Hashable | None = None) -> str:
    line = _crew_odds_trade(s, a)
    return line or _effect(s, seat, a) or _lc(describe(s, a))


def _crew_odds_trade(s: GameState, a: Action) -> str:
    try:
        r = int(a.arg[2])
    except (TypeError, ValueError, IndexError):
        return ""
    t = s.clone()
    try:
        engine.perform(t, a)
    except ValueError:
        return ""
    before, after = red_attack_chance(s, r), red_attack_chance(t, r)
    if round(100 * before) == round(100 * after):
        return ""
    return f"player {r + 1}'s odds against a red crester go from {_pct(before)} to {_pct(after)}"


def _generic(s: GameState, seat: int, a: Action, plan: Hashable | None = None) -> str:
    return _effect(s, seat, a) or _lc(describe(s, a))


REASONS = {"move": _move, "leave": _move, "zephyr": _move, "around": _move, "enter": _move, "row": _row,
           "pickup": _pickup, "drop": _drop, "order": _order, "buy": _buy, "cannons": _cannons,
           "token": _in_battle, "done": _in_battle, "play": _in_battle, "rest": _rest, "end": _end,
           "plunder": _plunder, "take": _take, "place_red": _place_red, "place_white": _place_white,
           "release": _release, "trade": _trade}


def explain(s: GameState, seat: int, a: Action, plan: Hashable | None = None) -> str:
    """One line on why ``seat`` might play ``a`` here, with the numbers that matter (``plan``: the
    key of the search's plan that starts with ``a``, for where a move is heading)."""
    handler = REASONS.get(a.verb, _generic)
    line = handler(s, seat, a, plan)
    return line.rstrip(".")
