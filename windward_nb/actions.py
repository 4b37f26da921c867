"""Actions: small immutable values with a text form that parses back.

>>> a = Action.parse("move ne")
>>> a, str(a)
(Action('move NE'), 'move NE')
>>> Action.parse(str(Action("zephyr", (3, -4))))
Action('zephyr 3,-4')
>>> str(Action("order", "hire Gas Worker"))
'order hire Gas Worker'
>>> Action.parse("dice 1,3,1")       # dice are kept sorted
Action('dice 1,1,3')

Chance outcomes are actions too (``wind 4``, ``grey 3``, ``dice 1,2,2``,
``shuffle ...``) so that a record is just the list of every action taken.

An action is only ever judged, applied or recorded in its *normal form*: the
action its own text parses to (:meth:`Action.normalise`). However an action was
built, it either becomes exactly that or is refused, so an argument of an odd
type cannot slip past a rule or into a record:

>>> import numpy as np
>>> Action.normalise(Action("wind", np.int64(3))) == Action("wind", 3)
True
>>> Action.normalise(Action("order", "speed ")).arg
'speed'
>>> Action.normalise(Action("wind", 1.0))
Traceback (most recent call last):
...
windward_nb.errors.IllegalActionError: Action('wind', 1.0) is not a well-formed action (malformed action 'wind 1.0': invalid literal for int() with base 10: '1.0') [Action text]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from .errors import IllegalActionError
from .hexgrid import direction_name, direction_number, format_hex, parse_hex

Arg = Union[None, int, str, tuple]

CHANCE_VERBS = frozenset({"wind", "grey", "dice", "shuffle", "white"})
ORDERS = ("drop", "rowers", "speed", "process", "research", "supplies", "morale", "cannon", "hire")
SKY_ORDERS = frozenset({"drop", "rowers", "speed", "process", "research"})
PORT_ORDERS = frozenset({"supplies", "morale", "cannon", "hire"})
BUYS = ("cannon", "crew", "rum", "notoriety", "supplies")
PICKUPS = ("gas", "longboat", "crester", "teeth", "tokens")
DROPS = ("crester", "teeth", "tokens")
PLUNDER = ("red tooth", "grey tooth", "token")


@dataclass(frozen=True, slots=True)
class Action:
    """One decision or chance outcome. ``verb`` names the kind; ``arg`` carries its detail."""

    verb: str
    arg: Arg = None

    # ---------------------------------------------------------------------------- text form
    def __str__(self) -> str:
        v, a = self.verb, self.arg
        if v == "move":
            return f"move {direction_name(a)}"
        if v == "enter":
            return "enter port"
        if v == "leave":
            return f"leave port {direction_name(a)}"
        if v == "zephyr":
            return f"zephyr {format_hex(a)}"
        if v == "around":
            return "around"
        if v == "row":
            return f"row {a[0] + 1} {direction_name(a[1])}"
        if v in ("order", "buy"):
            return f"{v} {a}"
        if v == "play":
            if isinstance(a, tuple):
                card, extra = a
                extra = format_hex(extra) if isinstance(extra, tuple) else str(extra)
                return f"play {card.replace('_', ' ')} {extra}"
            return f"play {a.replace('_', ' ')}"
        if v == "pickup":
            return f"pick up {a}"
        if v == "drop":
            return f"drop {a}"
        if v == "end":
            return "end turn"
        if v == "take":
            return f"take {a}"
        if v == "cannons":
            return f"battle cannons {a}"
        if v == "token":
            return "battle token"
        if v == "done":
            return "battle done"
        if v == "rest":
            return "rest morale" if a is None else f"rest discard {a.replace('_', ' ')}"
        if v == "place_red":
            return f"place red {format_hex(a)}"
        if v == "place_white":
            return f"place white {format_hex(a)}"
        if v == "plunder":
            return f"plunder {a}"
        if v == "cash":
            return f"cash teeth for {a}"
        if v == "release":
            return f"release {format_hex(a)}"
        if v == "trade":
            return f"trade {a[0] + 1} {a[1].replace('_', ' ')} {a[2] + 1}"
        if v == "wind":
            return f"wind {a}"
        if v == "grey":
            return f"grey {a}"
        if v == "white":
            return f"white {a}"
        if v == "dice":
            return "dice " + (",".join(str(x) for x in a) if a else "-")
        if v == "shuffle":
            return "shuffle " + ",".join(a)
        raise ValueError(f"unknown action verb {v!r}")

    def __repr__(self) -> str:
        try:
            return f"Action({str(self)!r})"
        except Exception:  # a hand-built action with no text form still prints
            return f"Action({self.verb!r}, {self.arg!r})"

    @property
    def is_chance(self) -> bool:
        return self.verb in CHANCE_VERBS

    @staticmethod
    def parse(text: "str | Action") -> "Action":
        """Read an action from its text form; raises ``ValueError`` with a hint if malformed.

        An :class:`Action` is returned in its normal form (see :meth:`normalise`).
        """
        if isinstance(text, Action):
            return Action.normalise(text)
        if not isinstance(text, str):
            raise ValueError(f"an action is a string or an Action, got {type(text).__name__}")
        words = text.strip().split()
        if not words:
            raise ValueError("empty action")
        head = words[0].lower()
        rest = words[1:]
        tail = " ".join(rest)
        try:
            return _PARSERS[head](rest, tail)
        except KeyError:
            raise ValueError(f"unknown action {text!r}") from None
        except (IndexError, ValueError) as exc:
            raise ValueError(f"malformed action {text!r}: {exc}") from None

    @staticmethod
    def normalise(action: "str | Action") -> "Action":
        """The action exactly as its text form reads back, or :class:`IllegalActionError`.

        Text is parsed; an :class:`Action` is written out and read back, and
        must then read back to itself again. Arguments of other types than the
        parser makes (``1.0``, ``numpy.int64(2)``, ``"speed "``) either become
        the parser's own value or, when their text does not read back, are
        refused. Actions with short plain arguments (all but shuffles) are
        remembered, so for them this costs a dictionary look-up.
        """
        if type(action) is str:
            try:
                action = Action.parse(action)
            except ValueError as exc:
                raise IllegalActionError(RULE, str(exc)) from None
        elif not isinstance(action, Action):
            raise IllegalActionError(RULE, f"an action is text or an Action, not {type(action).__name__}")
        verb, arg = action.verb, action.arg
        key = None
        if type(verb) is str:  # a key that tells 1, 1.0, True and numpy.int64(1) apart
            kind = type(arg)
            if kind is int or arg is None or (kind is str and len(arg) <= 60):
                key = (verb, kind, arg)
            elif kind is tuple and len(arg) <= 24:
                kinds = tuple(map(type, arg))
                if tuple not in kinds:  # dice, trades: flat tuples of numbers and short words
                    if all(len(x) <= 60 for x in arg if type(x) is str):
                        key = (verb, kinds, arg)
                elif _small(arg):  # a card played on a space
                    key = (verb, tuple, _type_key(arg))
        try:
            hit = None if key is None else _NORMAL.get(key)
        except TypeError:  # an unhashable item (a list inside the tuple ...)
            key = hit = None
        if hit is None:
            hit = _normal_form(action)
            if key is not None:
                if len(_NORMAL) >= _NORMAL_MAX:
                    _NORMAL.clear()
                _NORMAL[key] = hit
        if type(hit) is str:
            raise IllegalActionError(RULE, hit)
        return hit


RULE = "Action text"  # the "rule" an ill-formed action breaks
_NORMAL: dict = {}  # (verb, typed arg) -> the normal form, or why there is none
_NORMAL_MAX = 20_000


def _type_key(x: object) -> object:
    """A hashable key that tells ``(1,)``, ``(1.0,)`` and ``(True,)`` apart."""
    if type(x) is tuple:
        return (tuple, tuple(_type_key(y) for y in x))
    return (type(x), x)


def _small(x: object, depth: int = 0) -> bool:
    """Worth remembering: a short, hashable argument like those of real actions (not a shuffle)."""
    t = type(x)
    if t is int or x is None:
        return True
    if t is str:
        return len(x) <= 60
    if t is tuple:
        return depth < 2 and len(x) <= 3 and all(_small(y, depth + 1) for y in x)
    return False


def _same(x: object, y: object) -> bool:
    """Equal and of the same types all the way down."""
    if type(x) is not type(y):
        return False
    if type(x) is tuple:
        return len(x) == len(y) and all(_same(a, b) for a, b in zip(x, y))
    return x == y


def _normal_form(action: Action) -> "Action | str":
    """The normal form of ``action``, or the reason it has none."""
    shown = f"Action({action.verb!r:.40}, {action.arg!r:.80})"
    try:
        text = str(action)
    except Exception as exc:  # an argument the text form cannot even write
        return f"{shown} is not a well-formed action (it has no text form: {exc})"
    try:
        normal = Action.parse(text)
        again = Action.parse(str(normal))
    except ValueError as exc:
        return f"{shown} is not a well-formed action ({exc})"
    if not _same(again, normal):
        return f"{shown} is not a well-formed action: its text {text[:80]!r} does not read back the same way twice"
    return normal


def _one(rest: list[str]) -> str:
    if len(rest) != 1:
        raise ValueError("expected one word after the verb")
    return rest[0]


def _card_id(text: str) -> str:
    return text.strip().lower().replace(" ", "_").replace("-", "_")


def _parse_play(rest: list[str], tail: str) -> Action:
    if not rest:
        raise ValueError("which card?")
    last = rest[-1]
    if len(rest) >= 2 and ("," in last or last.lstrip("-").isdigit()):
        extra: Arg = parse_hex(last) if "," in last else int(last)
        return Action("play", (_card_id(" ".join(rest[:-1])), extra))
    return Action("play", _card_id(tail))


def _parse_order(rest: list[str], tail: str) -> Action:
    name = rest[0].lower()
    if name == "hire":
        if len(rest) < 2:
            raise ValueError("hire whom?")
        return Action("order", "hire " + " ".join(w.capitalize() for w in rest[1:]))
    if name not in ORDERS or len(rest) != 1:
        raise ValueError(f"orders are {', '.join(ORDERS)}")
    return Action("order", name)


def _parse_buy(rest: list[str], tail: str) -> Action:
    name = rest[0].lower()
    if name == "crew":
        if len(rest) < 2:
            raise ValueError("buy which crew?")
        return Action("buy", "crew " + " ".join(w.capitalize() for w in rest[1:]))
    if name not in BUYS or len(rest) != 1:
        raise ValueError(f"purchases are {', '.join(BUYS)}")
    return Action("buy", name)


def _parse_pick(rest: list[str], tail: str) -> Action:
    if len(rest) != 2 or rest[0].lower() != "up" or rest[1].lower() not in PICKUPS:
        raise ValueError(f"write 'pick up' and one of {', '.join(PICKUPS)}")
    return Action("pickup", rest[1].lower())


def _parse_drop(rest: list[str], tail: str) -> Action:
    what = _one(rest).lower()
    if what not in DROPS:
        raise ValueError(f"you can drop {', '.join(DROPS)}")
    return Action("drop", what)


def _parse_battle(rest: list[str], tail: str) -> Action:
    what = rest[0].lower()
    if what == "cannons":
        n = int(rest[1])
        if len(rest) != 2 or n < 0:
            raise ValueError("write 'battle cannons N'")
        return Action("cannons", n)
    if what in ("token", "done") and len(rest) == 1:
        return Action(what)
    raise ValueError("battle actions are 'battle cannons N', 'battle token', 'battle done'")


def _parse_rest(rest: list[str], tail: str) -> Action:
    if rest == ["morale"]:
        return Action("rest")
    if len(rest) >= 2 and rest[0] == "discard":
        return Action("rest", _card_id(" ".join(rest[1:])))
    raise ValueError("write 'rest morale' or 'rest discard CARD'")


def _parse_place(rest: list[str], tail: str) -> Action:
    if len(rest) != 2 or rest[0] not in ("red", "white"):
        raise ValueError("write 'place red q,r'")
    return Action("place_" + rest[0], parse_hex(rest[1]))


def _parse_plunder(rest: list[str], tail: str) -> Action:
    what = tail.lower()
    if what not in PLUNDER:
        raise ValueError(f"plunder one of {', '.join(PLUNDER)}")
    return Action("plunder", what)


def _parse_trade(rest: list[str], tail: str) -> Action:
    # trade <from seat> <card> <to seat>, seats written 1-based
    if len(rest) < 3:
        raise ValueError("write 'trade GIVER CARD RECEIVER' with seats numbered from 1")
    return Action("trade", (int(rest[0]) - 1, _card_id(" ".join(rest[1:-1])), int(rest[-1]) - 1))


def _parse_dice(rest: list[str], tail: str) -> Action:
    word = _one(rest)
    if word == "-":
        return Action("dice", ())
    return Action("dice", tuple(sorted(int(x) for x in word.split(","))))


_PARSERS = {
    "move": lambda r, t: Action("move", direction_number(_one(r))),
    "enter": lambda r, t: Action("enter") if r == ["port"] else (_ for _ in ()).throw(ValueError("write 'enter port'")),
    "leave": lambda r, t: Action("leave", direction_number(r[1])) if len(r) == 2 and r[0] == "port" else (_ for _ in ()).throw(ValueError("write 'leave port DIR'")),
    "zephyr": lambda r, t: Action("zephyr", parse_hex(_one(r))),
    "around": lambda r, t: Action("around") if not r else (_ for _ in ()).throw(ValueError("'around' takes nothing")),
    "row": lambda r, t: Action("row", (int(r[0]) - 1, direction_number(r[1]))) if len(r) == 2 and int(r[0]) >= 1 else (_ for _ in ()).throw(ValueError("write 'row BOAT DIR'")),
    "order": _parse_order,
    "buy": _parse_buy,
    "play": _parse_play,
    "pick": _parse_pick,
    "drop": _parse_drop,
    "end": lambda r, t: Action("end") if r == ["turn"] else (_ for _ in ()).throw(ValueError("write 'end turn'")),
    "take": lambda r, t: Action("take", int(_one(r))),
    "battle": _parse_battle,
    "rest": _parse_rest,
    "place": _parse_place,
    "plunder": _parse_plunder,
    "trade": _parse_trade,
    "cash": lambda r, t: Action("cash", r[2].lower()) if len(r) == 3 and r[:2] == ["teeth", "for"] and r[2].lower() in ("gas", "notoriety") else (_ for _ in ()).throw(ValueError("write 'cash teeth for gas' or 'cash teeth for notoriety'")),
    "release": lambda r, t: Action("release", parse_hex(_one(r))),
    "wind": lambda r, t: Action("wind", int(_one(r))),
    "grey": lambda r, t: Action("grey", int(_one(r))),
    "white": lambda r, t: Action("white", int(_one(r))),
    "dice": _parse_dice,
    "shuffle": lambda r, t: Action("shuffle", tuple(_card_id(x) for x in _one(r).split(","))),
}
