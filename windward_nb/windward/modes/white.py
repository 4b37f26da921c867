"""The Great White Crester: the advanced variant, and how the White Crester comes into play.

The piece's own rules are the base game's: on the planet it chases a ship
resting at sky after the red cresters (:func:`~windward_nb.windward.engine.move_white`),
and its winner gains its notoriety (:mod:`~windward_nb.windward.battle`). As a
variant it waits until a captain reaches the notoriety it appears at, appears on
a rolled Around-the-Planet corner, and leaves the game when beaten. The Solo
Adventure and the Cooperative mode place it by choice and decide what beating it
means (:mod:`.solo`, :mod:`.cooperative`); the helpers here serve all three.
"""

from __future__ import annotations

from .. import cresters
from ..actions import GRAMMAR, Action
from ..describe import where
from ..events import Event
from ..frames import FrameKind, PlaceWhiteFrame, WhiteRollFrame, register_frame
from ..hooks import Hooks, register
from ..state import OFF, GameState


# =============================================================================== corners
def _corner_free(s: GameState, h: int) -> bool:
    return not (s.ship_at(h) >= 0 or h in s.reds or h in s.reds_down or h in s.greys or h in s.greys_down
                or s.longboat_at(h)[0] >= 0 or h == s.white)


def white_roll_choices(s: GameState) -> list[int]:
    """Territories whose Around-the-Planet corner is free for the White Crester
    (re-rolling an occupied one is the same as rolling among the free ones)."""
    return [t for t in range(1, 7) if _corner_free(s, s.planet.corner[t])]


def white_places(s: GameState) -> list[int]:
    """Corners a player may choose for the White Crester (Solo final battle, Cooperative respawn)."""
    return [s.planet.corner[t] for t in range(1, 7) if _corner_free(s, s.planet.corner[t])]


def place_white(s: GameState, ev: list[Event], h: int, how: str) -> None:
    s.white = h
    ev.append(Event("CresterPlaced", f"The White Crester appears at {s.planet.label(h)} ({how}).",
                    {"crester": "white", "hex": h}))


def white_speed(s: GameState) -> int:
    """Spaces the White Crester moves (see :func:`windward_nb.windward.cresters.white_speed`)."""
    return cresters.white_speed(s)


# =============================================================================== appearing
def white_appears_check(s: GameState) -> None:
    """Great White Crester variant: it enters play once someone reaches its notoriety."""
    if s.white != OFF or any(f["k"] == "white_roll" for f in s.frames):
        return
    threshold = s.components.raw["white_crester"]["appears_at_notoriety"]
    if any(ship.notoriety >= threshold for ship in s.ships) and white_roll_choices(s):
        s.frames.append({"k": "white_roll"})


# =============================================================================== frames
class WhiteRollKind(FrameKind[WhiteRollFrame]):
    k = "white_roll"
    chance = True
    waiting = "roll for the White Crester"

    def chance_outcomes(self, s: GameState, f: WhiteRollFrame) -> list[tuple[Action, float]] | None:
        free = white_roll_choices(s)
        return [(Action("white", t), 1 / len(free)) for t in free]

    def apply(self, s: GameState, ev: list[Event], f: WhiteRollFrame, a: Action) -> None:
        s.frames.remove(f)
        place_white(s, ev, s.planet.corner[a.arg], f"rolled {a.arg}")


class PlaceWhiteKind(FrameKind[PlaceWhiteFrame]):
    k = "place_white"
    waiting = "place the White Crester"

    def decider(self, s: GameState, f: PlaceWhiteFrame) -> int:
        return f["seat"]

    def actions(self, s: GameState, f: PlaceWhiteFrame) -> list[Action]:
        return [Action("place_white", s.planet.cells[h]) for h in white_places(s)]

    def apply(self, s: GameState, ev: list[Event], f: PlaceWhiteFrame, a: Action) -> None:
        s.frames.remove(f)
        place_white(s, ev, s.planet.index[a.arg], f"chosen by player {f['seat'] + 1}")

    def advance(self, s: GameState, ev: list[Event], f: PlaceWhiteFrame) -> bool:
        if white_places(s):
            return False
        s.frames.pop()  # every corner is taken: asked again at the start of a later turn
        return True


for _kind in (WhiteRollKind(), PlaceWhiteKind()):
    register_frame(_kind)
GRAMMAR.handle("place_white", describe=lambda s, a: f"Place the White Crester at {where(s, s.planet.index[a.arg])}")


# =============================================================================== the variant
class WithWhiteCrester(Hooks):
    """A game with the White Crester in it (the variant and both team modes): it moves after the red
    cresters at every rest at sky (see :func:`windward_nb.windward.engine.move_white`)."""

    white_crester = True


class GreatWhiteCrester(WithWhiteCrester):
    """The advanced variant "Great White Crester" (``variants=["white"]``)."""

    name = "white"
    kind = "variant"
    title = "Great White Crester"

    def after_action(self, s: GameState, ev: list[Event]) -> None:
        white_appears_check(s)


WHITE = register(GreatWhiteCrester())
