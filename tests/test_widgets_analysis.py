"""OddsExplorer, ReplayViewer and ReachMap driven through their controls, without a browser."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

try:
    import windward_widgets  # noqa: F401
except ImportError:  # a plain checkout that is not pip-installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "widgets"))

import windward_nb as ww  # noqa: E402
from windward_nb.windward import movement, view  # noqa: E402
from windward_nb.bots import RandomBot  # noqa: E402
from windward_widgets import ReachMap, ReplayViewer  # noqa: E402
from windward_widgets.analysis import _SimpleCursor  # noqa: E402

odds = pytest.importorskip("windward_nb.odds")
from windward_widgets.odds_explorer import GRIDS, OddsExplorer  # noqa: E402


# =============================================================================== odds explorer
def test_slider_recomputes_odds_and_updates_charts_in_place():
    ox = OddsExplorer()
    marks = [ox.hits_marks["attacker"], ox.hits_marks["defender"], ox.margin_mark, ox.heat_mark]
    y_before = np.array(ox.hits_marks["attacker"].y)
    win_before = ox.result.win
    html_before = ox.summary.value
    ox.attacker.cannons.value = 2
    assert ox.result.win > win_before and ox.result.attacker_dice == 4
    ref = odds.battle_odds("ship", "red", attacker_cannons=2, attacker_morale=4)
    assert ox.result.win == pytest.approx(ref.win)
    assert len(ox.hits_marks["attacker"].y) == len(ox.hits_marks["defender"].y) == 16   # 5 dice: 0..15 hits
    assert not np.array_equal(ox.hits_marks["attacker"].y[:len(y_before)], y_before)
    assert ox.summary.value != html_before and f"{100 * float(ref.win):.2f}%" in ox.summary.value
    assert [ox.hits_marks["attacker"], ox.hits_marks["defender"], ox.margin_mark, ox.heat_mark] == marks
    assert all(a is b for a, b in zip(marks, [ox.hits_marks["attacker"], ox.hits_marks["defender"],
                                               ox.margin_mark, ox.heat_mark]))
    # the margin bars are coloured by outcome and add up to one
    assert abs(float(np.sum(ox.margin_mark.y)) - 1) < 1e-3
    assert list(ox.margin_mark.color) == [float(np.sign(k)) for k in ox.margin_mark.x]   # loss / tie / win


def test_controls_follow_the_party_and_crew():
    ox = OddsExplorer(attacker="ship", defender="ship")
    assert ox.attacker.cannons.layout.display is None and ox.defender.count.layout.display == "none"
    assert ox.attacker.cannons.max == 3
    ox.attacker.crew["cannons"].value = "Sergeant"
    assert ox.attacker.cannons.max == 5
    ox.defender.kind.value = "red"
    assert ox.defender.cannons.layout.display == "none" and ox.defender.count.layout.display is None
    ox.attacker.tokens.value = 1
    ox.attacker.cards["harpoon"].value = 2
    args = ox.args()
    assert args["attacker_tokens"] == 1 and args["attacker_cards"] == ["harpoon", "harpoon"]
    assert args["attacker_crew"] == ["Sergeant"]
    ox.exact.value = True
    assert "/" in ox.summary.value                     # fractions shown


def test_impossible_battle_is_explained_not_raised():
    ox = OddsExplorer()
    last = ox.result
    ox.defender.kind.value = "grey"                    # a ship cannot fight a grey crester
    assert "cannot battle" in ox.messages.text and ox.result is last
    assert ox.messages.errors_out.value == ""


def test_heat_map_grids():
    ox = OddsExplorer(attacker="ship", defender="ship")
    assert np.asarray(ox.heat_mark.color).shape == (12, 12)
    ref = odds.odds_table(range(1, 13), range(1, 13))
    assert np.allclose(np.asarray(ox.heat_mark.color, dtype=float), ref.win)
    ox.metric.value = "tie"
    assert np.allclose(np.asarray(ox.heat_mark.color, dtype=float), ref.tie)
    ox.grid.value = "attacker cannons × defender cannons"
    assert np.asarray(ox.heat_mark.color).shape == (4, 4) and list(ox.heat_mark.row) == [0, 1, 2, 3]
    ox.defender.kind.value = "red"
    assert ox.heat_fig.layout.display == "none" and "does not fit" in ox.grid_note.value
    ox.grid.value = "attacker cannons × attacker tokens"
    assert ox.heat_fig.layout.display is None and np.asarray(ox.heat_mark.color).shape == (4, 5)
    assert set(GRIDS) >= {"attacker dice × defender dice"}


# =============================================================================== replay viewer
def _recorded(n=120, seed=3):
    g = ww.new_game(players=3, seed=seed)
    bot = RandomBot(seed=seed)
    while not g.is_over and len(g.record.actions) < n:
        g.apply(bot.act(g.state))
    g.record.comment(2, "A teaching note on ply two.")
    return g


def test_replay_viewer_slider_steps_and_narration():
    g = _recorded()
    rv = ReplayViewer(g.record)
    n = len(g.record.actions)
    assert rv.ply.max == n == rv.play.max
    pieces = rv.board.piece_marks
    assert np.asarray(rv.noto_mark.y).shape == (3, n + 1)
    rv.ply.value = 2
    assert "A teaching note on ply two." in rv.narration.value and g.record.actions[1] in rv.narration.value
    rv.buttons["end"].click()
    assert rv.ply.value == n and rv.play.value == n
    assert list(rv.cursor_mark.x) == [n, n]
    assert rv.board.piece_marks is pieces and all(rv.board.piece_marks[k] is pieces[k] for k in pieces)
    ships = sorted(p["hex"] for p in view.board_view(g.state)["pieces"] if p["kind"] == "ship")
    assert sorted(p["hex"] for p in rv.board.pieces if p["kind"] == "ship") == ships
    rv.buttons["back"].click()
    assert rv.ply.value == n - 1
    rv.buttons["start"].click()
    assert "The start of the game" in rv.narration.value


def test_simple_cursor_agrees_with_the_engine_replay():
    g = _recorded(n=60)
    c = _SimpleCursor(g.record)
    assert len(c) == 60
    assert c.seek(60).state.fingerprint() == g.state.fingerprint()
    assert np.asarray(c.notoriety()).shape == (61, 3)
    assert c.comment(2) == "A teaching note on ply two."


# =============================================================================== reach map
def test_reach_map_colours_by_the_engine_costs():
    g = ww.new_game(players=3, seed=1)
    s, p = g.state, g.state.planet
    start = p.index[(2, -3)]
    rm = ReachMap(s, index=start, wind=2)
    hl = rm.board.highlight_mark
    t = s.clone()
    t.ships[s.current].pos, t.wind = start, 2
    costs = movement.reach_costs(t)
    assert rm.costs == {(0 if h < 0 else h): c for h, c in costs.items()}
    near = [h for h, c in rm.costs.items() if c <= 4 and h != start]
    assert near and all(rm.board.cost_mark.text[h] == str(rm.costs[h]) + ("⚠" if h in rm.danger else "")
                        for h in near)
    far = [h for h, c in rm.costs.items() if c > 4]
    assert far and all(rm.board.cost_mark.text[h] == f"({rm.costs[h]})" for h in far)
    before = dict(rm.costs)
    rm.wind.value = 5
    assert rm.costs != before and rm.board.wind == 5 and rm.board.highlight_mark is hl
    rm.speed.value = 1
    assert all(("(" in rm.board.cost_mark.text[h]) == (rm.costs[h] > 1) for h in rm.board.highlighted)
    drift = next(i for i, t in enumerate(p.terrain) if t == "drift")
    rm.board.click(drift)
    assert rm.index == start and "Drift" in rm.messages.text
    rm.board.click(p.index[(0, -2)])
    assert rm.index == p.index[(0, -2)] and "0,-2" in rm.info.value


def test_a_one_seat_game_replays_with_its_graph():
    """The Solo Adventure has one seat: bqplot squeezes a (1, n) series, so the graph takes it flat
    (notebook 06's replay of a won game raised a TraitError before)."""
    import windward_nb as ww
    from windward_widgets import ReplayViewer

    g = ww.new_game(players=1, seed=3)
    for _ in range(6):
        g.apply(g.legal_actions()[0])
    viewer = ReplayViewer(g.record)
    assert viewer.analysis_panel.lines.y.ndim == 1
