"""The Solo Adventure: one captain against every red crester, then the White Crester.

The red cresters hunt the lone ship across the whole planet, one space faster
for every red crester already defeated; two may share a space, and those that
reach the resting ship attack it together. Once the last red crester falls the
captain places the White Crester on a corner; beating it wins. Losing the ship,
or ending a turn at the Trading Post, loses.
"""

from __future__ import annotations


from ..components import Components
from ..events import Event
from ..hooks import register
from ..state import GONE, OFF, GameState
from .team import TeamMode, game_over
from .white import WithWhiteCrester


class SoloAdventure(TeamMode, WithWhiteCrester):
    name = "solo"
    title = "Solo Adventure"

    def players(self, edition: str) -> tuple[int, int]:
        return (1, 1)

    def starting_hand(self, comp: Components) -> int | None:
        n: int = comp.raw["solo"]["starting_hand"]
        return n

    def turn_start(self, s: GameState, ev: list[Event], seat: int) -> None:
        if s.white == OFF and not s.reds:
            s.frames.append({"k": "place_white", "seat": seat})  # a placement that had to wait for a free corner

    def port_rest(self, s: GameState, ev: list[Event]) -> bool | None:
        s.over = True
        s.result = "You ended your turn at port and the red cresters destroyed your ship: the Solo Adventure is lost."
        ev.append(Event("GameOver", s.result, {"winner": None}))
        return True

    def red_speed(self, s: GameState) -> int | None:
        return 3 + (len(s.planet.red_start) - len(s.reds))  # one faster for every red crester defeated

    def red_stack(self, s: GameState) -> int | None:
        return 2  # two red cresters may share a space

    def reds_roam(self, s: GameState) -> bool | None:
        return True  # every red crester hunts the lone ship, across territories

    def red_defeated(self, s: GameState, ev: list[Event], seat: int) -> bool | None:
        if not s.reds and s.white < 0:
            s.frames.append({"k": "place_white", "seat": seat})  # the final battle
        return True  # no new red crester

    def white_defeated(self, s: GameState, ev: list[Event], seat: int, here: int) -> bool | None:
        s.white = GONE
        game_over(s, ev, "The White Crester is defeated: you win the Solo Adventure!", winner=0)
        return True

    def ship_lost(self, s: GameState, ev: list[Event], seat: int) -> bool | None:
        s.over = True
        s.frames.clear()
        s.result = "Your ship was defeated: the Solo Adventure is lost."
        ev.append(Event("GameOver", s.result, {"winner": None}))
        return True

    def returns(self, s: GameState) -> list[float] | None:
        return [1.0 if s.white == GONE else 0.0]


SOLO = register(SoloAdventure())
