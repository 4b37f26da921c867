"""Tailwinds game records (``*.twr.json``, format ``tailwinds-record`` version 1).

The options say how the game was set up; the actions list every decision and
chance outcome (decks dealt, who placed first, rainbow draws, dice), so a
record replays exactly without random numbers.

>>> from windward_nb.tailwinds import new_game
>>> g = new_game(players=2, seed=5, characters=["crew", "viking"])
>>> rec = Record.from_json(g.record.to_json())
>>> rec.options["track"], rec.replay().state.fingerprint() == g.state.fingerprint()
('SSSSSS', True)
>>> Record.from_dict({**g.record.to_dict(), "options": {"players": 2, "track": "SSX"}})
Traceback (most recent call last):
...
windward_nb.core.errors.RecordError: options.track 'SSX' does not fit one letter per track card, S (standard) or A (advanced)
"""

from __future__ import annotations

from typing import Any

from windward_nb.core.errors import OptionError, RecordError
from windward_nb.core.record import GameRecord

from .options import CARD_END, LAST_PLACE, MARKET_REFILL, WIND, check_options, record_options  # noqa: F401  (record_options: its old home)
from .scenario import from_written, scenario
from .setup import start_state


class Record(GameRecord):
    """A Tailwinds record: the options, the players and every action."""

    GAME = "tailwinds"
    TITLE = "Tailwinds"
    FORMAT = "tailwinds-record"
    VERSION = 2
    SUFFIX = ".twr.json"
    PLAYERS = (2, 4)

    @classmethod
    def options_schema(cls) -> dict[str, Any]:
        key = {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]{0,23}$", "description": "a character key"}
        return {"type": "object",
                "properties": {
                    "players": {"type": "integer", "minimum": 2, "maximum": 4},
                    "characters": {"type": ["array", "null"], "minItems": 2, "maxItems": 4, "items": key},
                    "track": {"type": "string", "pattern": "^[SA]{1,12}$",
                              "description": "one letter per track card, S (standard) or A (advanced)"},
                    "wind": {"enum": list(WIND)},
                    "card_end": {"enum": list(CARD_END)},
                    "last_place": {"enum": list(LAST_PLACE)},
                    "market_refill": {"enum": list(MARKET_REFILL)},
                    "components": {"type": ["object", "null"], "x-free-json": {"depth": 12, "items": 20_000}},
                    "scenario": {"type": "object", "x-free-json": {"depth": 5, "items": 2_000},
                                 "description": "a race started from a built position: the description "
                                                "windward_nb.tailwinds.scenario.scenario_game was given"},
                },
                "required": ["players"], "additionalProperties": False}

    @classmethod
    def check_game(cls, d: dict[str, Any]) -> None:
        opts = dict(d["options"])
        described = opts.pop("scenario", None)
        try:
            check_options(**opts)
        except OptionError as exc:
            raise RecordError(f"options: {exc}", field="options") from None
        if described is not None:
            _built(described, opts)

    def start_state(self):
        # T15: a record that does not name market_refill was made when a new market card went
        # after the cards left; it replays that way (a built position's record too)
        opts = {"market_refill": "end", **self.options}
        described = opts.pop("scenario", None)
        if described is not None:
            return _built(described, opts), []
        return start_state(**opts), []


def _built(described: Any, options: dict[str, Any]):
    """The position of ``options.scenario`` (a RecordError naming it when it is not one)."""
    opts = {k: v for k, v in options.items() if k != "players"}
    try:
        args = from_written(described)
        if len(args.get("characters", ())) != options["players"]:
            raise ValueError("its characters are not one per player")
        if opts.get("characters") not in (None, list(args["characters"])):
            raise ValueError("its characters are not the record's")
        opts.pop("characters", None)
        return scenario(**args, **opts)
    except (ValueError, OptionError) as exc:
        raise RecordError(f"options.scenario: {exc}", field="options.scenario") from None
