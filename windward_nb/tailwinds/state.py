"""The Tailwinds position as plain data.

A boat is ``[space, lane, id]``: its space on the track (see
:mod:`~windward_nb.tailwinds.track`), its lane (0 = inside) and a fixed id
(0 or 1) per player. Each player's boats are kept fore first. Cards are named
by their keys (``"4"``, ``"cannons"``, ``"recover"``); the rainbow deck is a
sorted list, because every draw from it is a chance outcome.

``queue`` holds the steps of an effect still to run and ``pending`` the
decisions or chance outcomes the game waits for (last = first to settle);
both are lists of small JSON-ready dicts, so a position saves and clones like
the rest.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from windward_nb.core.rules import State
from windward_nb.core.sealed import Sealed

from .cards import Components, check_components, load_components
from .track import Track

_COMP_CACHE: dict[str, Components] = {}  # bounded: 17 custom component sets, then cleared


def components_for(custom: dict | None) -> Components:
    """The components a game uses: the bundled ones, or checked custom data."""
    if custom is None:
        return load_components()
    import json

    key = json.dumps(custom, sort_keys=True)
    hit = _COMP_CACHE.get(key)
    if hit is None:
        if len(_COMP_CACHE) > 16:
            _COMP_CACHE.clear()
        hit = _COMP_CACHE[key] = check_components(copy.deepcopy(custom))
    return hit


@dataclass
class TailwindsState(State):
    players: int
    options: dict[str, Any]
    characters: list[str] = field(default_factory=list)
    phase: str = "decks"  # decks, first, place, choose, turn, over
    first: int = -1
    placing: list[int] = field(default_factory=list)
    boats: list[list[list[int]]] = field(default_factory=list)
    retired: list[int] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    played: list[list[str]] = field(default_factory=list)
    gone: list[list[str]] = field(default_factory=list)
    choosing: Sealed | None = None
    forbid: list[str | None] = field(default_factory=list)
    revealed: list[str | None] = field(default_factory=list)
    round_cards: list[str | None] = field(default_factory=list)
    to_go: list[int] = field(default_factory=list)
    turn: int = -1
    points: int = 0
    acted: bool = False
    ability_used: bool = False
    rainbow_played: bool = False
    swaps: list[int] = field(default_factory=list)
    entered: list[list[int]] = field(default_factory=list)
    queue: list[dict] = field(default_factory=list)
    pending: list[dict] = field(default_factory=list)
    market: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    rainbow: list[str | None] = field(default_factory=list)
    known: list[list[int]] = field(default_factory=list)
    wind_card: int = 0
    round: int = 0
    winner: int = -1
    result: str = ""
    _comp: Components | None = field(default=None, repr=False, compare=False)
    _track: Track | None = field(default=None, repr=False, compare=False)

    # --------------------------------------------------------------------------- derived
    @property
    def comp(self) -> Components:
        if self._comp is None:
            self._comp = components_for(self.options.get("components"))
        return self._comp

    @property
    def track(self) -> Track:
        t = self._track
        if t is None:
            t = self._track = Track.build(self.comp, self.options["track"])
        return t

    # --------------------------------------------------------------------------- copying
    def clone(self) -> TailwindsState:
        return TailwindsState(
            players=self.players, options=self.options, characters=list(self.characters), phase=self.phase,
            first=self.first, placing=list(self.placing),
            boats=[[list(b) for b in bs] for bs in self.boats], retired=list(self.retired),
            hands=[list(h) for h in self.hands], played=[list(h) for h in self.played],
            gone=[list(h) for h in self.gone], choosing=self.choosing.clone() if self.choosing else None,
            forbid=list(self.forbid), revealed=list(self.revealed), round_cards=list(self.round_cards),
            to_go=list(self.to_go), turn=self.turn, points=self.points, acted=self.acted,
            ability_used=self.ability_used, rainbow_played=self.rainbow_played, swaps=list(self.swaps),
            entered=[list(e) for e in self.entered], queue=[dict(q) for q in self.queue],
            pending=[copy.deepcopy(p) for p in self.pending], market=list(self.market), deck=list(self.deck),
            discard=list(self.discard), rainbow=list(self.rainbow), known=[list(k) for k in self.known],
            wind_card=self.wind_card, round=self.round, winner=self.winner, result=self.result,
            _comp=self._comp, _track=self._track)

    _FIELDS = ("players", "characters", "phase", "first", "placing", "boats", "retired", "hands", "played",
               "gone", "forbid", "revealed", "round_cards", "to_go", "turn", "points", "acted", "ability_used",
               "rainbow_played", "swaps", "entered", "queue", "pending", "market", "deck", "discard", "rainbow",
               "known", "wind_card", "round", "winner", "result")

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"options": copy.deepcopy(self.options)}
        for k in self._FIELDS:
            d[k] = copy.deepcopy(getattr(self, k))
        d["choosing"] = self.choosing.to_dict() if self.choosing else None
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> TailwindsState:
        kw = {k: copy.deepcopy(d[k]) for k in cls._FIELDS}
        kw["choosing"] = Sealed.from_dict(d["choosing"]) if d.get("choosing") else None
        return cls(options=copy.deepcopy(d["options"]), **kw)

    # --------------------------------------------------------------------------- helpers
    def character(self, seat: int):
        return self.comp.characters[self.characters[seat]]

    def chooser(self) -> int:
        """The seat that chooses a card face down next (the choose phase, or a Shackle's new choice)."""
        seat = self.choosing.waiting if self.choosing is not None else None
        if seat is None:
            raise ValueError("no one is choosing a card now")
        return seat

    def card(self, seat: int, key: str):
        return self.character(seat).card(key)
