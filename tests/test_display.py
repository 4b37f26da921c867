"""Rich displays: static SVG boards, short reprs, outcomes, odds tables, replay pages (issue 17).

The pictures are checked as data: parsed as XML, their spaces and pieces counted against
the state they draw, so a board that loses a piece or a hex fails here.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import windward_nb as ww
from windward_nb.core.outcome import Outcome
from windward_nb.core.replay_page import decode_frames, replay_html, split_svg
from windward_nb.core.svg import draw_board, state_svg
from windward_nb.core.view import BoardView, Piece, Space, view_for
from windward_nb.games import GAMES

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "notebooks" / "data"
NS = {"s": "http://www.w3.org/2000/svg"}
SEATS = {"windward": 3, "north-wind": 3, "winds-of-plunder": 3, "tailwinds": 2}
RECORDS = {"windward": "greedy-2p.wwr.json", "north-wind": "northwind-greedy-3p.nwr.json",
           "winds-of-plunder": "plunder-mixed-3p.wpr.json", "tailwinds": "tailwinds-greedy-2p.twr.json"}


def _play(game: str, plies: int, seed: int = 5):
    g = ww.new_game(game=game, players=SEATS[game], seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(plies):
        if g.is_over:
            break
        legal = g.legal_actions()
        g.apply(legal[int(rng.integers(len(legal)))])
    return g


def _parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)  # well-formed XML, or this raises
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def _classed(root: ET.Element, word: str) -> list[ET.Element]:
    return [e for e in root.iter() if word in (e.get("class") or "").split()]


# =============================================================================== the pictures
@pytest.mark.parametrize("game", [t.name for t in GAMES])
def test_every_game_draws_its_board_spaces_and_pieces(game):
    g = _play(game, 40)
    board = view_for(g.state).board(g.state)
    root = _parse(g._repr_svg_())
    spaces, pieces = _classed(root, "space"), _classed(root, "piece")
    assert len(spaces) == len(board.spaces) > 0
    assert len(pieces) == len(board.pieces) > 0
    assert sorted(int(p.get("data-space")) for p in pieces) == sorted(p.space for p in board.pieces)
    assert _classed(root, "status"), "no status line"
    assert _parse(g.state._repr_svg_()) is not None
    html = g._repr_html_()
    assert html.count("<svg") == 1 and f"ply {g.ply}" in html


def test_windward_svg_counts_hexes_ships_cresters_and_items():
    g = _play("windward", 120, seed=11)
    s = g.state
    root = _parse(g._repr_svg_())
    assert len(_classed(root, "space-hex")) == len(s.planet.cells) == 127   # large-r6, the default
    assert len(_classed(root, "piece-ship")) == s.players
    assert len(_classed(root, "piece-diamond")) == len(s.reds) + len(s.reds_down)
    assert len(_classed(root, "piece-disc")) == len(s.greys) + len(s.greys_down)
    boats = sum(1 for ship in s.ships for pos in ship.boats if pos >= 0)
    assert len(_classed(root, "piece-boat")) == boats
    items = sum(1 for row in s.items.values() for n in row if n)
    assert len(_classed(root, "piece-cube")) == items
    wind = _classed(root, "wind")
    assert wind and wind[0].get("data-wind") == str(s.wind)
    from windward_nb.windward.view import board_view

    where = {pc["seat"]: pc["hex"] for pc in board_view(s)["pieces"] if pc["kind"] == "ship"}
    for seat in range(s.players):
        (piece,) = [p for p in _classed(root, "piece-ship") if f"seat-{seat}" in p.get("class").split()]
        assert int(piece.get("data-space")) == where[seat]


def test_windward_small_planet_and_the_ship_moving():
    g = ww.new_game(players=2, seed=4, planet="small")
    root = _parse(g._repr_svg_())
    assert len(_classed(root, "space-hex")) == 61
    seat = g.current_player
    leave = next(a for a in g.legal_actions() if str(a).startswith("leave port"))
    before = g._repr_svg_()
    g.apply(leave)
    after = g._repr_svg_()
    assert before != after
    ship = [p for p in _classed(_parse(after), "piece-ship") if f"seat-{seat}" in p.get("class")][0]
    assert int(ship.get("data-space")) == g.state.ships[seat].pos != 0


def test_the_same_position_draws_the_same_bytes():
    a, b = _play("north-wind", 30, seed=3), _play("north-wind", 30, seed=3)
    assert a._repr_svg_() == b._repr_svg_()


def test_draw_board_escapes_text_and_refuses_unknown_shapes():
    b = BoardView((Space(0, 0, "hex", text='<script>"x"</script>'),), (Piece(0, "ship", "blue", "<1>"),))
    svg = draw_board(b, status="A & B")
    root = _parse(svg)
    assert "<script>" not in svg and _classed(root, "status")[0].text == "A & B"
    with pytest.raises(ValueError, match="unknown space shape"):
        draw_board(BoardView((Space(0, 0, "star"),)))


# =============================================================================== short reprs
@pytest.mark.parametrize("game", [t.name for t in GAMES])
def test_state_and_game_reprs_are_one_short_line(game):
    for g in (ww.new_game(game=game, players=SEATS[game], seed=2), _play(game, 3000, seed=2)):
        for text in (repr(g.state), repr(g)):
            assert "\n" not in text and len(text) < 260, text
        assert repr(g.state).startswith(f"<{type(g.state).__name__} ")


# =============================================================================== outcomes
@pytest.mark.parametrize("game", [t.name for t in GAMES])
def test_outcome_is_none_until_the_end_then_a_small_value(game):
    assert ww.new_game(game=game, players=SEATS[game], seed=1).outcome() is None
    g = ww.load_record(DATA / RECORDS[game]).replay()
    assert g.is_over
    out = g.outcome()
    assert isinstance(out, Outcome)
    assert list(out.winners) == g.winners()
    assert list(out.scores) == [float(x) for x in g.scores()]
    assert out.reason == g.rules.outcome_text(g.state)
    text = repr(out)
    assert text.startswith("Outcome(winners=") and "\n" not in text and len(text) < 300
    assert json.loads(json.dumps(out.to_dict()))["winners"] == list(out.winners)


def test_outcome_words():
    shared = Outcome(winners=(0, 2), scores=(5, 1, 5), reason="Tied.", names=("Ann", "Bo", "Cy"))
    assert shared.winner is None and not shared.draw
    assert str(shared).startswith("Ann and Cy win (scores: Ann 5, Bo 1, Cy 5)")
    nobody = Outcome(winners=(), scores=(1, 1), reason="Nobody wins.")
    assert nobody.draw and str(nobody).startswith("Nobody wins")


# =============================================================================== odds tables
def _cells(html: str) -> list[list[str]]:
    root = ET.fromstring(html)
    return [[c.text or "" for c in tr] for tr in root.iter("tr")]


def test_battle_odds_html_table():
    from windward_nb.odds import battle_odds

    o = battle_odds(attacker="ship", defender="red", attacker_cannons=3, attacker_morale=3, exact=True)
    rows = {r[0]: r[1:] for r in _cells(o._repr_html_())}
    assert rows["attacker wins"] == [f"{100 * float(o.win):.2f}%", str(o.win)]
    assert rows["tie"][1] == str(o.tie) and rows["defender wins"][1] == str(o.loss)
    assert Fraction(rows["attacker wins"][1]) + Fraction(rows["tie"][1]) + Fraction(rows["defender wins"][1]) == 1
    assert "attacker's ship lost" in rows


def test_odds_table_html_grid():
    from windward_nb.windward.odds import odds_table

    t = odds_table(range(1, 4), range(1, 3))
    rows = _cells(t._repr_html_())
    assert len(rows) == 1 + 3 and all(len(r) == 1 + 2 for r in rows)
    assert rows[1][1] == f"{100 * float(t.win[0, 0]):.1f}%"
    assert _cells(t.to_html("loss"))[3][2] == f"{100 * float(t.loss[2, 1]):.1f}%"


def test_north_wind_odds_html():
    from windward_nb.northwind.odds import pirate_odds, voyage_odds

    p = pirate_odds(3, 2)
    rows = {r[0]: r[1:] for r in _cells(p._repr_html_())}
    assert rows["victory"][1] == str(p.win)
    v = voyage_odds({"destination": 1, "fog": 2, "other": 5}, sail=3)
    assert str(v.reach) in v._repr_html_()


# =============================================================================== replays
@pytest.mark.parametrize("game", [t.name for t in GAMES])
def test_replay_page_holds_every_ply_of_each_game(game):
    record = ww.load_record(DATA / RECORDS[game])
    page = replay_html(record)
    assert page.startswith("<!DOCTYPE html>")
    no_ns = page.replace("http://www.w3.org/2000/svg", "")
    assert "http:" not in no_ns and "https:" not in no_ns and "<script src" not in page and "<link" not in page
    blob = re.search(r'<script id="replay-data" type="application/json">(.*?)</script>', page, re.S).group(1)
    data = json.loads(blob)
    n = len(record.actions)
    assert len(data["frames"]) == len(data["plies"]) == n + 1
    frames = decode_frames(data["frames"])
    cursor = record.cursor()
    for ply in (0, n // 3, n):
        svg = "".join(data["tokens"][t] for t in frames[ply])
        assert svg == state_svg(cursor.seek(ply).state)
        _parse(svg)
    assert data["plies"][n]["scores"] == [x for x in view_for(cursor.state).scores(cursor.state)]


def test_replay_page_keeps_names_as_text():
    evil = '</script><!--<script>alert(1)</script>'
    g = ww.new_game(players=2, seed=3, names=[evil, "Bo & Co"])
    g.apply(g.legal_actions()[0])
    page = replay_html(g.record)
    assert page.count("<script") == 2 and page.count("</script>") == 2 and "<!--" not in page
    blob = re.search(r'<script id="replay-data" type="application/json">(.*?)</script>', page, re.S).group(1)
    assert json.loads(blob)["names"] == [evil, "Bo & Co"]
    assert "<title>Windward replay: 1 plies, &lt;/script&gt;" in page


def test_replay_page_reports_progress_per_ply():
    record = ww.load_record(DATA / RECORDS["tailwinds"])
    steps = []
    replay_html(record, progress=steps.append)
    assert steps == [1] * len(record.actions)


def test_replay_page_of_a_record_with_no_plies():
    g = ww.new_game(game="north-wind", players=2, seed=1)
    rec = g.record.copy()
    rec.actions = []
    page = replay_html(rec)
    data = json.loads(re.search(r'type="application/json">(.*?)</script>', page, re.S).group(1))
    assert len(data["frames"]) == 1 and 'max="0"' in page


@pytest.mark.parametrize("game", [t.name for t in GAMES])
def test_split_svg_cuts_and_joins_back(game):
    svg = _play(game, 25)._repr_svg_()
    parts = split_svg(svg)
    assert "".join(parts) == svg and len(parts) > 10


def test_replay_ply_display():
    from windward_nb.replay import Replay

    r = Replay(ww.load_record(DATA / RECORDS["windward"]))
    r.seek(30)
    assert r.svg() == state_svg(r.state) == r._repr_svg_()
    assert r.svg(5) == state_svg(r.state_at(5)) and r.ply == 30
    html = r._repr_html_()
    assert html.count("<svg") == 1 and "ply 30 of" in html
    assert r.caption().startswith("ply 30 of 239: Greedy")
    core = ww.load_record(DATA / RECORDS["tailwinds"]).cursor()
    assert core.seek(0).caption() == f"ply 0 of {len(core)}: the start of the game"


# =============================================================================== windward replay
def _cli(capsys, *argv):
    from windward_nb.cli import main

    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_replay_score_sheet_ply_and_json(capsys):
    path = str(DATA / RECORDS["windward"])
    code, out, err = _cli(capsys, "replay", path)
    assert code == 0 and out.startswith("WINDWARD") and "Final" in out
    code, out, _ = _cli(capsys, "replay", path, "--ply", "40")
    assert code == 0 and out.startswith("ply 40 of 239: ")
    code, out, _ = _cli(capsys, "replay", path, "--json")
    data = json.loads(out)
    assert code == 0 and data["ply"] == 239 and data["over"] and data["outcome"]["winners"]
    code, out, _ = _cli(capsys, "replay", str(DATA / RECORDS["tailwinds"]), "--html", "-")
    assert code == 0 and out.startswith("<!DOCTYPE html>")
    code, out, _ = _cli(capsys, "replay", path, "--ply", "-240", "--json")
    assert json.loads(out)["ply"] == 0 and json.loads(out)["last_action"] is None


@pytest.mark.parametrize("game", [t.name for t in GAMES])
def test_cli_replay_html_for_each_game(capsys, tmp_path, game):
    out_file = tmp_path / "page.html"
    code, out, err = _cli(capsys, "replay", str(DATA / RECORDS[game]), "--html", str(out_file))
    assert code == 0 and err == "" and str(out_file) in out
    assert out_file.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_cli_replay_errors_are_one_line(capsys, tmp_path):
    code, out, err = _cli(capsys, "replay", str(tmp_path / "missing.wwr.json"))
    assert code == 1 and err.strip() == f"windward replay: error: no such file: {tmp_path / 'missing.wwr.json'}"
    bad = tmp_path / "bad.wwr.json"
    bad.write_text('{"format": "windward-record"}')
    code, out, err = _cli(capsys, "replay", str(bad))
    assert code == 1 and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    code, out, err = _cli(capsys, "replay", str(DATA / RECORDS["tailwinds"]), "--ply", "9999")
    assert code == 2 and "outside this record" in err
    code, out, err = _cli(capsys, "replay", str(DATA / RECORDS["tailwinds"]), "--html",
                          str(tmp_path / "no-such-dir" / "x.html"))
    assert code == 1 and "cannot write" in err


def test_a_game_without_an_svg_module_still_draws():
    """A game with no ``svg.py`` (the core's toy Dice Race) gets its status as a picture, and its
    view's board drawn plainly by :func:`draw_board`."""
    import sys

    sys.path.insert(0, str(REPO / "tests" / "core"))
    try:
        import dicerace
        import dicerace_view
    finally:
        sys.path.remove(str(REPO / "tests" / "core"))
    g = dicerace.new_game(players=2, seed=1)
    root = _parse(g._repr_svg_())
    (status,) = _classed(root, "status")
    assert "to act" in status.text and repr(g.state).startswith("<")
    board = dicerace_view.VIEW.board(g.state)
    drawn = _parse(draw_board(board, status="Dice Race"))
    assert len(_classed(drawn, "space")) == len(board.spaces)
    assert len(_classed(drawn, "piece")) == len(board.pieces) > 0
