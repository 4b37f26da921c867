"""``windward analyse FILE``: every seat's win chance at every ply of a recorded game, and its turning points.

    windward analyse game.wwr.json                    the quick pass: the turning points in words
    windward analyse game.wwr.json --depth deep       then the coach looks again at the flagged plies
    windward analyse game.wwr.json --json             every ply's numbers as JSON
    windward analyse game.wwr.json --html page.html   the replay page with the win-chance graph
    windward analyse game.wwr.json --save out.wwr.json   the record with the analysis kept inside it

Any game of the family (the record's ``format`` names the game). See ``docs/analysis.md`` for how
the numbers are found and how sure they are.

>>> import argparse
>>> p = argparse.ArgumentParser(prog="windward"); sub = p.add_subparsers(dest="command")
>>> _ = add_parser(sub)
>>> args = p.parse_args(["analyse", "game.wwr.json", "--depth", "deep", "--html", "out.html", "--json"])
>>> args.file, args.depth, args.html, args.json, args.handler is run
('game.wwr.json', 'deep', 'out.html', True, True)
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from .replay import _load, _Stop

__all__ = ["add_parser", "run", "analysis_json"]

EXIT_OK, EXIT_FAILURE, EXIT_USAGE = 0, 1, 2

EXAMPLES = """\
examples:
  windward analyse notebooks/data/greedy-4p.wwr.json
  windward analyse notebooks/data/northwind-greedy-2p.nwr.json --depth deep --deep-plies 5
  windward analyse notebooks/data/tailwinds-greedy-2p.twr.json --json > analysis.json
  windward analyse notebooks/data/plunder-mixed-3p.wpr.json --html analysis.html
  windward analyse game.wwr.json --save game-analysed.wwr.json

The quick pass estimates every ply; --depth deep then searches again on the plies it flagged
(mistakes, blunders, lucky and unlucky rolls), the largest first. The same --seed gives the same
numbers. A progress bar runs on stderr when it is a terminal.

exit codes: 0 done, 1 the record cannot be read or replayed, 2 the command line is wrong
"""


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``analyse`` to the ``windward`` command line."""
    p = subparsers.add_parser(
        "analyse", help="analyse a recorded game: win chances per ply and its turning points",
        description="Analyse a game record of any wind game: every seat's win chance after every ply (with its "
                    "interval), the coach's preferred action at every decision, and the mistakes, blunders and "
                    "lucky or unlucky rolls.",
        epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", metavar="FILE", help="a game record (.wwr.json, .nwr.json, .wpr.json, .twr.json)")
    p.add_argument("--depth", choices=("quick", "deep"), default="quick",
                   help="quick: every ply; deep: then the flagged plies again with the coach's search "
                        "(default: quick)")
    p.add_argument("--seed", type=int, default=0, metavar="N", help="the seed of every playout (default: 0)")
    p.add_argument("--deep-plies", type=int, default=None, metavar="N",
                   help="with --depth deep: look again at most N flagged plies (default: 10)")
    p.add_argument("--json", action="store_true", help="print every ply's numbers as JSON")
    p.add_argument("--html", metavar="OUT", help="write the replay page with the win-chance graph to OUT "
                                                 "('-' for standard output)")
    p.add_argument("--save", metavar="OUT", help="write the record with the analysis kept inside it to OUT")
    p.set_defaults(handler=run)
    return p


def run(args: argparse.Namespace) -> int:
    """Run ``windward analyse``; return the exit code (errors are one line on stderr)."""
    try:
        return _run(args)
    except _Stop as stop:
        print(f"windward analyse: error: {stop}", file=sys.stderr)
        return stop.code
    except KeyboardInterrupt:
        print("windward analyse: interrupted", file=sys.stderr)
        return EXIT_FAILURE
    except BrokenPipeError:  # the reader stopped early (``| head``): not an error
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK


def _run(args: argparse.Namespace) -> int:
    from ..core.analysis import DEEP_PLIES, analyse

    if args.seed < 0:
        raise _Stop(f"--seed {args.seed} must be 0 or more", EXIT_USAGE)
    deep_plies = DEEP_PLIES if args.deep_plies is None else args.deep_plies
    if not 0 <= deep_plies <= 1000:
        raise _Stop(f"--deep-plies {deep_plies} must be 0 to 1000", EXIT_USAGE)
    if args.deep_plies is not None and args.depth != "deep":
        raise _Stop("--deep-plies needs --depth deep", EXIT_USAGE)
    if args.json and args.html == "-":
        raise _Stop("--json and --html - would both write to standard output; give --html a file", EXIT_USAGE)
    record = _load(args.file)
    bar = _bar(len(record.actions) + 1 + (min(deep_plies, len(record.actions)) if args.depth == "deep" else 0))
    try:
        result = analyse(record, depth=args.depth, seed=args.seed, deep_plies=deep_plies, progress=bar)
    finally:
        if bar is not None:
            bar.close()
    if args.save is not None:
        from ..core.errors import RecordError

        kept = result.annotate(record.copy())
        try:
            kept.save(args.save)
        except (RecordError, OSError) as err:
            raise _Stop(f"cannot write {args.save}: {err}") from None
    if args.html is not None:
        from ..core.replay_page import replay_html

        page = replay_html(record, analysis=result)
        if args.html == "-":
            sys.stdout.write(page)
            return EXIT_OK
        try:
            Path(args.html).write_text(page, encoding="utf-8")
        except OSError as err:
            raise _Stop(f"cannot write {args.html}: {err.strerror or err}") from None
    if args.json:
        print(json.dumps(analysis_json(result), indent=1, ensure_ascii=False))
    else:
        print(result.summary())
        if args.html is not None:
            print(f"wrote {args.html}: open it in a browser")
        if args.save is not None:
            print(f"wrote {args.save}: the record with its analysis")
    return EXIT_OK


def analysis_json(result: Any) -> dict[str, Any]:
    """The analysis as the command prints it: the game, the players, then the record's analysis block."""
    return {"game": result.game, "players": list(result.names), **result.to_dict(),
            "flagged": [result.line(p) for p in result.flagged()]}


def _bar(total: int) -> Any:
    """A progress bar on stderr when it is a terminal (and tqdm is installed), else None."""
    if not sys.stderr.isatty():
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    return tqdm(total=total, desc="analysing", unit="ply", file=sys.stderr, leave=False)
