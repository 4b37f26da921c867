"""What a player (or chance) can do in Winds of Plunder, as text that parses back.

Players are named by colour, ports by their word (``santo-domingo``), tiles'
places by port word or ``bar-1`` .. ``bar-6`` (left to right):

>>> [str(PlunderAction.parse(t)) for t in ["compass e", "BID 4", "sail Santo-Domingo", "add 5"]]
['compass E', 'bid 4', 'sail santo-domingo', 'add 5']
>>> PlunderAction.parse("play intrigue bar-2 nassau")     # a swap is written in board order
PlunderAction('play intrigue nassau bar-2')
>>> PlunderAction.parse("board blue crew").arg
('blue', 'crew')
>>> PlunderAction.parse("add 3")
Traceback (most recent call last):
...
windward_nb.core.errors.ActionSyntaxError: 'add 3': write 'add 2|5|9' (add takes 2, 5 or 9 cubes from your reserve); 3 is not 2, 5 or 9

Chance outcomes (the setup deal and every shuffle) are actions too, so a
record is just the list of texts.
"""  # noqa: E501  (a doctest shows a long error message verbatim)

from __future__ import annotations

from windward_nb.core.actions import Action, Arg, Grammar

from .components import COMPONENTS, DIRECTIONS

_C = COMPONENTS
COLOURS = _C.colours
PORTS = tuple(p.id for p in _C.ports)
LOCATIONS = tuple(_C.locations())
#: what a boarder may take: 2 VP or one item
BOOTY_CHOICES = ("vp", "crew", "provisions", "weapons")
#: cubes moved from the reserve to the wind cubes, and their cost in action points
ADD_COSTS = {2: 1, 5: 2, 9: 3}
GUST_COST = 3
#: card kinds that name a target, and what kind of target
TARGETS = {"mutiny": "colour", "misfire": "colour", "intrigue": "two places", "heave": "port"}


def _direction() -> Arg:
    full = {"north": "N", "east": "E", "south": "S", "west": "W"}

    def parse(words: list[str]) -> str:
        if len(words) != 1:
            raise ValueError("expected one direction")
        w = words[0].lower()
        d = full.get(w, w.upper())
        if d not in DIRECTIONS:
            raise ValueError(f"{words[0]!r} is not N, E, S or W")
        return d

    return Arg(format=str, parse=parse, hint="N, E, S or W")


def _one_of(choices: tuple[str, ...], what: str) -> Arg:
    def parse(words: list[str]) -> str:
        if len(words) != 1:
            raise ValueError(f"expected one {what}")
        w = words[0].lower()
        if w not in choices:
            raise ValueError(f"{words[0]!r} is not a {what}")
        return w

    return Arg(format=str, parse=parse, hint=f"a {what}: " + ", ".join(choices))


def _ports_list() -> Arg:
    def parse(words: list[str]) -> tuple[str, ...]:
        if len(words) != 1:
            raise ValueError("expected ports separated by commas")
        out = tuple(w.lower() for w in words[0].split(","))
        for w in out:
            if w not in PORTS:
                raise ValueError(f"{w!r} is not a port")
        return out

    return Arg(format=",".join, parse=parse, hint="ports separated by commas")


def _add() -> Arg:
    def parse(words: list[str]) -> int:
        if len(words) != 1 or not (words[0].isascii() and words[0].isdigit()) or len(words[0]) > 3:
            raise ValueError("expected 2, 5 or 9")
        n = int(words[0])
        if n not in ADD_COSTS:
            raise ValueError(f"{n} is not 2, 5 or 9")
        return n

    return Arg(format=str, parse=parse, hint="2, 5 or 9 cubes from your reserve")


def _board() -> Arg:
    def parse(words: list[str]) -> tuple[str, str]:
        if len(words) != 2:
            raise ValueError("expected a colour and what to take")
        who, what = words[0].lower(), words[1].lower()
        if who not in COLOURS:
            raise ValueError(f"{words[0]!r} is not a colour")
        if what not in BOOTY_CHOICES:
            raise ValueError(f"{words[1]!r} is not one of {', '.join(BOOTY_CHOICES)}")
        return (who, what)

    return Arg(format=" ".join, parse=parse, hint="a colour and vp, crew, provisions or weapons")


def _play() -> Arg:
    def parse(words: list[str]) -> tuple[str, ...]:
        if not words:
            raise ValueError("expected a card")
        card = words[0].lower()
        if card not in _C.card_names:
            raise ValueError(f"{words[0]!r} is not an action card")
        rest = [w.lower() for w in words[1:]]
        need = TARGETS.get(card)
        if need is None:
            if rest:
                raise ValueError(f"{card} names no target")
            return (card,)
        if need == "colour":
            if len(rest) != 1 or rest[0] not in COLOURS:
                raise ValueError(f"{card} names one opponent by colour")
            return (card, rest[0])
        if need == "port":
            if len(rest) != 1 or rest[0] not in PORTS:
                raise ValueError(f"{card} names the port to sail to")
            return (card, rest[0])
        if len(rest) != 2 or any(r not in LOCATIONS for r in rest) or rest[0] == rest[1]:
            raise ValueError(f"{card} names two different tile places (ports or bar-1..bar-{_C.bar_size})")
        a, b = sorted(rest, key=LOCATIONS.index)
        return (card, a, b)

    return Arg(format=" ".join, parse=parse, hint="a card, then its target")


GRAMMAR = Grammar("winds-of-plunder")
# chance: the setup and every shuffle
GRAMMAR.verb("deal", "deal", arg=_ports_list(), chance=True, usage="deal PORT,PORT,...")
GRAMMAR.verb("shuffle-treasure", "shuffle treasure", arg=Arg.integers(), chance=True,
             usage="shuffle treasure N,N,...")
GRAMMAR.verb("shuffle-actions", "shuffle actions", arg=Arg.integers(), chance=True,
             usage="shuffle actions N,N,...")
GRAMMAR.verb("place-tiles", "place tiles", arg=Arg.integers(), chance=True, usage="place tiles N,N,...")
# the wind phase
GRAMMAR.verb("compass", "compass", arg=_direction(), usage="compass N|E|S|W")
GRAMMAR.verb("bid", "bid", arg=Arg.integer(0, 26), usage="bid N")
GRAMMAR.verb("blackbeard", "blackbeard", arg=_one_of(COLOURS, "colour"), usage="blackbeard COLOUR")
GRAMMAR.verb("wind", "wind", arg=_direction(), usage="wind N|E|S|W")
GRAMMAR.verb("first", "first", arg=_one_of(COLOURS, "colour"), usage="first COLOUR")
# plundering
GRAMMAR.verb("draw", "draw")
GRAMMAR.verb("add", "add", arg=_add(), usage="add 2|5|9")
GRAMMAR.verb("play", "play", arg=_play(), usage="play CARD [TARGET]")
GRAMMAR.verb("sail", "sail", arg=_one_of(PORTS, "port"), usage="sail PORT")
GRAMMAR.verb("gust", "gust", arg=_one_of(PORTS, "port"), usage="gust PORT")
GRAMMAR.verb("board", "board", arg=_board(), usage="board COLOUR vp|crew|provisions|weapons")
GRAMMAR.verb("no-boarding", "no boarding")
GRAMMAR.verb("end", "end turn")


class PlunderAction(Action):
    """An action of Winds of Plunder."""

    __slots__ = ()
    grammar = GRAMMAR
