"""The Binder environment in ``binder/``: pins agree with pyproject.toml and resolve for Binder.

Binder (repo2docker) reads ``runtime.txt`` (Python version), installs ``requirements.txt`` and
then runs ``postBuild``, which installs the project itself without dependencies. So every
runtime dependency of the project, and JupyterLab, must be pinned in ``requirements.txt``, and
each pin must fall inside the range pyproject.toml allows.

``test_requirements_resolve_for_binder_python`` asks pip to resolve the whole environment as a
fresh install for CPython 3.12 on manylinux x86_64, wheels only (``--dry-run --ignore-installed
--target``, so nothing here is used or changed). It needs the package index; it skips when the
index cannot be reached, except in CI (``CI=true``), where that is a failure.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import Version

try:
    import tomllib
except ImportError:  # Python 3.10
    tomllib = pytest.importorskip("tomli")

REPO = Path(__file__).resolve().parents[1]
BINDER = REPO / "binder"
BINDER_PYTHON = "3.12"
# The notebooks need a kernel and the JupyterLab side of ipywidgets; both must come with the pins.
MUST_RESOLVE = ("ipykernel", "jupyterlab-widgets", "widgetsnbextension", "bqscales", "traittypes")


def _pyproject() -> dict:
    with open(REPO / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]


def _project_requirements() -> dict[str, list[Requirement]]:
    """Every requirement named in pyproject.toml (runtime and extras), by canonical name."""
    project = _pyproject()
    out: dict[str, list[Requirement]] = {}
    for text in [*project["dependencies"], *(r for extra in project.get("optional-dependencies", {}).values() for r in extra)]:
        req = Requirement(text)
        out.setdefault(canonicalize_name(req.name), []).append(req)
    return out


def _pins() -> dict[str, Requirement]:
    pins: dict[str, Requirement] = {}
    for n, raw in enumerate((BINDER / "requirements.txt").read_text().splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        req = Requirement(line)
        name = canonicalize_name(req.name)
        assert name not in pins, f"binder/requirements.txt line {n}: {req.name} is pinned twice"
        pins[name] = req
    return pins


def _pinned_version(req: Requirement) -> Version:
    specs = list(req.specifier)
    assert len(specs) == 1 and specs[0].operator == "==" and "*" not in specs[0].version, (
        f"binder/requirements.txt: {req} must be an exact pin (name==version)"
    )
    return Version(specs[0].version)


def test_every_requirement_is_an_exact_pin():
    pins = _pins()
    assert pins, "binder/requirements.txt pins nothing"
    for req in pins.values():
        _pinned_version(req)
        assert not req.marker and not req.url and not req.extras, f"keep pins plain: {req}"


def test_runtime_dependencies_and_jupyterlab_are_pinned():
    pins = _pins()
    wanted = [canonicalize_name(Requirement(r).name) for r in _pyproject()["dependencies"]] + ["jupyterlab"]
    missing = [name for name in wanted if name not in pins]
    assert not missing, f"binder/requirements.txt does not pin {', '.join(missing)}"


def test_lab_extra_is_pinned():
    """Binder is the workbook's lab environment: the Voila app, charts and progress bars included."""
    pins = _pins()
    lab = [canonicalize_name(Requirement(r).name) for r in _pyproject()["optional-dependencies"]["lab"]]
    assert "voila" in lab, "Voila belongs to the lab extra (the play table runs as a Voila app)"
    missing = [name for name in lab if name not in pins]
    assert not missing, f"binder/requirements.txt does not pin the lab extra's {', '.join(missing)}"


def test_pins_satisfy_pyproject_ranges():
    project = _project_requirements()
    problems = []
    for name, pin in _pins().items():
        version = _pinned_version(pin)
        for req in project.get(name, []):
            if not req.specifier.contains(version, prereleases=True):
                problems.append(f"{pin} is outside pyproject.toml's {req}")
    assert not problems, "\n".join(problems)


def test_runtime_is_python_312_and_allowed_by_pyproject():
    lines = [l.strip() for l in (BINDER / "runtime.txt").read_text().splitlines() if l.strip()]
    assert lines == [f"python-{BINDER_PYTHON}"], f"binder/runtime.txt should say python-{BINDER_PYTHON}, got {lines}"
    requires = SpecifierSet(_pyproject()["requires-python"])
    assert requires.contains(f"{BINDER_PYTHON}.0"), f"pyproject requires-python {requires} excludes {BINDER_PYTHON}"


def test_postbuild_installs_the_project_without_dependencies():
    post = BINDER / "postBuild"
    text = post.read_text()
    assert text.startswith("#!"), "postBuild needs a shebang line"
    assert os.access(post, os.X_OK), "postBuild must be executable (chmod +x)"
    assert "set -e" in text, "postBuild should stop at the first failing command"
    commands = [l.strip() for l in text.splitlines() if l.strip() and not l.lstrip().startswith("#")]
    install = [c for c in commands if re.search(r"\bpip install\b", c)]
    assert len(install) == 1, f"expected one pip install in postBuild, got {install}"
    words = install[0].split()
    assert "--no-deps" in words, "postBuild must not pull unpinned dependencies (--no-deps)"
    assert words[-1] == "." or words[-2:] == ["-e", "."], f"postBuild should install the checkout: {install[0]}"


def test_start_notebook_exists():
    # The Binder link opens this notebook (urlpath=lab/tree/notebooks/00-start-here.ipynb).
    assert (REPO / "notebooks" / "00-start-here.ipynb").is_file()


_NETWORK_ERRORS = ("NewConnectionError", "Network is unreachable", "Temporary failure in name resolution",
                   "Name or service not known", "ConnectTimeout", "Connection refused", "ProxyError",
                   "No route to host", "Max retries exceeded")


@pytest.mark.slow
def test_requirements_resolve_for_binder_python(tmp_path):
    """A fresh install of binder/requirements.txt resolves on CPython 3.12 from wheels alone."""
    report = tmp_path / "report.json"
    cmd = [
        sys.executable, "-m", "pip", "install", "--dry-run", "--ignore-installed", "--quiet",
        "--disable-pip-version-check", "--no-input", "--retries", "1", "--timeout", "30",
        "--target", str(tmp_path / "target"), "--report", str(report),
        "--python-version", BINDER_PYTHON, "--implementation", "cp", "--abi", "cp" + BINDER_PYTHON.replace(".", ""),
        "--platform", "manylinux_2_28_x86_64", "--platform", "manylinux_2_17_x86_64",
        "--platform", "manylinux2014_x86_64", "--only-binary=:all:",
        "-r", str(BINDER / "requirements.txt"),
    ]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=170, cwd=tmp_path)
    except subprocess.TimeoutExpired:
        pytest.fail("pip took more than 170 s to resolve binder/requirements.txt")
    output = proc.stdout + proc.stderr
    if proc.returncode != 0 and any(sign in output for sign in _NETWORK_ERRORS):
        reason = "the package index cannot be reached, so the Binder environment was not resolved"
        if os.environ.get("CI") == "true":
            pytest.fail(f"{reason} (CI=true, so this fails instead of skipping)\n{output[-3000:]}", pytrace=False)
        pytest.skip(reason)
    assert proc.returncode == 0, f"binder/requirements.txt does not resolve for Python {BINDER_PYTHON}:\n{output[-4000:]}"

    resolved = {canonicalize_name(item["metadata"]["name"]): Version(item["metadata"]["version"])
                for item in json.loads(report.read_text())["install"]}
    for name, pin in _pins().items():
        assert resolved.get(name) == _pinned_version(pin), f"{pin} resolved to {resolved.get(name)}"
    missing = [name for name in MUST_RESOLVE if name not in resolved]
    assert not missing, f"the Binder environment would lack {', '.join(missing)}"
    # Dependencies the pins pull in must still satisfy pyproject.toml (e.g. an extra's range).
    for name, reqs in _project_requirements().items():
        if name in resolved:
            for req in reqs:
                assert req.specifier.contains(resolved[name], prereleases=True), (
                    f"Binder would install {name} {resolved[name]}, outside pyproject.toml's {req}"
                )


@pytest.mark.slow
def test_binder_environment_installs_into_a_fresh_venv(tmp_path):
    """Install binder/requirements.txt and then the project exactly as postBuild does into a new
    virtual environment (this machine's Python, not Binder's 3.12), and import everything a
    notebook needs from it."""
    import venv

    env = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env)
    py = env / "bin" / "python"
    base = [str(py), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-input"]
    proc = subprocess.run(base + ["-r", str(BINDER / "requirements.txt")], capture_output=True, text=True,
                          timeout=600)
    output = proc.stdout + proc.stderr
    if proc.returncode != 0 and any(sign in output for sign in _NETWORK_ERRORS):
        reason = "the package index cannot be reached, so the Binder environment was not installed"
        if os.environ.get("CI") == "true":
            pytest.fail(f"{reason} (CI=true, so this fails instead of skipping)\n{output[-3000:]}", pytrace=False)
        pytest.skip(reason)
    assert proc.returncode == 0, output[-4000:]
    proc = subprocess.run(base + ["--no-deps", str(REPO)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    check = ("import windward_nb as ww, windward_widgets as w, bqplot, ipywidgets, jupyterlab, voila, matplotlib; "
             "from windward_nb import report; assert report.rate(7, 10) == '70% (40–89%)'; "
             "g = ww.new_game(players=3, seed=1); w.GameBoard(g); print('ok', ww.__version__)")
    proc = subprocess.run([str(py), "-c", check], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert proc.returncode == 0 and proc.stdout.startswith("ok"), proc.stdout[-2000:] + proc.stderr[-2000:]
    # The regular (non-editable) install has the windward command; outside a checkout its server
    # shows the current folder, inside one the checkout.
    proc = subprocess.run([str(env / "bin" / "windward"), "--version"], capture_output=True, text=True,
                          timeout=120, cwd=tmp_path)
    assert proc.returncode == 0 and proc.stdout.strip() == f"windward {_pyproject()['version']}", proc.stderr
    where = "import pathlib, windward_nb.commands.servers as c; print(c.server_root(pathlib.Path.cwd()))"
    for cwd, root in ((tmp_path, tmp_path), (REPO / "notebooks", REPO)):
        proc = subprocess.run([str(py), "-c", where], capture_output=True, text=True, timeout=120, cwd=cwd)
        assert proc.returncode == 0 and Path(proc.stdout.strip()) == root.resolve(), proc.stdout + proc.stderr
