"""The top of a play table's controls: the coach line and the buttons for the common acts.

Both read the game's view (:meth:`~windward_nb.core.view.GameView.coach`,
:meth:`~windward_nb.core.view.GameView.turn_buttons`) and hold no rule. A button is
enabled only when its act is legal; its tooltip says why not. An act with several
legal actions (Leave port: which way?) opens a choice.
"""

from __future__ import annotations

from typing import Any
from collections.abc import Callable, Sequence

import ipywidgets as widgets

from windward_nb.core.view import Coach, GameView, TurnButton, view_for

from .actions_panel import Act, ask, own_messages
from .html import ARMED_TEXT, button, esc, hide, set_button
from .messages import MessageArea, guarded
from .view_board import default_act

__all__ = ["CoachPanel", "TurnBar"]


class CoachPanel(widgets.VBox):
    """"What now?": the coach line for whoever decides, its hints, and (set by a table) what
    happened while you waited."""

    def __init__(self, game, names: Sequence[str] | None = None, view: GameView | None = None, **kwargs: Any):
        self.game = game
        self.view = view or view_for(game)
        self.names = list(names) if names else None
        self.line = widgets.HTML()
        self.line.add_class("ww-coach")
        self.waited = widgets.HTML()
        self.waited.add_class("ww-waited")
        self.coach: Coach | None = None
        super().__init__(children=[self.waited, self.line], **kwargs)
        self.add_class("ww-coach-panel")
        self.refresh()

    @property
    def text(self) -> str:
        return self.coach.text if self.coach else ""

    def refresh(self, note: str = "") -> None:
        """Redraw the line; ``note`` (e.g. "Player 2's bot is playing") is put in front."""
        c = self.coach = self.view.coach(self.game.state, self.names)
        hints = "".join(f'<li style="line-height:1.3;margin:1px 0">{esc(h)}</li>' for h in c.hints)
        hints = f'<ul style="margin:2px 0 0 0;padding-left:1.2em;font-size:12px">{hints}</ul>' if hints else ""
        busy = f'<div class="ww-coach-note" style="font-size:12px;color:#5A3A00">{esc(note)}</div>' if note else ""
        value = (f'<div style="border-left:4px solid #117733;background:#F2F8F3;padding:4px 8px">{busy}'
                 f'<div style="font-size:12px;font-weight:bold;color:#117733;letter-spacing:0.05em">WHAT NOW?</div>'
                 f'<div class="ww-coach-text" style="font-size:14px;line-height:1.35">{esc(c.text)}</div>{hints}</div>')
        if self.line.value != value:
            self.line.value = value

    def show_waited(self, text: str) -> None:
        """Show the while-you-waited summary (``""`` clears it)."""
        value = (f'<div class="ww-waited-text" role="status" style="background:#E8F1F8;color:#1A3A5A;'
                 f'padding:3px 8px;border-radius:4px;margin-bottom:3px">{esc(text)}</div>') if text else ""
        if self.waited.value != value:
            self.waited.value = value


class TurnBar(widgets.VBox):
    """Buttons for the common acts of a turn, as the game's view lists them.

    Only the buttons worth showing now are shown; each is enabled only when its act is
    legal (the tooltip says why not). An act with several legal actions opens a choice.
    A dangerous act asks twice.
    """

    #: the most choices an act can open (Leave port: six directions)
    CHOICES = 8

    def __init__(self, game, act: Act | None = None, messages: MessageArea | None = None,
                 view: GameView | None = None, **kwargs: Any):
        self.game = game
        self.view = view or view_for(game)
        self.act = act or default_act(game, self.view)
        self.buttons: dict[str, widgets.Button] = {}
        self.rows: dict[str, TurnButton] = {}
        self.row = widgets.HBox([], layout=widgets.Layout(flex_flow="row wrap"))
        self.choice_label = widgets.HTML()
        self.choices = [button("") for _ in range(self.CHOICES)]
        for i, b in enumerate(self.choices):
            b.add_class("ww-turn-choice")
            b.on_click(self._chosen(i))
        self.choice_box = widgets.HBox([self.choice_label, *self.choices], layout=widgets.Layout(flex_flow="row wrap"))
        self._choice_actions: list[str] = []
        self._choice_key = ""
        hide(self.choice_box, True)
        self.messages, own = own_messages(messages)
        super().__init__(children=[self.row, self.choice_box, *own], **kwargs)
        self.add_class("ww-turn-bar")
        self.refresh()

    def _button_for(self, r: TurnButton) -> widgets.Button:
        b = self.buttons.get(r.key)
        if b is None:                       # made once per act, then updated in place
            b = button(r.label, icon=r.icon)
            b.add_class("ww-turn-" + r.key.replace(" ", "-"))
            b.on_click(self._clicked(r.key))
            self.buttons[r.key] = b
            self.row.children = (*self.row.children, b)
        return b

    def shown(self) -> list[widgets.Button]:
        return [b for b in self.buttons.values() if b.layout.display != "none"]

    def refresh(self) -> None:
        rows = self.view.turn_buttons(self.game.state)
        self.rows = {r.key: r for r in rows}
        with self.hold_sync():
            for r in rows:
                b = self._button_for(r)
                danger = next(iter(r.danger.values()), "")
                tip = (r.actions[0][1] if len(r.actions) == 1 else r.label) if r.legal else \
                    f"{r.label}: not now — {r.reason}"
                if danger:
                    tip += f" — {danger} (asks twice)"
                set_button(b, description=r.label, tooltip=tip, disabled=not r.legal,
                           style=("warning" if danger else "success") if r.legal else "", icon=r.icon)
                hide(b, not r.show)
            for key, b in self.buttons.items():
                if key not in self.rows:
                    hide(b, True)
            open_row = self.rows.get(self._choice_key)
            if self._choice_actions and (open_row is None or
                                         self._choice_actions != [t for t, _ in open_row.actions]):
                self._close_choice()

    def _close_choice(self) -> None:
        self._choice_actions = []
        self._choice_key = ""
        hide(self.choice_box, True)

    def _clicked(self, key: str) -> Callable:
        return lambda _b: self.press(key)

    @guarded()
    def press(self, key: str) -> None:
        """Press the button of ``key``."""
        r = self.rows.get(key)
        if r is None or not r.legal:
            self.messages.show(f"{r.label if r else key}: not now — {r.reason if r else 'unknown act'}", "warning")
            return
        if len(r.actions) > 1:  # which one?
            self._choice_actions = [t for t, _ in r.actions]
            self._choice_key = key
            self.choice_label.value = f"<b>{esc(r.prompt or r.label + ':')}</b>"
            for i, b in enumerate(self.choices):
                if i < len(r.actions):
                    _t, d = r.actions[i]
                    label = r.choices[i] if i < len(r.choices) else d
                    set_button(b, description=label, tooltip=d, style="success")
                hide(b, i >= len(r.actions))
            hide(self.choice_box, False)
            self.messages.show(r.hint or f"{r.label}: choose one.", "info")
            return
        self._close_choice()
        ask(self, [self.view.parse(self.game.state, r.actions[0][0])], self.buttons[key])

    def _chosen(self, i: int) -> Callable:
        return lambda _b: self.choose(i)

    @guarded()
    def choose(self, i: int) -> None:
        """Press choice button ``i`` of the open choice."""
        if i >= len(self._choice_actions):
            return
        action = self._choice_actions[i]
        self._close_choice()
        ask(self, [self.view.parse(self.game.state, action)], None)

    def armed(self) -> list[str]:
        """Keys of buttons waiting for their second click."""
        return [k for k, b in self.buttons.items() if b.description == ARMED_TEXT]
