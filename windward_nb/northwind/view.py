"""North Wind on the play table: :class:`NorthWindView` (``VIEW``), the board as data, and widget data.

The board (:meth:`NorthWindView.board`) has, top to bottom: the three face-down
stacks (a click sails into one, or reveals the next tile of the one you sail);
the row of tiles revealed on this voyage; and the task board, one column of
fields under each stack (field 1 at the bottom), each field holding the token
of the captain who completed it, the column's "most tokens" bonus field under
it, and the two shared bonus fields at the right. Nothing here imports a
widget library.

>>> from windward_nb.northwind.scenario import scenario
>>> g = scenario(players=2, stacks={"olsand": ["wreck"]})
>>> b = VIEW.board(g.state)
>>> [(t.space, t.actions) for t in b.targets]
[(0, ('sail north-cape',)), (1, ('sail fort-haven',)), (2, ('sail olsand',))]
>>> _ = g.apply("sail olsand"); _ = g.apply("reveal")
>>> VIEW.coach(g.state).text
'Player 1: Shipwreck. Use it or pass.'
>>> [t.actions for t in VIEW.board(g.state).targets]
[('salvage',)]
>>> VIEW.click(g.state, 0).refusal
('Trading Voyage', 'you are already on a voyage; one stack per turn')
"""

from __future__ import annotations

from typing import Any
from collections.abc import Sequence

from ..core.svg import text_colour
from ..core.view import BoardView, Click, Coach, GameView, Piece, Space, Target, TurnButton
from . import tasks
from .components import GOODS
from .odds import _pct, fight_odds, next_tile_text
from .state import NWState
from .words import (board_text, describe, prompt, ship_text, short_title, stacks_text, task_board_text,
                    voyage_text)

__all__ = ["VIEW", "NorthWindView", "KIND_COLOURS", "SEAT_COLOURS", "voyage_view", "ship_view", "layout",
           "board_text", "describe", "prompt", "ship_text", "short_title", "stacks_text", "task_board_text",
           "voyage_text"]

#: tile colours (Tol's bright scheme); every tile also has a glyph and a name
KIND_COLOURS = {"destination": "#CCBB44", "fog": "#BBBBBB", "shipwreck": "#AA7744", "merchant": "#AA3377",
                "equipment": "#228833", "harbour": "#4477AA"}
KIND_GLYPHS = {"destination": "★", "fog": "☁", "shipwreck": "⚓", "merchant": "⚖", "equipment": "⚒",
               "harbour": "⇄"}
SEAT_COLOURS = ("#EE7733", "#0077BB", "#EE3377", "#009988")
FACE_DOWN, FACE_DOWN_HOT = "#1F3A5F", "#3B6EA5"
ROW_SLOTS = 7
#: board geometry (board units; about 20 px each at a table's full width): three harbour columns, the
#: voyage row across, the task fields bottom up, the bonus fields at the foot
COLUMN_DX, FIELD_SIZE, BANNER_SIZE = 10.0, 4.75, 4.75
BANNER_Y, STACK_Y, ROW_Y = 0.0, -3.0, -7.9
TASK_Y0, TASK_DY = -22.4, 1.4
MOST_Y, BONUS_Y = -24.0, -25.8
ROW_X0, ROW_DX = 2.6, 4.1
BONUS_X = (7.5, 17.5)


def column_x(col: int) -> float:
    """The centre of a harbour's column (three to a row of columns)."""
    return 5.0 + COLUMN_DX * (col % 3) + 31.0 * (col // 3)


def layout(s: NWState) -> dict[str, Any]:
    """Where everything is on the board: the first space index of each part.

    ``stacks`` (3), ``row`` (:data:`ROW_SLOTS`), ``fields`` (one per task field,
    column by column, bottom up; ``columns`` gives each column's first index),
    ``most`` (3) and the ``supply`` and ``crew`` bonus fields.
    """
    n_stacks = len(s.comp.destinations)
    row0 = n_stacks
    field0 = row0 + ROW_SLOTS
    columns, k = [], field0
    for d in s.comp.destinations:
        columns.append(k)
        k += len(s.comp.tasks[d])
    return {"stacks": 0, "row": row0, "fields": field0, "columns": columns, "most": k, "supply": k + n_stacks,
            "crew": k + n_stacks + 1, "n": k + n_stacks + 2}


class NorthWindView(GameView):
    """North Wind for the play table shell (see the module docstring)."""

    title = "North Wind"
    score_name = "task tokens"

    # ------------------------------------------------------------------ seats and status
    def seat_colours(self, s: NWState) -> list[str]:
        return [SEAT_COLOURS[i % len(SEAT_COLOURS)] for i in range(s.players)]

    def turn_key(self, s: NWState) -> Any:
        return s.turns

    def status(self, s: NWState) -> str:
        if s.turns == 0:
            return "North Wind — setting up"
        return f"North Wind — turn {s.turns}, first to {s.target_tokens} task tokens on the board"

    def text_summary(self, s: NWState, names: Sequence[str] | None = None) -> str:
        return f"{self.status(s)}.\nNow: {self.coach(s, names).text}\n\n{board_text(s)}"

    # ------------------------------------------------------------------ what now
    def coach(self, s: NWState, names: Sequence[str] | None = None) -> Coach:
        who = self.decider(s)
        if who < 0:
            return super().coach(s, names)
        text = prompt(s, names)
        hints: tuple[str, ...] = ()
        ph = s.phase
        if ph == "choose":
            hints = ("Click a stack on the board to sail into it.",
                     f"Your range is {s.sail[who]} tiles; at most 2 actions per voyage.")
        elif ph in ("prepare", "sail"):
            risk = next_tile_text(s, who)
            hints = ("Click the stack you sail (or Reveal) for the next tile.",) + ((risk,) if risk else ())
        elif ph == "tile":
            n = len([a for a in self.legal(s) if a.verb != "pass"])
            hints = (f"{n} way{'s' if n != 1 else ''} to use it; passing costs no action.",
                     f"Actions used: {s.actions} of 2.")
        elif ph == "pirate":
            o = fight_odds(s)
            hints = (f"Fighting wins {_pct(o.win)} of the time with {s.cannons[who]} "
                     f"cannon{'s' if s.cannons[who] != 1 else ''}; a defeat ends the voyage.",)
        elif ph == "letter":
            hints = (f"You hold {s.letters[who]} letter{'s' if s.letters[who] != 1 else ''}; a deal here spends one.",)
        return Coach(who, ph, text, hints)

    def danger(self, s: NWState, action: Any) -> str | None:
        a = self.parse(s, action)
        who = self.decider(s)
        if (a.verb == "fight" and s.phase == "pirate"
                and s.comp.max_hits(s.cannons[who], s.has(who, "cannoneer")) < s.pirate):
            return (f"{s.cannons[who]} cannon{'s' if s.cannons[who] != 1 else ''} cannot score {s.pirate} hits: "
                    "this is a defeat, and it ends your voyage.")
        if a.verb == "pass" and s.phase == "tile" and any(x.verb == "deliver" for x in self.legal(s)):
            return "You could complete a task here."
        if a.verb == "throw":
            return f"1 {a.arg} goes back to the supply for nothing."
        return None

    def quick(self, s: NWState, rows) -> bool:
        """One button per deal at a tile or a letter; the other steps have their turn buttons (the
        rarely useful cuts of the stack stay in the actions list)."""
        return s.phase in ("tile", "letter", "peek") and super().quick(s, rows)

    def turn_buttons(self, s: NWState) -> list[TurnButton]:
        legal = {str(a): a for a in self.legal(s)}
        sailing = s.phase in ("prepare", "sail", "peek", "tile", "pirate", "letter")
        out = []
        for key, label, show, icon in (("reveal", "Reveal next tile", s.phase in ("prepare", "sail"), "eye"),
                                       ("look", "Lookout: look", s.phase == "prepare" and s.has(s.turn, "lookout"),
                                        "binoculars"),
                                       ("keep", "Keep it on top", s.phase == "peek", "arrow-up"),
                                       ("under", "Put it under", s.phase == "peek", "arrow-down"),
                                       ("pay", f"Pay {s.comp.ransom} gold", s.phase == "pirate", "coins"),
                                       ("fight", "Fight", s.phase == "pirate", "crosshairs"),
                                       ("pass", "Pass", s.phase in ("tile", "letter"), "forward"),
                                       ("end", "End voyage", sailing and s.phase != "letter", "anchor")):
            a = legal.get(NWActionText.get(key, key))
            danger = self.danger(s, a) if a is not None else None
            reason = None if a is not None else self._why(s, key)
            out.append(TurnButton(key, label, actions=((str(a), self.describe(s, a)),) if a is not None else (),
                                  reason=reason, show=show, danger={str(a): danger} if danger else {}, icon=icon))
        return out

    def _why(self, s: NWState, key: str) -> str:
        try:
            why = self.why_illegal(s, self.parse(s, NWActionText.get(key, key)))
        except ValueError as exc:  # pragma: no cover - every key is a valid action text
            return str(exc)
        return f"{why[1]} [{why[0]}]" if why else ""

    # ------------------------------------------------------------------ the board
    def board(self, s: NWState) -> BoardView:
        """The table as a person knows it: a column per destination harbour (its name, its face-down
        stack of sea tiles, its task fields bottom up with the current task outlined, and the bonus
        for the most tokens in it), the tiles revealed on this voyage in a row across, and the two
        bonus fields for every harbour supplied and all crew aboard. Space indices follow
        :func:`layout` (the harbours' name banners come last)."""
        comp = s.comp
        at = layout(s)
        legal = {str(a) for a in self.legal(s)}
        spaces: list[Space] = []
        targets: list[Target] = []
        pieces: list[Piece] = []
        colours = self.seat_colours(s)
        # the stacks
        for i, d in enumerate(comp.destinations):
            title = comp.tile(d).title
            count = (len(s.stacks[i]) if s.stacks else 0)
            seen = [short_title(s, t) for t in (s.known[i] if s.known else []) if t != d]
            hot = f"sail {d}" in legal or (i == s.stack and "reveal" in legal)
            spaces.append(Space(column_x(i), STACK_Y, "card", 1.75, fill=FACE_DOWN_HOT if hot else FACE_DOWN,
                                stroke="#000000", glyph=str(count), glyph_colour="#FFFFFF", label="",
                                text=f"{title} stack: {count} tiles face down; seen in it: "
                                     f"{', '.join(seen) or 'nothing yet'}"))
            if f"sail {d}" in legal:
                targets.append(Target(i, (f"sail {d}",), "sail", "#117733", f"click: sail into the {title} stack"))
            elif i == s.stack and "reveal" in legal:
                targets.append(Target(i, ("reveal",), "next", "#117733", "click: reveal the next tile"))
        if 0 <= s.stack < len(comp.destinations) and s.phase not in ("choose", "shuffle", "over"):
            pieces.append(Piece(s.stack, "ship", colours[s.turn], str(s.turn + 1),
                                f"Player {s.turn + 1}'s ship, sailing this stack", seat=s.turn))
        # the revealed row: this voyage's tiles, face up
        for k in range(ROW_SLOTS):
            x = ROW_X0 + ROW_DX * k
            if k < len(s.row):
                t = comp.tile(s.row[k])
                used = s.used[k]
                now = k == len(s.row) - 1 and s.phase in ("tile", "letter", "event", "pirate", "battle")
                spaces.append(Space(x, ROW_Y, "card", 1.4, fill=KIND_COLOURS[t.kind],
                                    stroke="#000000" if now else "#555555", glyph=KIND_GLYPHS[t.kind],
                                    glyph_colour=text_colour(KIND_COLOURS[t.kind]),
                                    label=short_title(s, t.id) + (" ✓" if used else ""),
                                    text=f"tile {k + 1} of the voyage: {t.title}" + (", used" if used else "")
                                         + (", the tile to decide on now" if now else "")))
            else:
                spaces.append(Space(x, ROW_Y, "card", 1.4, fill="#FFFFFF", stroke="#D0D0D0",
                                    text=f"place for tile {k + 1} of a voyage"))
        if s.phase == "tile" and s.row:
            single = [a for a in ("deliver", "salvage") if a in legal]
            if single:
                word = "complete the task" if single[0] == "deliver" else "examine the shipwreck"
                targets.append(Target(at["row"] + len(s.row) - 1, (single[0],), "use", "#117733", f"click: {word}"))
        # the task board: each harbour's fields, bottom up
        for col, d in enumerate(comp.destinations):
            done = s.tasks[col] if s.tasks else []
            for k, need in enumerate(comp.tasks[d]):
                current = k == len(done)
                spaces.append(Space(column_x(col), TASK_Y0 + TASK_DY * k, "field", FIELD_SIZE,
                                    fill="#FFF1B8" if current else ("#E4E4E4" if k < len(done) else "#FFFFFF"),
                                    stroke="#000000" if current else "#9A9A9A", glyph="",
                                    label=tasks.need_short(need),
                                    text=f"{comp.tile(d).title} task {k + 1}: {tasks.need_text(need)}"
                                         + (" (the current task)" if current else "")
                                         + (f", done by Player {done[k] + 1}" if k < len(done) else "")))
                if k < len(done):
                    p = done[k]
                    pieces.append(Piece(len(spaces) - 1, "disc", colours[p], str(p + 1),
                                        f"Player {p + 1}'s task token", seat=p))
        for col, d in enumerate(comp.destinations):
            holder = s.most[col] if s.most else -1
            spaces.append(Space(column_x(col), MOST_Y, "field", FIELD_SIZE, fill="#F6E8C3",
                                stroke="#9A9A9A", glyph="", label="★ most tokens here",
                                text=f"bonus: the most tokens in the {comp.tile(d).title} column"
                                     + (f" (Player {holder + 1})" if holder >= 0 else " (nobody)")))
            if holder >= 0:
                pieces.append(Piece(len(spaces) - 1, "disc", colours[holder], str(holder + 1),
                                    f"Player {holder + 1}'s bonus token", seat=holder))
        for k, (_key, glyph, words, seats) in enumerate((("supply", "⚑", "every harbour supplied", s.supply_bonus),
                                                          ("crew", "☺", "all crew aboard", s.crew_bonus))):
            spaces.append(Space(BONUS_X[k], BONUS_Y, "field", FIELD_SIZE, fill="#F6E8C3", stroke="#9A9A9A",
                                glyph="", label=f"{glyph} {words}",
                                text=f"bonus: {words}" + (": " + ", ".join(f"Player {p + 1}" for p in seats)
                                                          if seats else " (nobody yet)")))
            for p in seats:
                pieces.append(Piece(len(spaces) - 1, "disc", colours[p], str(p + 1),
                                    f"Player {p + 1}'s {words} bonus token", seat=p))
        # the harbours' name banners, above their stacks (a click on one is a click on its stack)
        for i, d in enumerate(comp.destinations):
            title = comp.tile(d).title
            spaces.append(Space(column_x(i), BANNER_Y, "field", BANNER_SIZE, fill=KIND_COLOURS["destination"],
                                stroke="#5A4A10", glyph="", label=f"★ {title}",
                                text=f"{title}: the destination harbour of this stack and of the task column below"))
        legend = tuple((KIND_GLYPHS[k], name) for k, name in (
            ("destination", "destination harbour"), ("harbour", "commercial harbour"), ("merchant", "merchant"),
            ("equipment", "equipment harbour"), ("shipwreck", "shipwreck"), ("fog", "fog")))
        return BoardView(tuple(spaces), tuple(pieces), tuple(targets), caption=prompt(s), legend=legend)

    def click(self, s: NWState, space: int) -> Click:
        at = layout(s)
        comp = s.comp
        b = self.board(s)
        for t in b.targets:
            if t.space == space:
                return Click(actions=t.actions)
        if at["n"] <= space < at["n"] + len(comp.destinations):     # a harbour's banner: its stack
            space -= at["n"]
        if 0 <= space < len(comp.destinations):
            action = "reveal" if space == s.stack and s.phase not in ("choose", "shuffle", "over") \
                else f"sail {comp.destinations[space]}"
            why = self.why_illegal(s, self.parse(s, action))
            return Click(refusal=why) if why else Click(actions=(action,))
        if 0 <= space < at["n"]:
            return Click(message=b.spaces[space].text)
        return super().click(s, space)


#: the text of each turn button's action (the key when they are the same)
NWActionText = {"end": "end voyage"}

VIEW = NorthWindView()


# ----------------------------------------------------------------------------------- widget data
def voyage_view(s: NWState, seat: int | None = None) -> dict:
    """The words around the board, JSON-ready: the revealed row and the task board in text.

    ``seat``: whose eyes (the Lookout's tile shows only to its captain); None = a spectator.
    """
    comp = s.comp
    row = [{"tile": t, "title": comp.tile(t).title, "short": short_title(s, t), "kind": comp.tile(t).kind,
            "used": used, "current": k == len(s.row) - 1 and s.phase in ("tile", "letter", "event", "pirate", "battle")}
           for k, (t, used) in enumerate(zip(s.row, s.used))]
    peek = ""
    if s.peek:
        peek = short_title(s, s.peek) if seat == s.turn else "?"
    columns = []
    for col, d in enumerate(comp.destinations):
        done = len(s.tasks[col])
        fields = [{"need": tasks.need_text(need), "seat": s.tasks[col][k] if k < done else -1, "current": k == done}
                  for k, need in enumerate(comp.tasks[d])]
        columns.append({"dest": d, "title": comp.tile(d).title, "fields": fields, "most": s.most[col]})
    stacks = [{"dest": d, "title": comp.tile(d).title, "tiles": len(s.stacks[i]) if s.stacks else 0,
               "seen": [short_title(s, t) for t in s.known[i] if t != d] if s.known else []}
              for i, d in enumerate(comp.destinations)]
    return {"stacks": stacks, "row": row, "peek": peek, "range": s.sail[s.turn] if s.sail else 0,
            "actions": s.actions, "voyager": s.turn, "columns": columns, "supply_bonus": list(s.supply_bonus),
            "crew_bonus": list(s.crew_bonus), "prompt": prompt(s), "phase": s.phase}


def ship_view(s: NWState, seat: int) -> dict:
    """What the ShipPanel draws for one captain, JSON-ready: every slot and track."""
    comp = s.comp
    hold = [g for g, n in zip(GOODS, s.hold[seat]) for _ in range(n)]
    hold += [""] * (comp.hold - len(hold))
    slots = [{"ability": a, "filled": a in s.crew[seat], "where": "crow's nest" if a == "lookout" else "cabin"}
             for a in ("boatswain", "bookkeeper", "cannoneer", "treasurer", "lookout")]
    return {"seat": seat, "name": f"Player {seat + 1}", "colour": SEAT_COLOURS[seat % len(SEAT_COLOURS)],
            "gold": s.gold[seat], "letters": s.letters[seat], "letters_max": comp.letters_max,
            "hold": hold, "brig": [k < s.brig[seat] for k in range(comp.brig)],
            "cannons": [k < s.cannons[seat] for k in range(comp.cannon_slots)],
            "crew_supply": comp.crew - len(s.crew[seat]), "slots": slots,
            "sail": s.sail[seat], "sail_levels": list(range(comp.sail_start, comp.sail_max + 1)),
            "on_board": s.on_board(seat), "target": s.target_tokens, "tokens": s.tokens[seat],
            "active": s.turn == seat and s.phase not in ("over",)}
