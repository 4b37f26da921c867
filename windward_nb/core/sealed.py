"""Sealed choices: secrets that several seats choose "at the same time".

At a table everyone picks a card (or a number of cubes) face down and all are
turned up together. A program asks one seat after another, so the choices are
*committed* one by one, kept sealed (no seat's :func:`observation
<windward_nb.core.rules.Rules.observation>` shows another seat's choice), and
*revealed* together once the last seat has committed. Because nobody can see
an earlier commitment, the order of asking changes nothing.

>>> s = Sealed.open([0, 1, 2])
>>> s.waiting
0
>>> s.commit(0, "card 3"); s.commit(1, "card 5")
>>> s.observed_by(2)
{'seats': [0, 1, 2], 'committed': [0, 1], 'own': None}
>>> s.complete
False
>>> s.commit(2, "card 1")
>>> s.complete, s.reveal()
(True, {0: 'card 3', 1: 'card 5', 2: 'card 1'})
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Sealed:
    """Choices of ``seats`` (in asking order), committed into ``choices``."""

    seats: list[int]
    choices: dict[int, Any] = field(default_factory=dict)

    @classmethod
    def open(cls, seats: list[int]) -> Sealed:
        if len(set(seats)) != len(seats):
            raise ValueError("each seat chooses once")
        return cls(seats=list(seats))

    @property
    def waiting(self) -> int | None:
        """The next seat to commit, or ``None`` when every seat has."""
        for seat in self.seats:
            if seat not in self.choices:
                return seat
        return None

    @property
    def complete(self) -> bool:
        return len(self.choices) == len(self.seats)

    def commit(self, seat: int, value: Any) -> None:
        if seat not in self.seats:
            raise ValueError(f"seat {seat} does not choose here")
        if seat in self.choices:
            raise ValueError(f"seat {seat} has already chosen")
        if seat != self.waiting:
            raise ValueError(f"seat {self.waiting} chooses first")
        self.choices[seat] = value

    def withdraw(self, seat: int) -> None:
        """Take a seat's commitment back (a rule that makes someone choose again)."""
        self.choices.pop(seat, None)

    def reveal(self) -> dict[int, Any]:
        """Every choice, by seat in asking order (only once all are in)."""
        if not self.complete:
            raise ValueError("the choices are revealed together, once everyone has chosen")
        return {seat: self.choices[seat] for seat in self.seats}

    def observed_by(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know: who chooses, who has chosen, and its own choice only."""
        return {"seats": list(self.seats), "committed": [x for x in self.seats if x in self.choices],
                "own": self.choices.get(seat)}

    def clone(self) -> Sealed:
        return Sealed(seats=list(self.seats), choices=dict(self.choices))

    def to_dict(self) -> dict[str, Any]:
        return {"seats": list(self.seats), "choices": {str(k): v for k, v in sorted(self.choices.items())}}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Sealed:
        return cls(seats=list(d["seats"]), choices={int(k): v for k, v in d["choices"].items()})
