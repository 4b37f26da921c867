"""Dice Race's :class:`~windward_nb.core.view.GameView`: the toy game on the play table shell.

The worked example of ``docs/widgets.md``. The board is a track of spaces 0 to
:data:`~dicerace.GOAL` (a racer past the goal stands on it), a row of four card
spaces (click one of yours to bid it) and two reply spaces (block, allow) for
the racer in last place. Everything else -- the actions list, typed actions,
bots, undo, the log -- comes from the shell and the view's defaults.

>>> import dicerace
>>> g = dicerace.new_game(players=2, seed=4)
>>> VIEW.coach(g.state).text
'Player 1, bid one of your cards face down (2 or 4); the highest single bid also rolls the die.'
>>> [(t.space, t.actions) for t in VIEW.board(g.state).targets]
[(14, ('bid 2',)), (16, ('bid 4',))]
>>> VIEW.click(g.state, 13).refusal
('Bidding', 'you hold no 1 to bid')
"""

from __future__ import annotations

from typing import Any, Sequence

import dicerace
from dicerace import DIE, GOAL, ROUNDS, RaceState

from windward_nb.core.view import BoardView, Click, Coach, GameView, Piece, Space, Target, TurnButton

TRACK = GOAL + 1                 # spaces 0..GOAL
CARD0 = TRACK                    # card spaces: values 1..4
REPLY0 = CARD0 + 4               # block, allow
CARD_FILL, REPLY_FILL, GOAL_FILL = "#EEDD88", "#99DDFF", "#BBCC33"


class DiceRaceView(GameView):
    title = "Dice Race"
    score_name = "spaces"
    moving_events = frozenset({"BidsRevealed", "Rolled"})

    def turn_key(self, s: RaceState) -> Any:
        return s.round

    def status(self, s: RaceState) -> str:
        return f"Dice Race — round {s.round} of {ROUNDS}, goal {GOAL}"

    # ------------------------------------------------------------------ what now
    def coach(self, s: RaceState, names: Sequence[str] | None = None) -> Coach:
        who = self.decider(s)
        if who < 0 or s.phase in ("over", "shuffle", "roll"):
            return super().coach(s, names)
        name = self.seat_names(s, names)[who]
        if s.phase == "bid":
            cards = " or ".join(str(v) for v in sorted(set(s.hands[who])))
            return Coach(who, "bid", f"{name}, bid one of your cards face down ({cards}); the highest single bid "
                                     "also rolls the die.")
        leader = self.seat_names(s, names)[s.high]
        return Coach(who, "reply", f"{name}, you are last: block {leader}'s roll (halve it, once a game) or allow "
                                   "it.", ("Click Block or Allow on the board, or use the buttons.",))

    def quick(self, s: RaceState, rows) -> bool:
        return s.phase == "bid" and super().quick(s, rows)       # a reply has its turn buttons

    def danger(self, s: RaceState, action: Any) -> str | None:
        if str(action) == "block" and s.phase == "reply":
            return "This uses your only block of the game."
        return None

    def turn_buttons(self, s: RaceState) -> list[TurnButton]:
        reply = s.phase == "reply"
        out = []
        for key, label in (("allow", "Allow the roll"), ("block", "Block the roll")):
            legal = reply and any(str(a) == key for a in self.legal(s))
            out.append(TurnButton(key, label, actions=((key, self.describe(s, self.parse(s, key))),) if legal else (),
                                  reason=None if legal else "only the racer in last place replies, after the bids",
                                  show=reply, danger={key: d} if (d := self.danger(s, key)) and legal else {}))
        return out

    # ------------------------------------------------------------------ the board
    def board(self, s: RaceState) -> BoardView:
        spaces = [Space(x=2.2 * i, y=0.0, shape="circle", fill=GOAL_FILL if i == GOAL else "#F3F1EA",
                        glyph="⚑" if i == GOAL else "", label=str(i),
                        text=f"track space {i}" + (" (the goal)" if i == GOAL else "")) for i in range(TRACK)]
        spaces += [Space(x=2.2 * (i + 1), y=-2.8, shape="square", fill=CARD_FILL, label=f"card {v}",
                         text=f"bid a {v}") for i, v in enumerate(range(1, 5))]
        spaces += [Space(x=2.2 * (7 + 2 * i), y=-2.8, shape="diamond", fill=REPLY_FILL, glyph=g, label=word,
                         text=f"{word} the leader's roll")
                   for i, (word, g) in enumerate((("block", "½"), ("allow", "✓")))]
        pieces = [Piece(min(p, GOAL), "pawn", self.seat_colours(s)[seat], str(seat + 1),
                        f"Player {seat + 1}'s racer, {p} spaces along", seat=seat) for seat, p in enumerate(s.pos)]
        who = self.decider(s)
        targets = []
        if s.phase == "bid" and who >= 0:
            hand = s.hands[who]
            for v in sorted(set(hand)):
                pieces.append(Piece(CARD0 + v - 1, "cube", "#FFFFFF", f"{v}" + ("×2" if hand.count(v) > 1 else ""),
                                    f"your {v}", seat=who))
                targets.append(Target(CARD0 + v - 1, (f"bid {v}",), "", "#117733", f"click: bid your {v}"))
        elif s.phase == "reply" and who >= 0:
            for i, word in enumerate(("block", "allow")):
                targets.append(Target(REPLY0 + i, (word,), "", "#AA4499", f"click: {word} the roll"))
        return BoardView(tuple(spaces), tuple(pieces), tuple(targets), links=tuple((i, i + 1) for i in range(GOAL)),
                         caption=self.coach(s).text)

    def click(self, s: RaceState, space: int) -> Click:
        if CARD0 <= space < REPLY0 and s.phase == "bid":
            a = self.parse(s, f"bid {space - CARD0 + 1}")
            why = self.why_illegal(s, a)
            return Click(refusal=why) if why else Click(actions=(str(a),))
        return super().click(s, space)


VIEW = DiceRaceView()

__all__ = ["VIEW", "DiceRaceView", "DIE", "dicerace"]
