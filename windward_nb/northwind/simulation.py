"""Figures a batch simulation keeps for each North Wind game (``core.simulate.play_many``)."""

from __future__ import annotations

from typing import Any

from .state import NWState


class Tally:
    """Per game: turns, tasks completed, pirates fought and beaten, letters spent, by seat."""

    def __init__(self, players: int):
        self.tasks = [0] * players
        self.battles = [0] * players
        self.victories = [0] * players
        self.letters_used = [0] * players
        self.defeats = [0] * players

    def events(self, state: NWState, events: list) -> None:
        for e in events:
            seat = e.data.get("seat")
            if not isinstance(seat, int):
                continue
            if e.kind == "TaskCompleted":
                self.tasks[seat] += 1
            elif e.kind == "BattleStarted":
                self.battles[seat] += 1
            elif e.kind == "Victory":
                self.victories[seat] += 1
            elif e.kind == "Defeat":
                self.defeats[seat] += 1
            elif e.kind == "LetterUsed":
                self.letters_used[seat] += 1

    def final(self, state: NWState) -> dict[str, Any]:
        return {"turns": state.turns, "tasks": list(self.tasks), "battles": list(self.battles),
                "victories": list(self.victories), "defeats": list(self.defeats),
                "letters_used": list(self.letters_used), "sail": list(state.sail),
                "cannons": list(state.cannons), "crew": [len(c) for c in state.crew]}


def simulation_tally(players: int, state: NWState) -> Tally:
    return Tally(players)
