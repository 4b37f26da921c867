"""Component data: dice, supply deck, crew, ship boards and planet tiles.

Everything the rulebooks do not print lives in JSON files under
``windward_nb/data`` with a ``source`` field (``rulebook``, ``public`` or
``assumed``). :func:`load_components` reads the default set; pass a path to
play with your own cards or boards.

>>> comp = load_components()
>>> comp.battle_die
(1, 1, 1, 2, 2, 3)
>>> comp.deck_size()
74
>>> comp.card("harpoon").hits
1
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).parent / "data"


class ComponentError(ValueError):
    """A component file is malformed; the message names the field."""


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    count: int
    kind: str  # "turn", "battle_start" or "hits"
    effect: str
    source: str
    hits: int = 0


@dataclass(frozen=True)
class Board:
    colour: str
    gas_slots: int
    cannon_slots: int
    longboat_slots: int
    rowers: int
    supplies: int
    morale_order: int
    rest_at_port: int
    source: str


@dataclass(frozen=True)
class Components:
    """A complete, validated component set."""

    name: str
    battle_die: tuple[int, ...]
    strength: dict[str, int]
    teeth_notoriety: dict[str, int]
    teeth_gas: dict[str, int]
    prices: dict[str, int]
    limits: dict[str, int]
    starting_hands: tuple[int, ...]
    stock: dict[str, int]
    boards: tuple[Board, ...]
    crew_slot: dict[str, str]  # crew name -> slot name
    crew_effects: dict[str, dict[str, int]]
    crew_tiles_per_pair: int
    cards: tuple[Card, ...]
    token_hits: int
    tiles: dict[str, Any]
    raw: dict[str, Any] = field(repr=False, compare=False, hash=False)
    achievements: tuple[dict[str, Any], ...] = ()
    content_hash: str = ""

    def card(self, card_id: str) -> Card:
        for c in self.cards:
            if c.id == card_id:
                return c
        raise KeyError(card_id)

    def card_by_name(self, text: str) -> Card:
        key = text.strip().lower().replace("-", " ").replace("_", " ")
        for c in self.cards:
            if c.name.lower() == key or c.id.replace("_", " ") == key:
                return c
        names = ", ".join(c.name for c in self.cards)
        raise ValueError(f"unknown supply card {text!r}; the deck has {names}")

    def deck_size(self) -> int:
        return sum(c.count for c in self.cards)

    def deck_list(self) -> list[str]:
        """Card ids of a fresh, unshuffled deck, in a fixed order."""
        out: list[str] = []
        for c in self.cards:
            out.extend([c.id] * c.count)
        return out

    def board(self, colour: str) -> Board:
        for b in self.boards:
            if b.colour == colour:
                return b
        raise ValueError(f"unknown ship colour {colour!r}; boards: {', '.join(b.colour for b in self.boards)}")

    @property
    def colours(self) -> tuple[str, ...]:
        return tuple(b.colour for b in self.boards)

    @property
    def crew_names(self) -> tuple[str, ...]:
        return tuple(self.crew_slot)


def _need(d: dict, key: str, where: str, kind: type | tuple = (int,)) -> Any:
    if not isinstance(d, dict) or key not in d:
        raise ComponentError(f"component field {where}.{key} is missing")
    value = d[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise ComponentError(f"component field {where}.{key} has the wrong type ({type(value).__name__})")
    return value


ACHIEVEMENT_SCOPES = ("game", "turn", "now")
# statistics the engine counts for achievement cards (see windward_nb.windward.modes)
COUNTED_STATS = ("reds_defeated", "greys_defeated", "ships_beaten", "around", "zephyrs", "downwind", "gas_spent",
                 "teeth_cashed", "longboat_wins")
SHIP_STATS = ("crew", "cannons", "morale", "gas", "notoriety")


def _parse_achievements(deck: dict[str, Any]) -> tuple[dict[str, Any], ...]:
    cards = _need(deck, "cards", "achievements", list)
    out = []
    ids = set()
    for i, c in enumerate(cards):
        where = f"achievements.cards[{i}]"
        for key in ("id", "name", "text", "stat", "scope"):
            _need(c, key, where, str)
        _need(c, "at_least", where)
        points = _need(c, "points", where, list)
        if not 1 <= len(points) <= 2 or not all(isinstance(x, int) and x > 0 for x in points):
            raise ComponentError(f"component field {where}.points must be one or two positive numbers")
        if c["scope"] not in ACHIEVEMENT_SCOPES:
            raise ComponentError(f"component field {where}.scope must be one of {', '.join(ACHIEVEMENT_SCOPES)}")
        known = SHIP_STATS if c["scope"] == "now" else COUNTED_STATS
        if c["stat"] not in known:
            raise ComponentError(f"component field {where}.stat {c['stat']!r} is not counted for scope "
                                 f"{c['scope']!r}; use one of {', '.join(known)}")
        if c["id"] in ids:
            raise ComponentError(f"component field {where}.id repeats {c['id']!r}")
        ids.add(c["id"])
        out.append(dict(c))
    return tuple(out)


def _parse(raw: dict[str, Any], tiles: dict[str, Any], achievements: dict[str, Any] | None = None) -> Components:
    die = _need(_need(raw, "battle_die", "", dict), "faces", "battle_die", list)
    if not die or not all(isinstance(f, int) and f >= 0 for f in die):
        raise ComponentError("component field battle_die.faces must be a list of non-negative whole numbers")
    strength = {k: _need(raw["strength"], k, "strength") for k in ("ship", "longboat", "grey", "red", "white")}
    teeth = {k: _need(raw["teeth_notoriety"], k, "teeth_notoriety") for k in ("grey", "red")}
    teeth_gas = {k: _need(raw["teeth_gas"], k, "teeth_gas") for k in ("grey", "red")}
    prices = {k: _need(raw["prices"], k, "prices") for k in ("cannon", "crew", "rum", "notoriety", "supplies")}
    limits = {
        k: _need(raw["limits"], k, "limits")
        for k in ("morale_max", "longboat_speed_max", "hand_limit", "ship_speed", "notoriety_goal", "gas_per_pocket")
    }
    hands = tuple(_need(raw["starting_hands"], "by_seat", "starting_hands", list))
    stock = {
        k: _need(raw["stock"], k, "stock")
        for k in ("grey", "red", "white", "grey_teeth", "red_teeth", "tokens", "coffee", "gas", "life", "tags")
    }
    base = _need(raw, "ship_board", "", dict)
    orders = _need(base, "orders", "ship_board", dict)
    boards = []
    for i, b in enumerate(_need(raw, "boards", "", list)):
        where = f"boards[{i}]"
        boards.append(
            Board(
                colour=_need(b, "colour", where, str),
                gas_slots=b.get("gas_slots", _need(base, "gas_slots", "ship_board")),
                cannon_slots=b.get("cannon_slots", _need(base, "cannon_slots", "ship_board")),
                longboat_slots=b.get("longboat_slots", _need(base, "longboat_slots", "ship_board")),
                rowers=b.get("rowers", _need(orders, "rowers", "ship_board.orders")),
                supplies=b.get("supplies", _need(orders, "supplies", "ship_board.orders")),
                morale_order=b.get("morale_order", _need(orders, "morale", "ship_board.orders")),
                rest_at_port=b.get("rest_at_port", _need(base, "rest_at_port", "ship_board")),
                source=b.get("source", "assumed"),
            )
        )
    crew = _need(raw, "crew", "", dict)
    slot_of: dict[str, str] = {}
    for i, pair in enumerate(_need(crew, "pairs", "crew", list)):
        for name in _need(pair, "names", f"crew.pairs[{i}]", list):
            slot_of[name] = _need(pair, "slot", f"crew.pairs[{i}]", str)
    effects = _need(crew, "effects", "crew", dict)
    for name in slot_of:
        if name not in effects:
            raise ComponentError(f"component field crew.effects.{name} is missing")
    cards = []
    deck = _need(raw, "supply_deck", "", dict)
    for i, c in enumerate(_need(deck, "cards", "supply_deck", list)):
        where = f"supply_deck.cards[{i}]"
        kind = _need(c, "kind", where, str)
        if kind not in ("turn", "battle_start", "hits"):
            raise ComponentError(f"component field {where}.kind must be turn, battle_start or hits")
        cards.append(
            Card(
                id=_need(c, "id", where, str),
                name=_need(c, "name", where, str),
                count=_need(c, "count", where),
                kind=kind,
                effect=_need(c, "effect", where, str),
                source=_need(c, "source", where, str),
                hits=c.get("hits", 0),
            )
        )
    for side in ("large", "small"):
        _need(tiles, side, "tiles", dict)
    achievements = achievements if achievements is not None else {"cards": []}
    payload = json.dumps({"components": raw, "tiles": tiles, "achievements": achievements}, sort_keys=True).encode()
    return Components(
        name=_need(raw, "name", "", str),
        battle_die=tuple(die),
        strength=strength,
        teeth_notoriety=teeth,
        teeth_gas=teeth_gas,
        prices=prices,
        limits=limits,
        starting_hands=hands,
        stock=stock,
        boards=tuple(boards),
        crew_slot=slot_of,
        crew_effects={k: dict(v) for k, v in effects.items()},
        crew_tiles_per_pair=_need(crew, "tiles_per_pair", "crew"),
        cards=tuple(cards),
        token_hits=_need(raw["plus_two_token_hits"], "value", "plus_two_token_hits"),
        tiles=tiles,
        raw=raw,
        achievements=_parse_achievements(achievements),
        content_hash=hashlib.sha256(payload).hexdigest()[:16],
    )


def load_components(path: str | Path | None = None, tiles_path: str | Path | None = None,
                    achievements_path: str | Path | None = None) -> Components:
    """Load a component set (the built-in retail set by default).

    Any of the three files can be replaced by your own: the supply deck, crew
    and boards (``path``), the planet tiles (``tiles_path``) and the achievement
    deck (``achievements_path``).
    """
    if path is None and tiles_path is None and achievements_path is None:
        return _default()
    raw = _read_file(path, "components.json")
    tiles = _read_file(tiles_path, "tiles.json")
    achievements = _read_file(achievements_path, "achievements.json")
    try:
        return _parse(raw, tiles, achievements)
    except ComponentError:
        raise
    except (TypeError, KeyError, IndexError, AttributeError, ValueError) as exc:  # a file of the wrong shape
        raise ComponentError(f"the component files cannot be read as components ({type(exc).__name__}: "
                             f"{str(exc)[:160]})") from None


_MAX_FILE_BYTES = 5_000_000  #: the largest component file read


def _read_file(given: Any, default: str) -> Any:
    """A component file's JSON, read with a bound and strictly (a ComponentError naming it otherwise)."""
    from ..core import files

    if given is not None and not isinstance(given, (str, Path)):
        raise ComponentError(f"give a component file's path, not {type(given).__name__}")
    path = Path(given) if given is not None else DATA_DIR / default
    try:
        return files.loads_strict(files.read_bounded(path, _MAX_FILE_BYTES), max_bytes=_MAX_FILE_BYTES)
    except files.FileFormatError as exc:
        raise ComponentError(f"{str(path)[:120]}: {exc}") from None


@lru_cache(maxsize=1)
def _default() -> Components:
    raw = json.loads((DATA_DIR / "components.json").read_text())
    tiles = json.loads((DATA_DIR / "tiles.json").read_text())
    achievements = json.loads((DATA_DIR / "achievements.json").read_text())
    return _parse(raw, tiles, achievements)
