"""Setting up a game: the random choices of setup as plain data, and the state they give.

The random part of setup (tile order, ship boards, first player, the supply
deck's order, the first wind and the grey cresters' territories) is drawn once
into a :class:`Setup` dict. A record stores that dict, so a replay rebuilds the
same table without any random numbers.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .components import Components, load_components
from .engine import advance, deal_stacks
from .events import Event
from .planet import Planet
from .state import GameState, Ship, Turn

MODES = ("free-for-all", "head-to-head", "solo", "cooperative")
VARIANTS = ("white", "naturalist", "achievements")
EDITIONS = ("a", "b")
DIFFICULTIES = ("easy", "normal", "hard", "impossible")

Setup = dict[str, Any]


def default_mode(players: int) -> str:
    return {1: "solo", 2: "head-to-head"}.get(players, "free-for-all")


def check_options(players: int, mode: str, planet: str, variants: tuple[str, ...], edition: str) -> None:
    if not isinstance(players, int) or isinstance(players, bool):
        raise ValueError(f"players must be a whole number, got {players!r}")
    if mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}; got {mode!r}")
    allowed = {"free-for-all": (3, 5), "head-to-head": (2, 2), "solo": (1, 1),
               "cooperative": (2, 4) if edition == "a" else (1, 4)}[mode]
    if not allowed[0] <= players <= allowed[1]:
        extra = " (edition b allows a single captain)" if mode == "cooperative" else ""
        raise ValueError(f"{mode} is for {allowed[0]}-{allowed[1]} players{extra}, got players={players}")
    if planet not in ("large", "small"):
        raise ValueError(f"planet must be 'large' or 'small', got {planet!r}")
    for v in variants:
        if v not in VARIANTS:
            raise ValueError(f"unknown variant {v!r}; variants: {', '.join(VARIANTS)}")
    if edition not in EDITIONS:
        raise ValueError(f"edition must be 'a' or 'b', got {edition!r}")
    if mode == "cooperative" and planet != "large":
        raise ValueError("the cooperative mode is played on the large planet")
    if mode in ("solo", "cooperative"):
        for v in variants:
            if v in ("achievements", "naturalist", "white"):
                raise ValueError(f"the {v!r} variant is not used in the {mode} mode")
    if len(set(variants)) != len(variants):
        raise ValueError("a variant is listed twice")


def draw_setup(players: int, rng: np.random.Generator, components: Components | None = None,
               colours: list[str] | None = None, mode: str = "", variants: tuple[str, ...] = (),
               difficulty: str = "normal") -> Setup:
    """Draw every random choice of setup."""
    comp = components or load_components()
    mode = mode or default_mode(players)
    order = [int(x) for x in rng.permutation(6)]
    if colours is None:
        colours = [comp.colours[int(i)] for i in rng.permutation(len(comp.colours))[:players]]
        naturalist = comp.raw["naturalist"]["colour"]
        if "naturalist" in variants and naturalist not in colours:
            colours[int(rng.integers(players))] = naturalist
    first = int(rng.integers(players))
    deck = comp.deck_list()
    deck = [deck[int(i)] for i in rng.permutation(len(deck))]
    wind = int(rng.integers(1, 7))
    # grey cresters: wind-die rolls, re-rolled on an occupied feeding ground
    free = list(range(1, 7))
    greys = []
    for _ in range(max(0, players - 1)):
        t = free[int(rng.integers(len(free)))]
        free.remove(t)
        greys.append(t)
    setup = {"tiles": order, "colours": list(colours), "first": first, "deck": deck, "wind": wind, "greys": greys}
    if mode == "cooperative":
        if difficulty not in DIFFICULTIES:
            raise ValueError(f"difficulty must be one of {', '.join(DIFFICULTIES)}, got {difficulty!r}")
        setup["white"] = int(rng.integers(1, 7))
        setup["difficulty"] = difficulty
    if "achievements" in variants:
        ids = [c["id"] for c in comp.achievements]
        setup["achievements"] = [ids[int(i)] for i in rng.permutation(len(ids))[:2]]
    return setup


def check_setup(setup: Setup, players: int, comp: Components) -> None:
    """Raise ``ValueError`` naming the field if a setup dict is malformed."""
    if not isinstance(setup, dict):
        raise ValueError("setup must be an object")
    for key in ("tiles", "colours", "first", "deck", "wind", "greys"):
        if key not in setup:
            raise ValueError(f"setup.{key} is missing")
    if sorted(setup["tiles"]) != list(range(6)):
        raise ValueError("setup.tiles must be a permutation of 0-5")
    if len(setup["colours"]) != players or len(set(setup["colours"])) != players:
        raise ValueError(f"setup.colours must name {players} different ship boards")
    for c in setup["colours"]:
        comp.board(c)
    if not isinstance(setup["first"], int) or not 0 <= setup["first"] < players:
        raise ValueError("setup.first must be a seat number")
    if sorted(setup["deck"]) != sorted(comp.deck_list()):
        raise ValueError("setup.deck must be an ordering of the whole supply deck")
    if setup["wind"] not in range(1, 7):
        raise ValueError("setup.wind must be 1-6")
    greys = setup["greys"]
    if not isinstance(greys, list) or len(greys) != len(set(greys)) or any(g not in range(1, 7) for g in greys):
        raise ValueError("setup.greys must be different territories 1-6")
    if "white" in setup and setup["white"] not in range(1, 7):
        raise ValueError("setup.white must be a territory 1-6")
    if "difficulty" in setup and setup["difficulty"] not in DIFFICULTIES:
        raise ValueError(f"setup.difficulty must be one of {', '.join(DIFFICULTIES)}")
    if "achievements" in setup:
        ids = {c["id"] for c in comp.achievements}
        if not isinstance(setup["achievements"], list) or not set(setup["achievements"]) <= ids:
            raise ValueError("setup.achievements must list achievement card ids")


def build_state(setup: Setup, players: int, mode: str = "", planet: str = "large",
                variants: tuple[str, ...] = (), edition: str = "a",
                components: Components | None = None) -> tuple[GameState, list[Event]]:
    """The starting position for a setup (no randomness)."""
    comp = components or load_components()
    mode = mode or default_mode(players)
    check_setup(setup, players, comp)
    s = GameState(planet=Planet(planet, tuple(setup["tiles"]), comp), components=comp)
    s.mode = mode
    s.variants = tuple(variants)
    s.edition = edition
    for colour in setup["colours"]:
        board = comp.board(colour)
        s.ships.append(Ship(colour=colour, boats=[-1] * board.longboat_slots))
    s.first = s.current = setup["first"]
    s.wind = setup["wind"]
    deck = list(setup["deck"])
    for k, seat in enumerate(s.seat_order()):
        n = comp.starting_hands[min(k, len(comp.starting_hands) - 1)]
        if mode == "solo":
            n = comp.raw["solo"]["starting_hand"]
        elif mode == "cooperative":
            n = comp.raw["cooperative"]["starting_hand"]
        for _ in range(n):
            s.ships[seat].hand.append(deck.pop())
    s.stacks = deal_stacks(deck)
    if mode in ("solo", "cooperative"):  # a grey crester on every feeding ground
        s.greys = [s.planet.feeding_ground[t] for t in range(1, 7)]
    else:
        s.greys = [s.planet.feeding_ground[t] for t in setup["greys"]]
    if mode == "cooperative":
        if "white" not in setup or "difficulty" not in setup:
            raise ValueError("setup.white and setup.difficulty are needed in the cooperative mode")
        s.white = s.planet.corner[setup["white"]]
        s.difficulty = comp.raw["cooperative"]["difficulty"][setup["difficulty"]]
        s.lives = [players, players]
    if "achievements" in variants:
        if "achievements" not in setup:
            raise ValueError("setup.achievements is needed with the achievements variant")
        s.achievements = [{"id": c, "first": -1, "claimed": []} for c in setup["achievements"]]
        s.stats = [{} for _ in range(players)]
    s.reds = [s.planet.red_start[t] for t in range(1, 7)]
    for t in range(1, 7):
        s.add_items(s.planet.gas_pocket[t], "gas", comp.limits["gas_per_pocket"])
    s.turn = Turn(speed=comp.limits["ship_speed"])
    s.frames = [{"k": "start"}]
    ev: list[Event] = []
    advance(s, ev)
    return s, ev
