"""Every legal action in plain words: a list for the keyboard, buttons for short decisions,
and a text box for a typed action -- for any game, from its view.

A dangerous action (:meth:`~windward_nb.core.view.GameView.danger`) is marked ⚠,
is never the one selected by default, and needs a second click. A typo gets a
friendly message with the closest valid actions, never a traceback.
"""

from __future__ import annotations

from typing import Any
from collections.abc import Callable, Sequence

import ipywidgets as widgets

from windward_nb.core.view import ActionRow, GameView, view_for

from .html import ARMED_TEXT, button, esc, hide, set_button
from .messages import ConfirmNeeded, MessageArea, guarded, is_refusal
from .view_board import default_act

__all__ = ["ActionsPanel", "ask", "own_messages", "Act", "ARMED_TEXT"]

Act = Callable[[Sequence[Any]], Any]


def ask(panel: Any, actions: Sequence[Any], b: widgets.Button | None = None) -> None:
    """``panel.act(actions)``; a dangerous action asked for the first time turns ``b`` into a
    red *Click again to confirm* and shows why in the panel's messages."""
    try:
        panel.act(list(actions))
    except ConfirmNeeded as exc:
        if b is not None:
            set_button(b, description=ARMED_TEXT, style="danger", icon="exclamation-triangle")
        panel.messages.show(str(exc), "warning")


def own_messages(shared: MessageArea | None) -> tuple[MessageArea, list]:
    """The message area to use and the children to add for it (none when it is shared)."""
    if shared is not None:
        return shared, []
    m = MessageArea()
    return m, [m]


class ActionsPanel(widgets.VBox):
    """Who decides what, and every legal action in plain words.

    The list (arrow keys) and the *Do it* button reach every decision the game can
    ask for, so the panel is the keyboard equivalent of every click on the board and
    the other panels. Short decisions (as the view's ``quick`` says) also get one
    button per choice. A typed action is applied too; a typo or an illegal one gets a
    plain reason and the closest valid actions.
    """

    QUICK = 12
    #: the example in the typed box's placeholder (``None``: the first legal action)
    example: str | None = None

    def __init__(self, game, act: Act | None = None, messages: MessageArea | None = None,
                 quick_in_panel: bool = True, view: GameView | None = None, **kwargs: Any):
        self.game = game
        self.view = view or view_for(game)
        self.act = act or default_act(game, self.view)
        self.prompt = widgets.HTML()
        self.quick = [button("") for _ in range(self.QUICK)]
        for i, b in enumerate(self.quick):
            b.on_click(self._quick(i))
        self.quick_box = widgets.HBox(self.quick, layout=widgets.Layout(flex_flow="row wrap"))
        self.quick_box.add_class("ww-quick")
        self.select = widgets.Select(options=[], rows=6, layout=widgets.Layout(width="100%"),
                                     description="", tooltip="legal actions")
        self.select.add_class("ww-legal-actions")
        self.do_button = button("Do it", button_style="primary", tooltip="apply the selected action")
        self.do_button.add_class("ww-do-it")
        self.do_button.on_click(self._do)
        example = self._example()
        self.typed = widgets.Text(placeholder=f"or type an action, e.g. {example}", layout=widgets.Layout(width="16em"))
        self.typed.add_class("ww-typed")
        self.typed_button = button("Apply typed")
        self.typed_button.add_class("ww-apply-typed")
        self.typed_button.on_click(self._do_typed)
        self.messages, own = own_messages(messages)
        # what a typed action gets back is said right under the text box, where the eyes are
        self.typed_messages = MessageArea()
        self.typed_messages.add_class("ww-typed-message")
        self._typed_at: Any = None
        self.rows: list[ActionRow] = []
        self.quick_rows: list[ActionRow] = []
        self.risky: dict[str, str] = {}
        self.list_label = widgets.HTML('<b>Legal actions</b> <span style="font-size:12px">'
                                       "(choose with the arrow keys, then Do it; ⚠ asks twice)</span>")
        quick = [self.quick_box] if quick_in_panel else []   # a table may place the quick buttons elsewhere
        super().__init__(children=[self.prompt, *quick, self.list_label, self.select,
                                   widgets.HBox([self.do_button, self.typed, self.typed_button],
                                                layout=widgets.Layout(flex_flow="row wrap")), self.typed_messages, *own],
                         **kwargs)
        self.add_class("ww-actions")
        self.refresh()

    def _example(self) -> str:
        if self.example:
            return self.example
        rows = self.view.action_rows(self.game.state)
        return rows[0].action if rows else "end turn"

    def prompt_text(self) -> str:
        """The line above the list: who decides what (the coach's line by default)."""
        return self.view.coach(self.game.state).text

    def say_typed(self, text: str, kind: str = "warning") -> None:
        """Show ``text`` under the typed box (``""`` clears it); it stays until the position changes."""
        self._typed_at = self.game.state.fingerprint() if text else None
        if text:
            self.typed_messages.show(text, kind)
        else:
            self.typed_messages.clear()

    def refresh(self) -> None:
        s = self.game.state
        if self._typed_at is not None and self._typed_at != s.fingerprint():
            self.say_typed("")
        rows = self.view.action_rows(s)
        self.rows = rows
        self.risky = {r.action: r.danger for r in rows if r.danger}
        with self.hold_sync():
            prompt = f'<div style="font-weight:bold;font-size:14px">{esc(self.prompt_text())}</div>'
            if self.prompt.value != prompt:
                self.prompt.value = prompt
            opts = [(("⚠ " if r.action in self.risky else "") + f"{r.text}   [{r.action}]", r.action) for r in rows]
            if list(self.select.options) != opts:
                keep = self.select.value
                safe = [t for _, t in opts if t not in self.risky]
                self.select.options = opts
                self.select.value = keep if keep in safe else (safe[0] if safe else None)
            elif self.select.value in self.risky:
                self.select.value = None                # never left pointing at a dangerous action
            set_button(self.do_button, description="Do it", style="primary", icon="")
            quick = rows if self.view.quick(s, rows) else []
            self.quick_rows = list(quick)
            for i, b in enumerate(self.quick):
                if i < len(quick):
                    r = quick[i]
                    set_button(b, description=("⚠ " if r.danger else "") + r.text,
                               tooltip=r.action + (f" — {r.danger}" if r.danger else ""),
                               style="warning" if r.danger else "info", icon="")
                hide(b, i >= len(quick))
            hide(self.quick_box, not quick)

    def _quick(self, i: int) -> Callable:
        return lambda _b: self.press(i)

    @guarded()
    def press(self, i: int) -> None:
        """Press quick button ``i``."""
        if i < len(self.quick_rows):
            ask(self, [self.view.parse(self.game.state, self.quick_rows[i].action)], self.quick[i])

    @guarded()
    def _do(self, _b: Any = None) -> None:
        if self.select.value:
            ask(self, [self.view.parse(self.game.state, self.select.value)], self.do_button)
        else:
            self.messages.show("Choose an action in the list first: " + self.view.coach(self.game.state).text, "info")

    @guarded()
    def _do_typed(self, _b: Any = None) -> None:
        text = self.typed.value.strip()
        if not text:
            self.say_typed(f"Type an action first, e.g. {self._example()}.", "info")
            return
        read = self.view.read_typed(self.game.state, text)
        if read.action is None:
            self.say_typed(read.message, "warning")
            return
        self.say_typed("")
        try:
            self.act([read.action])
        except ConfirmNeeded as exc:
            set_button(self.typed_button, description=ARMED_TEXT, style="danger", icon="exclamation-triangle")
            self.say_typed(str(exc), "warning")
            return
        except Exception as exc:
            if is_refusal(exc):  # a refusal by the rules: said where it was typed
                self.say_typed(str(exc), "warning")
                return
            raise
        self.typed.value = ""
