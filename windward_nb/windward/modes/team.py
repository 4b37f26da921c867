"""What the Solo Adventure and the Cooperative mode share: the captains against the planet.

No notoriety race (the White Crester decides the game), a grey crester on every
feeding ground and none coming back, and teeth that a captain at the Trading
Post turns into notoriety or gas (3 gas per grey tooth, 4 per red).
"""

from __future__ import annotations

from typing import Any

from ...core.errors import OptionError
from .. import orders
from ..actions import GRAMMAR, Action
from ..events import Event
from ..frames import FrameKind, TeethFrame, register_frame
from ..hooks import Hooks, Setup
from ..state import GameState


class TeamMode(Hooks):
    """A mode in which the captains win or lose together."""

    kind = "mode"
    team = True

    def check_options(self, players: int, planet: str, variants: tuple[str, ...], edition: str) -> None:
        for v in variants:
            if v in ("achievements", "naturalist", "white"):
                raise OptionError(f"the {v!r} variant is not used in the {self.name} mode")

    def starting_greys(self, s: GameState, setup: Setup) -> list[int] | None:
        return [s.planet.feeding_ground[t] for t in range(1, 7)]  # a grey crester on every feeding ground

    def notoriety_race(self, s: GameState) -> bool | None:
        return False

    def greys_respawn(self, s: GameState) -> bool | None:
        return False  # cresters never respawn in these modes

    def teeth_at_port(self, s: GameState, ev: list[Event], seat: int) -> bool | None:
        ship = s.ships[seat]
        if ship.grey_teeth or ship.red_teeth:
            s.frames.append({"k": "teeth"})
        return True


def game_over(s: GameState, ev: list[Event], text: str, winner: Any) -> None:
    s.over = True
    s.frames.clear()
    s.result = text
    ev.append(Event("GameOver", text, {"winner": winner}))


def cash_teeth(s: GameState, ev: list[Event], how: str) -> None:
    """The teeth in the current ship's hold become notoriety or gas (3 per grey tooth, 4 per red)."""
    seat = s.current
    ship = s.ships[seat]
    if how == "gas":
        value = s.components.teeth_gas
        want = ship.grey_teeth * value["grey"] + ship.red_teeth * value["red"]
        got = orders.gain_gas(s, seat, want)
        ev.append(Event("GasGained", f"Player {seat + 1} trades teeth for {got} gas.", {"seat": seat, "gas": got}))
        ship.grey_teeth = ship.red_teeth = 0
    else:
        orders.cash_teeth(s, ev, seat)  # the ordinary cash-in


class TeethKind(FrameKind[TeethFrame]):
    k = "teeth"
    waiting = "choose notoriety or gas for the teeth"

    def actions(self, s: GameState, f: TeethFrame) -> list[Action]:
        return [Action("cash", "notoriety"), Action("cash", "gas")]

    def apply(self, s: GameState, ev: list[Event], f: TeethFrame, a: Action) -> None:
        s.frames.remove(f)
        cash_teeth(s, ev, a.arg)


def _describe_cash(s: GameState, a: Action) -> str:
    ship = s.ships[s.current]
    if a.arg == "gas":
        value = s.components.teeth_gas
        gas = ship.grey_teeth * value["grey"] + ship.red_teeth * value["red"]
        return f"Trade the teeth in your hold for {gas} gas (as much as your storage holds)"
    value = s.components.teeth_notoriety
    return f"Trade the teeth in your hold for {ship.grey_teeth * value['grey'] + ship.red_teeth * value['red']} notoriety"


register_frame(TeethKind())
GRAMMAR.handle("cash", describe=_describe_cash)
