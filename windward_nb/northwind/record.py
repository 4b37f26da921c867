"""North Wind game records (``*.nwr.json``, format ``north-wind-record`` version 1).

A record holds the options and every action, the deal, the shuffles and the
dice included, so it replays exactly without the seed. Games played with
your own components carry them in ``options.data``.

>>> from windward_nb.northwind import new_game
>>> g = new_game(players=2, seed=5)
>>> _ = g.apply("sail olsand")
>>> again = Record.from_json(g.record.to_json()).replay()
>>> again.state.fingerprint() == g.state.fingerprint()
True
>>> Record.from_dict(dict(g.record.to_dict(), options={"players": 5}))
Traceback (most recent call last):
...
windward_nb.core.errors.RecordError: options.players must be at most 4, got 5
"""

from __future__ import annotations

from typing import Any

from ..core.errors import OptionError, RecordError
from ..core.record import GameRecord
from .components import Components, load_components
from .setup import DEFAULTS, start_state
from .state import NWState


class Record(GameRecord):
    """A North Wind record: options (players, rule options, components) and every action."""

    GAME = "north-wind"
    TITLE = "North Wind"
    FORMAT = "north-wind-record"
    VERSION = 2
    SUFFIX = ".nwr.json"
    PLAYERS = (2, 4)

    @classmethod
    def options_schema(cls) -> dict[str, Any]:
        return {
            "type": "object",
            "properties": {
                "players": {"type": "integer", "minimum": 2, "maximum": 4},
                "stop_early": {"type": "boolean"},
                "exclusive_bonuses": {"type": "boolean"},
                "max_turns": {"type": ["integer", "null"], "minimum": 1, "maximum": 100_000},
                "data": {"type": "object", "x-free-json": {"depth": 12, "items": 20_000},
                         "description": "the game's own components (parts components, tiles, tasks)"},
                "start": {"type": "object", "x-free-json": {"depth": 8, "items": 20_000},
                          "description": "a game started from a built position (a scenario): that state"},
            },
            "required": ["players"],
            "additionalProperties": False,
        }

    @classmethod
    def check_game(cls, d: dict[str, Any]) -> None:
        data = d["options"].get("data")
        if data is not None:
            try:
                load_components(data)
            except OptionError as exc:
                raise RecordError(f"options.data: {exc}", field="options.data") from None

    def start_state(self):
        opts = dict(self.options)
        players = opts.pop("players")
        data = opts.pop("data", None)
        start = opts.pop("start", None)
        try:
            state = start_state(players, data, **opts)
        except OptionError as exc:
            raise RecordError(f"options: {exc}", field="options") from None
        if start is None:
            return state, []
        try:
            built = NWState.from_dict(start, comp=state.comp)
            problems = built.rules.invariants(built)
        except Exception as exc:  # noqa: BLE001 - any malformed start is the file's fault
            raise RecordError(f"options.start is not a North Wind position ({type(exc).__name__}: {exc})",
                              field="options.start") from None
        if problems or built.players != players or built.options != state.options:
            why = "; ".join(problems) or "its players or options differ from the record's"
            raise RecordError(f"options.start is not a valid position: {why}", field="options.start")
        return built, []

    @classmethod
    def for_game(cls, players: int, comp: Components, options: dict[str, Any], seed: int | None,
                 names: Any = None, start: NWState | None = None) -> Record:
        """The empty record of a new game (every option written out; components only when not the
        default; ``start``: the built position a scenario starts from)."""
        opts: dict[str, Any] = {"players": players}
        opts.update({k: options.get(k, v) for k, v in DEFAULTS.items()})
        if not comp.is_default():
            opts["data"] = comp.raw
        if start is not None:
            opts["start"] = start.to_dict()
        return cls(options=opts, players=cls.default_players(players, names), seed=seed)
