"""Build a teaching or test position directly, without playing up to it.

>>> import windward_nb as ww
>>> g = ww.scenario(players=2, wind=3, ships=[{"pos": "0,-3", "cannons": 2}, {"pos": "port"}])
>>> g.state.planet.label(g.state.ships[0].pos), g.state.ships[0].cannons
('0,-3', 2)
>>> str(g.legal_actions()[0])
'move N'
"""

from __future__ import annotations

from typing import Any
from collections.abc import Iterable

from . import hooks
from .components import Components, load_components
from .engine import advance, deal_stacks
from .game import Game
from .hexgrid import parse_hex
from .planet import Planet
from .record import Record, check_seed
from .setup import check_options, check_red_routes, default_mode, default_red_routes
from .state import ABOARD, PORT, GameState, Ship, Turn

SHIP_FIELDS = {"pos", "morale", "rowers", "boats", "gas", "cannons", "crew", "hand", "hold", "grey_teeth",
               "red_teeth", "tokens", "notoriety", "colour"}


def _hex(planet: Planet, value: Any, what: str) -> int:
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        value = parse_hex(value)
    try:
        return planet.index[tuple(value)]
    except (KeyError, TypeError):
        raise ValueError(f"{what}: {value!r} is not a hex of this planet") from None


def scenario(players: int = 2, *, planet: str = "large:ABCDEF", wind: int = 1, first: int = 0, current: int | None = None,
             ships: Iterable[dict[str, Any]] | None = None, greys: Iterable | None = None,
             greys_down: Iterable = (), reds: Iterable | None = None, reds_down: Iterable = (),
             white: Any = None, items: dict | None = None, stacks: list[list[str]] | None = None,
             discard: Iterable[str] = (), mode: str | None = None, variants: Iterable[str] = (),
             edition: str = "a", turn: dict[str, Any] | None = None, seed: int = 0, round: int = 1,
             components: Components | None = None, auto_chance: bool = True, lives: Iterable[int] = (),
             difficulty: str = "normal", tagged_reds: Iterable = (), tagged_greys: Iterable = (),
             achievements: Iterable[str] = (), red_routes: str | None = None) -> Game:
    """A :class:`~windward_nb.windward.game.Game` starting from a hand-built position.

    Hexes may be written ``"q,r"``. Unlisted things take sensible defaults:
    ships at port with morale 1, no grey cresters, red cresters on their start
    spaces, two gas on every gas pocket, cards not in any hand dealt into the
    three supply stacks in a fixed order. ``lives`` and ``difficulty`` set up the
    Cooperative mode, ``achievements`` the cards of that variant. ``red_routes`` as in
    :func:`~windward_nb.windward.game.new_game` (chosen in the Solo Adventure unless "fixed").
    The planet defaults to ``large:ABCDEF``, the radius-5 planet.
    """
    comp = components or load_components()
    mode = mode or default_mode(players)
    variants = tuple(variants)
    p = Planet.parse(planet, None if components is None else comp)
    check_options(players, mode, p.size, variants, edition)
    red_routes = check_red_routes(mode, default_red_routes(mode) if red_routes is None else red_routes)
    seed = check_seed(seed) or 0
    s = GameState(planet=p, components=comp, mode=mode, variants=variants, edition=edition, red_routes=red_routes)
    specs = list(ships or [{} for _ in range(players)])
    if len(specs) != players:
        raise ValueError(f"ships lists {len(specs)} ships for {players} players")
    deck = comp.deck_list()
    for seat, spec in enumerate(specs):
        unknown = set(spec) - SHIP_FIELDS
        if unknown:
            raise ValueError(f"ships[{seat}]: unknown fields {sorted(unknown)}")
        colour = spec.get("colour", comp.colours[seat])
        board = comp.board(colour)
        ship = Ship(colour=colour, boats=[ABOARD] * board.longboat_slots)
        for key, value in spec.items():
            if key == "pos":
                ship.pos = PORT if value in ("port", None, PORT) else _hex(p, value, f"ships[{seat}].pos")
            elif key == "boats":
                ship.boats = [ABOARD if b in ("aboard", None, ABOARD) else _hex(p, b, f"ships[{seat}].boats") for b in value]
            elif key in ("crew", "hand"):
                setattr(ship, key, list(value))
            elif key != "colour":
                setattr(ship, key, value)
        for card in ship.hand:
            if card not in deck:
                raise ValueError(f"ships[{seat}].hand: no {card!r} card is left in the deck")
            deck.remove(card)
        s.ships.append(ship)
    for card in discard:
        deck.remove(card)
    s.discard = list(discard)
    if stacks is not None:
        for st in stacks:
            for card in st:
                deck.remove(card)
        s.stacks = [list(st) for st in stacks]
    else:
        s.stacks = deal_stacks(deck)
    s.first = first
    s.current = first if current is None else current
    s.round = round
    s.wind = wind
    s.greys = [_hex(p, h, "greys") for h in (greys or [])]
    s.greys_down = [_hex(p, h, "greys_down") for h in greys_down]
    s.reds = [p.red_start[t] for t in range(1, 7)] if reds is None else [_hex(p, h, "reds") for h in reds]
    s.reds_down = [_hex(p, h, "reds_down") for h in reds_down]
    active = hooks.combine(mode, variants, p.size)
    s.white = -2 if white is None else _hex(p, white, "white")
    s.tagged_reds = [_hex(p, h, "tagged_reds") for h in tagged_reds]
    s.tagged_greys = [_hex(p, h, "tagged_greys") for h in tagged_greys]
    if not set(s.tagged_reds) <= set(s.reds) or not set(s.tagged_greys) <= set(s.greys):
        raise ValueError("a tagged crester must be an alive crester of the same colour")
    options = {"lives": list(lives), "difficulty": difficulty, "achievements": list(achievements)}
    for h in active.hooks:
        h.scenario(s, options)
    if items is None:
        for t in range(1, 7):
            s.add_items(p.gas_pocket[t], "gas", comp.limits["gas_per_pocket"])
    else:
        for h, counts in items.items():
            i = _hex(p, h, "items")
            for kind, n in counts.items():
                s.add_items(i, kind, n)
    s.turn = Turn(**{"speed": comp.limits["ship_speed"], "last_clear": s.ships[s.current].pos, **(turn or {})})
    s.frames = []
    advance(s, [])
    record = Record.new(players=players, mode=mode, planet=p.size, variants=variants, edition=edition,
                        components=comp, setup={"colours": [sh.colour for sh in s.ships]}, seed=seed,
                        red_routes=red_routes)
    record.position = s.to_dict()
    # A hand-built position may break a rule no game could (tests use that); saving its record
    # applies the reader's checks, so such a record is refused by save, never written.
    return Game(s, record, seed=seed, auto_chance=auto_chance)
