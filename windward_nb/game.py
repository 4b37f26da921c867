"""The :class:`Game` object: a state plus a seeded chance driver, undo, and a record.

>>> import windward_nb as ww
>>> g = ww.new_game(players=3, seed=7)
>>> g.current_player in (0, 1, 2), g.is_over
(True, False)
>>> before = g.state.fingerprint()
>>> _ = g.apply("end turn")
>>> g.undo()
>>> g.state.fingerprint() == before
True
"""

from __future__ import annotations

import copy
from typing import Any, Iterable

import numpy as np

from . import engine
from .actions import Action
from .components import Components, load_components
from .errors import IllegalActionError
from .events import Event
from .record import GameRecord, check_seed
from .setup import build_state, check_options, default_mode, draw_setup
from .state import GONE, GameState

CHANCE = engine.CHANCE
TERMINAL = engine.TERMINAL


class Game:
    """A game in progress.

    With ``auto_chance`` (the default) every chance roll is drawn from the
    game's seeded generator as soon as it comes up, so :meth:`legal_actions`
    always lists a player's options. With ``auto_chance=False`` the caller
    supplies chance outcomes (``wind 3``, ``dice 1,2,2`` ...) like any action.
    """

    def __init__(self, state: GameState, record: GameRecord, seed: int | None = None,
                 auto_chance: bool = True, events: Iterable[Event] = ()):
        self.state = state
        self.record = record
        self.rng = np.random.default_rng(seed)
        self.auto_chance = auto_chance
        # one snapshot per applied action: (state before it, plies recorded, generator state, events).
        # Snapshots are never changed once taken (undo restores a copy), so clones may share them.
        self._history: list[tuple[GameState, int, dict, list[Event]]] = []
        self.last_events: list[Event] = list(events)
        self.ply_events: list[list[Event]] = []
        if auto_chance:
            self.last_events += self._draw_chance()

    # --------------------------------------------------------------------------- queries
    @property
    def current_player(self) -> int:
        """Seat that decides next, :data:`CHANCE` (-1) or :data:`TERMINAL` (-4)."""
        return engine.decider(self.state)

    @property
    def is_over(self) -> bool:
        return self.state.over

    def scores(self) -> list[int]:
        """Notoriety of each seat."""
        return [ship.notoriety for ship in self.state.ships]

    def returns(self) -> list[float]:
        """1 for the winner, 0 for the others once the game is over (OpenSpiel style)."""
        s = self.state
        if not s.over:
            return [0.0] * s.players
        if s.mode == "cooperative":  # the team wins or loses together
            return [1.0 if s.lives[1] <= 0 else 0.0] * s.players
        if s.mode == "solo":
            return [1.0 if s.white == GONE else 0.0]
        sc = self.scores()
        best = max(sc)
        return [1.0 if x == best and sc.count(best) == 1 else 0.0 for x in sc]

    def legal_actions(self) -> list[Action]:
        return engine.legal_actions(self.state)

    def chance_outcomes(self) -> list[tuple[Action, float]] | None:
        if self.current_player != CHANCE:
            return []
        return engine.chance_outcomes(self.state)

    def why_illegal(self, action: Action | str) -> str | None:
        """``None`` if ``action`` may be applied now, else the reason and the rule, in words."""
        refusal = engine.why_illegal(self.state, action)
        return None if refusal is None else f"{refusal[1]} [{refusal[0]}]"

    def describe(self, action: Action | str) -> str:
        from .view import describe_action

        return describe_action(self.state, action)

    # --------------------------------------------------------------------------- acting
    def apply(self, action: Action | str) -> list[Event]:
        """Apply an action (an :class:`Action` or its text) and return its events.

        Raises :class:`IllegalActionError` and leaves the game unchanged if the
        action is not legal now, or is not a well-formed action at all. The
        action applied and recorded is the normal form (:meth:`Action.normalise`).
        """
        a = Action.normalise(action)
        refusal = engine.why_illegal(self.state, a)
        if refusal:
            raise IllegalActionError(*refusal)
        snapshot = (self.state.clone(), len(self.record.actions), self.rng.bit_generator.state, self.last_events)
        ev = engine.apply(self.state, a, check=False)
        self.record.actions.append(str(a))
        if self.auto_chance:
            ev += self._draw_chance()
        self._history.append(snapshot)
        self.last_events = ev
        return ev

    def _draw_chance(self) -> list[Event]:
        ev: list[Event] = []
        while engine.decider(self.state) == CHANCE:
            a = engine.sample_chance(self.state, self.rng)
            ev += engine.apply(self.state, a, check=False)
            self.record.actions.append(str(a))
        return ev

    def undo(self) -> None:
        """Take back the last action (with the chance rolls drawn after it)."""
        if not self._history:
            raise IllegalActionError("Undo", "there is nothing to undo")
        state, n, rng_state, events = self._history.pop()
        self.state = state.clone()  # the snapshot itself stays as it was: a clone may share it
        del self.record.actions[n:]
        self.rng.bit_generator.state = rng_state
        self.last_events = events

    @property
    def can_undo(self) -> bool:
        return bool(self._history)

    def clone(self) -> "Game":
        """An independent copy: position, record, generator and undo history.

        Playing or undoing on either game never changes the other. (The undo
        snapshots are shared, which is safe because nothing ever changes a
        snapshot: :meth:`undo` restores a copy of it.)
        """
        g = Game.__new__(Game)
        g.state = self.state.clone()
        g.record = self.record.copy()
        g.rng = copy.deepcopy(self.rng)
        g.auto_chance = self.auto_chance
        g._history = list(self._history)
        g.last_events = list(self.last_events)
        g.ply_events = [list(x) for x in self.ply_events]
        return g

    def __repr__(self) -> str:
        s = self.state
        who = self.current_player
        return (f"<Game {s.mode} {s.players}p round {s.round} wind {s.wind} "
                f"{'over' if s.over else f'next: {who}'} scores {self.scores()}>")


def new_game(players: int = 3, seed: int | None = None, *, mode: str | None = None, planet: str = "large",
             variants: Iterable[str] = (), edition: str = "a", components: Components | None = None,
             colours: list[str] | None = None, names: list[str] | None = None, auto_chance: bool = True,
             setup: dict[str, Any] | None = None, difficulty: str = "normal") -> Game:
    """Set up a new game.

    ``seed`` fixes every random choice (setup and all later chance); the same
    seed and the same actions give the same game. ``mode`` defaults to solo
    for one player, head-to-head for two and free-for-all for three to five;
    ``mode="cooperative"`` takes ``difficulty`` (easy, normal, hard,
    impossible). ``variants`` may hold "white", "naturalist" and
    "achievements"; ``planet="small"`` is the Small World variant.
    """
    comp = components or load_components()
    mode = mode or default_mode(players)
    variants = tuple(variants)
    check_options(players, mode, planet, variants, edition)
    seed = check_seed(seed)  # a record stores it: refuse here what a record could not load
    if seed is None:
        seed = int(np.random.SeedSequence().entropy % (2**31))
    rng = np.random.default_rng(seed)
    if setup is None:
        setup = draw_setup(players, rng, comp, colours, mode, variants, difficulty)
    state, ev = build_state(setup, players, mode, planet, variants, edition, comp)
    record = GameRecord.new(players=players, mode=mode, planet=planet, variants=variants, edition=edition,
                            components=comp, setup=setup, seed=seed, names=names)
    game = Game(state, record, seed=seed + 1, auto_chance=auto_chance, events=ev)
    return game
