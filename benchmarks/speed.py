"""The engine's speed in one run: Game.apply and engine playouts against python-chess, GreedyBot
games against the code of an earlier commit, and MCTSBot search iterations per second.

What is measured (4-player Windward, free-for-all, large planet):

(a) ``Game.apply`` random playouts: each decision is ``game.apply(rnd.choice(game.legal_actions()))``
    (legality check, undo history, record; chance drawn by the game from its numpy generator).
    Counted: calls of ``Game.apply``. Against python-chess ``board.push(rnd.choice(list(board.legal_moves)))``,
    counted in plies. Both sides choose with the same ``random.Random.choice``.
(b) engine-level random playouts (``engine.decider`` / ``legal_actions`` / ``sample_chance`` with a
    numpy generator / ``apply(check=False)``), choices as in (a), every applied action counted,
    chance included, against the same chess.
(c) GreedyBot games on one worker (``windward_nb.core.simulate.play_game``), games per second,
    against the same loop on the code of an earlier commit (default ``0886e54``, ``main`` before
    this work), taken out with ``git archive`` into a temporary folder.
(d) ``windward_nb.core.mcts.MCTSBot`` search iterations per second from a mid-game position (its
    defaults: random rollouts of at most 200 decisions).

Each Windward side runs in a fresh interpreter (``PYTHONPATH`` set to its tree, checked on
import), after one warm-up on other seeds; chess runs in this process. Repetitions alternate the
sides (before and after swap places every repetition). Times are the CPU time of the measuring
process (``time.process_time``: the machine this was written on is shared, and wall-clock time
there measures the neighbours as much as the code); medians over the repetitions are quoted, and
the ratios of medians.

    python benchmarks/speed.py [--reps 5] [--games 6] [--greedy 4] [--iterations 60] [--before REV]
                               [--only apply,engine,greedy,search]

Where the time went (cProfile and py-spy on these loops, 0886e54 first):

- listing a captain's options: every candidate (about 45 on a turn) went through its verb's
  check, refusal text included, with ``ship_at``/``longboat_at`` scans: half of an engine
  playout. Now cheap conditions the checks require skip the certain refusals, crew hiring is
  worked out once per position, and the listing shares its Action objects
  (``engine.reference_legal_actions`` keeps the plain way; tests compare them);
- ``Game.apply``: parsing and checking an action just taken from the legal list, a scan of all
  checkpoints per ply, the generator state saved at every ply, ``str(action)`` rebuilt for the
  record. Now a listed action is taken as it is, texts are remembered, the state is saved only
  when chance is drawn;
- GreedyBot: the route search (``movement.routes``) was 70% of a game: move lists with new
  Action objects at every node, asked twice per decision with the same inputs, and a planet
  rebuilt for every game. Now: per-planet move tables, an int heap, answers remembered per
  (wind, position, hold, blockers), planets shared; the rest forecast stops at the crester's speed.

Second round (profiled again on the code above):

- listing: supply cards judged from their kind (one table per deck), the port orders and Bait
  by their checks' own conditions inline; crew bonuses and the gas stock counted without
  generator expressions;
- ``engine.apply(check=False)`` and ``str(action)``: the engine's long-lived tables of actions
  are known by identity (``Action.keep_normal``, ``Action.keep_texts``), so normalising one and
  writing its text for the record are one dictionary look-up each;
- events: the commonest ones (ship and longboat moves, dice, orders) are made with a function
  that writes their text when it is first read (a playout never reads it);
- GreedyBot: the route search for sailing toward a target stops at the turn's speed budget,
  and goes on from there when the full answer is wanted in the same position.

Third round, GreedyBot (py-spy and cProfile over 150-200 seeded 4-player GreedyBot games; the
games stay the same action for action, ``tests/test_golden.py``):

- the route search for sailing toward a target settled every space within the turn's budget,
  while the bot takes the first target it can reach, best first: ``movement.Reach`` searches
  only until the spaces asked about are settled (the pops go on later exactly where they
  stopped, so costs and first moves are those of the whole search), and choosing where to rest
  looks at the next goal the same way, passing over targets whose value cannot beat the best so
  far at any distance the search has not yet ruled out;
- the moves out of a space were made afresh for every planet (a new planet most games): they
  are made once per kind of space (its sailable neighbours, Zephyr and Around-the-Planet
  targets) for all planets; heap entries are single ints compared and extended as they are;
- the target list was worked out twice in a decision that ends in a rest; rest values (the red
  crester forecasts) are kept from decision to decision by everything they depend on but the
  ship's own space (``tests/test_greedy_caches.py`` compares them with fresh ones after
  changing each of those things); the odds of attacking a red crester are asked only when one
  may be attacked.

With this round GreedyBot's games went from about 2.7x to about 3.3x the games/s of 0886e54. Each
repetition plays ``--greedy`` games in a fresh interpreter after one warm-up game, so the first
games' cost is in the figure: exact battle odds are worked out as new situations come up (then
remembered), a fifth to a third of the time of the first few games. With ``--greedy 16`` the figure
is closer to a worker that plays many games (3.7x in one run).

What is left: the listing (~35% of an engine playout) and carrying out actions are spread over
many small functions, each a few percent; the numpy dice draws must stay as they are (the same
generator calls) for the games to stay the same. For GreedyBot (py-spy, share of a game): the
route searches (~25%), the engine's own listing and carrying out (~25%), the target list (~10%),
rest values (~10%), battle odds (~4%, more in a fresh interpreter). The remaining goals need
either a listing kept up to date from action to action or a compiled path, not more trimming.

``--only greedy`` (or any of apply, engine, greedy, search, comma-separated) makes only those
measurements.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
BEFORE = "0886e54"


# =============================================================================== the measurements (in a worker)
def game_apply(games: int, seed: int) -> dict:
    import windward_nb as ww

    rnd = random.Random(seed)
    calls = 0
    t0 = time.process_time()
    for i in range(games):
        g = ww.new_game(players=4, seed=seed * 1000 + i)
        while not g.is_over:
            g.apply(rnd.choice(g.legal_actions()))
            calls += 1
    return {"count": calls, "seconds": time.process_time() - t0}


def engine_playouts(games: int, seed: int) -> dict:
    import windward_nb as ww
    from windward_nb.windward import engine

    rng = np.random.default_rng(seed)
    rnd = random.Random(seed)
    actions = 0
    t0 = time.process_time()
    for i in range(games):
        s = ww.new_game(players=4, seed=seed * 1000 + i).state
        while not s.over:
            if engine.decider(s) == engine.CHANCE:
                a = engine.sample_chance(s, rng)
            else:
                a = rnd.choice(engine.legal_actions(s))
            engine.apply(s, a, check=False)
            actions += 1
    return {"count": actions, "seconds": time.process_time() - t0}


def greedy_games(games: int, seed: int) -> dict:
    from windward_nb.core.simulate import play_game

    t0 = time.process_time()
    plies = []
    for i in range(games):
        r = play_game("windward", players=4, bots="greedy", seed=seed * 1000 + i)
        plies.append(r.plies)
    return {"count": games, "seconds": time.process_time() - t0, "plies": plies}


def search_iterations(iterations: int, seed: int) -> dict:
    import windward_nb as ww
    from windward_nb.core.mcts import MCTSBot
    from windward_nb.windward.bots import GreedyBot

    # a mid-game position: 60 GreedyBot decisions into a 4-player game, at a captain's decision
    g = ww.new_game(players=4, seed=77)
    seat_bots = [GreedyBot(seed=k) for k in range(4)]
    decisions = 0
    while (decisions < 60 or g.current_player < 0) and not g.is_over:
        g.apply(seat_bots[g.current_player].act(g.state))
        decisions += 1
    bot = MCTSBot(seed=seed, iterations=iterations)
    t0 = time.process_time()
    result = bot.search(g.state)
    return {"count": result.iterations, "seconds": time.process_time() - t0}


KINDS = {"apply": game_apply, "engine": engine_playouts, "greedy": greedy_games, "search": search_iterations}


def worker(kind: str, n: int, seed: int, expect: str) -> None:
    import windward_nb

    where = Path(windward_nb.__file__).resolve().parent.parent
    if where != Path(expect).resolve():
        raise SystemExit(f"imported windward_nb from {where}, expected {expect}")
    KINDS[kind](1, 999)  # warm-up (tables, caches, imports)
    print(json.dumps(KINDS[kind](n, seed)))


def run_worker(tree: Path, kind: str, n: int, seed: int) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree))
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--worker", kind, "--n", str(n),
                           "--seed", str(seed), "--expect", str(tree)], capture_output=True, text=True,
                          env=env, cwd=tree, timeout=3600)
    if done.returncode != 0:
        raise RuntimeError(f"{kind} worker in {tree} failed: {done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


# =============================================================================== chess
def chess_plies(games: int, seed: int) -> dict:
    import chess

    rnd = random.Random(seed)
    plies = 0
    t0 = time.process_time()
    for _ in range(games):
        board = chess.Board()
        while board.outcome() is None:
            board.push(rnd.choice(list(board.legal_moves)))
            plies += 1
    return {"count": plies, "seconds": time.process_time() - t0}


# =============================================================================== the earlier commit
def git(*args: str) -> str:
    return subprocess.run(["git", *args], capture_output=True, text=True, cwd=ROOT, check=True).stdout.strip()


def extract(rev: str, into: Path) -> None:
    data = subprocess.run(["git", "archive", "--format=tar", rev, "windward_nb"], capture_output=True, cwd=ROOT,
                          check=True).stdout
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(into, filter="data")


def median_rate(runs: list[dict]) -> float:
    return statistics.median(r["count"] / r["seconds"] for r in runs)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=5, help="repetitions (medians are quoted)")
    ap.add_argument("--games", type=int, default=6, help="random games per repetition for (a) and (b)")
    ap.add_argument("--chess", type=int, default=10, help="chess games per repetition")
    ap.add_argument("--greedy", type=int, default=4, help="GreedyBot games per repetition for (c)")
    ap.add_argument("--iterations", type=int, default=60, help="MCTSBot iterations per repetition for (d)")
    ap.add_argument("--before", default=BEFORE, help=f"the commit to compare with (default {BEFORE})")
    ap.add_argument("--no-before", action="store_true", help="measure this checkout only")
    ap.add_argument("--only", default=",".join(KINDS),
                    help=f"the measurements to make, comma-separated (default all: {','.join(KINDS)})")
    ap.add_argument("--worker", choices=sorted(KINDS), help=argparse.SUPPRESS)
    ap.add_argument("--n", type=int, default=1, help=argparse.SUPPRESS)
    ap.add_argument("--seed", type=int, default=0, help=argparse.SUPPRESS)
    ap.add_argument("--expect", default="", help=argparse.SUPPRESS)
    args = ap.parse_args()
    kinds = [k.strip() for k in args.only.split(",") if k.strip()]
    unknown = sorted(set(kinds) - set(KINDS))
    if unknown or not kinds:
        ap.error(f"--only takes some of {', '.join(KINDS)} (got {args.only!r})")
    if args.worker:
        worker(args.worker, args.n, args.seed, args.expect)
        return
    import chess

    before = None
    if not args.no_before:
        try:
            before = git("rev-parse", "--short", args.before)
        except (subprocess.CalledProcessError, OSError):
            print(f"before  : {args.before} is not in this history; measuring this checkout only")
    print("windward_nb speed: Game.apply and engine playouts vs python-chess, GreedyBot games vs an earlier "
          "commit, MCTSBot iterations")
    print(f"machine : {platform.platform()} | {os.cpu_count()} CPUs | Python {platform.python_version()} | "
          f"numpy {np.__version__} | python-chess {chess.__version__}")
    print(f"method  : {args.reps} repetitions alternating the sides; (a)/(b) {args.games} random 4-player games, "
          f"chess {args.chess} games, (c) {args.greedy} GreedyBot games, (d) {args.iterations} MCTS iterations "
          "per repetition; Windward in fresh interpreters; medians")
    if before:
        print(f"before  : {before} ({git('log', '-1', '--format=%s', args.before)[:70]})")
    print("after   : this checkout")
    sizes = {"apply": args.games, "engine": args.games, "greedy": args.greedy, "search": args.iterations}
    runs: dict[tuple[str, str], list[dict]] = {}
    chess_runs: list[dict] = []
    greedy_plies: dict[str, list[int]] = {}
    with tempfile.TemporaryDirectory(prefix="windward-before-") as tmp:
        old = Path(tmp)
        if before:
            extract(args.before, old)
        sides = [("after", ROOT)] + ([("before", old)] if before else [])
        for rep in range(args.reps):
            order = sides if rep % 2 == 0 else sides[::-1]
            for kind in kinds:
                for side, tree in order:
                    r = run_worker(tree, kind, sizes[kind], rep)
                    runs.setdefault((kind, side), []).append(r)
                    if kind == "greedy":
                        greedy_plies[side] = r["plies"]
            if "apply" in kinds or "engine" in kinds:
                chess_runs.append(chess_plies(args.chess, rep))
    c = median_rate(chess_runs) if chess_runs else 0.0
    rate = {key: median_rate(v) for key, v in runs.items()}

    def ratio(x: float, y: float) -> str:
        return f"{x / y:5.2f}x"

    print()
    print(f"{'measure':44s} {'after':>12s} {'before':>12s} {'after/before':>12s} {'vs chess':>9s} {'goal':>10s}")
    rows = [("(a) Game.apply random playouts, applies/s", "apply", True, 1.5),
            ("(b) engine random playouts, actions/s", "engine", True, 3.0),
            ("(c) GreedyBot 4-player games/s, 1 worker", "greedy", False, 3.0),
            ("(d) MCTSBot search iterations/s", "search", False, None)]
    verdicts = []
    for label, kind, vs_chess, goal in rows:
        if kind not in kinds:
            continue
        a = rate[(kind, "after")]
        b = rate.get((kind, "before"))
        fmt = "{:12,.1f}" if kind == "greedy" else "{:12,.0f}"
        cells = [fmt.format(a), fmt.format(b) if b else f"{'-':>12s}", f"{ratio(a, b):>12s}" if b else f"{'-':>12s}",
                 f"{ratio(a, c):>9s}" if vs_chess else f"{'-':>9s}"]
        if goal is None:
            g = "quoted"
        elif vs_chess:
            g = f">={goal}x " + ("met" if a / c >= goal else "NOT met")
            verdicts.append(a / c >= goal)
        elif b:
            g = f">={goal}x " + ("met" if a / b >= goal else "NOT met")
            verdicts.append(a / b >= goal)
        else:
            g = "no baseline"
        print(f"{label:44s} {' '.join(cells)} {g:>10s}")
    if chess_runs:
        print(f"{'python-chess push + legal_moves, plies/s':44s} {c:12,.0f}")
    if before and greedy_plies.get("before") is not None:
        same = greedy_plies["before"] == greedy_plies["after"]
        print(f"GreedyBot games identical before and after (plies per game): {same}")
    print(f"speed table done: {sum(verdicts)} of {len(verdicts)} goals met")


if __name__ == "__main__":
    main()
