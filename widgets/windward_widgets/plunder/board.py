"""The Caribbean map of Winds of Plunder on the shell's spaces board.

Everything on it comes from :data:`windward_nb.plunder.view.VIEW`: the twelve
ports in their areas (columns, west to east) and in the map's north-to-south
order (rows, numbered 1-12), each port's VP tile beside it, the Rotation Bar,
the ships and reputation cubes, and the compass (a diamond per direction, the
wind in the middle). This board adds what a view cannot say in spaces: the
areas' light and dark bands, the port names and the bar's label.
"""

from __future__ import annotations

from typing import Any
from collections.abc import Callable, Sequence

import bqplot as bq
import numpy as np

from windward_nb.plunder.components import COMPONENTS
from windward_nb.plunder.view import (AREA_FILL, BAR_Y, COLUMN, ITEM_FILL, ITEM_LETTER, N_BAR, TILE_DX, VIEW,
                                      port_xy)
from windward_widgets.base import GameViewBoard, SpacesBoard
from windward_widgets.base.spaces_board import strings

__all__ = ["CaribbeanMap", "MapLook", "ReplayMap"]

_C = COMPONENTS


class MapLook:
    """What makes a spaces board the Caribbean: area bands, area titles, port names, the bar's label.

    Mixed into a :class:`~windward_widgets.base.SpacesBoard` subclass; call
    :meth:`_bands_under` once after the board is built.
    """

    what = "map"
    space_word = "place"
    NAME_PX = 11

    def _bands_under(self) -> None:
        # the areas' bands lie under everything, the spaces included (built once, never moved)
        self.fig.marks = [self.area_mark, self.area_label_mark, *self.fig.marks]
        self.add_class("wop-map")

    def _bounds(self) -> tuple[float, float, float, float]:
        x0, x1, y0, y1 = super()._bounds()  # type: ignore[misc]
        return x0 - 0.4, x1 + 3.4, y0 - 0.2, y1 + 1.1      # room for the names and the area titles

    def _build_under(self) -> list[bq.Mark]:
        marks = super()._build_under()  # type: ignore[misc]
        top, bottom = 1.6, BAR_Y + 1.2
        xs, ys, fills = [], [], []
        for a in range(4):
            left, right = a * COLUMN - COLUMN / 2 + 0.2, a * COLUMN + COLUMN / 2 + 0.2
            xs.append([left, right, right, left, left])
            ys.append([top, top, bottom, bottom, top])
            fills.append(AREA_FILL[a % 2])
        self.area_mark = bq.Lines(x=np.array(xs), y=np.array(ys), scales=self._scales, fill="inside",
                                  colors=fills, fill_colors=fills, fill_opacities=[1.0] * 4, stroke_width=0,
                                  interactions={})
        self.area_label_mark = bq.Label(
            x=[a * COLUMN + 0.2 for a in range(4)], y=[top - 0.55] * 4, scales=self._scales,
            text=strings([f"Area {a + 1}" for a in range(4)]), colors=["#2B3A4A"], align="middle",
            default_size=self._font(12), font_weight="bold", interactions={})
        return marks            # the bands go under the spaces: see __init__

    def _build_over(self) -> list[bq.Mark]:
        px = [port_xy(p.index)[0] + TILE_DX + 0.75 for p in _C.ports] + [0.2]
        py = [port_xy(p.index)[1] - 0.15 for p in _C.ports] + [BAR_Y + 0.85]
        names = [p.name for p in _C.ports] + [f"Rotation Bar ({N_BAR} tiles; the last comes to a port next)"]
        self.name_mark = bq.Label(x=px, y=py, scales=self._scales, text=strings(names), colors=["#1B1B1B"],
                                  align="start", default_size=self._font(self.NAME_PX), interactions={})
        return [self.name_mark]

    def _legend_items(self) -> list[tuple[str, str, str, str]]:
        items = [(ITEM_FILL[k], f"{ITEM_LETTER[k]}", "#1B1B1B", f"VP tile giving a {name} (the number: its VP)")
                 for k, name in (("weapons", "Weapon"), ("crew", "Crew"), ("provisions", "Provision"),
                                 ("treasure", "Treasure card"))]
        items.append(("#FFFDF5", "1", "#1B1B1B", "a port, numbered north to south"))
        items.append(("#FFFFFF", "G", "#AA4499", "a Gust of Wind reaches it (3 points)"))
        return items


class CaribbeanMap(MapLook, GameViewBoard):
    """The map of a live game, played by clicks: a highlighted port sails there, a compass diamond
    sets your compass (through ``act``, a table's own, or straight to the game)."""

    def __init__(self, game, view=None, *, act: Callable[[Sequence[Any]], Any] | None = None, width: int = 560,
                 **kwargs: Any):
        super().__init__(game, view or VIEW, act=act, width=width, **kwargs)
        self._bands_under()


class ReplayMap(MapLook, SpacesBoard):
    """The map drawn from given spaces (a replay redraws it at every ply)."""

    def __init__(self, spaces: Sequence[Any], *, width: int = 520, **kwargs: Any):
        super().__init__(spaces, width=width, **kwargs)
        self._bands_under()
