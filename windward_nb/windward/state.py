"""Plain-data game state: ships, pieces on the planet, supply stacks, turn and decisions.

Everything here is lists, ints, strings and small dicts so that a state clones
cheaply, serialises to JSON and hashes stably. The rules live in
:mod:`windward_nb.windward.rules` and the modules it calls; pending decisions
are :mod:`~windward_nb.windward.frames`.

Positions are indices into :attr:`Planet.cells`; a ship at the Trading Post
has position :data:`PORT`, a longboat on its ship's board has :data:`ABOARD`.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, cast

from ..core.rules import State
from .components import Components, load_components
from .framekeys import Frame
from .planet import Planet

PORT = -1
ABOARD = -1
OFF = -2  # a piece that is not on the planet yet (e.g. the White Crester before it appears)
GONE = -3  # a piece removed from the game (the White Crester once defeated in free-for-all)

ITEM_KINDS = ("gas", "grey_teeth", "red_teeth", "tokens")


@dataclass
class Ship:
    """One captain's ship and ship status board."""

    colour: str
    pos: int = PORT
    morale: int = 1
    rowers: int = 0  # longboat speed track
    boats: list[int] = field(default_factory=lambda: [ABOARD])  # one entry per available longboat
    gas: int = 0
    cannons: int = 0
    crew: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    hold: str = ""  # defeated crester in the cargo hold: "", "grey" or "red"
    grey_teeth: int = 0
    red_teeth: int = 0
    tokens: int = 0  # "+2 hits" tokens in the cargo hold
    notoriety: int = 0

    def clone(self) -> Ship:
        s = Ship.__new__(Ship)
        s.__dict__.update(self.__dict__)
        s.boats = list(self.boats)
        s.crew = list(self.crew)
        s.hand = list(self.hand)
        return s

    @property
    def at_port(self) -> bool:
        return self.pos == PORT

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__, boats=list(self.boats), crew=list(self.crew), hand=list(self.hand))


@dataclass
class Turn:
    """What the current player has used up this turn."""

    speed: int = 4  # ship speed left
    mates: int = 2  # mates still to place
    coffee: int = 0  # coffee cards played whose extra order is unused
    coffee_tokens: int = 0  # coffee tokens placed on order spaces this turn
    orders: list[str] = field(default_factory=list)  # order spaces covered (mates and coffee)
    deadweight: bool = False
    no_attack: list[str] = field(default_factory=list)  # targets this turn's attacker may not attack again
    fought_reds: list[int] = field(default_factory=list)  # hexes of red cresters that battled this ship
    came_from: int = PORT  # the ship's previous space (for moving back after a battle)
    last_clear: int = PORT  # the last space without Drift the ship stood on this turn
    # what was moved this turn and could be moved straight back (cargo picked up or dropped, with
    # its space; cards given in the Cooperative game): the exact undo of each is refused (R31)
    reversible: list[str] = field(default_factory=list)

    def clone(self) -> Turn:
        t = Turn.__new__(Turn)
        t.__dict__.update(self.__dict__)
        t.orders = list(self.orders)
        t.reversible = list(self.reversible)
        t.no_attack = list(self.no_attack)
        t.fought_reds = list(self.fought_reds)
        return t


@dataclass
class GameState(State):
    """The whole position. Use :meth:`clone` before mutating a copy.

    ``mode`` and ``variants`` pick the hooks that change the base rules (see
    :mod:`windward_nb.windward.hooks`); the fields after ``result`` belong to
    the modes and variants and stay empty otherwise.
    """

    planet: Planet
    components: Components
    mode: str = "free-for-all"
    variants: tuple[str, ...] = ()
    edition: str = "a"
    red_routes: str = "fixed"  # Solo Adventure: "chosen" when the player picks the reds' routes (cresters.RED_ROUTES)
    ships: list[Ship] = field(default_factory=list)
    first: int = 0  # seat of the first player
    current: int = 0  # seat whose turn it is
    round: int = 1
    turn_number: int = 1
    wind: int = 1
    greys: list[int] = field(default_factory=list)  # alive grey cresters (hex)
    greys_down: list[int] = field(default_factory=list)  # defeated grey cresters on the planet (hex)
    reds: list[int] = field(default_factory=list)  # alive red cresters (hex)
    reds_down: list[int] = field(default_factory=list)  # defeated red cresters on the planet (hex)
    white: int = OFF
    items: dict[int, list[int]] = field(default_factory=dict)  # hex -> [gas, grey teeth, red teeth, tokens]
    stacks: list[list[str]] = field(default_factory=lambda: [[], [], []])  # face-up supply stacks, top last
    discard: list[str] = field(default_factory=list)
    turn: Turn = field(default_factory=Turn)
    frames: list[Frame] = field(default_factory=list)  # pending decisions and chance, innermost last
    end_trigger: int = -1  # seat that reached the notoriety goal, or -1
    over: bool = False
    result: str = ""  # how the game ended, in words
    # modes and variants
    lives: list[int] = field(default_factory=list)  # cooperative: [captains' lives, White Crester's lives]
    difficulty: int = 0  # cooperative: spaces the White Crester moves
    tagged_reds: list[int] = field(default_factory=list)  # the Naturalist's tagged red cresters (hex)
    tagged_greys: list[int] = field(default_factory=list)  # the Naturalist's tagged grey cresters (hex)
    achievements: list[dict[str, Any]] = field(default_factory=list)  # face-up cards: id, first, claimed
    stats: list[dict[str, int]] = field(default_factory=list)  # per seat counters for achievements
    # R31 switched off (records made before it): this turn's pick-ups, drops and gifts may be undone.
    # A game's option, kept by its record: not in to_dict (by itself it changes no legal action, only
    # whether the turn remembers what it moved), so positions keep their fingerprints
    takebacks: bool = False
    # the hooks found for this state's mode, variants and planet (see hooks.active); not part of the position
    _hooks: Any = field(default=None, init=False, repr=False, compare=False)

    # ------------------------------------------------------------------ copies and identity
    def __getstate__(self) -> dict[str, Any]:
        # pickles and deep copies leave out the hooks found for this state (see hooks.active)
        d = dict(self.__dict__)
        d["_hooks"] = None
        return d

    def clone(self) -> GameState:
        s = GameState.__new__(GameState)
        s.__dict__.update(self.__dict__)
        s.ships = [ship.clone() for ship in self.ships]
        s.greys = list(self.greys)
        s.greys_down = list(self.greys_down)
        s.reds = list(self.reds)
        s.reds_down = list(self.reds_down)
        s.items = {k: list(v) for k, v in self.items.items()}
        s.stacks = [list(x) for x in self.stacks]
        s.discard = list(self.discard)
        s.turn = self.turn.clone()
        s.frames = [f.copy() for f in self.frames]
        s.lives = list(self.lives)
        s.tagged_reds = list(self.tagged_reds)
        s.tagged_greys = list(self.tagged_greys)
        s.achievements = [dict(a, claimed=list(a["claimed"])) for a in self.achievements]
        s.stats = [dict(x) for x in self.stats]
        return s

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description of the whole position."""
        return {
            "planet": str(self.planet),
            "components": self.components.content_hash,
            "mode": self.mode,
            "variants": list(self.variants),
            "edition": self.edition,
            **({} if self.red_routes == "fixed" else {"red_routes": self.red_routes}),  # older positions: fixed
            "ships": [s.to_dict() for s in self.ships],
            "first": self.first,
            "current": self.current,
            "round": self.round,
            "turn_number": self.turn_number,
            "wind": self.wind,
            "greys": sorted(self.greys),
            "greys_down": sorted(self.greys_down),
            "reds": sorted(self.reds),
            "reds_down": sorted(self.reds_down),
            "white": self.white,
            "items": {str(k): list(v) for k, v in sorted(self.items.items()) if any(v)},
            "stacks": [list(x) for x in self.stacks],
            "discard": list(self.discard),
            "turn": self._turn_dict(),
            "frames": [dict(f) for f in self.frames],
            "end_trigger": self.end_trigger,
            "over": self.over,
            "result": self.result,
            "lives": list(self.lives),
            "difficulty": self.difficulty,
            "tagged_reds": sorted(self.tagged_reds),
            "tagged_greys": sorted(self.tagged_greys),
            "achievements": [dict(a, claimed=list(a["claimed"])) for a in self.achievements],
            "stats": [dict(sorted(x.items())) for x in self.stats],
        }

    def _turn_dict(self) -> dict[str, Any]:
        t = dict(self.turn.__dict__, orders=sorted(self.turn.orders), no_attack=sorted(self.turn.no_attack),
                 fought_reds=sorted(self.turn.fought_reds), reversible=sorted(self.turn.reversible))
        if not t["reversible"]:
            del t["reversible"]  # a position with nothing to take back keeps the fingerprint it always had
        return t

    @classmethod
    def from_dict(cls, d: dict[str, Any], components: Components | None = None) -> GameState:
        comp = components or load_components()
        if d.get("components") not in (None, comp.content_hash):
            raise ValueError("this position was made with a different component set")
        s = cls(planet=Planet.parse(d["planet"], None if components is None else comp), components=comp)
        s.mode = d["mode"]
        s.variants = tuple(d["variants"])
        s.edition = d["edition"]
        s.red_routes = d.get("red_routes", "fixed")
        s.ships = [Ship(**sd) for sd in d["ships"]]
        for key in ("first", "current", "round", "turn_number", "wind", "white", "end_trigger", "over", "result"):
            setattr(s, key, d[key])
        for key in ("greys", "greys_down", "reds", "reds_down", "discard", "lives", "tagged_reds", "tagged_greys"):
            setattr(s, key, list(d.get(key, [])))
        s.difficulty = d.get("difficulty", 0)
        s.achievements = [dict(a, claimed=list(a["claimed"])) for a in d.get("achievements", [])]
        s.stats = [dict(x) for x in d.get("stats", [])]
        s.items = {int(k): list(v) for k, v in d["items"].items()}
        s.stacks = [list(x) for x in d["stacks"]]
        s.turn = Turn(**d["turn"])
        s.frames = [cast(Frame, dict(f)) for f in d["frames"]]
        return s

    def fingerprint(self) -> str:
        """A stable hash of the whole position (same position, same fingerprint, in any process)."""
        blob = json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()[:20]

    # ------------------------------------------------------------------ small queries
    @property
    def players(self) -> int:
        return len(self.ships)

    def seat_order(self) -> list[int]:
        """Seats in turn order starting with the first player."""
        n = self.players
        return [(self.first + i) % n for i in range(n)]

    def ship_at(self, i: int) -> int:
        """Seat of the ship on hex ``i``, or -1."""
        for seat, ship in enumerate(self.ships):
            if ship.pos == i:
                return seat
        return -1

    def longboat_at(self, i: int) -> tuple[int, int]:
        """(seat, boat number) of the longboat on hex ``i``, or (-1, -1)."""
        for seat, ship in enumerate(self.ships):
            for b, pos in enumerate(ship.boats):
                if pos == i:
                    return seat, b
        return -1, -1

    def move_red(self, src: int, dst: int) -> None:
        """Move one alive red crester (and its tag, if any) from ``src`` to ``dst``."""
        self.reds[self.reds.index(src)] = dst
        if src in self.tagged_reds:
            self.tagged_reds[self.tagged_reds.index(src)] = dst

    def item_count(self, i: int, kind: str) -> int:
        row = self.items.get(i)
        return row[ITEM_KINDS.index(kind)] if row else 0

    def add_items(self, i: int, kind: str, n: int) -> None:
        if n == 0:
            return
        row = self.items.get(i)
        if row is None:
            row = self.items[i] = [0, 0, 0, 0]
        row[ITEM_KINDS.index(kind)] += n
        if not any(row):
            del self.items[i]

    def hand_limit(self, seat: int) -> int:
        return self.components.limits["hand_limit"] + self.crew_bonus(seat, "hand_limit")

    def crew_bonus(self, seat: int, key: str) -> int:
        crew = self.ships[seat].crew
        if not crew:
            return 0
        effects = self.components.crew_effects
        total = 0
        for c in crew:
            total += effects[c].get(key, 0)
        return total

    def gas_slots(self, seat: int) -> int:
        return self.components.board(self.ships[seat].colour).gas_slots + self.crew_bonus(seat, "gas_slots")

    def cannon_slots(self, seat: int) -> int:
        return self.components.board(self.ships[seat].colour).cannon_slots + self.crew_bonus(seat, "cannon_slots")

    # stock counts are derived: box contents minus everything in play
    def stock(self, kind: str) -> int:
        box = self.components.stock
        if kind == "grey":
            return box["grey"] - len(self.greys) - len(self.greys_down) - sum(s.hold == "grey" for s in self.ships)
        if kind == "red":
            return box["red"] - len(self.reds) - len(self.reds_down) - sum(s.hold == "red" for s in self.ships)
        if kind in ("grey_teeth", "red_teeth", "tokens"):
            k = ITEM_KINDS.index(kind)
            left = box[kind]
            for row in self.items.values():
                left -= row[k]
            for s in self.ships:
                left -= getattr(s, kind)
            return left
        if kind == "gas":  # gas and cannon tokens share one pool
            left = box["gas"]
            for row in self.items.values():
                left -= row[0]
            for s in self.ships:
                left -= s.gas + s.cannons
            return left
        if kind == "coffee":
            return box["coffee"] - self.turn.coffee_tokens
        raise KeyError(kind)
