"""Winds of Plunder records (``*.wpr.json``, format ``winds-of-plunder-record`` v1).

A record keeps the options and every action text, the setup's deal and
shuffles included, so it replays exactly with no random numbers:

>>> from windward_nb.plunder import new_game
>>> g = new_game(players=3, seed=2)
>>> g.record.actions[0].startswith("deal ")
True
>>> Record.from_json(g.record.to_json()).replay().state.fingerprint() == g.state.fingerprint()
True
"""

from __future__ import annotations

from typing import Any

from windward_nb.core.errors import OptionError, RecordError
from windward_nb.core.record import GameRecord

from .setup import HIGH, LOW, ROUNDS, check_options, start_state


class Record(GameRecord):
    """A whole game of Winds of Plunder."""

    GAME = "winds-of-plunder"
    TITLE = "Winds of Plunder"
    FORMAT = "winds-of-plunder-record"
    VERSION = 2
    SUFFIX = ".wpr.json"
    PLAYERS = (LOW, HIGH)

    @classmethod
    def options_schema(cls) -> dict[str, Any]:
        return {
            "type": "object",
            "properties": {
                "players": {"type": "integer", "minimum": LOW, "maximum": HIGH},
                "blackbeard": {"type": "integer", "minimum": 0, "maximum": HIGH - 1,
                               "description": "the seat that holds Blackbeard's tile at the start"},
                "end_bonus": {"enum": ["text", "board"],
                              "description": "end-of-game bonuses as the sheet's text lists them, or as its "
                                             "board picture shows them"},
                "tournament": {"type": "boolean", "description": "break a last tie by seat order from Blackbeard"},
                "rounds": {"type": "integer", "minimum": 1, "maximum": ROUNDS},
            },
            "required": ["players"],
            "additionalProperties": False,
        }

    @classmethod
    def check_game(cls, d: dict[str, Any]) -> None:
        opts = dict(d["options"])
        players = opts.pop("players")
        try:
            check_options(players, opts)
        except OptionError as exc:
            key = next((k for k in opts if k in str(exc)), None)
            raise RecordError(f"options: {exc}", field=f"options.{key}" if key else "options") from None

    def start_state(self):
        opts = dict(self.options)
        return start_state(opts.pop("players"), **opts), []
