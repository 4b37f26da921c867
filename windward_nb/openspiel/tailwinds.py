"""Tailwinds for OpenSpiel: its action table from the grammar and the card data, and its options.

Every action text the game can produce: spaces 1-99 to place a boat on and
moves of 1-60 spaces (the grammar's own bounds), every movement card of every
character (``choose``, ``use``, ``reclaim``), every rainbow card (``play``,
with or without ``for points``; ``take``), lane swaps, the seats 1-4 a card
can name, and the single-word answers. All of Tailwinds' chance is listed:
every deal of character decks to 2-4 players, who places first, the rainbow
draws and the die, so no draws are needed.

A card is chosen face down: the other seats learn only what the game's own
view says a table sees (``chooses a card face down``) until the reveal.

>>> t = action_table()
>>> t.num_distinct_actions, len(t.chance_actions), t.draws
(328, 529, 0)
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from itertools import permutations
from typing import Any

from ..core.errors import OptionError
from ..tailwinds import start_state
from ..tailwinds.actions import TailwindsAction
from ..tailwinds.rules import RULES
from .spec import Config, whole
from .table import ActionTable

SHORT_NAME = "python_tailwinds"
TITLE = "Tailwinds"
PARAMETERS: dict[str, Any] = {
    "players": 2,
    "characters": "",
    "track": "standard",
    "wind": "roll",
    "card_end": "all",
    "last_place": "lane",
    "market_refill": "slot",
    "max_decisions": 100_000,
}
MIN_PLAYERS, MAX_PLAYERS = 2, 4
SPACES, MOVES = 99, 60  #: the grammar's bounds on ``place N`` and ``move fore N``


def _components() -> Any:
    return start_state(MIN_PLAYERS).comp


def player_texts() -> list[str]:
    """Every decision of Tailwinds as text, in a fixed order."""
    comp = _components()
    cards = sorted({card.key for ch in comp.characters.values() for card in ch.cards})
    rainbow = sorted(set(comp.rainbow_deck))
    seats = range(1, MAX_PLAYERS + 1)
    out = [f"place {n}" for n in range(1, SPACES + 1)] + [f"choose {k}" for k in cards]
    out += [f"move {b} {n}" for b in ("fore", "aft") for n in range(1, MOVES + 1)]
    out += [f"use {k}" for k in cards]
    out += [f"swap {b} {lane}" for b in ("fore", "aft") for lane in range(1, comp.lanes + 1)]
    out += [f"play {k}" for k in rainbow] + [f"play {k} for points" for k in rainbow] + ["end turn"]
    out += [f"copy {p}" for p in seats] + [f"ask {p}" for p in seats] + ["give", "refuse", "roll", "no roll"]
    out += [f"target {p} {b}" for p in seats for b in ("fore", "aft")]
    out += [f"take {k}" for k in rainbow] + ["leave"] + [f"reclaim {k}" for k in cards]
    return out


def chance_texts() -> list[str]:
    """Every chance outcome of Tailwinds (all are listed)."""
    comp = _components()
    seats = range(MIN_PLAYERS, MAX_PLAYERS + 1)
    out = [f"decks {','.join(d)}" for n in seats for d in permutations(comp.characters, n)]
    out += [f"first player {p}" for p in range(1, MAX_PLAYERS + 1)]
    out += [f"draw {k}" for k in sorted(set(comp.rainbow_deck))] + [f"die {d}" for d in range(1, 7)]
    return out


@lru_cache(maxsize=1)
def action_table() -> ActionTable:
    """The OpenSpiel action table of Tailwinds (built once)."""
    return ActionTable(TailwindsAction, player_texts(), chance_texts(), draws=0)


def public_text(state: Any, action: Any) -> str:
    """What the table sees of an action: the game's own view keeps a chosen card face down."""
    from ..tailwinds.view import VIEW

    return str(VIEW.public_action(state, action))


def chance_text(state: Any, action: Any, seat: int) -> str:
    """What ``seat`` learns of a chance outcome: a rainbow card drawn into another player's hand
    (Buried Treasure) is drawn face down; every other outcome is seen by all."""
    top = state.pending[-1] if state is not None and state.pending else None
    if action.verb == "draw" and top is not None and top.get("to") == "hand" and top.get("seat") != seat:
        return "draw (a rainbow card, face down into another hand)"
    return str(action)


@dataclasses.dataclass(frozen=True)
class Start:
    """The position before any chance outcome (Tailwinds' setup randomness is chance already)."""

    players: int
    options: tuple[tuple[str, Any], ...]

    def __call__(self, rng: Any) -> Any:
        return start_state(self.players, **dict(self.options))


def configure(params: dict[str, Any]) -> Config:
    """A :class:`~.spec.Config` from OpenSpiel game parameters (missing ones take :data:`PARAMETERS`).

    ``characters`` is comma separated (``"sailor,pirate"``); empty deals the decks at random.
    """
    unknown = sorted(set(params) - set(PARAMETERS))
    if unknown:
        raise OptionError(f"unknown Tailwinds parameter {unknown[0]!r}; parameters: {', '.join(PARAMETERS)}")
    p = {**PARAMETERS, **params}
    players = whole(p, "players", MIN_PLAYERS, MAX_PLAYERS)
    if not isinstance(p["characters"], str):
        raise OptionError(f"characters must be text (keys separated by commas), got {p['characters']!r}")
    chars = tuple(c.strip() for c in p["characters"].split(",") if c.strip()) or None
    options = {"characters": chars, **{k: p[k] for k in ("track", "wind", "card_end", "last_place",
                                                                         "market_refill")}}
    start = Start(players, tuple(sorted(options.items())))
    start(None)  # refuses bad options now, naming them
    shown = {"players": players, **{k: v for k, v in options.items() if v is not None}}
    if chars:
        shown["characters"] = ",".join(chars)
    return Config(short_name=SHORT_NAME, title=TITLE, rules=RULES, players=players, start=start,
                  table=action_table(), max_decisions=whole(p, "max_decisions", 1),
                  options=shown, params=dict(params), public_text=public_text, chance_text=chance_text)
