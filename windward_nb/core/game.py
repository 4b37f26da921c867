"""The :class:`Game` driver: a state, its rules, seeded chance, undo and a record.

Any game of the family runs through the same driver. With ``auto_chance``
(the default) every chance outcome is drawn from the game's seeded
generator as soon as it comes up, so :meth:`Game.legal_actions` always lists
a player's options; with ``auto_chance=False`` the caller supplies chance
outcomes like any other action.

Undo does not copy the whole state at every action: the driver keeps a copy
every :attr:`Game.checkpoint_every` plies and, to undo, restores the nearest
one and re-applies the recorded actions after it (they include every chance
outcome, so this is exact).

:meth:`Game.legal_actions` remembers its list until the position changes
through :meth:`Game.apply` or :meth:`Game.undo` (or ``game.state`` is replaced),
and :meth:`Game.apply` takes one of the actions of that list as it is, without
parsing or checking it again. Code that edits ``game.state`` in place (tests
building a position by hand) calls :meth:`Game.forget_legal_actions` afterwards.

The game's generator is the game's own: with ``auto_chance`` only the game
draws from it, so an action that drew no chance has nothing to restore on
undo and its generator state is not saved.
"""

from __future__ import annotations

from html import escape
from typing import Any, cast
from collections.abc import Iterable

import numpy as np

from . import registry
from .actions import Action
from .errors import ActionSyntaxError, IllegalActionError
from .events import Event
from .outcome import outcome_of
from .rules import CHANCE, TERMINAL, Rules


def _html_text(value: str) -> str:
    """``value`` safe inside an HTML element (``&``, ``<``, ``>`` and double quotes, as the pictures write them)."""
    return escape(value, quote=False).replace('"', "&quot;")


def check_seat(seat: Any, players: int) -> int:
    """``seat`` if it is one of ``players`` seats (0-based), else a ``ValueError`` saying so."""
    if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < players:
        raise ValueError(f"seat must be a whole number 0-{players - 1}, got {seat!r:.40}")
    return int(seat)


class Game:
    """A game in progress: ``state`` changes as actions are applied."""

    #: plies between the state copies kept for undo
    checkpoint_every = 24

    def __init__(self, state: Any, record: Any = None, seed: int | None = None, auto_chance: bool = True,
                 events: Iterable[Event] = (), rules: Rules | None = None):
        self.rules: Rules = rules if rules is not None else type(state).rules
        self.state = state
        self.record = record
        self.rng = np.random.default_rng(seed)
        self.auto_chance = auto_chance
        self.last_events: list[Event] = list(events)
        self._actions: list[Action] = []  # every action applied here, chance included (record order)
        self._base = len(record.actions) if record is not None else 0  # plies the record held at the start
        # per undoable step: (ply, generator state before it or None, events); see undo
        self._history: list[tuple[int, Any, list[Event]]] = []
        self._checkpoints: dict[int, Any] = {0: state.clone()}
        self._last_checkpoint = 0
        self._legal: tuple[Any, list[Action], set[int]] | None = None  # (state, legal list, ids of its actions)
        if auto_chance:
            self.last_events += self._draw_chance()

    # --------------------------------------------------------------------------- queries
    @property
    def current_player(self) -> int:
        """Seat that decides next, :data:`~windward_nb.core.rules.CHANCE` or ``TERMINAL``."""
        return self.rules.decider(self.state)

    @property
    def is_over(self) -> bool:
        return self.rules.decider(self.state) == TERMINAL

    @property
    def players(self) -> int:
        return self.rules.players(self.state)

    @property
    def ply(self) -> int:
        """Actions applied so far, chance outcomes included (counting a record it continued)."""
        return self._base + len(self._actions)

    @property
    def actions(self) -> list[Action]:
        """Every action applied by this Game, chance outcomes included (a copy)."""
        return list(self._actions)

    def scores(self) -> list:
        return self.rules.scores(self.state)

    def returns(self) -> list[float]:
        """1 for each winner, 0 for the others once the game is over (OpenSpiel style)."""
        return self.rules.returns(self.state)

    def winners(self) -> list[int]:
        return self.rules.winners(self.state)

    def outcome(self) -> Any:
        """How the game ended: an :class:`~windward_nb.core.outcome.Outcome` (winners, scores,
        reason), or ``None`` while it goes on."""
        names = [self.rules.seat_name(self.state, i) for i in range(self.players)]
        given = self.record.names() if self.record is not None and hasattr(self.record, "names") else []
        for i, name in enumerate(given[:len(names)]):
            if name and name != f"Player {i + 1}":  # a name the players chose beats the game's default
                names[i] = name
        return outcome_of(self.state, self.rules, names)

    def legal_actions(self) -> list[Action]:
        """The options of whoever decides now (a fresh list; worked out once per position)."""
        got = self._legal
        if got is None or got[0] is not self.state:
            legal = self.rules.legal_actions(self.state)
            got = self._legal = (self.state, legal, set(map(id, legal)))
        return list(got[1])

    def forget_legal_actions(self) -> None:
        """Forget the legal actions worked out for this position (after editing ``state`` in place)."""
        self._legal = None

    def chance_outcomes(self) -> list[tuple[Action, float]] | None:
        if self.current_player != CHANCE:
            return []
        return self.rules.chance_outcomes(self.state)

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know of the position (hidden parts removed)."""
        return self.rules.observation(self.state, check_seat(seat, self.players))

    def why_illegal(self, action: Action | str) -> str | None:
        """``None`` if the action is legal now, else the reason with the rule in brackets."""
        try:
            a = self.rules.parse(action)
        except IllegalActionError as exc:
            return str(exc)
        except ValueError as exc:
            return f"{exc} [Actions]"
        refusal = self.rules.why_illegal(self.state, a)
        return None if refusal is None else f"{refusal[1]} [{refusal[0]}]"

    def describe(self, action: Action | str) -> str:
        return self.rules.describe(self.state, self.rules.parse(action))

    def suggestions(self, text: str, n: int = 3) -> list[str]:
        """Legal action texts close to ``text``."""
        return self.rules.suggestions(self.state, text, n)

    def hint(self, seconds: float | None = None, iterations: int | None = None, seed: int | None = None,
             top: int = 3, **options: Any) -> list:
        """The ``top`` best actions for the seat that decides now, best first: a list of
        :class:`~windward_nb.core.hint.Hint` (``.action``, ``.win_chance``, ``.reason``),
        searched from that seat's own view only (see :func:`windward_nb.core.hint.hints`
        for the budget and the other ``options``). Raises
        :class:`~windward_nb.core.errors.NoDecisionError` when nobody decides (the game is
        over, or chance is pending with ``auto_chance=False``). The game is not changed."""
        from .hint import hints

        return hints(self.state, seconds=seconds, iterations=iterations, seed=seed, top=top, **options)

    # --------------------------------------------------------------------------- acting
    def apply(self, action: Action | str) -> list[Event]:
        """Apply an action (an :class:`Action` or its text) and return its events.

        Raises :class:`~windward_nb.core.errors.IllegalActionError` (text that
        is not an action at all: :class:`~windward_nb.core.errors.ActionSyntaxError`,
        also a ``ValueError``) and leaves the game unchanged if the action is not
        legal now.
        """
        rules = self.rules
        known = self._legal
        a: Action
        if known is not None and known[0] is self.state and id(action) in known[2]:
            a = cast(Action, action)  # one of the listed actions itself: normal and legal
        else:
            try:
                a = rules.parse(action)
            except ActionSyntaxError as exc:
                if isinstance(action, str) and not exc.suggestions:
                    sugg = tuple(rules.suggestions(self.state, action))
                    if sugg:
                        raise ActionSyntaxError(f"{exc}; did you mean: {', '.join(sugg)}?", sugg) from None
                raise
            refusal = rules.why_illegal(self.state, a)
            if refusal:
                raise IllegalActionError(*refusal)
        self._legal = None
        n = len(self._actions)
        last_events = self.last_events
        if n - self._last_checkpoint >= self.checkpoint_every:
            self._maybe_checkpoint()
        ev = rules.apply(self.state, a)
        self._actions.append(a)
        if self.record is not None:
            self.record.actions.append(str(a))
        rng_state = None
        if not self.auto_chance:
            rng_state = self.rng.bit_generator.state
        elif rules.decider(self.state) == CHANCE:
            rng_state = self.rng.bit_generator.state
            ev += self._draw_chance()
        self._history.append((n, rng_state, last_events))
        self.last_events = ev
        return ev

    def _push(self, a: Action) -> None:
        self._actions.append(a)
        if self.record is not None:
            self.record.actions.append(str(a))

    def _maybe_checkpoint(self) -> None:
        n = len(self._actions)
        if n - self._last_checkpoint >= self.checkpoint_every:
            self._checkpoints[n] = self.state.clone()
            self._last_checkpoint = n

    def _draw_chance(self) -> list[Event]:
        ev: list[Event] = []
        rules = self.rules
        while rules.decider(self.state) == CHANCE:
            a = rules.sample_chance(self.state, self.rng)
            self._maybe_checkpoint()
            ev += rules.apply(self.state, a)
            self._push(a)
        return ev

    def undo(self) -> None:
        """Take back the last action (with the chance outcomes drawn after it)."""
        if not self._history:
            raise IllegalActionError("Undo", "there is nothing to undo")
        n, rng_state, events = self._history.pop()
        self._rewind(n)
        if rng_state is not None:  # None: a step that drew no chance left the generator where it was
            self.rng.bit_generator.state = rng_state
        self.last_events = events

    def _rewind(self, n: int) -> None:
        """Put the state back to ply ``n`` (nearest checkpoint, then re-apply)."""
        for k in [k for k in self._checkpoints if k > n]:
            del self._checkpoints[k]
        base = self._last_checkpoint = max(self._checkpoints)
        state = self._checkpoints[base].clone()
        for a in self._actions[base:n]:
            self.rules.apply(state, a)
        self.state = state
        self._legal = None
        del self._actions[n:]
        if self.record is not None:  # the record as it was before: its actions, and no note on a ply taken back
            kept = self._base + n
            del self.record.actions[kept:]
            comments = getattr(self.record, "comments", None)
            if comments:
                for ply in [k for k in comments if k > kept]:
                    del comments[ply]

    @property
    def can_undo(self) -> bool:
        return bool(self._history)

    def clone(self) -> Game:
        """An independent copy: state, record, generator and undo history all its own."""
        g = type(self).__new__(type(self))
        g.__dict__.update(self.__dict__)
        g.state = self.state.clone()
        g.record = self.record.copy() if self.record is not None else None
        g.rng = np.random.default_rng()
        g.rng.bit_generator.state = self.rng.bit_generator.state
        g.last_events = list(self.last_events)
        g._actions = list(self._actions)
        g._history = list(self._history)  # entries are immutable tuples
        g._checkpoints = dict(self._checkpoints)  # checkpoint states are never mutated: shared safely
        g._legal = None
        return g

    # --------------------------------------------------------------------------- displays
    def _repr_svg_(self) -> str:
        """The board with a one-line status, as a static SVG picture (drawn through the registry's
        :func:`~windward_nb.core.registry.display`: the driver imports nothing that draws)."""
        return str(registry.display(self.state, "svg"))

    def _repr_html_(self) -> str:
        """The board picture and, under it, the ply and the scores (a notebook shows this)."""
        scores = ", ".join(f"{x:g}" for x in self.scores())
        line = f"ply {self.ply} · scores {scores}"
        if self.is_over:
            out = self.outcome()
            line += f" · {out.reason}" if out is not None else ""
        return (f'<div class="wwnb-game">{self._repr_svg_()}'
                f'<div style="font-size:12px;color:#333">{_html_text(line)}</div></div>')

    def __repr__(self) -> str:
        who = self.current_player
        state = "over" if who == TERMINAL else ("chance" if who == CHANCE else f"next: seat {who}")
        return f"<Game {self.rules.game} {self.players}p ply {self.ply} {state} scores {self.scores()}>"
