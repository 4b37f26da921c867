"""The conformance harness every game of the family runs (OpenSpiel's random-simulation test, grown).

:func:`check_playouts` plays random games through the public
:class:`~windward_nb.core.game.Game` and checks, as it goes:

- every listed action is legal, and its text parses back to it;
- chance outcomes have positive probabilities summing to 1, and each is legal;
- the invariants hold after every action;
- refusals (junk text, chance outcomes out of turn, hand-built junk values)
  raise the right error, name a rule, and change nothing;
- a clone of the game (state, record, generator, undo history) follows the
  same actions to the same positions, and undo on either side leaves the
  other alone;
- the state survives ``to_dict``/``from_dict`` (when the game has it);
- ``observation(state, seat)`` is JSON, and ``determinize`` is consistent
  with it and depends on nothing else (no hidden information leaks);
- at the end: undo walks back through every position, and the record
  survives JSON and replays to the same position at every checked ply.

It raises ``AssertionError`` with the seed and ply of the first failure.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable

import numpy as np

from .errors import ActionSyntaxError, IllegalActionError
from .rules import CHANCE, TERMINAL

JUNK_TEXTS = ("", "   ", "xyzzy", "fly to the moon", "end", "1", "move", "play", "%%%", "a" * 300)


@dataclass
class PlayoutReport:
    """What a run of :func:`check_playouts` covered."""

    games: int = 0
    finished: int = 0
    plies: int = 0
    decisions: int = 0
    chance_nodes: int = 0
    refusals: int = 0
    clones: int = 0
    observations: int = 0
    record_round_trips: int = 0
    longest: int = 0
    redraws: int = 0  # observation checks where determinize drew other hidden data
    seeds: list[int] = field(default_factory=list)

    def __str__(self) -> str:
        return (f"{self.games} games ({self.finished} finished), {self.plies} plies, {self.decisions} decisions, "
                f"{self.chance_nodes} chance nodes, {self.refusals} refusals, {self.clones} clones, "
                f"{self.observations} observation checks, {self.record_round_trips} record round trips")


def _fail(seed: int, ply: int, what: str) -> AssertionError:
    return AssertionError(f"[seed {seed}, ply {ply}] {what}")


def check_playouts(new_game: Callable[[int], Any], *, games: int = 5, seed: int = 0, max_plies: int = 3000,
                   clone_every: int = 50, observe_every: int = 7, refuse_every: int = 11,
                   check_all_legal: bool = True, from_dict: Callable[[dict], Any] | None = None,
                   bots: Callable[[Any, np.random.Generator], Any] | None = None,
             hidden: bool = False) -> PlayoutReport:
    """Play ``games`` random games from ``new_game(seed)`` and check them all (see the module doc).

    ``from_dict`` rebuilds a state from ``state.to_dict()`` (checked at every
    observed ply when given). ``bots(game, rng) -> action`` replaces the random
    choice (to reach deeper positions with a sensible bot). With ``hidden`` (a
    game of hidden information) ``determinize`` must redraw something at least
    once (a determinize that copies the truth would let a search bot cheat).
    """
    report = PlayoutReport()
    for k in range(games):
        game_seed = seed + k
        report.seeds.append(game_seed)
        _one(new_game(game_seed), game_seed, report, max_plies=max_plies, clone_every=clone_every,
             observe_every=observe_every, refuse_every=refuse_every, check_all_legal=check_all_legal,
             from_dict=from_dict, bots=bots)
    if hidden and report.observations and not report.redraws:
        raise AssertionError("determinize never drew different hidden data: it copies the true state")
    return report


def _one(game: Any, seed: int, report: PlayoutReport, *, max_plies: int, clone_every: int, observe_every: int,
         refuse_every: int, check_all_legal: bool, from_dict: Callable | None, bots: Callable | None) -> None:
    rules = game.rules
    action_type = rules.action_type
    rng = np.random.default_rng(seed + 10_007)
    report.games += 1
    prints: list[tuple[int, str]] = [(game.ply, game.state.fingerprint())]
    clones: list[tuple[Any, int]] = []  # (clone, length of `prints` when cloned)
    steps = 0
    problems = rules.invariants(game.state)
    if problems:
        raise _fail(seed, game.ply, f"invariants broken at the start: {problems}")
    while not game.is_over and steps < max_plies:
        who = game.current_player
        if who == CHANCE:  # only with auto_chance=False
            raise _fail(seed, game.ply, "the Game left a chance node pending although auto_chance is on")
        legal = game.legal_actions()
        if not legal:
            raise _fail(seed, game.ply, f"seat {who} must decide but has no legal action")
        if len(set(legal)) != len(legal):
            raise _fail(seed, game.ply, "legal_actions lists an action twice")
        report.decisions += 1
        for a in (legal if check_all_legal else legal[:3]):
            text = str(a)
            if action_type.parse(text) != a:
                raise _fail(seed, game.ply, f"{a!r}: its text {text!r} does not parse back to it")
            refusal = rules.why_illegal(game.state, a)
            if refusal is not None:
                raise _fail(seed, game.ply, f"listed action {text!r} is refused: {refusal}")
        if steps % observe_every == 0:
            _observe(game, seed, rng, report, from_dict)
        if steps % refuse_every == 0:
            _refusals(game, seed, rng, report, legal)
        if steps % clone_every == 0:
            clones.append((game.clone(), len(prints)))
            report.clones += 1
        if bots is not None:
            a = bots(game, rng)
        else:
            a = legal[int(rng.integers(len(legal)))]
        before_chance = game.ply
        game.apply(a)
        report.chance_nodes += game.ply - before_chance - 1
        steps += 1
        problems = rules.invariants(game.state)
        if problems:
            raise _fail(seed, game.ply, f"after {a}: invariants broken: {problems}")
        prints.append((game.ply, game.state.fingerprint()))
        if game.current_player == TERMINAL:
            break
    report.plies += game.ply
    report.longest = max(report.longest, game.ply)
    if game.is_over:
        report.finished += 1
        ret = game.returns()
        if len(ret) != game.players or any(not 0 <= x <= 1 for x in ret):
            raise _fail(seed, game.ply, f"returns {ret} are not one value in [0, 1] per seat")
        if game.legal_actions():
            raise _fail(seed, game.ply, "a finished game still lists legal actions")
    _check_chance_listing(game, seed, rng, report)
    _check_clones(game, seed, clones, prints)
    _check_record(game, seed, report, prints)
    _check_undo(game, seed, prints)


def _observe(game: Any, seed: int, rng: np.random.Generator, report: PlayoutReport,
             from_dict: Callable | None) -> None:
    rules = game.rules
    s = game.state
    fp = s.fingerprint()
    for seat in range(game.players):
        obs = rules.observation(s, seat)
        try:
            text = json.dumps(obs, sort_keys=True, allow_nan=False)
        except (TypeError, ValueError) as exc:
            raise _fail(seed, game.ply, f"observation for seat {seat} is not JSON: {exc}") from None
        r1, r2 = (int(x) for x in rng.integers(0, 2**31, size=2))
        d1 = rules.determinize(s, seat, np.random.default_rng(r1))
        if json.dumps(rules.observation(d1, seat), sort_keys=True) != text:
            raise _fail(seed, game.ply, f"determinize for seat {seat} changed what the seat observes")
        if rules.invariants(d1):
            raise _fail(seed, game.ply, f"determinize for seat {seat} broke invariants: {rules.invariants(d1)}")
        a = rules.determinize(s, seat, np.random.default_rng(r2))
        b = rules.determinize(d1, seat, np.random.default_rng(r2))
        if a.fingerprint() != b.fingerprint():
            raise _fail(seed, game.ply, f"determinize for seat {seat} depends on more than the seat's "
                                        "observation (hidden information leaks into it)")
        if json.dumps(s.to_dict(), sort_keys=True) != json.dumps(d1.to_dict(), sort_keys=True) or \
                a.fingerprint() != d1.fingerprint():
            report.redraws += 1
        report.observations += 1
    if s.fingerprint() != fp:
        raise _fail(seed, game.ply, "observation or determinize changed the state")
    if from_dict is not None:
        again = from_dict(s.to_dict())
        if again.fingerprint() != fp:
            raise _fail(seed, game.ply, "to_dict/from_dict does not give back the same state")


def check_hidden_pair(rules: Any, s1: Any, s2: Any, seat: int, tries: int = 5) -> None:
    """For two states that differ only in what ``seat`` cannot see (built by a game's tests):
    they must observe alike, and ``determinize`` must give the same state from either."""
    o1 = json.dumps(rules.observation(s1, seat), sort_keys=True)
    o2 = json.dumps(rules.observation(s2, seat), sort_keys=True)
    if o1 != o2:
        raise AssertionError(f"seat {seat} observes the two states differently: hidden information shows")
    if s1.fingerprint() == s2.fingerprint():
        raise AssertionError("the two states are the same: build a pair that differs in hidden information")
    for k in range(tries):
        a = rules.determinize(s1, seat, np.random.default_rng(k))
        b = rules.determinize(s2, seat, np.random.default_rng(k))
        if a.fingerprint() != b.fingerprint():
            raise AssertionError(f"determinize for seat {seat} reads hidden information (draw {k} differs)")


def _refusals(game: Any, seed: int, rng: np.random.Generator, report: PlayoutReport, legal: list) -> None:
    rules = game.rules
    action_type = rules.action_type
    before = (game.state.fingerprint(), game.ply, len(game.record.actions) if game.record is not None else 0)
    tries: list[Any] = list(JUNK_TEXTS)
    tries.append(action_type("no such verb", 1))
    tries.append(action_type(legal[0].verb, 1.5))
    tries.append(action_type(legal[0].verb, object()))
    chance = sorted(action_type.grammar.chance_verbs)
    if chance:
        tries.append(action_type(chance[0], None))
    texts = {str(a) for a in legal}
    legal_set = set(legal)
    for verb in action_type.grammar.verbs.values():  # a well-formed action that is not legal now
        for cand in _samples(verb, rng):
            try:
                same = action_type.parse(cand) in legal_set  # "leave port 1" is "leave port N"
            except ValueError:
                same = False
            if not same:
                tries.append(cand)
                break
    for t in tries:
        try:
            game.apply(t)
        except (IllegalActionError, ActionSyntaxError) as exc:
            if isinstance(exc, IllegalActionError) and not (exc.rule and exc.reason):
                raise _fail(seed, game.ply, f"refusal of {t!r} names no rule: {exc}") from None
        except ValueError:
            pass
        else:
            if isinstance(t, str) and t in texts:
                game.undo()
                continue
            raise _fail(seed, game.ply, f"{t!r} was accepted although it is not a legal action")
        after = (game.state.fingerprint(), game.ply, len(game.record.actions) if game.record is not None else 0)
        if after != before:
            raise _fail(seed, game.ply, f"refusing {t!r} changed the game")
        report.refusals += 1


def _samples(verb: Any, rng: np.random.Generator) -> list[str]:
    head = " ".join(verb.words)
    if verb.arg is None:
        return [head]
    out = []
    for word in ("1", "2", "3", "4", "6", "0", "N", "1,2", "2,-3", "gas", "1,1,2"):
        try:
            verb.arg.parse([word])
        except Exception:
            continue
        out.append(f"{head} {word}")
    return out


def _check_chance_listing(game: Any, seed: int, rng: np.random.Generator, report: PlayoutReport) -> None:
    """Replay the game with chance left to the caller and check every chance node on the way."""
    rec = game.record
    if rec is None:
        return
    rules = game.rules
    state, _ = rec._start()
    for ply, text in enumerate(rec.actions, start=1):
        a = rules.parse(text)
        if rules.decider(state) == CHANCE:
            outs = rules.chance_outcomes(state)
            if outs is None:
                if not a.is_chance or rules.why_illegal(state, a) is not None:
                    raise _fail(seed, ply, f"unlisted chance outcome {text!r} is refused")
            else:
                total = sum(p for _, p in outs)
                if abs(total - 1) > 1e-9 or any(p <= 0 for _, p in outs):
                    raise _fail(seed, ply, f"chance probabilities sum to {total} or are not all positive")
                if len({o for o, _ in outs}) != len(outs):
                    raise _fail(seed, ply, "a chance outcome is listed twice")
                if a not in {o for o, _ in outs}:
                    raise _fail(seed, ply, f"chance outcome {text!r} is not among the listed outcomes")
                for o, _ in outs[:12]:
                    if rules.why_illegal(state, o) is not None:
                        raise _fail(seed, ply, f"listed chance outcome {o} is refused")
        rules.apply(state, a)
    if state.fingerprint() != game.state.fingerprint():
        raise _fail(seed, game.ply, "applying the record's actions to a fresh start gives another position")


def _check_clones(game: Any, seed: int, clones: list[tuple[Any, int]], prints: list[tuple[int, str]]) -> None:
    actions = game.actions
    for c, at in clones:
        start_ply = c.ply
        if c.state.fingerprint() != prints[at - 1][1]:
            raise _fail(seed, start_ply, "a clone does not start at the position it was cloned from")
        # the clone replays the original's actions (chance included) to the same end
        c.auto_chance = False
        for a in actions[len(c.actions):]:
            c.apply(a)
        if c.state.fingerprint() != game.state.fingerprint():
            raise _fail(seed, start_ply, "a clone given the same actions ends elsewhere")
        if c.can_undo:
            c.undo()  # undo on the clone must not touch the original
            if game.state.fingerprint() != prints[-1][1] or game.ply != prints[-1][0]:
                raise _fail(seed, start_ply, "undo on a clone changed the original")


def _check_record(game: Any, seed: int, report: PlayoutReport, prints: list[tuple[int, str]]) -> None:
    rec = game.record
    if rec is None:
        return
    again = type(rec).from_json(rec.to_json())
    final = again.replay()
    if final.state.fingerprint() != game.state.fingerprint():
        raise _fail(seed, game.ply, "the record's replay ends at another position")
    for ply, fp in prints[:: max(1, len(prints) // 5)]:
        if again.replay(upto=ply).state.fingerprint() != fp:
            raise _fail(seed, ply, "the record replayed to this ply gives another position")
    report.record_round_trips += 1


def _check_undo(game: Any, seed: int, prints: list[tuple[int, str]]) -> None:
    expected = dict(prints)
    while game.can_undo:
        game.undo()
        if expected.get(game.ply) != game.state.fingerprint():
            raise _fail(seed, game.ply, "undo gives another position than the one played through")
    if game.state.fingerprint() != prints[0][1]:
        raise _fail(seed, 0, "undoing everything does not return to the start")


# ------------------------------------------------------------------------------ termination
class ComebackPolicy:
    """A policy that hunts for cycles: at each decision it plays the legal action that most recently
    became legal *again* for that seat (legal at one of its decisions, not at a later one, legal once
    more now: "pick up" after "drop", a card handed back); while no such action is legal, a
    uniformly random one (seeded). Where the rules let a pair of actions undo each other without
    limit, this policy finds the pair and plays it forever.

    ``policy(state, legal) -> action``; one instance serves every seat (it keeps each seat apart).
    """

    def __init__(self, seed: int = 0):
        self.rng = np.random.default_rng(seed)
        self.last: dict[int, set[str]] = {}  # seat -> the texts legal at its previous decision
        self.seen: dict[int, set[str]] = {}  # seat -> every text ever legal for it
        self.back: dict[int, dict[str, int]] = {}  # seat -> text -> the decision it came back at
        self.t = 0

    def __call__(self, state: Any, legal: list) -> Any:
        seat = type(state).rules.decider(state)
        self.t += 1
        texts = [str(a) for a in legal]
        last, seen = self.last.get(seat, set()), self.seen.setdefault(seat, set())
        back = self.back.setdefault(seat, {})
        for k in texts:
            if k in seen and k not in last:
                back[k] = self.t
        seen.update(texts)
        self.last[seat] = set(texts)
        times = [back.get(k, -1) for k in texts]
        best = max(times)
        pool = [i for i, x in enumerate(times) if x == best]
        return legal[pool[int(self.rng.integers(len(pool)))]]


@dataclass
class TerminationReport:
    """What :func:`check_termination` measured: games finished, the longest game (plies, chance
    included) and the most decisions within one turn (plies under one ``turn_label``)."""

    games: int = 0
    finished: int = 0
    longest_game: int = 0
    longest_turn: int = 0
    longest_turn_at: str = ""

    def __str__(self) -> str:
        return (f"{self.finished} of {self.games} games finished; longest game {self.longest_game} plies; "
                f"most decisions in one turn {self.longest_turn} ({self.longest_turn_at})")


def check_termination(new_state: Callable[[int], Any], *, games: int = 3, seed: int = 0, max_plies: int = 20_000,
                      max_turn_decisions: int = 500, policy: Callable[[int], Any] = ComebackPolicy
                      ) -> TerminationReport:
    """Play ``games`` games from ``new_state(seed)`` (a state before any chance) with
    ``policy(seed)`` in every seat (default :class:`ComebackPolicy`), chance drawn from a seeded
    generator, straight on the rules. Raises ``AssertionError`` when a game is not over within
    ``max_plies`` or a turn (the plies under one ``rules.turn_label``) takes more than
    ``max_turn_decisions`` decisions."""
    report = TerminationReport()
    for k in range(games):
        game_seed = seed + k
        s = new_state(game_seed)
        rules = type(s).rules
        rng = np.random.default_rng(game_seed + 20_011)
        choose = policy(game_seed)
        label, in_turn = None, 0
        plies = 0
        a: Any = None
        report.games += 1
        while plies < max_plies:
            who = rules.decider(s)
            if who == TERMINAL:
                break
            if who == CHANCE:
                a = rules.sample_chance(s, rng)
            else:
                now = rules.turn_label(s)
                in_turn = in_turn + 1 if now == label else 1
                label = now
                if in_turn > report.longest_turn:
                    report.longest_turn, report.longest_turn_at = in_turn, f"seed {game_seed}, {now}"
                if in_turn > max_turn_decisions:
                    raise AssertionError(f"[seed {game_seed}, ply {plies}] more than {max_turn_decisions} "
                                         f"decisions in one turn ({now}); the last: {a}")
                a = choose(s, rules.legal_actions(s))
            rules.apply(s, a)
            plies += 1
        report.longest_game = max(report.longest_game, plies)
        if rules.decider(s) != TERMINAL:
            raise AssertionError(f"[seed {game_seed}] the game is not over after {max_plies} plies")
        report.finished += 1
    return report
