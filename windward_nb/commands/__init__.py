"""The ``windward`` command line's subcommands, one module each.

A module provides ``add_parser(subparsers)`` (its argparse parser, with help and examples,
whose handler is its ``run``) and ``run(args) -> int`` (the exit code: 0 done, 1 the command
failed, 2 the command line is wrong). :mod:`windward_nb.cli` registers them.
"""
