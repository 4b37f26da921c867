"""Dice Race: a toy game built on the core alone (the worked example of docs/adding-a-game.md).

Two or three racers run a track of :data:`GOAL` spaces. Each holds a hidden
hand of cards worth 1-4 (the deck's order is hidden from everyone). Every
round:

1. all racers **bid** a card at once, in secret (a sealed choice);
2. the bids are revealed: each racer moves its card's value, and the single
   highest bidder (if there is one) will also roll the die;
3. the racer in last place may **reply** off-turn: ``block`` (once a game)
   halves that roll, or ``allow`` it;
4. the die (1-3) is rolled and the high bidder moves on;
5. everyone draws a card (the discards are shuffled when the deck runs out).

The race ends after a round in which someone reached the goal, or after
:data:`ROUNDS` rounds; the furthest racer wins (a tie wins for nobody).

>>> g = new_game(players=2, seed=4)
>>> g.current_player, [str(a) for a in g.legal_actions()]
(0, ['bid 2', 'bid 4'])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from windward_nb.core.actions import Action, Arg, Grammar
from windward_nb.core.bots import Bot, RandomBot
from windward_nb.core.errors import OptionError
from windward_nb.core.events import Event
from windward_nb.core.game import Game
from windward_nb.core.record import GameRecord
from windward_nb.core.registry import GameType, register
from windward_nb.core.rules import CHANCE, TERMINAL, Refusal, Rules, State
from windward_nb.core.sealed import Sealed

GOAL = 12
ROUNDS = 12
DECK = (1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4)
HAND = 2
DIE = (1, 2, 3)

GRAMMAR = Grammar("dice-race")
GRAMMAR.verb("bid", "bid", arg=Arg.integer(1, 4), usage="bid N")
GRAMMAR.verb("block", "block")
GRAMMAR.verb("allow", "allow")
GRAMMAR.verb("roll", "roll", arg=Arg.integer(1, 3), chance=True, usage="roll N")
GRAMMAR.verb("shuffle", "shuffle", arg=Arg.integers(), chance=True, usage="shuffle 1,2,...")


class RaceAction(Action):
    """An action of Dice Race."""

    __slots__ = ()
    grammar = GRAMMAR


@dataclass
class RaceState(State):
    players: int
    pos: list[int]
    hands: list[list[int]]
    deck: list[int] = field(default_factory=list)  # top card last
    discard: list[int] = field(default_factory=list)
    bids: Sealed | None = None
    phase: str = "shuffle"  # shuffle, bid, reply, roll, over
    high: int = -1
    blocked: bool = False
    blocks: list[int] = field(default_factory=list)
    round: int = 1
    drawing: int = -1  # the next seat to draw, or -1 (dealing: -2)
    result: str = ""

    def clone(self) -> "RaceState":
        return RaceState(players=self.players, pos=list(self.pos), hands=[list(h) for h in self.hands],
                         deck=list(self.deck), discard=list(self.discard),
                         bids=self.bids.clone() if self.bids else None, phase=self.phase, high=self.high,
                         blocked=self.blocked, blocks=list(self.blocks), round=self.round,
                         drawing=self.drawing, result=self.result)

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "pos": list(self.pos), "hands": [list(h) for h in self.hands],
                "deck": list(self.deck), "discard": list(self.discard),
                "bids": self.bids.to_dict() if self.bids else None, "phase": self.phase, "high": self.high,
                "blocked": self.blocked, "blocks": list(self.blocks), "round": self.round,
                "drawing": self.drawing, "result": self.result}


def last_place(s: RaceState) -> int:
    return min(range(s.players), key=lambda i: (s.pos[i], i))


class RaceRules(Rules):
    game = "dice-race"
    action_type = RaceAction

    def players(self, s: RaceState) -> int:
        return s.players

    def decider(self, s: RaceState) -> int:
        if s.phase == "over":
            return TERMINAL
        if s.phase in ("shuffle", "roll"):
            return CHANCE
        if s.phase == "bid":
            assert s.bids is not None
            return s.bids.waiting  # type: ignore[return-value]
        return last_place(s)  # reply: off-turn

    def legal_actions(self, s: RaceState) -> list[Action]:
        if s.phase == "bid":
            seat = self.decider(s)
            return [RaceAction("bid", v) for v in sorted(set(s.hands[seat]))]
        if s.phase == "reply":
            return [RaceAction("block"), RaceAction("allow")]
        if s.phase == "roll":
            return [RaceAction("roll", v) for v in DIE]
        return []

    def why_illegal(self, s: RaceState, a: Action) -> Refusal:
        if s.phase == "over":
            return ("End", "the race is over")
        if s.phase == "shuffle":
            if a.verb == "shuffle" and sorted(a.arg) == sorted(self._pool(s)):
                return None
            return ("Drawing", "a shuffle reorders exactly the cards being shuffled")
        if a in self.legal_actions(s):
            return None
        if s.phase == "bid" and a.verb == "bid":
            return ("Bidding", f"you hold no {a.arg} to bid")
        if a.is_chance:
            return ("Rolling", "no roll is pending" if s.phase != "roll" else "the die shows 1-3")
        return ("Order of play", f"'{a}' is not possible now: waiting for a {s.phase}")

    def chance_outcomes(self, s: RaceState) -> list[tuple[Action, float]] | None:
        if s.phase == "roll":
            return [(RaceAction("roll", v), 1 / len(DIE)) for v in DIE]
        if s.phase == "shuffle":
            return None
        return []

    def sample_chance(self, s: RaceState, rng: np.random.Generator) -> Action:
        if s.phase == "shuffle":
            pool = sorted(self._pool(s))
            return RaceAction("shuffle", tuple(pool[i] for i in rng.permutation(len(pool))))
        return super().sample_chance(s, rng)

    @staticmethod
    def _pool(s: RaceState) -> list[int]:
        return list(DECK) if s.drawing == -2 else list(s.discard)

    def apply(self, s: RaceState, a: Action) -> list[Event]:
        ev: list[Event] = []
        if a.verb == "shuffle":
            if s.drawing != -2:
                s.discard = []
            s.deck = list(a.arg)
            ev.append(Event("Shuffled", "The cards are shuffled.", {"cards": len(a.arg)}))
            if s.drawing == -2:  # the deal
                for _ in range(HAND):
                    for seat in range(s.players):
                        s.hands[seat].append(s.deck.pop())
                s.drawing = -1
                self._open_bids(s)
            else:
                s.phase = "draw"
                self._draw(s, ev)
        elif a.verb == "bid":
            seat = self.decider(s)
            s.hands[seat].remove(a.arg)
            assert s.bids is not None
            s.bids.commit(seat, a.arg)
            ev.append(Event("BidSealed", f"Player {seat + 1} bids a card face down.", {"seat": seat}))
            if s.bids.complete:
                self._reveal(s, ev)
        elif a.verb in ("block", "allow"):
            seat = self.decider(s)
            if a.verb == "block":
                s.blocks[seat] -= 1
                s.blocked = True
            ev.append(Event("Replied", f"Player {seat + 1} {'blocks' if s.blocked else 'allows'} the roll.",
                            {"seat": seat, "block": s.blocked}))
            s.phase = "roll"
        elif a.verb == "roll":
            step = a.arg // 2 if s.blocked else a.arg
            s.pos[s.high] += step
            ev.append(Event("Rolled", f"Player {s.high + 1} rolls {a.arg} and moves {step}.",
                            {"seat": s.high, "roll": a.arg, "moved": step}))
            s.phase = "draw"
            s.drawing = 0
            self._draw(s, ev)
        return ev

    def _open_bids(self, s: RaceState) -> None:
        s.phase = "bid"
        s.bids = Sealed.open([seat for seat in range(s.players) if s.hands[seat]])
        s.high, s.blocked = -1, False

    def _reveal(self, s: RaceState, ev: list[Event]) -> None:
        assert s.bids is not None
        bids = s.bids.reveal()
        for seat, v in bids.items():
            s.pos[seat] += v
            s.discard.append(v)
        ev.append(Event("BidsRevealed", "Bids: " + ", ".join(f"Player {k + 1} {v}" for k, v in bids.items()),
                        {"bids": {str(k): v for k, v in bids.items()}}))
        s.bids = None
        top = max(bids.values())
        tops = [k for k, v in bids.items() if v == top]
        s.high = tops[0] if len(tops) == 1 else -1
        if s.high < 0:
            s.drawing = 0
            s.phase = "draw"
            self._draw(s, ev)
        elif last_place(s) != s.high and s.blocks[last_place(s)] > 0:
            s.phase = "reply"
        else:
            s.phase = "roll"

    def _draw(self, s: RaceState, ev: list[Event]) -> None:
        if s.drawing < 0:
            s.drawing = 0
        while s.drawing < s.players:
            if not s.deck:
                if s.discard:
                    s.phase = "shuffle"  # then back here
                    return
                break
            s.hands[s.drawing].append(s.deck.pop())
            s.drawing += 1
        s.drawing = -1
        if max(s.pos) >= GOAL or s.round >= ROUNDS or not any(s.hands):
            s.phase = "over"
            best = max(s.pos)
            who = [i for i, p in enumerate(s.pos) if p == best]
            s.result = (f"Player {who[0] + 1} wins the race." if len(who) == 1 else "A tie: nobody wins.")
            ev.append(Event("GameOver", s.result, {"winners": who if len(who) == 1 else []}))
            return
        s.round += 1
        self._open_bids(s)

    def scores(self, s: RaceState) -> list[int]:
        return list(s.pos)

    def observation(self, s: RaceState, seat: int) -> dict[str, Any]:
        d = s.to_dict()
        d["hands"] = [list(h) if i == seat else len(h) for i, h in enumerate(s.hands)]
        d["deck"] = len(s.deck)
        d["bids"] = s.bids.observed_by(seat) if s.bids else None
        d["seat"] = seat
        return d

    def determinize(self, s: RaceState, seat: int, rng: np.random.Generator) -> RaceState:
        t = s.clone()
        unseen = list(DECK)
        for v in s.discard + s.hands[seat]:
            unseen.remove(v)
        own = s.bids.choices.get(seat) if s.bids else None
        if own is not None:
            unseen.remove(own)
        if s.drawing == -2:  # before the deal, everything is in the shuffle to come
            return t
        unseen.sort()
        order = [unseen[i] for i in rng.permutation(len(unseen))]
        for i in range(s.players):
            if i != seat:
                t.hands[i] = sorted(order.pop() for _ in s.hands[i])
        if t.bids is not None:
            for i in list(t.bids.choices):
                if i != seat:
                    t.bids.choices[i] = order.pop()
        t.deck = order
        return t

    def invariants(self, s: RaceState) -> list[str]:
        out = []
        cards = sorted(s.deck + s.discard + [c for h in s.hands for c in h]
                       + (list(s.bids.choices.values()) if s.bids else []))
        if s.drawing != -2 and cards != sorted(DECK):
            out.append(f"cards not conserved: {cards}")
        if any(p < 0 for p in s.pos):
            out.append("a racer is behind the start")
        if any(b < 0 for b in s.blocks):
            out.append("a racer used more blocks than it had")
        return out

    def describe(self, s: RaceState, a: Action) -> str:
        return {"bid": f"bid your {a.arg} face down", "block": "halve the leader's roll (once a game)",
                "allow": "let the leader roll in full"}.get(a.verb, str(a))


RULES = RaceRules()
RaceState.rules = RULES


def start_state(players: int) -> RaceState:
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 3:
        raise OptionError(f"Dice Race is for 2 or 3 players, not {players!r}")
    return RaceState(players=players, pos=[0] * players, hands=[[] for _ in range(players)],
                     blocks=[1] * players, drawing=-2)


class Record(GameRecord):
    """A Dice Race record (``*.drr.json``): the options and every action."""

    GAME = "dice-race"
    TITLE = "Dice Race"
    FORMAT = "dice-race-record"
    SUFFIX = ".drr.json"
    PLAYERS = (2, 3)

    def start_state(self):
        return start_state(self.options["players"]), []


class HighBot(Bot):
    """Bids its highest card, never blocks: a readable baseline."""

    name = "HighBot"

    def choose(self, state, seat, legal):
        bids = [a for a in legal if a.verb == "bid"]
        return max(bids, key=lambda a: a.arg) if bids else RaceAction("allow")


BOTS = {"random": RandomBot, "high": HighBot}


class Tally:
    """Figures a simulation keeps per game: rounds, and how far the rolls carried each racer."""

    def __init__(self, players: int):
        self.rolled = [0] * players

    def events(self, state, events):
        for e in events:
            if e.kind == "Rolled":
                self.rolled[e.data["seat"]] += e.data["moved"]

    def final(self, state):
        return {"rounds": state.round, "rolled": list(self.rolled)}


def simulation_tally(players: int, state) -> Tally:
    return Tally(players)


def new_game(players: int = 2, seed: int | None = None, *, auto_chance: bool = True, names=None) -> Game:
    """A new race; ``seed`` fixes every shuffle and roll."""
    state = start_state(players)
    record = Record(options={"players": players}, players=Record.default_players(players, names), seed=seed)
    return Game(state, record, seed=seed, auto_chance=auto_chance)


register(GameType(name="dice-race", title="Dice Race", module=__name__, record_format="dice-race-record",
                  suffix=".drr.json", players=(2, 3),
                  parts={"new_game": ":new_game", "rules": ":RULES", "record": ":Record", "bots": ":BOTS",
                         "simulation_tally": ":simulation_tally"}))
