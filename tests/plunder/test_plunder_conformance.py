"""The core conformance harness on Winds of Plunder, 3-5 players; records; bots; data sources."""

from __future__ import annotations

import json

import numpy as np
import pytest
from plunder_helpers import RULES, new_game, play_random

from windward_nb.core import testing
from windward_nb.core.errors import RecordError
from windward_nb.core.record import load_record
from windward_nb.core.simulate import play_game, play_many
from windward_nb.plunder import BOTS, GreedyBot, PlunderState, Record
from windward_nb.plunder.components import DATA


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_playouts_pass_the_core_harness(players):
    report = testing.check_playouts(lambda seed: new_game(players=players, seed=seed), games=3, seed=10 * players,
                                    from_dict=PlunderState.from_dict, hidden=True)
    assert report.finished == 3 and report.refusals > 100 and report.redraws > 0


@pytest.mark.parametrize("players", [3, 5])
def test_greedy_playouts_pass_the_core_harness(players):
    bots = {}

    def choose(game, rng):
        seat = game.current_player
        bot = bots.setdefault(seat, GreedyBot(seat))
        return bot.act(game.state)

    report = testing.check_playouts(lambda seed: new_game(players=players, seed=seed), games=2, seed=3,
                                    from_dict=PlunderState.from_dict, bots=choose)
    assert report.finished == 2


def test_invariants_hold_after_every_action_of_many_random_games():
    def check(game):
        assert not RULES.invariants(game.state)

    for seed in range(12):
        play_random(new_game(players=3 + seed % 3, seed=seed), seed=seed, check=check)


def test_a_record_saves_loads_and_replays_identically(tmp_path):
    r = play_game("winds-of-plunder", players=4, bots=["greedy", "random", "greedy", "random"], seed=5, record=True)
    path = r.record.save(tmp_path / "game.wpr.json")
    again = load_record(path)
    assert isinstance(again, Record) and again.actions == r.record.actions
    assert again.replay().state.fingerprint() == again.verify().fingerprint()
    assert again.replay().scores() == r.scores
    assert "WINDS OF PLUNDER" in again.to_text()


@pytest.mark.parametrize("change,field", [
    (lambda d: d["options"].update(players=6), "options"),
    (lambda d: d["options"].update(blackbeard=4), "options.blackbeard"),
    (lambda d: d["options"].update(end_bonus="picture"), "options"),
    (lambda d: d["options"].update(rules="other"), "options"),
    (lambda d: d["actions"].__setitem__(0, "deal nassau,belize,havana"), "actions[0]"),
    (lambda d: d["actions"].__setitem__(9, "sail the seven seas"), "actions[9]"),
])
def test_a_bad_record_names_what_is_wrong(tmp_path, change, field):
    g = play_random(new_game(players=3, seed=2), seed=1, limit=20)
    d = json.loads(g.record.to_json())
    change(d)
    p = tmp_path / "bad.wpr.json"
    p.write_text(json.dumps(d))
    with pytest.raises(RecordError) as exc:
        load_record(p)
    assert exc.value.field is not None and exc.value.field.startswith(field.split(".")[0])


def test_bots_table_and_the_greedy_bid_rule():
    assert set(BOTS) >= {"random", "greedy"}
    res = play_many(6, players=3, bots=["greedy", "random", "random"], seed=2, game="winds-of-plunder",
                    progress=False)
    assert res.over.all() and (res.winner == 0).mean() >= 0.5
    with pytest.raises(ValueError):
        GreedyBot(0, bid=-1)


def test_every_data_value_names_its_source():
    for name in ("map.json", "tiles.json", "actions.json", "values.json"):
        d = json.loads((DATA / name).read_text())
        text = json.dumps(d)
        assert '"source"' in text
    tiles = json.loads((DATA / "tiles.json").read_text())["tiles"]
    assert len(tiles) == 18 and all(t["source"] in ("rulebook", "public", "assumed") for t in tiles)
    cards = json.loads((DATA / "actions.json").read_text())["cards"]
    assert len(cards) == 40 and all(c["source"] in ("rulebook", "public", "assumed") for c in cards)
    ports = json.loads((DATA / "map.json").read_text())["ports"]
    assert len(ports) == 12 and all(p["source"] in ("rulebook", "public", "assumed") for p in ports)
    values = json.loads((DATA / "values.json").read_text())
    assert all(v["source"] in ("rulebook", "public", "assumed") for k, v in values.items()
               if isinstance(v, dict) and "source" in v)


def test_registered_with_the_family():
    import windward_nb as ww

    g = ww.new_game(game="winds-of-plunder", players=5, seed=1)
    assert g.rules.game == "winds-of-plunder" and g.players == 5
    assert np.isclose(sum(g.returns()), 0)


@pytest.mark.parametrize("name", ["plunder-greedy-4p", "plunder-mixed-3p", "plunder-mixed-5p"])
def test_the_sample_records_load_replay_and_are_what_the_sample_maker_plays(name):
    from pathlib import Path

    from windward_nb.plunder.samples import sample_record

    path = Path(__file__).resolve().parents[2] / "notebooks" / "data" / f"{name}.wpr.json"
    rec = load_record(path)
    fresh = sample_record(name)
    assert rec.actions == fresh.actions and rec.players == fresh.players
    final = rec.replay()
    assert final.is_over and final.scores() == rec.meta["final"]["scores"]


def test_the_search_bot_plays_a_short_game_with_sailing_plans():
    from windward_nb.plunder.search import options

    g = new_game(players=3, seed=4, rounds=2)
    while not g.is_over:
        seat = g.current_player
        legal = g.legal_actions()
        opts = options(g.state, seat)
        assert opts and {o.first(g.state) for o in opts} <= set(legal)
        if g.state.phase == "plunder" and not g.state.sailed:
            assert {o.first(g.state) for o in opts} == {a for a in legal if a.verb in ("sail", "gust")} or \
                not any(a.verb in ("sail", "gust") for a in legal)
        g.apply(legal[len(legal) // 2])
    r = play_game("winds-of-plunder", players=3, bots=["mcts:iterations=6,rollout=greedy,rollout_plies=40",
                                                       "greedy", "random"], seed=4, rounds=2)
    assert r.over and len(r.scores) == 3


def test_greedy_explains_its_compass_bid_and_sailing():
    g = new_game(players=4, seed=24)
    bots = [GreedyBot(i) for i in range(4)]
    texts = []
    while g.state.round == 1 and len(texts) < 12:
        a = bots[g.current_player].act(g.state)
        texts.append(bots[g.current_player].explain(g.state, a))
        g.apply(a)
    assert texts[0].startswith("Red wants the wind N")
    assert any(t.startswith("Red bids 5: its wind N is worth") for t in texts)
    assert any(" sails to " in t and "VP now" in t for t in texts)
