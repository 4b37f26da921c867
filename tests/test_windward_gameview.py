"""WindwardView says what windward_nb.view and windward_nb.coach say, in the shell's protocol,
and the shell's generic board plays Windward from it alone."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

try:
    import windward_widgets  # noqa: F401
except ImportError:  # a plain checkout that is not pip-installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "widgets"))

import windward_nb as ww  # noqa: E402
from windward_nb import coach, engine, view  # noqa: E402
from windward_nb.windward_view import VIEW  # noqa: E402
from windward_widgets.base import GameViewBoard  # noqa: E402


def test_the_protocol_agrees_with_windwards_views_along_random_games():
    rng = np.random.default_rng(5)
    checked = 0
    for seed in (1, 2, 3):
        g = ww.new_game(players=3, seed=seed)
        for _ in range(160):
            if g.is_over:
                break
            s = g.state
            rows = VIEW.action_rows(s)
            assert [(r.text, r.action) for r in rows] == view.legal_action_rows(s)
            assert {r.action: r.danger for r in rows if r.danger} == coach.dangers(s)
            c = VIEW.coach(s)
            assert (c.seat, c.kind, c.text) == (coach.coach(s).seat, coach.coach(s).kind, coach.coach(s).text)
            legal = {str(a) for a in g.legal_actions()}
            for b in VIEW.turn_buttons(s):
                assert all(t in legal for t, _ in b.actions), b
            board = VIEW.board(s)
            assert {t.space for t in board.targets} == set(view.destinations(s))
            for t in board.targets:                       # a click on a target asks for its actions
                assert VIEW.click(s, t.space).actions == t.actions
                first = t.actions[0]
                assert engine.why_illegal(s, engine.Action.parse(first)) is None
            for h in rng.integers(0, len(s.planet.cells), 4):   # elsewhere: an action the engine
                c2 = VIEW.click(s, int(h))                       # accepts, or a reason naming a rule
                assert bool(c2.actions) != bool(c2.refusal)
                if c2.actions:
                    assert engine.why_illegal(s, engine.Action.parse(c2.actions[0])) is None
            a = g.legal_actions()[int(rng.integers(len(g.legal_actions())))]
            g.apply(a)
            checked += 1
    assert checked > 300


def test_the_generic_board_plays_windward_from_the_view_alone():
    g = ww.scenario(players=2, wind=3, ships=[{"pos": "0,-3"}, {"pos": "port"}], reds=[])
    b = GameViewBoard(g, VIEW, width=400)
    se = g.state.planet.index[(1, -3)]
    assert se in b.targets and b.costs[se] in ("0", "0»")
    b.click(g.state.planet.index[(0, -1)])               # not one move away: the engine's reason
    assert "is not one move away" in b.message_text and g.state.ships[0].pos == g.state.planet.index[(0, -3)]
    b.click(se)
    assert g.state.ships[0].pos != g.state.planet.index[(0, -3)] and b.message_text == ""
    ships = [p for p in b.pieces if p["kind"] == "ship"]
    assert len(ships) == 2 and ships[0]["hex"] == g.state.ships[0].pos
