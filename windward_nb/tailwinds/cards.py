"""Tailwinds components as data: track cards, character decks and rainbow cards.

Nothing about the printed cards is public, so the files under ``data/`` are a
reconstruction marked ``source: assumed``. They are plain JSON checked here,
so a set of real cards can be dropped in as data. Every card effect is a list
of *operations* from a small vocabulary the engine executes:

==============  ==========================================================
``add``         gain ``points`` movement points (``"if": "adjacent"``: only
                when your two boats are on the same or consecutive spaces)
``roll_add``    roll the die and add the number to your movement points
``copy``        gain the value of a card another player revealed this round
``push_back``   opponent boats on the space ``range`` ahead of one of your
                boats (``where: ahead``) or on its space (``where: same``)
                go ``spaces`` straight back in their lane, if it is free
``move_boat``   move a boat ``spaces`` (negative: back): ``boat`` is
                ``last``, ``leader``, ``own-each``, ``own-fore``,
                ``own-aft`` or ``opponent`` (chosen; ``near: same-card``
                limits it to your boats' track cards)
``pursue``      each of your boats joins the nearest opponent boat ahead of
                it on its track card
``swap_lanes``  this turn each of your boats may swap lanes once
``take_rainbow`` take a rainbow card ``from`` the market or the deck
``reclaim``     take back ``all`` your played cards, or ``one`` of them
``remove_self`` this card leaves the game (the Recover card)
``rechoose``    players still to move take back their card and choose again
``ask_rainbow`` ask a player for their rainbow card; if refused, you may roll
==============  ==========================================================

A movement card's ``ability`` says ``when`` it may be used (``start``: before
you move or play a rainbow card; ``any``; ``end``: as your turn ends) and
whether it happens by itself (``auto``). A rainbow card's ``effect`` is
played at any time in your movement, or the card is spent for ``points``
(``points_for`` gives other values to some characters).

>>> comp = load_components()
>>> [c.key for c in comp.characters.values()]
['sailor', 'crew', 'gambler', 'viking', 'admiral', 'pirate']
>>> comp.characters["pirate"].card("cannons").ability.when
'start'
>>> sum(r.count for r in comp.rainbow.values())
20
>>> load_components({"track": {"cards": []}})
Traceback (most recent call last):
...
windward_nb.tailwinds.cards.ComponentError: track.cards needs between 1 and 12 track cards
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

MAX_LANES = 6
KEY = re.compile(r"^[a-z0-9][a-z0-9-]{0,23}$")
WHEN = ("start", "any", "end")
CONDITIONS = ("adjacent",)
BOAT_TARGETS = ("last", "leader", "own-each", "own-fore", "own-aft", "opponent")

#: every operation: its fields as (kind, allowed values or range, required)
OPS: dict[str, dict[str, tuple]] = {
    "add": {"points": ("int", (1, 20), True), "if": ("enum", CONDITIONS, False)},
    "roll_add": {},
    "copy": {},
    "push_back": {"where": ("enum", ("ahead", "same"), True), "range": ("int", (0, 6), True),
                  "spaces": ("int", (1, 12), True)},
    "move_boat": {"boat": ("enum", BOAT_TARGETS, True), "spaces": ("int", (-12, 12), True),
                  "near": ("enum", ("any", "same-card"), False)},
    "pursue": {},
    "swap_lanes": {},
    "take_rainbow": {"from": ("enum", ("market", "deck"), True)},
    "reclaim": {"cards": ("enum", ("all", "one"), True)},
    "remove_self": {},
    "rechoose": {},
    "ask_rainbow": {},
}
#: operations that only make sense on a movement card
MOVEMENT_ONLY = {"copy", "remove_self", "swap_lanes", "ask_rainbow"}


class ComponentError(ValueError):
    """Component data that cannot be used; the message names the field."""

    def __init__(self, message: str, field: str = ""):
        self.field = field
        super().__init__(message)


# =============================================================================== values
@dataclass(frozen=True)
class Ability:
    when: str
    auto: bool
    ops: tuple[dict, ...]

    @property
    def first(self) -> str:
        return self.ops[0]["op"]


@dataclass(frozen=True)
class MovementCard:
    key: str
    name: str
    value: int
    text: str = ""
    ability: Ability | None = None
    recover: bool = False


@dataclass(frozen=True)
class Character:
    key: str
    name: str
    colour: str
    cards: tuple[MovementCard, ...]

    def card(self, key: str) -> MovementCard:
        for c in self.cards:
            if c.key == key:
                return c
        raise KeyError(key)

    @property
    def keys(self) -> list[str]:
        return [c.key for c in self.cards]


@dataclass(frozen=True)
class RainbowCard:
    key: str
    name: str
    count: int
    points: int
    points_for: dict[str, int]
    text: str
    effect: tuple[dict, ...]

    def points_of(self, character: str) -> int:
        return self.points_for.get(character, self.points)


@dataclass(frozen=True)
class TrackSide:
    spaces: int
    start: tuple[int, ...] = ()
    rainbow: tuple[int, ...] = ()
    narrow: tuple[int, ...] = ()


@dataclass(frozen=True)
class TrackCard:
    number: int
    standard: TrackSide
    advanced: TrackSide


@dataclass(frozen=True)
class Components:
    characters: dict[str, Character]
    rainbow: dict[str, RainbowCard]
    track: tuple[TrackCard, ...]
    lanes: int = 3
    sources: dict[str, str] = field(default_factory=dict)

    @property
    def rainbow_deck(self) -> list[str]:
        """Every rainbow card as a sorted list of keys (one entry per copy)."""
        return sorted(k for k, c in self.rainbow.items() for _ in range(c.count))


# =============================================================================== checking
def _need(cond: bool, message: str, where: str) -> None:
    if not cond:
        raise ComponentError(f"{where} {message}" if where else message, where)


def _obj(d: Any, where: str, keys: dict[str, bool]) -> dict:
    _need(isinstance(d, dict), "should be an object", where)
    for k in d:
        _need(k in keys or k in ("source", "note", "description", "name"),
              f"has an unknown field {k!r} (fields: {', '.join(keys)})", where)
    for k, required in keys.items():
        _need(not required or k in d, f"needs the field {k!r}", where)
    return d


def _int(v: Any, where: str, lo: int, hi: int) -> int:
    _need(isinstance(v, int) and not isinstance(v, bool), f"should be a whole number, not {v!r}", where)
    _need(lo <= v <= hi, f"should be between {lo} and {hi}, not {v}", where)
    return v


def _key(v: Any, where: str) -> str:
    _need(isinstance(v, str) and bool(KEY.match(v)),
          f"should be a short lower-case key (letters, digits, '-'), not {v!r}", where)
    return v


def _text(v: Any, where: str, limit: int = 400) -> str:
    _need(isinstance(v, str) and len(v) <= limit, f"should be text of at most {limit} characters", where)
    return v


def check_op(op: Any, where: str, movement: bool) -> dict:
    """One effect operation, checked against the vocabulary (a copy is returned)."""
    _need(isinstance(op, dict) and "op" in op, "should be an object with an 'op' field", where)
    name = op["op"]
    _need(isinstance(name, str) and name in OPS, f"names an unknown operation {str(name)[:40]!r} "
          f"(known: {', '.join(OPS)})", where)
    _need(movement or name not in MOVEMENT_ONLY, f"uses {name!r}, which only a movement card may use", where)
    spec = OPS[name]
    for k in op:
        _need(k == "op" or k in spec, f"has an unknown field {k!r} for {name!r}", where)
    for k, (kind, allowed, required) in spec.items():
        if k not in op:
            _need(not required, f"needs the field {k!r} for {name!r}", where)
            continue
        if kind == "int":
            _int(op[k], f"{where}.{k}", *allowed)
        else:
            _need(isinstance(op[k], str) and op[k] in allowed, f"should be one of {', '.join(allowed)}, "
                  f"not {str(op[k])[:40]!r}", f"{where}.{k}")
    if name == "move_boat":
        _need(op["spaces"] != 0, "moves a boat 0 spaces", f"{where}.spaces")
    if name == "push_back":
        _need((op["where"] == "same") == (op["range"] == 0),
              "range is 0 exactly when the boats pushed share your space", f"{where}.range")
    return dict(op)


def _ops(ops: Any, where: str, movement: bool) -> tuple[dict, ...]:
    _need(isinstance(ops, list) and 1 <= len(ops) <= 8, "should be a list of 1 to 8 operations", where)
    return tuple(check_op(o, f"{where}[{i}]", movement) for i, o in enumerate(ops))


def _movement_card(d: Any, where: str) -> MovementCard:
    _obj(d, where, {"key": True, "value": True, "text": False, "ability": False, "recover": False})
    key = _key(d["key"], f"{where}.key")
    value = _int(d["value"], f"{where}.value", 0, 20)
    ability = None
    if "ability" in d:
        a = _obj(d["ability"], f"{where}.ability", {"when": True, "ops": True, "auto": False})
        _need(a["when"] in WHEN, f"should be one of {', '.join(WHEN)}", f"{where}.ability.when")
        auto = a.get("auto", False)
        _need(isinstance(auto, bool), "should be true or false", f"{where}.ability.auto")
        _need(a["when"] != "end" or auto, "an ability used as the turn ends must be automatic (auto: true)",
              f"{where}.ability")
        ops = _ops(a["ops"], f"{where}.ability.ops", True)
        ability = Ability(a["when"], auto, ops)
    recover = d.get("recover", False)
    _need(isinstance(recover, bool), "should be true or false", f"{where}.recover")
    names = [o["op"] for o in ability.ops] if ability else []
    if recover:
        _need(ability is not None and ability.when == "end" and {"op": "reclaim", "cards": "all"} in ability.ops
              and "remove_self" in names,
              "(a Recover card) needs an automatic end ability with reclaim all and remove_self", where)
    else:
        _need("remove_self" not in names, "uses remove_self but is not the Recover card", where)
    return MovementCard(key=key, name=_text(d.get("name", key), f"{where}.name", 40), value=value,
                        text=_text(d.get("text", ""), f"{where}.text"), ability=ability, recover=recover)


def _character(d: Any, where: str) -> Character:
    _obj(d, where, {"key": True, "colour": True, "cards": True})
    key = _key(d["key"], f"{where}.key")
    cards = d["cards"]
    _need(isinstance(cards, list) and 2 <= len(cards) <= 20, "should list 2 to 20 cards", f"{where}.cards")
    parsed = tuple(_movement_card(c, f"{where}.cards[{i}]") for i, c in enumerate(cards))
    keys = [c.key for c in parsed]
    _need(len(set(keys)) == len(keys), "has two cards with the same key", f"{where}.cards")
    _need(sum(c.recover for c in parsed) == 1, "needs exactly one Recover card", f"{where}.cards")
    return Character(key=key, name=_text(d.get("name", key), f"{where}.name", 40),
                     colour=_text(d["colour"], f"{where}.colour", 20), cards=parsed)


def _rainbow_card(d: Any, where: str) -> RainbowCard:
    _obj(d, where, {"key": True, "count": True, "points": True, "effect": True, "points_for": False,
                    "text": False})
    pf = d.get("points_for", {})
    _need(isinstance(pf, dict), "should map character keys to points", f"{where}.points_for")
    for k, v in pf.items():
        _key(k, f"{where}.points_for")
        _int(v, f"{where}.points_for.{k}", 0, 20)
    return RainbowCard(key=_key(d["key"], f"{where}.key"), name=_text(d.get("name", d["key"]), f"{where}.name", 40),
                       count=_int(d["count"], f"{where}.count", 1, 40),
                       points=_int(d["points"], f"{where}.points", 0, 20), points_for=dict(pf),
                       text=_text(d.get("text", ""), f"{where}.text"),
                       effect=_ops(d["effect"], f"{where}.effect", False))


def _side(d: Any, where: str, lanes: int) -> TrackSide:
    _obj(d, where, {"spaces": True, "start": False, "rainbow": False, "narrow": False})
    n = _int(d["spaces"], f"{where}.spaces", 1, 30)
    lists = {}
    for k in ("start", "rainbow", "narrow"):
        v = d.get(k, [])
        _need(isinstance(v, list), "should be a list of space numbers", f"{where}.{k}")
        for i, x in enumerate(v):
            _int(x, f"{where}.{k}[{i}]", 1, n)
        _need(len(set(v)) == len(v), "lists a space twice", f"{where}.{k}")
        lists[k] = tuple(sorted(v))
    _need(not (set(lists["start"]) & set(lists["narrow"])), "has a start space that is narrow", where)
    _need(lanes > 1 or not lists["narrow"], "narrows a space of a 1-lane track", where)
    return TrackSide(spaces=n, **lists)


def _track(d: Any, where: str) -> tuple[tuple[TrackCard, ...], int]:
    _obj(d, where, {"cards": True, "lanes": False, "finish": False})
    lanes = _int(d.get("lanes", 3), f"{where}.lanes", 1, MAX_LANES)
    cards = d["cards"]
    _need(isinstance(cards, list) and 1 <= len(cards) <= 12, "needs between 1 and 12 track cards", f"{where}.cards")
    out = []
    for i, c in enumerate(cards):
        w = f"{where}.cards[{i}]"
        _obj(c, w, {"number": True, "standard": True, "advanced": True})
        _need(c["number"] == i + 1, f"should be numbered {i + 1} (cards are listed in racing order)", f"{w}.number")
        out.append(TrackCard(i + 1, _side(c["standard"], f"{w}.standard", lanes),
                             _side(c["advanced"], f"{w}.advanced", lanes)))
    for side in ("standard", "advanced"):
        starts = [(card, n) for card in out for n in getattr(card, side).start]
        _need(len(starts) * lanes >= 8, f"needs room for 8 boats on start spaces on the {side} side", where)
        _need(all(card.number == 1 for card, _ in starts),
              f"puts start spaces on the {side} side of a card other than the first", where)
    return tuple(out), lanes


def check_components(data: Any) -> Components:
    """Check a dict ``{"track": ..., "movement": ..., "rainbow": ...}`` (any part may be
    left out to keep the bundled one) and build :class:`Components`."""
    _need(isinstance(data, dict), "component data should be an object", "")
    for k in data:
        _need(k in ("track", "movement", "rainbow"), f"unknown part {k!r} (parts: track, movement, rainbow)", "")
    base = _bundled_raw()
    parts = {k: data.get(k, base[k]) for k in ("track", "movement", "rainbow")}
    track, lanes = _track(parts["track"], "track")
    mv = _obj(parts["movement"], "movement", {"characters": True})
    chars = mv["characters"]
    _need(isinstance(chars, list) and 2 <= len(chars) <= 12, "should list 2 to 12 characters", "movement.characters")
    characters: dict[str, Character] = {}
    for i, c in enumerate(chars):
        ch = _character(c, f"movement.characters[{i}]")
        _need(ch.key not in characters, f"repeats the character {ch.key!r}", f"movement.characters[{i}]")
        characters[ch.key] = ch
    rb = _obj(parts["rainbow"], "rainbow", {"cards": True})
    cards = rb["cards"]
    _need(isinstance(cards, list) and bool(cards), "should list the rainbow cards", "rainbow.cards")
    rainbow: dict[str, RainbowCard] = {}
    for i, c in enumerate(cards):
        r = _rainbow_card(c, f"rainbow.cards[{i}]")
        _need(r.key not in rainbow, f"repeats the rainbow card {r.key!r}", f"rainbow.cards[{i}]")
        for who in r.points_for:
            _need(who in characters, f"names an unknown character {who!r}", f"rainbow.cards[{i}].points_for")
        rainbow[r.key] = r
    _need(sum(r.count for r in rainbow.values()) >= 4, "needs at least 4 rainbow cards (a market of 3 and a deck)",
          "rainbow.cards")
    sources = {k: str(parts[k].get("source", "assumed")) for k in parts}
    return Components(characters=characters, rainbow=rainbow, track=track, lanes=lanes, sources=sources)


@lru_cache(maxsize=1)
def _bundled_raw_cached() -> str:
    out = {}
    base = resources.files("windward_nb.tailwinds") / "data"
    for part, name in (("track", "track.json"), ("movement", "movement.json"), ("rainbow", "rainbow.json")):
        out[part] = json.loads((base / name).read_text(encoding="utf-8"))
    return json.dumps(out)


def _bundled_raw() -> dict:
    return json.loads(_bundled_raw_cached())


@lru_cache(maxsize=1)
def _bundled() -> Components:
    return check_components({})


def load_components(source: dict | str | Path | None = None) -> Components:
    """The bundled components (``None``), or ones from a dict or a JSON file.

    A file or dict holds any of the parts ``track``, ``movement``, ``rainbow``
    (each shaped like the bundled file of that name); missing parts are the
    bundled ones. Bad data raises :class:`ComponentError` naming the field.
    """
    if source is None:
        return _bundled()
    if isinstance(source, (str, Path)):
        try:
            text = Path(source).read_text(encoding="utf-8")
        except OSError as exc:
            raise ComponentError(f"cannot read {source}: {exc.strerror or exc}") from None
        try:
            source = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ComponentError(f"{source} is not valid JSON: {exc.msg} at line {exc.lineno}") from None
    return check_components(copy.deepcopy(source))
