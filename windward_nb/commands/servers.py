"""Starting a Jupyter server for the workbook, shared by ``windward lab`` and ``windward play``:
which folder it shows, whether it may run as root, whether a browser can open, the URLs it
prints, and a clean stop on Ctrl+C.

>>> notebook_url("http://localhost:8888/lab?token=abc", "/", PurePosixPath("notebooks/00-start-here.ipynb"))
'http://localhost:8888/lab/tree/notebooks/00-start-here.ipynb?token=abc'
"""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path, PurePosixPath
from collections.abc import Callable
from urllib.parse import quote, urlsplit, urlunsplit

PACKAGE_DIR = Path(__file__).resolve().parents[1]

#: JupyterLab options that keep it from asking the internet for news and updates
QUIET_LAB = ("--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate")


def is_checkout(folder: Path) -> bool:
    """Whether ``folder`` is the top of a windward_nb source checkout."""
    return ((folder / "pyproject.toml").is_file() and (folder / "windward_nb" / "__init__.py").is_file()
            and (folder / "notebooks").is_dir())


def find_checkout(start: Path) -> Path | None:
    """The checkout holding ``start`` (``start`` itself or a folder above it), or None."""
    start = start.resolve()
    for folder in (start, *start.parents):
        if is_checkout(folder):
            return folder
    return None


def server_root(cwd: Path, package_dir: Path | None = None) -> Path:
    """The folder the server shows: the checkout holding ``cwd``; else the checkout the running
    package comes from (an editable install used from another folder); else ``cwd`` itself (a
    regular install has no notebooks next to it)."""
    return find_checkout(cwd) or find_checkout(package_dir or PACKAGE_DIR) or cwd.resolve()


def running_as_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def has_desktop() -> bool:
    """Whether a browser window can open here: always on macOS and Windows; elsewhere only with a
    display (or an explicit ``BROWSER``), so that a headless box never gets a text browser taking
    over the terminal."""
    if sys.platform in ("darwin", "win32", "cygwin"):
        return True
    return any(os.environ.get(name) for name in ("DISPLAY", "WAYLAND_DISPLAY", "BROWSER"))


def notebook_url(server_url: str, base_url: str, notebook: PurePosixPath | None) -> str:
    """``server_url`` (JupyterLab's own, token included) pointed at ``notebook`` in the lab."""
    if notebook is None:
        return server_url
    parts = urlsplit(server_url)
    path = base_url.rstrip("/") + "/lab/tree/" + quote(notebook.as_posix())
    return urlunsplit(parts._replace(path=path))


def stop_on_signals(stop: Callable[[], None]) -> dict[str, bool]:
    """Ctrl+C (or SIGTERM, SIGHUP) stops the server cleanly at once, kernels included, instead of
    JupyterLab's "Shut down this server (y/[n])?" question; a second Ctrl+C stops waiting."""
    state = {"stopping": False, "forced": False}

    def handler(signum: int, frame: object) -> None:
        if state["stopping"]:
            state["forced"] = True
            raise KeyboardInterrupt
        state["stopping"] = True
        os.write(2, b"\nStopping the server and its kernels (Ctrl+C again to stop at once)...\n")
        stop()

    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), handler)
    return state


__all__ = ["PACKAGE_DIR", "QUIET_LAB", "find_checkout", "has_desktop", "is_checkout", "notebook_url",
           "running_as_root", "server_root", "stop_on_signals"]
