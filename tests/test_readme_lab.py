"""The README's lab command, run exactly as written in a fresh clone, as the current user.

``test_readme_lab_command_serves_the_workbook`` clones this checkout's committed HEAD into a
temporary folder (uncommitted changes are not tested: commit first), runs the README's lab
command there with ``bash -c`` in a session of its own, as whoever runs the tests (root in CI),
and waits for the URL the launcher prints. Through that URL and the server's REST API it checks
that the server shows the repository root, that ``notebooks/00-start-here.ipynb`` is a notebook,
that every relative link in every notebook reaches a file, and that a kernel from the new
environment starts for the notebook and imports the clone's ``windward_nb``. Then it presses Ctrl+C (SIGINT to the whole process group)
and checks that everything stopped: the command exits 0, no process of the group is left, the
kernel is gone and the port is closed.

It creates a virtual environment and installs ``.[lab]`` (a minute or two with pip's cache warm;
the package index pip is configured with is the only network it needs). Every wait is bounded,
and whatever it started is killed if a check fails. The environment is a new user's on a headless
machine: no Jupyter settings (fresh Jupyter folders under the temporary folder), no display, no
virtual environment active.
"""

from __future__ import annotations

import json
import os
import posixpath
import re
import shutil
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import quote, urlsplit

import pytest

REPO = Path(__file__).resolve().parents[1]
INSTALL_AND_START_TIMEOUT = 900  # venv + pip install -e ".[lab]" + server start; ~1-2 min warm
ANSWER_TIMEOUT = 60              # the server answering once it printed its URL
KERNEL_TIMEOUT = 120             # a kernel from the new venv starting and answering
STOP_TIMEOUT = 60                # Ctrl+C to everything gone
READY_URL = re.compile(r"^\s+(https?://\S+/lab/tree/notebooks/00-start-here\.ipynb(?:\?token=\S*)?)\s*$", re.M)
# Variables a fresh login would not have, or that would leak this test run into the command.
DROPPED_ENV = ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "DISPLAY", "WAYLAND_DISPLAY",
               "BROWSER", "PYTEST_ADDOPTS", "PYTEST_CURRENT_TEST")
JUPYTER_DIRS = ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTERLAB_SETTINGS_DIR",
                "JUPYTERLAB_WORKSPACES_DIR", "IPYTHONDIR")


# ----------------------------------------------------------------------------- the README


def readme_command(marker: str, readme: Path = REPO / "README.md") -> str:
    """The command in the first ```bash block after ``<!-- marker -->``, as ``.ci/run`` reads it:
    its awk program prints the lines between the block's fences after the marker line."""
    found = inblock = False
    lines: list[str] = []
    for line in readme.read_text(encoding="utf-8").splitlines():
        if not found:
            found = f"<!-- {marker} -->" in line
        elif not inblock:
            inblock = line.startswith("```bash")
        elif line.startswith("```"):
            break
        else:
            lines.append(line)
    return "\n".join(lines)


def test_readme_has_exactly_two_set_up_commands():
    text = (REPO / "README.md").read_text(encoding="utf-8")
    assert re.findall(r"<!-- ([\w-]+-command) -->", text) == ["lab-command", "test-command"]
    lab = readme_command("lab-command")
    assert lab.count("\n") == 0 and re.search(r"\bwindward lab\b", lab), lab
    assert "pip install -e \".[lab]\"" in lab and "python3 -m venv .venv" in lab


def test_extraction_agrees_with_ci_run():
    """``.ci/run``'s own awk program (taken from the script) reads the same test command as
    ``readme_command``, and the same program pointed at the lab marker reads the lab command."""
    awk = shutil.which("awk")
    if awk is None:
        pytest.skip("awk is missing")
    script = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    match = re.search(r"\$\(awk '([^']*)' README\.md\)", script)
    assert match, ".ci/run no longer reads the test command with an awk program"
    program = match.group(1)
    assert "<!-- test-command -->" in program
    for marker in ("test-command", "lab-command"):
        out = subprocess.run([awk, program.replace("test-command", marker), "README.md"], cwd=REPO,
                             capture_output=True, text=True, timeout=30, check=True).stdout
        assert out.rstrip("\n") == readme_command(marker) != ""


# ------------------------------------------------------------------------------ helpers


def _git(*args: str, cwd: Path) -> str:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, timeout=120,
                          check=True).stdout.strip()


def _fresh_clone(dest: Path) -> Path:
    """A clone of this checkout's HEAD commit (uncommitted changes are not in it)."""
    if shutil.which("git") is None or not (REPO / ".git").exists():
        reason = "this test clones the repository, and git or the git checkout is missing"
        if os.environ.get("CI") == "true":
            pytest.fail(reason + " (CI=true, so this fails instead of skipping)", pytrace=False)
        pytest.skip(reason)
    head = _git("rev-parse", "HEAD", cwd=REPO)
    _git("clone", "--quiet", "--no-checkout", str(REPO), str(dest), cwd=dest.parent)
    _git("fetch", "--quiet", str(REPO), "HEAD", cwd=dest)
    _git("checkout", "--quiet", "--detach", "FETCH_HEAD", cwd=dest)
    assert _git("rev-parse", "HEAD", cwd=dest) == head
    return dest


def _fresh_user_env(tmp: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in DROPPED_ENV and not k.startswith(("JUPYTER", "JPY_", "CONDA_"))}
    if os.environ.get("VIRTUAL_ENV"):  # an activated venv must not stand in for python3
        venv_bin = str(Path(os.environ["VIRTUAL_ENV"]) / "bin")
        env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep) if p != venv_bin)
    for name in JUPYTER_DIRS:
        d = tmp / "jupyter-home" / name.lower()
        d.mkdir(parents=True)
        env[name] = str(d)
    return env


def _tail(path: Path, n: int = 60) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-n:])
    except OSError:
        return "(no output)"


def _get(url: str, timeout: float = 10.0) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:  # noqa: S310 - local server
            return resp.status, resp.read()
    except urllib.error.HTTPError as err:
        return err.code, err.read()


def _post_json(url: str, body: dict, timeout: float = 30.0) -> tuple[int, dict]:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:  # noqa: S310 - local server
        return resp.status, json.loads(resp.read())


def _processes_mentioning(text: str) -> list[int]:
    """Live (not zombie) processes whose command line contains ``text``."""
    pids = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            if text in (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace"):
                state = (proc / "stat").read_text().rsplit(")", 1)[1].split()[0]
                if state != "Z":
                    pids.append(int(proc.name))
        except OSError:
            continue
    return pids


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _port_open(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=2):
            return True
    except OSError:
        return False


def _wait_for(what: str, check, timeout: float, proc: subprocess.Popen | None = None, log: Path | None = None):
    deadline = time.monotonic() + timeout
    while True:
        result = check()
        if result:
            return result
        if proc is not None and proc.poll() is not None:
            pytest.fail(f"the README's lab command exited with {proc.returncode} before {what}:\n"
                        f"{_tail(log) if log else ''}", pytrace=False)
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {timeout:.0f}s waiting for {what}:\n{_tail(log) if log else ''}",
                        pytrace=False)
        time.sleep(0.5)


def _run_in_kernel(connection_file: Path, code: str) -> str:
    """Run ``code`` in the kernel behind ``connection_file``; return what it printed."""
    from jupyter_client import BlockingKernelClient

    client = BlockingKernelClient(connection_file=str(connection_file))
    client.load_connection_file()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=KERNEL_TIMEOUT)
        printed: list[str] = []

        def keep(msg: dict) -> None:
            if msg["msg_type"] == "stream":
                printed.append(msg["content"]["text"])
            elif msg["msg_type"] == "error":
                printed.append("\n".join(msg["content"]["traceback"]))

        reply = client.execute_interactive(code, timeout=KERNEL_TIMEOUT, output_hook=keep, allow_stdin=False)
        assert reply["content"]["status"] == "ok", "".join(printed)
        return "".join(printed).strip()
    finally:
        client.stop_channels()


def _relative_links(notebook: Path) -> list[str]:
    links = []
    for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] == "markdown":
            src = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
            links += [t for t in re.findall(r"\]\(([^)\s]+)\)", src) if not re.match(r"[a-z]+:|#", t)]
    return links


# ------------------------------------------------------------------------------- the test


@pytest.mark.install
def test_readme_lab_command_serves_the_workbook(tmp_path):
    clone = _fresh_clone(tmp_path / "windward_nb")
    command = readme_command("lab-command", clone / "README.md")
    assert command, "README.md has no lab command"
    env = _fresh_user_env(tmp_path)
    runtime_dir = env["JUPYTER_RUNTIME_DIR"]
    log = tmp_path / "lab-command.log"
    started = time.monotonic()
    with open(log, "wb") as out:
        proc = subprocess.Popen(["bash", "-c", command], cwd=clone, env=env, stdin=subprocess.DEVNULL,
                                stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        # 1. The launcher prints the notebook's URL, token included, and how to stop.
        def printed_url():
            m = READY_URL.search(log.read_text(errors="replace"))
            return m and m.group(1)

        url = _wait_for("the URL of 00-start-here", printed_url, INSTALL_AND_START_TIMEOUT, proc, log)
        ready_after = time.monotonic() - started
        output = log.read_text(errors="replace")
        assert "Running as root is not recommended" not in output
        assert "Ctrl+C" in output.split(url, 1)[1], "the launcher does not say how to stop the server"
        parts = urlsplit(url)
        token = dict(q.split("=", 1) for q in parts.query.split("&") if "=" in q).get("token", "")
        assert token, f"the printed URL has no token: {url}"
        base = f"{parts.scheme}://{parts.netloc}"

        def api(path: str, **query: str) -> str:
            q = "&".join(f"{k}={v}" for k, v in {**query, "token": token}.items())
            return f"{base}/api/{path}?{q}"

        # 2. The server answers on that URL (the JupyterLab page for the notebook).
        def lab_page():
            try:
                status, body = _get(url)
            except (urllib.error.URLError, OSError):
                return None
            return status == 200 and b"JupyterLab" in body

        _wait_for("the server to answer on its URL", lab_page, ANSWER_TIMEOUT, proc, log)

        # 3. It shows the repository root...
        status, body = _get(api("contents/", content="1"))
        assert status == 200, body[:500]
        names = {item["name"] for item in json.loads(body)["content"]}
        assert {"README.md", "notebooks", "docs", "windward_nb", "pyproject.toml"} <= names, names

        # ...00-start-here is a notebook...
        status, body = _get(api("contents/notebooks/00-start-here.ipynb"))
        assert status == 200, body[:500]
        model = json.loads(body)
        assert model["type"] == "notebook" and model["format"] == "json"
        assert model["content"]["nbformat"] == 4 and model["content"]["cells"]
        assert "Windward" in "".join(c["source"] if isinstance(c["source"], str) else "".join(c["source"])
                                     for c in model["content"]["cells"])

        # ...and every relative link in every notebook reaches a file through the server.
        checked = 0
        for notebook in sorted((clone / "notebooks").glob("*.ipynb")):
            for link in _relative_links(notebook):
                target = posixpath.normpath(posixpath.join("notebooks", link.split("#", 1)[0]))
                status, _ = _get(api("contents/" + quote(target), content="0"))
                assert status == 200, f"{notebook.name} links to {link}; the server answers {status} for {target}"
                checked += 1
        assert checked > 0

        # 4. Opening the notebook starts a kernel of the new environment, importing the clone's code.
        status, session = _post_json(api("sessions"), {"path": "notebooks/00-start-here.ipynb", "type": "notebook",
                                                       "name": "00-start-here.ipynb", "kernel": {"name": "python3"}})
        assert status == 201, session
        kernel_id = session["kernel"]["id"]
        connection_file = Path(runtime_dir) / f"kernel-{kernel_id}.json"
        kernel_pids = _processes_mentioning(str(connection_file))
        assert len(kernel_pids) == 1, f"expected one kernel process, found {kernel_pids}"
        answer = _run_in_kernel(connection_file, "import sys, windward_nb; print(sys.prefix, windward_nb.__file__)")
        prefix, package = answer.split()
        assert Path(prefix) == clone / ".venv", f"the kernel runs in {prefix}, not the README's .venv"
        assert Path(package) == clone / "windward_nb" / "__init__.py", f"the kernel imports {package}"

        # 5. Ctrl+C stops everything: the command exits 0, the kernel and the group are gone.
        os.killpg(proc.pid, signal.SIGINT)
        try:
            proc.wait(timeout=STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            pytest.fail(f"Ctrl+C did not stop the README's lab command within {STOP_TIMEOUT}s:\n{_tail(log)}",
                        pytrace=False)
        assert proc.returncode == 0, f"exit code {proc.returncode} after Ctrl+C:\n{_tail(log)}"
        assert "The server has stopped." in log.read_text(errors="replace")
        _wait_for("the process group to end", lambda: not _group_alive(proc.pid), 15)
        _wait_for("the kernel to end", lambda: not _processes_mentioning(f"kernel-{kernel_id}.json"), 15)
        assert not _port_open(parts.hostname, parts.port), f"port {parts.port} still answers"
        print(f"README lab command: URL after {ready_after:.0f}s, all checks and stop after "
              f"{time.monotonic() - started:.0f}s")
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=30)
        elif _group_alive(proc.pid):
            os.killpg(proc.pid, signal.SIGKILL)
        for pid in _processes_mentioning(runtime_dir):  # kernels run in sessions of their own
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        t = time.monotonic()
        shutil.rmtree(clone, ignore_errors=True)  # the venv is a few hundred MB
        print(f"removing the clone took {time.monotonic() - t:.0f}s")
