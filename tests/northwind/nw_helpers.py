"""Helpers shared by the North Wind rule tests: scenarios with chosen chance, and refusal checks."""

from __future__ import annotations

import pytest

from windward_nb.core.errors import IllegalActionError
from windward_nb.northwind.scenario import scenario


def game(players=2, **kw):
    """A scenario game with chance left to the test (auto_chance=False).

    The rule tests script a voyage tile by tile ("reveal" between tiles), so they play with
    ``stop_early=True`` unless they say otherwise; the default voyage (N6, ``stop_early=False``)
    is tested in test_nw_voyage.py.
    """
    kw.setdefault("stop_early", True)
    return scenario(players=players, **kw)


def play(g, *actions):
    """Apply actions in order; return the events of the last one."""
    ev = []
    for a in actions:
        ev = g.apply(a)
    return ev


def kinds(events):
    return [e.kind for e in events]


def refused(g, action, section, words=""):
    """``action`` is refused naming ``section`` (and containing ``words``), and nothing changes."""
    before = (g.state.fingerprint(), g.ply, len(g.actions))
    with pytest.raises(IllegalActionError) as exc:
        g.apply(action)
    assert exc.value.rule == section, f"{action!r}: refused under {exc.value.rule!r}: {exc.value.reason}"
    assert words in exc.value.reason, exc.value.reason
    assert (g.state.fingerprint(), g.ply, len(g.actions)) == before
    return exc.value


def legal(g):
    return [str(a) for a in g.legal_actions()]


def no_invariant_broken(g):
    problems = g.rules.invariants(g.state)
    assert not problems, problems


def bad_text(g, text):
    """Text that is not a North Wind action at all: a syntax error, and nothing changes."""
    from windward_nb.core.errors import ActionSyntaxError

    before = (g.state.fingerprint(), g.ply)
    with pytest.raises(ActionSyntaxError):
        g.apply(text)
    assert (g.state.fingerprint(), g.ply) == before


def at(tile, players=2, **kw):
    """A game with the captain (seat 0) facing ``tile``, the first tile of the Olsand stack.

    Nobody holds a letter unless ``letters`` says so."""
    kw.setdefault("letters", [0] * players)
    follow = "wreck" if tile != "wreck" else "grain-1"
    g = game(players=players, stacks={"olsand": [tile, follow]}, **kw)
    play(g, "sail olsand", "reveal")
    assert g.state.tile_id == tile
    return g
