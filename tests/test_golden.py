"""Windward behaves exactly as it did before it moved onto the shared core.

``tests/golden/windward_golden.json`` was written by ``tests/golden/make_golden.py``
on the commit before the move: 81 bot games (RandomBot and GreedyBot) over every
mode and variant, with hashes of every action text, every event (kind, text and
data), the final fingerprint, scores and returns, and at every 9th decision the
legal actions, their descriptions and the refusals of 62 probe texts. The same
script, run on the current code, must give the same numbers.

It was written again once, for an intended rule change: ruling R31 (issue 31: the exact undo of
a pick-up, a drop or a Cooperative gift made this turn is refused, so a turn always ends). 46 of
the 81 games changed: 29 RandomBot games played such an undo; 7 more RandomBot games drew other
choices once a list of legal actions was shorter; the 10 GreedyBot games kept every action and
event and changed only in fingerprints (the turn's memory of what it moved is part of the
position) and in the legal actions sampled.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent / "golden"
sys.path.insert(0, str(HERE))
import make_golden  # noqa: E402

GOLDEN = json.loads((HERE / "windward_golden.json").read_text())
GAMES = list(make_golden.games())


def test_the_golden_file_covers_the_same_games():
    assert len(GOLDEN) == len(GAMES) == 81
    assert [(g["config"], g["bots"], g["seed"]) for g in GOLDEN] == [(c, b, s) for c, b, s, _ in GAMES]


@pytest.mark.parametrize("index", range(len(GAMES)),
                         ids=[f"{i}-{b}-{'-'.join(f'{k}{v}' for k, v in c.items())}" for i, (c, b, _, _) in
                              enumerate(GAMES)])
def test_game_plays_as_before_the_move(index):
    config, bots, seed, max_actions = GAMES[index]
    got = json.loads(json.dumps(make_golden.one(config, bots, seed, max_actions), default=str))
    want = GOLDEN[index]
    for key in ("plies", "actions", "events", "fingerprint", "scores", "returns", "winner", "team_won", "rounds",
                "sources", "sample_count", "first_samples", "samples"):
        assert got[key] == want[key], key
