"""Build a Tailwinds position directly, for teaching pictures and tests.

Spaces and lanes are numbered as players see them: spaces from 1 along the
whole track (``"finish"`` for the Finish Line), lanes from 1 (the inside
lane). Anything left out takes a sensible default: full hands minus the
cards said to be played, gone or revealed, an empty rainbow hand, a market
of Anchor, Bail Out and Current with the other rainbow cards in the deck.

>>> from windward_nb.tailwinds import RULES
>>> s = scenario(characters=["sailor", "pirate"], boats=[[(5, 1), (3, 1)], [(4, 1), (2, 1)]],
...              turn=1, card="5")
>>> s.phase, s.turn, s.points, RULES.decider(s)
('turn', 1, 5, 1)
>>> [str(a) for a in RULES.legal_actions(s)][:3]
['move fore 1', 'move fore 2', 'move fore 3']
"""

from __future__ import annotations

from typing import Any
from collections.abc import Sequence

from windward_nb.core.sealed import Sealed

from . import board
from .effects import card_order
from .options import check_options
from .handlers import deal_decks
from .rules import RULES
from .state import TailwindsState

DEFAULT_MARKET = ("anchor", "bail-out", "current")


def _space(s: TailwindsState, x: Any) -> int:
    if x == "finish":
        return s.track.finish
    if not isinstance(x, int) or isinstance(x, bool) or not 1 <= x <= s.track.finish + 1:
        raise ValueError(f"a space is a number 1-{s.track.length} or 'finish', not {x!r}")
    return x - 1


def scenario(*, characters: Sequence[str] = ("sailor", "pirate"), boats: Sequence[Sequence[tuple]],
             hands: Sequence[Sequence[str]] | None = None, played: Sequence[Sequence[str]] | None = None,
             gone: Sequence[Sequence[str]] | None = None, rainbow: Sequence[str | None] | None = None,
             secret: Sequence[int] = (), market: Sequence[str] = DEFAULT_MARKET, discard: Sequence[str] = (),
             turn: int | None = None, card: str | None = None, points: int | None = None,
             revealed: dict[int, str] | None = None, round: int = 1, wind_card: int | None = None,
             retired: Sequence[int] | None = None, **options: Any) -> TailwindsState:
    """A position in the middle of a round.

    ``boats`` lists, per seat, ``(space, lane)`` pairs (one pair for a player whose
    fore boat has left the race; say so with ``retired``). With ``turn`` and
    ``card`` it is that seat's turn with that card revealed (``points`` defaults
    to its value); ``revealed`` gives the cards of players still to move this
    round. Without ``turn`` a new round's secret choice is open. ``rainbow`` gives
    each seat's rainbow card (face up, unless its seat is in ``secret``).
    Raises ``ValueError`` if the position breaks an invariant.
    """
    players = len(characters)
    opts = check_options(players=players, characters=list(characters), **options)
    s = TailwindsState(players=players, options=opts)
    deal_decks(s, list(opts["characters"]), [])
    if len(boats) != players:
        raise ValueError(f"boats lists {len(boats)} seats for {players} players")
    s.boats = []
    for seat, pairs in enumerate(boats):
        if not 1 <= len(pairs) <= 2:
            raise ValueError(f"seat {seat} needs one or two boats")
        bs = [[_space(s, sp), lane - 1, i] for i, (sp, lane) in enumerate(pairs)]
        s.boats.append(bs)
        board.sort_boats(s, seat)
    s.retired = list(retired) if retired is not None else [2 - len(b) for b in s.boats]
    s.placing = []
    revealed = dict(revealed or {})
    if turn is not None:
        if card is None:
            raise ValueError("a turn needs the card being played (card=...)")
        revealed[turn] = card
    s.played = [list(x) for x in played] if played is not None else [[] for _ in range(players)]
    s.gone = [list(x) for x in gone] if gone is not None else [[] for _ in range(players)]
    for p in range(players):
        if hands is not None:
            s.hands[p] = card_order(s, p, list(hands[p]))
        else:
            used = s.played[p] + s.gone[p] + ([revealed[p]] if p in revealed else [])
            s.hands[p] = [k for k in s.character(p).keys if k not in used]
    s.revealed = [revealed.get(p) for p in range(players)]
    s.round_cards = list(s.revealed)
    s.forbid = [None] * players
    s.rainbow = list(rainbow) if rainbow is not None else [None] * players
    s.known = [([] if c is None else [p] if p in secret else list(range(players))) for p, c in enumerate(s.rainbow)]
    s.market = list(market)
    s.discard = list(discard)
    deck = list(s.comp.rainbow_deck)
    for k in list(market) + list(discard) + [c for c in s.rainbow if c is not None]:
        if k not in deck:
            raise ValueError(f"too many {k!r} rainbow cards")
        deck.remove(k)
    s.deck = deck
    s.round = round
    s.wind_card = board.rear_card(s) if wind_card is None else wind_card
    if turn is not None:
        s.phase = "turn"
        s.turn = turn
        s.points = s.card(turn, revealed[turn]).value if points is None else points
        s.to_go = sorted(p for p in revealed if p != turn)
    else:
        s.phase = "choose"
        s.choosing = Sealed.open([p for p in range(players) if s.hands[p]])
    bad = RULES.invariants(s)
    if bad:
        raise ValueError("the scenario breaks invariants: " + "; ".join(bad))
    return s
