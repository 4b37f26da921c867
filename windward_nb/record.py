"""Game records (``*.wwr.json``): the setup, the options and every action as text.

A record holds no random numbers: chance outcomes are stored as actions
(``wind 3``, ``dice 1,1,2``), so a replay is exact forever.

>>> import windward_nb as ww
>>> g = ww.new_game(players=2, seed=3)
>>> _ = g.apply("end turn")
>>> again = ww.GameRecord.from_json(g.record.to_json()).replay()
>>> again.state.fingerprint() == g.state.fingerprint()
True
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .components import Components, load_components
from .errors import RecordError

FORMAT = "windward-record"
VERSION = 1
MAX_BYTES = 20_000_000
MAX_ACTIONS = 200_000


@dataclass
class GameRecord:
    options: dict[str, Any]
    components: dict[str, str]
    players: list[dict[str, Any]]
    setup: dict[str, Any]
    actions: list[str] = field(default_factory=list)
    comments: dict[int, str] = field(default_factory=dict)
    seed: int | None = None
    meta: dict[str, Any] = field(default_factory=dict)
    position: dict[str, Any] | None = None  # a hand-built start (scenario) instead of a drawn setup

    @classmethod
    def new(cls, *, players: int, mode: str, planet: str, variants, edition: str, components: Components,
            setup: dict[str, Any], seed: int | None = None, names: list[str] | None = None) -> "GameRecord":
        names = names or [f"Player {i + 1}" for i in range(players)]
        return cls(
            options={"players": players, "mode": mode, "planet": planet, "variants": list(variants),
                     "edition": edition},
            components={"name": components.name, "hash": components.content_hash},
            players=[{"name": names[i], "colour": setup["colours"][i], "kind": "human"} for i in range(players)],
            setup=dict(setup),
            seed=seed,
        )

    def copy(self) -> "GameRecord":
        return GameRecord.from_dict(self.to_dict())

    def comment(self, ply: int, text: str) -> None:
        """Attach a teaching note to ply ``ply`` (1 = the first action)."""
        if not 1 <= ply <= len(self.actions):
            raise ValueError(f"ply must be 1-{len(self.actions)}")
        self.comments[ply] = text

    # ----------------------------------------------------------------------- JSON
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "options": dict(self.options),
            "components": dict(self.components),
            "players": [dict(p) for p in self.players],
            "setup": dict(self.setup),
            "seed": self.seed,
            "actions": list(self.actions),
            "comments": {str(k): v for k, v in sorted(self.comments.items())},
            "meta": dict(self.meta),
            **({"position": self.position} if self.position is not None else {}),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1)

    @classmethod
    def from_dict(cls, d: Any) -> "GameRecord":
        return _validate(d)

    @classmethod
    def from_json(cls, text: str) -> "GameRecord":
        if len(text) > MAX_BYTES:
            raise RecordError(f"record is {len(text)} bytes; the limit is {MAX_BYTES}")
        try:
            d = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise RecordError(f"record is not valid JSON: {exc}") from None
        return _validate(d)

    def save(self, path: str | os.PathLike) -> None:
        """Write atomically: a crash leaves either the old file or the new one, never half."""
        path = Path(path)
        data = self.to_json()
        fd, tmp = tempfile.mkstemp(dir=path.parent or ".", prefix=path.name, suffix=".tmp")
        try:
            with os.fdopen(fd, "w") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise

    # ----------------------------------------------------------------------- replay
    def replay(self, upto: int | None = None, components: Components | None = None):
        """A :class:`~windward_nb.game.Game` at ply ``upto`` (default: the end)."""
        from .engine import why_illegal, apply
        from .actions import Action
        from .game import new_game

        comp = components or load_components()
        if comp.content_hash != self.components.get("hash"):
            raise RecordError(
                f"components: the record was made with component set {self.components.get('name')!r} "
                f"(hash {self.components.get('hash')}), which differs from the one loaded ({comp.content_hash})")
        o = self.options
        try:
            if self.position is not None:
                from .game import Game
                from .state import GameState

                state = GameState.from_dict(self.position, comp)
                game = Game(state, self.copy(), seed=self.seed or 0, auto_chance=False)
                game.record.actions = []
            else:
                game = new_game(players=o["players"], seed=self.seed or 0, mode=o["mode"], planet=o["planet"],
                                variants=o["variants"], edition=o["edition"], components=comp,
                                setup=self.setup, auto_chance=False,
                                names=[p["name"] for p in self.players])
        except (ValueError, NotImplementedError, KeyError, TypeError) as exc:
            raise RecordError(f"options/setup: {exc}") from None
        game.record.players = [dict(p) for p in self.players]
        game.record.comments = dict(self.comments)
        game.record.meta = dict(self.meta)
        actions = self.actions if upto is None else self.actions[:upto]
        for ply, text in enumerate(actions, start=1):
            try:
                a = Action.parse(text)
            except ValueError as exc:
                raise RecordError(f"actions[{ply - 1}] (ply {ply}): {exc}") from None
            refusal = why_illegal(game.state, a)
            if refusal:
                raise RecordError(f"actions[{ply - 1}] (ply {ply}) {text!r} is illegal: {refusal[1]} [{refusal[0]}]")
            game.apply(a)
        return game


def load_record(path: str | os.PathLike) -> GameRecord:
    """Read and validate a ``.wwr.json`` file; problems raise :class:`RecordError`."""
    path = Path(path)
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror}") from None
    if size > MAX_BYTES:
        raise RecordError(f"{path} is {size} bytes; records over {MAX_BYTES} bytes are refused")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"cannot read {path}: {exc}") from None
    return GameRecord.from_json(text)


def _need(d: dict, key: str, kind, where: str = "") -> Any:
    name = f"{where}{key}"
    if key not in d:
        raise RecordError(f"{name} is missing")
    value = d[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind in (int, (int,))):
        raise RecordError(f"{name} should be {getattr(kind, '__name__', kind)}, not {type(value).__name__}")
    return value


def _validate(d: Any) -> GameRecord:
    if not isinstance(d, dict):
        raise RecordError("record must be a JSON object")
    if d.get("format") != FORMAT:
        raise RecordError(f"format must be {FORMAT!r}, got {d.get('format')!r}")
    version = d.get("version")
    if version != VERSION:
        raise RecordError(f"version {version!r} is not supported (this library reads version {VERSION})")
    options = _need(d, "options", dict)
    _need(options, "players", int, "options.")
    for key in ("mode", "planet", "edition"):
        _need(options, key, str, "options.")
    variants = _need(options, "variants", list, "options.")
    if not all(isinstance(v, str) for v in variants):
        raise RecordError("options.variants must be a list of names")
    comps = _need(d, "components", dict)
    _need(comps, "name", str, "components.")
    _need(comps, "hash", str, "components.")
    players = _need(d, "players", list)
    if len(players) != options["players"]:
        raise RecordError(f"players lists {len(players)} entries but options.players is {options['players']}")
    for i, p in enumerate(players):
        if not isinstance(p, dict):
            raise RecordError(f"players[{i}] must be an object")
        _need(p, "name", str, f"players[{i}].")
    setup = _need(d, "setup", dict)
    actions = _need(d, "actions", list)
    if len(actions) > MAX_ACTIONS:
        raise RecordError(f"actions has {len(actions)} entries; the limit is {MAX_ACTIONS}")
    for i, a in enumerate(actions):
        if not isinstance(a, str) or len(a) > 2000:
            raise RecordError(f"actions[{i}] must be a short string")
    comments_raw = d.get("comments", {})
    if not isinstance(comments_raw, dict):
        raise RecordError("comments must be an object mapping ply numbers to text")
    comments: dict[int, str] = {}
    for k, v in comments_raw.items():
        if not (isinstance(k, str) and k.isdigit()) or not isinstance(v, str):
            raise RecordError(f"comments[{k!r}] must map a ply number to text")
        comments[int(k)] = v
    seed = d.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError("seed must be a whole number or null")
    meta = d.get("meta", {})
    if not isinstance(meta, dict):
        raise RecordError("meta must be an object")
    position = d.get("position")
    if position is not None and not isinstance(position, dict):
        raise RecordError("position must be an object (a saved starting position) or absent")
    return GameRecord(options=dict(options), components=dict(comps), players=[dict(p) for p in players],
                      setup=dict(setup), actions=list(actions), comments=comments, seed=seed, meta=dict(meta),
                      position=position)
