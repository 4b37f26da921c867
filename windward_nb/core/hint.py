"""The coach's hints: the best few actions for the seat that decides, each with the win chance a
search found for it, how sure that chance is, and a one-line reason in the game's words.

:func:`hints` (and :meth:`Game.hint <windward_nb.core.game.Game.hint>`, which calls it)
runs the game's own search bot (``make_bot("mcts")`` of its ``BOTS``: its plans, its judge of an
unfinished position and its rollout bot) for the deciding seat and turns the searched options
into :class:`Hint` values, best first, in a :class:`Hints` list that also says whether the
budget was enough to tell the best ones apart.

How sure a hint is
------------------
Every win chance comes with the number of searched games behind it and a 95% interval:
``about 40% (28-53%), 60 games``. A searched game is either played to the end (a win or a
loss) or, where the game has a *fitted* judge of its chances (``rules.judges_win_chance(state)``
is true, e.g. Windward's notoriety races), stopped and judged: the judge's chance stands in for
the win or the loss. The interval is Wilson's over those ``n`` values
(:func:`~windward_nb.core.stats.wilson_share`): exact Wilson for wins and losses, and
conservative for judged chances (a value between 0 and 1 with mean ``p`` spreads at most as
much as a win-or-loss with chance ``p``), which leaves room for the judge's own error. The
chance shown is ``(wins + 1/2) / (n + 1)``: the share of wins with half a win and half a loss
added (Jeffreys' prior), so that a handful of lost games reads "about 8%", never "0%". Only an
action that ends the game (``decided``) shows 0% or 100%.

The budget
----------
``seconds`` is a budget of *work*, not of wall-clock time: the search stops after playing
``seconds * rules.search_pace`` decisions (the decisions the game's search plays in a second of
one core's time, a number or a function of the state; ``benchmarks/hint_stability.py --pace``
measures it). So the same seed gives the
same hints on any machine, in JupyterLab, Voila or a script; a slower machine just takes
longer (at most ten times the seconds of its own CPU time, then the search stops and the hints
say so).
``iterations`` counts searched games (paired searches: plays of one option) instead.

Too close to call
-----------------
The best two actions are compared on the same sampled games where the search is *paired*
(every option played in the same worlds with the same dice): the standard error of their
difference, world by world (a tree search: of the two means). If the lead is within 1.96 of
those errors, the hints say it is too close to call at this budget and how long a search might
tell them apart; a lead under :data:`MIN_LEAD` (2 points of win chance) is called a tie however
sure it is, since neither a fitted judge nor the rollout bots are that exact (the two are "about as
good as each other" once the lead's whole 95% interval is under it). Fewer than
:data:`MIN_GAMES` searched games never make a lead clear (three identical results are no
certainty, though their spread is nil). The first hint is
then, of the actions the search cannot tell from the best, the one the game's own search ranks
first (its rollout bot's choice when that is among them), so that noise does not reorder a sound
choice. That order is worked out on a reference view of the position (a determinization with a
fixed seed), so it is the same whatever the hint's seed or budget.

Nothing the deciding seat cannot see reaches the answer. Before anything else the position is
replaced by one *determinization* drawn from the seat's point of view
(``rules.determinize(state, seat, rng)``: other hands and the deck's order dealt again); the
search, the first action of each option and the reasons are all computed from that stand-in. Two
positions that differ only in what the seat cannot see give the same hints for the same seed.

A game words its reasons through an optional hook on its
:class:`~windward_nb.core.view.GameView`, ``view.explain(state, seat, action) -> str`` (the
default is the action's sentence, ``view.describe``).

Where nobody decides (chance is pending, or the game is over) there is no hint to give:
:class:`~windward_nb.core.errors.NoDecisionError` says so. A game driver with ``auto_chance``
(the default) never waits on chance, so that only happens at the end.

>>> import sys; sys.path.insert(0, "tests/core")
>>> import dicerace
>>> g = dicerace.new_game(2, seed=3)
>>> best = hints(g.state, iterations=150, seed=1)
>>> 1 <= len(best) <= 3, all(str(h.action) in map(str, g.legal_actions()) for h in best)
(True, True)
>>> h = best[0]
>>> 0 < h.low < h.win_chance < h.high < 1, h.visits > 0, bool(h.reason)
(True, True, True)
>>> print(h)
bid 3: win chance about 44% (33-55%), 75 games - bid your 3 face down
>>> print(best.verdict)  # doctest: +NORMALIZE_WHITESPACE
too close to call at 150 searched games: bid 2 and bid 3 are 4.0 points apart (±9.4); try 1000
searched games; first: bid 3, the game's own choice among them
"""

from __future__ import annotations

import inspect
import math
import time
from dataclasses import dataclass
from typing import Any
from collections.abc import Hashable

import numpy as np

from . import mcts, registry
from .actions import Action
from .bots import make_bot
from .errors import NoDecisionError
from .mcts import MCTSBot, SearchResult
from .stats import wilson_share, z_value
from .view import GameView, view_for

__all__ = ["Hint", "Hints", "hints", "chance_text", "percent", "search_bot", "search_pace", "judges_win_chance",
           "DEFAULT_SECONDS", "DEFAULT_PACE", "MAX_TOP", "SUGGESTED_SECONDS", "Z"]

#: the search budget when neither ``seconds`` nor ``iterations`` is given
DEFAULT_SECONDS = 1.0
#: decisions per second a game's search plays when its rules do not say (``rules.search_pace``)
DEFAULT_PACE = 4000.0
#: the most hints one call returns
MAX_TOP = 20
#: the largest budget a hint accepts, in seconds
MAX_SECONDS = 3600.0
#: the budgets the coach suggests when the best options are too close to call
SUGGESTED_SECONDS = (2, 5, 10, 20, 30)
#: the two-sided 95% normal quantile: the intervals and the "too close to call" test
Z = z_value(0.95)
#: a search may take this many times its nominal seconds on a slow machine before it stops early
SLOW_MACHINE = 10.0
#: the smallest lead, in win chance, that a hint calls a real difference: below it two options are
#: about as good as each other however many games were searched (the judge of unfinished games and
#: the rollout bots are not that exact)
MIN_LEAD = 0.02
#: fewer searched games than this per option never make a lead clear, nor an option clearly worse
MIN_GAMES = 10
#: options that came out the same in fewer searched games than this may still part with more games
SAME_GAMES = 30
#: the seed of the reference view of a position (:func:`hints`: the game's own order of the options)
REFERENCE_SEED = 0
#: decisions a rollout may take when it plays to the end of the game
TO_THE_END = 10**6


def _pct(p: float) -> int:
    return math.floor(100 * p + 0.5)


def percent(p: Any) -> str:
    """A probability in whole percents for a reason, never rounded to a false certainty: exactly 0
    or 1 read "0%" and "100%", anything between reads at least "under 1%" and at most "over 99%".

    >>> percent(0), percent(0.003), percent(0.5), percent(0.996), percent(1)
    ('0%', 'under 1%', '50%', 'over 99%', '100%')
    """
    x = float(p)
    if x <= 0 or x >= 1:
        return "0%" if x <= 0 else "100%"
    k = _pct(x)
    return "under 1%" if k <= 0 else "over 99%" if k >= 100 else f"{k}%"


def chance_text(p: float, low: float, high: float, n: int, decided: bool = False) -> str:
    """How a hint words a win chance: ``about 40% (28-53%), 60 games``.

    Never 0% or 100% unless ``decided`` (the action ends the game): an estimate that rounds
    there reads "under 1%" or "over 99%", and an interval bound that rounds there reads "up
    to" or "at least".

    >>> chance_text(0.4, 0.28, 0.53, 60)
    'about 40% (28-53%), 60 games'
    >>> chance_text(0.004, 0.0, 0.06, 60), chance_text(0.998, 0.95, 1.0, 80)
    ('under 1% (up to 6%), 60 games', 'over 99% (at least 95%), 80 games')
    >>> chance_text(0.5, 0.003, 0.997, 1), chance_text(1.0, 1.0, 1.0, 0, decided=True)
    ('about 50% (could be anything), 1 game', '100%: the game ends with this action')
    """
    if decided:
        return f"{_pct(p)}%: the game ends with this action"
    pct = _pct(p)
    head = "under 1%" if pct <= 0 else "over 99%" if pct >= 100 else f"about {pct}%"
    lo, hi = _pct(low), _pct(high)
    if lo <= 0 and hi >= 100:
        span = "could be anything"
    elif lo <= 0:
        span = f"up to {hi}%"
    elif hi >= 100:
        span = f"at least {lo}%"
    else:
        span = f"{lo}-{hi}%"
    return f"{head} ({span}), {n} game{'' if n == 1 else 's'}"


@dataclass(frozen=True)
class Hint:
    """One suggested action for the deciding seat.

    ``action`` is legal now. ``win_chance`` (0-1) is the seat's (for team games: the team's)
    chance to win after it, estimated from ``visits`` searched games: ``(wins + 1/2) / (visits
    + 1)``, where a game the search stopped early counts the fitted judge's chance as its win;
    ``low`` and ``high`` are its 95% Wilson interval. ``decided``: the action ends the game,
    and ``win_chance`` is the result (0 or 1). ``reason`` is one line in the game's words;
    ``plan`` names the whole decision the search weighed when the game offers macro-actions
    (otherwise it is the action's text).
    """

    action: Action
    win_chance: float
    reason: str
    visits: int = 0
    plan: str = ""
    low: float = 0.0
    high: float = 1.0
    decided: bool = False

    def chance_text(self) -> str:
        """``about 40% (28-53%), 60 games`` (see :func:`chance_text`)."""
        return chance_text(self.win_chance, self.low, self.high, self.visits, self.decided)

    def __str__(self) -> str:
        return f"{self.action}: win chance {self.chance_text()} - {self.reason}"


class Hints(list):
    """The hints of one search, best first (a list of :class:`Hint`), and what the search can say
    about them as a whole.

    ``verdict``: one line on whether the budget told the best two apart ("too close to call at
    1 s: ...; try 5 s") or by how much the first leads; ``close``: True when it did not;
    ``suggest``: the budget that might (seconds, or searched games for an ``iterations``
    budget; ``None`` when there is nothing to suggest); ``budget``: the budget in words;
    ``judged``: the searched games were stopped early and judged by the game's fitted judge
    (else played to the end); ``games``: the searched games in all; ``work``: the decisions
    the search played; ``cut_short``: the machine was too slow to finish the budget; ``stalled``:
    searched games that had not ended after :data:`~windward_nb.core.mcts.LONGEST_ROLLOUT`
    decisions (the bots went round in circles) and were judged where they stood; ``default``:
    the action the game's own search ranks first (its rollout bot's choice), which goes first when
    the best cannot be told apart.
    """

    verdict: str = ""
    close: bool = False
    suggest: float | None = None
    budget: str = ""
    judged: bool = False
    games: int = 0
    work: int = 0
    cut_short: bool = False
    stalled: int = 0
    #: where a judged searched game stops, in the game's words (``rules.judged_at``)
    judged_at: str = "at your next turn"
    default: Any = None

    def method(self) -> str:
        """Where the win chances come from, in a sentence."""
        how = (f"each stopped {self.judged_at} and judged by the game's fitted judge" if self.judged
               else "each played to the end by the game's bots")
        return f"win chances from {self.games} searched games, {how}; 95% intervals"


def _check_top(top: Any) -> int:
    if isinstance(top, bool) or not isinstance(top, (int, np.integer)) or not 1 <= int(top) <= MAX_TOP:
        raise ValueError(f"top must be a whole number from 1 to {MAX_TOP}, got {top!r}")
    return int(top)


def _check_seed(seed: Any) -> None:
    if seed is None:
        return
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or int(seed) < 0:
        raise ValueError(f"seed must be a whole number of 0 or more (or None), got {seed!r}")


def _check_budget(seconds: Any, iterations: Any) -> None:
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float, np.floating))
                                or not 0 < float(seconds) <= MAX_SECONDS):
        raise ValueError(f"seconds must be a number of seconds above 0 and at most {MAX_SECONDS:g}, got {seconds!r}")
    if iterations is not None and (isinstance(iterations, bool) or not isinstance(iterations, (int, np.integer))
                                   or not 1 <= int(iterations) <= 10**7):
        raise ValueError(f"iterations must be a whole number 1-10000000, got {iterations!r}")


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


def judges_win_chance(rules: Any, state: Any) -> bool:
    """Does the game's ``rules.value`` give each seat's *chance to win* in ``state`` (a judge fitted
    to who won, like Windward's in a notoriety race)? Games say so with the optional hook
    ``rules.judges_win_chance(state)``; without it (or with a judge of something else: a score
    share, a team's progress), the hints play every searched game to the end."""
    hook = getattr(rules, "judges_win_chance", None)
    return bool(hook(state)) if hook is not None and getattr(rules, "value", None) is not None else False


class _FavouriteFirst:
    """Mixed into the search bot: for a game without ``rules.options``, its single actions start
    with the rollout bot's own choice. The tree widens progressively in that order, and a paired
    search measures every option against the first, so a small budget starts from the action a
    sensible player would take rather than from the first of the legal list."""

    rng: np.random.Generator
    rollout_spec: Any

    def _options(self, rules: Any, state: Any, seat: int) -> list:
        options = super()._options(rules, state, seat)  # type: ignore[misc]
        if getattr(rules, "options", None) is not None or len(options) < 2:
            return options                      # the game orders its own plans, best first
        # a fresh bot of the kind the rollouts use, with a fixed seed: the favourite is a function of
        # the position, so a search's order does not depend on its seed
        bot = make_bot(self.rollout_spec, REFERENCE_SEED, _bot_table(rules))
        favourite = str(bot.act(state))
        first = [o for o in options if o.key == favourite]
        return first + [o for o in options if o.key != favourite]


class CoachSearch(_FavouriteFirst, MCTSBot):
    """The hints' search for a game whose ``make_bot("mcts")`` is the core's untuned
    :class:`~windward_nb.core.mcts.MCTSBot`: paired (every option on the same sampled worlds and
    dice), the game's rollout bot, options in the rollout bot's order."""


_SEARCH_CLASSES: dict[type, type] = {}  # finite: one subclass per search bot class


def _search_class(cls: type) -> type:
    """``cls`` (a game's tuned search bot) with the rollout bot's choice first (cached)."""
    if cls not in _SEARCH_CLASSES:
        _SEARCH_CLASSES[cls] = type(f"Coach{cls.__name__}", (_FavouriteFirst, cls), {})
    return _SEARCH_CLASSES[cls]


def search_bot(state: Any, seed: Any, *, iterations: int | None = None, work: int | None = None,
               rollout: Any = None, rollout_plies: int | None = None, c: float | None = None,
               widen: float | None = None, paired: bool | None = None) -> MCTSBot:
    """The search bot the hints run for the seat that decides in ``state``.

    The game's own ``BOTS["mcts"]`` when it is tuned (a subclass of the core's bot: its plans,
    judge, rollout bot, paired or tree search); for the core's untuned bot, :class:`CoachSearch`
    (paired unless ``paired=False``: a tree then, which sees deeper but compares less surely).
    Either way each searched game is judged by ``rules.value`` only where
    :func:`judges_win_chance` says it is a chance to win, and played to the end otherwise, so
    that every value the hints average is a win, a loss or a fitted chance of winning."""
    rules = type(state).rules
    table = _bot_table(rules) or {}
    cls = next((v for k, v in table.items() if str(k).lower() == "mcts"), None)
    judged = judges_win_chance(rules, state)
    budget = iterations if iterations is not None else 10**7
    bot: MCTSBot
    if isinstance(cls, type) and issubclass(cls, MCTSBot) and cls is not MCTSBot:
        kw: dict[str, Any] = {"iterations": budget}
        if rollout is not None:
            kw["rollout"] = rollout
        bot = _search_class(cls)(seed, **kw)
        if c is not None:
            bot.c = float(c)
        if widen is not None:
            bot.widen = float(widen)
        if paired is not None:
            bot.paired = bool(paired)
            getattr(bot, "_auto", set()).discard("paired")
    else:
        bot = CoachSearch(seed, iterations=budget, rollout=rollout if rollout is not None else _default_rollout(rules, state),
                          rollout_plies=0, c=0.7 if c is None else c, widen=1.0 if widen is None else widen,
                          paired=paired is not False, to_own_turn=True)
    if rollout_plies is not None:
        bot.rollout_plies = int(rollout_plies)
    elif not judged:
        bot.rollout_plies = TO_THE_END
    bot.work_budget = work
    return bot


def search_pace(rules: Any, state: Any) -> float:
    """Decisions the game's search plays per second of one core (``rules.search_pace``: a number
    or a function of the state; :data:`DEFAULT_PACE` when the game does not say)."""
    pace = getattr(rules, "search_pace", DEFAULT_PACE)
    return float(pace(state) if callable(pace) else pace)


def explain(view: GameView, state: Any, seat: int, action: Action, plan: Hashable | None = None) -> str:
    """The game's one-line reason for ``action`` (its view's ``explain``, given the search's ``plan``
    when it takes one), on one line."""
    try:
        takes_plan = "plan" in inspect.signature(view.explain).parameters
    except (TypeError, ValueError):
        takes_plan = False
    text = view.explain(state, seat, action, plan=plan) if takes_plan else view.explain(state, seat, action)
    return " ".join(str(text).split())


# ====================================================================================== comparing
@dataclass
class _Choice:
    """One action with the searched plan that backs it (the best of those starting with it)."""

    action: Action
    key: Hashable
    label: str
    visits: int
    mean: float
    error: float


@dataclass(frozen=True)
class _Gap:
    """How far ``a`` leads ``b``: the mean lead, its standard error, the games it rests on, and
    whether every one of them came out exactly the same for both."""

    lead: float
    se: float
    n: int
    same: bool

    @property
    def known(self) -> bool:
        """Enough games to say anything (:data:`MIN_GAMES`)."""
        return self.n >= MIN_GAMES


def _gap(result: SearchResult, a: _Choice, b: _Choice) -> _Gap:
    """How far ``a`` leads ``b``: world by world where the search was paired, else by the means."""
    worlds = result.worlds
    if worlds is not None and a.key in worlds and b.key in worlds:
        wa, wb = worlds[a.key], worlds[b.key]
        d = [wa[w] - wb[w] for w in wa if w in wb]
        if d:
            n = len(d)
            m = sum(d) / n
            se = float(np.std(d, ddof=1) / math.sqrt(n)) if n >= 2 else math.inf
            return _Gap(m, se, n, all(x == 0 for x in d))
    se = math.sqrt(a.error ** 2 + b.error ** 2)
    return _Gap(a.mean - b.mean, se, min(a.visits, b.visits), se == 0 and a.mean == b.mean)


def _budget_words(seconds: float | None, iterations: int | None) -> str:
    if seconds is not None:
        return f"{seconds:g} s"
    return f"{iterations} searched games"


def _suggest(lead: float, se: float, seconds: float | None, iterations: int | None,
             games: int = MIN_GAMES) -> float | None:
    """A budget that might tell two options apart: the current one times how many more games it
    takes for the lead to reach 1.96 standard errors (errors shrink as one over the root of the
    games) and for :data:`MIN_GAMES` games (``games`` now), rounded up to a budget the coach
    names; ``None`` beyond the largest."""
    if not math.isfinite(se):
        factor = math.inf
    else:   # a lead under MIN_LEAD (or none) is a tie however sure: the question is whether it is at least that
        factor = max(1.0, (Z * se / max(lead, MIN_LEAD)) ** 2, MIN_GAMES / max(1, games))
    if seconds is not None:
        want = seconds * factor
        return next((float(b) for b in SUGGESTED_SECONDS if b >= want and b > seconds), None)
    assert iterations is not None
    want = iterations * factor
    if not math.isfinite(want) or want > 100 * iterations:
        return None
    nice = [k * 10**e for e in range(1, 8) for k in (1, 2, 5)]
    return float(next((b for b in nice if b >= want and b > iterations), 10**7))


def _points(x: float) -> str:
    p = abs(100 * x)
    return f"{p:.1f}" if p < 10 else f"{p:.0f}"


def _verdict(out: Hints, result: SearchResult, choices: list[_Choice], seconds: float | None,
             iterations: int | None, order: dict[str, int]) -> list[_Choice]:
    """Sets ``out.verdict``, ``close`` and ``suggest``; returns ``choices`` in the order to show
    (``order``: each action's place in the game's own list of options, its best guess first)."""
    budget = _budget_words(seconds, iterations)
    if len(choices) < 2:
        out.verdict = ("the only choice the search weighs here" if choices else "")
        out.default = choices[0].action if choices else None
        return choices
    top, second = choices[0], choices[1]
    gap = _gap(result, top, second)
    lead, se, n = gap.lead, gap.se, gap.n
    out.default = min(choices, key=lambda ch: order.get(str(ch.action), len(order))).action
    if gap.known and lead > MIN_LEAD and lead > Z * se:
        out.verdict = (f"{top.action} leads {second.action} by {_points(lead)} points "
                       f"(±{_points(Z * se)}) over {n} games: a clear lead at {budget}")
        return choices
    out.close = True
    unit = (lambda b: f"{b:g} s") if seconds is not None else (lambda b: f"{int(b)} searched games")
    if gap.same:
        # the same result in every game: more games may still part them while there are few
        out.suggest = _suggest(1.0, 1.0, seconds, iterations, n) if n < SAME_GAMES else None
        tail = f"try {unit(out.suggest)}" if out.suggest is not None else "they may well be equally good"
        out.verdict = (f"too close to call at {budget}: {top.action} and {second.action} did exactly as well in all "
                       f"{n} searched games; {tail}")
    elif gap.known and lead + Z * se <= MIN_LEAD:
        # the whole 95% interval of the lead is under what a hint calls a real difference
        out.verdict = (f"{top.action} and {second.action} are about as good as each other: {_points(lead)} points "
                       f"apart (±{_points(Z * se)}) over {n} games, under the {_points(MIN_LEAD)} points a hint "
                       "calls a real difference")
    else:
        out.suggest = _suggest(lead, se, seconds, iterations, n)
        longest = unit(SUGGESTED_SECONDS[-1]) if seconds is not None else "far more games"
        tail = (f"try {unit(out.suggest)}" if out.suggest is not None
                else f"even {longest} may not separate them: they are about as good as each other" if gap.known
                else f"even {longest} may not separate them: their searched games swing too much")
        few = "" if gap.known else f" over only {n} searched game{'s' if n != 1 else ''}"
        out.verdict = (f"too close to call at {budget}: {top.action} and {second.action} are "
                       f"{_points(lead)} points apart (±{_points(Z * se)}){few}; {tail}")
    # noise must not reorder a sound choice: of the options the search cannot tell from the
    # best, the one the game itself ranks first (its rollout bot's choice, if tied) goes first
    tied = [top]
    for ch in choices[1:]:
        g = _gap(result, top, ch)
        if not g.known or g.lead <= MIN_LEAD or g.lead <= Z * g.se:
            tied.append(ch)
    pick = min(tied, key=lambda ch: order.get(str(ch.action), len(order)))
    if pick is not top:
        out.verdict += f"; first: {pick.action}, the game's own choice among them"
        return [pick] + [ch for ch in choices if ch is not pick]
    return choices


# ====================================================================================== the hints
def hints(state: Any, *, seconds: float | None = None, iterations: int | None = None, seed: int | None = None,
          top: int = 3, rollout: Any = None, rollout_plies: int | None = None, c: float | None = None,
          widen: float | None = None, paired: bool | None = None, view: GameView | None = None) -> Hints:
    """The ``top`` best actions for the seat that decides in ``state``, best first (:class:`Hints`).

    The budget is ``seconds`` of search work (see the module doc: the same on every machine),
    ``iterations`` (searched games), or both (whichever ends first); with neither,
    :data:`DEFAULT_SECONDS`. ``seed`` makes the answer reproducible. ``rollout`` is the bot that
    plays the searched games out (default: the game's search's own, else ``rules.rollout_bot``,
    else its greedy bot); ``rollout_plies`` the decisions a searched game plays before it may be
    judged (default: the game's search's where it has a fitted judge of the chance to win, else to
    the end); ``paired`` chooses a paired search (True) or a tree (False) instead of the game's
    search's own choice (a game whose search is the core's untuned bot: paired); ``c`` and
    ``widen`` tune a tree search as in :class:`~windward_nb.core.mcts.MCTSBot`;
    ``view`` is the game's :class:`~windward_nb.core.view.GameView` that words the reasons (found
    from the state when not given). ``state`` is never changed.

    Raises :class:`~windward_nb.core.errors.NoDecisionError` where no seat decides (chance,
    or the game is over) and ``ValueError`` for a budget, ``top`` or ``seed`` out of range.
    """
    top = _check_top(top)
    _check_seed(seed)
    _check_budget(seconds, iterations)
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
    seconds = None if seconds is None else float(seconds)
    iterations = None if iterations is None else int(iterations)
    own_seed, search_seed = np.random.SeedSequence(seed).spawn(2)
    # everything below reads this stand-in, never `state`: the seat's own view of the position
    own = rules.determinize(state, seat, np.random.default_rng(own_seed))
    work = None if seconds is None else max(1, math.ceil(seconds * search_pace(rules, own)))
    bot = search_bot(own, search_seed, iterations=iterations, work=work, rollout=rollout,
                     rollout_plies=rollout_plies, c=c, widen=widen, paired=paired)
    if seconds is not None:
        bot.seconds = SLOW_MACHINE * seconds + 5.0       # a safety stop only (see the module doc), on
        bot.clock, bot._now = "cpu", time.process_time   # this process's CPU time: a busy machine is no reason
    out = Hints()
    out.budget = _budget_words(seconds, iterations)
    out.judged = bot.rollout_plies < TO_THE_END
    out.judged_at = str(getattr(rules, "judged_at", Hints.judged_at))
    result = bot.search(own)
    out.games, out.work = result.iterations, result.work
    out.cut_short = result.out_of_time or (work is not None and result.work < work
                                           and (iterations is None or result.iterations < iterations))
    out.stalled = result.stalled
    options = {o.key: o for o in bot._options(rules, own, seat)}
    order = _own_order(state, seat, bot)
    paired = result.worlds is not None
    by_action: dict[str, _Choice] = {}
    for stats in result.options:
        option = options.get(stats.key)
        if option is None or stats.visits == 0:
            continue
        try:
            action = option.first(own)
        except ValueError:          # a plan with nothing to do in this position
            continue
        if rules.why_illegal(own, action) is not None:
            continue
        ch = _Choice(action, stats.key, stats.label, stats.visits, float(stats.value), float(stats.error))
        old = by_action.get(str(action))
        if old is None or (ch.visits, ch.mean) > (old.visits, old.mean):
            by_action[str(action)] = ch          # an action is as good as the best plan it starts
    choices = sorted(by_action.values(), key=(lambda x: -x.mean) if paired else (lambda x: (-x.visits, -x.mean)))
    choices = _verdict(out, result, choices, seconds, iterations, order)
    if out.cut_short:
        out.verdict += (" (the search stopped early: this machine took more than "
                        f"{SLOW_MACHINE:g} times the budget)")
    if out.stalled:
        games = "game" if out.stalled == 1 else "games"
        out.verdict += (f" ({out.stalled} searched {games} had not ended after {mcts.LONGEST_ROLLOUT:,} decisions, "
                        "the bots going round in circles, and counted as judged where they stood)")
    for ch in choices[:top]:
        out.append(_hint(rules, own, seat, ch, explain(words, own, seat, ch.action, ch.key)))
    return out


def _own_order(state: Any, seat: int, bot: MCTSBot) -> dict[str, int]:
    """Each action's first place in the game's own order of the options (its rollout bot's choice
    first), worked out on a *reference* view of the position: a determinization with a fixed seed.
    It depends on the seat's observation only, never on the hint's seed, so the game's own choice,
    which goes first when the best cannot be told apart, is the same whatever the budget or seed."""
    rules = type(state).rules
    ref = rules.determinize(state, seat, np.random.default_rng(REFERENCE_SEED))
    order: dict[str, int] = {}
    for i, o in enumerate(bot._options(rules, ref, seat)):
        try:
            order.setdefault(str(o.first(ref)), i)
        except ValueError:
            continue
    return order


def _hint(rules: Any, own: Any, seat: int, ch: _Choice, reason: str) -> Hint:
    after = own.clone()
    rules.apply(after, ch.action)
    if rules.is_over(after):
        won = float(rules.returns(after)[seat])
        return Hint(ch.action, won, reason, ch.visits, ch.label, won, won, True)
    n = ch.visits
    total = min(float(n), max(0.0, ch.mean * n))
    low, high = wilson_share(total, n)
    return Hint(ch.action, (total + 0.5) / (n + 1), reason, n, ch.label, low, high, False)
