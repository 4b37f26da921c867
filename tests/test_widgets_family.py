"""One table call for the whole family: ``PlayTable(game)`` and ``ReplayViewer(record)`` open the right
widget for a game of any of the four games, and ``windward play --game X`` builds that same table.

The repro of issue 26: ``PlayTable(ww.new_game(game="tailwinds", players=2))`` used to fail with
``AttributeError: 'TailwindsState' object has no attribute 'planet'``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pytest

try:
    import windward_widgets  # noqa: F401
except ImportError:  # a plain checkout that is not pip-installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "widgets"))

import windward_nb as ww
from windward_nb.core.record import load_record
from windward_widgets import PlayTable, ReplayViewer, family
from windward_widgets.northwind import NorthWindReplay, NorthWindTable
from windward_widgets.plunder import PlunderReplay, PlunderTable
from windward_widgets.tailwinds import TailwindsReplay, TailwindsTable
from windward_widgets.base import PlayTable as ShellTable, ReplayViewer as ShellReplay

DATA = Path(__file__).resolve().parents[1] / "notebooks" / "data"
WINDWARD_TABLE = PlayTable
GAMES = {
    "windward": (WINDWARD_TABLE, ReplayViewer, "greedy-2p.wwr.json"),
    "north-wind": (NorthWindTable, NorthWindReplay, "northwind-greedy-2p.nwr.json"),
    "winds-of-plunder": (PlunderTable, PlunderReplay, "plunder-mixed-3p.wpr.json"),
    "tailwinds": (TailwindsTable, TailwindsReplay, "tailwinds-greedy-2p.twr.json"),
}


def _players(name: str) -> int:
    return 3 if name != "tailwinds" else 2


@pytest.mark.parametrize("name", GAMES)
def test_play_table_opens_each_games_own_table(name):
    cls = GAMES[name][0]
    game = ww.new_game(game=name, players=_players(name), seed=5)
    t = PlayTable(game, bots={1: "greedy"}, bot_pause=0)
    assert type(t) is cls and isinstance(t, ShellTable)
    assert t.game is game                              # the table plays the game it was given
    assert t.board is not None and t.coach.text
    # the table is live: the person's first legal action is applied through it
    if game.current_player == 0 and not game.is_over:
        before = len(game.record.actions)
        t.act([str(game.legal_actions()[0])])
        assert len(game.record.actions) > before


def test_the_issue_repro_tailwinds_two_players():
    t = PlayTable(ww.new_game(game="tailwinds", players=2))
    assert type(t) is TailwindsTable


@pytest.mark.parametrize("name", GAMES)
def test_play_table_by_the_games_name(name):
    cls = GAMES[name][0]
    t = PlayTable(name, players=_players(name), seed=3, bot_pause=0)
    assert type(t) is cls
    assert t.game.state.fingerprint() == ww.new_game(game=name, players=_players(name), seed=3).state.fingerprint()


def test_the_games_own_names_are_accepted_and_unknown_ones_refused():
    assert type(PlayTable("North Wind", players=2, seed=1, bot_pause=0)) is NorthWindTable
    with pytest.raises(ValueError, match=r"chess"):
        PlayTable("chess")
    with pytest.raises(TypeError, match="game of the wind family"):
        PlayTable(42)


def test_a_sister_table_refuses_windwards_own_option_by_name():
    with pytest.raises(TypeError, match="private_hands is an option of Windward's table only"):
        PlayTable(ww.new_game(game="tailwinds", players=2, seed=1), private_hands=True)


def test_players_must_match_the_game_given():
    with pytest.raises(ValueError, match="players=4 does not match"):
        PlayTable(ww.new_game(game="north-wind", players=3, seed=1), players=4)
    assert type(PlayTable(ww.new_game(game="north-wind", players=3, seed=1), players=3, bot_pause=0)) is NorthWindTable


def test_windwards_table_keeps_its_own_calls():
    t = PlayTable(players=2, seed=9, bot_pause=0)
    assert type(t) is WINDWARD_TABLE and t.game.state.players == 2
    sub = type("MyTable", (WINDWARD_TABLE,), {})     # a subclass is never redirected
    assert type(sub(ww.new_game(players=2, seed=1), bot_pause=0)) is sub


@pytest.mark.parametrize("name", GAMES)
def test_replay_viewer_opens_each_games_own_viewer(name):
    cls, path = GAMES[name][1], DATA / GAMES[name][2]
    record = load_record(path)
    r = ReplayViewer(record)
    assert type(r) is cls and isinstance(r, ShellReplay)
    r.ply.value = 5
    assert "Ply 5" in r.narration.value
    assert r.ply.max == len(record.actions)


def test_replay_viewer_takes_a_cursor_too():
    record = load_record(DATA / GAMES["north-wind"][2])
    assert family.record_game(record.cursor()) == "north-wind"
    with pytest.raises(TypeError, match="game record"):
        ReplayViewer("not a record")


@pytest.mark.parametrize("name", GAMES)
def test_windward_play_builds_the_same_table(name, tmp_path, monkeypatch):
    """The notebook ``windward play --game X`` writes builds the table PlayTable(game) opens."""
    from windward_nb.commands import play

    args = argparse.Namespace(game=name, players=None, bots=["greedy"], seed=4, app="lab", folder=str(tmp_path),
                              port=None, ip=None, no_browser=True, dry_run=True, json=False)
    plan = play.plan_play(args, cwd=tmp_path)
    code = plan.code.replace("server_writes=not running_under_voila()", "server_writes=False, bot_pause=0")
    monkeypatch.chdir(tmp_path)
    scope: dict = {}
    exec(compile(code.replace("\ntable\n", "\n").rstrip().removesuffix("table"), "<play>", "exec"), scope)
    table = scope["table"]
    bots = {i: b for i, b in enumerate(plan.seats) if b != "human"}
    same = PlayTable(ww.new_game(game=name, players=plan.players, seed=4), bots=bots, bot_pause=0)
    assert type(table) is type(same) is GAMES[name][0]
    assert table.game.state.fingerprint() == same.game.state.fingerprint()   # the same game, the same bot moves
