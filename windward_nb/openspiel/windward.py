"""Windward for OpenSpiel: its action table, derived from the rules and the component data, and its options.

Every action text Windward can ever produce is listed here, verb by verb
(:data:`windward_nb.windward.actions.GRAMMAR`), with the bounds taken from
the component set, never from games played:

- directions 1-6 (``move``, ``leave port``, ``row``, the Aerogenerator);
- every space of the largest planet for the verbs that name a space
  (``zephyr``, ``place red``, ``place white``, ``release``, the Bait): the
  217 spaces of ``large-r8`` (radius 8), so every planet the engine has fits
  in one table (see :data:`PLANETS`);
- the crew (``order hire``, ``buy crew``), the supply cards (``play``,
  ``rest discard``, ``trade``), the three supply stacks (``take``);
- longboats up to the board with the most plus the crew that adds boats;
  cannons up to the most cannon slots a ship can reach with crew;
- seats up to the five ship boards (``trade GIVER CARD RECEIVER``);
- chance: the wind and crester dice 1-6 and every sorted battle roll of up to
  the most dice a battle can roll (a ship with every cannon and bonus, or the
  whole stock of red cresters together); a shuffle is drawn card by card
  (:mod:`.draws`), one draw per card of the supply deck at most.

With the retail components that makes 1,343 player actions and 12,433 chance
outcomes (18 die rolls, 12,341 battle rolls of 0-40 dice, 74 draws):

>>> t = action_table()
>>> t.num_distinct_actions, len(t.chance_actions), t.draws, t.max_chance_outcomes
(1343, 12359, 74, 12433)

Which planets, and why all of them: the game is played on any planet the engine
accepts (``planet_size`` reads the names: ``large``, alias ``large-r5``, of
radius 5; ``large-r6``, the default since the size study, docs/rulings.md P1;
``large-r7``; ``large-r8``; ``small``), and by default on the engine's
:data:`~windward_nb.windward.planet.DEFAULT_PLANET`, so ``load_game()`` plays
the game ``ww.new_game`` sets up. Spaces are numbered from the Trading Post
outwards ring by ring, so a smaller planet's spaces are the first ones of the
largest's; covering radius 8 rather than 6 costs 450 more action ids (five
verbs, 90 more spaces each) and nothing per state. The observations do not
grow with the planet (a space is a number in them, see
:mod:`.adapter`): the tensors have one shape on every planet.
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import Any

from ..core.errors import OptionError
from ..windward import hooks
from ..windward.actions import BUYS, DROPS, ORDERS, PICKUPS, PLUNDER, TEETH_FOR, Action
from ..windward.battle import dice_outcomes
from ..windward.components import Components, load_components
from ..windward.hexgrid import direction_name, format_hex, ring
from ..windward.planet import DEFAULT_PLANET, PLANET_SIZES, planet_radius, planet_size
from ..windward.rules import RULES
from ..windward.setup import DIFFICULTIES, EDITIONS, build_state, check_options, default_mode, draw_setup
from .spec import Config, whole
from .table import ActionTable


#: The planets the OpenSpiel game plays: every planet the engine has (``large`` of radius 5, the
#: default ``large-r6``, ``large-r7``, ``large-r8`` and ``small``; ``planet_size`` reads their other
#: names, such as ``large-r5``). The action table names the spaces of the largest of them.
PLANETS = PLANET_SIZES
# The Solo Adventure's chosen red routes (the ``reds`` verb: a different set of outcomes at every
# rest) have no fixed numbering either: the games here are set up with red_routes="fixed", the
# fixed direction order (docs/rulings.md V10), as build_state does by default.

#: OpenSpiel's name for the game
SHORT_NAME = "python_windward"
TITLE = "Windward"
#: the game parameters and their defaults ("" for mode: the usual one for the number of players)
PARAMETERS: dict[str, Any] = {
    "players": 2,
    "mode": "",
    "planet": DEFAULT_PLANET,
    "variants": "",
    "difficulty": "normal",
    "edition": "a",
    "notoriety_goal": 0,
    "max_decisions": 20_000,
}
MIN_PLAYERS, MAX_PLAYERS = 1, 5
STACKS = 3  #: the supply stacks (``take 1``-``take 3``)


def _slot_max(comp: Components, key: str) -> int:
    """The most a ship can gain from crew for ``key``: one crew per slot, the best of each slot."""
    best: dict[str, int] = {}
    for name, slot in comp.crew_slot.items():
        best[slot] = max(best.get(slot, 0), comp.crew_effects[name].get(key, 0))
    return sum(best.values())


def max_cannons(comp: Components) -> int:
    return max(b.cannon_slots for b in comp.boards) + _slot_max(comp, "cannon_slots")


def max_longboats(comp: Components) -> int:
    return max(b.longboat_slots for b in comp.boards) + _slot_max(comp, "longboat_slots")


def max_battle_dice(comp: Components) -> int:
    """The most dice one side of a battle can roll: a ship with all its cannons and attack bonus, a
    longboat with its bonus, or a whole stock of cresters standing together."""
    ship = comp.strength["ship"] + max_cannons(comp) + _slot_max(comp, "attack_strength")
    boat = comp.strength["longboat"] + _slot_max(comp, "longboat_strength")
    cresters = max(comp.strength[k] * comp.stock.get(k, 1) for k in comp.strength if k not in ("ship", "longboat"))
    return max(ship, boat, cresters)


def player_texts(comp: Components) -> list[str]:
    """Every player action of Windward as text, in a fixed order."""
    dirs = [direction_name(d) for d in range(1, 7)]
    radius = max(planet_radius(size, comp) for size in PLANETS)
    cells = [format_hex((0, 0))] + [format_hex(h) for k in range(1, radius + 1) for h in ring(k)]
    cards = sorted(set(comp.deck_list()))
    crew = list(comp.crew_names)
    seats = range(1, len(comp.boards) + 1)
    out: list[str] = []
    out += [f"move {d}" for d in dirs]
    out += ["enter port"] + [f"leave port {d}" for d in dirs]
    out += [f"zephyr {c}" for c in cells]
    out += ["around"]
    out += [f"row {b} {d}" for b in range(1, max_longboats(comp) + 1) for d in dirs]
    out += [f"order {o}" for o in ORDERS if o != "hire"] + [f"order hire {c}" for c in crew]
    out += [f"buy {b}" for b in BUYS if b != "crew"] + [f"buy crew {c}" for c in crew]
    for card in cards:
        name = card.replace("_", " ")
        if card == "aerogenerator":
            out += [f"play {name} {w}" for w in range(1, 7)]
        elif card == "bait":
            out += [f"play {name} {c}" for c in cells]
        out.append(f"play {name}")
    out += [f"pick up {p}" for p in PICKUPS] + [f"drop {d}" for d in DROPS]
    out += ["end turn"]
    out += [f"take {i}" for i in range(1, STACKS + 1)]
    out += [f"battle cannons {n}" for n in range(max_cannons(comp) + 1)] + ["battle token", "battle done"]
    out += ["rest morale"] + [f"rest discard {c.replace('_', ' ')}" for c in cards]
    out += [f"place red {c}" for c in cells] + [f"place white {c}" for c in cells]
    out += [f"plunder {p}" for p in PLUNDER] + [f"cash teeth for {t}" for t in TEETH_FOR]
    out += [f"release {c}" for c in cells]
    out += [f"trade {g} {c.replace('_', ' ')} {t}" for g in seats for c in cards for t in seats if t != g]
    return out


def chance_texts(comp: Components) -> list[str]:
    """Every listed chance outcome of Windward as text (a shuffle is drawn, not listed)."""
    out = [f"{die} {n}" for die in ("wind", "grey", "white") for n in range(1, 7)]
    for n in range(max_battle_dice(comp) + 1):
        out += [f"dice {','.join(map(str, roll)) or '-'}" for roll, _ in dice_outcomes(n, comp.battle_die)]
    return out


def build_table(comp: Components) -> ActionTable:
    """The OpenSpiel action table of Windward for a component set."""
    return ActionTable(Action, player_texts(comp), chance_texts(comp), draws=len(comp.deck_list()))


@lru_cache(maxsize=1)
def action_table() -> ActionTable:
    """The OpenSpiel action table of Windward with the retail components (built once)."""
    return build_table(load_components())


@dataclasses.dataclass(frozen=True)
class Start:
    """Sets up a table of Windward from a random generator (a picklable function of ``rng``)."""

    players: int
    mode: str
    planet: str
    variants: tuple[str, ...]
    edition: str
    difficulty: str
    comp: Components

    def __call__(self, rng: Any) -> Any:
        setup = draw_setup(self.players, rng, self.comp, None, self.mode, self.variants, self.difficulty)
        state, _ = build_state(setup, self.players, self.mode, self.planet, self.variants, self.edition, self.comp)
        return state


def configure(params: dict[str, Any]) -> Config:
    """A :class:`~.spec.Config` from OpenSpiel game parameters (missing ones take :data:`PARAMETERS`).

    Bad options raise :class:`~windward_nb.core.errors.OptionError` naming them.
    """
    unknown = sorted(set(params) - set(PARAMETERS))
    if unknown:
        raise OptionError(f"unknown Windward parameter {unknown[0]!r}; parameters: {', '.join(PARAMETERS)}")
    p = {**PARAMETERS, **params}
    players = whole(p, "players", MIN_PLAYERS, MAX_PLAYERS)
    for name in ("mode", "planet", "variants", "difficulty", "edition"):
        if not isinstance(p[name], str):
            raise OptionError(f"{name} must be text, got {p[name]!r}")
    mode = p["mode"] or default_mode(players)
    variants = tuple(v.strip() for v in p["variants"].split(",") if v.strip())
    planet, edition, difficulty = p["planet"], p["edition"], p["difficulty"]
    check_options(players, mode, planet, variants, edition)  # an unknown planet: the names planet_size reads
    planet = planet_size(planet)
    if edition not in EDITIONS:  # pragma: no cover - check_options refuses it first
        raise OptionError(f"edition must be one of {', '.join(EDITIONS)}")
    if difficulty not in DIFFICULTIES:
        raise OptionError(f"difficulty must be one of {', '.join(DIFFICULTIES)}, got {difficulty!r}")
    comp = load_components()
    goal = whole(p, "notoriety_goal", 0)
    if goal:
        comp = dataclasses.replace(comp, limits={**comp.limits, "notoriety_goal": goal})
    max_decisions = whole(p, "max_decisions", 1)

    start = Start(players, mode, planet, variants, edition, difficulty, comp)
    options = {"players": players, "mode": mode, "planet": planet, "variants": ",".join(variants),
               "difficulty": difficulty, "edition": edition, "notoriety_goal": comp.limits["notoriety_goal"]}
    team = hooks.combine(mode, variants, planet).team
    return Config(short_name=SHORT_NAME, title=TITLE, rules=RULES, players=players, start=start,
                  table=action_table(), max_decisions=max_decisions, options=options, params=dict(params),
                  observe=_open_observation if team else None, redraw=_open_determinize if team else None)


def _open_observation(state: Any, seat: int) -> Any:
    """The Cooperative game's observation here: every hand open (see docs/openspiel.md)."""
    return RULES.observation(state, seat, open_hands=True)


def _open_determinize(state: Any, seat: int, rng: Any) -> Any:
    return RULES.determinize(state, seat, rng, open_hands=True)
