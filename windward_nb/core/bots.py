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
"""

from __future__ import annotations

from typing import Any
from collections.abc import Callable, Mapping

import numpy as np

from .actions import Action


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
    a name may carry options after a colon, passed as keywords (``"mcts:iterations=200"``).
    """
    if isinstance(spec, Bot):
        return spec
    if isinstance(spec, str):
        table = {k.lower(): v for k, v in (bots or {"random": RandomBot}).items()}
        name, _, opts = spec.partition(":")
        key = name.strip().lower()
        key = key[:-3] if key.endswith("bot") and key[:-3] in table else key
        if key not in table:
            raise ValueError(f"unknown bot {spec!r}; bots: {', '.join(table)}")
        kwargs = _options(opts, spec)
        return table[key](seed, **kwargs)
    if isinstance(spec, type) and issubclass(spec, Bot):
        return spec(seed)
    if callable(spec):
        bot = spec(seed)
        if not isinstance(bot, Bot):
            raise TypeError(f"{spec!r} did not make a Bot")
        return bot
    raise TypeError(f"cannot make a bot from {spec!r}")


def _options(text: str, spec: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, eq, value = part.partition("=")
        if not eq or not key.strip().isidentifier():
            raise ValueError(f"bot options are written name=value, separated by commas: {spec!r}")
        v: Any = value.strip()
        for conv in (int, float):
            try:
                v = conv(v)
                break
            except ValueError:
                continue
        out[key.strip()] = v
    return out


def bot_name(spec: BotSpec, bots: Mapping[str, Callable[..., Bot]] | None = None) -> str:
    """The display name of the bot a spec makes."""
    return make_bot(spec, 0, bots).name
