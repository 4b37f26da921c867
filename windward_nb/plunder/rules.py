"""The rules of Winds of Plunder behind the core protocol.

Each verb's check, effect and words live in the module of its rules section
(:mod:`.setup`, :mod:`.voting`, :mod:`.turn`, :mod:`.cards`, :mod:`.arrival`);
this module says who decides, lists what they may do, routes an action to its
verb, and hides what a seat may not see.

>>> from windward_nb.plunder import new_game
>>> g = new_game(players=3, seed=1)
>>> g.current_player, [str(a) for a in g.legal_actions()]
(0, ['compass N', 'compass E', 'compass S', 'compass W'])
>>> g.apply("bid 3")
Traceback (most recent call last):
...
windward_nb.core.errors.IllegalActionError: everyone first sets a compass direction in secret (compass N, E, S or W) [Voting]
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from windward_nb.core.actions import Action
from windward_nb.core.events import Event
from windward_nb.core.rules import CHANCE, TERMINAL, Refusal, Rules
from windward_nb.core.sealed import Sealed

from . import cards as _cards  # noqa: F401  (attaches the play verb)
from . import voting as _voting  # noqa: F401  (attaches the wind-phase verbs)
from .actions import ADD_COSTS, COLOURS, GRAMMAR, LOCATIONS, PlunderAction
from .advantages import TALLY_MAX, colour
from .arrival import BOOTY_TRACK, boarding_choices
from .components import COMPONENTS, DIRECTIONS, ITEMS
from .sailing import gust_destinations, wind_destinations
from .scoring import winners
from .setup import deal_outcomes, sample_shuffle
from .state import PlunderState

_C = COMPONENTS
CHANCE_PHASES = {"deal": "deal", "shuffle-treasure": "shuffle-treasure", "shuffle-actions": "shuffle-actions",
                 "place-tiles": "place-tiles", "reshuffle": "shuffle-actions"}
PHASE_VERBS = {
    "compass": ("compass",), "bid": ("bid",), "blackbeard": ("blackbeard",), "wind": ("wind",),
    "first": ("first",), "board": ("board", "no-boarding"),
    "plunder": ("sail", "gust", "draw", "add", "play", "end"), "bonus": ("sail", "gust", "draw", "add", "play", "end"),
}
CUBES = int(_C.value("cubes_per_colour"))


def _waiting(vote: Sealed | None) -> int:
    """The seat that commits next to a sealed vote under way (the compass or the bids)."""
    seat = vote.waiting if vote is not None else None
    if seat is None:
        raise ValueError("no sealed choice is waiting")
    return seat


class PlunderRules(Rules):
    game = "winds-of-plunder"
    action_type = PlunderAction
    #: decisions the coach's search plays per second of one core (a hint's ``seconds`` are this much
    #: work, :mod:`windward_nb.core.hint`; measured by ``benchmarks/hint_stability.py --pace``)
    search_pace = 27_000.0

    # --------------------------------------------------------------------------- who and what
    def players(self, s: PlunderState) -> int:
        return s.players

    def decider(self, s: PlunderState) -> int:
        ph = s.phase
        if ph == "over":
            return TERMINAL
        if ph in CHANCE_PHASES:
            return CHANCE
        if ph == "compass":
            return _waiting(s.compass)
        if ph == "bid":
            return _waiting(s.bids)
        if ph in ("blackbeard", "wind", "first"):
            return s.blackbeard
        return s.current

    def legal_actions(self, s: PlunderState) -> list[PlunderAction]:
        ph = s.phase
        A = PlunderAction
        if ph == "deal":
            return [a for a, _ in deal_outcomes(s)]
        if ph in CHANCE_PHASES or ph == "over":
            return []
        if ph == "compass":
            return [A("compass", d) for d in DIRECTIONS]
        if ph == "bid":
            return [A("bid", k) for k in range(s.wind_cubes[_waiting(s.bids)] + 1)]
        if ph == "blackbeard":
            return [A("blackbeard", COLOURS[i]) for i in s.tied]
        if ph == "wind":
            return [A("wind", d) for d in s.tied]
        if ph == "first":
            return [A("first", COLOURS[i]) for i in range(s.players)]
        if ph == "board":
            return [A("board", c) for c in boarding_choices(s, s.current)] + [A("no-boarding")]
        return self._turn_actions(s)

    def _turn_actions(self, s: PlunderState) -> list[PlunderAction]:
        A = PlunderAction
        seat = s.current
        here = s.ship[seat]
        verbs: dict[str, Any] = GRAMMAR.verbs  # check/apply handlers attached on import (cards, voting)
        cands: list[PlunderAction] = []
        if not s.sailed and not s.bonus:
            cands += [A("sail", _C.ports[p].id) for p in wind_destinations(here, s.wind)]
            cands += [A("gust", _C.ports[p].id) for p in gust_destinations(here, s.wind)]
        cands.append(A("draw"))
        cands += [A("add", n) for n in ADD_COSTS]
        out = [a for a in cands if verbs[a.verb].check(s, a) is None]
        check_play = verbs["play"].check
        seen: set[str] = set()
        for c in s.hands[seat]:
            name = _C.cards[c].name
            if name in seen:
                continue
            seen.add(name)
            kind = _C.cards[c].kind
            if kind in ("mutiny", "misfire"):
                plays = [A("play", (name, COLOURS[t])) for t in range(s.players) if t != seat]
            elif kind == "heave":
                plays = [A("play", (name, _C.ports[p].id)) for p in wind_destinations(here, s.wind)]
            elif kind == "intrigue":
                swaps = _intrigues(name)
                if check_play(s, swaps[0]) is None:  # any two places: the first pair stands for all
                    out += swaps
                continue
            else:
                plays = [A("play", (name,))]
            out += [a for a in plays if check_play(s, a) is None]
        end = A("end")
        if verbs["end"].check(s, end) is None:
            out.append(end)
        return out

    def why_illegal(self, s: PlunderState, a: Action) -> Refusal:
        ph = s.phase
        if ph == "over":
            return ("End of Game", "the game is over")
        verb: Any = GRAMMAR.verbs[a.verb]  # its check handler is attached on import
        if ph in CHANCE_PHASES:
            want = CHANCE_PHASES[ph]
            if a.verb != want:
                section = "Card Management" if ph == "reshuffle" else "Setup"
                return (section, f"chance comes first: waiting for '{GRAMMAR.verbs[want].usage}'")
            return verb.check(s, a)
        if verb.chance:
            return ("Setup", f"'{a}' is a chance outcome, and no shuffle is pending")
        if a.verb not in PHASE_VERBS[ph]:
            return self._wrong_time(s, a)
        return verb.check(s, a) if verb.check else None

    def _wrong_time(self, s: PlunderState, a: Action) -> Refusal:
        ph = s.phase
        if ph == "compass":
            return ("Voting", "everyone first sets a compass direction in secret (compass N, E, S or W)")
        if ph == "bid":
            return ("Voting", "the compasses are shown; now everyone hides wind cubes in a fist (bid N)")
        if ph == "blackbeard":
            return ("Voting", f"{colour(s.blackbeard)} first picks which tied player takes Blackbeard's tile")
        if ph == "wind":
            return ("Voting", f"{colour(s.blackbeard)} first picks the wind among the tied directions")
        if ph == "first":
            return ("Voting", f"{colour(s.blackbeard)} first names who plunders first")
        if ph == "board":
            return ("Port Arrival Sequence", "the arrival is under way: board a ship here or choose no boarding; "
                                             "no action card can be played now")
        if a.verb in ("board", "no-boarding"):
            return ("Boarding", "boarding happens only on arrival in a port")
        return ("Plundering", f"the wind phase is over: it is {colour(s.current)}'s plunder turn")

    def apply(self, s: PlunderState, a: Action) -> list[Event]:
        handler: Any = GRAMMAR.verbs[a.verb].apply  # attached on import
        return handler(s, a)

    # --------------------------------------------------------------------------- chance
    def chance_outcomes(self, s: PlunderState) -> list[tuple[PlunderAction, float]] | None:
        if s.phase == "deal":
            return deal_outcomes(s)
        if s.phase in CHANCE_PHASES:
            return None
        return []

    def sample_chance(self, s: PlunderState, rng: np.random.Generator) -> Action:
        if s.phase == "deal":
            return super().sample_chance(s, rng)
        if s.phase in CHANCE_PHASES:
            return sample_shuffle(s, rng)
        raise ValueError("no chance outcome is pending")

    # --------------------------------------------------------------------------- results
    def scores(self, s: PlunderState) -> list[float]:
        return list(s.vp)

    def returns(self, s: PlunderState) -> list[float]:
        """1 for each winner after the tie-breakers (a tie they do not break is shared), else 0."""
        if s.phase != "over":
            return [0.0] * s.players
        win = set(winners(s))
        return [1.0 if i in win else 0.0 for i in range(s.players)]

    def seat_name(self, s: PlunderState, seat: int) -> str:
        return colour(seat)

    def outcome_text(self, s: PlunderState) -> str:
        return s.result

    def options(self, s: PlunderState, seat: int) -> list:
        """Macro-actions for the core search bot (see :mod:`.search`)."""
        from .search import options

        return options(s, seat)

    def value(self, s: PlunderState) -> list[float]:
        """Each captain's chance to win from ``s``, for searches cut short: the judge fitted on
        GreedyBot games (:func:`.search.value`)."""
        from .search import value

        return value(s)

    #: where the coach's judged searches stop, in the hint panel's words
    judged_at = "at your next wind vote"

    def judges_win_chance(self, s: PlunderState) -> bool:
        """:meth:`value` is a chance to win (fitted to who won GreedyBot games), so the coach's hints
        judge their searched games at the captain's next vote instead of playing them out."""
        return True

    def settled(self, s: PlunderState) -> bool:
        """True during the wind vote, where :meth:`value` judges a position fairly."""
        from .search import settled

        return settled(s)

    def rollout_bot(self, s: PlunderState) -> str:
        """The bot that plays a searched position out: GreedyBot."""
        return "greedy"

    def turn_label(self, s: PlunderState) -> str:
        """The heading a score sheet groups plies under."""
        if s.phase in ("deal", "shuffle-treasure", "shuffle-actions", "place-tiles"):
            return "Setup"
        if s.phase == "over":
            return "End of the game"
        if s.current >= 0:
            return f"Round {s.round}: {colour(s.current)} plunders"
        return f"Round {s.round}: the wind vote"

    # --------------------------------------------------------------------------- hidden information
    def observation(self, s: PlunderState, seat: int) -> dict[str, Any]:
        """The table as ``seat`` sees it: other hands as counts, decks as sizes, sealed choices as who chose."""
        d = s.to_dict()
        d["hands"] = [list(h) if i == seat else len(h) for i, h in enumerate(s.hands)]
        d["treasures"] = [list(h) if i == seat else len(h) for i, h in enumerate(s.treasures)]
        d["action_deck"] = len(s.action_deck)
        d["treasure_deck"] = len(s.treasure_deck)
        d["compass"] = s.compass.observed_by(seat) if s.compass else None
        d["bids"] = s.bids.observed_by(seat) if s.bids else None
        d["seat"] = seat
        return d

    def determinize(self, s: PlunderState, seat: int, rng: np.random.Generator) -> PlunderState:
        """A state ``seat`` cannot tell from ``s``: others' cards, deck orders and sealed choices redrawn."""
        t = s.clone()
        if s.phase in ("deal", "shuffle-treasure", "shuffle-actions", "place-tiles"):
            return t  # nothing is hidden before the setup is done
        # action cards: everything not in the discard pile or this seat's hand is unseen
        seen = set(s.action_discard) | set(s.hands[seat])
        unseen = [c for c in range(len(_C.cards)) if c not in seen]
        order = [unseen[i] for i in rng.permutation(len(unseen))]
        for i in range(s.players):
            if i != seat:
                k = len(s.hands[i])
                t.hands[i] = sorted(order[:k])
                order = order[k:]
        t.action_deck = order
        # treasure cards: everything not in this seat's hand
        unseen = [c for c in range(len(_C.ports)) if c not in s.treasures[seat]]
        order = [unseen[i] for i in rng.permutation(len(unseen))]
        for i in range(s.players):
            if i != seat:
                k = len(s.treasures[i])
                t.treasures[i] = sorted(order[:k])
                order = order[k:]
        t.treasure_deck = order
        # sealed choices of the others
        if t.compass is not None:
            for i in list(t.compass.choices):
                if i != seat:
                    t.compass.choices[i] = DIRECTIONS[int(rng.integers(len(DIRECTIONS)))]
        if t.bids is not None:
            for i in list(t.bids.choices):
                if i != seat:
                    t.bids.choices[i] = int(rng.integers(s.wind_cubes[i] + 1))
        return t

    # --------------------------------------------------------------------------- checking
    def invariants(self, s: PlunderState) -> list[str]:
        out: list[str] = []
        n = s.players
        for i in range(n):
            ports = sum(i in r for r in s.reputation)
            total = len(ITEMS) + 1 + s.wind_cubes[i] + s.reserve[i] + ports
            if total != CUBES:
                out.append(f"{colour(i)} has {total} cubes, not {CUBES}")
            if s.wind_cubes[i] < 0 or s.reserve[i] < 0:
                out.append(f"{colour(i)} has a negative pile of cubes")
            for k in ITEMS:
                if not 0 <= s.tally[k][i] <= TALLY_MAX:
                    out.append(f"{colour(i)}'s {k} tally {s.tally[k][i]} is outside 0-{TALLY_MAX}")
            if not 0 <= s.booty[i] < len(BOOTY_TRACK):
                out.append(f"{colour(i)}'s booty {s.booty[i]} is off the track")
            if s.vp[i] < 0:
                out.append(f"{colour(i)} has negative VP")
        if any(len(set(r)) != len(r) for r in s.reputation):
            out.append("a port holds two reputation cubes of one colour")
        for item in ITEMS:
            h, v = s.markers[item], s.tally[item]
            if h >= 0 and any(x > v[h] for x in v):
                out.append(f"the {item} marker's holder is below an opponent")
            if h < 0 and v.count(max(v)) == 1:
                out.append(f"nobody holds the {item} marker though one player leads")
        if s.phase not in ("deal", "shuffle-treasure", "shuffle-actions", "place-tiles"):
            if sorted(s.port_tiles + s.bar) != list(range(len(_C.tiles))) or len(s.bar) != _C.bar_size:
                out.append("the 18 VP tiles are not all on the board once each")
            cards = sorted(s.action_deck + s.action_discard + [c for h in s.hands for c in h])
            if cards != list(range(len(_C.cards))):
                out.append("the action cards are not conserved")
            tre = sorted(s.treasure_deck + [c for h in s.treasures for c in h])
            if tre != list(range(len(_C.ports))):
                out.append("the Treasure cards are not conserved")
        if s.phase in ("plunder", "bonus", "board") and not 0 <= s.ap <= 3:
            out.append(f"{s.ap} action points spent")
        return out


@lru_cache(maxsize=64)  # finite: one entry per Intrigue card's name
def _intrigues(name: str) -> list[PlunderAction]:
    """Every swap an Intrigue card called ``name`` can make (built once)."""
    return [PlunderAction("play", (name, LOCATIONS[i], LOCATIONS[j]))
            for i in range(len(LOCATIONS)) for j in range(i + 1, len(LOCATIONS))]


RULES = PlunderRules()
PlunderState.rules = RULES
