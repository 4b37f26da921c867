"""Setting up a game: the random choices of setup as plain data, and the state they give.

The random part of setup (tile order, ship boards, first player, the supply
deck's order, the first wind and the grey cresters' territories) is drawn once
into a :class:`Setup` dict. A record stores that dict, so a replay rebuilds the
same table without any random numbers.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.errors import OptionError
from . import hooks
from .components import Components, load_components
from .engine import advance, deal_stacks
from .events import Event
from .planet import assembled
from .state import GameState, Ship, Turn

EDITIONS = ("a", "b")
DIFFICULTIES = ("easy", "normal", "hard", "impossible")

Setup = dict[str, Any]


def default_mode(players: int) -> str:
    return {1: "solo", 2: "head-to-head"}.get(players, "free-for-all")


def check_options(players: int, mode: str, planet: str, variants: tuple[str, ...], edition: str) -> None:
    """Raise :class:`~windward_nb.core.errors.OptionError` (a ``ValueError``) naming the option
    Windward cannot be played with; each mode and variant adds its own checks."""
    if not isinstance(players, int) or isinstance(players, bool):
        raise OptionError(f"players must be a whole number, got {players!r}")
    m = hooks.mode(mode)
    lo, hi = m.players(edition)
    if not lo <= players <= hi:
        raise OptionError(f"{mode} is for {lo}-{hi} players{m.players_note}, got players={players}")
    if planet not in ("large", "small"):
        raise OptionError(f"planet must be 'large' or 'small', got {planet!r}")
    for v in variants:
        hooks.variant(v)
    if edition not in EDITIONS:
        raise OptionError(f"edition must be 'a' or 'b', got {edition!r}")
    m.check_options(players, planet, tuple(variants), edition)
    if len(set(variants)) != len(variants):
        raise OptionError("a variant is listed twice")


def draw_setup(players: int, rng: np.random.Generator, components: Components | None = None,
               colours: list[str] | None = None, mode: str = "", variants: tuple[str, ...] = (),
               difficulty: str = "normal") -> Setup:
    """Draw every random choice of setup."""
    comp = components or load_components()
    mode = mode or default_mode(players)
    active = hooks.combine(mode, variants)
    order = [int(x) for x in rng.permutation(6)]
    if colours is None:
        colours = [comp.colours[int(i)] for i in rng.permutation(len(comp.colours))[:players]]
        for h in active.hooks:
            h.draw_colours(colours, rng, comp, players)
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
    for h in active.hooks:
        h.draw_setup(setup, rng, comp, players, difficulty)
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
                components: Components | None = None, takebacks: bool = False) -> tuple[GameState, list[Event]]:
    """The starting position for a setup (no randomness); ``takebacks`` switches ruling R31 off
    (a turn's pick-ups, drops and gifts may be undone, as before it)."""
    comp = components or load_components()
    mode = mode or default_mode(players)
    check_setup(setup, players, comp)
    active = hooks.combine(mode, variants, planet)
    for h in active.hooks:
        h.check_setup(setup, comp)
    s = GameState(planet=assembled(planet, tuple(setup["tiles"]), comp), components=comp)
    s.mode = mode
    s.variants = tuple(variants)
    s.edition = edition
    s.takebacks = takebacks
    for colour in setup["colours"]:
        board = comp.board(colour)
        s.ships.append(Ship(colour=colour, boats=[-1] * board.longboat_slots))
    s.first = s.current = setup["first"]
    s.wind = setup["wind"]
    deck = list(setup["deck"])
    hand = next((n for n in (h.starting_hand(comp) for h in active.hooks) if n is not None), None)
    for k, seat in enumerate(s.seat_order()):
        n = comp.starting_hands[min(k, len(comp.starting_hands) - 1)] if hand is None else hand
        for _ in range(n):
            s.ships[seat].hand.append(deck.pop())
    s.stacks = deal_stacks(deck)
    greys = next((g for g in (h.starting_greys(s, setup) for h in active.hooks) if g is not None), None)
    s.greys = [s.planet.feeding_ground[t] for t in setup["greys"]] if greys is None else greys
    for h in active.hooks:
        h.setup(s, setup)
    s.reds = [s.planet.red_start[t] for t in range(1, 7)]
    for t in range(1, 7):
        s.add_items(s.planet.gas_pocket[t], "gas", comp.limits["gas_per_pocket"])
    s.turn = Turn(speed=comp.limits["ship_speed"])
    s.frames = [{"k": "start"}]
    ev: list[Event] = []
    advance(s, ev)
    return s, ev
