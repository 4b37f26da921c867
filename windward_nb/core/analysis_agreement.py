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
  long-run win rate agrees with the quick pass's interval.

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
from .stats import wilson

__all__ = ["positions", "measure", "fit", "agreement", "quick_estimate", "position_of", "rejudge", "last_actor", "kept",
           "TARGET", "SHARE", "PLAYERS"]

#: the share of calibration positions whose every seat must agree
TARGET = 0.95
#: the share of check positions the quick pass must agree on (issue 29); a judge below it is not used
SHARE = 0.90
#: seats of the bot games positions are taken from (Windward: the notoriety races only)
PLAYERS = {"windward": (2, 5), "north-wind": (2, 4), "winds-of-plunder": (3, 5), "tailwinds": (2, 4)}
#: the options of rows measured before rows named their options: Windward's were played on the
#: radius-5 planet, the default until the planet study (rulings P1) made it ``large-r6``
LEGACY_OPTIONS: dict[str, dict[str, Any]] = {"windward": {"planet": "large"}}


def positions(game: str, count: int, seed: int, options: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """``count`` positions of ``game``: one from each of ``count`` GreedyBot games (seeds from
    ``seed``, the game's ``options``), at a ply drawn uniformly before the end. Each is
    ``{"seed", "players", "ply", "record", "state"}``."""
    from .simulate import play_game

    lo, hi = PLAYERS.get(game, (2, 4))
    rng = np.random.default_rng(seed)
    out: list[dict[str, Any]] = []
    k = 0
    while len(out) < count:
        game_seed = int(seed * 1000 + k)
        k += 1
        players = int(rng.integers(lo, hi + 1))
        res = play_game(game, players=players, bots="greedy", seed=game_seed, record=True, **(options or {}))
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
            progress: Callable[[int, int], Any] | None = None,
            on_row: Callable[[list[dict[str, Any]]], Any] | None = None, start: int = 0,
            stop: int | None = None, options: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """For each of :func:`positions` ``(game, count, seed)``: ``games`` playouts to the end (the
    long simulation: ``"long"``, wins per seat), the judge's raw verdicts after ``settle``
    settling playouts (``"raw"``, when the game has a judge) and ``playouts`` quick playouts
    (``"quick"``, wins per seat), with the seconds each took. ``on_row(rows)`` is called with
    the rows so far after each position (to keep them as they come). ``start``/``stop`` measure a
    slice of the positions only (to share a long run between processes). ``options``: the game's
    options (default: its defaults); every row names them, so its position can be played again."""
    rows = []
    found = positions(game, count, seed, options)
    for i, pos in enumerate(found):
        if i < start or (stop is not None and i >= stop):
            continue
        state = pos["state"]
        rules = type(state).rules
        est = Estimator(rules, state, seed=seed * 7 + i, mode=context(pos["record"]), settle=settle,
                        playouts=playouts)
        view = est.view(state, last_actor(pos["record"], pos["ply"]))
        cpu = time.process_time()
        t0 = time.perf_counter()
        long = est.outcomes(state, games, [5], view)
        t1 = time.perf_counter()
        raw = est.raw_judged(state, view) if est.judge is not None else None
        t2 = time.perf_counter()
        quick = est.outcomes(state, playouts, [1], view)
        rows.append({"game": game, "index": i, "seed": pos["seed"], "players": pos["players"], "ply": pos["ply"],
                     "options": dict(options or {}),
                     "mode": context(pos["record"]), "estimator_seed": seed * 7 + i,
                     "long": [round(x) for x in long.sum(axis=0)], "games": games,
                     "raw": raw, "quick": [round(x) for x in quick.sum(axis=0)], "playouts": playouts,
                     "seconds": {"long": round(t1 - t0, 3), "judge": round(t2 - t1, 4),
                                 "quick": round(time.perf_counter() - t2, 3)},
                     "cpu": round(time.process_time() - cpu, 3)})
        if progress is not None:
            progress(i + 1, len(found))
        if on_row is not None:
            on_row(rows)
    return rows


def kept(directory: Any, game: str, which: str) -> dict[str, Any] | None:
    """The rows of a measured set kept in ``directory`` as ``<game>-<which>.json``, with the parts
    of a run shared between processes (``<game>-<which>-from-N.json``) merged by position; their
    ``seconds`` and ``cpu_seconds`` added up. ``None`` when nothing is kept."""
    import json
    from pathlib import Path

    folder = Path(directory)
    parts = sorted(folder.glob(f"{game}-{which}.json")) + sorted(folder.glob(f"{game}-{which}-from-*.json"))
    if not parts:
        return None
    sets = [json.loads(p.read_text()) for p in parts]
    rows: dict[int, dict[str, Any]] = {}
    for one in sets:
        for i, r in enumerate(one["rows"]):
            rows.setdefault(r.get("index", i), r)
    merged = dict(sets[0], rows=[rows[i] for i in sorted(rows)])
    merged["done"] = len(merged["rows"])
    merged["seconds"] = round(sum(one.get("seconds", 0.0) for one in sets), 1)
    merged["cpu_seconds"] = round(sum(one.get("cpu_seconds", 0.0) or 0.0 for one in sets), 1)
    return merged


def position_of(row: dict[str, Any]) -> tuple[Any, Any]:
    """The record and the position a measured row was taken from (its game is played again, with
    the options the row names, or :data:`LEGACY_OPTIONS` for a row from before rows named them)."""
    from .simulate import play_game

    options = row.get("options", LEGACY_OPTIONS.get(row["game"], {}))
    res = play_game(row["game"], players=row["players"], bots="greedy", seed=row["seed"], record=True, **options)
    return res.record, res.record.cursor().state_at(row["ply"])


def rejudge(row: dict[str, Any], settle: int = 8) -> list[list[float]] | None:
    """The judge's raw verdicts on a measured row's position again, as :func:`measure` took them
    (for a judge that changed since: the long simulation stays valid while the rollout bot does)."""
    record, state = position_of(row)
    est = Estimator(type(state).rules, state, seed=row["estimator_seed"], mode=context(record), settle=settle)
    if est.judge is None:
        return None
    return est.raw_judged(state, est.view(state, last_actor(record, row["ply"])))


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
    n_eq = float(cal["games"])
    return [(float(p), *interval(float(p), n_eq)) for p in mapped]


def agreement(rows: Sequence[dict[str, Any]], cal: dict[str, Any] | None, as_if: int | None = None) -> dict[str, Any]:
    """How often the quick pass agrees with the long simulation, position by position.

    A seat agrees when its long-run win rate is compatible with the quick interval: the long
    run's own Wilson 95% interval (``k`` wins of ``games``) meets it. A position agrees when every
    seat does (``agree`` of ``positions``; ``seats_agree`` of ``seats`` counts seats). The strict
    figures (``agree_strict``, ``seats_strict``) ask for the long run's rate itself to lie inside
    the quick interval, which also charges the quick pass with the long run's own noise.
    ``mae``: the mean absolute difference of the two chances. ``as_if``: judge compatibility as if
    each long run had been that many games at the rate it found (a fit on shorter runs uses
    ``as_if=200`` to ask what a 200-game check will ask)."""
    agree = strict = seats_ok = seats_strict = seats = 0
    errors = []
    for row in rows:
        est = quick_estimate(row, cal)
        n = int(row["games"])
        ok, inside = [], []
        for k, (w, low, high) in zip(row["long"], est):
            rate = k / n
            lo, hi = wilson(int(k), n) if as_if is None else wilson(round(rate * as_if), as_if)
            ok.append(lo <= high + 1e-9 and hi >= low - 1e-9)
            inside.append(low - 1e-9 <= rate <= high + 1e-9)
            errors.append(abs(rate - w))
        agree += all(ok)
        strict += all(inside)
        seats_ok += sum(ok)
        seats_strict += sum(inside)
        seats += len(ok)
    m = len(rows)
    return {"positions": m, "agree": agree, "share": agree / m if m else 0.0, "agree_strict": strict,
            "share_strict": strict / m if m else 0.0, "seats": seats, "seats_agree": seats_ok,
            "seats_strict": seats_strict, "mae": float(np.mean(errors)) if errors else 0.0}


def _log_loss(rows: Sequence[dict[str, Any]], cal: dict[str, Any]) -> float:
    total = 0.0
    for row in rows:
        p = np.mean([win_map(r, cal) for r in row["raw"]], axis=0)
        f = np.array(row["long"], dtype=float) / row["games"]
        total -= float(np.sum(f * np.log(np.clip(p, 1e-6, 1.0))))
    return total / max(len(rows), 1)


def fit(rows: Sequence[dict[str, Any]], target: float = TARGET, as_if: int = 200) -> dict[str, Any]:
    """A calibration from measured rows (with ``raw``): ``identity`` when the judge's verdicts
    already sum to 1, else the ``softmax`` ``beta`` of least log-loss against the long-run
    rates; then the equivalent number of games: the largest of :data:`GRID` such that it and
    every smaller one agree (:func:`agreement`, ``as_if`` games) on at least ``target`` of the rows."""
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
    chosen = GRID[0]
    for n_eq in GRID:  # the widest interval needed: up to the first that is too narrow
        if agreement(judged, dict(cal, games=n_eq), as_if=as_if)["share"] < target:
            break
        chosen = n_eq
    cal["games"] = chosen
    return cal


#: the equivalent numbers of games :func:`fit` tries: halves up to 20, then whole numbers to 400
GRID = [x / 2 for x in range(1, 40)] + list(range(20, 401))
