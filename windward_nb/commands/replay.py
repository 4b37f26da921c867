"""``windward replay FILE``: a recorded game in the terminal, as JSON, or as a static replay page.

    windward replay game.wwr.json                 the score sheet, turn by turn
    windward replay game.wwr.json --ply 40        the position after ply 40, in words
    windward replay game.wwr.json --json          the end (or --ply N) as JSON
    windward replay game.wwr.json --html game.html   a page that replays it in any browser

Any game of the family: the record's ``format`` names the game. Every action is replayed
through the rules first; a record that is not valid fails with exit code 1 and a message
naming the field or the ply.

>>> import argparse
>>> p = argparse.ArgumentParser(prog="windward"); sub = p.add_subparsers(dest="command")
>>> _ = add_parser(sub)
>>> args = p.parse_args(["replay", "game.wwr.json", "--ply", "3", "--html", "out.html"])
>>> args.file, args.ply, args.html, args.handler is run
('game.wwr.json', 3, 'out.html', True)
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..core.replay import MAX_WIDTH, MIN_WIDTH

__all__ = ["add_parser", "run", "position_text", "position_json"]

EXIT_OK, EXIT_FAILURE, EXIT_USAGE = 0, 1, 2

EXAMPLES = """\
examples:
  windward replay notebooks/data/greedy-2p.wwr.json
  windward replay notebooks/data/greedy-2p.wwr.json --ply 40
  windward replay notebooks/data/northwind-greedy-3p.nwr.json --json
  windward replay notebooks/data/tailwinds-greedy-2p.twr.json --html replay.html
  windward replay game.wwr.json --ply -1 --json     (negative plies count from the end)

The page written by --html is one file with every board drawn in it: open it in any browser,
no server and no network needed. Step with the slider, the buttons or the arrow keys.

exit codes: 0 done, 1 the record cannot be read or replayed, 2 the command line is wrong
"""


def _width(text: str) -> int:
    from .base import bounded_int

    return int(bounded_int(MIN_WIDTH, MAX_WIDTH, "columns")(text))


class _Stop(Exception):
    def __init__(self, message: str, code: int = EXIT_FAILURE):
        super().__init__(message)
        self.code = code


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``replay`` to the ``windward`` command line."""
    p = subparsers.add_parser(
        "replay", help="show a recorded game: score sheet, a position, JSON, or a static HTML replay",
        description="Replay a game record of any wind game (the file's format names the game): print its score "
                    "sheet, the position at a ply, or write a self-contained replay page.",
        epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", metavar="FILE", help="a game record (.wwr.json, .nwr.json, .wpr.json, .twr.json)")
    p.add_argument("--ply", type=int, metavar="N",
                   help="show the position after ply N (0 = the start; negative counts from the end)")
    p.add_argument("--json", action="store_true", help="print machine-readable JSON instead of text")
    p.add_argument("--html", metavar="OUT",
                   help="write a static replay page to OUT ('-' for standard output)")
    p.add_argument("--width", type=_width, default=100, metavar="COLUMNS",
                   help=f"wrap the score sheet at this many columns ({MIN_WIDTH}-{MAX_WIDTH}; default: 100)")
    p.set_defaults(handler=run)
    return p


def run(args: argparse.Namespace) -> int:
    """Run ``windward replay``; return the exit code (errors are one line on stderr)."""
    try:
        return _run(args)
    except _Stop as stop:
        print(f"windward replay: error: {stop}", file=sys.stderr)
        return stop.code
    except BrokenPipeError:  # the reader stopped early (``| head``): not an error
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK


def _load(path: str) -> Any:
    from ..core.errors import RecordError
    from ..core.record import load_record

    p = Path(path)
    if not p.exists():
        raise _Stop(f"no such file: {path}")
    if p.is_dir():
        raise _Stop(f"{path} is a folder; give a game record file")
    try:
        return load_record(p)
    except RecordError as err:
        raise _Stop(f"{path}: {err}") from None
    except OSError as err:
        raise _Stop(f"cannot read {path}: {err.strerror or err}") from None


def _ply(record: Any, ply: int | None) -> int | None:
    if ply is None:
        return None
    n = len(record.actions)
    k = ply + n + 1 if ply < 0 else ply
    if not 0 <= k <= n:
        raise _Stop(f"--ply {ply} is outside this record, which has plies 0 to {n} (or -1 to -{n + 1})",
                    EXIT_USAGE)
    return k


def _run(args: argparse.Namespace) -> int:
    if not MIN_WIDTH <= args.width <= MAX_WIDTH:
        raise _Stop(f"--width {args.width} is outside {MIN_WIDTH}-{MAX_WIDTH} columns", EXIT_USAGE)
    record = _load(args.file)
    ply = _ply(record, args.ply)
    if args.html is not None:
        from ..core.replay_page import replay_html

        page = _with_progress(record, replay_html)
        if args.html == "-":
            sys.stdout.write(page)
            return EXIT_OK
        from ..core.files import atomic_write

        out = Path(args.html)
        try:
            atomic_write(out, page)  # a full disk leaves the old file or none, never half a page
        except OSError as err:
            raise _Stop(f"cannot write {args.html}: {err.strerror or err}") from None
        note = f"wrote {out} ({len(record.actions)} plies, {out.stat().st_size / 1024:.0f} KiB): open it in a browser"
        print(json.dumps({"html": str(out), "plies": len(record.actions)}) if args.json else note)
        return EXIT_OK
    if args.json:
        print(json.dumps(position_json(record, ply), indent=2, ensure_ascii=False))
    elif ply is None:
        sys.stdout.write(record.to_text(width=args.width))
    else:
        print(position_text(record, ply))
    return EXIT_OK


def _with_progress(record: Any, replay_html: Any) -> str:
    """``replay_html(record)`` with a progress bar on stderr when it is a terminal (and tqdm is
    installed); otherwise quietly."""
    bar = None
    if sys.stderr.isatty():
        try:
            from tqdm import tqdm
        except ImportError:
            tqdm = None
        if tqdm is not None:
            bar = tqdm(total=len(record.actions), desc="drawing plies", unit="ply", file=sys.stderr, leave=False)
    try:
        return str(replay_html(record, progress=bar.update if bar is not None else None))
    finally:
        if bar is not None:
            bar.close()


def _at(record: Any, ply: int | None) -> Any:
    cursor = record.cursor()
    cursor.seek(len(cursor) if ply is None else ply)
    return cursor


def position_text(record: Any, ply: int) -> str:
    """The position after ``ply`` in words: the ply's caption, then the game's text summary."""
    from ..core.view import view_for

    cursor = _at(record, ply)
    view = view_for(cursor.state)
    return cursor.caption() + "\n" + view.text_summary(cursor.state, record.names())


def position_json(record: Any, ply: int | None = None) -> dict[str, Any]:
    """The position after ``ply`` (default: the end of the record) as JSON-ready data."""
    from ..core.outcome import outcome_of
    from ..core.view import view_for

    cursor = _at(record, ply)
    state = cursor.state
    view = view_for(state)
    names = record.names()
    decider = view.decider(state)
    outcome = outcome_of(state, None, names) if view.is_over(state) else None
    return {
        "game": record.GAME, "format": record.FORMAT, "plies": len(cursor), "ply": cursor.ply,
        "players": names, "scores": dict(zip(names, view.scores(state))), "score_name": view.score_name,
        "status": view.status(state), "decider": names[decider] if 0 <= decider < len(names) else None,
        "over": view.is_over(state), "outcome": outcome.to_dict() if outcome is not None else None,
        "last_action": record.actions[cursor.ply - 1] if cursor.ply else None,
        "fingerprint": state.fingerprint(),
    }
