"""Tailwinds actions and their text.

Players are numbered from 1 in text (``copy 2`` copies Player 2's card),
spaces from 1 along the whole track (``place 3``), lanes from 1, the inside
lane (``swap fore 1``). Chance outcomes are actions too: ``decks
sailor,pirate``, ``first player 2``, ``draw anchor``, ``die 5``.

>>> TailwindsAction.parse("Move Fore 3")
TailwindsAction('move fore 3')
>>> str(TailwindsAction("play", ("anchor", True)))
'play anchor for points'
>>> TailwindsAction.parse("target 2 aft").arg
(2, 'aft')
>>> TailwindsAction.parse("swap fore 4")
Traceback (most recent call last):
...
windward_nb.core.errors.ActionSyntaxError: 'swap fore 4': write 'swap fore|aft LANE' (swap takes fore or aft and a lane 1-3); lane should be 1-3
"""  # noqa: E501  (a doctest shows a long error message verbatim)

from __future__ import annotations

from windward_nb.core.actions import Action, Arg, Grammar

KEY_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789-")


def _is_key(w: str) -> bool:
    return 0 < len(w) <= 24 and set(w) <= KEY_CHARS and w[0] != "-"


def _key_arg(what: str) -> Arg:
    def parse(words: list[str]) -> str:
        if len(words) != 1:
            raise ValueError(f"expected one {what}")
        w = words[0].lower()
        if not _is_key(w):
            raise ValueError(f"{words[0]!r} is not a {what}")
        return w

    return Arg(format=str, parse=parse, hint=f"a {what}")


def _keys_arg() -> Arg:
    def fmt(v: tuple) -> str:
        return ",".join(v)

    def parse(words: list[str]) -> tuple[str, ...]:
        if len(words) != 1:
            raise ValueError("expected character keys separated by commas")
        parts = words[0].lower().split(",")
        if not 1 <= len(parts) <= 12 or not all(_is_key(p) for p in parts):
            raise ValueError("expected character keys separated by commas")
        return tuple(parts)

    return Arg(format=fmt, parse=parse, hint="character keys separated by commas")


def _boat_arg() -> Arg:
    def parse(words: list[str]) -> tuple[int, str]:
        if len(words) != 2:
            raise ValueError("expected a player number and fore or aft")
        n, which = words[0], words[1].lower()
        if not (n.isascii() and n.isdigit() and len(n) == 1 and 1 <= int(n) <= 4):
            raise ValueError("the player is a number 1-4")
        if which not in ("fore", "aft"):
            raise ValueError("the boat is fore or aft")
        return (int(n), which)

    return Arg(format=lambda v: f"{v[0]} {v[1]}", parse=parse, hint="a player 1-4 and fore or aft")


def _swap_arg() -> Arg:
    def parse(words: list[str]) -> tuple[str, int]:
        if len(words) != 2:
            raise ValueError("expected fore or aft and a lane")
        which, lane = words[0].lower(), words[1]
        if which not in ("fore", "aft"):
            raise ValueError("the boat is fore or aft")
        if not (lane.isascii() and lane.isdigit() and len(lane) == 1 and 1 <= int(lane) <= 3):
            raise ValueError("lane should be 1-3")
        return (which, int(lane))

    return Arg(format=lambda v: f"{v[0]} {v[1]}", parse=parse, hint="fore or aft and a lane 1-3")


def _play_arg() -> Arg:
    def fmt(v: tuple[str, bool]) -> str:
        if not isinstance(v, tuple) or len(v) != 2 or not isinstance(v[1], bool):
            raise ValueError("a play is (card, for_points)")
        return f"{v[0]} for points" if v[1] else str(v[0])

    def parse(words: list[str]) -> tuple[str, bool]:
        lowered = [w.lower() for w in words]
        if len(words) == 3 and lowered[1:] == ["for", "points"]:
            points = True
        elif len(words) == 1:
            points = False
        else:
            raise ValueError("write 'play CARD' or 'play CARD for points'")
        if not _is_key(lowered[0]):
            raise ValueError(f"{words[0]!r} is not a rainbow card")
        return (lowered[0], points)

    return Arg(format=fmt, parse=parse, hint="a rainbow card, optionally followed by 'for points'")


GRAMMAR = Grammar("tailwinds")
# chance
GRAMMAR.verb("decks", "decks", arg=_keys_arg(), chance=True, usage="decks sailor,crew,...")
GRAMMAR.verb("first", "first player", arg=Arg.integer(1, 4), chance=True, usage="first player N")
GRAMMAR.verb("draw", "draw", arg=_key_arg("rainbow card"), chance=True, usage="draw CARD")
GRAMMAR.verb("die", "die", arg=Arg.integer(1, 6), chance=True, usage="die N")
# set up and choosing
GRAMMAR.verb("place", "place", arg=Arg.integer(1, 99), usage="place SPACE")
GRAMMAR.verb("choose", "choose", arg=_key_arg("card"), usage="choose CARD")
# movement
GRAMMAR.verb("fore", "move fore", arg=Arg.integer(1, 60), usage="move fore N")
GRAMMAR.verb("aft", "move aft", arg=Arg.integer(1, 60), usage="move aft N")
GRAMMAR.verb("use", "use", arg=_key_arg("card"), usage="use CARD")
GRAMMAR.verb("swap", "swap", arg=_swap_arg(), usage="swap fore|aft LANE")
GRAMMAR.verb("play", "play", arg=_play_arg(), usage="play CARD [for points]")
GRAMMAR.verb("end", "end turn")
# decisions inside an effect
GRAMMAR.verb("copy", "copy", arg=Arg.integer(1, 4), usage="copy PLAYER")
GRAMMAR.verb("ask", "ask", arg=Arg.integer(1, 4), usage="ask PLAYER")
GRAMMAR.verb("give", "give")
GRAMMAR.verb("refuse", "refuse")
GRAMMAR.verb("roll", "roll")
GRAMMAR.verb("noroll", "no roll")
GRAMMAR.verb("target", "target", arg=_boat_arg(), usage="target PLAYER fore|aft")
GRAMMAR.verb("take", "take", arg=_key_arg("rainbow card"), usage="take CARD")
GRAMMAR.verb("leave", "leave")
GRAMMAR.verb("reclaim", "reclaim", arg=_key_arg("card"), usage="reclaim CARD")


class TailwindsAction(Action):
    """An action of Tailwinds (a decision or a chance outcome)."""

    __slots__ = ()
    grammar = GRAMMAR
