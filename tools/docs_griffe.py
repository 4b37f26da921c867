"""A Griffe extension for the API pages: read this project's docstrings as Markdown.

The docstrings are written for readers of the source and for doctest: examples
are ``>>>`` sessions, and names are cross-referenced with Sphinx roles
(``:class:`~windward_nb.core.game.Game```). Before mkdocstrings renders a
docstring this extension

- puts every ``>>>`` session (with its expected output) in a fenced ``pycon``
  block, so that output such as ``['N', 'NE']`` is shown as code rather than
  read as Markdown links;
- turns each role into a cross-reference to the object's API entry, shown as
  code; a name that has no entry (a private helper, a name written
  relative to its module) stays plain code instead of failing the build.
"""

from __future__ import annotations

import re
from typing import Any

from griffe import Extension, Object

_ROLE = re.compile(r":(?:py:)?(?:class|func|meth|mod|data|attr|exc|obj|const):`(~?)([^`]+?)`")
_FENCE = re.compile(r"^\s*(```|~~~)")


def _reference(match: re.Match) -> str:
    short, target = match.group(1), " ".join(match.group(2).split())
    titled = re.fullmatch(r"(.+?)\s*<([^<>]+)>", target)  # Sphinx's "title <target>"
    if titled:
        shown, identifier = titled.group(1), titled.group(2).removesuffix("()")
    else:
        identifier = target.removesuffix("()")
        shown = target.rsplit(".", 1)[-1] if short else target
    return f'<autoref identifier="{identifier}" optional><code>{shown}</code></autoref>'


def _fence_doctests(text: str) -> str:
    out: list[str] = []
    lines = text.split("\n")
    i, in_fence = 0, False
    while i < len(lines):
        line = lines[i]
        if _FENCE.match(line):
            in_fence = not in_fence
        stripped = line.lstrip()
        if not in_fence and stripped.startswith(">>>"):
            indent = line[: len(line) - len(stripped)]
            block = []
            while i < len(lines) and lines[i].strip():
                block.append(lines[i])
                i += 1
            if out and out[-1].strip():
                out.append("")
            out += [f"{indent}```pycon", *block, f"{indent}```"]
            continue
        out.append(line)
        i += 1
    return "\n".join(out)


def markdown_docstring(text: str) -> str:
    """A docstring with its doctest sessions fenced and its Sphinx roles made into cross-references."""
    fenced = _fence_doctests(text)
    parts = re.split(r"(```pycon\n.*?```)", fenced, flags=re.S)  # roles inside examples stay as written
    return "".join(p if p.startswith("```pycon") else _ROLE.sub(_reference, p) for p in parts)


class MarkdownDocstrings(Extension):
    """Rewrite each docstring once: when its object is loaded, and the root package's too."""

    def __init__(self) -> None:
        super().__init__()
        self._done: set[int] = set()

    def _rewrite(self, obj: Object) -> None:
        if obj.docstring is not None and id(obj.docstring) not in self._done:
            obj.docstring.value = markdown_docstring(obj.docstring.value)
            self._done.add(id(obj.docstring))

    def on_instance(self, *, obj: Object, **kwargs: Any) -> None:
        self._rewrite(obj)

    def on_object(self, *, obj: Object, **kwargs: Any) -> None:
        self._rewrite(obj)

    def on_package(self, *, pkg: Object, **kwargs: Any) -> None:
        self._rewrite(pkg)
