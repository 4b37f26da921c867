"""Saving a play table's record without letting the widget write anywhere else.

A person types only a *name*; the folder is fixed in Python (``records_dir``, by
default ``./records/``). A name is letters, digits, ``-`` and ``_`` (1-64 of them),
saved as ``<name>.wwr.json`` inside that folder; an existing file is replaced only
when the *Overwrite* box is ticked for that save. Under Voila (or with
``server_writes=False``) nothing is written on the server: the field offers the
record as a download instead. (The field itself is the shell's,
:mod:`windward_widgets.base.save_field`; this module gives it Windward's suffix.)

>>> import tempfile, windward_nb as ww
>>> folder = tempfile.mkdtemp()
>>> record_file_name("first game")
Traceback (most recent call last):
...
windward_widgets.base.save_field.RecordNameError: a record name may hold only letters, digits, - and _ (no spaces, dots or slashes): 'first game'
>>> record_file_name("first-game")
'first-game.wwr.json'
>>> record_target(folder, "first-game.wwr.json").name
'first-game.wwr.json'
"""  # noqa: E501  (a doctest shows a long error message verbatim)

from __future__ import annotations

import os
from pathlib import Path

from .base import save_field as _base
from .base.save_field import (DEFAULT_RECORDS_DIR, MAX_NAME, VOILA_ENV, RecordNameError,  # noqa: F401
                              download_html, running_under_voila)

__all__ = ["SaveField", "RecordNameError", "record_file_name", "record_target", "running_under_voila",
           "RECORD_SUFFIX", "DEFAULT_RECORDS_DIR"]

RECORD_SUFFIX = ".wwr.json"


def record_file_name(name: str, suffix: str = RECORD_SUFFIX) -> str:
    """``<name>.wwr.json`` for a safe name (``.wwr.json`` may already be there), else
    :class:`RecordNameError` saying what is wrong."""
    return _base.record_file_name(name, suffix)


def record_target(folder: str | os.PathLike, name: str, overwrite: bool = False,
                  suffix: str = RECORD_SUFFIX) -> Path:
    """The file a record named ``name`` is saved to inside ``folder`` (see
    :func:`windward_widgets.base.save_field.record_target`)."""
    return _base.record_target(folder, name, overwrite, suffix)


class SaveField(_base.SaveField):
    """Name field, *Overwrite* tick and *Save record* button for a Windward record (``.wwr.json``)."""

    suffix = RECORD_SUFFIX
