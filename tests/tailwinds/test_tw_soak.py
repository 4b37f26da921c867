"""Soak: many whole games with mixed bots and options, the invariants checked after every action."""

from __future__ import annotations

import json

import numpy as np
import pytest

from windward_nb.tailwinds import BOTS, RULES, TailwindsState, new_game

OPTIONS = [{}, {"track": "advanced"}, {"wind": "half"}, {"wind": "off"}, {"last_place": "space"},
           {"card_end": "any"}, {"track": "SAASSA", "last_place": "space", "wind": "half"}]


@pytest.mark.slow
@pytest.mark.parametrize("k", range(14))
def test_soak_whole_games_keep_every_invariant(k):
    rng = np.random.default_rng(k)
    players = 2 + k % 3
    opts = OPTIONS[k % len(OPTIONS)]
    g = new_game(players=players, seed=1000 + k, **opts)
    bots = [BOTS["greedy" if (k + seat) % 2 else "random"](seed=k * 10 + seat) for seat in range(players)]
    plies = 0
    while not g.is_over:
        s = g.state
        seat = g.current_player
        a = bots[seat].act(s)
        g.apply(a)
        plies += 1
        bad = RULES.invariants(g.state)
        assert not bad, f"ply {g.ply} after {a}: {bad}"
        if plies % 9 == 0:
            view = int(rng.integers(players))
            obs = json.dumps(RULES.observation(g.state, view), sort_keys=True)
            d = RULES.determinize(g.state, view, rng)
            assert json.dumps(RULES.observation(d, view), sort_keys=True) == obs
            assert TailwindsState.from_dict(g.state.to_dict()).fingerprint() == g.state.fingerprint()
        assert plies < 3000
    assert len(g.winners()) <= 1
    assert g.record.replay().state.fingerprint() == g.state.fingerprint()
