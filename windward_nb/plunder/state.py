"""The position of a Winds of Plunder game: plain lists and numbers.

Seats are numbered 0.. in clockwise order and named by colour. Ports, tiles
and action cards are numbers into :data:`~.components.COMPONENTS`. Decks are
lists with the top card first.

``phase`` says what the game waits for:

- ``deal``, ``shuffle-treasure``, ``shuffle-actions``, ``place-tiles``: the setup (chance);
- ``compass``, ``bid``: the sealed wind vote; ``blackbeard``, ``wind``: a tie to break;
  ``first``: Blackbeard names the first plunderer;
- ``plunder``: a player's turn; ``board``: whom to board on arrival; ``bonus``: the
  Largest Crew's bonus action; ``reshuffle``: the action discards are being shuffled (chance);
- ``over``.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from windward_nb.core.rules import State
from windward_nb.core.sealed import Sealed

from .components import ITEMS


def _sealed(d: Any) -> Sealed | None:
    return Sealed.from_dict(d) if d is not None else None


@dataclass
class PlunderState(State):
    players: int
    options: dict[str, Any]
    phase: str = "deal"
    round: int = 0
    wind: str = "N"
    blackbeard: int = 0
    ship: list[int] = field(default_factory=list)
    vp: list[int] = field(default_factory=list)
    wind_cubes: list[int] = field(default_factory=list)
    reserve: list[int] = field(default_factory=list)
    #: tallies per item, per seat
    tally: dict[str, list[int]] = field(default_factory=dict)
    booty: list[int] = field(default_factory=list)
    #: advantage markers: item -> holding seat or -1
    markers: dict[str, int] = field(default_factory=dict)
    #: per port, the seats with a reputation cube there (in the order placed)
    reputation: list[list[int]] = field(default_factory=list)
    #: per area, the seats that scored its reputation bonus (in order)
    area_bonus: list[list[int]] = field(default_factory=list)
    port_tiles: list[int] = field(default_factory=list)
    bar: list[int] = field(default_factory=list)
    action_deck: list[int] = field(default_factory=list)
    action_discard: list[int] = field(default_factory=list)
    hands: list[list[int]] = field(default_factory=list)
    treasure_deck: list[int] = field(default_factory=list)
    treasures: list[list[int]] = field(default_factory=list)
    compass: Sealed | None = None
    bids: Sealed | None = None
    #: this round's revealed compass directions and cubes spent (None until revealed)
    votes: list[str | None] = field(default_factory=list)
    spent: list[int | None] = field(default_factory=list)
    #: the candidates of a tie being broken (colours' seats or directions)
    tied: list[Any] = field(default_factory=list)
    #: plunder order of this round and whose turn it is (index into ``order``)
    order: list[int] = field(default_factory=list)
    turn: int = -1
    ap: int = 0  #: action points spent this turn
    sailed: bool = False  #: the ship has sailed this turn
    heaved: bool = False  #: a Heave card was played this turn
    bonus: bool = False  #: the turn is in its Largest Crew bonus action
    arriving: int = -1  #: the port of an arrival waiting for a boarding decision
    resume: str = ""  #: what a reshuffle of the action discards is for ("draw")
    finished: list[bool] = field(default_factory=list)  #: compass tiles turned over this round
    result: str = ""

    # --------------------------------------------------------------------------- seats
    @property
    def current(self) -> int:
        """The seat whose plunder turn it is (-1 outside the plunder phase)."""
        return self.order[self.turn] if 0 <= self.turn < len(self.order) else -1

    def item(self, what: str, seat: int) -> int:
        return self.tally[what][seat]

    def markers_of(self, seat: int) -> list[str]:
        return [k for k in ITEMS if self.markers[k] == seat]

    # --------------------------------------------------------------------------- copying
    def clone(self) -> PlunderState:
        c = PlunderState.__new__(PlunderState)
        d = self.__dict__
        c.__dict__.update(d)
        for k in ("ship", "vp", "wind_cubes", "reserve", "booty", "port_tiles", "bar", "action_deck",
                  "action_discard", "treasure_deck", "votes", "spent", "tied", "order", "finished"):
            setattr(c, k, list(d[k]))
        c.tally = {k: list(v) for k, v in self.tally.items()}
        c.markers = dict(self.markers)
        c.options = dict(self.options)
        c.reputation = [list(x) for x in self.reputation]
        c.area_bonus = [list(x) for x in self.area_bonus]
        c.hands = [list(x) for x in self.hands]
        c.treasures = [list(x) for x in self.treasures]
        c.compass = self.compass.clone() if self.compass else None
        c.bids = self.bids.clone() if self.bids else None
        return c

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {}
        for k, v in self.__dict__.items():
            if isinstance(v, Sealed):
                d[k] = v.to_dict()
            elif isinstance(v, list):
                d[k] = [list(x) if isinstance(x, list) else x for x in v]
            elif isinstance(v, dict):
                d[k] = {kk: (list(vv) if isinstance(vv, list) else vv) for kk, vv in sorted(v.items())}
            else:
                d[k] = v
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> PlunderState:
        kw = copy.deepcopy(dict(d))
        kw["compass"] = _sealed(d.get("compass"))
        kw["bids"] = _sealed(d.get("bids"))
        kw["tally"] = {k: list(v) for k, v in d["tally"].items()}
        kw["markers"] = dict(d["markers"])
        kw["options"] = dict(d["options"])
        return cls(**kw)
