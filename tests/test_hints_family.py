"""``game.hint`` works for every game of the family through the core alone."""

from __future__ import annotations

import pytest

import windward_nb as ww
from windward_nb.core import registry


@pytest.mark.parametrize("name", registry.names())
def test_every_game_gives_legal_reasoned_reproducible_hints(name):
    players = 3 if name == "winds-of-plunder" else 2
    g = ww.new_game(game=name, players=players, seed=2)
    before = g.state.fingerprint()
    hs = g.hint(iterations=3, seed=4, top=2)
    assert 1 <= len(hs) <= 2
    legal = [str(a) for a in g.legal_actions()]
    assert all(str(h.action) in legal and h.reason and 0 <= h.win_chance <= 1 for h in hs)
    assert g.hint(iterations=3, seed=4, top=2) == hs
    assert g.state.fingerprint() == before
    g.apply(hs[0].action)                      # a hint is a playable action
