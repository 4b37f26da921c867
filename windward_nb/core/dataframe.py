"""Simulation results as pandas DataFrames: tidy rows, Parquet files and win rates with intervals.

:func:`to_pandas` turns a :class:`~windward_nb.core.simulate.SimResult` into one row per game
per seat, with the columns an analysis groups and filters by:

- ``game``, ``index`` (the game's number in the batch), ``seed`` (its setup seed),
  ``master_seed``, ``players``, ``options`` (the game's options as JSON text) and one
  ``option_<name>`` column per option (lists joined by commas);
- ``seat`` (0-based, as everywhere in the API), ``bot``, ``score``, ``won`` (this seat is
  among the winners), ``winner`` (the game's single winning seat, -1 if none), ``over``,
  ``plies``, ``decisions``;
- the game's own figures from ``result.stats``: a figure per game is one column (Windward's
  ``rounds``, ``team_won``), a figure per seat is one column holding that seat's value (North
  Wind's ``tasks``), and a figure per seat and kind becomes a column per kind named
  ``<figure>_<kind>`` when the result names the kinds in ``<figure>_names`` (Windward's
  notoriety by source: ``sources_teeth``, ``sources_sky`` ...).

:func:`win_rates` counts wins by any of those columns and gives each rate a Wilson score
interval, computed by SciPy (:meth:`scipy.stats.binomtest` ``.proportion_ci(method="wilson")``).

pandas (and SciPy, pyarrow) are imported only when these functions run, so the core stays
importable without them; they come with the ``lab`` extra.
"""

from __future__ import annotations

import io
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any
from collections.abc import Sequence

import numpy as np

from . import files

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = ["BASE_COLUMNS", "to_pandas", "to_parquet", "win_rates", "wilson_interval"]

#: the columns every game's DataFrame has, in order (the game's own figures follow)
BASE_COLUMNS = ("game", "index", "seed", "master_seed", "players", "options", "seat", "bot", "score", "won",
                "winner", "over", "plies", "decisions")


def _pandas():
    try:
        import pandas as pd
    except ImportError:
        raise ImportError("DataFrames need pandas: pip install 'windward-nb[lab]' (or pip install pandas)") from None
    return pd


def _option_text(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return ",".join(str(v) for v in value)
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return json.dumps(value, sort_keys=True, default=str)


def to_pandas(result: Any) -> pd.DataFrame:
    """One row per game per seat (see the module doc for the columns)."""
    pd = _pandas()
    n, players = len(result.seeds), int(result.players)
    rows = n * players
    seat = np.tile(np.arange(players), n)
    per_game = lambda values: np.repeat(np.asarray(values), players)  # noqa: E731
    indices = result.indices if result.indices is not None else np.arange(n)
    options = dict(result.options or {})
    columns: dict[str, Any] = {
        "game": np.full(rows, result.game, dtype=object),
        "index": per_game(indices).astype(np.int64),
        "seed": per_game(result.seeds).astype(np.int64),
        "master_seed": np.full(rows, int(result.master_seed), dtype=np.int64),
        "players": np.full(rows, players, dtype=np.int64),
        "options": np.full(rows, json.dumps(options, sort_keys=True, default=str), dtype=object),
        "seat": seat.astype(np.int64),
        "bot": np.array([result.bots[s] for s in seat], dtype=object),
        "score": np.asarray(result.scores, dtype=float).reshape(n, players).ravel(),
        "won": (np.asarray(result.returns).reshape(n, players) > 0).ravel(),
        "winner": per_game(result.winner).astype(np.int64),
        "over": per_game(result.over).astype(bool),
        "plies": per_game(result.plies).astype(np.int64),
        "decisions": per_game(result.decisions).astype(np.int64),
    }
    for key in sorted(options):
        columns[f"option_{key}"] = np.full(rows, _option_text(options[key]), dtype=object)
    for key, values in (result.stats or {}).items():
        arr = np.asarray(values)
        name = key if key not in columns else f"stat_{key}"
        if arr.shape == (n,):
            columns[name] = per_game(arr)
        elif arr.shape == (n, players):
            columns[name] = arr.ravel()
        elif arr.ndim == 3 and arr.shape[:2] == (n, players):
            kinds = getattr(result, f"{key}_names", None)
            if kinds is None or len(kinds) != arr.shape[2]:
                kinds = [str(j) for j in range(arr.shape[2])]
            for j, kind in enumerate(kinds):
                columns[f"{name}_{kind}"] = arr[:, :, j].ravel()
        # other shapes (none today) are left out rather than guessed at
    return pd.DataFrame(columns)


def to_parquet(result: Any, path: str | os.PathLike) -> Path:
    """Write :func:`to_pandas` of ``result`` to a Parquet file, atomically (a crash leaves the old
    file or the new one); returns the path. Needs pyarrow."""
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        raise ImportError("Parquet files need pyarrow: pip install 'windward-nb[lab]' "
                          "(or pip install pyarrow)") from None
    buffer = io.BytesIO()
    to_pandas(result).to_parquet(buffer, index=False)
    return files.atomic_write(path, buffer.getvalue())


def wilson_interval(wins: int, games: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval of ``wins`` out of ``games`` (SciPy's); NaNs for no games.

    >>> tuple(round(x, 4) for x in wilson_interval(30, 100))
    (0.2189, 0.3958)
    """
    if games <= 0:
        return float("nan"), float("nan")
    from scipy.stats import binomtest

    ci = binomtest(int(wins), int(games)).proportion_ci(confidence_level=confidence, method="wilson")
    return float(ci.low), float(ci.high)


def win_rates(data: Any, by: str | Sequence[str] = "seat", *, confidence: float = 0.95,
              finished_only: bool = False) -> pd.DataFrame:
    """Wins, games and the win rate with its Wilson interval, for each group of ``by``.

    ``data`` is a SimResult or a DataFrame of :func:`to_pandas` rows (several batches may be
    concatenated); ``by`` names one column or several (``"seat"``, ``"bot"``,
    ``["option_mode", "seat"]`` ...). A row is one seat in one game, so ``games`` counts the
    games each group sat in and ``wins`` those it won. ``finished_only`` drops the games cut
    off at the action limit. Columns: the ``by`` columns, ``games``, ``wins``, ``win_rate``,
    ``low``, ``high``.
    """
    pd = _pandas()
    frame = data if isinstance(data, pd.DataFrame) else to_pandas(data)
    keys = [by] if isinstance(by, str) else list(by)
    if not keys:
        raise ValueError("by must name at least one column")
    missing = [k for k in keys if k not in frame.columns]
    if missing:
        raise KeyError(f"no column {missing[0]!r}; columns: {', '.join(map(str, frame.columns))}")
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, got {confidence!r}")
    if finished_only:
        frame = frame[frame["over"]]
    table = (frame.groupby(keys, sort=True, dropna=False)["won"].agg(games="size", wins="sum")
             .reset_index())
    table["wins"] = table["wins"].astype(np.int64)
    table["win_rate"] = table["wins"] / table["games"].where(table["games"] > 0)
    bounds = [wilson_interval(w, g, confidence) for w, g in zip(table["wins"], table["games"])]
    table["low"] = [b[0] for b in bounds]
    table["high"] = [b[1] for b in bounds]
    return table
