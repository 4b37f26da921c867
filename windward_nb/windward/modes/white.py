"""Rules of the Solo Adventure, the Cooperative mode and the advanced variants
(Great White Crester, The Naturalist, Achievements). Small World is just
``planet="small"``: its red cresters move 2 (see :func:`cresters.red_speed`).

The engine calls into this module only when a mode or variant asks for it, so
the base game pays nothing for them.
"""

from __future__ import annotations

from typing import Any

from . import battle, cresters, orders
from .actions import Action
from .events import Event
from .state import GONE, OFF, PORT, GameState

# --------------------------------------------------------------------------- the White Crester


def white_speed(s: GameState) -> int:
    if s.mode == "cooperative":
        return s.difficulty
    return s.components.raw["white_crester"]["speed"]


def _corner_free(s: GameState, h: int) -> bool:
    return not (s.ship_at(h) >= 0 or h in s.reds or h in s.reds_down or h in s.greys or h in s.greys_down
                or s.longboat_at(h)[0] >= 0 or h == s.white)


def white_roll_choices(s: GameState) -> list[int]:
    """Territories whose Around-the-Planet corner is free for the White Crester
    (re-rolling an occupied one is the same as rolling among the free ones)."""
    return [t for t in range(1, 7) if _corner_free(s, s.planet.corner[t])]


def white_places(s: GameState) -> list[int]:
    """Corners a player may choose for the White Crester (Solo final battle, Cooperative respawn)."""
    return [s.planet.corner[t] for t in range(1, 7) if _corner_free(s, s.planet.corner[t])]


def place_white(s: GameState, ev: list[Event], h: int, how: str) -> None:
    s.white = h
    ev.append(Event("CresterPlaced", f"The White Crester appears at {s.planet.label(h)} ({how}).",
                    {"crester": "white", "hex": h}))


def white_appears_check(s: GameState) -> None:
    """Great White Crester variant: it enters play once someone reaches 10 notoriety."""
    if s.white != OFF or any(f["k"] == "white_roll" for f in s.frames):
        return
    threshold = s.components.raw["white_crester"]["appears_at_notoriety"]
    if any(ship.notoriety >= threshold for ship in s.ships) and white_roll_choices(s):
        s.frames.append({"k": "white_roll"})


def move_white(s: GameState, ev: list[Event], f: dict[str, Any]) -> None:
    """The White Crester's move at the end of a turn (toward the ship, or the Trading Post in co-op)."""
    s.frames.remove(f)
    ship = s.ships[s.current]
    if ship.pos == PORT:
        if s.mode == "cooperative":
            if s.white >= 0:
                _white_to_port(s, ev)
            else:
                _coop_port_morale(s, ev)
        return
    if s.white < 0:
        return
    start = s.white
    dist = cresters.distances_to(s, ship.pos, 0, start)
    path = cresters.step_path(s, start, dist, white_speed(s))
    if path and s.planet.is_drift[path[-1]]:
        path.pop()
    if not path:
        return
    s.white = path[-1]
    ev.append(Event("CresterMoved", f"The White Crester moves from {s.planet.label(start)} to {s.planet.label(s.white)}.",
                    {"crester": "white", "from": start, "to": s.white, "path": [start] + path}))
    if s.white == ship.pos:
        prev = path[-2] if len(path) > 1 else start
        battle.start(s, ev, att="white", a_seat=-1, a_from=prev, **{"def": "ship"}, d_seat=s.current, hex=s.white)


def _white_to_port(s: GameState, ev: list[Event]) -> None:
    """Co-op rest at port: the White Crester flies at the Trading Post."""
    seat = s.current
    start = s.white
    dist = cresters.distances_to(s, 0, 0, start)
    path = cresters.step_path(s, start, dist, white_speed(s))
    if path and path[-1] != 0 and s.planet.is_drift[path[-1]]:
        path.pop()
    if not path:
        _coop_port_morale(s, ev)
        return
    if path[-1] == 0:
        back = path[-2] if len(path) > 1 else start
        s.white = back
        ev.append(Event("CresterMoved", "The White Crester strikes the Trading Post and falls back one space.",
                        {"crester": "white", "from": start, "to": back, "path": [start] + path}))
        battle.ship_lost(s, ev, seat, "crester")
        return
    s.white = path[-1]
    ev.append(Event("CresterMoved", f"The White Crester moves from {s.planet.label(start)} to {s.planet.label(s.white)}.",
                    {"crester": "white", "from": start, "to": s.white, "path": [start] + path}))
    _coop_port_morale(s, ev)


def _coop_port_morale(s: GameState, ev: list[Event]) -> None:
    ship = s.ships[s.current]
    gain = min(s.components.board(ship.colour).rest_at_port, s.components.limits["morale_max"] - ship.morale)
    ship.morale += gain
    ev.append(Event("Rested", f"Player {s.current + 1} rests at port: morale {ship.morale}.",
                    {"seat": s.current, "where": "port", "morale": gain}))


def coop_port_rest(s: GameState, ev: list[Event]) -> None:
    """Co-op: resting at port sends the White Crester toward the Trading Post first."""
    s.frames.append({"k": "end", "rested": True})
    s.frames.append({"k": "white_move"})


def white_defeated(s: GameState, ev: list[Event], w_seat: int, here: int) -> None:
    gain = s.components.raw["white_crester"]["notoriety"]
    s.ships[w_seat].notoriety += gain
    ev.append(Event("CresterDefeated", f"Player {w_seat + 1} defeats the White Crester!",
                    {"crester": "white", "hex": here, "seat": w_seat}))
    ev.append(Event("NotorietyGained", f"Player {w_seat + 1} gains {gain} notoriety.",
                    {"seat": w_seat, "amount": gain, "source": "white"}))
    if s.mode == "solo":
        s.white = GONE
        _game_over(s, ev, "The White Crester is defeated: you win the Solo Adventure!", winner=0)
    elif s.mode == "cooperative":
        s.lives[1] -= 1
        ev.append(Event("LifeLost", f"The White Crester loses a life ({s.lives[1]} left).",
                        {"side": "white", "left": s.lives[1]}))
        s.white = OFF
        if s.lives[1] <= 0:
            s.white = GONE
            _game_over(s, ev, "The White Crester has lost its last life: the captains win together!", winner=-1)
        else:
            s.frames.append({"k": "place_white", "seat": w_seat})
    else:
        s.white = GONE


def coop_life_lost(s: GameState, ev: list[Event]) -> bool:
    """A captain's ship was defeated in co-op: the team loses a life. True if the game ended."""
    s.lives[0] -= 1
    ev.append(Event("LifeLost", f"The captains lose a life ({s.lives[0]} left).", {"side": "captains", "left": s.lives[0]}))
    if s.lives[0] <= 0:
        _game_over(s, ev, "The captains have lost their last life: the White Crester wins.", winner=None)
        return True
    return False


def _game_over(s: GameState, ev: list[Event], text: str, winner: Any) -> None:
    s.over = True
    s.frames.clear()
    s.result = text
    ev.append(Event("GameOver", text, {"winner": winner}))


# --------------------------------------------------------------------------- Solo and co-op extras
def check_trade(s: GameState, arg: tuple) -> tuple[str, str] | None:
    """Co-op: a captain gives a supply card to another captain; both ships must be at port."""
    giver, card, taker = arg
    if s.mode != "cooperative":
        return ("Cooperative: Trading", "supply cards can be traded only in the Cooperative mode")
    n = s.players
    if not (0 <= giver < n and 0 <= taker < n) or giver == taker:
        return ("Cooperative: Trading", "name two different captains by seat number")
    if s.ships[giver].pos != PORT or s.ships[taker].pos != PORT:
        return ("Cooperative: Trading", "both ships must be at port to trade")
    if card not in s.ships[giver].hand:
        return ("Cooperative: Trading", f"player {giver + 1} holds no {card!r} card")
    if len(s.ships[taker].hand) >= s.hand_limit(taker):
        return ("Cooperative: Trading", f"player {taker + 1}'s hand is full")
    return None


def trade(s: GameState, ev: list[Event], arg: tuple) -> None:
    giver, card, taker = arg
    s.ships[giver].hand.remove(card)
    s.ships[taker].hand.append(card)
    ev.append(Event("CardsTraded", f"Player {giver + 1} gives {s.components.card(card).name} to player {taker + 1}.",
                    {"from": giver, "to": taker, "card": card}))


def teeth_choices(s: GameState) -> list[Action]:
    return [Action("cash", "notoriety"), Action("cash", "gas")]


def cash_teeth(s: GameState, ev: list[Event], how: str) -> None:
    """Solo and co-op: teeth become notoriety or gas (3 per grey, 4 per red)."""
    seat = s.current
    ship = s.ships[seat]
    if how == "gas":
        value = s.components.teeth_gas
        want = ship.grey_teeth * value["grey"] + ship.red_teeth * value["red"]
        got = orders.gain_gas(s, seat, want)
        ev.append(Event("GasGained", f"Player {seat + 1} trades teeth for {got} gas.", {"seat": seat, "gas": got}))
        ship.grey_teeth = ship.red_teeth = 0
    else:
        s.mode, mode = "free-for-all", s.mode  # the ordinary cash-in
        try:
            orders.cash_teeth(s, ev, seat)
        finally:
            s.mode = mode


# --------------------------------------------------------------------------- The Naturalist
def is_naturalist(s: GameState, seat: int) -> bool:
    return "naturalist" in s.variants and s.ships[seat].colour == s.components.raw["naturalist"]["colour"]


def tags_left(s: GameState) -> int:
    return s.components.raw["naturalist"]["tags"] - len(s.tagged_reds) - len(s.tagged_greys)


def release_places(s: GameState) -> list[int]:
    ship = s.ships[s.current]
    out = []
    for t in s.planet.nbr[ship.pos]:
        if t <= 0 or s.planet.is_drift[t] or t in s.items:
            continue
        if (s.ship_at(t) >= 0 or s.longboat_at(t)[0] >= 0 or t in s.reds or t in s.reds_down or t in s.greys
                or t in s.greys_down or t == s.white):
            continue
        out.append(t)
    return sorted(out)


def check_research(s: GameState) -> tuple[str, str] | None:
    ship = s.ships[s.current]
    if not ship.hold:
        return ("The Naturalist: Research Crester", "there is no defeated crester in your cargo hold")
    if tags_left(s) < 1:
        return ("The Naturalist: Research Crester", "all your tags are on cresters already")
    if not release_places(s):
        return ("The Naturalist: Research Crester", "no empty space next to your ship to release the crester")
    return None


def research(s: GameState, ev: list[Event]) -> None:
    seat = s.current
    ship = s.ships[seat]
    kind = ship.hold
    ship.hold = ""
    got = orders.gain_gas(s, seat, ship.morale)
    ev.append(Event("CresterResearched", f"Player {seat + 1} tags a {kind} crester and gains {got} gas.",
                    {"seat": seat, "crester": kind, "gas": got}))
    s.frames.append({"k": "release", "crester": kind})


def release(s: GameState, ev: list[Event], f: dict[str, Any], h: int) -> None:
    s.frames.remove(f)
    if f["crester"] == "red":
        s.reds.append(h)
        s.tagged_reds.append(h)
    else:
        s.greys.append(h)
        s.tagged_greys.append(h)
    ev.append(Event("CresterPlaced", f"A tagged {f['crester']} crester is released at {s.planet.label(h)}.",
                    {"crester": f["crester"], "hex": h, "tagged": True}))


def naturalist_bonus(s: GameState, ev: list[Event]) -> None:
    seat = s.current
    if not is_naturalist(s, seat) or s.ships[seat].pos < 0:
        return
    cfg = s.components.raw["naturalist"]
    greys = len(s.tagged_greys) if s.edition == "a" else len(s.greys)
    gain = cfg["tagged_red_bonus"] * len(s.tagged_reds) + cfg["tagged_grey_bonus"] * greys
    if gain:
        s.ships[seat].notoriety += gain
        ev.append(Event("NotorietyGained", f"Player {seat + 1} gains {gain} notoriety for the cresters under study.",
                        {"seat": seat, "amount": gain, "source": "research"}))


def naturalist_teeth(s: GameState, ev: list[Event]) -> None:
    """The Naturalist never keeps teeth: any that reach the hold go back to the stockpile."""
    for seat, ship in enumerate(s.ships):
        if (ship.grey_teeth or ship.red_teeth) and is_naturalist(s, seat):
            ev.append(Event("Dropped", f"Player {seat + 1} throws the teeth back to the stockpile.",
                            {"seat": seat, "item": "teeth", "hex": PORT}))
            ship.grey_teeth = ship.red_teeth = 0


# --------------------------------------------------------------------------- Achievements

def _bump(s: GameState, seat: int, stat: str, n: int = 1) -> None:
    if seat < 0:
        return
    st = s.stats[seat]
    st["game:" + stat] = st.get("game:" + stat, 0) + n
    st["turn:" + stat] = st.get("turn:" + stat, 0) + n


def record_stats(s: GameState, ev: list[Event]) -> None:
    for e in ev:
        d = e.data
        if e.kind == "TurnStarted":
            seat = d["seat"]
            s.stats[seat] = {k: v for k, v in s.stats[seat].items() if not k.startswith("turn:")}
        elif e.kind == "CresterDefeated" and d.get("crester") in ("red", "grey"):
            _bump(s, d.get("seat", -1), d["crester"] + "s_defeated")
        elif e.kind == "BattleEnded" and "w_kind" in d:
            if d["w_kind"] == "ship" and d["l_kind"] == "ship":
                _bump(s, d["w_seat"], "ships_beaten")
            if d["w_kind"] == "longboat":
                _bump(s, d["w_seat"], "longboat_wins")
        elif e.kind == "ShipMoved":
            how = d.get("how", "")
            if how == "sails Around the Planet":
                _bump(s, d["seat"], "around")
            elif how == "rides a Zephyr":
                _bump(s, d["seat"], "zephyrs")
            elif d.get("cost") == 0 and how.startswith("sails "):
                _bump(s, d["seat"], "downwind")
        elif e.kind == "GasSpent":
            _bump(s, d["seat"], "gas_spent", d["gas"])
        elif e.kind == "NotorietyGained" and d.get("source") == "teeth":
            _bump(s, d["seat"], "teeth_cashed", d["grey"] + d["red"])


def _stat(s: GameState, seat: int, card: dict[str, Any]) -> int:
    if card["scope"] == "now":
        ship = s.ships[seat]
        return {"crew": len(ship.crew), "cannons": ship.cannons, "morale": ship.morale, "gas": ship.gas,
                "notoriety": ship.notoriety}.get(card["stat"], 0)
    return s.stats[seat].get(f"{card['scope']}:{card['stat']}", 0)


def check_achievements(s: GameState, ev: list[Event]) -> None:
    record_stats(s, ev)
    deck = {c["id"]: c for c in s.components.achievements}
    for slot in s.achievements:
        card = deck[slot["id"]]
        for seat in range(s.players):
            if seat in slot["claimed"] or _stat(s, seat, card) < card["at_least"]:
                continue
            points = card["points"]
            if len(points) == 2 and slot["first"] < 0:
                gain = max(points)  # the first to complete it scores the higher number and covers it
                slot["first"] = seat
            else:
                gain = min(points)  # later: the lower number (a one-number card: that number)
            slot["claimed"].append(seat)
            s.ships[seat].notoriety += gain
            ev.append(Event("NotorietyGained", f"Player {seat + 1} completes the achievement {card['name']}: +{gain}.",
                            {"seat": seat, "amount": gain, "source": "achievement", "card": card["id"]}))


# --------------------------------------------------------------------------- frames and hooks
def apply_frame(s: GameState, ev: list[Event], f: dict[str, Any], a: Action) -> None:
    k = f["k"]
    if k == "white_roll":
        s.frames.remove(f)
        place_white(s, ev, s.planet.corner[a.arg], f"rolled {a.arg}")
    elif k == "place_white":
        s.frames.remove(f)
        place_white(s, ev, s.planet.index[a.arg], f"chosen by player {f['seat'] + 1}")
    elif k == "teeth":
        s.frames.remove(f)
        cash_teeth(s, ev, a.arg)
    elif k == "release":
        release(s, ev, f, s.planet.index[a.arg])
    else:
        raise AssertionError(k)


def after_apply(s: GameState, ev: list[Event]) -> None:
    """Checks that any action may trigger in some mode or variant."""
    if "white" in s.variants:
        white_appears_check(s)
    if "naturalist" in s.variants:
        naturalist_teeth(s, ev)
    if "achievements" in s.variants:
        check_achievements(s, ev)
