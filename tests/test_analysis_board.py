"""The analysis board outside the engine: the replay viewer's panel (graph, jump, flagged list,
Analyse from here), ``windward analyse`` and the replay page's graph (the same numbers)."""

from __future__ import annotations

import html
import json
import re
import sys
from pathlib import Path

import numpy as np
import pytest

try:
    import windward_widgets  # noqa: F401
except ImportError:  # a plain checkout that is not pip-installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "widgets"))

from windward_nb import cli
from windward_nb.core import analysis as an
from windward_nb.core.record import load_record
from windward_nb.core.replay_page import replay_html

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "notebooks" / "data"
CHEAP = {"settle": 2, "playouts": 2}


@pytest.fixture(scope="module")
def tw_record():
    return load_record(DATA / "tailwinds-greedy-2p.twr.json")


@pytest.fixture(scope="module")
def tw_analysis(tw_record):
    return an.analyse(tw_record, seed=3, **CHEAP)


# =============================================================================== the panel in the viewer
def _viewer(record, analysis):
    from windward_widgets.base import ReplayViewer

    return ReplayViewer(record, analysis=analysis)


def test_the_graph_has_one_line_per_seat_and_follows_the_viewer(tw_record, tw_analysis):
    v = _viewer(tw_record, tw_analysis)
    p = v.analysis_panel
    lines = p.lines
    assert np.asarray(lines.y).shape == (2, len(tw_record.actions) + 1)
    assert np.allclose(np.asarray(lines.y), 100 * tw_analysis.series().T)
    marks = list(p.graph.marks)
    v.ply.value = 40
    assert [float(x) for x in p.cursor_mark.x] == [40.0, 40.0]
    assert "After ply 40" in p.line.value and str(tw_analysis.plies[40].estimates[0]) in html.unescape(p.line.value)
    assert list(p.graph.marks) == marks and p.lines is lines  # updated in place, never rebuilt


def test_clicking_a_point_jumps_to_its_ply(tw_record, tw_analysis):
    v = _viewer(tw_record, tw_analysis)
    p = v.analysis_panel
    n = len(tw_record.actions) + 1
    p._on_point(p.points, {"data": {"index": n + 17}})   # the second seat's point of ply 17
    assert v.ply.value == 17 and v.cursor.ply == 17
    assert [float(x) for x in p.cursor_mark.x] == [17.0, 17.0]


def test_the_flagged_list_names_every_flagged_ply_and_jumps(tw_record, tw_analysis):
    v = _viewer(tw_record, tw_analysis)
    p = v.analysis_panel
    flagged = tw_analysis.flagged()
    assert [o[1] for o in p.flagged.options] == ([q.ply for q in flagged] or [-1])
    assert [float(x) for x in p.flag_marks.x] == [float(q.ply) for q in flagged]
    if flagged:
        p.flagged.value = flagged[-1].ply
        assert v.ply.value == flagged[-1].ply


def test_analyse_button_runs_with_a_progress_bar_and_draws(tw_record):
    from windward_widgets.base import ReplayViewer

    v = ReplayViewer(tw_record, analysis_options=dict(seed=3, **CHEAP))
    p = v.analysis_panel
    assert p.analysis is None and p.body.layout.display == "none"
    seen = []
    p.progress.observe(lambda c: seen.append(c["new"]), names="value")
    p.run_button.click()
    assert p.analysis == an.analyse(tw_record, seed=3, **CHEAP)
    assert seen[-1] == len(tw_record.actions) + 1 and p.body.layout.display is None
    assert p.progress.layout.display == "none" and not p.run_button.disabled


def test_a_saved_analysis_is_shown_at_once(tw_record, tw_analysis):
    rec = tw_analysis.annotate(tw_record.copy())
    v = _viewer(rec, None)
    assert v.analysis_panel.analysis == tw_analysis


def test_analyse_from_here_opens_a_copy_and_returns(tw_record, tw_analysis):
    v = _viewer(tw_record, tw_analysis)
    p = v.analysis_panel
    before = tw_record.to_json()
    v.ply.value = 30
    p.here_button.click()
    t = p.table
    assert t is not None and t in p.branch.children
    assert t.game.record is not tw_record and t.game.ply >= 30
    assert t.game.record.actions[:30] == tw_record.actions[:30]
    seat = t.game.current_player
    assert seat >= 0 and seat not in t.bots
    t.act([t.game.legal_actions()[0]])            # play on: the original record does not move
    assert tw_record.to_json() == before and v.ply.value == 30
    back = p.branch.children[0].children[0]
    back.click()
    assert p.table is None and p.branch.children == () and v.ply.value == 30


@pytest.mark.parametrize("name, table", [("greedy-2p.wwr.json", "windward_widgets.play_table.PlayTable"),
                                         ("northwind-greedy-2p.nwr.json", "windward_widgets.northwind.table.NorthWindTable"),
                                         ("plunder-mixed-3p.wpr.json", "windward_widgets.plunder.table.PlunderTable")])
def test_each_game_opens_its_own_table(name, table):
    from windward_widgets import ReplayViewer as WindwardReplay
    from windward_widgets.northwind import NorthWindReplay
    from windward_widgets.plunder import PlunderReplay

    rec = load_record(DATA / name)
    cls = {"windward": WindwardReplay, "north-wind": NorthWindReplay, "winds-of-plunder": PlunderReplay}[rec.GAME]
    v = cls(rec)
    v.ply.value = 12
    v.analysis_panel.from_here()
    t = v.analysis_panel.table
    assert f"{type(t).__module__}.{type(t).__name__}" == table
    assert t.game.ply >= 12
    v.analysis_panel.back()


def test_an_analysis_of_another_record_is_refused(tw_analysis):
    rec = load_record(DATA / "tailwinds-greedy-3p.twr.json")
    with pytest.raises(ValueError, match="covers"):
        _viewer(rec, tw_analysis)


# =============================================================================== the command line and the page
def _page_data(page: str) -> dict:
    blob = re.search(r'<script id="replay-data" type="application/json">(.*?)</script>', page, re.S).group(1)
    return json.loads(blob)


def test_cli_json_and_html_page_show_the_same_numbers(tmp_path, capsys):
    src = DATA / "greedy-2p.wwr.json"   # a judged game: quick in CI (the played-out games are tested above)
    out = tmp_path / "a.html"
    assert cli.main(["analyse", str(src), "--seed", "4", "--json", "--html", str(out)]) == 0
    printed = json.loads(capsys.readouterr().out)
    page = _page_data(out.read_text(encoding="utf-8"))["analysis"]
    rows = printed["rows"]
    assert len(rows) == len(page["win"]) == len(load_record(src).actions) + 1
    for row, win, low, high, klass in zip(rows, page["win"], page["low"], page["high"], page["classes"]):
        assert (row["win"], row["low"], row["high"], row["class"]) == (win, low, high, klass)
    assert [f[2] for f in page["flagged"]] == printed["flagged"]
    # and both are the library's numbers for that seed
    assert printed["rows"] == an.analyse(load_record(src), seed=4).to_dict()["rows"]


def test_cli_text_save_and_errors(tmp_path, capsys):
    src = DATA / "greedy-2p.wwr.json"
    saved = tmp_path / "s.wwr.json"
    assert cli.main(["analyse", str(src), "--save", str(saved)]) == 0
    text = capsys.readouterr().out
    assert text.startswith(f"quick analysis of {len(load_record(src).actions)} plies") and "wrote" in text
    assert an.from_record(load_record(saved)) == an.analyse(load_record(src), seed=0)
    assert json.loads(saved.read_text())["version"] == 2
    for argv, words in ((["--depth", "slow"], "invalid choice"), (["--seed", "-3"], "--seed"),
                        (["--deep-plies", "3"], "--depth deep"), (["--json", "--html", "-"], "standard output")):
        assert cli.main(["analyse", str(src), *argv]) == 2
        err = capsys.readouterr().err
        assert words in err and "Traceback" not in err
    assert cli.main(["analyse", str(tmp_path / "missing.json")]) == 1
    assert "no such file" in capsys.readouterr().err


def test_the_page_shows_a_saved_analysis(tw_record, tw_analysis):
    rec = tw_analysis.annotate(tw_record.copy())
    data = _page_data(replay_html(rec))
    assert data["analysis"]["win"][5] == [round(e.win, 4) for e in tw_analysis.plies[5].estimates]
    assert "analysis" not in _page_data(replay_html(tw_record))
