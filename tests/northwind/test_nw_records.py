"""North Wind records: saving, loading, replaying, and refusing bad files."""

from __future__ import annotations

import json

import pytest

import windward_nb as ww
from windward_nb.core.errors import RecordError
from windward_nb.core.record import load_record
from windward_nb.core.simulate import play_game
from windward_nb.northwind import Record, new_game


def finished_record(players=2, seed=3):
    return play_game("north-wind", players, "greedy", seed, record=True).record


def test_a_finished_game_saves_loads_and_replays_identically(tmp_path):
    rec = finished_record()
    path = rec.save(tmp_path / "game.nwr.json")
    again = load_record(path)
    assert isinstance(again, Record) and again.actions == rec.actions
    final = again.replay()
    assert final.is_over and final.state.fingerprint() == rec.replay().state.fingerprint()
    assert again.meta["final"]["over"] is True
    assert again.replay(upto=10).ply == 10


def test_ww_load_record_dispatches_on_the_format(tmp_path):
    g = ww.new_game(game="north-wind", players=3, seed=2)
    g.apply(g.legal_actions()[0])
    path = g.record.save(tmp_path / "start.nwr.json")
    rec = load_record(path)  # the core reader dispatches on the format (ww.load_record is still Windward's)
    assert rec.FORMAT == "north-wind-record" and rec.options["players"] == 3
    assert rec.options["stop_early"] is False and "data" not in rec.options


def test_the_score_sheet_reads_turn_by_turn():
    text = finished_record().to_text()
    assert text.startswith("NORTH WIND - 2 players")
    assert "sail " in text and "Turn 1" in text


def test_the_replay_does_not_need_the_seed():
    rec = finished_record()
    d = rec.to_dict()
    d["seed"] = None
    again = Record.from_dict(d).replay()
    assert again.state.fingerprint() == rec.replay().state.fingerprint()


@pytest.mark.parametrize("change,field", [
    (lambda d: d.update(format="windward-record"), "format"),
    (lambda d: d["options"].update(players=5), "options.players"),
    (lambda d: d["options"].update(stop_early="yes"), "options.stop_early"),
    (lambda d: d["options"].update(tides=True), "options"),
    (lambda d: d["options"].update(data={"tiles": {"tiles": []}}), "options.data"),
    (lambda d: d["players"].pop(), "players"),
    (lambda d: d["actions"].insert(4, "sail atlantis"), "actions[4]"),
    (lambda d: d["actions"].__setitem__(0, "deal fog-1"), "actions[0]"),
    (lambda d: d["actions"].insert(5, "buy wine,wine,wine"), "actions[5]"),
])
def test_bad_records_are_refused_naming_the_field(change, field):
    d = json.loads(finished_record().to_json())
    change(d)
    with pytest.raises(RecordError) as exc:
        Record.from_dict(d).verify()
    assert (exc.value.field or "").startswith(field), (exc.value.field, str(exc.value))


def test_new_game_names_the_seats():
    g = new_game(players=2, seed=1, names=["Ada", "Grace"])
    assert g.record.names() == ["Ada", "Grace"]


def test_a_scenario_game_records_its_start_and_replays():
    from windward_nb.northwind.scenario import scenario

    g = scenario(players=3, stacks={"olsand": ["wreck"]}, gold=[0, 9, 2], auto_chance=True, seed=3, stop_early=True)
    for a in ("sail olsand", "reveal", "salvage", "end voyage"):
        g.apply(a)
    again = Record.from_json(g.record.to_json()).replay()
    assert again.state.fingerprint() == g.state.fingerprint() and again.state.gold[0] == 3


@pytest.mark.parametrize("change", [
    lambda st: st.update(gold=[-5, 0]),
    lambda st: st.update(players=3),
    lambda st: st.update(stacks="nope"),
    lambda st: st.pop("hold"),
    lambda st: st.update(data="0000"),
])
def test_a_record_with_a_broken_start_is_refused(change):
    from windward_nb.northwind.scenario import scenario

    d = json.loads(scenario(players=2).record.to_json())
    change(d["options"]["start"])
    with pytest.raises(RecordError) as exc:
        Record.from_dict(d).verify()
    assert (exc.value.field or "").startswith("options")
