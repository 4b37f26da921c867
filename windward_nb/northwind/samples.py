"""The sample games in ``notebooks/data/`` (``northwind-greedy-Np.nwr.json``), and how they are made.

Each is a game between GreedyBots from a fixed seed, with comments added at
the moments worth a look (tasks, bonus fields won and lost, battles, the
end). ``tests/northwind/test_nw_samples.py`` checks that the committed files
are exactly what :func:`make_sample` gives.
"""

from __future__ import annotations

from pathlib import Path

from ..core.simulate import play_game
from .record import Record

#: players -> seed of the sample game
SAMPLES = {2: 12, 3: 3, 4: 9}
DATA = Path(__file__).resolve().parents[2] / "notebooks" / "data"


def sample_path(players: int) -> Path:
    return DATA / f"northwind-greedy-{players}p.nwr.json"


def make_sample(players: int) -> Record:
    """Play the sample game for ``players`` captains and annotate it."""
    res = play_game("north-wind", players, "greedy", SAMPLES[players], record=True,
                    names=[f"Greedy {k + 1}" for k in range(players)])
    rec = res.record
    notes: dict[int, str] = {}
    tasks_done = 0
    for ply, _, state, events in rec.iter_plies():
        for e in events:
            if e.kind == "TaskCompleted":
                tasks_done += 1
                if tasks_done == 1:
                    notes[ply] = "The first task of the game."
            elif e.kind == "BonusLost":
                notes.setdefault(ply, "A tie in a column: the bonus token goes back to its owner.")
            elif e.kind == "BonusPlaced" and e.data.get("bonus") == "supply":
                notes.setdefault(ply, "A token in every column: the supply bonus.")
            elif e.kind == "Victory" and state.brig[e.data["seat"]] == 2:
                notes.setdefault(ply, "A second pirate captain: the brig is full.")
            elif e.kind == "GameOver":
                notes[ply] = e.text
    for ply, text in notes.items():
        rec.comment(ply, text)
    rec.meta["sample"] = f"GreedyBots, {players} players, seed {SAMPLES[players]}"
    return rec


def write_samples() -> list[Path]:  # pragma: no cover - run by hand to refresh the files
    return [make_sample(p).save(sample_path(p)) for p in SAMPLES]
