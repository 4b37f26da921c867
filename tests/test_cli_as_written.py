"""Every ``windward`` command the README and the docs show runs as written, after the README's set-up.

The commands are read from the ```bash blocks of ``README.md`` and ``docs/*.md`` (a line whose
first word is ``windward``, ``.venv/bin/windward`` or ``python -m windward_nb``) and run with
``bash`` in a fresh clone of the committed HEAD (uncommitted changes are not tested: commit
first), after the README's own ``cli-activate`` block, in an environment like a new user's: no
virtual environment active, no display. The clone's ``.venv`` is the environment running these
tests (the README's set-up makes one like it). A command that starts a server (``windward play``)
must serve its page; it is then stopped with Ctrl+C and must exit 0. Every other command must
exit 0. About a minute in all.

Also here: an unknown option is answered with the closest ones (``--canons`` -> ``--cannons``).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from windward_nb import cli

REPO = Path(__file__).resolve().parents[1]
DOCS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
CLI_LINE = re.compile(r"^(?:\.venv/bin/)?(?:windward|python3? -m windward_nb)(?:\s|$)")
SERVERS = ("play", "lab")                # commands that serve a page until Ctrl+C
DROPPED_ENV = ("VIRTUAL_ENV", "PYTHONPATH", "DISPLAY", "WAYLAND_DISPLAY", "BROWSER", "PYTEST_ADDOPTS",
               "PYTEST_CURRENT_TEST")
COMMAND_TIMEOUT = 300
SERVER_TIMEOUT = 120


def bash_blocks(text: str) -> list[tuple[str, str]]:
    """``(marker, body)`` of every ```bash block; ``marker`` is the ``<!-- name -->`` line just before
    the block (or ``""``)."""
    out = []
    for m in re.finditer(r"(?:<!--\s*([\w-]+)\s*-->\s*\n)?```bash\n(.*?)```", text, re.DOTALL):
        out.append((m.group(1) or "", m.group(2)))
    return out


def strip_comment(line: str) -> str:
    """A command line without its trailing ``# comment`` (a ``#`` inside quotes or a word stays)."""
    quote = ""
    for i, ch in enumerate(line):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].strip()
    return line.strip()


def cli_commands(paths=DOCS) -> list[tuple[str, str]]:
    """``(where, command)`` of every command-line example in ``paths``."""
    found = []
    for path in paths:
        for _marker, body in bash_blocks(path.read_text(encoding="utf-8")):
            for line in body.splitlines():
                line = line.strip()
                if CLI_LINE.match(line):
                    found.append((path.name, strip_comment(line)))
    return found


def activation() -> str:
    """The README's ``cli-activate`` block: what it tells a person to run before the commands."""
    blocks = dict(bash_blocks((REPO / "README.md").read_text(encoding="utf-8")))
    return blocks.get("cli-activate", "").strip()


def test_the_examples_are_found():
    found = cli_commands()
    words = {shlex.split(c)[1] if shlex.split(c)[0].endswith("windward") else shlex.split(c)[3] for _, c in found}
    assert {"play", "replay", "verify", "simulate", "odds"} <= words, found
    assert strip_comment('windward odds --cannons 3       # the exact "odds" table') == "windward odds --cannons 3"
    assert strip_comment("windward verify notebooks/data/*r.json") == "windward verify notebooks/data/*r.json"


def test_the_readme_says_how_windward_is_found():
    """A bare ``windward`` works only with the environment active: the README says so, in a block."""
    assert activation() == "source .venv/bin/activate"
    bare = [c for _, c in cli_commands() if c.startswith("windward")]
    assert bare, "no bare windward command: then the activation block is not needed"


# ----------------------------------------------------------------------------- the clone
@pytest.fixture(scope="module")
def clone(tmp_path_factory) -> Path:
    if shutil.which("git") is None or not (REPO / ".git").exists():
        pytest.fail("the commands are run in a clone of this checkout: git and a repository are needed")
    root = tmp_path_factory.mktemp("as-written") / "windward_nb"
    subprocess.run(["git", "clone", "--quiet", "--local", "--no-hardlinks", str(REPO), str(root)], check=True,
                   capture_output=True, timeout=300)
    venv = Path(sys.prefix)
    if sys.prefix != sys.base_prefix and (venv / "bin" / "windward").exists():
        (root / ".venv").symlink_to(venv, target_is_directory=True)
    else:                                    # tests run outside a virtual environment: a stand-in for it
        bin_ = root / ".venv" / "bin"
        bin_.mkdir(parents=True)
        (bin_ / "python").symlink_to(sys.executable)
        (bin_ / "windward").write_text(f'#!/bin/sh\nexec "{sys.executable}" -m windward_nb "$@"\n')
        (bin_ / "windward").chmod(0o755)
        (bin_ / "activate").write_text(f'export PATH="{bin_}:$PATH"\n')
    return root


def _env(clone: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in DROPPED_ENV}
    tmp = clone.parent / "home"
    tmp.mkdir(exist_ok=True)
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        env[name] = str(tmp / name.lower())
    if not (Path(sys.prefix) / "bin" / "windward").exists():    # the stand-in .venv: the checkout's widgets
        env["PYTHONPATH"] = str(REPO / "widgets")
    return env


def _script(command: str) -> str:
    return f"set -e\n{activation()}\n{command}\n"


def _is_server(command: str) -> bool:
    words = shlex.split(command)
    sub = words[1] if words[0].endswith("windward") else words[3]
    return sub in SERVERS and "--help" not in words and "--dry-run" not in words


COMMANDS = cli_commands()


@pytest.mark.parametrize("where,command", COMMANDS, ids=[f"{w}: {c[:60]}" for w, c in COMMANDS])
def test_each_command_runs_as_written(where, command, clone):
    env = _env(clone)
    if not _is_server(command):
        done = subprocess.run(["bash", "-c", _script(command)], cwd=clone, env=env, capture_output=True, text=True,
                              timeout=COMMAND_TIMEOUT)
        assert done.returncode == 0, f"{where}: {command}\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}"
        assert "Traceback" not in done.stderr
        return
    log = clone.parent / f"server-{abs(hash(command))}.log"
    with open(log, "w+b") as out:
        proc = subprocess.Popen(["bash", "-c", _script(command)], cwd=clone, env=env, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)
        try:
            url = None
            deadline = time.monotonic() + SERVER_TIMEOUT
            while url is None and time.monotonic() < deadline:
                assert proc.poll() is None, f"{where}: {command} stopped early:\n{log.read_text(errors='replace')}"
                m = re.search(r"(http://(?:localhost|127\.0\.0\.1):\d+/\S*)", log.read_text(errors="replace"))
                url = m.group(1) if m else None
                time.sleep(0.3)
            assert url, f"{where}: {command} printed no address:\n{log.read_text(errors='replace')}"
            with urllib.request.urlopen(url, timeout=SERVER_TIMEOUT) as page:
                body = page.read().decode("utf-8", "replace")
                assert page.status == 200
            assert "widget" in body, body[:2000]            # the table's widgets are on the page
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGINT)          # Ctrl+C
            try:
                code = proc.wait(timeout=90)   # a loaded machine takes a while to stop the kernel
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                code = proc.wait(timeout=10)
    assert code == 0, f"{where}: {command} exited {code} after Ctrl+C:\n{log.read_text(errors='replace')[-3000:]}"


# ----------------------------------------------------------------------------- unknown options
@pytest.mark.parametrize("argv,wanted", [
    (["odds", "--canons", "3"], "unrecognized option --canons (did you mean --cannons"),
    (["odds", "--cannons", "3", "--strenght", "2", "--game", "north-wind"], "did you mean --strength?"),
    (["replay", "notebooks/data/greedy-2p.wwr.json", "--plys", "4"], "did you mean --ply?"),
    (["verify", "notebooks/data/greedy-2p.wwr.json", "--jsno"], "did you mean --json?"),
    (["--versoin"], "did you mean --version?"),
])
def test_an_unknown_option_names_the_closest(argv, wanted, capsys):
    assert cli.main(argv) == cli.EXIT_USAGE
    err = capsys.readouterr().err
    assert wanted in err and "Traceback" not in err
    assert err.strip().splitlines()[-1].startswith("windward")


def test_an_unknown_word_is_still_a_usage_error(capsys):
    assert cli.main(["odds", "--cannons", "3", "extra"]) == cli.EXIT_USAGE
    assert "unrecognized argument extra" in capsys.readouterr().err


def test_the_replay_help_says_what_ply_shows(capsys):
    """``--ply N`` shows the position after ply N (the README used to call it the score sheet)."""
    assert cli.main(["replay", "--help"]) == 0
    assert "position after ply N" in capsys.readouterr().out
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    line = next(c for c in readme.splitlines() if "--ply 40" in c)
    assert "position after ply 40" in line and "score sheet" not in line
