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

The file format, version 1 (one JSON object, its fields in this order)::

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
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Iterator

from ..core import files
from ..core.errors import RecordError
from ..core import registry
from ..core.events import Event
from ..core.record import GameRecord, parse_record_json, read_record_text
from ..core.schema import check
from . import hooks
from .components import Components, load_components
from .invariants import violations
from .setup import EDITIONS, build_state, check_options
from .state import GameState

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game
    from .replay import Replay

FORMAT = "windward-record"
VERSION = 1
# Limits read when a record is checked (module globals, so a test can lower them)
MAX_BYTES = 20_000_000  # a file larger than this is refused before it is read
MAX_ACTIONS = 200_000  # more plies than any real game (a long 5-player game has a few thousand)
MAX_ACTION_CHARS = 4_000  # a shuffle of the whole deck is under 1,000 characters
MAX_COMMENT_CHARS = 20_000
MAX_NAME_CHARS = 200
MAX_META_DEPTH = 24

TOP_FIELDS = ("format", "version", "options", "components", "players", "setup", "seed", "actions",
              "comments", "meta", "position")
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

    components: dict[str, str]
    setup: dict[str, Any]
    position: dict[str, Any] | None = None  # a hand-built start (scenario) instead of a drawn setup

    @classmethod
    def new(cls, *, players: int, mode: str, planet: str, variants: Any, edition: str, components: Components,
            setup: dict[str, Any], seed: int | None = None, names: Any = None) -> "Record":
        """A record for a game about to start (the players named ``names``, or Player 1, 2 ...)."""
        entries = cls.default_players(players, names)
        for i, p in enumerate(entries):
            p["colour"] = setup["colours"][i]
        record = cls(options={"players": players, "mode": mode, "planet": planet, "variants": list(variants),
                              "edition": edition},
                     components={"name": components.name, "hash": components.content_hash},
                     players=[{"name": p["name"], "colour": p["colour"], "kind": p["kind"]} for p in entries],
                     setup=dict(setup), seed=seed)
        if seed is not None:
            check(seed, record.schema()["properties"]["seed"], "seed")
        return record

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
        s["properties"]["version"] = {"type": "integer", "const": cls.VERSION}
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
            "version": VERSION,
            "options": dict(copy.deepcopy(self.options), variants=list(self.options.get("variants", []))),
            "components": dict(self.components),
            "players": [dict(p) for p in self.players],
            "setup": copy.deepcopy(self.setup),
            "seed": self.seed,
            "actions": list(self.actions),
            # comments on plies taken back by undo are not written
            "comments": {str(k): v for k, v in sorted(self.comments.items()) if 0 <= k <= n},
            "meta": copy.deepcopy(self.meta),
        }
        if self.position is not None:
            d["position"] = copy.deepcopy(self.position)
        return d

    @classmethod
    def _from_checked(cls, d: dict[str, Any], comments: dict[int, str]) -> "Record":
        o = d["options"]
        return cls(options={"players": o["players"], "mode": o["mode"], "planet": o["planet"],
                            "variants": list(o["variants"]), "edition": o["edition"]},
                   components=dict(d["components"]), players=d["players"], setup=d["setup"],
                   actions=d["actions"], comments=comments, seed=d.get("seed"), meta=d.get("meta", {}),
                   position=d.get("position"))

    @classmethod
    def from_json(cls, text: str | bytes) -> "Record":
        """Parse and validate a record's JSON text (no replay)."""
        record = cls.from_dict(parse_record_json(text, MAX_BYTES))
        assert isinstance(record, Record)
        return record

    @classmethod
    def from_dict(cls, d: Any) -> "Record":
        record = super().from_dict(d)
        assert isinstance(record, Record)
        return record

    def copy(self) -> "Record":
        out = super().copy()
        assert isinstance(out, Record)
        return out

    def save(self, path: str | os.PathLike) -> Path:
        """Write the record to ``path`` atomically: a crash leaves the old file or the new one, never half
        of one; an existing file keeps its permissions. A record that could not be read back is refused
        with :class:`RecordError`; a failing disk raises :class:`OSError`. Returns the path."""
        return files.atomic_write_text(path, self.to_json())

    # ----------------------------------------------------------------------------- replaying
    # a component set of your own, given for one replay, is kept in self.__dict__["_components"] (see using())
    @contextlib.contextmanager
    def using(self, components: Components | None) -> Iterator["Record"]:
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
        return _windward().Game

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
               components: Components | None = None) -> "Game":
        """A Game at ply ``upto`` (default: the end), with undo back to ply 0.

        With ``auto_chance=True`` the returned game draws later chance rolls
        itself, from the record's seed, carried forward exactly as far as the
        recorded game had used it.
        """
        with self.using(components):
            game: Game = super().replay(upto, auto_chance=auto_chance)
            return game

    def cursor(self, every: int = 64, components: Components | None = None) -> "Replay":
        """A :class:`~windward_nb.windward.replay.Replay` to step and jump through the game."""
        replay: Replay = _windward().Replay(self, every=every, components=components)
        return replay

    def to_text(self, width: int = 100, components: Components | None = None) -> str:
        """A score sheet a person can read: turn by turn, moves, dice, results and comments."""
        text: str = _windward().score_sheet(self, components=components, width=width)
        return text


def _windward() -> Any:
    """The windward package, looked up through the game registry: the driver and the replay import
    this module, so it imports neither of them."""
    return registry.get(Record.GAME).load()


# =============================================================================== loading
def load_record(path: str | os.PathLike, *, verify: bool = True, components: Components | None = None) -> Record:
    """Read and validate a ``.wwr.json`` file.

    The file is read with a bound (regular files only, at most :data:`MAX_BYTES`),
    the JSON strictly, then the structure, the component set and (with
    ``verify``, the default) every action replayed through the rules. Any
    problem raises :class:`RecordError` naming the field or the ply.
    """
    record = Record.from_dict(parse_record_json(read_record_text(path, MAX_BYTES), MAX_BYTES))
    record.check_components(components)
    if verify:
        record.verify(components)
    return record


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


__all__ = ["FORMAT", "VERSION", "Record", "load_record"]
