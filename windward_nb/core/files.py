"""Reading and writing files safely: bounded, strict, atomic.

- :func:`read_bounded` reads a *regular* file of at most ``max_bytes`` (a FIFO,
  a device such as ``/dev/zero`` or a directory is refused before any read).
- :func:`loads_strict` decodes JSON text refusing duplicate keys, NaN and
  infinities, and bounding the number of values and the nesting depth before
  the parser builds anything, so an adversarial file costs bounded memory.
- :func:`atomic_write_text` writes through a temporary file in the same folder
  and renames it into place: a crash leaves the old file or the new one. An
  existing file keeps its permission bits; a new file gets the umask's.
"""

from __future__ import annotations

import json
import os
import re
import stat
import tempfile
from pathlib import Path
from typing import Any


class FileFormatError(ValueError):
    """A file or text that cannot be read as asked (too big, not a regular file, bad JSON ...)."""


MAX_VALUES = 2_000_000  #: JSON values (objects, lists, strings, numbers ...) in one document
MAX_DEPTH = 64  #: JSON nesting depth

_STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"')
_VALUE_STARTS = re.compile(rb'[\[{]|-?[0-9]+|true|false|null')


def read_bounded(path: str | os.PathLike, max_bytes: int) -> bytes:
    """The bytes of the regular file ``path``, refusing anything else and anything larger."""
    p = os.fspath(path)
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise FileFormatError(f"cannot read {p}: {exc.strerror or exc}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            kind = ("a folder" if stat.S_ISDIR(st.st_mode) else "a pipe" if stat.S_ISFIFO(st.st_mode)
                    else "a device" if stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode) else "not a file")
            raise FileFormatError(f"cannot read {p}: it is {kind}, not a regular file")
        if st.st_size > max_bytes:
            raise FileFormatError(f"{p} is {st.st_size} bytes; files over {max_bytes} bytes are refused")
        chunks = []
        total = 0
        while True:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > max_bytes:
                raise FileFormatError(f"{p} grew past {max_bytes} bytes while being read; refused")
        return b"".join(chunks)
    finally:
        os.close(fd)


def _refuse_constant(name: str) -> Any:
    raise FileFormatError(f"is not valid JSON: {name} is not a JSON number")


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise FileFormatError(f"is not valid JSON for a record: the key {k!r} appears twice in one object")
        out[k] = v
    return out


def loads_strict(text: str | bytes, *, max_bytes: int, max_values: int = MAX_VALUES,
                 max_depth: int = MAX_DEPTH) -> Any:
    """Decode JSON strictly: bounded size, values and depth; no duplicate keys, NaN or infinity."""
    if isinstance(text, str):
        if len(text) > max_bytes:
            raise FileFormatError(f"is {len(text)} characters; over {max_bytes} is refused")
        raw = text.encode("utf-8", "surrogatepass")
    elif isinstance(text, (bytes, bytearray, memoryview)):
        raw = bytes(text)
        if len(raw) > max_bytes:
            raise FileFormatError(f"is {len(raw)} bytes; over {max_bytes} is refused")
    else:
        raise FileFormatError(f"text must be a string or bytes, got {type(text).__name__}")
    # Count before parsing: strings are blanked, then every value start is counted (C speed).
    bare = _STRINGS.sub(b'""', raw)
    values = bare.count(b'"') // 2 + len(_VALUE_STARTS.findall(bare)) if len(bare) > 4096 else 0
    if values > max_values:
        raise FileFormatError(f"holds about {values} values; at most {max_values} are allowed")
    depth = 0
    deepest = 0
    if bare.count(b"[") + bare.count(b"{") > max_depth:
        for ch in bare.translate(None, delete=bytes(set(range(256)) - set(b"[]{}"))):
            depth += 1 if ch in (91, 123) else -1
            if depth > deepest:
                deepest = depth
                if deepest > max_depth:
                    raise FileFormatError(f"is nested more than {max_depth} deep")
    try:
        decoded = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileFormatError(f"is not UTF-8 text: {exc}") from None
    try:
        return json.loads(decoded, object_pairs_hook=_pairs, parse_constant=_refuse_constant)
    except FileFormatError:
        raise
    except (ValueError, RecursionError) as exc:
        raise FileFormatError(f"is not valid JSON: {exc}") from None


def _current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def atomic_write_text(path: str | os.PathLike, text: str) -> Path:
    """Write ``text`` to ``path`` atomically, keeping an existing file's permissions.

    Errors name ``path`` (never the temporary file). Temporary files that an
    interrupted earlier save of the same path left behind are removed.
    """
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    prefix = f".{target.name}."
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = 0o666 & ~_current_umask()
    except OSError as exc:
        raise OSError(exc.errno, f"{exc.strerror} ({target})") from None
    _clean_orphans(directory, prefix)
    try:
        fd, tmp = tempfile.mkstemp(dir=directory, prefix=prefix, suffix=".tmp")
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise OSError(exc.errno, exc.strerror) from None
        raise
    return target


def _clean_orphans(directory: Path, prefix: str) -> None:
    try:
        names = os.listdir(directory)
    except OSError:
        return
    for name in names:
        if name.startswith(prefix) and name.endswith(".tmp"):
            try:
                os.unlink(directory / name)
            except OSError:
                pass
