"""Benchmark the widgets' kernel-side update paths, now and before the widget shell, in one run.

Run from the project root:

    python benchmarks/widgets.py                 # report, with the before/after comparison
    python benchmarks/widgets.py --strict        # also exit 1 if a goal is missed or a path got >10 % slower
    python benchmarks/widgets.py --before REF    # compare with the widgets of another git commit

Measured with ``time.perf_counter`` in the kernel process (no browser): the time
from a call of the handler a browser event would run to the return of that
handler, with every mark updated and every widget message serialised (the
messages go to ipywidgets' comm, which is a no-op outside a kernel). So the
figures exclude the network and the browser's drawing.

* hex click -> board marks updated: ``GameBoard.click(i)`` on a highlighted hex:
  the engine applies the move, and pieces, highlights, costs, hover texts and the
  status line are redrawn in place. Between timed clicks the move is undone
  (untimed). Also measured for the whole ``PlayTable`` (board, every panel and log),
  and for a turn button of the table (End turn, asked twice: the second press is timed).
* slider -> chart updated: setting an ``OddsExplorer`` slider (attacker cannons),
  which recomputes the exact odds, both bar charts, the summary and the heat map
  (the attacker also holds a token and two harpoons, so bonuses are in play). The odds
  module caches distributions; a second figure clears its caches before every change.
* Dice Race on the shell: a click on a card space of the toy game's board
  (``windward_widgets.base.PlayTable``; now only: the shell is new).

**Before and after.** The widgets of an earlier commit (by default the last one before
``windward_widgets/base`` was added) are unpacked with ``git archive`` into a temporary
folder and measured with today's engine, in fresh interpreters that alternate with
today's widgets (three rounds each); the report gives both medians and their ratio.

Goal: median under 30 ms for the board click and the slider; no path more than 10 %
slower than before.
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOAL_MS = 30.0
RUNS = 200
MAX_SLOWDOWN = 1.10
ROUNDS = 3


def stats(samples: list[float]) -> dict[str, float]:
    ms = sorted(x * 1000 for x in samples)
    return {"median": statistics.median(ms), "p90": ms[int(0.9 * (len(ms) - 1))], "min": ms[0], "runs": len(ms)}


# =============================================================================== measuring (in a child)
def _setup(widgets_dir: Path) -> None:
    sys.path[:0] = [str(widgets_dir), str(ROOT), str(ROOT / "tests" / "core")]


class MessageCounter:
    """Counts the widget messages (and their JSON size) that a call sends to the browser."""

    def __enter__(self):
        import ipywidgets

        self.count, self.bytes = 0, 0
        self._orig = ipywidgets.Widget._send
        counter = self

        def send(widget, msg, buffers=None):
            counter.count += 1
            counter.bytes += len(json.dumps(msg, default=str)) + sum(len(b) for b in (buffers or []))
            return counter._orig(widget, msg, buffers)

        ipywidgets.Widget._send = send
        return self

    def __exit__(self, *exc):
        import ipywidgets

        ipywidgets.Widget._send = self._orig


def _scenario():
    import windward_nb as ww

    return ww.scenario(players=3, wind=3, ships=[{"pos": "0,-3", "rowers": 2, "boats": ["2,-2"]}, {"pos": "port"},
                                                 {"pos": "-2,2"}], greys=["2,-3"])


def bench_board_click(make, runs: int = RUNS) -> tuple[list[float], tuple[int, int]]:
    game = _scenario()
    widget = make(game)
    board = widget.board if hasattr(widget, "board") else widget
    target = game.state.planet.index[(1, -3)]      # one step downwind: free
    assert target in board.dests
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        board.click(target)
        times.append(time.perf_counter() - t0)
        assert game.state.ships[0].pos == target
        game.undo()
        (widget.refresh if hasattr(widget, "refresh") else board.refresh)()
    with MessageCounter() as mc:
        board.click(target)
    return times, (mc.count, mc.bytes)


def bench_turn_button(runs: int = 60) -> tuple[list[float], tuple[int, int]]:
    from windward_widgets import PlayTable

    game = _scenario()
    table = PlayTable(game, bot_pause=0)
    times = []
    for _ in range(runs):
        table.turn_bar.press("end")                 # asked once (ending with speed unused)
        t0 = time.perf_counter()
        table.turn_bar.press("end")
        times.append(time.perf_counter() - t0)
        assert game.state.turn_number == 2 or game.state.frames
        table.undo()
    table.turn_bar.press("end")
    with MessageCounter() as mc:
        table.turn_bar.press("end")
    return times, (mc.count, mc.bytes)


def bench_odds_slider(runs: int = RUNS, cold: bool = False) -> tuple[list[float], tuple[int, int]]:
    from windward_nb import odds
    from windward_widgets.odds_explorer import OddsExplorer

    ox = OddsExplorer(attacker="ship", defender="red")
    ox.attacker.tokens.value = 1
    ox.attacker.cards["harpoon"].value = 2
    slider = ox.attacker.cannons
    times = []
    for k in range(runs):
        value = 1 + k % 3
        if slider.value == value:
            value = 0
        if cold:
            odds.clear_cache()
        t0 = time.perf_counter()
        slider.value = value
        times.append(time.perf_counter() - t0)
    with MessageCounter() as mc:
        slider.value = (slider.value + 1) % 4
    return times, (mc.count, mc.bytes)


def bench_race_click(runs: int = 100) -> tuple[list[float], tuple[int, int]]:
    import dicerace
    import dicerace_view
    from windward_widgets.base import PlayTable

    t = PlayTable(dicerace.new_game(players=2, seed=3), view=dicerace_view.VIEW, bot_pause=0)
    target = dicerace_view.CARD0 + 2                 # bid the 3 (player 2 is human: no bot answers)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        t.board.click(target)
        times.append(time.perf_counter() - t0)
        t.undo()
    with MessageCounter() as mc:
        t.board.click(target)
    return times, (mc.count, mc.bytes)


def child(widgets_dir: Path, quick: bool) -> dict:
    _setup(widgets_dir)
    import windward_widgets
    from windward_widgets import GameBoard, PlayTable

    where = Path(windward_widgets.__file__).resolve().parent
    assert where == (widgets_dir / "windward_widgets").resolve(), f"measured {where}, wanted {widgets_dir}"
    n = 60 if quick else RUNS
    out = {
        "hex click -> board marks updated (GameBoard)": bench_board_click(lambda g: GameBoard(g), runs=n),
        "hex click -> whole PlayTable updated": bench_board_click(lambda g: PlayTable(g, bot_pause=0), runs=n // 3),
        "End turn (confirmed) -> whole PlayTable updated": bench_turn_button(runs=n // 3),
        "OddsExplorer slider -> charts updated": bench_odds_slider(runs=n),
        "  the same with the odds caches cleared": bench_odds_slider(runs=n // 3, cold=True),
    }
    if (widgets_dir / "windward_widgets" / "base").is_dir():
        out["Dice Race card click -> shell PlayTable updated"] = bench_race_click(runs=n // 2)
    return {k: {"times": v[0], "messages": v[1]} for k, v in out.items()}


# =============================================================================== comparing (the parent)
def _git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()


def before_ref() -> str | None:
    """The last commit before ``widgets/windward_widgets/base`` was added (None if unknown)."""
    try:
        added = _git("log", "--diff-filter=A", "--format=%H", "--", "widgets/windward_widgets/base/__init__.py")
    except (subprocess.CalledProcessError, FileNotFoundError):
        return None
    first = added.splitlines()[-1] if added else ""
    return f"{first}^" if first else None


def unpack(ref: str, into: Path) -> Path:
    """The ``widgets/`` folder of commit ``ref``, unpacked under ``into``."""
    archive = into / "widgets.tar"
    with open(archive, "wb") as f:
        subprocess.run(["git", "archive", "--format=tar", ref, "widgets/windward_widgets"], cwd=ROOT, stdout=f,
                       check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")
    return into / "widgets"


def run_child(widgets_dir: Path, quick: bool) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(widgets_dir), str(ROOT)] + ([env["PYTHONPATH"]]
                                                                         if env.get("PYTHONPATH") else []))
    done = subprocess.run([sys.executable, __file__, "--child", str(widgets_dir)] + (["--quick"] if quick else []),
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    if done.returncode:
        raise RuntimeError(f"the measurement of {widgets_dir} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.splitlines()[-1])


def main(argv: list[str]) -> int:
    if "--child" in argv:
        print(json.dumps(child(Path(argv[argv.index("--child") + 1]), "--quick" in argv)))
        return 0
    strict = "--strict" in argv
    quick = "--quick" in argv
    ref = argv[argv.index("--before") + 1] if "--before" in argv else before_ref()
    import ipywidgets

    print(f"{platform.platform()} | Python {platform.python_version()} | ipywidgets {ipywidgets.__version__}")
    samples: dict[str, dict[str, list[float]]] = {"after": {}, "before": {}}
    messages: dict[str, dict[str, tuple]] = {"after": {}, "before": {}}
    with tempfile.TemporaryDirectory(prefix="ww-bench-") as tmp:
        old = None
        if ref:
            try:
                old = unpack(ref, Path(tmp))
            except (subprocess.CalledProcessError, FileNotFoundError) as exc:
                print(f"(no comparison: cannot unpack the widgets of {ref}: {exc})")
        sides = [("after", ROOT / "widgets")] + ([("before", old)] if old else [])
        for _ in range(1 if quick else ROUNDS):
            for side, folder in sides:                      # alternate, so drift hits both alike
                for name, r in run_child(folder, quick).items():
                    samples[side].setdefault(name, []).extend(r["times"])
                    messages[side][name] = tuple(r["messages"])
    missed, slower = [], []
    print(f"now (after) vs the widgets of {ref[:12] if ref else '-'} (before), today's engine for both; "
          f"{1 if quick else ROUNDS} alternating rounds")
    for name, times in samples["after"].items():
        s = stats(times)
        msgs, size = messages["after"][name]
        goal = ""
        if "PlayTable" not in name and "Race" not in name:
            goal = " ok" if s["median"] < GOAL_MS else " MISSED"
            if goal == " MISSED":
                missed.append(name)
        line = (f"{name:50s} median {s['median']:6.2f} ms  p90 {s['p90']:6.2f} ms ({s['runs']} runs; {msgs} "
                f"messages, {size / 1024:.1f} KiB){goal}")
        if name in samples["before"]:
            b = stats(samples["before"][name])
            ratio = s["median"] / b["median"]
            bm, bs = messages["before"][name]
            line += f" | before {b['median']:6.2f} ms ({bm} messages, {bs / 1024:.1f} KiB) ratio {ratio:.2f}"
            if ratio > MAX_SLOWDOWN:
                slower.append(name)
                line += " SLOWER"
        print(line)
    print(f"goal: median < {GOAL_MS:.0f} ms for the board click and the slider; after/before <= {MAX_SLOWDOWN:.2f}")
    if slower:
        print("slower than before by more than 10 %: " + ", ".join(slower))
    return 1 if (strict and (missed or slower)) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
