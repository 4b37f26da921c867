"""Calibrate and check the analysis's quick pass against long simulations, for every game.

For each game: a *fit* set of positions (seeds 11..., ``--fit-positions`` positions, each with
``--fit-games`` playouts to the end) chooses the calibration of the game's judge
(:func:`windward_nb.core.analysis_agreement.fit`); a *check* set with other seeds (21...,
``--positions`` positions, ``--games`` playouts each, 100 and 200 by default as issue 29 asks)
measures how often every seat's long-run win rate falls inside the quick pass's interval. The
measured rows are kept in ``benchmarks/results/analysis/<game>-<set>.json`` (so a new judge can be
refitted without playing again: ``--refit``), the fitted calibration is written to
``windward_nb/core/analysis_calibration.py`` and the figures to
``benchmarks/results/analysis/agreement.json``. A judge whose calibration agrees on fewer than 90%
of the check positions (:data:`~windward_nb.core.analysis_agreement.SHARE`) is left out: the quick
pass then plays that game's positions out, whose agreement the check rows also measure.

    nice -n 10 python benchmarks/analyse_calibration.py [--games-only windward,tailwinds] [--refit | --rejudge]

Run one process per game to use several cores (``--games-only``), then ``--refit`` once.
"""

from __future__ import annotations

import argparse
import json
import platform
import pprint
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from windward_nb.core import analysis_agreement as aa  # noqa: E402

OUT = ROOT / "benchmarks" / "results" / "analysis"
CAL = ROOT / "windward_nb" / "core" / "analysis_calibration.py"
GAMES = ("windward", "north-wind", "winds-of-plunder", "tailwinds")
FIT_SEED, CHECK_SEED = 11, 21


def collect(game: str, which: str, count: int, games: int, start: int = 0, stop: int | None = None) -> list[dict]:
    seed = FIT_SEED if which == "fit" else CHECK_SEED
    t0 = time.perf_counter()

    def tell(i: int, n: int) -> None:
        if i % 10 == 0 or i == n:
            print(f"  {game} {which}: {i}/{n} positions, {time.perf_counter() - t0:.0f} s", flush=True)

    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / (f"{game}-{which}.json" if not start else f"{game}-{which}-from-{start}.json")

    def keep(rows: list[dict]) -> None:  # after every position: a long run that is stopped keeps what it did
        path.write_text(json.dumps({"game": game, "set": which, "seed": seed, "positions": count, "games": games,
                                    "done": len(rows), "seconds": round(time.perf_counter() - t0, 1),
                                    "cpu_seconds": round(sum(r.get("cpu", 0.0) for r in rows), 1),
                                    "machine": platform.machine(), "rows": rows},
                                   indent=None, separators=(",", ":")) + "\n")

    rows = aa.measure(game, count, seed, games, progress=tell, on_row=keep, start=start, stop=stop)
    print(f"wrote {path} in {time.perf_counter() - t0:.0f} s", flush=True)
    return rows


def load(game: str, which: str) -> dict | None:
    """The kept rows of a set, the parts of a shared run merged (by position)."""
    return aa.kept(OUT, game, which)


def refit() -> dict:
    calibration: dict[str, dict] = {}
    report: dict[str, dict] = {}
    for game in GAMES:
        fit_set, check_set = load(game, "fit"), load(game, "check")
        cal = None
        if fit_set is not None and any(r.get("raw") for r in fit_set["rows"]):
            cal = aa.fit(fit_set["rows"])
            modes = sorted({r["mode"] for r in fit_set["rows"]})
            cal = dict(cal, modes=modes, fit=f"{len(fit_set['rows'])} positions x {fit_set['games']} rollout-bot "
                                            f"games, seed {fit_set['seed']}")
        if check_set is None:
            if cal is not None:
                calibration[game] = cal
            continue
        judged = aa.agreement(check_set["rows"], cal) if cal is not None else None
        if cal is not None and judged["share"] < aa.SHARE:
            # the held-out check says the judge is not good enough: the quick pass plays this game out
            print(f"{game}: the judge agrees on {judged['share']:.0%} of the check positions (< {aa.SHARE:.0%}): "
                  "not used", flush=True)
            report_judge = dict(judged, calibration={k: v for k, v in cal.items() if k != "fit"})
            cal = None
        else:
            report_judge = None
            if cal is not None:
                calibration[game] = cal
        figures = aa.agreement(check_set["rows"], cal)
        if report_judge is not None:
            figures["judge_not_used"] = report_judge
        figures.update(done=check_set.get("done", len(check_set["rows"])), planned=check_set["positions"],
                       method="judge" if cal else "playouts", games=check_set["games"], seed=check_set["seed"],
                       seconds=check_set["seconds"], fit_seconds=fit_set["seconds"] if fit_set else 0.0,
                       cpu_seconds=round(sum(r.get("cpu", 0.0) for r in check_set["rows"])
                                         + (sum(r.get("cpu", 0.0) for r in fit_set["rows"]) if fit_set else 0), 1),
                       calibration={k: v for k, v in (cal or {}).items() if k != "fit"})
        report[game] = figures
        print(f"{game:18s} {figures['method']:8s} agree {figures['agree']}/{figures['positions']} "
              f"({figures['share']:.0%}); seats {figures['seats_agree']}/{figures['seats']}; "
              f"mean abs error {figures['mae']:.3f}; cal {figures['calibration']}")
    text = CAL.read_text().split("CALIBRATION:")[0]
    CAL.write_text(text + "CALIBRATION: dict[str, dict[str, Any]] = " + pprint.pformat(calibration, width=100,
                                                                                       sort_dicts=True) + "\n")
    (OUT / "agreement.json").write_text(json.dumps(report, indent=1) + "\n")
    return report


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games-only", default=",".join(GAMES), help="comma-separated games to measure")
    ap.add_argument("--positions", type=int, default=100)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--fit-positions", type=int, default=30)
    ap.add_argument("--fit-games", type=int, default=60)
    ap.add_argument("--only", choices=("fit", "check"), help="measure only this set")
    ap.add_argument("--start", type=int, default=0, help="measure the positions from this one on (a shared run)")
    ap.add_argument("--stop", type=int, default=None, help="... and before this one")
    ap.add_argument("--refit", action="store_true", help="only fit and report from the kept rows")
    ap.add_argument("--rejudge", action="store_true",
                    help="a game's judge changed: take its verdicts again on the kept positions, then refit "
                         "(the long simulations stay valid while the rollout bot is unchanged)")
    args = ap.parse_args()
    if args.rejudge:
        for game in args.games_only.split(","):
            for which in ("fit", "check"):
                kept = load(game, which)
                if kept is None:
                    continue
                for row in kept["rows"]:
                    row["raw"] = aa.rejudge(row)
                (OUT / f"{game}-{which}.json").write_text(json.dumps(kept, separators=(",", ":")) + "\n")
                print(f"rejudged {game} {which}: {len(kept['rows'])} positions", flush=True)
    elif not args.refit:
        for game in args.games_only.split(","):
            from windward_nb.core import registry

            if args.only != "check" and getattr(registry.get(game).load().RULES, "value", None) is not None:
                collect(game, "fit", args.fit_positions, args.fit_games)
            if args.only != "fit":
                collect(game, "check", args.positions, args.games, args.start, args.stop)
    refit()


if __name__ == "__main__":
    main()
