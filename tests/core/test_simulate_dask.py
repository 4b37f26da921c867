"""play_many on a Dask cluster: work sized from the cluster's threads, streamed, identical results."""

from __future__ import annotations

import pytest


import dicerace as dr  # noqa: F401  (registers the toy game)
from windward_nb.core.simulate import play_many

import distributed  # noqa: E402  (a test dependency: dask[distributed] is in the test extra)


@pytest.fixture(scope="module")
def client16():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=8, processes=False,
                                       dashboard_address=None, silence_logs=50)
    client = distributed.Client(cluster)
    yield client
    client.close()
    cluster.close()


def test_a_16_thread_cluster_gets_at_least_16_chunks_and_the_same_results(client16):
    alone = play_many(40, players=3, bots="random", seed=6, game="dice-race", progress=False)
    spread = play_many(40, players=3, bots="random", seed=6, game="dice-race", progress=False, client=client16)
    assert spread.chunks >= 16
    assert (spread.scores == alone.scores).all() and (spread.seeds == alone.seeds).all()
    assert (spread.winner == alone.winner).all() and spread.workers == 0


def test_a_scheduler_address_works_like_a_client(client16):
    address = client16.scheduler.address
    alone = play_many(10, players=2, bots="high", seed=2, game="dice-race", progress=False)
    spread = play_many(10, players=2, bots="high", seed=2, game="dice-race", progress=False, scheduler=address)
    assert (spread.scores == alone.scores).all()
