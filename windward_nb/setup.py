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
IMPLEMENTED_MODES = ("free-for-all", "head-to-head")
IMPLEMENTED_VARIANTS: tuple[str, ...] = ()

Setup = dict[str, Any]


def default_mode(players: int) -> str:
    return {1: "solo", 2: "head-to-head"}.get(players, "free-for-all")


def check_options(players: int, mode: str, planet: str, variants: tuple[str, ...], edition: str) -> None:
    if not isinstance(players, int) or isinstance(players, bool):
        raise ValueError(f"players must be a whole number, got {players!r}")
    if mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}; got {mode!r}")
    allowed = {"free-for-all": (3, 5), "head-to-head": (2, 2), "solo": (1, 1), "cooperative": (1, 4)}[mode]
    if not allowed[0] <= players <= allowed[1]:
        raise ValueError(f"{mode} is for {allowed[0]}-{allowed[1]} players, got players={players}")
    if planet not in ("large", "small"):
        raise ValueError(f"planet must be 'large' or 'small', got {planet!r}")
    for v in variants:
        if v not in VARIANTS:
            raise ValueError(f"unknown variant {v!r}; variants: {', '.join(VARIANTS)}")
    if edition not in EDITIONS:
        raise ValueError(f"edition must be 'a' or 'b', got {edition!r}")
    if mode not in IMPLEMENTED_MODES:
        raise NotImplementedError(f"the {mode} mode is not implemented yet (see the open issue for it)")
    for v in variants:
        if v not in IMPLEMENTED_VARIANTS:
            raise NotImplementedError(f"the {v!r} variant is not implemented yet (see the open issue for it)")


def draw_setup(players: int, rng: np.random.Generator, components: Components | None = None,
               colours: list[str] | None = None) -> Setup:
    """Draw every random choice of setup."""
    comp = components or load_components()
    order = [int(x) for x in rng.permutation(6)]
    if colours is None:
        colours = [comp.colours[int(i)] for i in rng.permutation(len(comp.colours))[:players]]
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
    return {"tiles": order, "colours": list(colours), "first": first, "deck": deck, "wind": wind, "greys": greys}


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
    if len(greys) != len(set(greys)) or any(g not in range(1, 7) for g in greys):
        raise ValueError("setup.greys must be different territories 1-6")


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
        for _ in range(n):
            s.ships[seat].hand.append(deck.pop())
    s.stacks = deal_stacks(deck)
    s.greys = [s.planet.feeding_ground[t] for t in setup["greys"]]
    s.reds = [s.planet.red_start[t] for t in range(1, 7)]
    for t in range(1, 7):
        s.add_items(s.planet.gas_pocket[t], "gas", comp.limits["gas_per_pocket"])
    s.turn = Turn(speed=comp.limits["ship_speed"])
    s.frames = [{"k": "start"}]
    ev: list[Event] = []
    advance(s, ev)
    return s, ev
