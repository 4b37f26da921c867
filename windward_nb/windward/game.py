"""The :class:`Game` object: a Windward position driven by the core's game driver, and :func:`new_game`.

>>> from windward_nb import windward
>>> g = windward.new_game(players=3, seed=7)
>>> g.current_player in (0, 1, 2), g.is_over
(True, False)
>>> before = g.state.fingerprint()
>>> _ = g.apply("end turn")
>>> g.undo()
>>> g.state.fingerprint() == before
True
"""

from __future__ import annotations

from typing import Any
from collections.abc import Iterable

import numpy as np

from ..core.errors import OptionError
from ..core.game import Game as CoreGame
from ..core.rules import CHANCE, TERMINAL
from .components import Components, load_components
from .events import Event
from .record import Record, check_seed
from .rules import RULES
from .setup import build_state, check_options, default_mode, draw_setup
from .state import GameState

__all__ = ["CHANCE", "TERMINAL", "Game", "new_game"]


class Game(CoreGame):
    """A game of Windward in progress (see :class:`windward_nb.core.game.Game`).

    With ``auto_chance`` (the default) every chance roll is drawn from the
    game's seeded generator as soon as it comes up, so :meth:`legal_actions`
    always lists a player's options. With ``auto_chance=False`` the caller
    supplies chance outcomes (``wind 3``, ``dice 1,2,2`` ...) like any action.
    """

    state: GameState
    record: Record

    def __init__(self, state: GameState, record: Record | None = None, seed: int | None = None,
                 auto_chance: bool = True, events: Iterable[Event] = ()):
        super().__init__(state, record, seed=seed, auto_chance=auto_chance, events=events, rules=RULES)

    def scores(self) -> list[int]:
        """Notoriety of each seat."""
        return [ship.notoriety for ship in self.state.ships]

    def __repr__(self) -> str:
        s = self.state
        who = self.current_player
        return (f"<Game {s.mode} {s.players}p round {s.round} wind {s.wind} "
                f"{'over' if s.over else f'next: {who}'} scores {self.scores()}>")


def new_game(players: int = 3, seed: int | None = None, *, mode: str | None = None, planet: str = "large",
             variants: Iterable[str] = (), edition: str = "a", components: Components | None = None,
             colours: list[str] | None = None, names: list[str] | None = None, auto_chance: bool = True,
             setup: dict[str, Any] | None = None, difficulty: str = "normal", takebacks: bool = False) -> Game:
    """Set up a new game of Windward.

    ``seed`` fixes every random choice (setup and all later chance); the same
    seed and the same actions give the same game. ``mode`` defaults to solo
    for one player, head-to-head for two and free-for-all for three to five;
    ``mode="cooperative"`` takes ``difficulty`` (easy, normal, hard,
    impossible). ``variants`` may hold "white", "naturalist" and
    "achievements"; ``planet="small"`` is the Small World variant.
    ``takebacks=True`` lets a captain undo, in the same turn, a pick-up, a drop or a Cooperative
    gift (ruling R31 off; records made before R31 replay that way).
    """
    comp = components or load_components()
    mode = mode or default_mode(players)
    variants = tuple(variants)
    check_options(players, mode, planet, variants, edition)
    if not isinstance(takebacks, bool):
        raise OptionError(f"takebacks: True or False, not {takebacks!r}")
    seed = check_seed(seed)  # a record stores it: refuse here what a record could not load
    if seed is None:
        entropy = np.random.SeedSequence().entropy
        assert isinstance(entropy, int)
        seed = entropy % (2**31)
    rng = np.random.default_rng(seed)
    if setup is None:
        setup = draw_setup(players, rng, comp, colours, mode, variants, difficulty)
    state, ev = build_state(setup, players, mode, planet, variants, edition, comp, takebacks)
    record = Record.new(players=players, mode=mode, planet=planet, variants=variants, edition=edition,
                        components=comp, setup=setup, seed=seed, names=names, takebacks=takebacks)
    return Game(state, record, seed=record.game_seed(), auto_chance=auto_chance, events=ev)
