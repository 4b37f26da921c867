"""Battles: the eleven steps, their decisions and chance, conclusions, and a lost ship.

A battle is a frame on the decision stack::

    {"k": "battle", "step": ..., "att": kind, "a_seat": seat, "a_boat": boat, "a_from": hex,
     "a_tow": bool, "def": kind, "d_seat": seat, "d_boat": boat, "hex": hex, ...}

Kinds are ``ship``, ``longboat``, ``grey``, ``red`` and ``white``; a crester has
seat -1. Steps run in rulebook order: attacker cannons, the False Flag window,
attacker roll, defender cannons, defender roll, attacker bonuses, defender
bonuses, then the result.
"""

from __future__ import annotations

from functools import lru_cache
from math import ceil, factorial
from typing import Any, cast
from collections.abc import Iterable

from .actions import Action
from .components import Components
from .cresters import red_fallback
from .events import Event
from .frames import FRAME_KINDS, BattleFrame, FrameKind, PlunderFrame, Refusal, register_frame
from .hooks import active
from .state import ABOARD, GONE, PORT, GameState

STEPS = ("a_cannons", "a_flag", "d_flag", "a_roll", "d_cannons", "d_roll", "a_bonus", "d_bonus", "resolve")
PLAYER_KINDS = ("ship", "longboat")


def party_name(s: GameState, kind: str, seat: int) -> str:
    return _party_name(kind, seat)


def _party_name(kind: str, seat: int) -> str:
    if kind == "ship":
        return f"player {seat + 1}'s ship"
    if kind == "longboat":
        return f"player {seat + 1}'s longboat"
    return f"the {kind} crester" if kind != "white" else "the White Crester"


# the battle decisions' actions, made once
_CANNONS = [Action("cannons", n) for n in range(12)]
_FALSE_FLAG = Action("play", "false_flag")
_DONE = Action("done")
_TOKEN = Action("token")
_PLAYS: dict[str, Action] = {}  # bounded: 512 card names (the sets have a few dozen), then cleared


def _play(card: str) -> Action:
    a = _PLAYS.get(card)
    if a is None:
        if len(_PLAYS) >= 512:
            _PLAYS.clear()
        a = _PLAYS[card] = Action("play", card)
    return a


def hit_cards(s: GameState, seat: int) -> list[str]:
    return [c for c in s.ships[seat].hand if s.components.card(c).kind == "hits"]


def _crew_effect(comp: Components, crew: Iterable[str], key: str) -> int:
    effects = comp.crew_effects
    return sum(effects.get(c, {}).get(key, 0) for c in crew)


def party_dice(comp: Components, kind: str, attacking: bool, crew: Iterable[str] = (), cannons: int = 0,
               count: int = 1) -> int:
    """Battle dice a party rolls: its kind's strength (times ``count`` red cresters fighting
    together); a ship adds one die per cannon fired and, when it attacks, its crew's attack
    strength (the Sergeant); a longboat adds its crew's longboat strength (the Harpooner).

    The engine's battles and :mod:`windward_nb.windward.odds` both count dice with this
    function, so the odds a table shows cannot leave out a die the rules roll.

    >>> from windward_nb.windward.components import load_components
    >>> comp = load_components()
    >>> party_dice(comp, "ship", True, ["Sergeant"], cannons=2), party_dice(comp, "ship", False, ["Sergeant"], 2)
    (5, 4)
    >>> party_dice(comp, "red", True, count=2)
    10
    """
    n = comp.strength[kind] * count
    if kind == "ship":
        n += cannons
        if attacking:
            n += _crew_effect(comp, crew, "attack_strength")
    elif kind == "longboat":
        n += _crew_effect(comp, crew, "longboat_strength")
    return n


def party_hits(comp: Components, kind: str, crew: Iterable[str], other_kind: str) -> int:
    """Hits a party adds to its dice before cards and tokens: a ship's crew against a red
    crester (the Marine's +2), whether the ship attacks or defends. Shared, like
    :func:`party_dice`, by the engine's result and the odds.

    >>> from windward_nb.windward.components import load_components
    >>> comp = load_components()
    >>> party_hits(comp, "ship", ["Marine"], "red"), party_hits(comp, "ship", ["Marine"], "white")
    (2, 0)
    """
    if kind == "ship" and other_kind == "red":
        return _crew_effect(comp, crew, "hits_vs_red")
    return 0


def _crew_of(s: GameState, kind: str, seat: int) -> list[str]:
    return s.ships[seat].crew if kind in PLAYER_KINDS else []


def strength(s: GameState, f: BattleFrame, side: str, cannons: int = 0) -> int:
    """Dice side ``"a"`` or ``"d"`` of the battle rolls with ``cannons`` fired (:func:`party_dice`)."""
    kind = f["att"] if side == "a" else f["def"]
    seat = f["a_seat"] if side == "a" else f["d_seat"]
    count = f["a_n"] if side == "a" else f["d_n"]  # several reds add up
    return party_dice(s.components, kind, side == "a", _crew_of(s, kind, seat), cannons, count)


def extra_hits(s: GameState, f: BattleFrame, side: str) -> int:
    """Hits side ``"a"`` or ``"d"`` adds to its dice before bonuses (:func:`party_hits`)."""
    kind, other = (f["att"], f["def"]) if side == "a" else (f["def"], f["att"])
    return party_hits(s.components, kind, _crew_of(s, kind, seat_of(f, side)), other)


def start(s: GameState, ev: list[Event], **f: Any) -> None:
    """Open a battle frame (the attacking piece already stands on the battle hex)."""
    frame: dict[str, Any] = {"k": "battle", "step": "a_cannons", "a_boat": -1, "d_boat": -1, "a_tow": False,
                             "a_n": 1, "d_n": 1, "a_str": 0, "d_str": 0, "a_dice": (), "d_dice": (),
                             "a_bonus": 0, "d_bonus": 0}
    frame.update(f)
    bf = cast(BattleFrame, frame)
    bf["a_str"] = strength(s, bf, "a")
    bf["d_str"] = strength(s, bf, "d")
    s.frames.append(bf)
    label, where, att, a_seat, dfd, d_seat = s.planet.label, bf["hex"], bf["att"], bf["a_seat"], bf["def"], bf["d_seat"]
    ev.append(Event("BattleStarted",  # the text written when read, from these values
                    lambda: f"Battle at {label(where)}: {_party_name(att, a_seat)} attacks {_party_name(dfd, d_seat)}.",
                    {"att": att, "a_seat": a_seat, "def": dfd, "d_seat": d_seat, "hex": where}))
    advance_step(s, bf)


def seat_of(f: BattleFrame, side: str) -> int:
    """The seat of side ``"a"`` (attacker) or ``"d"`` (defender); -1 for a crester."""
    return f["a_seat"] if side == "a" else f["d_seat"]


def kind_of(f: BattleFrame, side: str) -> str:
    return f["att"] if side == "a" else f["def"]


def _needs(s: GameState, f: BattleFrame, step: str) -> bool:
    if step == "a_cannons":
        return f["att"] == "ship"
    if step == "a_flag":
        return f["att"] == "longboat" and "false_flag" in s.ships[f["a_seat"]].hand
    if step == "d_flag":
        return f["def"] in PLAYER_KINDS and "false_flag" in s.ships[f["d_seat"]].hand
    if step == "d_cannons":
        return f["def"] == "ship" and s.ships[f["d_seat"]].cannons > 0
    if step in ("a_bonus", "d_bonus"):
        kind, seat = (f["att"], f["a_seat"]) if step == "a_bonus" else (f["def"], f["d_seat"])
        return kind in PLAYER_KINDS and (s.ships[seat].tokens > 0 or bool(hit_cards(s, seat)))
    return True


def advance_step(s: GameState, f: BattleFrame, after: str | None = None) -> None:
    """Move the frame to the next step that needs someone (or chance) to act."""
    i = STEPS.index(after) + 1 if after else 0
    while not _needs(s, f, STEPS[i]):
        i += 1
    f["step"] = STEPS[i]


def decider(f: BattleFrame) -> int:
    """Seat that decides at this step, or -1 for chance."""
    step = f["step"]
    if step in ("a_roll", "d_roll"):
        return -1
    return f["a_seat"] if step.startswith("a_") else f["d_seat"]


def draw_dice(rng: Any, faces: int, n: int) -> Any:
    """``rng.integers(0, faces, size=n)``: the face numbers of ``n`` dice. A few dice are drawn one
    at a time, which is cheaper and takes exactly the same values from the generator (numpy draws
    bounded integers below 2**32 from the bit generator's 32-bit output one by one, with nothing
    kept between values; tests/test_fast_paths.py checks values and generator states)."""
    if 0 <= n <= 3 and faces < 2**32:
        integers = rng.integers
        return [integers(0, faces) for _ in range(n)]
    return rng.integers(0, faces, size=n)


def dice_count(f: BattleFrame) -> int:
    return f["a_str"] if f["step"] == "a_roll" else f["d_str"]


def dice_outcomes(n: int, faces: tuple[int, ...]) -> list[tuple[tuple[int, ...], float]]:
    """Every sorted result of ``n`` battle dice with its probability."""
    return list(_dice_outcomes(n, tuple(faces)))


@lru_cache(maxsize=256)
def _dice_outcomes(n: int, faces: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], float], ...]:
    values = sorted(set(faces))
    weight = {v: faces.count(v) / len(faces) for v in values}
    out: list[tuple[tuple[int, ...], float]] = []

    def rec(i: int, left: int, acc: list[int], coef: float) -> None:
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
            rec(i + 1, left - c, acc + [c], coef / factorial(c))

    rec(0, n, [], float(factorial(n)))
    return tuple(out)


@lru_cache(maxsize=256)
def _dice_choices(n: int, faces: tuple[int, ...]) -> tuple[tuple[Action, float], ...]:
    return tuple((Action("dice", d), p) for d, p in _dice_outcomes(n, faces))


@lru_cache(maxsize=256)
def _dice_table(n: int, faces: tuple[int, ...]) -> dict[tuple[int, ...], Action]:
    """The outcomes of :func:`_dice_choices` by their dice, kept as their own normal forms."""
    table = {a.arg: a for a, _ in _dice_choices(n, faces)}
    Action.keep_normal(list(table.values()))
    return table


# --------------------------------------------------------------------------- decisions
def spend_cannons(s: GameState, ev: list[Event], f: BattleFrame, n: int) -> None:
    side = "a" if f["step"] == "a_cannons" else "d"
    seat = seat_of(f, side)
    s.ships[seat].cannons -= n
    if side == "a":
        f["a_str"] = strength(s, f, side, n)
    else:
        f["d_str"] = strength(s, f, side, n)
    if n:
        ev.append(Event("CannonsSpent", f"Player {seat + 1} fires {n} cannon{'s' if n != 1 else ''}.",
                        {"seat": seat, "cannons": n}))
    advance_step(s, f, f["step"])


def roll(s: GameState, ev: list[Event], f: BattleFrame, dice: tuple[int, ...]) -> None:
    side = "a" if f["step"] == "a_roll" else "d"
    if side == "a":
        f["a_dice"] = tuple(dice)
    else:
        f["d_dice"] = tuple(dice)
    kind, seat = kind_of(f, side), seat_of(f, side)
    n, hits = len(dice), sum(dice)
    ev.append(Event("DiceRolled", lambda: f"{_party_name(kind, seat).capitalize()} rolls {n} "  # written when read
                    f"{'die' if n == 1 else 'dice'}: {hits} {'hit' if hits == 1 else 'hits'}.",
                    {"side": side, "dice": list(dice), "hits": hits}))
    advance_step(s, f, f["step"])


def play_bonus(s: GameState, ev: list[Event], f: BattleFrame, card: str | None) -> None:
    """Add a hit card (or, with ``card=None``, a +2 token) to the deciding side's result."""
    side = "a" if f["step"] == "a_bonus" else "d"
    seat = seat_of(f, side)
    ship = s.ships[seat]
    if card is None:
        ship.tokens -= 1
        value = s.components.token_hits
        ev.append(Event("BonusPlayed", f"Player {seat + 1} plays a +{value} token.", {"seat": seat, "hits": value}))
    else:
        ship.hand.remove(card)
        s.discard.append(card)
        value = s.components.card(card).hits
        ev.append(Event("BonusPlayed", f"Player {seat + 1} plays {s.components.card(card).name} (+{value}).",
                        {"seat": seat, "card": card, "hits": value}))
    if side == "a":
        f["a_bonus"] += value
    else:
        f["d_bonus"] += value
    if not _needs(s, f, f["step"]):
        advance_step(s, f, f["step"])


def bonus_done(s: GameState, f: BattleFrame) -> None:
    advance_step(s, f, f["step"])


def totals(s: GameState, f: BattleFrame) -> tuple[int, int]:
    """Each side's hits so far: its dice, its crew's hits (:func:`extra_hits`) and the bonuses played."""
    a = sum(f["a_dice"]) + f["a_bonus"] + extra_hits(s, f, "a")
    d = sum(f["d_dice"]) + f["d_bonus"] + extra_hits(s, f, "d")
    return a, d


# --------------------------------------------------------------------------- moving pieces back
def _move_attacker_back(s: GameState, f: BattleFrame) -> None:
    kind, src, here = f["att"], f["a_from"], f["hex"]
    if kind == "ship":
        s.ships[f["a_seat"]].pos = src
        if src == PORT or not s.planet.is_drift[src]:
            s.turn.last_clear = src
    elif kind == "longboat":
        s.ships[f["a_seat"]].boats[f["a_boat"]] = src
        if f["a_tow"]:
            s.greys_down.remove(here)
            s.greys_down.append(src)
    elif kind == "red":
        for back in f.get("a_froms") or (src,):  # several reds attack together (the Solo Adventure)
            # another red may have moved onto the space it came from: the stacking cap still holds
            s.move_red(here, red_fallback(s, back, here))
    elif kind == "white":
        s.white = src


def _give_token(s: GameState, ev: list[Event], seat: int) -> None:
    if s.stock("tokens") > 0:
        s.ships[seat].tokens += 1
        ev.append(Event("PickedUp", f"Player {seat + 1} takes a +2 token into the cargo hold.",
                        {"seat": seat, "item": "token"}))


def _no_repeat(s: GameState, f: BattleFrame, flag: bool = False) -> None:
    if f["a_seat"] != s.current:
        return
    key = {"ship": f"ship{f['d_seat']}", "longboat": f"boat{f['d_seat']}", "red": f"red@{f['hex']}",
           "white": "white", "grey": f"grey@{f['hex']}"}[f["def"]]
    if flag:
        key += "!flag"
    if key not in s.turn.no_attack:
        s.turn.no_attack.append(key)


def call_off(s: GameState, ev: list[Event], f: BattleFrame, seat: int) -> None:
    """False Flag: the attacker goes back and may not attack that target again this turn."""
    s.ships[seat].hand.remove("false_flag")
    s.discard.append("false_flag")
    s.frames.pop()
    _move_attacker_back(s, f)
    _no_repeat(s, f, flag=True)
    if f["att"] == "red":
        s.turn.fought_reds.append(f["a_from"])
    ev.append(Event("BattleCalledOff", f"Player {seat + 1} plays False Flag: the attacker falls back.",
                    {"seat": seat}))


# --------------------------------------------------------------------------- the result
def resolve(s: GameState, ev: list[Event], f: BattleFrame) -> None:
    s.frames.pop()
    a, d = totals(s, f)
    here = f["hex"]
    if f["att"] == "red" or f["def"] == "red":
        s.turn.fought_reds.append(here)
    if a == d:
        ev.append(Event("BattleEnded", f"The battle is a tie at {a} hits each; the attacker falls back.",
                        {"winner": "tie", "attack": a, "defence": d}))
        _move_attacker_back(s, f)
        if f["att"] == "red":
            s.turn.fought_reds[-1] = f["a_from"]
        _no_repeat(s, f)
        if f["att"] in PLAYER_KINDS:
            for side in ("a", "d"):
                if kind_of(f, side) in PLAYER_KINDS:
                    _give_token(s, ev, seat_of(f, side))
        return
    att_wins = a > d
    win, lose = ("a", "d") if att_wins else ("d", "a")
    w_kind, l_kind = kind_of(f, win), kind_of(f, lose)
    w_seat, l_seat = seat_of(f, win), seat_of(f, lose)
    ev.append(Event("BattleEnded",
                    f"{party_name(s, w_kind, w_seat).capitalize()} wins {max(a, d)} to {min(a, d)}.",
                    {"winner": "attacker" if att_wins else "defender", "attack": a, "defence": d,
                     "w_kind": w_kind, "w_seat": w_seat, "l_kind": l_kind, "l_seat": l_seat}))
    if l_kind == "ship":
        _ship_loses(s, ev, f, l_seat, abs(a - d), w_kind, w_seat)
    elif l_kind == "longboat":
        ship = s.ships[l_seat]
        b = f["a_boat"] if lose == "a" else f["d_boat"]
        ship.boats[b] = ABOARD  # a grey it was towing stays on the battle hex
        ev.append(Event("LongboatReturned", f"Player {l_seat + 1}'s longboat returns to its ship.",
                        {"seat": l_seat, "boat": b}))
        _give_token(s, ev, l_seat)
    elif l_kind == "grey":
        s.greys.remove(here)
        s.greys_down.append(here)
        active(s).crester_defeated(s, "grey", here)
        ev.append(Event("CresterDefeated", f"The grey crester at {s.planet.label(here)} is defeated and taken in tow.",
                        {"crester": "grey", "hex": here, "seat": w_seat}))
        s.frames.append({"k": "grey"})
    elif l_kind == "red":
        _red_defeated(s, ev, f, w_seat, here, attacker=(lose == "a"))
    elif l_kind == "white":
        _white_defeated(s, ev, w_seat, here)


def _white_defeated(s: GameState, ev: list[Event], w_seat: int, here: int) -> None:
    """Its winner gains the White Crester's notoriety; then it leaves the game, unless the mode
    says otherwise (the Solo Adventure is won, the Cooperative mode takes one of its lives)."""
    gain = s.components.raw["white_crester"]["notoriety"]
    s.ships[w_seat].notoriety += gain
    ev.append(Event("CresterDefeated", f"Player {w_seat + 1} defeats the White Crester!",
                    {"crester": "white", "hex": here, "seat": w_seat}))
    ev.append(Event("NotorietyGained", f"Player {w_seat + 1} gains {gain} notoriety.",
                    {"seat": w_seat, "amount": gain, "source": "white"}))
    if not active(s).white_defeated(s, ev, w_seat, here):
        s.white = GONE


def _red_defeated(s: GameState, ev: list[Event], f: BattleFrame, w_seat: int, here: int, attacker: bool) -> None:
    ship = s.ships[w_seat]
    for _ in range(f["a_n"] if attacker else f["d_n"]):
        s.reds.remove(here)
        if not ship.hold:
            ship.hold = "red"
            where = "into the cargo hold"
        else:
            s.reds_down.append(here)
            where = "and left on its space (the hold is full)"
        ev.append(Event("CresterDefeated", f"Player {w_seat + 1} defeats the red crester {where}.",
                        {"crester": "red", "hex": here, "seat": w_seat}))
    hooks = active(s)
    hooks.crester_defeated(s, "red", here)
    if hooks.red_defeated(s, ev, w_seat):
        return
    if s.stock("red") > 0 and ship.pos >= 0:
        s.frames.append({"k": "place_red", "seat": w_seat, "t": s.planet.territory[ship.pos]})


def _ship_loses(s: GameState, ev: list[Event], f: BattleFrame, seat: int, diff: int, w_kind: str, w_seat: int) -> None:
    ship = s.ships[seat]
    ship.morale -= diff
    ev.append(Event("MoraleChanged", f"Player {seat + 1}'s morale drops by {diff} to {max(ship.morale, 0)}.",
                    {"seat": seat, "change": -diff}))
    if ship.morale < 1:
        ship_lost(s, ev, seat, "ship" if w_kind == "ship" else "crester", w_seat if w_kind == "ship" else -1)
        return
    _give_token(s, ev, seat)
    _move_attacker_back(s, f)


def ship_lost(s: GameState, ev: list[Event], seat: int, cause: str, winner: int = -1) -> None:
    """A ship whose morale fell below 1: cargo dropped or plundered, back to port."""
    ship = s.ships[seat]
    where = ship.pos
    ev.append(Event("ShipLost", f"Player {seat + 1}'s ship is lost and limps back to port.",
                    {"seat": seat, "cause": cause, "hex": where}))
    if cause == "ship" and winner >= 0:
        taker = s.ships[winner]
        if ship.hold:
            if not taker.hold:
                taker.hold = ship.hold
            else:
                (s.greys_down if ship.hold == "grey" else s.reds_down).append(where)
            ship.hold = ""
        cargo = ship.grey_teeth + ship.red_teeth + ship.tokens
        if cargo:
            s.frames.append({"k": "plunder", "seat": winner, "loser": seat, "n": ceil(cargo / 2),
                             "red": ship.red_teeth, "grey": ship.grey_teeth, "tok": ship.tokens})
    elif where >= 0:
        if ship.hold:
            (s.greys_down if ship.hold == "grey" else s.reds_down).append(where)
            ship.hold = ""
        s.add_items(where, "grey_teeth", ship.grey_teeth)
        s.add_items(where, "red_teeth", ship.red_teeth)
        s.add_items(where, "tokens", ship.tokens)
        ship.grey_teeth = ship.red_teeth = ship.tokens = 0
    ship.morale = 1
    ship.pos = PORT
    _give_token(s, ev, seat)
    if active(s).ship_lost(s, ev, seat):
        return  # the mode ended the game
    if seat == s.current:
        # the turn ends at once, without rest: the steps of this turn's end are dropped
        s.frames = [fr for fr in s.frames if not FRAME_KINDS[fr["k"]].turn_step]
        s.frames.insert(0, {"k": "end", "rested": False})


def plunder(s: GameState, ev: list[Event], f: PlunderFrame, what: str) -> None:
    winner, loser = s.ships[f["seat"]], s.ships[f["loser"]]
    key = {"red tooth": ("red", "red_teeth"), "grey tooth": ("grey", "grey_teeth"), "token": ("tok", "tokens")}[what]
    if key[0] == "red":
        f["red"] -= 1
    elif key[0] == "grey":
        f["grey"] -= 1
    else:
        f["tok"] -= 1
    setattr(loser, key[1], getattr(loser, key[1]) - 1)
    setattr(winner, key[1], getattr(winner, key[1]) + 1)
    f["n"] -= 1
    ev.append(Event("Plundered", f"Player {f['seat'] + 1} plunders a {what} from player {f['loser'] + 1}.",
                    {"seat": f["seat"], "from": f["loser"], "item": what}))
    if f["n"] == 0 or f["red"] + f["grey"] + f["tok"] == 0:
        s.frames.remove(f)


# =============================================================================== the frames
class BattleKind(FrameKind[BattleFrame]):
    """A battle: cannons, the False Flag window and bonuses are decisions; the rolls are chance."""

    k = "battle"
    waiting = "finish the battle"

    def decider(self, s: GameState, f: BattleFrame) -> int:
        return decider(f)

    def chance_outcomes(self, s: GameState, f: BattleFrame) -> list[tuple[Action, float]] | None:
        return list(_dice_choices(dice_count(f), s.components.battle_die))

    def sample(self, s: GameState, f: BattleFrame, rng: Any) -> Action:
        faces = s.components.battle_die
        n = dice_count(f)
        rolled = tuple(sorted(faces[i] for i in draw_dice(rng, len(faces), n)))
        a = _dice_table(n, tuple(faces)).get(rolled)  # the listed outcome itself (known to normalise)
        return a if a is not None else Action("dice", rolled)

    def actions(self, s: GameState, f: BattleFrame) -> list[Action]:
        step = f["step"]
        if step in ("a_roll", "d_roll"):
            return [a for a, _ in _dice_choices(dice_count(f), s.components.battle_die)]
        seat = decider(f)
        ship = s.ships[seat]
        out: list[Action] = []
        if step in ("a_cannons", "d_cannons"):
            out = [_CANNONS[n] if n < len(_CANNONS) else Action("cannons", n) for n in range(ship.cannons + 1)]
            if step == "a_cannons" and "false_flag" in ship.hand:
                out.append(_FALSE_FLAG)
        elif step in ("a_flag", "d_flag"):
            out = [_FALSE_FLAG, _DONE]
        elif step in ("a_bonus", "d_bonus"):
            out = [_play(c) for c in sorted(set(hit_cards(s, seat)))]
            if ship.tokens:
                out.append(_TOKEN)
            out.append(_DONE)
        return out

    def refusal(self, s: GameState, f: BattleFrame, a: Action) -> Refusal:
        if a.verb == "dice" and f["step"] in ("a_roll", "d_roll"):
            n = dice_count(f)
            if len(a.arg) != n:
                return ("Battle", f"this roll is {n} dice, one per point of strength, not {len(a.arg)}")
            return ("Battle", f"battle dice show {', '.join(map(str, sorted(set(s.components.battle_die))))} hits")
        if a.verb == "cannons" and isinstance(a.arg, int):
            seat = decider(f)
            if seat >= 0 and a.arg > s.ships[seat].cannons:
                return ("Battle", f"you have {s.ships[seat].cannons} cannon tokens to spend")
        return None

    def apply(self, s: GameState, ev: list[Event], f: BattleFrame, a: Action) -> None:
        v = a.verb
        if v == "play" and a.arg == "false_flag":
            call_off(s, ev, f, decider(f))
        elif v == "cannons":
            spend_cannons(s, ev, f, a.arg)
        elif v == "dice":
            roll(s, ev, f, a.arg)
        elif v == "play":
            play_bonus(s, ev, f, a.arg)
        elif v == "token":
            play_bonus(s, ev, f, None)
        elif v == "done":
            bonus_done(s, f)

    def advance(self, s: GameState, ev: list[Event], f: BattleFrame) -> bool:
        if f["step"] != "resolve":
            return False
        resolve(s, ev, f)
        return True


class PlunderKind(FrameKind[PlunderFrame]):
    """The winner over a ship takes half its cargo, one item at a time."""

    k = "plunder"
    waiting = "choose plunder"

    def decider(self, s: GameState, f: PlunderFrame) -> int:
        return f["seat"]

    def actions(self, s: GameState, f: PlunderFrame) -> list[Action]:
        out = []
        for what, left in (("red tooth", f["red"]), ("grey tooth", f["grey"]), ("token", f["tok"])):
            if left > 0:
                out.append(Action("plunder", what))
        return out

    def apply(self, s: GameState, ev: list[Event], f: PlunderFrame, a: Action) -> None:
        plunder(s, ev, f, a.arg)


register_frame(BattleKind())
register_frame(PlunderKind())
