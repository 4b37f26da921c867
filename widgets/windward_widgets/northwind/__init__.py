"""North Wind widgets: the sea and task board (:class:`VoyageBoard`) and a captain's ship (:class:`ShipPanel`).

They draw what :mod:`windward_nb.northwind.view` computes and turn clicks into
engine actions; no rule lives here.
"""

from .ship_panel import ShipPanel
from .voyage_board import VoyageBoard

__all__ = ["ShipPanel", "VoyageBoard"]
