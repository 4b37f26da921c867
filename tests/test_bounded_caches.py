"""A process that plays game after game does not grow: every module-level cache is bounded (or
provably finite, the bound said in a comment beside it), and memory is flat after warm-up.

Issue 25: RSS went 69 -> 104 -> 145 MB over 1,100 soak games; the route search's move tables
(``windward/movement.py``: ``_KIND_NUMBERS``, ``_KIND_MOVES``, keyed by a description of a space
that included each random planet's Zephyr jumps) grew 8,487 -> 17,468 entries over 100 -> 400
GreedyBot games.

The first test reads the source: a module-level dict, set or list that a function fills is a
cache, and its definition says "bounded" or "finite" (and why); ``functools.cache`` and
``lru_cache(maxsize=None)`` are refused. The soak plays games of all four games in a child
process and checks that, after warm-up, the resident memory stays flat and the route search's
tables stop growing. CI plays a modest soak; a long one is marked slow::

    WINDWARD_MEMORY_GAMES=1000 .venv/bin/python -m pytest tests/test_bounded_caches.py -m slow -s

(``WINDWARD_MEMORY_GAMES`` Windward games after warm-up, a quarter as many of each sister game;
300 by default, which CI runs.)
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
ROOTS = ["windward_nb", "widgets/windward_widgets"]
MUTATORS = {"append", "add", "update", "setdefault", "extend", "insert", "__setitem__"}
WORDS = ("bounded", "finite")


def _containers(tree: ast.Module) -> dict[str, int]:
    out = {}
    for node in tree.body:
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        made = isinstance(value, (ast.Dict, ast.Set, ast.List, ast.DictComp, ast.SetComp, ast.ListComp)) or (
            isinstance(value, ast.Call) and getattr(value.func, "id", getattr(value.func, "attr", ""))
            in ("dict", "set", "list", "OrderedDict", "defaultdict", "deque"))
        if made:
            out.update({t.id: node.lineno for t in targets if isinstance(t, ast.Name)})
    return out


def _filled(tree: ast.Module, names: set[str]) -> set[str]:
    """The module-level containers some function adds to (so they are caches or registries)."""
    found = set()
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for n in ast.walk(fn):
            targets = n.targets if isinstance(n, ast.Assign) else [n.target] if isinstance(n, ast.AugAssign) else []
            for t in targets:
                for sub in ast.walk(t):
                    if isinstance(sub, ast.Subscript) and isinstance(sub.value, ast.Name) and sub.value.id in names:
                        found.add(sub.value.id)
            if (isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and isinstance(n.func.value, ast.Name)
                    and n.func.value.id in names and n.func.attr in MUTATORS):
                found.add(n.func.value.id)
    return found


def _said(lines: list[str], lineno: int) -> bool:
    """A bound is said on the definition's line or in the comment lines right above it."""
    i = lineno - 1
    near = [lines[i]]
    j = i - 1
    while j >= 0 and lines[j].lstrip().startswith("#"):
        near.append(lines[j])
        j -= 1
    return any(w in line.lower() for line in near for w in WORDS)


def test_every_module_level_cache_says_its_bound():
    unbounded, silent = [], []
    for root in ROOTS:
        for path in sorted((REPO / root).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            tree = ast.parse(text)
            lines = text.splitlines()
            rel = path.relative_to(REPO)
            containers = _containers(tree)
            for name in sorted(_filled(tree, set(containers))):
                if not _said(lines, containers[name]):
                    silent.append(f"{rel}:{containers[name]} {name}")
            for node in ast.walk(tree):
                if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    continue
                for d in node.decorator_list:
                    text_d = ast.unparse(d)
                    if text_d in ("cache", "functools.cache") or "maxsize=None" in text_d or text_d in (
                            "lru_cache", "functools.lru_cache"):  # lru_cache without maxsize is 128: say so
                        unbounded.append(f"{rel}:{node.lineno} @{text_d} {node.name}")
    assert not unbounded, "give these caches a maxsize: " + ", ".join(unbounded)
    assert not silent, "say (in a comment: 'bounded: ...' or 'finite: ...') how these caches are bounded: " + \
        ", ".join(silent)


# ============================================================================== memory over many games
SOAK = r'''
import gc, json, sys
from windward_nb.core.simulate import play_game
from windward_nb.windward import movement

plan = json.loads(sys.argv[1])
def rss():
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * 4096
out = {}
for game, players, warm, more in plan:
    index = 0
    def play(k):
        global index
        for _ in range(k):
            play_game(game, players, "greedy", seed=index, max_actions=4000)
            index += 1
        gc.collect()
    play(warm)
    before, kinds = rss(), len(movement._KIND_NUMBERS)
    play(more)
    out[game] = {"before": before, "after": rss(), "games": more, "kinds_before": kinds,
                 "kinds_after": len(movement._KIND_NUMBERS)}
print(json.dumps(out))
'''


def soak(plan: list[tuple[str, int, int, int]]) -> dict:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(REPO), str(REPO / "widgets")]))
    proc = subprocess.run([sys.executable, "-c", SOAK, json.dumps(plan)], capture_output=True, text=True,
                          timeout=3000, env=env, cwd=REPO)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def check_flat(figures: dict, per_game: int) -> None:
    for game, f in figures.items():
        grew = f["after"] - f["before"]
        assert grew <= per_game * f["games"] + 4 * 2**20, (
            f"{game}: memory grew {grew / 2**20:.1f} MB over {f['games']} games after warm-up "
            f"({grew / f['games'] / 1024:.0f} KB a game)")
    ww = figures.get("windward")
    if ww is not None:  # the route search's move kinds stop growing once the planets' kinds are met
        assert ww["kinds_after"] - ww["kinds_before"] <= 0.05 * ww["kinds_before"] + 20, ww


def test_memory_is_flat_after_warm_up():
    """A modest soak for CI: 80 Windward games of warm-up (the route search meets most kinds of space
    and its per-planet tables fill), then 80 more; the sister games 20 and 40. Before the fix
    Windward grew about 100 KB a game here."""
    figures = soak([("windward", 3, 80, 80), ("north-wind", 3, 20, 40), ("winds-of-plunder", 4, 20, 40),
                    ("tailwinds", 3, 20, 40)])
    check_flat(figures, per_game=16 * 1024)


@pytest.mark.slow
def test_memory_is_flat_over_a_long_run():
    n = int(os.environ.get("WINDWARD_MEMORY_GAMES", "300"))
    figures = soak([("windward", 3, 150, n), ("north-wind", 3, 50, n // 4), ("winds-of-plunder", 4, 50, n // 4),
                    ("tailwinds", 3, 50, n // 4)])
    for game, f in figures.items():
        print(f"{game}: {f['games']} games after warm-up, resident memory {f['before'] / 2**20:.1f} -> "
              f"{f['after'] / 2**20:.1f} MB ({(f['after'] - f['before']) / f['games'] / 1024:+.1f} KB a game); "
              f"move kinds {f['kinds_before']} -> {f['kinds_after']}")
    check_flat(figures, per_game=4 * 1024)
