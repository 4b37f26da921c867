"""The Caribbean map of Winds of Plunder on the shell's spaces board.

Everything on it comes from :data:`windward_nb.plunder.view.VIEW`: the twelve
ports at their places in the Caribbean (numbered 1-12 north to south), each
port's VP tile beside it, the Rotation Bar under the map, the ships and
reputation cubes, and the compass in the open Atlantic (a diamond per
direction, the wind in the middle). This board adds what a view cannot say in
spaces: the four areas as light and dark bands of sea, west to east, the
islands and coasts, the port names and the bar's label.
"""

from __future__ import annotations

from typing import Any
from collections.abc import Callable, Sequence

import bqplot as bq
import numpy as np

from windward_nb.plunder.components import COMPONENTS
from windward_nb.plunder.view import (AREA_FILL, BAR_Y, COAST, CUBE_ROW_DY, ITEM_FILL, ITEM_LETTER, LAND_EDGE, LAND_FILL,
                                      N_BAR, N_PORTS, SHIP_ROW_DY, SOUTH, VIEW, area_bounds, lonlat, name_xy)
from windward_widgets.base import GameViewBoard, SpacesBoard
from windward_widgets.base.spaces_board import strings

__all__ = ["CaribbeanMap", "MapLook", "ReplayMap"]

_C = COMPONENTS


class MapLook:
    """What makes a spaces board the Caribbean: the sea in its four areas (bands, west to east), the
    islands and coasts, the areas' titles, the port names and the bar's label. Texts keep their
    size (13 px and more at full width).

    Mixed into a :class:`~windward_widgets.base.SpacesBoard` subclass; call
    :meth:`_bands_under` once after the board is built.
    """

    what = "map"
    space_word = "place"
    NAME_PX = 13
    TEXT_SCALE = 1.0
    GLYPH_PX = 14

    def _bands_under(self) -> None:
        # the sea's bands and the land lie under everything, the spaces included (built once, never moved)
        self.fig.marks = [self.area_mark, self.land_mark, self.area_label_mark, *self.fig.marks]
        self.add_class("wop-map")

    def _bounds(self) -> tuple[float, float, float, float]:
        x0, x1, y0, y1 = super()._bounds()  # type: ignore[misc]
        west, _ = area_bounds(0)
        _, east = area_bounds(3)
        return min(x0, west), max(x1, east), y0 - 0.3, max(y1, 0.3) + 0.6     # the whole sea, the areas' titles

    def _build_under(self) -> list[bq.Mark]:
        marks = super()._build_under()  # type: ignore[misc]
        top, bottom = 0.4, lonlat(0, SOUTH)[1]
        xs, ys, fills = [], [], []
        for a in range(4):
            left, right = area_bounds(a)
            xs.append([left, right, right, left, left])
            ys.append([top, top, bottom, bottom, top])
            fills.append(AREA_FILL[a % 2])
        self.area_mark = bq.Lines(x=np.array(xs), y=np.array(ys), scales=self._scales, fill="inside",
                                  colors=fills, fill_colors=fills, fill_opacities=[1.0] * 4, stroke_width=0,
                                  interactions={})
        n = max(len(c) for c in COAST) + 1
        lx, ly = [], []
        for coast in COAST:
            pts = [lonlat(lon, lat) for lon, lat in coast]
            pts += [pts[0]] * (n - len(pts))                 # closed, padded to one length
            lx.append([x for x, _ in pts])
            ly.append([max(min(y, top), bottom) for _, y in pts])
        self.land_mark = bq.Lines(x=np.array(lx), y=np.array(ly), scales=self._scales, fill="inside",
                                  colors=[LAND_EDGE] * len(lx), fill_colors=[LAND_FILL] * len(lx),
                                  fill_opacities=[1.0] * len(lx), stroke_width=1.0, interactions={})
        self.area_label_mark = bq.Label(
            x=[sum(area_bounds(a)) / 2 for a in range(4)], y=[top - 0.75] * 4, scales=self._scales,
            text=strings([f"Area {a + 1}" for a in range(4)]), colors=["#2B3A4A"], align="middle",
            default_size=self._font(self.NAME_PX), font_weight="bold", interactions={})
        return marks            # the bands go under the spaces: see __init__

    def _build_over(self) -> list[bq.Mark]:
        px = [name_xy(p.index)[0] for p in _C.ports] + [9.0 + (N_BAR - 1) * 1.1]
        py = [name_xy(p.index)[1] - 0.25 for p in _C.ports] + [BAR_Y + 1.05]
        names = [p.name for p in _C.ports] + [f"Rotation Bar ({N_BAR} tiles; the last comes to a port next)"]
        self.name_mark = bq.Label(x=px, y=py, scales=self._scales, text=strings(names), colors=["#1B1B1B"],
                                  align="middle", default_size=self._font(self.NAME_PX), font_weight="bold",
                                  interactions={})
        return [self.name_mark]

    def _special_places(self, pieces) -> dict[int, tuple[float, float]]:
        """At a port the ships stand in a row above it and the reputation cubes in a row under it, so
        that neither hides the port, its tile or its name."""
        places = super()._special_places(pieces)  # type: ignore[misc]
        rows: dict[tuple[int, str], list[int]] = {}
        for k, p in enumerate(pieces):
            if k not in places and p["hex"] < N_PORTS and p["kind"] in ("ship", "cube"):
                rows.setdefault((p["hex"], p["kind"]), []).append(k)
        for (port, kind), members in rows.items():
            w = self.piece_size(kind)[0] + 0.1  # type: ignore[attr-defined]
            cx, cy = self.centres[port]  # type: ignore[attr-defined]
            y = cy + (SHIP_ROW_DY if kind == "ship" else CUBE_ROW_DY)
            for j, k in enumerate(members):
                places[k] = (cx + (j - (len(members) - 1) / 2) * w, y)
        return places

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
