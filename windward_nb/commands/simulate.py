"""``windward simulate``: seeded batches of bot games, written as Parquet.

The games run through :func:`windward_nb.core.simulate.play_many` (in this process, on a pool
of ``--workers`` processes, or on a Dask cluster given by ``--scheduler``); game ``i`` of master
seed ``S`` is the same game wherever it runs. The results go to ``--out`` as one row per game
per seat (:mod:`windward_nb.core.dataframe`); a progress bar runs on stderr and a summary is
printed on stdout (``--json``: as one JSON document).
"""

from __future__ import annotations

import argparse
import math
import socket
from pathlib import Path
from typing import Any

from ..core.simulate import MAX_ACTIONS, MAX_GAMES, MAX_WORKERS
from .base import (EXIT_FAILURE, EXIT_OK, CommandError, add_json_flag, bounded_int, check_bots, check_players,
                   game_type, new_parser, positive_int, print_json, say, seed_int, split_bots, usage_error)

MAX_OPTION_CHARS = 100_000  #: the longest --option value read
MAX_OPTION_DEPTH = 16  #: nesting of lists and objects an --option value may have
MAX_OPTION_VALUES = 10_000  #: values an --option value may hold

EXAMPLES = """\
examples:
  windward simulate --games 200 --players 4 --bots greedy --out greedy.parquet
  windward simulate --games 500 --players 3 --bots greedy,random,random --workers 2 --seed 7 --out r.parquet
  windward simulate --game north-wind --games 100 --players 4 --bots greedy,greedy,mcts,random --out nw.parquet
  windward simulate --games 2000 --players 4 --bots greedy --scheduler tcp://10.0.0.5:8786 --out big.parquet
  windward simulate --games 50 --players 1 --bots greedy --option mode=solo --out solo.parquet

--bots names one bot that sits in every seat, or one bot per seat, separated by commas; a bot's options
follow a colon (mcts:iterations=200,c=1.4). Read the file with pandas.read_parquet.
"""


def add_parser(subparsers) -> argparse.ArgumentParser:
    p = new_parser(subparsers, "simulate", help="play seeded batches of bot games into a Parquet file",
                   description="Play seeded games between bots, on processes or a Dask cluster, and write one "
                               "row per game and seat as Parquet.", epilog=EXAMPLES)
    p.add_argument("--game", default="windward", metavar="GAME", help="the game (default: windward)")
    p.add_argument("--games", type=bounded_int(1, MAX_GAMES, "games"), default=100, metavar="N",
                   help=f"how many games (default: 100, at most {MAX_GAMES})")
    p.add_argument("--players", type=positive_int, default=4, metavar="N", help="seats per game (default: 4)")
    p.add_argument("--bots", type=split_bots, default=["greedy"], metavar="BOT[,BOT...]",
                   help="one bot that sits in every seat, or one bot per seat (default: greedy)")
    p.add_argument("--seed", type=seed_int, default=0, metavar="S", help="the master seed (default: 0)")
    p.add_argument("--workers", type=bounded_int(1, MAX_WORKERS, "processes"), default=1, metavar="N",
                   help="processes to play on (default: 1, this one)")
    p.add_argument("--scheduler", metavar="tcp://HOST:PORT", help="play on an existing Dask cluster instead")
    p.add_argument("--max-actions", type=bounded_int(1, MAX_ACTIONS, "plies"), default=20_000, metavar="N",
                   help="cut a game off after this many plies (default: 20000)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a game option for new_game (repeat; values are read as JSON when they can be)")
    p.add_argument("--out", required=True, metavar="FILE.parquet", help="the Parquet file to write")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    add_json_flag(p, "the summary")
    return p


def parse_options(items: list[str]) -> dict[str, Any]:
    """``NAME=VALUE`` pairs; a value that reads as JSON (a number, true, a list) is taken as such,
    within bounds (:data:`MAX_OPTION_CHARS` characters, :data:`MAX_OPTION_DEPTH` levels of lists).

    >>> parse_options(["mode=solo", "rounds=3", 'variants=["white"]'])
    {'mode': 'solo', 'rounds': 3, 'variants': ['white']}
    """
    from ..core.files import FileFormatError, parse_json

    out: dict[str, Any] = {}
    for item in items:
        name, eq, text = item.partition("=")
        name = name.strip()
        if not eq or not name.isidentifier():
            raise usage_error(f"--option {item[:60]!r}: write NAME=VALUE, for example --option mode=solo")
        if name in out:
            raise usage_error(f"--option {name}=... is given twice")
        if len(text) > MAX_OPTION_CHARS:
            raise usage_error(f"--option {name}=...: the value has {len(text)} characters (at most {MAX_OPTION_CHARS})")
        try:
            out[name] = parse_json(text, max_values=MAX_OPTION_VALUES, max_depth=MAX_OPTION_DEPTH)
        except FileFormatError as exc:
            if "not valid JSON" not in str(exc) and "UTF-8" not in str(exc):  # JSON, but too deep or too big
                raise usage_error(f"--option {name}=...: the value {exc}") from None
            out[name] = text
    return out


def _check_out(path: str) -> Path:
    out = Path(path).expanduser()
    if out.is_dir():
        raise usage_error(f"--out {path} is a folder; give a file name such as results.parquet")
    if not out.parent.is_dir():
        raise usage_error(f"--out {path}: the folder {out.parent} does not exist")
    return out


def _check_game_options(game: Any, players: int, options: dict[str, Any]) -> None:
    try:
        game.part("new_game")(players=players, seed=0, **options)
    except TypeError as exc:
        raise usage_error(f"{game.title} does not take these options: {exc}") from None
    except ValueError as exc:
        raise usage_error(f"{game.title}: {exc}") from None
    except (KeyError, IndexError, AttributeError, RecursionError) as exc:  # an option of an unexpected shape
        raise usage_error(f"{game.title} cannot set up a game with these options "
                          f"({type(exc).__name__}: {str(exc)[:200]})") from None


def check_scheduler(address: str, timeout: float = 5.0) -> None:
    """A ``tcp://host:port`` address that answers, checked in seconds before any game is sent
    (Dask's own client would wait much longer to say it cannot connect)."""
    from urllib.parse import urlsplit

    parts = urlsplit(address if "://" in address else f"tcp://{address}")
    try:
        host, port = parts.hostname, parts.port
    except ValueError:
        host, port = None, None
    if parts.scheme not in ("tcp", "tls") or not host or port is None:
        raise usage_error(f"--scheduler {address}: give the scheduler's address as tcp://HOST:PORT")
    try:
        with socket.create_connection((host, port), timeout=timeout):
            pass
    except OSError as exc:
        raise CommandError(f"cannot reach the Dask scheduler at {address}: {exc.strerror or exc}") from None


def _needs(module: str, extra: str) -> None:
    import importlib.util

    if importlib.util.find_spec(module) is None:
        raise CommandError(f"this needs {module}: pip install 'windward-nb[{extra}]' (or pip install {module})")


def summary_data(result: Any, out: Path) -> dict[str, Any]:
    def num(x: float) -> float | None:
        return None if math.isnan(x) else round(float(x), 6)

    rates = result.win_rates(by="seat")
    return {
        "game": result.game, "games": len(result), "players": result.players, "bots": list(result.bots),
        "master_seed": result.master_seed, "options": result.options, "finished": int(result.over.sum()),
        "failures": [{"index": i, "seed": s, "error": why} for i, s, why in result.failures],
        "interrupted": bool(result.interrupted), "seconds": round(result.seconds, 3), "out": str(out),
        "rows": len(result) * result.players,
        "seats": [{"seat": int(r.seat), "bot": result.bots[int(r.seat)], "games": int(r.games), "wins": int(r.wins),
                   "win_rate": num(r.win_rate), "low": num(r.low), "high": num(r.high),
                   "mean_score": num(result.scores[:, int(r.seat)].mean()) if len(result) else None}
                  for r in rates.itertuples()],
    }


def run(args: argparse.Namespace) -> int:
    from ..core.simulate import play_many

    game = game_type(args.game)
    players = check_players(game, args.players)
    bots = check_bots(game, args.bots)
    if len(bots) not in (1, players):
        raise usage_error(f"--bots names {len(bots)} bots for {players} players: name one bot to sit "
                          f"in every seat (--bots greedy) or exactly {players}, one per seat")
    options = parse_options(args.option)
    for reserved in ("players", "seed"):
        if reserved in options:
            raise usage_error(f"--option {reserved}=...: use --{reserved} instead")
    out = _check_out(args.out)
    _needs("pandas", "lab")
    _needs("pyarrow", "lab")
    if args.scheduler:
        _needs("distributed", "cluster")
        check_scheduler(args.scheduler)
    _check_game_options(game, players, options)
    try:
        result = play_many(args.games, players=players, bots=bots if len(bots) > 1 else bots * players, seed=args.seed,
                           game=game.name, workers=args.workers, scheduler=args.scheduler,
                           progress=not args.no_progress, max_actions=args.max_actions, **options)
    except OSError as exc:  # a scheduler that cannot be reached
        raise CommandError(f"cannot reach the Dask scheduler {args.scheduler}: {exc}") from None
    try:
        result.to_parquet(out)
    except OSError as exc:
        raise CommandError(f"cannot write {out}: {exc.strerror or exc}") from None
    if args.json:
        print_json(summary_data(result, out))
    else:
        print(result.summary())
        print(f"wrote {len(result) * result.players} rows ({len(result)} games x {result.players} seats) to {out}")
    if result.failures:
        i, seed, why = result.failures[0]
        say(f"windward simulate: error: {len(result.failures)} game(s) failed, first game {i} (seed {seed}): {why}")
        return EXIT_FAILURE
    if result.interrupted:
        say("windward simulate: interrupted; the file holds the games finished before the stop")
        return EXIT_FAILURE
    return EXIT_OK
