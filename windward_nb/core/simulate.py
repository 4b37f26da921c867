"""Many games between bots, for any game of the family, reproducibly, on one core or a cluster.

:func:`play_game` plays one game and returns a :class:`GameResult`;
:func:`play_many` plays ``n`` of them and gathers the results in numpy arrays
(a :class:`SimResult`). Game ``i``'s seeds come from the master seed and ``i``
through :class:`numpy.random.SeedSequence`, so game ``i`` is the same game
whether it is played alone, first or last, in one process, on eight, or on a
Dask cluster.

Where the games run:

- ``workers=1`` (default): in this process;
- ``workers=N``: a pool of N processes; a worker that dies loses only its
  unfinished games, which are retried once (``result.failures`` says which
  games failed for good, and why);
- ``client=`` a ``dask.distributed.Client`` or ``scheduler="tcp://host:8786"``:
  on a Dask cluster. The work is cut from the threads the cluster has, read
  again before every chunk goes out (so workers that join get work): about
  four chunks per thread of the games still to hand out, so chunks shrink
  towards the end of the run and long games do not leave threads idle. About
  two chunks per thread are in flight at a time; each comes back as soon as it
  finishes (the progress bar moves chunk by chunk).

Interrupting a long run (Ctrl+C, the notebook's stop button) returns the games
finished so far, with ``result.interrupted`` set and a ``RuntimeWarning``
saying how many were kept. Games still being played in a chunk are dropped:
the worker processes of a pool are stopped, a cluster's unfinished chunks are
cancelled, an ``executor``'s queued chunks are cancelled (its running ones
finish in the background).
"""

from __future__ import annotations

import math
import multiprocessing
import signal
import time
import warnings
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from multiprocessing.connection import wait as wait_for
from typing import Any
from collections.abc import Callable, Iterator, Sequence

import numpy as np

from . import registry
from .bots import Bot, make_bot, split_specs
from .rules import CHANCE

__all__ = ["GameResult", "SimResult", "game_seeds", "play_game", "play_many", "chunk_plan", "next_chunk_size",
           "MAX_GAMES", "MAX_WORKERS", "MAX_ACTIONS"]

MAX_GAMES = 10_000_000  #: games one run may ask for (their results are kept in memory)
MAX_WORKERS = 256  #: processes one run may ask for
MAX_ACTIONS = 10_000_000  #: the largest cut-off of one game, in plies


# =============================================================================== one game
@dataclass
class GameResult:
    """One finished (or cut-off, or failed) game."""

    index: int
    seed: int
    players: int
    winners: list[int]  # seats with a positive return (empty: nobody won, or unfinished)
    scores: list[float]
    plies: int  # every action, chance outcomes included
    decisions: int  # actions chosen by the bots
    over: bool
    bots: list[str]
    stats: dict[str, Any] = field(default_factory=dict)  # game-specific figures (rounds, sources ...)
    record: Any = None
    seconds: float = 0.0
    error: str | None = None  # why the game could not be played (then nothing else is meaningful)

    @property
    def winner(self) -> int:
        """The single winning seat, or -1."""
        return self.winners[0] if len(self.winners) == 1 else -1


def game_seeds(master: int, index: int, players: int) -> tuple[int, list[int]]:
    """The setup seed of game ``index`` and one seed per seat for its bots (from a SeedSequence)."""
    ss = np.random.SeedSequence(master, spawn_key=(index,))
    words = ss.generate_state(1 + players, dtype=np.uint32)
    return int(words[0]) & 0x7FFFFFFF, [int(w) for w in words[1:]]


def _game_type(game: str) -> registry.GameType:
    if not isinstance(game, str):
        raise TypeError(f"game must be a game's name, got {type(game).__name__}")
    return registry.get(game)


def bot_specs(bots: Any, players: int) -> list[Any]:
    """One bot spec per seat: ``bots`` is one spec for every seat or one per seat, as a list or
    as one text in the grammar of :mod:`windward_nb.core.bots` (``"greedy,mcts:iterations=200,c=1.4"``).

    >>> bot_specs("mcts:iterations=2,c=1.4", 2)
    ['mcts:iterations=2,c=1.4', 'mcts:iterations=2,c=1.4']
    >>> bot_specs("greedy,random", 2)
    ['greedy', 'random']
    """
    if isinstance(bots, str):
        specs: list[Any] = split_specs(bots)
        if len(specs) == 1:
            return specs * players
    elif isinstance(bots, (list, tuple)):
        specs = list(bots)
    else:
        return [bots] * players
    if len(specs) != players:
        raise ValueError(f"bots lists {len(specs)} bots for {players} players: name one bot for every seat or "
                         f"exactly {players}")
    return specs


def play_game(game: str = "windward", players: int = 4, bots: Any = "greedy", seed: int = 0, *,
              max_actions: int = 20_000, record: bool = False, bot_seeds: Sequence[int] | None = None,
              index: int = 0, names: list[str] | None = None, observer: Callable | None = None,
              **options: Any) -> GameResult:
    """Play one game between bots, drawing chance from the game's own seeded generator.

    The game is the one ``new_game(players=players, seed=seed, **options)`` of
    ``game`` sets up, so replaying the bots' choices through a Game gives the
    same game. ``max_actions`` caps the plies (then ``over=False``).
    ``observer(state, action, events)`` is called after every ply. Raises
    ``RuntimeError`` if a bot chooses an action that is not legal.
    """
    t0 = time.perf_counter()
    parts = _game_type(game)
    _check_players(game, players)
    specs = bot_specs(bots, players)
    seeds = list(bot_seeds) if bot_seeds is not None else [seed * 7919 + 101 * k + 1 for k in range(players)]
    table = parts.part("bots", None)
    seat_bots: list[Bot] = [make_bot(spec, sd, table) for spec, sd in zip(specs, seeds)]
    kwargs = dict(options)
    if names is not None:
        kwargs["names"] = names
    g = parts.part("new_game")(players=players, seed=seed, auto_chance=False, **kwargs)
    rules = g.rules
    s = g.state
    rng = g.rng
    actions = g.record.actions if g.record is not None else []
    simulation_tally = parts.part("simulation_tally", None)
    tally = simulation_tally(players, s) if simulation_tally is not None else None
    decisions = plies = 0
    decider, legal_actions, apply = rules.decider, rules.legal_actions, rules.apply
    while plies < max_actions:
        who = decider(s)
        if who < 0:
            if who != CHANCE:
                break
            a = rules.sample_chance(s, rng)
        else:
            legal = legal_actions(s)
            a = seat_bots[who].act(s, legal)
            if a not in legal:
                raise RuntimeError(f"{seat_bots[who].name} chose {a}, which is not legal here "
                                   f"(game seed {seed}, ply {plies + 1})")
            decisions += 1
        events = apply(s, a)
        if tally is not None:
            tally.events(s, events)
        actions.append(str(a))
        plies += 1
        if observer is not None:
            observer(s, a, events)
    over = rules.is_over(s)
    returns = rules.returns(s)
    winners = [i for i, r in enumerate(returns) if r > 0] if over else []
    scores = list(rules.scores(s))
    stats = tally.final(s) if tally is not None else {}
    rec = None
    if record and g.record is not None:
        rec = g.record
        for k, b in enumerate(seat_bots):
            rec.set_player(k, name=names[k] if names else f"{b.name} {k + 1}", bot=b.name)
        rec.meta["final"] = {"scores": scores, "winners": winners, "over": over, "plies": plies,
                             "result": rules.outcome_text(s), **_jsonable(stats)}
        rec.meta["generator"] = {"function": f"{__name__}.play_game", "game": rules.game, "seed": seed,
                                 "bot_seeds": seeds, "bots": [b.name for b in seat_bots]}
    return GameResult(index=index, seed=seed, players=players, winners=winners, scores=scores, plies=plies,
                      decisions=decisions, over=over, bots=[b.name for b in seat_bots], stats=stats, record=rec,
                      seconds=time.perf_counter() - t0)


def _jsonable(stats: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for k, v in stats.items():
        out[k] = v.tolist() if isinstance(v, np.ndarray) else v
    return out


# =============================================================================== many games
@dataclass
class SimResult:
    """Results of many games as numpy arrays (one row per game, in game order).

    Game-specific figures (``rounds``, ``sources`` ...) are in :attr:`stats`
    and readable as attributes (``result.rounds``).
    """

    game: str
    players: int
    bots: list[str]
    seeds: np.ndarray  # (n,) setup seed of each game
    winner: np.ndarray  # (n,) the single winning seat, -1 if none
    scores: np.ndarray  # (n, players)
    plies: np.ndarray  # (n,) actions, chance included
    decisions: np.ndarray  # (n,) actions chosen by bots
    over: np.ndarray  # (n,) True when the game ended by the rules
    returns: np.ndarray  # (n, players) 1 per winner
    stats: dict[str, np.ndarray] = field(default_factory=dict)
    seconds: float = 0.0
    workers: int = 1  # processes used; 0 when an executor or Dask ran the games
    chunks: int = 0  # pieces of work sent out (0 in this process)
    records: list[Any] | None = None
    master_seed: int = 0
    indices: np.ndarray | None = None  # (n,) game index of each row (all of 0..N-1 unless games failed)
    failures: list[tuple[int, int, str]] = field(default_factory=list)  # (index, seed, why)
    interrupted: bool = False
    options: dict[str, Any] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.seeds)

    def __getattr__(self, name: str) -> Any:
        stats = self.__dict__.get("stats")
        if stats is not None and name in stats:
            return stats[name]
        raise AttributeError(f"{type(self).__name__} has no attribute {name!r}")

    @property
    def games_per_second(self) -> float:
        return len(self) / self.seconds if self.seconds else float("nan")

    def win_rates(self, by: Any = None, *, confidence: float = 0.95) -> Any:
        """Without ``by``: the share of finished games won (alone) by each seat, as an array.

        With ``by`` (a column of :meth:`to_pandas`, or a list of them): a DataFrame of games,
        wins, win rate and its Wilson interval per group (see
        :func:`windward_nb.core.dataframe.win_rates`).
        """
        if by is not None:
            from .dataframe import win_rates

            return win_rates(self, by, confidence=confidence)
        done = self.winner >= 0
        if not done.any():
            return np.zeros(self.players)
        return np.bincount(self.winner[done], minlength=self.players) / done.sum()

    def to_pandas(self) -> Any:
        """One row per game per seat as a pandas DataFrame (see :mod:`windward_nb.core.dataframe`)."""
        from .dataframe import to_pandas

        return to_pandas(self)

    def to_parquet(self, path: Any) -> Any:
        """Write :meth:`to_pandas` to a Parquet file (atomically); returns its path."""
        from .dataframe import to_parquet

        return to_parquet(self, path)

    def summary(self) -> str:
        n = len(self)
        done = int(self.over.sum())
        lines = [f"{n} games of {self.game}, {self.players} players ({', '.join(self.bots)}), master seed "
                 f"{self.master_seed}: {done} finished, {n - done} cut off at the action limit"]
        if self.failures:
            lines.append(f"  {len(self.failures)} games failed: " + "; ".join(
                f"game {i} (seed {s}): {why}" for i, s, why in self.failures[:3]))
        if self.interrupted:
            lines.append("  interrupted: these are the games that finished before the stop")
        if self.seconds:
            lines.append(f"  {self.seconds:.2f} s with {self.workers or 'a cluster of'} worker(s), "
                         f"{self.games_per_second:.2f} games/s")
        if n:
            lines.append(f"  mean {self.decisions.mean():.0f} decisions, {self.plies.mean():.0f} plies")
            lines.append("  win rate by seat: " + ", ".join(f"{k + 1}: {w:.0%}" for k, w in enumerate(self.win_rates())))
            lines.append("  mean final score by seat: "
                         + ", ".join(f"{k + 1}: {m:.1f}" for k, m in enumerate(self.scores.mean(axis=0))))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<SimResult {len(self)} games of {self.game}, {self.players} players>"


def _run_chunk(args: tuple) -> list[GameResult]:
    game, indices, players, bots, master, max_actions, record, options = args
    out = []
    for i in indices:
        seed, bot_seeds = game_seeds(master, i, players)
        try:
            out.append(play_game(game, players, bots, seed, max_actions=max_actions, record=record,
                                 bot_seeds=bot_seeds, index=i, **options))
        except Exception as exc:  # one bad game must not take the batch down
            out.append(GameResult(index=i, seed=seed, players=players, winners=[], scores=[0.0] * players,
                                  plies=0, decisions=0, over=False, bots=[], error=f"{type(exc).__name__}: {exc}"))
    return out


def _progress_bar(total: int, enabled: bool, desc: str):
    if not enabled:
        return None
    try:
        from tqdm.auto import tqdm
    except Exception:  # tqdm is optional
        return None
    return tqdm(total=total, desc=desc, unit="game")


def chunk_plan(n: int, threads: int, chunksize: int | None = None, per_thread: int = 4) -> Iterator[range]:
    """Split games ``0..n-1`` into chunks: about ``per_thread`` chunks for every thread
    (enough to balance games of uneven length), or chunks of ``chunksize``. The chunks are
    made one at a time as they are asked for, so a plan of many games costs no memory.

    >>> [list(c) for c in chunk_plan(5, 1, per_thread=2)]
    [[0, 1, 2], [3, 4]]
    """
    if n <= 0:
        return
    size = chunksize or max(1, math.ceil(n / (max(1, threads) * per_thread)))
    for i in range(0, n, size):
        yield range(i, min(n, i + size))


def next_chunk_size(remaining: int, threads: int, chunksize: int | None = None, per_thread: int = 4) -> int:
    """How many games the next chunk of a streamed run takes: ``chunksize`` if given, else the
    games still to hand out spread over ``per_thread`` chunks per thread (at least one game).
    Chunks shrink as the run goes on, so the last ones are short and every thread finishes
    at about the same time; more threads give smaller chunks."""
    if chunksize:
        return max(1, min(chunksize, remaining))
    return max(1, math.ceil(remaining / (max(1, threads) * per_thread)))


def _cluster_threads(client: Any) -> int:
    """Worker threads of the client's cluster now (1 if it cannot say)."""
    try:
        return max(1, sum(client.nthreads().values()))
    except Exception:
        return 1


def play_many(n: int, players: int = 4, bots: Any = "greedy", seed: int = 0, *, game: str = "windward",
              workers: int = 1, progress: bool = True, max_actions: int = 20_000, record: bool = False,
              chunksize: int | None = None, executor: Executor | None = None, client: Any = None,
              scheduler: str | None = None, result_class: type | None = None, **options: Any) -> SimResult:
    """Play ``n`` seeded games between bots and gather the results (see the module doc).

    ``bots`` is one spec for every seat or one per seat (a name such as
    ``"greedy"``, ``"random"``, ``"mcts:iterations=200"``, a Bot class or a
    factory). Other keywords go to the game's ``new_game``.
    """
    _check_count("n", n, 0, MAX_GAMES, "games")
    _check_count("workers", workers, 1, MAX_WORKERS, "processes")
    _check_count("max_actions", max_actions, 1, MAX_ACTIONS, "plies")
    _check_count("seed", seed, 0, 2**63 - 1, "")
    if chunksize is not None:
        _check_count("chunksize", chunksize, 1, MAX_GAMES, "games")
    parts = _game_type(game)
    _check_players(game, players)
    specs = bot_specs(bots, players)
    names = [make_bot(sp, 0, parts.part("bots", None)).name for sp in specs]
    t0 = time.perf_counter()
    results: dict[int, GameResult] = {}
    failures: list[tuple[int, int, str]] = []
    if scheduler is not None and (not isinstance(scheduler, str) or not scheduler.strip()):
        raise ValueError(f"scheduler must be an address such as 'tcp://host:8786', got {scheduler!r}")
    if scheduler is not None and client is not None:
        raise ValueError("give either client= or scheduler=, not both")
    if client is not None and not callable(getattr(client, "submit", None)):
        raise TypeError(f"client must be a dask.distributed Client, got {type(client).__name__}")
    own_client = None
    if scheduler is not None:
        client = own_client = _connect(scheduler)
    payload = (game, players, bots, seed, max_actions, record, options)
    bar = _progress_bar(n, progress, f"{game} {players}p {'/'.join(sorted(set(names)))}")
    interrupted = False
    chunks_sent = 0

    def take(batch: list[GameResult]) -> None:
        for r in batch:
            if r.error is None:
                results[r.index] = r
        if bar is not None:
            bar.update(len(batch))

    try:
        if client is not None:
            sent = [0]
            try:
                _run_dask(client, n, payload, chunksize, take, sent)
            finally:
                chunks_sent = sent[0]
        elif executor is not None:
            sent = [0]
            try:
                _run_executor(executor, chunk_plan(n, 4, chunksize), payload, take, sent)
            finally:
                chunks_sent = sent[0]
        elif workers > 1:
            sent = [0]
            try:
                _run_pool(min(workers, n), chunk_plan(n, workers, chunksize), payload, take, failures, sent)
            finally:
                chunks_sent = sent[0]
        else:
            for i in range(n):
                take(_run_chunk((game, [i], *payload[1:])))
    except KeyboardInterrupt:
        interrupted = True
        warnings.warn(f"interrupted: keeping the {len(results)} games that finished", RuntimeWarning, stacklevel=2)
    finally:
        if bar is not None:
            bar.close()
        if own_client is not None:
            own_client.close()
    # games that raised inside a worker are failures with the reason
    if not interrupted:
        missing = [i for i in range(n) if i not in results]
        retry = [i for i in missing if not any(f[0] == i for f in failures)]
        for i in retry:
            r = _run_chunk((game, [i], *payload[1:]))[0]
            if r.error is None:
                results[i] = r
            else:
                failures.append((i, r.seed, r.error))
    failures.sort()
    done = [results[i] for i in sorted(results)]
    res_cls: type = result_class if result_class is not None else parts.part("sim_result", SimResult)
    return _gather(res_cls, game, players, names, done, seed, time.perf_counter() - t0,
                   workers=0 if (client is not None or executor is not None) else workers, chunks=chunks_sent,
                   record=record, failures=failures, interrupted=interrupted, options=options)


def _connect(scheduler: str) -> Any:
    """A client of the Dask scheduler at ``scheduler`` (a clear error if there is none)."""
    try:
        from distributed import Client
    except ImportError:
        raise ImportError("scheduler= needs dask.distributed: pip install 'windward-nb[cluster]'") from None
    try:
        return Client(scheduler)
    except (OSError, TimeoutError, ValueError) as exc:
        raise ConnectionError(f"could not reach a Dask scheduler at {scheduler!r} "
                              f"({type(exc).__name__}: {exc})") from None


def _check_players(game: str, players: Any) -> None:
    game_type = registry.get(game)
    lo, hi = game_type.players
    _check_count("players", players, lo, hi, f"(seats of {game_type.title})")


def _check_count(name: str, value: Any, lo: int, hi: int, unit: str) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not lo <= value <= hi:
        big = isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**30
        shown = f"a number of {len(str(abs(value)))} digits" if big else repr(value)[:80]
        raise ValueError(f"{name} must be a whole number from {lo} to {hi}{' ' + unit if unit else ''}, got {shown}")


def _take_in_order(futures: dict[Future, range], take: Callable, lost: Callable[[range, BaseException], None],
                   ) -> None:
    """Wait for at least one of ``futures`` and take every finished one, in the order sent."""
    done, _ = wait(set(futures), return_when=FIRST_COMPLETED)
    for f in [f for f in futures if f in done]:  # several may finish together: take them in order
        chunk = futures.pop(f)
        try:
            take(f.result())
        except BrokenProcessPool as exc:
            lost(chunk, exc)


def _run_executor(ex: Executor, chunks: Iterator[range], payload: tuple, take: Callable, sent: list[int],
                  in_flight: int = 8) -> None:
    """Run the chunks on ``ex``, sending the next ones out as earlier ones finish (``in_flight`` at a time)."""
    game, *rest = payload
    futures: dict[Future, range] = {}

    def broke(chunk: range, exc: BaseException) -> None:
        raise exc

    try:
        for chunk in chunks:
            while len(futures) >= in_flight:
                _take_in_order(futures, take, broke)
            futures[ex.submit(_run_chunk, (game, chunk, *rest))] = chunk
            sent[0] += 1
        while futures:
            _take_in_order(futures, take, broke)
    except BaseException:
        for f in futures:
            f.cancel()
        raise


def _run_pool(workers: int, chunks: Iterator[range], payload: tuple, take: Callable,
              failures: list[tuple[int, int, str]], sent: list[int]) -> None:
    """Run chunks on a process pool, about two per process in flight, the next sent as one finishes. If a
    worker dies, the games already finished are kept, the games not yet sent go to a fresh pool, and every
    game the broken pool lost is played once more in a process of its own (``workers`` at a time), so that
    a game that kills its process again takes no other game with it; a game lost twice is a failure, with
    the reason (how its process ended)."""
    game, *rest = payload
    lost: dict[int, str] = {}  # game -> why its first try was lost

    broken = [False]

    def broke(chunk: range, exc: BaseException) -> None:
        lost.update({i: _died(exc) for i in chunk})
        broken[0] = True

    ex = ProcessPoolExecutor(max_workers=workers)
    futures: dict[Future, range] = {}
    try:
        for chunk in chunks:
            while len(futures) >= 2 * workers:
                _take_in_order(futures, take, broke)
            if broken[0]:  # a worker died: the games still to send go to a fresh pool
                while futures:  # a broken pool fails all its work at once: these are taken or lost now
                    _take_in_order(futures, take, broke)
                ex.shutdown(wait=True)
                ex = ProcessPoolExecutor(max_workers=workers)
                broken[0] = False
            try:
                futures[ex.submit(_run_chunk, (game, chunk, *rest))] = chunk
            except BrokenProcessPool as exc:  # the pool broke while this chunk was handed out
                broke(chunk, exc)
            sent[0] += 1
        while futures:
            _take_in_order(futures, take, broke)
    except BaseException:  # interrupted: do not wait for the games still queued or being played
        _stop_pool(ex)
        raise
    ex.shutdown(wait=True)
    if lost:
        _retry_alone(sorted(lost), lambda idx: (game, idx, *rest), workers, lost, take, failures, payload)


def _stop_pool(ex: ProcessPoolExecutor) -> None:
    """Cancel the queued chunks and end the pool's worker processes now."""
    def current() -> list:
        return list((getattr(ex, "_processes", None) or {}).values())  # private, but stable since 3.3

    processes = current()
    ex.shutdown(wait=False, cancel_futures=True)
    processes += [proc for proc in current() if proc not in processes]  # one started meanwhile
    for proc in processes:
        if proc.is_alive():
            proc.terminate()
    for proc in processes:
        proc.join(timeout=5)


def _died(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return f"the worker process died ({type(exc).__name__}: {text})"


def _exit_reason(code: int | None) -> str:
    if code is not None and code < 0:
        try:
            return f"its process was killed by signal {signal.Signals(-code).name}"
        except ValueError:
            return f"its process was killed by signal {-code}"
    return f"its process exited with code {code} before sending a result"


def _alone(conn: Any, args: tuple) -> None:  # runs in a process of its own
    try:
        result: tuple[str, Any] = ("ok", _run_chunk(args))
    except BaseException as exc:  # noqa: BLE001 - whatever happened, say so
        result = ("error", f"{type(exc).__name__}: {exc}")
    try:
        conn.send(result)
    finally:
        conn.close()


def _retry_alone(indices: list[int], make_args: Callable[[list[int]], tuple], workers: int, first: dict[int, str],
                 take: Callable, failures: list[tuple[int, int, str]], payload: tuple) -> None:
    """Play each lost game once more, each in a process of its own."""
    ctx = multiprocessing.get_context()
    pending = list(indices)
    running: dict[Any, tuple[int, Any, Any]] = {}  # receiving end -> (game, process, sending end)
    master, players = payload[3], payload[1]

    def fail(i: int, why: str) -> None:
        failures.append((i, game_seeds(master, i, players)[0], why))

    try:
        _retry_loop(pending, running, ctx, make_args, workers, first, take, fail)
    except BaseException:  # interrupted: end the games still being played
        for _, proc, _ in running.values():
            if proc.is_alive():
                proc.terminate()
            proc.join(timeout=5)
        raise


def _retry_loop(pending: list[int], running: dict[Any, tuple[int, Any, Any]], ctx: Any,
                make_args: Callable[[list[int]], tuple], workers: int, first: dict[int, str], take: Callable,
                fail: Callable[[int, str], None]) -> None:
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
            if recv not in ready and proc.sentinel not in ready:
                continue
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
                fail(i, f"{first[i]}; played again alone, {_exit_reason(proc.exitcode)}")
            elif outcome[0] == "ok":
                take(outcome[1])
            else:
                fail(i, f"{first[i]}; played again alone, it raised {outcome[1]}")


def _run_dask(client: Any, n: int, payload: tuple, chunksize: int | None, take: Callable, sent: list[int]) -> None:
    """Stream games ``0..n-1`` through a Dask client, counting the chunks sent out in ``sent[0]``.

    Before each chunk goes out the cluster's threads are counted again: the chunk's size
    comes from them and from the games still to hand out (:func:`next_chunk_size`), and
    about two chunks per thread are kept in flight."""
    from distributed import as_completed

    game, *rest = payload
    start = 0

    def submit_more(ac: Any) -> None:
        nonlocal start
        threads = _cluster_threads(client)
        while start < n and ac.count() < 2 * threads:
            size = next_chunk_size(n - start, threads, chunksize)
            chunk = list(range(start, start + size))
            start += size
            ac.add(client.submit(_run_chunk, (game, chunk, *rest), pure=False))
            sent[0] += 1

    ac = as_completed([])
    try:
        submit_more(ac)
        for fut in ac:
            take(fut.result())
            fut.release()
            submit_more(ac)
    except BaseException:
        for f in list(ac.futures):
            f.cancel()
        raise


def _gather(res_cls: type, game: str, players: int, names: list[str], done: list[GameResult], seed: int,
            seconds: float, *, workers: int, chunks: int, record: bool, failures: list, interrupted: bool,
            options: dict) -> SimResult:
    n = len(done)
    stats: dict[str, np.ndarray] = {}
    keys = list(done[0].stats) if done else []
    for k in keys:
        try:
            stats[k] = np.array([r.stats[k] for r in done])
        except (ValueError, KeyError):
            continue
    returns = np.zeros((n, players))
    for row, r in enumerate(done):
        for w in r.winners:
            returns[row, w] = 1.0
    return res_cls(
        game=game, players=players, bots=names,
        seeds=np.array([r.seed for r in done], dtype=np.int64),
        winner=np.array([r.winner for r in done], dtype=np.int8),
        scores=np.array([r.scores for r in done], dtype=float).reshape(n, players),
        plies=np.array([r.plies for r in done], dtype=np.int32),
        decisions=np.array([r.decisions for r in done], dtype=np.int32),
        over=np.array([r.over for r in done], dtype=bool),
        returns=returns, stats=stats, seconds=seconds, workers=workers, chunks=chunks,
        records=[r.record for r in done] if record else None, master_seed=seed,
        indices=np.array([r.index for r in done], dtype=np.int64), failures=failures,
        interrupted=interrupted, options=dict(options),
    )
