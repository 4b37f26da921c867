"""Winds of Plunder side panels: everyone's tallies, and the sealed wind vote.

Both are built once and refreshed in place from :mod:`windward_nb.plunder.view`
and the game's observation for the seat looking at them, so a panel never
shows what that seat may not see. A button asks for an action through ``act``
(a play table passes its own, which lets the bots answer); a refusal is shown
in the panel's messages and changes nothing.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from windward_nb.plunder import view
from windward_nb.plunder.actions import PlunderAction
from windward_nb.plunder.components import DIRECTION_NAMES, DIRECTIONS, ITEMS, MARKER_NAMES
from windward_nb.plunder.view import PIRATE_COLOURS, VIEW
from windward_widgets.base import MessageArea, ask, guarded
from windward_widgets.base.actions_panel import Act, own_messages
from windward_widgets.base.html import esc, hide, set_button
from windward_widgets.base.view_board import default_act

__all__ = ["TallyPanel", "VotePanel", "swatch"]


def swatch(seat: int, text: str = "") -> str:
    """A square of the pirate's colour and its name (never colour alone)."""
    name = view.colour(seat)
    fill = PIRATE_COLOURS[name.lower()]
    return (f'<span style="display:inline-block;width:0.8em;height:0.8em;background:{fill};border:1px solid '
            f'#1B1B1B;vertical-align:middle"></span> {esc(text or name)}')


# =============================================================================== tallies
class TallyPanel(widgets.VBox):
    """Every pirate's VP, cubes, tallies, markers and cards; with ``seat`` the others' cards are counts."""

    def __init__(self, game, seat: int | None = None, **kwargs: Any):
        self.game = game
        self.seat = seat
        self.table = widgets.HTML()
        self.table.add_class("wop-tallies")
        super().__init__(children=[self.table], **kwargs)
        self.refresh()

    def html(self) -> str:
        s = self.game.state
        seat = -1 if self.seat is None else self.seat   # one screen: nobody's cards are shown
        rows = view.tallies(s, seat)
        cols = (("VP", "victory points"), ("wind", "wind cubes"), ("res.", "reserve cubes"), ("W", "Weapons"),
                ("C", "Crew"), ("P", "Provisions"), ("booty", "Booty track"), ("ports", "ports with Reputation"),
                ("cards", "action cards in hand"), ("tr.", "Buried Treasure cards"))
        head = "<tr><th></th>" + "".join(f'<th title="{t}" style="padding:0 3px">{c}</th>' for c, t in cols) + "</tr>"
        body = []
        for i, r in enumerate(rows):
            cards = r["cards"] if isinstance(r["cards"], int) else len(r["cards"])
            tre = r["treasure"] if isinstance(r["treasure"], int) else (", ".join(r["treasure"]) or "0")
            now = ' style="font-weight:bold;background:#F2F8F3"' if i == s.current else ""
            cells = (r["VP"], r["wind cubes"], r["reserve"], r["weapons"], r["crew"], r["provisions"], r["booty"],
                     r["ports"], cards, esc(str(tre)))
            body.append(f"<tr{now}><td style='text-align:left'>{swatch(i)}</td>"
                        + "".join(f'<td style="padding:0 3px">{c}</td>' for c in cells) + "</tr>")
        holders = [f"{esc(MARKER_NAMES[k])}: {esc(view.colour(s.markers[k])) if s.markers[k] >= 0 else 'nobody'}"
                   for k in ITEMS]
        holders.append(f"Blackbeard's tile: {esc(view.colour(s.blackbeard))}")
        return ('<div style="overflow-x:auto;max-width:100%">'
                '<table class="wop-tally-table" style="border-collapse:collapse;font-size:12px;text-align:right">'
                f"<caption style='text-align:left;font-weight:bold'>Round {max(s.round, 1)} of "
                f"{s.options['rounds']}</caption>{head}{''.join(body)}</table>"
                f'<div style="font-size:12px">{"; ".join(holders)}.</div></div>')

    def refresh(self) -> None:
        value = self.html()
        if self.table.value != value:
            self.table.value = value


# =============================================================================== the sealed vote
class VotePanel(widgets.VBox):
    """The wind vote as ``seat`` sees it: its own compass and fist, the others' only as "chosen".

    With ``seat=None`` (one screen passed round the table) the panel acts for
    whoever must choose now and shows nobody's sealed choice but that player's
    own. A panel never acts for another seat than its own. Whenever the choice passes to
    another player, a new round or a new phase, the cubes start at 0 (:meth:`reset`): one
    player's bid never shows on the next one's slider.
    """

    def __init__(self, game, seat: int | None = None, act: Act | None = None, messages: MessageArea | None = None,
                 **kwargs: Any):
        self.game = game
        self.seat = seat
        self.act = act or default_act(game, VIEW)
        self.messages, own = own_messages(messages)
        self.title = widgets.HTML()
        self.status = widgets.HTML()
        self.status.add_class("wop-vote-status")
        self.compass_buttons = {}
        for d in DIRECTIONS:
            b = widgets.Button(description=f"{view.ARROW[d]} {DIRECTION_NAMES[d]}", tooltip=f"compass {d}",
                               layout=widgets.Layout(width="auto", min_width="5.5em"))
            b.add_class(f"wop-compass-{d}")
            b.on_click(lambda _b, d=d: self._do(PlunderAction("compass", d), _b))
            self.compass_buttons[d] = b
        self.cubes = widgets.IntSlider(value=0, min=0, max=10, description="Cubes:", continuous_update=False,
                                       style={"description_width": "auto"}, layout=widgets.Layout(width="16em"))
        self.cubes.add_class("wop-cubes")
        self.fist = widgets.Button(description="Close your fist", button_style="primary", icon="hand-rock-o",
                                   tooltip="bid these cubes; the fists open together",
                                   layout=widgets.Layout(width="auto"))
        self.fist.add_class("wop-fist")
        self.fist.on_click(lambda _b: self._do(PlunderAction("bid", int(self.cubes.value)), _b))
        self._chooser: tuple = ()               # (who chooses, round, phase) the controls were last set for
        self.compass_row = widgets.HBox(list(self.compass_buttons.values()),
                                        layout=widgets.Layout(flex_flow="row wrap"))
        self.bid_row = widgets.HBox([self.cubes, self.fist], layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__(children=[self.title, self.status, self.compass_row, self.bid_row, *own], **kwargs)
        self.add_class("wop-vote")
        self.refresh()

    # ----------------------------------------------------------------------- acting
    @guarded()
    def _do(self, action: PlunderAction, b: widgets.Button | None = None) -> None:
        who = self.game.current_player
        if self.seat is not None and who != self.seat:
            name = view.colour(who) if who >= 0 else "nobody"
            self.messages.show(f"Not your choice: {name} decides now.", "warning")
            return
        try:
            ask(self, [action], b)
        finally:
            self.refresh()

    def viewer(self) -> int | None:
        """The seat whose view is shown: the panel's seat, or (one screen) whoever chooses now."""
        if self.seat is not None:
            return self.seat
        who = self.game.current_player
        return who if who >= 0 else None

    def reset(self) -> None:
        """The controls at their neutral values: no cubes in the fist."""
        if self.cubes.value != 0:
            self.cubes.value = 0

    # ----------------------------------------------------------------------- drawing
    def status_html(self) -> str:
        s = self.game.state
        me = self.viewer()
        obs = self.game.observation(me if me is not None else 0)
        sealed = obs["compass"] if s.phase == "compass" else obs["bids"] if s.phase == "bid" else None
        rows = []
        for i in range(s.players):
            vote, spent = obs["votes"][i], obs["spent"][i]
            if sealed is not None:
                done = i in sealed["committed"]
                own = sealed["own"] if (me == i and done) else None
                if s.phase == "compass":
                    what = (f"your compass: {DIRECTION_NAMES[own]} (face down)" if own is not None
                            else "compass face down" if done else "choosing a compass")
                else:
                    shown = f"compass {DIRECTION_NAMES[vote]}; " if vote else ""
                    what = shown + (f"your fist: {own} cubes (closed)" if own is not None
                                    else "fist closed" if done else "choosing cubes")
            elif vote is not None:
                what = f"compass {DIRECTION_NAMES[vote]}" + (f", {spent} cubes" if spent is not None else "")
            else:
                what = "waiting for the next vote"
            rows.append(f"<li>{swatch(i)}: {esc(what)}</li>")
        return '<ul style="margin:2px 0;padding-left:1.2em;font-size:13px">' + "".join(rows) + "</ul>"

    def refresh(self) -> None:
        s = self.game.state
        me = self.viewer()
        ph = s.phase
        deciding = self.game.current_player
        mine = me is not None and deciding == me
        if ph == "compass":
            title = ("Wind vote: set your compass in secret" if mine
                     else f"Wind vote: {view.colour(deciding)} sets a compass")
        elif ph == "bid":
            title = ("Wind vote: hide wind cubes in your fist" if mine
                     else f"Wind vote: {view.colour(deciding)} hides cubes")
        else:
            title = f"Wind {DIRECTION_NAMES[s.wind]}; Blackbeard: {view.colour(s.blackbeard)}"
        with self.hold_sync():
            chooser = (deciding, s.round, ph)
            if chooser != self._chooser:        # another player, round or phase: start from nothing
                self._chooser = chooser
                self.reset()
            value = f"<b>{esc(title)}</b>"
            if self.title.value != value:
                self.title.value = value
            status = self.status_html()
            if self.status.value != status:
                self.status.value = status
            for b in self.compass_buttons.values():
                set_button(b, disabled=not (ph == "compass" and mine))
            hide(self.compass_row, ph != "compass")
            hide(self.bid_row, ph != "bid")
            bidding = ph == "bid" and mine
            set_button(self.fist, disabled=not bidding, description="Close your fist", style="primary",
                       icon="hand-rock-o")
            self.cubes.disabled = not bidding
            if bidding:
                have = s.wind_cubes[deciding]
                if self.cubes.max != have:
                    self.cubes.value = min(self.cubes.value, have)
                    self.cubes.max = have
            elif self.cubes.max != 10:              # nobody's cube count stays on it
                self.cubes.max = 10


