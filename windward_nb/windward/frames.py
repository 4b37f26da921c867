"""Frames: how each kind of decision or automatic step that interrupts a turn is played.

The state keeps a stack of frames, innermost last (a battle, taking supply cards,
the rest at sky, a chance roll ...); each is a plain ``dict`` whose keys
:mod:`windward_nb.windward.framekeys` declares (and this module re-exports).

Each kind of frame is handled by one :class:`FrameKind` registered in
:data:`FRAME_KINDS`: who decides in it, what they may do, why something else is
refused, what an action does, and what happens without anyone deciding. The
base rules register theirs (:mod:`windward_nb.windward.engine`,
:mod:`~windward_nb.windward.battle`); a mode or variant registers the frames it
adds (the White Crester's roll, placing it, cashing teeth, releasing a tagged
crester), so the engine never names a mode.

>>> import windward_nb.windward                  # the base rules and the modes register their kinds
>>> len(FRAME_KINDS), FRAME_KINDS["wind"].chance, FRAME_KINDS["battle"].waiting
(17, True, 'finish the battle')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from .framekeys import (BattleFrame, EndFrame, Frame, GreyFrame, PlaceRedFrame, PlaceWhiteFrame, PlunderFrame,  # noqa: F401
                        RedsFrame, ReleaseFrame, RestFrame, ShuffleFrame, SkyBonusFrame, StartFrame, TakeFrame,
                        TeethFrame, WhiteMoveFrame, WhiteRollFrame, WindFrame)

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

    from .actions import Action
    from .events import Event
    from .state import GameState

Refusal = tuple[str, str] | None


# =============================================================================== the frames' rules
F = TypeVar("F")

CHANCE = -1  # (the same marker as windward_nb.core.rules.CHANCE)


class FrameKind(Generic[F]):
    """How one kind of frame is played. Subclasses override what their kind needs.

    ``decider`` is the seat that decides (or :data:`CHANCE`); ``actions`` lists
    its options (at chance: the outcomes, empty when they are too many to
    list); ``apply`` carries one out; ``advance`` runs the frame's automatic
    step and returns True when it did something (the engine then looks again),
    False when the frame waits for a decision.
    """

    k: ClassVar[str] = ""
    chance: ClassVar[bool] = False  #: chance decides in this frame
    waiting: ClassVar[str] = ""  #: what the frame waits for, in words ("roll the wind")
    turn_step: ClassVar[bool] = False  #: a step of the end of the current turn (dropped when its ship is lost)
    automatic: ClassVar[bool] = False  #: the kind has an automatic step (set for kinds that override advance)

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        cls.automatic = cls.advance is not FrameKind.advance

    def decider(self, s: GameState, f: F) -> int:
        return CHANCE if self.chance else s.current

    def actions(self, s: GameState, f: F) -> list[Action]:
        if self.chance:
            outs = self.chance_outcomes(s, f)
            return [] if outs is None else [a for a, _ in outs]
        return []

    def chance_outcomes(self, s: GameState, f: F) -> list[tuple[Action, float]] | None:
        return []

    def sample(self, s: GameState, f: F, rng: np.random.Generator) -> Action:
        outcomes = self.chance_outcomes(s, f)
        assert outcomes, "chance node without outcomes"
        return outcomes[int(rng.integers(0, len(outcomes)))][0]

    def refusal(self, s: GameState, f: F, a: Action) -> Refusal:
        """A rule-specific reason to refuse ``a`` here (``None``: the generic "waiting for")."""
        return None

    def why_illegal(self, s: GameState, f: F, a: Action) -> Refusal | bool:
        """``None`` if legal; a refusal; or ``False`` for the generic refusal (not one of :meth:`actions`)."""
        if a in self.actions(s, f):
            return None
        return self.refusal(s, f, a) or False

    def apply(self, s: GameState, ev: list[Event], f: F, a: Action) -> None:  # pragma: no cover
        raise AssertionError(f"no actions in a {self.k} frame")

    def advance(self, s: GameState, ev: list[Event], f: F) -> bool:
        return False


#: every kind of frame, by ``k``
FRAME_KINDS: dict[str, FrameKind[Any]] = {}  # finite: the frame kinds the code registers


def register_frame(kind: FrameKind[Any]) -> FrameKind[Any]:
    """Make a kind of frame known to the engine (each ``k`` once)."""
    if not kind.k:
        raise ValueError("a frame kind needs its k")
    if kind.k in FRAME_KINDS and type(FRAME_KINDS[kind.k]) is not type(kind):
        raise ValueError(f"frame kind {kind.k!r} is registered twice")
    FRAME_KINDS[kind.k] = kind
    return kind
