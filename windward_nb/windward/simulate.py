"""Many Windward games between bots, reproducibly, in one process or several (or on a Dask cluster).

:func:`play_game` plays one game between bots and returns a
:class:`GameResult`; :func:`play_many` plays ``n`` of them and gathers the
results in numpy arrays (a :class:`SimResult`). Both run on the core's
machinery (:mod:`windward_nb.core.simulate`: process pools that keep the games
a dead worker lost, Dask, interruption) with Windward's defaults and figures:
the rounds played, where each seat's notoriety came from (:data:`SOURCES`), and
in the Solo and Cooperative modes whether the captains won (``team_won``).

Every game's seed comes from the master seed and the game's index through
:class:`numpy.random.SeedSequence`, so game ``i`` is the same game whether it
is played alone, first or last, in one process or on eight:

>>> from windward_nb.simulate import play_many
>>> r = play_many(4, players=3, bots="random", seed=1, progress=False, max_actions=200)
>>> r.scores.shape, r.winner.shape
((4, 3), (4,))
>>> r2 = play_many(4, players=3, bots="random", seed=1, progress=False, max_actions=200, workers=2)
>>> bool((r.scores == r2.scores).all())
True

Bots are named (``"greedy"``, ``"random"``), given as a :class:`~windward_nb.core.bots.Bot`
subclass or a factory ``f(seed) -> Bot``, or listed one per seat. With
``workers > 1`` they must be picklable (a name or a class defined in a module,
not a lambda).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any
from collections.abc import Callable, Iterable, Sequence

import numpy as np

from ..core import simulate as core
from ..core.events import Event
from ..core.simulate import game_seeds
from .hooks import combine
from .replay import annotate
from .rules import RULES
from .setup import default_mode
from .state import GameState

__all__ = ["SOURCES", "GameResult", "SimResult", "Tally", "game_seeds", "play_game", "play_many",
           "simulation_tally", "write_samples"]

#: Where notoriety comes from, in the order of the ``sources`` arrays.
SOURCES = ("teeth", "sky", "bought", "white", "other")
_WHERE = {k: i for i, k in enumerate(SOURCES)}


# =============================================================================== figures kept per game
class Tally:
    """What a simulation keeps per Windward game besides the scores: rounds, notoriety by source,
    and (Solo, Cooperative) whether the captains won."""

    def __init__(self, players: int, state: GameState):
        self.players = players
        self.team = combine(state.mode, state.variants, state.planet.size).team
        self.sources = [[0] * len(SOURCES) for _ in range(players)]

    def events(self, state: GameState, events: list[Event]) -> None:
        for e in events:
            if e.kind == "NotorietyGained":
                seat = e.data.get("seat", -1)
                if 0 <= seat < self.players:
                    self.sources[seat][_WHERE.get(str(e.data.get("source")), len(SOURCES) - 1)] += e.data.get("amount", 0)

    def final(self, state: GameState) -> dict[str, Any]:
        returns = RULES.returns(state)
        return {"rounds": state.round, "sources": [list(row) for row in self.sources],
                "team_won": bool(self.team and state.over and returns[0] == 1.0), "team": self.team}


def simulation_tally(players: int, state: GameState) -> Tally:
    """The core's hook: a :class:`Tally` for one game."""
    return Tally(players, state)


# =============================================================================== one game
@dataclass
class GameResult(core.GameResult):
    """One finished (or cut-off) game of Windward. ``winner`` is the seat that won alone, or -1
    (unfinished, or a Solo/Cooperative game: see ``team_won``)."""

    @property
    def winner(self) -> int:
        if self.stats.get("team"):
            return -1
        return self.winners[0] if len(self.winners) == 1 else -1

    @property
    def rounds(self) -> int:
        return int(self.stats.get("rounds", 0))

    @property
    def sources(self) -> list[list[int]]:
        """Notoriety by source: ``[seat][SOURCES index]``."""
        return list(self.stats.get("sources", [[0] * len(SOURCES) for _ in range(self.players)]))

    @property
    def team_won(self) -> bool:
        """Solo/Cooperative: the captain(s) won."""
        return bool(self.stats.get("team_won", False))


def play_game(players: int = 4, bots: Any = "greedy", seed: int = 0, *, max_actions: int = 20_000,
              record: bool = False, bot_seeds: Sequence[int] | None = None, index: int = 0,
              names: list[str] | None = None, observer: Callable | None = None, **options: Any) -> GameResult:
    """Play one game between bots, drawing chance from the game's seed.

    The game is the one ``ww.new_game(players, seed=seed, **options)`` sets up,
    and chance is drawn from that game's own generator, so replaying the bots'
    choices through a :class:`~windward_nb.windward.game.Game` gives the same game.
    ``max_actions`` caps the number of plies (the result then has ``over=False``).
    ``observer(state, action, events)``, if given, is called after every ply.
    Raises ``RuntimeError`` if a bot returns an action that is not legal.
    """
    r = core.play_game("windward", players, bots, seed, max_actions=max_actions, record=record,
                       bot_seeds=bot_seeds, index=index, names=names, observer=observer, **options)
    return GameResult(**{f.name: getattr(r, f.name) for f in fields(r)})


# =============================================================================== many games
@dataclass(repr=False)
class SimResult(core.SimResult):
    """Results of many Windward games as numpy arrays (one row per game, in game order).

    Besides the core's columns: ``rounds`` (n,), ``sources`` (n, players, len(SOURCES))
    notoriety by source, ``team_won`` (n,) whether the captains won a Solo or
    Cooperative game; ``team`` says the batch was one of those (then ``winner`` is -1).
    """

    team: bool = False  # a Solo or Cooperative batch
    sources_names: tuple[str, ...] = field(default=SOURCES)

    def __post_init__(self) -> None:
        n = len(self.seeds)
        self.team = combine(self.options.get("mode") or default_mode(self.players)).team
        self.scores = np.asarray(self.scores).astype(np.int16).reshape(n, self.players)
        if self.team:
            self.winner = np.full(n, -1, dtype=np.int8)
        columns = {"rounds": (np.int32, (n,)), "sources": (np.int16, (n, self.players, len(SOURCES))),
                   "team_won": (bool, (n,))}
        for key, (dtype, shape) in columns.items():
            values = self.stats.get(key)
            self.stats[key] = (np.zeros(shape, dtype=dtype) if values is None
                               else np.asarray(values).astype(dtype).reshape(shape))
        self.stats.pop("team", None)

    # the Windward columns, as attributes (for readers and type checkers)
    @property
    def rounds(self) -> np.ndarray:
        return self.stats["rounds"]

    @property
    def sources(self) -> np.ndarray:
        return self.stats["sources"]

    @property
    def team_won(self) -> np.ndarray:
        return self.stats["team_won"]

    def summary(self) -> str:
        """A short report in plain text."""
        n = len(self)
        done = int(self.over.sum())
        lines = [f"{n} games, {self.players} players ({', '.join(self.bots)}), master seed {self.master_seed}: "
                 f"{done} finished, {n - done} cut off at the action limit"]
        if self.failures:
            shown = "; ".join(f"game {i} (seed {sd}): {why}" for i, sd, why in self.failures[:3])
            more = f" (and {len(self.failures) - 3} more)" if len(self.failures) > 3 else ""
            lines.append(f"  {len(self.failures)} game(s) failed and are left out: {shown}{more}")
        if self.interrupted:
            lines.append("  interrupted: these are the games that finished before the stop")
        if self.seconds:
            lines.append(f"  {self.seconds:.2f} s with {self.workers} worker(s), {self.games_per_second:.2f} games/s")
        if n:
            r = self.rounds[self.over] if done else self.rounds
            lines.append(f"  length: median {np.median(r):.0f} rounds (mean {r.mean():.1f}, "
                         f"range {r.min()}-{r.max()}); mean {self.decisions.mean():.0f} decisions, "
                         f"{self.plies.mean():.0f} plies")
            if self.team and done:
                lines.append(f"  the captains won {self.team_won.sum()} of {n} games ({self.team_won.mean():.0%})")
            else:
                lines.append("  win rate by seat: "
                             + ", ".join(f"{k + 1}: {w:.0%}" for k, w in enumerate(self.win_rates())))
            lines.append("  mean final notoriety by seat: "
                         + ", ".join(f"{k + 1}: {m:.1f}" for k, m in enumerate(self.scores.mean(axis=0))))
            tot = self.sources.sum(axis=(0, 1))
            if tot.sum():
                lines.append("  notoriety from: " + ", ".join(
                    f"{name} {v / tot.sum():.0%}" for name, v in zip(self.sources_names, tot) if v))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<SimResult {len(self)} games, {self.players} players>"


def play_many(n: int, players: int = 4, bots: Any = "greedy", seed: int = 0, *, workers: int = 1,
              progress: bool = True, max_actions: int = 20_000, record: bool = False,
              chunksize: int | None = None, executor: Any = None, client: Any = None, scheduler: str | None = None,
              **options: Any) -> SimResult:
    """Play ``n`` seeded games of Windward between bots and gather the results.

    ``workers > 1`` plays them in that many processes (games a dead worker lost
    are retried once; ``result.failures`` lists any that failed for good).
    ``executor=`` runs them on any ``concurrent.futures`` executor, ``client=``
    (or ``scheduler="tcp://..."``) on a ``dask.distributed`` cluster. Results do
    not depend on how the games are spread. ``record=True`` keeps each game's
    :class:`~windward_nb.windward.record.Record` (in ``.records``). ``progress``
    shows a bar when ``tqdm`` is installed. Other keywords go to ``new_game``
    (``planet=``, ``edition=``, ``mode=``, ``variants=`` ...).
    """
    result = core.play_many(n, players, bots, seed, game="windward", workers=workers, progress=progress,
                            max_actions=max_actions, record=record, chunksize=chunksize, executor=executor,
                            client=client, scheduler=scheduler, result_class=SimResult, **options)
    assert isinstance(result, SimResult)
    return result


# =============================================================================== sample games
SAMPLES = (
    # file name, players, master seed
    ("greedy-2p.wwr.json", 2, 2),
    ("greedy-4p.wwr.json", 4, 4),
    ("greedy-5p.wwr.json", 5, 5),
)


def write_samples(directory: str | os.PathLike, samples: Iterable[tuple[str, int, int]] = SAMPLES) -> list[str]:
    """Write the sample games shipped with the notebooks: GreedyBot games with fixed seeds,
    their key moments commented, final scores in ``meta["final"]``. They are played on the
    radius-5 planet (``planet="large"``), the one they were first written on, so the shipped files
    and the notebooks that tell their stories stay as they are (docs/rulings.md P1)."""
    out = []
    for name, players, master in samples:
        seed, bot_seeds = game_seeds(master, 0, players)
        res = play_game(players, "greedy", seed, record=True, bot_seeds=bot_seeds,
                        names=[f"Greedy {k + 1}" for k in range(players)], planet="large")
        rec = res.record
        assert rec is not None and res.over, f"sample {name} did not finish"
        rec.comments[0] = (f"A {players}-player game between GreedyBots (windward_nb.bots), "
                           f"made with windward_nb.simulate.write_samples (master seed {master}).")
        annotate(rec)
        out.append(str(rec.save(Path(directory) / name)))
    return out


def main(argv: list[str]) -> None:
    """``python -m windward_nb.simulate [DIR]``: write the sample games (to notebooks/data by default)."""
    for path in write_samples(argv[0] if argv else "notebooks/data"):
        print("wrote", path)


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
