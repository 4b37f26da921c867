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


class _NoData:
    """The default of ``Event.data``: a fresh empty dictionary."""

    def __repr__(self) -> str:
        return "{}"


_NO_DATA: Any = _NoData()


@dataclass(frozen=True)
class Event:
    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict, compare=False)

    def __init__(self, kind: str, text: str, data: dict[str, Any] = _NO_DATA) -> None:
        # the fields in one dictionary update rather than three frozen-attribute writes: every
        # action makes events, so this is a hot path (dataclass keeps an __init__ the class defines)
        self.__dict__.update(kind=kind, text=text, data={} if data is _NO_DATA else data)

    def __str__(self) -> str:
        return self.text

    @property
    def seat(self) -> int | None:
        """The seat the event is about, when it names one."""
        seat = self.data.get("seat")
        return seat if isinstance(seat, int) else None
