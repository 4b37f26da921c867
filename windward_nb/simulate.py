"""Many games between bots, reproducibly, in one process or several.

:func:`play_game` plays one game between bots and returns a
:class:`GameResult`; :func:`play_many` plays ``n`` of them and gathers the
results in numpy arrays (a :class:`SimResult`).

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

Bots are named (``"greedy"``, ``"random"``), given as a :class:`~windward_nb.bots.Bot`
subclass or a factory ``f(seed) -> Bot``, or listed one per seat. With
``workers > 1`` they must be picklable (a name or a class defined in a module,
not a lambda).

A worker process that dies (killed, out of memory) does not lose the batch: the
games already finished are kept, each lost game is played once more in a
process of its own, and a game that is lost again is left out of the arrays and
named, with its seed and the reason, in :attr:`SimResult.failures`.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import signal
import time
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, as_completed
from multiprocessing.connection import wait as wait_for
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

import numpy as np

from . import engine
from .actions import Action
from .bots import Bot, make_bot
from .game import new_game
from .record import GameRecord
from .setup import default_mode

__all__ = ["SOURCES", "GameResult", "SimResult", "game_seeds", "play_game", "play_many", "write_samples"]

#: Where notoriety comes from, in the order of the ``sources`` arrays.
SOURCES = ("teeth", "sky", "bought", "white", "other")


@dataclass
class GameResult:
    """One finished (or cut-off) game."""

    index: int
    seed: int
    players: int
    winner: int  # seat that won alone, or -1 (unfinished, or a Solo/Cooperative game: see team_won)
    scores: list[int]
    rounds: int
    plies: int  # every action, chance outcomes included
    decisions: int  # actions chosen by the bots
    over: bool
    sources: list[list[int]]  # [seat][SOURCES index]
    bots: list[str]
    team_won: bool = False  # Solo/Cooperative: the captain(s) won
    record: GameRecord | None = None
    seconds: float = 0.0


def game_seeds(master: int, index: int, players: int) -> tuple[int, list[int]]:
    """The setup seed of game ``index`` and one seed per seat for its bots (from a SeedSequence)."""
    ss = np.random.SeedSequence(master, spawn_key=(index,))
    words = ss.generate_state(1 + players, dtype=np.uint32)
    return int(words[0]) & 0x7FFFFFFF, [int(w) for w in words[1:]]


def _bot_specs(bots: Any, players: int) -> list[Any]:
    if isinstance(bots, (list, tuple)):
        if len(bots) != players:
            raise ValueError(f"bots lists {len(bots)} bots for {players} players")
        return list(bots)
    return [bots] * players


def play_game(players: int = 4, bots: Any = "greedy", seed: int = 0, *, max_actions: int = 20_000,
              record: bool = False, bot_seeds: Sequence[int] | None = None, index: int = 0,
              names: list[str] | None = None, observer: Callable | None = None, **options: Any) -> GameResult:
    """Play one game between bots, drawing chance from the game's seed.

    The game is the one ``ww.new_game(players, seed=seed, **options)`` sets up,
    and chance is drawn from that game's own generator, so replaying the bots'
    choices through a :class:`~windward_nb.game.Game` gives the same game.
    ``max_actions`` caps the number of plies (the result then has ``over=False``).
    ``observer(state, action, events)``, if given, is called after every ply.
    Raises ``RuntimeError`` if a bot returns an action that is not legal.
    """
    t0 = time.perf_counter()
    specs = _bot_specs(bots, players)
    seeds = list(bot_seeds) if bot_seeds is not None else [seed * 7919 + 101 * k + 1 for k in range(players)]
    seat_bots: list[Bot] = [make_bot(spec, sd) for spec, sd in zip(specs, seeds)]
    game = new_game(players=players, seed=seed, auto_chance=False, names=names, **options)
    s = game.state
    rng = game.rng
    actions = game.record.actions
    sources = [[0] * len(SOURCES) for _ in range(players)]
    where = {k: i for i, k in enumerate(SOURCES)}
    decisions = 0
    plies = 0
    while not s.over and plies < max_actions:
        who = engine.decider(s)
        if who == engine.CHANCE:
            a = engine.sample_chance(s, rng)
        else:
            legal = engine.legal_actions(s)
            chosen = seat_bots[who].act(s, legal)
            try:
                a = Action.normalise(chosen)
            except ValueError as exc:
                raise RuntimeError(f"{seat_bots[who].name} chose an action that is not well formed: {exc} "
                                   f"(game seed {seed}, ply {plies + 1})") from None
            if a not in legal:
                raise RuntimeError(f"{seat_bots[who].name} chose {a}, which is not legal here "
                                   f"(game seed {seed}, ply {plies + 1})")
            decisions += 1
        events = engine.apply(s, a, check=False)
        for e in events:
            if e.kind == "NotorietyGained":
                seat = e.data.get("seat", -1)
                if 0 <= seat < players:
                    sources[seat][where.get(e.data.get("source"), len(SOURCES) - 1)] += e.data.get("amount", 0)
        actions.append(str(a))
        plies += 1
        if observer is not None:
            observer(s, a, events)
    scores = [sh.notoriety for sh in s.ships]
    returns = game.returns()
    team = s.mode in ("solo", "cooperative")
    winner = returns.index(1.0) if s.over and not team and 1.0 in returns else -1
    team_won = bool(team and s.over and returns[0] == 1.0)
    rec = None
    if record:
        rec = game.record
        for k, b in enumerate(seat_bots):
            rec.set_player(k, name=names[k] if names else f"{b.name} {k + 1}", bot=b.name)
        rec.meta["final"] = {"scores": scores, "winner": winner, "team_won": team_won, "rounds": s.round,
                             "over": s.over,
                             "plies": plies, "result": s.result}
        rec.meta["generator"] = {"function": "windward_nb.simulate.play_game", "seed": seed,
                                 "bot_seeds": seeds, "bots": [b.name for b in seat_bots]}
    return GameResult(index=index, seed=seed, players=players, winner=winner, team_won=team_won,
                      scores=scores, rounds=s.round,
                      plies=plies, decisions=decisions, over=s.over, sources=sources,
                      bots=[b.name for b in seat_bots], record=rec, seconds=time.perf_counter() - t0)


# =============================================================================== many games
@dataclass
class SimResult:
    """Results of many games as numpy arrays (one row per game, in game order)."""

    players: int
    bots: list[str]
    seeds: np.ndarray  # (n,) setup seed of each game
    winner: np.ndarray  # (n,) winning seat, -1 if none (always -1 in Solo and Cooperative games)
    scores: np.ndarray  # (n, players) final notoriety
    rounds: np.ndarray  # (n,) rounds played
    plies: np.ndarray  # (n,) actions, chance included
    decisions: np.ndarray  # (n,) actions chosen by bots
    over: np.ndarray  # (n,) True when the game ended by the rules
    sources: np.ndarray  # (n, players, len(SOURCES)) notoriety by source
    team_won: np.ndarray | None = None  # (n,) Solo/Cooperative: the captain(s) beat the game
    seconds: float = 0.0
    workers: int = 1  # processes used; 0 when an executor or dask client ran the games
    records: list[GameRecord] | None = None
    master_seed: int = 0
    team: bool = False  # a Solo or Cooperative batch
    sources_names: tuple[str, ...] = field(default=SOURCES)
    indices: np.ndarray | None = None  # (n,) game index of each row (all of 0..N-1 unless games failed)
    failures: list[tuple[int, int, str]] = field(default_factory=list)  # (index, seed, why) of games with no row

    def __len__(self) -> int:
        return len(self.seeds)

    @property
    def games_per_second(self) -> float:
        return len(self) / self.seconds if self.seconds else float("nan")

    def win_rates(self) -> np.ndarray:
        """Share of finished games won by each seat."""
        done = self.winner >= 0
        if not done.any():
            return np.zeros(self.players)
        return np.bincount(self.winner[done], minlength=self.players) / done.sum()

    def summary(self) -> str:
        """A short report in plain text."""
        n = len(self)
        done = self.over.sum()
        lines = [f"{n} games, {self.players} players ({', '.join(self.bots)}), master seed {self.master_seed}: "
                 f"{done} finished, {n - done} cut off at the action limit"]
        if self.failures:
            shown = "; ".join(f"game {i} (seed {sd}): {why}" for i, sd, why in self.failures[:3])
            more = f" (and {len(self.failures) - 3} more)" if len(self.failures) > 3 else ""
            lines.append(f"  {len(self.failures)} game(s) failed and are left out: {shown}{more}")
        if self.seconds:
            lines.append(f"  {self.seconds:.2f} s with {self.workers} worker(s), {self.games_per_second:.2f} games/s")
        if n:
            r = self.rounds[self.over] if done else self.rounds
            lines.append(f"  length: median {np.median(r):.0f} rounds (mean {r.mean():.1f}, "
                         f"range {r.min()}-{r.max()}); mean {self.decisions.mean():.0f} decisions, "
                         f"{self.plies.mean():.0f} plies")
            if self.team_won is not None and self.team and done:
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


def _run_chunk(args: tuple) -> list[GameResult]:
    indices, players, bots, master, max_actions, record, options = args
    out = []
    for i in indices:
        seed, bot_seeds = game_seeds(master, i, players)
        out.append(play_game(players, bots, seed, max_actions=max_actions, record=record, bot_seeds=bot_seeds,
                             index=i, **options))
    return out


def _worker_died(exc: BaseException) -> bool:
    """Did this error come from a worker that died, rather than from the game it played?"""
    return isinstance(exc, BrokenExecutor) or type(exc).__name__ in ("KilledWorker", "CancelledError")


def _describe(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return f"the worker process died ({type(exc).__name__}: {text})"


def _exit_reason(code: int | None) -> str:
    if code is not None and code < 0:
        try:
            return f"its process was killed by signal {signal.Signals(-code).name}"
        except ValueError:
            return f"its process was killed by signal {-code}"
    return f"its process exited with code {code} before sending a result"


def _alone(conn, args: tuple) -> None:  # runs in a process of its own
    try:
        result = ("ok", _run_chunk(args))
    except BaseException as exc:  # the game itself failed: say how
        result = ("error", f"{type(exc).__name__}: {exc}")
    try:
        conn.send(result)
    finally:
        conn.close()


def _retry_alone(indices: list[int], make_args: Callable[[list[int]], tuple], workers: int,
                 first: dict[int, str], store: Callable[[GameResult], None],
                 failed: dict[int, str]) -> None:
    """Play each lost game once more, each in a process of its own (``workers`` at a time), so
    that a game that kills its process again takes no other game with it."""
    ctx = multiprocessing.get_context()
    pending = list(indices)
    running: dict[Any, tuple[int, Any, Any]] = {}  # receiving end -> (game, process, sending end)
    while pending or running:
        while pending and len(running) < max(1, workers):
            i = pending.pop(0)
            recv, send = ctx.Pipe(duplex=False)
            proc = ctx.Process(target=_alone, args=(send, make_args([i])), daemon=True)
            proc.start()
            running[recv] = (i, proc, send)
        ready = wait_for(list(running) + [proc.sentinel for _, proc, _ in running.values()])
        for recv in list(running):
            i, proc, send = running[recv]
            if recv in ready or proc.sentinel in ready:
                outcome = None
                if recv.poll():
                    try:
                        outcome = recv.recv()
                    except (EOFError, OSError):
                        outcome = None
                elif proc.is_alive():
                    continue  # its result is on the way
                proc.join()
                recv.close()
                send.close()
                del running[recv]
                if outcome is None:
                    failed[i] = f"{first[i]}; played again alone, {_exit_reason(proc.exitcode)}"
                elif outcome[0] == "ok":
                    for r in outcome[1]:
                        store(r)
                else:
                    failed[i] = f"{first[i]}; played again alone, it raised {outcome[1]}"


def _progress_bar(total: int, enabled: bool, desc: str):
    if not enabled:
        return None
    try:
        from tqdm.auto import tqdm
    except Exception:  # tqdm is optional
        return None
    return tqdm(total=total, desc=desc, unit="game")


def play_many(n: int, players: int = 4, bots: Any = "greedy", seed: int = 0, *, workers: int = 1,
              progress: bool = True, max_actions: int = 20_000, record: bool = False,
              chunksize: int | None = None, executor: Executor | None = None, client: Any = None,
              **options: Any) -> SimResult:
    """Play ``n`` seeded games between bots and gather the results.

    ``workers > 1`` plays them in that many processes (a ``ProcessPoolExecutor``,
    games sent in chunks of ``chunksize``). ``executor=`` runs the chunks on any
    ``concurrent.futures`` executor instead, and ``client=`` on a
    ``dask.distributed`` client (dask is optional). Results do not depend on how
    the games are spread. ``record=True`` keeps each game's
    :class:`~windward_nb.record.GameRecord` (in ``.records``). ``progress`` shows
    a bar when ``tqdm`` is installed. Other keywords go to ``new_game``
    (``planet=``, ``edition=`` ...).

    If a worker process dies, the games it had finished are kept and every game
    it lost is played once more (in a process of its own, or on the executor or
    dask client given); a game lost twice has no row and is listed, as
    ``(index, seed, reason)``, in ``.failures`` (``.indices`` gives the game
    index of every row). An error raised by a game itself (a bot that breaks a
    rule) still stops the run.
    """
    if not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be a whole number of games, got {n!r}")
    if not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be 1 or more, got {workers!r}")
    specs = _bot_specs(bots, players)
    names = [make_bot(sp, 0).name for sp in specs]
    t0 = time.perf_counter()
    results: list[GameResult | None] = [None] * n
    failed: dict[int, str] = {}
    if client is not None:
        executor = client.get_executor()
    parallel = executor is not None or workers > 1
    size = max(1, (chunksize or math.ceil(n / (max(workers, 2) * 4))) if parallel else n)
    chunks = [list(range(i, min(n, i + size))) for i in range(0, n, size)] if n else []
    bar = _progress_bar(n, progress, f"{players}p {'/'.join(sorted(set(names)))}")

    def make_args(indices: list[int]) -> tuple:
        return (indices, players, bots, seed, max_actions, record, options)

    def store(r: GameResult) -> None:
        results[r.index] = r
        if bar is not None:
            bar.update(1)

    try:
        if not parallel:
            for i in range(n):
                store(_run_chunk(make_args([i]))[0])
        else:
            own = executor is None
            ex = executor or ProcessPoolExecutor(max_workers=min(workers, max(1, len(chunks))))
            lost: dict[int, str] = {}  # game -> why its first try was lost
            try:
                futures = {}
                for c in chunks:
                    try:
                        futures[ex.submit(_run_chunk, make_args(c))] = c
                    except BaseException as exc:  # the pool broke while we were still handing out games
                        if not _worker_died(exc):
                            raise
                        lost.update((i, _describe(exc)) for i in c)
                for fut in as_completed(futures):
                    try:
                        done = fut.result()
                    except BaseException as exc:
                        if not _worker_died(exc):
                            raise
                        lost.update((i, _describe(exc)) for i in futures[fut])
                        continue
                    for r in done:
                        store(r)
            finally:
                if own:
                    ex.shutdown(wait=True, cancel_futures=True)
            if lost:  # each lost game gets one more try
                order = sorted(lost)
                if own:
                    _retry_alone(order, make_args, workers, lost, store, failed)
                else:
                    again = {}
                    for i in order:
                        try:
                            again[ex.submit(_run_chunk, make_args([i]))] = i
                        except BaseException as exc:
                            failed[i] = f"{lost[i]}; could not be played again ({type(exc).__name__}: {exc})"
                    for fut in as_completed(again):
                        try:
                            for r in fut.result():
                                store(r)
                        except BaseException as exc:
                            if not _worker_died(exc):
                                raise
                            failed[again[fut]] = f"{lost[again[fut]]}; played again, {_describe(exc)}"
    finally:
        if bar is not None:
            bar.close()
    done = [r for r in results if r is not None]
    assert len(done) + len(failed) == n
    rows = len(done)
    return SimResult(
        players=players,
        bots=names,
        seeds=np.array([r.seed for r in done], dtype=np.int64),
        winner=np.array([r.winner for r in done], dtype=np.int8),
        team_won=np.array([r.team_won for r in done], dtype=bool),
        team=(options.get("mode") or default_mode(players)) in ("solo", "cooperative"),
        scores=np.array([r.scores for r in done], dtype=np.int16).reshape(rows, players),
        rounds=np.array([r.rounds for r in done], dtype=np.int32),
        plies=np.array([r.plies for r in done], dtype=np.int32),
        decisions=np.array([r.decisions for r in done], dtype=np.int32),
        over=np.array([r.over for r in done], dtype=bool),
        sources=np.array([r.sources for r in done], dtype=np.int16).reshape(rows, players, len(SOURCES)),
        seconds=time.perf_counter() - t0,
        workers=1 if not parallel else (workers if executor is None else 0),
        records=[r.record for r in done] if record else None,
        master_seed=seed,
        indices=np.array([r.index for r in done], dtype=np.int64),
        failures=[(i, game_seeds(seed, i, players)[0], why) for i, why in sorted(failed.items())],
    )


# =============================================================================== sample games
SAMPLES = (
    # file name, players, master seed
    ("greedy-2p.wwr.json", 2, 2),
    ("greedy-4p.wwr.json", 4, 4),
    ("greedy-5p.wwr.json", 5, 5),
)


def write_samples(directory: str | os.PathLike, samples: Iterable[tuple[str, int, int]] = SAMPLES) -> list[str]:
    """Write the sample games shipped with the notebooks: GreedyBot games with fixed seeds,
    their key moments commented, final scores in ``meta["final"]``."""
    from pathlib import Path

    from .replay import annotate

    out = []
    for name, players, master in samples:
        seed, bot_seeds = game_seeds(master, 0, players)
        res = play_game(players, "greedy", seed, record=True, bot_seeds=bot_seeds,
                        names=[f"Greedy {k + 1}" for k in range(players)])
        rec = res.record
        assert rec is not None and res.over, f"sample {name} did not finish"
        rec.comments[0] = (f"A {players}-player game between GreedyBots (windward_nb.bots), "
                           f"made with windward_nb.simulate.write_samples (master seed {master}).")
        annotate(rec)
        out.append(str(rec.save(Path(directory) / name)))
    return out


if __name__ == "__main__":  # python -m windward_nb.simulate [DIR]: write the sample games
    import sys

    for path in write_samples(sys.argv[1] if len(sys.argv) > 1 else "notebooks/data"):
        print("wrote", path)
