"""One version source: pyproject.toml's ``[project] version``, read back through the package metadata."""

from __future__ import annotations

import importlib.metadata
from pathlib import Path

import windward_nb
from windward_nb import _version

ROOT = Path(__file__).resolve().parents[1]


def test_the_version_is_the_one_in_pyproject():
    written = _version.version_from_pyproject(ROOT / "pyproject.toml")
    assert written is not None and written[0].isdigit()
    assert windward_nb.__version__ == importlib.metadata.version("windward-nb") == written


def test_no_other_module_writes_a_version_number():
    hard_coded = [path.relative_to(ROOT) for path in (ROOT / "windward_nb").rglob("*.py")
                  if "__version__ = \"" in path.read_text(encoding="utf-8")]
    assert hard_coded == []


def test_a_source_checkout_that_was_never_installed_reads_pyproject(monkeypatch):
    def missing(name):
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(_version, "version", missing)
    assert _version.package_version() == _version.version_from_pyproject(ROOT / "pyproject.toml")


def test_without_metadata_or_pyproject_the_version_says_unknown(monkeypatch, tmp_path):
    def missing(name):
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(_version, "version", missing)
    monkeypatch.setattr(_version, "__file__", str(tmp_path / "windward_nb" / "_version.py"))
    assert _version.package_version() == _version.UNKNOWN


def test_reading_pyproject_takes_the_project_table_only(tmp_path):
    path = tmp_path / "pyproject.toml"
    path.write_text('[tool.other]\nversion = "9.9"\n\n[project]\nname = "x"\nversion = "1.2.3"\n'
                    '\n[tool.more]\nversion = "7"\n')
    assert _version.version_from_pyproject(path) == "1.2.3"
    path.write_text('[project]\nname = "x"\n\n[tool.x]\nversion = "7"\n')
    assert _version.version_from_pyproject(path) is None
    assert _version.version_from_pyproject(tmp_path / "absent.toml") is None
