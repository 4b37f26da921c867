"""Small helpers shared by the widgets: error capture, HTML bits, colours."""

from __future__ import annotations

import functools
import html
import traceback
from typing import Any, Callable

import ipywidgets as widgets

from .board import colour_of

try:
    from windward_nb.errors import IllegalActionError
except ImportError:  # pragma: no cover
    IllegalActionError = ValueError  # type: ignore[misc,assignment]

esc = html.escape

MESSAGE_STYLE = {"info": ("ℹ", "#1A3A5A", "#E8F1F8"), "warning": ("⚠", "#5A3A00", "#FFF4D6"),
                 "error": ("✖", "#6B0F0F", "#FCE4E4"), "ok": ("✔", "#0B4A1E", "#E3F4E8")}


def message_html(text: str, kind: str = "info") -> str:
    icon, ink, paper = MESSAGE_STYLE.get(kind, MESSAGE_STYLE["info"])
    return (f'<div role="status" class="ww-msg ww-msg-{kind}" style="color:{ink};background:{paper};'
            f'padding:2px 8px;border-radius:4px;line-height:1.4">{icon} {esc(text)}</div>')


class MessageArea(widgets.VBox):
    """A one-line status message plus an Output that keeps tracebacks of callback errors."""

    def __init__(self, width: str = "100%", **kwargs: Any):
        self.line = widgets.HTML(value="", layout=widgets.Layout(min_height="1.6em", width=width))
        self.line.add_class("ww-message")
        self.errors_out = widgets.Output(layout=widgets.Layout(width=width, max_height="10em", overflow="auto"))
        self.errors_out.add_class("ww-error-log")
        self.text = ""
        super().__init__(children=[self.line, self.errors_out], **kwargs)

    def show(self, text: str, kind: str = "info") -> None:
        self.text = text
        self.line.value = message_html(text, kind) if text else ""

    def clear(self) -> None:
        self.show("")

    def error(self, exc: BaseException, context: str = "") -> None:
        if isinstance(exc, IllegalActionError):
            self.show(str(exc), "warning")
            return
        where = f" while {context}" if context else ""
        self.show(f"Error{where}: {type(exc).__name__}: {exc}", "error")
        self.errors_out.append_stderr("".join(traceback.format_exception(type(exc), exc, exc.__traceback__)))


def guarded(messages_attr: str = "messages", context: str = "") -> Callable:
    """Decorate a callback method: an exception is shown in ``self.<messages_attr>`` instead of lost."""

    def deco(fn: Callable) -> Callable:
        @functools.wraps(fn)
        def wrapper(self, *args: Any, **kwargs: Any) -> Any:
            try:
                return fn(self, *args, **kwargs)
            except Exception as exc:  # noqa: BLE001 - shown in the widget
                target = getattr(self, messages_attr, None)
                if target is None:
                    raise
                target.error(exc, context or fn.__name__.strip("_").replace("_", " "))
                return None
        return wrapper

    return deco


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
    want = "none" if hidden else None
    if w.layout.display != want:
        w.layout.display = want
