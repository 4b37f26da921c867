"""The rules of Tailwinds, as the core's :class:`~windward_nb.core.rules.Rules` protocol.

This module says who decides, what they may do, what chance can do, what each
seat may see, the results and the invariants; refusals live in
:mod:`~windward_nb.tailwinds.refusals` and the effect of each action in
:mod:`~windward_nb.tailwinds.handlers`.

>>> from windward_nb.tailwinds import new_game
>>> g = new_game(players=2, seed=3, characters=["sailor", "pirate"])
>>> g.current_player, [str(a) for a in g.legal_actions()][:3]
(0, ['place 1', 'place 2', 'place 3'])
>>> g.why_illegal("place 9")
'boats start on the start spaces (1, 2, 3) [Set Up]'
"""

from __future__ import annotations

from itertools import permutations
from typing import Any, cast

import numpy as np

from windward_nb.core.rules import CHANCE, TERMINAL, Rules

from . import board, effects
from .actions import TailwindsAction as A
from .board import who
from .handlers import Handlers
from .refusals import Refusals
from .state import TailwindsState

class TailwindsRules(Refusals, Handlers, Rules):
    game = "tailwinds"
    action_type = A
    #: decisions the coach's search plays per second of one core (a hint's ``seconds`` are this much
    #: work, :mod:`windward_nb.core.hint`; measured by ``benchmarks/hint_stability.py --pace``)
    search_pace = 4_000.0

    # =========================================================================== who decides
    def players(self, s: TailwindsState) -> int:
        return s.players

    def decider(self, s: TailwindsState) -> int:
        if s.phase == "over":
            return TERMINAL
        if s.pending:
            top = s.pending[-1]
            kind = top["kind"]
            if kind in ("die", "draw"):
                return CHANCE
            if kind == "answer":
                return top["asked"]
            if kind == "rechoose":
                return s.chooser()
            return top["seat"]
        if s.phase in ("decks", "first", "market"):
            return CHANCE
        if s.phase == "place":
            return s.placing[0]
        if s.phase == "choose":
            return s.chooser()
        return s.turn

    # =========================================================================== legal actions
    def legal_actions(self, s: TailwindsState) -> list[A]:
        who_ = self.decider(s)
        if who_ == TERMINAL:
            return []
        if who_ == CHANCE:
            return [a for a, _ in self.chance_outcomes(s) or []]
        if s.pending:
            return self._pending_actions(s, s.pending[-1])
        if s.phase == "place":
            return [A("place", sp + 1) for sp in s.track.starts if board.free_lane(s, sp) is not None]
        if s.phase == "choose":
            return self._choices(s, who_)
        return self._turn_actions(s)

    def _choices(self, s: TailwindsState, seat: int) -> list[A]:
        return [A("choose", k) for k in s.hands[seat] if k != s.forbid[seat]]

    def _pending_actions(self, s: TailwindsState, top: dict) -> list[A]:
        kind = top["kind"]
        if kind == "copy":
            return [A("copy", p + 1) for p in top["options"]]
        if kind == "ask":
            return [A("ask", p + 1) for p in top["options"]]
        if kind == "answer":
            return [A("give"), A("refuse")]
        if kind == "roll?":
            return [A("roll"), A("noroll")]
        if kind == "target":
            return [A("target", (seat + 1, board.boat_name(s, seat, bid))) for seat, bid in top["options"]]
        if kind in ("take", "pickup"):
            out = [A("take", k) for k in sorted(set(s.market))]
            return out + [A("leave")] if kind == "pickup" else out
        if kind == "reclaim":
            return [A("reclaim", k) for k in effects.card_order(s, s.turn, list(dict.fromkeys(s.played[s.turn])))]
        if kind == "rechoose":
            return self._choices(s, s.chooser())
        return []

    def move_range(self, s: TailwindsState, name: str) -> list[int]:
        """The lengths the named boat may move now (each must gain at least one space)."""
        b = board.by_name(s, s.turn, name)
        if b is None or s.points <= 0:
            return []
        track = s.track
        most = min(s.points, track.finish - b[0])
        # a move of k gains ground exactly when some space within k ahead has a free lane
        # (or the Finish Line is reached), so the legal lengths are k >= the first such offset
        for k in range(1, most + 1):
            t = b[0] + k
            if t == track.finish or board.free_lane(s, t) is not None:
                return list(range(k, most + 1))
        return []

    def can_move(self, s: TailwindsState) -> bool:
        return bool(self.move_range(s, "fore") or self.move_range(s, "aft"))

    def _turn_actions(self, s: TailwindsState) -> list[A]:
        me = s.turn
        out = [A("fore", k) for k in self.move_range(s, "fore")]
        out += [A("aft", k) for k in self.move_range(s, "aft")]
        if self.ability_refusal(s) is None:
            out.append(A("use", s.revealed[me]))
        for bid in s.swaps:
            b = board.find(s, me, bid)
            if b is None or b[0] >= s.track.finish:
                continue
            used = board.lanes_used(s, b[0])
            name = board.boat_name(s, me, bid)
            out += [A("swap", (name, lane + 1)) for lane in sorted(used) if lane != b[1]]
        card = s.rainbow[me]
        if card is not None and not s.rainbow_played:
            out += [A("play", (card, False)), A("play", (card, True))]
        if s.points <= 0 or not self.can_move(s):
            out.append(A("end"))
        return out

    # =========================================================================== chance
    def chance_outcomes(self, s: TailwindsState) -> list[tuple[A, float]] | None:
        if self.decider(s) != CHANCE:
            return []
        if s.pending:
            top = s.pending[-1]
            if top["kind"] == "die":
                return [(A("die", d), 1 / 6) for d in range(1, 7)]
            return self._draws(s)
        if s.phase == "decks":
            keys = list(s.comp.characters)
            outs = list(permutations(keys, s.players))
            return [(A("decks", o), 1 / len(outs)) for o in outs]
        if s.phase == "first":
            return [(A("first", p + 1), 1 / s.players) for p in range(s.players)]
        return self._draws(s)

    @staticmethod
    def _draws(s: TailwindsState) -> list[tuple[A, float]]:
        n = len(s.deck)
        counts: dict[str, int] = {}
        for k in s.deck:
            counts[k] = counts.get(k, 0) + 1
        return [(A("draw", k), c / n) for k, c in sorted(counts.items())]

    # =========================================================================== results
    def scores(self, s: TailwindsState) -> list[float]:
        """How far each player's fore boat has come, in spaces (the Finish Line is the track length + 1)."""
        return [s.boats[p][0][0] + 1 if s.boats and s.boats[p] else 0 for p in range(s.players)]

    def returns(self, s: TailwindsState) -> list[float]:
        if s.phase != "over":
            return [0.0] * s.players
        return [1.0 if p == s.winner else 0.0 for p in range(s.players)]

    def value(self, s: TailwindsState) -> list[float]:
        """Each player's chance to win from ``s``, for searches cut short: the judge fitted on
        GreedyBot games (:func:`.search.value`)."""
        from .search import value

        return value(s)

    def settled(self, s: TailwindsState) -> bool:
        """True between two rounds, where :meth:`value` judges a position fairly."""
        from .search import settled

        return settled(s)

    def rollout_bot(self, s: TailwindsState) -> str:
        """The bot that plays a searched position out: GreedyBot."""
        return "greedy"

    def options(self, s: TailwindsState, seat: int) -> list[Any]:
        """Options for the search bot, GreedyBot's choice first (:func:`.search.options`)."""
        from .search import options

        return options(s, seat)

    def seat_name(self, s: TailwindsState, seat: int) -> str:
        return who(s, seat)

    def turn_label(self, s: TailwindsState) -> str:
        """How a score sheet groups plies: ``Set up`` or ``Round N``."""
        return f"Round {s.round}" if s.round else "Set up"

    # =========================================================================== hidden information
    def observation(self, s: TailwindsState, seat: int) -> dict[str, Any]:
        """The position as ``seat`` sees it: others' secret choices, rainbow cards drawn unseen and the
        order of the rainbow deck are hidden. Another player's ``hands`` entry lists every card they
        have not shown (their hand and a card still face down), sorted."""
        d = s.to_dict()
        chosen = s.choosing.choices if s.choosing else {}
        for p in range(s.players):
            if p != seat and s.hands:
                unseen = list(s.hands[p]) + ([chosen[p]] if p in chosen else [])
                d["hands"][p] = sorted(unseen)
        d["choosing"] = s.choosing.observed_by(seat) if s.choosing else None
        d["rainbow"] = [c if c is None or seat in s.known[p] else "hidden" for p, c in enumerate(s.rainbow)]
        d["deck"] = len(s.deck)
        d["seat"] = seat
        return d

    def determinize(self, s: TailwindsState, seat: int, rng: np.random.Generator) -> TailwindsState:
        """A full position consistent with ``observation(s, seat)``: others' face-down choices and
        unseen rainbow cards are drawn from ``rng`` among the cards ``seat`` has not seen."""
        t = s.clone()
        if s.choosing is not None:
            for p in sorted(s.choosing.choices):
                if p == seat:
                    continue
                unseen = sorted(s.hands[p] + [s.choosing.choices[p]])
                allowed = [k for k in unseen if k != s.forbid[p]]
                pick = allowed[int(rng.integers(len(allowed)))]
                unseen.remove(pick)
                t.choosing.choices[p] = pick  # type: ignore[union-attr]
                t.hands[p] = effects.card_order(s, p, unseen)
        hidden = [p for p in range(s.players) if s.rainbow[p] is not None and seat not in s.known[p]]
        if hidden:
            pool = sorted(s.deck + [cast(str, s.rainbow[p]) for p in hidden])
            order = [pool[i] for i in rng.permutation(len(pool))]
            for p in hidden:
                t.rainbow[p] = order.pop()
            t.deck = sorted(order)
        return t

    # =========================================================================== invariants
    def invariants(self, s: TailwindsState) -> list[str]:
        out: list[str] = []
        comp = s.comp
        if s.characters:
            for p in range(s.players):
                cards = s.hands[p] + s.played[p] + s.gone[p] + [c for c in [s.revealed[p]] if c is not None]
                if s.choosing is not None and p in s.choosing.choices:
                    cards.append(s.choosing.choices[p])
                if sorted(cards) != sorted(s.character(p).keys):
                    out.append(f"movement cards of seat {p} not conserved: {sorted(cards)}")
        rb = s.deck + s.market + s.discard + [c for c in s.rainbow if c is not None]
        if s.phase not in ("decks",) and sorted(rb) != comp.rainbow_deck:
            out.append(f"rainbow cards not conserved: {sorted(rb)}")
        for p, c in enumerate(s.rainbow):
            if c is not None and not isinstance(c, str):
                out.append(f"seat {p} holds more than one rainbow card")
            if (c is None) != (not s.known[p]) or (c is not None and p not in s.known[p]):
                out.append(f"seat {p}'s rainbow card knowledge is inconsistent")
        if len(s.market) > 3:
            out.append("more than 3 rainbow cards in the market")
        spots: dict[tuple[int, int], int] = {}
        per_space: dict[int, int] = {}
        floor = board.floor_space(s)
        for p in range(s.players):
            bs = s.boats[p] if s.boats else []
            placed = 2 - s.placing.count(p) if s.phase == "place" else 2
            if s.phase not in ("decks", "first") and len(bs) + s.retired[p] != placed:
                out.append(f"seat {p} has {len(bs)} boats and {s.retired[p]} retired")
            if len(bs) == 2 and board.rank(bs[0]) <= board.rank(bs[1]):
                out.append(f"seat {p}'s fore boat is not ahead of its aft boat")
            for b in bs:
                if b[0] < floor and s.phase != "over":
                    out.append(f"seat {p}'s boat is behind the rearmost track card in play")
                if not 0 <= b[1] < s.track.lanes(b[0]):
                    out.append(f"seat {p}'s boat is in lane {b[1]} of a {s.track.lanes(b[0])}-lane space")
                if (b[0], b[1]) in spots:
                    out.append(f"two boats share space {b[0]} lane {b[1]}")
                spots[(b[0], b[1])] = p
                per_space[b[0]] = per_space.get(b[0], 0) + 1
        for sp, n in per_space.items():
            if sp < s.track.finish and n > s.track.lanes(sp):
                out.append(f"{n} boats on space {sp}, which has {s.track.lanes(sp)} lanes")
        if s.phase == "turn" and not s.queue and s.revealed[s.turn] is None:
            out.append("the moving player has no revealed card")
        if s.phase != "over" and s.wind_card > board.rear_card(s) and s.boats and any(s.boats):
            out.append("the wind card is ahead of the rearmost boat")
        return out

    # =========================================================================== words
    def describe(self, s: TailwindsState, a: A) -> str:
        me = self.decider(s)
        v = a.verb
        if v in ("fore", "aft"):
            b = board.by_name(s, s.turn, v)
            if b is None:
                return str(a)
            t = board.reach(s, s.turn, b[2], a.arg)
            return f"move your {v} boat {a.arg} to {s.track.label(t)}"
        if v == "use":
            card = s.card(s.turn, a.arg)
            return f"use {card.name}: {card.text}"
        if v == "play":
            card = s.comp.rainbow[a.arg[0]]
            if a.arg[1]:
                return f"spend {card.name} for {card.points_of(s.characters[s.turn])} movement points"
            return f"play {card.name}: {card.text}"
        if v == "choose":
            seat = me if me >= 0 else s.turn
            card = s.card(seat, a.arg)
            pts = f"{card.value} point{'s' if card.value != 1 else ''}"
            return f"choose {card.name} face down ({pts}{': ' + card.text if card.text else ''})"
        if v == "place":
            return f"place a boat on {s.track.label(a.arg - 1)}"
        if v == "take":
            return f"take {s.comp.rainbow[a.arg].name}: {s.comp.rainbow[a.arg].text}"
        return {"end": "end your turn", "give": "give your rainbow card", "refuse": "keep your rainbow card",
                "roll": "roll the die and add it to your points", "noroll": "do not roll",
                "leave": "leave the rainbow cards"}.get(v, str(a))


RULES = TailwindsRules()
TailwindsState.rules = RULES


def rules_of(s: TailwindsState) -> TailwindsRules:
    """The rules a position plays by, typed as Tailwinds' own (the state module, below the rules,
    types its ``rules`` only as the core protocol)."""
    return cast(TailwindsRules, type(s).rules)
