"""The games of the wind family, registered with the core by name.

Each is imported only when first used (``ww.new_game(game="north-wind")``,
``ww.load_record("voyage.nwr.json")``), so using one game never loads another.

>>> from windward_nb.core import registry
>>> [registry.get(g.name).title for g in GAMES]   # other games (tests' toy games) may be registered too
['Windward', 'North Wind', 'Winds of Plunder', 'Tailwinds']
"""

from __future__ import annotations

from .core.registry import GameType, register

GAMES = (
    GameType(name="windward", title="Windward", module="windward_nb.windward",
             record_format="windward-record", suffix=".wwr.json", players=(1, 5)),
    GameType(name="north-wind", title="North Wind", module="windward_nb.northwind",
             record_format="north-wind-record", suffix=".nwr.json", players=(2, 4)),
    GameType(name="winds-of-plunder", title="Winds of Plunder", module="windward_nb.plunder",
             record_format="winds-of-plunder-record", suffix=".wpr.json", players=(3, 5)),
    GameType(name="tailwinds", title="Tailwinds", module="windward_nb.tailwinds",
             record_format="tailwinds-record", suffix=".twr.json", players=(2, 4)),
)

for _t in GAMES:
    register(_t)
