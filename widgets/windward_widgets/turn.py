"""The top of the play table's controls: the coach line and the buttons for the common acts.

Windward's versions of the shell's :class:`~windward_widgets.base.CoachPanel` and
:class:`~windward_widgets.base.TurnBar`: both read :mod:`windward_nb.windward.view` (the
coach, the turn buttons, the dangers, through :mod:`windward_nb.windward.gameview`)
and hold no rule. A button is enabled only when its act is legal; its tooltip
says why not.

>>> import windward_nb as ww
>>> g = ww.new_game(players=3, seed=7)
>>> bar = TurnBar(g)
>>> [b.description for b in bar.shown()]
['Leave port', 'End turn']
>>> bar.press("leave")                      # six directions: a choice appears
>>> len([b for b in bar.choices if b.layout.display != "none"])
6
>>> bar.choose(0); g.state.planet.label(g.state.ships[0].pos)
'0,-1'
"""

from __future__ import annotations

from typing import Any
from collections.abc import Sequence

from windward_nb.windward.coach import TURN_BUTTONS  # noqa: F401  (kept for readers)
from windward_nb.windward.gameview import ICONS, VIEW  # noqa: F401

from ._util import MessageArea
from .base import turn as _base
from .panels import Act, _default_act

__all__ = ["CoachPanel", "TurnBar"]


class CoachPanel(_base.CoachPanel):
    """"What now?": Windward's coach line for whoever decides, its hints, and (set by a table)
    what happened while you waited."""

    def __init__(self, game, names: Sequence[str] | None = None, **kwargs: Any):
        kwargs.setdefault("view", VIEW)
        super().__init__(game, names, **kwargs)


class TurnBar(_base.TurnBar):
    """Buttons for the common acts of a turn: Leave port / Enter port, Pick up (gas, teeth,
    tokens, crester, longboat), Process crester, End turn.

    Only the buttons that make sense where the ship is are shown; each is enabled only
    when its act is legal (the tooltip says why not). Leave port opens a choice of the
    legal directions. A dangerous act (End turn with speed or mates unused...) asks twice.
    """

    def __init__(self, game, act: Act | None = None, messages: MessageArea | None = None, **kwargs: Any):
        kwargs.setdefault("view", VIEW)
        super().__init__(game, act=act or _default_act(game), messages=messages, **kwargs)
