"""Tailwinds in words and text pictures: what the table and the notebooks show.

Everything here reads a state and returns text or plain data; widgets draw
from :func:`board_view` and print :func:`status`.

>>> from windward_nb.tailwinds.scenario import scenario
>>> s = scenario(characters=["sailor", "pirate"], boats=[[(6, 1), (3, 1)], [(8, 1), (3, 2)]], turn=1, card="5")
>>> print(status(s))
Round 1. Player 2 (The Pirate) moves: 5 points to spend (card 5).
>>> print(track_text(s, upto=9))
card   1                    | 2
space  1  2  3  4  5  6* 7  | 8  9
lane 1 .  .  Sa .  .  Sf .  | Pf .
lane 2 .  .  Pa .  .  .  .  | .  .
lane 3 .  .  .  .  .  .  .  | .  .
"""

from __future__ import annotations

from typing import Any

from windward_nb.core.rules import CHANCE, TERMINAL

from . import board
from .board import who
from .state import TailwindsState


def boat_label(s: TailwindsState, seat: int, bid: int) -> str:
    """Two letters: the character's initial and f (fore) or a (aft)."""
    initial = s.comp.characters[s.characters[seat]].key[0].upper() if s.characters else str(seat + 1)
    return initial + board.boat_name(s, seat, bid)[0]


def track_text(s: TailwindsState, upto: int | None = None) -> str:
    """The track as rows of lanes: ``Sf`` is the Sailor's fore boat, ``*`` marks a rainbow space,
    ``x`` a lane a narrow space does not have."""
    t = s.track
    n = t.length if upto is None else min(upto, t.length)
    cells: dict[tuple[int, int], str] = {}
    for seat, b in board.all_boats(s):
        if b[0] < t.finish:
            cells[(b[0], b[1])] = boat_label(s, seat, b[2])
    lanes = max(t.lanes(i) for i in range(t.length))
    head, cards = ["space "], ["card  "]
    rows = [[f"lane {k + 1}"] for k in range(lanes)]
    for i in range(n):
        if i and t.card_of(i) != t.card_of(i - 1):
            for part in [head, cards, *rows]:
                part.append("|")
        mark = "*" if t.is_rainbow(i) else ""
        head.append(f"{i + 1}{mark}".ljust(2))
        first = t.first_space(t.card_of(i)) == i
        cards.append(str(t.card_of(i) + 1).ljust(2) if first else "  ")
        for k in range(lanes):
            rows[k].append(cells.get((i, k), "." if k < t.lanes(i) else "x").ljust(2))
    lines = [" ".join(cards), " ".join(head)] + [" ".join(r) for r in rows]
    finished = [boat_label(s, seat, b[2]) for seat, b in board.all_boats(s) if b[0] >= t.finish]
    if upto is None:
        lines.append("Finish Line: " + (" ".join(finished) if finished else "-"))
    return "\n".join(line.rstrip() for line in lines)


def status(s: TailwindsState) -> str:
    """One line saying what happens now."""
    rules = type(s).rules
    d = rules.decider(s)
    if d == TERMINAL:
        return s.result
    head = f"Round {s.round}. " if s.round else "Set up. "
    if s.pending:
        kind = s.pending[-1]["kind"]
        if kind == "die":
            return head + ("The wind die is about to be rolled." if s.pending[-1]["for"] == "wind"
                           else "The die is about to be rolled.")
        if kind == "draw":
            return head + "A rainbow card is about to be drawn."
        if kind == "answer":
            return head + f"{who(s, d)} is asked for their rainbow card: give it or refuse."
        if kind == "rechoose":
            return head + f"{who(s, d)} chooses a new card face down."
        return head + f"{who(s, d)} decides: " + ", ".join(str(a) for a in rules.legal_actions(s)) + "."
    if d == CHANCE:
        return head + {"decks": "The decks are about to be dealt.", "first": "A die picks who places first.",
                       "market": "The rainbow market is being dealt."}.get(s.phase, "Chance acts.")
    if s.phase == "place":
        return head + f"{who(s, d)} places a boat on a start space."
    if s.phase == "choose":
        waiting = [p for p in s.choosing.seats if p not in s.choosing.choices]  # type: ignore[union-attr]
        return head + "Choosing cards face down; waiting for " + ", ".join(who(s, p) for p in waiting) + "."
    card = s.card(s.turn, s.revealed[s.turn]) if s.revealed[s.turn] else None
    pts = f"{s.points} point{'s' if s.points != 1 else ''} to spend"
    return head + f"{who(s, s.turn)} moves: {pts}" + (f" (card {card.name})." if card else ".")


def board_view(s: TailwindsState, seat: int | None = None) -> dict[str, Any]:
    """What a board widget draws, as plain data: spaces, boats, the market, each player's
    cards (others' face-down choices and unseen rainbow cards hidden from ``seat``)."""
    t = s.track
    spaces = [{"space": i, "card": t.card_of(i), "lanes": t.lanes(i), "rainbow": t.is_rainbow(i),
               "start": i in t.starts, "label": t.label(i)} for i in range(t.length)]
    boats = [{"seat": seat_, "id": b[2], "space": b[0], "lane": b[1], "label": boat_label(s, seat_, b[2]),
              "name": board.boat_name(s, seat_, b[2]), "colour": s.character(seat_).colour}
             for seat_, b in board.all_boats(s)]
    last = set(board.last_boats(s)) if boats else set()
    for b in boats:
        b["last"] = (b["seat"], b["id"]) in last
    players = []
    for p in range(s.players):
        ch = s.character(p) if s.characters else None
        held = s.rainbow[p]
        visible = held if held is None or seat is None or seat in s.known[p] else "hidden"
        chosen = s.choosing.choices.get(p) if s.choosing else None
        players.append({
            "seat": p, "name": who(s, p), "character": ch.key if ch else None, "colour": ch.colour if ch else None,
            "hand": list(s.hands[p]) if s.hands and (seat is None or seat == p) else len(s.hands[p]) if s.hands else 0,
            "chosen": (chosen if seat is None or seat == p else ("face down" if chosen else None)),
            "revealed": s.revealed[p] if s.revealed else None, "played": list(s.played[p]) if s.played else [],
            "gone": list(s.gone[p]) if s.gone else [], "rainbow": visible, "retired": s.retired[p],
        })
    return {"spaces": spaces, "finish": t.finish, "boats": boats, "market": list(s.market), "deck": len(s.deck),
            "discard": list(s.discard), "players": players, "turn": s.turn, "points": s.points,
            "round": s.round, "wind_card": s.wind_card, "status": status(s)}


def card_view(s: TailwindsState, seat: int, key: str) -> dict[str, Any]:
    card = s.card(seat, key)
    return {"key": key, "name": card.name, "value": card.value, "text": card.text, "recover": card.recover}


def hand_view(s: TailwindsState, seat: int, viewer: int | None) -> dict[str, Any]:
    """One player's cards as ``viewer`` may see them (``None``: everything, e.g. a replay's
    omniscient view). Others see how many cards are in a hand and that a card lies face down,
    never which; played and gone cards and revealed cards are public."""
    own = viewer is None or viewer == seat
    rules = type(s).rules
    legal = {str(a) for a in rules.legal_actions(s)} if rules.decider(s) == seat else set()
    chosen = s.choosing.choices.get(seat) if s.choosing else None
    held = s.rainbow[seat] if s.rainbow else None
    seen = held is None or viewer is None or viewer in s.known[seat]
    out: dict[str, Any] = {
        "seat": seat, "name": who(s, seat), "own": own,
        "hand": ([dict(card_view(s, seat, k), choosable=f"choose {k}" in legal) for k in s.hands[seat]]
                 if own else len(s.hands[seat])),
        "chosen": (card_view(s, seat, chosen) if own and chosen else ("face down" if chosen else None)),
        "revealed": card_view(s, seat, s.revealed[seat]) if s.revealed and s.revealed[seat] else None,
        "played": [card_view(s, seat, k) for k in s.played[seat]],
        "gone": [card_view(s, seat, k) for k in s.gone[seat]],
        "rainbow": None,
    }
    if held is not None:
        if seen:
            r = s.comp.rainbow[held]
            out["rainbow"] = {"key": held, "name": r.name, "text": r.text,
                              "points": r.points_of(s.characters[seat])}
        else:
            out["rainbow"] = "hidden"
    return out


def action_groups(s: TailwindsState) -> dict[str, list[str]]:
    """The decider's legal actions grouped the way a table shows them as buttons."""
    groups: dict[str, list[str]] = {}
    names = {"fore": "Move fore boat", "aft": "Move aft boat", "use": "Card ability", "swap": "Swap lanes",
             "play": "Rainbow card", "end": "End turn", "choose": "Choose a card", "place": "Place a boat",
             "take": "Rainbow market", "leave": "Rainbow market", "copy": "Copy a card", "ask": "Parlay",
             "give": "Parlay", "refuse": "Parlay", "roll": "Roll", "noroll": "Roll", "target": "Target a boat",
             "reclaim": "Take back a card"}
    rules = type(s).rules
    if rules.decider(s) < 0:
        return groups
    for a in rules.legal_actions(s):
        groups.setdefault(names.get(a.verb, a.verb), []).append(str(a))
    return groups
