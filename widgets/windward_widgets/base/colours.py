"""Colours shared by the boards and panels: named seat and piece colours, and legible ink.

>>> colour_of("blue"), colour_of("#123456")
('#0072B2', '#123456')
>>> text_colour("#2B3A4A"), text_colour("#F3F1EA")
('#FFFFFF', '#000000')
"""

from __future__ import annotations

from windward_nb.core.svg import NAMED_COLOURS, colour_of

__all__ = ["COLOURS", "colour_of", "text_colour", "relative_luminance", "contrast"]

# Named colours used by the games' views (seat colours, piece kinds, cargo): the core's table, so the
# static SVG boards and the widgets draw the same colours. Every piece also has its own shape and label.
COLOURS: dict[str, str] = NAMED_COLOURS
_CSS_NAMES = {"white": "#ffffff", "black": "#000000", "grey": "#808080", "gray": "#808080", "red": "#ff0000",
              "blue": "#0000ff", "green": "#008000", "yellow": "#ffff00", "orange": "#ffa500", "purple": "#800080"}


def relative_luminance(colour: str) -> float:
    """WCAG relative luminance of a ``#rrggbb`` colour."""
    r, g, b = (int(colour[k:k + 2], 16) / 255 for k in (1, 3, 5))
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two ``#rrggbb`` colours (1 to 21)."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def text_colour(fill: str) -> str:
    """Black or white, whichever has the higher contrast ratio on ``fill`` (a #rrggbb colour or a
    CSS name), as the WCAG defines contrast."""
    c = _CSS_NAMES.get(fill.lower(), fill)
    if not (c.startswith("#") and len(c) == 7):
        return "#000000"
    lum = relative_luminance(c)
    return "#000000" if (lum + 0.05) / 0.05 >= 1.05 / (lum + 0.05) else "#FFFFFF"
