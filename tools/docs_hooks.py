"""MkDocs hooks: the notebooks in ``notebooks/`` become pages of the site.

The notebooks live next to the package, not under ``docs/``, so this hook adds
every ``notebooks/*.ipynb`` to the site's files (before mkdocs-jupyter turns
them into pages from their saved outputs) and lists them under "Notebooks" in
the navigation, in file-name order, so a new notebook appears without editing
``mkdocs.yml``.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.plugins import event_priority
from mkdocs.structure.files import File

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"


def notebooks() -> list[str]:
    """Site paths of the notebooks, ``notebooks/<name>.ipynb``, sorted."""
    return [f"notebooks/{p.name}" for p in sorted(NOTEBOOKS.glob("*.ipynb"))]


def on_config(config):
    nav = config["nav"]
    if nav is not None and not any(isinstance(item, dict) and "Notebooks" in item for item in nav):
        nav.insert(1, {"Notebooks": notebooks()})
    return config


@event_priority(100)  # before mkdocs-jupyter looks for notebooks among the files
def on_files(files, config):
    for path in notebooks():
        files.append(File(path, src_dir=str(ROOT), dest_dir=config["site_dir"],
                          use_directory_urls=config["use_directory_urls"]))
    return files
