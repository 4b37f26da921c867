"""The Replay cursor: jumps, steps, events, comments, the notoriety chart, and the sample games."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import numpy as np
import pytest

import windward_nb as ww
from windward_nb.errors import RecordError
from windward_nb.record import GameRecord, load_record
from windward_nb.replay import Replay, annotate
from windward_nb.simulate import play_game

DATA = Path(__file__).resolve().parents[1] / "notebooks" / "data"


@pytest.fixture(scope="module")
def game():
    """A whole 4-player GreedyBot game with, for every ply, its fingerprint, events and notoriety."""
    fps, texts, noto = [], [], []

    def observe(state, action, events):
        fps.append(state.fingerprint())
        texts.append([e.text for e in events])
        noto.append([sh.notoriety for sh in state.ships])

    res = play_game(4, "greedy", 41, record=True, observer=observe)
    start = res.record.start_state()[0]
    return res.record, [start.fingerprint()] + fps, [None] + texts, [[0] * 4] + noto


def test_jumps_land_on_the_right_position(game):
    rec, fps, _, _ = game
    r = Replay(rec, every=16)
    rng = np.random.default_rng(0)
    for k in rng.integers(0, len(rec) + 1, size=40):
        assert r.seek(int(k)).state.fingerprint() == fps[k]
        assert r.ply == k
    assert r.to_end().state.fingerprint() == fps[-1]
    assert r.to_start().state.fingerprint() == fps[0]
    assert r.seek(-1).ply == len(rec)
    for bad in (len(rec) + 1, -len(rec) - 2, 1.5, "3"):
        with pytest.raises(IndexError):
            r.seek(bad)


def test_stepping_forward_and_back(game):
    rec, fps, _, _ = game
    r = rec.cursor(every=10)
    r.seek(100)
    for k in range(99, 40, -1):
        assert r.back().state.fingerprint() == fps[k]
    for k in range(42, 60):
        assert r.forward().state.fingerprint() == fps[k]
    assert r.back(1000).ply == 0 and r.forward(10**6).ply == len(rec)


def test_checkpoints_make_jumps_cheap(game):
    rec, fps, _, _ = game
    every = 32
    r = Replay(rec, every=every).scan()
    assert r.checkpoints == list(range(0, len(rec) + 1, every))
    for target in (len(rec), 5, len(rec) - 1, 200, 0, len(rec)):
        before = r.applied
        r.seek(target)
        assert r.applied - before < every, target  # never replays from the start again
        assert r.state.fingerprint() == fps[target]


def test_events_in_plain_words(game):
    rec, _, texts, _ = game
    r = Replay(rec)
    for k in (1, 2, 17, len(rec) // 2, len(rec)):
        assert r.texts(k) == texts[k]
        assert all(isinstance(t, str) and t for t in r.texts(k))
    assert r.ply == 0  # reading events does not move the cursor
    assert r.events(0) and r.events(0)[0].kind == "TurnStarted"  # the setup's own events
    over = r.find("GameOver")
    assert over == [len(rec)]
    last = r.info(len(rec))
    assert last.action == ww.Action.parse(rec.actions[-1]) and last.actor in range(4)
    assert "wins" in last.texts[-1]


def test_plies_iterate_with_actors(game):
    rec, _, texts, _ = game
    r = Replay(rec)
    plies = list(r.plies())
    assert [p.ply for p in plies] == list(range(1, len(rec) + 1))
    assert all(p.actor == ww.CHANCE for p in plies if p.action.is_chance)
    assert all(p.actor >= 0 for p in plies if not p.action.is_chance)
    assert [list(p.texts) for p in plies] == texts[1:]


def test_notoriety_over_time(game):
    rec, _, _, noto = game
    r = Replay(rec)
    r.seek(30)
    chart = r.notoriety()
    assert r.ply == 30
    assert chart.shape == (len(rec) + 1, 4) and chart.dtype.kind == "i"
    assert chart.tolist() == noto
    assert (np.diff(chart, axis=0) >= 0).all()  # notoriety never goes down
    assert list(chart[-1]) == rec.meta["final"]["scores"]
    rounds = r.rounds()
    assert rounds[0] == 1 and rounds[-1] == rec.meta["final"]["rounds"] and (np.diff(rounds) >= 0).all()


def test_comments_per_ply(game):
    rec, _, _, _ = game
    rec = rec.copy()
    rec.comment(3, "third ply")
    r = Replay(rec)
    assert r.comment(3) == "third ply" and r.comment(4) is None
    assert r.seek(3).comment() == "third ply"
    assert r.info(3).comment == "third ply"


def test_game_from_a_ply_plays_on(game):
    rec, fps, _, _ = game
    r = Replay(rec).seek(77)
    g = r.game()
    assert g.state.fingerprint() == fps[77] and len(g.record) == 77
    a = g.legal_actions()[0]
    g.apply(a)
    assert r.state.fingerprint() == fps[77]  # the replay's own position is untouched
    assert g.record.actions[-1] == str(a)
    GameRecord.from_json(g.record.to_json()).verify()


def test_illegal_ply_is_reported_when_reached(game):
    rec, _, _, _ = game
    d = copy.deepcopy(rec.to_dict())
    d["actions"][60] = "buy notoriety"
    r = Replay(GameRecord.from_dict(d))
    r.seek(59)
    with pytest.raises(RecordError, match=r"actions\[60\] \(ply 61\) 'buy notoriety' is illegal"):
        r.seek(70)


def test_annotate_marks_key_moments(game):
    rec, _, _, _ = game
    rec = rec.copy()
    added = annotate(rec)
    assert added and len(added) <= 12
    assert rec.comments[len(rec)].endswith("notoriety.")  # the result
    assert any("triggered" in c for c in rec.comments.values())
    text = rec.to_text()
    for c in added.values():
        assert c.split()[0] in text


# ------------------------------------------------------------------------------ sample games
SAMPLES = sorted(DATA.glob("*.wwr.json"))


def test_sample_games_are_shipped():
    names = {p.name for p in SAMPLES}
    assert {"greedy-2p.wwr.json", "greedy-4p.wwr.json", "greedy-5p.wwr.json"} <= names


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_sample_game_replays_to_its_recorded_scores(path):
    rec = load_record(path)
    final = rec.meta["final"]
    game = rec.replay()
    assert game.is_over and final["over"]
    assert game.scores() == final["scores"]
    assert game.state.round == final["rounds"] and len(rec) == final["plies"]
    assert all(p["kind"] == "bot" and p["bot"] == "GreedyBot" for p in rec.players)
    assert len(rec.comments) >= 3
    assert Replay(rec).notoriety()[-1].tolist() == final["scores"]
    assert json.loads(path.read_text())["version"] == 1


@pytest.mark.parametrize("options", [{"players": 3, "variants": ["naturalist"]},
                                     {"players": 3, "variants": ["white", "achievements"]},
                                     {"players": 3, "mode": "cooperative"}, {"players": 1},
                                     {"players": 2, "planet": "small", "edition": "b"}],
                         ids=lambda o: "-".join(f"{k}{v}" for k, v in o.items()))
def test_checkpoints_are_independent_of_the_live_position(options):
    """Every mode and variant: positions reached by jumping equal those of the original game."""
    options = dict(options)
    players = options.pop("players")
    for seed in range(3):
        fps = []
        res = play_game(players, "random", seed, max_actions=1500, record=True,
                        observer=lambda s, a, e: fps.append(s.fingerprint()), **options)
        r = Replay(res.record, every=8).scan()
        for k in range(len(fps), 0, -11):
            assert r.seek(k).state.fingerprint() == fps[k - 1], (seed, k)
