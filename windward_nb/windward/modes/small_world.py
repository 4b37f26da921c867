"""Small World (advanced variant): the small side of the planet tiles.

Chosen with ``planet="small"``. The planet is smaller, and the red cresters move
two spaces at a rest instead of three (the Solo Adventure keeps its own speed,
which its mode decides first).
"""

from __future__ import annotations


from ..hooks import Hooks, register
from ..state import GameState


class SmallWorld(Hooks):
    name = "small"
    kind = "planet"
    title = "Small World"

    def red_speed(self, s: GameState) -> int | None:
        return 2


SMALL_WORLD = register(SmallWorld())
