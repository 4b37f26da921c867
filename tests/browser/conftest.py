"""Fixtures for the browser tests: a private JupyterLab server and headless Debian Chromium.

The server runs from a temporary copy of ``notebooks/tests`` with its own settings,
workspace and runtime directories, so a test run never touches the user's Jupyter setup
nor the committed notebooks.  Kernels get the repository on ``PYTHONPATH`` so the
checkout is imported even when it is not installed.

Skips only when ``/usr/bin/chromium`` is missing and ``CI`` is not ``"true"``; in CI the
missing browser is a failure.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = REPO / "test-artifacts"
NOTEBOOKS = REPO / "notebooks" / "tests"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
}
SERVER_START_TIMEOUT = 120  # the first JupyterLab start can be slow (asset build cache)


def run_all_cells(page, timeout_ms: int = 240_000) -> None:
    """Run every cell of the notebook open in ``page``; return when the last has run.

    ``page.evaluate`` of the command's promise alone would wait for the last cell with no timeout
    at all (a kernel that never answers would stall the whole test run): the command is started,
    and its end is awaited with a timeout."""
    page.evaluate("""() => { window.__wwRunAll = 'running';
        window.jupyterapp.commands.execute('notebook:run-all-cells').then(
            () => { window.__wwRunAll = 'done'; }, (e) => { window.__wwRunAll = 'failed: ' + e; }); }""")
    page.wait_for_function("() => window.__wwRunAll !== 'running'", timeout=timeout_ms)
    state = page.evaluate("() => window.__wwRunAll")
    assert state == "done", f"running the notebook's cells: {state}"


def open_voila(page, url: str, ready: str, timeout_ms: int = 150_000, tries: int = 2):
    """Open a Voila app at ``url`` in ``page`` and wait for ``ready`` (a selector) to be visible;
    returns its locator.

    Voila now and then starts the kernel, runs the notebook and never renders the widgets on the
    page ("Starting buffering ..." in its log, and nothing more; voila-dashboards/voila#920 and
    #1428: a reload renders them). The page is then loaded again, once: the test is of our
    widgets, not of that race. A second failure is a failure."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    target = page.locator(ready).first
    for _ in range(tries - 1):
        page.goto(url, timeout=timeout_ms)
        try:
            target.wait_for(timeout=timeout_ms)
            return target
        except PlaywrightTimeout:
            print(f"Voila did not render {ready} within {timeout_ms / 1000:.0f} s: loading the page again")
    page.goto(url, timeout=timeout_ms)          # the last try: a timeout here is the test's failure
    target.wait_for(timeout=timeout_ms)
    return target


def _require_chromium() -> None:
    if CHROMIUM.exists():
        return
    reason = f"browser tests need Debian Chromium at {CHROMIUM}, which is missing"
    if os.environ.get("CI") == "true":
        pytest.fail(reason + " (CI=true, so this fails instead of skipping)", pytrace=False)
    pytest.skip(reason)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str, timeout: float = 5.0) -> int:
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return resp.status


class _ServerProcess:
    """A server started in its own session (so that it and its kernels stop together), logging to a file."""

    log_path: Path
    proc: subprocess.Popen | None = None

    def log_tail(self, n: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-n:])
        except OSError:
            return "(no log)"

    def _end_session(self) -> None:
        """SIGTERM to the whole session, then SIGKILL if it lingers; closes the log."""
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=10)
        self._log.close()
        self.proc = None


class LabServer(_ServerProcess):
    def __init__(self, tmp: Path):
        self.tmp = tmp
        self.root = tmp / "notebooks"
        shutil.copytree(NOTEBOOKS, self.root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
        self.port = _free_port()
        self.token = secrets.token_hex(16)
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = tmp / "jupyter-lab.log"
        self.proc: subprocess.Popen | None = None

    def env(self) -> dict[str, str]:
        env = dict(os.environ)
        for name in ("JUPYTER_CONFIG_DIR", "JUPYTERLAB_SETTINGS_DIR", "JUPYTERLAB_WORKSPACES_DIR",
                     "JUPYTER_RUNTIME_DIR"):
            d = self.tmp / name.lower()
            d.mkdir(exist_ok=True)
            env[name] = str(d)
        self._write_lab_settings(Path(env["JUPYTERLAB_SETTINGS_DIR"]))
        paths = [str(REPO), str(REPO / "widgets")]
        if env.get("PYTHONPATH"):
            paths.append(env["PYTHONPATH"])
        env["PYTHONPATH"] = os.pathsep.join(paths)
        env.pop("JUPYTER_TOKEN", None)
        return env

    @staticmethod
    def _write_lab_settings(settings: Path) -> None:
        """Switch off the news toast (it would cover the page) and the update check."""
        for plugin, values in LAB_SETTINGS.items():
            path = settings / f"{plugin.replace(':', '/')}.jupyterlab-settings"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(values))

    def start(self) -> None:
        cmd = [
            sys.executable, "-m", "jupyterlab",
            "--allow-root", "--no-browser",
            f"--port={self.port}", "--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0",
            f"--ServerApp.token={self.token}", f"--ServerApp.root_dir={self.root}",
            "--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            "--LabApp.expose_app_in_browser=True",
            "--ServerApp.open_browser=False",
        ]
        log = open(self.log_path, "wb")  # noqa: SIM115 - closed in stop()
        self._log = log
        self.proc = subprocess.Popen(cmd, cwd=self.root, env=self.env(), stdout=log, stderr=subprocess.STDOUT,
                                     start_new_session=True)
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"jupyter lab exited with {self.proc.returncode}:\n{self.log_tail()}")
            try:
                if _get(f"{self.base}/api/status?token={self.token}") == 200:
                    return
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
            time.sleep(0.3)
        self.stop()
        raise RuntimeError(f"jupyter lab did not answer within {SERVER_START_TIMEOUT}s:\n{self.log_tail()}")

    def url(self, path: str) -> str:
        sep = "&" if "?" in path else "?"
        return f"{self.base}/{path.lstrip('/')}{sep}token={self.token}"

    def close_sessions(self) -> int:
        """Shut down every notebook session (and its kernel) the pages opened; returns how many.

        A closed browser tab leaves its kernel running, maybe still playing bots: the next
        module's kernels would share the CPU with it."""
        if self.proc is None or self.proc.poll() is not None:
            return 0
        try:
            with urllib.request.urlopen(self.url("api/sessions"), timeout=10) as resp:
                sessions = json.loads(resp.read())
        except (urllib.error.URLError, ConnectionError, OSError, ValueError):
            return 0
        for session in sessions:
            req = urllib.request.Request(self.url(f"api/sessions/{session['id']}"), method="DELETE")
            try:
                urllib.request.urlopen(req, timeout=30)
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
        return len(sessions)

    def stop(self) -> None:
        if self.proc is None:
            return
        if self.proc.poll() is None:
            try:  # graceful: also shuts down the kernels it started
                req = urllib.request.Request(self.url("api/shutdown"), method="POST", data=b"")
                urllib.request.urlopen(req, timeout=5)
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                pass
        self._end_session()


class VoilaServer(_ServerProcess):
    """``voila NOTEBOOK`` on a free port, in its own session so that it and its kernel stop together."""

    def __init__(self, tmp: Path, notebook: Path):
        self.tmp = tmp
        self.notebook = notebook
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = tmp / "voila.log"
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        env = dict(os.environ)
        for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR"):
            d = self.tmp / name.lower()
            d.mkdir(exist_ok=True)
            env[name] = str(d)
        paths = [str(REPO), str(REPO / "widgets")] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else [])
        env["PYTHONPATH"] = os.pathsep.join(paths)
        cmd = [sys.executable, "-m", "voila", str(self.notebook), f"--port={self.port}", "--no-browser",
               "--Voila.ip=127.0.0.1", "--ServerApp.port_retries=0"]
        self._log = open(self.log_path, "wb")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(cmd, cwd=self.notebook.parent, env=env, stdout=self._log,
                                     stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"voila exited with {self.proc.returncode}:\n{self.log_tail()}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                time.sleep(0.3)
        self.stop()
        raise RuntimeError(f"voila did not listen within {SERVER_START_TIMEOUT}s:\n{self.log_tail()}")

    def stop(self) -> None:
        if self.proc is not None:
            self._end_session()


@pytest.fixture(scope="session")
def voila_play_table(tmp_path_factory: pytest.TempPathFactory):
    """``notebooks/play-table.ipynb`` served by Voila (skips only where the browser tests skip)."""
    _require_chromium()
    try:
        import voila  # noqa: F401
    except ImportError:
        reason = "the Voila test needs 'pip install voila'"
        if os.environ.get("CI") == "true":
            pytest.fail(reason + " (CI=true, so this fails instead of skipping)", pytrace=False)
        pytest.skip(reason)
    server = VoilaServer(tmp_path_factory.mktemp("voila"), REPO / "notebooks" / "play-table.ipynb")
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory: pytest.TempPathFactory):
    _require_chromium()
    server = LabServer(tmp_path_factory.mktemp("jupyterlab"))
    server.start()
    _LAB.append(server)
    try:
        yield server
    finally:
        _LAB.remove(server)
        server.stop()


_LAB: list[LabServer] = []


@pytest.fixture(scope="module", autouse=True)
def _kernels_end_with_their_module():
    """After each test module, the lab's notebook kernels are shut down (the server stays up)."""
    yield
    for server in _LAB:
        server.close_sessions()


@pytest.fixture(scope="session")
def browser():
    _require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="session")
def browser_context(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 1100})
    try:
        yield context
    finally:
        context.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    setattr(item, f"rep_{rep.when}", rep)


@pytest.fixture(autouse=True)
def _screenshot_on_failure(request, artifacts_dir):
    """Keep a screenshot of the page a failed browser test was looking at."""
    yield
    rep = getattr(request.node, "rep_call", None)
    if rep is None or not rep.failed:
        return
    for name in request.fixturenames:
        if name.endswith("_page"):
            request.getfixturevalue(name).screenshot(path=str(artifacts_dir / f"{request.node.name}-failure.png"))
