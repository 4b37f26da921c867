"""Interactive Jupyter widgets for windward_nb, built on bqplot and ipywidgets.

The widgets draw what the engine (:mod:`windward_nb`, mostly :mod:`windward_nb.view`)
computes and turn clicks into engine actions; no game rule lives in this package.
"""

from .analysis import ReachMap, ReplayViewer
from .board import BoardWidget
from .game_board import GameBoard
from .panels import ActionsPanel, BattlePanel, ShipBoardPanel
from .play_table import PlayTable

__all__: list[str] = ["ActionsPanel", "BattlePanel", "BoardWidget", "GameBoard", "OddsExplorer", "PlayTable",
                      "ReachMap", "ReplayViewer", "ShipBoardPanel"]


def __getattr__(name: str):
    if name == "OddsExplorer":  # needs windward_nb.odds; imported on first use
        from .odds_explorer import OddsExplorer

        return OddsExplorer
    raise AttributeError(name)
