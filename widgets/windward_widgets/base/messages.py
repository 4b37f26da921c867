"""Messages that behave: one status line, refusals in plain words, bugs folded in a details box,
guarded callbacks, and the second click a dangerous action needs.

A person's mistake (an illegal action, a typo, a dangerous action asked once) is a
warning; only an unexpected exception is called a bug, and its traceback stays
folded inside "Details for a bug report".

>>> m = MessageArea()
>>> from windward_nb.core.errors import IllegalActionError
>>> m.error(IllegalActionError("Bidding", "you hold no 3")); m.kind, m.text
('warning', 'you hold no 3 [Bidding]')
>>> m.error(KeyError("x")); m.kind, m.errors_out.value.startswith('<details class="ww-bug"')
('error', True)
"""

from __future__ import annotations

import functools
import html
import traceback
from typing import Any
from collections.abc import Callable

import ipywidgets as widgets

__all__ = ["MessageArea", "ConfirmNeeded", "Confirmer", "guarded", "message_html", "bug_html", "is_refusal",
           "MESSAGE_STYLE"]

esc = html.escape

MESSAGE_STYLE = {"info": ("ℹ", "#1A3A5A", "#E8F1F8"), "warning": ("⚠", "#5A3A00", "#FFF4D6"),
                 "error": ("✖", "#6B0F0F", "#FCE4E4"), "ok": ("✔", "#0B4A1E", "#E3F4E8")}


def message_html(text: str, kind: str = "info") -> str:
    icon, ink, paper = MESSAGE_STYLE.get(kind, MESSAGE_STYLE["info"])
    return (f'<div role="status" class="ww-msg ww-msg-{kind}" style="color:{ink};background:{paper};'
            f'padding:2px 8px;border-radius:4px;line-height:1.4">{icon} <span class="ww-msg-text">{esc(text)}</span></div>')


class ConfirmNeeded(Exception):
    """A dangerous action was asked for once: the table wants a second click (shown as a warning)."""


def is_refusal(exc: BaseException) -> bool:
    """A person's mistake rather than a bug: a rules refusal of any game (it names a ``rule``
    and a ``reason``), or a dangerous action asked for once."""
    return isinstance(exc, ConfirmNeeded) or (isinstance(exc, ValueError) and hasattr(exc, "rule")
                                              and hasattr(exc, "reason"))


def bug_html(exc: BaseException, context: str = "") -> str:
    """A collapsed ``<details>`` box with the traceback of a genuine bug (never shown open)."""
    tb = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    where = f" while {esc(context)}" if context else ""
    return (f'<details class="ww-bug" style="font-size:12px"><summary>Details for a bug report{where}</summary>'
            f'<pre style="white-space:pre-wrap;max-height:12em;overflow:auto">{esc(tb)}</pre></details>')


class MessageArea(widgets.VBox):
    """A one-line status message, plus a collapsed details box for the traceback of a genuine bug."""

    def __init__(self, width: str = "100%", **kwargs: Any):
        self.line = widgets.HTML(value="", layout=widgets.Layout(min_height="1.6em", width=width))
        self.line.add_class("ww-message")
        self.errors_out = widgets.HTML(value="", layout=widgets.Layout(width=width))
        self.errors_out.add_class("ww-error-log")
        self.text = ""
        self.kind = ""
        super().__init__(children=[self.line, self.errors_out], **kwargs)

    def show(self, text: str, kind: str = "info") -> None:
        self.text = text
        self.kind = kind if text else ""
        value = message_html(text, kind) if text else ""
        if self.line.value != value:
            self.line.value = value

    def clear(self) -> None:
        """Clear the message and any bug details (after a successful action)."""
        self.show("")
        if self.errors_out.value:
            self.errors_out.value = ""

    def error(self, exc: BaseException, context: str = "") -> None:
        """Show ``exc``: a refusal as a warning in plain words, anything else as a bug."""
        if is_refusal(exc):
            self.show(str(exc), "warning")
            return
        where = f" while {context}" if context else ""
        self.show(f"Something went wrong{where}: {type(exc).__name__}: {exc}. This is a bug in the workbook, "
                  "not your mistake.", "error")
        self.errors_out.value = bug_html(exc, context)


class Confirmer:
    """Asks twice before a dangerous action (as ``danger(state, action)`` defines it, e.g. a
    game view's :meth:`~windward_nb.core.view.GameView.danger`).

    :meth:`check` raises :class:`ConfirmNeeded` the first time a dangerous action is asked
    for in a position, and lets it through when the same action is asked for again in the
    same position; any other action disarms it.
    """

    def __init__(self, danger: Callable[[Any, Any], str | None] | None = None) -> None:
        self.danger = danger
        self.armed: tuple[str, str] | None = None

    def check(self, state, actions) -> None:
        if not actions or self.danger is None:
            return
        first = str(actions[0])
        why = self.danger(state, first)
        if not why:
            self.armed = None
            return
        key = (state.fingerprint(), first)
        if self.armed == key:
            self.armed = None
            return
        self.armed = key
        raise ConfirmNeeded(f"{why} Click again to confirm.")


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
