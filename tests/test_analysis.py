"""The analysis board's engine (windward_nb.core.analysis): estimates, classes, depths, seeds,
the DataFrame and the record's analysis block (format version 2)."""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path

import numpy as np
import pytest

import windward_nb as ww
from windward_nb.core import analysis as an
from windward_nb.core.errors import RecordError
from windward_nb.core.record import load_record
from windward_nb.core.rules import CHANCE
from windward_nb.windward.bots import GreedyBot

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "notebooks" / "data"
sys.path.insert(0, str(ROOT / "tests" / "core"))
import dicerace  # noqa: E402

CHEAP = {"settle": 2, "playouts": 3}


def race_record(seed: int = 3, players: int = 2):
    g = dicerace.new_game(players, seed=seed)
    bots = [dicerace.HighBot(seed + i) for i in range(players)]
    while not g.is_over:
        g.apply(bots[g.current_player].act(g.state))
    return g.record


@pytest.fixture(scope="module")
def race():
    return race_record()


@pytest.fixture(scope="module")
def race_deep(race):
    return an.analyse(race, depth="deep", seed=5, playouts=6, deep_plies=3, deep_playouts=12, deep_iterations=10)


@pytest.fixture(scope="module")
def windward_record():
    return load_record(DATA / "greedy-2p.wwr.json")


@pytest.fixture(scope="module")
def windward_quick(windward_record):
    return an.analyse(windward_record, seed=2, **CHEAP)


# =============================================================================== what every analysis holds
def test_one_row_per_ply_with_every_seat_inside_its_interval(race_deep, race):
    a = race_deep
    assert [p.ply for p in a.plies] == list(range(len(race.actions) + 1))
    assert a.plies[0].klass == "start" and a.plies[0].actor == an.START
    for p in a.plies:
        assert len(p.estimates) == 2
        for e in p.estimates:
            assert 0 <= e.low <= e.win <= e.high <= 1
            assert e.method in ("result", "judge", "playouts")
        assert p.klass in an.CLASSES
        if p.ply:
            assert p.action == race.actions[p.ply - 1]
    final = a.plies[-1].estimates
    assert [e.win for e in final] == race.rules().returns(race.verify())
    assert all(e.method == "result" for e in final)


def test_the_actor_is_who_decided_and_decisions_name_the_coach(race_deep, race):
    cursor = race.cursor()
    for p in race_deep.plies[1:]:
        assert p.actor == cursor.actor(p.ply)
        if p.actor >= 0 and p.klass != "forced":
            assert p.coach is not None and p.gap is not None
            assert p.chosen_win is not None and p.coach_win is not None
            assert abs(p.gap - (p.coach_win - p.chosen_win)) < 1e-9
            assert p.klass == an.classify(p.gap)
        if p.actor == CHANCE:
            assert p.coach is None and p.klass in ("chance", "lucky", "unlucky")


def test_same_seed_same_analysis_other_seed_other_playouts(race):
    a = an.analyse(race, seed=9, playouts=5)
    assert a == an.analyse(race, seed=9, playouts=5)
    assert a.to_dict() == an.analyse(race, seed=9, playouts=5).to_dict()
    assert a.series().tolist() != an.analyse(race, seed=10, playouts=5).series().tolist()


def test_the_record_is_not_changed(race):
    before = race.to_json()
    an.analyse(race, depth="deep", seed=1, playouts=3, deep_plies=2, deep_playouts=4, deep_iterations=5)
    assert race.to_json() == before and race.analysis is None


def test_deep_rows_are_played_out_and_have_a_paired_gap(race_deep):
    deep = [p for p in race_deep.plies if p.depth == "deep"]
    assert deep, "the deep pass looked at no ply"
    assert len(deep) <= 3
    for p in deep:
        assert all(e.method in ("playouts", "result") for e in p.estimates)
        if p.actor >= 0:
            assert p.gap_low is not None and p.gap_low <= p.gap <= p.gap_high
        else:
            assert p.before is not None and len(p.before) == 2


def test_quick_pass_flags_and_deep_pass_takes_the_largest_first():
    rec = race_record(seed=11, players=3)
    quick = an.analyse(rec, seed=4, playouts=4)
    flagged = [p for p in quick.plies if p.klass in an.FLAGGED]
    deep = an.analyse(rec, depth="deep", seed=4, playouts=4, deep_plies=2, deep_playouts=4, deep_iterations=4)
    looked = [p.ply for p in deep.plies if p.depth == "deep"]
    assert len(looked) == min(2, len(flagged))
    weights = sorted((an._weight(p) for p in flagged), reverse=True)
    assert sorted((an._weight(quick.plies[k]) for k in looked), reverse=True) == weights[:len(looked)]


# =============================================================================== classes
@pytest.mark.parametrize("gap, klass", [(0.0, "good"), (0.049, "good"), (0.05, "inaccuracy"), (0.099, "inaccuracy"),
                                        (0.10, "mistake"), (0.199, "mistake"), (0.20, "blunder"), (0.9, "blunder"),
                                        (-0.3, "good"), (None, "good")])
def test_thresholds(gap, klass):
    assert an.classify(gap) == klass


def test_luck_follows_the_roller_then_the_largest_move():
    assert an.luck([0.5, 0.3, 0.2], [0.35, 0.45, 0.2], roller=0) == ("unlucky", 0)
    assert an.luck([0.5, 0.3, 0.2], [0.55, 0.15, 0.3], roller=0) == ("unlucky", 1)
    assert an.luck([0.5, 0.5], [0.45, 0.55], roller=1) == ("chance", None)
    assert an.luck([0.2, 0.8], [0.9, 0.15], roller=None) == ("lucky", 0)


# =============================================================================== the quick pass's two ways
def test_a_calibrated_judge_is_used_with_its_equivalent_games(windward_quick, windward_record):
    cal = an.calibration("windward", windward_record.options["mode"])
    if cal is None:
        pytest.skip("no calibration of Windward's judge yet")  # pragma: no cover
    mid = windward_quick.plies[len(windward_quick.plies) // 2]
    assert {e.method for e in mid.estimates} == {"judge"}
    assert all(e.n == cal["games"] for e in mid.estimates)
    assert abs(sum(mid.wins) - 1) < 1e-6  # Windward's judge gives a chance to each captain


def test_a_game_without_calibration_is_played_out(race):
    a = an.analyse(race, seed=1, playouts=7)
    mid = a.plies[2]
    assert {e.method for e in mid.estimates} == {"playouts"} and {e.n for e in mid.estimates} == {7}
    for e in mid.estimates:
        k = round(e.win * 7)
        assert (e.low, e.high) == pytest.approx(an.wilson(k, 7))


def test_the_estimate_is_the_win_share_of_the_playouts(race):
    start, _ = race._start()
    est = an.Estimator(type(start).rules, start, seed=3, playouts=40)
    runs = est.outcomes(start, 40, [1])
    assert runs.shape == (40, 2) and set(np.unique(runs)) <= {0.0, 1.0}
    assert [e.win for e in est.quick(start)] == list(runs.mean(axis=0))


def test_what_the_decider_cannot_see_is_dealt_again():
    g = ww.new_game(players=3, seed=4)
    est = an.Estimator(g.rules, g.state, seed=1)
    assert est.hidden and est.view(g.state) == g.current_player
    seat = g.current_player
    deals = {tuple(tuple(sorted(s.hand)) for s in est._play(g.state, [0, j], until_settled=True).ships)
             for j in range(6)}
    # nothing is played before the first settled position here: only the hands differ
    assert len(deals) > 1
    assert {d[seat] for d in deals} == {tuple(sorted(g.state.ships[seat].hand))}
    assert est.view(g.state, last=2) == seat


# =============================================================================== the DataFrame
def test_to_pandas_one_row_per_ply_and_seat(race_deep, race):
    df = race_deep.to_pandas()
    assert len(df) == (len(race.actions) + 1) * 2
    assert {"ply", "seat", "player", "win", "low", "high", "n", "method", "class", "coach", "gap", "luck",
            "change", "depth", "decider"} <= set(df.columns)
    assert df.groupby("ply").size().eq(2).all()
    assert np.allclose(df.pivot(index="ply", columns="seat", values="win").to_numpy(), race_deep.series())
    marked = df[df["luck"] != ""]
    assert (marked["actor"] == CHANCE).all() and (marked["change"].abs() >= an.LUCK).all()


# =============================================================================== the record's analysis block
def test_saved_inside_the_record_as_version_2_and_loaded_back(race_deep, race, tmp_path):
    rec = race.copy()
    race_deep.annotate(rec)
    d = json.loads(rec.to_json())
    assert d["version"] == 2 and d["analysis"]["plies"] == len(rec.actions)
    again = type(rec).from_json(rec.to_json())
    assert an.from_record(again) == race_deep
    assert an.from_record(race) is None
    plain = json.loads(race.to_json())
    assert plain["version"] == 1 and "analysis" not in plain  # without an analysis: still version 1


def test_windward_record_round_trip_through_a_file(windward_quick, windward_record, tmp_path):
    rec = windward_record.copy()
    windward_quick.annotate(rec)
    path = rec.save(tmp_path / "game.wwr.json")
    loaded = ww.load_record(path)
    assert json.loads(path.read_text())["version"] == 2
    assert an.from_record(loaded) == windward_quick
    again = tmp_path / "again.wwr.json"
    loaded.save(again)
    assert again.read_text() == path.read_text()


def test_old_version_1_records_still_load(windward_record):
    d = json.loads((DATA / "greedy-2p.wwr.json").read_text())
    assert d["version"] == 1
    assert type(windward_record).from_dict(d).to_json() == (DATA / "greedy-2p.wwr.json").read_text()


def _bad(rec, change, *words):
    d = json.loads(rec.to_json())
    change(d)
    with pytest.raises(RecordError) as exc:
        type(rec).from_json(json.dumps(d))
    for w in words:
        assert w in str(exc.value), str(exc.value)


def test_a_broken_analysis_block_is_refused_by_name(race_deep, race):
    rec = race_deep.annotate(race.copy())
    _bad(rec, lambda d: d.update(version=1), "version 2")
    _bad(rec, lambda d: d["actions"].pop(), "other actions")
    _bad(rec, lambda d: d["analysis"].update(actions="0" * 16), "other actions")
    _bad(rec, lambda d: d["analysis"]["rows"].pop(), "one row per ply")
    _bad(rec, lambda d: d["analysis"]["rows"][1]["win"].append(0.5), "2 players")
    _bad(rec, lambda d: d["analysis"]["rows"][1].update(win=[1.5, 0.0]), "win")
    _bad(rec, lambda d: d["analysis"]["rows"][1].update(win=[0.0, 0.0], low=[0.1, 0.0]), "outside its interval")
    _bad(rec, lambda d: d["analysis"]["rows"][1].update(klass="brilliant"), "klass")
    _bad(rec, lambda d: d["analysis"]["rows"][1].update({"class": "brilliant"}), "class")
    _bad(rec, lambda d: d["analysis"].pop("rows"), "rows is missing")


def test_an_analysis_for_other_actions_is_refused_and_a_stale_one_not_written(race_deep, race):
    other = race_record(seed=4)
    with pytest.raises(RecordError, match="other actions"):
        race_deep.annotate(other)
    rec = race_deep.annotate(race.copy())
    rec.actions = rec.actions[:-1]  # as undo leaves it
    d = json.loads(rec.to_json())
    assert "analysis" not in d and d["version"] == 1


def test_replaying_to_a_ply_does_not_carry_the_analysis(race_deep, race):
    rec = race_deep.annotate(race.copy())
    cursor = rec.cursor().seek(3)
    g = cursor.game()
    assert "analysis" not in json.loads(g.record.to_json())


# =============================================================================== inputs
@pytest.mark.parametrize("kwargs, words", [({"depth": "slow"}, "quick"), ({"seed": -1}, "seed"),
                                           ({"seed": 1.5}, "seed"), ({"seed": True}, "seed"),
                                           ({"playouts": 0}, "playouts"), ({"settle": "8"}, "settle"),
                                           ({"deep_playouts": 1}, "deep_playouts"),
                                           ({"deep_plies": -1}, "deep_plies")])
def test_bad_options_are_refused_by_name(race, kwargs, words):
    with pytest.raises(ValueError, match=words):
        an.analyse(race, **kwargs)


def test_a_record_from_a_table_in_progress(tmp_path):
    g = ww.new_game(players=3, seed=8)
    bot = GreedyBot(1)
    for _ in range(25):
        if g.is_over:
            break
        g.apply(bot.act(g.state))
    a = an.analyse(g.record, seed=0, **CHEAP)
    assert len(a.plies) == len(g.record.actions) + 1
    a.annotate(g.record)
    path = g.record.save(tmp_path / "t.wwr.json")
    assert an.from_record(ww.load_record(path)) == a


def test_progress_is_reported(race):
    seen = []

    class Bar:
        def update(self, k):
            seen.append(k)

    calls = []
    an.analyse(race, seed=1, playouts=2, progress=Bar(), on_ply=lambda d, t: calls.append((d, t)))
    assert sum(seen) == len(race.actions) + 1
    assert calls[-1] == (len(race.actions) + 1, len(race.actions) + 1)


def test_summary_and_lines_speak_of_the_flagged_plies(race_deep):
    text = race_deep.summary()
    assert text.startswith("deep analysis of")
    for p in race_deep.flagged():
        assert race_deep.line(p) in text
    assert copy.copy(race_deep) == race_deep


# =============================================================================== every game
SAMPLES = sorted(p for p in DATA.glob("*r.json"))


@pytest.mark.parametrize("name", ["greedy-4p.wwr.json", "northwind-greedy-2p.nwr.json", "plunder-mixed-3p.wpr.json",
                                  "tailwinds-greedy-2p.twr.json"])
def test_every_game_cheaply(name):
    rec = load_record(DATA / name)
    a = an.analyse(rec, seed=0, settle=1, playouts=1)
    assert len(a.plies) == len(rec.actions) + 1 and a.game == rec.GAME
    assert an.Analysis.from_dict(a.to_dict(), rec) == a


@pytest.mark.slow
@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_every_sample_record_quick_and_its_block_loads(path, tmp_path):
    rec = load_record(path)
    a = an.analyse(rec, seed=0)
    a.annotate(rec)
    out = rec.save(tmp_path / path.name)
    assert an.from_record(load_record(out)) == a


def test_deep_at_names_the_plies_to_look_at(race):
    a = an.analyse(race, depth="deep", seed=2, playouts=3, deep_at=[3, 5], deep_playouts=4, deep_iterations=4)
    looked = [p.ply for p in a.plies if p.depth == "deep"]
    assert set(looked) <= {3, 5} and looked
    for bad in ([0], [len(race.actions) + 1], "3", [True]):
        with pytest.raises(ValueError, match="deep_at"):
            an.analyse(race, depth="deep", deep_at=bad)
    with pytest.raises(ValueError, match="depth"):
        an.analyse(race, deep_at=[3])
