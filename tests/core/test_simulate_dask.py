"""play_many on a Dask cluster: work sized from the cluster's threads (read again as the run goes),
streamed back as it finishes, a scheduler address instead of a client, interruptions, and results
identical to the single-process run."""

from __future__ import annotations

import dask
import numpy as np
import pytest

import dicerace as dr  # noqa: F401  (registers the toy game)
import windward_nb.core.simulate as core_sim
from windward_nb.core.simulate import chunk_plan, next_chunk_size, play_many

import distributed  # noqa: E402  (a test dependency: dask[distributed] is in the test extra)

RACE = dict(players=3, bots="random", seed=6, game="dice-race", progress=False)


def same(a, b) -> bool:
    return all(np.array_equal(getattr(a, k), getattr(b, k)) for k in ("seeds", "winner", "scores", "plies", "indices"))


@pytest.fixture(scope="module")
def alone40():
    return play_many(40, **RACE)


@pytest.fixture(scope="module")
def client16():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=8, processes=False,
                                       dashboard_address=None, silence_logs=50)
    client = distributed.Client(cluster)
    yield client
    client.close()
    cluster.close()


def test_a_16_thread_cluster_gets_at_least_16_chunks_and_the_same_results(client16, alone40):
    assert sum(client16.nthreads().values()) == 16
    spread = play_many(40, client=client16, **RACE)
    assert spread.chunks >= 16
    assert same(spread, alone40) and spread.workers == 0 and not spread.interrupted


class CountingClient:
    """A real client that reports a scripted number of threads and notes the size of each chunk."""

    def __init__(self, client, threads: list[int]):
        self.client, self.threads, self.sizes = client, list(threads), []

    def nthreads(self):
        t = self.threads.pop(0) if len(self.threads) > 1 else self.threads[0]
        return {f"w{k}": 1 for k in range(t)}

    def submit(self, fn, args, **kw):
        self.sizes.append(len(args[1]))
        return self.client.submit(fn, args, **kw)


def test_chunks_follow_the_threads_the_cluster_has_now(client16, alone40):
    # one thread when the run starts, sixteen once the first chunk is back (workers joined)
    grown = CountingClient(client16, [1, 16])
    res = play_many(40, client=grown, **RACE)
    assert grown.sizes[:2] == [10, 8]  # 4 chunks' worth of the 40, then of the 30 left, for 1 thread
    assert grown.sizes[2:] == [1] * 22  # 22 games left over 16 threads: one game a chunk
    assert res.chunks == 24 and same(res, alone40)
    steady = CountingClient(client16, [16])
    assert same(play_many(40, client=steady, **RACE), alone40) and steady.sizes == [1] * 40
    fixed = CountingClient(client16, [16])
    assert same(play_many(40, client=fixed, chunksize=7, **RACE), alone40)
    assert fixed.sizes == [7, 7, 7, 7, 7, 5]


def test_next_chunk_size_shrinks_towards_the_end():
    sizes, left = [], 640
    while left:
        sizes.append(next_chunk_size(left, 16))
        left -= sizes[-1]
    assert sum(sizes) == 640 and sizes[0] == 10 and sizes[-1] == 1
    assert sizes == sorted(sizes, reverse=True) and len(sizes) >= 64
    assert next_chunk_size(5, 16, chunksize=8) == 5 and next_chunk_size(50, 0) == 13
    assert [len(c) for c in chunk_plan(40, 16)] == [1] * 40  # the process pool's fixed plan


def test_a_tcp_scheduler_address_works_like_a_client(alone40):
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, protocol="tcp",
                                  dashboard_address=":0", silence_logs=50) as cluster:
        assert cluster.scheduler_address.startswith("tcp://")
        spread = play_many(40, scheduler=cluster.scheduler_address, **RACE)
    assert same(spread, alone40) and spread.chunks >= 2


def test_scheduler_mistakes_are_clear_errors(client16):
    with pytest.raises(ValueError, match="scheduler must be an address"):
        play_many(2, scheduler=8786, **RACE)
    with pytest.raises(ValueError, match="not both"):
        play_many(2, client=client16, scheduler="tcp://127.0.0.1:8786", **RACE)
    with pytest.raises(TypeError, match="client must be"):
        play_many(2, client="tcp://127.0.0.1:8786", **RACE)
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        with pytest.raises(ConnectionError, match="could not reach a Dask scheduler at 'tcp://127.0.0.1:9'"):
            play_many(2, scheduler="tcp://127.0.0.1:9", **RACE)


class InterruptingBar:
    def __init__(self, after: int):
        self.after, self.updates = after, 0

    def update(self, k: int) -> None:
        self.updates += 1
        if self.updates == self.after:
            raise KeyboardInterrupt

    def close(self) -> None:
        pass


def test_an_interrupted_cluster_run_keeps_finished_chunks_and_cancels_the_rest(client16, alone40, monkeypatch):
    monkeypatch.setattr(core_sim, "_progress_bar", lambda total, enabled, desc: InterruptingBar(3))
    small = CountingClient(client16, [2])  # two threads: four chunks in flight
    with pytest.warns(RuntimeWarning, match="interrupted: keeping the 6 games"):
        res = play_many(40, client=small, chunksize=2, **{**RACE, "progress": True})
    assert res.interrupted and len(res) == 6
    assert res.chunks == len(small.sizes) == 6  # 4 at the start, 1 more after each of the first 2 results
    for k in ("seeds", "winner", "scores", "plies"):
        assert np.array_equal(getattr(res, k), getattr(alone40, k)[res.indices]), k
    monkeypatch.undo()
    assert same(play_many(40, client=client16, **RACE), alone40)  # the cluster is free for the next run
