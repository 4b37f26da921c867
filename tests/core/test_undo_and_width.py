"""Undo gives back the record as it was (comments too), and a score sheet refuses a width it cannot
wrap at (issue 25: ``record.to_text(width=float("nan"))`` never returned; comment the last ply,
undo, play another move, and the save wrote the old comment onto the new move)."""

from __future__ import annotations

import signal
from contextlib import contextmanager
from pathlib import Path

import pytest

import windward_nb as ww
from windward_nb.core.record import GameRecord, load_record

REPO = Path(__file__).resolve().parents[2]

GAMES = [("windward", 2), ("north-wind", 2), ("winds-of-plunder", 3), ("tailwinds", 2)]
SAMPLES = ["greedy-2p.wwr.json", "northwind-greedy-2p.nwr.json", "plunder-mixed-3p.wpr.json",
           "tailwinds-greedy-2p.twr.json"]


@contextmanager
def within(seconds: int):
    """Fail (instead of hanging) if the block takes longer than ``seconds``."""
    def stop(*_):
        raise TimeoutError(f"took more than {seconds} s")
    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


@pytest.mark.parametrize("game, players", GAMES)
def test_undo_takes_back_the_comment_of_the_ply_it_takes_back(game, players):
    g = ww.new_game(game=game, players=players, seed=8)
    g.apply(g.legal_actions()[0])
    g.record.comment(0, "the start")
    g.record.comment(len(g.record), "on the first move")
    g.apply(g.legal_actions()[0])
    last = len(g.record)
    g.record.comment(last, "soon undone")
    before = g.record.to_dict()
    g.undo()
    g.apply(g.legal_actions()[-1])  # another move in its place
    d = g.record.to_dict()
    assert "soon undone" not in d["comments"].values()
    assert {k: v for k, v in d["comments"].items() if int(k) < last} == \
           {k: v for k, v in before["comments"].items() if int(k) < last}  # earlier notes are kept
    again = type(g.record).from_json(g.record.to_json())
    again.verify()
    assert again.comments == g.record.comments


@pytest.mark.parametrize("game, players", GAMES)
def test_undo_gives_back_the_record_as_it_was(game, players):
    g = ww.new_game(game=game, players=players, seed=3)
    for _ in range(4):
        g.apply(g.legal_actions()[0])
    g.record.comment(len(g.record), "here")
    before = g.record.to_dict()
    g.apply(g.legal_actions()[0])
    g.record.comment(len(g.record), "after")
    g.undo()
    assert g.record.to_dict() == before


@pytest.mark.parametrize("name", SAMPLES)
@pytest.mark.parametrize("width", [float("nan"), float("inf"), -5, 0, 19, 10**9, 2.5, "80", True, None])
def test_a_score_sheet_refuses_a_width_it_cannot_wrap_at(name, width):
    record = load_record(REPO / "notebooks" / "data" / name)
    with within(20), pytest.raises(ValueError, match="width must be a whole number of columns"):
        record.to_text(width=width)


def test_a_score_sheet_wraps_at_any_width_it_accepts():
    record = load_record(REPO / "notebooks" / "data" / "tailwinds-greedy-2p.twr.json")
    for width in (20, 33, 100):
        lines = record.to_text(width=width).splitlines()
        assert max(len(line) for line in lines if line.startswith("    ")) <= width
    assert isinstance(record, GameRecord)
