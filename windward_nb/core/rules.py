"""The rules protocol: what every game of the family tells the shared machinery.

A game is a :class:`State` (plain data: clone, fingerprint, to/from dict) and
a :class:`Rules` object that knows who decides, what they may do, why an
action is refused, what an action does, what chance can do, what each seat
may see, and how the game scores. The :class:`~windward_nb.core.game.Game`
driver, records, replay, bots, simulation and the conformance harness use
nothing else, OpenSpiel style.

Who decides is a seat number (0, 1, ...) or one of the markers below:

>>> CHANCE, TERMINAL
(-1, -4)

A rules method never prints and never asks: a refusal is a ``(rule, reason)``
pair (:data:`Refusal`), and applying returns the :class:`Event` list.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, ClassVar, Generic, TypeVar, cast

import numpy as np

from . import registry
from .actions import Action
from .errors import IllegalActionError
from .events import Event

CHANCE = -1  #: chance decides: draw an outcome (``chance_outcomes``/``sample_chance``)
TERMINAL = -4  #: the game is over

Refusal = tuple[str, str] | None


class State:
    """Base class of a game's state: plain data that clones and hashes.

    Subclasses implement :meth:`clone` and :meth:`to_dict` (JSON-ready, stable
    order) and set :attr:`rules` to their game's :class:`Rules` instance.
    """

    rules: ClassVar[Rules]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # A game's state is usually a dataclass, whose generated repr prints every field
        # (thousands of characters). Putting the short repr in the class itself first makes
        # @dataclass keep it; a class that writes its own __repr__ keeps that one.
        super().__init_subclass__(**kwargs)
        if "__repr__" not in cls.__dict__:
            inherited = next(k.__dict__["__repr__"] for k in cls.__mro__[1:] if "__repr__" in k.__dict__)
            cls.__repr__ = inherited  # type: ignore[method-assign]

    def __repr__(self) -> str:
        """One line: the state's class, its game and its status (who acts, or how it ended)."""
        name = type(self).__name__
        try:
            scores = ", ".join(f"{x:g}" for x in type(self).rules.scores(self))
            return f"<{name} {registry.display(self, 'status')}; scores {scores}>"
        except Exception:  # noqa: BLE001 - a repr never raises, even for a half-built state
            return f"<{name} of {getattr(getattr(type(self), 'rules', None), 'game', '') or 'a game'}>"

    def _repr_svg_(self) -> str:
        """The board as a static SVG picture (Jupyter shows it; GitHub and nbviewer too).

        The rules know nothing of drawing: the registry's :func:`~windward_nb.core.registry.display`
        is the one bridge (python-chess's ``Board._repr_svg_`` importing ``chess.svg`` lazily)."""
        return str(registry.display(self, "svg"))

    def clone(self) -> State:  # pragma: no cover - abstract
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:  # pragma: no cover - abstract
        raise NotImplementedError

    def fingerprint(self) -> str:
        """A stable hash of the whole position (same position, same text, on any machine)."""
        text = json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:16]


A = TypeVar("A", bound=Action)  #: a game's Action subclass (``Rules[NorthWindAction]``)


class Rules(Generic[A]):
    """The rules of one game. One instance serves every state of that game.

    Methods marked *required* must be overridden; the others have defaults
    for games of perfect information without extra checks.
    """

    #: registry name, e.g. ``"windward"``
    game: ClassVar[str] = ""
    #: the game's :class:`~windward_nb.core.actions.Action` subclass
    action_type: ClassVar[type[Action]] = Action

    # --------------------------------------------------------------- who and what (required)
    def players(self, s: Any) -> int:
        """Number of seats."""
        return len(s.players) if isinstance(getattr(s, "players", None), list) else int(s.players)

    def decider(self, s: Any) -> int:
        """The seat that acts next, :data:`CHANCE` or :data:`TERMINAL` (*required*)."""
        raise NotImplementedError

    def legal_actions(self, s: Any) -> list[A]:
        """The decider's options in a stable order (at chance: the outcomes, when listable) (*required*)."""
        raise NotImplementedError

    def why_illegal(self, s: Any, a: A) -> Refusal:
        """``None`` if ``a`` (already normalised) is legal now, else ``(rule, reason)``.

        The default compares with :meth:`legal_actions`; games override it to
        check one action without listing them all, and to give a reason
        naming the rule.
        """
        if self.decider(s) == TERMINAL:
            return ("End of the game", "the game is over")
        if a in self.legal_actions(s):
            return None
        if self.decider(s) == CHANCE and self.chance_outcomes(s) is None and a.is_chance:
            return None
        return ("Taking a turn", f"'{a}' is not possible now")

    def apply(self, s: Any, a: A) -> list[Event]:
        """Apply a legal, normalised action to ``s`` in place; return its events (*required*)."""
        raise NotImplementedError

    # --------------------------------------------------------------- chance
    def chance_outcomes(self, s: Any) -> list[tuple[A, float]] | None:
        """Every chance outcome with its probability (summing to 1), or ``None`` when
        there are too many to list (a whole shuffle): then use :meth:`sample_chance`."""
        return []

    def sample_chance(self, s: Any, rng: np.random.Generator) -> A:
        """Draw the chance outcome from ``rng``."""
        outcomes = self.chance_outcomes(s)
        if not outcomes:
            raise ValueError("no chance outcome is pending")
        probs = np.array([p for _, p in outcomes], dtype=float)
        i = int(rng.choice(len(outcomes), p=probs / probs.sum()))
        return outcomes[i][0]

    # --------------------------------------------------------------- results
    def is_over(self, s: Any) -> bool:
        return self.decider(s) == TERMINAL

    def scores(self, s: Any) -> list[float]:
        """Points per seat as the game counts them (*required*)."""
        raise NotImplementedError

    def returns(self, s: Any) -> list[float]:
        """Per seat: 1 for a win, 0 otherwise, once over (ties share nothing); zeros before."""
        if not self.is_over(s):
            return [0.0] * self.players(s)
        sc = self.scores(s)
        best = max(sc)
        return [1.0 if x == best and sc.count(best) == 1 else 0.0 for x in sc]

    def winners(self, s: Any) -> list[int]:
        """The winning seats once over (empty before, and when nobody won)."""
        return [i for i, r in enumerate(self.returns(s)) if r > 0]

    def outcome_text(self, s: Any) -> str:
        """How the game ended, in words ('' while it goes on)."""
        return str(getattr(s, "result", "") or "")

    # --------------------------------------------------------------- hidden information
    def observation(self, s: Any, seat: int) -> dict[str, Any]:
        """What ``seat`` may know, JSON-ready: the state with every hidden part removed.

        Two states that differ only in what ``seat`` cannot see must observe alike.
        The default suits games of perfect information.
        """
        return s.to_dict()

    def determinize(self, s: Any, seat: int, rng: np.random.Generator) -> Any:
        """A full state consistent with ``observation(s, seat)``, the hidden parts drawn from
        ``rng``. It must depend on ``s`` only through that observation (search bots rely on
        it never to cheat). The default suits games of perfect information."""
        return s.clone()

    # --------------------------------------------------------------- checking and words
    def invariants(self, s: Any) -> list[str]:
        """Broken invariants of ``s`` in words (empty when all is well)."""
        return []

    def describe(self, s: Any, a: A) -> str:
        """What ``a`` would do here, in a sentence."""
        v = type(a).grammar.verbs.get(a.verb)
        if v is not None and v.describe is not None:
            return v.describe(s, a)
        return str(a)

    def seat_name(self, s: Any, seat: int) -> str:
        return f"Player {seat + 1}"

    # --------------------------------------------------------------- shared helpers
    def parse(self, a: Action | str) -> A:
        """An action of this game from its text or a hand-built value (normalised)."""
        return cast(A, self.action_type.parse(a))  # action_type is the game's A

    def check(self, s: Any, a: Action | str) -> A:
        """Normalise ``a`` and raise :class:`IllegalActionError` unless it is legal now."""
        try:
            act = self.parse(a)
        except IllegalActionError:
            raise
        except ValueError as exc:
            raise IllegalActionError("Actions", str(exc)) from None
        refusal = self.why_illegal(s, act)
        if refusal:
            raise IllegalActionError(*refusal)
        return act

    def step(self, s: Any, a: Action | str, check: bool = True) -> list[Event]:
        """Check (unless told not to) and apply ``a`` to ``s`` in place."""
        act = self.check(s, a) if check else self.parse(a)
        return self.apply(s, act)

    def suggestions(self, s: Any, text: str, n: int = 3) -> list[str]:
        """The legal action texts closest to ``text`` (for "did you mean ...?")."""
        if self.decider(s) < 0:
            return []
        return self.action_type.grammar.suggest(text, [str(a) for a in self.legal_actions(s)], n)
