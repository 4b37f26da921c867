"""The hot-seat curtain: one screen passed round the table, and no secret seen by the wrong player.

When the decision passes from one person to another and the next one has something only they
may see (a hand, a sealed vote or bid, a card chosen face down, what a Lookout saw), a play table
hides its board and controls behind this curtain: "Pass to Blue -- click when ready". The next
player takes the screen and clicks; only then is the table drawn for them, every control starting
from its neutral value (nothing the last player set or typed carries over).

>>> c = Curtain(lambda: None)
>>> c.show("Blue"); c.button.description, "Pass the screen to Blue" in c.message.value
('I am Blue: show my view', True)
>>> c.shown
True
"""

from __future__ import annotations

from typing import Any
from collections.abc import Callable

import ipywidgets as widgets

from .html import esc, hide, set_button

__all__ = ["Curtain"]


class Curtain(widgets.VBox):
    """A banner and a button that hand the screen to the next player (see the module docstring).
    ``ready()`` is called when the button is clicked."""

    def __init__(self, ready: Callable[[], Any], **kwargs: Any):
        self.message = widgets.HTML()
        self.message.add_class("ww-curtain-text")
        self.button = widgets.Button(description="Ready", icon="eye", button_style="primary",
                                     layout=widgets.Layout(width="auto"))
        self.button.add_class("ww-curtain-ready")
        self.button.on_click(lambda _b: ready())
        self.seat_name = ""
        super().__init__(children=[self.message, self.button], **kwargs)
        self.add_class("ww-curtain")
        self.layout.border = "2px solid #1A3A5A"
        self.layout.padding = "10px 14px"
        self.layout.margin = "6px 0"
        self.layout.max_width = "640px"
        hide(self, True)

    @property
    def shown(self) -> bool:
        return self.layout.display != "none"

    def show(self, seat_name: str) -> None:
        """Lower the curtain for ``seat_name`` (the player who decides next)."""
        self.seat_name = seat_name
        value = (f'<div role="alert" style="font-size:18px;font-weight:bold;color:#1A3A5A">Pass the screen to '
                 f"{esc(seat_name)} — click when ready</div>"
                 f'<div style="font-size:13px;margin-top:4px">{esc(seat_name)} decides now, and has cards or a '
                 "sealed choice that only they may see: the board and the controls stay hidden until "
                 f"{esc(seat_name)} has the screen and clicks the button. Everyone else, look away.</div>")
        if self.message.value != value:
            self.message.value = value
        set_button(self.button, description=f"I am {seat_name}: show my view",
                   tooltip=f"click when {seat_name} alone is looking at the screen")
        hide(self, False)

    def lift(self) -> None:
        hide(self, True)
