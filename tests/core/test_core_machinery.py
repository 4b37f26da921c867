"""Records, replay, bots, simulation, perft, dice sums and the conformance harness, on the toy game."""

from __future__ import annotations

import itertools
import json
import os
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dicerace as dr
from windward_nb.core import dice, files, testing
from windward_nb.core.bots import RandomBot, make_bot
from windward_nb.core.errors import RecordError
from windward_nb.core.perft import perft
from windward_nb.core.record import load_record
from windward_nb.core.simulate import chunk_plan, play_game, play_many


def finished_game(seed=3, players=2):
    g = dr.new_game(players, seed=seed)
    rng = np.random.default_rng(seed)
    while not g.is_over:
        legal = g.legal_actions()
        g.apply(legal[int(rng.integers(len(legal)))])
    return g


# ------------------------------------------------------------------------------- conformance
def test_the_conformance_harness_passes_on_the_toy_game():
    report = testing.check_playouts(lambda seed: dr.new_game(2 + seed % 2, seed=seed), games=12, seed=1,
                                    clone_every=3, observe_every=2, refuse_every=3, hidden=True)
    assert report.finished == 12 and report.observations > 50 and report.refusals > 100
    assert report.record_round_trips == 12 and report.clones > 20


def test_hidden_pairs_catch_a_determinize_that_peeks(monkeypatch):
    g = dr.new_game(2, seed=8)
    s1 = g.state
    s2 = s1.clone()
    s2.hands[1], s2.deck = sorted(s1.deck[-len(s1.hands[1]):]), s1.deck[:-len(s1.hands[1])] + s1.hands[1]
    assert s1.fingerprint() != s2.fingerprint()
    testing.check_hidden_pair(dr.RULES, s1, s2, seat=0)
    monkeypatch.setattr(dr.RULES, "determinize", lambda s, seat, rng: _shuffled_but_peeks(s, seat, rng))
    with pytest.raises(AssertionError, match="reads hidden"):
        testing.check_hidden_pair(dr.RULES, s1, s2, seat=0)
    monkeypatch.setattr(dr.RULES, "determinize", lambda s, seat, rng: s.clone())
    with pytest.raises(AssertionError, match="copies the true state"):
        testing.check_playouts(lambda seed: dr.new_game(2, seed=seed), games=2, hidden=True)


def _shuffled_but_peeks(s, seat, rng):
    t = dr.RaceRules.determinize(dr.RULES, s, seat, rng)
    other = 1 - seat
    t.hands[other] = list(s.hands[other])  # the true hidden hand leaks through
    rest = sorted(dr.DECK)
    for v in t.discard + t.hands[0] + t.hands[1] + (list(t.bids.choices.values()) if t.bids else []):
        rest.remove(v)
    t.deck = rest
    return t


def test_the_harness_catches_an_invariant_break(monkeypatch):
    monkeypatch.setattr(dr.RULES, "invariants", lambda s: ["boom"] if s.round > 2 else [])
    with pytest.raises(AssertionError, match="boom"):
        testing.check_playouts(lambda seed: dr.new_game(2, seed=seed), games=2)


def test_observation_hides_hands_deck_and_sealed_bids():
    g = dr.new_game(2, seed=8)
    g.apply(g.legal_actions()[0])  # seat 0 bids
    s = g.state
    obs1 = dr.RULES.observation(s, 1)
    assert obs1["hands"][0] == len(s.hands[0]) and obs1["deck"] == len(s.deck)
    assert obs1["bids"] == {"seats": [0, 1], "committed": [0], "own": None}
    assert "choices" not in json.dumps(obs1)


# ------------------------------------------------------------------------------- records
def test_record_round_trip_and_load_dispatch(tmp_path):
    g = finished_game()
    g.record.comment(3, "a note")
    g.record.set_player(1, name="Bea", bot="RandomBot")
    path = g.record.save(tmp_path / "race.drr.json")
    again = load_record(path)
    assert isinstance(again, dr.Record) and again.comments[3] == "a note"
    assert again.replay().state.fingerprint() == g.state.fingerprint()
    assert again.to_dict() == g.record.to_dict()


@pytest.mark.parametrize("change, field", [
    (lambda d: d.update(format="chess-record"), "format"),
    (lambda d: d.update(version=dr.Record.VERSION + 1), "version"),   # newer than this library reads
    (lambda d: d.update(version=0), "version"),
    (lambda d: d.update(version="1"), "version"),
    (lambda d: d.update(extra=1), "extra"),
    (lambda d: d["options"].update(players=9), "options.players"),
    (lambda d: d["players"][0].update(name=""), "players[0].name"),
    (lambda d: d["players"][0].update(name="   "), "players[0].name"),
    (lambda d: d["players"][0].update(name="x" * 201), "players[0].name"),
    (lambda d: d["players"][0].update(kind="bot"), "players[0].bot"),
    (lambda d: d["players"][0].update(bot=""), "players[0].bot"),
    (lambda d: d.update(seed=-1), "seed"),
    (lambda d: d.update(seed=True), "seed"),
    (lambda d: d["actions"].append(""), "actions[13]"),
    (lambda d: d["actions"].append(7), "actions[13]"),
    (lambda d: d.update(comments={"x": "y"}), "comments.x (a key)"),
    (lambda d: d.update(comments={"99": "y"}), "comments"),
    (lambda d: d.update(comments={"1": "y" * 20_001}), "comments.1"),
    (lambda d: d.update(meta={"a": float("nan")}), "meta"),
    (lambda d: d.update(meta=_deep(30)), "meta"),
])
def test_bad_records_are_refused_naming_the_field(change, field):
    d = finished_game().record.to_dict()
    assert len(d["actions"]) == 13
    change(d)
    with pytest.raises(RecordError) as exc:
        dr.Record.from_dict(d)
    assert exc.value.field == field, str(exc.value)


def _deep(n):
    v: dict = {}
    for _ in range(n):
        v = {"a": v}
    return v


def test_an_illegal_recorded_action_names_the_ply():
    d = finished_game().record.to_dict()
    d["actions"][4] = "block"
    rec = dr.Record.from_dict(d)
    with pytest.raises(RecordError) as exc:
        rec.verify()
    assert exc.value.ply == 5 and "ply 5" in str(exc.value)


def test_the_api_refuses_what_loading_would_refuse():
    rec = dr.new_game(2, seed=1).record
    with pytest.raises(RecordError):
        dr.new_game(2, seed=1, names=["", "B"])
    with pytest.raises(RecordError):
        rec.set_player(0, name="x" * 201)
    with pytest.raises(RecordError):
        rec.set_player(0, bot="")
    with pytest.raises(RecordError):
        rec.comment(0, "y" * 20_001)
    rec.meta["bad"] = float("inf")
    with pytest.raises(RecordError) as exc:
        rec.to_json()
    assert exc.value.field == "meta"


names = st.text(min_size=0, max_size=210)


@settings(max_examples=150, deadline=None)
@given(name=names, bot=st.none() | names, comment=st.text(max_size=50),
       meta=st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
                         lambda x: st.lists(x, max_size=3) | st.dictionaries(st.text(max_size=4), x, max_size=3),
                         max_leaves=8))
def test_any_record_the_api_produces_round_trips(tmp_path_factory, name, bot, comment, meta):
    g = dr.new_game(2, seed=2)
    g.apply(g.legal_actions()[0])
    rec = g.record
    try:
        rec.set_player(0, name=name, bot=bot)
    except RecordError:
        pass
    rec.comment(1, comment)
    rec.meta["x"] = meta
    try:
        text = rec.to_json()
    except RecordError as exc:
        assert exc.field == "meta"
        return
    again = dr.Record.from_json(text)
    assert again.to_dict() == rec.to_dict()


def test_loading_is_bounded_and_strict(tmp_path):
    with pytest.raises(RecordError, match="not a regular file"):
        load_record("/dev/zero")
    fifo = tmp_path / "pipe.drr.json"
    os.mkfifo(fifo)
    with pytest.raises(RecordError, match="pipe"):
        load_record(fifo)
    with pytest.raises(RecordError, match="folder"):
        load_record(tmp_path)
    dup = tmp_path / "dup.drr.json"
    dup.write_text('{"format": "dice-race-record", "format": "x"}')
    with pytest.raises(RecordError, match="twice"):
        load_record(dup)
    many = tmp_path / "many.drr.json"
    many.write_text('{"meta": [' + ",".join(["{}"] * 2_100_000) + "]}")
    with pytest.raises(RecordError, match="values"):
        load_record(many)
    nan = tmp_path / "nan.drr.json"
    nan.write_text('{"meta": NaN}')
    with pytest.raises(RecordError, match="JSON"):
        load_record(nan)


def test_saving_keeps_permissions_and_cleans_orphans(tmp_path):
    rec = finished_game().record
    path = tmp_path / "r.drr.json"
    rec.save(path)
    os.chmod(path, 0o600)
    (tmp_path / ".r.drr.json.abc.tmp").write_text("left by a crash")
    rec.save(path)
    assert oct(os.stat(path).st_mode & 0o777) == "0o600"
    assert [p.name for p in tmp_path.iterdir()] == ["r.drr.json"]
    old = os.umask(0o077)
    try:
        rec.save(tmp_path / "new.drr.json")
    finally:
        os.umask(old)
    assert oct(os.stat(tmp_path / "new.drr.json").st_mode & 0o777) == "0o600"
    with pytest.raises(RecordError, match=str(tmp_path / "missing" / "x.drr.json")):
        rec.save(tmp_path / "missing" / "x.drr.json")


def test_schema_is_valid_json_schema_and_agrees_with_our_checker():
    import jsonschema
    schema = dr.Record.schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    good = finished_game().record.to_dict()
    jsonschema.validate(good, schema)
    bad = dict(good, players=[dict(good["players"][0], name=""), good["players"][1]])
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, schema)


# ------------------------------------------------------------------------------- replay
def test_replay_cursor_jumps_and_reads():
    g = finished_game(seed=5)
    r = g.record.cursor(every=4)
    r.seek(10)
    assert r.state.fingerprint() == g.record.replay(upto=10).state.fingerprint()
    r.back(3)
    assert r.ply == 7
    assert r.scores().shape == (len(r) + 1, 2)
    assert r.find("GameOver") == [len(r)]
    assert r.observation(0)["deck"] == len(r.state.deck)
    sheet = g.record.to_text()
    assert "DICE RACE" in sheet and "Final scores" in sheet
    played = r.game()
    assert played.state.fingerprint() == r.state.fingerprint() and played.ply == r.ply


# ------------------------------------------------------------------------------- simulation and bots
def test_play_many_is_the_same_on_any_number_of_workers():
    one = play_many(12, players=3, bots="random", seed=4, game="dice-race", progress=False)
    two = play_many(12, players=3, bots=["random", "high", "random"], seed=4, game="dice-race", progress=False,
                    workers=2)
    again = play_many(12, players=3, bots="random", seed=4, game="dice-race", progress=False, workers=2)
    assert (one.scores == again.scores).all() and (one.winner == again.winner).all()
    assert one.rounds.shape == (12,) and one.rolled.shape == (12, 3)
    assert two.bots == ["RandomBot", "HighBot", "RandomBot"]
    assert len(one) == 12 and not one.failures


def test_a_game_that_fails_is_reported_not_fatal():
    class Broken(RandomBot):
        name = "Broken"

        def choose(self, state, seat, legal):
            if state.round >= 2:
                raise RuntimeError("bot bug")
            return super().choose(state, seat, legal)

    res = play_many(3, players=2, bots=Broken, seed=1, game="dice-race", progress=False)
    assert len(res) == 0 and len(res.failures) == 3 and "bot bug" in res.failures[0][2]


def test_play_game_records_replay():
    r = play_game("dice-race", 2, "high", seed=7, record=True)
    assert r.over and r.record.replay().state.fingerprint()
    assert r.record.meta["generator"]["bots"] == ["HighBot", "HighBot"]


def test_chunk_plan_balances_work():
    assert [list(c) for c in chunk_plan(40, 16)] == [[i] for i in range(40)]
    assert len(list(chunk_plan(640, 16))) == 64
    assert sum(len(c) for c in chunk_plan(101, 3)) == 101


def test_make_bot_names_and_options():
    assert make_bot("RandomBot", 1, dr.BOTS).name == "RandomBot"
    assert make_bot("HIGH", 1, dr.BOTS).name == "HighBot"
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("nobody", 1, dr.BOTS)
    with pytest.raises(ValueError, match="name=value"):
        make_bot("random:fast", 1, dr.BOTS)


# ------------------------------------------------------------------------------- perft and dice
def test_perft_counts_match_a_hand_count():
    g = dr.new_game(2, seed=4)
    s = g.state
    hand0, hand1 = len(set(s.hands[0])), len(set(s.hands[1]))
    assert perft(s, 1) == hand0
    assert perft(s, 2) == sum(len(set(s.hands[1])) for _ in range(hand0)) == hand0 * hand1


def test_perft_counts_an_unlisted_shuffle_as_one_leaf_or_as_asked():
    s = dr.new_game(2, seed=1, auto_chance=False).state  # the deck's shuffle: too many orders to list
    assert dr.RULES.decider(s) == dr.CHANCE and dr.RULES.chance_outcomes(s) is None
    assert [perft(s, d) for d in (1, 3)] == [1, 1]
    assert [perft(s, d, unlisted=0) for d in (1, 3)] == [0, 0]  # Windward's pinned convention


@pytest.mark.parametrize("faces", [(1, 1, 1, 2, 2, 3), (1, 2, 3, 4, 5, 6), (0, 0, 1, 2), (3,)])
@pytest.mark.parametrize("n", [0, 1, 2, 3, 4])
def test_dice_sums_match_brute_force(faces, n):
    brute = Counter(sum(r) for r in itertools.product(faces, repeat=n))
    counts = dice.sum_counts(n, faces)
    assert {k: c for k, c in enumerate(counts) if c} == dict(brute)
    exact = dice.sum_distribution(n, faces, exact=True)
    assert sum(exact) == 1
    assert dice.at_least(n, faces, 2, exact=True) == Fraction(sum(c for k, c in brute.items() if k >= 2), len(faces) ** n)


@pytest.mark.parametrize("bad", [-1, 10**6, 2.0, True, "3"])
def test_dice_refuse_bad_counts(bad):
    with pytest.raises(ValueError, match="n must"):
        dice.sum_counts(bad, (1, 2))


@pytest.mark.parametrize("faces", [(), "123", (1.5,), (-1,), (True,), (10**9,)])
def test_dice_refuse_bad_faces(faces):
    with pytest.raises(ValueError, match="faces"):
        dice.sum_counts(2, faces)
