"""Winds of Plunder side panels: everyone's tallies, and the sealed wind vote.

Both are built once and refreshed in place from :mod:`windward_nb.plunder.view`
and the game's observation for the seat looking at them, so a panel never
shows what that seat may not see. A button asks the engine for an action; a
refusal is shown in the panel and changes nothing.
"""

from __future__ import annotations

import html
from typing import Any, Callable, Sequence

import ipywidgets as widgets

from windward_nb.core.errors import IllegalActionError
from windward_nb.plunder import view
from windward_nb.plunder.actions import PlunderAction
from windward_nb.plunder.components import DIRECTION_NAMES, DIRECTIONS

__all__ = ["TallyPanel", "VotePanel", "SEAT_COLOURS", "message_html"]

esc = html.escape
#: drawing colours of the five pirates (Okabe-Ito; black drawn dark grey to stay visible)
SEAT_COLOURS = {"red": "#D55E00", "blue": "#0072B2", "green": "#009E73", "yellow": "#F0E442", "black": "#333333"}
_MSG = {"info": ("ℹ", "#1A3A5A", "#E8F1F8"), "warning": ("⚠", "#5A3A00", "#FFF4D6"),
        "error": ("✖", "#6B0F0F", "#FCE4E4"), "ok": ("✔", "#0B4A1E", "#E3F4E8")}

Act = Callable[[Sequence[PlunderAction]], Any]


def message_html(text: str, kind: str = "info") -> str:
    icon, ink, paper = _MSG.get(kind, _MSG["info"])
    return (f'<div role="status" class="wop-msg wop-msg-{kind}" style="color:{ink};background:{paper};'
            f'padding:2px 8px;border-radius:4px">{icon} {esc(text)}</div>') if text else ""


def swatch(seat: int, text: str = "") -> str:
    name = view.colour(seat)
    fill = SEAT_COLOURS[name.lower()]
    return (f'<span style="display:inline-block;width:0.8em;height:0.8em;background:{fill};border:1px solid #1B1B1B;'
            f'vertical-align:middle"></span> {esc(text or name)}')


def _default_act(game) -> Act:
    def act(actions: Sequence[PlunderAction]) -> list:
        events: list = []
        for a in actions:
            events += game.apply(a)
        return events
    return act


class _Panel(widgets.VBox):
    def __init__(self, game, seat: int | None, act: Act | None, **kwargs: Any):
        self.game = game
        self.seat = seat
        self.act = act or _default_act(game)
        self.message = widgets.HTML(value="")
        self.message.add_class("wop-message")
        super().__init__(**kwargs)

    def say(self, text: str, kind: str = "info") -> None:
        self.message.value = message_html(text, kind)

    def _apply(self, action: PlunderAction) -> None:
        who = self.game.current_player
        if self.seat is not None and who != self.seat:
            name = view.colour(who) if who >= 0 else "nobody"
            self.say(f"Not your choice: {name} decides now.", "warning")
            self.refresh()
            return
        try:
            events = self.act([action])
        except (IllegalActionError, ValueError) as exc:
            self.say(str(exc), "warning")
        else:
            self.say(" ".join(str(e) for e in (events or [])[:2]), "ok")
        self.refresh()

    def refresh(self) -> None:  # pragma: no cover - overridden
        raise NotImplementedError


# =============================================================================== tallies
class TallyPanel(_Panel):
    """Every pirate's VP, cubes, tallies, markers and cards (others' cards as counts for ``seat``)."""

    def __init__(self, game, seat: int | None = None, **kwargs: Any):
        super().__init__(game, seat, None, **kwargs)
        self.table = widgets.HTML()
        self.table.add_class("wop-tallies")
        self.children = [self.table]
        self.refresh()

    def refresh(self) -> None:
        s = self.game.state
        rows = view.tallies(s, self.seat)
        head = ("<tr><th></th><th>VP</th><th>wind</th><th>reserve</th><th>weapons</th><th>crew</th>"
                "<th>provisions</th><th>booty</th><th>ports</th><th>cards</th><th>treasure</th><th>markers</th></tr>")
        body = []
        for i, r in enumerate(rows):
            cards = r["cards"] if isinstance(r["cards"], int) else len(r["cards"])
            tre = r["treasure"] if isinstance(r["treasure"], int) else ", ".join(r["treasure"]) or "0"
            marks = ", ".join(r["markers"]) + (" · Blackbeard" if r["blackbeard"] else "")
            bold = ' style="font-weight:bold"' if i == getattr(s, "current", -1) else ""
            body.append(f"<tr{bold}><td>{swatch(i)}</td><td>{r['VP']}</td><td>{r['wind cubes']}</td>"
                        f"<td>{r['reserve']}</td><td>{r['weapons']}</td><td>{r['crew']}</td><td>{r['provisions']}</td>"
                        f"<td>{r['booty']}</td><td>{r['ports']}</td><td>{cards}</td><td>{esc(str(tre))}</td>"
                        f"<td>{esc(marks.strip(' ·'))}</td></tr>")
        value = ('<table class="wop-tally-table" style="border-collapse:collapse;font-size:12px;text-align:right">'
                 f"<caption style='text-align:left;font-weight:bold'>Round {max(s.round, 1)} of "
                 f"{s.options['rounds']}</caption>{head}{''.join(body)}</table>")
        if self.table.value != value:
            self.table.value = value


# =============================================================================== the sealed vote
class VotePanel(_Panel):
    """The wind vote as ``seat`` sees it: its own compass and fist, the others' only as 'chosen'.

    With ``seat=None`` (one screen passed round the table) the panel acts for
    whoever must choose now and still shows nobody's sealed choice.
    """

    def __init__(self, game, seat: int | None = None, act: Act | None = None, **kwargs: Any):
        super().__init__(game, seat, act, **kwargs)
        self.title = widgets.HTML()
        self.status = widgets.HTML()
        self.status.add_class("wop-vote-status")
        self.compass_buttons = {d: widgets.Button(description=DIRECTION_NAMES[d], tooltip=f"compass {d}",
                                                  layout=widgets.Layout(width="6em")) for d in DIRECTIONS}
        for d, b in self.compass_buttons.items():
            b.add_class(f"wop-compass-{d}")
            b.on_click(lambda _b, d=d: self._apply(PlunderAction("compass", d)))
        self.cubes = widgets.IntSlider(value=0, min=0, max=10, description="cubes", continuous_update=False)
        self.cubes.add_class("wop-cubes")
        self.fist = widgets.Button(description="Close the fist", button_style="primary", tooltip="bid the cubes")
        self.fist.add_class("wop-fist")
        self.fist.on_click(lambda _b: self._apply(PlunderAction("bid", int(self.cubes.value))))
        self.compass_row = widgets.HBox(list(self.compass_buttons.values()))
        self.bid_row = widgets.HBox([self.cubes, self.fist])
        self.children = [self.title, self.status, self.compass_row, self.bid_row, self.message]
        self.add_class("wop-vote")
        self.refresh()

    # ----------------------------------------------------------------------- what this seat sees
    def viewer(self) -> int | None:
        """The seat whose view is shown: the panel's seat, or (one screen) whoever chooses now."""
        if self.seat is not None:
            return self.seat
        who = self.game.current_player
        return who if who >= 0 else None

    def status_html(self) -> str:
        s = self.game.state
        me = self.viewer()
        obs = self.game.observation(me if me is not None else 0)
        rows = []
        sealed = obs["compass"] if s.phase == "compass" else obs["bids"] if s.phase == "bid" else None
        for i in range(s.players):
            vote = obs["votes"][i]
            spent = obs["spent"][i]
            if sealed is not None:
                done = i in sealed["committed"]
                own = sealed["own"] if (me == i and done) else None
                if s.phase == "compass":
                    what = (f"your compass: {DIRECTION_NAMES[own]} (face down)" if own is not None
                            else "compass face down" if done else "choosing a compass…")
                else:
                    shown = f"compass {DIRECTION_NAMES[vote]}; " if vote else ""
                    what = shown + (f"your fist: {own} cubes (closed)" if own is not None
                                    else "fist closed" if done else "choosing cubes…")
            elif vote is not None:
                what = f"compass {DIRECTION_NAMES[vote]}" + (f", {spent} cubes" if spent is not None else "")
            else:
                what = ""
            rows.append(f"<li>{swatch(i)}: {esc(what)}</li>")
        return '<ul style="margin:2px 0;padding-left:1.2em">' + "".join(rows) + "</ul>"

    def refresh(self) -> None:
        s = self.game.state
        me = self.viewer()
        ph = s.phase
        deciding = self.game.current_player
        mine = me is not None and deciding == me
        if ph == "compass":
            title = "Wind vote: set your compass in secret" if mine else f"Wind vote: {view.colour(deciding)} sets a compass"
        elif ph == "bid":
            title = ("Wind vote: hide wind cubes in your fist" if mine
                     else f"Wind vote: {view.colour(deciding)} hides cubes")
        else:
            title = f"Wind: {DIRECTION_NAMES[s.wind]}" + (f" · {view.vote_summary(s)}" if s.votes and any(s.votes) else "")
        self.title.value = f"<b>{esc(title)}</b>"
        status = self.status_html()
        if self.status.value != status:
            self.status.value = status
        for b in self.compass_buttons.values():
            b.disabled = not (ph == "compass" and mine)
        self.compass_row.layout.display = None if ph == "compass" else "none"
        bidding = ph == "bid" and mine
        self.bid_row.layout.display = None if ph == "bid" else "none"
        self.fist.disabled = self.cubes.disabled = not bidding
        if bidding:
            have = s.wind_cubes[deciding]
            if self.cubes.max != have:
                self.cubes.value = min(self.cubes.value, have)
                self.cubes.max = have
