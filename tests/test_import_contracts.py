"""The layers keep their promises about what they import.

- ``windward_nb.core`` imports no game (nor the game registry of ``windward_nb.games``);
- the games never import each other;
- no engine module imports ipywidgets, bqplot, IPython or tqdm when it is imported
  (a progress bar may import tqdm inside the function that draws it);
- ``windward_widgets.base`` (the widget shell every game shares) imports no game;
- Windward's base rules import no mode or variant, not even inside a function: the
  modes hook in through ``windward_nb.windward.hooks``;
- the modules of ``windward_nb`` have no import cycle.

Imports are read from the source with ``ast`` (relative imports resolved), and
the widget-free promise is also checked by importing every engine module in a
fresh interpreter and looking at ``sys.modules``.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "windward_nb"
WIDGETS = ROOT / "widgets" / "windward_widgets"
GAMES = {"windward": "windward_nb.windward", "north-wind": "windward_nb.northwind",
         "winds-of-plunder": "windward_nb.plunder", "tailwinds": "windward_nb.tailwinds"}
WIDGET_LIBRARIES = ("ipywidgets", "bqplot", "IPython", "tqdm")


def module_name(path: Path, root: Path, top: str) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join([top, *parts])


def files_of(directory: Path) -> list[Path]:
    return sorted(p for p in directory.rglob("*.py") if "__pycache__" not in p.parts)


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports(path: Path, name: str, *, module_level: bool) -> set[str]:
    """Absolute names a file imports (``from x import y`` gives x and x.y), skipping TYPE_CHECKING blocks;
    ``module_level`` leaves out imports inside functions."""
    is_package = path.name == "__init__.py"
    package = name if is_package else name.rpartition(".")[0]
    out: set[str] = set()

    def visit(node: ast.AST, top: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child):
                for other in child.orelse:
                    visit(other, top)
                continue
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                if not module_level:
                    visit(child, False)
                continue
            if isinstance(child, ast.Import):
                out.update(alias.name for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")
                    base = base[: len(base) - (child.level - 1)]
                    mod = ".".join(base + ([child.module] if child.module else []))
                else:
                    mod = child.module or ""
                out.add(mod)
                out.update(f"{mod}.{alias.name}" for alias in child.names if alias.name != "*")
            visit(child, top)

    visit(ast.parse(path.read_text(), str(path)), True)
    return out


def package_files(dotted: str) -> list[tuple[Path, str]]:
    directory = ROOT / Path(*dotted.split("."))
    return [(p, module_name(p, directory, dotted)) for p in files_of(directory)] if directory.is_dir() else []


def offending(files: list[tuple[Path, str]], forbidden: tuple[str, ...], *, module_level: bool) -> list[str]:
    out = []
    for path, name in files:
        for imp in sorted(imports(path, name, module_level=module_level)):
            if any(imp == f or imp.startswith(f + ".") for f in forbidden):
                out.append(f"{path.relative_to(ROOT)} imports {imp}")
    return out


# ------------------------------------------------------------------------------ the contracts
def test_the_scanner_reads_relative_and_function_level_imports(tmp_path):
    pkg = tmp_path / "pkg" / "sub"
    pkg.mkdir(parents=True)
    f = pkg / "mod.py"
    f.write_text("from ..other import thing\nfrom . import sibling\nimport os\n"
                 "if TYPE_CHECKING:\n    import hidden\n"
                 "def later():\n    from ..modes import white\n")
    top = imports(f, "pkg.sub.mod", module_level=True)
    assert {"pkg.other", "pkg.other.thing", "pkg.sub", "pkg.sub.sibling", "os"} <= top
    assert "hidden" not in top and "pkg.modes" not in top
    assert "pkg.modes.white" in imports(f, "pkg.sub.mod", module_level=False)


def test_the_core_imports_no_game():
    core = package_files("windward_nb.core")
    assert len(core) >= 15
    games = tuple(GAMES.values()) + ("windward_nb.games", "windward_nb.windward.view", "windward_nb.windward.coach", "windward_widgets")
    assert offending(core, games, module_level=False) == []
    # nothing outside the core package but the standard library and numpy
    for path, name in core:
        for imp in imports(path, name, module_level=False):
            top = imp.split(".")[0]
            assert top != "windward_nb" or imp.startswith("windward_nb.core"), f"{path.name} imports {imp}"
            assert top in sys.stdlib_module_names or top in ("numpy", "windward_nb", "distributed", "tqdm", "pandas", "pyarrow", "scipy"), \
                f"{path.name} imports {imp}"


def test_games_never_import_each_other():
    present = {name: package_files(mod) for name, mod in GAMES.items()}
    assert present["windward"], "the windward package is missing"
    for name, files in present.items():
        others = tuple(mod for other, mod in GAMES.items() if other != name)
        assert offending(files, others, module_level=False) == [], name


def test_windward_base_rules_import_no_mode():
    base = [(p, n) for p, n in package_files("windward_nb.windward")
            if ".modes" not in n and n != "windward_nb.windward"]
    names = {n.rsplit(".", 1)[-1] for _, n in base}
    assert {"engine", "battle", "orders", "cresters", "movement", "rules", "state", "hooks", "frames"} <= names
    assert offending(base, ("windward_nb.windward.modes",), module_level=False) == []


def test_the_widget_shell_imports_no_game():
    shell = [(p, module_name(p, WIDGETS, "windward_widgets")) for p in files_of(WIDGETS / "base")] \
        if (WIDGETS / "base").is_dir() else []
    games = tuple(GAMES.values())
    assert offending(shell, games, module_level=False) == []
    for path, name in shell:  # only the core of windward_nb
        for imp in imports(path, name, module_level=False):
            assert not imp.startswith("windward_nb") or imp.startswith("windward_nb.core"), f"{path} imports {imp}"


def test_no_engine_module_imports_widget_libraries_at_module_level():
    engine = [(p, n) for p, n in package_files("windward_nb")]
    assert offending(engine, WIDGET_LIBRARIES, module_level=True) == []


def test_importing_every_engine_module_loads_no_widget_library():
    names = sorted(n for _, n in package_files("windward_nb") if not n.endswith("__main__"))
    code = ("import importlib, json, sys\n"
            f"for name in {names!r}:\n    importlib.import_module(name)\n"
            f"print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in {WIDGET_LIBRARIES!r})))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module, or a module importing itself (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def strong(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1 or v in graph.get(v, ()):
                out.append(sorted(comp))

    sys.setrecursionlimit(10_000)
    for v in list(graph):
        if v not in index:
            strong(v)
    return out


def import_graph(package: str, *, module_level: bool) -> dict[str, set[str]]:
    files = package_files(package)
    modules = {n for _, n in files}
    graph: dict[str, set[str]] = {}
    for path, name in files:
        targets = set()
        for imp in imports(path, name, module_level=module_level):
            # "from pkg import sub" names the submodule when there is one, else the package
            while imp and imp not in modules:
                imp = imp.rpartition(".")[0]
            if imp and imp != name:
                targets.add(imp)
        graph[name] = targets
    # a package's __init__ importing its own submodules is how a package is built, not a cycle
    for name in list(graph):
        graph[name] = {t for t in graph[name] if not name.startswith(t + ".")}
    return graph


def test_no_import_cycles_in_windward_nb():
    assert _cycles(import_graph("windward_nb", module_level=True)) == []


def test_no_import_cycles_in_windward_even_inside_functions():
    graph = import_graph("windward_nb.windward", module_level=False)
    assert len(graph) > 25 and _cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


@pytest.mark.parametrize("old, new", [("engine", "windward.engine"), ("state", "windward.state"),
                                      ("variants", "windward.modes"), ("actions", "windward.actions")])
def test_old_module_paths_are_aliases_of_the_moved_modules(old, new):
    import importlib

    assert importlib.import_module(f"windward_nb.{old}") is importlib.import_module(f"windward_nb.{new}")
