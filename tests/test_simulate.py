"""play_many: seeded, identical whatever the number of workers, results as numpy arrays."""

from __future__ import annotations


import os

import builtins
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from windward_nb.bots import GreedyBot, RandomBot
from windward_nb.simulate import SOURCES, SimResult, game_seeds, play_game, play_many

ARRAYS = ("seeds", "winner", "scores", "rounds", "plies", "decisions", "over", "sources")


def same(a: SimResult, b: SimResult) -> bool:
    return all(np.array_equal(getattr(a, k), getattr(b, k)) for k in ARRAYS)


@pytest.fixture(scope="module")
def serial() -> SimResult:
    return play_many(8, players=4, bots="greedy", seed=2024, progress=False)


def test_workers_do_not_change_the_results(serial):
    parallel = play_many(8, players=4, bots="greedy", seed=2024, progress=False, workers=2, chunksize=3)
    assert same(serial, parallel) and parallel.workers == 2
    threads = play_many(8, players=4, bots="greedy", seed=2024, progress=False,
                        executor=ThreadPoolExecutor(max_workers=3), chunksize=1)
    assert same(serial, threads)


def test_result_arrays(serial):
    n, p = 8, 4
    assert len(serial) == n
    assert serial.scores.shape == (n, p) and serial.sources.shape == (n, p, len(SOURCES))
    assert serial.winner.shape == serial.rounds.shape == serial.plies.shape == serial.over.shape == (n,)
    assert serial.over.all() and (serial.winner >= 0).all()
    assert (serial.scores.max(axis=1) >= 15).all()
    assert (serial.scores[np.arange(n), serial.winner] == serial.scores.max(axis=1)).all()
    assert np.array_equal(serial.sources.sum(axis=2), serial.scores)  # every point has a source
    assert (serial.plies >= serial.decisions).all() and (serial.decisions > 0).all()
    assert serial.win_rates().sum() == pytest.approx(1.0)
    text = serial.summary()
    assert "8 games, 4 players" in text and "rounds" in text and "teeth" in text and "sky" in text
    assert serial.bots == ["GreedyBot"] * 4


def test_games_are_seeded_by_index(serial):
    first3 = play_many(3, players=4, bots="greedy", seed=2024, progress=False)
    for k in ARRAYS:
        assert np.array_equal(getattr(first3, k), getattr(serial, k)[:3])
    other = play_many(3, players=4, bots="greedy", seed=2025, progress=False)
    assert not np.array_equal(other.seeds, first3.seeds)
    seed, bot_seeds = game_seeds(2024, 5, 4)
    assert serial.seeds[5] == seed and len(set(bot_seeds)) == 4
    alone = play_game(4, "greedy", seed, bot_seeds=bot_seeds)
    assert alone.scores == serial.scores[5].tolist() and alone.rounds == serial.rounds[5]


def test_records_replay_to_the_scores():
    res = play_many(3, players=3, bots=["greedy", RandomBot, lambda seed: GreedyBot(seed)], seed=5,
                    progress=False, record=True)
    assert res.bots == ["GreedyBot", "RandomBot", "GreedyBot"]
    assert res.records is not None and len(res.records) == 3
    for rec, scores in zip(res.records, res.scores):
        game = rec.replay()
        assert game.scores() == scores.tolist() == rec.meta["final"]["scores"]
        assert [p["bot"] for p in rec.players] == res.bots


def test_action_limit_cuts_games_off():
    res = play_many(2, players=2, bots="random", seed=1, progress=False, max_actions=50)
    assert not res.over.any() and (res.winner == -1).all() and (res.plies == 50).all()
    assert "2 cut off" in res.summary()


def test_progress_bar_is_optional(monkeypatch, capsys):
    real_import = builtins.__import__

    def no_tqdm(name, *args, **kw):
        if name.startswith("tqdm"):
            raise ImportError("no tqdm here")
        return real_import(name, *args, **kw)

    monkeypatch.delitem(sys.modules, "tqdm.auto", raising=False)
    monkeypatch.setattr(builtins, "__import__", no_tqdm)
    res = play_many(2, players=2, bots="random", seed=3, max_actions=100, progress=True)
    assert len(res) == 2
    monkeypatch.undo()
    pytest.importorskip("tqdm")
    play_many(2, players=2, bots="random", seed=3, max_actions=100, progress=True)
    assert "game" in capsys.readouterr().err  # the bar went to stderr


def test_bad_arguments():
    with pytest.raises(ValueError):
        play_many(-1, progress=False)
    with pytest.raises(ValueError):
        play_many(1, players=3, bots=["greedy", "random"], progress=False)
    with pytest.raises(ValueError):
        play_many(1, bots="chess-engine", progress=False)
    with pytest.raises(ValueError):
        play_many(1, workers=0, progress=False)
    assert len(play_many(0, progress=False)) == 0


def test_dask_client_gives_the_same_results(serial):
    if os.environ.get("CI") == "true":
        import distributed  # CI installs the test extras, which include dask.distributed: never skip there
    else:
        distributed = pytest.importorskip("distributed", reason="dask.distributed is not installed")
    with distributed.Client(processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None) as client:
        res = play_many(4, players=4, bots="greedy", seed=2024, progress=False, client=client, chunksize=2)
    for k in ARRAYS:
        assert np.array_equal(getattr(res, k), getattr(serial, k)[:4])


# ----------------------------------------------------------------------------- dying workers
DYING = dict(n=10, players=2, seed=77, max_actions=300, progress=False)


def _doom(monkeypatch, tmp_path, once=(), always=()):
    """Make the first seat's bot of the given games kill its process (see sim_helpers)."""
    seat0 = lambda i: game_seeds(DYING["seed"], i, DYING["players"])[1][0]  # noqa: E731
    monkeypatch.setenv("WINDWARD_TEST_DIE_ONCE", ",".join(str(seat0(i)) for i in once))
    monkeypatch.setenv("WINDWARD_TEST_DIE_ALWAYS", ",".join(str(seat0(i)) for i in always))
    monkeypatch.setenv("WINDWARD_TEST_MARKERS", str(tmp_path))


def _rows_match(res: SimResult, ref: SimResult, keep: list[int]) -> None:
    assert res.indices.tolist() == keep
    for k in ARRAYS:
        assert np.array_equal(getattr(res, k), getattr(ref, k)[keep]), k


def test_a_dying_worker_keeps_finished_games_and_retries_lost_ones_once(monkeypatch, tmp_path):
    from sim_helpers import FragileBot

    ref = play_many(bots=FragileBot, **DYING)  # no game dies: nothing is set yet
    assert ref.failures == [] and ref.indices.tolist() == list(range(10))
    _doom(monkeypatch, tmp_path, once=[3], always=[6])
    res = play_many(bots=FragileBot, workers=2, chunksize=2, **DYING)
    assert (tmp_path / f"died-{game_seeds(77, 3, 2)[1][0]}").exists()  # game 3 did kill its worker once
    assert [(i, sd) for i, sd, _ in res.failures] == [(6, game_seeds(77, 6, 2)[0])]
    why = res.failures[0][2]
    assert "worker process died" in why and "played again alone" in why and "SIGKILL" in why
    _rows_match(res, ref, [i for i in range(10) if i != 6])  # every other game, exactly as played alone
    assert len(res) == 9 and "1 game(s) failed" in res.summary() and "game 6" in res.summary()


def test_a_dask_cluster_survives_a_killed_worker(monkeypatch, tmp_path):
    if os.environ.get("CI") == "true":
        import distributed  # CI installs the test extras, which include dask.distributed: never skip there
    else:
        distributed = pytest.importorskip("distributed", reason="dask.distributed is not installed")
    from sim_helpers import FragileBot

    ref = play_many(bots=FragileBot, **DYING)
    _doom(monkeypatch, tmp_path, once=[2, 7])
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  silence_logs=50) as cluster, distributed.Client(cluster) as client:
        res = play_many(bots=FragileBot, client=client, chunksize=1, **DYING)
    assert all((tmp_path / f"died-{game_seeds(77, i, 2)[1][0]}").exists() for i in (2, 7))
    assert res.failures == []
    _rows_match(res, ref, list(range(10)))


# ----------------------------------------------------------------------------- interruptions
class InterruptingBar:
    """Stands in for the progress bar: the press of Ctrl+C arrives while the results of the
    ``after``-th chunk are being taken in (the main thread is where KeyboardInterrupt lands)."""

    def __init__(self, after: int):
        self.after, self.updates = after, 0

    def update(self, k: int) -> None:
        self.updates += 1
        if self.updates == self.after:
            raise KeyboardInterrupt

    def close(self) -> None:
        pass


def _interrupt_after(monkeypatch, chunks: int) -> None:
    import windward_nb.core.simulate as core_sim

    monkeypatch.setattr(core_sim, "_progress_bar", lambda total, enabled, desc: InterruptingBar(chunks))


def test_an_interrupted_run_keeps_the_games_that_finished(monkeypatch, serial):
    _interrupt_after(monkeypatch, 3)
    with pytest.warns(RuntimeWarning, match="interrupted: keeping the 3 games"):
        res = play_many(8, players=4, bots="greedy", seed=2024)
    assert res.interrupted and "interrupted" in res.summary()
    assert res.indices.tolist() == [0, 1, 2] and res.failures == []
    for k in ARRAYS:
        assert np.array_equal(getattr(res, k), getattr(serial, k)[:3]), k


def test_interrupting_a_process_pool_stops_its_workers_at_once(monkeypatch, tmp_path):
    import multiprocessing

    from sim_helpers import StallBot

    ref = play_many(bots=StallBot, **DYING)  # nothing stalls yet
    seat0 = [game_seeds(DYING["seed"], i, DYING["players"])[1][0] for i in range(10)]
    monkeypatch.setenv("WINDWARD_TEST_STALL", ",".join(str(sd) for sd in seat0[2:]))
    monkeypatch.setenv("WINDWARD_TEST_MARKERS", str(tmp_path))
    # two workers, one game a chunk: games 0 and 1 finish, every later game stalls for 20 s
    _interrupt_after(monkeypatch, 2)
    with pytest.warns(RuntimeWarning, match="interrupted: keeping the 2 games"):
        res = play_many(bots=StallBot, workers=2, chunksize=1, **{**DYING, "progress": True})
    assert res.interrupted and res.failures == []
    _rows_match(res, ref, [0, 1])
    deadline = time.monotonic() + 5  # a terminated process may take a moment to be reaped
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert multiprocessing.active_children() == []  # the pool's processes are gone ...
    assert not list(tmp_path.glob("stalled-*"))  # ... and no stalled game was waited for


def test_interrupting_an_executor_cancels_its_queued_chunks(monkeypatch, serial):
    _interrupt_after(monkeypatch, 2)
    with ThreadPoolExecutor(max_workers=1) as ex, pytest.warns(RuntimeWarning, match="keeping the 2 games"):
        res = play_many(8, players=4, bots="greedy", seed=2024, executor=ex, chunksize=1)
    assert res.interrupted and res.indices.tolist() == [0, 1]
    assert np.array_equal(res.scores, serial.scores[:2])
