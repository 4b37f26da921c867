"""The top of the play table's controls: the coach line and the buttons for the common acts.

Both read :mod:`windward_nb.view` (the coach, the turn buttons, the dangers) and hold
no rule. A button is enabled only when its act is legal; its tooltip says why not.

>>> import windward_nb as ww
>>> g = ww.new_game(players=3, seed=7)
>>> bar = TurnBar(g)
>>> [b.description for b in bar.shown()]
['Leave port', 'End turn']
>>> bar.press("leave")                      # six directions: a choice appears
>>> len([b for b in bar.choices if b.layout.display != "none"])
6
>>> bar.choose(0); g.state.planet.label(g.state.ships[0].pos)
'0,-1'
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import ipywidgets as widgets

from windward_nb import view
from windward_nb.actions import Action
from windward_nb.coach import TURN_BUTTONS, Coach

from ._util import MessageArea, esc, guarded, hide
from .panels import ARMED_TEXT, Act, _button, _default_act, _messages, _set_button, ask

__all__ = ["CoachPanel", "TurnBar"]

ICONS = {"leave": "sign-out", "enter": "sign-in", "pickup gas": "arrow-up", "pickup teeth": "arrow-up",
         "pickup tokens": "arrow-up", "pickup crester": "arrow-up", "pickup longboat": "arrow-up",
         "process": "cogs", "end": "hourglass-end"}


class CoachPanel(widgets.VBox):
    """"What now?": the coach line for whoever decides, its hints, and (set by a table) what
    happened while you waited."""

    def __init__(self, game, names: Sequence[str] | None = None, **kwargs: Any):
        self.game = game
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
        c = self.coach = view.coach(self.game.state, self.names)
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
        self.waited.value = (f'<div class="ww-waited-text" role="status" style="background:#E8F1F8;color:#1A3A5A;'
                             f'padding:3px 8px;border-radius:4px;margin-bottom:3px">{esc(text)}</div>') if text else ""


class TurnBar(widgets.VBox):
    """Buttons for the common acts of a turn: Leave port / Enter port, Pick up (gas, teeth,
    tokens, crester, longboat), Process crester, End turn.

    Only the buttons that make sense where the ship is are shown; each is enabled only
    when its act is legal (the tooltip says why not). Leave port opens a choice of the
    legal directions. A dangerous act (End turn with speed or mates unused...) asks twice.
    """

    def __init__(self, game, act: Act | None = None, messages: MessageArea | None = None, **kwargs: Any):
        self.game = game
        self.act = act or _default_act(game)
        self.buttons: dict[str, widgets.Button] = {}
        self.view: dict[str, dict[str, Any]] = {}
        for key, label in TURN_BUTTONS:
            b = _button(label, icon=ICONS.get(key, ""))
            b.add_class("ww-turn-" + key.replace(" ", "-"))
            b.on_click(self._clicked(key))
            self.buttons[key] = b
        self.row = widgets.HBox(list(self.buttons.values()), layout=widgets.Layout(flex_flow="row wrap"))
        self.choice_label = widgets.HTML()
        self.choices = [_button("") for _ in range(6)]
        for i, b in enumerate(self.choices):
            b.add_class("ww-turn-choice")
            b.on_click(self._chosen(i))
        self.choice_box = widgets.HBox([self.choice_label, *self.choices], layout=widgets.Layout(flex_flow="row wrap"))
        self._choice_actions: list[str] = []
        hide(self.choice_box, True)
        self.messages, own = _messages(messages)
        super().__init__(children=[self.row, self.choice_box, *own], **kwargs)
        self.add_class("ww-turn-bar")
        self.refresh()

    def shown(self) -> list[widgets.Button]:
        return [b for b in self.buttons.values() if b.layout.display != "none"]

    def refresh(self) -> None:
        rows = view.turn_buttons(self.game.state)
        self.view = {r["key"]: r for r in rows}
        with self.hold_sync():
            for r in rows:
                b = self.buttons[r["key"]]
                danger = next(iter(r["danger"].values()), "")
                tip = (r["actions"][0][1] if len(r["actions"]) == 1 else r["label"]) if r["legal"] else \
                    f"{r['label']}: not now — {r['reason']}"
                if danger:
                    tip += f" — {danger} (asks twice)"
                _set_button(b, description=r["label"], tooltip=tip, disabled=not r["legal"],
                            style=("warning" if danger else "success") if r["legal"] else "",
                            icon=ICONS.get(r["key"], ""))
                hide(b, not r["show"])
            if self._choice_actions and self._choice_actions != [t for t, _ in self.view["leave"]["actions"]]:
                self._close_choice()

    def _close_choice(self) -> None:
        self._choice_actions = []
        hide(self.choice_box, True)

    def _clicked(self, key: str) -> Callable:
        return lambda _b: self.press(key)

    @guarded()
    def press(self, key: str) -> None:
        """Press the button of ``key`` (see :data:`windward_nb.coach.TURN_BUTTONS`)."""
        r = self.view.get(key)
        if r is None or not r["legal"]:
            self.messages.show(f"{r['label'] if r else key}: not now — {r['reason'] if r else 'unknown act'}",
                               "warning")
            return
        if len(r["actions"]) > 1:  # Leave port: which way?
            self._choice_actions = [t for t, _ in r["actions"]]
            self.choice_label.value = "<b>Sail out toward:</b>"
            for i, b in enumerate(self.choices):
                if i < len(r["actions"]):
                    t, d = r["actions"][i]
                    _set_button(b, description=t.split()[-1], tooltip=d, style="success")
                hide(b, i >= len(r["actions"]))
            hide(self.choice_box, False)
            self.messages.show("Choose a direction (or click one of the highlighted spaces around the Trading "
                               "Post).", "info")
            return
        self._close_choice()
        ask(self, [Action.parse(r["actions"][0][0])], self.buttons[key])

    def _chosen(self, i: int) -> Callable:
        return lambda _b: self.choose(i)

    @guarded()
    def choose(self, i: int) -> None:
        """Press direction button ``i`` of the Leave port choice."""
        if i >= len(self._choice_actions):
            return
        action = self._choice_actions[i]
        self._close_choice()
        ask(self, [Action.parse(action)], None)

    def armed(self) -> list[str]:
        """Keys of buttons waiting for their second click."""
        return [k for k, b in self.buttons.items() if b.description == ARMED_TEXT]
