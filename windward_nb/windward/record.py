"""Windward game records (``*.wwr.json``): everything needed to replay a game exactly.

A record holds the rule options, the component set it was played with (its
name and content hash), the players, the drawn setup, and every action in its
text form. Chance outcomes are actions too (``wind 3``, ``dice 1,1,2``,
``grey 4``, ``shuffle ...``), so a record needs no random numbers: a replay
is exact forever, on any machine. Comments can be attached to any ply, and
``meta`` holds free-form facts such as the final scores.

:class:`Record` is Windward's :class:`~windward_nb.core.record.GameRecord`: the
core reads and writes it (strict, bounded reading; atomic saves; one JSON
Schema, :meth:`Record.schema`, checked both when loading and before writing) and
replays it through the rules. Every problem is a
:class:`~windward_nb.core.errors.RecordError` naming the field or the ply;
nothing is ever unpickled or evaluated.

>>> from windward_nb import windward
>>> g = windward.new_game(players=2, seed=3)
>>> _ = g.apply("end turn")
>>> again = Record.from_json(g.record.to_json()).replay()
>>> again.state.fingerprint() == g.state.fingerprint()
True
>>> bad = g.record.to_dict()
>>> bad["actions"][0] = "move N"
>>> Record.from_dict(bad).verify()
Traceback (most recent call last):
...
windward_nb.core.errors.RecordError: actions[0] (ply 1) 'move N' is illegal: your ship is at port: leave port first [Trading Post]

The file format, version 1 (one JSON object, its fields in this order; version 2 below)::

    format      "windward-record"
    version     1
    options     {"players": 1-5, "mode", "planet", "variants": [...], "edition"}
    components  {"name", "hash"}            the component set, by content hash
    players     [{"name", "colour", "kind": "human"|"bot", "bot": name}]
    setup       the random choices of setup (tiles, colours, first, deck, wind, greys)
    seed        the seed the game was set up with, or null
    actions     ["leave port N", "dice 1,2,2", ...]   one string per ply
    comments    {"12": "text"}              optional, keyed by ply (0 = before the first action)
    meta        {...}                       optional free-form facts (final scores, bot names)
    position    {...}                       optional: a hand-built start (see ww.scenario)

Version 2 adds one optional field, written last; a record without it is still written as
version 1, and every version-1 record reads as before::

    analysis    {...}                       an analysis of the game (windward_nb.core.analysis)
"""

from __future__ import annotations

import contextlib
import copy
import json
import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar
from collections.abc import Iterator

from ..core import files
from ..core.errors import RecordError
from ..core import registry
from ..core.events import Event
from ..core.game import Game as CoreGame
from ..core.record import GameRecord
from ..core.replay import Replay as CoreReplay
from ..core.schema import check
from . import hooks
from .components import Components, load_components
from .invariants import violations
from .setup import EDITIONS, build_state, check_options
from .state import GameState

FORMAT = "windward-record"
VERSION = 2  # the newest version read and written; a record without an analysis is still written as 1
# Limits read when a record is checked (module globals, so a test can lower them)
MAX_BYTES = 20_000_000  # a file larger than this is refused before it is read
MAX_ACTIONS = 200_000  # more plies than any real game (a long 5-player game has a few thousand)
MAX_ACTION_CHARS = 4_000  # a shuffle of the whole deck is under 1,000 characters
MAX_COMMENT_CHARS = 20_000
MAX_NAME_CHARS = 200
MAX_META_DEPTH = 24  # levels of lists and objects inside meta
MAX_JSON_VALUES = 500_000  # values of every kind in one file (a 200,000-ply record has about 200,000)
MAX_JSON_DEPTH = 32  # nesting of the whole file (meta sits two levels down)
MAX_INT_BITS = 13_000  # about 3,900 digits: Python converts at most 4,300 digits of text to a number

TOP_FIELDS = ("format", "version", "options", "components", "players", "setup", "seed", "actions",
              "comments", "meta", "position", "analysis")
OPTION_FIELDS = ("players", "mode", "planet", "variants", "edition")
SETUP_FIELDS = ("tiles", "colours", "first", "deck", "wind", "greys")  # needed unless a position is given
SETUP_OPTIONAL = ("white", "difficulty", "achievements")  # the cooperative mode, the achievements variant

def _fail(message: str, *, field: str | None = None, ply: int | None = None) -> RecordError:
    return RecordError(message, field=field, ply=ply)


# =============================================================================== the schema's parts
_TEXT = {"type": "string", "maxLength": MAX_NAME_CHARS}
_SMALL = {"type": "integer", "minimum": -1000, "maximum": 1000}


def _list(item: dict[str, Any], most: int = 200) -> dict[str, Any]:
    return {"type": "array", "maxItems": most, "items": item}


def _object(props: dict[str, Any], required: tuple[str, ...] = ()) -> dict[str, Any]:
    return {"type": "object", "properties": props, "required": list(required), "additionalProperties": False}


_SHIP = _object({"colour": _TEXT, "pos": _SMALL, "morale": _SMALL, "rowers": _SMALL, "boats": _list(_SMALL),
                 "gas": _SMALL, "cannons": _SMALL, "crew": _list(_TEXT), "hand": _list(_TEXT), "hold": _TEXT,
                 "grey_teeth": _SMALL, "red_teeth": _SMALL, "tokens": _SMALL, "notoriety": _SMALL},
                ("pos", "boats"))
_TURN = _object({"speed": _SMALL, "mates": _SMALL, "coffee": _SMALL, "coffee_tokens": _SMALL,
                 "orders": _list(_TEXT), "deadweight": {"type": "boolean"}, "no_attack": _list(_TEXT),
                 "fought_reds": _list(_SMALL), "came_from": _SMALL, "last_clear": _SMALL},
                ("came_from", "last_clear", "fought_reds"))
_POSITION = _object({
    "planet": _TEXT, "components": _TEXT, "mode": _TEXT, "variants": _list(_TEXT), "edition": _TEXT,
    "ships": _list({"$ref": "#/$defs/ship"}), "first": _SMALL, "current": _SMALL, "round": _SMALL,
    "turn_number": _SMALL, "wind": _SMALL, "greys": _list(_SMALL), "greys_down": _list(_SMALL),
    "reds": _list(_SMALL), "reds_down": _list(_SMALL), "white": _SMALL,
    "items": {"type": "object", "maxProperties": 200,
              "propertyNames": {"pattern": "^[0-9]{1,9}$", "description": "a space number"},
              "additionalProperties": _list(_SMALL)},
    "stacks": _list(_list(_TEXT)), "discard": _list(_TEXT), "turn": {"$ref": "#/$defs/turn"},
    "frames": {"type": "array", "maxItems": 0, "description": "a starting position has no pending decision"},
    "end_trigger": _SMALL, "over": {"type": "boolean"}, "result": _TEXT, "lives": _list(_SMALL),
    "difficulty": _SMALL, "tagged_reds": _list(_SMALL), "tagged_greys": _list(_SMALL),
    "achievements": _list(_object({"id": _TEXT, "first": _SMALL, "claimed": _list(_SMALL)})),
    "stats": _list({"type": "object", "maxProperties": 200, "additionalProperties": _SMALL}),
}, ("ships", "first", "current", "end_trigger", "stacks", "over", "items", "turn", "white", "greys", "greys_down",
    "reds", "reds_down"))


# =============================================================================== the record
@dataclass(kw_only=True)
class Record(GameRecord):
    """A whole Windward game as data: options, components, players, setup, actions, comments, meta."""

    GAME: ClassVar[str] = "windward"
    TITLE: ClassVar[str] = "Windward"
    FORMAT: ClassVar[str] = FORMAT
    VERSION: ClassVar[int] = VERSION
    SUFFIX: ClassVar[str] = ".wwr.json"
    PLAYERS: ClassVar[tuple[int, int]] = (1, 5)
    META_ITEMS: ClassVar[int] = MAX_JSON_VALUES  # meta may hold as many values as a file

    components: dict[str, str]
    setup: dict[str, Any]
    position: dict[str, Any] | None = None  # a hand-built start (scenario) instead of a drawn setup

    def __setattr__(self, name: str, value: Any) -> None:
        # comments and meta are checked dicts: every value is checked as it is set
        if name == "comments" and type(value) is not Comments:
            value = Comments(value)
        elif name == "meta" and type(value) is not Meta:
            value = Meta(value)
        object.__setattr__(self, name, value)

    @classmethod
    def new(cls, *, players: int, mode: str, planet: str, variants: Any, edition: str, components: Components,
            setup: dict[str, Any], seed: Any = None, names: Any = None) -> Record:
        """A record for a game about to start (the players named ``names``, or Player 1, 2 ...)."""
        if names is not None and (isinstance(names, (str, bytes)) or not hasattr(names, "__len__")):
            raise _fail(f"names must be a list of {players} names, got {names!r:.80}", field="players")
        names = list(names) if names else [f"Player {i + 1}" for i in range(players)]
        if len(names) != players:
            raise _fail(f"names lists {len(names)} names for {players} players", field="players")
        for i, name in enumerate(names):
            check_name(name, f"names[{i}]")
        return cls(options={"players": players, "mode": mode, "planet": planet, "variants": list(variants),
                            "edition": edition},
                   components={"name": components.name, "hash": components.content_hash},
                   players=[{"name": names[i], "colour": setup["colours"][i], "kind": "human"}
                            for i in range(players)],
                   setup=dict(setup), seed=check_seed(seed))

    # ----------------------------------------------------------------------------- the schema
    @classmethod
    def options_schema(cls) -> dict[str, Any]:
        return _object({"players": {"type": "integer", "minimum": 1, "maximum": 5},
                        "mode": {"enum": list(hooks.MODES)},
                        "planet": {"enum": ["large", "small"]},
                        "variants": {"type": "array", "maxItems": 16, "items": {"enum": list(hooks.VARIANTS)}},
                        "edition": {"enum": list(EDITIONS)}}, OPTION_FIELDS)

    @classmethod
    def player_properties(cls) -> dict[str, Any]:
        return {"colour": {"type": "string", "minLength": 1, "maxLength": MAX_NAME_CHARS,
                           "description": "the ship board the captain plays"}}

    @classmethod
    def extra_properties(cls) -> tuple[dict[str, Any], list[str]]:
        setup = _object({
            "tiles": _list({"type": "integer", "minimum": 0, "maximum": 5}, 6),
            "colours": _list({"type": "string", "maxLength": MAX_NAME_CHARS}, 5),
            "first": {"type": "integer", "minimum": 0, "maximum": 4},
            "deck": _list({"type": "string", "maxLength": MAX_NAME_CHARS}, 1000),
            "wind": {"type": "integer", "minimum": 1, "maximum": 6},
            "greys": _list({"type": "integer", "minimum": 1, "maximum": 6}, 6),
            "white": {"type": "integer", "minimum": 1, "maximum": 6},
            "difficulty": {"type": "string", "maxLength": MAX_NAME_CHARS},
            "achievements": _list({"type": "string", "maxLength": MAX_NAME_CHARS}, 20),
        }, ("colours",))
        setup["description"] = ("the random choices of setup; with a position, only the colours "
                                "(see Record.check_game)")
        components = _object({"name": _TEXT, "hash": _TEXT}, ("name", "hash"))
        position = {"$ref": "#/$defs/position"}  # absent unless the game started from a built position
        return {"components": components, "setup": setup, "position": position}, ["components", "setup"]

    @classmethod
    def schema(cls) -> dict[str, Any]:
        s = super().schema()
        s["properties"]["version"] = cls.version_schema()
        s["$defs"] = {"position": _POSITION, "ship": _SHIP, "turn": _TURN}
        return s

    @classmethod
    def check_dict(cls, d: Any) -> None:
        # what this format has always said about these mistakes, in its own words
        if isinstance(d, dict) and d.get("format") == FORMAT:
            for key in d:
                if key not in TOP_FIELDS:
                    raise _fail(f"{key!s} is not a field of a version-{VERSION} record (fields: {', '.join(TOP_FIELDS)})",
                                field=str(key))
            if "meta" in d and not isinstance(d["meta"], dict):
                raise _fail("meta must be an object", field="meta")
            for key, value in d.get("meta", {}).items():
                check_meta_value(key, value)
            if isinstance(d.get("actions"), list) and len(d["actions"]) > MAX_ACTIONS:
                raise _fail(f"actions has {len(d['actions'])} entries; records over {MAX_ACTIONS} plies are refused",
                            field="actions")
        super().check_dict(d)

    @classmethod
    def check_game(cls, d: dict[str, Any]) -> None:
        """Checks across fields: the setup a game needs and ship boards matching the seats."""
        setup, position = d["setup"], d.get("position")
        n = d["options"]["players"]
        if position is None:
            for key in SETUP_FIELDS:
                if key not in setup:
                    raise _fail(f"setup.{key} is missing", field=f"setup.{key}")
        else:
            for key in setup:
                if key != "colours":
                    raise _fail(f"setup.{key} is not a field of a record with a position (fields: colours)",
                                field=f"setup.{key}")
        colours = setup["colours"]
        if len(colours) != n:
            raise _fail(f"setup.colours lists {len(colours)} ship boards for {n} players", field="setup.colours")
        for i, p in enumerate(d["players"]):
            if p["colour"] != colours[i]:
                raise _fail(f"players[{i}].colour is {p['colour']!r} but setup.colours[{i}] is {colours[i]!r}",
                            field=f"players[{i}].colour")

    # ----------------------------------------------------------------------------- JSON, in the version-1 order
    def to_dict(self) -> dict[str, Any]:
        n = len(self.actions)
        d: dict[str, Any] = {
            "format": FORMAT,
            "version": 1,
            "options": dict(copy.deepcopy(self.options), variants=list(self.options.get("variants", []))),
            "components": dict(self.components),
            "players": [dict(p) for p in self.players],
            "setup": copy.deepcopy(self.setup),
            "seed": self.seed,
            "actions": list(self.actions),
            # comments on plies taken back by undo are not written
            "comments": {str(k): v for k, v in sorted(self.comments.items()) if 0 <= k <= n},
            "meta": copy.deepcopy(dict(self.meta)),
        }
        if self.position is not None:
            d["position"] = copy.deepcopy(self.position)
        block = self._analysis_block()
        if block is not None:  # format version 2
            d["version"] = VERSION
            d["analysis"] = copy.deepcopy(block)
        return d

    @classmethod
    def _from_checked(cls, d: dict[str, Any], comments: dict[int, str]) -> Record:
        o = d["options"]
        return cls(options={"players": o["players"], "mode": o["mode"], "planet": o["planet"],
                            "variants": list(o["variants"]), "edition": o["edition"]},
                   components=dict(d["components"]), players=d["players"], setup=d["setup"],
                   actions=d["actions"], comments=comments, seed=d.get("seed"), meta=d.get("meta", {}),
                   position=d.get("position"), analysis=d.get("analysis"))

    @classmethod
    def from_json(cls, text: str | bytes) -> Record:
        """Parse and validate a record's JSON text (no replay)."""
        record = cls.from_dict(_decode(text))
        assert isinstance(record, Record)
        return record

    @classmethod
    def from_dict(cls, d: Any) -> Record:
        record = super().from_dict(d)
        assert isinstance(record, Record)
        return record

    def copy(self) -> Record:
        out = super().copy()
        assert isinstance(out, Record)
        return out

    def save(self, path: str | os.PathLike, *, verify: bool = True, components: Components | None = None) -> Path:
        """Write the record to ``path`` atomically: a crash leaves the old file or the new one, never half.

        Before anything is written the text is read back with the same checks as
        :func:`load_record` and, with ``verify``, every action is replayed (with
        ``components``, or with the installed set when the record was made with
        it), so a record that could not be loaded again is refused with a
        :class:`RecordError` ("not saved: ...") naming the field or the ply. The
        file keeps the permissions of the one it replaces; a new file gets the
        usual ones (the umask applies). Temporary files left by an interrupted
        save of the same path are removed. A failure to write raises
        :class:`OSError` about ``path``. Returns the path written.
        """
        try:
            data = self.to_json()  # checks the record's dict against the schema first
            checked = Record.from_json(data)  # the very text, read as load_record reads it
            if verify:
                comp = components or load_components()
                if components is not None or comp.content_hash == self.components.get("hash"):
                    checked.verify(comp)
        except RecordError as exc:
            raise _fail(f"not saved: {exc}", field=exc.field, ply=exc.ply) from None
        return files.atomic_write(path, data)

    # ----------------------------------------------------------------------------- replaying
    # a component set of your own, given for one replay, is kept in self.__dict__["_components"] (see using())
    @contextlib.contextmanager
    def using(self, components: Components | None) -> Iterator[Record]:
        """Replay with ``components`` (a set of your own) inside the ``with`` block."""
        old = self.__dict__.get("_components")
        if components is not None:
            self.__dict__["_components"] = components
        try:
            yield self
        finally:
            if components is not None:
                self.__dict__["_components"] = old

    def check_components(self, components: Components | None = None) -> Components:
        """The component set to replay with; refuses one whose content differs from the record's."""
        comp = components or self.__dict__.get("_components") or load_components()
        if comp.content_hash != self.components.get("hash"):
            raise _fail(
                f"components: the record was made with component set {self.components.get('name')!r} "
                f"(hash {self.components.get('hash')}), but the set loaded here is {comp.name!r} "
                f"(hash {comp.content_hash}); load the matching component files to replay it",
                field="components")
        return comp

    def start_state(self, components: Components | None = None) -> tuple[GameState, list[Event]]:
        """The position before the first action (ply 0) and the setup events."""
        comp = self.check_components(components)
        o = self.options
        try:
            check_options(o["players"], o["mode"], o["planet"], tuple(o["variants"]), o["edition"])
        except (ValueError, NotImplementedError) as exc:
            raise _fail(f"options: {exc}", field="options") from None
        if self.position is None:
            try:
                return build_state(self.setup, o["players"], o["mode"], o["planet"], tuple(o["variants"]),
                                   o["edition"], comp)
            except Exception as exc:  # a malformed setup must never escape as anything but RecordError
                raise _fail(f"setup: {exc}", field="setup") from None
        _check_position(self.position, o["players"])
        try:
            state = GameState.from_dict(self.position, comp)
            _check_hexes(self.position, len(state.planet.cells))
            problems = violations(state)
            same = json.dumps(state.to_dict(), sort_keys=True) == json.dumps(self.position, sort_keys=True)
        except RecordError:
            raise
        except Exception as exc:
            raise _fail(f"position: not a valid starting position ({type(exc).__name__}: {exc})",
                        field="position") from None
        if problems:
            raise _fail(f"position: {problems[0]}", field="position")
        if not same or state.frames:
            raise _fail("position: not a valid starting position (unknown or malformed fields)", field="position")
        if state.players != o["players"] or state.mode != o["mode"] or state.planet.size != o["planet"]:
            raise _fail("position: does not match options", field="position")
        return state, []

    def game_seed(self) -> int | None:
        """A drawn setup used the seed, and the game's chance its successor; a built position's chance the seed."""
        seed = self.seed or 0
        return seed if self.position is not None else seed + 1

    @classmethod
    def game_class(cls) -> type:
        """Windward's :class:`~windward_nb.windward.game.Game` (the driver imports this module, so
        the record asks the registry for it)."""
        game: type = registry.part(cls.GAME, "game")
        return game

    def iter_plies(self, check: bool = True, components: Components | None = None
                   ) -> Iterator[tuple[int, Any, Any, list[Event]]]:
        with self.using(components):
            yield from super().iter_plies(check)

    def verify(self, components: Components | None = None) -> GameState:
        """Replay every action through the rules, checking each; return the final position."""
        with self.using(components):
            state: GameState = super().verify()
            return state

    def replay(self, upto: int | None = None, auto_chance: bool = False,
               components: Components | None = None) -> CoreGame:
        """A Game at ply ``upto`` (default: the end), with undo back to ply 0.

        With ``auto_chance=True`` the returned game draws later chance rolls
        itself, from the record's seed, carried forward exactly as far as the
        recorded game had used it.
        """
        with self.using(components):
            game: CoreGame = super().replay(upto, auto_chance=auto_chance)
            return game

    def cursor(self, every: int = 64, components: Components | None = None) -> CoreReplay:
        """A :class:`~windward_nb.windward.replay.Replay` to step and jump through the game (the replay
        walks a record, so the record asks the registry for it)."""
        replay: CoreReplay = registry.part(self.GAME, "replay")(self, every=every, components=components)
        return replay

    def to_text(self, width: int = 100, components: Components | None = None) -> str:
        """A score sheet a person can read: turn by turn, moves, dice, results and comments."""
        text: str = registry.part(self.GAME, "score_sheet")(self, components=components, width=width)
        return text


# =============================================================================== loading
def load_record(path: str | os.PathLike, *, verify: bool = True, components: Components | None = None) -> Record:
    """Read and validate a ``.wwr.json`` file.

    The file is read with a bound (regular files only, at most :data:`MAX_BYTES`;
    a pipe or a device is never read), the JSON strictly (values, nesting,
    duplicate keys, numbers JSON does not allow), then the structure, the
    component set and (with ``verify``, the default) every action replayed
    through the rules. Any problem raises :class:`RecordError` naming the field or
    the ply.
    """
    try:
        raw = files.read_bounded(path, MAX_BYTES)
    except files.FileFormatError as exc:
        raise _fail(str(exc).replace("files over", "records over")) from None
    record = Record.from_dict(_decode(raw))
    record.check_components(components)
    if verify:
        record.verify(components)
    return record


def _decode(text: Any) -> Any:
    """A record's JSON, read strictly within :data:`MAX_BYTES`, :data:`MAX_JSON_VALUES` and
    :data:`MAX_JSON_DEPTH`."""
    if isinstance(text, bytearray):
        text = bytes(text)
    if not isinstance(text, (str, bytes)):
        raise _fail(f"record text must be a string, got {type(text).__name__}")
    try:
        return files.loads_strict(text, max_bytes=MAX_BYTES, max_values=MAX_JSON_VALUES, max_depth=MAX_JSON_DEPTH)
    except files.FileFormatError as exc:
        raise _fail(f"record {exc}") from None


# =============================================================================== one validator, both directions
# The reader and the setters call the same checks, so that a value the API accepts is one the reader
# accepts, and the other way round (the schema does the rest).
def check_name(value: Any, where: str) -> str:
    """A player's name: text of 1-200 characters with a visible one."""
    check(value, Record.player_schema()["properties"]["name"], where)
    return str(value)


def check_seed(value: Any, where: str = "seed") -> int | None:
    """A game's seed: a whole number 0 to 2**63-1 (numpy integers are taken as plain ones), or None."""
    if value is None:
        return None
    if isinstance(value, bool) or not hasattr(value, "__index__") or isinstance(value, float):
        raise _fail(f"{where} must be a whole number 0 to 2**63-1, or None; got {value!r:.80}", field=where)
    value = int(value.__index__())
    if not 0 <= value < 2**63:
        raise _fail(f"{where} must be a whole number 0 to 2**63-1, or None; got {value}", field=where)
    return value


def check_comment(ply: Any, text: Any) -> None:
    """A comment: text of at most 20,000 characters on a ply number 0 or more."""
    if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply < 10**9:
        raise _fail(f"comments: {ply!r:.40} is not a ply number", field="comments")
    where = f"comments.{ply}"
    if type(text) is not str or len(text) > MAX_COMMENT_CHARS:
        length = f", got {len(text)}" if isinstance(text, str) else f", not {type(text).__name__}"
        raise _fail(f"{where} must be text of at most {MAX_COMMENT_CHARS} characters{length}", field=where)


def check_meta_value(key: Any, value: Any) -> None:
    """One entry of ``meta``: a text key and a value JSON stores exactly (plain lists, objects with text
    keys, text, whole numbers, finite floats, true, false, null), nested at most 24 levels with meta."""
    if type(key) is not str or len(key) > MAX_NAME_CHARS:
        raise _fail(f"meta keys are text of at most {MAX_NAME_CHARS} characters, got {key!r:.60}", field="meta")
    where = f"meta.{key}"
    level, depth, values = [value], 0, 0
    while level:
        below: list[Any] = []
        for v in level:
            values += 1
            t = type(v)
            if t is dict:
                for k in v:
                    if type(k) is not str or len(k) > MAX_NAME_CHARS:
                        raise _fail(f"{where} has a key that is not short text: {k!r:.60}", field=where)
                below.extend(v.values())
            elif t is list:
                below.extend(v)
            elif t is float:
                if not math.isfinite(v):
                    raise _fail(f"{where} holds {v}, which JSON cannot store", field=where)
            elif t is int:
                if v.bit_length() > MAX_INT_BITS:
                    raise _fail(f"{where} holds a number with more than about 3,900 digits", field=where)
            elif not (t is str or v is None or t is bool):
                raise _fail(f"{where} holds a {t.__name__}, which a record cannot store exactly", field=where)
        if below and depth + 1 > MAX_META_DEPTH - 1:
            raise _fail(f"{where} is nested more than {MAX_META_DEPTH} levels deep (counting meta)", field=where)
        if values > MAX_JSON_VALUES:
            raise _fail(f"{where} holds more than {MAX_JSON_VALUES} values", field=where)
        depth += 1
        level = below


class _Checked(dict[Any, Any]):
    """A dict that checks every key and value as it is set."""

    __slots__ = ()

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__()
        self.update(*args, **kw)

    def _check(self, key: Any, value: Any) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def __setitem__(self, key: Any, value: Any) -> None:
        self._check(key, value)
        super().__setitem__(key, value)

    def update(self, *args: Any, **kw: Any) -> None:
        for key, value in dict(*args, **kw).items():
            self[key] = value

    def setdefault(self, key: Any, default: Any = None) -> Any:
        if key not in self:
            self[key] = default
        return self[key]

    def __or__(self, other: Any) -> dict[Any, Any]:
        return dict(self) | dict(other)

    def __ior__(self, other: Any) -> _Checked:
        self.update(other)  # checked, unlike dict's own |=
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (dict(self),))


class Comments(_Checked):
    """``Record.comments``: ply number -> text (see :func:`check_comment`)."""

    __slots__ = ()

    def _check(self, key: Any, value: Any) -> None:
        check_comment(key, value)


class Meta(_Checked):
    """``Record.meta``: free-form facts that JSON stores exactly (see :func:`check_meta_value`)."""

    __slots__ = ()

    def _check(self, key: Any, value: Any) -> None:
        check_meta_value(key, value)


# =============================================================================== a built position's checks
def _check_position(position: dict[str, Any], players: int) -> None:
    """What the schema cannot say about a built starting position (seats, stacks, item rows)."""
    if len(position["ships"]) != players:
        raise _fail(f"position.ships lists {len(position['ships'])} ships for {players} players",
                    field="position.ships")
    for key in ("first", "current"):
        if not 0 <= position[key] < players:
            raise _fail(f"position.{key} must be a seat number", field=f"position.{key}")
    if not -1 <= position["end_trigger"] < players:
        raise _fail("position.end_trigger must be -1 or a seat number", field="position.end_trigger")
    if len(position["stacks"]) != 3:
        raise _fail("position.stacks must be three supply stacks", field="position.stacks")
    if position["over"]:
        raise _fail("position: a game cannot start over", field="position.over")
    for k, row in position["items"].items():
        if len(row) != 4 or min(row) < 0:
            raise _fail(f"position.items.{k} must count 4 kinds of items", field=f"position.items.{k}")


def _check_hexes(position: dict[str, Any], cells: int) -> None:
    """Every space a position names must be on its planet (or -1/-2/-3: port or aboard, off the planet, gone)."""
    hexes = [position["white"], position["turn"]["came_from"], position["turn"]["last_clear"]]
    hexes += position["greys"] + position["greys_down"] + position["reds"] + position["reds_down"]
    hexes += position["turn"]["fought_reds"] + [int(k) for k in position["items"]]
    for ship in position["ships"]:
        hexes += [ship["pos"]] + ship["boats"]
    if any(not -3 <= h < cells for h in hexes):
        raise _fail("position names a space that is not on the planet", field="position")


__all__ = ["FORMAT", "VERSION", "Comments", "Meta", "Record", "check_comment", "check_meta_value", "check_name",
           "check_seed", "load_record"]
