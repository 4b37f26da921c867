"""Windward's events: what happened when an action was applied, in data and in plain words.

An event is the core's :class:`~windward_nb.core.events.Event`; ``kind`` is one
of the names in :data:`EVENT_KINDS`, ``data`` holds the details. Widgets
animate from events and notebooks print them.
"""

from __future__ import annotations

from ..core.events import Event

EVENT_KINDS = (
    "ShipMoved", "LongboatMoved", "EnteredPort", "LeftPort", "WindChanged", "OrderGiven",
    "GasSpent", "CardPlayed", "CardsTaken", "PickedUp", "Dropped", "CresterProcessed",
    "NotorietyGained", "MoraleChanged", "BattleStarted", "BattleCalledOff", "CannonsSpent",
    "DiceRolled", "BonusPlayed", "BattleEnded", "ShipLost", "CresterDefeated", "CresterPlaced",
    "CresterMoved", "DeckShuffled", "Rested", "TurnEnded", "TurnStarted", "RoundStarted",
    "GameOver", "CrewHired", "Plundered", "LifeLost", "CardsTraded", "LongboatReturned", "LongboatDropped",
    "RowersRested", "RestBegins", "SpeedGained", "CannonFilled", "GasGained", "CresterResearched",
)

__all__ = ["EVENT_KINDS", "Event"]
