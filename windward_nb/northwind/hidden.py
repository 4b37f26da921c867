"""What each captain may know, and full positions consistent with it.

Hidden in North Wind: the order of every stack, which of the unseen tiles lie
in which stack (the deal is face down), and what a Lookout saw. Everyone
remembers which tiles have been revealed from which stack (stacks keep their
tiles all game), and a captain whose Lookout looked remembers that tile too.

:func:`determinize` draws every hidden part afresh, using only what
:func:`observation` shows, so a search bot can never cheat with it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .state import NWState


def observation(s: NWState, seat: int) -> dict[str, Any]:
    """The position as ``seat`` sees it (JSON-ready)."""
    d = s.to_dict()
    d["seat"] = seat
    d["stacks"] = [len(x) for x in s.stacks]  # order and make-up hidden
    del d["contents"]
    d["secret"] = [list(x) for x in s.secret[seat]] if s.secret else []
    own = seat == s.turn
    d["peek"] = s.peek if own else ("?" if s.peek else "")
    d["under"] = s.under if own else ("?" if s.under else "")
    return d


def determinize(s: NWState, seat: int, rng: np.random.Generator) -> NWState:
    """A full position that ``seat`` cannot tell from ``s``, hidden parts drawn from ``rng``."""
    t = s.clone()
    if not s.stacks:  # before the deal nothing is hidden
        return t
    comp = s.comp
    own = seat == s.turn
    row = set(s.row)
    located = [set(s.known[i]) | set(s.secret[seat][i]) for i in range(len(s.stacks))]
    placed = set().union(*located)
    unknown = sorted(set(comp.tiles) - placed)
    order = [unknown[k] for k in rng.permutation(len(unknown))]
    for i, size in enumerate(len(x) for x in s.stacks):
        face_down = sorted(located[i] - row) if i == s.stack else sorted(located[i])
        free = size - len(face_down)
        tiles = face_down + order[:free]
        del order[:free]
        top = s.peek if (own and s.peek and i == s.stack) else ""
        bottom = s.under if (own and s.under and i == s.stack) else ""
        middle = sorted(x for x in tiles if x not in (top, bottom))
        middle = [middle[k] for k in rng.permutation(len(middle))]
        t.stacks[i] = ([top] if top else []) + middle + ([bottom] if bottom else [])
        t.contents[i] = sorted(t.stacks[i] + (list(s.row) if i == s.stack else []))
    # other captains' private knowledge is not seen: keep only what the position itself implies
    for p in range(s.players):
        if p != seat:
            t.secret[p] = [[] for _ in s.stacks]
    if not own and s.stack >= 0:
        st = t.stacks[s.stack]
        if s.peek:
            t.peek = st[0]
        if s.under:
            t.under = st[-1]
        mine = t.secret[s.turn][s.stack]
        for x in (t.peek, t.under):
            if x and x not in mine:
                mine.append(x)
        mine.sort()
    return t
