"""A North Wind captain's ship: gold, letters, hold, brig, cabin and crow's nest, cannons, sail, tokens.

Every slot is drawn with its text (a commodity's name, a crew member's
ability, "empty"), so nothing depends on colour alone. The panel is one HTML
view rebuilt from :func:`windward_nb.northwind.view.ship_view` and sent only
when it changes.

>>> from windward_nb.northwind.scenario import scenario
>>> g = scenario(players=2, hold=[{"salt": 2}, {}], crew=[["lookout"], []])
>>> p = ShipPanel(g, 0)
>>> "salt" in p.html.value and "Lookout" in p.html.value and "crow" in p.html.value
True
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from windward_nb.northwind.view import ship_view

from windward_widgets.base.html import esc, swatch

__all__ = ["ShipPanel"]


def _slot(text: str, filled: bool, title: str = "") -> str:
    bg = "#DDEBF7" if filled else "#FFFFFF"
    style = (f"display:inline-block;min-width:4.2em;padding:1px 4px;margin:1px;border:1px solid #777;"
             f"background:{bg};font-size:12px;text-align:center;{'' if filled else 'color:#888;'}")
    return f'<span class="nw-slot" style="{style}" title="{esc(title)}">{esc(text)}</span>'


class ShipPanel(widgets.VBox):
    """The ship of ``seat`` in ``game`` (call :meth:`refresh` after the game changes)."""

    def __init__(self, game, seat: int, **kwargs: Any):
        self.game = game
        self.seat = seat
        self.view: dict[str, Any] = {}
        self.html = widgets.HTML()
        self.html.add_class("nw-ship")
        super().__init__(children=[self.html], **kwargs)
        self.add_class("nw-ship-panel")
        self.layout.border = "1px solid #B9C2CA"
        self.layout.padding = "2px 6px"
        self.refresh()

    def refresh(self) -> None:
        v = self.view = ship_view(self.game.state, self.seat)
        value = self.render(v)
        if self.html.value != value:
            self.html.value = value

    @staticmethod
    def render(v: dict) -> str:
        turn = " (to play)" if v["active"] else ""
        head = (f'<div style="font-weight:bold">{swatch(v["colour"], v["name"])}{esc(turn)}: {v["gold"]} gold, '
                f'{v["letters"]}/{v["letters_max"]} letters, task tokens on the board {v["on_board"]}/{v["target"]}'
                "</div>")
        hold = "".join(_slot(g or "empty", bool(g)) for g in v["hold"])
        brig = "".join(_slot("captain" if b else "empty", b) for b in v["brig"])
        cabin = "".join(_slot(s["ability"].capitalize() if s["filled"] else f"({s['ability']})", s["filled"],
                              f"{s['ability']} slot, {s['where']}") for s in v["slots"] if s["where"] == "cabin")
        nest = "".join(_slot(s["ability"].capitalize() if s["filled"] else "(lookout)", s["filled"], "crow's nest")
                       for s in v["slots"] if s["where"] != "cabin")
        cannons = "".join(_slot("cannon" if c else "empty", c) for c in v["cannons"])
        sail = "".join(_slot(f"sail {n}" + (" <" if n == v["sail"] else ""), n <= v["sail"]) for n in v["sail_levels"])
        rows = [("Hold", hold), ("Brig", brig), ("Cabin", cabin), ("Crow's nest", nest), ("Cannons", cannons),
                ("Sail", sail)]
        body = "".join(f'<tr><th scope="row" style="text-align:left;padding-right:6px;font-size:12px">{name}</th>'
                       f"<td>{cells}</td></tr>" for name, cells in rows)
        foot = f'<div style="font-size:12px">{v["crew_supply"]} crew member(s) still in the supply</div>'
        return f'{head}<table class="nw-ship-slots">{body}</table>{foot}'
