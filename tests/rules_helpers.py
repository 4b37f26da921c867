"""Shared helpers for the rule-section tests (battle, ship lost, ending a turn, rounds).

Positions are built with ``ww.scenario`` and, unless a test says otherwise, with
``auto_chance=False`` so that every die is chosen by the test ("dice 1,2,3",
"wind 4", "grey 3").  Seat 0 plays the blue board (rest at port +2), seat 1 the
green board (+1).

Test modules import them with ``from rules_helpers import ...`` (pytest puts the
tests folder on the import path).
"""

from __future__ import annotations

import pytest

import windward_nb as ww
from windward_nb.errors import IllegalActionError


def make(players: int = 2, **kw) -> ww.Game:
    """A scenario with chance left to the test and, by default, no red cresters."""
    kw.setdefault("reds", [])
    kw.setdefault("auto_chance", False)
    return ww.scenario(players=players, **kw)


def hx(game: ww.Game, text: str) -> int:
    """Planet index of a hex written "q,r"."""
    return game.state.planet.cell(text)


def label(game: ww.Game, i: int) -> str:
    return "port" if i < 0 else game.state.planet.label(i)


def refused(game: ww.Game, action: str, section: str, reason: str = "") -> str:
    """Apply ``action``, expect IllegalActionError naming ``section``; the state must not change."""
    before = game.state.fingerprint()
    who = game.current_player
    with pytest.raises(IllegalActionError) as exc:
        game.apply(action)
    msg = str(exc.value)
    assert msg.endswith(f"[{section}]"), msg
    assert reason in msg, msg
    assert game.state.fingerprint() == before
    assert game.current_player == who
    return msg


def dice_expected(game: ww.Game) -> int:
    """How many battle dice the pending chance node rolls (all outcomes must agree)."""
    assert game.current_player == ww.CHANCE
    outs = game.legal_actions()
    assert outs and all(a.verb == "dice" for a in outs)
    sizes = {len(a.arg) for a in outs}
    assert len(sizes) == 1
    return sizes.pop()


def step(game: ww.Game) -> str:
    """The step of the battle on top of the decision stack."""
    f = game.state.frames[-1]
    assert f["k"] == "battle", f
    return f["step"]


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def first(events, kind: str):
    found = [e for e in events if e.kind == kind]
    assert found, f"no {kind} event in {kinds(events)}"
    return found[0]


dice_count = dice_expected


def events(ev, kind: str) -> list:
    return [e for e in ev if e.kind == kind]


def roll(g: ww.Game, hits: int, n: int | None = None):
    """Roll the pending dice: ``n`` dice (all that are due) showing ``hits`` in total."""
    n = dice_count(g) if n is None else n
    assert n == dice_count(g)
    faces = [1] * n
    extra = hits - n
    i = 0
    while extra > 0:
        add = min(2, extra)
        faces[i] += add
        extra -= add
        i += 1
    assert sum(faces) == hits
    return g.apply("dice " + (",".join(map(str, sorted(faces))) if faces else "-"))


def end_at_sky(g: ww.Game, rest: str = "rest morale"):
    g.apply("end turn")
    return g.apply(rest)
