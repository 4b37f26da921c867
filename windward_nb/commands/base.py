"""What every subcommand of the ``windward`` command line shares.

A subcommand is a small module of :mod:`windward_nb.commands` with two functions:
``add_parser(subparsers)`` adds its parser (help, options, an epilog of examples) and
``run(args) -> int`` does the work and returns the exit code. :mod:`windward_nb.cli` lists
the modules once and calls them. A problem the person can act on is raised as a
:class:`CommandError`; the command line prints it on one line and exits with its code.

>>> positive_int("3")
3
>>> positive_int("0")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: '0' is not a whole number of 1 or more
>>> split_bots("greedy,mcts:iterations=200,c=1.4,random")
['greedy', 'mcts:iterations=200,c=1.4', 'random']
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

EXIT_OK, EXIT_FAILURE, EXIT_USAGE = 0, 1, 2

EXIT_CODES = "exit codes: 0 done, 1 the command failed, 2 the command line is wrong"


class CommandError(Exception):
    """A failure the person can act on: the command line prints the message on one line, no
    traceback, and exits with ``exit_code`` (1: the work failed, 2: the command line is wrong)."""

    def __init__(self, message: str, exit_code: int = EXIT_FAILURE):
        super().__init__(message)
        self.exit_code = exit_code


def usage_error(message: str) -> CommandError:
    return CommandError(message, EXIT_USAGE)


def new_parser(subparsers: Any, name: str, *, help: str, description: str, epilog: str) -> argparse.ArgumentParser:
    """A subcommand's parser, with its examples and the exit codes shown by ``--help``."""
    return subparsers.add_parser(name, help=help, description=description,
                                 epilog=epilog.rstrip("\n") + "\n\n" + EXIT_CODES + "\n",
                                 formatter_class=argparse.RawDescriptionHelpFormatter)


def add_json_flag(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument("--json", action="store_true", help=f"print {what} as one JSON document on stdout")


def print_json(data: Any) -> None:
    print(json.dumps(data, indent=2, allow_nan=False))


MAX_DIGITS = 40  #: a whole number on the command line has at most this many characters


def _whole(text: str, minimum: int, what: str) -> int:
    if len(text) > MAX_DIGITS:
        raise argparse.ArgumentTypeError(f"{text[:20]!r}... ({len(text)} characters) is not {what}")
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not {what}") from None
    if value < minimum:
        raise argparse.ArgumentTypeError(f"{text!r} is not {what}")
    return value


def bounded_int(minimum: int, maximum: int, what: str = "") -> Any:
    """An argparse type: a whole number from ``minimum`` to ``maximum`` (``what`` names it in errors).

    >>> bounded_int(1, 100, "games")("1000")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 1000 games is more than a run can ask for (at most 100)
    """
    def read(text: str) -> int:
        value = _whole(text, minimum, f"a whole number from {minimum} to {maximum}")
        if value > maximum:
            named = f"{value} {what}" if what else str(value)
            raise argparse.ArgumentTypeError(f"{named} is more than a run can ask for (at most {maximum})")
        return value
    read.__name__ = "whole number"  # argparse names the type in some messages
    return read


def positive_int(text: str) -> int:
    """An argparse type: a whole number of 1 or more."""
    return _whole(text, 1, "a whole number of 1 or more")


def natural_int(text: str) -> int:
    """An argparse type: a whole number of 0 or more."""
    return _whole(text, 0, "a whole number of 0 or more")


def seed_int(text: str) -> int:
    """An argparse type: a seed, a whole number from 0 to 2**63 - 1."""
    value = _whole(text, 0, "a seed (a whole number of 0 or more)")
    if value > 2**63 - 1:
        raise argparse.ArgumentTypeError(f"{text!r} is too large for a seed (at most 2**63 - 1)")
    return value


def port_number(text: str) -> int:
    """An argparse type: a TCP port, 1 to 65535."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (1 to 65535)") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a port number (1 to 65535)")
    return port


def split_bots(text: str) -> list[str]:
    """The bots of ``--bots``, in the grammar of :mod:`windward_nb.core.bots` (an argparse type)."""
    from ..core.bots import BotSpecError, split_specs

    try:
        return split_specs(text)
    except BotSpecError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def game_type(name: str):
    """The registered game called ``name`` (a usage error naming the games otherwise)."""
    from .. import games  # noqa: F401  (registers the four games)
    from ..core import registry

    try:
        return registry.get(name)
    except ValueError as exc:
        raise usage_error(str(exc)) from None


def check_players(game: Any, players: int) -> int:
    lo, hi = game.players
    if not lo <= players <= hi:
        raise usage_error(f"{game.title} is played by {lo} to {hi} players, not {players}")
    return players


def check_bots(game: Any, bots: list[str]) -> list[str]:
    """Each bot name is one of the game's bots (options after a colon are checked by the bot)."""
    from ..core.bots import make_bot

    table = game.part("bots", None)
    for spec in bots:
        if not spec:
            raise usage_error("--bots has an empty name (two commas in a row?)")
        try:
            make_bot(spec, 0, table)
        except (ValueError, TypeError) as exc:
            raise usage_error(f"{game.title}: {exc}") from None
    return bots


def say(text: str) -> None:
    """A note for the person, on stderr (stdout stays machine-readable with ``--json``)."""
    print(text, file=sys.stderr, flush=True)
