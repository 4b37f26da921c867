"""A small JSON Schema checker: the one validator records use in both directions.

Each game publishes the JSON Schema (draft 2020-12) of its record format, and
the same schema object is what loading and the API's setters check against,
so whatever can be saved can be loaded, and whatever loading refuses the API
refuses when it is set. This module checks the subset of JSON Schema those
schemas use: ``type``, ``enum``, ``const``, ``minimum``/``maximum``,
``minLength``/``maxLength``, ``pattern``, ``items``, ``minItems``/``maxItems``,
``properties``, ``required``, ``additionalProperties``, ``propertyNames``,
``maxProperties`` and local ``$ref``. Free-form parts are marked with the
annotation ``"x-free-json": {"depth": D, "items": N}``: any JSON value,
nested at most D deep with at most N values in all, no NaN or infinity.

>>> s = {"type": "object", "properties": {"name": {"type": "string", "minLength": 1}},
...      "required": ["name"], "additionalProperties": False}
>>> check({"name": "Ada"}, s)
>>> check({"name": ""}, s, "players[0]")
Traceback (most recent call last):
...
windward_nb.core.errors.RecordError: players[0].name must be at least 1 character long
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import Any

from .errors import RecordError

_TYPES = {
    "string": (str,), "integer": (int,), "number": (int, float), "boolean": (bool,),
    "null": (type(None),), "array": (list,), "object": (dict,),
}
_NAMES = {"string": "text", "integer": "a whole number", "number": "a number", "boolean": "true or false",
          "null": "null", "array": "a list", "object": "an object"}


@lru_cache(maxsize=256)
def _regex(pattern: str) -> re.Pattern:
    return re.compile(pattern)


def _is_type(value: Any, t: str) -> bool:
    if isinstance(value, bool):
        return t == "boolean"
    if t == "integer" and isinstance(value, float):
        return False
    return isinstance(value, _TYPES[t])


def _join(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


def check(value: Any, schema: dict, where: str = "", root: dict | None = None) -> None:
    """Raise :class:`RecordError` (``.field`` = the path) unless ``value`` fits ``schema``."""
    root = root if root is not None else schema
    if "$ref" in schema:
        ref = schema["$ref"]
        if not ref.startswith("#/$defs/"):
            raise ValueError(f"only local $defs references are supported, not {ref!r}")
        check(value, root["$defs"][ref[len("#/$defs/"):]], where, root)
        return
    name = where or "the record"
    t = schema.get("type")
    if t is not None:
        types = t if isinstance(t, list) else [t]
        if not any(_is_type(value, x) for x in types):
            want = " or ".join(_NAMES[x] for x in types)
            raise RecordError(f"{name} should be {want}, not {_json_type(value)}", field=where or None)
    if "const" in schema and value != schema["const"]:
        raise RecordError(f"{name} must be {schema['const']!r}, got {_short(value)}", field=where or None)
    if "enum" in schema and value not in schema["enum"]:
        raise RecordError(f"{name} must be one of {', '.join(map(repr, schema['enum']))}; got {_short(value)}",
                          field=where or None)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            raise RecordError(f"{name} must be at least {schema['minimum']}, got {value}", field=where or None)
        if "maximum" in schema and value > schema["maximum"]:
            raise RecordError(f"{name} must be at most {schema['maximum']}, got {value}", field=where or None)
        if isinstance(value, float) and not math.isfinite(value):
            raise RecordError(f"{name} holds {value}, which JSON cannot store", field=where or None)
    if isinstance(value, str):
        if "minLength" in schema and len(value) < schema["minLength"]:
            n = schema["minLength"]
            raise RecordError(f"{name} must be at least {n} character{'s' if n != 1 else ''} long",
                              field=where or None)
        if "maxLength" in schema and len(value) > schema["maxLength"]:
            raise RecordError(f"{name} is {len(value)} characters; at most {schema['maxLength']} are allowed",
                              field=where or None)
        if "pattern" in schema and not _regex(schema["pattern"]).search(value):
            hint = schema.get("description", f"the pattern {schema['pattern']}")
            raise RecordError(f"{name} {_short(value)} does not fit {hint}", field=where or None)
    if isinstance(value, list):
        if "minItems" in schema and len(value) < schema["minItems"]:
            raise RecordError(f"{name} needs at least {schema['minItems']} entries, has {len(value)}",
                              field=where or None)
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            raise RecordError(f"{name} has {len(value)} entries; at most {schema['maxItems']} are allowed",
                              field=where or None)
        items = schema.get("items")
        if isinstance(items, dict):
            for i, v in enumerate(value):
                check(v, items, f"{where}[{i}]", root)
    if isinstance(value, dict):
        if "maxProperties" in schema and len(value) > schema["maxProperties"]:
            raise RecordError(f"{name} has {len(value)} entries; at most {schema['maxProperties']} are allowed",
                              field=where or None)
        for key in schema.get("required", ()):
            if key not in value:
                raise RecordError(f"{_join(where, key)} is missing", field=_join(where, key))
        props = schema.get("properties", {})
        extra = schema.get("additionalProperties", True)
        names = schema.get("propertyNames")
        for key, v in value.items():
            if not isinstance(key, str):
                raise RecordError(f"{name} has a key that is not text: {key!r}", field=where or None)
            if names is not None:
                check(key, names, f"{_join(where, key)} (a key)", root)
            if key in props:
                check(v, props[key], _join(where, key), root)
            elif extra is False:
                known = ", ".join(props) or "none"
                raise RecordError(f"{_join(where, key)} is not a known field (fields: {known})",
                                  field=_join(where, key))
            elif isinstance(extra, dict):
                check(v, extra, _join(where, key), root)
    free = schema.get("x-free-json")
    if free is not None:
        free_json(value, where, depth=free.get("depth", 16), items=free.get("items", 100_000))


def free_json(value: Any, where: str, *, depth: int = 16, items: int = 100_000, key_chars: int = 200) -> None:
    """Any JSON value, nested at most ``depth`` deep with at most ``items`` values in all,
    with text keys and finite numbers only."""
    stack = [(value, 0)]
    seen = 0
    name = where or "the value"
    while stack:
        v, d = stack.pop()
        seen += 1
        if seen > items:
            raise RecordError(f"{name} holds more than {items} values", field=where or None)
        if d > depth:
            raise RecordError(f"{name} is nested more than {depth} deep", field=where or None)
        if isinstance(v, dict):
            for k, x in v.items():
                if not isinstance(k, str):
                    raise RecordError(f"{name} has a key that is not text: {_short(k)}", field=where or None)
                if len(k) > key_chars:
                    raise RecordError(f"{name} has a key over {key_chars} characters", field=where or None)
                stack.append((x, d + 1))
        elif isinstance(v, list):
            stack.extend((x, d + 1) for x in v)
        elif isinstance(v, float):
            if not math.isfinite(v):
                raise RecordError(f"{name} holds {v}, which JSON cannot store", field=where or None)
        elif not (v is None or isinstance(v, (str, int, bool))):
            raise RecordError(f"{name} holds a {type(v).__name__}, which a record cannot store",
                              field=where or None)


def _json_type(value: Any) -> str:
    for t in ("boolean", "integer", "number", "string", "null", "array", "object"):
        if _is_type(value, t):
            return _NAMES[t]
    return type(value).__name__


def _short(value: Any, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
