"""Action cards (ACTIONS, CARD MANAGEMENT and the card texts of the reference card).

Playing a card costs one action point; the card then goes to the discard
pile. How each is written:

- ``play buy-weapons-c`` / ``play buy-provisions-a`` / ``play hire-crew-h``: one item for 2 VP,
  free when the ship is in a port the card names;
- ``play mutiny blue`` / ``play misfire blue``: that opponent loses a Crew / a Weapon;
- ``play intrigue nassau bar-3``: swap two VP tiles (ports or Rotation Bar spaces);
- ``play heave jamaica``: after sailing, when every other player has more VP, pay a Crew and
  sail again with the wind (one per turn).
"""

from __future__ import annotations

from typing import Any

from windward_nb.core.events import Event
from windward_nb.core.rules import Refusal

from .actions import COLOURS, GRAMMAR, LOCATIONS
from .advantages import TALLY_MAX, colour, gain, lose, update_markers
from .arrival import arrive, port_name
from .components import COMPONENTS, ITEM_NAMES
from .flow import after_action
from .sailing import wind_destinations
from .turn import afford, spend

_C = COMPONENTS
SECTION = "Action Cards"
BUY_PRICE = int(_C.value("buy_price_vp"))


def card_in_hand(s: Any, seat: int, name: str) -> int | None:
    """The lowest-numbered card called ``name`` in ``seat``'s hand, if any."""
    for c in s.hands[seat]:
        if _C.cards[c].name == name:
            return c
    return None


def place_tile(s: Any, where: str) -> int:
    i = LOCATIONS.index(where)
    return s.port_tiles[i] if i < len(s.port_tiles) else s.bar[i - len(s.port_tiles)]


def _set_tile(s: Any, where: str, tile: int) -> None:
    i = LOCATIONS.index(where)
    if i < len(s.port_tiles):
        s.port_tiles[i] = tile
    else:
        s.bar[i - len(s.port_tiles)] = tile


def place_name(where: str) -> str:
    if where.startswith("bar-"):
        return f"Rotation Bar space {where[4:]}"
    return port_name(_C.port_index[where])


def check_play(s: Any, a: Any) -> Refusal:
    seat = s.current
    name = a.arg[0]
    refusal = afford(s, 1, "playing a card")
    if refusal:
        return refusal
    card = card_in_hand(s, seat, name)
    if card is None:
        return ("Card Management", f"{colour(seat)} holds no {name} card")
    kind = _C.cards[card].kind
    if kind in ("mutiny", "misfire"):
        t = COLOURS.index(a.arg[1])
        item = "crew" if kind == "mutiny" else "weapons"
        if t >= s.players or t == seat:
            return (SECTION, f"{_C.cards[card].title} targets an opponent, not {a.arg[1]}")
        if s.tally[item][t] <= 0:
            return (SECTION, f"{colour(t)} has no {item} to lose")
        return None
    if kind == "intrigue":
        return None
    if kind == "heave":
        if not s.sailed:
            return (SECTION, "Heave, Ye Scurvy Dogs! is played after the ship has sailed this turn")
        if s.heaved:
            return (SECTION, "only one Heave, Ye Scurvy Dogs! per turn")
        low = [t for t in range(s.players) if t != seat and s.vp[t] <= s.vp[seat]]
        if low:
            return (SECTION, f"every other player must have more VP than you ({colour(low[0])} has "
                             f"{s.vp[low[0]]}, you {s.vp[seat]})")
        if s.tally["crew"][seat] <= 0:
            return (SECTION, "Heave, Ye Scurvy Dogs! costs a Crew and you have none")
        port = _C.port_index[a.arg[1]]
        if port not in wind_destinations(s.ship[seat], s.wind):
            return ("Sailing", f"the wind does not take the ship to {port_name(port)}")
        return None
    gives = _C.cards[card].item
    assert gives is not None  # every card but Heave gives an item
    if s.tally[gives][seat] >= TALLY_MAX:
        return (SECTION, f"your {gives} tally is full ({TALLY_MAX})")
    if s.ship[seat] not in _C.cards[card].free_in and s.vp[seat] < BUY_PRICE:
        return (SECTION, f"buying here costs {BUY_PRICE} VP and you have {s.vp[seat]}")
    return None


def apply_play(s: Any, a: Any) -> list[Event]:
    seat = s.current
    card = card_in_hand(s, seat, a.arg[0])
    assert card is not None
    c = _C.cards[card]
    spend(s, 1)
    s.hands[seat].remove(card)
    s.action_discard.append(card)
    ev = [Event("CardPlayed", f"{colour(seat)} plays {c.title}", {"seat": seat, "card": card, "kind": c.kind})]
    if c.kind in ("mutiny", "misfire"):
        t = COLOURS.index(a.arg[1])
        item = "crew" if c.kind == "mutiny" else "weapons"
        lose(s, t, item)
        ev[0] = Event("CardPlayed", f"{colour(seat)} plays {c.title}: {colour(t)} loses a {ITEM_NAMES[item]}.",
                      ev[0].data | {"target": t})
        update_markers(s, ev)
    elif c.kind == "intrigue":
        x, y = a.arg[1], a.arg[2]
        tx, ty = place_tile(s, x), place_tile(s, y)
        _set_tile(s, x, ty)
        _set_tile(s, y, tx)
        ev[0] = Event("CardPlayed", f"{colour(seat)} plays {c.title}: the tiles of {place_name(x)} and "
                      f"{place_name(y)} change places.", ev[0].data | {"places": [x, y]})
    elif c.kind == "heave":
        lose(s, seat, "crew")
        s.heaved = True
        ev[0] = Event("CardPlayed", f"{colour(seat)} plays {c.title}, pays a Crew and sails again.", ev[0].data)
        update_markers(s, ev)
        arrive(s, seat, _C.port_index[a.arg[1]], ev)
        return ev
    else:
        free = s.ship[seat] in c.free_in
        if not free:
            s.vp[seat] -= BUY_PRICE
        assert c.item is not None  # every card but Heave gives an item
        gain(s, seat, c.item)
        ev[0] = Event("CardPlayed", f"{colour(seat)} plays {c.title}: a {ITEM_NAMES[c.item]} "
                      + ("for free here." if free else f"for {BUY_PRICE} VP."), ev[0].data | {"free": free})
        update_markers(s, ev)
    after_action(s, ev)
    return ev


def describe_play(s: Any, a: Any) -> str:
    name = a.arg[0]
    kind = _C.cards[_C.card_names[name][0]].kind
    title = _C.kinds[kind]["title"]
    if kind in ("mutiny", "misfire"):
        what = "a Crew" if kind == "mutiny" else "a Weapon"
        return f"play {title}: {a.arg[1].capitalize()} loses {what}"
    if kind == "intrigue":
        return f"play {title}: swap the tiles of {place_name(a.arg[1])} and {place_name(a.arg[2])}"
    if kind == "heave":
        return f"play {title}: pay a Crew and sail again to {port_name(_C.port_index[a.arg[1]])}"
    card = _C.cards[_C.card_names[name][0]]
    assert card.item is not None  # every card but Heave gives an item
    here = bool(s.ship) and s.current >= 0 and s.ship[s.current] in card.free_in
    return f"play {title}: a {ITEM_NAMES[card.item]} " + ("for free here" if here else f"for {BUY_PRICE} VP")


GRAMMAR.handle("play", check=check_play, apply=apply_play, describe=describe_play)
