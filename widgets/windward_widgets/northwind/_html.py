"""Small HTML helpers of the North Wind widgets."""

from __future__ import annotations

import html

esc = html.escape

KIND_STYLE = {"info": ("#1A3A5A", "#E8F1F8"), "warning": ("#5A3A00", "#FFF4D6"), "ok": ("#0B4A1E", "#E3F4E8")}


def message_html(text: str, kind: str = "info") -> str:
    ink, paper = KIND_STYLE.get(kind, KIND_STYLE["info"])
    if not text:
        return ""
    return (f'<div role="status" class="nw-msg nw-msg-{kind}" style="color:{ink};background:{paper};'
            f'padding:2px 8px;border-radius:4px">{esc(text)}</div>')


def swatch(colour: str, label: str) -> str:
    """A colour chip followed by its text (colour is never the only cue)."""
    return (f'<span style="display:inline-block;width:0.8em;height:0.8em;background:{colour};'
            f'border:1px solid #333;margin-right:3px;vertical-align:middle"></span>{esc(label)}')
