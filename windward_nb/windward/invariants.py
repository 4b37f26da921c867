"""Checks that hold in every reachable position: pieces and tokens conserved, tracks in
range, hand limits, cargo rules, and nothing standing where it may not.

:func:`violations` returns a list of broken invariants in words (empty when all
hold); the conformance tests and the soak test call it after every action.

Every stacking cap the rules and ``docs/rulings.md`` state is checked, in every
mode: one ship per space and one longboat per space outside a battle; one alive
grey crester per space; alive red cresters one per space, two in the Solo
Adventure (V1, V10); no ship on an alive crester's space outside a battle; the
White Crester never on the Trading Post, Drift or a red crester (M3); and no more
Naturalist tags in use than the Naturalist has (M5), each on an alive crester.
"""

from __future__ import annotations

from collections import Counter

from .cresters import RED_ROUTES, red_cap
from .hooks import active, combine
from .state import ITEM_KINDS, PORT, GameState


def violations(s: GameState) -> list[str]:
    out: list[str] = []
    comp = s.components
    p = s.planet
    lim = comp.limits
    in_battle = any(f["k"] == "battle" for f in s.frames)
    for kind in ("grey", "red", "grey_teeth", "red_teeth", "tokens", "gas"):
        if s.stock(kind) < 0:
            out.append(f"more {kind} in play than the box holds")
    if not 0 <= s.stock("coffee") <= comp.stock["coffee"]:
        out.append("coffee tokens out of range")
    # cards: hands + stacks + discard = the deck
    cards = Counter(s.discard)
    for st in s.stacks:
        cards.update(st)
    for ship in s.ships:
        cards.update(ship.hand)
    if cards != Counter(comp.deck_list()):
        out.append("supply cards not conserved")
    ship_hexes = Counter(sh.pos for sh in s.ships if sh.pos != PORT)
    for seat, ship in enumerate(s.ships):
        tag = f"player {seat + 1}"
        if not 1 <= ship.morale <= lim["morale_max"]:
            out.append(f"{tag} morale {ship.morale} out of range")
        if not 0 <= ship.rowers <= lim["longboat_speed_max"]:
            out.append(f"{tag} longboat speed {ship.rowers} out of range")
        if not 0 <= ship.gas <= s.gas_slots(seat):
            out.append(f"{tag} gas {ship.gas} exceeds storage")
        if not 0 <= ship.cannons <= s.cannon_slots(seat):
            out.append(f"{tag} cannons {ship.cannons} exceed slots")
        if len(ship.hand) > s.hand_limit(seat):
            out.append(f"{tag} holds {len(ship.hand)} cards, over the hand limit")
        if ship.hold not in ("", "grey", "red"):
            out.append(f"{tag} cargo hold holds {ship.hold!r}")
        if min(ship.grey_teeth, ship.red_teeth, ship.tokens) < 0:
            out.append(f"{tag} negative cargo")
        slots = comp.board(ship.colour).longboat_slots + s.crew_bonus(seat, "longboat_slots")
        if len(ship.boats) != slots:
            out.append(f"{tag} has {len(ship.boats)} longboats for {slots} slots")
        slots_used = Counter(comp.crew_slot[c] for c in ship.crew)
        if any(v > 1 for v in slots_used.values()):
            out.append(f"{tag} has two crew in one slot")
        if ship.pos != PORT:
            if not 0 < ship.pos < len(p.cells):
                out.append(f"{tag} ship off the planet")
            elif p.is_drift[ship.pos] and not (seat == s.current and s.turn.deadweight):
                out.append(f"{tag} ship on Drift without Deadweight")
            if ship_hexes[ship.pos] > 1 and not in_battle:
                out.append(f"two ships share {p.label(ship.pos)}")
        boats = [b for b in ship.boats if b >= 0]
        if len(boats) != len(set(boats)):
            out.append(f"{tag}'s longboats share a space")
        for b in boats:
            if p.is_drift[b] or b == 0:
                out.append(f"{tag} longboat on Drift or at the Trading Post")
    boat_hexes = Counter(b for sh in s.ships for b in sh.boats if b >= 0)
    if not in_battle and any(v > 1 for v in boat_hexes.values()):
        out.append("two longboats share a space outside a battle")
    for name, hexes in (("grey", s.greys), ("grey_down", s.greys_down), ("red", s.reds), ("red_down", s.reds_down)):
        for h in hexes:
            if not 0 < h < len(p.cells) or p.is_drift[h]:
                out.append(f"{name} crester on an impossible space")
    if len(set(s.greys)) != len(s.greys):
        out.append("two alive grey cresters share a space")
    # defeated cresters may pile up where a lost ship dropped its cargo (R14); alive ones have caps
    hooks = active(s)
    cap = red_cap(s)
    for h, n in Counter(s.reds).items():
        if n > cap:
            out.append(f"{n} red cresters share {p.label(h) if 0 <= h < len(p.cells) else h} "
                       f"(at most {cap} in {s.mode})")
    if s.white >= 0:
        if s.white == 0 or not s.white < len(p.cells) or p.is_drift[s.white]:
            out.append("the White Crester is on the Trading Post, Drift or off the planet")
        elif s.white in s.reds:
            out.append(f"the White Crester shares {p.label(s.white)} with a red crester")
    if not in_battle:
        for seat, ship in enumerate(s.ships):
            if ship.pos > 0 and (ship.pos in s.reds or ship.pos == s.white):
                out.append(f"player {seat + 1}'s ship shares {p.label(ship.pos)} with an alive crester "
                           "outside a battle")
    tags = comp.raw.get("naturalist", {}).get("tags")
    if isinstance(tags, int) and len(s.tagged_reds) + len(s.tagged_greys) > tags:
        out.append(f"{len(s.tagged_reds) + len(s.tagged_greys)} Naturalist tags in use; there are {tags}")
    if Counter(s.tagged_reds) - Counter(s.reds) or Counter(s.tagged_greys) - Counter(s.greys):
        out.append("a Naturalist tag sits on a crester that is not alive")
    for h, row in s.items.items():
        if len(row) != len(ITEM_KINDS) or min(row) < 0 or not any(row):
            out.append(f"bad item row at {h}")
    if s.wind not in range(1, 7):
        out.append("wind out of range")
    if not 0 <= s.turn.mates <= 2:
        out.append("mates out of range")
    if s.red_routes not in RED_ROUTES or (s.red_routes == "chosen" and s.mode != "solo"):
        out.append(f"red_routes {s.red_routes!r:.20} is not a way {s.mode} moves its red cresters (rulings V10)")
    if hooks is not combine(s.mode, s.variants, s.planet.size):
        out.append("the hooks kept for this state are not those of its mode, variants and planet")
    out.extend(hooks.check(s))
    return out
