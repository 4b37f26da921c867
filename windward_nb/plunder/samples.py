"""The sample records shipped in ``notebooks/data/`` (rebuilt exactly by :func:`make_samples`).

>>> sorted(SAMPLES)
['plunder-greedy-4p', 'plunder-mixed-3p', 'plunder-mixed-5p']
"""

from __future__ import annotations

from pathlib import Path

from windward_nb.core.simulate import play_game

from .advantages import colour
from .record import Record

#: name -> (players, bots, seed)
SAMPLES = {
    "plunder-greedy-4p": (4, ["greedy"] * 4, 2024),
    "plunder-mixed-3p": (3, ["greedy", "random", "greedy"], 7),
    "plunder-mixed-5p": (5, ["greedy", "greedy:bid=0", "random", "greedy", "greedy:bid=3"], 11),
}


def sample_record(name: str) -> Record:
    """The record of sample ``name``, played afresh."""
    players, bots, seed = SAMPLES[name]
    r = play_game("winds-of-plunder", players=players, bots=bots, seed=seed, record=True)
    rec = r.record
    for k, spec in enumerate(bots):
        rec.set_player(k, name=colour(k), bot=spec)
    rec.comment(0, f"A sample game between bots ({', '.join(bots)}), seed {seed}.")
    return rec


def make_samples(directory: str | Path) -> list[Path]:
    """Write every sample record into ``directory``; returns the paths."""
    out = []
    for name in SAMPLES:
        out.append(sample_record(name).save(Path(directory) / f"{name}{Record.SUFFIX}"))
    return out
