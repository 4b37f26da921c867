"""Chance in North Wind: the deal, shuffles, the event die and the battle dice, with exact odds."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations_with_replacement
from math import factorial

import numpy as np

from ..core.rules import Refusal
from .actions import NWAction
from .components import BATTLE_FACES
from .refusals import BATTLE, FOG, SETUP, SHUFFLE, VOYAGE
from .state import NWState


class Chance:
    """The chance half of :class:`~windward_nb.northwind.rules.NWRules` (a mixin)."""

    def _chance_refusal(self, s: NWState, a: NWAction) -> Refusal:
        ph = s.phase
        if ph == "deal":
            if a.verb != "deal":
                return (SETUP, "the sea tiles are dealt first")
            if sorted(a.arg) != list(s.comp.others):
                return (SETUP, "a deal lists every sea tile except the destination harbours, each once")
            return None
        if ph == "shuffle":
            i = s.shuffles[0]
            d = s.comp.destinations[i]
            if a.verb != "shuffle" or a.arg[0] != d:
                return (SHUFFLE, f"the {d} stack is shuffled now")
            if sorted(a.arg[1]) != sorted(s.stacks[i]):
                return (SHUFFLE, f"a shuffle reorders exactly the {len(s.stacks[i])} tiles of the {d} stack")
            return None
        if ph in ("event", "battle"):
            if any(a == b for b, _ in self.chance_outcomes(s) or ()):
                return None
            what = "the event die" if ph == "event" else f"{s.cannons[s.turn]} battle dice"
            return (FOG if ph == "event" else BATTLE, f"'{a}' is not an outcome of {what}")
        return (VOYAGE, "no chance outcome is pending")  # pragma: no cover

    def chance_outcomes(self, s: NWState) -> list[tuple[NWAction, float]] | None:
        if s.phase in ("deal", "shuffle"):
            return None
        return [(a, float(p)) for a, p in self.exact_outcomes(s)]

    def exact_outcomes(self, s: NWState) -> list[tuple[NWAction, Fraction]]:
        """The pending die outcomes with exact probabilities."""
        comp = s.comp
        if s.phase == "event":
            faces = comp.event_die
            out = []
            for v, face in enumerate(("treasure", "pirate 1", "pirate 2", "pirate 3")):
                n = faces.count(face)
                if n:
                    out.append((NWAction("event", v), Fraction(n, len(faces))))
            return out
        if s.phase == "battle":
            return battle_outcomes(comp.battle_die, s.cannons[s.turn])
        return []

    def sample_chance(self, s: NWState, rng: np.random.Generator) -> NWAction:
        if s.phase == "deal":
            tiles = list(s.comp.others)
            return NWAction("deal", tuple(tiles[i] for i in rng.permutation(len(tiles))))
        if s.phase == "shuffle":
            i = s.shuffles[0]
            tiles = sorted(s.stacks[i])
            return NWAction("shuffle", (s.comp.destinations[i], tuple(tiles[k] for k in rng.permutation(len(tiles)))))
        if s.phase == "battle":  # roll each die, as at the table
            faces = s.comp.battle_die
            rolled = [faces[int(k)] for k in rng.integers(len(faces), size=s.cannons[s.turn])]
            return NWAction("battle", tuple(sorted(rolled, key=BATTLE_FACES.index)))
        if s.phase == "event":
            face = s.comp.event_die[int(rng.integers(len(s.comp.event_die)))]
            return NWAction("event", 0 if face == "treasure" else int(face.split()[1]))
        raise ValueError("no chance outcome is pending")


def battle_outcomes(faces: tuple[str, ...], dice: int) -> list[tuple[NWAction, Fraction]]:
    """Every roll of ``dice`` battle dice as a sorted multiset of faces, with its exact probability.

    >>> [(str(a), str(p)) for a, p in battle_outcomes(("pip", "blank"), 2)]
    [('battle pip,pip', '1/4'), ('battle pip,blank', '1/2'), ('battle blank,blank', '1/4')]
    """
    kinds = [f for f in BATTLE_FACES if f in faces]
    total = len(faces) ** dice
    out = []
    for combo in combinations_with_replacement(kinds, dice):
        ways = factorial(dice)
        weight = 1
        for k in kinds:
            n = combo.count(k)
            ways //= factorial(n)
            weight *= faces.count(k) ** n
        out.append((NWAction("battle", combo), Fraction(ways * weight, total)))
    return out
