"""The ``windward`` command line (also ``python -m windward_nb``).

Each subcommand is a small module of :mod:`windward_nb.commands` with ``add_parser(subparsers)``
and ``run(args) -> int``; :data:`COMMANDS` lists them, in the order ``windward --help`` shows.
A mistake in the command line or in the files given is one line on stderr and a non-zero exit
code, never a traceback.

Exit codes: 0 done, 1 the command failed (the message says why), 2 the command line is wrong.

>>> main(["--version"])  # doctest: +ELLIPSIS
windward ...
0
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from .commands import analyse, lab, odds, play, replay, simulate, verify
from .commands.base import EXIT_CODES, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, CommandError

__all__ = ["COMMANDS", "CommandError", "EXIT_FAILURE", "EXIT_OK", "EXIT_USAGE", "build_parser", "main",
           "package_version"]

DISTRIBUTION = "windward-nb"

#: the words that mark a failure of the program itself rather than of what it was given (tests look for them)
INTERNAL = "internal error, a bug in windward_nb"

#: the subcommands' modules (windward_nb.commands), in the order --help lists them
_MODULES = {module.__name__.rpartition(".")[2]: module for module in (lab, play, replay, analyse, verify, simulate, odds)}
#: the subcommands, by name, in the order --help lists them
COMMANDS = tuple(_MODULES)

EXAMPLES = f"""\
examples:
  windward lab                      open the workbook at notebooks/00-start-here.ipynb
  windward lab --no-browser --port 8890
  windward play --players 3 --bots greedy,random
  windward replay my-game.wwr.json --ply 40
  windward analyse my-game.wwr.json --depth deep --html analysis.html
  windward verify records/*.json
  windward simulate --games 200 --players 4 --bots greedy,greedy,random,random --workers 2 --out r.parquet
  windward odds --attacker ship --defender red --cannons 3
  python -m windward_nb lab         the same command without the console script

`windward COMMAND --help` shows a command's options and examples.

{EXIT_CODES}
"""


def package_version() -> str:
    """The installed version of the windward-nb distribution (from its metadata)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        from . import __version__

        return f"{__version__} (not installed)"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="windward",
        description="The Windward workbook from the terminal: open it, play, replay, check records, "
                    "simulate batches of bot games, and ask for battle odds.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {package_version()}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    for module in _MODULES.values():
        module.add_parser(subparsers).set_defaults(run=module.run)
    return parser


def _subparser(parser: argparse.ArgumentParser, command: str | None) -> argparse.ArgumentParser:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) and command in action.choices:
            return action.choices[command]
    return parser


def unknown_options(parser: argparse.ArgumentParser, extras: Sequence[str]) -> str:
    """The error line for arguments ``parser`` does not know, naming the closest options it does.

    >>> p = argparse.ArgumentParser(prog="windward odds"); _ = p.add_argument("--cannons")
    >>> unknown_options(p, ["--canons", "3"])
    "unrecognized option --canons (did you mean --cannons?); see 'windward odds --help'"
    """
    import difflib

    known = [o for o in parser._option_string_actions if o.startswith("--")]
    bits = []
    for arg in extras:
        if arg.startswith("-") and len(arg) > 1:
            name = arg.split("=", 1)[0]
            close = difflib.get_close_matches(name, known, n=2, cutoff=0.6)
            bits.append(f"unrecognized option {name}" + (f" (did you mean {' or '.join(close)}?)" if close else ""))
    if not bits:
        bits.append("unrecognized argument" + ("s" if len(extras) > 1 else "") + " " + " ".join(extras))
    return "; ".join(bits) + f"; see '{parser.prog} --help'"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (default: ``sys.argv[1:]``) and return its exit code.

    An option the command does not know is named with the closest ones it does (on standard
    error), and the exit code says it was a usage error:

    >>> import contextlib, io
    >>> said = io.StringIO()
    >>> with contextlib.redirect_stderr(said):
    ...     main(["odds", "--canons", "3"])
    2
    >>> print(said.getvalue().splitlines()[-1])
    windward odds: error: unrecognized option --canons (did you mean --cannons or --cannoneer?); see 'windward odds --help'
    """
    parser = build_parser()
    try:
        args, extras = parser.parse_known_args(argv)
    except SystemExit as stop:  # --help, --version, or a usage error (argparse has printed it)
        return stop.code if isinstance(stop.code, int) else EXIT_USAGE
    if extras:
        sub = _subparser(parser, args.command)
        sub.print_usage(sys.stderr)
        print(f"{sub.prog}: error: {unknown_options(sub, extras)}", file=sys.stderr)
        return EXIT_USAGE
    if args.command is None:
        parser.print_usage(sys.stderr)
        print("windward: error: choose a command, for example 'windward lab' (see windward --help)",
              file=sys.stderr)
        return EXIT_USAGE
    try:
        return args.run(args)
    except CommandError as err:
        print(f"windward {args.command}: error: {err}", file=sys.stderr)
        return err.exit_code
    except KeyboardInterrupt:
        print(f"windward {args.command}: interrupted", file=sys.stderr)
        return EXIT_FAILURE
    except BrokenPipeError:  # the reader went away (``windward replay ... | head``): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_FAILURE
    except (MemoryError, RecursionError, OverflowError) as exc:  # asked for more than this machine can give
        print(f"windward {args.command}: error: the command asked for more than this machine can do "
              f"({type(exc).__name__}); ask for less", file=sys.stderr)
        return EXIT_FAILURE
    except Exception as exc:  # a bug of ours: one line, and the traceback only when asked for
        if os.environ.get("WINDWARD_TRACEBACK"):
            raise
        print(f"windward {args.command}: error: {INTERNAL} ({type(exc).__name__}: {' '.join(str(exc).split())[:300]}); "
              "please report it (WINDWARD_TRACEBACK=1 shows where)", file=sys.stderr)
        return EXIT_FAILURE
