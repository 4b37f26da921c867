"""The end of the game: item bonuses and the tie-breakers (END OF GAME VP BONUSES, GAME TIE BREAKERS).

The sheet's text and its board picture give different bonuses; the option
``end_bonus`` picks one (``"text"``, the default, or ``"board"``):

>>> BONUS_TABLES["text"]
{'wind': 3, 'weapons': 3, 'crew': 2, 'provisions': 1, 'marker': 2}
>>> end_bonus({"wind": 10, "weapons": 4, "crew": 5, "provisions": 2, "markers": 1}, "text")
{'wind': 3, 'weapons': 1, 'crew': 2, 'provisions': 2, 'markers': 2}
>>> end_bonus({"wind": 10, "weapons": 4, "crew": 5, "provisions": 2, "markers": 1}, "board")
{'wind': 0, 'weapons': 1, 'crew': 1, 'provisions': 1, 'markers': 2}
"""

from __future__ import annotations

from typing import Any

from .components import COMPONENTS, ITEMS

BONUS_TABLES: dict[str, dict[str, int]] = {k: dict(v["value"]) for k, v in COMPONENTS.values["end_bonus"].items()}


def end_bonus(holdings: dict[str, int], table: str) -> dict[str, int]:
    """VP per bonus line for one player's ``holdings`` (wind cubes, items, number of markers)."""
    per = BONUS_TABLES[table]
    out = {}
    for key in ("wind", *ITEMS):
        n = per[key]
        out[key] = holdings[key] // n if n else 0
    out["markers"] = holdings["markers"] * per["marker"]
    return out


def holdings(s: Any, seat: int) -> dict[str, int]:
    return {"wind": s.wind_cubes[seat], **{k: s.tally[k][seat] for k in ITEMS}, "markers": len(s.markers_of(seat))}


def tie_key(s: Any, seat: int) -> tuple:
    """What ranks ``seat`` at the end, best first when sorted descending: VP, then the tie-breakers in order."""
    key: tuple[Any, ...] = (s.vp[seat], s.blackbeard == seat, len(s.markers_of(seat)), s.markers["weapons"] == seat,
           s.markers["crew"] == seat, len(s.hands[seat]))
    if s.options.get("tournament"):
        # closest clockwise after Blackbeard's holder (the holder already won the second key)
        key += (-((seat - s.blackbeard) % s.players),)
    return key


def winners(s: Any) -> list[int]:
    """The seats that win once every tie-breaker has been applied (several only if still level)."""
    keys = [tie_key(s, i) for i in range(s.players)]
    best = max(keys)
    return [i for i, k in enumerate(keys) if k == best]


def deciding_breaker(s: Any) -> str:
    """Which step decided the game, in words ('' when VP alone did)."""
    names = ["VP", "holding Blackbeard's tile", "most advantage markers", "the Most Weapons marker",
             "the Largest Crew marker", "most unused action cards", "closest clockwise from Blackbeard"]
    keys = sorted((tie_key(s, i) for i in range(s.players)), reverse=True)
    if len(keys) < 2:
        return ""
    a, b = keys[0], keys[1]
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return "" if i == 0 else names[i]
    return "nothing: a shared victory"
