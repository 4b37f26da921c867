"""The ``windward`` command line (``windward_nb.cli`` and ``windward_nb.commands.lab``), without starting a server.

What ``windward lab`` would run is worked out by ``plan_lab`` before anything starts, so these
tests check that plan: the server root, the notebook opened, and JupyterLab's command line
(``--allow-root`` exactly when the effective user is root). The server itself is started by
``tests/test_readme_lab.py``, through the README's command.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path, PurePosixPath

import pytest

from windward_nb import cli
from windward_nb.commands import lab, servers

REPO = Path(__file__).resolve().parents[1]


def lab_args(*argv: str) -> argparse.Namespace:
    return cli.build_parser().parse_args(["lab", *argv])


def plan(*argv: str, cwd: Path = REPO) -> lab.LabPlan:
    return lab.plan_lab(lab_args(*argv), cwd=cwd)


@pytest.fixture
def as_user(monkeypatch):
    monkeypatch.setattr(cli.os, "geteuid", lambda: 1000, raising=False)


@pytest.fixture
def as_root(monkeypatch):
    monkeypatch.setattr(cli.os, "geteuid", lambda: 0, raising=False)


@pytest.fixture
def headless(monkeypatch):
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "BROWSER"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(cli.sys, "platform", "linux")


@pytest.fixture
def desktop(monkeypatch):
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.setattr(cli.sys, "platform", "linux")


def make_checkout(folder: Path, notebooks: bool = True) -> Path:
    (folder / "windward_nb").mkdir(parents=True)
    (folder / "windward_nb" / "__init__.py").write_text("")
    (folder / "pyproject.toml").write_text('[project]\nname = "windward-nb"\n')
    (folder / "notebooks").mkdir()
    if notebooks:
        (folder / "notebooks" / "00-start-here.ipynb").write_text("{}")
        (folder / "notebooks" / "03-battle-odds.ipynb").write_text("{}")
    return folder


# ------------------------------------------------------------------------ the top-level parser


def test_help_lists_the_lab_command_with_examples(capsys):
    assert cli.main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "lab" in out and "examples:" in out and "windward lab --no-browser" in out
    assert "exit codes" in out


def test_lab_help(capsys):
    assert cli.main(["lab", "--help"]) == 0
    out = capsys.readouterr().out
    for option in ("--port", "--ip", "--no-browser", "notebook", "Ctrl+C"):
        assert option in out


def test_version_comes_from_the_package_metadata(capsys):
    from importlib.metadata import version

    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"windward {version('windward-nb')}"


def test_version_when_the_package_is_not_installed(monkeypatch):
    import importlib.metadata

    def missing(name):
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "version", missing)
    import windward_nb

    assert cli.package_version() == f"{windward_nb.__version__} (not installed)"


def test_no_command_is_a_usage_error(capsys):
    assert cli.main([]) == 2
    err = capsys.readouterr().err
    assert "choose a command" in err and "Traceback" not in err


@pytest.mark.parametrize("argv", [["fly"], ["lab", "--port", "x"], ["lab", "--port", "0"],
                                  ["lab", "--port", "65536"], ["lab", "--port", "-5"], ["lab", "--bogus"],
                                  ["lab", "a.ipynb", "b.ipynb"], ["lab", "--ip"]])
def test_bad_command_lines_exit_2_with_a_message(argv, capsys):
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert "error:" in err and "Traceback" not in err


@pytest.mark.parametrize("text", ["1", "8888", "65535"])
def test_ports_in_range_parse(text):
    assert lab_args("--port", text).port == int(text)


def test_python_dash_m_runs_the_same_command_line():
    proc = subprocess.run([sys.executable, "-m", "windward_nb", "--version"], capture_output=True, text=True,
                          timeout=60, cwd=REPO)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("windward ")
    proc = subprocess.run([sys.executable, "-m", "windward_nb", "lab", "--port", "nope"], capture_output=True,
                          text=True, timeout=60, cwd=REPO)
    assert proc.returncode == 2 and "not a port number" in proc.stderr and "Traceback" not in proc.stderr


def test_console_script_is_declared():
    try:
        import tomllib
    except ImportError:  # Python 3.10
        tomllib = pytest.importorskip("tomli")
    with open(REPO / "pyproject.toml", "rb") as f:
        scripts = tomllib.load(f)["project"]["scripts"]
    assert scripts["windward"] == "windward_nb.cli:main"


# --------------------------------------------------------------------------- root and notebook


def test_in_the_repository_the_root_is_the_checkout(as_user, headless):
    p = plan(cwd=REPO / "notebooks" / "data")
    assert p.root == REPO
    assert p.notebook == PurePosixPath("notebooks/00-start-here.ipynb")
    assert p.argv[0] == str(REPO / "notebooks" / "00-start-here.ipynb")
    assert f"--ServerApp.root_dir={REPO}" in p.argv


def test_root_outside_a_checkout_with_an_editable_install(tmp_path):
    checkout = make_checkout(tmp_path / "checkout")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    assert servers.server_root(elsewhere, package_dir=checkout / "windward_nb") == checkout


def test_root_with_a_regular_install_is_the_current_folder(tmp_path):
    site_packages = tmp_path / "venv" / "lib" / "site-packages" / "windward_nb"
    site_packages.mkdir(parents=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    assert servers.server_root(elsewhere, package_dir=site_packages) == elsewhere.resolve()
    # ...but inside a checkout, the checkout wins whatever the package was installed from.
    checkout = make_checkout(tmp_path / "checkout")
    assert servers.server_root(checkout / "notebooks", package_dir=site_packages) == checkout


def test_a_folder_without_notebooks_opens_the_file_browser_and_says_why(tmp_path, monkeypatch, as_user, headless):
    monkeypatch.setattr(servers, "PACKAGE_DIR", tmp_path / "site-packages" / "windward_nb")
    p = plan(cwd=tmp_path)
    assert p.root == tmp_path.resolve()
    assert p.notebook is None
    assert not any(a.endswith(".ipynb") for a in p.argv)
    assert any("notebooks come with" in note for note in p.notes)


def test_a_notebook_can_be_named_from_the_root_or_the_current_folder(tmp_path, as_user, headless):
    checkout = make_checkout(tmp_path / "c")
    expected = PurePosixPath("notebooks/03-battle-odds.ipynb")
    assert plan("notebooks/03-battle-odds.ipynb", cwd=checkout).notebook == expected
    assert plan("03-battle-odds.ipynb", cwd=checkout / "notebooks").notebook == expected
    assert plan("notebooks/03-battle-odds.ipynb", cwd=checkout / "notebooks").notebook == expected
    assert plan(str(checkout / expected), cwd=tmp_path / "c" / "windward_nb").notebook == expected


@pytest.mark.parametrize("name, message", [("missing.ipynb", "no such notebook"), ("notebooks", "is a folder")])
def test_a_bad_notebook_is_a_usage_error(tmp_path, name, message, capsys, monkeypatch, as_user, headless):
    checkout = make_checkout(tmp_path / "c")
    monkeypatch.chdir(checkout)
    with pytest.raises(cli.CommandError) as err:
        plan(name, cwd=checkout)
    assert message in str(err.value) and err.value.exit_code == 2
    pytest.importorskip("jupyterlab")
    from jupyterlab.labapp import LabApp

    def no_server(*args, **kwargs):
        raise AssertionError("a server was started for a bad command line")

    monkeypatch.setattr(LabApp, "initialize_server", no_server)
    assert cli.main(["lab", name]) == 2
    assert message in capsys.readouterr().err


def test_a_notebook_outside_the_root_is_refused(tmp_path, as_user, headless):
    checkout = make_checkout(tmp_path / "c")
    outside = tmp_path / "other.ipynb"
    outside.write_text("{}")
    with pytest.raises(cli.CommandError, match="outside the folder the server shows") as err:
        plan(str(outside), cwd=checkout)
    assert err.value.exit_code == 2


# ----------------------------------------------------------------------- JupyterLab's command line


def test_root_gets_allow_root(as_root, headless):
    assert "--allow-root" in plan().argv


def test_other_users_do_not(as_user, headless):
    assert "--allow-root" not in plan().argv


def test_no_geteuid_means_not_root(monkeypatch, headless):
    monkeypatch.delattr(cli.os, "geteuid", raising=False)  # Windows
    assert not servers.running_as_root()
    assert "--allow-root" not in plan().argv


def test_news_and_update_checks_are_off(as_user, headless):
    argv = plan().argv
    assert "--LabApp.news_url=None" in argv
    assert "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate" in argv


def test_port_and_ip(as_user, headless):
    argv = plan("--port", "8890", "--ip", "0.0.0.0").argv
    assert "--ServerApp.port=8890" in argv and "--ServerApp.port_retries=0" in argv
    assert "--ServerApp.ip=0.0.0.0" in argv
    default = plan().argv
    assert not any(a.startswith(("--ServerApp.port", "--ServerApp.ip")) for a in default)


def test_browser_opens_only_on_a_desktop(as_user, desktop):
    p = plan()
    assert p.open_browser and "--no-browser" not in p.argv and not p.notes
    p = plan("--no-browser")
    assert not p.open_browser and "--no-browser" in p.argv and not p.notes


def test_headless_never_opens_a_browser_and_says_so(as_user, headless):
    p = plan()
    assert not p.open_browser and "--no-browser" in p.argv
    assert any("no browser was opened" in note for note in p.notes)


def test_the_whole_command_line(as_root, headless):
    p = plan("--port", "9999", "--no-browser")
    assert p.argv == (
        str(REPO / "notebooks" / "00-start-here.ipynb"),
        f"--ServerApp.root_dir={REPO}",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--allow-root",
        "--ServerApp.port=9999",
        "--ServerApp.port_retries=0",
        "--no-browser",
    )


def test_jupyterlab_accepts_the_command_line(as_root, headless, tmp_path, monkeypatch):
    """Every option we pass is one JupyterLab knows: parse it with LabApp's own parser, no server."""
    pytest.importorskip("jupyterlab")
    from jupyter_server.serverapp import ServerApp
    from jupyterlab.labapp import LabApp

    p = plan("--port", "9999", "--ip", "127.0.0.1")
    app = ServerApp()
    app.aliases.update(LabApp.aliases)
    app.flags.update(LabApp.flags)
    monkeypatch.setenv("JUPYTER_CONFIG_DIR", str(tmp_path))
    app.parse_command_line(list(p.argv))
    assert app.allow_root is True and app.open_browser is False
    assert app.port == 9999 and app.port_retries == 0 and app.ip == "127.0.0.1"
    assert Path(app.root_dir) == REPO
    assert Path(app.file_to_run) == REPO / "notebooks" / "00-start-here.ipynb"
    lab = LabApp(config=app.config)
    assert lab.news_url is None
    assert lab.check_for_updates_class.__name__ == "NeverCheckForUpdate"


# ------------------------------------------------------------------------------ what it prints


def test_notebook_url_keeps_host_port_and_token():
    nb = PurePosixPath("notebooks/00-start-here.ipynb")
    assert (servers.notebook_url("http://127.0.0.1:8890/base/lab?token=t0k", "/base/", nb)
            == "http://127.0.0.1:8890/base/lab/tree/notebooks/00-start-here.ipynb?token=t0k")
    assert servers.notebook_url("http://localhost:8888/lab", "/", nb) == (
        "http://localhost:8888/lab/tree/notebooks/00-start-here.ipynb")
    assert servers.notebook_url("http://localhost:8888/lab?token=t", "/", None) == "http://localhost:8888/lab?token=t"
    assert "my%20games.ipynb" in servers.notebook_url("http://h:1/lab", "/", PurePosixPath("my games.ipynb"))


def test_ready_message_gives_the_url_and_how_to_stop(as_user, headless):
    text = lab.ready_message(plan(), ["http://localhost:8888/lab/tree/notebooks/00-start-here.ipynb?token=abc"])
    assert "\n    http://localhost:8888/lab/tree/notebooks/00-start-here.ipynb?token=abc\n" in text
    assert "Ctrl+C" in text and str(REPO) in text and "no browser was opened" in text


def test_missing_jupyterlab_is_a_clear_failure(monkeypatch, capsys, as_user, headless):
    import builtins

    real_import = builtins.__import__

    def no_jupyterlab(name, *args, **kwargs):
        if name.startswith("jupyterlab"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_jupyterlab)
    assert cli.main(["lab"]) == 1
    err = capsys.readouterr().err
    assert "JupyterLab is not installed" in err and ".[lab]" in err and "Traceback" not in err


@pytest.mark.parametrize("failure, message", [
    (OSError(99, "Cannot assign requested address"), "cannot listen on 8.8.8.8 port 8890: Cannot assign"),
    (SystemExit(1), "is port 8890 in use?"),
])
def test_a_server_that_cannot_start_is_a_clear_failure(failure, message, monkeypatch, capsys, as_user, headless):
    pytest.importorskip("jupyterlab")
    from jupyterlab.labapp import LabApp

    def fail(*args, **kwargs):
        raise failure

    monkeypatch.setattr(LabApp, "initialize_server", fail)
    assert cli.main(["lab", "--ip", "8.8.8.8", "--port", "8890"]) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
