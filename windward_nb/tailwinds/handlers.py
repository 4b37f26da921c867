"""Applying actions: one handler per verb, each changing the state in place and saying what happened.

Handlers run after :meth:`~windward_nb.tailwinds.refusals.Refusals.why_illegal`
has accepted the action; effects and the flow of turns continue until a
player or chance must act again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from windward_nb.core.events import Event

from . import board, effects, flow
from .actions import TailwindsAction as A
from .board import who
from .state import TailwindsState


class Handlers:
    """The applying half of :class:`~windward_nb.tailwinds.rules.TailwindsRules`."""

    if TYPE_CHECKING:  # provided by TailwindsRules
        def decider(self, s: TailwindsState) -> int: ...

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
        slot = None
        if s.pending:
            top = s.pending.pop()
            slot = top.get("slot")
            if top["to"] == "hand":
                seat = top["seat"]
                s.rainbow[seat] = card
                s.known[seat] = [seat]
                ev.append(Event("RainbowDrawn", f"{who(s, seat)} takes the top rainbow card without showing it.",
                                {"seat": seat}))
                flow.run(s, ev)
                return
        if slot is None:
            s.market.append(card)
        else:
            s.market.insert(slot, card)  # T15: the new card takes the place of the card taken
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
        assert lane is not None  # a boat is placed only where a lane is free
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
        assert b is not None  # the move was checked: the boat exists
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
        assert b is not None  # the swap was checked: the boat exists
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
        assert b is not None  # the target was checked: the boat exists
        s.queue.insert(0, {"op": "move_id", "seat": seat, "id": b[2], "spaces": top["spaces"]})
        flow.run(s, ev)

    def _do_take(self, s: TailwindsState, a: A, ev: list[Event]) -> None:
        s.pending.pop()
        me = s.turn
        slot = s.market.index(a.arg)
        del s.market[slot]
        s.rainbow[me] = a.arg
        s.known[me] = list(range(s.players))
        ev.append(Event("RainbowTaken", f"{who(s, me)} takes {s.comp.rainbow[a.arg].name} from the market.",
                        {"seat": me, "card": a.arg}))
        flow.refill(s, ev, slot if s.options.get("market_refill") == "slot" else None)
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
