"""Saving a play table's record without letting the widget write anywhere else (any game).

A person types only a *name*; the folder is fixed in Python (``records_dir``, by
default ``./records/``). A name is letters, digits, ``-`` and ``_`` (1-64 of them),
saved as ``<name><suffix>`` inside that folder (the suffix of the game's record
format, e.g. ``.drr.json``); an existing file is replaced only
when the *Overwrite* box is ticked for that save. Under Voila (or with
``server_writes=False``) nothing is written on the server: the field offers the
record as a download instead.

>>> import tempfile, windward_nb as ww
>>> folder = tempfile.mkdtemp()
>>> record_file_name("first game", ".drr.json")
Traceback (most recent call last):
...
windward_widgets.base.save_field.RecordNameError: a record name may hold only letters, digits, - and _ (no spaces, dots or slashes): 'first game'
>>> record_file_name("first-game", ".drr.json")
'first-game.drr.json'
>>> record_target(folder, "first-game.drr.json", suffix=".drr.json").name
'first-game.drr.json'
"""  # noqa: E501  (a doctest shows a long error message verbatim)

from __future__ import annotations

import base64
import html
import os
import re
from pathlib import Path
from typing import Any
from collections.abc import Callable

import ipywidgets as widgets

__all__ = ["SaveField", "RecordNameError", "record_file_name", "record_target", "running_under_voila",
           "RECORD_SUFFIX", "DEFAULT_RECORDS_DIR"]

RECORD_SUFFIX = ".json"      # a game passes its own (".wwr.json", ".drr.json" ...)
DEFAULT_RECORDS_DIR = "records"
MAX_NAME = 64
_NAME = re.compile(r"[A-Za-z0-9_-]+")
_RESERVED = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(1, 10)), *(f"LPT{i}" for i in range(1, 10))}
#: environment variables a Voila server sets for its kernels
VOILA_ENV = ("VOILA_REQUEST_URL", "VOILA_SERVER_URL", "VOILA_BASE_URL", "VOILA_APP_PORT", "VOILA_KERNEL_ID")


class RecordNameError(ValueError):
    """A record name or place that the save field refuses (nothing is written)."""


def running_under_voila(environ: Any = None) -> bool:
    """True in a kernel started by Voila (it sets ``VOILA_*`` variables for its kernels)."""
    env = os.environ if environ is None else environ
    return any(env.get(k) for k in VOILA_ENV)


def record_file_name(name: str, suffix: str = RECORD_SUFFIX) -> str:
    """``<name><suffix>`` for a safe name (the suffix may already be there), else
    :class:`RecordNameError` saying what is wrong."""
    if not isinstance(name, str):
        raise RecordNameError(f"a record name is text, not {type(name).__name__}")
    stem = name.strip()
    if stem.lower().endswith(suffix):
        stem = stem[: -len(suffix)]
    if not stem:
        raise RecordNameError("type a name for the record, e.g. my-first-game")
    if len(stem) > MAX_NAME:
        raise RecordNameError(f"a record name has at most {MAX_NAME} characters, this one has {len(stem)}")
    if not _NAME.fullmatch(stem):
        raise RecordNameError("a record name may hold only letters, digits, - and _ "
                              f"(no spaces, dots or slashes): {name!r}")
    if stem.upper() in _RESERVED:
        raise RecordNameError(f"{stem!r} is a reserved device name on Windows; choose another")
    return stem + suffix


def record_target(folder: str | os.PathLike, name: str, overwrite: bool = False,
                  suffix: str = RECORD_SUFFIX) -> Path:
    """The file a record named ``name`` is saved to inside ``folder`` (created if missing).

    Refuses (:class:`RecordNameError`) an unsafe name, an existing file unless
    ``overwrite``, and anything at that path that is not a plain file (a folder, a
    link, a device).
    """
    file_name = record_file_name(name, suffix)
    root = Path(folder).expanduser()
    if root.exists() and not root.is_dir():
        raise RecordNameError(f"the records folder {str(root)!r} is not a folder")
    root.mkdir(parents=True, exist_ok=True)
    root = root.resolve()
    target = root / file_name
    if target.is_symlink():
        raise RecordNameError(f"{file_name} in {root} is a link; records are saved only as plain files")
    if target.exists():
        if not target.is_file():
            raise RecordNameError(f"{file_name} in {root} is not a plain file")
        if not overwrite:
            raise RecordNameError(f"{file_name} already exists in {root}; tick Overwrite to replace it, "
                                  "or choose another name")
    if target.parent != root:  # cannot happen with a safe name; kept as a last guard
        raise RecordNameError(f"{name!r} would leave the records folder")
    return target


def download_html(file_name: str, text: str) -> str:
    """A link that downloads ``text`` as ``file_name`` in the browser (nothing on the server)."""
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    name = html.escape(file_name, quote=True)
    return (f'<a class="ww-download" download="{name}" href="data:application/json;charset=utf-8;base64,{data}" '
            f'style="font-weight:bold">⬇ Download {name}</a>')


class SaveField(widgets.HBox):
    """Name field, *Overwrite* tick and *Save record* button for a game record.

    ``get_record()`` returns the record to save (a :class:`windward_nb.GameRecord`).
    ``records_dir`` is where files go (set in Python only: the widget has no way to
    change it). With ``server_writes=False`` the button prepares a download link
    instead of writing a file; ``None`` (the default) means: write, except under Voila.
    ``report(text, kind)`` receives what happened (e.g. a table's message area).
    ``suffix`` is the record format's file suffix.
    """

    suffix = RECORD_SUFFIX

    def __init__(self, get_record: Callable[[], Any], *, records_dir: str | os.PathLike = DEFAULT_RECORDS_DIR,
                 name: str = "my-game", server_writes: bool | None = None,
                 report: Callable[[str, str], Any] | None = None, suffix: str | None = None, **kwargs: Any):
        self.get_record = get_record
        if suffix is not None:
            self.suffix = suffix
        self.records_dir = Path(records_dir)
        self.server_writes = (not running_under_voila()) if server_writes is None else bool(server_writes)
        self.report = report
        self.name = widgets.Text(value=name, description="Record name:", placeholder="letters, digits, - and _",
                                 style={"description_width": "auto"}, layout=widgets.Layout(width="17em"))
        self.name.add_class("ww-record-name")
        self.overwrite = widgets.Checkbox(value=False, description="Overwrite", indent=False,
                                          layout=widgets.Layout(width="7.5em"))
        self.overwrite.add_class("ww-record-overwrite")
        self.button = widgets.Button(description="Save record" if self.server_writes else "Prepare download",
                                     icon="save" if self.server_writes else "download",
                                     tooltip=(f"save as <name>{self.suffix} in {self.records_dir}/"
                                              if self.server_writes else "download the record to this computer"))
        self.button.on_click(lambda _b: self._clicked())
        self.link = widgets.HTML(value="")
        self.link.add_class("ww-record-link")
        self.last_path: Path | None = None
        hide = [] if self.server_writes else [self.overwrite]
        for w in hide:
            w.layout.display = "none"
        super().__init__(children=[self.name, self.overwrite, self.button, self.link],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center"), **kwargs)
        self.add_class("ww-save-field")

    def _say(self, text: str, kind: str) -> None:
        if self.report is not None:
            self.report(text, kind)

    def _clicked(self) -> None:
        try:
            self.save()
        except RecordNameError as exc:
            self._say(f"Not saved: {exc}.", "warning")
        except OSError as exc:
            self._say(f"Not saved: {exc.strerror or exc} ({exc.filename or self.records_dir}).", "warning")

    def save(self) -> Path | str:
        """Save (or, without server writes, prepare the download) and return the path or file name."""
        file_name = record_file_name(self.name.value, self.suffix)
        record = self.get_record()
        if not self.server_writes:
            self.link.value = download_html(file_name, record.to_json())
            self._say(f"Your record ({len(record.actions)} actions) is ready: click Download {file_name} to keep "
                      "it on this computer. Nothing was written on the server.", "ok")
            return file_name
        target = record_target(self.records_dir, self.name.value, overwrite=self.overwrite.value,
                               suffix=self.suffix)
        record.save(target)
        self.last_path = target
        self.overwrite.value = False      # each overwrite is asked for again
        self.link.value = f'<span class="ww-saved-path" style="font-size:12px">saved to {html.escape(str(target))}</span>'
        self._say(f"Saved {len(record.actions)} actions to {target}.", "ok")
        return target
