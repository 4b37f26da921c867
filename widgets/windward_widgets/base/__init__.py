"""Widgets any game of the wind family plugs into: the play table shell and its parts.

Driven by a game's :class:`windward_nb.core.view.GameView` (see ``docs/widgets.md``):

* :class:`MessageArea`, :func:`guarded`, :class:`Confirmer` -- messages that behave;
* :class:`SpacesBoard` -- a clickable board of spaces on bqplot (Windward's planet board
  is a subclass); :class:`GameViewBoard` -- one bound to a live game through its view;
* :class:`ActionsPanel`, :class:`CoachPanel`, :class:`TurnBar` -- what you can do now;
* :class:`PlayTable` -- seats, bots (watchable, in the background), undo, step, saving,
  the event log, the coach line, turn buttons, dangerous actions asked twice, and the
  while-you-waited summary; :class:`HintPanel` -- its Hint button (the coach's best actions);
* :class:`ReplayViewer` and :class:`ScoreChart` -- a recorded game, ply by ply, with its analysis board
  (:class:`AnalysisPanel`: the win-chance graph, the turning points, *Analyse from here*).

This package imports no game: it knows games only through their views.
"""

from .actions_panel import ActionsPanel, ask
from .analysis_panel import AnalysisPanel
from .colours import colour_of, text_colour
from .hint_panel import HintPanel
from .messages import ConfirmNeeded, Confirmer, MessageArea, guarded
from .play_table import PlayTable
from .replay import ReplayViewer
from .save_field import SaveField
from .score_chart import ScoreChart
from .spaces_board import SpacesBoard
from .turn import CoachPanel, TurnBar
from .view_board import GameViewBoard

__all__ = ["ActionsPanel", "AnalysisPanel",
           "CoachPanel", "ConfirmNeeded", "Confirmer", "GameViewBoard", "HintPanel", "MessageArea", "PlayTable",
           "ReplayViewer", "SaveField", "ScoreChart", "SpacesBoard", "TurnBar", "ask", "colour_of", "guarded",
           "text_colour"]
