"""The JSON Schemas of the record formats, as published files.

Each game's record class builds the JSON Schema (draft 2020-12) of its format in
code (:meth:`windward_nb.core.record.GameRecord.schema`), and loading a record
checks it against exactly that object. This module writes those objects to
``windward_nb/schemas/<format>.schema.json`` so that other tools (any JSON Schema
validator, an editor, another language) can check a record without Python:

>>> list(formats())
['windward-record', 'north-wind-record', 'winds-of-plunder-record', 'tailwinds-record']
>>> published("tailwinds-record")["properties"]["format"]
{'const': 'tailwinds-record'}

The files are generated, never edited: after changing a schema in code, run
``python -m windward_nb.record_schemas`` to rewrite them (the test suite checks
that the published files equal what the code produces).
"""

from __future__ import annotations

import json
import sys
from importlib import resources
from pathlib import Path
from typing import Any

from .core import registry
from .core.files import atomic_write
from .games import GAMES

#: where the published schemas live inside the package
DIRECTORY = Path(__file__).resolve().parent / "schemas"
#: the ``$id`` base of the published schemas (a name, not a URL that is fetched)
ID_BASE = "urn:windward-nb:schema:"


def formats() -> dict[str, str]:
    """Record format (the ``format`` field) -> the name of its game, for the package's own games.

    Games registered at run time (a test's toy game, say) have no published schema.
    """
    return {game.record_format: game.name for game in GAMES}


def file_name(record_format: str) -> str:
    """The published file of a format: ``"<format>.schema.json"``."""
    return f"{record_format}.schema.json"


def schema(record_format: str) -> dict[str, Any]:
    """The JSON Schema of one record format, built by its game's record class (with an ``$id``)."""
    known = formats()
    if record_format not in known:
        raise KeyError(f"unknown record format {record_format!r}; formats: {', '.join(known)}")
    record_class = registry.part(known[record_format], "record")
    built = record_class.schema()
    return {"$schema": built["$schema"], "$id": ID_BASE + record_format, **built}


def render(record_format: str) -> str:
    """The published text of a format's schema (stable key order, two-space indent, final newline)."""
    return json.dumps(schema(record_format), indent=2, ensure_ascii=False) + "\n"


def published(record_format: str) -> dict[str, Any]:
    """The schema file shipped with the installed package, parsed."""
    if record_format not in formats():
        raise KeyError(f"unknown record format {record_format!r}; formats: {', '.join(formats())}")
    text = resources.files("windward_nb").joinpath("schemas").joinpath(file_name(record_format)).read_text(encoding="utf-8")
    result: dict[str, Any] = json.loads(text)
    return result


def write_all(directory: Path = DIRECTORY) -> list[Path]:
    """(Re)write every format's schema file into ``directory``; return the paths written."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for record_format in formats():
        path = directory / file_name(record_format)
        atomic_write(path, render(record_format))
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    """``python -m windward_nb.record_schemas [DIRECTORY]``: write the schema files."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) > 1:
        print("usage: python -m windward_nb.record_schemas [DIRECTORY]", file=sys.stderr)
        return 2
    for path in write_all(Path(args[0]) if args else DIRECTORY):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
