"""The race track: track cards laid in a row, then the Finish Line.

Spaces are numbered along the whole track from 0 (the first space of track
card 1) to ``length - 1``; the Finish Line is space ``length``. Players see
them numbered from 1 (``place 3``). Each space has ``lanes`` lanes (lane 0 is
the inside lane, the leading one), except narrows on advanced sides, which
have one lane fewer. The Finish Line holds any number of boats (ruling T3).

>>> from windward_nb.tailwinds.cards import load_components
>>> t = Track.build(load_components(), "SSSSSS")
>>> t.length, t.cards, t.starts, t.rainbows
(33, 6, (0, 1, 2), (5, 9, 16, 19, 26))
>>> t.card_of(6), t.card_of(7), t.first_space(1), t.label(7)
(0, 1, 7, 'card 2 space 1')
>>> t.label(33), t.lanes(33) > 8
('the Finish Line', True)
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Components

FINISH_LANES = 99


@dataclass(frozen=True)
class Track:
    sides: str  #: one letter per track card: S standard, A advanced
    length: int  #: track spaces (the Finish Line is space ``length``)
    cards: int
    starts: tuple[int, ...]
    rainbows: tuple[int, ...]
    _card: tuple[int, ...]  # card index per space
    _first: tuple[int, ...]  # first space per card
    _lanes: tuple[int, ...]  # lanes per space

    @staticmethod
    def build(comp: Components, sides: str) -> Track:
        return _build(comp, sides)

    @property
    def finish(self) -> int:
        return self.length

    def card_of(self, space: int) -> int:
        """The track card index (0-based) of a space; the Finish Line is ``cards``."""
        return self._card[space] if space < self.length else self.cards

    def first_space(self, card: int) -> int:
        return self._first[card] if card < self.cards else self.length

    def lanes(self, space: int) -> int:
        return self._lanes[space] if space < self.length else FINISH_LANES

    def is_rainbow(self, space: int) -> bool:
        return space in self.rainbows

    def label(self, space: int) -> str:
        """A space in words: ``card 2 space 1`` (or ``the Finish Line``)."""
        if space >= self.length:
            return "the Finish Line"
        c = self._card[space]
        return f"card {c + 1} space {space - self._first[c] + 1}"


# Components are frozen dataclasses of hashable parts, except dicts: key the cache on id.
# bounded: 65 tracks, then cleared; the last 64 component sets are kept alive so their ids are not reused
_CACHE: dict[tuple[int, str], Track] = {}


def _build(comp: Components, sides: str) -> Track:
    key = (id(comp), sides)
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    cards, first, lanes, starts, rainbows = [], [], [], [], []
    pos = 0
    for i, tc in enumerate(comp.track):
        side = tc.advanced if sides[i] == "A" else tc.standard
        first.append(pos)
        for n in range(1, side.spaces + 1):
            cards.append(i)
            lanes.append(comp.lanes - 1 if n in side.narrow else comp.lanes)
            if n in side.start:
                starts.append(pos)
            if n in side.rainbow:
                rainbows.append(pos)
            pos += 1
    t = Track(sides=sides, length=pos, cards=len(comp.track), starts=tuple(starts), rainbows=tuple(rainbows),
              _card=tuple(cards), _first=tuple(first), _lanes=tuple(lanes))
    if len(_CACHE) > 64:
        _CACHE.clear()
    _CACHE[key] = t
    _keep.append(comp)  # keep comp alive so its id is not reused while cached
    del _keep[:-64]
    return t


_keep: list[Components] = []  # bounded: the last 64 (see _build)

