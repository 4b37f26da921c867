"""A spaces board bound to a live game through its :class:`~windward_nb.core.view.GameView`.

The view says where the spaces are, which pieces stand where, and which spaces a
click acts on now (:class:`~windward_nb.core.view.Target`: highlighted, with a
short label); a click asks the view what it means
(:meth:`~windward_nb.core.view.GameView.click`) and applies the actions through
``act`` (a play table passes its own), or shows why not, changing nothing.
"""

from __future__ import annotations

from typing import Any
from collections.abc import Callable, Sequence

import ipywidgets as widgets

from windward_nb.core.view import GameView, view_for

from .html import esc
from .messages import Confirmer
from .spaces_board import HIGHLIGHT_COLOUR, SpacesBoard, held

__all__ = ["GameViewBoard", "default_act"]


def default_act(game, view: GameView) -> Callable[[Sequence[Any]], list]:
    """Apply actions straight to ``game``, asking twice before a dangerous one."""
    confirm = Confirmer(view.danger)

    def act(actions: Sequence[Any]) -> list:
        actions = [view.parse(game.state, a) for a in actions]
        confirm.check(game.state, list(actions))
        events: list = []
        for a in actions:
            events += game.apply(a)
        return events
    return act


class GameViewBoard(SpacesBoard):
    """The board of ``game`` as its view draws it, played by clicks (see the module docstring)."""

    def __init__(self, game, view: GameView | None = None, *, act: Callable[[Sequence[Any]], Any] | None = None,
                 width: int = 508, height: int | None = None, fit: bool = True, **kwargs: Any):
        self.game = game
        self.view = view or view_for(game)
        self._act = act or default_act(game, self.view)
        self._redraw_after = act is None          # applied here: redraw; a table redraws itself
        b = self.view.board(game.state)
        if b is None:
            raise ValueError(f"{self.view.title} has no board (its view's board() is None)")
        self.targets: dict[int, Any] = {}
        super().__init__(b.spaces, width=width, height=height, links=b.links, fit=fit, **kwargs)
        self.caption = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.caption.add_class("ww-board-caption")
        self.children = (self.caption, *self.children)
        self.add_class("ww-view-board")
        self.on_click(self._play_click)
        self.refresh()

    def refresh(self) -> None:
        """Redraw spaces, pieces, targets and the caption from the game (in place)."""
        b = self.view.board(self.game.state)
        with held(self, self.caption):
            self.update_spaces(b.spaces)
            self.update_pieces(list(b.pieces))
            self.targets = {t.space: t for t in b.targets}
            idx = [t.space for t in b.targets]
            self.highlight(idx, colours=[t.colour or HIGHLIGHT_COLOUR for t in b.targets],
                           costs={t.space: t.label for t in b.targets if t.label},
                           notes={t.space: t.text or "click: " + "; ".join(t.actions) for t in b.targets})
            value = f'<div style="font-weight:bold;padding:2px 0">{esc(b.caption)}</div>' if b.caption else ""
            if self.caption.value != value:
                self.caption.value = value

    def _play_click(self, index: int) -> None:
        c = self.view.click(self.game.state, index)
        if c.refusal:
            raise self.view.error(*c.refusal)
        if c.message:
            self.show_message(c.message, "info")
        if c.actions:
            self.apply(c.actions)

    def apply(self, actions: Sequence[Any]) -> list:
        """Apply actions in order (through ``act`` if given, else asking twice before a dangerous
        one) and redraw."""
        try:
            return self._act(list(actions)) or []
        finally:
            if self._redraw_after:
                self.refresh()
