"""Does the analysis's quick pass tell the truth? Positions, long simulations and the fit.

The quick pass (:mod:`windward_nb.core.analysis`) estimates a position cheaply: by the game's
judge, turned into win chances by a calibration, or by a few playouts. Here that is checked
against the slow answer: from each of many positions of bot games, hundreds of games played to
the end by the same rollout bot.

- :func:`positions` plays seeded bot games and takes one position from each, at a ply drawn at
  random (never the end);
- :func:`measure` records, for each position, the long simulation's wins per seat and what the
  quick pass needs (the judge's raw verdicts after each settling playout, or its own playouts);
- :func:`fit` chooses a calibration from such rows (the soft maximum's ``beta``, then the
  equivalent number of games) and :func:`agreement` says on how many positions every seat's
  long-run win rate lies inside the quick pass's interval.

``benchmarks/analyse.py --calibrate`` fits on one set of seeds and reports the agreement on
another; ``tests/test_analysis_agreement.py`` checks it (a few positions in CI, the full run
marked slow).

>>> rows = [{"long": [3, 1], "games": 4, "raw": [[0.7, 0.3]]}]
>>> agreement(rows, {"form": "identity", "games": 4})["agree"]
1
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from .analysis import Estimator, context, counted, interval, win_map
from .rules import TERMINAL

__all__ = ["positions", "measure", "fit", "agreement", "quick_estimate", "TARGET", "PLAYERS"]

#: the share of calibration positions whose every seat must fall inside the interval
TARGET = 0.95
#: seats of the bot games positions are taken from (Windward: the notoriety races only)
PLAYERS = {"windward": (2, 5), "north-wind": (2, 4), "winds-of-plunder": (3, 5), "tailwinds": (2, 4)}


def positions(game: str, count: int, seed: int) -> list[dict[str, Any]]:
    """``count`` positions of ``game``: one from each of ``count`` GreedyBot games (seeds from
    ``seed``), at a ply drawn uniformly before the end. Each is ``{"seed", "players", "ply",
    "record", "state"}``."""
    from .simulate import play_game

    lo, hi = PLAYERS.get(game, (2, 4))
    rng = np.random.default_rng(seed)
    out = []
    k = 0
    while len(out) < count:
        game_seed = int(seed * 1000 + k)
        k += 1
        players = int(rng.integers(lo, hi + 1))
        res = play_game(game, players=players, bots="greedy", seed=game_seed, record=True)
        if res.record is None or not res.over or res.plies < 2:
            continue
        ply = int(rng.integers(0, res.plies))
        state = res.record.cursor().state_at(ply)
        if type(state).rules.decider(state) == TERMINAL:
            continue
        out.append({"seed": game_seed, "players": players, "ply": ply, "record": res.record, "state": state})
    return out


def last_actor(record: Any, ply: int) -> int | None:
    """The seat that took the last decision in the first ``ply`` plies of ``record`` (None: none did)."""
    cursor = record.cursor()
    for k in range(ply, 0, -1):
        seat = cursor.actor(k)
        if seat >= 0:
            return int(seat)
    return None


def measure(game: str, count: int, seed: int, games: int, *, settle: int = 8, playouts: int = 10,
            progress: Callable[[int, int], Any] | None = None) -> list[dict[str, Any]]:
    """For each of :func:`positions` ``(game, count, seed)``: ``games`` playouts to the end (the
    long simulation: ``"long"``, wins per seat), the judge's raw verdicts after ``settle``
    settling playouts (``"raw"``, when the game has a judge) and ``playouts`` quick playouts
    (``"quick"``, wins per seat), with the seconds each took."""
    rows = []
    found = positions(game, count, seed)
    for i, pos in enumerate(found):
        state = pos["state"]
        rules = type(state).rules
        est = Estimator(rules, state, seed=seed * 7 + i, mode=context(pos["record"]), settle=settle,
                        playouts=playouts)
        view = est.view(state, last_actor(pos["record"], pos["ply"]))
        t0 = time.perf_counter()
        long = est.outcomes(state, games, [5], view)
        t1 = time.perf_counter()
        raw = est.raw_judged(state, view) if est.judge is not None else None
        t2 = time.perf_counter()
        quick = est.outcomes(state, playouts, [1], view)
        rows.append({"game": game, "seed": pos["seed"], "players": pos["players"], "ply": pos["ply"],
                     "mode": context(pos["record"]), "estimator_seed": seed * 7 + i,
                     "long": [int(round(x)) for x in long.sum(axis=0)], "games": games,
                     "raw": raw, "quick": [int(round(x)) for x in quick.sum(axis=0)], "playouts": playouts,
                     "seconds": {"long": round(t1 - t0, 3), "judge": round(t2 - t1, 4),
                                 "quick": round(time.perf_counter() - t2, 3)}})
        if progress is not None:
            progress(i + 1, len(found))
    return rows


def quick_estimate(row: dict[str, Any], cal: dict[str, Any] | None) -> list[tuple[float, float, float]]:
    """The quick pass's ``(win, low, high)`` per seat for a measured row: judged with ``cal``, or
    from its quick playouts when ``cal`` is ``None``."""
    if cal is None or row.get("raw") is None:
        n = int(row["playouts"])
        res = np.zeros((n, len(row["quick"])))
        for seat, k in enumerate(row["quick"]):
            res[:k, seat] = 1.0
        return [(e.win, e.low, e.high) for e in counted(res)]
    mapped = np.mean([win_map(r, cal) for r in row["raw"]], axis=0)
    n_eq = int(cal["games"])
    return [(float(p), *interval(float(p), n_eq)) for p in mapped]


def agreement(rows: Sequence[dict[str, Any]], cal: dict[str, Any] | None) -> dict[str, Any]:
    """On how many rows every seat's long-run win rate is inside the quick interval (``agree``),
    of ``positions``; also per seat (``seats_agree`` of ``seats``) and the mean absolute error."""
    agree = seats_ok = seats = 0
    errors = []
    for row in rows:
        est = quick_estimate(row, cal)
        rates = [k / row["games"] for k in row["long"]]
        ok = [low - 1e-9 <= r <= high + 1e-9 for r, (_, low, high) in zip(rates, est)]
        agree += all(ok)
        seats_ok += sum(ok)
        seats += len(ok)
        errors += [abs(r - w) for r, (w, _, _) in zip(rates, est)]
    return {"positions": len(rows), "agree": agree, "share": agree / len(rows) if rows else 0.0,
            "seats": seats, "seats_agree": seats_ok, "mae": float(np.mean(errors)) if errors else 0.0}


def _log_loss(rows: Sequence[dict[str, Any]], cal: dict[str, Any]) -> float:
    total = 0.0
    for row in rows:
        p = np.mean([win_map(r, cal) for r in row["raw"]], axis=0)
        f = np.array(row["long"], dtype=float) / row["games"]
        total -= float(np.sum(f * np.log(np.clip(p, 1e-6, 1.0))))
    return total / max(len(rows), 1)


def fit(rows: Sequence[dict[str, Any]], target: float = TARGET) -> dict[str, Any]:
    """A calibration from measured rows (with ``raw``): ``identity`` when the judge's verdicts
    already sum to 1, else the ``softmax`` ``beta`` of least log-loss against the long-run
    rates; then the largest equivalent number of games whose intervals cover every seat on at
    least ``target`` of the rows."""
    judged = [r for r in rows if r.get("raw")]
    if not judged:
        raise ValueError("no row has the judge's verdicts to fit")
    sums = [sum(v) for r in judged for v in r["raw"]]
    cal: dict[str, Any]
    if all(abs(s - 1.0) < 1e-6 for s in sums):
        cal = {"form": "identity"}
    else:
        betas = [round(math.exp(x), 3) for x in np.linspace(math.log(0.25), math.log(200.0), 60)]
        best = min(betas, key=lambda b: _log_loss(judged, {"form": "softmax", "beta": b}))
        cal = {"form": "softmax", "beta": best}
    chosen = 1
    for n_eq in range(1, 401):
        if agreement(judged, dict(cal, games=n_eq))["share"] >= target:
            chosen = n_eq
    cal["games"] = chosen
    return cal
