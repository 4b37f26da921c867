"""North Wind widgets on the play table shell: :class:`VoyageBoard` (stacks, revealed row, task
board), :class:`ShipPanel` (a captain's ship, slot by slot), :class:`NorthWindTable` (the whole
game in one cell) and :class:`NorthWindReplay` (a recorded game, ply by ply).

They draw what :mod:`windward_nb.northwind.view` computes and turn clicks into
engine actions; no rule lives here.
"""

from .ship_panel import ShipPanel
from .table import NorthWindTable
from .voyage_board import LabelledBoard, NorthWindReplay, VoyageBoard

__all__ = ["LabelledBoard", "NorthWindReplay", "NorthWindTable", "ShipPanel", "VoyageBoard"]
