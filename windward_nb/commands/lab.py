"""``windward lab``: the workbook in JupyterLab, opened at a notebook (00-start-here by default).

What the command will run is worked out first (:func:`plan_lab`: the server's root folder, the
notebook, JupyterLab's command line, ``--allow-root`` exactly when the user is root), then
:func:`start_lab` starts JupyterLab in this process and prints the URL to open.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from collections.abc import Sequence

from . import servers
from .base import EXIT_FAILURE, EXIT_OK, CommandError, new_parser, port_number, usage_error

START_NOTEBOOK = PurePosixPath("notebooks/00-start-here.ipynb")

EXAMPLES = """\
The server shows the repository the current folder belongs to (or, from elsewhere, the checkout
this package was installed from in editable mode; otherwise the current folder), so that every
link between the notebooks works. It runs until you press Ctrl+C.

examples:
  windward lab
  windward lab notebooks/04-replay-a-game.ipynb
  windward lab --no-browser --port 8890
  windward lab --ip 0.0.0.0         listen on every network interface (say, in a container)
"""


def add_parser(subparsers) -> argparse.ArgumentParser:
    lab = new_parser(subparsers, "lab", help="open the workbook in JupyterLab",
                     description="Start JupyterLab on the workbook and open a notebook (00-start-here by default).",
                     epilog=EXAMPLES)
    lab.add_argument("notebook", nargs="?", help=f"the notebook to open (default: {START_NOTEBOOK})")
    add_server_options(lab)
    return lab


def add_server_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", type=port_number, metavar="N",
                        help="the port to listen on (default: 8888, or the next free one)")
    parser.add_argument("--ip", metavar="ADDRESS", help="the address to listen on (default: localhost)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a web browser")


@dataclass(frozen=True)
class LabPlan:
    """What ``windward lab`` will run, worked out before anything starts."""

    root: Path                          # the server's root folder
    notebook: PurePosixPath | None      # opened at start, relative to root; None: the file browser
    argv: tuple[str, ...]               # JupyterLab's command line (no program name)
    open_browser: bool
    notes: tuple[str, ...] = ()         # said to the person next to the URL


def _resolve_notebook(text: str, cwd: Path, root: Path) -> PurePosixPath:
    given = Path(text).expanduser()
    candidates = [given] if given.is_absolute() else [cwd / given, root / given]
    found = next((c for c in candidates if c.exists()), None)
    if found is None:
        raise usage_error(f"no such notebook: {text}")
    if not found.is_file():
        raise usage_error(f"{text} is a folder; give a notebook file")
    try:
        relative = found.resolve().relative_to(root)
    except ValueError:
        raise usage_error(f"{text} is outside the folder the server shows ({root}); "
                          f"run windward lab from the folder that holds it") from None
    return PurePosixPath(relative.as_posix())


def plan_lab(args: argparse.Namespace, cwd: Path | None = None, root: Path | None = None,
             check_notebook: bool = True) -> LabPlan:
    """Work out the server root, the notebook to open and JupyterLab's command line.

    ``root`` fixes the folder the server shows (``windward play`` shows the folder of its table);
    by default it is :func:`~windward_nb.commands.servers.server_root` of ``cwd``. With
    ``check_notebook=False`` the notebook is taken as given, inside ``root`` (a plan for a
    notebook not written yet).
    """
    cwd = Path.cwd() if cwd is None else cwd
    root = servers.server_root(cwd) if root is None else root.resolve()
    notes: list[str] = []
    if args.notebook is not None and not check_notebook:
        notebook: PurePosixPath | None = PurePosixPath(Path(args.notebook).name)
    elif args.notebook is not None:
        notebook = _resolve_notebook(args.notebook, cwd, root)
    elif (root / START_NOTEBOOK).is_file():
        notebook = START_NOTEBOOK
    else:
        notebook = None
        notes.append(f"No {START_NOTEBOOK} under {root}: the notebooks come with the windward_nb "
                     "repository, not with the installed package. Run windward lab inside a clone.")
    argv = [f"--ServerApp.root_dir={root}"]
    if notebook is not None:
        argv.insert(0, str(root.joinpath(*notebook.parts)))
    argv += list(servers.QUIET_LAB)
    if servers.running_as_root():
        argv.append("--allow-root")
    if args.port is not None:  # the port asked for, or a clear failure
        argv += [f"--ServerApp.port={args.port}", "--ServerApp.port_retries=0"]
    if args.ip is not None:
        argv.append(f"--ServerApp.ip={args.ip}")
    open_browser = not args.no_browser and servers.has_desktop()
    if not open_browser:
        argv.append("--no-browser")
        if not args.no_browser:
            notes.append("No desktop found here, so no browser was opened: open the URL in your browser.")
    return LabPlan(root=root, notebook=notebook, argv=tuple(argv), open_browser=open_browser,
                   notes=tuple(notes))


def ready_message(plan: LabPlan, urls: Sequence[str], what: str = "The Windward workbook") -> str:
    opening = f"opening {plan.notebook}" if plan.notebook else "showing its files"
    lines = ["", "=" * 78, f"{what} is running ({opening}). Open it at:", ""]
    lines += [f"    {url}" for url in urls]
    lines += ["", f"Serving the folder {plan.root}", *plan.notes,
              "To stop the server (and its kernels), press Ctrl+C in this terminal.", "=" * 78, ""]
    return "\n".join(lines)


def start_lab(plan: LabPlan, port: int | None, ip: str | None, what: str = "The Windward workbook") -> int:
    """Run JupyterLab as ``plan`` says until it is stopped; the exit code."""
    try:
        from jupyterlab.labapp import LabApp
    except ImportError:
        raise CommandError(f"JupyterLab is not installed for {sys.executable}; install it with "
                           "pip install -e \".[lab]\" in the checkout (or pip install jupyterlab)") from None
    try:
        server = LabApp.initialize_server(argv=list(plan.argv))
    except SystemExit as stop:  # JupyterLab has logged why (say, the port is in use)
        if stop.code in (0, None):
            return EXIT_OK
        raise CommandError("JupyterLab could not start; its messages above say why"
                           + (f" (is port {port} in use? choose another with --port)" if port else "")) from None
    except OSError as err:  # an address that does not resolve or is not this machine's
        where = f"{ip or 'localhost'}" + (f" port {port}" if port else "")
        raise CommandError(f"JupyterLab cannot listen on {where}: {err.strerror or err}") from None
    state = servers.stop_on_signals(lambda: server.stop(from_signal=True))

    def say_ready() -> None:
        urls = dict.fromkeys(servers.notebook_url(u, server.base_url, plan.notebook)
                             for u in (server.public_url, server.local_url))
        print(ready_message(plan, list(urls), what), flush=True)

    server.io_loop.add_callback(say_ready)
    server.start()  # returns once the server has stopped
    if state["forced"]:
        print("The server was stopped without waiting for its kernels.", file=sys.stderr)
        return EXIT_FAILURE
    print("The server has stopped.", flush=True)
    return EXIT_OK


def run(args: argparse.Namespace) -> int:
    return start_lab(plan_lab(args), args.port, args.ip)
