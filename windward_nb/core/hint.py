"""The coach's hints: the best few actions for the seat that decides, each with the win
chance a search found for it and a one-line reason in the game's words.

:func:`hints` (and :meth:`Game.hint <windward_nb.core.game.Game.hint>`, which calls it)
runs the core's :class:`~windward_nb.core.mcts.MCTSBot` for the deciding seat and turns
the most searched options into :class:`Hint` values, best first.

Nothing the deciding seat cannot see reaches the answer. Before anything else the
position is replaced by one *determinization* drawn from the seat's point of view
(``rules.determinize(state, seat, rng)``: other hands and the deck's order dealt
again); the search, the first action of each option and the reasons are all computed
from that stand-in. Two positions that differ only in what the seat cannot see give
the same hints for the same seed.

A game words its reasons through an optional hook on its
:class:`~windward_nb.core.view.GameView`, ``view.explain(state, seat, action) -> str``
(the default is the action's sentence, ``view.describe``).

Where nobody decides (chance is pending, or the game is over) there is no hint to
give: :class:`~windward_nb.core.errors.NoDecisionError` says so. A game driver with
``auto_chance`` (the default) never waits on chance, so that only happens at the end.

>>> import sys; sys.path.insert(0, "tests/core")
>>> import dicerace
>>> g = dicerace.new_game(2, seed=3)
>>> best = hints(g.state, iterations=150, seed=1)
>>> 1 <= len(best) <= 3, all(str(h.action) in map(str, g.legal_actions()) for h in best)
(True, True)
>>> 0 <= best[0].win_chance <= 1, bool(best[0].reason)
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from . import registry
from .actions import Action
from .bots import make_bot
from .errors import NoDecisionError
from .mcts import MCTSBot
from .view import GameView, view_for

__all__ = ["Hint", "hints", "DEFAULT_SECONDS", "DEFAULT_ROLLOUT_PLIES", "MAX_TOP"]

#: the search budget when neither ``seconds`` nor ``iterations`` is given
DEFAULT_SECONDS = 1.0
#: decisions a rollout may take before the position is judged instead of played out
#: (high: rollouts play to the end, so that a value is a win chance)
DEFAULT_ROLLOUT_PLIES = 100_000
#: the most hints one call returns
MAX_TOP = 20


@dataclass(frozen=True)
class Hint:
    """One suggested action for the deciding seat.

    ``action`` is legal now; ``win_chance`` (0-1) is the share of searched games the seat
    went on to win after it (for team games: the team); ``reason`` is one line in the
    game's words; ``visits`` counts the searches that tried it and ``plan`` names the
    whole decision the search weighed when the game offers macro-actions (otherwise it
    is the action's text).
    """

    action: Action
    win_chance: float
    reason: str
    visits: int = 0
    plan: str = ""

    def __str__(self) -> str:
        return f"{self.action}: {self.win_chance:.0%} to win - {self.reason}"


def _check_top(top: Any) -> int:
    if isinstance(top, bool) or not isinstance(top, (int, np.integer)) or not 1 <= int(top) <= MAX_TOP:
        raise ValueError(f"top must be a whole number from 1 to {MAX_TOP}, got {top!r}")
    return int(top)


def _check_seed(seed: Any) -> None:
    if seed is None:
        return
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or int(seed) < 0:
        raise ValueError(f"seed must be a whole number of 0 or more (or None), got {seed!r}")


def _bot_table(rules: Any) -> Any:
    """The game's bots (its registry part ``bots``: name -> bot), or ``None`` for a game the registry
    does not know."""
    try:
        return registry.part_of(rules, "bots", None)
    except ImportError:
        return None


def _default_rollout(rules: Any, state: Any = None) -> str:
    """The bot the game names for playing a position out (``rules.rollout_bot(state)``, optional),
    else its greedy bot when it has one (a far better judge of a position than random play)."""
    named = getattr(rules, "rollout_bot", None)
    if named is not None and state is not None:
        return str(named(state))
    table = _bot_table(rules)
    return "greedy" if table and "greedy" in {str(k).lower() for k in table} else "random"


class CoachSearch(MCTSBot):
    """The search behind the hints: an :class:`~windward_nb.core.mcts.MCTSBot` whose list of
    single actions (for a game without ``rules.options``) starts with the rollout bot's own
    choice. The tree widens progressively in that order, so a small budget tries the action a
    sensible player would take before the others rather than the first of the legal list."""

    def _options(self, rules: Any, state: Any, seat: int) -> list:
        options = super()._options(rules, state, seat)
        if getattr(rules, "options", None) is not None or len(options) < 2:
            return options                      # the game orders its own plans, best first
        # a fresh bot of the kind the rollouts use (rollout bots are made afresh for every rollout)
        bot = make_bot(self.rollout_spec, int(self.rng.integers(2**31)), _bot_table(rules))
        favourite = str(bot.act(state))
        first = [o for o in options if o.key == favourite]
        return first + [o for o in options if o.key != favourite]


def explain(view: GameView, state: Any, seat: int, action: Action) -> str:
    """The game's one-line reason for ``action`` (its view's ``explain``), on one line."""
    return " ".join(str(view.explain(state, seat, action)).split())


def hints(state: Any, *, seconds: float | None = None, iterations: int | None = None, seed: int | None = None,
          top: int = 3, rollout: Any = None, rollout_plies: int = DEFAULT_ROLLOUT_PLIES, c: float = 0.7,
          widen: float = 1.0, view: GameView | None = None) -> list[Hint]:
    """The ``top`` best actions for the seat that decides in ``state``, best first.

    The budget is ``seconds`` of search, ``iterations`` (reproducible with ``seed``), or both
    (whichever ends first); with neither, :data:`DEFAULT_SECONDS`. ``rollout`` is the bot that
    plays the searched games out (default: the bot the game names with ``rules.rollout_bot``, else
    its greedy bot, else random play);
    ``rollout_plies`` caps them; ``c`` and ``widen`` tune the search as in
    :class:`~windward_nb.core.mcts.MCTSBot`; ``view`` is the game's
    :class:`~windward_nb.core.view.GameView` that words the reasons (found from the state when
    not given). ``state`` is never changed.

    Raises :class:`~windward_nb.core.errors.NoDecisionError` where no seat decides (chance,
    or the game is over) and ``ValueError`` for a budget, ``top`` or ``seed`` out of range.
    """
    top = _check_top(top)
    _check_seed(seed)
    rules = type(state).rules
    seat = rules.decider(state)
    if seat < 0:
        if rules.is_over(state):
            raise NoDecisionError("the game is over: there is no decision to hint at")
        raise NoDecisionError("chance decides now (dice, a draw): there is no decision to hint at")
    if seconds is None and iterations is None:
        seconds = DEFAULT_SECONDS
    words = view if view is not None else view_for(state)
    if not isinstance(words, GameView):
        raise TypeError(f"view must be a GameView, got {type(words).__name__}")
    own_seed, search_seed = np.random.SeedSequence(seed).spawn(2)
    # everything below reads this stand-in, never `state`: the seat's own view of the position
    own = rules.determinize(state, seat, np.random.default_rng(own_seed))
    bot = CoachSearch(search_seed, iterations=iterations, seconds=seconds,
                      rollout=rollout if rollout is not None else _default_rollout(rules, own),
                      rollout_plies=rollout_plies, c=c, widen=widen)
    result = bot.search(own)
    options = {o.key: o for o in bot._options(rules, own, seat)}
    out: list[Hint] = []
    shown: set[str] = set()
    for stats in result.options:
        option = options.get(stats.key)
        if option is None:
            continue
        try:
            action = option.first(own)
        except ValueError:          # a plan with nothing to do in this position
            continue
        if str(action) in shown or rules.why_illegal(own, action) is not None:
            continue
        shown.add(str(action))
        win = min(1.0, max(0.0, float(stats.value)))
        out.append(Hint(action, win, explain(words, own, seat, action), stats.visits, stats.label))
        if len(out) == top:
            break
    return out
