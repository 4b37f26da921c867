"""The ``windward`` command line.

Today it has one command, ``windward lab``, which opens the workbook in JupyterLab; more commands
(play, replay, verify, simulate, odds) are meant to join it as further subcommands, each a
``build_*`` function adding its parser and a ``handler`` that returns an exit code.

Exit codes: 0 done, 1 the command failed (the message says why), 2 the command line is wrong.
``python -m windward_nb`` runs the same command line as the ``windward`` console script.

>>> main(["--version"])  # doctest: +ELLIPSIS
windward ...
0
>>> notebook_url("http://localhost:8888/lab?token=abc", "/", PurePosixPath("notebooks/00-start-here.ipynb"))
'http://localhost:8888/lab/tree/notebooks/00-start-here.ipynb?token=abc'
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from collections.abc import Callable, Sequence
from urllib.parse import quote, urlsplit, urlunsplit

EXIT_OK, EXIT_FAILURE, EXIT_USAGE = 0, 1, 2
DISTRIBUTION = "windward-nb"
START_NOTEBOOK = PurePosixPath("notebooks/00-start-here.ipynb")
PACKAGE_DIR = Path(__file__).resolve().parent

EXAMPLES = """\
examples:
  windward lab                      open the workbook at notebooks/00-start-here.ipynb
  windward lab notebooks/03-battle-odds.ipynb
  windward lab --no-browser --port 8890
  python -m windward_nb lab         the same command without the console script

exit codes: 0 done, 1 the command failed, 2 the command line is wrong
"""

LAB_EXAMPLES = """\
The server shows the repository the current folder belongs to (or, from elsewhere, the checkout
this package was installed from in editable mode; otherwise the current folder), so that every
link between the notebooks works. It runs until you press Ctrl+C.

examples:
  windward lab
  windward lab notebooks/04-replay-a-game.ipynb
  windward lab --no-browser --port 8890
  windward lab --ip 0.0.0.0         listen on every network interface (say, in a container)
"""


class CommandError(Exception):
    """A failure the person can act on: ``main`` prints the message on one line, no traceback."""

    def __init__(self, message: str, exit_code: int = EXIT_FAILURE):
        super().__init__(message)
        self.exit_code = exit_code


def package_version() -> str:
    """The installed version of the windward-nb distribution (from its metadata)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        from . import __version__

        return f"{__version__} (not installed)"


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (1 to 65535)") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a port number (1 to 65535)")
    return port


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="windward",
        description="The Windward workbook: open it in JupyterLab.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {package_version()}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    build_lab_parser(commands)
    return parser


def build_lab_parser(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    lab = commands.add_parser(
        "lab",
        help="open the workbook in JupyterLab",
        description="Start JupyterLab on the workbook and open a notebook (00-start-here by default).",
        epilog=LAB_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    lab.add_argument("notebook", nargs="?", help=f"the notebook to open (default: {START_NOTEBOOK})")
    lab.add_argument("--port", type=_port, metavar="N",
                     help="the port to listen on (default: 8888, or the next free one)")
    lab.add_argument("--ip", metavar="ADDRESS", help="the address to listen on (default: localhost)")
    lab.add_argument("--no-browser", action="store_true", help="do not open a web browser")
    lab.set_defaults(handler=run_lab)
    return lab


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (default: ``sys.argv[1:]``) and return its exit code."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # --help, --version, or a usage error (argparse has printed it)
        return stop.code if isinstance(stop.code, int) else EXIT_USAGE
    if args.command is None:
        parser.print_usage(sys.stderr)
        print("windward: error: choose a command, for example 'windward lab' (see windward --help)",
              file=sys.stderr)
        return EXIT_USAGE
    try:
        return args.handler(args)
    except CommandError as err:
        print(f"windward {args.command}: error: {err}", file=sys.stderr)
        return err.exit_code
    except KeyboardInterrupt:
        print(f"windward {args.command}: interrupted", file=sys.stderr)
        return EXIT_FAILURE


# ---------------------------------------------------------------------------------- windward lab


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
        raise CommandError(f"no such notebook: {text}", EXIT_USAGE)
    if not found.is_file():
        raise CommandError(f"{text} is a folder; give a notebook file", EXIT_USAGE)
    try:
        relative = found.resolve().relative_to(root)
    except ValueError:
        raise CommandError(f"{text} is outside the folder the server shows ({root}); "
                           f"run windward lab from the folder that holds it", EXIT_USAGE) from None
    return PurePosixPath(relative.as_posix())


def plan_lab(args: argparse.Namespace, cwd: Path | None = None) -> LabPlan:
    """Work out the server root, the notebook to open and JupyterLab's command line."""
    cwd = Path.cwd() if cwd is None else cwd
    root = server_root(cwd)
    notes: list[str] = []
    if args.notebook is not None:
        notebook: PurePosixPath | None = _resolve_notebook(args.notebook, cwd, root)
    elif (root / START_NOTEBOOK).is_file():
        notebook = START_NOTEBOOK
    else:
        notebook = None
        notes.append(f"No {START_NOTEBOOK} under {root}: the notebooks come with the windward_nb "
                     "repository, not with the installed package. Run windward lab inside a clone.")
    argv = [f"--ServerApp.root_dir={root}"]
    if notebook is not None:
        argv.insert(0, str(root.joinpath(*notebook.parts)))
    argv += ["--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    if running_as_root():
        argv.append("--allow-root")
    if args.port is not None:  # the port asked for, or a clear failure
        argv += [f"--ServerApp.port={args.port}", "--ServerApp.port_retries=0"]
    if args.ip is not None:
        argv.append(f"--ServerApp.ip={args.ip}")
    open_browser = not args.no_browser and has_desktop()
    if not open_browser:
        argv.append("--no-browser")
        if not args.no_browser:
            notes.append("No desktop found here, so no browser was opened: open the URL in your browser.")
    return LabPlan(root=root, notebook=notebook, argv=tuple(argv), open_browser=open_browser,
                   notes=tuple(notes))


def notebook_url(server_url: str, base_url: str, notebook: PurePosixPath | None) -> str:
    """``server_url`` (JupyterLab's own, token included) pointed at ``notebook`` in the lab."""
    if notebook is None:
        return server_url
    parts = urlsplit(server_url)
    path = base_url.rstrip("/") + "/lab/tree/" + quote(notebook.as_posix())
    return urlunsplit(parts._replace(path=path))


def ready_message(plan: LabPlan, urls: Sequence[str]) -> str:
    what = f"opening {plan.notebook}" if plan.notebook else "showing its files"
    lines = ["", "=" * 78, f"The Windward workbook is running ({what}). Open it at:", ""]
    lines += [f"    {url}" for url in urls]
    lines += ["", f"Serving the folder {plan.root}", *plan.notes,
              "To stop the server (and its kernels), press Ctrl+C in this terminal.", "=" * 78, ""]
    return "\n".join(lines)


def _stop_on_signals(stop: Callable[[], None]) -> dict[str, bool]:
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


def run_lab(args: argparse.Namespace) -> int:
    plan = plan_lab(args)
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
                           + (f" (is port {args.port} in use? choose another with --port)" if args.port else "")) from None
    except OSError as err:  # an address that does not resolve or is not this machine's
        where = f"{args.ip or 'localhost'}" + (f" port {args.port}" if args.port else "")
        raise CommandError(f"JupyterLab cannot listen on {where}: {err.strerror or err}") from None
    state = _stop_on_signals(lambda: server.stop(from_signal=True))

    def say_ready() -> None:
        urls = dict.fromkeys(notebook_url(u, server.base_url, plan.notebook)
                             for u in (server.public_url, server.local_url))
        print(ready_message(plan, list(urls)), flush=True)

    server.io_loop.add_callback(say_ready)
    server.start()  # returns once the server has stopped
    if state["forced"]:
        print("The server was stopped without waiting for its kernels.", file=sys.stderr)
        return EXIT_FAILURE
    print("The server has stopped.", flush=True)
    return EXIT_OK
