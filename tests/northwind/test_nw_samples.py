"""The sample North Wind games in notebooks/data/ load, replay to their end, and are what make_sample gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from windward_nb.core.record import load_record
from windward_nb.northwind.samples import SAMPLES, make_sample

DATA = Path(__file__).resolve().parents[2] / "notebooks" / "data"


@pytest.mark.parametrize("players", sorted(SAMPLES))
def test_sample_loads_replays_and_is_reproducible(players):
    path = DATA / f"northwind-greedy-{players}p.nwr.json"
    rec = load_record(path)
    final = rec.replay()
    assert final.is_over and final.winners() == rec.meta["final"]["winners"]
    assert rec.comments and any("wins" in c for c in rec.comments.values())
    assert path.read_text(encoding="utf-8") == make_sample(players).to_json()
