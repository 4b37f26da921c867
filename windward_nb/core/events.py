"""Events: what happened when an action was applied, as data and in plain words.

Widgets animate from events and notebooks print them. ``kind`` is a short
CamelCase name chosen by the game (``ShipMoved``, ``CardsRevealed`` ...);
``data`` holds the details, JSON-ready.

>>> e = Event("DiceRolled", "Player 1 rolls 4.", {"seat": 0, "dice": [4]})
>>> str(e), e.kind
('Player 1 rolls 4.', 'DiceRolled')

The text may also be given as a function of no arguments that writes it; it is called the
first time the text is read (engines do this for the events of every action, which a fast
playout never reads), so it must only use values fixed when the event is made.

>>> Event("DiceRolled", lambda: "Player 1 rolls 4.") == e
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Callable
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

    def __init__(self, kind: str, text: str | Callable[[], str], data: dict[str, Any] = _NO_DATA) -> None:
        # the fields written straight into __dict__ rather than by frozen-attribute writes: every
        # action makes events, so this is a hot path (dataclass keeps an __init__ the class defines)
        d = self.__dict__
        d["kind"] = kind
        if type(text) is str:
            d["text"] = text
        else:
            # a function that writes the text (from values fixed when the event was made), called
            # the first time the text is read: a playout that never reads it never writes it
            d["_write"] = text
        d["data"] = {} if data is _NO_DATA else data

    def __getattr__(self, name: str) -> Any:
        # only for attributes not in __dict__: the text of an event made with a writer
        d = self.__dict__
        if name == "text" and "_write" in d:
            text = d["text"] = d.pop("_write")()
            return text
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __getstate__(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "data": self.data}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)

    def __str__(self) -> str:
        return self.text

    @property
    def seat(self) -> int | None:
        """The seat the event is about, when it names one."""
        seat = self.data.get("seat")
        return seat if isinstance(seat, int) else None
