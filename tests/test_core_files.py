"""windward_nb.core.files: the scan that bounds a JSON text agrees with a real parse, on any text,
whatever the chunk boundaries; strict parsing refuses what json.loads would silently accept."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from windward_nb.core import files

FUZZ_EXAMPLES = int(os.environ.get("WINDWARD_FUZZ_EXAMPLES", "120"))

TEXT = st.text(st.characters(blacklist_categories=["Cs"]) | st.sampled_from(['"', "\\", "[", "]", "{", "}", ",", ":"]),
               max_size=12)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | TEXT,
    lambda c: st.lists(c, max_size=4) | st.dictionaries(TEXT, c, max_size=4),
    max_leaves=30,
)


def reference(value) -> tuple[int, int, int]:
    """(values, depth, members) by walking the decoded value."""
    values, members, depth = 0, 0, 0
    stack = [(value, 0)]
    while stack:
        v, d = stack.pop()
        values += 1
        if isinstance(v, (list, dict)):
            depth = max(depth, d + 1)
            items = list(v.values()) if isinstance(v, dict) else v
            members += len(v) if isinstance(v, dict) else 0
            stack.extend((x, d + 1) for x in items)
    return values, depth, members


@settings(max_examples=FUZZ_EXAMPLES * 4, deadline=None, derandomize=True, database=None)
@given(JSON, st.sampled_from([None, 1, 2, 3, 7, 64]), st.booleans(), st.booleans())
def test_the_scan_counts_exactly_what_a_parse_builds(value, chunk, indent, ascii_only, ):
    text = json.dumps(value, indent=1 if indent else None, ensure_ascii=ascii_only)
    old = files._CHUNK
    try:
        if chunk:
            files._CHUNK = chunk  # exercise strings, escapes and brackets split across chunks
        assert files.scan_json(text) == reference(value)
        assert files.scan_json(text.encode("utf-8")) == reference(value)
        assert files.parse_json(text, max_values=10**6, max_depth=10**6) == value
    finally:
        files._CHUNK = old


@settings(max_examples=FUZZ_EXAMPLES * 4, deadline=None, derandomize=True, database=None)
@given(st.text(st.sampled_from('[]{}",:\\ab1 '), max_size=40))
def test_parse_json_raises_only_its_own_error_on_any_text(text):
    try:
        value = files.parse_json(text, max_values=50, max_depth=8)
    except files.FileFormatError:
        return
    assert value == json.loads(text)  # accepted: exactly what json reads
    values, depth, _ = files.scan_json(text)
    assert values <= 50 and depth <= 8


@pytest.mark.parametrize("text,message", [
    ('{"a": 1, "a": 1}', "'a' appears twice"),
    ('[{"k": {"x": 1}, "k": 2}]', "'k' appears twice"),
    ("[NaN]", "NaN is not a number"),
    ('{"x": -Infinity}', "-Infinity is not a number"),
    ("[1e309]", "too large for a float"),
    ("[" * 9 + "]" * 9, "is nested 9 levels deep"),
    ("[" + ",".join(["0"] * 60) + "]", "61 values; at most 50"),
    (b'["\xff"]', "not UTF-8"),
    ("[1,]", "not valid JSON"),
])
def test_strict_parsing_refuses(text, message):
    with pytest.raises(files.FileFormatError, match=message):
        files.parse_json(text, max_values=50, max_depth=8)


def test_atomic_write_replaces_whole_files(tmp_path):
    path = tmp_path / "a.json"
    assert files.atomic_write(path, "one") == path and path.read_text() == "one"
    files.atomic_write(path, b"two")
    assert path.read_bytes() == b"two" and files.temporary_files(path) == []
