"""Figures from many games: what a simulation keeps per game, and win rates with intervals.

:func:`simulation_tally` is the hook :func:`windward_nb.core.simulate.play_many`
calls: per game it keeps the rounds played, whether the race ended at the
Finish Line, each seat's character, the wind rolls and how far they blew the
leaders back, boats that left the race, and who led when round 5 began.

>>> tuple(round(x, 3) for x in wilson(30, 100))
(0.219, 0.396)
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from . import board

EARLY_ROUND = 5


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for ``k`` successes in ``n`` trials (95% by default)."""
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


class Tally:
    """Per-game figures gathered from the events of one game."""

    def __init__(self, players: int):
        self.players = players
        self.wind_rolls = 0
        self.wind_back = 0
        self.retired = 0
        self.early_leader = -1
        self.spread: list[int] = []
        self.how = ""

    def events(self, state: Any, events: list) -> None:
        for e in events:
            k = e.kind
            if k == "WindRolled":
                self.wind_rolls += 1
            elif k == "BoatPushed" and e.data.get("wind"):
                self.wind_back += e.data["from"] - e.data["to"]
            elif k in ("GameWon", "GameDrawn"):
                self.how = e.data.get("how", "")
            elif k == "BoatRetired":
                self.retired += 1
            elif k == "RoundStarted":
                boats = board.all_boats(state)
                if boats:
                    self.spread.append(boats[-1][1][0] - boats[0][1][0])
                if e.data["round"] == EARLY_ROUND:
                    self.early_leader = leading_seat(state)

    def final(self, state: Any) -> dict[str, Any]:
        return {"rounds": state.round, "finish": self.how == "finish",
                "characters": list(state.characters), "winner_character": state.characters[state.winner]
                if state.winner >= 0 else "", "wind_rolls": self.wind_rolls, "wind_back": self.wind_back,
                "retired": self.retired, "early_leader": self.early_leader,
                "spread": float(np.mean(self.spread)) if self.spread else 0.0}


def leading_seat(state: Any) -> int:
    """The seat whose fore boat leads the race."""
    boats = board.all_boats(state)
    return boats[-1][0] if boats else -1


def simulation_tally(players: int, state: Any) -> Tally:
    return Tally(players)


def character_rates(results: Any) -> list[dict[str, Any]]:
    """Win rate per character over one or more :class:`~windward_nb.core.simulate.SimResult` s:
    games played, games won, the rate, its Wilson 95% interval, and the fair share (1/players)
    averaged over the games that character played."""
    if not isinstance(results, (list, tuple)):
        results = [results]
    played: dict[str, int] = {}
    won: dict[str, int] = {}
    fair: dict[str, float] = {}
    for res in results:
        chars = res.stats["characters"]
        for row in range(len(res)):
            for seat, c in enumerate(chars[row]):
                c = str(c)
                played[c] = played.get(c, 0) + 1
                fair[c] = fair.get(c, 0.0) + 1 / res.players
                if int(res.winner[row]) == seat:
                    won[c] = won.get(c, 0) + 1
    out = []
    for c in sorted(played):
        n, k = played[c], won.get(c, 0)
        lo, hi = wilson(k, n)
        out.append({"character": c, "games": n, "wins": k, "rate": k / n, "low": lo, "high": hi,
                    "fair": fair[c] / n})
    return out
