"""An analysis board for any game of the family: every seat's win chance at every ply, the
turning points, and the coach's view of every decision.

:func:`analyse` walks a recorded game once and returns an :class:`Analysis`: for each ply the
win chance of every seat in the position after it (:class:`Estimate`: the chance, its 95%
interval, the sample behind it and how it was found), the action taken, the action the coach
prefers and the gap between them, and a class for the ply, as a chess program would mark a
move:

==============  ==========================================================================
``good``        the decider lost less than :data:`THRESHOLDS` ``inaccuracy`` (5 points)
``inaccuracy``  5 to 10 points of win chance lost against the coach's choice
``mistake``     10 to 20 points lost
``blunder``     20 points or more lost
``forced``      the decider had one legal action
``chance``      dice, a draw, the wind: nobody chose
``lucky``       a chance outcome that raised a seat's win chance by :data:`LUCK` (10 points) or more
``unlucky``     one that lowered a seat's win chance by as much
==============  ==========================================================================

A lucky or unlucky ply names its ``subject``: the seat that acted just before chance did (the
captain who rolled) when that seat's chance moved by :data:`LUCK`, else the seat it moved most.

**Two depths.** The *quick* pass estimates every position:

- a game over is its result;
- a game with a position judge (``rules.value(state)``) that the analysis has been calibrated
  for (:mod:`windward_nb.core.analysis_calibration`) is judged: the position is first played on
  by the game's rollout bot to a moment fit to be judged (``rules.settled``: between two turns;
  pending chance drawn), :data:`SETTLE` times with fixed seeds, and the judge's verdicts, turned
  into win chances by the calibration, are averaged. The interval is as wide as a simulation of
  the calibration's *equivalent number of games* would give (its Wilson interval): the width
  measured against 200-game simulations on positions no fit saw (``docs/analysis.md``);
- any other game is played out to the end :data:`PLAYOUTS` times by its rollout bot (a tiny
  search): the share of wins, with its Wilson interval.

The quick coach is the rollout bot itself: its choice is played and estimated the same way,
and the gap is its estimate minus the chosen action's. Every estimate of a pass uses the same
seeds (common random numbers), so neighbouring plies differ by what was played, not by luck.

The *deep* pass takes the plies the quick pass flagged (a mistake or a blunder, a lucky or
unlucky outcome; the largest first, at most ``deep_plies``) and looks again: the coach's own
search (:func:`windward_nb.core.hint.hints`, which sees only what the decider saw) names its
preferred action, and the chosen and the preferred actions are each played out to the end
``deep_playouts`` times from the true position, with the same seeds for both, so the gap has a
paired interval; a chance ply is played out before and after the outcome the same way.

**Who knows what.** The analysis reads the record, which holds every hidden card, but an
estimate may not use what the players could not know (in Winds of Plunder, say, the shuffled
decks decide the rest of a game between bots). Before every playout, whatever the seat deciding
in the position cannot see is dealt again (``rules.determinize``): each position is judged from
the knowledge of the seat that decides there (where chance decides, of the seat that acted
last), as the coach's hints are.

Everything is seeded: the same record, options and seed give the same analysis, on any machine.

>>> import sys; sys.path.insert(0, "tests/core")
>>> import dicerace
>>> g = dicerace.new_game(2, seed=3)
>>> while not g.is_over:
...     _ = g.apply(g.legal_actions()[0])
>>> a = analyse(g.record, seed=1)
>>> len(a.plies) == len(g.record.actions) + 1, a.plies[-1].estimates[0].method
(True, 'result')
>>> a == analyse(g.record, seed=1)
True
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

import numpy as np

from . import registry
from .bots import make_bot
from .errors import RecordError
from .rules import CHANCE, TERMINAL
from .stats import mean_interval, wilson, wilson_rate

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = ["Analysis", "Estimate", "PlyAnalysis", "analyse", "CLASSES", "THRESHOLDS", "LUCK", "SETTLE",
           "PLAYOUTS", "DEEP_PLIES", "DEEP_PLAYOUTS", "DEEP_ITERATIONS", "Estimator", "actions_digest",
           "from_record", "rollout_spec"]

#: win chance lost against the coach's choice (0-1) from which a decision is marked, worst last
THRESHOLDS = {"inaccuracy": 0.05, "mistake": 0.10, "blunder": 0.20}
#: how far (0-1) a chance outcome must move a seat's win chance to be lucky or unlucky
LUCK = 0.10
#: every class a ply can get
CLASSES = ("start", "good", "inaccuracy", "mistake", "blunder", "forced", "chance", "lucky", "unlucky")
#: classes the quick pass hands to the deep pass
FLAGGED = ("mistake", "blunder", "lucky", "unlucky")
SETTLE = 8             #: quick pass, judged games: playouts to a settled position per estimate
PLAYOUTS = 10          #: quick pass, other games: playouts to the end per estimate
DEEP_PLIES = 10        #: deep pass: the most plies looked at again
DEEP_PLAYOUTS = 100    #: deep pass: playouts to the end per action compared
DEEP_ITERATIONS = 100  #: deep pass: the coach's search budget per decision
MAX_STEPS = 20_000     #: a playout that has not ended after this many actions is judged where it stands
START = -2             #: the actor of ply 0 (the start of the game)
DEPTHS = ("quick", "deep")


# =============================================================================== values
@dataclass(frozen=True)
class Estimate:
    """One seat's win chance in one position: ``win`` (0-1) inside ``low``-``high`` (95%), from
    ``n`` games (``method`` ``"playouts"``), the judge worth ``n`` games (``"judge"``), or the
    game's result (``"result"``, exact)."""

    win: float
    low: float
    high: float
    n: float  #: games played, or the games a judged estimate is worth (not always whole)
    method: str

    def __str__(self) -> str:
        if self.method == "result":
            return f"{self.win:.0%} (final)"
        unit = "games" if self.method == "playouts" else "game-equivalents"
        return f"{self.win:.0%} ({self.low:.0%}-{self.high:.0%}, {self.n:g} {unit})"


@dataclass(frozen=True)
class PlyAnalysis:
    """One ply: what was played and what the position after it is worth to every seat.

    ``actor`` is the seat that acted, ``CHANCE`` (-1) or ``START`` (-2, ply 0). For a decision
    with a choice, ``coach`` is the coach's preferred action, ``chosen_win``/``coach_win`` the
    actor's win chance after each and ``gap`` the difference (``gap_low``/``gap_high``: its
    paired 95% interval, deep pass only). ``subject`` is the seat a lucky or unlucky ply is
    about; ``depth`` says which pass made the row.
    """

    ply: int
    actor: int
    action: str
    estimates: tuple[Estimate, ...]
    klass: str
    coach: str | None = None
    chosen_win: float | None = None
    coach_win: float | None = None
    gap: float | None = None
    gap_low: float | None = None
    gap_high: float | None = None
    subject: int | None = None
    depth: str = "quick"
    #: a chance ply of the deep pass: every seat's win chance before the outcome, measured with the same playouts
    before: tuple[float, ...] | None = None

    @property
    def wins(self) -> list[float]:
        return [e.win for e in self.estimates]

    @property
    def flagged(self) -> bool:
        return self.klass in FLAGGED or self.klass == "inaccuracy"


def classify(gap: float | None) -> str:
    """The class of a decision that lost ``gap`` (0-1) of win chance against the coach's choice.

    >>> [classify(g) for g in (0.0, 0.06, 0.12, 0.3, -0.1)]
    ['good', 'inaccuracy', 'mistake', 'blunder', 'good']
    """
    if gap is None or gap < THRESHOLDS["inaccuracy"]:
        return "good"
    if gap < THRESHOLDS["mistake"]:
        return "inaccuracy"
    if gap < THRESHOLDS["blunder"]:
        return "mistake"
    return "blunder"


def luck(before: Sequence[float], after: Sequence[float], roller: int | None) -> tuple[str, int | None]:
    """The class of a chance ply that moved the seats' chances from ``before`` to ``after``, and
    its subject (see the module docstring).

    >>> luck([0.5, 0.5], [0.2, 0.8], roller=0), luck([0.5, 0.5], [0.52, 0.48], roller=0)
    (('unlucky', 0), ('chance', None))
    """
    moves = [a - b for a, b in zip(after, before)]
    if not moves:
        return "chance", None
    if roller is not None and 0 <= roller < len(moves) and abs(moves[roller]) >= LUCK:
        seat = roller
    else:
        seat = max(range(len(moves)), key=lambda i: (abs(moves[i]), -i))
        if abs(moves[seat]) < LUCK:
            return "chance", None
    return ("lucky" if moves[seat] > 0 else "unlucky"), seat


def actions_digest(actions: Sequence[str]) -> str:
    """A short hash of a record's actions: an analysis belongs to exactly these plies."""
    return hashlib.sha256("\n".join(actions).encode()).hexdigest()[:16]


# =============================================================================== the game's hooks
def _bot_table(rules: Any) -> Any:
    """The game's bots (its registry part ``bots``), or ``None`` for a game the registry does not know."""
    try:
        return registry.part_of(rules, "bots", None)
    except ImportError:
        return None


def rollout_spec(rules: Any, state: Any) -> str:
    """The bot that plays positions out: the game's ``rules.rollout_bot(state)``, else its greedy
    bot, else random play."""
    named = getattr(rules, "rollout_bot", None)
    if named is not None:
        return str(named(state))
    table = _bot_table(rules)
    return "greedy" if table and "greedy" in {str(k).lower() for k in table} else "random"


def context(record: Any) -> str:
    """The kind of game a calibration applies to: the record's ``mode`` option ('' without one)."""
    mode = record.options.get("mode") if isinstance(getattr(record, "options", None), dict) else None
    return mode if isinstance(mode, str) else ""


def calibration(game: str, mode: str = "") -> dict[str, Any] | None:
    """The quick pass's calibration of ``game``'s judge in ``mode`` (``None``: play positions out)."""
    from .analysis_calibration import CALIBRATION

    entry = CALIBRATION.get(game)
    if entry is None:
        return None
    modes = entry.get("modes")
    if modes is not None and mode not in modes:
        return None
    return entry


def win_map(raw: Sequence[float], cal: dict[str, Any]) -> list[float]:
    """A judge's verdict turned into win chances by a calibration: as it is (``identity``, for a
    judge that already gives chances) or a soft maximum of the verdicts (``softmax``, ``beta``).

    >>> [round(x, 3) for x in win_map([0.2, 0.6], {"form": "softmax", "beta": 5.0})]
    [0.119, 0.881]
    """
    v = [float(x) for x in raw]
    if cal["form"] == "identity":
        return [min(1.0, max(0.0, x)) for x in v]
    beta = float(cal["beta"])
    m = max(v)
    e = [math.exp(beta * (x - m)) for x in v]
    total = sum(e)
    return [x / total for x in e]


def interval(p: float, n: float) -> tuple[float, float]:
    """The Wilson 95% interval of a chance ``p`` measured as if by ``n`` games (``n`` > 0), its ends
    rounded outwards to a tenth of a percent (the precision the analysis keeps).

    >>> interval(0.3, 2.5), interval(0.01, 1)[0]
    ((0.044, 0.798), 0.0)
    """
    low, high = wilson_rate(min(1.0, max(0.0, float(p))), float(n))
    low, high = math.floor(round(1000 * low, 6)) / 1000, math.ceil(round(1000 * high, 6)) / 1000
    return min(low, p), max(high, p)


# =============================================================================== estimating positions
class Estimator:
    """Estimates positions of one game: the quick pass's judge or playouts, and the deep pass's
    playouts to the end, all seeded by ``seed`` (common random numbers: playout ``j`` draws its
    chance and its bots from the same seeds in every position)."""

    def __init__(self, rules: Any, state: Any, *, seed: int = 0, mode: str = "", settle: int = SETTLE,
                 playouts: int = PLAYOUTS, rollout: Any = None):
        self.rules = rules
        self.seed = int(seed)
        self.settle = _count(settle, "settle")
        self.playouts = _count(playouts, "playouts")
        self.spec = rollout if rollout is not None else rollout_spec(rules, state)
        self.table = _bot_table(rules)
        #: the game's position judge (``rules.value``), or None
        self.judge = getattr(rules, "value", None)
        cal = calibration(getattr(rules, "game", ""), mode)
        #: the calibration the quick pass judges with (None: it plays positions out)
        self.cal = cal if self.judge is not None else None
        self.settled = getattr(rules, "settled", None)
        self.players = rules.players(state)

    @property
    def method(self) -> str:
        return "judge" if self.cal is not None else "playouts"

    # ------------------------------------------------------------------ playing on
    def view(self, state: Any, last: int | None = None) -> int:
        """The seat whose knowledge an estimate of ``state`` keeps: the seat that decides there,
        else (chance decides, or the game is over) ``last``, the seat that acted last, else 0."""
        who = self.rules.decider(state)
        return who if who >= 0 else (last if last is not None and last >= 0 else 0)

    @property
    def hidden(self) -> bool:
        """Does the game hide anything (does it override ``determinize``)?"""
        from .rules import Rules

        return getattr(type(self.rules), "determinize", None) is not Rules.determinize

    def _play(self, state: Any, key: Sequence[int], until_settled: bool, view: int | None = None) -> Any:
        """A copy of ``state`` played on by the rollout bot, seeded by ``key``: to the end, or
        (``until_settled``) to the first position without pending chance that is settled. What
        seat ``view`` cannot see is drawn again first (default: :meth:`view`)."""
        rules = self.rules
        ss = np.random.SeedSequence([self.seed, *key])
        chance_seed, bot_seed, deal_seed = ss.spawn(3)
        rng = np.random.default_rng(chance_seed)
        deal = np.random.default_rng(deal_seed)
        state = rules.determinize(state, self.view(state) if view is None else view, deal)
        bot_seeds = bot_seed.generate_state(max(self.players, 1) * 2)
        bots: dict[int, Any] = {}
        steps = 0
        while steps < MAX_STEPS:
            who = rules.decider(state)
            if who == TERMINAL:
                break
            if who == CHANCE:
                rules.apply(state, rules.sample_chance(state, rng))
                continue
            if until_settled and (self.settled is None or self.settled(state)):
                break
            bot = bots.get(who)
            if bot is None:
                bot = bots[who] = make_bot(self.spec, int(bot_seeds[who % len(bot_seeds)]), self.table)
            rules.apply(state, bot.act(state))
            steps += 1
        return state

    def outcomes(self, state: Any, n: int, key: Sequence[int], view: int | None = None) -> np.ndarray:
        """``n`` playouts to the end (what seat ``view`` cannot see drawn again; default
        :meth:`view`): an ``(n, seats)`` array of results (1 win, 0 not; the judge's verdict for a
        playout cut off after :data:`MAX_STEPS`)."""
        rules = self.rules
        out = np.zeros((n, self.players))
        for j in range(n):
            s = self._play(state, [*key, j], until_settled=False, view=view)
            if rules.is_over(s):
                out[j] = [float(x) for x in rules.returns(s)]
            else:  # pragma: no cover - a game that never ends within MAX_STEPS
                out[j] = self._judged(s) if self.cal is not None else [1.0 / self.players] * self.players
        return out

    def _judged(self, state: Any) -> list[float]:
        assert self.judge is not None and self.cal is not None
        return win_map(self.judge(state), self.cal)

    def raw_judged(self, state: Any, view: int | None = None) -> list[list[float]]:
        """The judge's raw verdicts after each settling playout (one when nothing is hidden and
        nothing is left to settle)."""
        assert self.judge is not None
        rules = self.rules
        fixed = not self.hidden and rules.decider(state) != CHANCE and (
            rules.is_over(state) or self.settled is None or self.settled(state))
        runs = 1 if fixed else self.settle
        return [list(map(float, self.judge(self._play(state, [1, j], until_settled=True, view=view))))
                for j in range(runs)]

    def quick(self, state: Any, view: int | None = None) -> tuple[Estimate, ...]:
        """Every seat's win chance in ``state`` as the quick pass sees it (from seat ``view``'s
        knowledge; default :meth:`view`)."""
        rules = self.rules
        if rules.is_over(state):
            return tuple(Estimate(float(r), float(r), float(r), 0, "result") for r in rules.returns(state))
        if self.cal is not None:
            n_eq = float(self.cal["games"])
            rows = [win_map(r, self.cal) for r in self.raw_judged(state, view)]
            wins = np.mean(np.array(rows), axis=0)
            return tuple(Estimate(float(p), *interval(float(p), n_eq), n_eq, "judge") for p in wins)
        return counted(self.outcomes(state, self.playouts, [1], view))


def counted(results: np.ndarray) -> tuple[Estimate, ...]:
    """Per seat: the share of won playouts (``results``: rows of 0/1) with its Wilson interval."""
    n = int(results.shape[0])
    out = []
    for col in results.T:
        k = round(float(col.sum()))
        low, high = wilson(k, n)
        out.append(Estimate(k / n, low, high, n, "playouts"))
    return tuple(out)


def _count(v: Any, name: str, low: int = 1, high: int = 100_000) -> int:
    if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or not low <= int(v) <= high:
        raise ValueError(f"{name} must be a whole number from {low} to {high}, got {v!r}")
    return int(v)


# =============================================================================== the analysis
@dataclass
class Analysis:
    """A game's analysis (see the module docstring): ``plies[k]`` is ply ``k`` (0 = the start)."""

    game: str
    names: list[str]
    plies: list[PlyAnalysis]
    depth: str
    seed: int
    digest: str
    settings: dict[str, Any] = field(default_factory=dict)

    # ------------------------------------------------------------------ reading
    @property
    def players(self) -> int:
        return len(self.names)

    def series(self) -> np.ndarray:
        """Every seat's win chance after every ply: shape ``(plies + 1, seats)``."""
        return np.array([p.wins for p in self.plies], dtype=float)

    def flagged(self) -> list[PlyAnalysis]:
        """The plies worth a look, in order: inaccuracies, mistakes, blunders, lucky and unlucky outcomes."""
        return [p for p in self.plies if p.flagged]

    def who(self, seat: int | None) -> str:
        if seat is None:
            return ""
        if seat == CHANCE:
            return "chance"
        if seat == START:
            return ""
        return self.names[seat] if 0 <= seat < len(self.names) else f"seat {seat + 1}"

    def line(self, p: PlyAnalysis) -> str:
        """One line about a ply, in words: ``'ply 14, Ann: move N - mistake (coach: move E, 12 points)'``."""
        if p.actor == START:
            return "ply 0: the start of the game"
        who = self.who(p.actor)
        text = f"ply {p.ply}, {who}: {p.action}"
        if p.klass in ("inaccuracy", "mistake", "blunder"):
            text += f" - {p.klass} (the coach prefers {p.coach}: {100 * (p.gap or 0):.0f} points more to win"
            if p.gap_low is not None and p.gap_high is not None:
                text += f", {100 * p.gap_low:.0f} to {100 * p.gap_high:.0f}"
            text += ")"
        elif p.klass in ("lucky", "unlucky") and p.subject is not None:
            before = (p.before or self.plies[p.ply - 1].wins)[p.subject]
            after = p.wins[p.subject]
            text += f" - {p.klass} for {self.who(p.subject)} ({before:.0%} to {after:.0%})"
        elif p.klass == "good" and p.coach is not None and p.coach != p.action:
            text += f" - good (the coach's {p.coach} is within {100 * (p.gap or 0):.0f} points)"
        else:
            text += f" - {p.klass}"
        if p.depth == "deep":
            text += " [deep]"
        return text

    def summary(self) -> str:
        """A short text: the depth, the final chances and every flagged ply."""
        n = len(self.plies) - 1
        counts = {k: sum(1 for p in self.plies if p.klass == k) for k in CLASSES}
        head = (f"{self.depth} analysis of {n} plies (seed {self.seed}): "
                + ", ".join(f"{counts[k]} {k}" for k in ("inaccuracy", "mistake", "blunder", "lucky", "unlucky")))
        last = self.plies[-1]
        ends = "final: " + ", ".join(f"{self.names[i]} {e}" for i, e in enumerate(last.estimates))
        flagged = [self.line(p) for p in self.flagged()]
        return "\n".join([head, ends] + (["turning points:"] + ["  " + f for f in flagged] if flagged else []))

    def __repr__(self) -> str:
        return f"<Analysis of {self.game}: {len(self.plies) - 1} plies, {self.depth}, {len(self.flagged())} flagged>"

    def to_pandas(self) -> pd.DataFrame:
        """One row per ply and seat: ``ply``, ``seat``, ``player``, ``actor`` (-1 chance, -2 start),
        ``actor_name``, ``action``, ``decider`` (this seat acted), ``win``, ``low``, ``high``, ``n``,
        ``method``, ``change`` (since the ply before), ``class`` (the ply's), ``luck`` (lucky /
        unlucky for this seat, chance plies), ``coach``, ``chosen_win``, ``coach_win``, ``gap``,
        ``gap_low``, ``gap_high``, ``depth``."""
        try:
            import pandas as pd
        except ImportError:
            raise ImportError("DataFrames need pandas: pip install 'windward-nb[lab]' (or pip install pandas)") from None
        rows = []
        prev: PlyAnalysis | None = None
        for p in self.plies:
            for seat, e in enumerate(p.estimates):
                change = e.win - prev.estimates[seat].win if prev is not None else 0.0
                mark = ""
                if p.actor == CHANCE and abs(change) >= LUCK:
                    mark = "lucky" if change > 0 else "unlucky"
                rows.append({"ply": p.ply, "seat": seat, "player": self.names[seat], "actor": p.actor,
                             "actor_name": self.who(p.actor), "action": p.action, "decider": p.actor == seat,
                             "win": e.win, "low": e.low, "high": e.high, "n": e.n, "method": e.method,
                             "change": change, "class": p.klass, "luck": mark, "coach": p.coach,
                             "chosen_win": p.chosen_win, "coach_win": p.coach_win, "gap": p.gap,
                             "gap_low": p.gap_low, "gap_high": p.gap_high, "depth": p.depth})
            prev = p
        return pd.DataFrame(rows)

    # ------------------------------------------------------------------ JSON (the record's annotation block)
    def to_dict(self) -> dict[str, Any]:
        """The analysis as the record's ``analysis`` block (JSON-ready; numbers to 4 places)."""
        def r4(x: float | None) -> float | None:
            return None if x is None else round(float(x), 4)

        rows = []
        for p in self.plies:
            row: dict[str, Any] = {"ply": p.ply, "actor": p.actor, "class": p.klass, "depth": p.depth,
                                   "win": [r4(e.win) for e in p.estimates], "low": [r4(e.low) for e in p.estimates],
                                   "high": [r4(e.high) for e in p.estimates], "n": [e.n for e in p.estimates],
                                   "method": [e.method for e in p.estimates]}
            for key in ("coach", "subject"):
                if getattr(p, key) is not None:
                    row[key] = getattr(p, key)
            for key in ("chosen_win", "coach_win", "gap", "gap_low", "gap_high"):
                if getattr(p, key) is not None:
                    row[key] = r4(getattr(p, key))
            if p.before is not None:
                row["before"] = [r4(x) for x in p.before]
            rows.append(row)
        return {"depth": self.depth, "seed": self.seed, "plies": len(self.plies) - 1, "actions": self.digest,
                "settings": dict(self.settings), "thresholds": dict(THRESHOLDS, luck=LUCK), "rows": rows}

    @classmethod
    def from_dict(cls, d: dict[str, Any], record: Any) -> Analysis:
        """The analysis saved in ``record`` (its ``analysis`` block, ``d``), checked against its actions."""
        if d.get("actions") != actions_digest(record.actions) or d.get("plies") != len(record.actions):
            raise RecordError("analysis was made for other actions than this record's", field="analysis")
        plies = []
        for row in d["rows"]:
            k = row["ply"]
            ests = tuple(Estimate(float(w), float(lo), float(hi), n, str(m))
                         for w, lo, hi, n, m in zip(row["win"], row["low"], row["high"], row["n"], row["method"]))
            plies.append(PlyAnalysis(k, row["actor"], record.actions[k - 1] if k else "", ests, row["class"],
                                     coach=row.get("coach"), chosen_win=row.get("chosen_win"),
                                     coach_win=row.get("coach_win"), gap=row.get("gap"), gap_low=row.get("gap_low"),
                                     gap_high=row.get("gap_high"), subject=row.get("subject"), depth=row["depth"],
                                     before=tuple(row["before"]) if "before" in row else None))
        return cls(record.GAME, list(record.names()), plies, d["depth"], int(d["seed"]), d["actions"],
                   dict(d.get("settings", {})))

    def annotate(self, record: Any) -> Any:
        """Keep this analysis inside ``record`` (its optional ``analysis`` block; the record is then
        written as format version 2). Returns the record."""
        if self.digest != actions_digest(record.actions):
            raise RecordError("this analysis was made for other actions than this record's", field="analysis")
        record.analysis = self.to_dict()
        return record

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Analysis) and self.to_dict() == other.to_dict() and self.names == other.names


def from_record(record: Any) -> Analysis | None:
    """The analysis saved inside ``record``, or ``None`` when it holds none."""
    block = getattr(record, "analysis", None)
    return None if block is None else Analysis.from_dict(block, record)


# =============================================================================== the passes
def _progress(progress: Any, total: int, desc: str) -> Any:
    """A progress bar: ``True`` draws tqdm's (a widget in a notebook, text in a terminal; nothing
    without tqdm), an object with ``update`` is used as it is, anything false draws none."""
    if progress is True:
        try:
            from tqdm.auto import tqdm
        except Exception:  # noqa: BLE001 - tqdm is optional
            return None
        return tqdm(total=total, desc=desc, unit="ply")
    return progress if progress and hasattr(progress, "update") else None


def analyse(record: Any, *, depth: str = "quick", seed: int = 0, settle: int = SETTLE, playouts: int = PLAYOUTS,
            deep_plies: int = DEEP_PLIES, deep_playouts: int = DEEP_PLAYOUTS,
            deep_iterations: int = DEEP_ITERATIONS, rollout: Any = None, progress: Any = None,
            on_ply: Callable[[int, int], Any] | None = None, deep_at: Sequence[int] | None = None) -> Analysis:
    """Analyse every ply of ``record`` (any game's record; see the module docstring).

    ``depth`` is ``"quick"`` (every ply) or ``"deep"`` (then the flagged plies again, at most
    ``deep_plies``, the largest first). ``seed`` fixes every playout. ``settle``, ``playouts``,
    ``deep_playouts`` and ``deep_iterations`` set the budgets; ``rollout`` the bot that plays
    positions out (default: the game's ``rules.rollout_bot``, else its greedy bot).
    ``progress=True`` draws a progress bar (or pass a bar with ``update``); ``on_ply(done,
    total)`` is called as the work advances. The record is never changed: see
    :meth:`Analysis.annotate` to keep the analysis in it. ``deep_at`` (with ``depth="deep"``)
    names the plies the deep pass looks at instead of the flagged ones.
    """
    if depth not in DEPTHS:
        raise ValueError(f"depth is 'quick' or 'deep', got {depth!r}")
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= int(seed) < 2**63:
        raise ValueError(f"seed must be a whole number of 0 or more, got {seed!r}")
    deep_plies = _count(deep_plies, "deep_plies", 0, 100_000)
    deep_playouts = _count(deep_playouts, "deep_playouts", 2)
    deep_iterations = _count(deep_iterations, "deep_iterations")
    if deep_at is not None:
        if depth != "deep":
            raise ValueError("deep_at needs depth='deep'")
        if isinstance(deep_at, (str, bytes)) or not all(
                isinstance(k, (int, np.integer)) and not isinstance(k, bool) and 1 <= k <= len(record.actions)
                for k in deep_at):
            raise ValueError(f"deep_at lists plies from 1 to {len(record.actions)}, got {deep_at!r}")
        deep_at = sorted({int(k) for k in deep_at})
    start, _ = record._start()
    rules = type(start).rules
    est = Estimator(rules, start, seed=int(seed), mode=context(record), settle=settle, playouts=playouts,
                    rollout=rollout)
    n = len(record.actions)
    total = n + 1 + ((len(deep_at) if deep_at is not None else min(deep_plies, n)) if depth == "deep" else 0)
    bar = _progress(progress, total, "analysing")
    done = [0]

    def tick() -> None:
        done[0] += 1
        if bar is not None:
            bar.update(1)
        if on_ply is not None:
            on_ply(done[0], total)

    try:
        plies = [PlyAnalysis(0, START, "", est.quick(start), "start")]
        tick()
        before = start.clone()
        last_seat: int | None = None
        positions = [before.clone()] if depth == "deep" else []
        rollers: list[int | None] = [None]
        for ply, action, state, _events in record.iter_plies():
            actor = rules.decider(before)
            rollers.append(last_seat)
            after = est.quick(state, est.view(state, actor if actor >= 0 else last_seat))
            plies.append(_quick_row(est, rules, ply, action, before, state, after, plies[-1], actor, last_seat))
            if actor >= 0:
                last_seat = actor
            before = state.clone()
            if depth == "deep":
                positions.append(before)
            tick()
        settings = {"settle": est.settle, "playouts": est.playouts, "rollout": str(est.spec),
                    "quick": est.method}
        if depth == "deep":
            settings.update(deep_plies=deep_plies, deep_playouts=deep_playouts, deep_iterations=deep_iterations)
            chosen = ([plies[k] for k in deep_at] if deep_at is not None else
                      sorted((p for p in plies if p.klass in FLAGGED), key=_weight, reverse=True)[:deep_plies])
            for p in sorted(chosen, key=lambda q: q.ply):
                if p.actor == START or p.klass == "forced":
                    tick()
                    continue
                plies[p.ply] = _deep_row(est, rules, p, positions[p.ply - 1], positions[p.ply], rollers[p.ply],
                                         deep_playouts, deep_iterations, int(seed))
                tick()
    finally:
        if bar is not None and progress is True:
            bar.close()
    names = list(record.names()) if hasattr(record, "names") else [rules.seat_name(start, i)
                                                                   for i in range(rules.players(start))]
    return Analysis(record.GAME or getattr(rules, "game", ""), names, plies, depth, int(seed),
                    actions_digest(record.actions), settings)


def _weight(p: PlyAnalysis) -> float:
    return abs(p.gap) if p.gap is not None else 0.5 * LUCK if p.subject is None else 1.0


def _quick_row(est: Estimator, rules: Any, ply: int, action: Any, before: Any, state: Any,
               after: tuple[Estimate, ...], prev: PlyAnalysis, actor: int, last_seat: int | None) -> PlyAnalysis:
    text = str(action)
    if actor == CHANCE:
        klass, subject = luck(prev.wins, [e.win for e in after], last_seat)
        return PlyAnalysis(ply, CHANCE, text, after, klass, subject=subject if klass != "chance" else None)
    legal = rules.legal_actions(before)
    chosen_win = after[actor].win
    if len(legal) < 2:
        return PlyAnalysis(ply, actor, text, after, "forced", chosen_win=chosen_win)
    bot = make_bot(est.spec, int(np.random.SeedSequence([est.seed, 3, ply]).generate_state(1)[0]), est.table)
    preferred = bot.act(before, legal)
    if str(preferred) == text:
        return PlyAnalysis(ply, actor, text, after, "good", coach=text, chosen_win=chosen_win,
                           coach_win=chosen_win, gap=0.0)
    alt = before.clone()
    rules.apply(alt, preferred)
    coach_win = est.quick(alt, est.view(alt, actor))[actor].win
    gap = coach_win - chosen_win
    return PlyAnalysis(ply, actor, text, after, classify(gap), coach=str(preferred), chosen_win=chosen_win,
                       coach_win=coach_win, gap=gap)


def _deep_row(est: Estimator, rules: Any, p: PlyAnalysis, before: Any, state: Any, roller: int | None,
              playouts: int, iterations: int, seed: int) -> PlyAnalysis:
    key = [2, p.ply]
    if p.actor == CHANCE:
        seen = est.view(before, roller)
        start = counted(est.outcomes(before, playouts, key, seen))
        after = counted(est.outcomes(state, playouts, key, est.view(state, roller)))
        klass, subject = luck([e.win for e in start], [e.win for e in after], roller)
        return replace(p, estimates=after, depth="deep", klass=klass, subject=subject if klass != "chance" else None,
                       before=tuple(e.win for e in start))
    from .hint import hints

    seat = p.actor
    found = hints(before, iterations=iterations, seed=int(np.random.SeedSequence([seed, 4, p.ply]).generate_state(1)[0]),
                  top=1, rollout=est.spec)
    chosen_runs = est.outcomes(state, playouts, key, est.view(state, seat))
    after = counted(chosen_runs)
    coach = str(found[0].action) if found else p.action
    if coach == p.action:
        coach_runs = chosen_runs
    else:
        alt = before.clone()
        rules.apply(alt, rules.parse(coach))
        coach_runs = est.outcomes(alt, playouts, key, est.view(alt, seat))
    diffs = coach_runs[:, seat] - chosen_runs[:, seat]
    gap = float(diffs.mean())
    if np.all(diffs == diffs[0]):
        low = high = gap
    else:
        iv = mean_interval(diffs)
        low, high = iv.low, iv.high
    return replace(p, estimates=after, depth="deep", klass=classify(gap), coach=coach,
                   chosen_win=float(chosen_runs[:, seat].mean()), coach_win=float(coach_runs[:, seat].mean()), gap=gap,
                   gap_low=low, gap_high=high)
