"""Seats for the play table: a human, or one of :mod:`windward_nb.bots`.

>>> import windward_nb as ww
>>> g = ww.new_game(players=3, seed=1)
>>> bot = make_bot("random", seed=3)
>>> choose(bot, g) in g.legal_actions()
True
"""

from __future__ import annotations

from typing import Any

from windward_nb import bots as engine_bots
from windward_nb.windward.actions import Action

__all__ = ["make_bot", "choose", "BOT_KINDS", "bot_name"]

BOT_KINDS = ("human", "random", "greedy", "careful", "mcts")


def make_bot(spec: Any, seed: int | None = None) -> Any:
    """``None`` for a human seat (``None`` or ``"human"``), else a bot: ``"random"``,
    ``"greedy"``, ``"careful"`` (GreedyBot for the team modes), ``"mcts"`` (the search bot), each
    with options in the grammar of :mod:`windward_nb.core.bots` (``"mcts:iterations=200,c=1.4"``), or a
    ready bot object with an ``act(state)`` method."""
    if spec is None or spec == "human":
        return None
    if isinstance(spec, str):
        from windward_nb.core.bots import parse_spec

        if parse_spec(spec)[0] not in BOT_KINDS:
            raise ValueError(f"a seat is one of {', '.join(BOT_KINDS)} (options after a colon: mcts:iterations=200) "
                             f"or a bot object, got {spec!r}")
    return engine_bots.make_bot(spec, seed)


def bot_name(bot: Any) -> str:
    """``"random"``, ``"greedy"`` or the bot's own name."""
    name = str(getattr(bot, "name", None) or type(bot).__name__)
    return name[:-3].lower() if name.endswith("Bot") else name


def choose(bot: Any, game) -> Action:
    """The action ``bot`` takes in ``game``."""
    return Action.parse(bot.act(game.state))
