"""Simulation results as DataFrames (``windward_nb.core.dataframe``): tidy rows, Parquet, win rates
with Wilson intervals, and a core that still imports without pandas."""

from __future__ import annotations

import math
import subprocess
import sys

import numpy as np
import pytest

pd = pytest.importorskip("pandas")

from windward_nb.core import dataframe  # noqa: E402
from windward_nb.core.simulate import play_many  # noqa: E402


@pytest.fixture(scope="module")
def windward_batch():
    return play_many(12, players=3, bots=["greedy", "random", "random"], seed=4, progress=False)


def test_one_row_per_game_per_seat(windward_batch):
    r = windward_batch
    df = r.to_pandas()
    assert list(df.columns[:len(dataframe.BASE_COLUMNS)]) == list(dataframe.BASE_COLUMNS)
    assert len(df) == len(r) * r.players
    assert (df.groupby("index")["seat"].apply(list) == [[0, 1, 2]] * len(r)).all()
    assert df["score"].to_numpy().reshape(len(r), 3).tolist() == r.scores.astype(float).tolist()
    assert df["seed"][::3].tolist() == r.seeds.tolist()
    # won agrees with the winner column wherever a single seat won
    single = df[df["winner"] >= 0]
    assert (single["won"] == (single["seat"] == single["winner"])).all()
    assert df["bot"][:3].tolist() == ["GreedyBot", "RandomBot", "RandomBot"]


def test_windward_figures_are_columns(windward_batch):
    r = windward_batch
    df = r.to_pandas()
    assert (df["rounds"][::3].to_numpy() == r.rounds).all()
    for j, source in enumerate(r.sources_names):
        assert df[f"sources_{source}"].to_numpy().tolist() == r.sources[:, :, j].ravel().tolist()
    assert df["sources_teeth"].sum() > 0  # greedy captains do fight


def test_per_seat_figures_of_another_game():
    r = play_many(3, players=3, bots="random", seed=2, game="north-wind", progress=False, max_actions=4000)
    df = r.to_pandas()
    assert df["tasks"].to_numpy().reshape(3, 3).tolist() == r.stats["tasks"].tolist()
    assert (df["game"] == "north-wind").all()


def test_options_are_json_and_columns():
    r = play_many(2, players=1, bots="greedy", seed=1, progress=False, mode="solo", max_actions=3000)
    df = r.to_pandas()
    assert (df["option_mode"] == "solo").all()
    assert df["options"][0] == '{"mode": "solo"}'


def wilson(k: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The textbook Wilson score interval, to check SciPy's against."""
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return centre - half, centre + half


@pytest.mark.parametrize("k, n", [(0, 10), (3, 10), (30, 100), (100, 100), (1, 1)])
def test_wilson_interval_is_the_textbook_one(k, n):
    assert dataframe.wilson_interval(k, n) == pytest.approx(wilson(k, n), abs=1e-9)


def test_wilson_interval_of_no_games_is_nan():
    assert all(math.isnan(x) for x in dataframe.wilson_interval(0, 0))


def test_win_rates_by_seat_and_bot(windward_batch):
    r = windward_batch
    by_seat = r.win_rates(by="seat")
    assert list(by_seat.columns) == ["seat", "games", "wins", "win_rate", "low", "high"]
    assert by_seat["games"].tolist() == [12, 12, 12]
    assert by_seat["wins"].tolist() == r.returns.sum(axis=0).astype(int).tolist()
    for row in by_seat.itertuples():
        assert (row.low, row.high) == pytest.approx(wilson(row.wins, row.games))
        assert row.low <= row.win_rate <= row.high
    by_bot = r.win_rates(by="bot")
    assert by_bot.set_index("bot")["games"].to_dict() == {"GreedyBot": 12, "RandomBot": 24}
    # no by: the array the summary has always used
    assert isinstance(r.win_rates(), np.ndarray)


def test_win_rates_over_concatenated_batches():
    a = play_many(4, players=2, bots="random", seed=1, progress=False, mode="head-to-head")
    b = play_many(6, players=2, bots="greedy", seed=1, progress=False, mode="head-to-head")
    both = pd.concat([a.to_pandas(), b.to_pandas()], ignore_index=True)
    table = dataframe.win_rates(both, by=["bot", "seat"])
    assert table["games"].tolist() == [6, 6, 4, 4]
    assert table["wins"].sum() == int(a.returns.sum() + b.returns.sum())


def test_win_rates_refuses_unknown_columns(windward_batch):
    with pytest.raises(KeyError, match="no column 'captain'"):
        windward_batch.win_rates(by="captain")
    with pytest.raises(ValueError, match="confidence"):
        windward_batch.win_rates(by="seat", confidence=1.5)


def test_parquet_round_trip(windward_batch, tmp_path):
    pytest.importorskip("pyarrow")
    path = windward_batch.to_parquet(tmp_path / "r.parquet")
    back = pd.read_parquet(path)
    pd.testing.assert_frame_equal(back, windward_batch.to_pandas(), check_dtype=False)
    assert [p.name for p in tmp_path.iterdir()] == ["r.parquet"]  # no temporary file left behind


def test_the_core_imports_and_simulates_without_pandas():
    code = (
        "import sys; sys.modules['pandas'] = None\n"
        "from windward_nb.core import dataframe\n"
        "from windward_nb.core.simulate import play_many\n"
        "r = play_many(2, players=2, bots='random', seed=1, progress=False)\n"
        "try:\n    r.to_pandas()\nexcept ImportError as e:\n    print('ImportError:', e)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "ImportError: DataFrames need pandas" in proc.stdout
