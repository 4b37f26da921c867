"""Game records (``*.wwr.json``): everything needed to replay a game exactly.

A record holds the rule options, the component set it was played with (its
name and content hash), the players, the drawn setup, and every action in its
text form. Chance outcomes are actions too (``wind 3``, ``dice 1,1,2``,
``grey 4``, ``shuffle ...``), so a record needs no random numbers: a replay
is exact forever, on any machine. Comments can be attached to any ply, and
``meta`` holds free-form facts such as the final scores.

Reading is strict. :func:`load_record` refuses, with a
:class:`~windward_nb.errors.RecordError` naming the field or the ply, anything
but a regular file (a pipe or a device is never read), a file that is too
large, has too many values or is nested too deeply, is not JSON, repeats a key,
has an unknown format version, misses a field, has a field of the wrong type or
an unknown field, was made with a different component set, or holds an action
that the rules forbid at that ply (the engine's reason is quoted). Nothing is
ever unpickled or evaluated.

Writing is held to the same rules: one validator serves both directions. The
setters (:meth:`GameRecord.set_player`, :meth:`GameRecord.comment`, ``meta[key] =
value``, names given to ``new_game``) refuse a value the reader would refuse,
naming the field, and :meth:`GameRecord.save` checks the very text it is about to
write with the reader (and replays the actions), so whatever ``save`` writes,
:func:`load_record` reads.

>>> import windward_nb as ww
>>> g = ww.new_game(players=2, seed=3)
>>> _ = g.apply("end turn")
>>> again = ww.GameRecord.from_json(g.record.to_json()).replay()
>>> again.state.fingerprint() == g.state.fingerprint()
True
>>> bad = g.record.to_dict()
>>> bad["actions"][0] = "move N"
>>> ww.GameRecord.from_dict(bad).verify()
Traceback (most recent call last):
...
windward_nb.errors.RecordError: actions[0] (ply 1) 'move N' is illegal: your ship is at port: leave port first [Trading Post]

The file format, version 1 (one JSON object)::

    format      "windward-record"
    version     1
    options     {"players": 2-5, "mode", "planet", "variants": [...], "edition"}
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

import copy
import json
import math
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .components import Components, load_components
from .core.files import FileFormatError, atomic_write, parse_json, read_bounded
from .errors import RecordError

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game
    from .replay import Replay
    from .state import GameState

FORMAT = "windward-record"
VERSION = 1
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
              "comments", "meta", "position")
OPTION_FIELDS = ("players", "mode", "planet", "variants", "edition")
PLAYER_FIELDS = ("name", "colour", "kind", "bot")
PLAYER_KINDS = ("human", "bot")
SETUP_FIELDS = {"tiles": list, "colours": list, "first": int, "deck": list, "wind": int, "greys": list}
SETUP_OPTIONAL = {"white": int, "difficulty": str, "achievements": list}  # cooperative mode, achievements variant

_PLY_KEY = re.compile(r"[0-9]{1,9}")


def _fail(message: str, *, field: str | None = None, ply: int | None = None) -> RecordError:
    """A RecordError carrying the field (``.field``) and/or ply (``.ply``) it is about."""
    err = RecordError(message)
    err.field = field  # type: ignore[attr-defined]
    err.ply = ply  # type: ignore[attr-defined]
    return err


@dataclass
class GameRecord:
    """A whole game as data: options, components, players, setup, actions, comments, meta."""

    options: dict[str, Any]
    components: dict[str, str]
    players: list[dict[str, Any]]
    setup: dict[str, Any]
    actions: list[str] = field(default_factory=list)
    comments: dict[int, str] = field(default_factory=dict)
    seed: int | None = None
    meta: dict[str, Any] = field(default_factory=dict)
    position: dict[str, Any] | None = None  # a hand-built start (scenario) instead of a drawn setup

    def __setattr__(self, name: str, value: Any) -> None:
        # comments and meta are checked dicts: every value is checked as it is set
        if name == "comments" and type(value) is not Comments:
            value = Comments(value)
        elif name == "meta" and type(value) is not Meta:
            value = Meta(value)
        object.__setattr__(self, name, value)

    @classmethod
    def new(cls, *, players: int, mode: str, planet: str, variants, edition: str, components: Components,
            setup: dict[str, Any], seed: int | None = None, names: list[str] | None = None) -> "GameRecord":
        if names is not None and (isinstance(names, (str, bytes)) or not hasattr(names, "__len__")):
            raise ValueError(f"names must be a list of {players} names, got {names!r}")
        names = list(names) if names else [f"Player {i + 1}" for i in range(players)]
        if len(names) != players:
            raise ValueError(f"names lists {len(names)} names for {players} players")
        for i, name in enumerate(names):
            check_name(name, f"names[{i}]")
        return cls(
            options={"players": players, "mode": mode, "planet": planet, "variants": list(variants),
                     "edition": edition},
            components={"name": components.name, "hash": components.content_hash},
            players=[{"name": names[i], "colour": setup["colours"][i], "kind": "human"} for i in range(players)],
            setup=dict(setup),
            seed=check_seed(seed),
        )

    # ----------------------------------------------------------------------- small helpers
    def __len__(self) -> int:
        """Number of plies (actions, chance outcomes included)."""
        return len(self.actions)

    def __bool__(self) -> bool:  # a record with no actions yet is still a record
        return True

    def copy(self) -> "GameRecord":
        """A deep, independent copy."""
        return GameRecord(options=copy.deepcopy(self.options), components=dict(self.components),
                          players=copy.deepcopy(self.players), setup=copy.deepcopy(self.setup),
                          actions=list(self.actions), comments=Comments.checked(self.comments), seed=self.seed,
                          meta=Meta.checked(copy.deepcopy(dict(self.meta))), position=copy.deepcopy(self.position))

    def comment(self, ply: int, text: str) -> None:
        """Attach a note to ply ``ply`` (1 = the first action; 0 = the starting position)."""
        if not _is(ply, int) or not 0 <= ply <= len(self.actions):
            raise _fail(f"comments: ply must be 0-{len(self.actions)}, got {ply!r}", field="comments")
        self.comments[ply] = text

    def set_player(self, seat: int, *, name: str | None = None, bot: str | None = None) -> None:
        """Name a seat and say whether a bot plays it (``bot="GreedyBot"``) or a person (``bot=None``)."""
        if not _is(seat, int) or not 0 <= seat < len(self.players):
            raise ValueError(f"seat must be 0-{len(self.players) - 1}, got {seat!r}")
        if name is not None:
            check_name(name, f"players[{seat}].name")
        if bot is not None:
            check_bot(bot, f"players[{seat}].bot")
        p = self.players[seat]
        if name is not None:
            p["name"] = name
        if bot is None:
            p["kind"] = "human"
            p.pop("bot", None)
        else:
            p["kind"] = "bot"
            p["bot"] = bot

    def names(self) -> list[str]:
        return [p["name"] for p in self.players]

    # ----------------------------------------------------------------------- JSON
    def to_dict(self) -> dict[str, Any]:
        n = len(self.actions)
        return {
            "format": FORMAT,
            "version": VERSION,
            "options": dict(self.options, variants=list(self.options.get("variants", []))),
            "components": dict(self.components),
            "players": [dict(p) for p in self.players],
            "setup": dict(self.setup),
            "seed": self.seed,
            "actions": list(self.actions),
            # comments on plies taken back by undo are not written
            "comments": {str(k): v for k, v in sorted(self.comments.items()) if 0 <= k <= n},
            "meta": dict(self.meta),
            **({"position": self.position} if self.position is not None else {}),
        }

    def to_json(self, indent: int | None = 1) -> str:
        """The record as JSON text: one field per line, one action and one comment per line
        (easy to read and to diff); ``indent=None`` gives the most compact form."""
        d = self.to_dict()
        if indent is None:
            return json.dumps(d, separators=(",", ":"))
        pad = " " * indent
        lines = []
        for key, value in d.items():
            if key in ("actions", "comments") and value:
                items = ([json.dumps(a) for a in value] if key == "actions"
                         else [f"{json.dumps(k)}: {json.dumps(v)}" for k, v in value.items()])
                inner = f",\n{pad}{pad}".join(items)
                open_, close = ("[", "]") if key == "actions" else ("{", "}")
                lines.append(f"{pad}{json.dumps(key)}: {open_}\n{pad}{pad}{inner}\n{pad}{close}")
            else:
                lines.append(f"{pad}{json.dumps(key)}: {json.dumps(value)}")
        return "{\n" + ",\n".join(lines) + "\n}\n"

    @classmethod
    def from_dict(cls, d: Any) -> "GameRecord":
        """Validate the structure of a decoded record (no replay; see :meth:`verify`)."""
        return _validate(d)

    @classmethod
    def from_json(cls, text: str | bytes) -> "GameRecord":
        """Parse and validate the structure of a record's JSON text (no replay)."""
        if isinstance(text, (bytes, bytearray)):
            if len(text) > MAX_BYTES:
                raise _fail(f"record is {len(text)} bytes; records over {MAX_BYTES} bytes are refused")
        elif isinstance(text, str):
            if len(text) > MAX_BYTES:
                raise _fail(f"record is {len(text)} characters; records over {MAX_BYTES} bytes are refused")
        else:
            raise _fail(f"record text must be a string, got {type(text).__name__}")
        try:
            d = parse_json(text, max_values=MAX_JSON_VALUES, max_depth=MAX_JSON_DEPTH)
        except FileFormatError as exc:
            raise _fail(f"record {exc}") from None
        return _validate(d, fresh=True)

    def save(self, path: str | os.PathLike, *, verify: bool = True,
             components: Components | None = None) -> Path:
        """Write the record to ``path`` atomically: a crash leaves the old file or the new one, never half.

        Before anything is written the text is read back with the same checks
        as :func:`load_record` and, with ``verify``, every action is replayed
        (with ``components``, or with the installed set when the record was made
        with it), so a record that could not be loaded again is refused with a
        :class:`RecordError` naming the field or the ply. The file keeps the permissions of the one it replaces; a new
        file gets the usual ones (the umask applies). Temporary files left by an
        interrupted save of the same path are removed. A failure to write raises
        :class:`OSError` about ``path``. Returns the path written.
        """
        try:
            _validate(self.to_dict())  # names the field of a value set behind the setters' backs
            data = self.to_json()
            checked = GameRecord.from_json(data)  # the very text, read as load_record reads it
            if verify:
                comp = components or load_components()
                if components is not None or comp.content_hash == self.components.get("hash"):
                    checked.verify(comp)
        except RecordError as exc:
            raise _fail(f"not saved: {exc}", field=getattr(exc, "field", None),
                        ply=getattr(exc, "ply", None)) from None
        return atomic_write(path, data)

    # ----------------------------------------------------------------------- replaying
    def check_components(self, components: Components | None = None) -> Components:
        """The component set to replay with; refuses one whose content differs from the record's."""
        comp = components or load_components()
        if comp.content_hash != self.components.get("hash"):
            raise _fail(
                f"components: the record was made with component set {self.components.get('name')!r} "
                f"(hash {self.components.get('hash')}), but the set loaded here is {comp.name!r} "
                f"(hash {comp.content_hash}); load the matching component files to replay it",
                field="components")
        return comp

    def start_state(self, components: Components | None = None) -> "tuple[GameState, list]":
        """The position before the first action (ply 0) and the setup events."""
        from .invariants import violations
        from .setup import build_state, check_options
        from .state import GameState

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

    def iter_plies(self, components: Components | None = None, check: bool = True):
        """Yield ``(ply, action, state, events)`` for every ply, applying the actions to one state.

        The same state object is mutated in place and yielded each time. With
        ``check`` every action is checked first; an illegal one raises
        :class:`RecordError` naming the ply and the engine's reason.
        """
        state, _ = self.start_state(components)
        for ply, text in enumerate(self.actions, start=1):
            a = parse_action(text, ply)
            events = apply_action(state, a, ply, text, check)
            yield ply, a, state, events

    def verify(self, components: Components | None = None) -> "GameState":
        """Replay every action through the engine, checking each; return the final position."""
        state = None
        for _, _, state, _ in self.iter_plies(components):
            pass
        if state is None:
            state, _ = self.start_state(components)
        return state

    def replay(self, upto: int | None = None, components: Components | None = None,
               auto_chance: bool = False) -> "Game":
        """A :class:`~windward_nb.game.Game` at ply ``upto`` (default: the end), with undo back to ply 0.

        With ``auto_chance=True`` the returned game draws later chance rolls
        itself, from the record's seed, carried forward exactly as far as the
        recorded game had used it.
        """
        from .engine import CHANCE, decider, sample_chance
        from .game import Game

        comp = self.check_components(components)
        if upto is not None and (not isinstance(upto, int) or not 0 <= upto <= len(self.actions)):
            raise ValueError(f"upto must be a ply 0-{len(self.actions)}, got {upto!r}")
        state, events = self.start_state(comp)
        rec = self.copy()
        rec.actions = []
        seed = self.seed or 0
        game = Game(state, rec, seed=seed if self.position is not None else seed + 1, auto_chance=False,
                    events=events)
        actions = self.actions if upto is None else self.actions[:upto]
        for ply, text in enumerate(actions, start=1):
            a = parse_action(text, ply)
            if decider(game.state) == CHANCE:
                try:  # keep the game's generator where the original game's was
                    sample_chance(game.state, game.rng)
                except Exception:
                    pass
            refusal = _refusal(game.state, a, ply, text)
            if refusal:
                raise _illegal(ply, text, refusal)
            try:
                game.apply(a)
            except Exception as exc:
                raise _engine_failed(ply, text, exc) from None
        if auto_chance:
            game.auto_chance = True
            game.last_events = list(game.last_events) + game._draw_chance()
        return game

    def cursor(self, every: int = 64, components: Components | None = None) -> "Replay":
        """A :class:`~windward_nb.replay.Replay` to step and jump through the game."""
        from .replay import Replay

        return Replay(self, every=every, components=components)

    def to_text(self, components: Components | None = None, width: int = 100) -> str:
        """A score sheet a person can read: turn by turn, moves, dice, results and comments."""
        from .replay import score_sheet

        return score_sheet(self, components=components, width=width)


# =============================================================================== loading
def load_record(path: str | os.PathLike, *, verify: bool = True, components: Components | None = None) -> GameRecord:
    """Read and validate a ``.wwr.json`` file.

    The structure is checked, then the component set, then (with ``verify``,
    the default) every action is replayed through the engine. Any problem
    raises :class:`RecordError` naming the field or the ply.
    """
    try:
        raw = read_bounded(path, MAX_BYTES)
    except FileFormatError as exc:
        message = str(exc).replace("files over", "records over")
        raise _fail(message) from None
    record = GameRecord.from_json(raw)
    record.check_components(components)
    if verify:
        record.verify(components)
    return record


# =============================================================================== applying actions
def parse_action(text: str, ply: int):
    from .actions import Action

    try:
        return Action.normalise(text)
    except ValueError as exc:
        raise _fail(f"actions[{ply - 1}] (ply {ply}): {exc}", field=f"actions[{ply - 1}]", ply=ply) from None


def _refusal(state, a, ply: int, text: str):
    from .engine import why_illegal

    try:
        return why_illegal(state, a)
    except Exception as exc:  # the engine could not even judge it: report, never crash the reader
        return ("engine", f"the engine could not check it ({type(exc).__name__}: {exc})")


def _illegal(ply: int, text: str, refusal) -> RecordError:
    return _fail(f"actions[{ply - 1}] (ply {ply}) {text!r} is illegal: {refusal[1]} [{refusal[0]}]",
                 field=f"actions[{ply - 1}]", ply=ply)


def _engine_failed(ply: int, text: str, exc: Exception) -> RecordError:
    return _fail(f"actions[{ply - 1}] (ply {ply}) {text!r}: the engine failed while applying it "
                 f"({type(exc).__name__}: {exc}); this is a bug in the engine, please report it",
                 field=f"actions[{ply - 1}]", ply=ply)


def apply_action(state, a, ply: int, text: str, check: bool = True) -> list:
    """Apply one recorded action to ``state``; every problem becomes a RecordError naming the ply."""
    from .engine import apply

    if check:
        refusal = _refusal(state, a, ply, text)
        if refusal:
            raise _illegal(ply, text, refusal)
    try:
        return apply(state, a, check=False)
    except Exception as exc:
        raise _engine_failed(ply, text, exc) from None


# =============================================================================== validation
def _type_name(kind) -> str:
    if isinstance(kind, tuple):
        return " or ".join(_type_name(k) for k in kind)
    return {int: "a whole number", str: "text", list: "a list", dict: "an object", bool: "true/false",
            type(None): "null"}.get(kind, getattr(kind, "__name__", str(kind)))


def _is(value: Any, kind) -> bool:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds:
        return False
    return isinstance(value, kinds)


def _need(d: dict, key: str, kind, where: str = "") -> Any:
    name = f"{where}{key}"
    if key not in d:
        raise _fail(f"{name} is missing", field=name)
    value = d[key]
    if not _is(value, kind):
        raise _fail(f"{name} should be {_type_name(kind)}, not {type(value).__name__}", field=name)
    return value


def _no_unknown(d: dict, allowed, where: str) -> None:
    for key in d:
        if key not in allowed:
            raise _fail(f"{where}{key!s} is not a field of a version-{VERSION} record "
                        f"(fields: {', '.join(allowed)})", field=f"{where}{key}")


def _depth_ok(value: Any, limit: int) -> bool:
    """True if no value inside ``value`` is more than ``limit`` lists or objects down (``value`` is level 0)."""
    level, depth = [value], 0
    while level:
        below: list = []
        for v in level:
            if isinstance(v, dict):
                below.extend(v.values())
            elif isinstance(v, list):
                below.extend(v)
        depth += 1
        if below and depth > limit:
            return False
        level = below
    return True


def _json_safe(value: Any, where: str) -> tuple[int, int]:
    """Refuse values that JSON cannot write back exactly (NaN, non-text keys, other Python types).

    Returns the number of values and a lower bound of the characters their JSON text takes.
    """
    values = chars = 0
    stack = [value]
    while stack:
        v = stack.pop()
        values += 1
        if isinstance(v, dict):
            chars += 1 + len(v)  # braces and separators
            for k, x in v.items():
                if type(k) is not str:
                    raise _fail(f"{where} has a key that is not text: {k!r:.60}", field=where)
                chars += len(k) + 3
                stack.append(x)
        elif isinstance(v, list):
            chars += 1 + max(1, len(v))
            stack.extend(v)
        elif type(v) is str:
            chars += len(v) + 2
        elif type(v) is float:
            if not math.isfinite(v):
                raise _fail(f"{where} holds a number JSON cannot store ({v})", field=where)
            chars += 3
        elif type(v) is int:
            if v.bit_length() > MAX_INT_BITS:
                raise _fail(f"{where} holds a number with more than about 3,900 digits", field=where)
            chars += 1
        elif v is None or v is True or v is False:
            chars += 4
        else:
            raise _fail(f"{where} holds a {type(v).__name__}, which a record cannot store exactly", field=where)
    return values, chars


# =============================================================================== one validator, both directions
# The reader (_validate) and the setters of GameRecord call the same checks, so that a value the
# API accepts is one the reader accepts, and the other way round.
def check_name(value: Any, where: str) -> str:
    """A player's name: text of 1-200 characters, not only spaces."""
    if type(value) is not str:
        raise _fail(f"{where} should be text, not {type(value).__name__}", field=where)
    if not value.strip() or len(value) > MAX_NAME_CHARS:
        raise _fail(f"{where} must be 1-{MAX_NAME_CHARS} characters (not only spaces), got {len(value)}",
                    field=where)
    return value


def check_bot(value: Any, where: str) -> str:
    """The name of the bot that plays a seat: text of 1-200 characters."""
    if type(value) is not str:
        raise _fail(f"{where} should be text naming the bot, not {type(value).__name__}", field=where)
    if not value.strip() or len(value) > MAX_NAME_CHARS:
        raise _fail(f"{where} must name the bot in 1-{MAX_NAME_CHARS} characters", field=where)
    return value


def check_seed(value: Any, where: str = "seed") -> int | None:
    """A game's seed: a whole number 0 to 2**63-1 (numpy integers are taken as plain ones), or None."""
    if value is None:
        return None
    if isinstance(value, bool) or not hasattr(value, "__index__") or isinstance(value, float):
        raise _fail(f"{where} must be a whole number 0 to 2**63-1, or None; got {value!r}", field=where)
    value = int(value.__index__())
    if not 0 <= value < 2**63:
        raise _fail(f"{where} must be a whole number 0 to 2**63-1, or None; got {value}", field=where)
    return value


def check_comment(ply: Any, text: Any, where: str | None = None) -> None:
    """A comment: text of at most 20,000 characters on a ply number 0 or more."""
    if not _is(ply, int) or not 0 <= ply < 10**9:
        raise _fail(f"comments: {ply!r} is not a ply number", field="comments")
    where = where or f"comments.{ply}"
    if type(text) is not str or len(text) > MAX_COMMENT_CHARS:
        length = f", got {len(text)}" if isinstance(text, str) else f", not {type(text).__name__}"
        raise _fail(f"{where} must be text of at most {MAX_COMMENT_CHARS} characters{length}", field=where)


def check_meta_value(key: Any, value: Any) -> None:
    """One entry of ``meta``: a text key and a value JSON stores exactly, nested at most 24 levels."""
    if type(key) is not str or len(key) > MAX_NAME_CHARS:
        raise _fail(f"meta keys are text of at most {MAX_NAME_CHARS} characters, got {key!r:.60}", field="meta")
    where = f"meta.{key}"
    if not _depth_ok(value, MAX_META_DEPTH - 1):
        raise _fail(f"{where} is nested more than {MAX_META_DEPTH} levels deep (counting meta)", field=where)
    values, chars = _json_safe(value, where)
    if values > MAX_JSON_VALUES or chars > MAX_BYTES:
        raise _fail(f"{where} is too large for a record ({values} values, about {chars} characters)", field=where)


class _Checked(dict):
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

    def __ior__(self, other: Any) -> "_Checked":
        self.update(other)
        return self

    def copy(self) -> "_Checked":
        return type(self).checked(self)

    @classmethod
    def checked(cls, values: dict) -> "_Checked":
        """Wrap values that have already passed the checks (no second check)."""
        out = cls.__new__(cls)
        dict.update(out, values)
        return out

    def __reduce__(self):
        return (type(self), (dict(self),))


class Comments(_Checked):
    """``GameRecord.comments``: ply number -> text (see :func:`check_comment`)."""

    __slots__ = ()

    def _check(self, key: Any, value: Any) -> None:
        check_comment(key, value)


class Meta(_Checked):
    """``GameRecord.meta``: free-form facts that JSON stores exactly (see :func:`check_meta_value`)."""

    __slots__ = ()

    def _check(self, key: Any, value: Any) -> None:
        check_meta_value(key, value)


def _int_list(d: dict, key: str, where: str, lo: int, hi: int) -> list[int]:
    values = _need(d, key, list, where)
    for i, v in enumerate(values):
        if not _is(v, int) or not lo <= v <= hi:
            raise _fail(f"{where}{key}[{i}] should be a whole number {lo}-{hi}", field=f"{where}{key}[{i}]")
    return values


def _str_list(d: dict, key: str, where: str, limit: int) -> list[str]:
    values = _need(d, key, list, where)
    if len(values) > limit:
        raise _fail(f"{where}{key} has {len(values)} entries; at most {limit} make sense", field=f"{where}{key}")
    for i, v in enumerate(values):
        if not isinstance(v, str) or len(v) > MAX_NAME_CHARS:
            raise _fail(f"{where}{key}[{i}] should be short text", field=f"{where}{key}[{i}]")
    return values


_INT = "int"
_SHIP_SCHEMA = {"colour": str, "pos": _INT, "morale": _INT, "rowers": _INT, "boats": [_INT], "gas": _INT,
                "cannons": _INT, "crew": [str], "hand": [str], "hold": str, "grey_teeth": _INT, "red_teeth": _INT,
                "tokens": _INT, "notoriety": _INT}
_TURN_SCHEMA = {"speed": _INT, "mates": _INT, "coffee": _INT, "coffee_tokens": _INT, "orders": [str],
                "deadweight": bool, "no_attack": [str], "fought_reds": [_INT], "came_from": _INT,
                "last_clear": _INT}
_POSITION_SCHEMA = {"planet": str, "components": str, "mode": str, "variants": [str], "edition": str,
                    "ships": [_SHIP_SCHEMA], "first": _INT, "current": _INT, "round": _INT, "turn_number": _INT,
                    "wind": _INT, "greys": [_INT], "greys_down": [_INT], "reds": [_INT], "reds_down": [_INT],
                    "white": _INT, "items": {"*": [_INT]}, "stacks": [[str]], "discard": [str],
                    "turn": _TURN_SCHEMA, "frames": [], "end_trigger": _INT, "over": bool, "result": str,
                    "lives": [_INT], "difficulty": _INT, "tagged_reds": [_INT], "tagged_greys": [_INT],
                    "achievements": [{"id": str, "first": _INT, "claimed": [_INT]}], "stats": [{"*": _INT}]}


def _check_schema(value: Any, schema: Any, where: str) -> None:
    """Check a decoded value against a small schema: a type, [item schema], or {key: schema}."""
    if schema == _INT:
        if not _is(value, int) or not -1000 <= value <= 1000:
            raise _fail(f"{where} should be a small whole number", field=where)
    elif isinstance(schema, type):
        if not _is(value, schema):
            raise _fail(f"{where} should be {_type_name(schema)}, not {type(value).__name__}", field=where)
        if schema is str and len(value) > MAX_NAME_CHARS:
            raise _fail(f"{where} is too long", field=where)
    elif isinstance(schema, list):
        if not isinstance(value, list):
            raise _fail(f"{where} should be a list, not {type(value).__name__}", field=where)
        if not schema and value:
            raise _fail(f"{where} must be empty", field=where)
        if len(value) > 200:
            raise _fail(f"{where} is too long", field=where)
        for i, v in enumerate(value):
            _check_schema(v, schema[0], f"{where}[{i}]")
    elif isinstance(schema, dict):
        if not isinstance(value, dict):
            raise _fail(f"{where} should be an object, not {type(value).__name__}", field=where)
        if "*" in schema:
            for k, v in value.items():
                if len(k) > MAX_NAME_CHARS:
                    raise _fail(f"{where} has an overlong key", field=where)
                _check_schema(v, schema["*"], f"{where}.{k}")
            return
        # fields this reader does not know, or misses, are judged by the round trip through GameState
        for k, sub in schema.items():
            if k in value:
                _check_schema(value[k], sub, f"{where}.{k}")


def _check_position(position: dict, players: int) -> None:
    _check_schema(position, _POSITION_SCHEMA, "position")
    for key in ("ships", "first", "current", "end_trigger", "stacks", "over", "items", "turn", "white", "greys",
                "greys_down", "reds", "reds_down"):
        if key not in position:
            raise _fail(f"position.{key} is missing", field=f"position.{key}")
    for i, ship in enumerate(position["ships"]):
        for key in ("pos", "boats"):
            if key not in ship:
                raise _fail(f"position.ships[{i}].{key} is missing", field=f"position.ships[{i}].{key}")
    for key in ("came_from", "last_clear", "fought_reds"):
        if key not in position["turn"]:
            raise _fail(f"position.turn.{key} is missing", field=f"position.turn.{key}")
    for k in position["items"]:
        if not _PLY_KEY.fullmatch(k):
            raise _fail(f"position.items key {k!r} is not a space number", field="position.items")
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


def _check_hexes(position: dict, cells: int) -> None:
    """Every space a position names must be on its planet (or -1/-2: port, aboard, off the planet)."""
    hexes = [position["white"], position["turn"]["came_from"], position["turn"]["last_clear"]]
    hexes += position["greys"] + position["greys_down"] + position["reds"] + position["reds_down"]
    hexes += position["turn"]["fought_reds"] + [int(k) for k in position["items"]]
    for ship in position["ships"]:
        hexes += [ship["pos"]] + ship["boats"]
    if any(not -3 <= h < cells for h in hexes):  # -1 port/aboard, -2 off the planet, -3 gone
        raise _fail("position names a space that is not on the planet", field="position")


def _validate(d: Any, fresh: bool = False) -> GameRecord:
    """Check a decoded record; ``fresh`` says ``d`` was just decoded and may be kept without a copy."""
    if not isinstance(d, dict):
        raise _fail(f"a record must be a JSON object, not {type(d).__name__}")
    fmt = d.get("format")
    if fmt != FORMAT:
        raise _fail(f"format must be {FORMAT!r}, got {fmt!r}" if "format" in d else "format is missing",
                    field="format")
    version = _need(d, "version", int)
    if version != VERSION:
        newer = " (made by a newer windward_nb: upgrade to read it)" if version > VERSION else ""
        raise _fail(f"version {version} is not supported{newer}; this library reads version {VERSION}",
                    field="version")
    _no_unknown(d, TOP_FIELDS, "")

    options = _need(d, "options", dict)
    _no_unknown(options, OPTION_FIELDS, "options.")
    n_players = _need(options, "players", int, "options.")
    if not 1 <= n_players <= 5:
        raise _fail(f"options.players must be 1-5, got {n_players}", field="options.players")
    for key in ("mode", "planet", "edition"):
        if len(_need(options, key, str, "options.")) > MAX_NAME_CHARS:
            raise _fail(f"options.{key} is too long", field=f"options.{key}")
    _str_list(options, "variants", "options.", 16)

    comps = _need(d, "components", dict)
    _no_unknown(comps, ("name", "hash"), "components.")
    for key in ("name", "hash"):
        if len(_need(comps, key, str, "components.")) > MAX_NAME_CHARS:
            raise _fail(f"components.{key} is too long", field=f"components.{key}")

    position = d.get("position")
    if position is not None:
        if not isinstance(position, dict):
            raise _fail("position must be an object (a saved starting position) or absent", field="position")
        _json_safe(position, "position")
        if not _depth_ok(position, 8):
            raise _fail("position is nested too deeply", field="position")

    setup = _need(d, "setup", dict)
    if position is None:
        _no_unknown(setup, tuple(SETUP_FIELDS) + tuple(SETUP_OPTIONAL), "setup.")
        for key, kind in SETUP_FIELDS.items():
            _need(setup, key, kind, "setup.")
        for key, kind in SETUP_OPTIONAL.items():
            if key in setup:
                _need(setup, key, kind, "setup.")
        if "achievements" in setup:
            _str_list(setup, "achievements", "setup.", 20)
        _int_list(setup, "tiles", "setup.", 0, 5)
        _str_list(setup, "colours", "setup.", 5)
        _str_list(setup, "deck", "setup.", 1000)
        _int_list(setup, "greys", "setup.", 1, 6)
    else:
        _no_unknown(setup, ("colours",), "setup.")
        _str_list(setup, "colours", "setup.", 5)
    colours = setup["colours"]

    players = _need(d, "players", list)
    if len(players) != n_players:
        raise _fail(f"players lists {len(players)} entries but options.players is {n_players}", field="players")
    if len(colours) != n_players:
        raise _fail(f"setup.colours lists {len(colours)} ship boards for {n_players} players", field="setup.colours")
    for i, p in enumerate(players):
        where = f"players[{i}]."
        if not isinstance(p, dict):
            raise _fail(f"players[{i}] must be an object", field=f"players[{i}]")
        _no_unknown(p, PLAYER_FIELDS, where)
        check_name(_need(p, "name", str, where), f"{where}name")
        colour = _need(p, "colour", str, where)
        if colour != colours[i]:
            raise _fail(f"{where}colour is {colour!r} but setup.colours[{i}] is {colours[i]!r}",
                        field=f"{where}colour")
        kind = _need(p, "kind", str, where)
        if kind not in PLAYER_KINDS:
            raise _fail(f"{where}kind must be 'human' or 'bot', got {kind!r}", field=f"{where}kind")
        if kind == "bot":
            check_bot(_need(p, "bot", str, where), f"{where}bot")
        elif "bot" in p:
            raise _fail(f"{where}bot is given but kind is 'human'", field=f"{where}bot")

    seed = d.get("seed")
    if seed is not None and (not _is(seed, int) or not 0 <= seed < 2**63):
        raise _fail("seed must be a whole number 0 to 2**63-1, or null", field="seed")

    actions = _need(d, "actions", list)
    if len(actions) > MAX_ACTIONS:
        raise _fail(f"actions has {len(actions)} entries; records over {MAX_ACTIONS} plies are refused",
                    field="actions")
    for i, a in enumerate(actions):
        if not isinstance(a, str):
            raise _fail(f"actions[{i}] (ply {i + 1}) should be text, not {type(a).__name__}",
                        field=f"actions[{i}]", ply=i + 1)
        if not a.strip() or len(a) > MAX_ACTION_CHARS:
            raise _fail(f"actions[{i}] (ply {i + 1}) must be 1-{MAX_ACTION_CHARS} characters",
                        field=f"actions[{i}]", ply=i + 1)

    comments_raw = d.get("comments", {})
    if not isinstance(comments_raw, dict):
        raise _fail("comments must be an object mapping ply numbers to text", field="comments")
    comments: dict[int, str] = {}
    for k, v in comments_raw.items():
        if not (isinstance(k, str) and _PLY_KEY.fullmatch(k)):
            raise _fail(f"comments key {k!r} is not a ply number", field="comments")
        ply = int(k)
        if ply > len(actions):
            raise _fail(f"comments[{k!r}] is for ply {ply}, but the record has {len(actions)} plies",
                        field=f"comments.{k}")
        check_comment(ply, v, f"comments.{k}")
        comments[ply] = v

    meta = d.get("meta", {})
    if not isinstance(meta, dict):
        raise _fail("meta must be an object", field="meta")
    for key, value in meta.items():
        check_meta_value(key, value)

    return GameRecord(
        options={"players": n_players, "mode": options["mode"], "planet": options["planet"],
                 "variants": list(options["variants"]), "edition": options["edition"]},
        components={"name": comps["name"], "hash": comps["hash"]},
        players=[dict(p) for p in players],
        setup=setup if fresh else json.loads(json.dumps(setup)),
        actions=list(actions),
        comments=Comments.checked(comments),
        seed=seed,
        meta=Meta.checked(meta if fresh else json.loads(json.dumps(meta))),
        position=position if position is None or fresh else json.loads(json.dumps(position)),
    )
