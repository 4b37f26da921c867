"""``windward verify FILE...``: check game records of any game of the family.

Each file is read strictly, checked against its format's JSON Schema and replayed action by
action through the game's rules (:func:`windward_nb.load_record`). Every file is checked, even
after a failure; the exit code is 1 if any file failed, and each failure names the file and,
where the trouble is an action, the ply.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from .base import EXIT_FAILURE, EXIT_OK, add_json_flag, new_parser, print_json

EXAMPLES = """\
examples:
  windward verify my-game.wwr.json
  windward verify records/*.json notebooks/data/*.json
  windward verify --json voyage.nwr.json       one JSON document: a result per file
"""


def add_parser(subparsers) -> argparse.ArgumentParser:
    p = new_parser(subparsers, "verify", help="check and replay game records",
                   description="Validate game records (any game of the family) and replay every action "
                               "through the rules; a failure names the file and the ply.",
                   epilog=EXAMPLES)
    p.add_argument("files", nargs="+", metavar="FILE",
                   help="a record file (.wwr.json, .nwr.json, .wpr.json, .twr.json)")
    add_json_flag(p, "a result per file")
    return p


def check_file(path: str) -> dict[str, Any]:
    """The verdict on one record file, as data (``ok``, and the game or the error)."""
    import windward_nb as ww

    try:
        record = ww.load_record(path, verify=False)
        final = record.verify()
    except ww.RecordError as exc:
        return {"file": path, "ok": False, "error": str(exc), "ply": exc.ply, "field": exc.field}
    rules = record.rules()
    over = bool(rules.is_over(final))
    return {"file": path, "ok": True, "game": record.GAME, "title": record.TITLE,
            "players": len(record.players), "plies": len(record.actions), "over": over,
            "scores": [_plain(x) for x in rules.scores(final)],
            "result": rules.outcome_text(final) if over else None}


def _plain(x: Any) -> Any:
    return x.item() if hasattr(x, "item") else x


def describe(verdict: dict[str, Any]) -> str:
    name = verdict["file"]
    if not verdict["ok"]:
        where = f" at ply {verdict['ply']}" if verdict.get("ply") is not None else ""
        return f"FAILED {name}{where}: {verdict['error']}"
    state = "finished" if verdict["over"] else "not finished"
    scores = ", ".join(str(s) for s in verdict["scores"])
    return (f"ok     {name}: {verdict['title']}, {verdict['players']} players, {verdict['plies']} plies, "
            f"{state}; scores {scores}")


def run(args: argparse.Namespace) -> int:
    verdicts = [check_file(str(Path(f))) for f in args.files]
    failed = [v for v in verdicts if not v["ok"]]
    if args.json:
        print_json({"ok": not failed, "checked": len(verdicts), "failed": len(failed), "files": verdicts})
    else:
        for v in verdicts:
            print(describe(v))
        if len(verdicts) > 1:
            print(f"{len(verdicts) - len(failed)} of {len(verdicts)} records ok")
    return EXIT_FAILURE if failed else EXIT_OK
