"""Shared helpers of the Winds of Plunder tests: scenarios, refusals, events."""

from __future__ import annotations

import numpy as np
import pytest

from windward_nb.core.errors import IllegalActionError
from windward_nb.plunder import RULES, new_game
from windward_nb.plunder.scenario import scenario

__all__ = ["RULES", "new_game", "scenario", "refused", "kinds", "vote", "play_random", "seat"]

COLOURS = ("red", "blue", "green", "yellow", "black")


def seat(colour: str) -> int:
    return COLOURS.index(colour)


def refused(game, action, section: str, match: str | None = None) -> IllegalActionError:
    """``action`` is refused naming ``section``, and nothing changes (state, ply, record)."""
    before = (game.state.fingerprint(), game.ply, len(game.record.actions) if game.record is not None else 0)
    with pytest.raises(IllegalActionError) as exc:
        game.apply(action)
    assert exc.value.rule == section, f"{action!r} refused by {exc.value.rule!r}, not {section!r}: {exc.value}"
    if match is not None:
        assert match in exc.value.reason, exc.value.reason
    after = (game.state.fingerprint(), game.ply, len(game.record.actions) if game.record is not None else 0)
    assert after == before, f"refusing {action!r} changed the game"
    assert not RULES.invariants(game.state)
    return exc.value


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def vote(game, compasses, bids) -> list:
    """Play a whole wind vote: every compass, then every fist; returns the events of the last fist."""
    for d in compasses:
        game.apply(f"compass {d}")
    ev = []
    for b in bids:
        ev = game.apply(f"bid {b}")
    return ev


def play_random(game, seed: int = 0, limit: int = 5000, check=None):
    rng = np.random.default_rng(seed)
    n = 0
    while not game.is_over and n < limit:
        legal = game.legal_actions()
        game.apply(legal[int(rng.integers(len(legal)))])
        if check is not None:
            check(game)
        n += 1
    return game
