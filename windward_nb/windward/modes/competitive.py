"""The competitive modes: every captain for themself, the first to the notoriety goal wins.

These are Windward's base rules, so neither mode changes anything; they differ
only in how many captains sit at the table.
"""

from __future__ import annotations

from ..hooks import Hooks, register


class FreeForAll(Hooks):
    name = "free-for-all"
    kind = "mode"
    title = "Free-for-all"

    def players(self, edition: str) -> tuple[int, int]:
        return (3, 5)


class HeadToHead(Hooks):
    name = "head-to-head"
    kind = "mode"
    title = "Head-to-head"

    def players(self, edition: str) -> tuple[int, int]:
        return (2, 2)


FREE_FOR_ALL = register(FreeForAll())
HEAD_TO_HEAD = register(HeadToHead())
