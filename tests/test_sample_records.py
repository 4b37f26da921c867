"""The sample games shipped with the notebooks replay to the positions they always reached.

The fingerprints and scores below were computed before Windward moved onto the shared core
(commit 39c4721); they pin the rules, the action texts and record format v1 together.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import windward_nb as ww

DATA = Path(__file__).resolve().parents[1] / "notebooks" / "data"

PINNED = {
    "greedy-2p.wwr.json": (239, "28017fbab51714147bbf", [17, 13], [1.0, 0.0]),
    "greedy-4p.wwr.json": (391, "b894e430db306e3ed6db", [17, 7, 8, 8], [1.0, 0.0, 0.0, 0.0]),
    "greedy-5p.wwr.json": (407, "6a6ed62f2d620a176cf3", [17, 11, 7, 7, 6], [1.0, 0.0, 0.0, 0.0, 0.0]),
}


@pytest.mark.parametrize("name", sorted(PINNED))
def test_sample_record_replays_to_its_pinned_end(name):
    plies, fingerprint, scores, returns = PINNED[name]
    record = ww.load_record(DATA / name)
    assert len(record.actions) == plies
    game = record.replay()
    assert game.state.fingerprint() == fingerprint
    assert game.scores() == scores and game.returns() == returns and game.is_over
    assert record.meta["final"]["scores"] == scores
    # the cursor walks to the same end, and the file is written back byte for byte
    assert record.cursor().to_end().state.fingerprint() == fingerprint
    assert record.to_json() == (DATA / name).read_text()
