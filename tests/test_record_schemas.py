"""The published JSON Schemas of the record formats: equal to the code's, valid, and right about records.

``windward_nb/schemas/<format>.schema.json`` is generated from each game's record class
(``python -m windward_nb.record_schemas``); here an independent validator (jsonschema)
checks sample records, freshly played games and broken records against the published files.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import jsonschema
import numpy as np
import pytest

import windward_nb as ww
from windward_nb import record_schemas
from windward_nb.core import registry
from windward_nb.games import GAMES

ROOT = Path(__file__).resolve().parents[1]
FORMATS = list(record_schemas.formats())
SAMPLES = sorted(p for p in (ROOT / "notebooks" / "data").glob("*.json")
                 if isinstance(json.loads(p.read_text()), dict) and "format" in json.loads(p.read_text()))


def validator(record_format: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(record_schemas.published(record_format))


def test_every_game_of_the_package_has_a_published_schema_and_nothing_else_is_there():
    assert FORMATS == [registry.get(g.name).record_format for g in GAMES]
    assert len(FORMATS) == 4
    on_disk = sorted(p.name for p in record_schemas.DIRECTORY.glob("*"))
    assert on_disk == sorted(record_schemas.file_name(f) for f in FORMATS)


@pytest.mark.parametrize("record_format", FORMATS)
def test_the_published_file_is_exactly_what_the_code_builds(record_format):
    path = record_schemas.DIRECTORY / record_schemas.file_name(record_format)
    assert path.read_text(encoding="utf-8") == record_schemas.render(record_format), (
        f"{path.name} is stale: run python -m windward_nb.record_schemas")
    code = registry.by_format(record_format).load().Record.schema()
    published = record_schemas.published(record_format)
    assert {k: v for k, v in published.items() if k != "$id"} == code  # the very object loading checks


@pytest.mark.parametrize("record_format", FORMATS)
def test_each_schema_is_a_valid_draft_2020_12_schema(record_format):
    schema = record_schemas.published(record_format)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == f"urn:windward-nb:schema:{record_format}"
    jsonschema.Draft202012Validator.check_schema(schema)


def test_there_are_samples_of_every_format():
    seen = {json.loads(p.read_text())["format"] for p in SAMPLES}
    assert seen == set(FORMATS)


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_the_sample_records_validate_against_their_published_schema(path):
    record = json.loads(path.read_text())
    errors = list(validator(record["format"]).iter_errors(record))
    assert errors == [], [e.message for e in errors[:3]]


def _played(name: str, plies: int = 30) -> dict:
    """A record of a short game of ``name`` played by random choices (seeded)."""
    lo = registry.get(name).players[0]
    game = ww.new_game(game=name, players=max(lo, 2), seed=11)
    rng = np.random.default_rng(5)
    for _ in range(plies):
        if game.is_over:
            break
        legal = game.legal_actions()
        game.apply(legal[int(rng.integers(len(legal)))])
    return game.record.to_dict()


@pytest.mark.parametrize("name", [g.name for g in GAMES])
def test_a_freshly_played_record_validates(name):
    record = _played(name)
    assert record["actions"]
    jsonschema.validate(record, record_schemas.published(record["format"]))


def test_a_record_from_a_built_position_validates():
    game = ww.scenario(players=2, wind=3, ships=[{"morale": 3, "gas": 2}, {}], seed=2)
    record = game.record.to_dict()
    assert "position" in record
    jsonschema.validate(record, record_schemas.published("windward-record"))


@pytest.mark.parametrize("record_format", FORMATS)
def test_the_schemas_refuse_what_loading_refuses(record_format):
    sample = next(json.loads(p.read_text()) for p in SAMPLES if json.loads(p.read_text())["format"] == record_format)
    check = validator(record_format)
    broken = []
    for change in ("format", "players", "actions", "extra", "name"):
        bad = copy.deepcopy(sample)
        if change == "format":
            bad["format"] = "chess-record"
        elif change == "players":
            bad["players"] = []
        elif change == "actions":
            bad["actions"].append("")
        elif change == "extra":
            bad["surprise"] = 1
        else:
            bad["players"][0]["name"] = "   "
        broken.append((change, bad))
    for change, bad in broken:
        assert not check.is_valid(bad), f"the schema accepts a record with a bad {change}"
        with pytest.raises(ww.RecordError):  # and the package's own loader agrees
            registry.by_format(record_format).load().Record.check_dict(bad)


def test_an_unknown_format_is_a_clear_error():
    with pytest.raises(KeyError, match="unknown record format 'chess-record'"):
        record_schemas.schema("chess-record")
    with pytest.raises(KeyError, match="unknown record format"):
        record_schemas.published("chess-record")


def test_the_writer_reproduces_the_published_files(tmp_path):
    written = record_schemas.write_all(tmp_path)
    assert [p.name for p in written] == [record_schemas.file_name(f) for f in FORMATS]
    for path in written:
        assert path.read_bytes() == (record_schemas.DIRECTORY / path.name).read_bytes()
    assert record_schemas.main([str(tmp_path / "again")]) == 0
    assert record_schemas.main(["a", "b"]) == 2


def test_the_schemas_ship_with_the_package():
    text = (ROOT / "pyproject.toml").read_text()
    assert '"schemas/*.json"' in text
