"""Benchmark the widgets' kernel-side update paths.

Run from the project root:

    python benchmarks/widgets.py            # report
    python benchmarks/widgets.py --strict   # also exit 1 if a goal is missed

Measured with ``time.perf_counter`` in the kernel process (no browser): the time
from a call of the handler a browser event would run to the return of that
handler, with every mark updated and every widget message serialised (the
messages go to ipywidgets' comm, which is a no-op outside a kernel). So the
figures exclude the network and the browser's drawing.

* hex click -> board marks updated: ``GameBoard.click(i)`` on a highlighted hex:
  the engine applies the move, and pieces, highlights, costs, hover texts and the
  status line are redrawn in place. Between timed clicks the move is undone
  (untimed). Also measured for the whole ``PlayTable`` (board, every panel and log).
* slider -> chart updated: setting an ``OddsExplorer`` slider (attacker cannons),
  which recomputes the exact odds, both bar charts, the summary and the heat map
  (the attacker also holds a token and two harpoons, so bonuses are in play). The odds
  module caches distributions; a second figure clears its caches before every change.

Goal: median under 30 ms for both.
"""

from __future__ import annotations

import json
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "widgets")]

import ipywidgets  # noqa: E402

import windward_nb as ww  # noqa: E402
from windward_widgets import GameBoard, PlayTable  # noqa: E402
from windward_widgets.odds_explorer import OddsExplorer  # noqa: E402

GOAL_MS = 30.0
RUNS = 200


def _scenario():
    return ww.scenario(players=3, wind=3, ships=[{"pos": "0,-3", "rowers": 2, "boats": ["2,-2"]}, {"pos": "port"},
                                                 {"pos": "-2,2"}], greys=["2,-3"])


def stats(samples: list[float]) -> dict[str, float]:
    ms = sorted(x * 1000 for x in samples)
    return {"median": statistics.median(ms), "p90": ms[int(0.9 * (len(ms) - 1))], "min": ms[0], "runs": len(ms)}


class MessageCounter:
    """Counts the widget messages (and their JSON size) that a call sends to the browser."""

    def __enter__(self):
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
        ipywidgets.Widget._send = self._orig


def bench_board_click(make, runs: int = RUNS) -> tuple[dict, tuple[int, int]]:
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
    return stats(times), (mc.count, mc.bytes)


def bench_odds_slider(runs: int = RUNS, cold: bool = False) -> tuple[dict, tuple[int, int]]:
    from windward_nb import odds

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
    return stats(times), (mc.count, mc.bytes)


def main() -> int:
    strict = "--strict" in sys.argv
    print(f"{platform.platform()} | Python {platform.python_version()} | ipywidgets {ipywidgets.__version__}")
    results = {
        "hex click -> board marks updated (GameBoard)": bench_board_click(lambda g: GameBoard(g)),
        "hex click -> whole PlayTable updated": bench_board_click(lambda g: PlayTable(g), runs=60),
        "OddsExplorer slider -> charts updated": bench_odds_slider(),
        "  the same with the odds caches cleared": bench_odds_slider(runs=60, cold=True),
    }
    missed = []
    for name, (s, (msgs, size)) in results.items():
        goal = "" if "PlayTable" in name else (" ok" if s["median"] < GOAL_MS else " MISSED")
        if goal == " MISSED":
            missed.append(name)
        print(f"{name:48s} median {s['median']:6.2f} ms  p90 {s['p90']:6.2f} ms  min {s['min']:6.2f} ms "
              f"({s['runs']} runs; {msgs} messages, {size / 1024:.1f} KiB){goal}")
    print(f"goal: median < {GOAL_MS:.0f} ms for the board click and the slider")
    return 1 if (strict and missed) else 0


if __name__ == "__main__":
    sys.exit(main())
