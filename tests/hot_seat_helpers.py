"""What a person at a play table can see, as data: every widget value and text, for comparing two
tables whose games differ only in a secret (see tests/test_hot_seat.py).

:func:`snapshot` walks a widget and everything it holds (children, layouts, styles, a board's
marks and scales), recording each synced value (numpy arrays as lists). With ``visible=True`` a
widget laid out with ``display: none`` (and all it holds) is left out: nobody can see it.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from ipywidgets import Widget


def _plain(v: Any) -> Any:
    if isinstance(v, np.ndarray):
        return _plain(v.tolist())
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in sorted(v.items(), key=lambda kv: str(kv[0]))}
    if isinstance(v, (bytes, memoryview)):
        return bytes(v).hex()
    if isinstance(v, float):
        return round(v, 9)
    return v


def snapshot(root: Widget, visible: bool = False) -> list[tuple[str, str, dict[str, Any]]]:
    """``(path, widget type, values)`` for ``root`` and every widget under it, in a fixed order."""
    out: list[tuple[str, str, dict[str, Any]]] = []
    seen: set[int] = set()

    def walk(w: Widget, path: str) -> None:
        if id(w) in seen:
            return
        seen.add(id(w))
        layout = getattr(w, "layout", None)
        if visible and isinstance(layout, Widget) and (getattr(layout, "display", None) == "none"
                                                       or getattr(layout, "visibility", None) == "hidden"):
            return
        values: dict[str, Any] = {}
        for name in sorted(w.keys):
            if name.startswith("_") and name not in ("_dom_classes",):
                continue
            v = getattr(w, name)
            if isinstance(v, Widget):
                walk(v, f"{path}.{name}")
            elif isinstance(v, (list, tuple)) and any(isinstance(x, Widget) for x in v):
                for i, x in enumerate(v):
                    if isinstance(x, Widget):
                        walk(x, f"{path}.{name}[{i}]")
            elif isinstance(v, dict) and any(isinstance(x, Widget) for x in v.values()):
                for k in sorted(v):
                    if isinstance(v[k], Widget):
                        walk(v[k], f"{path}.{name}[{k}]")
            else:
                values[name] = _plain(v)
        out.append((path, type(w).__name__, values))

    walk(root, "table")
    return out


def differences(a: list, b: list, limit: int = 8) -> list[str]:
    """Where two snapshots differ, in words (empty when they are the same)."""
    out = []
    if len(a) != len(b):
        out.append(f"{len(a)} widgets against {len(b)}")
    for (pa, ta, va), (pb, tb, vb) in zip(a, b):
        if (pa, ta) != (pb, tb):
            out.append(f"{pa} ({ta}) against {pb} ({tb})")
        elif va != vb:
            keys = [k for k in sorted(set(va) | set(vb)) if va.get(k) != vb.get(k)]
            out.append(f"{pa} ({ta}): " + "; ".join(f"{k}: {str(va.get(k))[:160]!r} != {str(vb.get(k))[:160]!r}"
                                                    for k in keys[:3]))
        if len(out) >= limit:
            break
    return out
