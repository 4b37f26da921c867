"""North Wind's components: tiles, task fields, dice, ship limits and prices.

The numbers live in three JSON files under ``windward_nb/northwind/data``
(``components.json``, ``tiles.json``, ``tasks.json``); every entry says where
it comes from (``source``: ``rulebook``, ``public`` or ``assumed``). Much of
North Wind is printed only on its tiles and dice, so a good part of the set is
reconstructed. :func:`load_components` reads the default set, or your own:
a directory holding any of the three files, one JSON file with the keys
``components``/``tiles``/``tasks``, or such a dict (missing parts keep their
defaults).

>>> comp = load_components()
>>> comp.destinations
('north-cape', 'fort-haven', 'olsand')
>>> comp.tasks["north-cape"][0], comp.tile("salt-3").goods
({'wine': 1}, {'salt': 3})
>>> comp.event_die, comp.battle_die
(('treasure', 'treasure', 'pirate 1', 'pirate 1', 'pirate 2', 'pirate 3'), ('pip', 'pip', 'pip', 'double', 'blank', 'blank'))
>>> comp.max_hits(cannons=2, cannoneer=True)
4
"""

from __future__ import annotations

import copy
import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from collections.abc import Mapping

from ..core.errors import OptionError

DATA_DIR = Path(__file__).parent / "data"
PARTS = ("components", "tiles", "tasks")
GOODS = ("salt", "grain", "wine", "lumber", "fish")  #: the commodities, in the rules' order
ABILITIES = ("boatswain", "bookkeeper", "cannoneer", "treasurer", "lookout")
BATTLE_FACES = ("pip", "double", "blank")
EVENT_FACES = ("treasure", "pirate 1", "pirate 2", "pirate 3")
TILE_KINDS = ("destination", "fog", "shipwreck", "merchant", "equipment", "harbour")
TRADE_KINDS = ("harbour", "merchant", "equipment")  #: tiles with an underlined "A": letters may use them
_ID = re.compile(r"[a-z][a-z0-9-]{0,23}\Z")
_MAX_BYTES = 1_000_000


class ComponentError(OptionError):
    """A component file or dict that cannot be played with; the message names the field."""


@dataclass(frozen=True)
class Tile:
    """One sea tile. ``goods`` (harbour) maps a commodity to its price; ``price`` is a
    merchant's; ``cannon``/``crew`` are an equipment harbour's prices."""

    id: str
    kind: str
    name: str = ""
    goods: dict[str, int] = field(default_factory=dict)
    price: int = 0
    cannon: int = 0
    crew: int = 0

    @property
    def title(self) -> str:
        """How the tile is called at the table."""
        if self.name:
            return self.name
        if self.kind == "harbour":
            return "Commercial harbour (" + ", ".join(f"{g} {p}" for g, p in self.goods.items()) + ")"
        if self.kind == "merchant":
            return f"Merchant ({self.price} gold)"
        if self.kind == "equipment":
            return f"Equipment harbour (cannon {self.cannon}, crew {self.crew})"
        return {"fog": "Fog", "shipwreck": "Shipwreck"}.get(self.kind, self.id)

    @property
    def letters(self) -> bool:
        """Whether other captains may use this tile with a commercial letter."""
        return self.kind in TRADE_KINDS


@dataclass(frozen=True, eq=False)
class Components:
    """A complete, validated set of North Wind components (shared by every state)."""

    goods_per_kind: int
    captains: int
    letters_total: int
    letters_start: int
    letters_max: int
    gold_start: int
    poor_income: int
    treasurer_income: int
    tokens: dict[int, int]
    hold: int
    hold_per_kind: int
    brig: int
    cabin: int
    cannon_slots: int
    cannons: int
    cannons_mounted: int
    crew: int
    sail_start: int
    sail_max: int
    sail_price: int
    treasure_gold: int
    ransom: int
    brig_full_gold: int
    wreck_gold: int
    bookkeeper_gold: int
    event_die: tuple[str, ...]
    battle_die: tuple[str, ...]
    tiles: dict[str, Tile]
    destinations: tuple[str, ...]
    tasks: dict[str, tuple[dict[str, int], ...]]
    raw: dict[str, Any] = field(repr=False)
    digest: str = ""

    def tile(self, tile_id: str) -> Tile:
        return self.tiles[tile_id]

    @property
    def others(self) -> tuple[str, ...]:
        """The sea tiles that are not destination harbours, sorted."""
        return tuple(sorted(t for t, v in self.tiles.items() if v.kind != "destination"))

    @property
    def stack_size(self) -> int:
        return 1 + len(self.others) // len(self.destinations)

    def max_hits(self, cannons: int, cannoneer: bool) -> int:
        """The most hits ``cannons`` battle dice can score (the blue double counts 2 only
        with a Cannoneer)."""
        best = max(self.face_hits(f, cannoneer) for f in self.battle_die)
        return cannons * best

    @staticmethod
    def face_hits(face: str, cannoneer: bool) -> int:
        return {"pip": 1, "double": 2 if cannoneer else 0}.get(face, 0)

    def is_default(self) -> bool:
        return self.digest == load_components().digest


def _default_raw() -> dict[str, Any]:
    return {part: json.loads((DATA_DIR / f"{part}.json").read_text(encoding="utf-8")) for part in PARTS}


# bounded: the _CUSTOM_MAX component sets loaded last (by digest, for components_by_digest); the oldest goes first
_CACHE: dict[str, Components] = {}
_CUSTOM_MAX = 64
_DEFAULT: list[Components] = []  # finite: the bundled components, once


def load_components(source: str | Path | Mapping | None = None) -> Components:
    """The default components, or your own (see the module docstring).

    Raises :class:`ComponentError` (an :class:`~windward_nb.core.errors.OptionError`)
    naming the field that is wrong.
    """
    if source is None:
        if not _DEFAULT:
            _DEFAULT.append(_build(_default_raw()))
        return _DEFAULT[0]
    raw = _default_raw()
    for part, doc in _read_source(source).items():
        raw[part] = doc
    comp = _build(raw)
    if comp.digest not in _CACHE and len(_CACHE) >= _CUSTOM_MAX:
        del _CACHE[next(iter(_CACHE))]
    return _CACHE.setdefault(comp.digest, comp)


def components_by_digest(digest: str) -> Components:
    """A component set loaded earlier in this process, by its digest."""
    default = load_components()
    if digest == default.digest:
        return default
    if digest in _CACHE:
        return _CACHE[digest]
    raise ComponentError(f"components {digest!r} are not loaded: pass them with data=...")


def _read_source(source: Any) -> dict[str, Any]:
    if isinstance(source, Mapping):
        unknown = sorted(set(map(str, source)) - set(PARTS))
        if unknown:
            raise ComponentError(f"data: unknown part(s) {', '.join(unknown)}; the parts are {', '.join(PARTS)}")
        return {k: copy.deepcopy(v) for k, v in source.items()}
    if not isinstance(source, (str, Path)):
        raise ComponentError(f"data: give a directory, a JSON file or a dict, not {type(source).__name__}")
    path = Path(source)
    try:
        return _read_path(path)
    except OSError as exc:  # a name too long, a folder we may not read ...
        raise ComponentError(f"data: cannot read {str(path)[:80]}: {exc.strerror or exc}") from None


def _read_path(path: Path) -> dict[str, Any]:
    if path.is_dir():
        found = {p: path / f"{p}.json" for p in PARTS if (path / f"{p}.json").is_file()}
        if not found:
            raise ComponentError(f"data: {path} holds none of {', '.join(p + '.json' for p in PARTS)}")
        return {p: _read_json(f, p) for p, f in found.items()}
    if path.is_file():
        doc = _read_json(path, "data")
        if not isinstance(doc, dict):
            raise ComponentError(f"data: {path} must hold a JSON object")
        if set(doc) & set(PARTS):
            return _read_source(doc)
        name = path.stem if path.stem in PARTS else None
        if name is None:
            raise ComponentError(f"data: {path} has none of the keys {', '.join(PARTS)}")
        return {name: doc}
    raise ComponentError(f"data: {path} does not exist")


def _read_json(path: Path, part: str) -> Any:
    if path.stat().st_size > _MAX_BYTES:
        raise ComponentError(f"{part}: {path} is larger than {_MAX_BYTES} bytes")
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ComponentError(f"{part}: {path} is not valid JSON: {exc}") from None


# --------------------------------------------------------------------------------------- validation
def _get(doc: Any, path: str) -> Any:
    cur = doc
    for key in path.split("."):
        if not isinstance(cur, dict) or key not in cur:
            raise ComponentError(f"{path}: missing")
        cur = cur[key]
    return cur


def _int(doc: Any, path: str, lo: int = 0, hi: int = 1000) -> int:
    v = _get(doc, path)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise ComponentError(f"{path}: expected a whole number {lo}-{hi}, got {v!r}")
    return v


def _faces(doc: Any, path: str, allowed: tuple[str, ...]) -> tuple[str, ...]:
    v = _get(doc, path)
    if not isinstance(v, list) or not 1 <= len(v) <= 60 or not all(isinstance(f, str) for f in v):
        raise ComponentError(f"{path}: expected a list of 1-60 face names")
    bad = sorted({f for f in v if f not in allowed})
    if bad:
        raise ComponentError(f"{path}: unknown face(s) {', '.join(map(repr, bad))}; faces are {', '.join(allowed)}")
    return tuple(v)


def _build(raw: dict[str, Any]) -> Components:
    c = raw["components"]
    if not isinstance(c, dict):
        raise ComponentError("components: expected a JSON object")
    kinds = _get(c, "goods.kinds")
    if kinds != list(GOODS):
        raise ComponentError(f"goods.kinds: the commodities are {', '.join(GOODS)}")
    slots = _get(c, "crew_slots.slots")
    if slots != list(ABILITIES):
        raise ComponentError(f"crew_slots.slots: the crew slots are {', '.join(ABILITIES)}")
    by_players = _get(c, "task_tokens.by_players")
    if not isinstance(by_players, dict) or sorted(by_players) != ["2", "3", "4"]:
        raise ComponentError("task_tokens.by_players: give the tokens for 2, 3 and 4 players")
    tokens = {int(k): _int(c, f"task_tokens.by_players.{k}", 1, 30) for k in by_players}
    event = _faces(c, "event_die.faces", EVENT_FACES)
    battle = _faces(c, "battle_die.faces", BATTLE_FACES)
    sail_start = _int(c, "sail.start", 1, 20)
    sail_max = _int(c, "sail.max", sail_start, 20)
    hold = _int(c, "ship.hold", 1, 20)
    cannons = _int(c, "ship.cannons", 0, 12)
    slots_c = _int(c, "ship.cannon_slots", 0, 12)
    mounted = _int(c, "ship.cannons_mounted", 0, min(cannons, slots_c))
    crew = _int(c, "ship.crew", 0, len(ABILITIES))
    letters_total = _int(c, "letters.count", 0, 100)
    letters_max = _int(c, "letters.max_held", 0, 20)
    letters_start = _int(c, "letters.start", 0, letters_max)
    tiles = _tiles(raw["tiles"])
    dests = tuple(t.id for t in tiles.values() if t.kind == "destination")
    if len(dests) != 3:
        raise ComponentError(f"tiles: there are 3 destination harbours, found {len(dests)}")
    others = [t for t in tiles.values() if t.kind != "destination"]
    if len(others) % 3 or len(others) < 3 * (sail_max + 1):
        raise ComponentError(f"tiles: the {len(others)} non-destination tiles must split into 3 equal stacks "
                             f"of at least {sail_max + 1} (the longest voyage plus a tile under the stack)")
    tasks = _tasks(raw["tasks"], dests)
    comp = Components(
        goods_per_kind=_int(c, "goods.per_kind", 0, 100), captains=_int(c, "captains.count", 0, 100),
        letters_total=letters_total, letters_start=letters_start, letters_max=letters_max,
        gold_start=_int(c, "gold.start", 0, 100), poor_income=_int(c, "gold.poor_income", 0, 20),
        treasurer_income=_int(c, "gold.treasurer_income", 0, 20), tokens=tokens,
        hold=hold, hold_per_kind=_int(c, "ship.per_kind", 1, hold), brig=_int(c, "ship.brig", 0, 20),
        cabin=_int(c, "ship.cabin", 0, 20), cannon_slots=slots_c, cannons=cannons, cannons_mounted=mounted,
        crew=crew, sail_start=sail_start, sail_max=sail_max, sail_price=_int(c, "sail.price", 0, 50),
        treasure_gold=_int(c, "fog.treasure_gold", 0, 20), ransom=_int(c, "fog.ransom", 0, 20),
        brig_full_gold=_int(c, "fog.brig_full_gold", 0, 20), wreck_gold=_int(c, "shipwreck.gold", 0, 20),
        bookkeeper_gold=_int(c, "bookkeeper.gold", 0, 20), event_die=event, battle_die=battle,
        tiles=tiles, destinations=dests, tasks=tasks, raw=raw)
    digest = hashlib.sha256(json.dumps(raw, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:16]
    object.__setattr__(comp, "digest", digest)
    return comp


def _tiles(doc: Any) -> dict[str, Tile]:
    items = doc.get("tiles") if isinstance(doc, dict) else None
    if not isinstance(items, list) or not items:
        raise ComponentError("tiles.tiles: expected a list of tiles")
    out: dict[str, Tile] = {}
    for i, t in enumerate(items):
        where = f"tiles[{i}]"
        if not isinstance(t, dict):
            raise ComponentError(f"{where}: expected an object")
        tid, kind = t.get("id"), t.get("kind")
        if not isinstance(tid, str) or not _ID.match(tid):
            raise ComponentError(f"{where}.id: a short lower-case name (letters, digits, '-'), got {tid!r}")
        if tid in out:
            raise ComponentError(f"{where}.id: {tid!r} appears twice")
        if kind not in TILE_KINDS:
            raise ComponentError(f"{where}.kind: one of {', '.join(TILE_KINDS)}, got {kind!r}")
        kw: dict[str, Any] = {}
        if kind == "harbour":
            goods = t.get("goods")
            if not isinstance(goods, dict) or not goods or any(g not in GOODS for g in goods):
                raise ComponentError(f"{where}.goods: commodities ({', '.join(GOODS)}) with their prices")
            kw["goods"] = {g: _int(t, f"goods.{g}", 0, 50) for g in GOODS if g in goods}
        elif kind == "merchant":
            kw["price"] = _int(t, "price", 0, 50)
        elif kind == "equipment":
            kw["cannon"] = _int(t, "cannon", 0, 50)
            kw["crew"] = _int(t, "crew", 0, 50)
        name = t.get("name", "")
        if not isinstance(name, str) or len(name) > 40:
            raise ComponentError(f"{where}.name: a text of at most 40 characters")
        out[tid] = Tile(id=tid, kind=kind, name=name, **kw)
    return out


def _tasks(doc: Any, dests: tuple[str, ...]) -> dict[str, tuple[dict[str, int], ...]]:
    cols = doc.get("columns") if isinstance(doc, dict) else None
    if not isinstance(cols, dict) or sorted(cols) != sorted(dests):
        raise ComponentError(f"tasks.columns: one column per destination harbour ({', '.join(dests)})")
    out = {}
    for d in dests:
        fields = cols[d]
        if not isinstance(fields, list) or not 1 <= len(fields) <= 30:
            raise ComponentError(f"tasks.columns.{d}: a list of 1-30 task fields")
        col = []
        for i, f in enumerate(fields):
            need = f.get("need") if isinstance(f, dict) else None
            where = f"tasks.columns.{d}[{i}].need"
            if not isinstance(need, dict) or not need:
                raise ComponentError(f"{where}: what the task asks for, e.g. {{\"wine\": 1}}")
            bad = [k for k in need if k not in GOODS + ("gold", "captain")]
            if bad:
                raise ComponentError(f"{where}: unknown item {bad[0]!r}")
            order = GOODS + ("captain", "gold")
            col.append({k: _int(need, k, 1, 50) for k in order if k in need})
        out[d] = tuple(col)
    return out
