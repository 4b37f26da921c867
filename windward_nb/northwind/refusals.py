"""Why an action is refused: one check per verb, each naming the section of the rules text.

A refusal is ``(section, reason)``; the engine raises it as
:class:`~windward_nb.core.errors.IllegalActionError` and changes nothing.
The checks look at one action without listing every legal one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.rules import CHANCE, Refusal
from . import tasks, trade
from .actions import TRADE_VERBS, NWAction
from .state import NWState

SETUP = "Preparing the Sea Tile Stacks"
INCOME = "Gold Income for the Poor"
VOYAGE = "Trading Voyage"
TWO = "Two actions per voyage"
GET_LETTER = "Receiving a commercial letter"
SHUFFLE = "Shuffling the Tiles"
LETTERS = "Using Commercial Letters"
DEST = "Destination Harbor"
WRECK = "Examine Shipwreck"
FOG = "The Fog"
PIRATE = "Pirate Ship"
BATTLE = "Battle"
LOOKOUT = "Lookout"
END = tasks.END
ACTIVE_PHASES = ("choose", "prepare", "peek", "tile", "sail", "pirate")

def name(seat: int) -> str:
    return f"Player {seat + 1}"


class Refusals:
    """The refusal half of :class:`~windward_nb.northwind.rules.NWRules` (a mixin)."""

    if TYPE_CHECKING:  # provided by NWRules and the Chance mixin
        def decider(self, s: NWState) -> int: ...
        def _chance_refusal(self, s: NWState, a: NWAction) -> Refusal: ...

    def why_illegal(self, s: NWState, a: NWAction) -> Refusal:
        ph = s.phase
        if ph == "over":
            return (END, s.result or "the game is over")
        if a.is_chance:
            if self.decider(s) != CHANCE:
                return (VOYAGE, f"'{a}' is a chance outcome; chance has nothing to decide now")
            return self._chance_refusal(s, a)
        if self.decider(s) == CHANCE:
            return (VOYAGE, f"chance decides now ({self._waiting_for(s)}), not a captain")
        check = getattr(self, f"_check_{a.verb}", None)
        return check(s, a) if check is not None else (VOYAGE, f"'{a}' is not an action of North Wind")

    @staticmethod
    def _waiting_for(s: NWState) -> str:
        return {"deal": "dealing the sea tiles", "shuffle": "shuffling a stack", "event": "the event die",
                "battle": "the battle dice"}.get(s.phase, s.phase)

    def _not_now(self, s: NWState, a: NWAction) -> Refusal:
        """The refusal for an action at the wrong moment: says what is expected instead."""
        ph = s.phase
        if ph == "choose":
            if a.verb in TRADE_VERBS or a.verb in ("throw", "deliver", "salvage", "pass"):
                return (VOYAGE, "nothing is face up to "
                                f"{'buy from' if a.verb in ('buy', 'sail_up', 'cannon', 'hire') else 'use'}: "
                                "choose a stack to sail into first")
            return (VOYAGE, "choose a stack to sail into first ("
                            + ", ".join(f"sail {d}" for d in s.comp.destinations) + ")")
        if ph == "prepare":
            return (VOYAGE, "no tile is face up yet: reveal the first tile"
                            + (" (or cut the stack, or look with your Lookout)" if not s.looked else ""))
        if ph == "peek":
            return (LOOKOUT, f"your Lookout sees {s.comp.tile(s.peek).title}: keep it on top or put it under")
        if ph == "tile":
            return (VOYAGE, f"decide on {s.comp.tile(s.tile_id).title} first (use it or pass)")
        if ph == "sail":
            return (VOYAGE, "reveal the next tile or end the voyage")
        if ph == "pirate":
            return (PIRATE, f"a pirate ship of strength {s.pirate}: pay or fight")
        if ph == "letter":
            seat = s.letter_queue[0]
            return (LETTERS, f"{name(seat)} may spend a commercial letter on {s.comp.tile(s.tile_id).title} "
                             "(a deal there, or pass)")
        return (VOYAGE, f"'{a}' is not possible now")

    def _check_sail(self, s: NWState, a: NWAction) -> Refusal:
        if s.phase != "choose":
            return (VOYAGE, "you are already on a voyage; one stack per turn") if s.stack >= 0 else self._not_now(s, a)
        if a.arg not in s.comp.destinations:
            return (VOYAGE, f"there is no stack {a.arg!r}; the stacks are " + ", ".join(s.comp.destinations))
        return None

    def _check_cut(self, s: NWState, a: NWAction) -> Refusal:
        if s.phase != "prepare":
            return (VOYAGE, "the stack is cut before the first tile is revealed") if s.row else self._not_now(s, a)
        if s.looked:
            return (VOYAGE, "the stack is cut before the Lookout looks")
        if s.cut:
            return (VOYAGE, "you have already cut the stack")
        n = len(s.stacks[s.stack])
        if not 1 <= a.arg < n:
            return (VOYAGE, f"move 1 to {n - 1} tiles from the top to the bottom")
        return None

    def _check_look(self, s: NWState, a: NWAction) -> Refusal:
        if not s.has(s.turn, "lookout"):
            return (LOOKOUT, "you have no Lookout in the crow's nest")
        if s.phase != "prepare":
            return (LOOKOUT, "the Lookout looks once, before the first tile is revealed")
        if s.looked:
            return (LOOKOUT, "the Lookout has looked already this voyage")
        return None

    def _check_keep(self, s: NWState, a: NWAction) -> Refusal:
        return None if s.phase == "peek" else (LOOKOUT, "the Lookout is not looking at a tile")

    _check_under = _check_keep

    def _check_reveal(self, s: NWState, a: NWAction) -> Refusal:
        return None if s.phase in ("prepare", "sail") else self._not_now(s, a)

    def _check_end(self, s: NWState, a: NWAction) -> Refusal:
        if not s.options.get("stop_early", True) and s.phase in ACTIVE_PHASES[1:]:
            return (VOYAGE, "a voyage cannot be ended at will: it runs until the range is used up, two actions "
                            "are done or a pirate defeats the ship")
        if s.phase == "prepare":
            return (VOYAGE, "reveal at least one tile before you end the voyage")
        return None if s.phase == "sail" else self._not_now(s, a)

    def _check_pass(self, s: NWState, a: NWAction) -> Refusal:
        return None if s.phase in ("tile", "letter") else self._not_now(s, a)

    def _deal_refusal(self, s: NWState, a: NWAction) -> Refusal:
        if s.phase not in ("tile", "letter"):
            return self._not_now(s, a)
        tile = s.comp.tile(s.tile_id)
        seat = self.decider(s)
        if s.phase == "letter":
            if not tile.letters:  # pragma: no cover - letters are only offered on such tiles
                return (LETTERS, "a letter cannot be used on this tile")
        elif tile.kind in ("destination", "shipwreck"):
            return (VOYAGE, f"{tile.title} offers no trade: " + ("deliver" if tile.kind == "destination" else "salvage")
                    + " or pass")
        return trade.refusal(s, seat, tile, a)

    _check_buy = _check_sell = _check_swap = _check_sail_up = _check_cannon = _check_hire = _deal_refusal

    def _check_throw(self, s: NWState, a: NWAction) -> Refusal:
        if s.phase not in ("tile", "letter"):
            return self._not_now(s, a)
        return trade.throw_refusal(s, self.decider(s), s.comp.tile(s.tile_id), a.arg)

    def _check_deliver(self, s: NWState, a: NWAction) -> Refusal:
        if s.phase == "letter":
            return (LETTERS, "a letter cannot be used to complete a task")
        if s.phase != "tile":
            return self._not_now(s, a)
        tile = s.comp.tile(s.tile_id)
        if tile.kind != "destination":
            return (DEST, f"tasks are completed at a destination harbour, not at {tile.title}")
        return tasks.refusal(s, s.turn, s.comp.destinations.index(tile.id))

    def _check_salvage(self, s: NWState, a: NWAction) -> Refusal:
        if s.phase == "letter":
            return (LETTERS, "a letter cannot be used on a shipwreck")
        if s.phase != "tile":
            return self._not_now(s, a)
        tile = s.comp.tile(s.tile_id)
        return None if tile.kind == "shipwreck" else (WRECK, f"there is no shipwreck here but {tile.title}")

    def _pirate_refusal(self, s: NWState, a: NWAction) -> Refusal:
        if s.phase != "pirate":
            return (PIRATE, "there is no pirate ship to face") if s.phase != "choose" else self._not_now(s, a)
        if a.verb == "pay" and s.gold[s.turn] < s.comp.ransom:
            return (PIRATE, f"paying the pirates costs {s.comp.ransom} gold and you have {s.gold[s.turn]}: fight")
        return None

    _check_pay = _check_fight = _pirate_refusal
