"""Every view and text function of every game works at every ply of sample games, including the
plies before setup's chance is drawn (issue 25: ``windward replay northwind-greedy-2p.nwr.json --ply 0``
and ``text_summary`` of a North Wind game made with ``auto_chance=False`` crashed in
``northwind/words.stacks_text``, the stacks being empty before the deal).

The functions are found, not listed: each game's ``view``, ``words``, ``svg``, ``gameview`` and
``coach`` modules are read for public functions whose parameters this walk knows how to fill
(the state, a seat, a viewer, names, an action, the legal actions), and every method of the
game's :class:`~windward_nb.core.view.GameView` that takes a state is called too, with the rules'
own words (observation per seat, describe, turn labels, scores), the picture (``state_svg``),
the replay cursor's caption and the command line's ``position_text``/``position_json``.
"""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path

import pytest

import windward_nb as ww
from windward_nb.commands.replay import position_json, position_text
from windward_nb.core.record import load_record
from windward_nb.core.rules import CHANCE
from windward_nb.core.svg import state_svg
from windward_nb.core.view import view_for

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "notebooks" / "data"
SAMPLES = sorted(p.name for p in DATA.glob("*.*r.json"))
PACKAGES = {"windward": "windward", "north-wind": "northwind", "winds-of-plunder": "plunder", "tailwinds": "tailwinds"}
MODULES = ("view", "words", "gameview", "coach")  # each game's svg module: state_svg below
#: parameters the walk fills; a function needing any other is not a view of a position
KNOWN = {"s", "state", "seat", "viewer", "names", "a", "action", "legal", "status", "unit", "upto"}
#: view methods that are not about a position (or change the view object) and are left out
SKIP_METHODS = {"rules", "parse", "error", "read_typed", "click", "make_bot", "bot_act", "bot_table",
                "replay_cursor", "score_series", "record_suffix", "event_groups", "summary_since",
                "board_changed", "explain"}


def _functions(game: str) -> list:
    out = []
    for m in MODULES:
        try:
            mod = importlib.import_module(f"windward_nb.{PACKAGES[game]}.{m}")
        except ImportError:
            continue
        for name, f in inspect.getmembers(mod, inspect.isfunction):
            if f.__module__ != mod.__name__ or name.startswith("_"):
                continue
            params = inspect.signature(f).parameters
            first = next(iter(params), "")
            required = {p for p, v in params.items() if v.default is inspect.Parameter.empty
                        and v.kind not in (v.VAR_POSITIONAL, v.VAR_KEYWORD)}
            if first in ("s", "state") and required <= KNOWN:
                out.append(f)
    assert out, game
    return out


def _methods(view) -> list:
    out = []
    for name, f in inspect.getmembers(view, inspect.ismethod):
        if name.startswith("_") or name in SKIP_METHODS:
            continue
        params = inspect.signature(f).parameters
        required = {p for p, v in params.items() if v.default is inspect.Parameter.empty}
        if next(iter(params), "") in ("s", "state") and required <= KNOWN:
            out.append(f)
    return out


_PARAMS: dict = {}


def _params(f) -> dict:
    key = getattr(f, "__func__", f)
    if key not in _PARAMS:
        _PARAMS[key] = inspect.signature(f).parameters
    return _PARAMS[key]


def _call(f, state, seat, legal, names):
    values = {"s": state, "state": state, "seat": seat, "viewer": seat, "names": names, "legal": legal,
              "status": True, "unit": 20, "upto": None}
    params = _params(f)
    if "viewer" in params and "seat" in params:  # whose thing (a seat), seen by whom (anyone, -1 nobody)
        values["seat"] = max(seat, 0)
    params = inspect.signature(f).parameters
    actions = legal[:3] if ({"a", "action"} & set(params)) else [None]
    for a in actions:
        kwargs = {p: (a if p in ("a", "action") else values[p]) for p in params if p in values or p in ("a", "action")}
        if ("a" in params or "action" in params) and a is None:
            return
        f(**kwargs)


def walk(state, rules, view, functions, methods, names) -> int:
    """Call every function at ``state`` (for every seat where a seat is asked); returns the calls."""
    n = rules.players(state)
    decider = rules.decider(state)
    legal = list(rules.legal_actions(state)) if decider >= 0 else []
    calls = 0
    for f in functions + methods:
        params = _params(f)
        seats: list = [0]
        if "viewer" in params:
            seats = list(range(-1, n))
        elif "seat" in params:
            seats = list(range(n)) + ([None] if params["seat"].default is None else [])
        for seat in seats:
            try:
                _call(f, state, seat, legal, names)
            except Exception as exc:
                raise AssertionError(f"{getattr(f, '__qualname__', f)}(seat={seat}) at phase "
                                     f"{getattr(state, 'phase', '?')}: {type(exc).__name__}: {exc}") from exc
            calls += 1
    for seat in range(n):
        rules.observation(state, seat)
    for a in legal[:5]:
        rules.describe(state, a)
        view.public_action(state, a)
    rules.turn_label(state)
    rules.scores(state)
    rules.outcome_text(state)
    assert not rules.invariants(state), rules.invariants(state)
    state_svg(state)
    return calls + n + 4


def walk_record(record) -> int:
    cursor = record.cursor()
    rules = cursor.rules
    game = record.GAME
    functions = _functions(game)
    names = record.names()
    calls = 0
    view = view_for(cursor.state)
    methods = _methods(view)
    n = len(record.actions)
    for ply in range(n + 1):
        cursor.seek(ply)
        state = cursor.state
        calls += walk(state, rules, view, functions, methods, names)
        cursor.caption()
    for ply in sorted({0, 1, n // 2, n} & set(range(n + 1))):  # the command line's own cursor, from the start
        position_text(record, ply)
        position_json(record, ply)
    return calls


@pytest.mark.parametrize("name", SAMPLES)
def test_every_view_works_at_every_ply_of_a_sample_game(name):
    record = load_record(DATA / name)
    assert walk_record(record) > 20 * len(record.actions)


@pytest.mark.parametrize("game, players", [("windward", 3), ("north-wind", 2), ("north-wind", 4),
                                           ("winds-of-plunder", 3), ("tailwinds", 2), ("tailwinds", 4)])
def test_every_view_works_before_and_through_setup_chance(game, players):
    """A game made with ``auto_chance=False`` stands before its setup's chance: every view works there,
    and at every ply as that chance is drawn and the first decisions made."""
    g = ww.new_game(game=game, players=players, seed=1, auto_chance=False)
    assert g.current_player == CHANCE or game == "windward"  # Windward's setup is drawn with the game
    view = view_for(g)
    view.text_summary(g.state)  # the repro: North Wind's stacks_text before the deal
    for _ in range(40):
        if g.is_over:
            break
        g.apply(g.rules.sample_chance(g.state, g.rng) if g.current_player == CHANCE else g.legal_actions()[0])
    walk_record(g.record)
