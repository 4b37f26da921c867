"""Events: what happened when an action was applied, as data and in plain words.

Widgets animate from events and notebooks print them. ``kind`` is a short
CamelCase name chosen by the game (``ShipMoved``, ``CardsRevealed`` ...);
``data`` holds the details, JSON-ready.

>>> e = Event("DiceRolled", "Player 1 rolls 4.", {"seat": 0, "dice": [4]})
>>> str(e), e.kind
('Player 1 rolls 4.', 'DiceRolled')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict, compare=False)

    def __str__(self) -> str:
        return self.text

    @property
    def seat(self) -> int | None:
        """The seat the event is about, when it names one."""
        seat = self.data.get("seat")
        return seat if isinstance(seat, int) else None
