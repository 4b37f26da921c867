"""Exact odds of the battle in progress, at every step, from the rules' own count of dice and hits.

A battle on the table is a frame (:mod:`windward_nb.windward.battle`): cannons, the rolls, the
bonuses, one step at a time. :func:`battle_now` answers "how does this end?" at any of those
steps, exactly, for whoever looks:

* the dice each side rolls and the hits its crew adds come from the rules' own functions
  (:func:`battle.strength <windward_nb.windward.battle.strength>` and
  :func:`battle.extra_hits <windward_nb.windward.battle.extra_hits>`, the ones the engine uses
  to fight and to total the battle), so a bonus the rules count cannot be missing here;
* a side that has rolled counts what its dice show; a side still to roll is summed over every
  roll of its dice;
* a ship still to fire is assumed to fire all its cannons, except the one firing now, which
  fires ``cannons`` (the choice being weighed); the defender fires after it has seen the
  attacker's roll, and nothing is lost by assuming all, as more dice never hurt it;
* nobody plays False Flag (the odds are those of the battle being fought);
* bonuses already played count; those still in hand are played as in
  :func:`windward_nb.windward.odds.best_bonuses`: the attacker first, looking ahead to the
  defender's reply, then the defender, who sees the attacker's total.

``tests/test_battle_differential.py`` checks every figure against the engine itself: from
battle positions of every mode, every dice outcome is forced through the rules and the exact
distribution of results is compared with :func:`battle_now` at each step.

>>> import windward_nb as ww
>>> g = ww.scenario(players=2, auto_chance=False, ships=[{"pos": "0,-2", "crew": ["Marine"], "cannons": 1},
...                 {"pos": "port"}], reds=["-1,-1"])
>>> _ = g.apply("move SW")                      # the ship attacks the red crester
>>> o = battle_now(g.state, cannons=1, exact=True)
>>> o.attacker_dice, o.attacker_extra_hits, o.defender_dice
(3, 2, 5)
>>> o.win + o.tie + o.loss
Fraction(1, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .battle import PLAYER_KINDS, STEPS, extra_hits, hit_cards, strength
from .odds import BattleOdds, _faces_key, _party_label, _Side, _solve
from .state import GameState

__all__ = ["STEP_INDEX", "Assumption", "battle_now", "battle_sides", "battle_frame", "if_stopped"]

#: the position of each battle step in the rules' order
STEP_INDEX = {step: i for i, step in enumerate(STEPS)}


def battle_frame(s: GameState) -> Any:
    """The battle being fought (the top frame), or ``None``."""
    if s.frames and s.frames[-1]["k"] == "battle":
        return s.frames[-1]
    return None


@dataclass(frozen=True)
class Assumption:
    """What :func:`battle_now` takes as given for one side: ``dice`` it rolls (``rolled``: the
    hits they showed, once down), ``hits`` added to them (crew and bonuses played), ``cannons``
    it fires (``None`` for a party without cannons) and whether it may still add bonuses."""

    dice: int
    rolled: int | None
    hits: int
    cannons: int | None
    to_play: bool


def rolled_hits(f: Any, side: str) -> int | None:
    """The hits side ``"a"`` or ``"d"`` rolled, once its dice are down (``None`` before)."""
    return sum(f[side + "_dice"]) if STEP_INDEX[f["step"]] > STEP_INDEX[side + "_roll"] else None


def played(f: Any, side: str) -> int:
    """Hits of the cards and tokens side ``"a"`` or ``"d"`` has played in this battle."""
    return int(f[side + "_bonus"])


def _side(s: GameState, f: Any, side: str, cannons: int | None) -> tuple[_Side, Assumption]:
    step = STEP_INDEX[f["step"]]
    role = "attacker" if side == "a" else "defender"
    kind = f["att"] if side == "a" else f["def"]
    seat = f[side + "_seat"]
    player = kind in PLAYER_KINDS
    ship = s.ships[seat] if player else None
    fired: int | None = None
    if kind == "ship":
        assert ship is not None
        if step < STEP_INDEX[side + "_cannons"]:  # still to fire: all its cannons
            fired = ship.cannons
            dice = strength(s, f, side, fired)
        elif f["step"] == side + "_cannons":        # firing now: the choice being weighed
            fired = ship.cannons if cannons is None else cannons
            dice = strength(s, f, side, fired)
        else:
            dice = f[side + "_str"]
            fired = dice - strength(s, f, side, 0)
    else:
        dice = strength(s, f, side, 0)
    rolled = rolled_hits(f, side)
    hits = extra_hits(s, f, side) + played(f, side)
    to_play = player and step <= STEP_INDEX[side + "_bonus"]
    cards: tuple[tuple[str, int], ...] = ()
    tokens = 0
    if to_play:
        assert ship is not None
        cards = tuple(sorted((c, s.components.card(c).hits) for c in hit_cards(s, seat)))
        tokens = ship.tokens
    morale = ship.morale if kind == "ship" and ship is not None else None
    count = f["a_n"] if side == "a" else f["d_n"]
    label = _party_label(kind, count, dice, extra_hits(s, f, side))
    party = _Side(role, kind, count, dice, hits, cards, tokens, morale, kind == "ship", label, rolled)
    return party, Assumption(dice, rolled, hits, fired, bool(to_play and (cards or tokens)))


def battle_sides(s: GameState, cannons: int | None = None) -> tuple[Assumption, Assumption] | None:
    """What :func:`battle_now` assumes for the attacker and the defender (``None`` without a battle)."""
    f = battle_frame(s)
    if f is None:
        return None
    return _side(s, f, "a", cannons)[1], _side(s, f, "d", cannons)[1]


def battle_now(s: GameState, cannons: int | None = None, exact: bool = False) -> BattleOdds | None:
    """Exact odds of the battle in progress from here, from the attacker's side.

    ``cannons`` is the choice weighed by the ship firing now (default: all it has). The result
    is a :class:`~windward_nb.windward.odds.BattleOdds`: ``win``/``tie``/``loss`` for the
    attacker, ``ship_lost`` and ``morale_loss`` for each side that is a ship, the ``margin``.
    ``None`` without a battle.
    """
    f = battle_frame(s)
    if f is None:
        return None
    A, _ = _side(s, f, "a", cannons)
    D, _ = _side(s, f, "d", cannons)
    comp = s.components
    return _solve(A, D, _faces_key(None, comp), comp.token_hits, "best", exact)


def if_stopped(s: GameState) -> int | None:
    """At a bonus step with both rolls known: the result if whoever adds bonuses now stops
    (the defender still replying as well as it can when the attacker stops): 1 the attacker
    wins, 0 a tie, -1 the defender wins. ``None`` at any other step."""
    f = battle_frame(s)
    if f is None or f["step"] not in ("a_bonus", "d_bonus"):
        return None
    A, _ = _side(s, f, "a", None)
    D, _ = _side(s, f, "d", None)
    if A.rolled is None or D.rolled is None:
        return None
    if f["step"] == "a_bonus":
        A = replace(A, cards=(), tokens=0)
    else:
        D = replace(D, cards=(), tokens=0)
    comp = s.components
    o = _solve(A, D, _faces_key(None, comp), comp.token_hits, "best", True)
    return 1 if o.win == 1 else (0 if o.tie == 1 else -1)
