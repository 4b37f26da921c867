"""Interactive Jupyter widgets for windward_nb, built on bqplot and ipywidgets.

The widgets draw what the engine (:mod:`windward_nb`) computes and turn clicks
into engine actions; no game rule lives in this package.
"""

from .board import BoardWidget

__all__: list[str] = ["BoardWidget"]
