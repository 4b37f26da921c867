"""Game options: checked once, stored JSON-ready in the state and in records.

>>> check_options(players=3, track="advanced")["track"]
'AAAAAA'
>>> check_options(players=2, characters=["pirate", "sailor"])["characters"]
['pirate', 'sailor']
>>> check_options(players=5)
Traceback (most recent call last):
...
windward_nb.core.errors.OptionError: Tailwinds is for 2 to 4 players, not 5
"""

from __future__ import annotations

from typing import Any

from windward_nb.core.errors import OptionError

from .cards import ComponentError
from .state import components_for

WIND = ("roll", "half", "off")
CARD_END = ("all", "any")
LAST_PLACE = ("lane", "space")
MARKET_REFILL = ("slot", "end")

#: option -> (allowed values, what it changes) for docs and error messages
CHOICES = {
    "wind": (WIND, "how far the rolling wind moves boats: both the roll (roll), the leader half of it rounded "
                   "up (half), or no rolling winds (off)"),
    "card_end": (CARD_END, "the game ends for lack of cards when no player (all) or not every player (any) "
                           "can choose a card for a new round"),
    "last_place": (LAST_PLACE, "lanes rank boats on one space, so one boat is last (lane), or every boat on "
                               "the rearmost space shares last place (space)"),
    "market_refill": (MARKET_REFILL, "where the card drawn to refill the rainbow market goes: into the place of "
                                     "the card taken (slot), or after the cards left (end; records made before "
                                     "the option existed)"),
}


def check_options(players: Any = 2, characters: Any = None, track: Any = "standard", wind: Any = "roll",
                  card_end: Any = "all", last_place: Any = "lane", market_refill: Any = "slot",
                  components: Any = None) -> dict[str, Any]:
    """Options as stored: ``players`` 2-4; ``characters`` one distinct key per player, or
    ``None`` to deal them at random; ``track`` ``"standard"``, ``"advanced"`` or six letters
    ``S``/``A`` (one per track card, in racing order); ``wind``, ``card_end``, ``last_place``
    ``market_refill`` (see :data:`CHOICES`); ``components`` custom card data (see
    :func:`~windward_nb.tailwinds.cards.load_components`) or ``None``."""
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 4:
        raise OptionError(f"Tailwinds is for 2 to 4 players, not {players!r}")
    if components is not None and not isinstance(components, dict):
        raise OptionError("components should be a dict of card data (track, movement, rainbow) or None")
    try:
        comp = components_for(components)
    except ComponentError as exc:
        raise OptionError(f"components: {exc}") from None
    if characters is not None:
        if isinstance(characters, str) or not isinstance(characters, (list, tuple)):
            raise OptionError("characters should be a list of character keys, one per player, or None")
        chars = [c.lower() if isinstance(c, str) else c for c in characters]
        if len(chars) != players:
            raise OptionError(f"characters names {len(chars)} decks for {players} players")
        for c in chars:
            if c not in comp.characters:
                raise OptionError(f"unknown character {c!r}; characters: {', '.join(comp.characters)}")
        if len(set(chars)) != len(chars):
            raise OptionError("each player takes a different character deck")
        characters = list(chars)
    elif players > len(comp.characters):
        raise OptionError(f"only {len(comp.characters)} character decks for {players} players")
    n = len(comp.track)
    if not isinstance(track, str):
        raise OptionError(f"track should be 'standard', 'advanced' or {n} letters S/A, not {track!r}")
    t = track.strip()
    if t.lower() == "standard":
        sides = "S" * n
    elif t.lower() == "advanced":
        sides = "A" * n
    elif len(t) == n and set(t.upper()) <= {"S", "A"}:
        sides = t.upper()
    else:
        raise OptionError(f"track should be 'standard', 'advanced' or {n} letters S/A (one per track card), "
                          f"not {track!r}")
    out: dict[str, Any] = {"characters": characters, "track": sides}
    for name, value in (("wind", wind), ("card_end", card_end), ("last_place", last_place),
                        ("market_refill", market_refill)):
        allowed = CHOICES[name][0]
        if value not in allowed:
            raise OptionError(f"{name} should be one of {', '.join(allowed)}, not {value!r}")
        out[name] = value
    out["components"] = components
    return out


def record_options(players: int, opts: dict[str, Any]) -> dict[str, Any]:
    """The options as a record stores them (components only when custom)."""
    out = {"players": players, **{k: v for k, v in opts.items() if k != "components"}}
    if opts.get("components") is not None:
        out["components"] = opts["components"]
    return out
