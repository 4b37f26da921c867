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
    firsts: set[str] = set()

    def first(kind: str, ply: int, text: str) -> None:
        if kind not in firsts:
            firsts.add(kind)
            notes.setdefault(ply, text)

    for ply, _, _state, events in rec.iter_plies():
        for e in events:
            if e.kind == "TaskCompleted":
                first("task", ply, "The first task of the game is completed.")
            elif e.kind == "Victory":
                first("victory", ply, "The first pirate captain goes to a brig: Fort Haven wants them.")
            elif e.kind == "LetterUsed":
                first("letter", ply, "An opponent spends a commercial letter on the tile just used.")
            elif e.kind == "BonusLost":
                first("lost", ply, "A captain draws level in a column: the bonus token goes back to its owner.")
            elif e.kind == "BonusPlaced" and e.data.get("bonus") == "supply":
                first("supply", ply, "A token in every column: the supply bonus.")
            elif e.kind == "GameOver":
                notes[ply] = e.text
    for ply, text in notes.items():
        rec.comment(ply, text)
    rec.meta["sample"] = f"GreedyBots, {players} players, seed {SAMPLES[players]}"
    return rec


def write_samples() -> list[Path]:  # pragma: no cover - run by hand to refresh the files
    return [make_sample(p).save(sample_path(p)) for p in SAMPLES]
