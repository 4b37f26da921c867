"""Why an action is refused: every refusal names the section of the rules text it comes from.

The sections are "Set Up", "Choosing Cards", "Movement", "Rainbow Cards",
"Special Character Abilities", "Rolling Winds", "Recover", "Game End and
Winning", or an FAQ entry ("FAQ: Parlay"). A refusal never changes the state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from windward_nb.core.rules import CHANCE, Refusal

from . import board, effects
from .actions import TailwindsAction as A
from .board import who
from .state import TailwindsState

SECTION = {
    "setup": "Set Up", "choose": "Choosing Cards", "move": "Movement", "ability": "Special Character Abilities",
    "rainbow": "Rainbow Cards", "wind": "Rolling Winds", "end": "Game End and Winning", "recover": "Recover",
}
FAQ = {"copy": "Special Character Abilities", "ask": "FAQ: Parlay", "answer": "FAQ: Parlay", "roll?": "FAQ: Parlay",
       "rechoose": "FAQ: Shackle", "target": "Rainbow Cards", "take": "Rainbow Cards", "pickup": "Rainbow Cards",
       "reclaim": "Rainbow Cards"}


class Refusals:
    """The refusal half of :class:`~windward_nb.tailwinds.rules.TailwindsRules`."""

    if TYPE_CHECKING:  # provided by TailwindsRules
        def decider(self, s: TailwindsState) -> int: ...
        def legal_actions(self, s: TailwindsState) -> list[A]: ...
        def move_range(self, s: TailwindsState, name: str) -> list[int]: ...

    def ability_refusal(self, s: TailwindsState) -> Refusal:
        """Why the card's ability cannot be used now (None if it can)."""
        me = s.turn
        key = s.revealed[me]
        card = s.card(me, key) if key is not None else None
        sec = SECTION["ability"]
        if card is None or card.ability is None:
            return (sec, "your card has no ability to use")
        a = card.ability
        if a.auto:
            return (sec, f"{card.name} works by itself" + (" at the end of your turn" if a.when == "end" else ""))
        if s.ability_used:
            return (sec, f"you have already used {card.name} this turn")
        if a.when == "start" and s.acted:
            return (sec, f"{card.name} is used at the start of your turn, before you move or play a rainbow card")
        op = a.ops[0]
        first = op["op"]
        if first == "add" and op.get("if") == "adjacent" and not board.adjacent(s, me):
            return ("FAQ: Longboat", "your two boats are not adjacent (same or consecutive spaces)")
        if first == "copy" and not effects.copy_options(s):
            return (sec, "no other player revealed a card this round")
        if first == "push_back" and not effects.can_push(s, op):
            return ("FAQ: Cannon", "no opponent boat can be pushed straight back now")
        if first == "ask_rainbow" and not effects.ask_options(s):
            return ("FAQ: Parlay", "nobody holds a rainbow card to ask for")
        if first == "rechoose" and not any(s.hands[p] for p in s.to_go):
            return ("FAQ: Shackle", "no player still to move can choose again")
        return None

    def why_illegal(self, s: TailwindsState, a: A) -> Refusal:
        if s.phase == "over":
            return (SECTION["end"], "the game is over")
        if a.verb in ("fore", "aft") and s.phase == "turn" and not s.pending:
            if a.arg in self.move_range(s, a.verb):
                return None
            return self._turn_refusal(s, a)
        legal = self.legal_actions(s)
        if a in legal:
            return None
        who_ = self.decider(s)
        if who_ == CHANCE:
            if not a.is_chance:
                return (self._chance_section(s), "chance decides now (" + self._chance_words(s) + ")")
            return (self._chance_section(s), f"'{a}' is not a possible outcome here")
        if a.is_chance:
            return ("Actions", f"'{a}' is a chance outcome; {who(s, who_)} decides now")
        if s.pending:
            return self._pending_refusal(s, s.pending[-1], a)
        if s.phase == "place":
            if a.verb == "place":
                starts = ", ".join(str(x + 1) for x in s.track.starts)
                if a.arg - 1 not in s.track.starts:
                    return (SECTION["setup"], f"boats start on the start spaces ({starts})")
                return (SECTION["setup"], f"space {a.arg} has no free lane")
            return (SECTION["setup"], f"{who(s, who_)} places a boat on a start space now")
        if s.phase == "choose":
            return self._choose_refusal(s, who_, a)
        return self._turn_refusal(s, a)

    def _chance_section(self, s: TailwindsState) -> str:
        if s.pending and s.pending[-1]["kind"] == "die":
            return SECTION["wind"] if s.pending[-1]["for"] == "wind" else SECTION["ability"]
        if s.pending or s.phase == "market":
            return SECTION["rainbow"]
        return SECTION["setup"]

    def _chance_words(self, s: TailwindsState) -> str:
        if s.pending:
            return "a die roll" if s.pending[-1]["kind"] == "die" else "a rainbow card is drawn"
        return {"decks": "the decks are dealt", "first": "who places first is rolled",
                "market": "the rainbow market is dealt"}[s.phase]

    def _choose_refusal(self, s: TailwindsState, seat: int, a: A) -> Refusal:
        sec = SECTION["choose"]
        if a.verb != "choose":
            return (sec, f"everyone chooses a card in secret first; {who(s, seat)} chooses now")
        if a.arg == s.forbid[seat]:
            return ("FAQ: Shackle", f"you took back {a.arg} and must choose a different card")
        if a.arg in s.played[seat]:
            return (sec, f"{a.arg} has been played; the Recover card brings played cards back")
        if a.arg in s.gone[seat]:
            return ("Recover", f"{a.arg} has left the game")
        return (sec, f"{a.arg!r} is not a card in your hand (hand: {', '.join(s.hands[seat]) or 'empty'})")

    def _pending_refusal(self, s: TailwindsState, top: dict, a: A) -> Refusal:
        kind = top["kind"]
        sec = FAQ.get(kind, SECTION["ability"])
        if kind == "rechoose":
            return self._choose_refusal(s, s.chooser(), a)
        wants = {"copy": "choose whose card value to copy (copy PLAYER)",
                 "ask": "choose a player holding a rainbow card to ask (ask PLAYER)",
                 "answer": "give your rainbow card or refuse",
                 "roll?": "roll the die to add to your points, or not (roll / no roll)",
                 "target": "choose the boat to move (target PLAYER fore|aft)",
                 "take": "take one of the face-up rainbow cards (take CARD)",
                 "pickup": "take a face-up rainbow card or leave them (take CARD / leave)",
                 "reclaim": "choose a played card to take back (reclaim CARD)"}[kind]
        if a.verb in ("copy", "ask", "target", "take", "reclaim") and a.verb == {"pickup": "take"}.get(kind, kind):
            return (sec, f"'{a}' is not one of the choices: {', '.join(str(x) for x in self.legal_actions(s))}")
        return (sec, f"first {wants}")

    def _turn_refusal(self, s: TailwindsState, a: A) -> Refusal:
        me = s.turn
        mv = SECTION["move"]
        if a.verb in ("fore", "aft"):
            b = board.by_name(s, me, a.verb)
            if b is None:
                return (SECTION["end"], "your fore boat has left the race; your remaining boat is your aft boat")
            if a.arg > s.points:
                return (mv, f"you have {s.points} movement point{'s' if s.points != 1 else ''} left")
            if a.arg > s.track.finish - b[0]:
                return (mv, f"your {a.verb} boat is {s.track.finish - b[0]} spaces from the Finish Line")
            return (mv, f"your {a.verb} boat has no free lane to move to within {a.arg} spaces")
        if a.verb == "end":
            return (mv, f"you must spend all your movement points when you can ({s.points} left)")
        if a.verb == "use":
            if a.arg != s.revealed[me]:
                return (SECTION["ability"], f"your card this turn is {s.revealed[me]}, not {a.arg}")
            return self.ability_refusal(s)
        if a.verb == "swap":
            if not s.swaps:
                return ("FAQ: Manoeuvre", "only a Manoeuvre lets boats swap lanes")
            return ("FAQ: Manoeuvre", "a boat swaps once a turn, with another boat on its own space")
        if a.verb == "play":
            if s.rainbow[me] is None:
                return (SECTION["rainbow"], "you hold no rainbow card")
            if s.rainbow_played:
                return (SECTION["rainbow"], "you may play only one rainbow card per turn")
            return (SECTION["rainbow"], f"the rainbow card you hold is {s.rainbow[me]}")
        if a.verb == "choose":
            return (SECTION["choose"], "cards are chosen at the start of a round")
        if a.verb == "place":
            return (SECTION["setup"], "boats are placed only during set up")
        return (mv, f"'{a}' is not possible now: {who(s, me)} is moving")
