"""Small helpers shared by Windward's widgets: the shell's messages and HTML bits, with
Windward's dangerous actions.

Everything here lives in :mod:`windward_widgets.base` (any game uses it); this module keeps
the names Windward's widgets and notebooks import.
"""

from __future__ import annotations

from typing import Any
from collections.abc import Callable

from windward_nb.errors import IllegalActionError
from windward_nb.windward.gameview import VIEW

from .base import messages as _messages
from .base.html import esc, hide, swatch, track
from .base.messages import (MESSAGE_STYLE, ConfirmNeeded, MessageArea, bug_html, guarded,
                            message_html)

__all__ = ["Confirmer", "ConfirmNeeded", "MessageArea", "bug_html", "esc", "guarded", "hide", "message_html",
           "swatch", "track", "MESSAGE_STYLE", "IllegalActionError"]


class Confirmer(_messages.Confirmer):
    """Asks twice before a dangerous action, as :func:`windward_nb.windward.view.danger` defines it."""

    def __init__(self, danger: Callable[[Any, Any], str | None] | None = None) -> None:
        super().__init__(danger or VIEW.danger)
