"""Small HTML tables for notebook displays (``_repr_html_``): :func:`table` and :func:`percent`.

Plain, self-contained HTML (inline styles only, no scripts), so a saved notebook shows
the table on GitHub and nbviewer.

>>> html = table(["side", "wins"], [["attacker", percent(0.25)], ["defender <b>", percent(0.75)]])
>>> html.count("<tr>"), "25.00%" in html, "defender &lt;b&gt;" in html
(3, True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import Any

__all__ = ["table", "percent", "escape", "text_escape"]

_CELL = "padding:2px 8px;text-align:right"


def text_escape(value: Any) -> str:
    """``value`` as text safe inside an SVG/HTML element or a double-quoted attribute (apostrophes
    left as they are, unlike :func:`escape`).

    >>> print(text_escape('<b> & "c"'), text_escape("it's"))
    &lt;b&gt; &amp; &quot;c&quot; it's
    """
    return (str(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def percent(p: Any, digits: int = 2) -> str:
    """A probability as a percentage (``0.25`` -> ``'25.00%'``; exact fractions too)."""
    if isinstance(digits, bool) or not isinstance(digits, int) or not 0 <= digits <= 12:
        raise ValueError(f"digits must be a whole number 0-12, got {digits!r:.40}")
    return f"{100 * float(p):.{digits}f}%"


def table(header: Sequence[Any], rows: Iterable[Sequence[Any]], caption: str = "",
          shade: Sequence[Sequence[float | None]] | None = None) -> str:
    """An HTML table: ``header`` cells, then ``rows`` whose first cell is a row heading.

    ``shade`` (same shape as the rows' data cells, values 0-1 or None) tints each cell, darker
    for larger values, as a heat map."""
    if not isinstance(caption, str):
        raise TypeError(f"caption must be text, got {type(caption).__name__}")
    if isinstance(header, (str, bytes)) or not isinstance(header, (list, tuple)):
        raise TypeError(f"header must be a list of cells, got {type(header).__name__}")
    head = "".join(f'<th style="{_CELL};border-bottom:1px solid #999">{escape(str(h))}</th>' for h in header)
    body = []
    if isinstance(rows, (str, bytes)) or not hasattr(rows, "__iter__"):
        raise TypeError(f"rows must be a list of rows, got {type(rows).__name__}")
    for r, row in enumerate(rows):
        if isinstance(row, (str, bytes)) or not isinstance(row, (list, tuple)) or not row:
            raise ValueError(f"row {r} must be a non-empty list of cells, got {row!r:.40}")
        cells = [f'<th style="{_CELL}">{escape(str(row[0]))}</th>']
        for c, value in enumerate(row[1:]):
            tint = shade[r][c] if shade is not None else None
            style = _CELL + (f";background:rgba(0,114,178,{0.08 + 0.5 * min(1.0, max(0.0, tint)):.2f})"
                             if tint is not None else "")
            cells.append(f'<td style="{style}">{escape(str(value))}</td>')
        body.append("<tr>" + "".join(cells) + "</tr>")
    cap = (f'<caption style="text-align:left;font-weight:bold;padding:2px 0">{escape(caption)}</caption>'
           if caption else "")
    return (f'<table class="wwnb-table" style="border-collapse:collapse;font-size:13px">{cap}'
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>")
