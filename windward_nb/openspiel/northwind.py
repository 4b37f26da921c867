"""North Wind for OpenSpiel: its action table from the grammar and the components, and its options.

Every action text North Wind can produce, verb by verb
(:data:`windward_nb.northwind.actions.GRAMMAR`), bounded by the components:
a stack per destination harbour (``sail``), cuts up to a stack's size less
one, one or two commodities bought or sold (``buy salt,wine``), every swap,
the five crew abilities, and the single-word decisions; chance: the event die
and every sorted roll of one to the most cannons a ship can carry. The deal
and the stack shuffles are drawn tile by tile (:mod:`.draws`).

>>> t = action_table()
>>> t.num_distinct_actions, len(t.chance_actions), t.draws, t.max_chance_outcomes
(97, 38, 21, 59)
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Any

from ..core.errors import OptionError
from ..northwind.actions import NWAction
from ..northwind.chance import battle_outcomes
from ..northwind.components import ABILITIES, GOODS, Components, load_components
from ..northwind.rules import RULES
from ..northwind.setup import start_state
from .spec import Config, whole
from .table import ActionTable

SHORT_NAME = "python_north_wind"
TITLE = "North Wind"
PARAMETERS: dict[str, Any] = {
    "players": 3,
    "stop_early": False,
    "exclusive_bonuses": False,
    "max_turns": 0,
    "max_decisions": 100_000,
}
MIN_PLAYERS, MAX_PLAYERS = 2, 4


def max_cannons(comp: Components) -> int:
    return min(comp.cannon_slots, comp.cannons)


def player_texts(comp: Components) -> list[str]:
    """Every decision of North Wind as text, in a fixed order."""
    cargo = [",".join(c) for n in (1, 2) for c in combinations_with_replacement(GOODS, n)]
    out = [f"sail {d}" for d in comp.destinations]
    out += [f"cut {n}" for n in range(1, comp.stack_size)]
    out += ["look", "keep", "under", "reveal", "end voyage", "pass"]
    out += [f"buy {c}" for c in cargo] + [f"sell {c}" for c in cargo]
    out += [f"swap {a} for {b}" for a in GOODS for b in GOODS]
    out += ["buy sail", "buy cannon"] + [f"hire {a}" for a in ABILITIES] + [f"throw {g}" for g in GOODS]
    out += ["deliver", "salvage", "pay", "fight"]
    return out


def chance_texts(comp: Components) -> list[str]:
    """Every listed chance outcome: the event die and the battle rolls (the deal and shuffles are drawn)."""
    out = [str(NWAction("event", v)) for v in range(4)]
    for n in range(1, max_cannons(comp) + 1):
        out += [str(a) for a, _ in battle_outcomes(comp.battle_die, n)]
    return out


def build_table(comp: Components) -> ActionTable:
    return ActionTable(NWAction, player_texts(comp), chance_texts(comp),
                       draws=max(len(comp.others), comp.stack_size))


@lru_cache(maxsize=1)
def action_table() -> ActionTable:
    """The OpenSpiel action table of North Wind with the retail components (built once)."""
    return build_table(load_components())


@dataclasses.dataclass(frozen=True)
class Start:
    """The position before the deal (North Wind's setup randomness is chance already: the deal)."""

    players: int
    options: tuple[tuple[str, Any], ...]

    def __call__(self, rng: Any) -> Any:
        return start_state(self.players, None, **dict(self.options))


def configure(params: dict[str, Any]) -> Config:
    """A :class:`~.spec.Config` from OpenSpiel game parameters (missing ones take :data:`PARAMETERS`)."""
    unknown = sorted(set(params) - set(PARAMETERS))
    if unknown:
        raise OptionError(f"unknown North Wind parameter {unknown[0]!r}; parameters: {', '.join(PARAMETERS)}")
    p = {**PARAMETERS, **params}
    players = whole(p, "players", MIN_PLAYERS, MAX_PLAYERS)
    max_turns = whole(p, "max_turns", 0)
    options = {"stop_early": p["stop_early"], "exclusive_bonuses": p["exclusive_bonuses"],
               "max_turns": max_turns or None}
    start = Start(players, tuple(sorted(options.items())))
    start(None)  # refuses bad options now, naming them
    return Config(short_name=SHORT_NAME, title=TITLE, rules=RULES, players=players, start=start,
                  table=action_table(), max_decisions=whole(p, "max_decisions", 1),
                  options={"players": players, **{k: v for k, v in options.items() if v is not None}},
                  params=dict(params))
