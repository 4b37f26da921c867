"""The games of the wind family, each registered once, with every part the family asks it for.

This is the one place that says where a game's parts live (its rules, new games, record format,
bots, view, picture, odds, lessons, OpenSpiel description and widgets); everything else asks
the registry (:mod:`windward_nb.core.registry`). Nothing is imported here: a part is imported
the first time it is asked for (``ww.new_game(game="north-wind")``,
``ww.load_record("voyage.nwr.json")``), so using one game never loads another. A module
starting with ``.`` is inside the game's package.

>>> from windward_nb.core import registry
>>> [registry.get(g.name).title for g in GAMES]   # other games (tests' toy games) may be registered too
['Windward', 'North Wind', 'Winds of Plunder', 'Tailwinds']
>>> registry.part("tailwinds", "rules").game
'tailwinds'
"""

from __future__ import annotations

from .core.registry import GameType, register

GAMES = (
    GameType(name="windward", title="Windward", module="windward_nb.windward",
             record_format="windward-record", suffix=".wwr.json", players=(1, 5), parts={
                 "new_game": ".game:new_game", "rules": ".rules:RULES", "record": ".record:Record",
                 "game": ".game:Game", "replay": ".replay:Replay", "score_sheet": ".replay:score_sheet",
                 "bots": ".bots:BOTS", "view": ".gameview:VIEW", "svg": ".svg:board_svg",
                 "simulation_tally": ".simulate:simulation_tally", "sim_result": ".simulate:SimResult",
                 "odds": ".odds", "lessons": ".lessons",
                 "openspiel": "windward_nb.openspiel.windward",
                 "table": "windward_widgets.play_table:PlayTable",
                 "replay_viewer": "windward_widgets.analysis:ReplayViewer"}),
    GameType(name="north-wind", title="North Wind", module="windward_nb.northwind",
             record_format="north-wind-record", suffix=".nwr.json", players=(2, 4), parts={
                 "new_game": ".game:new_game", "rules": ".rules:RULES", "record": ".record:Record",
                 "bots": ":BOTS", "view": ".view:VIEW", "svg": ".svg:board_svg",
                 "simulation_tally": ".simulation:simulation_tally", "odds": ".odds",
                 "lessons": ".lessons", "openspiel": "windward_nb.openspiel.northwind",
                 "table": "windward_widgets.northwind.table:NorthWindTable",
                 "replay_viewer": "windward_widgets.northwind.voyage_board:NorthWindReplay"}),
    GameType(name="winds-of-plunder", title="Winds of Plunder", module="windward_nb.plunder",
             record_format="winds-of-plunder-record", suffix=".wpr.json", players=(3, 5), parts={
                 "new_game": ":new_game", "rules": ".rules:RULES", "record": ".record:Record",
                 "bots": ":BOTS", "view": ".view:VIEW", "svg": ".svg:board_svg",
                 "simulation_tally": ".experiments:simulation_tally",
                 "lessons": ".lessons", "openspiel": "windward_nb.openspiel.plunder",
                 "table": "windward_widgets.plunder.table:PlunderTable",
                 "replay_viewer": "windward_widgets.plunder.replay:PlunderReplay"}),
    GameType(name="tailwinds", title="Tailwinds", module="windward_nb.tailwinds",
             record_format="tailwinds-record", suffix=".twr.json", players=(2, 4), parts={
                 "new_game": ".game:new_game", "rules": ".rules:RULES", "record": ".record:Record",
                 "bots": ":BOTS", "view": ".view:VIEW", "svg": ".svg:board_svg",
                 "simulation_tally": ".stats:simulation_tally",
                 "lessons": ".lessons", "openspiel": "windward_nb.openspiel.tailwinds",
                 "table": "windward_widgets.tailwinds.table:TailwindsTable",
                 "replay_viewer": "windward_widgets.tailwinds.replay:TailwindsReplay"}),
)

for _t in GAMES:
    register(_t)
