"""The sample Tailwinds games shipped with the notebooks, and comments on their key moments.

``python -m windward_nb.tailwinds.samples [DIR]`` writes them (default ``notebooks/data``).
"""

from __future__ import annotations

import os
from pathlib import Path
from collections.abc import Iterable

from windward_nb.core.simulate import game_seeds, play_game

from .record import Record

SAMPLES = (
    # file name, players, track side, master seed
    ("tailwinds-greedy-2p.twr.json", 2, "standard", 2),
    ("tailwinds-greedy-3p.twr.json", 3, "standard", 3),
    ("tailwinds-greedy-4p-advanced.twr.json", 4, "advanced", 4),
)

#: events worth a comment in a sample game, and how to say it
MOMENTS = ("WindRolled", "BoatRetired", "ChooseAgain", "RainbowGiven", "RainbowRefused", "GameWon", "GameDrawn")


def annotate(record: Record) -> Record:
    """Comment the plies where the wind blows, a boat leaves the race, a Shackle or Parlay
    strikes, and the race ends (existing comments are kept)."""
    for ply, _action, _state, events in record.iter_plies():
        texts = [e.text for e in events if e.kind in MOMENTS]
        if not texts or ply in record.comments:
            continue
        if any(e.kind == "WindRolled" for e in events):
            moved = [e.text for e in events if e.kind in ("BoatPushed", "BoatMoved") and e.data.get("wind")]
            texts = [f"Rolling winds: {' '.join(moved)}" if moved else texts[0]]
        record.comments[ply] = " ".join(texts)
    return record


def write_samples(directory: str | os.PathLike = "notebooks/data",
                  samples: Iterable[tuple[str, int, str, int]] = SAMPLES) -> list[str]:
    """Play and save the sample games: GreedyBot in every seat, fixed seeds, key moments commented."""
    out = []
    for name, players, side, master in samples:
        seed, bot_seeds = game_seeds(master, 0, players)
        res = play_game("tailwinds", players=players, bots="greedy", seed=seed, record=True, bot_seeds=bot_seeds,
                        names=[f"Greedy {k + 1}" for k in range(players)], track=side)
        rec = res.record
        assert rec is not None and res.over, f"sample {name} did not finish"
        rec.comments[0] = (f"A {players}-player race on the {side} track between GreedyBots "
                           f"(windward_nb.tailwinds.bots), made with windward_nb.tailwinds.samples "
                           f"(master seed {master}). The cards are reconstructed: see docs/rulings-tailwinds.md.")
        annotate(rec)
        out.append(str(rec.save(Path(directory) / name)))
    return out


if __name__ == "__main__":  # pragma: no cover
    import sys

    for path in write_samples(sys.argv[1] if len(sys.argv) > 1 else "notebooks/data"):
        print("wrote", path)
