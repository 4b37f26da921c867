"""The rules of Tailwinds, as the core's :class:`~windward_nb.core.rules.Rules` protocol.

Refusals name the section of the rules text they come from ("Set Up",
"Choosing Cards", "Movement", "Rainbow Cards", "Special Character
Abilities", "Rolling Winds", "Game End and Winning", or an FAQ entry).

>>> from windward_nb.tailwinds import new_game
>>> g = new_game(players=2, seed=3, characters=["sailor", "pirate"])
>>> g.current_player, [str(a) for a in g.legal_actions()][:3]
(0, ['place 1', 'place 2', 'place 3'])
>>> g.why_illegal("place 9")
'boats start on the start spaces (1, 2, 3) [Set Up]'
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

import numpy as np

from windward_nb.core.events import Event
from windward_nb.core.rules import CHANCE, TERMINAL, Refusal, Rules

from . import board, effects, flow
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


class TailwindsRules(Rules):
    game = "tailwinds"
    action_type = A

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
                return s.choosing.waiting  # type: ignore[union-attr]
            return top["seat"]
        if s.phase in ("decks", "first", "market"):
            return CHANCE
        if s.phase == "place":
            return s.placing[0]
        if s.phase == "choose":
            return s.choosing.waiting  # type: ignore[union-attr]
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
            return self._choices(s, s.choosing.waiting)  # type: ignore[union-attr]
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

    # =========================================================================== refusals
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
            return self._choose_refusal(s, s.choosing.waiting, a)  # type: ignore[union-attr]
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

    # =========================================================================== applying
    def apply(self, s: TailwindsState, a: A) -> list[Event]:
        ev: list[Event] = []
        getattr(self, "_do_" + a.verb)(s, a, ev)
        return ev

    # chance --------------------------------------------------------------------------------
    def _do_decks(self, s: TailwindsState, a: A, ev: list[Event]) -> None:
        deal_decks(s, list(a.arg), ev)

    def _do_first(self, s: TailwindsState, a: A, ev: list[Event]) -> None:
        f = a.arg - 1
        s.first = f
        order = [(f + i) % s.players for i in range(s.players)]
        s.placing = [p for p in order for _ in range(2)]
        s.phase = "place"
        ev.append(Event("FirstPlacer", f"The die picks {who(s, f)} to place boats first; the others follow "
                        "clockwise.", {"seat": f}))

    def _do_draw(self, s: TailwindsState, a: A, ev: list[Event]) -> None:
        card = a.arg
        s.deck.remove(card)
        name = s.comp.rainbow[card].name
        if s.pending:
            top = s.pending.pop()
            if top["to"] == "hand":
                seat = top["seat"]
                s.rainbow[seat] = card
                s.known[seat] = [seat]
                ev.append(Event("RainbowDrawn", f"{who(s, seat)} takes the top rainbow card without showing it.",
                                {"seat": seat}))
                flow.run(s, ev)
                return
        s.market.append(card)
        ev.append(Event("MarketRefilled", f"{name} is dealt to the rainbow market.", {"card": card}))
        if s.phase == "market":
            if len(s.market) < 3 and (s.deck or s.discard):
                if not s.deck:
                    effects.reshuffle(s, ev)
                return
            flow.start_round(s, ev)
            return
        flow.run(s, ev)

    def _do_die(self, s: TailwindsState, a: A, ev: list[Event]) -> None:
        top = s.pending.pop()
        if top["for"] == "wind":
            board.blow(s, a.arg, top["seat"], top["boat"], ev)
        else:
            s.points += a.arg
            ev.append(Event("DieRolled", f"{who(s, top['seat'])} rolls {a.arg} and adds it: {s.points} movement "
                            f"point{'s' if s.points != 1 else ''} to spend.", {"seat": top["seat"], "die": a.arg}))
        flow.run(s, ev)

    # set up and choosing ---------------------------------------------------------------
    def _do_place(self, s: TailwindsState, a: A, ev: list[Event]) -> None:
        seat = s.placing.pop(0)
        space = a.arg - 1
        bid = len(s.boats[seat])
        lane = board.free_lane(s, space)
        s.boats[seat].append([space, lane, bid])
        board.sort_boats(s, seat)
        ev.append(Event("BoatPlaced", f"{who(s, seat)} places a boat on {s.track.label(space)}, lane {lane + 1}.",
                        {"seat": seat, "boat": bid, "to": space, "lane": lane}))
        if not s.placing:
            s.phase = "market"
            ev.append(Event("MarketDealt", "The rainbow cards are shuffled and three are dealt face up.", {}))

    def _do_choose(self, s: TailwindsState, a: A, ev: list[Event]) -> None:
        flow.commit(s, self.decider(s), a.arg, ev)

    # the turn --------------------------------------------------------------------------
    def _move(self, s: TailwindsState, a: A, ev: list[Event]) -> None:
        b = board.by_name(s, s.turn, a.verb)
        s.points -= a.arg
        s.acted = True
        board.advance(s, s.turn, b[2], a.arg, ev)
        flow.run(s, ev)

    _do_fore = _do_aft = _move

    def _do_use(self, s: TailwindsState, a: A, ev: list[Event]) -> None:
        card = s.card(s.turn, a.arg)
        s.ability_used = True
        ev.append(Event("AbilityUsed", f"{who(s, s.turn)} uses {card.name}.", {"seat": s.turn, "card": card.key}))
        s.queue[0:0] = [dict(o) for o in card.ability.ops]
        flow.run(s, ev)

    def _do_swap(self, s: TailwindsState, a: A, ev: list[Event]) -> None:
        me = s.turn
        name, lane = a.arg
        b = board.by_name(s, me, name)
        other = next((seat, o) for seat, o in board.all_boats(s) if o[0] == b[0] and o[1] == lane - 1)
        other[1][1], b[1] = b[1], lane - 1
        s.swaps.remove(b[2])
        board.sort_boats(s, me)
        board.sort_boats(s, other[0])
        ev.append(Event("LanesSwapped", f"{who(s, me)}'s {name} boat swaps lanes with {who(s, other[0])}'s boat "
                        f"and takes lane {lane}.", {"seat": me, "boat": b[2], "with": other[0], "lane": lane - 1}))

    def _do_play(self, s: TailwindsState, a: A, ev: list[Event]) -> None:
        me = s.turn
        key, for_points = a.arg
        card = s.comp.rainbow[key]
        s.rainbow[me] = None
        s.known[me] = []
        s.discard.append(key)
        s.rainbow_played = True
        s.acted = True
        if for_points:
            n = card.points_of(s.characters[me])
            s.points += n
            ev.append(Event("RainbowPlayed", f"{who(s, me)} plays {card.name} for {n} movement point"
                            f"{'s' if n != 1 else ''}.", {"seat": me, "card": key, "points": n}))
        else:
            ev.append(Event("RainbowPlayed", f"{who(s, me)} plays {card.name}: {card.text}",
                            {"seat": me, "card": key, "points": 0}))
            s.queue[0:0] = [dict(o) for o in card.effect]
        flow.run(s, ev)

    def _do_end(self, s: TailwindsState, a: A, ev: list[Event]) -> None:
        ev.append(Event("TurnEnded", f"{who(s, s.turn)} ends their turn.", {"seat": s.turn}))
        flow.end_turn(s, ev)

    # decisions inside effects ----------------------------------------------------------
    def _do_copy(self, s: TailwindsState, a: A, ev: list[Event]) -> None:
        s.pending.pop()
        p = a.arg - 1
        card = s.card(p, s.round_cards[p])
        s.points += card.value
        ev.append(Event("ValueCopied", f"{who(s, s.turn)} copies {who(s, p)}'s {card.name}: {card.value} more "
                        f"movement points.", {"seat": s.turn, "from": p, "points": card.value}))
        flow.run(s, ev)

    def _do_ask(self, s: TailwindsState, a: A, ev: list[Event]) -> None:
        top = s.pending.pop()
        p = a.arg - 1
        s.pending.append({"kind": "answer", "seat": top["seat"], "asked": p})
        ev.append(Event("RainbowAsked", f"{who(s, s.turn)} asks {who(s, p)} for their rainbow card.",
                        {"seat": s.turn, "asked": p}))

    def _do_give(self, s: TailwindsState, a: A, ev: list[Event]) -> None:
        top = s.pending.pop()
        me, p = top["seat"], top["asked"]
        theirs, mine = s.rainbow[p], s.rainbow[me]
        s.rainbow[me], s.rainbow[p] = theirs, mine
        kme, kp = s.known[me], s.known[p]
        s.known[me] = sorted(set(kp) | {me, p})
        s.known[p] = sorted(set(kme) | {me, p}) if mine is not None else []
        swap = " and takes theirs in exchange" if mine is not None else ""
        ev.append(Event("RainbowGiven", f"{who(s, p)} gives their rainbow card to {who(s, me)}{swap}.",
                        {"seat": p, "to": me}))
        flow.run(s, ev)

    def _do_refuse(self, s: TailwindsState, a: A, ev: list[Event]) -> None:
        top = s.pending.pop()
        s.pending.append({"kind": "roll?", "seat": top["seat"]})
        ev.append(Event("RainbowRefused", f"{who(s, top['asked'])} refuses to give up their rainbow card.",
                        {"seat": top["asked"], "to": top["seat"]}))

    def _do_roll(self, s: TailwindsState, a: A, ev: list[Event]) -> None:
        top = s.pending.pop()
        s.pending.append({"kind": "die", "for": "add", "seat": top["seat"]})

    def _do_noroll(self, s: TailwindsState, a: A, ev: list[Event]) -> None:
        s.pending.pop()
        flow.run(s, ev)

    def _do_target(self, s: TailwindsState, a: A, ev: list[Event]) -> None:
        top = s.pending.pop()
        seat = a.arg[0] - 1
        b = board.by_name(s, seat, a.arg[1])
        s.queue.insert(0, {"op": "move_id", "seat": seat, "id": b[2], "spaces": top["spaces"]})
        flow.run(s, ev)

    def _do_take(self, s: TailwindsState, a: A, ev: list[Event]) -> None:
        s.pending.pop()
        me = s.turn
        s.market.remove(a.arg)
        s.rainbow[me] = a.arg
        s.known[me] = list(range(s.players))
        ev.append(Event("RainbowTaken", f"{who(s, me)} takes {s.comp.rainbow[a.arg].name} from the market.",
                        {"seat": me, "card": a.arg}))
        flow.refill(s, ev)
        flow.run(s, ev)

    def _do_leave(self, s: TailwindsState, a: A, ev: list[Event]) -> None:
        s.pending.pop()
        ev.append(Event("RainbowLeft", f"{who(s, s.turn)} leaves the rainbow cards where they are.", {"seat": s.turn}))
        flow.run(s, ev)

    def _do_reclaim(self, s: TailwindsState, a: A, ev: list[Event]) -> None:
        s.pending.pop()
        me = s.turn
        s.played[me].remove(a.arg)
        s.hands[me] = effects.card_order(s, me, s.hands[me] + [a.arg])
        ev.append(Event("CardsReclaimed", f"{who(s, me)} takes {s.card(me, a.arg).name} back into their hand.",
                        {"seat": me, "cards": [a.arg]}))
        flow.run(s, ev)

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
    def scores(self, s: TailwindsState) -> list[int]:
        """How far each player's fore boat has come, in spaces (the Finish Line is the track length + 1)."""
        return [s.boats[p][0][0] + 1 if s.boats and s.boats[p] else 0 for p in range(s.players)]

    def returns(self, s: TailwindsState) -> list[float]:
        if s.phase != "over":
            return [0.0] * s.players
        return [1.0 if p == s.winner else 0.0 for p in range(s.players)]

    def value(self, s: TailwindsState) -> list[float]:
        """How well each seat stands, 0-1, for a search cut short: the race position of its boats
        (the fore boat counts most; an aft boat in last place costs a lot), scaled between the
        worst and the best seat."""
        if s.phase == "over":
            return self.returns(s)
        raw = []
        for p in range(s.players):
            bs = s.boats[p] if s.boats else []
            if not bs:
                raw.append(0.0)
                continue
            v = bs[0][0] + 0.8 * bs[-1][0] if len(bs) == 2 else 1.8 * bs[0][0] - 4.0
            if board.is_last(s, p, bs[-1][2]):
                v -= 6.0
            raw.append(v)
        lo, hi = min(raw), max(raw)
        return [0.5] * s.players if hi == lo else [(v - lo) / (hi - lo) for v in raw]

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
            pool = sorted(s.deck + [s.rainbow[p] for p in hidden])
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
            return f"choose {card.name} face down ({card.value} points{': ' + card.text if card.text else ''})"
        if v == "place":
            return f"place a boat on {s.track.label(a.arg - 1)}"
        if v == "take":
            return f"take {s.comp.rainbow[a.arg].name}: {s.comp.rainbow[a.arg].text}"
        return {"end": "end your turn", "give": "give your rainbow card", "refuse": "keep your rainbow card",
                "roll": "roll the die and add it to your points", "noroll": "do not roll",
                "leave": "leave the rainbow cards"}.get(v, str(a))


RULES = TailwindsRules()
TailwindsState.rules = RULES


def deal_decks(s: TailwindsState, chars: list[str], ev: list[Event]) -> None:
    """Give each player their character's deck and two boats (the boats are placed later)."""
    s.characters = list(chars)
    n = s.players
    s.hands = [list(s.comp.characters[c].keys) for c in chars]
    s.played = [[] for _ in range(n)]
    s.gone = [[] for _ in range(n)]
    s.revealed = [None] * n
    s.round_cards = [None] * n
    s.forbid = [None] * n
    s.phase = "first"
    ev.append(Event("DecksDealt", "Decks: " + ", ".join(who(s, p) for p in range(n)) + ".",
                    {"characters": list(chars)}))
