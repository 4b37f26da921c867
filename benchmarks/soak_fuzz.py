"""A soak and fuzz run over all four games: what issue 25's closing note reports.

Run from the project root, niced (it takes minutes):

    nice -n 10 python benchmarks/soak_fuzz.py [--games 200] [--calls 4000] [--records 1500] [--cli 300]
                                              [--seed 25] [--out benchmarks/results/soak_fuzz.json]

What it does, each part counted and checked:

1. games: ``--games`` games of every game (random and greedy bots by turns, 2-5 seats as each game
   allows), the rules' invariants after every action, every record saved, loaded and replayed to
   the same position, every view and text function at a few plies; then the same games once more
   through ``play_many`` on two worker processes, every game accounted for (nothing lost) and the
   same as in this process;
2. fuzzed inputs: ``--calls`` calls of the public API (``tests/test_public_api_fuzz.py``'s list)
   with a hostile value in one argument: each works or is refused with a one-line
   ``ValueError``/``TypeError``, within seconds, changing nothing;
3. hostile records: ``--records`` edited or truncated records of the four games
   (``tests/test_hostile_records.py``'s edits): each is refused with a ``RecordError`` or loads,
   replays and displays at every ply;
4. command lines: ``--cli`` fuzzed ``windward`` invocations in this process (bot specs, huge
   numbers, deep JSON, bad and good files; never a server): exit 0, 1 or 2, one line on stderr
   for an error, never a traceback or the "internal error" line.

Any failure is listed in the JSON summary (``failures``) and makes the exit code 1.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import math
import random
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "widgets"), str(ROOT / "tests")]

import windward_nb as ww  # noqa: E402
from windward_nb import cli  # noqa: E402
from windward_nb.core.errors import RecordError  # noqa: E402
from windward_nb.core.files import atomic_write  # noqa: E402
from windward_nb.core.rules import CHANCE  # noqa: E402
from windward_nb.core.simulate import play_game, play_many  # noqa: E402
from windward_nb.core.view import view_for  # noqa: E402

SEATS = {"windward": (2, 5), "north-wind": (2, 4), "winds-of-plunder": (3, 5), "tailwinds": (2, 4)}


# =============================================================================== 1. games
def soak_games(n: int, rng: random.Random, failures: list) -> dict:
    out = {"games": 0, "decisions": 0, "plies": 0, "invariant_checks": 0, "records_replayed": 0,
           "views_at_plies": 0, "pool_games": 0, "pool_lost": 0}
    for game, (lo, hi) in SEATS.items():
        plan = []
        for i in range(n):
            players = lo + i % (hi - lo + 1)
            bots = ["greedy" if (seat + i) % 2 else "random" for seat in range(players)]
            plan.append((players, bots, 1000 + i))
        for players, bots, seed in plan:
            try:
                stats = _one_game(game, players, bots, seed, rng)
            except Exception as exc:  # noqa: BLE001 - a failure is counted, not fatal
                failures.append({"part": "games", "game": game, "seed": seed, "error": _say(exc)})
                continue
            for k, v in stats.items():
                out[k] += v
            out["games"] += 1
        # the same games on a pool of two processes: every one comes back, and the same
        for players in sorted({p for p, _, _ in plan}):
            mine = [(b, s) for p, b, s in plan if p == players][:6]
            if not mine:
                continue
            try:
                res = play_many(len(mine), players=players, bots="random", seed=rng.randrange(2**31), game=game,
                                workers=2, progress=False, max_actions=3000)
                here = play_many(len(mine), players=players, bots="random", seed=res.master_seed, game=game,
                                 progress=False, max_actions=3000)
            except Exception as exc:  # noqa: BLE001
                failures.append({"part": "pool", "game": game, "error": _say(exc)})
                continue
            out["pool_games"] += len(res)
            lost = len(mine) - len(res) + len(res.failures)
            out["pool_lost"] += lost
            if lost or list(res.seeds) != list(here.seeds) or (res.plies != here.plies).any():
                failures.append({"part": "pool", "game": game, "error": f"{lost} lost, or games differ on two workers"})
    return out


def _one_game(game: str, players: int, bots: list[str], seed: int, rng: random.Random) -> dict:
    stats = {"decisions": 0, "plies": 0, "invariant_checks": 0, "records_replayed": 0, "views_at_plies": 0}
    rules = None

    def observe(state, action, events):
        nonlocal rules
        rules = type(state).rules
        broken = rules.invariants(state)
        stats["invariant_checks"] += 1
        if broken:
            raise AssertionError(f"invariant broken after {action}: {broken[0]}")
        stats["plies"] += 1
        if rng.random() < 0.01:  # the table's view of this ply
            view = view_for(state)
            view.text_summary(state)
            view.coach(state)
            view.board(state)
            view.action_rows(state)
            stats["views_at_plies"] += 1

    r = play_game(game, players, bots, seed, max_actions=4000, record=True, observer=observe)
    stats["decisions"] += r.decisions
    with tempfile.TemporaryDirectory() as tmp:
        path = r.record.save(Path(tmp) / f"g{r.record.SUFFIX}")
        again = ww.load_record(path)
        if again.replay().state.fingerprint() != type(r.record).from_json(r.record.to_json()).replay().state.fingerprint():
            raise AssertionError("the saved record replays to another position")
    stats["records_replayed"] += 1
    return stats


# =============================================================================== 2. fuzzed API calls
def fuzz_calls(n: int, rng: random.Random, failures: list) -> dict:
    import numpy as np
    import test_public_api_fuzz as api

    values = [None, True, False, 0, -1, -(2**63), 2**63, 10**30, 0.5, -0.0, math.nan, math.inf, -math.inf, 1e308, "",
              " ", "x", "nan", "\x00", "a" * 5000, b"bytes", [], [[]], [None], {}, {"a": 1}, (), (1, 2), set(),
              api.Hostile(), np.int64(3), np.float64("nan"), [1] * 2000, 7, -3, 2.5]
    out = {"calls": 0, "accepted": 0, "refused": 0}
    games, labels = list(api.GAMES), list(api.CALLS)
    for _ in range(n):
        game, label = rng.choice(games), rng.choice(labels)
        c = api.context(game)
        fn, args = api.CALLS[label]
        kwargs = args(c)
        names = [k for k in kwargs if k not in api.OBJECTS]
        if not names:
            continue
        name = rng.choice(names)
        kwargs[name] = rng.choice(values) if rng.random() < 0.8 else rng.uniform(-1e9, 1e9)
        before = c.fingerprint()
        out["calls"] += 1
        try:
            with api.within(30):
                api.call(label, fn(c), kwargs)
            out["accepted"] += 1
        except Exception as exc:  # noqa: BLE001
            if not api._allowed(exc) or c.fingerprint() != before:
                failures.append({"part": "api", "call": label, "game": game, "argument": name,
                                 "value": repr(kwargs[name])[:60], "error": _say(exc)})
            else:
                out["refused"] += 1
    return out


# =============================================================================== 3. hostile records
def fuzz_records(n: int, rng: random.Random, failures: list) -> dict:
    import test_hostile_records as hr

    values = [None, True, False, 0, -1, 1, 2, 3, 7, 99, 2**31, 10**18, -(10**18), 0.5, 1e300, "", "x", "salt-1",
              "choose", "peek", "port", "0,0", "N", [], {}, [[]], [0], [-1], ["x"], {"op": []}, [None], {"": 0},
              "é" * 50, [[0, 0]], [1, 2, 3]]
    out = {"records": 0, "refused": 0, "loaded_and_shown": 0, "truncated": 0}
    bases = hr.bases()
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(n):
            base = rng.choice(bases)
            out["records"] += 1
            if i % 5 == 4:  # a truncated file
                text = json.dumps(base).encode()
                cut = text[:rng.randrange(1, len(text) - 1)]
                path = Path(tmp) / "cut.json"
                path.write_bytes(cut)
                out["truncated"] += 1
                try:
                    ww.load_record(path)
                except RecordError:
                    out["refused"] += 1
                except Exception as exc:  # noqa: BLE001
                    failures.append({"part": "records", "kind": "truncated", "error": _say(exc)})
                else:
                    out["loaded_and_shown"] += 1
                continue
            paths = [p for p in hr._paths(base) if p and p[0] not in ("format", "version")]
            path_in = rng.choice(paths)
            d = hr._edit(base, path_in, rng.choice(values) if rng.random() < 0.85 else rng.randint(-5, 40))
            try:
                rec = hr.load(d)
            except RecordError:
                out["refused"] += 1
                continue
            except Exception as exc:  # noqa: BLE001
                failures.append({"part": "records", "path": list(map(str, path_in)), "error": _say(exc)})
                continue
            try:
                hr.displays_at_every_ply(rec)
                out["loaded_and_shown"] += 1
            except Exception as exc:  # noqa: BLE001
                failures.append({"part": "records", "path": list(map(str, path_in)), "error": "loaded, then " + _say(exc)})
    return out


# =============================================================================== 4. command lines
def fuzz_cli(n: int, rng: random.Random, failures: list) -> dict:
    data = ROOT / "notebooks" / "data"
    out = {"invocations": 0, "exit_0": 0, "exit_1": 0, "exit_2": 0}
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        bad = tmp_path / "bad.nwr.json"
        bad.write_text('{"format": "north-wind-record", "version": 1, "options": {"players": 9}}', encoding="utf-8")
        cut = tmp_path / "cut.twr.json"
        cut.write_bytes((data / "tailwinds-greedy-2p.twr.json").read_bytes()[:500])
        files = [str(p) for p in sorted(data.glob("*r.json"))[:4]] + [str(bad), str(cut), str(tmp_path), "missing.json"]
        tokens = {
            "replay": [*files, "--ply", "0", "-1", "5", "999999", str(10**30), "--json", "--width", "nan", "20", "7",
                       "--html", str(tmp_path / "page.html"), str(tmp_path), "-"],
            "verify": [*files, "--json", "--", "-x"],
            "simulate": ["--game", "north-wind", "tailwinds", "winds-of-plunder", "chess", "--games", "1", "2", "0",
                         str(10**30), "10000000000", "--players", "2", "3", "99", "--bots", "random",
                         "mcts:iterations=2,c=1.4", "greedy,c=1.4", "mcts:c=nan", ",,", "random,random",
                         "--option", "track=" + "[" * 40 + "]" * 40, "rounds=1", "wind=off", "x", "--max-actions",
                         "30", str(10**12), "--seed", "-1", "3", "--workers", "2", "100000", "--json"],
            "odds": ["--attacker", "ship", "red", "grey", "--defender", "red", "white", "--cannons", "0", "3", "99",
                     str(10**40), "--json", "--play", "harpoon", "--game", "north-wind", "--strength", "4",
                     "--sail", "3"],
            "play": ["--game", "tailwinds", "north-wind", "--players", "2", "3", "0", "--bots", "human",
                     "mcts:iterations=2,c=1.4", "greedy,c=1", "--seed", "5", "--app", "lab", "voila"],
        }
        for _ in range(n):
            command = rng.choice(list(tokens))
            argv = [rng.choice(tokens[command]) for _ in range(rng.randrange(0, 8))]
            if command == "simulate":
                argv += ["--no-progress", "--max-actions", "40", "--out", str(tmp_path / "r.parquet")]
                argv = _small(argv)
            if command == "play":
                argv.append("--dry-run")
            err = io.StringIO()
            stdout = io.StringIO()
            out["invocations"] += 1
            try:
                with contextlib.redirect_stderr(err), contextlib.redirect_stdout(stdout):
                    rc = cli.main([command, *argv])
            except SystemExit as stop:
                failures.append({"part": "cli", "argv": [command, *argv], "error": f"SystemExit({stop.code}) escaped"})
                continue
            except Exception as exc:  # noqa: BLE001
                failures.append({"part": "cli", "argv": [command, *argv], "error": _say(exc)})
                continue
            text = err.getvalue()
            out[f"exit_{rc}"] = out.get(f"exit_{rc}", 0) + 1
            if rc not in (0, 1, 2) or "Traceback" in text or cli.INTERNAL in text:
                failures.append({"part": "cli", "argv": [command, *argv], "error": text.strip()[-300:]})
            elif command == "verify" and rc == 1:  # verify's verdicts are on stdout, a line per file
                if "FAILED" not in stdout.getvalue() and '"ok": false' not in stdout.getvalue():
                    failures.append({"part": "cli", "argv": [command, *argv], "error": "exit 1 and no verdict"})
            elif rc and not (text.strip().splitlines() or [""])[-1].startswith("windward"):
                failures.append({"part": "cli", "argv": [command, *argv], "error": "no one-line error: " + text[-200:]})
    return out


def _small(argv: list[str]) -> list[str]:
    """A fuzzed simulate plays few games (a big --games is kept: it must be refused before any game)."""
    out = list(argv)
    for i, a in enumerate(out[:-1]):
        if a == "--games" and out[i + 1].isdigit() and 2 < int(out[i + 1]) <= 10**6:
            out[i + 1] = "2"
    return out


def _say(exc: BaseException) -> str:
    where = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
    at = f" at {Path(where.filename).name}:{where.lineno}" if where else ""
    return f"{type(exc).__name__}: {str(exc)[:200]}{at}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200, help="games of each game (default 200)")
    ap.add_argument("--calls", type=int, default=4000, help="fuzzed API calls (default 4000)")
    ap.add_argument("--records", type=int, default=1500, help="hostile records (default 1500)")
    ap.add_argument("--cli", type=int, default=300, help="fuzzed command lines (default 300)")
    ap.add_argument("--seed", type=int, default=25)
    ap.add_argument("--out", default="", help="write the summary (JSON) here")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    failures: list = []
    summary: dict = {"seed": args.seed}
    for name, part, size in (("games", soak_games, args.games), ("api", fuzz_calls, args.calls),
                             ("records", fuzz_records, args.records), ("cli", fuzz_cli, args.cli)):
        t0 = time.perf_counter()
        summary[name] = part(size, rng, failures)
        summary[name]["seconds"] = round(time.perf_counter() - t0, 1)
        print(f"{name}: {summary[name]}", flush=True)
    summary["failures"] = failures
    print(f"failures: {len(failures)}")
    for f in failures[:20]:
        print("  ", f)
    if args.out:
        atomic_write(args.out, json.dumps(summary, indent=1) + "\n")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
