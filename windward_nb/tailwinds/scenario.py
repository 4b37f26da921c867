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

:func:`scenario_game` gives the same position as a Game with a record that keeps the description
(``options.scenario``), so it saves, loads and replays like any race (a description this module
refuses is refused as a :class:`~windward_nb.core.errors.RecordError` when a record is loaded):

>>> from windward_nb.tailwinds.record import Record
>>> g = scenario_game(characters=["sailor", "pirate"], boats=[[(5, 1), (3, 1)], [(4, 1), (2, 1)]], turn=1,
...                   card="5")
>>> _ = g.apply("move fore 2")
>>> Record.from_json(g.record.to_json()).replay().state.fingerprint() == g.state.fingerprint()
True
"""

from __future__ import annotations

from typing import Any
from collections.abc import Sequence

from windward_nb.core import registry
from windward_nb.core.game import Game
from windward_nb.core.sealed import Sealed

from . import board
from .effects import card_order
from .options import check_options, record_options
from .handlers import deal_decks
from .rules import RULES
from .state import TailwindsState

DEFAULT_MARKET = ("anchor", "bail-out", "current")
MAX_ROUNDS = 1_000  #: the latest round a built position may be in
#: the description's parts other than the race's options
PARTS = ("characters", "boats", "hands", "played", "gone", "rainbow", "secret", "market", "discard", "turn",
         "card", "points", "revealed", "round", "wind_card", "retired")


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
    Raises ``ValueError`` if the description is not a position of the game.
    """
    args: dict[str, Any] = {
        "characters": characters, "boats": boats, "hands": hands, "played": played, "gone": gone, "rainbow": rainbow,
        "secret": secret, "market": market, "discard": discard, "turn": turn, "card": card, "points": points,
        "revealed": revealed, "round": round, "wind_card": wind_card, "retired": retired}
    _check_shapes(args)
    try:
        return _build(**args, **options)
    except (TypeError, KeyError, IndexError, AttributeError) as exc:  # a value of the right shape but no sense
        raise ValueError(f"this scenario is not a Tailwinds position ({type(exc).__name__}: {str(exc)[:120]})") from None


def _seq(v: Any, what: str, item=None, allow_none: bool = False) -> None:
    if v is None and allow_none:
        return
    if isinstance(v, (str, bytes)) or not isinstance(v, (list, tuple)):
        raise ValueError(f"{what} is a list, not {str(v)[:40]!r}")
    if len(v) > 64:
        raise ValueError(f"{what} lists {len(v)} entries")
    if item is not None:
        for x in v:
            item(x)


def _text(what: str, allow_none: bool = False):
    def check(x: Any) -> None:
        if not (isinstance(x, str) and len(x) <= 40) and not (x is None and allow_none):
            raise ValueError(f"{what} holds {str(x)[:40]!r}, which is not a card's key")
    return check


def _whole(v: Any, what: str, lo: int, hi: int, allow_none: bool = False) -> None:
    if v is None and allow_none:
        return
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise ValueError(f"{what} is a whole number {lo}-{hi}, not {str(v)[:40]!r}")


def _check_shapes(a: dict[str, Any]) -> None:
    """The types and bounds of a description (what the rules' invariants then check is its sense)."""
    _seq(a["characters"], "characters", _text("characters"))
    n = len(a["characters"])

    def pair(x: Any) -> None:
        _seq(x, "a boat")
        if len(x) != 2 or not (x[0] == "finish" or (isinstance(x[0], int) and not isinstance(x[0], bool))):
            raise ValueError(f"a boat is (space, lane), not {str(x)[:40]!r}")
        _whole(x[1], "a lane", 1, 9)

    _seq(a["boats"], "boats", lambda b: _seq(b, "a seat's boats", pair))
    for key in ("hands", "played", "gone"):
        _seq(a[key], key, lambda h, key=key: _seq(h, key, _text(key)), allow_none=True)
    _seq(a["rainbow"], "rainbow", _text("rainbow", allow_none=True), allow_none=True)
    _seq(a["secret"], "secret", lambda p: _whole(p, "a secret seat", 0, n - 1))
    _seq(a["market"], "market", _text("market"))
    _seq(a["discard"], "discard", _text("discard"))
    _whole(a["turn"], "turn", 0, n - 1, allow_none=True)
    _text("card", allow_none=True)(a["card"])
    _whole(a["points"], "points", 0, 99, allow_none=True)
    _whole(a["round"], "round", 1, MAX_ROUNDS)
    _whole(a["wind_card"], "wind_card", 0, 99, allow_none=True)
    _seq(a["retired"], "retired", lambda r: _whole(r, "retired", 0, 2), allow_none=True)
    revealed = a["revealed"]
    if revealed is not None:
        if not isinstance(revealed, dict):
            raise ValueError(f"revealed maps seats to cards, not {str(revealed)[:40]!r}")
        for k, v in revealed.items():
            _whole(k, "a revealed seat", 0, n - 1)
            _text("revealed")(v)


def scenario_game(*, seed: int | None = None, names: Any = None, auto_chance: bool = True, **description: Any) -> Game:
    """:func:`scenario`'s position as a Game whose record keeps the description (so it can be saved,
    loaded and replayed); ``seed`` draws the chance after it, ``names`` names the players."""
    Record = registry.part("tailwinds", "record")  # the record builds its start here: ask, do not import

    opts = {k: description.pop(k) for k in list(description) if k not in PARTS}
    description.setdefault("characters", ["sailor", "pirate"])
    s = scenario(**description, **opts)
    options = record_options(s.players, s.options)
    options["scenario"] = written(description)
    record = Record(options=options, players=Record.default_players(s.players, names), seed=seed)
    return Game(s, record, seed=seed, auto_chance=auto_chance)


def written(description: dict[str, Any]) -> dict[str, Any]:
    """A description as a record keeps it: JSON (pairs as lists, revealed seats as text keys)."""
    def plain(v: Any) -> Any:
        if isinstance(v, (list, tuple)):
            return [plain(x) for x in v]
        if isinstance(v, dict):
            return {str(k): plain(x) for k, x in v.items()}
        return v
    return {k: plain(v) for k, v in description.items() if k in PARTS and v is not None}


def from_written(described: Any) -> dict[str, Any]:
    """The keyword arguments of :func:`scenario` from a record's ``options.scenario``."""
    if not isinstance(described, dict):
        raise ValueError("options.scenario is an object")
    unknown = sorted(set(described) - set(PARTS))
    if unknown:
        raise ValueError(f"a scenario has no part {unknown[0][:40]!r}; its parts: {', '.join(PARTS)}")
    out = dict(described)
    if isinstance(out.get("revealed"), dict):
        seats = {}
        for k, v in out["revealed"].items():
            if not (isinstance(k, str) and k.isdigit() and len(k) < 3):
                raise ValueError(f"revealed maps seat numbers to cards, not {k[:40]!r}")
            seats[int(k)] = v
        out["revealed"] = seats
    if "boats" not in out:
        raise ValueError("a scenario needs its boats")
    return out


def _build(*, characters: Sequence[str], boats: Sequence[Sequence[tuple]], hands: Sequence[Sequence[str]] | None,
           played: Sequence[Sequence[str]] | None, gone: Sequence[Sequence[str]] | None,
           rainbow: Sequence[str | None] | None, secret: Sequence[int], market: Sequence[str], discard: Sequence[str],
           turn: int | None, card: str | None, points: int | None, revealed: dict[int, str] | None, round: int,
           wind_card: int | None, retired: Sequence[int] | None, **options: Any) -> TailwindsState:
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
