"""Bad arguments to the public API are refused with a clear error and change nothing, in the core
and in every game (issue 25: ``record.to_text(width=float("nan"))`` never returned; 470 other
bad-argument calls were refused properly).

Each entry of :data:`CALLS` is a public function or method of the core or of a game, called the way
its documentation shows (:func:`good` gives each parameter a valid value). Hypothesis then puts a
hostile value (NaN, infinities, huge and negative numbers, booleans, text where a number belongs,
empty and nested containers, objects) in one parameter at a time. The call must either work, or
raise a ``ValueError`` or ``TypeError`` (the project's errors are ``ValueError`` subclasses) whose
message says something, within a few seconds; and a refused call leaves the game, its state and
its record as they were.
"""

from __future__ import annotations

import math
import signal
from contextlib import contextmanager
from typing import Any
from collections.abc import Callable

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import windward_nb as ww
from windward_nb.core import bots, dice, files, html, registry, stats, svg
from windward_nb.core.errors import RecordError
from windward_nb.core.outcome import outcome_of
from windward_nb.core.simulate import play_game, play_many
from windward_nb.core.view import view_for

GAMES = {"windward": 3, "north-wind": 2, "winds-of-plunder": 3, "tailwinds": 2}


class Hostile:
    """An object no API expects."""

    def __repr__(self) -> str:
        return "<Hostile>"


HOSTILE = st.one_of(
    st.sampled_from([None, True, False, 0, -1, -(2**63), 2**63, 10**30, -(10**30), 0.5, -0.0, math.nan, math.inf,
                     -math.inf, 1e308, "", " ", "x", "0", "-1", "nan", "\x00", "é" * 3, "a" * 5000, b"bytes", [], [[]],
                     [None], {}, {"a": 1}, (), (1, 2), set(), Hostile(), np.int64(3), np.float64("nan"),
                     np.array([1, 2]), [1] * 2000, slice(1, 2)]),
    st.integers(-10**6, 10**6), st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=20),
)


@contextmanager
def within(seconds: int):
    def stop(*_):
        raise TimeoutError(f"took more than {seconds} s")
    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


class Context:
    """A fresh game of each kind, a few plies in, with its record and a replay cursor."""

    def __init__(self, game: str):
        self.name = game
        self.g = ww.new_game(game=game, players=GAMES[game], seed=3)
        for _ in range(6):
            if self.g.is_over:
                break
            self.g.apply(self.g.legal_actions()[0])
        self.g.record.comment(1, "a note")
        self.record = self.g.record
        self.cursor = type(self.record).from_json(self.record.to_json()).cursor()
        self.view = view_for(self.g)
        self.legal = [str(a) for a in self.g.legal_actions()]

    def fingerprint(self) -> tuple:
        return (self.g.state.fingerprint(), self.g.ply, self.g.current_player, repr(self.g.record.to_dict()),
                self.cursor.ply)


def _scenarios() -> dict[str, tuple[Callable, dict[str, Any]]]:
    from windward_nb.northwind.scenario import scenario as north_wind
    from windward_nb.plunder.scenario import scenario as plunder
    from windward_nb.tailwinds.scenario import scenario_game as tailwinds

    return {
        "windward": (ww.scenario, {"players": 2, "wind": 3, "ships": [{"pos": "0,-3", "cannons": 2}, {"pos": "port"}]}),
        "north-wind": (north_wind, {"players": 2, "gold": [3, 4], "turn": 1, "crew": [["lookout"], []]}),
        "winds-of-plunder": (plunder, {"players": 3, "ships": {"red": "jamaica"}, "wind": "E", "turn": "red",
                                       "vp": {"blue": 3}}),
        "tailwinds": (tailwinds, {"boats": [[(5, 1), (3, 1)], [(4, 1), (2, 1)]], "turn": 1, "card": "5"}),
    }


SCENARIOS = _scenarios()

#: label -> (the callable, from a context; the good arguments, from the context)
CALLS: dict[str, tuple[Callable[[Context], Callable], Callable[[Context], dict[str, Any]]]] = {
    # the game driver
    "Game.apply": (lambda c: c.g.apply, lambda c: {"action": c.legal[0]}),
    "Game.why_illegal": (lambda c: c.g.why_illegal, lambda c: {"action": c.legal[0]}),
    "Game.describe": (lambda c: c.g.describe, lambda c: {"action": c.legal[0]}),
    "Game.suggestions": (lambda c: c.g.suggestions, lambda c: {"text": c.legal[0][:3], "n": 3}),
    "Game.observation": (lambda c: c.g.observation, lambda c: {"seat": 0}),
    # records
    "Record.comment": (lambda c: c.record.comment, lambda c: {"ply": 1, "text": "nice"}),
    "Record.set_player": (lambda c: c.record.set_player, lambda c: {"seat": 0, "name": "Ada", "bot": None}),
    "Record.to_text": (lambda c: c.record.to_text, lambda c: {"width": 80}),
    "Record.to_json": (lambda c: c.record.to_json, lambda c: {"indent": 1}),
    "Record.replay": (lambda c: c.record.replay, lambda c: {"upto": 2, "auto_chance": False}),
    "Record.cursor": (lambda c: c.record.cursor, lambda c: {"every": 8}),
    "Record.from_dict": (lambda c: type(c.record).from_dict, lambda c: {"d": c.record.to_dict()}),
    "Record.from_json": (lambda c: type(c.record).from_json, lambda c: {"text": c.record.to_json()}),
    "Record.default_players": (lambda c: type(c.record).default_players, lambda c: {"players": GAMES[c.name], "names": None}),
    # replays
    "Replay.seek": (lambda c: c.cursor.seek, lambda c: {"ply": 2}),
    "Replay.goto": (lambda c: c.cursor.goto, lambda c: {"ply": 2}),
    "Replay.forward": (lambda c: c.cursor.forward, lambda c: {"n": 1}),
    "Replay.back": (lambda c: c.cursor.back, lambda c: {"n": 1}),
    "Replay.action": (lambda c: c.cursor.action, lambda c: {"ply": 1}),
    "Replay.actor": (lambda c: c.cursor.actor, lambda c: {"ply": 1}),
    "Replay.events": (lambda c: c.cursor.events, lambda c: {"ply": 1}),
    "Replay.info": (lambda c: c.cursor.info, lambda c: {"ply": 1}),
    "Replay.comment": (lambda c: c.cursor.comment, lambda c: {"ply": 1}),
    "Replay.texts": (lambda c: c.cursor.texts, lambda c: {"ply": 1}),
    "Replay.state_at": (lambda c: c.cursor.state_at, lambda c: {"ply": 1}),
    "Replay.observation": (lambda c: c.cursor.observation, lambda c: {"seat": 0}),
    "Replay.plies": (lambda c: (lambda start=1, stop=None: list(c.cursor.plies(start, stop))),
                     lambda c: {"start": 1, "stop": 3}),
    "Replay.find": (lambda c: c.cursor.find, lambda c: {"kind": "x"}),
    "Replay.svg": (lambda c: c.cursor.svg, lambda c: {"ply": 1}),
    # the view a table reads
    "GameView.coach": (lambda c: c.view.coach, lambda c: {"state": c.g.state, "names": ["Ada", "Bo", "Cy"][:GAMES[c.name]]}),
    "GameView.read_typed": (lambda c: c.view.read_typed, lambda c: {"state": c.g.state, "text": c.legal[0]}),
    "GameView.click": (lambda c: c.view.click, lambda c: {"state": c.g.state, "space": 0}),
    "GameView.seat_names": (lambda c: c.view.seat_names, lambda c: {"state": c.g.state, "names": None}),
    "GameView.private": (lambda c: c.view.private, lambda c: {"state": c.g.state, "seat": 0}),
    "GameView.text_summary": (lambda c: c.view.text_summary, lambda c: {"state": c.g.state, "names": None}),
    "GameView.describe": (lambda c: c.view.describe, lambda c: {"state": c.g.state, "action": c.legal[0]}),
    "GameView.danger": (lambda c: c.view.danger, lambda c: {"state": c.g.state, "action": c.legal[0]}),
    "GameView.public_action": (lambda c: c.view.public_action, lambda c: {"state": c.g.state, "action": c.legal[0]}),
    "outcome_of": (lambda c: outcome_of, lambda c: {"state": c.g.state, "rules": None, "names": None}),
    "state_svg": (lambda c: svg.state_svg, lambda c: {"state": c.g.state, "unit": 20}),
    # starting games and bots
    "new_game": (lambda c: (lambda players, seed: ww.new_game(game=c.name, players=players, seed=seed)),
                 lambda c: {"players": GAMES[c.name], "seed": 1}),
    "play_game": (lambda c: (lambda players, bots, seed, max_actions: play_game(
        c.name, players, bots, seed, max_actions=max_actions)),
        lambda c: {"players": GAMES[c.name], "bots": "random", "seed": 1, "max_actions": 30}),
    "play_many": (lambda c: (lambda n, players, bots, seed, max_actions: play_many(
        n, players, bots, seed, game=c.name, progress=False, max_actions=max_actions)),
        lambda c: {"n": 2, "players": GAMES[c.name], "bots": "random", "seed": 1, "max_actions": 20}),
    "make_bot": (lambda c: (lambda spec, seed: bots.make_bot(spec, seed, registry.get(c.name).load().BOTS)),
                 lambda c: {"spec": "random", "seed": 1}),
    "parse_spec": (lambda c: bots.parse_spec, lambda c: {"text": "mcts:iterations=2,c=1.4"}),
    "split_specs": (lambda c: bots.split_specs, lambda c: {"text": "greedy,random"}),
    # building a position, the components
    "scenario": (lambda c: SCENARIOS[c.name][0], lambda c: dict(SCENARIOS[c.name][1])),
    "load_components": (lambda c: registry.get(c.name).load().load_components,
                        lambda c: {} if c.name == "winds-of-plunder" else {"source": None}),
    # small helpers of the core
    "wilson": (lambda c: stats.wilson, lambda c: {"k": 3, "n": 10, "confidence": 0.95}),
    "mean_interval": (lambda c: stats.mean_interval, lambda c: {"values": [1.0, 2.0, 4.0], "confidence": 0.95}),
    "rate_text": (lambda c: stats.rate_text, lambda c: {"k": 3, "n": 10, "confidence": 0.95}),
    "z_value": (lambda c: stats.z_value, lambda c: {"confidence": 0.95}),
    "sum_counts": (lambda c: dice.sum_counts, lambda c: {"n": 3, "faces": [0, 0, 1, 1, 1, 2]}),
    "sum_distribution": (lambda c: dice.sum_distribution, lambda c: {"n": 3, "faces": [0, 1, 2], "exact": False}),
    "at_least": (lambda c: dice.at_least, lambda c: {"n": 3, "faces": [0, 1, 2], "target": 2, "exact": False}),
    "die_key": (lambda c: dice.die_key, lambda c: {"faces": [0, 1, 2]}),
    "parse_json": (lambda c: files.parse_json, lambda c: {"text": '{"a": [1]}', "max_values": 10, "max_depth": 5}),
    "loads_strict": (lambda c: files.loads_strict, lambda c: {"text": '{"a": [1]}', "max_bytes": 100}),
    "scan_json": (lambda c: files.scan_json, lambda c: {"text": '{"a": [1]}'}),
    "percent": (lambda c: html.percent, lambda c: {"p": 0.25, "digits": 2}),
    "html.table": (lambda c: html.table, lambda c: {"header": ["a", "b"], "rows": [[1, 2]], "caption": "c"}),
    "svg.num": (lambda c: svg.num, lambda c: {"x": 1.5}),
    "svg.escape": (lambda c: svg.escape, lambda c: {"value": "<a>"}),
}

#: parameters that take an object the API itself gives (a state, a game's rules), not a value a person
#: types or a file holds: a wrong object there is a programming error, not bad input, and is not fuzzed
OBJECTS = {"state", "rules"}

CONTEXTS: dict[str, Context] = {}


def context(game: str) -> Context:
    """A fresh context (games are cheap; a cached one would carry an earlier call's changes)."""
    return Context(game)


@pytest.mark.parametrize("game", list(GAMES))
def test_every_call_works_with_its_good_arguments(game):
    c = context(game)
    for label, (fn, args) in CALLS.items():
        with within(60):
            call(label, fn(c), args(c))


def call(label: str, fn: Callable, kwargs: dict[str, Any]) -> Any:
    """A view's methods name their state ``s`` or ``state``: they are called with positions."""
    if label.startswith("GameView.") or label == "load_components":
        return fn(*kwargs.values())
    return fn(**kwargs)


def _allowed(exc: BaseException) -> bool:
    return isinstance(exc, (ValueError, TypeError)) and bool(str(exc).strip())


@settings(max_examples=int(__import__("os").environ.get("WINDWARD_API_FUZZ", "400")), deadline=None,
          derandomize=True, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(list(GAMES)), label=st.sampled_from(list(CALLS)), data=st.data())
def test_bad_arguments_are_refused_clearly_and_change_nothing(game, label, data):
    c = context(game)
    fn, args = CALLS[label]
    kwargs = args(c)
    names = [k for k in kwargs if k not in OBJECTS]
    if not names:  # nothing a person gives (Winds of Plunder's components come with the package)
        return
    name = data.draw(st.sampled_from(names), label="parameter")
    kwargs[name] = data.draw(HOSTILE, label="value")
    before = c.fingerprint()
    try:
        with within(20):
            call(label, fn(c), kwargs)
    except TimeoutError:
        raise AssertionError(f"{label}({name}={kwargs[name]!r:.60}) did not return") from None
    except Exception as exc:  # noqa: BLE001 - what kind of refusal is the point
        assert _allowed(exc), f"{label}({name}={kwargs[name]!r:.60}) raised {type(exc).__name__}: {exc}"
        assert "\n" not in str(exc).strip() or isinstance(exc, RecordError), f"{label}: a one-line message"
        assert c.fingerprint() == before, f"{label}({name}={kwargs[name]!r:.60}) was refused but changed things"
