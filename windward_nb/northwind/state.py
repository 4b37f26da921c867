"""The North Wind position as plain data.

Stacks are lists of tile names, top first. A ship's hold is five counts in
the order of :data:`~windward_nb.northwind.components.GOODS`; its crew is the
list of filled slots. The task board is one list per destination harbour of
the seats whose tokens sit on its fields, bottom up.

``phase`` says what happens next:

========== ============================================================
deal       chance: the 21 tiles are dealt into three stacks
shuffle    chance: a stack is shuffled (setup, and after every voyage)
choose     the captain picks a stack to sail into
prepare    before the first tile: cut the stack, look (Lookout), reveal
peek       the Lookout has seen the top tile: keep it or put it under
tile       an action tile is face up: use it or pass
event      chance: the event die for a fog tile
pirate     a pirate ship: pay or fight
battle     chance: the battle dice
letter     an opponent may spend a commercial letter on the tile just used
sail       between tiles: reveal the next one or end the voyage
over       the game has ended
========== ============================================================
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.rules import State
from .components import ABILITIES, GOODS, Components, components_by_digest


@dataclass
class NWState(State):
    players: int
    comp: Components
    options: dict[str, Any]
    phase: str = "deal"
    turn: int = 0  #: the captain whose turn it is
    turns: int = 0  #: turns begun so far
    # sea tile stacks (index = destination index)
    stacks: list[list[str]] = field(default_factory=list)  #: face-down tiles, top first
    contents: list[list[str]] = field(default_factory=list)  #: each stack's tiles, sorted (fixed after the deal)
    known: list[list[str]] = field(default_factory=list)  #: tiles everyone has seen in each stack, sorted
    secret: list[list[list[str]]] = field(default_factory=list)  #: [seat][stack]: tiles only that seat has seen
    shuffles: list[int] = field(default_factory=list)  #: stacks waiting to be shuffled
    # the voyage under way
    stack: int = -1
    row: list[str] = field(default_factory=list)  #: tiles revealed this voyage, in order
    used: list[bool] = field(default_factory=list)  #: which revealed tiles were used (rotated)
    cut: bool = False
    looked: bool = False
    peek: str = ""  #: the top tile the Lookout is looking at or kept on top
    under: str = ""  #: the tile the Lookout put under the stack
    actions: int = 0
    pirate: int = 0  #: strength of the pirate being faced
    letter_queue: list[int] = field(default_factory=list)
    # the captains
    gold: list[int] = field(default_factory=list)
    hold: list[list[int]] = field(default_factory=list)  #: [seat][good index]
    brig: list[int] = field(default_factory=list)
    cannons: list[int] = field(default_factory=list)  #: mounted
    crew: list[list[str]] = field(default_factory=list)  #: filled slots, in slot order
    sail: list[int] = field(default_factory=list)
    letters: list[int] = field(default_factory=list)
    tokens: list[int] = field(default_factory=list)  #: task tokens still in each captain's supply
    # the general supply
    tray: list[int] = field(default_factory=list)  #: commodities by good index
    captains: int = 0
    letter_supply: int = 0
    # the task board
    tasks: list[list[int]] = field(default_factory=list)  #: [column]: seats on its fields, bottom up
    most: list[int] = field(default_factory=list)  #: [column]: seat holding the "most tokens" bonus, or -1
    supply_bonus: list[int] = field(default_factory=list)  #: seats on the "every harbour" bonus field
    crew_bonus: list[int] = field(default_factory=list)  #: seats on the "maximum crew" bonus field
    winner: int = -1
    result: str = ""

    # ------------------------------------------------------------------ copying
    def clone(self) -> NWState:
        c = NWState.__new__(NWState)
        d = self.__dict__
        new = c.__dict__
        new.update(d)
        for k in ("stacks", "contents", "known", "hold", "crew", "tasks"):
            new[k] = [list(x) for x in d[k]]
        new["secret"] = [[list(x) for x in per] for per in d["secret"]]
        for k in ("shuffles", "row", "used", "letter_queue", "gold", "brig", "cannons", "sail", "letters",
                  "tokens", "tray", "most", "supply_bonus", "crew_bonus"):
            new[k] = list(d[k])
        new["options"] = dict(d["options"])
        return c

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k, v in self.__dict__.items():
            if k == "comp":
                out["data"] = v.digest
            elif isinstance(v, list):
                out[k] = _copy(v)
            elif isinstance(v, dict):
                out[k] = dict(v)
            else:
                out[k] = v
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any], comp: Components | None = None) -> NWState:
        """The state :meth:`to_dict` gave (``comp`` when the components are not loaded here)."""
        d = dict(d)
        digest = d.pop("data")
        if comp is None:
            comp = components_by_digest(digest)
        elif comp.digest != digest:
            raise ValueError("these components are not the ones the state was made with")
        return cls(comp=comp, **{k: _copy(v) if isinstance(v, list) else v for k, v in d.items()})

    # ------------------------------------------------------------------ small queries
    def held(self, seat: int, good: str) -> int:
        return self.hold[seat][GOODS.index(good)]

    def cargo(self, seat: int) -> int:
        return sum(self.hold[seat])

    def has(self, seat: int, ability: str) -> bool:
        return ability in self.crew[seat]

    def on_board(self, seat: int) -> int:
        """Task tokens ``seat`` has on the task board (fields and bonus fields)."""
        return self.target_tokens - self.tokens[seat]

    @property
    def target_tokens(self) -> int:
        return self.comp.tokens[self.players]

    @property
    def tile_id(self) -> str:
        """The tile being decided on (the last one revealed), or ''."""
        return self.row[-1] if self.row else ""

    def goods_text(self, seat: int) -> str:
        parts = [f"{n} {g}" for g, n in zip(GOODS, self.hold[seat]) if n]
        return ", ".join(parts) if parts else "nothing"


def _copy(v: Any) -> Any:
    if isinstance(v, list):
        return [_copy(x) for x in v]
    return v


def slot_order(crew: list[str]) -> list[str]:
    return [a for a in ABILITIES if a in crew]
