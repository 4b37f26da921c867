"""Windward's actions: one verb each, with its text form, declared on the core's grammar.

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

A hand-built action is normalised to what its text reads back as, or refused:

>>> Action("order", "hire gas worker").normalized()
Action('order hire Gas Worker')
>>> Action("move", 9).normalized()
Traceback (most recent call last):
...
windward_nb.core.errors.IllegalActionError: Action('move', 9) is not an action of this game: direction number must be 1-6, got 9 [Actions]

What each verb does is attached to it by the rules (``GRAMMAR.handle``): the
engine, the battle rules and the modes, see :mod:`windward_nb.windward.verbs`.
"""  # noqa: E501  (a doctest shows a long error message verbatim)

from __future__ import annotations

import operator
from typing import Any
from collections.abc import Callable

import numpy as np

from ..core.actions import Action as CoreAction
from ..core.actions import Arg, Grammar
from ..core.errors import IllegalActionError
from .hexgrid import Hex, direction_name, direction_number, format_hex, parse_hex

ArgValue = None | int | str | tuple

ORDERS = ("drop", "rowers", "speed", "process", "research", "supplies", "morale", "cannon", "hire")
SKY_ORDERS = frozenset({"drop", "rowers", "speed", "process", "research"})
PORT_ORDERS = frozenset({"supplies", "morale", "cannon", "hire"})
BUYS = ("cannon", "crew", "rum", "notoriety", "supplies")
PICKUPS = ("gas", "longboat", "crester", "teeth", "tokens")
DROPS = ("crester", "teeth", "tokens")
PLUNDER = ("red tooth", "grey tooth", "token")
TEETH_FOR = ("gas", "notoriety")


# =============================================================================== how arguments are written
def _whole(value: Any, what: str = "a whole number") -> int:
    """``value`` as an int: a whole number of any integer type (numpy's too), never a bool or a float."""
    if isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{value!r} is not {what}")
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(f"{value!r} is not {what}") from None


def _direction_text(d: Any) -> str:
    if _whole(d, "a direction 1-6") not in range(1, 7):
        raise ValueError(f"direction number must be 1-6, got {d}")
    return direction_name(d)


def _hex_text(h: Any) -> str:
    if not isinstance(h, tuple) or len(h) != 2:
        raise TypeError(f"{h!r} is not a space q,r")
    return format_hex((_whole(h[0]), _whole(h[1])))


def _one(words: list[str]) -> str:
    if len(words) != 1:
        raise ValueError("expected one word after the verb")
    return words[0]


def card_id(text: str) -> str:
    """A supply card's id from its name as typed (``"Heavy Harpoon"`` -> ``"heavy_harpoon"``)."""
    return text.strip().lower().replace(" ", "_").replace("-", "_")


def card_text(card: Any) -> str:
    if not isinstance(card, str) or not card:
        raise TypeError(f"{card!r} is not a supply card")
    return card.replace("_", " ")


def _capitalised(words: list[str]) -> str:
    return " ".join(w.capitalize() for w in words)


DIRECTION = Arg(format=_direction_text, parse=lambda w: direction_number(_one(w)), hint="a direction N NE SE S SW NW")
HEX = Arg(format=_hex_text, parse=lambda w: parse_hex(_one(w)), hint="a space written q,r")
NUMBER = Arg(format=lambda n: str(_whole(n)), parse=lambda w: int(_one(w)), hint="a whole number")


def _row_text(a: Any) -> str:
    boat, d = a
    return f"{_whole(boat) + 1} {_direction_text(d)}"


def _row_parse(words: list[str]) -> tuple[int, int]:
    if len(words) != 2 or int(words[0]) < 1:
        raise ValueError("write 'row BOAT DIR'")
    return (int(words[0]) - 1, direction_number(words[1]))


def _order_text(name: Any) -> str:
    if not isinstance(name, str):
        raise TypeError(f"{name!r} is not an order")
    return name


def _order_parse(words: list[str]) -> str:
    name = words[0].lower()
    if name == "hire":
        if len(words) < 2:
            raise ValueError("hire whom?")
        return "hire " + _capitalised(words[1:])
    if name not in ORDERS or len(words) != 1:
        raise ValueError(f"orders are {', '.join(ORDERS)}")
    return name


def _buy_parse(words: list[str]) -> str:
    name = words[0].lower()
    if name == "crew":
        if len(words) < 2:
            raise ValueError("buy which crew?")
        return "crew " + _capitalised(words[1:])
    if name not in BUYS or len(words) != 1:
        raise ValueError(f"purchases are {', '.join(BUYS)}")
    return name


def _play_text(a: Any) -> str:
    if isinstance(a, tuple):
        card, extra = a
        return f"{card_text(card)} {_hex_text(extra) if isinstance(extra, tuple) else str(_whole(extra))}"
    return card_text(a)


def _play_parse(words: list[str]) -> Any:
    if not words:
        raise ValueError("which card?")
    last = words[-1]
    if len(words) >= 2 and ("," in last or last.lstrip("-").isdigit()):
        extra: Hex | int = parse_hex(last) if "," in last else int(last)
        return (card_id(" ".join(words[:-1])), extra)
    return card_id(" ".join(words))


def _word_of(choices: tuple[str, ...], message: str) -> Arg:
    def fmt(value: Any) -> str:
        if value not in choices:
            raise ValueError(message)
        return str(value)

    def parse(words: list[str]) -> str:
        what = " ".join(words).lower()
        if what not in choices:
            raise ValueError(message)
        return what

    return Arg(format=fmt, parse=parse, hint="one of " + ", ".join(choices))


def _cannons_parse(words: list[str]) -> int:
    n = int(words[0])
    if len(words) != 1 or n < 0:
        raise ValueError("write 'battle cannons N'")
    return n


def _rest_text(card: Any) -> str:
    return "morale" if card is None else f"discard {card_text(card)}"


def _rest_parse(words: list[str]) -> Any:
    if words == ["morale"]:
        return None
    if len(words) >= 2 and words[0] == "discard":
        return card_id(" ".join(words[1:]))
    raise ValueError("write 'rest morale' or 'rest discard CARD'")


def _trade_text(a: Any) -> str:
    giver, card, taker = a
    return f"{_whole(giver) + 1} {card_text(card)} {_whole(taker) + 1}"


def _trade_parse(words: list[str]) -> tuple[int, str, int]:
    # trade <from seat> <card> <to seat>, seats written 1-based
    if len(words) < 3:
        raise ValueError("write 'trade GIVER CARD RECEIVER' with seats numbered from 1")
    return (int(words[0]) - 1, card_id(" ".join(words[1:-1])), int(words[-1]) - 1)


def _dice_text(dice: Any) -> str:
    if not isinstance(dice, tuple):
        raise TypeError(f"{dice!r} is not a tuple of dice")
    return ",".join(str(_whole(x)) for x in dice) if dice else "-"


def _dice_parse(words: list[str]) -> tuple[int, ...]:
    word = _one(words)
    if word == "-":
        return ()
    return tuple(sorted(int(x) for x in word.split(",")))


def _shuffle_text(cards: Any) -> str:
    if not isinstance(cards, tuple) or not all(isinstance(c, str) for c in cards):
        raise TypeError(f"{cards!r} is not a tuple of card ids")
    return ",".join(cards)


def _shuffle_parse(words: list[str]) -> tuple[str, ...]:
    return tuple(card_id(x) for x in _one(words).split(","))


def _arg(format: Callable[[Any], str], parse: Callable[[list[str]], Any], hint: str = "") -> Arg:
    return Arg(format=format, parse=parse, hint=hint)


# =============================================================================== the grammar
GRAMMAR = Grammar("windward")
_v = GRAMMAR.verb
# moving the ship and the longboats
_v("move", "move", arg=DIRECTION, usage="move DIR")
_v("enter", "enter port")
_v("leave", "leave port", arg=DIRECTION, usage="leave port DIR")
_v("zephyr", "zephyr", arg=HEX, usage="zephyr q,r")
_v("around", "around")
_v("row", "row", arg=_arg(_row_text, _row_parse, "a longboat number and a direction"), usage="row BOAT DIR")
# orders, gas, cards and cargo
_v("order", "order", arg=_arg(_order_text, _order_parse, "an order: " + ", ".join(ORDERS)), usage="order NAME")
_v("buy", "buy", arg=_arg(_order_text, _buy_parse, "a purchase: " + ", ".join(BUYS)), usage="buy ITEM")
_v("play", "play", arg=_arg(_play_text, _play_parse, "a supply card (and its target)"), usage="play CARD")
_v("pickup", "pick up", arg=_word_of(PICKUPS, f"write 'pick up' and one of {', '.join(PICKUPS)}"),
   usage="pick up WHAT")
_v("drop", "drop", arg=_word_of(DROPS, f"you can drop {', '.join(DROPS)}"), usage="drop WHAT")
_v("end", "end turn")
# decisions inside frames
_v("take", "take", arg=NUMBER, usage="take STACK")
_v("cannons", "battle cannons", arg=_arg(lambda n: str(_whole(n)), _cannons_parse, "a number of cannons"),
   usage="battle cannons N")
_v("token", "battle token")
_v("done", "battle done")
_v("rest", "rest", arg=_arg(_rest_text, _rest_parse, "'morale' or 'discard CARD'"), usage="rest morale")
_v("place_red", "place red", arg=HEX, usage="place red q,r")
_v("place_white", "place white", arg=HEX, usage="place white q,r")
_v("plunder", "plunder", arg=_word_of(PLUNDER, f"plunder one of {', '.join(PLUNDER)}"), usage="plunder WHAT")
_v("cash", "cash teeth for", arg=_word_of(TEETH_FOR, "write 'cash teeth for gas' or 'cash teeth for notoriety'"),
   usage="cash teeth for gas")
_v("release", "release", arg=HEX, usage="release q,r")
_v("trade", "trade", arg=_arg(_trade_text, _trade_parse, "giver, card and receiver"),
   usage="trade GIVER CARD RECEIVER")
# chance outcomes
_v("wind", "wind", arg=NUMBER, chance=True, usage="wind N")
_v("grey", "grey", arg=NUMBER, chance=True, usage="grey N")
_v("white", "white", arg=NUMBER, chance=True, usage="white N")
_v("dice", "dice", arg=_arg(_dice_text, _dice_parse, "dice written 1,2,3 (or - for none)"), chance=True,
   usage="dice 1,2,...")
_v("shuffle", "shuffle", arg=_arg(_shuffle_text, _shuffle_parse, "card ids separated by commas"), chance=True,
   usage="shuffle CARD,CARD,...")
del _v

CHANCE_VERBS = GRAMMAR.chance_verbs


#: the rule a refusal names when an action is not well formed
RULE = "Action text"
# (verb, type of arg, arg) -> the normal form, or why there is none; bounded: _NORMAL_MAX, then cleared
_NORMAL: dict[Any, Any] = {}
# id -> a long-lived Action object that is its own normal form; bounded: _SELF_NORMAL_MAX
_SELF_NORMAL: dict[int, Any] = {}
_SELF_NORMAL_MAX = 5_000
_NORMAL_MAX = 20_000


class Action(CoreAction):
    """One decision or chance outcome of Windward. ``verb`` names the kind; ``arg`` carries its detail."""

    __slots__ = ()
    grammar = GRAMMAR

    @classmethod
    def parse(cls, text: str | CoreAction) -> Action:
        """Read an action from its text form (``ValueError`` with a hint if malformed); an
        :class:`Action` is returned in its normal form (see :meth:`normalise`)."""
        if isinstance(text, CoreAction):
            return cls.normalise(text)
        a = super().parse(text)
        assert isinstance(a, Action)
        return a

    @classmethod
    def normalise(cls, action: str | CoreAction) -> Action:
        """The action exactly as its text form reads back, or :class:`IllegalActionError`.

        Text is parsed; an :class:`Action` is written out and read back, and must
        then read back to itself again. Arguments of other types than the parser
        makes (``1.0``, ``numpy.int64(2)``, ``"speed "``) either become the
        parser's own value or, when their text does not read back, are refused
        (rule ``"Action text"``). Actions seen before cost a dictionary look-up.

        >>> import numpy as np
        >>> Action.normalise(Action("wind", np.int64(3))) == Action("wind", 3)
        True
        >>> Action.normalise(Action("order", "speed ")).arg
        'speed'
        >>> Action.normalise(Action("wind", 1.0))
        Traceback (most recent call last):
        ...
        windward_nb.core.errors.IllegalActionError: Action('wind', 1.0) is not a well-formed action (1.0 is not a whole number) [Action text]
        """  # noqa: E501  (a doctest shows a long error message verbatim)
        if type(action) is str:
            try:
                parsed = cls.grammar.parse(cls, action)
            except ValueError as exc:
                raise IllegalActionError(RULE, str(exc)) from None
            assert isinstance(parsed, Action)
            action = parsed
        elif not isinstance(action, Action):
            what = "an action of another game" if isinstance(action, CoreAction) else type(action).__name__
            raise IllegalActionError(RULE, f"an action is text or an Action of Windward, not {what}")
        if _SELF_NORMAL.get(id(action)) is action:  # an object met before that is its own normal form
            return action
        arg = action.arg
        t = type(arg)
        try:  # a key that tells 1, 1.0, True and numpy.int64(1) apart, all the way down
            key: Any = (action.verb, t, arg) if t is int or t is str or arg is None else (action.verb, _type_key(arg))
            hit = _NORMAL.get(key)
        except TypeError:  # an unhashable argument (a list, a dict ...)
            key = hit = None
        if hit is None:
            hit = _normal_form(action)
            if key is not None:
                if len(_NORMAL) >= _NORMAL_MAX:
                    _NORMAL.clear()
                _NORMAL[key] = hit
        if isinstance(hit, str):
            raise IllegalActionError(RULE, hit)
        assert isinstance(hit, Action)
        return hit

    @classmethod
    def keep_normal(cls, actions: list[Action] | tuple[Action, ...]) -> None:
        """Remember these long-lived Action objects (the engine's tables of actions) as their own
        normal forms, so that :meth:`normalise` (and ``str``) know them by identity; one that is not its own
        normal form is left out. The objects are kept alive, so their ids are not reused."""
        for a in actions:
            if len(_SELF_NORMAL) >= _SELF_NORMAL_MAX:
                return
            if type(a) is not cls or _SELF_NORMAL.get(id(a)) is a:
                continue
            try:
                normal = cls.normalise(a)
            except IllegalActionError:
                continue
            if _same(normal, a):
                _SELF_NORMAL[id(a)] = a
                CoreAction.keep_texts([a])


def _type_key(x: object) -> object:
    """A hashable key that tells ``1``, ``1.0``, ``True`` and ``numpy.int64(1)`` apart."""
    if type(x) is tuple:
        return (tuple, tuple(_type_key(y) for y in x))
    hash(x)
    return (type(x), x)


def _same(x: object, y: object) -> bool:
    """Equal and of the same types all the way down."""
    if type(x) is not type(y):
        return False
    if isinstance(x, tuple):
        assert isinstance(y, tuple)
        return len(x) == len(y) and all(_same(a, b) for a, b in zip(x, y))
    if isinstance(x, CoreAction):
        assert isinstance(y, CoreAction)
        return x.verb == y.verb and _same(x.arg, y.arg)
    return x == y


def _normal_form(action: Action) -> Action | str:
    """The normal form of ``action``, or the reason it has none."""
    shown = f"Action({action.verb!r:.40}, {action.arg!r:.80})"
    try:
        normal = action.normalized()
    except IllegalActionError as exc:
        detail = exc.reason.split(" is not an action of this game: ", 1)[-1]
        return f"{shown} is not a well-formed action ({detail})"
    try:
        again = Action.parse(str(normal))
    except ValueError as exc:  # pragma: no cover - the grammar reads back what it writes
        return f"{shown} is not a well-formed action ({exc})"
    if not _same(again, normal):
        return f"{shown} is not a well-formed action: its text {str(normal)[:80]!r} does not read back the same way twice"
    assert isinstance(normal, Action)
    return normal
