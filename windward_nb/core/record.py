"""Game records: everything needed to replay a game exactly, for any game of the family.

A record holds the game's options, the players, the seed, and every action in
its text form, chance outcomes included, so a replay needs no random numbers
and is exact forever on any machine. Comments can be attached to any ply and
``meta`` holds free-form facts (final scores, bot names).

Each game subclasses :class:`GameRecord`, naming its ``FORMAT``, ``VERSION``
and file ``SUFFIX``, adding its own fields to the JSON Schema
(:meth:`GameRecord.schema`), and building the starting position
(:meth:`GameRecord.start_state`). The schema is the single validator: loading
checks it, and so do the setters and :meth:`GameRecord.save`, so a record the
API lets you make always loads again.

Reading is strict and bounded (:func:`read_record_text`): regular files only,
at most :attr:`GameRecord.MAX_BYTES`, UTF-8, JSON without duplicate keys or
NaN, a bounded number of values and depth; then the schema; then (``verify``)
every action replayed through the rules. Every problem is a
:class:`~windward_nb.core.errors.RecordError` naming the field or the ply.
Nothing is ever unpickled or evaluated.
"""

from __future__ import annotations

import copy
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar
from collections.abc import Iterator

from . import files, registry
from .errors import ActionSyntaxError, IllegalActionError, RecordError
from .events import Event
from .rules import CHANCE
from .schema import check, free_json

JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
#: the format version that added the optional ``analysis`` block
ANALYSIS_VERSION = 2


@dataclass(kw_only=True)
class GameRecord:
    """A whole game as data. Subclasses set the class attributes and override the hooks."""

    GAME: ClassVar[str] = ""  #: registry name of the game
    TITLE: ClassVar[str] = ""  #: the game's name as printed
    FORMAT: ClassVar[str] = ""  #: the ``format`` field, e.g. ``"north-wind-record"``
    #: the newest version of the format this library reads and writes (2: the optional
    #: ``analysis`` block); a record is written with the oldest version that holds it (1 without
    #: an analysis), so records without one stay readable by older versions of the library
    VERSION: ClassVar[int] = 2
    SUFFIX: ClassVar[str] = ".json"
    PLAYERS: ClassVar[tuple[int, int]] = (1, 8)

    MAX_BYTES: ClassVar[int] = 20_000_000
    MAX_ACTIONS: ClassVar[int] = 200_000
    MAX_ACTION_CHARS: ClassVar[int] = 4_000
    MAX_COMMENT_CHARS: ClassVar[int] = 20_000
    MAX_NAME_CHARS: ClassVar[int] = 200
    META_DEPTH: ClassVar[int] = 24
    META_ITEMS: ClassVar[int] = 100_000

    options: dict[str, Any]
    players: list[dict[str, Any]]
    actions: list[str] = field(default_factory=list)
    comments: dict[int, str] = field(default_factory=dict)
    seed: int | None = None
    meta: dict[str, Any] = field(default_factory=dict)
    #: an analysis of the game (:meth:`windward_nb.core.analysis.Analysis.annotate`), or None
    analysis: dict[str, Any] | None = None

    # ============================================================================ the game's hooks
    @classmethod
    def options_schema(cls) -> dict[str, Any]:
        """The JSON Schema of ``options`` (games override)."""
        lo, hi = cls.PLAYERS
        return {"type": "object", "properties": {"players": {"type": "integer", "minimum": lo, "maximum": hi}},
                "required": ["players"], "additionalProperties": False}

    @classmethod
    def player_properties(cls) -> dict[str, Any]:
        """Extra per-player fields beyond name, kind and bot (games override)."""
        return {}

    @classmethod
    def extra_properties(cls) -> tuple[dict[str, Any], list[str]]:
        """Extra top-level fields of the format and which of them are required (games override)."""
        return {}, []

    @classmethod
    def check_game(cls, d: dict[str, Any]) -> None:
        """Checks across fields that a schema cannot say (games extend; raise RecordError)."""

    def start_state(self) -> tuple[Any, list[Event]]:  # pragma: no cover - abstract
        """The position before the first action and the events of setting it up."""
        raise NotImplementedError

    def game_seed(self) -> int | None:
        """The seed of the generator that draws chance after the start (``Game(seed=...)``)."""
        return self.seed

    @classmethod
    def game_class(cls) -> type:
        """The driver a replay builds: the game's own (registry part ``game``), else the core's."""
        game: type = registry.part_or_family(cls, "game")
        return game

    def _extra_dict(self) -> dict[str, Any]:
        """The game's extra top-level fields, for :meth:`to_dict` (games override)."""
        return {}

    @classmethod
    def _from_checked(cls, d: dict[str, Any], comments: dict[int, str]) -> GameRecord:
        """Build the record from a checked dict (games with extra fields override)."""
        return cls(options=d["options"], players=d["players"], actions=d["actions"], comments=comments,
                   seed=d.get("seed"), meta=d.get("meta", {}), analysis=d.get("analysis"))

    # ============================================================================ the schema
    @classmethod
    def player_schema(cls) -> dict[str, Any]:
        text = {"type": "string", "minLength": 1, "maxLength": cls.MAX_NAME_CHARS, "pattern": r"\S",
                "description": "text with at least one visible character"}
        return {"type": "object",
                "properties": {"name": dict(text), "kind": {"enum": ["human", "bot"]}, "bot": dict(text),
                               **cls.player_properties()},
                "required": ["name", "kind", *[k for k, v in cls.player_properties().items()
                                               if not v.get("x-optional")]],
                "additionalProperties": False}

    @classmethod
    def schema(cls) -> dict[str, Any]:
        """The JSON Schema (draft 2020-12) of this record format: published, and what loading checks."""
        extra, required = cls.extra_properties()
        lo, hi = cls.PLAYERS
        return {
            "$schema": JSON_SCHEMA_DIALECT,
            "title": f"{cls.TITLE or cls.GAME} game record, version {cls.VERSION}",
            "description": f"Every action of one game of {cls.TITLE or cls.GAME}, chance outcomes included, "
                           "so that it replays exactly. Files end in " + cls.SUFFIX + ".",
            "type": "object",
            "properties": {
                "format": {"const": cls.FORMAT},
                "version": cls.version_schema(),
                "options": cls.options_schema(),
                "players": {"type": "array", "minItems": lo, "maxItems": hi, "items": cls.player_schema()},
                "seed": {"type": ["integer", "null"], "minimum": 0, "maximum": 2**63 - 1},
                "actions": {"type": "array", "maxItems": cls.MAX_ACTIONS,
                            "items": {"type": "string", "minLength": 1, "maxLength": cls.MAX_ACTION_CHARS,
                                      "pattern": r"\S", "description": "an action's text"}},
                "comments": {"type": "object", "maxProperties": cls.MAX_ACTIONS + 1,
                             "propertyNames": {"pattern": "^(0|[1-9][0-9]{0,8})$",
                                               "description": "a ply number"},
                             "additionalProperties": {"type": "string", "maxLength": cls.MAX_COMMENT_CHARS}},
                "meta": {"type": "object", "x-free-json": {"depth": cls.META_DEPTH, "items": cls.META_ITEMS}},
                **extra,
                "analysis": analysis_schema(hi, cls.MAX_ACTIONS),
            },
            "required": ["format", "version", "options", "players", "actions", *required],
            "additionalProperties": False,
        }

    @classmethod
    def version_schema(cls) -> dict[str, Any]:
        """The ``version`` field: every version this library reads (1 up to :attr:`VERSION`)."""
        return {"type": "integer", "enum": list(range(1, cls.VERSION + 1))}

    def written_version(self) -> int:
        """The version this record is written as: 2 with an analysis block, else 1."""
        return ANALYSIS_VERSION if self._analysis_block() is not None else 1

    def _analysis_block(self) -> dict[str, Any] | None:
        """The analysis to write: only while it still belongs to these actions (undo or more
        plies leave it behind)."""
        block = self.analysis
        if not isinstance(block, dict):
            return None
        from .analysis import actions_digest

        if block.get("plies") != len(self.actions) or block.get("actions") != actions_digest(self.actions):
            return None
        return block

    @classmethod
    def check_dict(cls, d: Any) -> None:
        """Raise :class:`RecordError` naming the field unless ``d`` is a valid record of this format."""
        if not isinstance(d, dict):
            raise RecordError(f"a record must be a JSON object, not {type(d).__name__}")
        if "format" not in d:
            raise RecordError("format is missing", field="format")
        if d["format"] != cls.FORMAT:
            raise RecordError(f"format must be {cls.FORMAT!r}, got {d['format']!r}", field="format")
        version = d.get("version")
        if isinstance(version, int) and not isinstance(version, bool) and version > cls.VERSION:
            raise RecordError(f"version {version} is not supported (made by a newer windward_nb: upgrade to "
                              f"read it); this library reads version {cls.VERSION}", field="version")
        check(d, cls.schema())
        players = d["players"]
        n = d["options"].get("players")
        if isinstance(n, int) and len(players) != n:
            raise RecordError(f"players lists {len(players)} entries but options.players is {n}", field="players")
        for i, p in enumerate(players):
            if p["kind"] == "bot" and "bot" not in p:
                raise RecordError(f"players[{i}].bot must name the bot", field=f"players[{i}].bot")
            if p["kind"] == "human" and "bot" in p:
                raise RecordError(f"players[{i}].bot is given but kind is 'human'", field=f"players[{i}].bot")
        for k in d.get("comments", {}):
            if int(k) > len(d["actions"]):
                raise RecordError(f"comments key {k} is past the last ply ({len(d['actions'])})", field="comments")
        if "analysis" in d:
            check_analysis(d)
        cls.check_game(d)

    # ============================================================================ making and editing
    def __len__(self) -> int:
        """Number of plies (actions, chance outcomes included)."""
        return len(self.actions)

    def __bool__(self) -> bool:  # a record with no actions yet is still a record
        return True

    def copy(self) -> GameRecord:
        """A deep, independent copy."""
        return copy.deepcopy(self)

    @classmethod
    def default_players(cls, players: int, names: Any = None) -> list[dict[str, Any]]:
        """Player entries for ``players`` seats, checked by the schema (``names`` optional)."""
        if names is None:
            names = [f"Player {i + 1}" for i in range(players)]
        if isinstance(names, str) or not hasattr(names, "__len__"):
            raise RecordError("names must be a list of player names", field="players")
        names = list(names)
        if len(names) != players:
            raise RecordError(f"names lists {len(names)} names for {players} players", field="players")
        out = [{"name": n, "kind": "human"} for n in names]
        for i, p in enumerate(out):
            check(p["name"], cls.player_schema()["properties"]["name"], f"players[{i}].name")
        return out

    def comment(self, ply: int, text: str) -> None:
        """Attach a note to ply ``ply`` (1 = the first action; 0 = the starting position)."""
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= len(self.actions):
            raise RecordError(f"ply must be 0-{len(self.actions)}, got {ply!r}", field="comments")
        check(text, self.schema()["properties"]["comments"]["additionalProperties"], f"comments.{ply}")
        self.comments[ply] = text

    def set_player(self, seat: int, *, name: str | None = None, bot: str | None = None) -> None:
        """Name a seat and say whether a bot plays it (``bot="GreedyBot"``) or a person (``bot=None``)."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.players):
            raise RecordError(f"seat must be 0-{len(self.players) - 1}, got {seat!r}", field="players")
        p = dict(self.players[seat])
        if name is not None:
            p["name"] = name
        if bot is None:
            p["kind"] = "human"
            p.pop("bot", None)
        else:
            p["kind"] = "bot"
            p["bot"] = bot
        check(p, self.player_schema(), f"players[{seat}]")
        self.players[seat] = p

    def names(self) -> list[str]:
        return [p["name"] for p in self.players]

    # ============================================================================ JSON
    def to_dict(self) -> dict[str, Any]:
        n = len(self.actions)
        d: dict[str, Any] = {
            "format": self.FORMAT,
            "version": self.written_version(),
            "options": copy.deepcopy(self.options),
        }
        d.update(self._extra_dict())
        d.update({
            "players": [dict(p) for p in self.players],
            "seed": self.seed,
            "actions": list(self.actions),
            # comments on plies taken back by undo are not written
            "comments": {str(k): v for k, v in sorted(self.comments.items()) if 0 <= k <= n},
            "meta": copy.deepcopy(self.meta),
        })
        block = self._analysis_block()
        if block is not None:
            d["version"] = ANALYSIS_VERSION
            d["analysis"] = copy.deepcopy(block)
        return d

    def to_json(self, indent: int | None = 1) -> str:
        """The record as JSON text, checked first (a record that could not load is never written).

        One field per line, one action and one comment per line (easy to read and
        diff); ``indent=None`` gives the most compact form.
        """
        d = self.to_dict()
        self.check_dict(d)
        if indent is None:
            return json.dumps(d, separators=(",", ":"), allow_nan=False)
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
                lines.append(f"{pad}{json.dumps(key)}: {json.dumps(value, allow_nan=False)}")
        return "{\n" + ",\n".join(lines) + "\n}\n"

    @classmethod
    def from_dict(cls, d: Any) -> GameRecord:
        """Validate a decoded record (no replay; see :meth:`verify`)."""
        cls.check_dict(d)
        comments = {int(k): v for k, v in d.get("comments", {}).items()}
        return cls._from_checked(copy.deepcopy(d), comments)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Parse and validate a record's JSON text (no replay)."""
        return cls.from_dict(parse_record_json(text, cls.MAX_BYTES))

    def save(self, path: str | os.PathLike) -> Path:
        """Write the record to ``path`` atomically (a crash leaves the old file or the new one,
        never half of one); an existing file keeps its permissions. Returns the path."""
        data = self.to_json()
        try:
            return files.atomic_write_text(path, data)
        except OSError as exc:
            raise RecordError(f"cannot save to {os.fspath(path)}: {exc.strerror or exc}", field=None) from None

    # ============================================================================ replaying
    def parse_action(self, text: str, ply: int):
        rules = self.rules()
        try:
            return rules.parse(text)
        except (ValueError, ActionSyntaxError) as exc:
            raise RecordError(f"actions[{ply - 1}] (ply {ply}): {exc}", field=f"actions[{ply - 1}]",
                              ply=ply) from None

    @classmethod
    def rules(cls):
        return registry.part(cls.GAME, "rules")

    def _start(self) -> tuple[Any, list[Event]]:
        try:
            return self.start_state()
        except RecordError:
            raise
        except Exception as exc:  # a malformed start must never escape as anything but RecordError
            raise RecordError(f"options: cannot set up the game ({type(exc).__name__}: {exc})",
                              field="options") from None

    def iter_plies(self, check: bool = True) -> Iterator[tuple[int, Any, Any, list[Event]]]:
        """Yield ``(ply, action, state, events)`` for every ply, applying the actions to one state.

        The same state object is mutated in place and yielded each time. With
        ``check`` every action is checked first; an illegal one raises
        :class:`RecordError` naming the ply and the rules' reason.
        """
        state, _ = self._start()
        rules = type(state).rules
        for ply, text in enumerate(self.actions, start=1):
            a = self.parse_action(text, ply)
            events = apply_recorded(rules, state, a, ply, text, check)
            yield ply, a, state, events

    def verify(self) -> Any:
        """Replay every action through the rules, checking each; return the final position."""
        state = None
        for _, _, state, _ in self.iter_plies():  # noqa: B007  (the last position is the answer)
            pass
        if state is None:
            state, _ = self._start()
        return state

    def replay(self, upto: int | None = None, auto_chance: bool = False):
        """A Game at ply ``upto`` (default: the end), with undo back to ply 0.

        With ``auto_chance=True`` the returned game draws later chance itself,
        from the record's seed, carried forward exactly as far as the recorded
        game had used it.
        """
        if upto is not None and (isinstance(upto, bool) or not isinstance(upto, int)
                                 or not 0 <= upto <= len(self.actions)):
            raise ValueError(f"upto must be a ply 0-{len(self.actions)}, got {upto!r}")
        state, events = self._start()
        rules = type(state).rules
        rec = self.copy()
        rec.actions = []
        game = self.game_class()(state, rec, seed=self.game_seed(), auto_chance=False, events=events)
        actions = self.actions if upto is None else self.actions[:upto]
        for ply, text in enumerate(actions, start=1):
            a = self.parse_action(text, ply)
            if rules.decider(game.state) == CHANCE:
                try:  # keep the game's generator where the original game's was
                    rules.sample_chance(game.state, game.rng)
                except Exception:
                    pass
            refusal = _refusal(rules, game.state, a)
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

    def cursor(self, every: int = 64):
        """A :class:`~windward_nb.core.replay.Replay` to step and jump through the game (the game's
        own cursor if it registers one; a replay walks a record, so the record asks the registry)."""
        return registry.part_or_family(self, "replay")(self, every=every)

    def to_text(self, width: int = 100) -> str:
        """A score sheet a person can read: turn by turn, actions, results and comments."""
        text: str = registry.part_or_family(self, "score_sheet")(self, width=width)
        return text


# =============================================================================== the analysis block
def analysis_schema(players: int, max_plies: int) -> dict[str, Any]:
    """The JSON Schema of a record's optional ``analysis`` block (format version 2): an analysis
    of the game (see :mod:`windward_nb.core.analysis`), one row per ply from 0."""
    chance = {"type": "number", "minimum": 0, "maximum": 1}
    gap = {"type": "number", "minimum": -1, "maximum": 1}
    seats = {"minItems": 1, "maxItems": max(players, 1)}
    row = {"type": "object", "properties": {
        "ply": {"type": "integer", "minimum": 0, "maximum": max_plies},
        "actor": {"type": "integer", "minimum": -2, "maximum": max(players, 1) - 1,
                  "description": "the seat that acted; -1 chance, -2 the start"},
        "class": {"enum": ["start", "good", "inaccuracy", "mistake", "blunder", "forced", "chance", "lucky",
                           "unlucky"]},
        "depth": {"enum": ["quick", "deep"]},
        "win": {"type": "array", "items": chance, **seats}, "low": {"type": "array", "items": chance, **seats},
        "high": {"type": "array", "items": chance, **seats},
        "n": {"type": "array", "items": {"type": "number", "minimum": 0, "maximum": 10_000_000},
              "description": "games played, or the games a judged estimate is worth", **seats},
        "method": {"type": "array", "items": {"enum": ["result", "judge", "playouts"]}, **seats},
        "before": {"type": "array", "items": chance, **seats},
        "coach": {"type": "string", "minLength": 1, "maxLength": GameRecord.MAX_ACTION_CHARS},
        "subject": {"type": "integer", "minimum": 0, "maximum": max(players, 1) - 1},
        "chosen_win": chance, "coach_win": chance, "gap": gap, "gap_low": gap, "gap_high": gap,
    }, "required": ["ply", "actor", "class", "depth", "win", "low", "high", "n", "method"],
        "additionalProperties": False}
    return {"type": "object", "description": "an analysis of the game: every seat's win chance after every ply "
                                             "(format version 2)",
            "properties": {
                "depth": {"enum": ["quick", "deep"]},
                "seed": {"type": "integer", "minimum": 0, "maximum": 2**63 - 1},
                "plies": {"type": "integer", "minimum": 0, "maximum": max_plies},
                "actions": {"type": "string", "pattern": "^[0-9a-f]{16}$",
                            "description": "the first 16 hex digits of the SHA-256 of the actions, one per line"},
                "settings": {"type": "object", "x-free-json": {"depth": 2, "items": 100}},
                "thresholds": {"type": "object", "maxProperties": 8,
                               "additionalProperties": {"type": "number", "minimum": 0, "maximum": 1}},
                "rows": {"type": "array", "maxItems": max_plies + 1, "items": row},
            },
            "required": ["depth", "seed", "plies", "actions", "rows"], "additionalProperties": False}


def check_analysis(d: dict[str, Any]) -> None:
    """What the ``analysis`` block's schema cannot say: version 2, made for these very actions,
    one row per ply in order, one value per seat."""
    from .analysis import actions_digest

    block, actions = d["analysis"], d["actions"]
    if d.get("version", 1) < ANALYSIS_VERSION:
        raise RecordError(f"analysis needs format version {ANALYSIS_VERSION} (this record says version "
                          f"{d.get('version')})", field="version")
    if block["plies"] != len(actions) or block["actions"] != actions_digest(actions):
        raise RecordError("analysis was made for other actions than this record's (its plies or their digest "
                          "differ)", field="analysis")
    rows = block["rows"]
    if [r["ply"] for r in rows] != list(range(len(actions) + 1)):
        raise RecordError("analysis.rows must hold one row per ply, 0 to the last, in order", field="analysis.rows")
    seats = len(d["players"])
    for r in rows:
        for key in ("win", "low", "high", "n", "method", "before"):
            if key in r and len(r[key]) != seats:
                raise RecordError(f"analysis.rows[{r['ply']}].{key} lists {len(r[key])} values for {seats} players",
                                  field=f"analysis.rows[{r['ply']}].{key}")
        if any(lo > w + 1e-9 or w > hi + 1e-9 for lo, w, hi in zip(r["low"], r["win"], r["high"])):
            raise RecordError(f"analysis.rows[{r['ply']}]: a win chance lies outside its interval",
                              field=f"analysis.rows[{r['ply']}]")


# =============================================================================== reading
def parse_record_json(text: str | bytes, max_bytes: int = GameRecord.MAX_BYTES) -> Any:
    """Decode a record's JSON strictly and within bounds (see :mod:`windward_nb.core.files`)."""
    try:
        return files.loads_strict(text, max_bytes=max_bytes)
    except files.FileFormatError as exc:
        raise RecordError(f"record {exc}") from None


def read_record_text(path: str | os.PathLike, max_bytes: int = GameRecord.MAX_BYTES) -> bytes:
    """The bytes of a record file: a regular file of at most ``max_bytes``, read with a bound."""
    try:
        return files.read_bounded(path, max_bytes)
    except files.FileFormatError as exc:
        raise RecordError(str(exc)) from None


def record_class(d: Any) -> type[GameRecord]:
    """The record class of a decoded record, by its ``format`` field (every registered game)."""
    if not isinstance(d, dict):
        raise RecordError(f"a record must be a JSON object, not {type(d).__name__}")
    fmt = d.get("format")
    if not isinstance(fmt, str):
        raise RecordError("format is missing" if fmt is None else "format must be text", field="format")
    try:
        game = registry.by_format(fmt)
    except KeyError as exc:
        raise RecordError(str(exc.args[0]), field="format") from None
    record: type[GameRecord] = game.part("record")
    return record


def load_record(path: str | os.PathLike, *, verify: bool = True) -> GameRecord:
    """Read, validate and (with ``verify``) replay a record of any game of the family."""
    d = parse_record_json(read_record_text(path))
    record = record_class(d).from_dict(d)
    if verify:
        record.verify()
    return record


# =============================================================================== applying recorded actions
def _refusal(rules, state, a):
    try:
        return rules.why_illegal(state, a)
    except Exception as exc:  # the rules could not even judge it: report, never crash the reader
        return ("engine", f"the rules could not check it ({type(exc).__name__}: {exc})")


def _illegal(ply: int, text: str, refusal) -> RecordError:
    return RecordError(f"actions[{ply - 1}] (ply {ply}) {text!r} is illegal: {refusal[1]} [{refusal[0]}]",
                       field=f"actions[{ply - 1}]", ply=ply)


def _engine_failed(ply: int, text: str, exc: Exception) -> RecordError:
    return RecordError(f"actions[{ply - 1}] (ply {ply}) {text!r}: the rules failed while applying it "
                       f"({type(exc).__name__}: {exc}); this is a bug, please report it",
                       field=f"actions[{ply - 1}]", ply=ply)


def apply_recorded(rules, state, a, ply: int, text: str, check: bool = True) -> list[Event]:
    """Apply one recorded action; every problem becomes a RecordError naming the ply."""
    if check:
        refusal = _refusal(rules, state, a)
        if refusal:
            raise _illegal(ply, text, refusal)
    try:
        return rules.apply(state, a)
    except IllegalActionError as exc:
        raise _illegal(ply, text, (exc.rule, exc.reason)) from None
    except Exception as exc:
        raise _engine_failed(ply, text, exc) from None


__all__ = ["ANALYSIS_VERSION", "GameRecord", "analysis_schema", "check_analysis",
           "load_record", "parse_record_json", "read_record_text", "record_class",
           "apply_recorded", "free_json"]
