"""The coach's Hint button on a play table: the best few actions for the person who decides,
each with the win chance a short search found, how sure it is, and a reason in the game's words.

A click runs :meth:`Game.hint <windward_nb.core.game.Game.hint>` for the deciding seat
(from that seat's own view: nobody's secrets are used), shows the hints (each win chance with
its 95% interval and the number of searched games), says whether the budget told the best
apart ("too close to call at 1 s; try 5 s", with a button that thinks that long), pre-selects
the best one in the table's list of legal actions and offers a *Play it* button per hint (a
dangerous action still asks twice). The search budget (seconds of search work, the same on
every machine, so JupyterLab and Voila show the same numbers for the same table) can be
changed next to the button. The button is disabled while a bot decides or plays, and the
hints vanish as soon as the position changes.
"""

from __future__ import annotations

from typing import Any
from collections.abc import Callable

import ipywidgets as widgets

from windward_nb.core.errors import NoDecisionError

from .html import ARMED_TEXT, button, esc, hide, set_button
from .messages import ConfirmNeeded, MessageArea, guarded

__all__ = ["HintPanel", "MAX_HINTS"]

#: hints shown at most (one *Play it* button each)
MAX_HINTS = 3


class HintPanel(widgets.VBox):
    """A Hint button, its search budget (seconds) and the hints it found.

    ``table`` is the :class:`~windward_widgets.base.PlayTable` (its ``game``, ``view``,
    ``bots``, ``busy``, actions list and ``_ui_act``). ``seconds`` is the budget the field
    starts with; ``iterations`` (optional) fixes the number of searched games instead (the
    field is then hidden), so that a seeded table gives the same hints on any machine.
    """

    def __init__(self, table: Any, *, seconds: float = 1.0, iterations: int | None = None,
                 messages: MessageArea | None = None):
        self.table = table
        self.messages = messages if messages is not None else table.messages
        self.iterations = iterations
        self.hints: list[Any] = []
        self._position: Any = None                 # the position the hints are for
        self.button = button("Hint", icon="lightbulb-o", tooltip="what would a good captain do here? (a short search)")
        self.button.add_class("ww-hint-button")
        self.button.on_click(lambda _b: self._hint_clicked())
        self.seconds = widgets.BoundedFloatText(value=float(seconds), min=0.1, max=30.0, step=0.5,
                                                description="think (s):", style={"description_width": "auto"},
                                                layout=widgets.Layout(width="9.5em"))
        self.seconds.add_class("ww-hint-seconds")
        hide(self.seconds, iterations is not None)
        self.list = widgets.HTML()
        self.list.add_class("ww-hints")
        self.play_buttons = [button("Play it", icon="play", button_style="success") for _ in range(MAX_HINTS)]
        for i, b in enumerate(self.play_buttons):
            b.add_class("ww-hint-play")
            b.on_click(self._play(i))
            hide(b, True)
        self.plays = widgets.HBox(self.play_buttons, layout=widgets.Layout(flex_flow="row wrap"))
        self.longer = button("Think longer", icon="hourglass-half", tooltip="search again with the budget suggested")
        self.longer.add_class("ww-hint-longer")
        self.longer.on_click(lambda _b: self._longer_clicked())
        hide(self.longer, True)
        self.found: Any = None                     # the last Hints (verdict, budget, method)
        super().__init__(children=[widgets.HBox([self.button, self.seconds],
                                                layout=widgets.Layout(align_items="center")),
                                   self.list, self.plays, widgets.HBox([self.longer])])
        self.add_class("ww-hint-panel")

    # ------------------------------------------------------------------ asking
    def _seed(self) -> int:
        game = self.table.game
        return (int(self.table._bot_seed) * 7919 + int(game.ply)) % (2**31)

    def _why_not(self) -> str | None:
        t = self.table
        who = t.game.current_player
        if t.busy:
            return "The bots are playing: a hint waits for your turn."
        if t.game.is_over:
            return "The game is over: there is no decision to hint at."
        if who < 0:
            return "Chance decides now: there is no decision to hint at."
        if who in t.bots:
            return f"{t.seat_name(who)} is played by a bot: hints are for the people at the table."
        return None

    def show_hints(self) -> list[Any]:
        """Search now and show the hints for the person who decides (what a click does)."""
        why = self._why_not()
        if why:
            self.messages.show(why, "info")
            return []
        t = self.table
        budget: dict[str, Any] = {"seconds": float(self.seconds.value)}
        if self.iterations is not None:
            budget = {"iterations": int(self.iterations)}
        set_button(self.button, description="Thinking…", icon="hourglass-half", disabled=True)
        try:
            found = t.game.hint(top=MAX_HINTS, seed=self._seed(), view=t.view, **budget)
        except NoDecisionError as exc:
            self.messages.show(str(exc), "info")
            return []
        finally:
            set_button(self.button, description="Hint", icon="lightbulb-o", disabled=False)
        self.hints = found
        self.found = found
        self._position = self._key()
        self._draw()
        best = next((h for h in self.hints if str(h.action) not in t.actions.risky), None)
        options = [v for _, v in t.actions.select.options]
        if best is not None and str(best.action) in options:
            t.actions.select.value = str(best.action)      # pre-selected: Do it plays it
        who = t.seat_name(t.game.current_player)
        if not self.hints:
            self.messages.show("No hint found: try a longer search.", "info")
        elif found.close:
            self.messages.show(f"Hints for {who}: too close to call at {found.budget}; "
                               f"first: {self.hints[0].action}.", "info")
        else:
            self.messages.show(f"Hints for {who}: the best is {self.hints[0].action}.", "info")
        return self.hints

    @guarded()
    def _hint_clicked(self) -> None:
        self.show_hints()

    @guarded()
    def _longer_clicked(self) -> None:
        """Search again with the budget the last hints suggested (seconds, or searched games)."""
        suggest = getattr(self.found, "suggest", None)
        if suggest is None:
            return
        if self.iterations is not None:
            self.iterations = int(suggest)
        else:
            self.seconds.value = min(float(suggest), float(self.seconds.max))
        self.show_hints()

    def _play(self, i: int) -> Callable:
        return lambda _b: self.play(i)

    @guarded()
    def play(self, i: int) -> None:
        """Play hint ``i`` (a dangerous one asks for a second click, like every button)."""
        if i >= len(self.hints) or self._position != self._key():
            self.messages.show("That hint is for an earlier position: ask for a new one.", "info")
            return
        try:
            self.table._ui_act([self.hints[i].action])
        except ConfirmNeeded as exc:
            set_button(self.play_buttons[i], description=ARMED_TEXT, style="danger", icon="exclamation-triangle")
            self.messages.show(str(exc), "warning")

    # ------------------------------------------------------------------ drawing
    def _key(self) -> Any:
        game = self.table.game
        return (game.ply, game.state.fingerprint())

    def _draw(self) -> None:
        hints = self.hints
        found = self.found if hints else None
        if not hints:
            value = ""
        else:
            rows = "".join(
                f'<li class="ww-hint"><b class="ww-hint-action">{esc(str(h.action))}</b>: '
                f'<span class="ww-hint-chance" title="the chance to win after it, its 95% interval and the '
                f'searched games it rests on">{esc(h.chance_text())}</span> to win '
                f'<span class="ww-hint-reason">({esc(h.reason)})</span></li>' for h in hints)
            method = esc(found.method()) if hasattr(found, "method") else "win chances from a search"
            verdict = getattr(found, "verdict", "")
            close = bool(getattr(found, "close", False))
            note = (f'<div class="ww-hint-verdict{" ww-hint-close" if close else ""}" style="margin-top:2px">'
                    f'{"⚖ " if close else ""}{esc(verdict[:1].upper() + verdict[1:])}.</div>' if verdict else "")
            value = (f'<div style="font-size:13px"><b>Hints</b> <span class="ww-hint-method">(best first; {method})</span>'
                     f'<ol style="margin:0;padding-left:1.6em">{rows}</ol>{note}</div>')
        if self.list.value != value:
            self.list.value = value
        suggest = getattr(found, "suggest", None)
        if suggest is not None:
            what = f"{int(suggest)} searched games" if self.iterations is not None else f"{suggest:g} s"
            set_button(self.longer, description=f"Think {what}")
        hide(self.longer, suggest is None)
        for i, b in enumerate(self.play_buttons):
            if i < len(hints):
                set_button(b, description=f"Play {hints[i].action}", style="success", icon="play",
                           tooltip=hints[i].reason)
            hide(b, i >= len(hints))

    def refresh(self, locked: bool) -> None:
        """Disable the button while bots decide (``locked``) or nobody can; forget stale hints."""
        set_button(self.button, disabled=bool(locked or self._why_not()))
        if self.hints and self._position != self._key():
            self.hints = []
            self._position = None
            self._draw()
