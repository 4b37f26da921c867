"""The Naturalist (advanced variant): one captain studies cresters instead of hunting them.

The captain of the Naturalist's ship board researches a defeated crester in its
hold instead of processing it: gas as if processed, a tag on the crester, and
the crester released alive next to the ship. Every turn it ends at sky it gains
notoriety for the tagged cresters still alive (edition a counts tagged grey
cresters, edition b every grey crester on the planet). It never keeps teeth. A
tagged grey crester does not count toward the grey cresters the planet should
have, and a defeated crester loses its tag.
"""

from __future__ import annotations

from typing import Any

from .. import orders
from ..actions import GRAMMAR, Action
from ..components import Components
from ..describe import where
from ..events import Event
from ..frames import FrameKind, ReleaseFrame, register_frame
from ..hooks import Hooks, OrderSpace, Refusal, register, register_order
from ..state import PORT, GameState

RESEARCH = register_order(OrderSpace("research", "The Naturalist", "only the Naturalist can research cresters"))


def is_naturalist(s: GameState, seat: int) -> bool:
    return "naturalist" in s.variants and s.ships[seat].colour == s.components.raw["naturalist"]["colour"]


def tags_left(s: GameState) -> int:
    tags: int = s.components.raw["naturalist"]["tags"]
    return tags - len(s.tagged_reds) - len(s.tagged_greys)


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


def check_research(s: GameState) -> Refusal:
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


def release(s: GameState, ev: list[Event], f: ReleaseFrame, h: int) -> None:
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


class ReleaseKind(FrameKind[ReleaseFrame]):
    k = "release"
    waiting = "release the tagged crester"

    def actions(self, s: GameState, f: ReleaseFrame) -> list[Action]:
        return [Action("release", s.planet.cells[h]) for h in release_places(s)]

    def apply(self, s: GameState, ev: list[Event], f: ReleaseFrame, a: Action) -> None:
        release(s, ev, f, s.planet.index[a.arg])


def _describe_release(s: GameState, a: Action) -> str:
    f = s.frames[-1]
    kind = f["crester"] if f["k"] == "release" else "tagged"
    return f"Release the tagged {kind} crester at {where(s, s.planet.index[a.arg])}"


class Naturalist(Hooks):
    """The advanced variant "The Naturalist" (``variants=["naturalist"]``)."""

    name = "naturalist"
    kind = "variant"
    title = "The Naturalist"

    def draw_colours(self, colours: list[str], rng: Any, comp: Components, players: int) -> None:
        naturalist = comp.raw["naturalist"]["colour"]
        if naturalist not in colours:
            colours[int(rng.integers(players))] = naturalist

    def order_refusal(self, s: GameState, name: str) -> Refusal:
        if name == "process" and is_naturalist(s, s.current):
            return ("The Naturalist", "the Naturalist researches cresters instead of processing them")
        return None

    def gives_order(self, s: GameState, name: str) -> bool:
        return name == RESEARCH.name and is_naturalist(s, s.current)

    def order_effect_refusal(self, s: GameState, name: str) -> Refusal:
        return check_research(s) if name == RESEARCH.name else None

    def order_effect(self, s: GameState, ev: list[Event], name: str) -> bool:
        if name != RESEARCH.name:
            return False
        research(s, ev)
        return True

    def sky_bonus(self, s: GameState, ev: list[Event]) -> None:
        naturalist_bonus(s, ev)

    def after_action(self, s: GameState, ev: list[Event]) -> None:
        naturalist_teeth(s, ev)

    def crester_defeated(self, s: GameState, kind: str, here: int) -> None:
        # a defeated crester loses its tag; the tag goes home
        if kind == "grey" and here in s.tagged_greys:
            s.tagged_greys.remove(here)
        elif kind == "red" and here in s.tagged_reds and here not in s.reds:
            s.tagged_reds.remove(here)

    def uncounted_greys(self, s: GameState) -> int:
        return len(s.tagged_greys)  # a tagged grey does not count as alive


register_frame(ReleaseKind())
GRAMMAR.handle("release", describe=_describe_release)
NATURALIST = register(Naturalist())
