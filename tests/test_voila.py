"""The play table as a Voila app, the two ways the README gives: ``voila notebooks/play-table.ipynb``
from the checkout, and the Binder link, whose ``urlpath=voila/render/...`` is served by Voila's
Jupyter server extension from the repository root.

Each test starts a private server on a free port (its own config and runtime folders), asks for the
page over HTTP, and checks that the notebook ran and produced the play table's widget. The servers run
in their own process session and are stopped with it.
"""

from __future__ import annotations

import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("voila")

REPO = Path(__file__).resolve().parents[1]
README = (REPO / "README.md").read_text(encoding="utf-8")
START_TIMEOUT = 90


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, cmd: list[str], tmp: Path, port: int):
        env = dict(os.environ)
        for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTER_DATA_DIR"):
            (tmp / name.lower()).mkdir(exist_ok=True)
            env[name] = str(tmp / name.lower())
        env["PYTHONPATH"] = os.pathsep.join([str(REPO), str(REPO / "widgets"), env.get("PYTHONPATH", "")])
        self.log = tmp / "server.log"
        self._log = open(self.log, "wb")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(cmd, cwd=REPO, env=env, stdout=self._log, stderr=subprocess.STDOUT,
                                     start_new_session=True)
        self.port = port

    def wait(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(f"the server exited with {self.proc.returncode}:\n{self.tail()}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                time.sleep(0.3)
        raise AssertionError(f"the server did not listen within {START_TIMEOUT} s:\n{self.tail()}")

    def get(self, path: str) -> tuple[int, str]:
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}{path}", timeout=120) as resp:  # noqa: S310
            return resp.status, resp.read().decode("utf-8", "replace")

    def tail(self) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-30:])

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=10)
        self._log.close()


def _assert_play_table(status: int, html: str, server: Server) -> None:
    assert status == 200, server.tail()
    assert "application/vnd.jupyter.widget-view+json" in html, f"no widget in the page:\n{server.tail()}"
    assert "PlayTable(" in html, "the play table's cell did not run"
    assert "Traceback" not in html, "the notebook raised an error"


def test_readme_voila_line_is_the_command_tested_here():
    lines = [line for line in README.splitlines() if "voila" in line and "play-table" in line]
    assert any(".venv/bin/voila notebooks/play-table.ipynb" in line for line in lines), lines
    assert "urlpath=voila/render/notebooks/play-table.ipynb" in README


def test_voila_serves_the_play_table(tmp_path):
    port = _free_port()
    server = Server([sys.executable, "-m", "voila", "notebooks/play-table.ipynb", f"--port={port}", "--no-browser",
                     "--Voila.ip=127.0.0.1"], tmp_path, port)
    try:
        server.wait()
        status, html = server.get("/")
        _assert_play_table(status, html, server)
    finally:
        server.stop()


def test_binder_voila_url_renders_from_the_repository_root(tmp_path):
    """Binder runs a Jupyter server at the repository root; Voila's server extension answers its URL."""
    port, token = _free_port(), secrets.token_hex(8)
    server = Server([sys.executable, "-m", "jupyter_server", "--no-browser", "--allow-root", f"--port={port}",
                     "--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0", f"--ServerApp.token={token}",
                     f"--ServerApp.root_dir={REPO}"], tmp_path, port)
    try:
        server.wait()
        status, html = server.get(f"/voila/render/notebooks/play-table.ipynb?token={token}")
        _assert_play_table(status, html, server)
    finally:
        server.stop()
