"""Bots: players the program controls, for any game of the family.

A bot is seeded (its own ``numpy`` generator) so a game between bots replays
identically. Drivers call :meth:`Bot.act` on the state where the bot's seat
decides; a subclass implements :meth:`Bot.choose`.

>>> import numpy as np
>>> class First(Bot):
...     name = "First"
...     def choose(self, state, seat, legal):
...         return legal[0]
>>> make_bot("first", 0, {"first": First}).name
'First'

Bot specs
---------
Wherever a bot is named by text (the command line's ``--bots``, :func:`~windward_nb.core.simulate.play_many`'s
``bots=``, a play table's seats), the text follows one grammar, checked here and nowhere else::

    specs  := spec ("," spec)*
    spec   := name [":" option ("," option)*]
    option := key "=" value
    name   := a bot of the game: letters, digits, "_" or "-" (any case; a final "bot" may be left off)
    key    := a Python name (the bot's keyword argument)
    value  := a whole number, a finite decimal number, true, false, or a word of letters,
              digits, "_", "-", "." and "+" (spaces around any part are ignored)

It cannot be read two ways: a name never holds ``=`` and an option always does, so after a
colon each comma-separated part holding ``=`` is an option of the bot before it, and a part
without ``=`` begins the next bot. An option with no colon before it in its spec is refused.

>>> split_specs("greedy, mcts:iterations=200,c=1.4, random")
['greedy', 'mcts:iterations=200,c=1.4', 'random']
>>> parse_spec("mcts:iterations=200,c=1.4,own_moves=true")
('mcts', {'iterations': 200, 'c': 1.4, 'own_moves': True})
>>> split_specs("greedy,c=1.4")
Traceback (most recent call last):
...
windward_nb.core.bots.BotSpecError: bot spec 'greedy,c=1.4': the option 'c=1.4' follows 'greedy', which has no ':'
"""

from __future__ import annotations

import math
import re
from typing import Any
from collections.abc import Callable, Mapping

import numpy as np

from .actions import Action


__all__ = ["Bot", "BotSpecError", "RandomBot", "BOT_SPEC_HELP", "MAX_SPEC_CHARS", "bot_name", "make_bot",
           "parse_spec", "split_specs"]

#: one line for a command's help: how bots are named (the grammar is in this module's docstring)
BOT_SPEC_HELP = ("a bot is a name with, optionally, options after a colon: mcts:iterations=200,c=1.4; "
                 "several bots are separated by commas: greedy,mcts:iterations=200,c=1.4,random")
#: the longest bot spec text read (a list of bots included)
MAX_SPEC_CHARS = 2_000
MAX_OPTIONS = 32  #: options one bot spec may carry

_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_-]{0,63}")
_WORD = re.compile(r"[A-Za-z0-9_.+-]{1,200}")
_INT = re.compile(r"[+-]?[0-9]{1,18}")


class BotSpecError(ValueError):
    """A bot spec that does not follow the grammar (see the module docstring), in one line."""


def _spec_text(text: Any) -> str:
    if not isinstance(text, str):
        raise BotSpecError(f"a bot spec must be text, got {type(text).__name__}")
    if len(text) > MAX_SPEC_CHARS:
        raise BotSpecError(f"a bot spec of {len(text)} characters is too long (at most {MAX_SPEC_CHARS})")
    return text


def split_specs(text: str) -> list[str]:
    """The bot specs of a comma-separated list, each as its own text (see the grammar above)."""
    text = _spec_text(text)
    out: list[str] = []
    colon = False  # the spec being read has a colon (so it takes options)
    for raw in text.split(","):
        part = raw.strip()
        if not part:
            raise BotSpecError(f"bot spec {text!r}: an empty part (two commas in a row, or a comma at an end?)")
        if "=" in part and ":" not in part:
            if not out:
                raise BotSpecError(f"bot spec {text!r}: the option {part!r} comes before any bot's name")
            if not colon:
                raise BotSpecError(f"bot spec {text!r}: the option {part!r} follows {out[-1]!r}, which has no ':'")
            out[-1] += "," + part
        else:
            out.append(part)
            colon = ":" in part
    for spec in out:
        parse_spec(spec)
    return out


def parse_spec(text: str) -> tuple[str, dict[str, Any]]:
    """``(name, options)`` of one bot spec; the name in lower case, the values converted
    (whole numbers, finite decimals, ``true``/``false``, else the word as text)."""
    text = _spec_text(text)
    name, colon, opts = text.partition(":")
    name = name.strip()
    if not _NAME.fullmatch(name):
        raise BotSpecError(f"bot spec {text!r}: {name!r} is not a bot's name (letters, digits, '_' or '-')")
    options: dict[str, Any] = {}
    if colon:
        parts = [p.strip() for p in opts.split(",")]
        if not any(parts):
            raise BotSpecError(f"bot spec {text!r}: a ':' must be followed by options, such as iterations=200")
        if len(parts) > MAX_OPTIONS:
            raise BotSpecError(f"bot spec {text!r}: {len(parts)} options; at most {MAX_OPTIONS}")
        for part in parts:
            key, eq, value = (x.strip() for x in part.partition("="))
            if not eq or not key.isidentifier() or not key.isascii():
                raise BotSpecError(f"bot spec {text!r}: {part!r} is not an option; write name=value, "
                                   "options separated by commas")
            if key in options:
                raise BotSpecError(f"bot spec {text!r}: the option {key!r} is given twice")
            options[key] = _value(value, text)
    return name.lower(), options


def _value(text: str, spec: str) -> Any:
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    if _INT.fullmatch(text):
        return int(text)
    if not _WORD.fullmatch(text):
        raise BotSpecError(f"bot spec {spec!r}: the value {text!r} is not a number, true, false or a word "
                           "(letters, digits, '_', '-', '.', '+')")
    try:
        number = float(text)
    except ValueError:
        return text
    if not math.isfinite(number):
        raise BotSpecError(f"bot spec {spec!r}: the value {text!r} is not a finite number")
    return number


class Bot:
    """A player. Subclasses implement :meth:`choose`; :meth:`act` is what drivers call."""

    name = "Bot"

    def __init__(self, seed: int | np.random.SeedSequence | None = None):
        self.rng = np.random.default_rng(seed)

    def act(self, state: Any, legal: list[Action] | None = None) -> Action:
        """The action this bot takes for the seat that decides in ``state``."""
        rules = type(state).rules
        seat = rules.decider(state)
        if seat < 0:
            raise ValueError("no player decides here (chance or the end of the game)")
        legal = rules.legal_actions(state) if legal is None else legal
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        return self.choose(state, seat, legal)

    __call__ = act

    def choose(self, state: Any, seat: int, legal: list[Action]) -> Action:  # pragma: no cover - abstract
        raise NotImplementedError

    def explain(self, state: Any, action: Action) -> str:
        """Why this bot would play ``action`` here, in a sentence (bots may override)."""
        return f"{self.name} plays {action}"

    def __repr__(self) -> str:
        return f"{self.name}()"


class RandomBot(Bot):
    """Picks uniformly among the legal actions (reproducible with ``seed``)."""

    name = "RandomBot"

    def choose(self, state: Any, seat: int, legal: list[Action]) -> Action:
        return legal[int(self.rng.integers(len(legal)))]


BotSpec = Any  # a name, a Bot subclass, a factory f(seed) -> Bot, or a Bot


def make_bot(spec: BotSpec, seed: Any = None, bots: Mapping[str, Callable[..., Bot]] | None = None) -> Bot:
    """A bot from a name (looked up in ``bots``, e.g. a game's ``BOTS``), a :class:`Bot`
    subclass, a factory ``f(seed) -> Bot``, or a ready bot (returned as is).

    Names are case-insensitive and may end in "bot" (``"GreedyBot"`` = ``"greedy"``);
    a name may carry options after a colon, passed as keywords (``"mcts:iterations=200,c=1.4"``;
    the grammar is in the module's docstring). A bot that refuses an option's value raises a
    ``ValueError`` saying which.
    """
    if isinstance(spec, Bot):
        return spec
    if isinstance(spec, str):
        table = {k.lower(): v for k, v in (bots or {"random": RandomBot}).items()}
        key, kwargs = parse_spec(spec)
        key = key[:-3] if key.endswith("bot") and key[:-3] in table else key
        if key not in table:
            raise BotSpecError(f"unknown bot {spec!r}; bots: {', '.join(table)}")
        try:
            return table[key](seed, **kwargs)
        except TypeError as exc:  # an option the bot does not take
            if not kwargs:
                raise
            raise BotSpecError(f"bot spec {spec!r}: {exc}") from None
    if isinstance(spec, type) and issubclass(spec, Bot):
        return spec(seed)
    if callable(spec):
        bot = spec(seed)
        if not isinstance(bot, Bot):
            raise TypeError(f"{spec!r} did not make a Bot")
        return bot
    raise TypeError(f"cannot make a bot from {spec!r}")



def bot_name(spec: BotSpec, bots: Mapping[str, Callable[..., Bot]] | None = None) -> str:
    """The display name of the bot a spec makes."""
    return make_bot(spec, 0, bots).name
