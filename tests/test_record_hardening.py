"""Records, adversarially: files that are not files, texts built to exhaust memory, saves that
are interrupted, and one validator for both directions (whatever save writes, load_record reads;
whatever load_record refuses, the API refuses when the value is set, naming the field).
"""

from __future__ import annotations

import json
import math
import os
import signal
import stat
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import windward_nb as ww
from windward_nb import record as record_mod
from windward_nb.core import files
from windward_nb.errors import RecordError
from windward_nb.record import GameRecord, load_record

FUZZ_EXAMPLES = int(os.environ.get("WINDWARD_FUZZ_EXAMPLES", "120"))


@pytest.fixture(scope="module")
def game() -> ww.Game:
    g = ww.new_game(players=2, seed=1, names=["Ann", "Bob"])
    for _ in range(12):
        g.apply(g.legal_actions()[0])
    return g


def text_of(g: ww.Game, **changes) -> str:
    d = g.record.to_dict()
    d.update(changes)
    return json.dumps(d)


class no_hang:
    """Fail (rather than hang the test run) if the block takes more than ``seconds``."""

    def __init__(self, seconds: int = 20):
        self.seconds = seconds

    def __enter__(self):
        def hung(*_):
            raise AssertionError(f"still running after {self.seconds} s")

        self.old = signal.signal(signal.SIGALRM, hung)
        signal.alarm(self.seconds)

    def __exit__(self, *exc):
        signal.alarm(0)
        signal.signal(signal.SIGALRM, self.old)


# ============================================================================== reading files
@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero (POSIX)")
def test_devices_pipes_and_folders_are_refused_without_reading_them(tmp_path):
    fifo = tmp_path / "pipe.wwr.json"
    os.mkfifo(fifo)  # nobody writes to it: reading it would block for ever
    link = tmp_path / "zero.wwr.json"
    link.symlink_to("/dev/zero")
    cases = {"/dev/zero": "a device", str(fifo): "a pipe", str(tmp_path): "a folder", str(link): "a device",
             str(tmp_path / "missing.wwr.json"): "no such file"}
    for path, what in cases.items():
        with no_hang(10), pytest.raises(RecordError, match=f"cannot read .*{what}"):
            load_record(path)


def test_a_file_that_grows_past_the_limit_is_refused(tmp_path, monkeypatch):
    path = tmp_path / "g.wwr.json"
    path.write_text("{" + " " * 5000 + "}")
    monkeypatch.setattr(record_mod, "MAX_BYTES", 1000)
    with pytest.raises(RecordError, match="over 1000 bytes are refused"):
        load_record(path)
    assert files.read_bounded(path, 10_000).startswith(b"{")
    with pytest.raises(files.FileFormatError, match="over 100 bytes"):
        files.read_bounded(path, 100)


def test_duplicate_keys_nan_and_overflowing_numbers_are_refused(game):
    good = text_of(game)
    assert GameRecord.from_json(good).actions == game.record.actions
    twice = good[:-1] + ', "seed": 5}'
    with pytest.raises(RecordError, match="'seed' appears twice"):
        GameRecord.from_json(twice)
    nested = good.replace('"meta": {}', '"meta": {"a": {"b": 1, "b": 2}}')
    with pytest.raises(RecordError, match="'b' appears twice"):
        GameRecord.from_json(nested)
    for literal in ("NaN", "Infinity", "-Infinity", "1e999", "-1e400"):
        with pytest.raises(RecordError, match="not a number JSON allows|too large for a float"):
            GameRecord.from_json(good.replace('"meta": {}', f'"meta": {{"x": {literal}}}'))


@pytest.mark.parametrize("shape", ["[]", "{}", "[[]]", "0", '""'])
def test_millions_of_tiny_values_are_refused_before_they_are_built(game, tmp_path, shape):
    # the shape of the report: a 20 MB record whose meta holds millions of tiny values
    n = (record_mod.MAX_BYTES - 10_000) // (len(shape) + 1)
    path = tmp_path / "big.wwr.json"
    path.write_text(text_of(game).replace('"meta": {}', '"meta": {"x": [' + ",".join([shape] * n) + "]}"))
    assert path.stat().st_size <= record_mod.MAX_BYTES
    with no_hang(20), pytest.raises(RecordError, match=f"at most {record_mod.MAX_JSON_VALUES} are allowed"):
        load_record(path)


def test_deep_nesting_is_refused_by_the_scan(game):
    for depth in (record_mod.MAX_JSON_DEPTH + 1, 100_000):
        text = text_of(game).replace('"meta": {}', '"meta": {"x": ' + "[" * depth + "]" * depth + "}")
        with pytest.raises(RecordError, match="is nested .* levels deep"):
            GameRecord.from_json(text)


NEAR_LIMIT = textwrap.dedent("""
    import json, resource, sys
    import windward_nb as ww
    path = sys.argv[1]
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    rec = ww.load_record(path)
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"kib": after - before, "n": len(rec.meta["x"])}))
""")


@pytest.mark.skipif(sys.platform != "linux", reason="ru_maxrss is in KiB on Linux")
@pytest.mark.parametrize("shape", ["{}", '"0123456789012345678901234567890123"'])
def test_a_record_near_every_limit_loads_in_bounded_memory(game, tmp_path, shape):
    """Just under the value limit and the byte limit, loading takes under 10x the file's size."""
    n = record_mod.MAX_JSON_VALUES - 1000
    meta = '{"x": [' + ",".join([shape] * n) + "]"
    pad = record_mod.MAX_BYTES - 20_000 - len(meta)
    path = tmp_path / "near.wwr.json"
    path.write_text(text_of(game).replace('"meta": {}', '"meta": ' + meta + ', "pad": "' + "p" * max(pad, 0) + '"}'))
    size = path.stat().st_size
    assert 0.9 * record_mod.MAX_BYTES < size <= record_mod.MAX_BYTES
    out = subprocess.run([sys.executable, "-c", NEAR_LIMIT, str(path)], capture_output=True, text=True,
                         timeout=120, check=True)
    report = json.loads(out.stdout)
    assert report["n"] == n
    assert report["kib"] * 1024 < 10 * size, f"loading took {report['kib'] / 1024:.0f} MiB for {size / 1e6:.1f} MB"


# ============================================================================== saving files
def test_save_keeps_the_permissions_of_the_file_it_replaces(game, tmp_path):
    path = tmp_path / "private.wwr.json"
    game.record.save(path)
    os.chmod(path, 0o600)
    game.record.save(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    os.chmod(path, 0o640)
    game.record.save(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


@pytest.mark.parametrize("umask", [0o022, 0o077, 0o002])
def test_a_new_file_honours_the_umask(game, tmp_path, umask):
    old = os.umask(umask)
    try:
        path = game.record.save(tmp_path / f"new-{umask:o}.wwr.json")
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask


def test_save_errors_name_the_path_asked_for(game, tmp_path):
    missing = tmp_path / "no-such-folder" / "g.wwr.json"
    with pytest.raises(FileNotFoundError) as info:
        game.record.save(missing)
    assert info.value.filename == str(missing) and "does not exist" in str(info.value)
    folder = tmp_path / "a-folder.wwr.json"
    folder.mkdir()
    with pytest.raises(IsADirectoryError) as info:
        game.record.save(folder)
    assert info.value.filename == str(folder)
    if os.geteuid() != 0:  # root may write anywhere
        locked = tmp_path / "locked"
        locked.mkdir()
        os.chmod(locked, 0o500)
        try:
            with pytest.raises(PermissionError) as info:
                game.record.save(locked / "g.wwr.json")
            assert info.value.filename == str(locked / "g.wwr.json") and ".tmp" not in str(info.value)
        finally:
            os.chmod(locked, 0o700)
    assert not list(tmp_path.rglob("*.tmp"))


def test_a_failed_replace_names_the_path_and_leaves_no_temporary_file(game, tmp_path, monkeypatch):
    path = tmp_path / "g.wwr.json"

    def refuse(src, dst):
        raise PermissionError(13, "Permission denied", str(src))

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(PermissionError) as info:
        game.record.save(path)
    assert info.value.filename == str(path)
    assert os.listdir(tmp_path) == []


def test_orphaned_temporary_files_are_cleaned_by_the_next_save(game, tmp_path):
    path = tmp_path / "g.wwr.json"
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True, check=True)
    dead_pid = int(dead.stdout)  # that process has exited
    orphan = tmp_path / f".g.wwr.json.{dead_pid}-abcdef12.tmp"
    orphan.write_text("half a rec")
    alive = tmp_path / f".g.wwr.json.{os.getppid()}-abcdef12.tmp"  # a live writer's file is left alone
    alive.write_text("being written")
    other = tmp_path / f".h.wwr.json.{dead_pid}-abcdef12.tmp"  # another record's file is left alone
    other.write_text("x")
    game.record.save(path)
    assert not orphan.exists() and alive.exists() and other.exists()
    assert files.temporary_files(path) == [alive]


KILLED_SAVER = textwrap.dedent("""
    import sys
    import windward_nb as ww
    from windward_nb.simulate import play_game
    rec = play_game(4, "random", 3, max_actions=3000, record=True).record
    rec.meta["pad"] = ["x" * 1000] * 2000   # a few MB: each save takes a while
    print("ready", flush=True)
    while True:
        rec.save(sys.argv[1], verify=False)
""")


@pytest.mark.skipif(sys.platform == "win32", reason="kill -9 is POSIX")
def test_kill_9_during_saves_leaves_the_old_file_or_the_new_and_no_orphans(game, tmp_path):
    path = tmp_path / "g.wwr.json"
    rng = np.random.default_rng(9)
    kills = 0
    for round_ in range(6):
        proc = subprocess.Popen([sys.executable, "-c", KILLED_SAVER, str(path)], stdout=subprocess.PIPE, text=True)
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(float(rng.uniform(0.05, 0.6)))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        kills += 1
        if path.exists():  # the old file (ours) or the new one (theirs), whole, never half
            loaded = load_record(path, verify=False)
            assert loaded.actions == game.record.actions or len(loaded.meta["pad"]) == 2000
        game.record.save(path)  # the next save cleans what the killed one left
        assert files.temporary_files(path) == []
        assert load_record(path).actions == game.record.actions
    assert kills == 6


# ============================================================================== one validator
BAD_NAMES = ["", "   ", "x" * 201, None, 5, b"Ann"]


@pytest.mark.parametrize("name", BAD_NAMES, ids=repr)
def test_names_load_refuses_are_refused_when_set(name, tmp_path):
    with pytest.raises(ValueError, match=r"names\[0\]"):
        ww.new_game(players=2, seed=1, names=[name, "B"])
    g = ww.new_game(players=2, seed=1)
    if name is not None:  # set_player(name=None) leaves the name as it is
        with pytest.raises(ValueError, match=r"players\[1\]\.name"):
            g.record.set_player(1, name=name)
    assert g.record.players[1]["name"] == "Player 2"
    d = g.record.to_dict()
    d["players"][1]["name"] = name
    with pytest.raises(RecordError, match=r"players\[1\]\.name"):
        GameRecord.from_dict(d)


@pytest.mark.parametrize("bot", ["", " ", "b" * 201, 3], ids=repr)
def test_bot_names_load_refuses_are_refused_when_set(bot):
    g = ww.new_game(players=2, seed=1)
    with pytest.raises(ValueError, match=r"players\[0\]\.bot"):
        g.record.set_player(0, bot=bot)
    assert g.record.players[0] == {"name": "Player 1", "colour": g.record.players[0]["colour"], "kind": "human"}


def test_comments_load_refuses_are_refused_when_set():
    g = ww.new_game(players=2, seed=1)
    g.apply("end turn")
    limit = record_mod.MAX_COMMENT_CHARS
    g.record.comment(1, "x" * limit)
    for bad in ("x" * (limit + 1), None, 7):
        with pytest.raises(ValueError, match=r"comments\.1"):
            g.record.comment(1, bad)
        with pytest.raises(ValueError, match=r"comments\.1"):
            g.record.comments[1] = bad
    with pytest.raises(ValueError, match="comments"):
        g.record.comments[True] = "yes"
    with pytest.raises(ValueError, match="comments"):
        g.record.comments = {"1": "text keyed by text"}
    assert g.record.comments == {1: "x" * limit}


META_REFUSED = {
    "nan": float("nan"), "inf": [1.0, float("inf")], "tuple": (1, 2), "set": {1},
    "numpy int": np.int64(3), "numpy float": np.float64(0.5), "int key": {1: "a"},
    "deep": json.loads("[" * 30 + "]" * 30), "bytes": b"x", "huge int": 10**5000,
    "object": object(),
}


@pytest.mark.parametrize("kind", list(META_REFUSED))
def test_meta_load_refuses_is_refused_when_set(kind):
    g = ww.new_game(players=2, seed=1)
    value = META_REFUSED[kind]
    for setter in (lambda: g.record.meta.__setitem__("k", value), lambda: g.record.meta.update(k=value),
                   lambda: g.record.meta.setdefault("k", value), lambda: setattr(g.record, "meta", {"k": value})):
        with pytest.raises(ValueError, match=r"meta\.k"):
            setter()
    assert dict(g.record.meta) == {}


def test_meta_depth_limit_is_the_same_both_ways(tmp_path):
    deepest = record_mod.MAX_META_DEPTH  # meta's own entries are one level down
    nested = lambda n: json.loads("[" * n + "]" * n)  # noqa: E731
    g = ww.new_game(players=2, seed=1)
    g.record.meta["k"] = nested(deepest)
    assert load_record(g.record.save(tmp_path / "deep.wwr.json")).meta["k"] == nested(deepest)
    d = g.record.to_dict()
    d["meta"]["k"] = nested(deepest + 1)
    with pytest.raises(RecordError, match=r"meta\.k is nested more than"):
        GameRecord.from_dict(d)
    with pytest.raises(ValueError, match=r"meta\.k is nested more than"):
        g.record.meta["k"] = nested(deepest + 1)
    with pytest.raises(ValueError, match=r"meta\.k is nested more than"):
        g.record.meta["k"] = json.loads("[" * 30 + "]" * 30)  # the example


@pytest.mark.parametrize("seed", [-1, 2**63, 1.0, True, "3", np.float64(2.0)], ids=repr)
def test_seeds_a_record_cannot_store_are_refused(seed):
    with pytest.raises(ValueError, match="seed"):
        ww.new_game(players=2, seed=seed)


def test_numpy_seeds_are_stored_as_plain_numbers(tmp_path):
    g = ww.new_game(players=2, seed=np.int64(12))
    assert type(g.record.seed) is int and g.record.seed == 12
    assert load_record(g.record.save(tmp_path / "s.wwr.json")).seed == 12


def test_save_refuses_what_load_would_refuse_and_writes_nothing(tmp_path):
    path = tmp_path / "g.wwr.json"
    breakers = {
        r"players\[0\]\.name": lambda r: r.players[0].__setitem__("name", ""),
        r"meta\.k": lambda r: r.meta.__setitem__("k", {"a": []}) or r.meta["k"]["a"].append(math.nan),
        r"actions\[2\]": lambda r: r.actions.__setitem__(2, "enter port"),
        r"actions\[0\]": lambda r: r.actions.__setitem__(0, "fly away"),
        r"options": lambda r: r.options.__setitem__("players", 9),
    }
    for field, breaker in breakers.items():
        g = ww.new_game(players=2, seed=1)
        for _ in range(4):
            g.apply(g.legal_actions()[0])
        breaker(g.record)
        with pytest.raises(RecordError, match=f"not saved: .*{field}"):
            g.record.save(path)
        assert not path.exists() and os.listdir(tmp_path) == []


# ============================================================================== round trips
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2**80, 2**80) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30),
    lambda c: st.lists(c, max_size=5) | st.dictionaries(st.text(max_size=10), c, max_size=5),
    max_leaves=25,
)
ANY_VALUE = st.one_of(JSON_VALUES, st.floats(), st.tuples(st.integers()), st.just(np.int32(1)),
                      st.dictionaries(st.integers(), st.integers(), min_size=1, max_size=2),
                      st.integers(20, 30).map(lambda depth: json.loads("[" * depth + "]" * depth)))

OPTIONS = st.sampled_from([
    dict(players=1), dict(players=1, edition="b"), dict(players=1, planet="small"),
    dict(players=2), dict(players=2, planet="small", variants=["white"]),
    dict(players=3, variants=["naturalist", "achievements"]), dict(players=4, edition="b"),
    dict(players=5, variants=["white", "naturalist", "achievements"]),
    dict(players=2, mode="cooperative", difficulty="hard"), dict(players=1, mode="cooperative", edition="b"),
])


@st.composite
def api_records(draw) -> ww.Game:
    """A game built only through the public API, with every kind of value a person may set."""
    options = draw(OPTIONS)
    n = options["players"]
    names = draw(st.one_of(st.none(), st.lists(st.text(min_size=1, max_size=220), min_size=n, max_size=n)))
    try:
        g = ww.new_game(seed=draw(st.integers(0, 2**63 - 1)), names=names, **options)
    except ValueError:  # a name the record refuses: refused here, at once
        g = ww.new_game(seed=draw(st.integers(0, 2**31)), **options)
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    for _ in range(draw(st.integers(0, 60))):
        if g.is_over:
            break
        acts = g.legal_actions()
        g.apply(acts[int(rng.integers(len(acts)))])
    for _ in range(draw(st.integers(0, 3))):
        if g.can_undo:
            g.undo()
    for _ in range(draw(st.integers(0, 4))):
        what = draw(st.sampled_from(["comment", "player", "meta", "meta"]))
        try:
            if what == "comment":
                g.record.comment(draw(st.integers(0, len(g.record))), draw(st.text(max_size=60)))
            elif what == "player":
                g.record.set_player(draw(st.integers(0, n - 1)), name=draw(st.one_of(st.none(), st.text(max_size=210))),
                                    bot=draw(st.one_of(st.none(), st.text(max_size=210))))
            else:
                g.record.meta[draw(st.text(max_size=12))] = draw(ANY_VALUE)
        except ValueError:
            pass  # refused when set, naming the field: nothing was stored
    return g


@settings(max_examples=FUZZ_EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(api_records())
def test_any_record_the_api_can_make_round_trips_through_save_and_load(g):
    path = Path(os.environ.get("TMPDIR", "/tmp")) / f"roundtrip-{os.getpid()}.wwr.json"
    try:
        g.record.save(path)
        loaded = load_record(path)
        assert loaded.to_dict() == g.record.to_dict()
        assert loaded.replay().state.fingerprint() == g.state.fingerprint()
        assert GameRecord.from_json(loaded.to_json(indent=None)).to_dict() == g.record.to_dict()
    finally:
        if path.exists():
            path.unlink()


def test_a_record_of_another_component_set_saves_and_loads_with_that_set(tmp_path):
    from windward_nb.components import DATA_DIR, load_components

    raw = json.loads((DATA_DIR / "components.json").read_text())
    raw["name"] = "house rules"
    own = tmp_path / "components.json"
    own.write_text(json.dumps(raw))
    comp = load_components(own)
    assert comp.content_hash != load_components().content_hash
    g = ww.new_game(players=2, seed=5, components=comp)
    for _ in range(6):
        g.apply(g.legal_actions()[0])
    path = g.record.save(tmp_path / "house.wwr.json")  # the installed set is not this one: structure only
    assert g.record.save(path, components=comp) == path  # with the set at hand, every action is replayed
    with pytest.raises(RecordError, match="components"):
        load_record(path)
    assert load_record(path, components=comp).replay(components=comp).state.fingerprint() == g.state.fingerprint()
    g.record.actions[0] = "end turn"  # the first captain is at port: ending at once is legal, the rest is not
    with pytest.raises(RecordError, match=r"not saved: actions\[\d\] \(ply \d\) .* is illegal"):
        g.record.save(path, components=comp)
