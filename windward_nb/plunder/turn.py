"""A plunder turn (PLUNDERING, ACTIONS, SAILING): action points and the one compulsory sailing.

A player has three action points, spent before and after sailing:

- ``draw`` (1): draw an action card;
- ``play CARD ...`` (1): play an action card (see :mod:`.cards`);
- ``add 2`` (1), ``add 5`` (2), ``add 9`` (3): move cubes from the reserve to the wind cubes;
- ``gust PORT`` (3): sail as if the wind blew another way, or one area further with it.

The ship must sail once (``sail PORT``) unless it is windlocked. ``end turn``
finishes; the holder of the Largest Crew marker then takes one more one-point
action (or ``end turn`` again to skip it).
"""

from __future__ import annotations

from typing import Any

from windward_nb.core.events import Event
from windward_nb.core.rules import Refusal

from .actions import ADD_COSTS, GRAMMAR, GUST_COST
from .advantages import colour
from .arrival import arrive, port_name
from .components import COMPONENTS, DIRECTION_NAMES
from .flow import after_action, finish_turn
from .sailing import gust_destinations, wind_destinations, windlocked

_C = COMPONENTS
ACTION_POINTS = int(_C.value("action_points"))


def points_left(s: Any) -> int:
    """Action points the deciding player may still spend (the bonus action counts 1)."""
    return 1 if s.bonus else ACTION_POINTS - s.ap


def spend(s: Any, cost: int) -> None:
    if not s.bonus:
        s.ap += cost


def afford(s: Any, cost: int, what: str) -> Refusal:
    left = points_left(s)
    if cost > left:
        if s.bonus:
            return ("Advantages", f"the Largest Crew bonus is a one-point action; {what} costs {cost}")
        return ("Actions", f"{what} costs {cost} action point{'s' if cost > 1 else ''} and "
                           f"{left} {'is' if left == 1 else 'are'} left")
    return None


def must_sail(s: Any) -> bool:
    return not s.sailed and not windlocked(s.ship[s.current], s.wind)


# ------------------------------------------------------------------------------- draw
def check_draw(s: Any, a: Any) -> Refusal:
    refusal = afford(s, 1, "drawing a card")
    if refusal:
        return refusal
    if not s.action_deck and not s.action_discard:
        return ("Card Management", "the action deck and its discard pile are both empty")
    return None


def apply_draw(s: Any, a: Any) -> list[Event]:
    spend(s, 1)
    ev: list[Event] = []
    if not s.action_deck:
        s.phase = "reshuffle"
        s.resume = "draw"
        ev.append(Event("DeckEmpty", "The action deck is empty: its discard pile is shuffled.", {}))
        return ev
    finish_draw(s, ev)
    return ev


def finish_draw(s: Any, ev: list[Event]) -> None:
    seat = s.current
    s.hands[seat].append(s.action_deck.pop(0))
    s.hands[seat].sort()
    ev.append(Event("CardDrawn", f"{colour(seat)} draws an action card.", {"seat": seat}))
    after_action(s, ev)


# ------------------------------------------------------------------------------- cubes
def check_add(s: Any, a: Any) -> Refusal:
    refusal = afford(s, ADD_COSTS[a.arg], f"adding {a.arg} cubes")
    if refusal:
        return refusal
    if s.reserve[s.current] < a.arg:
        return ("Actions", f"your reserve holds {s.reserve[s.current]} cubes, not {a.arg}")
    return None


def apply_add(s: Any, a: Any) -> list[Event]:
    seat = s.current
    spend(s, ADD_COSTS[a.arg])
    s.reserve[seat] -= a.arg
    s.wind_cubes[seat] += a.arg
    ev = [Event("CubesAdded", f"{colour(seat)} adds {a.arg} cubes from the reserve to the wind cubes.",
                {"seat": seat, "n": a.arg})]
    after_action(s, ev)
    return ev


# ------------------------------------------------------------------------------- sailing
def check_sail(s: Any, a: Any) -> Refusal:
    seat = s.current
    port = _C.port_index[a.arg]
    if s.bonus:
        return ("Advantages", "the Largest Crew bonus comes after sailing")
    if s.sailed:
        return ("Sailing", "the ship has sailed this turn (only Heave, Ye Scurvy Dogs! sails again)")
    here = s.ship[seat]
    if port == here:
        return ("Sailing", f"the ship is already in {port_name(port)}: it must sail to a new port")
    if port not in wind_destinations(here, s.wind):
        rule = ("North or South: a port that way in the same or a neighbouring area"
                if s.wind in "NS" else "East or West: a port one or two areas that way")
        return ("Sailing", f"with the wind {DIRECTION_NAMES[s.wind]} the ship cannot reach {port_name(port)} "
                           f"({rule})")
    return None


def apply_sail(s: Any, a: Any) -> list[Event]:
    seat = s.current
    s.sailed = True
    ev: list[Event] = []
    arrive(s, seat, _C.port_index[a.arg], ev)
    return ev


def check_gust(s: Any, a: Any) -> Refusal:
    seat = s.current
    port = _C.port_index[a.arg]
    if s.bonus:
        return ("Advantages", "the Largest Crew bonus is a one-point action; a Gust of Wind costs 3")
    if s.sailed:
        return ("Actions", "a Gust of Wind changes the turn's sailing, and the ship has sailed")
    refusal = afford(s, GUST_COST, "a Gust of Wind")
    if refusal:
        return refusal
    here = s.ship[seat]
    if port == here:
        return ("Sailing", f"the ship is already in {port_name(port)}: it must sail to a new port")
    if port in wind_destinations(here, s.wind):
        return ("Actions", f"the wind already takes the ship to {port_name(port)}: no gust needed")
    if port not in gust_destinations(here, s.wind):
        return ("Actions", f"even a Gust of Wind cannot take the ship to {port_name(port)}")
    return None


def apply_gust(s: Any, a: Any) -> list[Event]:
    seat = s.current
    spend(s, GUST_COST)
    s.sailed = True
    ev = [Event("Gust", f"{colour(seat)} calls up a Gust of Wind.", {"seat": seat})]
    arrive(s, seat, _C.port_index[a.arg], ev, how="rides a gust")
    return ev


# ------------------------------------------------------------------------------- ending
def check_end(s: Any, a: Any) -> Refusal:
    if must_sail(s):
        return ("Sailing", "the ship must sail before the turn ends (it is not windlocked)")
    return None


def apply_end(s: Any, a: Any) -> list[Event]:
    seat = s.current
    ev: list[Event] = []
    if not s.bonus and s.markers["crew"] == seat:
        s.bonus = True
        s.phase = "bonus"
        ev.append(Event("BonusAction", f"{colour(seat)} has the Largest Crew: one bonus action (1 point).",
                        {"seat": seat}))
        return ev
    finish_turn(s, ev)
    return ev


def _describe(s: Any, a: Any) -> str:
    v = a.verb
    if v == "draw":
        return "draw an action card (1 point)"
    if v == "add":
        n = ADD_COSTS[a.arg]
        return f"move {a.arg} cubes from your reserve to your wind cubes ({n} point{'s' if n > 1 else ''})"
    if v in ("sail", "gust"):
        p = _C.port_index[a.arg]
        tile = _C.tiles[s.port_tiles[p]] if s.port_tiles else None
        there = f" ({tile.label} there)" if tile else ""
        return (f"sail to {port_name(p)}{there}" if v == "sail"
                else f"Gust of Wind (3 points): sail to {port_name(p)}{there}")
    if s.bonus:
        return "end your turn without the bonus action"
    return "end your turn"


for _verb, _check, _apply in (("draw", check_draw, apply_draw), ("add", check_add, apply_add),
                              ("sail", check_sail, apply_sail), ("gust", check_gust, apply_gust),
                              ("end", check_end, apply_end)):
    GRAMMAR.handle(_verb, check=_check, apply=_apply, describe=_describe)
