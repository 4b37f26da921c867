"""Each player's cards at a Tailwinds table; a card chosen face down stays hidden from the others.

The panel shows the hand of ``viewer`` (the person deciding now, at a hot-seat table)
with a button per card to choose it face down, their rainbow card, and for every
other player only what the table can see: how many cards they hold, that a card
lies face down, the card they revealed, their played and removed cards.

>>> from windward_nb.tailwinds import new_game
>>> g = new_game(players=2, seed=11, characters=["sailor", "pirate"])
>>> while g.state.phase != "choose": _ = g.apply(g.legal_actions()[-1])
>>> p = HandPanel(g, act=lambda actions: [g.apply(a) for a in actions])
>>> p.refresh(viewer=0); [b.description for b in p.card_buttons if b.layout.display != "none"][:3]
['1', '2', 'Manoeuvre (3)']
>>> p.card_buttons[4].click(); p.refresh(viewer=1)
>>> "face down" in p.others.value and "5" not in p.others.value
True
>>> p.focused.description                    # the focus moved to player 2's first card
'1'

"""

from __future__ import annotations

from typing import Any
from collections.abc import Callable, Sequence

import ipywidgets as widgets

from windward_nb.tailwinds.view import TailwindsView, hand_view
from windward_widgets.base import MessageArea, ask, guarded
from windward_widgets.base.html import esc, hide, set_button, swatch

__all__ = ["HandPanel", "MAX_CARDS"]

MAX_CARDS = 12                 # buttons kept ready (a deck has 7 cards)


class HandPanel(widgets.VBox):
    """The viewer's hand as buttons, and what everyone may see of the other hands."""

    def __init__(self, game, *, act: Callable[[Sequence[Any]], Any], view: TailwindsView | None = None,
                 messages: MessageArea | None = None, **kwargs: Any):
        self.game = game
        self._act = act
        self.view = view or TailwindsView()
        self.messages = messages or MessageArea()
        self.viewer = -1
        self.title = widgets.HTML()
        self.card_buttons = [widgets.Button(layout=widgets.Layout(width="auto", min_width="2.5em")) for _ in
                             range(MAX_CARDS)]
        for k, b in enumerate(self.card_buttons):
            b.add_class("ww-hand-card")
            b.on_click(self._chooser(k))
        self.cards_box = widgets.HBox(self.card_buttons, layout=widgets.Layout(flex_flow="row wrap"))
        self.mine = widgets.HTML()
        self.others = widgets.HTML()
        self.others.add_class("ww-hand-others")
        self._keys: list[str] = []
        children = [self.title, self.cards_box, self.mine, self.others]
        if messages is None:
            children.append(self.messages)
        super().__init__(children=children, **kwargs)
        self.add_class("ww-hand-panel")

    def act(self, actions: Sequence[Any]) -> Any:
        return self._act(list(actions))

    def _chooser(self, k: int) -> Callable[[Any], None]:
        return lambda b: self._choose(k, b)

    @guarded()
    def _choose(self, k: int, b: widgets.Button) -> None:
        if k < len(self._keys):
            ask(self, [f"choose {self._keys[k]}"], b)

    def refresh(self, viewer: int | None = None) -> None:
        """Redraw for ``viewer`` (a seat; -1: nobody's private cards are shown)."""
        if viewer is not None:
            self.viewer = viewer
        s = self.game.state
        if not s.characters:
            self.title.value = "<b>Hands</b>: the decks are not dealt yet."
            hide(self.cards_box, True)
            return
        me = self.viewer if 0 <= self.viewer < s.players else -1
        names = self.view.seat_names(s)
        colours = self.view.seat_colours(s)
        with self.hold_sync():
            if me >= 0:
                h = hand_view(s, me, me)
                self._keys = [c["key"] for c in h["hand"]]
                title = f"<b>Your hand</b>, {swatch(colours[me], names[me])}"
                if self.title.value != title:
                    self.title.value = title
                for k, b in enumerate(self.card_buttons):
                    if k < len(h["hand"]):
                        c = h["hand"][k]
                        label = c["name"] if c["name"] == str(c["value"]) else f"{c['name']} ({c['value']})"
                        set_button(b, description=label, tooltip=c["text"] or f"move {c['value']}",
                                   disabled=not c["choosable"], style="info" if c["choosable"] else "")
                        hide(b, False)
                    else:
                        hide(b, True)
                hide(self.cards_box, False)
                mine = self._mine_html(h)
            else:
                self._keys = []
                hide(self.cards_box, True)
                title = "<b>Hands</b> (a player's cards show while that player decides)"
                if self.title.value != title:
                    self.title.value = title
                mine = ""
            if self.mine.value != mine:
                self.mine.value = mine
            self._follow_focus(me)
            others = "".join(self._other_html(hand_view(s, p, me), names[p], colours[p])
                             for p in range(s.players) if p != me)
            others = f'<ul style="margin:0;padding-left:1.1em;font-size:12px">{others}</ul>'
            if self.others.value != others:
                self.others.value = others

    _focus_seat = -1

    def _follow_focus(self, me: int) -> None:
        """When another seat's hand appears, the keyboard focus moves to its first card that can be
        chosen (never left on the slot the last player pressed, which now holds someone else's card)."""
        if me == self._focus_seat:
            return
        self._focus_seat = me
        first = next((b for b in self.card_buttons if b.layout.display != "none" and not b.disabled), None)
        if me >= 0 and first is not None:
            first.focus()
            self.focused = first
        else:
            self.focused = None

    #: the card button the panel last moved the focus to (None: none)
    focused: widgets.Button | None = None

    @staticmethod
    def _mine_html(h: dict) -> str:
        parts = []
        if isinstance(h["chosen"], dict):
            parts.append(f"face down: <b>{esc(h['chosen']['name'])}</b>")
        if h["revealed"]:
            parts.append(f"revealed: <b>{esc(h['revealed']['name'])}</b>")
        r = h["rainbow"]
        if isinstance(r, dict):
            parts.append(f"rainbow card: <b>{esc(r['name'])}</b> ({r['points']} points; {esc(r['text'])})")
        if h["played"]:
            parts.append("played: " + ", ".join(esc(c["name"]) for c in h["played"]))
        if h["gone"]:
            parts.append("out of the game: " + ", ".join(esc(c["name"]) for c in h["gone"]))
        return '<div style="font-size:12px">' + "; ".join(parts) + "</div>" if parts else ""

    @staticmethod
    def _other_html(h: dict, name: str, colour: str) -> str:
        n = h["hand"] if isinstance(h["hand"], int) else len(h["hand"])
        bits = [f"{n} card{'s' if n != 1 else ''} in hand"]
        if h["chosen"] == "face down":
            bits.append("a card face down")
        if h["revealed"]:
            bits.append(f"revealed {esc(h['revealed']['name'])}")
        r = h["rainbow"]
        if r == "hidden":
            bits.append("a rainbow card (unseen)")
        elif isinstance(r, dict):
            bits.append(f"rainbow card {esc(r['name'])}")
        if h["played"]:
            bits.append("played " + ", ".join(esc(c["name"]) for c in h["played"]))
        if h["gone"]:
            bits.append("Recover used")
        return f"<li>{swatch(colour, name)}: {'; '.join(bits)}</li>"
