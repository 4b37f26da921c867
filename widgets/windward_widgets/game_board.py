"""The planet board bound to a live :class:`windward_nb.Game`.

A click on a highlighted hex applies the legal action that ends there (a free
downwind slide may be several ``move`` actions); a click anywhere else asks
the engine why not and shows its reason without changing anything. Pieces,
wind and highlights come from :mod:`windward_nb.windward.view`; every mark is updated
in place.

>>> import windward_nb as ww
>>> g = ww.scenario(players=2, wind=3, ships=[{"pos": "0,-3"}, {"pos": "port"}], reds=[])
>>> b = GameBoard(g)
>>> b.click(g.state.planet.index[(1, -3)])      # one free step downwind (SE)
>>> g.state.planet.label(g.state.ships[0].pos), g.state.turn.speed
('1,-3', 4)
>>> b.click(g.state.planet.index[(0, -1)])      # not one move away: refused, nothing changes
>>> b.message_text.startswith("0,-1 (plain, territory 1) is not one move away")
True

In the Solo Adventure, when the player chooses the red cresters' routes, the board marks every
space where a red can stop ("+") or attack the ship from ("⚔"), labelled with the number of
outcomes that keep it; each click keeps only those outcomes, and the last one left is applied.
"""

from __future__ import annotations

from typing import Any
from collections.abc import Callable, Iterable, Sequence

import ipywidgets as widgets

from windward_nb.windward import view
from windward_nb.windward.actions import Action
from windward_nb.errors import IllegalActionError
from windward_nb.windward.gameview import FREE_COLOUR, PLACE_COLOUR, ROW_COLOUR, SPEED_COLOUR, VIEW

from ._util import esc, hide
from .board import BoardWidget, _held, colour_of

__all__ = ["GameBoard", "FREE_COLOUR", "SPEED_COLOUR", "ROW_COLOUR", "PLACE_COLOUR"]
# FREE_COLOUR: free downwind moves and slides (label "0"); SPEED_COLOUR: moves that cost 1 speed;
# ROW_COLOUR: longboat rows (label "1r"); PLACE_COLOUR: placing a crester (label "+")


class GameBoard(BoardWidget):
    """A :class:`BoardWidget` showing ``game`` and playing it by clicks.

    ``act`` (optional) is called with a list of actions instead of applying
    them here; a :class:`~windward_widgets.PlayTable` passes its own so bots
    and logs follow every click. ``piece`` picks whose destinations are
    highlighted: ``"all"`` (the default), ``"ship"`` or ``"boat 1"``...
    """

    def __init__(self, game, *, act: Callable[[Sequence[Action]], Any] | None = None, slides: bool = True,
                 width: int = 620, height: int = 660, **kwargs: Any):
        self.game = game
        self.slides = slides
        self._act = act
        self.dests: dict[int, list[view.Destination]] = {}
        self.applied: list[list[Action]] = []
        self._listeners: list[Callable[[list], Any]] = []
        self.route_picks: list[tuple[str, int]] = []  # spaces clicked while choosing the reds' routes
        self._route_key = ""
        super().__init__(game.state.planet, wind=game.state.wind, width=width, height=height, **kwargs)
        self.status = widgets.HTML(value="", layout=widgets.Layout(width="100%"))
        self.status.add_class("ww-board-status")
        self.piece_picker = widgets.ToggleButtons(
            options=[("all pieces", "all")], value="all", description="Move:",
            tooltips=["highlight every legal destination"], style={"button_width": "auto"},
            layout=widgets.Layout(width="100%"))
        self.piece_picker.observe(self._on_pick, names="value")
        self.children = (self.status, self.piece_picker, *self.children)
        self.add_class("ww-game-board")
        self.on_hex_click(self._play_click)
        self.refresh()

    # ------------------------------------------------------------------ state -> marks
    @property
    def piece(self) -> str | None:
        return None if self.piece_picker.value == "all" else self.piece_picker.value

    def refresh(self) -> None:
        """Redraw pieces, wind, highlights and the status line from the game (in place)."""
        s = self.game.state
        bv = view.board_view(s)
        options = [("all pieces", "all")] + [(label, key) for label, key in view.movable_pieces(s)]
        if s.planet != self.planet:
            raise ValueError("this board was built for another planet; make a new GameBoard")
        with _held(self, self.piece_picker, self.status):
            if self.wind != s.wind:
                self.set_wind(s.wind)
            self.update_pieces(bv)
            if list(self.piece_picker.options) != options:
                keep = self.piece_picker.value if self.piece_picker.value in [k for _, k in options] else "all"
                self.piece_picker.unobserve(self._on_pick, names="value")
                self.piece_picker.options = options
                self.piece_picker.value = keep
                self.piece_picker.tooltips = ["highlight every legal destination"] + [
                    f"highlight where your {label} can go" for label, _ in options[1:]]
                self.piece_picker.observe(self._on_pick, names="value")
            hide(self.piece_picker, len(options) <= 2)    # only worth showing with a longboat out
            self._highlight_destinations()
            who = bv["decider"]
            colour = s.ships[who].colour if who >= 0 else "grey"
            port = ", ".join(f"P{seat + 1}" for seat in bv["at_port"])
            port = (f' <span style="font-weight:normal;font-size:12px" title="ships at the Trading Post">'
                    f"(at port: {esc(port)})</span>") if port else ""
            self.status.value = (f'<div style="font-weight:bold;padding:2px 0">'
                                 f'<span style="color:{colour_of(colour)};-webkit-text-stroke:0.6px #1B1B1B">'
                                 f'{"▲" if who >= 0 else "●"}</span> {esc(view.decision_prompt(s))}{port}</div>')

    def _highlight_destinations(self) -> None:
        s = self.game.state
        if self._route_key != s.fingerprint():
            self.route_picks = []
        marks = view.route_marks(s, self.route_picks)
        if marks:
            self._route_key = s.fingerprint()
            self.dests = {}
            left = len(view.route_options(s, self.route_picks))
            labels = {h: ("⚔" if m.attack and not m.stop else str(len(m.stop or m.attack))) for h, m in marks.items()}
            self.highlight(list(marks), colours=PLACE_COLOUR, costs=labels,
                           notes={h: f"{m.text}; click to keep those ({left} open)" for h, m in marks.items()})
            return
        self.dests = view.destinations(s, self.piece, slides=self.slides)
        idx, colours, labels, notes = [], [], {}, {}
        for h, options in self.dests.items():
            d = options[0]
            idx.append(h)
            if d.piece.startswith("boat"):
                colours.append(ROW_COLOUR)
                labels[h] = f"{d.cost}r"
            elif d.piece in ("red", "white"):
                colours.append(PLACE_COLOUR)
                labels[h] = "+"
            else:
                colours.append(FREE_COLOUR if d.cost == 0 else SPEED_COLOUR)
                labels[h] = "0»" if d.slide else str(d.cost)
            notes[h] = " | ".join(f"click: {o.text}" for o in options[:1]) + (
                f" (also: {'; '.join(o.text for o in options[1:])})" if len(options) > 1 else "")
        self.highlight(idx, colours=colours, costs=labels, notes=notes)

    def _on_pick(self, change: dict) -> None:
        try:
            self._highlight_destinations()
        except Exception as exc:  # noqa: BLE001 - shown in the widget
            self.show_error(exc, context="choosing a piece")

    def on_change(self, callback: Callable[[list], Any]) -> None:
        """Call ``callback(events)`` after every action applied by a click."""
        self._listeners.append(callback)

    # ------------------------------------------------------------------ clicks -> engine
    def pick_route_space(self, index: int) -> None:
        """Choosing the red cresters' routes: keep the outcomes with a red stopping at ``index``
        (or, where none stops there, attacking from it); apply the outcome once one is left."""
        s = self.game.state
        marks = view.route_marks(s, self.route_picks)
        mark = marks.get(index)
        if mark is None:
            self.route_picks = []
            self.refresh()
            raise IllegalActionError("Solo Adventure: Turn End", f"no red crester can stop at {s.planet.label(index)} "
                                     "among the open outcomes: the choice starts again (marked spaces only)")
        self.route_picks.append(("stop" if mark.stop else "attack", index))
        left = view.route_options(s, self.route_picks)
        if len(left) == 1:
            self.route_picks = []
            self.apply(left)
            return
        self.refresh()
        self.show_message(f"{len(left)} outcomes keep that; click another marked space, or pick one from the list.",
                          "info")

    def _play_click(self, index: int) -> None:
        if view.route_marks(self.game.state, self.route_picks):
            self.pick_route_space(index)
            return
        options = self.dests.get(index)
        if options:
            self.apply(options[0].actions)
            return
        s = self.game.state
        # a click on one of your own longboats selects it
        for _label, key in view.movable_pieces(s):
            if key.startswith("boat"):
                b = int(key.split()[1]) - 1
                if s.ships[s.current].boats[b] == index and self.piece_picker.value != key:
                    self.piece_picker.value = key
                    self.show_message(f"Longboat {b + 1} selected: its destinations are highlighted.", "info")
                    return
        c = VIEW.click(s, index, self.piece)      # the one action that ends there, or why not
        if c.refusal:
            raise IllegalActionError(*c.refusal)
        self.apply(c.actions)

    def apply(self, actions: Iterable[Action | str]) -> list:
        """Apply actions in order (through ``act`` if given) and redraw."""
        actions = [Action.parse(a) for a in actions]
        if self._act is not None:
            return self._act(actions) or []
        events: list = []
        try:
            for a in actions:
                events += self.game.apply(a)
        finally:
            self.applied.append(actions)
            self.refresh()
        for cb in list(self._listeners):
            cb(events)
        if events:
            self.show_message(" ".join(e.text for e in events[-3:]), "info")
        return events

    def text_summary(self) -> str:  # type: ignore[override]
        """Everything on the board and whose turn it is, in words (from the engine's view)."""
        lines = [view.text_summary(self.game.state)]
        if self.dests:
            lines.append("Legal destinations now:")
            for h, options in sorted(self.dests.items()):
                for o in options:
                    lines.append(f"  {self.planet.label(h)}: {o.text} [{'; '.join(str(a) for a in o.actions)}]")
        return "\n".join(lines)
