"""Achievements (advanced variant): two face-up cards any captain may complete for notoriety.

The engine keeps per-captain counters (cresters defeated, ships beaten,
downwind moves, Zephyr rides, gas spent, teeth cashed ... per game and per
turn) from the events of every action; a captain completing a card scores its
higher number if first, its lower number after that.
"""

from __future__ import annotations

from typing import Any

from ..components import Components
from ..events import Event
from ..hooks import Hooks, Setup, register
from ..state import GameState


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
    value: int = s.stats[seat].get(f"{card['scope']}:{card['stat']}", 0)
    return value


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


class Achievements(Hooks):
    """The advanced variant "Achievements" (``variants=["achievements"]``)."""

    name = "achievements"
    kind = "variant"
    title = "Achievements"

    def draw_setup(self, setup: Setup, rng: Any, comp: Components, players: int, difficulty: str) -> None:
        ids = [c["id"] for c in comp.achievements]
        setup["achievements"] = [ids[int(i)] for i in rng.permutation(len(ids))[:2]]

    def check_setup(self, setup: Setup, comp: Components) -> None:
        if "achievements" not in setup:
            raise ValueError("setup.achievements is needed with the achievements variant")

    def setup(self, s: GameState, setup: Setup) -> None:
        s.achievements = [{"id": c, "first": -1, "claimed": []} for c in setup["achievements"]]
        s.stats = [{} for _ in range(s.players)]

    def scenario(self, s: GameState, options: dict[str, Any]) -> None:
        ids = list(options.get("achievements") or ()) or [c["id"] for c in s.components.achievements[:2]]
        s.achievements = [{"id": c, "first": -1, "claimed": []} for c in ids]
        s.stats = [{} for _ in range(s.players)]

    def after_action(self, s: GameState, ev: list[Event]) -> None:
        check_achievements(s, ev)


ACHIEVEMENTS = register(Achievements())
