"""Options, the empty table, and the setup done by chance (SETUP).

The start state depends on the options only; the first plies of every game
are chance outcomes drawn by the game's seed:

1. ``deal jamaica,santo-domingo,...``: the five start-port Treasure cards are
   shuffled and one dealt to each player, whose ship starts there;
2. ``shuffle treasure ...``: all 12 Treasure cards are shuffled (top first);
3. ``shuffle actions ...``: the 40 action cards are shuffled (top first);
4. ``place tiles ...``: the 18 VP tiles: the first 12 to the ports in map
   order, the last 6 to the Rotation Bar, left to right.

>>> s = start_state(4)
>>> s.phase, s.wind_cubes, s.reserve, s.tally["crew"]
('deal', [10, 10, 10, 10], [16, 16, 16, 16], [0, 0, 0, 0])
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from windward_nb.core.errors import OptionError
from windward_nb.core.events import Event
from windward_nb.core.rules import Refusal

from .actions import GRAMMAR, PlunderAction
from .advantages import colour
from .arrival import port_name
from .components import COMPONENTS, ITEMS
from .flow import start_round
from .state import PlunderState
from .turn import finish_draw

_C = COMPONENTS
LOW, HIGH = _C.value("players")
ROUNDS = int(_C.value("rounds"))
OPTION_DEFAULTS: dict[str, Any] = {"blackbeard": 0, "end_bonus": "text", "tournament": False, "rounds": ROUNDS}


def _whole(v: Any) -> bool:
    return isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_))


def check_options(players: Any, options: dict[str, Any]) -> dict[str, Any]:
    """The full, checked option dict (raises :class:`OptionError` naming the option)."""
    if not _whole(players) or not LOW <= int(players) <= HIGH:
        raise OptionError(f"Winds of Plunder is for {LOW} to {HIGH} players, not {players!r}")
    players = int(players)
    unknown = sorted(set(options) - set(OPTION_DEFAULTS))
    if unknown:
        raise OptionError(f"unknown option{'s' if len(unknown) > 1 else ''} {', '.join(map(repr, unknown))}; "
                          f"options: {', '.join(OPTION_DEFAULTS)}")
    out = dict(OPTION_DEFAULTS)
    out.update(options)
    bb = out["blackbeard"]
    if not _whole(bb) or not 0 <= int(bb) < players:
        raise OptionError(f"blackbeard is the seat (0-{players - 1}) that starts with Blackbeard's tile, not {bb!r}")
    out["blackbeard"] = int(bb)
    if out["end_bonus"] not in ("text", "board"):
        raise OptionError(f"end_bonus is 'text' (the sheet's list, the default) or 'board' (its picture), "
                          f"not {out['end_bonus']!r}")
    if not isinstance(out["tournament"], (bool, np.bool_)):
        raise OptionError(f"tournament is True or False, not {out['tournament']!r}")
    out["tournament"] = bool(out["tournament"])
    r = out["rounds"]
    if not _whole(r) or not 1 <= int(r) <= ROUNDS:
        raise OptionError(f"rounds is a whole number 1-{ROUNDS} (the game has {ROUNDS}), not {r!r}")
    out["rounds"] = int(r)
    return out


def start_state(players: int = 4, **options: Any) -> PlunderState:
    """The table before the setup's shuffles (ply 0 of every game)."""
    opts = check_options(players, options)
    n = int(players)
    start = int(_C.value("wind_cubes_at_start"))
    reserve = int(_C.value("reserve_at_start"))
    return PlunderState(
        players=n, options=opts, phase="deal", round=0, wind="N", blackbeard=opts["blackbeard"],
        ship=[-1] * n, vp=[0] * n, wind_cubes=[start] * n, reserve=[reserve] * n,
        tally={k: [0] * n for k in ITEMS}, booty=[0] * n, markers={k: -1 for k in ITEMS},
        reputation=[[] for _ in _C.ports], area_bonus=[[] for _ in _C.areas],
        hands=[[] for _ in range(n)], treasures=[[] for _ in range(n)],
        votes=[None] * n, spent=[None] * n, finished=[False] * n)


# ------------------------------------------------------------------------------- chance
def deal_outcomes(s: PlunderState) -> list[tuple[PlunderAction, float]]:
    starts = [_C.ports[p].id for p in _C.start_ports]
    perms = list(itertools.permutations(starts, s.players))
    return [(PlunderAction("deal", p), 1.0 / len(perms)) for p in perms]


def shuffle_pool(s: PlunderState) -> list[int]:
    """The cards or tiles the pending shuffle reorders."""
    if s.phase == "shuffle-treasure":
        return list(range(len(_C.ports)))
    if s.phase == "shuffle-actions":
        return list(range(len(_C.cards)))
    if s.phase == "place-tiles":
        return list(range(len(_C.tiles)))
    if s.phase == "reshuffle":
        return sorted(s.action_discard)
    return []


def sample_shuffle(s: PlunderState, rng: np.random.Generator) -> PlunderAction:
    pool = shuffle_pool(s)
    verb = "shuffle-actions" if s.phase == "reshuffle" else s.phase
    return PlunderAction(verb, tuple(int(pool[i]) for i in rng.permutation(len(pool))))


def check_deal(s: PlunderState, a: PlunderAction) -> Refusal:
    starts = {_C.ports[p].id for p in _C.start_ports}
    if len(a.arg) != s.players or len(set(a.arg)) != len(a.arg) or not set(a.arg) <= starts:
        return ("Setup", f"the deal gives each of the {s.players} players a different start port: "
                         + ", ".join(sorted(starts)))
    return None


def apply_deal(s: PlunderState, a: PlunderAction) -> list[Event]:
    s.ship = [_C.port_index[p] for p in a.arg]
    s.phase = "shuffle-treasure"
    return [Event("ShipsPlaced", "Start ports: " + ", ".join(f"{colour(i)} {port_name(p)}" for i, p in enumerate(s.ship))
                  + ".", {"ports": list(s.ship)})]


def check_shuffle(s: PlunderState, a: PlunderAction) -> Refusal:
    if sorted(a.arg) != shuffle_pool(s):
        return ("Card Management" if s.phase == "reshuffle" else "Setup",
                "a shuffle puts exactly the cards (or tiles) being shuffled in a new order")
    return None


def apply_shuffle_treasure(s: PlunderState, a: PlunderAction) -> list[Event]:
    s.treasure_deck = list(a.arg)
    s.phase = "shuffle-actions"
    return [Event("Shuffled", "The 12 Treasure cards are shuffled.", {"deck": "treasure"})]


def apply_shuffle_actions(s: PlunderState, a: PlunderAction) -> list[Event]:
    s.action_deck = list(a.arg)
    if s.phase == "reshuffle":
        s.action_discard = []
        s.phase = "bonus" if s.bonus else "plunder"
        ev = [Event("Shuffled", "The action discards are shuffled into a new deck.", {"deck": "actions"})]
        if s.resume == "draw":
            s.resume = ""
            finish_draw(s, ev)
        return ev
    s.phase = "place-tiles"
    return [Event("Shuffled", "The action cards are shuffled.", {"deck": "actions"})]


def apply_place_tiles(s: PlunderState, a: PlunderAction) -> list[Event]:
    n = len(_C.ports)
    s.port_tiles = list(a.arg[:n])
    s.bar = list(a.arg[n:])
    ev = [Event("TilesPlaced", "The VP tiles are laid face up at the ports and on the Rotation Bar.",
                {"ports": list(s.port_tiles), "bar": list(s.bar)})]
    start_round(s, ev)
    return ev


GRAMMAR.handle("deal", check=check_deal, apply=apply_deal)
GRAMMAR.handle("shuffle-treasure", check=check_shuffle, apply=apply_shuffle_treasure)
GRAMMAR.handle("shuffle-actions", check=check_shuffle, apply=apply_shuffle_actions)
GRAMMAR.handle("place-tiles", check=check_shuffle, apply=apply_place_tiles)
