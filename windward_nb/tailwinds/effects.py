"""The card-effect vocabulary, executed one step at a time.

An effect (a movement card's ability or a rainbow card's effect, see
:mod:`~windward_nb.tailwinds.cards`) is a list of operations put on the
state's ``queue``. :func:`execute` runs one; an operation that needs a
decision or a die roll pushes a ``pending`` entry and the queue waits until
it is settled. Operations that touch both boats expand into one step per
boat, so a wind roll in the middle of them is settled before the next boat
moves. Effects always belong to the player whose turn it is.
"""

from __future__ import annotations

from windward_nb.core.events import Event
from windward_nb.core.sealed import Sealed

from . import board
from .board import who
from .state import TailwindsState


def card_order(s: TailwindsState, seat: int, keys: list[str]) -> list[str]:
    """Card keys in the order of the character's deck."""
    order = s.character(seat).keys
    return sorted(keys, key=order.index)


def copy_options(s: TailwindsState) -> list[int]:
    return [p for p in range(s.players) if p != s.turn and s.round_cards[p] is not None]


def ask_options(s: TailwindsState) -> list[int]:
    return [p for p in range(s.players) if p != s.turn and s.rainbow[p] is not None]


def push_targets(s: TailwindsState, op: dict) -> list[tuple[int, int]]:
    """Opponent boats a ``push_back`` would try to move, rearmost first."""
    me = s.turn
    mine = [b[0] for b in s.boats[me]]
    spaces = set()
    for m in mine:
        if op["where"] == "same":
            spaces.add(m)
        else:
            spaces.update(m + d for d in range(1, op["range"] + 1))
    out = [(seat, b[2]) for seat, b in board.all_boats(s) if seat != me and b[0] in spaces]
    return out


def can_push(s: TailwindsState, op: dict) -> bool:
    """Whether a push_back would move at least one boat now."""
    floor = board.floor_space(s)
    for seat, bid in push_targets(s, op):
        b = board.find(s, seat, bid)
        assert b is not None  # push_targets names boats on the track
        t = b[0] - op["spaces"]
        if t >= floor and b[1] < s.track.lanes(t) and b[1] not in board.lanes_used(s, t):
            return True
    return False


def opponent_targets(s: TailwindsState, op: dict) -> list[tuple[int, int]]:
    me = s.turn
    cards = {s.track.card_of(b[0]) for b in s.boats[me]}
    out = []
    for seat, b in board.all_boats(s):
        if seat == me:
            continue
        if op.get("near", "any") == "same-card" and s.track.card_of(b[0]) not in cards:
            continue
        out.append((seat, b[2]))
    return out


def boat_targets(s: TailwindsState, op: dict) -> list[tuple[int, int]]:
    """The boats a ``move_boat`` may move, in a stable order (rearmost first)."""
    kind = op["boat"]
    me = s.turn
    if kind == "last":
        return board.last_boats(s)
    if kind == "leader":
        lead = board.leader(s)
        return [lead] if lead else []
    if kind == "own-each":
        return [(me, b[2]) for b in s.boats[me]]
    if kind == "own-fore":
        b = board.by_name(s, me, "fore") or board.by_name(s, me, "aft")
        return [(me, b[2])] if b else []
    if kind == "own-aft":
        b = board.by_name(s, me, "aft")
        return [(me, b[2])] if b else []
    return opponent_targets(s, op)


def execute(s: TailwindsState, step: dict, ev: list[Event]) -> None:
    """Run one step of an effect (the vocabulary, plus the per-boat steps it expands into)."""
    op = step["op"]
    me = s.turn
    if op == "add":
        if step.get("if") == "adjacent" and not board.adjacent(s, me):
            ev.append(Event("EffectFizzles", "Your boats are not adjacent: no extra points.", {"seat": me}))
            return
        s.points += step["points"]
        ev.append(Event("PointsGained", f"{who(s, me)} gains {step['points']} movement points.",
                        {"seat": me, "points": step["points"]}))
    elif op == "roll_add":
        s.pending.append({"kind": "die", "for": "add", "seat": me})
    elif op == "copy":
        opts = copy_options(s)
        if not opts:
            ev.append(Event("EffectFizzles", "No other card was revealed this round: nothing to copy.", {"seat": me}))
        else:
            s.pending.append({"kind": "copy", "seat": me, "options": opts})
    elif op == "push_back":
        moved = 0
        for seat, bid in push_targets(s, step):
            moved += board.fall_back(s, seat, bid, step["spaces"], ev, keep_lane=True,
                                     cause=f"is pushed back {step['spaces']}") > 0
        if not moved:
            ev.append(Event("EffectFizzles", "No opponent boat could be pushed back.", {"seat": me}))
    elif op == "move_boat":
        targets = boat_targets(s, step)
        if not targets:
            ev.append(Event("EffectFizzles", "There is no boat to move.", {"seat": me}))
        elif step["boat"] == "own-each":
            s.queue[0:0] = [{"op": "move_id", "seat": seat, "id": bid, "spaces": step["spaces"]}
                            for seat, bid in targets]
        elif len(targets) == 1:
            s.queue.insert(0, {"op": "move_id", "seat": targets[0][0], "id": targets[0][1],
                               "spaces": step["spaces"]})
        else:
            s.pending.append({"kind": "target", "seat": me, "spaces": step["spaces"],
                              "options": [list(t) for t in targets]})
    elif op == "move_id":
        if board.find(s, step["seat"], step["id"]) is None:
            return  # the boat left the race meanwhile
        if step["spaces"] > 0:
            board.advance(s, step["seat"], step["id"], step["spaces"], ev)
        else:
            lost = board.fall_back(s, step["seat"], step["id"], -step["spaces"], ev)
            if not lost:
                ev.append(Event("BoatHeld", f"{who(s, step['seat'])}'s boat cannot fall back.",
                                {"seat": step["seat"], "boat": step["id"]}))
    elif op == "pursue":
        s.queue[0:0] = [{"op": "chase", "id": b[2]} for b in s.boats[me]]
    elif op == "chase":
        b = board.find(s, me, step["id"])
        if b is None or b[0] >= s.track.finish:
            return
        card = s.track.card_of(b[0])
        ahead = [o[0] for seat, o in board.all_boats(s)
                 if seat != me and o[0] > b[0] and s.track.card_of(o[0]) == card]
        if ahead:
            board.advance(s, me, step["id"], min(ahead) - b[0], ev)
    elif op == "swap_lanes":
        s.swaps = [b[2] for b in s.boats[me]]
        ev.append(Event("SwapsGranted", f"{who(s, me)} may swap lanes with each boat this turn.", {"seat": me}))
    elif op == "take_rainbow":
        if s.rainbow[me] is not None:
            ev.append(Event("EffectFizzles", "You already hold a rainbow card.", {"seat": me}))
        elif step["from"] == "market":
            if s.market:
                s.pending.append({"kind": "take", "seat": me, "why": "effect"})
            else:
                ev.append(Event("EffectFizzles", "The market is empty.", {"seat": me}))
        else:
            if not s.deck and s.discard:
                reshuffle(s, ev)
            if s.deck:
                s.pending.append({"kind": "draw", "to": "hand", "seat": me})
            else:
                ev.append(Event("EffectFizzles", "The rainbow deck is empty.", {"seat": me}))
    elif op == "reclaim":
        if step["cards"] == "all":
            back = list(s.played[me])
            s.hands[me] = card_order(s, me, s.hands[me] + back)
            s.played[me] = []
            ev.append(Event("CardsReclaimed", f"{who(s, me)} takes {len(back)} played card"
                            f"{'s' if len(back) != 1 else ''} back into their hand.", {"seat": me, "cards": back}))
        elif s.played[me]:
            s.pending.append({"kind": "reclaim", "seat": me})
        else:
            ev.append(Event("EffectFizzles", "You have no played card to take back.", {"seat": me}))
    elif op == "remove_self":
        gone = s.revealed[me]
        if gone is not None:
            s.gone[me].append(gone)
            s.revealed[me] = None
            ev.append(Event("CardRemoved", f"{who(s, me)}'s {s.card(me, gone).name} card leaves the game.",
                            {"seat": me, "card": gone}))
    elif op == "rechoose":
        rechoose(s, ev)
    elif op == "ask_rainbow":
        opts = ask_options(s)
        if not opts:
            ev.append(Event("EffectFizzles", "Nobody holds a rainbow card to ask for.", {"seat": me}))
        else:
            s.pending.append({"kind": "ask", "seat": me, "options": opts})
    else:  # pragma: no cover - the loader refuses unknown operations
        raise ValueError(f"unknown operation {op!r}")


def rechoose(s: TailwindsState, ev: list[Event]) -> None:
    """Players still to move this round take back their card and choose a different one in secret
    (FAQ: Shackle), except a player who chose the last card in hand."""
    seats = [p for p in sorted(s.to_go) if s.hands[p] and s.revealed[p] is not None]
    if not seats:
        ev.append(Event("EffectFizzles", "No player still to move can choose again.", {"seat": s.turn}))
        return
    for p in seats:
        card = s.revealed[p]
        assert card is not None  # every seat in a Shackle has a card face up
        s.hands[p] = card_order(s, p, s.hands[p] + [card])
        s.forbid[p] = card
        s.revealed[p] = None
        s.round_cards[p] = None
    s.choosing = Sealed.open(seats)
    s.pending.append({"kind": "rechoose", "seat": s.turn})
    ev.append(Event("ChooseAgain", "Players still to move take back their cards and choose again: "
                    + ", ".join(who(s, p) for p in seats) + ".", {"seats": seats}))


def reshuffle(s: TailwindsState, ev: list[Event]) -> None:
    """The rainbow deck ran out: the discard pile becomes the deck (ruling T14)."""
    s.deck = sorted(s.deck + s.discard)
    s.discard = []
    ev.append(Event("RainbowReshuffled", "The rainbow discard pile is shuffled into a new deck.",
                    {"cards": len(s.deck)}))
