"""Exact battle odds for Windward.

A battle is decided by dice and, afterwards, by bonus hits. Each side rolls
one battle die per point of strength and scores the hits shown (the default
die reads 1, 1, 1, 2, 2, 3). Then the attacking player, and after it the
defending player, may add hit cards and "+2" tokens. The higher total wins;
equal totals tie. This module computes the exact probability of every
outcome, from whole-number counts of die rolls, so nothing is sampled.

The smallest question: one die against one die.

>>> o = battle_odds(attacker=1, defender=1, exact=True)
>>> o.win, o.tie, o.loss
(Fraction(11, 36), Fraction(7, 18), Fraction(11, 36))

A plain number is a bare pool of dice; a name is a party of the game with its
own strength and rules (``"ship"``, ``"longboat"``, ``"grey"``, ``"red"``,
``"white"``):

>>> o = battle_odds(attacker="ship", defender="red", attacker_cannons=3,
...                 attacker_crew=["Marine"], attacker_morale=3)
>>> o.attacker_dice, o.attacker_extra_hits, o.defender_dice
(5, 2, 5)
>>> round(o.win, 4), round(o.ship_lost["attacker"], 4)
(0.7372, 0.0269)

Bonuses are played by a policy: ``"best"`` (each player spends the cheapest
set that gets it the best result it can reach, the attacker looking ahead to
the defender's reply), ``"all"`` (everything held is played) or ``"none"``.
:func:`best_bonuses` is that decision on its own, for bots.

Hit distributions are cached per die and dice count, so repeated questions
(heat maps, simulations) cost microseconds; :func:`odds_table` computes a
whole grid with a few matrix products.

Every count is bounded, far above anything a game reaches (a battle rolls at
most about 15 dice), so that no question can hang or exhaust memory; a count
beyond its bound is refused with a ``ValueError`` naming the argument and the
limit (see :data:`LIMITS`).

>>> battle_odds(10**6, 1)
Traceback (most recent call last):
...
ValueError: attacker must be a whole number from 0 to 200 (dice), got 1000000
"""

from __future__ import annotations

import inspect
import itertools
import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType
from typing import Any
from collections.abc import Iterable, Mapping, Sequence

import numpy as np

from ..core import dice
from ..core.html import percent, table
from .battle import party_dice, party_hits
from .components import Components, load_components

__all__ = [
    "LIMITS",
    "PARTY_KINDS",
    "PLAY_POLICIES",
    "BattleOdds",
    "BonusChoice",
    "Distribution",
    "OddsTable",
    "battle_odds",
    "best_bonuses",
    "bonus_options",
    "clear_cache",
    "hit_counts",
    "hit_distribution",
    "odds_sweep",
    "odds_table",
]

Number = float | Fraction

#: Party kinds a battle can involve (a plain ``int`` is a bare pool of dice).
PARTY_KINDS = ("ship", "longboat", "grey", "red", "white")

#: How players spend hit cards and "+2" tokens once both rolls are known.
PLAY_POLICIES = ("best", "all", "none")

#: Bounds on every count the odds functions take (a game needs a small fraction of each).
MAX_DICE = 200  # dice rolled by one side (a game: at most about 15)
MAX_FACES = 20  # faces on a die given with ``faces=`` (the battle die has 6)
MAX_FACE_HITS = 12  # hits shown on one face (the battle die shows at most 3)
MAX_COUNT = 20  # red cresters fighting together (the box holds 8)
MAX_TOKENS = 50  # "+2" tokens held by one side (the box holds 16)
MAX_CARDS = 50  # hit cards or crew named for one side (a hand holds 5)
MAX_BONUS_SETS = 200_000  # ways to choose among one side's tokens and cards
MAX_MORALE = 1_000
MAX_TOTAL = MAX_DICE * MAX_FACE_HITS  # hits before bonuses, for best_bonuses
MAX_SWEEP = 1_000  # values along one axis of a sweep or table
MAX_CELLS = 50_000  # cells of a sweep or table (a table of 0-200 dice each way has 40,401)
MAX_EXACT_CELLS = 2_500  # cells of an exact (Fraction) sweep
MAX_EXACT_WORK = 25_000_000  # products of whole numbers an exact dice table may take (about 10 s)
LIMITS = MappingProxyType({
    "dice": MAX_DICE, "faces": MAX_FACES, "face hits": MAX_FACE_HITS, "count": MAX_COUNT,
    "tokens": MAX_TOKENS, "cards": MAX_CARDS, "bonus sets": MAX_BONUS_SETS, "morale": MAX_MORALE,
    "total": MAX_TOTAL, "sweep values": MAX_SWEEP, "cells": MAX_CELLS, "exact cells": MAX_EXACT_CELLS,
    "exact work": MAX_EXACT_WORK,
})

_ALIASES = {
    "gray": "grey",
    "boat": "longboat",
    "great white": "white",
    "great white crester": "white",
}

# (attacker kind, defender kind) pairs that the rules let fight each other.
_PAIRINGS = frozenset(
    {
        ("ship", "ship"),
        ("ship", "red"),
        ("ship", "white"),
        ("red", "ship"),
        ("white", "ship"),
        ("longboat", "longboat"),
        ("longboat", "grey"),
        ("grey", "longboat"),
    }
)

_CRESTERS = ("grey", "red", "white")


# ---------------------------------------------------------------------------
# Hit distributions
# ---------------------------------------------------------------------------

# bounded: _TABLES_MAX (die, number of dice) pairs each, then cleared; the dice of one battle are few
_FLOATS: dict[tuple[tuple[int, ...], int], np.ndarray] = {}
_FRACTIONS: dict[tuple[tuple[int, ...], int], tuple[Fraction, ...]] = {}  # bounded: as _FLOATS
_DIE_KEYS: dict[tuple, tuple[int, ...]] = {}  # bounded: _TABLES_MAX dice, then cleared
_TABLES_MAX = 4_096


def clear_cache() -> None:
    """Forget every cached hit distribution and bonus table (for timing)."""
    dice.clear_cache()
    _FLOATS.clear()
    _FRACTIONS.clear()
    _option_table.cache_clear()
    _game_arrays.cache_clear()
    _stacked_probs.cache_clear()
    _outcome_matrices.cache_clear()


def _faces_key(faces: Any, comp: Components | None = None, name: str = "faces") -> tuple[int, ...]:
    if faces is None:
        die = (comp or load_components()).battle_die
        key = _DIE_KEYS.get(die)
        if key is None:
            if len(_DIE_KEYS) >= _TABLES_MAX:
                _DIE_KEYS.clear()
            key = _DIE_KEYS[die] = _faces_key(die, None, "battle_die")
        return key
    values = _bounded(faces, name, MAX_FACES, "faces", "a sequence of hits per face")
    if not values or not all(isinstance(f, (int, np.integer)) and not isinstance(f, bool) and f >= 0 for f in values):
        raise ValueError(f"{name} must be a non-empty sequence of whole numbers >= 0, got {faces!r:.80}")
    if max(values) > MAX_FACE_HITS:
        raise ValueError(f"{name}: a face may show at most {MAX_FACE_HITS} hits, got {max(values)}")
    return tuple(sorted(int(f) for f in values))


def _bounded(values: Any, name: str, limit: int, what: str, kind: str) -> tuple:
    """The items of an iterable, refusing more than ``limit`` of them (without reading on)."""
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise ValueError(f"{name} must be {kind}, got {values!r:.80}")
    try:
        items = tuple(itertools.islice(values, limit + 1))
    except TypeError:
        raise ValueError(f"{name} must be {kind}, got {values!r:.80}") from None
    if len(items) > limit:
        raise ValueError(f"{name}: at most {limit} {what}, got more")
    return items


def _whole(value: Any, name: str, minimum: int = 0, maximum: int | None = None, unit: str = "") -> int:
    if maximum is None:
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
            raise ValueError(f"{name} must be a whole number >= {minimum}, got {value!r:.80}")
        if value < minimum:
            raise ValueError(f"{name} must be a whole number >= {minimum}, got {value}")
        return int(value)
    rule = f"{name} must be a whole number from {minimum} to {maximum}{f' ({unit})' if unit else ''}"
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise ValueError(f"{rule}, got {value!r:.80}")
    if not minimum <= value <= maximum:
        raise ValueError(f"{rule}, got {value}")
    return int(value)


def _counts(key: tuple[int, ...], n: int) -> tuple[int, ...]:
    """Ways ``n`` dice with faces ``key`` show each total (the core's exact sums)."""
    return dice.sum_counts(n, key)


def _probs(key: tuple[int, ...], n: int) -> np.ndarray:
    arr = _FLOATS.get((key, n))
    if arr is None:
        counts = _counts(key, n)
        total = len(key) ** n
        # int / int is correctly rounded in Python, however large the numbers.
        arr = np.array([c / total for c in counts], dtype=float)
        arr.flags.writeable = False
        if len(_FLOATS) >= _TABLES_MAX:
            _FLOATS.clear()
        _FLOATS[(key, n)] = arr
    return arr


def _fractions(key: tuple[int, ...], n: int) -> tuple[Fraction, ...]:
    fr = _FRACTIONS.get((key, n))
    if fr is None:
        total = len(key) ** n
        if len(_FRACTIONS) >= _TABLES_MAX:
            _FRACTIONS.clear()
        fr = _FRACTIONS[(key, n)] = tuple(Fraction(c, total) for c in _counts(key, n))
    return fr


def hit_counts(n: int, faces: Sequence[int] | None = None) -> tuple[int, ...]:
    """Number of ways ``n`` dice show each total, for totals 0 .. n * max(face).

    The counts are exact Python integers (no overflow for any ``n``) and add
    up to ``len(faces) ** n``.

    >>> hit_counts(2)
    (0, 0, 9, 12, 10, 4, 1)
    >>> sum(hit_counts(60)) == 6 ** 60
    True
    """
    return _counts(_faces_key(faces), _whole(n, "n", 0, MAX_DICE, "dice"))


def hit_distribution(n: int, faces: Sequence[int] | None = None, exact: bool = False):
    """Probability that ``n`` battle dice show ``k`` hits, for k = 0 .. n * max(face).

    Returns a numpy float array, or a list of :class:`fractions.Fraction` when
    ``exact`` is true. ``faces`` gives the hits on each face of the die (the
    component set's battle die by default). Results are cached.

    >>> hit_distribution(1)
    array([0.        , 0.5       , 0.33333333, 0.16666667])
    >>> hit_distribution(2, exact=True)[2]
    Fraction(1, 4)
    >>> hit_distribution(3, faces=(0, 1))
    array([0.125, 0.375, 0.375, 0.125])
    """
    key = _faces_key(faces)
    n = _whole(n, "n", 0, MAX_DICE, "dice")
    if exact:
        return list(_fractions(key, n))
    return _probs(key, n).copy()


# ---------------------------------------------------------------------------
# Distributions and results
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Distribution:
    """Probabilities of consecutive whole numbers ``offset``, ``offset + 1``, ...

    Index it by value (values outside the support have probability 0).

    >>> d = Distribution(-1, (0.25, 0.5, 0.25))
    >>> d[0], d[5], d.mean()
    (0.5, 0, 0.0)
    >>> dict(d.items())
    {-1: 0.25, 0: 0.5, 1: 0.25}
    """

    offset: int
    probs: tuple

    def __getitem__(self, value: int) -> Number:
        i = value - self.offset
        if 0 <= i < len(self.probs):
            return self.probs[i]
        return 0

    def __len__(self) -> int:
        return len(self.probs)

    def keys(self) -> range:
        return range(self.offset, self.offset + len(self.probs))

    def items(self):
        return zip(self.keys(), self.probs)

    def as_dict(self) -> dict[int, Number]:
        return dict(self.items())

    def to_array(self) -> np.ndarray:
        return np.array(self.probs, dtype=object if self.probs and isinstance(self.probs[0], Fraction) else float)

    def total(self) -> Number:
        return sum(self.probs)

    def mean(self) -> Number:
        return sum(k * p for k, p in self.items())

    def __repr__(self) -> str:
        body = ", ".join(f"{k}: {_fmt(p)}" for k, p in self.items() if p)
        return f"Distribution({{{body}}})"


def _fmt(p: Number) -> str:
    if isinstance(p, Fraction):
        return str(p)
    return f"{p:.6g}"


def _pct(p: Number) -> str:
    return f"{100 * float(p):6.2f}%"


_EMPTY: Mapping = MappingProxyType({})
_NO_SPEND: Mapping = MappingProxyType({"tokens": 0.0, "cards": 0.0})
_DICE_ONLY = dict(
    morale_loss=_EMPTY,
    ship_lost=_EMPTY,
    expected_spent=MappingProxyType({"attacker": _NO_SPEND, "defender": _NO_SPEND}),
    attacker_extra_hits=0,
    defender_extra_hits=0,
    exact=False,
)


def _dist(offset: int, probs: Sequence) -> Distribution:
    """A Distribution with exact zero tails removed."""
    if probs and probs[0] != 0 and probs[-1] != 0:
        return Distribution(offset, tuple(probs))
    probs = list(probs)
    lo, hi = 0, len(probs)
    while lo < hi and probs[lo] == 0:
        lo += 1
    while hi > lo and probs[hi - 1] == 0:
        hi -= 1
    return Distribution(offset + lo, tuple(probs[lo:hi]))


@dataclass(frozen=True)
class BonusChoice:
    """A set of bonuses a player plays: ``tokens`` "+2" tokens and hit ``cards`` (ids)."""

    tokens: int = 0
    cards: tuple[str, ...] = ()
    hits: int = 0

    @property
    def items(self) -> int:
        """How many cards and tokens the choice spends."""
        return self.tokens + len(self.cards)

    def __str__(self) -> str:
        if not self.items:
            return "nothing"
        parts = [f"{self.tokens} token{'s' if self.tokens != 1 else ''}"] if self.tokens else []
        parts += list(self.cards)
        return f"{' + '.join(parts)} (+{self.hits} hit{'s' if self.hits != 1 else ''})"


@dataclass(frozen=True)
class BattleOdds:
    """Exact odds of one battle, from the attacker's side.

    ``win``, ``tie``, ``loss``: probabilities for the attacker.
    ``margin``: distribution of the attacker's final total minus the defender's.
    ``morale_loss``: for each side that is a ship (``"attacker"``/``"defender"``),
    the distribution of morale it is told to lose (0 when it wins or ties; the
    full difference of totals otherwise, even beyond its morale).
    ``ship_lost``: for each ship whose morale was given, the probability that
    it is lost (its morale would drop below 1).
    ``expected_spent``: for each side, the expected number of ``"tokens"`` and
    ``"cards"`` played, plus one entry per hit-card id it holds.
    The three are read-only mappings.
    """

    win: Number
    tie: Number
    loss: Number
    margin: Distribution
    morale_loss: Mapping
    ship_lost: Mapping
    expected_spent: Mapping
    attacker: str
    defender: str
    attacker_dice: int
    defender_dice: int
    attacker_extra_hits: int = 0
    defender_extra_hits: int = 0
    play: str = "best"
    exact: bool = False

    @property
    def expected_margin(self) -> Number:
        """Mean of the attacker's total minus the defender's total."""
        return self.margin.mean()

    def __repr__(self) -> str:
        return (
            f"BattleOdds({self.attacker} vs {self.defender}: win {float(self.win):.4f}, "
            f"tie {float(self.tie):.4f}, loss {float(self.loss):.4f})"
        )

    def _repr_html_(self) -> str:
        """The odds as an HTML table (a notebook shows it; GitHub and nbviewer too)."""
        exact = self.exact
        header = ["", "probability"] + (["exact"] if exact else [])

        def row(name: str, p: Number) -> list[Any]:
            return [name, percent(p)] + ([str(p)] if exact else [])

        rows = [row("attacker wins", self.win), row("tie", self.tie), row("defender wins", self.loss)]
        for side in ("attacker", "defender"):
            if side in self.ship_lost:
                rows.append(row(f"{side}'s ship lost", self.ship_lost[side]))
        rows.append(["expected margin", f"{float(self.expected_margin):+.3f} hits"] + ([""] if exact else []))
        return table(header, rows, caption=f"{self.attacker} attacks {self.defender}; bonuses: {self.play}")

    def summary(self) -> str:
        """A few lines of plain text describing the odds."""
        lines = [
            f"{self.attacker} attacks {self.defender} (bonuses: {self.play})",
            f"  attacker wins {_pct(self.win)}   tie {_pct(self.tie)}   defender wins {_pct(self.loss)}",
            f"  expected margin {float(self.expected_margin):+.3f} hits",
        ]
        for side in ("attacker", "defender"):
            if side in self.morale_loss:
                dist = self.morale_loss[side]
                shown = ", ".join(f"{k}: {_pct(p).strip()}" for k, p in dist.items() if p and k <= 8)
                line = f"  {side} ship morale loss {shown}"
                if side in self.ship_lost:
                    line += f"; ship lost {_pct(self.ship_lost[side]).strip()}"
                lines.append(line)
        for side in ("attacker", "defender"):
            spent = self.expected_spent.get(side, {})
            if any(spent.values()):
                lines.append(
                    f"  {side} expects to spend {float(spent['tokens']):.3f} tokens and {float(spent['cards']):.3f} cards"
                )
        return "\n".join(lines)


# ---------------------------------------------------------------------------
# Parties
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Side:
    role: str
    kind: str  # one of PARTY_KINDS or "dice"
    count: int
    dice: int
    extra_hits: int
    cards: tuple[tuple[str, int], ...]  # (id, hits) per card held, sorted
    tokens: int
    morale: int | None
    ship: bool
    label: str
    rolled: int | None = None  # the dice already rolled show this many hits (a battle in progress)


def _kind(value: Any, name: str) -> tuple[str, int | None]:
    if isinstance(value, bool):
        raise ValueError(f"{name} must be a party kind ({', '.join(PARTY_KINDS)}) or a number of dice, got {value!r}")
    if isinstance(value, (int, np.integer)):
        return "dice", _whole(value, name, 0, MAX_DICE, "dice")
    if isinstance(value, str):
        text = " ".join(value.strip().lower().replace("_", " ").split())
        text = _ALIASES.get(text, text)
        if text.endswith(" crester"):
            text = _ALIASES.get(text[: -len(" crester")], text[: -len(" crester")])
        if text in PARTY_KINDS:
            return text, None
    raise ValueError(
        f"{name} must be a party kind ({', '.join(PARTY_KINDS)}) or a number of dice, got {value!r}"
    )


def _names(value: Any, name: str) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    items = list(_bounded(value, name, MAX_CARDS, "names", "a list of names"))
    for item in items:
        if not isinstance(item, str):
            raise ValueError(f"{name} must contain names (strings), got {item!r}")
    return items


def _crew(value: Any, name: str, comp: Components) -> tuple[str, ...]:
    names = _names(value, name)
    by_fold = {c.casefold(): c for c in comp.crew_names}
    out: list[str] = []
    slots: dict[str, str] = {}
    for raw in names:
        crew = by_fold.get(raw.strip().casefold())
        if crew is None:
            raise ValueError(f"{name}: unknown crew member {raw!r}; the crew are {', '.join(comp.crew_names)}")
        if crew in out:
            raise ValueError(f"{name}: {crew} is listed twice; a ship hires each crew member once")
        slot = comp.crew_slot[crew]
        if slot in slots:
            raise ValueError(f"{name}: {slots[slot]} and {crew} share the {slot} crew slot; a ship holds only one of them")
        slots[slot] = crew
        out.append(crew)
    return tuple(out)


def _cards(value: Any, name: str, comp: Components) -> tuple[tuple[str, int], ...]:
    out = []
    hit_cards = [c for c in comp.cards if c.kind == "hits"]
    for raw in _names(value, name):
        key = raw.strip().lower()
        card = next((c for c in comp.cards if c.id == key or c.name.lower() == key or c.id == key.replace(" ", "_")), None)
        if card is None:
            raise ValueError(
                f"{name}: unknown card {raw!r}; battle hit cards are {', '.join(c.id for c in hit_cards)}"
            )
        if card.kind != "hits":
            raise ValueError(
                f"{name}: {card.id!r} is not a battle hit card; battle hit cards are {', '.join(c.id for c in hit_cards)}"
            )
        out.append((card.id, card.hits))
    return tuple(sorted(out))


def _effect(comp: Components, crew: tuple[str, ...], effect: str) -> int:
    return sum(comp.crew_effects.get(c, {}).get(effect, 0) for c in crew)


def _cannon_slots(comp: Components, crew: tuple[str, ...]) -> int:
    base = comp.raw.get("ship_board", {}).get("cannon_slots") if isinstance(comp.raw, dict) else None
    if not isinstance(base, int):
        base = max(b.cannon_slots for b in comp.boards)
    return base + _effect(comp, crew, "cannon_slots")


def _side(
    role: str,
    party: Any,
    count: Any,
    other_kind: str,
    cannons: Any,
    crew: Any,
    tokens: Any,
    cards: Any,
    morale: Any,
    comp: Components,
    kind_info: tuple[str, int | None],
) -> _Side:
    kind, dice = kind_info
    count = _whole(count, f"{role}_count", 1, MAX_COUNT, "red cresters")
    if count != 1 and kind != "red":
        raise ValueError(f"{role}_count: only red cresters fight together (several reds against one ship); {role} is {kind}")
    cannons = _whole(cannons, f"{role}_cannons", 0, MAX_DICE, "cannons")
    tokens = _whole(tokens, f"{role}_tokens", 0, MAX_TOKENS, "tokens")
    crew_t = _crew(crew, f"{role}_crew", comp)
    cards_t = _cards(cards, f"{role}_cards", comp)
    _bonus_sets(cards_t, tokens, f"{role}_cards")
    if morale is not None:
        morale = _whole(morale, f"{role}_morale", 1, MAX_MORALE)
    if cannons and kind != "ship":
        raise ValueError(f"{role}_cannons: only a ship spends cannons, and the {role} is {_noun(kind)}")
    if crew_t and kind not in ("ship", "longboat"):
        raise ValueError(f"{role}_crew: crew belong to a player's ship or longboat, and the {role} is {_noun(kind)}")
    if kind in _CRESTERS and (tokens or cards_t):
        what = f"{role}_tokens" if tokens else f"{role}_cards"
        raise ValueError(f"{what}: cresters never play cards or tokens, and the {role} is {_noun(kind)}")
    if morale is not None and kind != "ship":
        raise ValueError(f"{role}_morale: only a ship has morale, and the {role} is {_noun(kind)}")

    extra = 0
    if kind == "dice":
        assert dice is not None  # a bare pool names its dice
        label = f"{dice} dice"
    else:  # the rules' own count of dice and crew hits (windward.battle), as the engine fights it
        if kind == "ship":
            slots = _cannon_slots(comp, crew_t)
            if cannons > slots:
                raise ValueError(f"{role}_cannons: {cannons} cannons but the ship has only {slots} cannon slots")
        dice = party_dice(comp, kind, role == "attacker", crew_t, cannons, count)
        extra = party_hits(comp, kind, crew_t, other_kind)
        label = _party_label(kind, count, dice, extra)
    if dice > MAX_DICE:
        raise ValueError(f"{role}: {label} rolls {dice} dice; at most {MAX_DICE} dice per side")
    return _Side(role, kind, count, dice, extra, cards_t, tokens, morale, kind == "ship", label)


def _party_label(kind: str, count: int, dice: int, extra: int) -> str:
    if kind in ("ship", "longboat"):
        return f"{kind} ({dice} dice{f', +{extra} hits' if extra else ''})"
    return f"{count} red cresters ({dice} dice)" if count > 1 else f"{kind} crester ({dice} dice)"


def _bonus_sets(cards: tuple[tuple[str, int], ...], tokens: int, name: str) -> None:
    """Refuse a hand whose ways of choosing bonuses are too many to weigh."""
    ways = tokens + 1
    for card in set(cards):
        ways *= cards.count(card) + 1
    if ways > MAX_BONUS_SETS:
        raise ValueError(f"{name}: {len(cards)} cards and {tokens} tokens make {ways} ways to choose bonuses; "
                         f"at most {MAX_BONUS_SETS} are weighed")


def _noun(kind: str) -> str:
    return {"dice": "a bare pool of dice", "ship": "a ship", "longboat": "a longboat"}.get(kind, f"a {kind} crester")


# ---------------------------------------------------------------------------
# Bonus decisions
# ---------------------------------------------------------------------------

_WIN, _TIE, _LOSS = (2, 0, 0), (1, 0, 0), (0, 0, 0)


def _key(margin: int, ship: bool, morale: int | None) -> tuple[int, int, int]:
    """How good a final margin (own total minus other total) is for a side.

    Win beats tie beats loss. A losing ship prefers not to be lost, then to
    lose less morale; a ship that is lost anyway gains nothing from spending.
    """
    if margin > 0:
        return _WIN
    if margin == 0:
        return _TIE
    if not ship:
        return _LOSS
    if morale is not None and -margin >= morale:
        return _LOSS
    return (0, 1, margin)


@lru_cache(maxsize=4096)
def _option_table(cards: tuple[tuple[str, int], ...], tokens: int, token_hits: int) -> tuple[BonusChoice, ...]:
    """One cheapest bonus set per reachable hit total, ordered from cheapest.

    Cost is compared as (items spent, cards spent, card hits spent, card ids):
    fewer items first, then tokens before cards, then weaker cards first.
    """
    groups: dict[tuple[str, int], int] = {}
    for card in cards:
        groups[card] = groups.get(card, 0) + 1
    kinds = sorted(groups)
    best: dict[int, tuple[tuple, BonusChoice]] = {}
    for t in range(tokens + 1):
        for combo in itertools.product(*(range(groups[k] + 1) for k in kinds)):
            ids: list[str] = []
            card_hits = 0
            for (cid, h), n in zip(kinds, combo):
                ids.extend([cid] * n)
                card_hits += h * n
            hits = t * token_hits + card_hits
            ids_t = tuple(ids)
            cost = (t + len(ids_t), len(ids_t), card_hits, ids_t)
            if hits not in best or cost < best[hits][0]:
                best[hits] = (cost, BonusChoice(t, ids_t, hits))
    return tuple(choice for _, choice in sorted(best.values(), key=lambda item: item[0]))


def bonus_options(cards: Iterable[str] = (), tokens: int = 0, *, components: Components | None = None) -> tuple[BonusChoice, ...]:
    """Every hit total a player can add, each with its cheapest set of bonuses.

    Ordered from the cheapest set (playing nothing) to the dearest.

    >>> for choice in bonus_options(["harpoon", "heavy_harpoon"], tokens=1):
    ...     print(choice)
    nothing
    1 token (+2 hits)
    harpoon (+1 hit)
    1 token + harpoon (+3 hits)
    1 token + heavy_harpoon (+4 hits)
    1 token + harpoon + heavy_harpoon (+5 hits)

    Two hits could come from the token or the heavy harpoon; the token is
    kept as the cheaper way (tokens go before cards).
    """
    comp = components or load_components()
    cards_t, tokens = _cards(cards, "cards", comp), _whole(tokens, "tokens", 0, MAX_TOKENS, "tokens")
    _bonus_sets(cards_t, tokens, "cards")
    return _option_table(cards_t, tokens, comp.token_hits)


def _reply(x: int, options: tuple[BonusChoice, ...], ship: bool, morale: int | None) -> BonusChoice:
    """The defender's choice; ``x`` is its dice total minus the attacker's final total."""
    best = options[0]
    best_key = _key(x + best.hits, ship, morale)
    for option in options[1:]:
        k = _key(x + option.hits, ship, morale)
        if k > best_key:
            best, best_key = option, k
    return best


def _attack(
    delta: int,
    a_opts: tuple[BonusChoice, ...],
    a_ship: bool,
    a_morale: int | None,
    d_opts: tuple[BonusChoice, ...],
    d_ship: bool,
    d_morale: int | None,
) -> tuple[BonusChoice, BonusChoice]:
    """Both choices when the attacker's dice total exceeds the defender's by ``delta``."""
    best: tuple[tuple[int, int, int], BonusChoice, BonusChoice] | None = None
    for option in a_opts:
        reply = _reply(-(delta + option.hits), d_opts, d_ship, d_morale)
        k = _key(delta + option.hits - reply.hits, a_ship, a_morale)
        if best is None or k > best[0]:
            best = (k, option, reply)
    assert best is not None, "the attacker always has the option of playing nothing"
    return best[1], best[2]


def best_bonuses(
    own_total: int,
    other_total: int,
    cards: Iterable[str] = (),
    tokens: int = 0,
    *,
    role: str = "defender",
    ship: bool = False,
    morale: int | None = None,
    other_cards: Iterable[str] = (),
    other_tokens: int = 0,
    other_ship: bool = False,
    other_morale: int | None = None,
    components: Components | None = None,
) -> BonusChoice:
    """The bonuses a player should play once both rolls are known.

    ``own_total`` is the player's hits before cards and tokens (dice plus any
    Marine hits). For ``role="defender"``, ``other_total`` is the attacker's
    final total, bonuses included. For ``role="attacker"``, ``other_total`` is
    the defender's total before bonuses, and ``other_cards``/``other_tokens``
    (plus ``other_ship``/``other_morale``) describe what the defender could
    answer with; the attacker assumes the defender replies by this same rule.
    (In a real game the defender's hand is hidden, so a bot may pass a guess.)

    The rule: reach the best outcome available (win, else tie, else, for a
    ship, keep the ship and lose as little morale as possible), and among the
    sets that reach it, spend the fewest items, tokens before cards, weaker
    cards before stronger ones. ``ship`` and ``morale`` describe the player's
    own party: a losing ship that cannot be saved spends nothing.

    The defender trails 3 to 4 and holds a harpoon and a token: the token wins.

    >>> best_bonuses(3, 4, ["harpoon"], tokens=1)
    BonusChoice(tokens=1, cards=(), hits=2)

    The attacker leads 4 to 3, but the defender holds a token: spending a
    heavy harpoon keeps the win, a plain harpoon would only tie.

    >>> best_bonuses(4, 3, ["harpoon", "heavy_harpoon"], role="attacker", other_tokens=1)
    BonusChoice(tokens=0, cards=('heavy_harpoon',), hits=2)
    """
    comp = components or load_components()
    own_total = _whole(own_total, "own_total", 0, MAX_TOTAL, "hits")
    other_total = _whole(other_total, "other_total", 0, MAX_TOTAL, "hits")
    if morale is not None:
        morale = _whole(morale, "morale", 1, MAX_MORALE)
    own_cards, own_tokens = _cards(cards, "cards", comp), _whole(tokens, "tokens", 0, MAX_TOKENS, "tokens")
    _bonus_sets(own_cards, own_tokens, "cards")
    own = _option_table(own_cards, own_tokens, comp.token_hits)
    if role == "defender":
        return _reply(own_total - other_total, own, bool(ship), morale)
    if role != "attacker":
        raise ValueError(f"role must be 'attacker' or 'defender', got {role!r}")
    if other_morale is not None:
        other_morale = _whole(other_morale, "other_morale", 1, MAX_MORALE)
    o_cards = _cards(other_cards, "other_cards", comp)
    o_tokens = _whole(other_tokens, "other_tokens", 0, MAX_TOKENS, "tokens")
    _bonus_sets(o_cards, o_tokens, "other_cards")
    other = _option_table(o_cards, o_tokens, comp.token_hits)
    return _attack(own_total - other_total, own, bool(ship), morale, other, bool(other_ship), other_morale)[0]


def _policy_options(side: _Side, play: str, token_hits: int) -> tuple[BonusChoice, ...]:
    if play == "none" or not (side.tokens or side.cards):
        return (BonusChoice(),)
    if play == "all":
        ids = tuple(cid for cid, _ in side.cards)
        return (BonusChoice(side.tokens, ids, side.tokens * token_hits + sum(h for _, h in side.cards)),)
    return _option_table(side.cards, side.tokens, token_hits)


def _spend_columns(side: _Side) -> tuple[str, ...]:
    return ("tokens", "cards") + tuple(sorted({cid for cid, _ in side.cards}))


def _spend_row(choice: BonusChoice, columns: tuple[str, ...]) -> tuple[int, ...]:
    return (choice.tokens, len(choice.cards)) + tuple(choice.cards.count(c) for c in columns[2:])


@lru_cache(maxsize=2048)
def _game_arrays(game: tuple, columns: tuple, lo: int, hi: int):
    """Per dice difference lo..hi: margin shift and the items each side spends."""
    a_opts, a_ship, a_morale, d_opts, d_ship, d_morale = game
    a_cols, d_cols = columns
    shifts, a_rows, d_rows = [], [], []
    for delta in range(lo, hi + 1):
        a, d = _attack(delta, a_opts, a_ship, a_morale, d_opts, d_ship, d_morale)
        shifts.append(a.hits - d.hits)
        a_rows.append(_spend_row(a, a_cols))
        d_rows.append(_spend_row(d, d_cols))
    return (
        tuple(shifts),
        tuple(a_rows),
        tuple(d_rows),
        np.array(shifts, dtype=np.int64),
        np.array(a_rows, dtype=float).reshape(len(shifts), len(a_cols)),
        np.array(d_rows, dtype=float).reshape(len(shifts), len(d_cols)),
    )


# ---------------------------------------------------------------------------
# battle_odds
# ---------------------------------------------------------------------------

def battle_odds(
    attacker: str | int = "ship",
    defender: str | int = "ship",
    *,
    attacker_count: int = 1,
    defender_count: int = 1,
    attacker_cannons: int = 0,
    defender_cannons: int = 0,
    attacker_crew: Iterable[str] = (),
    defender_crew: Iterable[str] = (),
    attacker_tokens: int = 0,
    defender_tokens: int = 0,
    attacker_cards: Iterable[str] = (),
    defender_cards: Iterable[str] = (),
    attacker_morale: int | None = None,
    defender_morale: int | None = None,
    play: str = "best",
    exact: bool = False,
    faces: Sequence[int] | None = None,
    components: Components | None = None,
) -> BattleOdds:
    """Exact odds of a battle, from the attacker's side.

    ``attacker`` and ``defender`` are party kinds (``"ship"``, ``"longboat"``,
    ``"grey"``, ``"red"``, ``"white"``) or plain numbers of dice. A number is a
    bare pool of dice: no cannons, crew or morale; it plays cards and tokens
    only if given some. ``*_count`` puts several red cresters on one side
    (they attack a ship together and add their strengths).

    ``*_cannons`` are the cannons the ship spends (each adds a die; at most its
    cannon slots), ``*_crew`` the crew its owner has hired, ``*_tokens`` and
    ``*_cards`` the "+2" tokens and hit cards (ids) it holds, ``*_morale`` a
    ship's morale (to get ``ship_lost``). ``play`` is ``"best"``, ``"all"`` or
    ``"none"`` (see :func:`best_bonuses`). ``exact=True`` gives
    :class:`fractions.Fraction` everywhere. ``faces`` overrides the die.

    Five dice against two:

    >>> o = battle_odds(attacker=5, defender=2)
    >>> round(o.win, 4), round(o.tie, 4), round(o.loss, 4)
    (0.9928, 0.0064, 0.0009)

    A ship with one cannon and a Sergeant attacks a ship holding a "+2"
    token; the defender loses morale 2 and is lost with ``defender_morale=2``:

    >>> o = battle_odds("ship", "ship", attacker_cannons=1, attacker_crew=["Sergeant"],
    ...                 defender_tokens=1, defender_morale=2, exact=True)
    >>> o.attacker_dice, o.defender_dice
    (4, 2)
    >>> o.win + o.tie + o.loss
    Fraction(1, 1)
    >>> o.ship_lost["defender"] == sum(p for m, p in o.margin.items() if m >= 2)
    True
    """
    # Fast path: two bare pools of dice and nothing else (checked without a
    # function call per argument: this is the common query of tables and bots).
    if (
        type(attacker) is int
        and type(defender) is int
        and 0 <= attacker <= MAX_DICE
        and 0 <= defender <= MAX_DICE
        and not exact
        and (attacker_count, defender_count, attacker_cannons, defender_cannons, attacker_tokens, defender_tokens)
        == (1, 1, 0, 0, 0, 0)
        and type(attacker_count) is type(defender_count) is type(attacker_cannons) is type(defender_cannons)
        is type(attacker_tokens) is type(defender_tokens) is int
        and attacker_morale is None
        and defender_morale is None
        and not attacker_crew
        and not defender_crew
        and not attacker_cards
        and not defender_cards
        and play in PLAY_POLICIES
    ):
        key = _faces_key(faces, components)
        pd = _probs(key, defender)
        # correlate(a, d)[i] = P(attacker hits - defender hits = i - (len(d) - 1))
        probs = np.correlate(_probs(key, attacker), pd, "full").tolist()
        z = len(pd) - 1  # index of margin 0
        # The margin's support runs from (fewest hits - most hits) to (most - fewest).
        lo, hi = key[0] * attacker, z + key[-1] * attacker - key[0] * defender + 1
        margin = object.__new__(Distribution)
        margin.__dict__.update(offset=lo - z, probs=tuple(probs[lo:hi]))
        # Filled in from a template instead of through the dataclass __init__,
        # which pays one object.__setattr__ per field: this path is most of
        # what tables, simulations and bots ask for, so it is kept lean.
        result = object.__new__(BattleOdds)
        fields = result.__dict__
        fields.update(_DICE_ONLY)
        fields["win"] = math.fsum(probs[z + 1 :])
        fields["tie"] = probs[z]
        fields["loss"] = math.fsum(probs[:z])
        fields["margin"] = margin
        fields["attacker"] = f"{attacker} dice"
        fields["defender"] = f"{defender} dice"
        fields["attacker_dice"] = attacker
        fields["defender_dice"] = defender
        fields["play"] = play
        return result

    comp = components or load_components()
    a_info = _kind(attacker, "attacker")
    d_info = _kind(defender, "defender")
    if play not in PLAY_POLICIES:
        raise ValueError(f"play must be one of {', '.join(PLAY_POLICIES)}, got {play!r}")
    key = _faces_key(faces, comp)

    if a_info[0] != "dice" and d_info[0] != "dice" and (a_info[0], d_info[0]) not in _PAIRINGS:
        raise ValueError(
            f"defender: {_noun(a_info[0])} cannot battle {_noun(d_info[0])}; possible pairings are "
            + ", ".join(f"{a} vs {d}" for a, d in sorted(_PAIRINGS))
        )
    A = _side("attacker", attacker, attacker_count, d_info[0], attacker_cannons, attacker_crew,
              attacker_tokens, attacker_cards, attacker_morale, comp, a_info)
    D = _side("defender", defender, defender_count, a_info[0], defender_cannons, defender_crew,
              defender_tokens, defender_cards, defender_morale, comp, d_info)
    return _solve(A, D, key, comp.token_hits, play, exact)


def _side_counts(side: _Side, key: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    """Ways a side's dice show each total, and the number of equally likely rolls: one roll
    showing ``side.rolled`` hits once the dice are down."""
    if side.rolled is None:
        return _counts(key, side.dice), len(key) ** side.dice
    return (0,) * side.rolled + (1,), 1


def _side_probs(side: _Side, key: tuple[int, ...]) -> np.ndarray:
    if side.rolled is None:
        return _probs(key, side.dice)
    p = np.zeros(side.rolled + 1)
    p[-1] = 1.0
    return p


def _solve(A: _Side, D: _Side, key: tuple[int, ...], token_hits: int, play: str, exact: bool) -> BattleOdds:
    la = A.dice * key[-1] + 1 if A.rolled is None else A.rolled + 1
    ld = D.dice * key[-1] + 1 if D.rolled is None else D.rolled + 1
    lo = -(ld - 1) + A.extra_hits - D.extra_hits  # smallest dice difference
    hi = lo + la + ld - 2
    a_opts = _policy_options(A, play, token_hits)
    d_opts = _policy_options(D, play, token_hits)
    a_cols, d_cols = _spend_columns(A), _spend_columns(D)
    trivial = len(a_opts) == 1 and len(d_opts) == 1 and not a_opts[0].items and not d_opts[0].items
    if not trivial:
        game = (a_opts, A.ship, A.morale, d_opts, D.ship, D.morale)
        shifts_t, a_rows, d_rows, shifts, a_spend, d_spend = _game_arrays(game, (a_cols, d_cols), lo, hi)

    if exact:
        (ca, ta), (cd, td) = _side_counts(A, key), _side_counts(D, key)
        total = ta * td
        weights = np.convolve(np.array(ca, dtype=object), np.array(cd[::-1], dtype=object)).tolist()
        if trivial:
            m_lo, m_counts = lo, weights
            a_exp = [0] * len(a_cols)
            d_exp = [0] * len(d_cols)
        else:
            margins = [lo + i + s for i, s in enumerate(shifts_t)]
            m_lo = min(margins)
            m_counts = [0] * (max(margins) - m_lo + 1)
            for m, w in zip(margins, weights):
                m_counts[m - m_lo] += w
            a_exp = [sum(w * row[j] for w, row in zip(weights, a_rows)) for j in range(len(a_cols))]
            d_exp = [sum(w * row[j] for w, row in zip(weights, d_rows)) for j in range(len(d_cols))]
        probs = [Fraction(c, total) for c in m_counts]
        a_spent: dict[str, Number] = {c: Fraction(v, total) for c, v in zip(a_cols, a_exp)}
        d_spent: dict[str, Number] = {c: Fraction(v, total) for c, v in zip(d_cols, d_exp)}
    else:
        pdelta = np.correlate(_side_probs(A, key), _side_probs(D, key), "full")
        if trivial:
            m_lo, mp = lo, pdelta
            a_spent = {c: 0.0 for c in a_cols}
            d_spent = {c: 0.0 for c in d_cols}
        else:
            margins = np.arange(lo, hi + 1) + shifts
            m_lo = int(margins.min())
            mp = np.bincount(margins - m_lo, weights=pdelta)
            a_spent = dict(zip(a_cols, (pdelta @ a_spend).tolist()))
            d_spent = dict(zip(d_cols, (pdelta @ d_spend).tolist()))
        probs = mp.tolist()

    zero = Fraction(0) if exact else 0.0
    total_of = (lambda xs: sum(xs, zero)) if exact else math.fsum
    z = -m_lo  # index of margin 0
    n = len(probs)
    win = total_of(probs[max(z + 1, 0):])
    tie = probs[z] if 0 <= z < n else zero
    loss = total_of(probs[: max(min(z, n), 0)])

    morale_loss: dict[str, Distribution] = {}
    ship_lost: dict[str, Number] = {}
    for side, sign in ((A, -1), (D, 1)):
        if not side.ship:
            continue
        # loss k >= 1 happens at margin sign * k (attacker loses at negative margins).
        hi_loss = max(0, (-(m_lo) if sign < 0 else m_lo + n - 1))
        dist = [zero] * (hi_loss + 1)
        for i, p in enumerate(probs):
            m = m_lo + i
            k = max(0, sign * m)
            dist[k] += p
        morale_loss[side.role] = _dist(0, dist)
        if side.morale is not None:
            ship_lost[side.role] = total_of(dist[side.morale:])

    return BattleOdds(
        win, tie, loss, _dist(m_lo, probs), MappingProxyType(morale_loss), MappingProxyType(ship_lost),
        MappingProxyType({"attacker": MappingProxyType(a_spent), "defender": MappingProxyType(d_spent)}),
        A.label, D.label, A.dice, D.dice, A.extra_hits, D.extra_hits, play, exact,
    )


# ---------------------------------------------------------------------------
# Tables and sweeps
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class OddsTable:
    """Win/tie/loss probabilities (attacker's side) over a grid of two parameters.

    ``win[i, j]`` is the attacker's chance of winning with ``row_name`` set to
    ``rows[i]`` and ``col_name`` set to ``cols[j]``. Arrays are floats, or
    object arrays of Fractions for exact tables.
    """

    row_name: str
    rows: tuple
    col_name: str
    cols: tuple
    win: np.ndarray
    tie: np.ndarray
    loss: np.ndarray
    exact: bool = False

    def __getitem__(self, name: str) -> np.ndarray:
        if name in ("win", "tie", "loss"):
            return getattr(self, name)
        raise KeyError(name)

    def as_dict(self) -> dict[str, Any]:
        return {
            self.row_name: self.rows,
            self.col_name: self.cols,
            "win": self.win,
            "tie": self.tie,
            "loss": self.loss,
        }

    def __repr__(self) -> str:
        return f"OddsTable({self.row_name} {_span(self.rows)} x {self.col_name} {_span(self.cols)})"

    def to_html(self, which: str = "win") -> str:
        """The chosen array as an HTML table of percentages, shaded as a heat map."""
        arr = self[which]
        rows = [[f"{self.row_name} {r}"] + [percent(p, 1) for p in line] for r, line in zip(self.rows, arr)]
        shade = [[float(p) for p in line] for line in arr]
        return table([""] + [f"{self.col_name} {c}" for c in self.cols], rows, shade=shade,
                     caption=f"attacker {which} % ({self.row_name} down, {self.col_name} across)")

    def _repr_html_(self) -> str:
        return self.to_html("win")

    def summary(self, which: str = "win") -> str:
        """The chosen array as a text grid of percentages."""
        arr = self[which]
        head = f"{which} % ({self.row_name} down, {self.col_name} across)"
        width = max(5, *(len(str(c)) for c in self.cols))
        lines = [head, " " * 8 + "".join(f"{c!s:>{width + 1}}" for c in self.cols)]
        for r, row in zip(self.rows, arr):
            lines.append(f"{r!s:>8}" + "".join(f"{100 * float(p):>{width + 1}.1f}" for p in row))
        return "\n".join(lines)


def _span(values: tuple) -> str:
    if len(values) > 2 and all(isinstance(v, int) for v in values) and list(values) == list(range(values[0], values[-1] + 1)):
        return f"{values[0]}..{values[-1]}"
    return "[" + ", ".join(str(v) for v in values) + "]"


_BATTLE_PARAMS = tuple(inspect.signature(battle_odds).parameters)


@lru_cache(maxsize=256)
def _stacked_probs(key: tuple[int, ...], ns: tuple[int, ...]) -> np.ndarray:
    width = max(ns) * key[-1] + 1
    out = np.zeros((len(ns), width))
    for i, n in enumerate(ns):
        p = _probs(key, n)
        out[i, : len(p)] = p
    out.flags.writeable = False
    return out


@lru_cache(maxsize=256)
def _outcome_matrices(game: tuple, la: int, ld: int) -> tuple[np.ndarray, np.ndarray]:
    """0/1 matrices over (attacker dice total, defender dice total): win, tie."""
    lo, hi = -(ld - 1), la - 1
    if game is None:
        shifts = np.zeros(hi - lo + 1, dtype=np.int64)
    else:
        shifts = _game_arrays(game, (("tokens", "cards"), ("tokens", "cards")), lo, hi)[3]
    margin = np.arange(lo, hi + 1) + shifts
    idx = np.subtract.outer(np.arange(la), np.arange(ld)) - lo
    final = margin[idx]
    return (final > 0).astype(float), (final == 0).astype(float)


def _fast_table(rows: tuple[int, ...], cols: tuple[int, ...], fixed: dict) -> OddsTable | None:
    """Whole-grid computation for bare dice pools (float results only)."""
    allowed = {"play", "faces", "components", "exact", "attacker_tokens", "defender_tokens", "attacker_cards", "defender_cards"}
    if fixed.get("exact") or set(fixed) - allowed:
        return None
    comp = fixed.get("components") or load_components()
    play = fixed.get("play", "best")
    if play not in PLAY_POLICIES:
        raise ValueError(f"play must be one of {', '.join(PLAY_POLICIES)}, got {play!r}")
    key = _faces_key(fixed.get("faces"), comp)
    a_side = _side("attacker", 0, 1, "dice", 0, (), fixed.get("attacker_tokens", 0),
                   fixed.get("attacker_cards", ()), None, comp, ("dice", 0))
    d_side = _side("defender", 0, 1, "dice", 0, (), fixed.get("defender_tokens", 0),
                   fixed.get("defender_cards", ()), None, comp, ("dice", 0))
    a_opts = _policy_options(a_side, play, comp.token_hits)
    d_opts = _policy_options(d_side, play, comp.token_hits)
    trivial = not a_opts[0].items and not d_opts[0].items and len(a_opts) == 1 and len(d_opts) == 1
    game = None if trivial else (a_opts, False, None, d_opts, False, None)
    pa = _stacked_probs(key, rows)
    pd = _stacked_probs(key, cols)
    gw, gt = _outcome_matrices(game, pa.shape[1], pd.shape[1])
    win = pa @ gw @ pd.T
    tie = pa @ gt @ pd.T
    loss = pa @ (1.0 - gw - gt) @ pd.T
    return OddsTable("attacker", rows, "defender", cols, win, tie, loss, False)


def odds_sweep(
    row_name: str,
    row_values: Iterable[Any],
    col_name: str,
    col_values: Iterable[Any],
    **fixed: Any,
) -> OddsTable:
    """Odds over a grid of any two :func:`battle_odds` parameters.

    ``fixed`` holds the other arguments. Cannons 0-5 against "+2" tokens 0-3
    for a ship attacking a red (a Sergeant gives it five cannon slots):

    >>> t = odds_sweep("attacker_cannons", range(6), "attacker_tokens", range(4),
    ...                attacker="ship", defender="red", attacker_crew=["Sergeant"])
    >>> t.win.shape
    (6, 4)
    >>> bool((t.win[1:] >= t.win[:-1]).all() and (t.win[:, 1:] >= t.win[:, :-1]).all())
    True
    """
    for name in (row_name, col_name):
        if name not in _BATTLE_PARAMS:
            raise ValueError(f"{name!r} is not a battle_odds parameter; choose from {', '.join(_BATTLE_PARAMS)}")
    if row_name == col_name:
        raise ValueError(f"col_name must differ from row_name ({row_name!r})")
    for name in fixed:
        if name not in _BATTLE_PARAMS:
            raise ValueError(f"{name!r} is not a battle_odds parameter; choose from {', '.join(_BATTLE_PARAMS)}")
        if name in (row_name, col_name):
            raise ValueError(f"{name!r} is swept; do not also fix it")
    rows = _bounded(row_values, "row_values", MAX_SWEEP, "values", "an iterable of values")
    cols = _bounded(col_values, "col_values", MAX_SWEEP, "values", "an iterable of values")
    if not rows:
        raise ValueError("row_values is empty")
    if not cols:
        raise ValueError("col_values is empty")
    if len(rows) * len(cols) > MAX_CELLS:
        raise ValueError(f"row_values x col_values: {len(rows)} x {len(cols)} cells; at most {MAX_CELLS}")
    if fixed.get("exact"):
        if len(rows) * len(cols) > MAX_EXACT_CELLS:
            raise ValueError(f"row_values x col_values: {len(rows)} x {len(cols)} cells; an exact sweep has at "
                             f"most {MAX_EXACT_CELLS} (use exact=False for larger grids)")
        if {row_name, col_name} == {"attacker", "defender"} and all(
                isinstance(v, (int, np.integer)) and not isinstance(v, bool) and 0 <= v <= MAX_DICE
                for v in rows + cols):
            top = max(_faces_key(fixed.get("faces"), fixed.get("components")))
            work = sum(int(r) * top + 1 for r in rows) * sum(int(c) * top + 1 for c in cols)
            if work > MAX_EXACT_WORK:
                raise ValueError(f"row_values x col_values: an exact table of these dice takes about {work} "
                                 f"products of whole numbers; at most {MAX_EXACT_WORK} (about 10 s): use "
                                 "fewer or smaller pools, or exact=False")
    if (
        (row_name, col_name) == ("attacker", "defender")
        and all(isinstance(v, (int, np.integer)) and not isinstance(v, bool) and v >= 0 for v in rows + cols)
    ):
        table = _fast_table(tuple(int(v) for v in rows), tuple(int(v) for v in cols), fixed)
        if table is not None:
            return table
    exact = bool(fixed.get("exact", False))
    shape = (len(rows), len(cols))
    dtype = object if exact else float
    win, tie, loss = np.empty(shape, dtype), np.empty(shape, dtype), np.empty(shape, dtype)
    for i, r in enumerate(rows):
        for j, c in enumerate(cols):
            o = battle_odds(**{**fixed, row_name: r, col_name: c})
            win[i, j], tie[i, j], loss[i, j] = o.win, o.tie, o.loss
    return OddsTable(row_name, rows, col_name, cols, win, tie, loss, exact)


def odds_table(
    attacker_range: Iterable[Any] = range(1, 17),
    defender_range: Iterable[Any] = range(1, 17),
    **kw: Any,
) -> OddsTable:
    """Attacker x defender grid of odds, for heat maps.

    The ranges hold anything :func:`battle_odds` takes as ``attacker`` and
    ``defender``; with numbers of dice the whole grid comes from three small
    matrix products. ``kw`` is passed on (``play``, ``exact``, tokens, ...).

    >>> t = odds_table(range(1, 17), range(1, 17))
    >>> t.win.shape, round(float(t.win[4, 1]), 4)
    ((16, 16), 0.9928)
    >>> bool(abs(t.win + t.tie + t.loss - 1).max() < 1e-12)
    True
    """
    try:
        return odds_sweep("attacker", attacker_range, "defender", defender_range, **kw)
    except ValueError as exc:  # name the arguments of this function, not of odds_sweep
        text = str(exc).replace("row_values", "attacker_range").replace("col_values", "defender_range")
        raise ValueError(text) from None
