"""North Wind's rules on the core protocol: who decides, what is legal, what happens.

A turn: gold income for the poor, a trading voyage into one of the three
stacks (cut it, let the Lookout look, reveal tiles one by one up to the sail
level, at most two actions, fog rolls the event die), a commercial letter for
a quiet voyage, and a reshuffle of the stack. Refusals name the section of the
rules text that forbids the action; ``docs/rulings-north-wind.md`` explains
every reading.

>>> from windward_nb.northwind import new_game
>>> g = new_game(players=3, seed=1)
>>> g.current_player, [str(a) for a in g.legal_actions()]
(0, ['sail north-cape', 'sail fort-haven', 'sail olsand'])
>>> g.why_illegal("buy salt")
'nothing is face up to buy from: choose a stack to sail into first [Trading Voyage]'
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.events import Event
from ..core.rules import CHANCE, TERMINAL, Rules
from . import tasks, trade
from .actions import NWAction
from .chance import Chance, battle_outcomes
from .components import GOODS
from .refusals import Refusals, name
from .state import NWState

__all__ = ["NWRules", "RULES", "battle_outcomes", "name"]


class NWRules(Refusals, Chance, Rules):
    game = "north-wind"
    action_type = NWAction

    # =============================================================== who and what
    def players(self, s: NWState) -> int:
        return s.players

    def decider(self, s: NWState) -> int:
        ph = s.phase
        if ph == "over":
            return TERMINAL
        if ph in ("deal", "shuffle", "event", "battle"):
            return CHANCE
        if ph == "letter":
            return s.letter_queue[0]
        return s.turn

    def legal_actions(self, s: NWState) -> list[NWAction]:
        ph = s.phase
        A = NWAction
        if ph == "choose":
            out = [A("sail", d) for d in s.comp.destinations]
        elif ph == "prepare":
            out = []
            if not s.cut and not s.looked:
                out += [A("cut", n) for n in range(1, len(s.stacks[s.stack]))]
            if s.has(s.turn, "lookout") and not s.looked:
                out.append(A("look"))
            out.append(A("reveal"))
        elif ph == "peek":
            out = [A("keep"), A("under")]
        elif ph == "sail":
            out = [A("reveal"), A("end")]
        elif ph == "pirate":
            out = [a for a in (A("pay"), A("fight")) if self._pirate_refusal(s, a) is None]
        elif ph in ("tile", "letter"):
            out = self._tile_options(s, self.decider(s))
        elif ph in ("event", "battle"):
            out = [a for a, _ in self.chance_outcomes(s) or ()]
        else:
            out = []
        return out

    def _tile_options(self, s: NWState, seat: int) -> list[NWAction]:
        tile = s.comp.tile(s.tile_id)
        out: list[NWAction] = []
        if s.phase == "tile" and tile.kind == "destination":
            if tasks.refusal(s, seat, s.comp.destinations.index(tile.id)) is None:
                out.append(NWAction("deliver"))
        elif s.phase == "tile" and tile.kind == "shipwreck":
            out.append(NWAction("salvage"))
        else:
            out += trade.options(s, seat, tile)
        if trade.can_throw(s, seat, tile):
            out += [NWAction("throw", g) for g in GOODS if s.held(seat, g)]
        out.append(NWAction("pass"))
        return out

    # =============================================================== applying
    def apply(self, s: NWState, a: NWAction) -> list[Event]:
        ev: list[Event] = []
        getattr(self, f"_do_{a.verb}")(s, a, ev)
        return ev

    # -- setup and shuffles
    def _do_deal(self, s: NWState, a: NWAction, ev: list[Event]) -> None:
        comp = s.comp
        per = len(comp.others) // len(comp.destinations)
        tiles = list(a.arg)
        s.stacks = [[d] + tiles[i * per:(i + 1) * per] for i, d in enumerate(comp.destinations)]
        s.contents = [sorted(x) for x in s.stacks]
        s.known = [[d] for d in comp.destinations]
        s.shuffles = list(range(len(comp.destinations)))
        s.phase = "shuffle"
        ev.append(Event("TilesDealt", f"The sea tiles are dealt face down into {len(s.stacks)} stacks of {per}; "
                                      "each destination harbour joins its stack.", {"stacks": len(s.stacks)}))

    def _do_shuffle(self, s: NWState, a: NWAction, ev: list[Event]) -> None:
        i = s.shuffles.pop(0)
        s.stacks[i] = list(a.arg[1])
        title = s.comp.tile(s.comp.destinations[i]).title
        ev.append(Event("StackShuffled", f"The {title} stack is shuffled.", {"stack": i}))
        if s.shuffles:
            return
        if s.turns > 0:
            s.turn = (s.turn + 1) % s.players
        self._start_turn(s, ev)

    def _start_turn(self, s: NWState, ev: list[Event]) -> None:
        seat = s.turn
        if s.on_board(seat) >= s.target_tokens:
            self._win(s, seat, ev, "has all their task tokens on the board at the start of their turn")
            return
        limit = s.options.get("max_turns")
        if limit is not None and s.turns >= limit:
            self._finish(s, ev, f"the turn limit ({limit}) is reached")
            return
        s.turns += 1
        s.phase = "choose"
        s.stack, s.row, s.used = -1, [], []
        s.cut = s.looked = False
        s.peek = s.under = ""
        s.actions, s.pirate, s.letter_queue = 0, 0, []
        ev.append(Event("TurnStarted", f"Turn {s.turns}: {name(seat)} sets out.", {"seat": seat, "turn": s.turns}))
        if s.gold[seat] == 0:
            gain = s.comp.treasurer_income if s.has(seat, "treasurer") else s.comp.poor_income
            s.gold[seat] += gain
            ev.append(Event("PoorIncome", f"{name(seat)} has no gold and takes {gain}"
                                          + (" (Treasurer)." if s.has(seat, "treasurer") else "."),
                            {"seat": seat, "gold": gain}))

    # -- the voyage
    def _do_sail(self, s: NWState, a: NWAction, ev: list[Event]) -> None:
        s.stack = s.comp.destinations.index(a.arg)
        s.phase = "prepare"
        ev.append(Event("VoyageStarted", f"{name(s.turn)} sails into the {s.comp.tile(a.arg).title} stack "
                                         f"(range {s.sail[s.turn]}).", {"seat": s.turn, "stack": s.stack}))

    def _do_cut(self, s: NWState, a: NWAction, ev: list[Event]) -> None:
        st = s.stacks[s.stack]
        s.stacks[s.stack] = st[a.arg:] + st[:a.arg]
        s.cut = True
        ev.append(Event("StackCut", f"{name(s.turn)} moves {a.arg} tile{'s' if a.arg > 1 else ''} from the top "
                                    "to the bottom, unseen.", {"seat": s.turn, "tiles": a.arg}))

    def _do_look(self, s: NWState, a: NWAction, ev: list[Event]) -> None:
        top = s.stacks[s.stack][0]
        s.peek = top
        s.looked = True
        mine = s.secret[s.turn][s.stack]
        if top not in mine:
            mine.append(top)
            mine.sort()
        s.phase = "peek"
        ev.append(Event("LookoutLooked", f"{name(s.turn)}'s Lookout looks at the top tile.",
                        {"seat": s.turn, "private": {s.turn: top}}))

    def _do_keep(self, s: NWState, a: NWAction, ev: list[Event]) -> None:
        s.phase = "prepare"
        ev.append(Event("LookoutKept", f"{name(s.turn)} leaves the tile on top.", {"seat": s.turn}))

    def _do_under(self, s: NWState, a: NWAction, ev: list[Event]) -> None:
        st = s.stacks[s.stack]
        s.under = st.pop(0)
        st.append(s.under)
        s.peek = ""
        s.phase = "prepare"
        ev.append(Event("LookoutUnder", f"{name(s.turn)} puts the top tile under the stack; it does not count.",
                        {"seat": s.turn}))

    def _do_reveal(self, s: NWState, a: NWAction, ev: list[Event]) -> None:
        self._reveal(s, ev)

    def _reveal(self, s: NWState, ev: list[Event]) -> None:
        st = s.stacks[s.stack]
        tid = st.pop(0)
        s.row.append(tid)
        s.used.append(False)
        s.peek = ""
        known = s.known[s.stack]
        if tid not in known:
            known.append(tid)
            known.sort()
        tile = s.comp.tile(tid)
        ev.append(Event("TileRevealed", f"Tile {len(s.row)} of {s.sail[s.turn]}: {tile.title}.",
                        {"seat": s.turn, "tile": tid, "kind": tile.kind, "index": len(s.row) - 1}))
        if tile.kind == "fog":
            s.phase = "event"
            return
        s.phase = "tile"
        if self.legal_actions(s) == [NWAction("pass")]:
            ev.append(Event("TilePassed", f"{name(s.turn)} can do nothing at {tile.title}.",
                            {"seat": s.turn, "tile": tid, "auto": True}))
            self._next(s, ev)

    def _next(self, s: NWState, ev: list[Event]) -> None:
        """After a tile is settled: the voyage goes on, waits for the captain, or ends."""
        if s.phase == "over":
            return
        if s.actions >= 2:
            self._end_voyage(s, ev, "two actions are done")
        elif len(s.row) >= s.sail[s.turn]:
            self._end_voyage(s, ev, "the ship has reached the end of its range")
        elif len([t for t in s.stacks[s.stack] if t != s.under]) == 0:  # pragma: no cover - stacks are deep enough
            self._end_voyage(s, ev, "the stack is exhausted")
        elif s.options.get("stop_early", True):
            s.phase = "sail"
        else:
            self._reveal(s, ev)

    def _do_end(self, s: NWState, a: NWAction, ev: list[Event]) -> None:
        self._end_voyage(s, ev, f"{name(s.turn)} turns back")

    def _end_voyage(self, s: NWState, ev: list[Event], why: str) -> None:
        seat = s.turn
        ev.append(Event("VoyageEnded", f"The voyage ends: {why}.", {"seat": seat, "actions": s.actions}))
        comp = s.comp
        if s.actions <= 1 and s.letters[seat] <= comp.letters_max - 1 and s.letter_supply > 0:
            s.letters[seat] += 1
            s.letter_supply -= 1
            ev.append(Event("LetterReceived", f"{name(seat)} receives a commercial letter ({s.letters[seat]} held).",
                            {"seat": seat, "letters": s.letters[seat]}))
        i = s.stack
        s.stacks[i] = s.stacks[i] + s.row
        s.row, s.used = [], []
        s.peek = s.under = ""
        s.pirate = 0
        s.shuffles = [i]
        s.phase = "shuffle"

    # -- tile actions
    def _use(self, s: NWState, ev: list[Event]) -> None:
        s.actions += 1
        s.used[-1] = True
        if s.actions >= 2:
            ev.append(Event("TwoActions", f"{name(s.turn)} has taken two actions.", {"seat": s.turn}))

    def _trade(self, s: NWState, a: NWAction, ev: list[Event]) -> None:
        tile = s.comp.tile(s.tile_id)
        if s.phase == "letter":
            seat = s.letter_queue.pop(0)
            s.letters[seat] -= 1
            s.letter_supply += 1
            ev.append(Event("LetterUsed", f"{name(seat)} spends a commercial letter on {tile.title}.",
                            {"seat": seat, "tile": tile.id}))
            ev += trade.apply(s, seat, tile, a)
            if a.verb == "hire":
                ev += tasks.crew_bonus(s, seat)
            self._ask_letters(s, ev)
            return
        seat = s.turn
        ev += trade.apply(s, seat, tile, a)
        self._use(s, ev)
        if a.verb == "hire":
            ev += tasks.crew_bonus(s, seat)
            if self._check_win(s, ev):
                return
        s.letter_queue = [(seat + k) % s.players for k in range(1, s.players)]
        self._ask_letters(s, ev)

    _do_buy = _do_sell = _do_swap = _do_sail_up = _do_cannon = _do_hire = _trade

    def _ask_letters(self, s: NWState, ev: list[Event]) -> None:
        tile = s.comp.tile(s.tile_id)
        while s.letter_queue:
            seat = s.letter_queue[0]
            if s.letters[seat] > 0 and (trade.options(s, seat, tile) or trade.can_throw(s, seat, tile)):
                s.phase = "letter"
                return
            s.letter_queue.pop(0)
        s.phase = "tile"  # briefly, for _next
        self._next(s, ev)

    def _do_throw(self, s: NWState, a: NWAction, ev: list[Event]) -> None:
        ev += trade.throw(s, self.decider(s), a.arg)

    def _do_pass(self, s: NWState, a: NWAction, ev: list[Event]) -> None:
        if s.phase == "letter":
            seat = s.letter_queue.pop(0)
            ev.append(Event("LetterDeclined", f"{name(seat)} keeps their letters.", {"seat": seat}))
            self._ask_letters(s, ev)
            return
        ev.append(Event("TilePassed", f"{name(s.turn)} passes {s.comp.tile(s.tile_id).title}.",
                        {"seat": s.turn, "tile": s.tile_id}))
        self._next(s, ev)

    def _do_deliver(self, s: NWState, a: NWAction, ev: list[Event]) -> None:
        col = s.comp.destinations.index(s.tile_id)
        ev += tasks.complete(s, s.turn, col)
        self._use(s, ev)
        if self._check_win(s, ev):
            return
        if tasks.board_full(s):
            self._finish(s, ev, "every task field is filled")
            return
        self._next(s, ev)

    def _do_salvage(self, s: NWState, a: NWAction, ev: list[Event]) -> None:
        s.gold[s.turn] += s.comp.wreck_gold
        ev.append(Event("ShipwreckExamined", f"{name(s.turn)} examines the shipwreck: {s.comp.wreck_gold} gold.",
                        {"seat": s.turn, "gold": s.comp.wreck_gold}))
        self._use(s, ev)
        self._next(s, ev)

    # -- fog, pirates and battle
    def _do_event(self, s: NWState, a: NWAction, ev: list[Event]) -> None:
        seat = s.turn
        comp = s.comp
        if a.arg == 0:
            s.gold[seat] += comp.treasure_gold
            ev.append(Event("Treasure", f"Treasure in the fog: {name(seat)} takes {comp.treasure_gold} gold.",
                            {"seat": seat, "gold": comp.treasure_gold}))
            s.phase = "tile"
            self._next(s, ev)
            return
        s.pirate = a.arg
        ev.append(Event("PirateShip", f"A pirate ship of strength {a.arg} comes out of the fog.",
                        {"seat": seat, "strength": a.arg}))
        can_win = comp.max_hits(s.cannons[seat], s.has(seat, "cannoneer")) >= a.arg
        if s.gold[seat] < comp.ransom and not can_win:
            ev.append(Event("Defeat", f"{name(seat)} can neither pay nor win: defeat.", {"seat": seat, "auto": True}))
            self._end_voyage(s, ev, "defeat by the pirates")
            return
        s.phase = "pirate"

    def _do_pay(self, s: NWState, a: NWAction, ev: list[Event]) -> None:
        seat = s.turn
        s.gold[seat] -= s.comp.ransom
        ev.append(Event("RansomPaid", f"{name(seat)} pays the pirates {s.comp.ransom} gold and sails on.",
                        {"seat": seat, "gold": s.comp.ransom}))
        s.pirate = 0
        s.phase = "tile"
        self._next(s, ev)

    def _do_fight(self, s: NWState, a: NWAction, ev: list[Event]) -> None:
        seat = s.turn
        if s.comp.max_hits(s.cannons[seat], s.has(seat, "cannoneer")) < s.pirate:
            ev.append(Event("Defeat", f"{name(seat)} attacks with too few cannons to win: defeat.",
                            {"seat": seat, "auto": True}))
            self._end_voyage(s, ev, "defeat by the pirates")
            return
        s.phase = "battle"
        ev.append(Event("BattleStarted", f"{name(seat)} fights with {s.cannons[seat]} cannon"
                                         f"{'s' if s.cannons[seat] != 1 else ''}.",
                        {"seat": seat, "cannons": s.cannons[seat], "strength": s.pirate}))

    def _do_battle(self, s: NWState, a: NWAction, ev: list[Event]) -> None:
        seat = s.turn
        comp = s.comp
        hits = sum(comp.face_hits(f, s.has(seat, "cannoneer")) for f in a.arg)
        data = {"seat": seat, "faces": list(a.arg), "hits": hits, "strength": s.pirate}
        if hits < s.pirate:
            ev.append(Event("Defeat", f"{name(seat)} rolls {', '.join(a.arg)}: {hits} hit{'s' if hits != 1 else ''} "
                                      f"against strength {s.pirate}. Defeat.", data))
            self._end_voyage(s, ev, "defeat by the pirates")
            return
        if s.brig[seat] < comp.brig and s.captains > 0:
            s.brig[seat] += 1
            s.captains -= 1
            prize = "a pirate captain goes to the brig"
        else:
            s.gold[seat] += comp.brig_full_gold
            prize = f"the brig is full, so {comp.brig_full_gold} gold instead of a captain"
        ev.append(Event("Victory", f"{name(seat)} rolls {', '.join(a.arg)}: {hits} hits against strength "
                                   f"{s.pirate}. Victory: {prize}.", data))
        s.pirate = 0
        s.phase = "tile"
        self._next(s, ev)

    # -- the end
    def _check_win(self, s: NWState, ev: list[Event]) -> bool:
        if s.on_board(s.turn) >= s.target_tokens:
            self._win(s, s.turn, ev, f"has {s.target_tokens} task tokens on the board")
            return True
        return False

    def _win(self, s: NWState, seat: int, ev: list[Event], why: str) -> None:
        s.phase = "over"
        s.winner = seat
        s.result = f"{name(seat)} wins: {why}."
        ev.append(Event("GameOver", s.result, {"winners": [seat]}))

    def _finish(self, s: NWState, ev: list[Event], why: str) -> None:
        counts = [s.on_board(p) for p in range(s.players)]
        best = max(counts)
        top = [p for p in range(s.players) if counts[p] == best]
        s.phase = "over"
        s.winner = top[0] if len(top) == 1 else -1
        s.result = (f"The game ends: {why}. " + (f"{name(top[0])} wins with {best} tokens." if len(top) == 1
                                                 else "Tied for the most tokens: no winner."))
        ev.append(Event("GameOver", s.result, {"winners": top if len(top) == 1 else []}))

    # =============================================================== results
    def scores(self, s: NWState) -> list[float]:
        """Task tokens each captain has on the board."""
        return [s.on_board(p) for p in range(s.players)]

    def returns(self, s: NWState) -> list[float]:
        if s.phase != "over" or s.winner < 0:
            return [0.0] * s.players
        return [1.0 if p == s.winner else 0.0 for p in range(s.players)]

    def outcome_text(self, s: NWState) -> str:
        return s.result

    # =============================================================== hidden information
    def observation(self, s: NWState, seat: int) -> dict[str, Any]:
        from .hidden import observation

        return observation(s, seat)

    def determinize(self, s: NWState, seat: int, rng: np.random.Generator) -> NWState:
        from .hidden import determinize

        return determinize(s, seat, rng)

    # =============================================================== checking and words
    def invariants(self, s: NWState) -> list[str]:
        from .invariants import broken

        return broken(s)

    def describe(self, s: NWState, a: NWAction) -> str:
        from .words import describe

        return describe(s, a)

    def seat_name(self, s: NWState, seat: int) -> str:
        return name(seat)

    def turn_label(self, s: NWState) -> str:
        """The heading a score sheet groups plies under."""
        if s.turns == 0:
            return "Setting up"
        return f"Turn {s.turns}: {name(s.turn)}"

    # ------------------------------------------------------------------------------ search (MCTSBot)
    def value(self, s: NWState) -> list[float]:
        """Each captain's chance to win from ``s``, for searches cut short: the judge fitted on
        GreedyBot games (:func:`.search.value`)."""
        from .search import value

        return value(s)

    def settled(self, s: NWState) -> bool:
        """True between two turns, where :meth:`value` judges a position fairly."""
        from .search import settled

        return settled(s)

    def rollout_bot(self, s: NWState) -> str:
        """The bot that plays a searched position out: GreedyBot."""
        return "greedy"

    def options(self, s: NWState, seat: int) -> list[Any]:
        """Macro-actions for the search bot (:func:`.search.options`)."""
        from .search import options

        return options(s, seat)


RULES = NWRules()
NWState.rules = RULES

