"""How long the analysis takes (issue 29's goals), one core, medians, all in one run.

- the quick pass of a 4-player Windward game of about 400 plies (``greedy-4p.wwr.json``, 391 plies)
  and of every sister game's sample records: goal 30 s each;
- the deep pass on 10 plies of that Windward game (the ten where some captain's chance moved most
  in the quick pass; the game has fewer flagged plies): goal 2 minutes (the deep run's time minus
  its quick pass, measured in the same repetition).

Each figure is the median of ``--reps`` repetitions in this process, as wall time and as this
process's CPU time (on a shared machine the CPU time is the fairer figure), with the ratio to the
peer run in the same repetition: replaying the record once through the rules (``record.verify()``).
Results go to ``benchmarks/results/analysis/speed.json``.

    nice -n 10 python benchmarks/analyse.py [--reps 3] [--deep-plies 10] [--only NAMES] [--no-judge GAMES]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from windward_nb.core.analysis import analyse  # noqa: E402
from windward_nb.core.record import load_record  # noqa: E402

DATA = ROOT / "notebooks" / "data"
OUT = ROOT / "benchmarks" / "results" / "analysis" / "speed.json"
QUICK = ["greedy-4p.wwr.json", "northwind-greedy-2p.nwr.json", "northwind-greedy-3p.nwr.json",
         "northwind-greedy-4p.nwr.json", "tailwinds-greedy-2p.twr.json", "tailwinds-greedy-3p.twr.json",
         "tailwinds-greedy-4p-advanced.twr.json", "plunder-mixed-3p.wpr.json", "plunder-greedy-4p.wpr.json",
         "plunder-mixed-5p.wpr.json"]


def timed(fn):
    w, c = time.perf_counter(), time.process_time()
    out = fn()
    return out, time.perf_counter() - w, time.process_time() - c


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--deep-plies", type=int, default=10)
    ap.add_argument("--only", default="", help="comma-separated record names to time (default: all)")
    ap.add_argument("--no-judge", default="", help="comma-separated games whose quick pass plays out instead")
    ap.add_argument("--out", default=str(OUT), help="where to write the figures")
    args = ap.parse_args()
    from windward_nb.core.analysis_calibration import CALIBRATION

    for game in filter(None, args.no_judge.split(",")):
        CALIBRATION.pop(game, None)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})  # one core
    names = [n for n in QUICK if not args.only or n in args.only.split(",")]
    names.sort(key=lambda n: args.only.split(",").index(n) if args.only else 0)
    records = {n: load_record(DATA / n) for n in names}
    runs: dict[str, dict[str, list[float]]] = {}
    for rep in range(args.reps):
        for name, rec in records.items():
            r = runs.setdefault(name, {"wall": [], "cpu": [], "peer_wall": [], "peer_cpu": []})
            _, pw, pc = timed(rec.verify)
            a, w, c = timed(lambda rec=rec, rep=rep: analyse(rec, seed=rep))
            r["wall"].append(w)
            r["cpu"].append(c)
            r["peer_wall"].append(pw)
            r["peer_cpu"].append(pc)
            r.setdefault("method", a.settings["quick"])
            print(f"rep {rep} {name}: quick {w:.1f} s wall, {c:.1f} s cpu ({len(rec.actions)} plies)", flush=True)
        if "greedy-4p.wwr.json" in records:
            rec = records["greedy-4p.wwr.json"]
            q, qw, qc = timed(lambda rec=rec, rep=rep: analyse(rec, seed=rep))
            # the plies where some seat's chance moved most (decisions with a choice, and chance)
            series = q.series()
            moved = sorted((p.ply for p in q.plies[1:] if p.klass not in ("forced",)),
                           key=lambda k: -float(abs(series[k] - series[k - 1]).max()))[:args.deep_plies]
            d, dw, dc = timed(lambda rec=rec, rep=rep, moved=moved: analyse(rec, seed=rep, depth="deep",
                                                                             deep_at=moved))
            looked = sum(1 for p in d.plies if p.depth == "deep")
            r = runs.setdefault("deep greedy-4p.wwr.json", {"wall": [], "cpu": [], "plies": []})
            r["wall"].append(dw - qw)
            r["cpu"].append(dc - qc)
            r["plies"].append(looked)
            print(f"rep {rep} deep pass on {looked} plies: {dw - qw:.1f} s wall, {dc - qc:.1f} s cpu", flush=True)
    report = {"machine": f"{platform.machine()}, {os.cpu_count()} cores shared, one core used",
              "python": platform.python_version(), "reps": args.reps, "goal_seconds": {"quick": 30, "deep": 120},
              "results": {}}
    for name, r in runs.items():
        row = {"median_wall": round(statistics.median(r["wall"]), 2), "median_cpu": round(statistics.median(r["cpu"]), 2)}
        if "peer_cpu" in r:
            row["plies"] = len(records[name].actions)
            row["method"] = r["method"]
            row["ratio_to_replay_cpu"] = round(statistics.median(c / max(p, 1e-9) for c, p in zip(r["cpu"], r["peer_cpu"])), 1)
        else:
            row["deep_plies"] = r["plies"]
        report["results"][name] = row
        print(f"{name:40s} {json.dumps(row)}")
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=1) + "\n")


if __name__ == "__main__":
    main()
