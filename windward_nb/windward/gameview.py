"""Windward's :class:`~windward_nb.core.view.GameView`: what the play table shell shows for Windward.

A thin layer over :mod:`windward_nb.windward.view` (pieces, destinations, descriptions,
text) and :mod:`windward_nb.windward.coach` (the "What now?" line, dangers, turn
buttons, typed actions, the while-you-waited summary, the log by turn), in the
plain data of :mod:`windward_nb.core.view`. The widget shell
(``windward_widgets.base``) reads only this; Windward's own widgets (the planet
board with its wind flag, the ship boards, the battle panel) read
:mod:`windward_nb.windward.view` directly.

>>> import windward_nb as ww
>>> g = ww.new_game(players=3, seed=7)
>>> VIEW.coach(g.state).text
'Player 1, you are at the Trading Post: give up to 2 orders, then sail out (1 speed). Speed 4, mates 2.'
>>> [b.label for b in VIEW.turn_buttons(g.state) if b.show]
['Leave port', 'End turn']
>>> VIEW.danger(g.state, "end turn")
'This ends your turn with 4 speed and 2 mates unused.'
>>> b = VIEW.board(g.state)
>>> len(b.spaces), sorted({p.kind for p in b.pieces})
(127, ['cube', 'diamond', 'disc', 'ship'])
>>> [t.actions for t in b.targets][:1]
[('leave port N',)]
>>> VIEW.click(g.state, 0).refusal[0]
'Move Ship'
"""

from __future__ import annotations

from typing import Any
from collections.abc import Iterable, Sequence

from . import coach as coach_rules
from . import engine, hexgrid, view
from .actions import Action
from ..core import view as core_view
from ..core.view import ActionRow, BoardView, Click, Coach, LogEntry, Piece, Space, Target, TurnButton, Typed
from ..core.errors import IllegalActionError

__all__ = ["WindwardView", "VIEW", "TERRAIN_LOOK", "PIECE_KIND", "MOVED", "planet_board"]

#: terrain -> (fill, glyph, glyph colour, plain-language name): Paul Tol's colour-blind-safe
#: "light" scheme, each paired with a glyph so that colour is never the only cue
TERRAIN_LOOK: dict[str, tuple[str, str, str, str]] = {
    "plain": ("#F3F1EA", "", "#000000", "open sky"),
    "drift": ("#8C8C8C", "≋", "#FFFFFF", "drift (rock; blocks movement)"),
    "zephyr": ("#99DDFF", "⚡", "#1A3A5A", "zephyr (jump to any zephyr, 1 speed)"),
    "gas": ("#EEDD88", "♨", "#5A4A00", "gas pocket"),
    "feeding": ("#BBCC33", "✿", "#2E3300", "feeding ground (grey crester)"),
    "red_start": ("#EE8866", "✶", "#5A1A00", "red crester start"),
    "corner": ("#77AADD", "»", "#0B2545", "around-the-planet corner"),
    "port": ("#2B3A4A", "TP", "#FFFFFF", "the Trading Post"),
}
#: Windward's pieces as the shell's piece kinds
PIECE_KIND = {"ship": "ship", "longboat": "boat", "grey": "disc", "red": "diamond", "white": "cross", "item": "cube"}
#: events after which the board has changed (the table redraws it while bots play)
MOVED = frozenset({"ShipMoved", "LongboatMoved", "CresterMoved", "EnteredPort", "CresterPlaced"})
#: the turn buttons' icons (Font Awesome names)
ICONS = {"leave": "sign-out", "enter": "sign-in", "pickup gas": "arrow-up", "pickup teeth": "arrow-up",
         "pickup tokens": "arrow-up", "pickup crester": "arrow-up", "pickup longboat": "arrow-up",
         "process": "cogs", "end": "hourglass-end"}
FREE_COLOUR, SPEED_COLOUR, ROW_COLOUR, PLACE_COLOUR = "#117733", "#4477AA", "#AA4499", "#EE3377"


def planet_board(s: Any) -> BoardView:
    """The planet's hexes and every piece on them (the play table's board without its click targets;
    the static picture draws it)."""
    p = s.planet
    spaces = []
    for i, cell in enumerate(p.cells):
        fill, glyph, ink, _name = TERRAIN_LOOK[p.terrain[i]]
        x, y = hexgrid.pixel(cell)
        spaces.append(Space(x, y, "hex", 1.0, fill, "#B9C2CA", glyph, ink, p.label(i), p.describe(i)))
    pieces = [Piece(pc["hex"], PIECE_KIND[pc["kind"]], pc["colour"], pc["label"], pc["text"], pc["alive"],
                    pc.get("seat", -1)) for pc in view.board_view(s)["pieces"]]
    return BoardView(tuple(spaces), tuple(pieces))


class WindwardView(core_view.GameView):
    """Windward for the play table shell (see the module docstring)."""

    title = "Windward"
    score_name = "notoriety"
    moving_events = MOVED

    # --------------------------------------------------------------- rules and seats
    def rules(self, state: Any) -> Any:  # Windward's engine is a module of functions
        return engine

    def players(self, state: Any) -> int:
        return int(state.players)

    def decider(self, state: Any) -> int:
        return int(engine.decider(state))

    def seat_colours(self, state: Any) -> list[str]:
        return [ship.colour for ship in state.ships]

    def turn_key(self, state: Any) -> Any:
        return state.current                  # one captain's turn, battles and rests included

    # --------------------------------------------------------------- actions
    def parse(self, state: Any, action: Any) -> Action:
        return Action.parse(action)

    def error(self, rule: str, reason: str) -> Exception:
        return IllegalActionError(rule, reason)

    def legal(self, state: Any) -> list[Action]:
        return engine.legal_actions(state) if engine.decider(state) >= 0 else []

    def why_illegal(self, state: Any, action: Any) -> tuple[str, str] | None:
        return engine.why_illegal(state, Action.parse(action))

    def describe(self, state: Any, action: Any) -> str:
        return view.describe_action(state, action)

    def explain(self, state: Any, seat: int, action: Any, plan: Any = None) -> str:
        """The coach's reason for a hint (:func:`windward_nb.windward.hints.explain`): the exact
        odds of a battle, where a move is heading and what waits there, what a tooth is worth,
        what a crew member does to the odds, who can reach a resting ship; in the Solo Adventure and
        the Cooperative game, also the turn's plan it starts (:func:`.search.plan_reason`)."""
        from .hints import explain
        from .search import plan_reason

        a = self.parse(state, action)
        line = explain(state, seat, a, plan)
        team = plan_reason(state, seat, a)
        return f"{line} - the plan: {team}" if team else line

    def danger(self, state: Any, action: Any) -> str | None:
        return coach_rules.danger(state, action)

    def action_rows(self, state: Any) -> list[ActionRow]:
        rows = view.legal_action_rows(state)
        risky = coach_rules.dangers(state) if rows else {}
        return [ActionRow(t, d, risky.get(t)) for d, t in rows]

    def quick(self, state: Any, rows: Sequence[ActionRow]) -> bool:
        # a battle has its own panel; the other decisions inside a turn get buttons
        return bool(state.frames) and state.frames[-1]["k"] != "battle" and 0 < len(rows) <= self.quick_limit

    def turn_buttons(self, state: Any) -> list[TurnButton]:
        out = []
        for r in coach_rules.turn_buttons(state):
            choices: tuple[str, ...] = ()
            prompt = hint = ""
            if r["key"] == "leave":
                choices = tuple(t.split()[-1] for t, _ in r["actions"])
                prompt = "Sail out toward:"
                hint = "Choose a direction (or click one of the highlighted spaces around the Trading Post)."
            out.append(TurnButton(key=r["key"], label=r["label"], actions=tuple(map(tuple, r["actions"])),
                                  reason=r["reason"], show=r["show"], danger=dict(r["danger"]),
                                  icon=ICONS.get(r["key"], ""), choices=choices, prompt=prompt, hint=hint))
        return out

    # --------------------------------------------------------------- words
    def coach(self, state: Any, names: Sequence[str] | None = None) -> Coach:
        c = coach_rules.coach(state, names)
        return Coach(c.seat, c.kind, c.text, tuple(c.hints))

    def read_typed(self, state: Any, text: str) -> Typed:
        t = coach_rules.read_typed(state, text)
        return Typed(t.text, t.action, t.message, tuple(t.suggestions))

    def status(self, state: Any) -> str:
        return f"Windward — round {state.round}, wind {state.wind}"

    def scores(self, state: Any) -> list[float]:
        return [ship.notoriety for ship in state.ships]

    def outcome(self, state: Any) -> str:
        return (state.result or "The game is over.") if state.over else ""

    def text_summary(self, state: Any, names: Sequence[str] | None = None) -> str:
        return view.text_summary(state, names)

    def event_groups(self, entries: Iterable[LogEntry], names: Sequence[str] | None = None) -> list[dict[str, Any]]:
        return coach_rules.log_by_turn(((e.ply, e.who, e.events) for e in entries), names)

    def summary_since(self, events: Sequence[Any], seat: int, names: Sequence[str] | None = None) -> str:
        return coach_rules.while_you_waited(events, seat, names)

    # --------------------------------------------------------------- the board
    def board(self, state: Any, piece: str | None = None) -> BoardView:
        """The planet as spaces (hexes of radius 1), its pieces, and the destinations a click
        reaches now (``piece`` limits them to ``"ship"``, ``"boat 1"`` ...)."""
        p = state.planet
        plain = planet_board(state)
        targets = []
        for h, options in sorted(view.destinations(state, piece).items()):
            d = options[0]
            if d.piece.startswith("boat"):
                colour, label = ROW_COLOUR, f"{d.cost}r"
            elif d.piece in ("red", "white"):
                colour, label = PLACE_COLOUR, "+"
            else:
                colour, label = (FREE_COLOUR if d.cost == 0 else SPEED_COLOUR), ("0»" if d.slide else str(d.cost))
            also = f" (also: {'; '.join(o.text for o in options[1:])})" if len(options) > 1 else ""
            targets.append(Target(h, tuple(str(a) for a in d.actions), label, colour, f"click: {d.text}{also}"))
        links = tuple((a, b) for a, b in sorted(p.corner_link.items()) if a < b)
        return BoardView(plain.spaces, plain.pieces, tuple(targets), links,
                         caption=view.decision_prompt(state),
                         legend=tuple((g, name) for t, (_f, g, _i, name) in TERRAIN_LOOK.items() if g))

    def click(self, state: Any, space: int, piece: str | None = None) -> Click:
        if not 0 <= space < len(state.planet.cells):
            return Click(refusal=("Board", f"there is no space number {space} on this planet"))
        dests = view.destinations(state, piece).get(space)
        if dests:
            return Click(actions=tuple(str(a) for a in dests[0].actions))
        action, refusal = view.click_action(state, space, piece)
        if action is None:
            return Click(refusal=refusal)
        why = engine.why_illegal(state, action)
        return Click(actions=(str(action),)) if why is None else Click(refusal=why)

    # --------------------------------------------------------------- bots and records
    def bot_table(self, state: Any) -> dict[str, Any]:
        from . import bots

        return dict(bots.BOTS)

    def make_bot(self, state: Any, spec: Any, seed: int | None = None) -> Any:
        from . import bots

        return bots.make_bot(spec, seed)

    def bot_act(self, bot: Any, state: Any) -> Action:
        return Action.parse(bot.act(state))

    def record_suffix(self, record: Any) -> str:
        return ".wwr.json"

    def replay_cursor(self, record: Any) -> Any:
        from .replay import Replay

        return Replay(record, every=32)

    def score_series(self, cursor: Any) -> Any:
        return cursor.notoriety()


VIEW = WindwardView()
