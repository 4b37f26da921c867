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
import re
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


def imports(path: Path, name: str, *, module_level: bool, type_checking: bool = False) -> set[str]:
    """Absolute names a file imports (``from x import y`` gives x and x.y); ``module_level`` leaves out
    imports inside functions, and TYPE_CHECKING blocks are skipped unless ``type_checking``."""
    is_package = path.name == "__init__.py"
    package = name if is_package else name.rpartition(".")[0]
    out: set[str] = set()

    def visit(node: ast.AST, top: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child) and not type_checking:
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
            assert top in sys.stdlib_module_names or top in ("numpy", "windward_nb", "distributed", "tqdm", "pandas", "pyarrow", "scipy",
                                                                "matplotlib"), \
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


def project_files(packages: tuple[str, ...] = ("windward_nb", "windward_widgets")) -> list[tuple[Path, str]]:
    """(path, module name) of every module of ``packages`` (``windward_widgets`` lives under ``widgets/``)."""
    out: list[tuple[Path, str]] = []
    for package in packages:
        if package == "windward_widgets" or package.startswith("windward_widgets."):
            directory = WIDGETS / Path(*package.split(".")[1:])
            out += [(p, module_name(p, directory, package)) for p in files_of(directory)] if directory.is_dir() else []
        else:
            out += package_files(package)
    return out


def import_graph(packages: str | tuple[str, ...], *, module_level: bool, type_checking: bool = False,
                 facades: bool = True) -> dict[str, set[str]]:
    """module -> the modules of ``packages`` it imports. ``facades=False`` leaves the packages'
    ``__init__`` modules out, as importers and as targets: a package's ``__init__`` only gathers
    names for its users (a facade), so an edge through it says nothing about who needs whom."""
    files = project_files((packages,) if isinstance(packages, str) else packages)
    modules = {n for _, n in files}
    packages_init = {n for p, n in files if p.name == "__init__.py"}
    graph: dict[str, set[str]] = {}
    for path, name in files:
        if not facades and name in packages_init:
            continue
        targets = set()
        for imp in imports(path, name, module_level=module_level, type_checking=type_checking):
            # "from pkg import sub" names the submodule when there is one, else the package
            while imp and imp not in modules:
                imp = imp.rpartition(".")[0]
            if imp and imp != name and (facades or imp not in packages_init):
                targets.add(imp)
        graph[name] = targets
    # a package's __init__ importing its own submodules is how a package is built, not a cycle
    for name in list(graph):
        graph[name] = {t for t in graph[name] if not name.startswith(t + ".")}
    return graph


def every_import_graph() -> dict[str, set[str]]:
    """The graph the house rules speak of: every import of ``windward_nb`` and ``windward_widgets``,
    inside function bodies and under ``TYPE_CHECKING`` too, module to module, the packages'
    ``__init__`` facades left out."""
    return import_graph(("windward_nb", "windward_widgets"), module_level=False, type_checking=True, facades=False)


def test_no_import_cycles_in_windward_nb():
    assert _cycles(import_graph("windward_nb", module_level=True)) == []


def test_no_import_cycle_even_inside_functions():
    """Every import counts, a function body's and a type checker's too: a cycle hidden in a
    function is still two modules that cannot be read (or changed) one without the other."""
    graph = every_import_graph()
    assert len(graph) > 150 and "windward_widgets.base.play_table" in graph
    assert _cycles(graph) == []


@pytest.mark.parametrize("game", ["windward", "northwind", "plunder", "tailwinds"])
def test_no_import_cycles_in_a_game_even_inside_functions(game):
    graph = import_graph(f"windward_nb.{game}", module_level=False, type_checking=True)
    assert len(graph) > 10 and _cycles(graph) == []


def test_the_graph_reads_function_bodies_type_checking_and_leaves_facades_out(tmp_path, monkeypatch):
    pkg = tmp_path / "windward_nb"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from .sub import a\n")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "a.py").write_text("def later():\n    from . import b\n")
    (pkg / "sub" / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import x\n"
                                      "import windward_nb\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    graph = import_graph("windward_nb", module_level=False, type_checking=True, facades=False)
    assert graph == {"windward_nb.sub.a": {"windward_nb.sub.b"}, "windward_nb.sub.b": {"windward_nb.sub.a"}}
    assert _cycles(graph) == [["windward_nb.sub.a", "windward_nb.sub.b"]]
    assert _cycles(import_graph("windward_nb", module_level=True)) == []


def test_the_cycle_finder_finds_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


@pytest.mark.parametrize("old, new", [("engine", "windward.engine"), ("state", "windward.state"),
                                      ("variants", "windward.modes"), ("actions", "windward.actions"),
                                      ("lessons", "windward.lessons")])
def test_old_module_paths_are_aliases_of_the_moved_modules(old, new, monkeypatch):
    import importlib

    import windward_nb

    monkeypatch.delitem(sys.modules, f"windward_nb.{old}", raising=False)
    if old in vars(windward_nb):  # (hasattr would ask the package's __getattr__, which warns)
        monkeypatch.delattr(windward_nb, old)
    with pytest.warns(FutureWarning, match=f"windward_nb.{old} is deprecated and goes in windward-nb 0.3: "
                                           f"use windward_nb.{new}") as caught:
        module = importlib.import_module(f"windward_nb.{old}")
    assert module is importlib.import_module(f"windward_nb.{new}")
    assert caught[0].filename == __file__  # the warning points at the line that used the old path


# ------------------------------------------------------------------------------ the layers, by every import
def _own(imp: str) -> bool:
    return imp.split(".")[0] in ("windward_nb", "windward_widgets")


def test_the_core_imports_only_the_core_by_every_import():
    """Inside functions and for the type checker too: the core stands on the standard library,
    numpy and itself."""
    bad = [f"{path.relative_to(ROOT)} imports {imp}" for path, name in package_files("windward_nb.core")
           for imp in sorted(imports(path, name, module_level=False, type_checking=True))
           if _own(imp) and not (imp == "windward_nb.core" or imp.startswith("windward_nb.core."))]
    assert bad == []


def test_a_game_imports_only_the_core_and_itself_by_every_import():
    modules = {n for _, n in project_files()}
    bad = set()
    for game in GAMES.values():
        for path, name in package_files(game):
            for imp in imports(path, name, module_level=False, type_checking=True):
                while imp and imp not in modules:  # "from x import name" names x
                    imp = imp.rpartition(".")[0]
                if _own(imp) and not (imp == game or imp.startswith(game + ".") or imp == "windward_nb.core"
                                      or imp.startswith("windward_nb.core.")):
                    bad.add(f"{path.relative_to(ROOT)} imports {imp}")
    assert sorted(bad) == []


#: modules that draw or say what a table shows: the pictures, the views (and Windward's coach, its
#: view's words), the replay page, and every widget. (``core.html`` only formats tables of values.)
RENDERING = re.compile(r"^windward_widgets(\.|$)|^windward_nb\..*\.(svg|view|gameview|coach|replay_page)$")
#: the rules protocol and each game's rules and state
RULES_AND_STATE = re.compile(r"^windward_nb\.(core|windward|northwind|plunder|tailwinds)\.(rules|state)$")


def reach(graph: dict[str, set[str]], start: str) -> dict[str, list[str]]:
    """Every module ``start`` imports, directly or not, with one chain of imports that gets there."""
    paths = {start: [start]}
    todo = [start]
    while todo:
        here = todo.pop(0)
        for there in sorted(graph.get(here, ())):
            if there not in paths:
                paths[there] = paths[here] + [there]
                todo.append(there)
    del paths[start]
    return paths


def test_rules_and_state_import_no_rendering_module_even_through_others():
    """The rules protocol knows nothing of pictures (a picture of a state is drawn through the
    registry's ``display``, the one bridge); nor does any game's rules or state, by any chain of imports."""
    graph = every_import_graph()
    starts = [m for m in graph if RULES_AND_STATE.match(m)]
    assert len(starts) >= 9 and "windward_nb.core.rules" in starts
    chains = [" -> ".join(path) for m in sorted(starts) for there, path in reach(graph, m).items()
              if RENDERING.search(there)]
    assert chains == []


def test_reach_follows_chains():
    assert reach({"a": {"b"}, "b": {"c"}, "c": {"a"}}, "a") == {"b": ["a", "b"], "c": ["a", "b", "c"]}
    assert RENDERING.search("windward_nb.northwind.svg") and RENDERING.search("windward_widgets.base.turn")
    assert not RENDERING.search("windward_nb.core.html") and RULES_AND_STATE.match("windward_nb.plunder.state")


# ------------------------------------------------------------------------------ parts are asked of the registry
#: the modules that may import by name: the registry (a game's parts, imported on first use) and the
#: shim of the deprecated module paths
BY_NAME = ("windward_nb/core/registry.py", "windward_nb/_compat.py")


def imports_by_name(path: Path) -> list[int]:
    """Lines of ``path`` that import a module by a computed name: ``import_module`` (even in a
    comment: the rule is the one ``grep -rn import_module`` checks) or a call of ``__import__``."""
    text = path.read_text()
    lines = [i for i, line in enumerate(text.splitlines(), 1) if "import_module" in line]
    lines += [node.lineno for node in ast.walk(ast.parse(text)) if isinstance(node, ast.Call)
              and getattr(node.func, "id", getattr(node.func, "attr", "")) == "__import__"]
    return sorted(set(lines))


def test_only_the_registry_imports_by_name():
    found = sorted(str(path.relative_to(ROOT)) for path, _ in project_files() if imports_by_name(path))
    assert [f for f in found if f not in BY_NAME] == []


def test_the_by_name_finder_finds_them(tmp_path):
    f = tmp_path / "m.py"
    f.write_text("import importlib\nx = importlib.import_module('json')\ny = __import__('os')\nz = 1\n")
    assert imports_by_name(f) == [2, 3]


def parts_read_off_a_package(path: Path) -> list[int]:
    """Lines of ``path`` that read something off a game's package (``GameType.load().BOTS``,
    ``getattr(game.load(), ...)``): a part found by the name it has there, not asked of the registry."""
    return sorted({node.lineno for node in ast.walk(ast.parse(path.read_text()))
                   if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                   and node.func.attr == "load" and not node.args and not node.keywords
                   and not (isinstance(node.func.value, ast.Name) and node.func.value.id in ("json", "yaml", "pickle"))})


def test_a_games_parts_are_asked_of_the_registry_not_read_off_its_package():
    found = {str(path.relative_to(ROOT)): lines for path, _ in project_files()
             if (lines := parts_read_off_a_package(path)) and not str(path.relative_to(ROOT)).endswith("registry.py")}
    assert found == {}


def test_the_package_reading_finder_finds_them(tmp_path):
    f = tmp_path / "m.py"
    f.write_text("import json\nb = get('x').load().BOTS\nt = getattr(game.load(), 'BOTS', None)\n"
                 "d = json.load(fp)\nok = registry.part('x', 'bots')\n")
    assert parts_read_off_a_package(f) == [2, 3]


# ------------------------------------------------------------------------------ the figures (issue 30's report)
def function_local_imports() -> dict[str, int]:
    """Module -> how many import statements inside its functions name a module of the project."""
    out: dict[str, int] = {}
    for path, name in project_files():
        count = sum(1 for fn in ast.walk(ast.parse(path.read_text()))
                    if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
                    for node in _body_imports(fn)
                    if (isinstance(node, ast.ImportFrom) and (node.level or _own(node.module or "")))
                    or (isinstance(node, ast.Import) and any(_own(a.name) for a in node.names)))
        if count:
            out[name] = count
    return out


def _body_imports(fn: ast.AST) -> list[ast.AST]:
    """Import statements in ``fn``'s own body (not in the functions nested in it, counted on their own)."""
    out: list[ast.AST] = []
    stack = list(ast.iter_child_nodes(fn))
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            out.append(node)
        stack.extend(ast.iter_child_nodes(node))
    return out


def report() -> str:
    graph = every_import_graph()
    local = function_local_imports()
    by_name = {str(p.relative_to(ROOT)): imports_by_name(p) for p, _ in project_files() if imports_by_name(p)}
    lines = [f"{len(graph)} modules, {sum(map(len, graph.values()))} edges (every import, facades left out)",
             f"function-local imports of the project's modules: {sum(local.values())} in {len(local)} modules"]
    lines += [f"  {n:3d} {m}" for m, n in sorted(local.items(), key=lambda kv: (-kv[1], kv[0]))]
    cycles = _cycles(graph)
    lines.append(f"cycles: {len(cycles)}")
    lines += [f"  {len(c)}: {' '.join(c)}" for c in cycles]
    lines.append(f"import by name: {sum(map(len, by_name.values()))} lines in {len(by_name)} files")
    lines += [f"  {f}: lines {', '.join(map(str, ls))}" for f, ls in sorted(by_name.items())]
    return "\n".join(lines)


if __name__ == "__main__":
    print(report())
