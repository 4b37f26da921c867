"""The shared conformance playouts, records that replay identically, and fuzzing of every input."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from windward_nb.core.errors import ActionSyntaxError, IllegalActionError, RecordError
from windward_nb.core.record import load_record
from windward_nb.core.simulate import play_game, play_many
from windward_nb.core.testing import check_playouts
from windward_nb.tailwinds import BOTS, GRAMMAR, RULES, Record, TailwindsAction, TailwindsState, new_game


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("track", ["standard", "advanced"])
def test_random_playouts_conform(players, track):
    report = check_playouts(lambda seed: new_game(players=players, seed=seed, track=track), games=2,
                            seed=10 * players, from_dict=TailwindsState.from_dict, hidden=True)
    assert report.finished == 2 and report.observations and report.record_round_trips == 2


@pytest.mark.parametrize("options", [{"wind": "half"}, {"wind": "off", "last_place": "space"},
                                     {"card_end": "any", "track": "SASASA"}])
def test_playouts_conform_under_every_option(options):
    check_playouts(lambda seed: new_game(players=3, seed=seed, **options), games=1, seed=5,
                   from_dict=TailwindsState.from_dict, hidden=True)


def test_greedy_playouts_conform_and_reach_the_finish_line():
    bots = {}

    def greedy(game, rng):
        seat = game.current_player
        bots.setdefault(seat, BOTS["greedy"](seat))
        return bots[seat].act(game.state)

    report = check_playouts(lambda seed: new_game(players=3, seed=seed), games=2, seed=3, bots=greedy,
                            from_dict=TailwindsState.from_dict, check_all_legal=False, clone_every=80)
    assert report.finished == 2


def test_bots_are_seeded_and_a_game_between_them_replays_from_its_record(tmp_path):
    a = play_game("tailwinds", players=3, bots=["greedy", "random", "greedy"], seed=9, record=True)
    b = play_game("tailwinds", players=3, bots=["greedy", "random", "greedy"], seed=9, record=True)
    assert a.record.actions == b.record.actions
    path = a.record.save(tmp_path / "race.twr.json")
    again = load_record(path)
    assert type(again) is Record and again.actions == a.record.actions and again.replay().is_over
    assert again.replay().state.fingerprint() == Record.from_json(a.record.to_json()).replay().state.fingerprint()
    sheet = again.to_text()
    assert "Round 1" in sheet and "Final scores" in sheet


def test_play_many_gathers_tailwinds_figures():
    res = play_many(4, players=2, bots="random", seed=1, game="tailwinds", progress=False)
    assert res.rounds.shape == (4,) and res.finish.dtype == bool
    assert res.characters.shape == (4, 2) and (res.winner >= -1).all()


def test_observation_hides_every_sealed_choice_during_a_game():
    g = new_game(players=4, seed=2)
    rng = np.random.default_rng(0)
    checked = 0
    while not g.is_over and checked < 30:
        s = g.state
        if s.choosing is not None and s.choosing.choices:
            for seat in range(4):
                obs = RULES.observation(s, seat)
                assert set(obs["choosing"]) == {"seats", "committed", "own"}
                assert obs["choosing"]["own"] == s.choosing.choices.get(seat)
                checked += 1
        legal = g.legal_actions()
        g.apply(legal[int(rng.integers(len(legal)))])
    assert checked


# ------------------------------------------------------------------------------ fuzzing the inputs
words = st.sampled_from(["move", "fore", "aft", "choose", "play", "for", "points", "take", "swap", "target", "end",
                         "turn", "use", "die", "draw", "1", "3", "0", "7", "-2", "anchor", "cannons", "recover",
                         "lane", "ASK", "copy", "9", "ü", "", "give"])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(words, max_size=5).map(" ".join))
def test_any_text_is_an_action_or_a_syntax_error_and_never_half_applies(text):
    g = new_game(players=3, seed=6)
    g.apply(g.legal_actions()[0])
    before = (g.state.fingerprint(), g.ply)
    legal = set(g.legal_actions())
    try:
        a = TailwindsAction.parse(text)
    except ActionSyntaxError:
        return
    assert TailwindsAction.parse(str(a)) == a
    try:
        g.apply(a)
    except IllegalActionError as exc:
        assert exc.rule and exc.reason
        assert (g.state.fingerprint(), g.ply) == before
    else:
        assert a in legal


junk = st.recursive(st.none() | st.booleans() | st.integers(-5, 40) | st.floats(allow_nan=True)
                    | st.text(max_size=8), lambda inner: st.tuples(inner, inner), max_leaves=4)


@settings(max_examples=300, deadline=None)
@given(verb=st.sampled_from(sorted(GRAMMAR.verbs)) | st.text(max_size=6), arg=junk)
def test_hand_built_actions_are_normalised_or_refused(verb, arg):
    a = TailwindsAction(verb, arg)
    try:
        n = a.normalized()
    except IllegalActionError:
        return
    assert n == TailwindsAction.parse(str(a))


def sample_record():
    return play_game("tailwinds", players=2, bots="random", seed=4, record=True).record.to_dict()


SAMPLE = sample_record()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_damaged_record_is_refused_with_a_record_error_naming_where(data):
    d = json.loads(json.dumps(SAMPLE))
    kind = data.draw(st.sampled_from(["option", "action", "drop", "swap", "players", "field"]))
    if kind == "option":
        key = data.draw(st.sampled_from(["players", "characters", "track", "wind", "card_end", "last_place"]))
        d["options"][key] = data.draw(junk | st.sampled_from(["AAA", "SSSSSSS", 5, ["sailor"], "roll"]))
    elif kind == "action":
        i = data.draw(st.integers(0, len(d["actions"]) - 1))
        d["actions"][i] = data.draw(st.sampled_from(["die 7", "move fore 9", "choose 6", "end turn", "draw anchor",
                                                     "take nothing", "first player 4", "decks crew,crew"]))
    elif kind == "drop":
        i = data.draw(st.integers(0, len(d["actions"]) - 1))
        del d["actions"][i]
    elif kind == "swap":
        i = data.draw(st.integers(0, len(d["actions"]) - 2))
        d["actions"][i], d["actions"][i + 1] = d["actions"][i + 1], d["actions"][i]
    elif kind == "players":
        d["players"] = d["players"][:1]
    else:
        d[data.draw(st.sampled_from(["format", "version", "seed", "extra"]))] = data.draw(junk)
    try:
        rec = Record.from_dict(d)
        rec.verify()
    except RecordError as exc:
        assert str(exc)
    # anything that loads must replay to a legal position
    else:
        assert not RULES.invariants(rec.verify())


# ------------------------------------------------------------------------------ the sample games
DATA = __import__("pathlib").Path(__file__).resolve().parents[2] / "notebooks" / "data"
SAMPLES = sorted(DATA.glob("*.twr.json"))


def test_sample_games_are_shipped():
    assert {p.name for p in SAMPLES} >= {"tailwinds-greedy-2p.twr.json", "tailwinds-greedy-3p.twr.json",
                                         "tailwinds-greedy-4p-advanced.twr.json"}


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_sample_game_replays_to_its_recorded_result(path):
    rec = load_record(path)
    final = rec.meta["final"]
    game = rec.replay()
    assert game.is_over and final["over"] and game.winners() == final["winners"]
    assert game.scores() == final["scores"] and len(rec) == final["plies"]
    assert all(p["kind"] == "bot" and p["bot"] == "GreedyBot" for p in rec.players)
    assert 0 in rec.comments and len(rec.comments) >= 3
    cursor = rec.cursor()
    cursor.seek(len(rec) // 2)
    sealed = [cursor.observation(s)["choosing"] for s in range(rec.options["players"])]
    assert all(c is None or set(c) == {"seats", "committed", "own"} for c in sealed)


def test_the_search_bot_plays_tailwinds_legally():
    r = play_game("tailwinds", players=2, bots=["mcts:iterations=8,rollout_plies=30", "random"], seed=3)
    assert r.over and r.bots[0] == "MCTSBot"
    s = new_game(players=3, seed=2).state
    v = RULES.value(s)
    assert len(v) == 3 and all(0 <= x <= 1 for x in v)


def candidate_actions(s):
    """Well-formed actions of every verb, legal or not, for the position ``s``."""
    keys = sorted({k for c in s.comp.characters.values() for k in c.keys} | set(s.comp.rainbow))
    out = []
    for n in range(1, 13):
        out += [TailwindsAction("fore", n), TailwindsAction("aft", n), TailwindsAction("place", n)]
    for k in keys:
        out += [TailwindsAction(v, k) for v in ("choose", "use", "take", "reclaim", "draw")]
        out += [TailwindsAction("play", (k, False)), TailwindsAction("play", (k, True))]
    for p in range(1, 5):
        out += [TailwindsAction("copy", p), TailwindsAction("ask", p), TailwindsAction("first", p),
                TailwindsAction("target", (p, "fore")), TailwindsAction("target", (p, "aft"))]
    for lane in (1, 2, 3):
        out += [TailwindsAction("swap", ("fore", lane)), TailwindsAction("swap", ("aft", lane))]
    out += [TailwindsAction(v) for v in ("end", "give", "refuse", "roll", "noroll", "leave")]
    out += [TailwindsAction("die", d) for d in range(1, 7)]
    return out


@pytest.mark.parametrize("seed", range(4))
def test_why_illegal_agrees_with_the_legal_list_for_every_verb(seed):
    """Checking one action (the fast paths included) gives exactly the legal list, and every
    refusal names a rule, in positions met along a random game."""
    rng = np.random.default_rng(seed)
    g = new_game(players=2 + seed % 3, seed=seed, auto_chance=False)
    steps = 0
    while not g.is_over and steps < 400:
        s = g.state
        who = RULES.decider(s)
        if who == -1:
            outs = RULES.chance_outcomes(s)
            legal = {a for a, _ in outs}
        else:
            legal = set(RULES.legal_actions(s))
        if steps % 3 == 0:
            for a in candidate_actions(s):
                r = RULES.why_illegal(s, a)
                assert (r is None) == (a in legal), (str(a), r, s.phase)
                assert r is None or (r[0] and r[1])
        if who == -1:
            a = RULES.sample_chance(s, rng)
        else:
            ordered = RULES.legal_actions(s)
            a = ordered[int(rng.integers(len(ordered)))]
        g.apply(a)
        steps += 1
