"""Rounds and turns: choosing, revealing, the order of play, ending a turn and the game.

A round: everyone with a movement card chooses one in secret (a
:class:`~windward_nb.core.sealed.Sealed` choice), the cards are revealed,
and players take their turns in position order: the owner of the rearmost
boat among the players still to move goes next. A turn ends with the
card's end ability (Recover), the rainbow pickup, and the card going to the
played pile.
"""

from __future__ import annotations

from windward_nb.core.events import Event
from windward_nb.core.sealed import Sealed

from . import board, effects
from .board import who
from .state import TailwindsState


def run(s: TailwindsState, ev: list[Event]) -> None:
    """Run queued steps until a decision or chance outcome is needed, or nothing is left."""
    while s.phase != "over" and not s.pending and s.queue:
        step = s.queue.pop(0)
        op = step["op"]
        if op == "end_ability":
            end_ability(s, ev)
        elif op == "pickup":
            pickup(s, ev)
        elif op == "finish_turn":
            finish_turn(s, ev)
        else:
            effects.execute(s, step, ev)
    if s.phase == "over":
        s.queue.clear()
        s.pending.clear()


# ------------------------------------------------------------------------------- rounds
def start_round(s: TailwindsState, ev: list[Event]) -> None:
    holders = [p for p in range(s.players) if s.hands[p]]
    ends = not holders if s.options.get("card_end", "all") == "all" else len(holders) < s.players
    if ends:
        end_by_cards(s, ev)
        return
    s.round += 1
    s.phase = "choose"
    s.round_cards = [None] * s.players
    s.forbid = [None] * s.players
    s.choosing = Sealed.open(holders)
    ev.append(Event("RoundStarted", f"Round {s.round}: everyone with a card chooses one in secret.",
                    {"round": s.round, "seats": holders}))


def commit(s: TailwindsState, seat: int, card: str, ev: list[Event]) -> None:
    """A sealed choice (at the start of a round, or again after a Shackle)."""
    assert s.choosing is not None
    s.hands[seat].remove(card)
    s.choosing.commit(seat, card)
    ev.append(Event("CardChosen", f"{who(s, seat)} chooses a card face down.", {"seat": seat}))
    if s.choosing.complete:
        reveal(s, ev)


def reveal(s: TailwindsState, ev: list[Event]) -> None:
    assert s.choosing is not None
    chosen = s.choosing.reveal()
    s.choosing = None
    for p, card in chosen.items():
        s.revealed[p] = card
        s.round_cards[p] = card
        s.forbid[p] = None
    text = ", ".join(f"{who(s, p)} {s.card(p, c).name}" for p, c in chosen.items())
    ev.append(Event("CardsRevealed", f"Cards revealed: {text}.", {"cards": {str(p): c for p, c in chosen.items()}}))
    if s.pending and s.pending[-1]["kind"] == "rechoose":
        s.pending.pop()
        run(s, ev)
        return
    s.to_go = sorted(chosen)
    next_turn(s, ev)


def next_mover(s: TailwindsState) -> int:
    """The owner of the rearmost boat among the players still to move this round."""
    for seat, _ in board.all_boats(s):
        if seat in s.to_go:
            return seat
    return min(s.to_go)  # pragma: no cover - every player in the race has a boat


def next_turn(s: TailwindsState, ev: list[Event]) -> None:
    if s.phase == "over":
        return
    if not s.to_go:
        start_round(s, ev)
        return
    p = next_mover(s)
    s.to_go.remove(p)
    s.phase = "turn"
    s.turn = p
    key = s.revealed[p]
    assert key is not None  # the player to move has revealed a card
    card = s.card(p, key)
    s.points = card.value
    s.acted = s.ability_used = s.rainbow_played = False
    s.swaps, s.entered = [], []
    ev.append(Event("TurnStarted", f"{who(s, p)} moves with {card.name} ({card.value} point"
                    f"{'s' if card.value != 1 else ''}).", {"seat": p, "card": card.key, "points": card.value}))
    a = card.ability
    if a is not None and a.auto and a.when == "start":
        s.ability_used = True
        s.queue.extend(dict(o) for o in a.ops)
        run(s, ev)


def end_turn(s: TailwindsState, ev: list[Event]) -> None:
    s.queue.extend([{"op": "end_ability"}, {"op": "pickup"}, {"op": "finish_turn"}])
    run(s, ev)


def end_ability(s: TailwindsState, ev: list[Event]) -> None:
    key = s.revealed[s.turn]
    if key is None:
        return
    a = s.card(s.turn, key).ability
    if a is not None and a.when == "end" and a.auto:
        s.queue[0:0] = [dict(o) for o in a.ops]


def pickup_spaces(s: TailwindsState) -> list[int]:
    """Rainbow spaces one of the moving player's boats moved onto this turn and still holds."""
    out = []
    for bid, space in s.entered:
        b = board.find(s, s.turn, bid)
        if b is not None and b[0] == space and s.track.is_rainbow(space):
            out.append(space)
    return out


def pickup(s: TailwindsState, ev: list[Event]) -> None:
    if not pickup_spaces(s):
        return
    if s.rainbow[s.turn] is not None:
        ev.append(Event("RainbowHandFull", f"{who(s, s.turn)} ends on a rainbow space but already holds a "
                        "rainbow card.", {"seat": s.turn}))
        return
    if s.market:
        s.pending.append({"kind": "pickup", "seat": s.turn})


def refill(s: TailwindsState, ev: list[Event], slot: int | None = None) -> None:
    """Draw a rainbow card into the market, reshuffling the discards when the deck is empty; with
    ``slot``, the card goes into that place of the market (the place of the card taken, T15)."""
    if len(s.market) >= 3:
        return
    if not s.deck and s.discard:
        effects.reshuffle(s, ev)
    if s.deck:
        s.pending.append({"kind": "draw", "to": "market"} if slot is None
                         else {"kind": "draw", "to": "market", "slot": slot})


def finish_turn(s: TailwindsState, ev: list[Event]) -> None:
    p = s.turn
    key = s.revealed[p]
    if key is not None:
        s.played[p].append(key)
        s.revealed[p] = None
    s.turn = -1
    s.points = 0
    s.acted = s.ability_used = s.rainbow_played = False
    s.swaps, s.entered = [], []
    next_turn(s, ev)


# ------------------------------------------------------------------------------- the end
def losers(s: TailwindsState) -> set[int]:
    """Players who have lost when the cards run out: the owner(s) of the boat(s) in last place."""
    return {seat for seat, _ in board.last_boats(s)}


def end_by_cards(s: TailwindsState, ev: list[Event]) -> None:
    lost = losers(s)
    best, best_rank = -1, None
    for seat in range(s.players):
        if seat in lost or not s.boats[seat]:
            continue
        r = board.rank(s.boats[seat][0])
        if best_rank is None or r > best_rank:
            best, best_rank = seat, r
    s.phase = "over"
    s.winner = best
    s.choosing = None
    s.queue.clear()
    s.pending.clear()
    if best >= 0:
        s.result = (f"No cards are left for a new round: {who(s, best)} has the most advanced fore boat "
                    "among the players not in last place, and wins.")
    else:
        s.result = "No cards are left for a new round and every player owns a boat in last place: nobody wins."
    ev.append(Event("GameWon" if best >= 0 else "GameDrawn", s.result,
                    {"seat": best, "winners": [best] if best >= 0 else [], "how": "cards", "lost": sorted(lost)}))
