"""Small HTML and button helpers shared by the panels.

>>> track(2, 4)
'<span aria-hidden="true" style="color:#1B1B1B;letter-spacing:1px">●●○○</span> 2/4'
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from .colours import colour_of

__all__ = ["esc", "swatch", "track", "hide", "button", "set_button", "ARMED_TEXT"]

esc = html.escape
#: what a button says while it waits for the second click of a dangerous action
ARMED_TEXT = "Click again to confirm"


def swatch(colour: str, text: str = "", shape: str = "▲") -> str:
    """A coloured shape with text, readable without colour (the text says it)."""
    fill = colour_of(colour)
    return (f'<span style="color:{fill};-webkit-text-stroke:0.6px #1B1B1B;font-size:1.1em">{shape}</span>'
            f"{(' ' + esc(text)) if text else ''}")


def track(value: int, maximum: int, full: str = "●", empty: str = "○", colour: str = "#1B1B1B") -> str:
    """A row of symbols for a track or slots, with the number after it (e.g. ●●○○ 2/4)."""
    value = max(0, min(int(value), int(maximum)))
    return (f'<span aria-hidden="true" style="color:{colour};letter-spacing:1px">{full * value}{empty * (maximum - value)}'
            f"</span> {value}/{maximum}")


def hide(w: widgets.Widget, hidden: bool) -> None:
    """Hide or show a widget (sends nothing when it is already so)."""
    want = "none" if hidden else None
    if w.layout.display != want:
        w.layout.display = want


def button(description: str, **kw: Any) -> widgets.Button:
    """A button as wide as its text."""
    return widgets.Button(description=description, layout=widgets.Layout(width="auto", min_width="2.5em"), **kw)


def set_button(b: widgets.Button, *, description: str | None = None, tooltip: str | None = None,
               style: str | None = None, icon: str | None = None, disabled: bool | None = None) -> None:
    """Change only what differs (each change is a message to the browser)."""
    for name, value in (("description", description), ("tooltip", tooltip), ("button_style", style),
                        ("icon", icon), ("disabled", disabled)):
        if value is not None and getattr(b, name) != value:
            setattr(b, name, value)
