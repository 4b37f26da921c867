"""Bots for Tailwinds: RandomBot (from the core) and a readable GreedyBot.

GreedyBot plays one turn at a time by a simple score of the position
(:func:`position_value`): how far its boats have come, a heavy penalty for its
aft boat in last place (it could not win), a little for a rainbow card in
hand. In its turn it tries every way of splitting its points between its
boats (either boat first), and every card ability or rainbow play followed by
the best split, on a copy of the position it can see (hidden cards redrawn),
and takes the first step of the best plan. It chooses its highest card and
keeps its Recover card for last, so the Recover brings back all six others.

>>> from windward_nb.core.simulate import play_game
>>> r = play_game("tailwinds", players=3, bots="greedy", seed=2)
>>> r.over, len(r.winners) <= 1
(True, True)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from windward_nb.core.bots import Bot, RandomBot
from windward_nb.core.rules import CHANCE, TERMINAL

from . import board
from .actions import TailwindsAction as A
from .state import TailwindsState


def _rules(s: TailwindsState) -> Any:
    """The rules a position plays by (untyped: the rules sit above the bots, whose search they ask
    for their judge)."""
    return type(s).rules

#: how much GreedyBot likes each rainbow card when it may take one (higher first)
RAINBOW_TASTE = ("fair-wind", "current", "bail-out", "anchor", "whirlpool", "salvage", "buried-treasure",
                 "telescope", "doldrums")

WIN = 1000.0


def card_estimate(s: TailwindsState, seat: int, key: str) -> float:
    """Rough movement points a card is worth (its value plus what its ability usually adds)."""
    card = s.card(seat, key)
    v = float(card.value)
    if card.ability is not None:
        for op in card.ability.ops:
            name = op["op"]
            v += {"roll_add": 3.5, "copy": 3.5, "pursue": 1.5, "push_back": 1.0, "rechoose": 0.5,
                  "ask_rainbow": 1.0}.get(name, 0.0)
            if name == "add":
                v += op["points"] * (0.8 if board.adjacent(s, seat) else 0.3)
            if name == "move_boat" and op["boat"] in ("own-aft", "own-fore"):
                v += op["spaces"]
            if name == "move_boat" and op["boat"] == "own-each":
                v += 2 * op["spaces"]
    return v


def position_value(s: TailwindsState, me: int) -> float:
    """GreedyBot's score of a position for seat ``me`` (larger is better)."""
    if s.phase == "over":
        return WIN if s.winner == me else -WIN
    bs = s.boats[me]
    if len(bs) == 2:
        v = bs[0][0] + 0.8 * bs[1][0]
    else:
        v = 1.8 * bs[0][0] - 4.0  # the fore boat left the race: only this one can still finish
    aft = bs[-1]
    boats = board.all_boats(s)
    if board.is_last(s, me, aft[2]):
        v -= 6.0
    else:
        rear = boats[0][1][0]
        v += 0.5 * min(3, aft[0] - rear)
    others = [s.boats[p][0][0] for p in range(s.players) if p != me and s.boats[p]]
    if others:
        v -= 0.4 * max(others)
    if s.rainbow[me] is not None:
        v += 1.5
    if s.turn == me and s.rainbow[me] is None and s.market:
        for bid, space in s.entered:
            b = board.find(s, me, bid)
            if b is not None and b[0] == space and s.track.is_rainbow(space):
                v += 2.0
                break
    return v


def _space(s: TailwindsState, seat: int, name: str) -> int:
    """The space of a player's boat named ``fore`` or ``aft``."""
    b = board.by_name(s, seat, name)
    assert b is not None  # a target action names a boat on the track
    return b[0]


class GreedyBot(Bot):
    """Takes the best-looking plan for this turn (see the module doc)."""

    name = "GreedyBot"

    def __init__(self, seed: Any = None):
        super().__init__(seed)

    # --------------------------------------------------------------------------- choosing
    def choose(self, state: TailwindsState, seat: int, legal: list[Any]) -> A:
        s = state
        top = s.pending[-1] if s.pending else None
        if legal[0].verb == "choose":
            return self.pick_card(s, seat, legal)
        if legal[0].verb == "place":
            return self.place(s, seat, legal)
        if top is not None:
            return self.decide(s, seat, top, legal)
        return self.turn_action(s, seat, legal)

    def pick_card(self, s: TailwindsState, seat: int, legal: list[A]) -> A:
        """The highest card, keeping the Recover card until it is the last one."""
        others = [a for a in legal if not s.card(seat, a.arg).recover]
        pool = others or legal
        return max(pool, key=lambda a: (card_estimate(s, seat, a.arg), a.arg))

    def place(self, s: TailwindsState, seat: int, legal: list[A]) -> A:
        """The foremost start space with a free lane."""
        return max(legal, key=lambda a: a.arg)

    def decide(self, s: TailwindsState, seat: int, top: dict, legal: list[A]) -> A:
        kind = top["kind"]
        if kind == "copy":
            return max(legal, key=lambda a: s.card(a.arg - 1, s.round_cards[a.arg - 1]).value)
        if kind == "answer":
            return A("refuse")
        if kind == "roll?":
            return A("roll")
        if kind == "target":
            if top["spaces"] > 0:
                own = [a for a in legal if a.arg[0] - 1 == seat]
                return own[0] if own else legal[-1]
            theirs = [a for a in legal if a.arg[0] - 1 != seat]
            return max(theirs or legal, key=lambda a: _space(s, a.arg[0] - 1, a.arg[1]))
        if kind in ("take", "pickup"):
            takes = [a for a in legal if a.verb == "take"]
            return min(takes, key=lambda a: RAINBOW_TASTE.index(a.arg) if a.arg in RAINBOW_TASTE else 99)
        if kind == "reclaim":
            return max(legal, key=lambda a: card_estimate(s, seat, a.arg))
        return legal[0]  # ask: any player who holds a card

    # --------------------------------------------------------------------------- the turn
    def turn_action(self, s: TailwindsState, seat: int, legal: list[A]) -> A:
        view = _rules(s).determinize(s, seat, self.rng)
        best, best_v = None, -np.inf
        moves = [a for a in legal if a.verb in ("fore", "aft")]
        if moves:
            first, v = self.best_split(view, seat)
            if first is not None:
                best, best_v = first, v
        for a in legal:
            if a.verb in ("fore", "aft"):
                continue
            t = view.clone()
            _rules(t).apply(t, a)
            self.settle(t, seat)
            if a.verb == "end" or t.turn != seat or t.phase == "over":
                v = position_value(t, seat) if a.verb != "end" else self.after_turn_value(view, seat)
            else:
                _, v = self.best_split(t, seat)
            if v > best_v + 1e-9:
                best, best_v = a, v
        return best if best is not None else legal[0]

    def after_turn_value(self, s: TailwindsState, seat: int) -> float:
        return position_value(s, seat)

    def settle(self, t: TailwindsState, seat: int, limit: int = 50) -> None:
        """Play chance and small decisions on a copy until ``seat`` has a free choice again."""
        rules = _rules(t)
        for _ in range(limit):
            who = rules.decider(t)
            if who == TERMINAL or t.turn != seat:
                return
            if who == CHANCE:
                rules.apply(t, rules.sample_chance(t, self.rng))
                continue
            if t.pending:
                top = t.pending[-1]
                legal = rules.legal_actions(t)
                if who == seat:
                    a = self.decide(t, who, top, legal)
                elif top["kind"] == "answer":
                    a = A("refuse")  # assume the asked player keeps the card
                else:
                    a = legal[0]  # another player choosing again after a Shackle: any card will do
                rules.apply(t, a)
                continue
            return

    def best_split(self, s: TailwindsState, seat: int) -> tuple[A | None, float]:
        """The best way to spend the points left: ``k`` on one boat, the rest on the other."""
        rules = _rules(s)
        p = s.points
        best, best_v = None, -np.inf
        names = ["fore", "aft"] if len(s.boats[seat]) == 2 else ["aft"]
        plans = []
        for first in names:
            for k in range(p, -1, -1):
                plans.append((first, k))
        seen = set()
        for first, k in plans:
            second = "aft" if first == "fore" else "fore"
            steps = []
            if k:
                steps.append((first, k))
            if p - k and second in names:
                steps.append((second, p - k))
            elif p - k:
                continue
            key = tuple(steps)
            if key in seen:
                continue
            seen.add(key)
            t = s.clone()
            ok = True
            action0 = None
            for name, n in steps:
                if t.phase == "over" or t.turn != seat:
                    break
                a = A(name, n)
                if rules.why_illegal(t, a) is not None:
                    ok = False
                    break
                action0 = action0 or a
                rules.apply(t, a)
                self.settle(t, seat)
            if not ok:
                continue
            while t.phase == "turn" and t.turn == seat and not t.pending and t.points > 0:
                mv = (rules.move_range(t, "fore") and A("fore", max(rules.move_range(t, "fore")))) \
                    or (rules.move_range(t, "aft") and A("aft", max(rules.move_range(t, "aft"))))
                if not mv:
                    break
                action0 = action0 or mv
                rules.apply(t, mv)
                self.settle(t, seat)
            if action0 is None:
                continue
            v = position_value(t, seat)
            if v > best_v + 1e-9:
                best, best_v = action0, v
        return best, best_v


#: the rule-based bots (the package's ``BOTS`` adds the search bot of :mod:`.search`, which plays
#: GreedyBot's choices and so sits above this module)
BOTS = {"random": RandomBot, "greedy": GreedyBot}
