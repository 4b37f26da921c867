"""Helpers shared by the Tailwinds rule tests: apply actions, expect refusals, read boats."""

from __future__ import annotations

import pytest

from windward_nb.core.errors import IllegalActionError
from windward_nb.tailwinds import RULES, board
from windward_nb.tailwinds.scenario import scenario  # noqa: F401  (re-exported for the tests)


def play(s, *actions):
    """Apply each action (text) with the rules' checks; return all events."""
    ev = []
    for a in actions:
        ev += RULES.step(s, a)
        bad = RULES.invariants(s)
        assert not bad, f"after {a}: {bad}"
    return ev


def refused(s, action, section):
    """The action is refused, the refusal names ``section``, and nothing changes."""
    before = s.fingerprint()
    with pytest.raises(IllegalActionError) as exc:
        RULES.step(s, action)
    assert exc.value.rule == section, f"{action!r} refused under {exc.value.rule!r}: {exc.value}"
    assert s.fingerprint() == before
    return exc.value


def texts(s):
    return [str(a) for a in RULES.legal_actions(s)]


def where(s, seat, name):
    """A boat's (space, lane) as players count them (the Finish Line is ``'finish'``)."""
    b = board.by_name(s, seat, name)
    if b is None:
        return None
    return ("finish", 1) if b[0] == s.track.finish else (b[0] + 1, b[1] + 1)


def kinds(events):
    return [e.kind for e in events]
