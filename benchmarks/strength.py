"""How strong is the search bot? MCTSBot against GreedyBot in Windward, with Wilson 95% intervals.

Run from the project root (each arm writes its own JSON under
``benchmarks/results/strength/`` after every game, or every 100 games and gzipped
once it holds more than 1,000, so a run can be stopped and resumed, and several
arms can run side by side):

    python benchmarks/strength.py --arms ffa4,h2h --games 200
    python benchmarks/strength.py --arms solo,coop-easy,coop-normal,coop-hard,coop-impossible
    python benchmarks/strength.py --summary          # the table from the JSON files
    python benchmarks/strength.py --quick            # 2 games of every arm (the smoke test)
    python benchmarks/strength.py --save-wins 1      # records of the first win of every team arm

Arms (``mcts``, ``careful`` and ``greedy`` versions of each, same seeds):

* ``ffa4``: 4-player free-for-all, one seat (it moves round the table from game
  to game) played by the arm's bot, three GreedyBots; fair share 25%.
* ``h2h``: head-to-head, the arm's bot against one GreedyBot, seats alternating.
* ``solo``: the Solo Adventure.
* ``coop-<difficulty>``: the Cooperative game for 2 captains, both played by the arm's bot.

The ``greedy`` version of an arm plays GreedyBot in the seat(s) that the
``mcts`` version gives to MCTSBot, on the same game seeds: the baseline.
``mcts-<name>`` versions store variants of the search bot apart (``--bot-options``).
The budget is MCTSBot's iterations per decision that offers a choice
(decisions with a single option are not searched); it is written into every
result file with the bot's full spec.

The committed results (``benchmarks/results/strength/``) were made with:

    python benchmarks/strength.py --arms ffa4,h2h --versions mcts --iterations 64      # the default bot
    python benchmarks/strength.py --arms ffa4,h2h --versions mcts-turn,greedy --iterations 32
    python benchmarks/strength.py --arms ffa4,h2h --versions mcts-turn-trust --iterations 32 --bot-options trust_first=1
    python benchmarks/strength.py --arms ffa4,h2h --versions mcts-next --iterations 64 --bot-options to_own_turn=1
    python benchmarks/strength.py --arms ffa4,h2h --versions greedy --games 400
    python benchmarks/strength.py --arms ffa4,h2h --versions mcts-paired --iterations 128 --bot-options paired=1 \
        --games 400
    python benchmarks/strength.py --arms ffa4,h2h --versions mcts-paired-next --iterations 64 \
        --bot-options paired=1,to_own_turn=1 --games 400                    # the default bot

and the team arms (Solo Adventure and Cooperative, where a win is rare, so many more games):

    python benchmarks/strength.py --arms solo,coop-easy,coop-normal --versions careful,greedy --games 5000
    python benchmarks/strength.py --arms coop-hard,coop-impossible --versions careful,greedy --games 20000
    python benchmarks/strength.py --arms solo,coop-easy,coop-normal --versions mcts-team --iterations 16 \
        --bot-options trust_first=1 --games 1000                            # the default bot
    python benchmarks/strength.py --arms coop-hard --versions mcts-team --iterations 16 \
        --bot-options trust_first=1 --games 4000
    python benchmarks/strength.py --arms coop-impossible --versions mcts-team --iterations 16 \
        --bot-options trust_first=1 --games 10000
    python benchmarks/strength.py --arms coop-easy --versions mcts-team64 --iterations 64 \
        --bot-options trust_first=1 --games 300
    python benchmarks/strength.py --save-wins 1

``mcts`` (64 tree iterations, the hand-set judge) was the default bot before the plans were
compared paired and judged by the fitted judge; ``mcts-paired-next`` (the same as
``make_bot("mcts")`` in a notoriety race) is the default since. ``mcts-paired`` was chosen on games
0-199 and tried on the fresh games 200-399; ``mcts-paired-next`` was chosen on games 200-399
(``--first 200``) and tried on games 0-199. Screening runs of variants are kept apart in
``pilots/`` (``--versions mcts-p-<name>``, then moved there), so that the table and notebook 09
show only the arms above.

"""

from __future__ import annotations

import argparse
import gzip
import json
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from windward_nb.core.files import atomic_write  # noqa: E402
from windward_nb.core.simulate import play_game  # noqa: E402
from windward_nb.core.stats import wilson  # noqa: E402

OUT = ROOT / "benchmarks" / "results" / "strength"
ARMS = {
    "ffa4": dict(players=4, title="4-player free-for-all (1 of 4 seats)", fair=0.25),
    "h2h": dict(players=2, title="Head-to-head against GreedyBot", fair=0.5),
    "solo": dict(players=1, title="Solo Adventure", fair=None),
    "coop-easy": dict(players=2, mode="cooperative", difficulty="easy", title="Cooperative, easy", fair=None),
    "coop-normal": dict(players=2, mode="cooperative", difficulty="normal", title="Cooperative, normal", fair=None),
    "coop-hard": dict(players=2, mode="cooperative", difficulty="hard", title="Cooperative, hard", fair=None),
    "coop-impossible": dict(players=2, mode="cooperative", difficulty="impossible", title="Cooperative, impossible",
                            fair=None),
}
SEED0 = 20_000  # game g of every arm uses setup seed SEED0 + g


def seats_for(arm: str, game: int) -> list[int]:
    """The seats the bot under test plays in game ``game`` of ``arm``."""
    spec = ARMS[arm]
    n = int(spec["players"])  # type: ignore[call-overload]
    if spec.get("mode") == "cooperative":
        return list(range(n))
    return [game % n]


def play_one(arm: str, bot: str, game: int) -> dict:
    spec = dict(ARMS[arm])
    players = int(spec.pop("players"))
    for k in ("title", "fair"):
        spec.pop(k)
    mine = seats_for(arm, game)
    bots = ["greedy"] * players
    for s in mine:
        bots[s] = bot
    t0 = time.perf_counter()
    r = play_game("windward", players=players, bots=bots, seed=SEED0 + game, **spec)
    won = bool(r.over and r.winners and set(r.winners) <= set(mine) and len(r.winners) == len(mine))
    return {"game": game, "seats": mine, "won": won, "winners": r.winners, "over": r.over,
            "seconds": round(time.perf_counter() - t0, 2), "decisions": r.decisions}


def path_for(arm: str, version: str, part: str = "") -> Path:
    return OUT / f"{arm}-{version}{'.part' + part if part else ''}.json"


BIG = 1000  # an arm with more games is stored gzipped (``.json.gz``) and written every 100 games


def store(path: Path, data: dict) -> None:
    """Write an arm's results to ``path`` (``.json``), or gzipped beside it when the arm is big."""
    big = len(data["games"]) > BIG
    gz = path.with_name(path.name + ".gz")
    target = gz if big else path
    payload = json.dumps(data, separators=(",", ":")).encode()
    atomic_write(target, gzip.compress(payload, mtime=0) if big else payload)
    (path if big else gz).unlink(missing_ok=True)


def load(arm: str, version: str, part: str = "") -> dict | None:
    p = path_for(arm, version, part)
    gz = p.with_name(p.name + ".gz")
    if p.exists():
        return json.loads(p.read_text())
    return json.loads(gzip.decompress(gz.read_bytes())) if gz.exists() else None


def stored(pattern: str) -> list[Path]:
    """Result files matching ``pattern`` (without ``.json``), plain or gzipped."""
    return sorted(set(OUT.glob(pattern + ".json")) | set(OUT.glob(pattern + ".json.gz")))


def stem(p: Path) -> str:
    return p.name.removesuffix(".gz").removesuffix(".json")


def merge(arm: str, version: str) -> None:
    """Fold the part files of ``--part`` runs into the arm's result file (and remove them)."""
    main = load(arm, version)
    parts = sorted(OUT.glob(f"{arm}-{version}.part*.json"))
    for p in parts:
        data = json.loads(p.read_text())
        if main is None:
            main = dict(data, games=[])
        if data["bot"] != main["bot"]:
            raise SystemExit(f"{p} holds games of {data['bot']!r}, not {main['bot']!r}")
        have = {g["game"] for g in main["games"]}
        main["games"] += [g for g in data["games"] if g["game"] not in have]
    if main is not None and parts:
        main["games"].sort(key=lambda g: g["game"])
        store(path_for(arm, version), main)
        for p in parts:
            p.unlink()


def git_commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout.strip()
    except Exception:  # pragma: no cover - not a checkout
        return "unknown"


def run_arm(arm: str, version: str, games: int, iterations: int, quick: bool = False, extra: str = "",
            part: tuple[int, int] | None = None, first: int = 0) -> dict:
    if version.startswith("mcts"):
        bot = f"mcts:iterations={iterations}{',' + extra if extra else ''}"
    else:
        bot = "careful" if version == "careful" else "greedy"
    tag = f"{part[0]}" if part else ""
    data = None if quick else load(arm, version, tag)
    if data is not None and data.get("bot") != bot:
        raise SystemExit(f"{path_for(arm, version)} holds games of {data.get('bot')!r}, not {bot!r}: "
                         "move it away to start again")
    if data is None:
        data = {"arm": arm, "version": version, "bot": bot, "title": ARMS[arm]["title"], "fair": ARMS[arm]["fair"],
                "budget": f"{iterations} iterations per searched decision" if version.startswith("mcts") else "none",
                "commit": git_commit(), "machine": f"{platform.python_implementation()} {platform.python_version()}",
                "games": []}
    done = {g["game"] for g in data["games"]}
    if part is not None:  # a share of the games, beside the games the arm's own file already holds
        main = load(arm, version)
        done |= {g["game"] for g in main["games"]} if main else set()
    for game in range(first, games):
        if game in done or (part is not None and game % part[1] != part[0]):
            continue
        data["games"].append(play_one(arm, bot, game))
        if not quick:
            OUT.mkdir(parents=True, exist_ok=True)
            if len(data["games"]) <= BIG or len(data["games"]) % 100 == 0 or game == games - 1:
                store(path_for(arm, version, tag), data)
    return data


def summarise(data: dict) -> dict:
    games = data["games"]
    n = len(games)
    k = sum(g["won"] for g in games)
    lo, hi = wilson(k, n) if n else (0.0, 1.0)
    secs = sorted(g["seconds"] for g in games)
    return {"arm": data["arm"], "version": data["version"], "title": data["title"], "games": n, "wins": k,
            "rate": k / n if n else 0.0, "low": lo, "high": hi, "budget": data["budget"],
            "median_seconds": secs[n // 2] if n else 0.0, "max_seconds": secs[-1] if n else 0.0}


def summary() -> list[dict]:
    rows = []
    for arm in ARMS:
        found = sorted(stem(p)[len(arm) + 1:] for p in stored(f"{arm}-*")
                       if ".part" not in p.name
                       and (stem(p)[len(arm) + 1:] in ("greedy", "careful") or stem(p)[len(arm) + 1:].startswith("mcts")))
        for version in sorted(found, key=lambda v: (v in ("greedy", "careful"), v == "greedy", v)):
            d = load(arm, version)
            if d is not None:
                rows.append(summarise(d))
    return rows


def print_table(rows: list[dict]) -> None:
    print(f"{'arm':16} {'bot':7} {'games':>5} {'wins':>5} {'rate':>6}  {'95% interval':>15}  {'s/game':>7}  budget")
    for r in rows:
        print(f"{r['arm']:16} {r['version']:7} {r['games']:5d} {r['wins']:5d} {r['rate']:6.1%}  "
              f"[{r['low']:5.1%}, {r['high']:5.1%}]  {r['median_seconds']:7.2f}  {r['budget']}")


WINS = OUT / "wins"  # records of the first wins of the team arms, replayable with `windward replay`


def play_record(arm: str, bot: str, game: int) -> Any:
    """Game ``game`` of ``arm`` played again by ``bot`` in the arm's seats, with its record."""
    spec = dict(ARMS[arm])
    players = int(spec.pop("players"))
    for k in ("title", "fair"):
        spec.pop(k)
    bots = ["greedy"] * players
    for s in seats_for(arm, game):
        bots[s] = bot
    return play_game("windward", players=players, bots=bots, seed=SEED0 + game, record=True, **spec)


def save_wins(first: int = 1) -> list[Path]:
    """Write the records of the first ``first`` wins of every stored team arm (Solo and Cooperative)
    as ``wins/<arm>-<version>-game<N>.wwr.json``: the games are played again from their seeds, and
    a game that does not end in the same win is an error."""
    out = []
    for path in stored("*"):
        if ".part" in path.name:
            continue
        data = json.loads(gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_text())
        if ARMS.get(data.get("arm", ""), {}).get("fair", 0) is not None:
            continue  # a notoriety race
        for g in [g for g in data["games"] if g["won"]][:first]:
            r = play_record(data["arm"], data["bot"], g["game"])
            if not (r.over and r.winners == g["winners"]):
                raise SystemExit(f"{path.name}: game {g['game']} did not end the same way when played again")
            WINS.mkdir(parents=True, exist_ok=True)
            out.append(r.record.save(WINS / f"{data['arm']}-{data['version']}-game{g['game']}.wwr.json"))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--arms", default=",".join(ARMS), help="comma-separated: " + ", ".join(ARMS))
    ap.add_argument("--versions", default="greedy,mcts", help="greedy (the baseline), careful (CarefulBot, "
                    "the team modes' rule-of-thumb player), mcts; "
                    "mcts-<name> stores a variant of the search bot apart (with --bot-options)")
    ap.add_argument("--bot-options", default="", help="extra MCTSBot options, e.g. trust_first=1")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--iterations", type=int, default=16, help="MCTSBot iterations per searched decision")
    ap.add_argument("--first", type=int, default=0, help="skip the games before this one (play games first to "
                    "games-1), e.g. to try a variant on games no other variant was chosen on")
    ap.add_argument("--summary", action="store_true", help="only print the table of the stored results")
    ap.add_argument("--quick", action="store_true", help="2 games of every arm, nothing stored")
    ap.add_argument("--part", default="", help="K/N: play only the games g with g %% N == K, in a file of their "
                    "own (several processes can share an arm); --merge folds the parts in")
    ap.add_argument("--merge", action="store_true", help="fold part files into the arms' result files")
    ap.add_argument("--save-wins", type=int, default=0, metavar="K",
                    help="write the records of the first K wins of every team arm into results/strength/wins/")
    args = ap.parse_args(argv)
    if args.save_wins:
        for p in save_wins(args.save_wins):
            print(p.relative_to(ROOT))
        return 0
    if args.summary or args.merge:
        if args.merge:
            for arm in ARMS:
                for v in {p.stem.split(".part")[0][len(arm) + 1:] for p in OUT.glob(f"{arm}-*.part*.json")}:
                    merge(arm, v)
        print_table(summary())
        return 0
    arms = [a.strip() for a in args.arms.split(",") if a.strip()]
    bad = [a for a in arms if a not in ARMS]
    if bad:
        print(f"unknown arm(s) {', '.join(bad)}; arms: {', '.join(ARMS)}", file=sys.stderr)
        return 2
    versions = [v.strip() for v in args.versions.split(",") if v.strip()]
    if any(v not in ("greedy", "careful") and not v.startswith("mcts") for v in versions) or args.games < 1 \
            or args.iterations < 1 or not 0 <= args.first < args.games:
        print("versions are greedy, careful and/or mcts; games and iterations are 1 or more; 0 <= first < games",
              file=sys.stderr)
        return 2
    games = 2 if args.quick else args.games
    part = None
    if args.part:
        k, _, n = args.part.partition("/")
        if not (k.isdigit() and n.isdigit() and 0 <= int(k) < int(n)):
            print(f"--part is K/N with 0 <= K < N, got {args.part!r}", file=sys.stderr)
            return 2
        part = (int(k), int(n))
    rows = []
    for arm in arms:
        for version in versions:
            rows.append(summarise(run_arm(arm, version, games, args.iterations, quick=args.quick,
                                          extra=args.bot_options, part=part, first=args.first)))
            print_table(rows[-1:])
    return 0


if __name__ == "__main__":
    sys.exit(main())
