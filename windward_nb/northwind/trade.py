"""Deals at a tile: commercial harbours, merchants and equipment harbours.

The same deals serve the captain on a voyage and an opponent spending a
commercial letter on the tile just used, so every function takes the seat
that deals. A refusal is ``(section, reason)`` and changes nothing.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from ..core.events import Event
from ..core.rules import Refusal
from .actions import NWAction
from .components import ABILITIES, GOODS, Tile
from .state import NWState, slot_order

HARBOUR = "Commercial Harbor"
MERCHANT = "Merchant"
EQUIPMENT = "Equipment Harbor"
SHIP = "Your Ship"
CREW = "Crew Members"
BOATSWAIN = "Boatswain"
_SECTION = {"harbour": HARBOUR, "merchant": MERCHANT, "equipment": EQUIPMENT}


def _combos(goods: tuple[str, ...], most: int) -> list[tuple[str, ...]]:
    out = []
    for n in range(1, most + 1):
        out += [c for c in combinations_with_replacement(goods, n)]
    return out


def candidates(s: NWState, seat: int, tile: Tile) -> list[NWAction]:
    """Every deal this tile could offer anyone (to be filtered by :func:`refusal`), in a stable order."""
    if tile.kind == "harbour":
        goods = tuple(g for g in GOODS if g in tile.goods)
        combos = _combos(goods, 2)
        return [NWAction("buy", c) for c in combos] + [NWAction("sell", c) for c in combos]
    if tile.kind == "merchant":
        most = 2 if s.has(seat, "boatswain") else 1
        combos = _combos(GOODS, most)
        out = [NWAction("buy", c) for c in combos] + [NWAction("sell", c) for c in combos]
        if most == 2:
            out += [NWAction("swap", (a, b)) for a in GOODS for b in GOODS if a != b]
        return out
    if tile.kind == "equipment":
        return [NWAction("sail_up"), NWAction("cannon")] + [NWAction("hire", a) for a in ABILITIES]
    return []


def options(s: NWState, seat: int, tile: Tile) -> list[NWAction]:
    """The deals ``seat`` can make at ``tile`` now."""
    return [a for a in candidates(s, seat, tile) if refusal(s, seat, tile, a) is None]


def _price(tile: Tile, good: str) -> int:
    return tile.price if tile.kind == "merchant" else tile.goods[good]


def _room(s: NWState, seat: int, add: tuple[str, ...], remove: tuple[str, ...] = ()) -> Refusal:
    comp = s.comp
    free = comp.hold - s.cargo(seat) + len(remove)
    if len(add) > free:
        return (SHIP, f"your hold has room for {free} more commodit{'y' if free == 1 else 'ies'} "
                      f"(it holds {comp.hold}); throw some overboard first")
    for g in set(add):
        after = s.held(seat, g) - remove.count(g) + add.count(g)
        if after > comp.hold_per_kind:
            return (SHIP, f"a hold takes at most {comp.hold_per_kind} {g}; you have {s.held(seat, g)}")
        if add.count(g) > s.tray[GOODS.index(g)] + remove.count(g):
            return (SHIP, f"the supply has no {g} left")
    return None


def _sellable(s: NWState, seat: int, goods: tuple[str, ...]) -> Refusal:
    for g in set(goods):
        if s.held(seat, g) < goods.count(g):
            have = s.held(seat, g)
            return (SHIP, f"you have {have} {g} to sell, not {goods.count(g)}")
    return None


def refusal(s: NWState, seat: int, tile: Tile, a: NWAction) -> Refusal:
    """Why ``seat`` cannot make deal ``a`` at ``tile`` (``None`` if it can)."""
    section = _SECTION.get(tile.kind)
    if section is None:
        return ("Trading Voyage", f"{tile.title} is not a place to trade or equip")
    gold = s.gold[seat]
    if a.verb in ("buy", "sell", "swap"):
        if tile.kind == "equipment":
            return (EQUIPMENT, "an equipment harbour sells a sail level, a cannon or a crew member, not commodities")
        if a.verb == "swap":
            goods = a.arg
            if tile.kind != "merchant":
                return (HARBOUR, "a commercial harbour lets you buy or sell, not both")
            if not s.has(seat, "boatswain"):
                return (BOATSWAIN, "selling one commodity and buying another at a merchant needs a Boatswain")
            if goods[0] == goods[1]:
                return (BOATSWAIN, "the commodity bought must differ from the one sold")
            return _sellable(s, seat, goods[:1]) or _room(s, seat, goods[1:], goods[:1])
        goods = a.arg
        if tile.kind == "harbour":
            other = [g for g in goods if g not in tile.goods]
            if other:
                deals = ", ".join(tile.goods)
                return (HARBOUR, f"this harbour deals only in {deals}, not {other[0]}")
        elif len(goods) > 1 and not s.has(seat, "boatswain"):
            return (MERCHANT, "a merchant trades 1 commodity; 2 need a Boatswain")
        if a.verb == "sell":
            return _sellable(s, seat, goods)
        cost = sum(_price(tile, g) for g in goods)
        if cost > gold:
            return (section, f"that costs {cost} gold and you have {gold}")
        return _room(s, seat, goods)
    if a.verb in ("sail_up", "cannon", "hire"):
        if tile.kind != "equipment":
            return (section, "only an equipment harbour sells sails, cannons and crew")
        comp = s.comp
        if a.verb == "sail_up":
            if s.sail[seat] >= comp.sail_max:
                return (EQUIPMENT, f"the sail is already at the top notch ({comp.sail_max})")
            cost = comp.sail_price
        elif a.verb == "cannon":
            if s.cannons[seat] >= comp.cannon_slots:
                return (EQUIPMENT, f"all {comp.cannon_slots} cannon slots are filled")
            if s.cannons[seat] >= comp.cannons:
                return (EQUIPMENT, "you have no cannon left in your supply")
            cost = tile.cannon
        else:
            if a.arg in s.crew[seat]:
                return (CREW, f"the {a.arg}'s slot is taken, and crew are never moved")
            if len(s.crew[seat]) >= comp.crew:
                return (CREW, f"all {comp.crew} of your crew members are aboard")
            cost = tile.crew
        if cost > gold:
            return (EQUIPMENT, f"that costs {cost} gold and you have {gold}")
        return None
    return (section, f"'{a}' is not a deal")


def can_throw(s: NWState, seat: int, tile: Tile) -> bool:
    """Throwing overboard makes room for a purchase: at a harbour or merchant you are using,
    when you could pay for a commodity there (ruling N19)."""
    if tile.kind not in ("harbour", "merchant") or not s.cargo(seat):
        return False
    cheapest = tile.price if tile.kind == "merchant" else min(tile.goods.values())
    return s.gold[seat] >= cheapest


def throw_refusal(s: NWState, seat: int, tile: Tile, good: str) -> Refusal:
    if tile.kind not in ("harbour", "merchant"):
        return (HARBOUR, "commodities go overboard only to make room for a purchase at a harbour or merchant")
    if not s.held(seat, good):
        return (SHIP, f"you have no {good} aboard")
    if not can_throw(s, seat, tile):
        return (HARBOUR, "you cannot pay for any commodity here, so there is nothing to make room for")
    return None


def throw(s: NWState, seat: int, good: str) -> list[Event]:
    i = GOODS.index(good)
    s.hold[seat][i] -= 1
    s.tray[i] += 1
    return [Event("Jettisoned", f"{_name(seat)} throws 1 {good} overboard.", {"seat": seat, "good": good})]


def apply(s: NWState, seat: int, tile: Tile, a: NWAction) -> list[Event]:
    """Carry out a deal already checked with :func:`refusal`."""
    comp = s.comp
    who = _name(seat)
    data = {"seat": seat, "tile": tile.id, "action": str(a)}
    if a.verb in ("buy", "sell", "swap"):
        sold: tuple[str, ...] = a.arg if a.verb == "sell" else (a.arg[0],) if a.verb == "swap" else ()
        bought: tuple[str, ...] = a.arg if a.verb == "buy" else (a.arg[1],) if a.verb == "swap" else ()
        income = sum(_price(tile, g) for g in sold)
        cost = sum(_price(tile, g) for g in bought)
        bonus = comp.bookkeeper_gold if sold and s.has(seat, "bookkeeper") else 0
        for g in sold:
            s.hold[seat][GOODS.index(g)] -= 1
            s.tray[GOODS.index(g)] += 1
        for g in bought:
            s.hold[seat][GOODS.index(g)] += 1
            s.tray[GOODS.index(g)] -= 1
        s.gold[seat] += income + bonus - cost
        parts = []
        if sold:
            parts.append(f"sells {_list(sold)} for {income} gold" + (f" (+{bonus} from the Bookkeeper)" if bonus else ""))
        if bought:
            parts.append(f"buys {_list(bought)} for {cost} gold")
        data.update(sold=list(sold), bought=list(bought), gold=income + bonus - cost)
        return [Event("Traded", f"{who} {' and '.join(parts)}.", data)]
    if a.verb == "sail_up":
        s.gold[seat] -= comp.sail_price
        s.sail[seat] += 1
        return [Event("SailRaised", f"{who} raises the sail to {s.sail[seat]} for {comp.sail_price} gold.",
                      dict(data, sail=s.sail[seat]))]
    if a.verb == "cannon":
        s.gold[seat] -= tile.cannon
        s.cannons[seat] += 1
        return [Event("CannonMounted", f"{who} mounts a cannon for {tile.cannon} gold ({s.cannons[seat]} now).",
                      dict(data, cannons=s.cannons[seat]))]
    s.gold[seat] -= tile.crew
    s.crew[seat] = slot_order(s.crew[seat] + [a.arg])
    where = "the crow's nest" if a.arg == "lookout" else "the cabin"
    return [Event("CrewHired", f"{who} hires a {a.arg.capitalize()} for {tile.crew} gold ({where}).",
                  dict(data, ability=a.arg))]


def _list(goods: tuple[str, ...]) -> str:
    counts: dict[str, int] = {}
    for g in goods:
        counts[g] = counts.get(g, 0) + 1
    return " and ".join(f"{n} {g}" for g, n in counts.items())


def _name(seat: int) -> str:
    return f"Player {seat + 1}"
