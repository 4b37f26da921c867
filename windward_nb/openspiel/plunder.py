"""Winds of Plunder for OpenSpiel: its action table from the grammar and the components, and its options.

Every action text the game can produce, bounded by its components: the four
compass faces, a fist of 0 up to every wind cube a captain owns (those on the
board and the reserve), the colours, the ports, the 2/5/9 cube additions, each
action card with each target it can name (an opponent's colour, a port, two
different tile places written in board order), and boarding with each booty.
Chance: the deal of start ports is listed (every ordered choice of 3-5 of
them); the shuffles of the treasure and action cards and of the tiles are drawn
card by card (:mod:`.draws`).

The compass and the fist are sealed choices: the other seats learn only what
the game's own view says a table sees (``sets a compass face down``), so the
information state keeps them secret until they are revealed.

>>> t = action_table()
>>> t.num_distinct_actions, len(t.chance_actions), t.draws, t.max_chance_outcomes
(294, 300, 40, 340)
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from itertools import combinations, permutations
from typing import Any

from ..core.errors import OptionError
from ..plunder.actions import ADD_COSTS, BOOTY_CHOICES, COLOURS, LOCATIONS, PORTS, TARGETS, PlunderAction
from ..plunder.components import COMPONENTS, DIRECTIONS
from ..plunder.rules import RULES
from ..plunder.setup import OPTION_DEFAULTS, start_state
from .spec import Config, whole
from .table import ActionTable

SHORT_NAME = "python_winds_of_plunder"
TITLE = "Winds of Plunder"
PARAMETERS: dict[str, Any] = {
    "players": 4,
    **OPTION_DEFAULTS,
    "max_decisions": 100_000,
}
MIN_PLAYERS, MAX_PLAYERS = COMPONENTS.value("players")


def player_texts() -> list[str]:
    """Every decision of Winds of Plunder as text, in a fixed order."""
    c = COMPONENTS
    cubes = int(c.value("wind_cubes_at_start")) + int(c.value("reserve_at_start"))
    out = [f"compass {d}" for d in DIRECTIONS] + [f"bid {n}" for n in range(cubes + 1)]
    out += [f"blackbeard {k}" for k in COLOURS] + [f"wind {d}" for d in DIRECTIONS] + [f"first {k}" for k in COLOURS]
    out += ["draw"] + [f"add {n}" for n in ADD_COSTS]
    for card in c.card_names:
        need = TARGETS.get(card)
        if need is None:
            out.append(f"play {card}")
        elif need == "colour":
            out += [f"play {card} {k}" for k in COLOURS]
        elif need == "port":
            out += [f"play {card} {p}" for p in PORTS]
        else:
            out += [f"play {card} {a} {b}" for a, b in combinations(LOCATIONS, 2)]
    out += [f"sail {p}" for p in PORTS] + [f"gust {p}" for p in PORTS]
    out += [f"board {k} {b}" for k in COLOURS for b in BOOTY_CHOICES] + ["no boarding", "end turn"]
    return out


def chance_texts() -> list[str]:
    """The listed chance outcomes: every deal of start ports (the shuffles are drawn)."""
    starts = [COMPONENTS.ports[p].id for p in COMPONENTS.start_ports]
    return [f"deal {','.join(deal)}" for n in range(MIN_PLAYERS, MAX_PLAYERS + 1) for deal in permutations(starts, n)]


@lru_cache(maxsize=1)
def action_table() -> ActionTable:
    """The OpenSpiel action table of Winds of Plunder (built once)."""
    c = COMPONENTS
    return ActionTable(PlunderAction, player_texts(), chance_texts(),
                       draws=max(len(c.ports), len(c.cards), len(c.tiles)))


def public_text(state: Any, action: Any) -> str:
    """What the table sees of an action: the game's own view keeps a compass and a fist sealed."""
    from ..plunder.view import VIEW

    return str(VIEW.public_action(state, action))


@dataclasses.dataclass(frozen=True)
class Start:
    """The table before the setup's shuffles (the game's setup randomness is chance already)."""

    players: int
    options: tuple[tuple[str, Any], ...]

    def __call__(self, rng: Any) -> Any:
        return start_state(self.players, **dict(self.options))


def configure(params: dict[str, Any]) -> Config:
    """A :class:`~.spec.Config` from OpenSpiel game parameters (missing ones take :data:`PARAMETERS`)."""
    unknown = sorted(set(params) - set(PARAMETERS))
    if unknown:
        raise OptionError(f"unknown Winds of Plunder parameter {unknown[0]!r}; parameters: {', '.join(PARAMETERS)}")
    p = {**PARAMETERS, **params}
    players = whole(p, "players", MIN_PLAYERS, MAX_PLAYERS)
    options = {k: p[k] for k in OPTION_DEFAULTS}
    start = Start(players, tuple(sorted(options.items())))
    start(None)  # refuses bad options now, naming them
    return Config(short_name=SHORT_NAME, title=TITLE, rules=RULES, players=players, start=start,
                  table=action_table(), max_decisions=whole(p, "max_decisions", 1),
                  options={"players": players, **options}, params=dict(params), public_text=public_text)
