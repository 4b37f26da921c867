"""How a game ended, as a small value: :class:`Outcome` and :func:`outcome_of`.

``game.outcome()`` is ``None`` while the game goes on (as in python-chess) and an
:class:`Outcome` once it is over: the winning seats, the final scores, the reason in
one sentence (the game's own account of the end) and the seat names.

>>> from windward_nb.core.outcome import Outcome
>>> o = Outcome(winners=(1,), scores=(3, 12, 7), reason="Player 2 wins with 12 notoriety.",
...             names=("Player 1", "Player 2", "Player 3"))
>>> o
Outcome(winners=(1,), scores=(3, 12, 7), reason='Player 2 wins with 12 notoriety.')
>>> o.winner, o.draw, str(o)
(1, False, 'Player 2 wins (scores: Player 1 3, Player 2 12, Player 3 7). Player 2 wins with 12 notoriety.')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["Outcome", "outcome_of"]


@dataclass(frozen=True)
class Outcome:
    """The end of a game: ``winners`` (seat numbers, 0-based; empty when nobody won),
    ``scores`` (per seat, as the game counts them), ``reason`` (one sentence) and the
    seat ``names`` (left out of the repr)."""

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    reason: str
    names: tuple[str, ...] = field(default=(), repr=False, compare=False)

    @property
    def winner(self) -> int | None:
        """The one winning seat, or ``None`` (nobody won, or several share the win)."""
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def draw(self) -> bool:
        """Whether nobody won."""
        return not self.winners

    def _name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"Player {seat + 1}"

    def __str__(self) -> str:
        if self.winners:
            who = " and ".join(self._name(i) for i in self.winners)
            head = f"{who} win{'s' if len(self.winners) == 1 else ''}"
        else:
            head = "Nobody wins"
        scores = ", ".join(f"{self._name(i)} {x:g}" for i, x in enumerate(self.scores))
        return f"{head} (scores: {scores}). {self.reason}".rstrip()

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: winners, scores, reason and names."""
        return {"winners": list(self.winners), "scores": list(self.scores), "reason": self.reason,
                "names": list(self.names)}


def _number(x: Any) -> float:
    f = float(x)
    return int(f) if f.is_integer() else f


def outcome_of(state: Any, rules: Any = None, names: Any = None) -> Outcome | None:
    """The :class:`Outcome` of ``state`` (``None`` while the game goes on)."""
    rules = rules if rules is not None else type(state).rules
    if not rules.is_over(state):
        return None
    seats = int(rules.players(state))
    if names is None:
        names = [rules.seat_name(state, i) for i in range(seats)]
    reason = str(rules.outcome_text(state) or "").strip() or "The game is over."
    return Outcome(winners=tuple(int(i) for i in rules.winners(state)),
                   scores=tuple(_number(x) for x in rules.scores(state)), reason=reason,
                   names=tuple(str(n) for n in names))
