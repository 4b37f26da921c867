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

from .options import CARD_END, LAST_PLACE, WIND, check_options
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
                    "components": {"type": ["object", "null"], "x-free-json": {"depth": 12, "items": 20_000}},
                },
                "required": ["players"], "additionalProperties": False}

    @classmethod
    def check_game(cls, d: dict[str, Any]) -> None:
        try:
            check_options(**d["options"])
        except OptionError as exc:
            raise RecordError(f"options: {exc}", field="options") from None

    def start_state(self):
        return start_state(**self.options), []


def record_options(players: int, opts: dict[str, Any]) -> dict[str, Any]:
    """The options as a record stores them (components only when custom)."""
    out = {"players": players, **{k: v for k, v in opts.items() if k != "components"}}
    if opts.get("components") is not None:
        out["components"] = opts["components"]
    return out
