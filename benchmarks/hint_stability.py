"""How stable is the coach's top hint? The same position searched at 1 s and at 10 s, per game.

For each game of the family this script plays GreedyBot games (seeds from :data:`SEED0` on, which
no tuning of the search or of its judges saw), picks positions where the person deciding has a
real choice (the hints' search weighs at least two different actions there), and asks
:func:`windward_nb.core.hint.hints` for the top hint twice: with ``--short`` seconds and with
``--long`` seconds, each with its own seed (so the long search does not start from the short
one's sampled games). It reports how often the two top actions agree, with Wilson's 95%
interval, and how often each budget said "too close to call" or left the game's own default.

A hint's ``seconds`` are a budget of search *work* (``seconds * rules.search_pace`` decisions,
the same on any machine), so the figures do not depend on how busy the machine was; the CPU
time each hint took on this machine's one core is recorded next to them.

    python benchmarks/hint_stability.py --game windward --positions 200       # ~40 min of CPU
    python benchmarks/hint_stability.py --game tailwinds --positions 20 --tag pilot
    python benchmarks/hint_stability.py --pace --positions 12                 # decisions per CPU second
    python benchmarks/hint_stability.py --game windward --same-seed          # the short hint with the long one's seed
    python benchmarks/hint_stability.py --recheck --game tailwinds          # the short hints again, on this code
    python benchmarks/hint_stability.py --recheck --moved --game north-wind # and positions the engine now deals otherwise
    python benchmarks/hint_stability.py --moved --game windward              # only those positions, asked again
    python benchmarks/hint_stability.py --summary                             # the table of results
    python benchmarks/hint_stability.py --quick                               # smoke test

Results go to ``benchmarks/results/hints/stability-<game>[-<tag>].json`` (rewritten after every
position, so a run can be stopped and resumed), with the budgets, seeds and every position's two
answers, each with the commit it ran on (``+dirty`` if the package had uncommitted changes).
``--recheck`` asks a stored run's hints again with their own seeds on the current code: an answer
that comes out the same gains the commit in ``rechecked``; one that changed is replaced (the old
one kept as ``was``), so that every figure is from the code named next to it.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import windward_nb as ww  # noqa: E402
from windward_nb.core.files import atomic_write  # noqa: E402
from windward_nb.core import registry  # noqa: E402
from windward_nb.core.bots import make_bot  # noqa: E402
from windward_nb.core.hint import hints, search_bot, search_pace  # noqa: E402
from windward_nb.core.stats import wilson  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "hints"
SEED0 = 910_000            #: bot games from here on: seeds no tuning saw
GAMES = ("windward", "north-wind", "winds-of-plunder", "tailwinds")
#: player counts drawn from, per game (Windward: head-to-head and the free-for-all)
PLAYERS = {"windward": (2, 3, 4), "north-wind": (2, 3, 4), "winds-of-plunder": (3, 4, 5), "tailwinds": (2, 3, 4)}
PER_GAME = 2               #: positions taken from one bot game at most


def _commit() -> str:
    """The commit checked out, with ``+dirty`` if the package has uncommitted changes."""
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--", "windward_nb"],
                               cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+dirty" if dirty else "")


def _choices(state: Any) -> int:
    """How many different actions the hints' search weighs for whoever decides in ``state``."""
    rules = type(state).rules
    seat = rules.decider(state)
    bot = search_bot(state, 0, iterations=1)
    firsts = set()
    for o in bot._options(rules, state, seat):
        try:
            firsts.add(str(o.first(state)))
        except ValueError:
            continue
    return len(firsts)


def positions(game: str, count: int, seed0: int = SEED0) -> list[dict[str, Any]]:
    """``count`` positions with a real choice from GreedyBot games ``seed0``, ``seed0 + 1`` ...:
    at most :data:`PER_GAME` per game, at plies drawn at random (seeded)."""
    table = registry.get(game).load().BOTS
    out: list[dict[str, Any]] = []
    i = 0
    while len(out) < count:
        seed = seed0 + i
        i += 1
        rng = np.random.default_rng(seed)
        players = int(rng.choice(PLAYERS[game]))
        g = ww.new_game(game=game, players=players, seed=seed)
        rules = g.rules
        bots: dict[int, Any] = {}
        states: list[tuple[int, Any]] = []
        while not g.is_over:
            s = g.state
            d = rules.decider(s)
            if len(rules.legal_actions(s)) >= 2:
                states.append((g.ply, s.clone()))
            bot = bots.get(d) or bots.setdefault(d, make_bot("greedy", seed * 10 + d, table))
            g.apply(bot.act(s))
        taken = 0
        for j in rng.permutation(len(states)):
            ply, s = states[int(j)]
            if _choices(s) >= 2:
                out.append({"game_seed": seed, "players": players, "ply": ply, "state": s})
                taken += 1
                if taken >= PER_GAME or len(out) >= count:
                    break
    return out


def _ask(state: Any, seconds: float, seed: int, commit: str) -> dict[str, Any]:
    c0, t0 = time.process_time(), time.perf_counter()
    hs = hints(state, seconds=seconds, seed=seed, top=3)
    return {"commit": commit,
            "top": str(hs[0].action) if hs else None, "close": hs.close, "verdict": hs.verdict,
            "default": str(hs.default) if hs.default is not None else None,
            "hints": [[str(h.action), round(h.win_chance, 4), round(h.low, 4), round(h.high, 4), h.visits]
                      for h in hs],
            "games": hs.games, "work": hs.work, "judged": hs.judged, "cut_short": hs.cut_short,
            "cpu": round(time.process_time() - c0, 3), "wall": round(time.perf_counter() - t0, 3)}


def _row(p: dict[str, Any], k: int, short: float, long: float, commit: str) -> dict[str, Any]:
    """Position ``k`` of a run (``p`` from :func:`positions`) asked at both budgets, with their seeds."""
    s = p["state"]
    row = {"game_seed": p["game_seed"], "players": p["players"], "ply": p["ply"],
           "short": _ask(s, short, 2 * k, commit), "long": _ask(s, long, 2 * k + 1, commit)}
    row["default"] = row["short"]["default"]      # the game's own first choice (its rollout bot's)
    return row


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(rows)
    if not n:
        return {"positions": 0}
    agree = sum(r["short"]["top"] == r["long"]["top"] for r in rows)
    lo, hi = wilson(agree, n)
    def share(k: int) -> dict[str, Any]:
        a, b = wilson(k, n)
        return {"count": k, "rate": k / n, "low": a, "high": b}
    return {"positions": n, "agree": agree, "rate": agree / n, "low": lo, "high": hi,
            "short_close": share(sum(r["short"]["close"] for r in rows)),
            "long_close": share(sum(r["long"]["close"] for r in rows)),
            "short_not_default": share(sum(r["short"]["top"] != r["default"] for r in rows)),
            "long_not_default": share(sum(r["long"]["top"] != r["default"] for r in rows)),
            "median_cpu_short": float(np.median([r["short"]["cpu"] for r in rows])),
            "median_cpu_long": float(np.median([r["long"]["cpu"] for r in rows])),
            "median_games_short": float(np.median([r["short"]["games"] for r in rows])),
            "median_games_long": float(np.median([r["long"]["games"] for r in rows]))}


def _path(game: str, tag: str) -> Path:
    return RESULTS / f"stability-{game}{'-' + tag if tag else ''}.json"


def _load(path: Path) -> dict[str, Any] | None:
    """A stored run, each answer carrying its commit (runs before answers did: the run's)."""
    if not path.exists():
        return None
    old = json.loads(path.read_text())
    for row in old["rows"]:
        for budget in ("short", "long"):
            row[budget].setdefault("commit", old.get("commit", "unknown"))
    return old


def _commits(rows: list[dict[str, Any]]) -> list[str]:
    """The commits a run's answers ran on, oldest first."""
    seen: dict[str, None] = {}
    for row in rows:
        for budget in ("short", "long"):
            seen.setdefault(row[budget]["commit"], None)
    return list(seen)


def _save(path: Path, game: str, old: dict[str, Any] | None, rows: list[dict[str, Any]], short: float,
          long: float, seed0: int, pace: float, wall: float) -> None:
    result = {"game": game, "commits": _commits(rows), "short": short, "long": long, "seed0": seed0,
              "hint_seeds": "position k: 2k at the short budget, 2k+1 at the long one",
              "pace": pace, "rows": rows, "summary": summarise(rows), "wall_seconds": round(wall, 1)}
    RESULTS.mkdir(parents=True, exist_ok=True)
    atomic_write(path, json.dumps(result, indent=1))


def run(game: str, count: int, short: float, long: float, seed0: int, tag: str, quiet: bool = False) -> dict:
    path = _path(game, tag)
    old = _load(path)
    keep = old is not None and (old["short"], old["long"], old["seed0"]) == (short, long, seed0)
    rows: list[dict[str, Any]] = list(old["rows"]) if keep and old else []
    commit = _commit()                        # the code this run started with
    t0 = time.perf_counter()
    todo = positions(game, count, seed0)
    for k, p in enumerate(todo):
        if k < len(rows):
            continue
        s = p["state"]
        row = _row(p, k, short, long, commit)
        rows.append(row)
        _save(path, game, old, rows, short, long, seed0, search_pace(type(s).rules, s),
              time.perf_counter() - t0 + ((old or {}).get("wall_seconds", 0) if keep else 0))
        if not quiet:
            same = "same" if row["short"]["top"] == row["long"]["top"] else "DIFFERENT"
            print(f"{game} {k + 1}/{count}: {same}: {row['short']['top']!r} / {row['long']['top']!r} "
                  f"({row['short']['cpu']:.1f} + {row['long']['cpu']:.1f} s CPU)", flush=True)
    return summarise(rows)


#: what must come out the same for a rechecked answer to count as the stored one
SAME = ("top", "close", "verdict", "default", "hints", "games", "work", "judged", "cut_short")


def recheck(game: str, tag: str = "", budgets: tuple[str, ...] = ("short",), quiet: bool = False,
            moved: bool = False, only: range | None = None) -> dict[str, Any]:
    """Ask a stored run's ``budgets`` hints again, each with its own seed, on the current code: the
    same answer gains this commit in ``rechecked``, a different one replaces it (kept as ``was``).

    A position the current engine no longer deals (the bot games have changed with the rules) stops
    the recheck, unless ``moved``: then that row is replaced by the position the engine deals now,
    both hints asked with the row's seeds (the old row kept as ``was``). With no ``budgets``, only
    those rows are asked again. ``only``: the rows to look at (0-based; default all)."""
    path = _path(game, tag)
    old = _load(path)
    if old is None:
        raise SystemExit(f"no stored run for {game}: {path}")
    commit = _commit()
    rows = old["rows"]
    seconds = {"short": old["short"], "long": old["long"]}
    for k, p in enumerate(positions(game, len(rows), old["seed0"])):
        if only is not None and k not in only:
            continue
        row = rows[k]
        if (p["game_seed"], p["ply"]) != (row["game_seed"], row["ply"]):
            if not moved:
                raise SystemExit(f"{game} position {k + 1} is no longer dealt by this engine "
                                 f"(--moved asks the new one)")
            rows[k] = _row(p, k, seconds["short"], seconds["long"], commit) | {"was": row}
            if not quiet:
                print(f"{game} {k + 1}/{len(rows)}: MOVED to game {p['game_seed']} ply {p['ply']}, asked again", flush=True)
            continue
        for budget in budgets:
            before = row[budget]
            again = _ask(p["state"], seconds[budget], 2 * k + (budget == "long"), commit)
            if all(again[f] == before[f] for f in SAME):
                before["rechecked"] = list(dict.fromkeys([*before.get("rechecked", []), commit]))
                said = "same"
            else:
                row[budget] = again | {"was": before}
                said = f"CHANGED: {before['top']!r} -> {again['top']!r}"
            if budget == "short":
                row["default"] = row["short"]["default"]
            if not quiet:
                print(f"{game} {k + 1}/{len(rows)} {budget}: {said}", flush=True)
    _save(path, game, old, rows, old["short"], old["long"], old["seed0"], old["pace"], old.get("wall_seconds", 0))
    return summarise(rows)


def same_seed(game: str, tag: str = "", quiet: bool = False) -> dict[str, Any]:
    """The short hint again, with the long hint's seed, for every position of a stored run: what a
    table shows when a person asks for 1 s and then for 10 s (the table seeds a hint by the
    position, so the long search starts with the short one's sampled games). Stored apart, in
    ``stability-<game>[-<tag>]-same-seed.json``."""
    main = _load(_path(game, tag))
    if main is None:
        raise SystemExit(f"no stored run for {game}")
    out_path = RESULTS / f"{_path(game, tag).stem}-same-seed.json"
    done = json.loads(out_path.read_text())["rows"] if out_path.exists() else []
    todo = positions(game, len(main["rows"]), main["seed0"])
    for k, p in enumerate(todo):
        if k < len(done):
            continue
        again = _ask(p["state"], main["short"], 2 * k + 1, _commit())
        done.append({"short_same_seed": again, "long": main["rows"][k]["long"]["top"]})
        agree = sum(r["short_same_seed"]["top"] == r["long"] for r in done)
        lo, hi = wilson(agree, len(done))
        atomic_write(out_path, json.dumps({"game": game, "commits": _commits(main["rows"]), "rows": done,
                                        "summary": {"positions": len(done), "agree": agree, "rate": agree / len(done),
                                                    "low": lo, "high": hi}}, indent=1))
        if not quiet:
            print(f"{game} same seed {k + 1}/{len(todo)}: {again['top']!r} / {main['rows'][k]['long']['top']!r}",
                  flush=True)
    return json.loads(out_path.read_text())["summary"]


def pace(game: str, count: int, seed0: int, work: int = 6000) -> dict[str, Any]:
    """Decisions the hints' search plays per second of CPU, over ``count`` positions."""
    paces = []
    for k, p in enumerate(positions(game, count, seed0)):
        s = p["state"]
        rules = type(s).rules
        own = rules.determinize(s, rules.decider(s), np.random.default_rng(k))
        bot = search_bot(own, k, work=work)
        c0 = time.process_time()
        r = bot.search(own)
        paces.append(r.work / max(1e-9, time.process_time() - c0))
    return {"game": game, "positions": len(paces), "median": float(np.median(paces)),
            "low": float(np.min(paces)), "high": float(np.max(paces))}


def _code(rows: list[dict[str, Any]], budget: str) -> str:
    """The newest commit every ``budget`` answer of a run ran or was rechecked on, else the mix."""
    common: set[str] | None = None
    for row in rows:
        a = row[budget]
        known = {a["commit"], *a.get("rechecked", [])}
        common = known if common is None else common & known
    order = sorted({c for row in rows for c in (row[budget]["commit"], *row[budget].get("rechecked", []))}, key=_age)
    short = [c[:10] + ("+dirty" if c.endswith("+dirty") else "") for c in order]
    best = [k for c, k in zip(order, short) if c in (common or set())]
    return best[-1] if best else "mixed: " + ", ".join(short)


def _age(commit: str) -> int:
    """How many commits lead to ``commit`` (newer ones have more; unknown ones count as oldest)."""
    try:
        return int(subprocess.run(["git", "rev-list", "--count", commit.removesuffix("+dirty")], cwd=ROOT,
                                  capture_output=True, text=True, check=True).stdout)
    except (OSError, ValueError, subprocess.CalledProcessError):
        return -1


def table() -> str:
    lines = ["| game | positions | top at short = top at long | 95% interval | too close (short / long) | "
             "left the default (short / long) | CPU s per hint (short / long) | short with the long one's seed | "
             "code (short / long) |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for path in sorted(RESULTS.glob("stability-*.json")):
        if path.stem.endswith("-same-seed"):
            continue
        r = _load(path)
        assert r is not None
        s = r["summary"]
        if not s.get("positions"):
            continue
        twin = path.with_name(path.stem + "-same-seed.json")
        if twin.exists():
            t = json.loads(twin.read_text())["summary"]
            s = dict(s, same_seed=f"{t['agree']} of {t['positions']} ({100 * t['rate']:.0f}%, "
                                  f"{100 * t['low']:.0f}-{100 * t['high']:.0f}%)")
        lines.append(f"| {path.stem[len('stability-'):]} | {s['positions']} | {s['agree']} ({100 * s['rate']:.0f}%) | "
                     f"{100 * s['low']:.0f}-{100 * s['high']:.0f}% | {100 * s['short_close']['rate']:.0f}% / "
                     f"{100 * s['long_close']['rate']:.0f}% | {100 * s['short_not_default']['rate']:.0f}% / "
                     f"{100 * s['long_not_default']['rate']:.0f}% | {s['median_cpu_short']:.1f} / "
                     f"{s['median_cpu_long']:.1f} | {s.get('same_seed', '-')} | "
                     f"{_code(r['rows'], 'short')} / {_code(r['rows'], 'long')} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", action="append", choices=GAMES, help="a game (repeatable; default: all four)")
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--short", type=float, default=1.0, help="the short budget, in hint seconds")
    ap.add_argument("--long", type=float, default=10.0, help="the long budget, in hint seconds")
    ap.add_argument("--seed", type=int, default=SEED0, help="the first bot game's seed")
    ap.add_argument("--tag", default="", help="a suffix for the result file (pilots)")
    ap.add_argument("--pace", action="store_true", help="measure each game's search pace instead")
    ap.add_argument("--summary", action="store_true", help="print the table of stored results")
    ap.add_argument("--same-seed", action="store_true",
                    help="for a stored run: the short hint again with the long hint's seed (as a table does)")
    ap.add_argument("--recheck", action="store_true",
                    help="for a stored run: the short hints again with their seeds on this code (with --long-too, both)")
    ap.add_argument("--long-too", action="store_true", help="with --recheck: the long hints as well")
    ap.add_argument("--rows", default="", help="with --recheck or --moved: only these positions, e.g. 1-16 "
                                                "(1-based, as the run prints them)")
    ap.add_argument("--moved", action="store_true",
                    help="ask again, in full, the positions this engine no longer deals (with --recheck: "
                         "and recheck the others)")
    ap.add_argument("--quick", action="store_true", help="two positions of every game at tiny budgets (a smoke test)")
    args = ap.parse_args(argv)
    if args.summary:
        print(table())
        return
    games = args.game or list(GAMES)
    t0 = time.perf_counter()
    if args.same_seed:
        for g in games:
            r = same_seed(g, args.tag)
            print(f"{g}: with the same seed, {r['agree']} of {r['positions']} agree ({100 * r['rate']:.0f}%)")
        return
    if args.recheck or args.moved:
        budgets = () if not args.recheck else ("short", "long") if args.long_too else ("short",)
        only = None
        if args.rows:
            try:
                a, _, b = args.rows.partition("-")
                only = range(int(a) - 1, int(b or a))
            except ValueError:
                ap.error(f"--rows is N or N-M (1-based), not {args.rows!r}")
        for g in games:
            s = recheck(g, args.tag, budgets, moved=args.moved, only=only)
            print(f"{g}: now {s['agree']} of {s['positions']} agree ({100 * s['rate']:.0f}%)", flush=True)
        return
    if args.pace:
        for g in games:
            r = pace(g, args.positions, args.seed)
            print(f"{g}: {r['median']:.0f} decisions per CPU second (median of {r['positions']} positions; "
                  f"{r['low']:.0f}-{r['high']:.0f})", flush=True)
        return
    if args.quick:
        for g in games:
            rows = []
            for k, p in enumerate(positions(g, 2, args.seed)):
                row = {"short": _ask(p["state"], 0.02, 2 * k, "quick"), "long": _ask(p["state"], 0.05, 2 * k + 1, "quick")}
                rows.append(row | {"default": row["short"]["default"]})
            s = summarise(rows)
            print(f"{g}: {s['agree']} of {s['positions']} agree")
        print(f"quick stability check done in {time.perf_counter() - t0:.0f} s")
        return
    for g in games:
        s = run(g, args.positions, args.short, args.long, args.seed, args.tag)
        print(f"{g}: top hint at {args.short:g} s = top at {args.long:g} s in {s['agree']} of {s['positions']} "
              f"positions ({100 * s['rate']:.0f}%, 95% interval {100 * s['low']:.0f}-{100 * s['high']:.0f}%)", flush=True)
    print(f"done in {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
