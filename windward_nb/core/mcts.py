"""A search bot for any game of the family: information-set Monte Carlo tree search.

:class:`MCTSBot` never looks at what its seat cannot see. Every iteration it
draws a *determinization* of the position from its own seat's point of view
(``rules.determinize(state, seat, rng)``: the opponents' hands, the deck's
order and sealed choices drawn afresh), then walks a tree of its decisions
and the other seats' decisions in that sample world, rolls the game forward
with a fast policy, and backs up one value per seat. Chance is sampled, not
branched on (an "open loop" tree): a node stands for a sequence of players'
choices, whatever the dice did on the way.

Decisions can be big. A game may offer *options* (macro-actions) instead of
single actions through ``rules.options(state, seat)``: each option is a
named plan that plays one or more actions of the same seat (for Windward, a
whole stretch of a turn up to a battle, a rest or its end). Without that hook
every legal action is an option of one step. Options are tried in the order
given (best first, by the game's own judgement) and the tree widens
progressively, so a long list costs little until the search believes in it.
A decision with a single option is not searched at all, and a plan made with
``commit=True`` is followed in the real game, once chosen, until it ends.

Values: 1 for a win, 0 otherwise at the end of a game (``rules.returns``);
when a rollout stops early (``rollout_plies``), ``rules.value(state)`` (per
seat, 0-1) judges the position; the default there is the share of the score
lead, which games override with something better. A game may also say when a
position is fit to be judged (``rules.settled(state)``, e.g. between two turns):
rollouts then play on to such a position.

>>> import sys; sys.path.insert(0, "tests/core")
>>> import dicerace
>>> g = dicerace.new_game(2, seed=3)
>>> bot = MCTSBot(seed=1, iterations=200)
>>> str(bot.act(g.state)) in [str(a) for a in g.legal_actions()]
True
>>> r = bot.search(g.state)
>>> r.iterations, len(r.options) > 0, 0 <= r.options[0].value <= 1
(200, True, True)
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any, ClassVar
from collections.abc import Callable, Hashable

import numpy as np

from . import registry
from .actions import Action
from .bots import Bot, make_bot
from .rules import CHANCE, TERMINAL


# =============================================================================== options (macro-actions)
class Option:
    """A plan one seat can follow: a ``key`` (stable across determinizations) and how to play it."""

    key: Hashable
    label: str
    commit: bool = False  # see Plan

    def first(self, state: Any) -> Action:  # pragma: no cover - abstract
        """The action the plan takes now (what the bot plays if it chooses this option)."""
        raise NotImplementedError

    def run(self, state: Any, rng: np.random.Generator) -> int | None:  # pragma: no cover - abstract
        """Play the plan in ``state`` (a determinization, changed in place), chance included; return
        how many decisions it took (``None`` counts as one)."""
        raise NotImplementedError


class Step(Option):
    """One legal action as an option."""

    def __init__(self, action: Action):
        self.action = action
        self.key = str(action)
        self.label = str(action)

    def first(self, state: Any) -> Action:
        return self.action

    def run(self, state: Any, rng: np.random.Generator) -> int:
        rules = type(state).rules
        rules.apply(state, self.action)
        draw_chance(rules, state, rng)
        return 1


class Plan(Option):
    """An option played by a policy: ``policy(state) -> Action`` until the policy returns
    ``None``, ``done(state, steps)`` says the plan is over, or another seat (or the end) decides.
    The policy must return a legal action (or ``None``) in every state the plan reaches.

    ``commit=True`` lets a bot that chose this plan keep following it in the real game without
    searching again, for as long as ``done`` says the plan goes on (so ``done`` must end the plan
    when the turn passes: a committed plan is only ever asked about its own seat's decisions).
    """

    def __init__(self, key: Hashable, label: str, policy: Callable[[Any], Action | None],
                 done: Callable[[Any, int], bool] | None = None, max_steps: int = 200, commit: bool = False):
        self.key = key
        self.label = label
        self.policy = policy
        self.done = done
        self.max_steps = max_steps
        self.commit = commit and done is not None

    def first(self, state: Any) -> Action:
        a = self.policy(state)
        if a is None:
            raise ValueError(f"plan {self.label!r} has no first action here")
        return a

    def run(self, state: Any, rng: np.random.Generator) -> int:
        rules = type(state).rules
        seat = rules.decider(state)
        steps = 0
        while steps < self.max_steps:
            a = self.policy(state)
            if a is None:
                break
            rules.apply(state, a)
            steps += 1
            draw_chance(rules, state, rng)
            if rules.decider(state) != seat or (self.done is not None and self.done(state, steps)):
                break
        return steps


#: the clocks a time budget can be counted on
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}
#: the most decisions one rollout plays: a game still going after this many is judged where it
#: stands (``rules.value``, else :func:`default_value`) and counted in
#: :attr:`SearchResult.stalled`. Ten times the longest bot game measured in any game of the family
#: (North Wind's GreedyBot games run to about 1,100 decisions; Windward's Cooperative game with
#: CarefulBot to 1,745), so only a game that stalls reaches it: two North Wind GreedyBots, each
#: with one gold, can sail and pass forever (the rules give income only at no gold).
LONGEST_ROLLOUT = 20_000
#: a rollout looks at the clock every this many decisions (the search's ``seconds`` bound it too)
CLOCK_EVERY = 512


def draw_chance(rules: Any, state: Any, rng: np.random.Generator) -> None:
    while rules.decider(state) == CHANCE:
        rules.apply(state, rules.sample_chance(state, rng))


def default_options(state: Any, seat: int) -> list[Option]:
    return [Step(a) for a in type(state).rules.legal_actions(state)]


def default_value(rules: Any, state: Any) -> list[float]:
    """A position's worth per seat in [0, 1]: the result if over, else each seat's place between
    the lowest and the highest score."""
    if rules.is_over(state):
        return [float(x) for x in rules.returns(state)]
    sc = [float(x) for x in rules.scores(state)]
    lo, hi = min(sc), max(sc)
    if hi == lo:
        return [1.0 / len(sc)] * len(sc)
    return [(x - lo) / (hi - lo) for x in sc]


# =============================================================================== the tree
@dataclass
class _Node:
    visits: int = 0
    children: dict[Hashable, _Edge] = field(default_factory=dict)


@dataclass
class _Edge:
    label: str
    visits: int = 0
    available: int = 0
    total: float = 0.0  # value for the seat that chose it
    squares: float = 0.0  # sum of the squared values (for the spread)
    node: _Node = field(default_factory=_Node)

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0

    @property
    def error(self) -> float:
        """The standard error of :attr:`mean` (large while there are few visits)."""
        if self.visits < 2:
            return 1.0
        var = max(0.0, self.squares / self.visits - self.mean ** 2) * self.visits / (self.visits - 1)
        return math.sqrt(var / self.visits)


@dataclass(frozen=True)
class OptionStats:
    """One option at the root after a search."""

    key: Hashable
    label: str
    visits: int
    value: float  # mean value for the searching seat (a win chance when games run to the end)
    error: float = 1.0  # standard error of value
    #: paired searches: the standard error of (value - the first option's value), world by world
    #: (0 for the first option itself; None for a tree search)
    gap_error: float | None = None


@dataclass
class SearchResult:
    seat: int
    iterations: int
    seconds: float
    options: list[OptionStats]  # most visited first
    #: paired searches: each option's value in each sampled world (world number -> value), so that
    #: any two options can be compared world by world (None for a tree search)
    worlds: dict[Hashable, dict[int, float]] | None = None
    #: the decisions the search played (plans and rollouts), the measure of ``work_budget``
    work: int = 0
    #: rollouts stopped unfinished at :data:`LONGEST_ROLLOUT` decisions (judged where they stood)
    stalled: int = 0
    #: did the search stop inside a rollout because its ``seconds`` ran out (that rollout judged
    #: where it stood)?
    out_of_time: bool = False

    @property
    def best(self) -> OptionStats:
        return self.options[0]


class MCTSBot(Bot):
    """Information-set MCTS with sampled chance, UCT selection and progressive widening.

    ``iterations`` or ``seconds`` sets the budget per decision (iterations are
    reproducible with a seed; seconds depend on the machine). ``rollout`` is a
    bot spec for the rollout policy (a name from the game's ``BOTS``, e.g.
    ``"greedy"``, or a Bot class); ``rollout_plies`` caps a rollout's decisions
    before ``rules.value`` judges the position. ``c`` weighs exploration.
    ``widen``: an option ``k`` (0-based, in the game's order) is considered at a
    node once the node has ``widen * k**2`` visits (0 = all at once).
    ``own_moves=True`` keeps the tree to the searching seat's own decisions in a row (the rest of
    its turn): once another seat decides, the rollout takes over, so every iteration is judged
    at the same distance ahead instead of mixing short and long looks in one average.
    ``trust_first=z`` (0: off) treats the game's first option as a trusted default: the bot leaves
    it only for an option whose value is higher by more than ``z`` standard errors of the
    difference, so a lucky handful of samples does not talk it out of a sound plan.
    ``to_own_turn=True`` plays every rollout on until the searching seat decides again in a
    settled position (its next turn), so the others' replies count before the position is judged.
    ``paired=True`` compares the options with common random numbers instead of a tree: every
    sampled world is played once with each option, and each of those plays draws its chance
    (dice, cards, the rollout bots' seeds) from the same seed, so two options differ only by
    what they do, not by luck; the budget counts option plays and is rounded up to whole worlds.
    With ``trust_first`` a paired search measures the margin by the standard error of the gap
    itself, world by world (much smaller than the two plans' errors together).
    ``clock="cpu"`` counts ``seconds`` in this process's CPU time instead of wall time (a fair
    budget on a busy machine).
    """

    name = "MCTSBot"
    #: a budget in decisions played (plans and rollouts, counted by :attr:`SearchResult.work`):
    #: the search stops at the first iteration (paired: world) that reaches it. Unlike ``seconds``
    #: it does not depend on the machine, so a seeded search gives the same answer everywhere (the
    #: coach's hints use it). ``None``: no such limit.
    work_budget: int | None = None
    #: the clock ``seconds`` are measured on (``"wall"`` or ``"cpu"``, see ``clock=``; the coach's
    #: hints count CPU time, which a busy machine does not eat into)
    clock: str = "wall"

    def __init__(self, seed: Any = None, *, iterations: int | None = None, seconds: float | None = None,
                 c: float = 0.7, rollout: Any = "random", rollout_plies: int = 200, widen: float = 1.0,
                 max_options: int = 64, own_moves: bool = False, trust_first: float = 0.0,
                 to_own_turn: bool = False, paired: bool = False, clock: str = "wall"):
        super().__init__(seed)
        if clock not in CLOCKS:
            raise ValueError(f"clock is one of {', '.join(CLOCKS)}, got {clock!r}")
        self.clock = clock
        self._now = CLOCKS[clock]
        if iterations is None and seconds is None:
            iterations = 200
        if iterations is not None and (isinstance(iterations, bool) or not isinstance(iterations, int)
                                       or not 1 <= iterations <= 10**7):
            raise ValueError(f"iterations must be a whole number 1-10000000, got {iterations!r}")
        if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                    or not 0 < seconds <= 3600):
            raise ValueError(f"seconds must be a number of seconds above 0 and at most 3600, got {seconds!r}")
        self.iterations = iterations
        self.seconds = seconds
        self.c = float(c)
        self.rollout_spec = rollout
        self.rollout_plies = int(rollout_plies)
        self.widen = float(widen)
        self.max_options = int(max_options)
        self.own_moves = bool(own_moves)
        self.trust_first = float(trust_first)
        self.to_own_turn = bool(to_own_turn)
        self.paired = bool(paired)
        self._plan: tuple[Option, int, int] | None = None
        self.last: SearchResult | None = None

    def __repr__(self) -> str:
        budget = f"iterations={self.iterations}" if self.iterations else f"seconds={self.seconds}"
        return f"MCTSBot({budget}, rollout={self.rollout_spec!r})"

    # ------------------------------------------------------------------ the Bot interface
    def choose(self, state: Any, seat: int, legal: list[Action]) -> Action:
        rules = type(state).rules
        a = self._committed(state, seat, legal)
        if a is not None:
            return a
        self._plan = None
        opts = self._options(rules, state, seat)
        if len(opts) == 1:  # nothing to choose between: no search
            a = opts[0].first(state)
            self._commit(opts[0], seat)
            return a if a in legal else legal[0]
        result = self.search(state)
        options = {o.key: o for o in opts}
        best = options.get(self._pick(result, opts[0].key))
        if best is not None:
            a = best.first(state)
            if a in legal:
                self._commit(best, seat)
                return a
        return legal[0]

    def _pick(self, result: SearchResult, default: Hashable) -> Hashable:
        """The key of the option to play: the most tried, unless ``trust_first`` keeps the default."""
        best = result.best
        if self.trust_first <= 0 or best.key == default:
            return best.key
        first = next((o for o in result.options if o.key == default), None)
        if first is None or first.visits == 0:
            return best.key
        if best.gap_error is not None and first.gap_error == 0.0:  # paired: the error of the gap itself
            margin = self.trust_first * best.gap_error
        else:
            margin = self.trust_first * math.sqrt(best.error ** 2 + first.error ** 2)
        return best.key if best.value - first.value > margin else default

    def _commit(self, option: Option, seat: int) -> None:
        self._plan = (option, seat, 1) if option.commit else None

    def _committed(self, state: Any, seat: int, legal: list[Action]) -> Action | None:
        """The next action of the plan this bot chose earlier, while that plan goes on."""
        if self._plan is None:
            return None
        plan, owner, steps = self._plan
        if owner != seat or not isinstance(plan, Plan) or steps >= plan.max_steps or plan.done is None \
                or plan.done(state, steps):
            return None
        a = plan.policy(state)
        if a is None or a not in legal:
            return None
        self._plan = (plan, owner, steps + 1)
        return a

    def explain(self, state: Any, action: Action) -> str:
        if self.last is None:
            return super().explain(state, action)
        b = self.last.best
        return f"{b.label}: about {b.value:.0%} ({b.visits} of {self.last.iterations} searches)"

    # ------------------------------------------------------------------ search
    def search(self, state: Any) -> SearchResult:
        """Search from ``state`` for the seat that decides there; never reads its hidden parts."""
        rules = type(state).rules
        seat = rules.decider(state)
        if seat < 0:
            raise ValueError("no seat decides here")
        root = _Node()
        t0 = self._now()
        deadline = t0 + self.seconds if self.seconds is not None else None
        self._work, self._stalled, self._deadline, self._late = 0, 0, deadline, False
        if self.paired:
            return self._search_paired(rules, state, seat, t0, deadline)
        done = 0
        while self._budget_left(done, deadline):
            world = rules.determinize(state, seat, self.rng)
            self._iterate(rules, root, world)
            done += 1
        stats = [OptionStats(k, e.label, e.visits, e.mean, e.error) for k, e in root.children.items()]
        stats.sort(key=lambda o: (-o.visits, -o.value))
        self.last = SearchResult(seat, done, self._now() - t0, stats, work=self._work, stalled=self._stalled,
                                 out_of_time=self._late)
        return self.last

    _work = 0  # decisions played so far in this search (see work_budget)
    _stalled = 0  # rollouts stopped at LONGEST_ROLLOUT in this search
    _deadline: float | None = None  # when this search's ``seconds`` run out (its clock), if they do
    _late = False  # did a rollout stop because the deadline passed?

    def _budget_left(self, done: int, deadline: float | None) -> bool:
        """May another iteration run (``done`` so far; at least one always runs before a limit counts)?"""
        if self.iterations is not None and done >= self.iterations:
            return False
        if done and (self._late or (self.work_budget is not None and self._work >= self.work_budget)):
            return False
        return deadline is None or done == 0 or self._now() < deadline

    def _run(self, option: Option, world: Any) -> None:
        """Play ``option`` in ``world`` and count its decisions."""
        steps = option.run(world, self.rng)
        self._work += 1 if steps is None else int(steps)

    def _search_paired(self, rules: Any, state: Any, seat: int, t0: float, deadline: float | None) -> SearchResult:
        """Every option on the same sampled worlds with the same chance (see ``paired``)."""
        edges: dict[Hashable, _Edge] = {}
        gaps: dict[Hashable, list[float]] = {}  # value minus the first option's, world by world
        worlds: dict[Hashable, dict[int, float]] = {}
        first: Hashable = None
        done = 0
        n = 0
        while self._budget_left(done, deadline):
            world = rules.determinize(state, seat, self.rng)
            seed = int(self.rng.integers(2**63))
            own = self.rng
            opts = self._options(rules, world, seat)  # fresh plans for every world: plans may keep count
            if not opts:
                break
            first = opts[0].key if first is None else first
            base: float | None = None
            for o in opts:
                w = world.clone()
                self.rng = np.random.default_rng(seed)
                try:
                    self._run(o, w)
                    v = self._rollout(rules, w, seat)[seat]
                finally:
                    self.rng = own
                worlds.setdefault(o.key, {})[n] = v
                e = edges.get(o.key)
                if e is None:
                    e = edges[o.key] = _Edge(label=o.label)
                e.visits += 1
                e.total += v
                e.squares += v * v
                done += 1
                if o.key == first:
                    base = v
                elif base is not None:
                    gaps.setdefault(o.key, []).append(v - base)
            n += 1

        def gap_error(k: Hashable) -> float | None:
            if k == first:
                return 0.0
            d = gaps.get(k, [])
            return float(np.std(d, ddof=1) / math.sqrt(len(d))) if len(d) >= 2 else None

        stats = [OptionStats(k, e.label, e.visits, e.mean, e.error, gap_error(k)) for k, e in edges.items()]
        stats.sort(key=lambda o: (-o.visits, -o.value))
        self.last = SearchResult(seat, done, self._now() - t0, stats, worlds, self._work, self._stalled, self._late)
        return self.last

    def _options(self, rules: Any, state: Any, seat: int) -> list[Option]:
        hook = getattr(rules, "options", None)
        opts = hook(state, seat) if hook is not None else default_options(state, seat)
        return opts[: self.max_options]

    def _iterate(self, rules: Any, root: _Node, world: Any) -> None:
        path: list[tuple[_Edge, int]] = []
        node = root
        me = rules.decider(world)
        while True:
            who = rules.decider(world)
            if who == CHANCE:
                draw_chance(rules, world, self.rng)
                continue
            if who == TERMINAL or (self.own_moves and who != me):
                break
            options = self._options(rules, world, who)
            if not options:
                break
            node.visits += 1
            limit = len(options) if self.widen <= 0 else min(len(options), 1 + int(math.sqrt(node.visits / self.widen)))
            allowed = options[:limit]
            for o in allowed:
                e = node.children.get(o.key)
                if e is not None:
                    e.available += 1
            fresh = [o for o in allowed if o.key not in node.children]
            if fresh:
                o = fresh[0]
                edge = node.children[o.key] = _Edge(label=o.label, available=1)
                self._run(o, world)
                path.append((edge, who))
                break
            o = max(allowed, key=lambda x: self._ucb(node.children[x.key]))
            edge = node.children[o.key]
            self._run(o, world)
            path.append((edge, who))
            node = edge.node
        values = self._rollout(rules, world, me)
        for edge, who in path:
            edge.visits += 1
            edge.total += values[who]
            edge.squares += values[who] ** 2

    def _ucb(self, e: _Edge) -> float:
        if e.visits == 0:
            return math.inf
        return e.mean + self.c * math.sqrt(math.log(max(e.available, 1)) / e.visits)

    def _rollout(self, rules: Any, world: Any, me: int = -1) -> list[float]:
        """Play on with the rollout policy for ``rollout_plies`` decisions; then, if the game says
        when a position is fit to be judged (``rules.settled(state)``, e.g. between two turns),
        on until it is (at most ``4 * rollout_plies + 400`` decisions in all). A rollout also stops
        at :data:`LONGEST_ROLLOUT` decisions (a game that stalls) and when the search's ``seconds``
        have run out (it looks at the clock every :data:`CLOCK_EVERY` decisions); either way the
        position is judged where it stands."""
        table = None
        bots: dict[int, Bot] = {}  # fresh bots for every rollout: a bot's memory of this turn must not carry over
        steps = 0
        settled = getattr(rules, "settled", None)
        cap = 4 * self.rollout_plies + 400
        while True:
            who = rules.decider(world)
            if who == TERMINAL:
                break
            if who == CHANCE:
                draw_chance(rules, world, self.rng)
                continue
            if (steps >= self.rollout_plies and (settled is None or steps >= cap or settled(world))
                    and (not self.to_own_turn or who == me or steps >= cap)):
                break
            if steps >= LONGEST_ROLLOUT:
                self._stalled += 1
                break
            if steps and steps % CLOCK_EVERY == 0 and self._deadline is not None and self._now() >= self._deadline:
                self._late = True
                break
            bot = bots.get(who)
            if bot is None:
                if table is None:
                    table = registry.part_of(rules, "bots", None)
                bot = bots[who] = make_bot(self.rollout_spec, self.rng.integers(2**31), table)
            rules.apply(world, bot.act(world))
            steps += 1
        self._work += steps
        return self._judge(rules, world)

    def _judge(self, rules: Any, world: Any) -> list[float]:
        """Each seat's value where a rollout stopped: ``rules.value`` if the game has one."""
        value = getattr(rules, "value", None)
        return list(value(world)) if value is not None else default_value(rules, world)


class TunedMCTSBot(MCTSBot):
    """:class:`MCTSBot` with a game's measured defaults (:attr:`DEFAULTS`, keyword arguments of
    :class:`MCTSBot`) for whatever the caller leaves unset; a budget given (``iterations`` or
    ``seconds``) replaces the default budget. A game's search module subclasses it (for example
    :class:`windward_nb.northwind.search.MCTSBot`) and ``make_bot("mcts")`` makes that."""

    DEFAULTS: ClassVar[dict[str, Any]] = {}

    def __init__(self, seed: Any = None, **options: Any):
        opts = dict(self.DEFAULTS)
        if options.get("iterations") is not None or options.get("seconds") is not None:
            opts.pop("iterations", None)
            opts.pop("seconds", None)
        opts.update({k: v for k, v in options.items() if v is not None})
        super().__init__(seed, **opts)
