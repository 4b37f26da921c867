"""Starting a game of North Wind: options and the opening position.

The opening position depends on the options only; the deal and the three
shuffles are the first chance outcomes, drawn by the :class:`Game` from its
seed, so a record needs nothing else to replay.

>>> s = start_state(3)
>>> s.phase, s.gold, s.letters, s.tokens, s.cannons, s.sail
('deal', [5, 5, 5], [1, 1, 1], [10, 10, 10], [1, 1, 1], [4, 4, 4])
>>> start_state(5)
Traceback (most recent call last):
...
windward_nb.core.errors.OptionError: North Wind is for 2 to 4 players, not 5
"""

from __future__ import annotations

from typing import Any

from ..core.errors import OptionError
from .components import GOODS, Components, load_components
from .state import NWState

#: the options and their defaults (see docs/rulings-north-wind.md)
DEFAULTS: dict[str, Any] = {"stop_early": False, "exclusive_bonuses": False, "max_turns": None}


def check_options(options: dict[str, Any]) -> dict[str, Any]:
    """The full option set (defaults filled in), or :class:`OptionError` naming the bad one."""
    if not isinstance(options, dict):
        raise OptionError("options: a dict of option names and values")
    unknown = sorted(set(options) - set(DEFAULTS))
    if unknown:
        raise OptionError(f"unknown option(s) {', '.join(map(repr, unknown))}; "
                          f"North Wind's options are {', '.join(DEFAULTS)}")
    out = dict(DEFAULTS)
    out.update(options)
    for key in ("stop_early", "exclusive_bonuses"):
        if not isinstance(out[key], bool):
            raise OptionError(f"{key}: True or False, not {out[key]!r}")
    m = out["max_turns"]
    if m is not None and (not isinstance(m, int) or isinstance(m, bool) or not 1 <= m <= 100_000):
        raise OptionError(f"max_turns: None or a whole number 1-100000, not {m!r}")
    return out


def start_state(players: int = 3, data: Any = None, **options: Any) -> NWState:
    """The position before the deal: every captain's supply and ship as the rules set them up."""
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 4:
        raise OptionError(f"North Wind is for 2 to 4 players, not {players!r}")
    comp = data if isinstance(data, Components) else load_components(data)
    opts = check_options(options)
    n = players
    if comp.letters_start * n > comp.letters_total:
        raise OptionError(f"the components have {comp.letters_total} letters, too few for {n} captains")
    return NWState(
        players=n, comp=comp, options=opts, phase="deal",
        secret=[[[] for _ in comp.destinations] for _ in range(n)],
        gold=[comp.gold_start] * n, hold=[[0] * len(GOODS) for _ in range(n)], brig=[0] * n,
        cannons=[comp.cannons_mounted] * n, crew=[[] for _ in range(n)], sail=[comp.sail_start] * n,
        letters=[comp.letters_start] * n, tokens=[comp.tokens[n]] * n,
        tray=[comp.goods_per_kind] * len(GOODS), captains=comp.captains,
        letter_supply=comp.letters_total - comp.letters_start * n,
        tasks=[[] for _ in comp.destinations], most=[-1] * len(comp.destinations))
