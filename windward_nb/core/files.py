"""Files a user hands us, and files we write: bounded, strict, atomic.

Game-agnostic helpers for any JSON document a workbook loads or saves:

* :func:`read_bounded` reads a *regular* file of at most ``max_bytes``. A FIFO,
  a device such as ``/dev/zero``, a directory or a socket is refused before a
  byte is read (a FIFO is opened without blocking, so it cannot hang the
  reader), and a file that grows past the limit while being read is refused too.
* :func:`parse_json` is a strict JSON reader. Before anything is built it
  counts the values and measures the nesting of the text in one pass over its
  bytes, so a document of millions of tiny values is refused in a fraction of a
  second and in memory about twice its size. Duplicate keys, ``NaN`` and
  ``Infinity`` (and numbers too large for a float) are refused rather than
  silently resolved.
* :func:`atomic_write` replaces a file so that a crash leaves the old content
  or the new, never half of it. The new file keeps the old one's permission
  bits (a file created fresh gets the usual ``0o666`` less the umask), errors
  name the path that was asked for, and temporary files that an earlier,
  interrupted save of the same path left behind are removed.

Every refusal to read is a :class:`FileFormatError` (a ``ValueError``) whose
message names the file or the problem and reads on from a noun ("record is not
valid JSON ..."); callers turn it into their own error class. A failed write
raises the usual :class:`OSError` about the path asked for.

:func:`loads_strict` and :func:`atomic_write_text` are the same readers and
writer with a byte limit and a text argument, as :mod:`windward_nb.core.record` calls them.

>>> parse_json('{"a": [1, 2, {"b": null}]}', max_values=10, max_depth=5)
{'a': [1, 2, {'b': None}]}
>>> parse_json('{"a": 1, "a": 2}', max_values=10, max_depth=5)
Traceback (most recent call last):
...
windward_nb.core.files.FileFormatError: is not valid JSON: the key 'a' appears twice in one object
>>> parse_json("[" * 40 + "]" * 40, max_values=100, max_depth=32)
Traceback (most recent call last):
...
windward_nb.core.files.FileFormatError: is nested 40 levels deep (arrays and objects); at most 32 are allowed
"""

from __future__ import annotations

import errno
import json
import math
import os
import re
import stat
import threading
from pathlib import Path
from typing import Any

import numpy as np

__all__ = ["FileFormatError", "MAX_DEPTH", "MAX_VALUES", "atomic_write", "atomic_write_text", "loads_strict",
           "parse_json", "read_bounded", "scan_json", "temporary_files"]

MAX_VALUES = 2_000_000  #: default bound on the JSON values of one document (loads_strict)
MAX_DEPTH = 64  #: default bound on the nesting of arrays and objects (loads_strict)


class FileFormatError(ValueError):
    """A file that cannot be read, is not what it should be, or cannot be written."""


# =============================================================================== reading
def read_bounded(path: str | os.PathLike, max_bytes: int) -> bytes:
    """The bytes of the regular file at ``path``, refusing anything else or anything larger.

    >>> read_bounded("/dev/zero", 100)
    Traceback (most recent call last):
    ...
    windward_nb.core.files.FileFormatError: cannot read /dev/zero: it is a device, not a regular file
    """
    name = os.fspath(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(name, flags)
    except OSError as exc:
        raise FileFormatError(f"cannot read {name}: {_why(exc)}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileFormatError(f"cannot read {name}: it is {_kind(info.st_mode)}, not a regular file")
        if info.st_size > max_bytes:
            raise FileFormatError(f"{name} is {info.st_size} bytes; files over {max_bytes} bytes are refused")
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > max_bytes:  # it grew while we read it (or its size was not known)
                raise FileFormatError(f"{name} is over {max_bytes} bytes; files over {max_bytes} bytes are refused")
        return b"".join(chunks)
    except OSError as exc:
        raise FileFormatError(f"cannot read {name}: {_why(exc)}") from None
    finally:
        os.close(fd)


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a file"


def _why(exc: OSError) -> str:
    if exc.errno == errno.ENOENT:
        return "no such file"
    if exc.errno == errno.EISDIR:
        return "it is a folder, not a regular file"
    return exc.strerror or str(exc)


# =============================================================================== strict JSON
_CHUNK = 1 << 20
_QUOTE, _BACKSLASH = 34, 92
_OPENS, _CLOSES, _COMMA, _COLON = (91, 123), (93, 125), 44, 58


def scan_json(text: str | bytes) -> tuple[int, int, int]:
    """``(values, depth, members)`` of a JSON text, found without building it.

    ``values`` counts every value (each array, object, string, number and
    literal is one; object keys are not counted); ``depth`` is the deepest
    nesting of arrays and objects; ``members`` counts the key-value pairs of
    all objects. Text inside strings is skipped. On text that is not valid JSON
    the figures are still upper bounds for the part a parser would accept.

    The scan is vectorised (numpy), a megabyte at a time, so its time and memory
    do not depend on how many values the text holds.

    >>> scan_json('{"a": [1, 2, {"b": "[not, \\"counted]"}]}')
    (6, 3, 2)
    >>> scan_json('[[], {}, [1]]')
    (5, 2, 0)
    """
    if isinstance(text, str):
        text = text.encode("utf-8", "surrogatepass")
    if not isinstance(text, (bytes, bytearray, memoryview)):
        raise FileFormatError(f"text must be a string or bytes, got {type(text).__name__}")
    buf = np.frombuffer(bytes(text) if not isinstance(text, bytes) else text, dtype=np.uint8)
    inside = 0  # 1 while the scan is inside a string
    slashes = 0  # backslashes that ended the previous chunk
    commas = opens = colons = empties = 0
    depth = level = 0
    previous = 0  # the last byte of the previous chunk, if outside a string
    for start in range(0, len(buf), _CHUNK):
        c = buf[start:start + _CHUNK]
        quotes = c == _QUOTE
        is_bs = c == _BACKSLASH
        if slashes or is_bs.any():
            # a quote preceded by an odd run of backslashes is escaped (only possible inside a string)
            pos = np.arange(len(c), dtype=np.int64)
            # the last byte at or before i that is not a backslash (the carried run sits before the chunk)
            last = np.maximum.accumulate(np.where(is_bs, -1 - slashes, pos))
            before = np.empty_like(last)
            before[0] = -1 - slashes
            before[1:] = last[:-1]
            run = pos - 1 - before  # backslashes right before byte i
            quotes &= (run % 2) == 0
            slashes = int(len(c) - 1 - last[-1])
        counted = np.cumsum(quotes, dtype=np.int64)
        outside = ((counted + inside) % 2 == 0) & ~quotes
        inside = int((counted[-1] + inside) % 2)
        bare = np.where(outside, c, 0).astype(np.uint8)
        commas += int(np.count_nonzero(bare == _COMMA))
        colons += int(np.count_nonzero(bare == _COLON))
        up = (bare == _OPENS[0]) | (bare == _OPENS[1])
        down = (bare == _CLOSES[0]) | (bare == _CLOSES[1])
        opens += int(np.count_nonzero(up))
        empties += int(np.count_nonzero(up[:-1] & (bare[1:] == bare[:-1] + 2)))  # [] or {}
        if previous in _OPENS and bare[0] == previous + 2:
            empties += 1
        previous = int(bare[-1])
        if up.any() or down.any():
            running = np.cumsum(up.astype(np.int8) - down.astype(np.int8), dtype=np.int64)
            depth = max(depth, level + int(running.max()))
            level += int(running[-1])
    return commas + opens + 1 - empties, depth, colons


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise FileFormatError(f"is not valid JSON: the key {key[:80]!r} appears twice in one object")
            seen.add(key)
    return out


def _no_constant(name: str) -> Any:
    raise FileFormatError(f"is not valid JSON: {name} is not a number JSON allows")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise FileFormatError(f"has a number too large for a float: {text[:40]}")
    return value


def parse_json(text: str | bytes, *, max_values: int, max_depth: int) -> Any:
    """Decode a JSON document strictly, within limits on its values and nesting.

    ``bytes`` must be UTF-8. Refuses (with :class:`FileFormatError`) text that
    is not JSON, has more than ``max_values`` values or more than ``max_depth``
    levels of arrays and objects, repeats a key within one object, or holds
    ``NaN``, ``Infinity`` or a number beyond a float's range.
    """
    values, depth, members = scan_json(text)
    if depth > max_depth:
        raise FileFormatError(f"is nested {depth} levels deep (arrays and objects); at most {max_depth} are allowed")
    if values > max_values:
        raise FileFormatError(f"has {values} values; at most {max_values} are allowed")
    if isinstance(text, (bytes, bytearray, memoryview)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise FileFormatError(f"is not UTF-8 text: {exc}") from None
    kept = [0]  # members kept in the decoded objects: fewer than in the text means a repeated key

    def count(obj: dict) -> dict:
        kept[0] += len(obj)
        return obj

    try:
        # objects are built straight into dicts (a list of pairs per object would cost a third more memory)
        value = json.JSONDecoder(object_hook=count, parse_constant=_no_constant, parse_float=_finite).decode(text)
        if kept[0] != members:
            del value  # only a repeated key (or a colon in malformed text) gets here: find and name it
            json.JSONDecoder(object_pairs_hook=_no_duplicates, parse_constant=_no_constant,
                             parse_float=_finite).decode(text)
            raise FileFormatError("is not valid JSON: a key appears twice in one object")
        return value
    except FileFormatError:
        raise
    except (ValueError, RecursionError) as exc:
        raise FileFormatError(f"is not valid JSON: {exc}") from None


def loads_strict(text: str | bytes, *, max_bytes: int, max_values: int = MAX_VALUES,
                 max_depth: int = MAX_DEPTH) -> Any:
    """:func:`parse_json` of at most ``max_bytes`` (characters, for text); anything else is refused."""
    if isinstance(text, str):
        if len(text) > max_bytes:
            raise FileFormatError(f"is {len(text)} characters; over {max_bytes} is refused")
    elif isinstance(text, (bytes, bytearray, memoryview)):
        if len(text) > max_bytes:
            raise FileFormatError(f"is {len(text)} bytes; over {max_bytes} is refused")
    else:
        raise FileFormatError(f"text must be a string or bytes, got {type(text).__name__}")
    return parse_json(text, max_values=max_values, max_depth=max_depth)


# =============================================================================== writing
_WRITING: set[str] = set()  # bounded: the temporary files this process is writing right now
_WRITING_LOCK = threading.Lock()
_TEMP = re.compile(r"\.(?P<name>.+)\.(?P<tag>[^.]+)\.tmp")  # .NAME.PID-RANDOM.tmp (or an older .NAME.RANDOM.tmp)


def _temp_name(path: Path) -> Path:
    return path.with_name(f".{path.name}.{os.getpid()}-{os.urandom(8).hex()[:8]}.tmp")


def temporary_files(path: str | os.PathLike) -> list[Path]:
    """Temporary files that saves of ``path`` made (and that are still there)."""
    path = Path(path)
    folder = path.parent
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    out = []
    for entry in names:
        m = _TEMP.fullmatch(entry)
        if m and m.group("name") == path.name:
            out.append(folder / entry)
    return sorted(out)


def _alive(tag: str) -> bool:
    """Is the process that wrote a temporary file (its name says which) still running?"""
    pid_text, dash, _ = tag.partition("-")
    if not dash or not pid_text.isdigit():
        return False  # a name without a writer's process number: an orphan of an older save
    pid = int(pid_text)
    if pid == os.getpid():
        return False  # ours: orphaned unless it is in _WRITING (checked by the caller)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True  # someone else's process, or we cannot tell: leave its file alone
    return True


def _clean_orphans(path: Path) -> None:
    """Remove temporary files of earlier saves of ``path`` whose writer is gone."""
    for tmp in temporary_files(path):
        m = _TEMP.fullmatch(tmp.name)
        with _WRITING_LOCK:
            busy = str(tmp) in _WRITING
        if busy or m is None or _alive(m.group("tag")):
            continue
        try:
            if stat.S_ISREG(os.lstat(tmp).st_mode):
                os.unlink(tmp)
        except OSError:
            pass


def _umask() -> int:
    try:  # Linux 4.7+: read it without changing it (os.umask would, for a moment, for every thread)
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    old = os.umask(0o022)
    os.umask(old)
    return old


def atomic_write(path: str | os.PathLike, data: bytes | str) -> Path:
    """Replace the file at ``path`` with ``data`` (text is written as UTF-8), all or nothing.

    Returns the path written. Failures raise the usual :class:`OSError`
    subclasses (``PermissionError``, ``IsADirectoryError``, ...) with
    ``filename`` set to ``path`` itself, never to the temporary file.
    """
    path = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    folder = path.parent
    try:
        info = os.stat(path)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise _named(exc, path) from None
    if info is not None and not stat.S_ISREG(info.st_mode):
        code = errno.EISDIR if stat.S_ISDIR(info.st_mode) else errno.EINVAL
        raise OSError(code, f"it is {_kind(info.st_mode)}, not a regular file", str(path))
    if not folder.is_dir():
        raise FileNotFoundError(errno.ENOENT, f"the folder {folder} does not exist", str(path))
    mode = stat.S_IMODE(info.st_mode) if info is not None else 0o666 & ~_umask()
    _clean_orphans(path)
    tmp = _temp_name(path)
    with _WRITING_LOCK:
        _WRITING.add(str(tmp))
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o600)
        try:
            view = memoryview(payload)
            while view:
                view = view[os.write(fd, view):]
            if hasattr(os, "fchmod"):
                os.fchmod(fd, mode)
            os.fsync(fd)
        finally:
            os.close(fd)
        if not hasattr(os, "fchmod"):
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise _named(exc, path) from None
        raise
    finally:
        with _WRITING_LOCK:
            _WRITING.discard(str(tmp))
    _sync_folder(folder)
    return path


def _named(exc: OSError, path: Path) -> OSError:
    """The same kind of error, about ``path`` (not about a temporary file)."""
    if exc.errno is None:
        return type(exc)(f"cannot save {path}: {exc}")
    return OSError(exc.errno, exc.strerror or _why(exc), str(path))


def atomic_write_text(path: str | os.PathLike, text: str) -> Path:
    """:func:`atomic_write` of text (UTF-8)."""
    return atomic_write(path, text)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX); harmless where folders cannot be opened."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
