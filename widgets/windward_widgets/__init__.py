"""Interactive Jupyter widgets for windward_nb, built on bqplot and ipywidgets.

The widgets draw what the engine computes and turn clicks into engine actions; no
game rule lives in this package. :mod:`windward_widgets.base` is the shell every
game of the family plugs into through its :class:`~windward_nb.core.view.GameView`
(see ``docs/widgets.md``); the names below are Windward's widgets, built on it, and
are imported on first use (so a sister game's widgets never load Windward's).
"""

from __future__ import annotations

#: public name -> the module that defines it
_WHERE = {
    "ActionsPanel": "panels", "BattlePanel": "panels", "ShipBoardPanel": "panels",
    "BoardWidget": "board", "GameBoard": "game_board", "PlayTable": "play_table",
    "ReachMap": "analysis", "ReplayViewer": "analysis", "OddsExplorer": "odds_explorer",
}

__all__: list[str] = sorted(_WHERE)


def __getattr__(name: str):
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'windward_widgets' has no attribute {name!r}")
    from windward_nb.core.registry import resolve  # the family's one importer by name

    value = resolve(f"{__name__}.{module}:{name}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_WHERE))
