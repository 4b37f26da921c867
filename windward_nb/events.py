"""Events: what happened when an action was applied, in data and in plain words.

Widgets animate from events and notebooks print them. ``kind`` is one of the
names in :data:`EVENT_KINDS`; ``data`` holds the details.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

EVENT_KINDS = (
    "ShipMoved", "LongboatMoved", "EnteredPort", "LeftPort", "WindChanged", "OrderGiven",
    "GasSpent", "CardPlayed", "CardsTaken", "PickedUp", "Dropped", "CresterProcessed",
    "NotorietyGained", "MoraleChanged", "BattleStarted", "BattleCalledOff", "CannonsSpent",
    "DiceRolled", "BonusPlayed", "BattleEnded", "ShipLost", "CresterDefeated", "CresterPlaced",
    "CresterMoved", "DeckShuffled", "Rested", "TurnEnded", "TurnStarted", "RoundStarted",
    "GameOver", "CrewHired", "Plundered", "LifeLost", "CardsTraded", "LongboatReturned", "LongboatDropped", "RowersRested", "RestBegins", "SpeedGained", "CannonFilled",
)


@dataclass(frozen=True)
class Event:
    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict, compare=False)

    def __str__(self) -> str:
        return self.text
