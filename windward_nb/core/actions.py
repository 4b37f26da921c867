"""Actions: small immutable values with a text form that parses back.

Every game of the family has its own :class:`Action` subclass and a
:class:`Grammar`, the registry of its verbs. A verb is declared once, with its
words, how its argument is written and read, and (filled in by the game's
rules) how it is checked, applied and described, so no game needs an if-chain
per concern.

A tiny grammar, as a game would declare it:

>>> g = Grammar("demo")
>>> g.verb("move", "move", arg=Arg.integer(1, 6), usage="move N")
>>> g.verb("pass", "pass turn")
>>> g.verb("roll", "roll", arg=Arg.integer(1, 6), chance=True)
>>> class DemoAction(Action):
...     grammar = g
>>> a = DemoAction.parse("MOVE 3")
>>> a, str(a), a.is_chance
(DemoAction('move 3'), 'move 3', False)
>>> DemoAction.parse("pass turn") == DemoAction("pass")
True

Text is the ground truth. An action built by hand is *normalised* to exactly
what its text parses to, or refused, before any rule looks at it:

>>> DemoAction("move", 2).normalized() is not None
True
>>> import numpy as np
>>> DemoAction("move", np.int64(2)).normalized() == DemoAction("move", 2)
True
>>> DemoAction("move", 2.0).normalized()
Traceback (most recent call last):
...
windward_nb.core.errors.IllegalActionError: DemoAction('move', 2.0) is not an action of this game: 'move 2.0': write 'move N' (move takes a whole number 1-6); '2.0' is not a whole number [Actions]
"""  # noqa: E501  (a doctest shows a long error message verbatim)

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any, ClassVar
from collections.abc import Callable, Iterable

from .errors import ActionSyntaxError, IllegalActionError

Refusal = tuple[str, str] | None


# =============================================================================== argument codecs
@dataclass(frozen=True)
class Arg:
    """How a verb's argument is written (``format``) and read back (``parse``).

    ``parse`` receives the words after the verb's head words and raises
    ``ValueError`` with a short hint when they are malformed.
    """

    format: Callable[[Any], str]
    parse: Callable[[list[str]], Any]
    hint: str = ""

    @staticmethod
    def integer(lo: int | None = None, hi: int | None = None) -> Arg:
        """One whole number, optionally within ``lo``..``hi``."""
        span = (f" {lo}-{hi}" if lo is not None and hi is not None
                else f" {lo} or more" if lo is not None else "")

        def parse(words: list[str]) -> int:
            if len(words) != 1:
                raise ValueError("expected one number")
            word = words[0]
            if not (word.isascii() and word.lstrip("-").isdigit()) or len(word) > 12:
                raise ValueError(f"{word!r} is not a whole number")
            n = int(word)
            if (lo is not None and n < lo) or (hi is not None and n > hi):
                raise ValueError(f"{n} is out of range")
            return n

        return Arg(format=str, parse=parse, hint=f"a whole number{span}")

    @staticmethod
    def word(choices: Iterable[str] | None = None, *, lower: bool = True) -> Arg:
        """One word, optionally one of ``choices``."""
        options = tuple(choices) if choices is not None else None

        def parse(words: list[str]) -> str:
            if len(words) != 1:
                raise ValueError("expected one word")
            w = words[0].lower() if lower else words[0]
            if options is not None and w not in options:
                raise ValueError(f"one of {', '.join(options)}")
            return w

        return Arg(format=str, parse=parse, hint=("one of " + ", ".join(options)) if options else "one word")

    @staticmethod
    def integers(sep: str = ",", *, sort: bool = False, empty: str = "-") -> Arg:
        """A tuple of whole numbers written ``1,2,3`` (``-`` for none)."""

        def fmt(values: tuple) -> str:
            return sep.join(str(v) for v in values) if values else empty

        def parse(words: list[str]) -> tuple[int, ...]:
            if len(words) != 1:
                raise ValueError("expected numbers separated by commas")
            if words[0] == empty:
                return ()
            parts = words[0].split(sep)
            out = []
            for p in parts:
                if not (p.isascii() and p.lstrip("-").isdigit()) or len(p) > 12:
                    raise ValueError(f"{p!r} is not a whole number")
                out.append(int(p))
            return tuple(sorted(out)) if sort else tuple(out)

        return Arg(format=fmt, parse=parse, hint="numbers separated by commas")


# =============================================================================== verbs
@dataclass
class Verb:
    """One kind of action: its words, its argument, and the rules' handlers.

    ``words`` are the lower-case head words of the text (``("pick", "up")``).
    ``check``/``apply``/``describe`` are attached by the game's rules with
    :meth:`Grammar.handle`; the core never calls them itself.
    """

    name: str
    words: tuple[str, ...]
    arg: Arg | None = None
    chance: bool = False
    usage: str = ""
    check: Callable[..., Refusal] | None = None
    apply: Callable[..., Any] | None = None
    describe: Callable[..., str] | None = None

    def text(self, arg: Any) -> str:
        head = " ".join(self.words)
        if self.arg is None:
            if arg is not None:
                raise ValueError(f"{self.name} takes no argument")
            return head
        tail = self.arg.format(arg)
        return f"{head} {tail}" if tail else head


class Grammar:
    """The verbs of one game: text, parsing, normalisation and suggestions."""

    def __init__(self, game: str):
        self.game = game
        self.verbs: dict[str, Verb] = {}
        self._heads: dict[tuple[str, ...], Verb] = {}
        self._first: dict[str, list[Verb]] = {}
        self._canon: dict[tuple, Any] = {}

    def verb(self, name: str, words: str, *, arg: Arg | None = None, chance: bool = False,
             usage: str = "") -> None:
        """Declare a verb. ``words`` are its head words as written (``"pick up"``)."""
        head = tuple(words.lower().split())
        if not head:
            raise ValueError("a verb needs at least one word")
        if name in self.verbs:
            raise ValueError(f"verb {name!r} declared twice in {self.game}")
        if head in self._heads:
            raise ValueError(f"words {words!r} already belong to verb {self._heads[head].name!r}")
        v = Verb(name=name, words=head, arg=arg, chance=chance,
                 usage=usage or (words + (" ..." if arg else "")))
        self.verbs[name] = v
        self._heads[head] = v
        self._first.setdefault(head[0], []).append(v)
        self._first[head[0]].sort(key=lambda x: -len(x.words))

    def handle(self, name: str, *, check: Callable | None = None, apply: Callable | None = None,
               describe: Callable | None = None) -> None:
        """Attach the rules' handlers to a declared verb."""
        v = self.verbs[name]
        if check is not None:
            v.check = check
        if apply is not None:
            v.apply = apply
        if describe is not None:
            v.describe = describe

    @property
    def chance_verbs(self) -> frozenset[str]:
        return frozenset(n for n, v in self.verbs.items() if v.chance)

    def usages(self, chance: bool = False) -> list[str]:
        """How each verb is written (players' verbs; chance outcomes too with ``chance``)."""
        return [v.usage for v in self.verbs.values() if chance or not v.chance]

    # --------------------------------------------------------------------------- text
    def text(self, action: Action) -> str:
        v = self.verbs.get(action.verb) if isinstance(action.verb, str) else None
        if v is None:
            raise ValueError(f"unknown verb {action.verb!r}")
        return v.text(action.arg)

    def parse(self, cls: type[Action], text: str) -> Action:
        if not isinstance(text, str):
            raise ActionSyntaxError(f"an action is a string or an Action, got {type(text).__name__}")
        words = text.split()
        if not words:
            raise ActionSyntaxError("empty action: write what to do, for example "
                                    + repr(self.usages()[0] if self.usages() else "..."))
        first = words[0].lower()
        lowered = [w.lower() for w in words]
        for v in self._first.get(first, ()):
            n = len(v.words)
            if tuple(lowered[:n]) != v.words:
                continue
            rest = words[n:]
            if v.arg is None:
                if rest:
                    raise ActionSyntaxError(f"{text.strip()!r}: write {v.usage!r}")
                return cls(v.name)
            try:
                return cls(v.name, v.arg.parse(rest))
            except (ValueError, IndexError) as exc:
                hint = f" ({v.name} takes {v.arg.hint})" if v.arg.hint else ""
                detail = f"{exc}" if str(exc) else "malformed"
                raise ActionSyntaxError(f"{text.strip()!r}: write {v.usage!r}{hint}; {detail}") from None
        raise ActionSyntaxError(f"unknown action {text.strip()!r}")

    def normalize(self, action: Action) -> Action:
        """The action that ``action``'s text parses to, or :class:`IllegalActionError`."""
        try:
            key = (action.verb, _typed(action.arg))
        except TypeError:
            key = None
        if key is not None:
            hit = self._canon.get(key)
            if hit is not None:
                return hit
        cls = type(action)
        try:
            text = self.text(action)
            again = self.parse(cls, text)
        except (ValueError, TypeError, IndexError, KeyError, AttributeError) as exc:
            shown = f"{action.verb!r}, {action.arg!r}" if action.arg is not None else repr(action.verb)
            raise IllegalActionError(
                "Actions", f"{cls.__name__}({shown}) is not an action of this game: {exc}") from None
        if key is not None and len(self._canon) < 20_000:  # bounded: 20,000 forms, then no more are kept
            self._canon[key] = again
        return again

    def suggest(self, text: str, candidates: Iterable[str], n: int = 3) -> list[str]:
        """The ``n`` candidate texts closest to ``text`` (for "did you mean ...?")."""
        cands = list(dict.fromkeys(candidates))
        if not isinstance(text, str) or not cands:
            return []
        t = " ".join(text.lower().split())
        lowered = {c.lower(): c for c in cands}
        close = difflib.get_close_matches(t, list(lowered), n=n, cutoff=0.5)
        if not close and t:
            head = t.split()[0]
            close = [c for c in lowered if c.split()[0] == head][:n]
        return [lowered[c] for c in close]


def _typed(value: Any) -> Any:
    """A hashable key that tells ``1``, ``1.0``, ``True`` and ``np.int64(1)`` apart."""
    if isinstance(value, tuple):
        return (tuple, tuple(_typed(v) for v in value))
    hash(value)
    return (type(value), value)


# =============================================================================== the value
_TEXTS: dict[tuple, str] = {}  # (Action class, verb, plain argument) -> text; bounded: _TEXTS_MAX, then cleared
_TEXTS_MAX = 50_000
# id -> (a long-lived Action, its text); see Action.keep_texts; bounded: _KEPT_MAX, then no more are kept
_KEPT_TEXTS: dict[int, tuple] = {}
_KEPT_MAX = 5_000


def _plain(values: tuple, room: int = 8) -> int:
    """How many more values fit after ``values`` if it holds only ints, short strings and tuples of
    them, all the way down (exact types), at most ``room`` in all; -1 otherwise. An argument that
    passes is small enough to be met again (a shuffle's whole order is not)."""
    for x in values:
        t = type(x)
        if t is int or (t is str and len(x) <= 48):
            room -= 1
        elif t is tuple:
            room = _plain(x, room)
        else:
            return -1
        if room < 0:
            return -1
    return room


@dataclass(frozen=True, slots=True)
class Action:
    """One decision or chance outcome: ``verb`` names the kind, ``arg`` its detail.

    Subclasses set :attr:`grammar`. Equality and hashing are by value, and
    ``str(a)`` is the text that :meth:`parse` reads back.
    """

    verb: str
    arg: Any = None

    grammar: ClassVar[Grammar]

    def __str__(self) -> str:
        kept = _KEPT_TEXTS.get(id(self))  # a long-lived action (see keep_texts), known by identity
        if kept is not None and kept[0] is self:
            return kept[1]
        # the text of an action whose argument is plain (None, int, short str, short tuples of them) is
        # remembered by value: exact types only, so 1, True and 1.0 never share an entry (a long one,
        # such as a shuffle's whole order, is seldom met twice: it is not kept)
        arg = self.arg
        t = type(arg)
        if type(self.verb) is str and (arg is None or t is int or (t is str and len(arg) <= 48)
                                       or (t is tuple and _plain(arg) >= 0)):
            key = (type(self), self.verb, arg)
            text = _TEXTS.get(key)
            if text is None:
                text = type(self).grammar.text(self)
                if len(_TEXTS) >= _TEXTS_MAX:
                    _TEXTS.clear()
                _TEXTS[key] = text
            return text
        return type(self).grammar.text(self)

    @staticmethod
    def keep_texts(actions: Iterable[Action]) -> None:
        """Remember the texts of these long-lived actions (a game engine's tables of actions) by
        their identity, for the cheapest ``str``; an action without a text is left out. The
        actions are kept alive, so their ids are not reused."""
        for a in actions:
            if len(_KEPT_TEXTS) >= _KEPT_MAX:
                return
            try:
                text = str(a)
            except (TypeError, ValueError):
                continue
            _KEPT_TEXTS[id(a)] = (a, text)

    def __repr__(self) -> str:
        try:
            return f"{type(self).__name__}({str(self)!r})"
        except Exception:
            return f"{type(self).__name__}({self.verb!r}, {self.arg!r})"

    @property
    def is_chance(self) -> bool:
        v = type(self).grammar.verbs.get(self.verb)
        return bool(v and v.chance)

    @classmethod
    def parse(cls, text: str | Action) -> Action:
        """Read an action from its text; an :class:`Action` of this game is normalised.

        Raises :class:`~windward_nb.core.errors.ActionSyntaxError` (a
        ``ValueError``) for text that is not an action of the game, and
        :class:`~windward_nb.core.errors.IllegalActionError` for a hand-built
        action whose text does not parse back to it.
        """
        if isinstance(text, Action):
            if not isinstance(text, cls):
                raise IllegalActionError("Actions", f"{text!r} is an action of another game")
            return text.normalized()
        return cls.grammar.parse(cls, text)

    def normalized(self) -> Action:
        """Exactly the action this one's text parses to (raises if it does not parse)."""
        return type(self).grammar.normalize(self)
