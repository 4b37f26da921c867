"""``windward replay FILE``: a recorded game's score sheet in the terminal.

The score sheet lists every ply (who acted, what it caused, comments), turn by turn, and the
scores at the end; ``--ply N`` stops after ply N (the scores are then those of that moment).
``--json`` gives the same plies as data.
"""

from __future__ import annotations

import argparse
from typing import Any

from .base import EXIT_OK, CommandError, add_json_flag, natural_int, new_parser, print_json, usage_error

EXAMPLES = """\
examples:
  windward replay my-game.wwr.json
  windward replay notebooks/data/greedy-4p.wwr.json --ply 40     the game up to ply 40
  windward replay voyage.nwr.json --json                         the plies as JSON
"""


def add_parser(subparsers) -> argparse.ArgumentParser:
    p = new_parser(subparsers, "replay", help="show a recorded game ply by ply",
                   description="Show a game record of any game of the family as a score sheet in the terminal.",
                   epilog=EXAMPLES)
    p.add_argument("file", metavar="FILE", help="a record file (.wwr.json, .nwr.json, .wpr.json, .twr.json)")
    p.add_argument("--ply", type=natural_int, metavar="N", help="stop after ply N (0: the starting position)")
    p.add_argument("--width", type=natural_int, default=100, metavar="COLUMNS",
                   help="wrap the score sheet at this width (default: 100)")
    add_json_flag(p, "the plies and the scores")
    return p


def load(path: str) -> Any:
    """The record of ``path``, checked against its schema (the replay checks every action)."""
    import windward_nb as ww

    try:
        return ww.load_record(path, verify=False)
    except ww.RecordError as exc:
        raise CommandError(f"{path}: {exc}") from None


def cut(record: Any, ply: int | None, path: str) -> Any:
    """``record`` up to ``ply`` (the whole of it when None; a usage error past its end)."""
    if ply is not None:
        if ply > len(record.actions):
            raise usage_error(f"--ply {ply} is past the end of {path} ({len(record.actions)} plies)")
        record = record.copy()
        record.actions = record.actions[:ply]
        record.comments = {k: v for k, v in record.comments.items() if k <= ply}
    return record


def as_data(record: Any, total: int) -> dict[str, Any]:
    from ..core.rules import CHANCE

    cursor = record.cursor()
    names = record.names()
    plies = []
    for p in cursor.plies():
        plies.append({"ply": p.ply, "seat": None if p.actor == CHANCE else p.actor,
                      "who": "chance" if p.actor == CHANCE else names[p.actor] if 0 <= p.actor < len(names)
                      else f"seat {p.actor}",
                      "action": str(p.action), "events": p.texts, "comment": p.comment})
    rules, final = cursor.rules, cursor.state
    over = bool(rules.is_over(final))
    return {"game": record.GAME, "title": record.TITLE, "players": record.players, "options": record.options,
            "seed": record.seed, "plies_in_file": total, "ply": len(record.actions), "plies": plies,
            "scores": [x.item() if hasattr(x, "item") else x for x in rules.scores(final)], "over": over,
            "result": rules.outcome_text(final) if over else None}


def run(args: argparse.Namespace) -> int:
    import windward_nb as ww

    whole = load(args.file)
    record = cut(whole, args.ply, args.file)
    try:
        if args.json:
            print_json(as_data(record, len(whole.actions)))
        else:
            print(record.to_text(width=max(40, args.width)), end="")
    except ww.RecordError as exc:
        raise CommandError(f"{args.file}: {exc}") from None
    return EXIT_OK
