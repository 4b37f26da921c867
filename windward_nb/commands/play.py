"""``windward play``: the play table on a fresh game, in the browser.

The command writes a one-cell notebook that builds the game's play table (Windward's
``PlayTable``, ``NorthWindTable``, ``PlunderTable`` or ``TailwindsTable``) on a new game with
the seats asked for, into a folder of its own, and serves it: with Voila when it is installed
(the table without the code; a finished game is offered as a download), else with JupyterLab
(records are saved in ``records/`` of the folder the command was run from). ``--dry-run``
shows what would start and writes nothing.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..core.files import atomic_write
from . import servers
from .base import (EXIT_OK, CommandError, add_json_flag, check_bots, check_players, game_type,
                   new_parser, positive_int, print_json, say, seed_int, split_bots, usage_error)
from .lab import add_server_options, plan_lab, start_lab

EXAMPLES = """\
examples:
  windward play                                   Windward, you against two greedy bots
  windward play --players 3 --bots greedy,random  seat 1 is yours, seats 2 and 3 are bots
  windward play --players 2 --bots human          two people at one screen
  windward play --game north-wind --players 3 --bots greedy,mcts
  windward play --game tailwinds --players 4 --bots random,random,greedy,greedy    bots only: watch
  windward play --app lab --port 8890 --no-browser
  windward play --dry-run                         show what would start, start nothing

--bots names who sits after you: one name for all those seats, or one per seat (a bot of the
game, or human); naming every seat leaves none to you. Ctrl+C stops the server.
"""

#: the play table of each game: (module, class)
TABLES = {
    "windward": ("windward_widgets", "PlayTable"),
    "north-wind": ("windward_widgets.northwind", "NorthWindTable"),
    "winds-of-plunder": ("windward_widgets.plunder", "PlunderTable"),
    "tailwinds": ("windward_widgets.tailwinds", "TailwindsTable"),
}
APPS = ("voila", "lab")


def add_parser(subparsers) -> argparse.ArgumentParser:
    p = new_parser(subparsers, "play", help="open the play table on a fresh game",
                   description="Open the play table on a new game in the browser (Voila if installed, "
                               "else JupyterLab).", epilog=EXAMPLES)
    p.add_argument("--game", default="windward", metavar="GAME", help="the game (default: windward)")
    p.add_argument("--players", type=positive_int, metavar="N", help="seats (default: 3, or the fewest the "
                                                                     "game allows if more)")
    p.add_argument("--bots", type=split_bots, metavar="BOT[,BOT...]",
                   help="who sits after you: one bot for those seats or one per seat, human for a person "
                        "(default: greedy)")
    p.add_argument("--seed", type=seed_int, metavar="S", help="the game's seed (default: a new one each time)")
    p.add_argument("--app", choices=APPS, help="serve with voila or lab (default: voila if installed)")
    p.add_argument("--folder", metavar="DIR", help="write the table's notebook here (default: a temporary "
                                                  "folder, removed when the server stops)")
    add_server_options(p)
    p.add_argument("--dry-run", action="store_true", help="show what would start and start nothing")
    add_json_flag(p, "the plan (with --dry-run)")
    return p


@dataclass
class PlayPlan:
    """What ``windward play`` will start, worked out before anything starts."""

    game: str
    title: str
    players: int
    seats: list[str]                 # "human" or a bot name, per seat
    seed: int
    app: str                         # "voila" or "lab"
    folder: str                      # where the notebook goes
    notebook: str                    # its path
    records: str                     # where the lab's table saves records
    command: list[str] = field(default_factory=list)  # what runs (lab: JupyterLab's arguments)
    temporary: bool = True           # the folder is removed when the server stops
    open_browser: bool = False
    code: str = ""


def _seats(game: Any, players: int, bots: list[str] | None) -> list[str]:
    """Who sits where: one name is every seat after the first, ``players - 1`` names are those
    seats one by one, ``players`` names are every seat (none left to you)."""
    if bots is None:
        bots = ["greedy"]
    listed = ["human" if b.strip().lower() == "human" else b for b in bots]
    check_bots(game, [b for b in listed if b != "human"])
    if len(listed) == players:
        return listed
    if len(listed) == 1:
        return ["human"] + listed * (players - 1)
    if len(listed) == players - 1:
        return ["human"] + listed
    raise usage_error(f"--bots names {len(listed)} seats for {players} players: give one name for every "
                      f"seat after yours, {players - 1} (the seats after yours) or {players} (every seat)")


def notebook_code(plan: PlayPlan) -> str:
    module, cls = TABLES[plan.game]
    bots = {i: b for i, b in enumerate(plan.seats) if b != "human"}
    return "\n".join([
        "# NBVAL_IGNORE_OUTPUT",
        "import windward_nb as ww",
        f"from {module} import {cls}",
        "from windward_widgets.save_field import running_under_voila",
        "",
        f"game = ww.new_game(game={plan.game!r}, players={plan.players}, seed={plan.seed})",
        "# under Voila the record is offered as a download; nothing is written on the server",
        f"table = {cls}(game, bots={bots!r}, records_dir={plan.records!r},",
        f"{' ' * (len(cls) + 9)}server_writes=not running_under_voila())",
        "table",
    ])


def notebook_json(plan: PlayPlan) -> str:
    seats = ", ".join(f"{i + 1}: {'you' if s == 'human' else s + ' bot'}" for i, s in enumerate(plan.seats))
    cells = [
        {"cell_type": "markdown", "id": "about", "metadata": {}, "source": f"# {plan.title}: play table\n\n"
                                                             f"Seats {seats}; seed {plan.seed}."},
        {"cell_type": "code", "execution_count": None, "id": "table", "metadata": {}, "outputs": [],
         "source": plan.code},
    ]
    nb = {"cells": cells, "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                                      "name": "python3"},
                                       "language_info": {"name": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    return json.dumps(nb, indent=1) + "\n"


def plan_play(args: argparse.Namespace, cwd: Path | None = None) -> PlayPlan:
    cwd = Path.cwd() if cwd is None else cwd
    game = game_type(args.game)
    if game.name not in TABLES:
        raise usage_error(f"{game.title} has no play table; games with one: {', '.join(TABLES)}")
    lo, hi = game.players
    players = check_players(game, args.players if args.players is not None else min(max(3, lo), hi))
    seats = _seats(game, players, args.bots)
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    app = args.app or ("voila" if importlib.util.find_spec("voila") else "lab")
    if importlib.util.find_spec("voila" if app == "voila" else "jupyterlab") is None:
        raise CommandError(f"{'Voila' if app == 'voila' else 'JupyterLab'} is not installed for {sys.executable}; "
                           "install it with pip install -e \".[lab]\" in the checkout")
    temporary = args.folder is None
    if temporary:
        folder = Path(tempfile.gettempdir()) / "windward-play-XXXX"   # the real name is made at start
    else:
        folder = Path(args.folder).expanduser().resolve()
        if folder.exists() and not folder.is_dir():
            raise usage_error(f"--folder {args.folder} is a file, not a folder")
    plan = PlayPlan(game=game.name, title=game.title, players=players, seats=seats, seed=seed, app=app,
                    folder=str(folder), notebook=str(folder / f"play-{game.name}.ipynb"),
                    records=str((cwd / "records").resolve()), temporary=temporary)
    plan.code = notebook_code(plan)
    plan.open_browser = not args.no_browser and servers.has_desktop()
    plan.command = _command(plan, args)
    return plan


def _command(plan: PlayPlan, args: argparse.Namespace) -> list[str]:
    if plan.app == "voila":
        cmd = [sys.executable, "-m", "voila", plan.notebook, "--Voila.port_retries=0" if args.port else ""]
        cmd = [c for c in cmd if c]
        if args.port is not None:
            cmd.append(f"--port={args.port}")
        if args.ip is not None:
            cmd.append(f"--Voila.ip={args.ip}")
        if not plan.open_browser:
            cmd.append("--no-browser")
        return cmd
    lab_args = argparse.Namespace(notebook=plan.notebook, port=args.port, ip=args.ip, no_browser=args.no_browser)
    folder = Path(plan.folder)
    return list(plan_lab(lab_args, cwd=folder, root=folder, check_notebook=False).argv)


def _retarget(plan: PlayPlan, folder: Path, args: argparse.Namespace) -> None:
    """Point the plan at the folder really made (a temporary folder gets its name at start)."""
    plan.folder = str(folder)
    plan.notebook = str(folder / Path(plan.notebook).name)
    plan.command = _command(plan, args)


def describe(plan: PlayPlan) -> str:
    seats = ", ".join(f"{i + 1}: {'a person' if s == 'human' else s + ' bot'}" for i, s in enumerate(plan.seats))
    app = "Voila" if plan.app == "voila" else "JupyterLab"
    lines = [f"{plan.title}, {plan.players} players (seats {seats}), seed {plan.seed}",
             f"the table's notebook: {plan.notebook}" + (" (a temporary folder)" if plan.temporary else ""),
             f"served by {app}: " + (" ".join(plan.command) if plan.app == "voila"
                                     else "jupyter lab " + " ".join(plan.command))]
    if plan.app == "lab":
        lines.append(f"records saved by the table go to {plan.records}")
    return "\n".join(lines)


def _run_voila(plan: PlayPlan) -> int:
    proc = subprocess.Popen(plan.command)  # Ctrl+C reaches it too: it shares the terminal's process group

    def forward(signum: int, frame: object) -> None:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)

    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), forward)
    try:
        code = proc.wait()
    except KeyboardInterrupt:
        code = proc.wait()
    if code not in (0, -signal.SIGTERM, -signal.SIGINT, 128 + signal.SIGINT):
        raise CommandError(f"Voila stopped with exit code {code}; its messages above say why")
    return EXIT_OK


def run(args: argparse.Namespace) -> int:
    if args.json and not args.dry_run:
        raise usage_error("--json describes the plan: use it with --dry-run")
    plan = plan_play(args)
    if args.dry_run:
        if args.json:
            print_json(asdict(plan))
        else:
            print(describe(plan))
            print("\nthe table's cell:\n" + "\n".join("    " + line for line in plan.code.splitlines()))
        return EXIT_OK
    if plan.temporary:
        folder = Path(tempfile.mkdtemp(prefix="windward-play-"))
    else:
        folder = Path(plan.folder)
        folder.mkdir(parents=True, exist_ok=True)
    _retarget(plan, folder, args)
    try:
        atomic_write(plan.notebook, notebook_json(plan))
        say(describe(plan) + "\nPress Ctrl+C to stop the server.")
        if plan.app == "voila":
            return _run_voila(plan)
        lab_plan = plan_lab(argparse.Namespace(notebook=plan.notebook, port=args.port, ip=args.ip,
                                               no_browser=args.no_browser), cwd=folder, root=folder)
        return start_lab(lab_plan, args.port, args.ip, what=f"The {plan.title} play table")
    except OSError as exc:
        raise CommandError(f"cannot write the table's notebook in {folder}: {exc.strerror or exc}") from None
    finally:
        if plan.temporary:
            shutil.rmtree(folder, ignore_errors=True)


__all__ = ["APPS", "TABLES", "PlayPlan", "describe", "notebook_code", "notebook_json", "plan_play", "run"]
