"""Every file the project writes is written atomically: a full disk leaves the old file or none,
never half of one, and no temporary file behind.

A full disk is simulated for real: the writers run in a child process whose largest file is a few
kilobytes (``RLIMIT_FSIZE``; the kernel then refuses the write that would pass it, as a full disk
does). The repro of issue 25: ``windward replay X.twr.json --html out.html`` on a full disk exited 1
but left a truncated page. A second test reads the source for writes that go around
:func:`windward_nb.core.files.atomic_write`, so a new writer cannot forget it.
"""

from __future__ import annotations

import ast
import json
import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "notebooks" / "data"
LIMIT = 3_000  # bytes: a "disk" with room for a small file only

WRITERS = r'''
import json, os, sys
from pathlib import Path
out = Path(sys.argv[1]); data = Path(sys.argv[2])
results = {}

def attempt(name, fn):
    try:
        fn()
        results[name] = "written"
    except BaseException as exc:  # noqa: BLE001
        results[name] = type(exc).__name__

import windward_nb as ww
from windward_nb.core.record import load_record
from windward_nb import cli
rec = load_record(data / "northwind-greedy-4p.nwr.json")
wrec = load_record(data / "greedy-4p.wwr.json")

attempt("record", lambda: rec.save(out / "game.nwr.json"))
attempt("windward record", lambda: wrec.save(out / "game.wwr.json"))
attempt("old record", lambda: rec.save(out / "old.nwr.json"))
def replay_html():
    rc = cli.main(["replay", str(data / "tailwinds-greedy-2p.twr.json"), "--html", str(out / "page.html")])
    if rc:
        raise OSError(rc)
attempt("replay page", replay_html)
from windward_nb.core.simulate import play_many
res = play_many(30, players=2, bots="random", game="north-wind", progress=False, max_actions=60)
attempt("parquet", lambda: res.to_parquet(out / "r.parquet"))
from windward_nb import report
chart = report.bar_chart(["Red", "Blue"], [3, 5], title="wins", xlabel="seat", ylabel="games")
attempt("chart svg", lambda: chart.save(out / "chart.svg"))
from windward_nb import record_schemas
(out / "schemas").mkdir()
attempt("schemas", lambda: record_schemas.write_all(out / "schemas"))
from windward_widgets.base.save_field import SaveField
field = SaveField(lambda: rec, records_dir=out / "records", name="mine", server_writes=True, suffix=".nwr.json")
(out / "records").mkdir()
def widget_save():
    field.save()
attempt("table save", widget_save)
print(json.dumps(results))
'''


def _limited():
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # the write fails with EFBIG instead of killing the process
    resource.setrlimit(resource.RLIMIT_FSIZE, (LIMIT, LIMIT))


@pytest.mark.skipif(not hasattr(resource, "RLIMIT_FSIZE"), reason="needs POSIX file size limits")
def test_a_full_disk_leaves_no_partial_file_and_no_temporary_file(tmp_path):
    old = tmp_path / "old.nwr.json"
    old.write_text("the old content\n", encoding="utf-8")
    script = tmp_path / "writers.py"
    script.write_text(WRITERS, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(REPO), str(REPO / "widgets")]))
    proc = subprocess.run([sys.executable, str(script), str(tmp_path), str(DATA)], capture_output=True, text=True,
                          timeout=300, preexec_fn=_limited, env=env, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
    results = json.loads(proc.stdout.strip().splitlines()[-1])
    # every writer was refused (each file is larger than the "disk"), and said so
    assert set(results) >= {"record", "windward record", "replay page", "parquet", "chart svg", "schemas",
                            "table save"}
    assert all(v != "written" for v in results.values()), results
    assert "Traceback" not in proc.stderr
    assert old.read_text(encoding="utf-8") == "the old content\n"  # the file it was to replace is untouched
    left = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*")
                  if p.is_file() and p.name not in ("writers.py", "old.nwr.json"))
    assert left == [], left  # no partial page, record, table or schema, and no temporary file


# ============================================================================== no write goes around atomic_write
SCANNED = ["windward_nb", "widgets/windward_widgets", "tools", "benchmarks"]
#: writes that are allowed to go around atomic_write, and why
ALLOWED = {
    ("windward_nb/core/files.py", "write"): "atomic_write itself",
    ("benchmarks/widgets.py", "open"): "a scratch archive in a temporary folder, unpacked at once",
    ("windward_nb/core/simulate.py", "to_parquet"): "SimResult.to_parquet calls dataframe.to_parquet (atomic)",
    ("windward_nb/commands/simulate.py", "to_parquet"): "SimResult.to_parquet (atomic)",
    ("benchmarks/soak_fuzz.py", "write_text"): "hostile files it makes on purpose, in a temporary folder",
    ("benchmarks/soak_fuzz.py", "write_bytes"): "truncated records it makes on purpose, in a temporary folder",
}
RAW = {"write_text", "write_bytes", "savefig", "to_parquet", "to_csv", "dump", "write"}


def _raw_writes(path: Path) -> list[tuple[str, int]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
        owner = f.value.id if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) else ""
        if name == "open" and owner in ("", "io", "builtins"):
            mode = node.args[1] if len(node.args) > 1 else next((k.value for k in node.keywords if k.arg == "mode"), None)
            if isinstance(mode, ast.Constant) and isinstance(mode.value, str) and set(mode.value) & set("wax+"):
                found.append(("open", node.lineno))
        elif name in RAW:
            target = node.args[0] if node.args else None
            into_memory = isinstance(target, ast.Name) and target.id in ("buf", "buffer", "fh_memory")
            if name == "write" and owner not in ("os", "nbformat"):
                continue  # a stream's write (stdout, a BytesIO): not a file we name
            if name == "write" and owner == "os" and isinstance(target, ast.Constant):
                continue  # os.write(2, ...): a message on stderr
            if name == "dump" and owner != "json" and owner != "pickle":
                continue
            if not into_memory:
                found.append((name, node.lineno))
    return found


def test_no_file_is_written_around_atomic_write():
    offenders = []
    for folder in SCANNED:
        for path in sorted((REPO / folder).rglob("*.py")):
            rel = str(path.relative_to(REPO))
            for name, line in _raw_writes(path):
                if (rel, name) not in ALLOWED:
                    offenders.append(f"{rel}:{line} {name}")
    assert offenders == [], "write these with windward_nb.core.files.atomic_write: " + ", ".join(offenders)
