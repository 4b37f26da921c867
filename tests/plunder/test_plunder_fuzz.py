"""Adversarial input: any text, any hand-built action, any record file; hidden information never shows."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from plunder_helpers import RULES, new_game, play_random

from windward_nb.core import testing
from windward_nb.core.errors import ActionSyntaxError, IllegalActionError, RecordError
from windward_nb.plunder import PlunderAction, Record
from windward_nb.plunder.actions import GRAMMAR, LOCATIONS

WORDS = sorted({*(w for v in GRAMMAR.verbs.values() for w in v.words), *LOCATIONS, "red", "blue", "green",
                "yellow", "black", "vp", "crew", "weapons", "provisions", "mutiny", "misfire", "intrigue", "heave",
                "hire-crew-a", "buy-weapons-h", "N", "e", "south", "0", "1", "2", "5", "9", "26", "27", "-1",
                "1,2", "none", "turn", "boarding", "treasure", "actions", "tiles"})


def positions():
    out = []
    for seed in range(6):
        g = new_game(players=3 + seed % 3, seed=seed)
        play_random(g, seed=seed, limit=15 * seed + 3)
        out.append(g)
    return out


POSITIONS = positions()


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(k=st.integers(0, len(POSITIONS) - 1), words=st.lists(st.sampled_from(WORDS), min_size=0, max_size=5))
def test_any_text_is_applied_legally_or_refused_without_change(k, words):
    g = POSITIONS[k].clone()
    text = " ".join(words)
    before = (g.state.fingerprint(), g.ply)
    legal = {str(a) for a in g.legal_actions()}
    try:
        g.apply(text)
    except IllegalActionError as exc:
        assert exc.rule and exc.reason
        assert (g.state.fingerprint(), g.ply) == before
        return
    except ActionSyntaxError:
        assert (g.state.fingerprint(), g.ply) == before
        return
    assert str(PlunderAction.parse(text)) in legal
    assert not RULES.invariants(g.state)


junk = st.recursive(st.none() | st.booleans() | st.integers(-3, 30) | st.floats(allow_nan=True) | st.text(max_size=8)
                    | st.sampled_from(LOCATIONS + ("red", "mutiny", "intrigue", "heave")),
                    lambda inner: st.lists(inner, max_size=4).map(tuple), max_leaves=6)


@settings(max_examples=400, deadline=None)
@given(verb=st.sampled_from(sorted(GRAMMAR.verbs)) | st.text(max_size=6), arg=junk)
def test_hand_built_actions_are_normalised_or_refused(verb, arg):
    a = PlunderAction(verb, arg)
    try:
        n = a.normalized()
    except IllegalActionError:
        return
    assert n == PlunderAction.parse(str(n))
    g = POSITIONS[2].clone()
    before = g.state.fingerprint()
    try:
        g.apply(a)
    except IllegalActionError:
        assert g.state.fingerprint() == before


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_edit_of_a_record_loads_cleanly_or_fails_with_a_record_error(data):
    g = POSITIONS[4]
    d = json.loads(g.record.to_json())
    where = data.draw(st.sampled_from(["options", "players", "actions", "seed", "comments", "format", "version"]))
    value = data.draw(st.none() | st.integers(-5, 10) | st.text(max_size=12) | st.lists(st.text(max_size=10), max_size=3)
                      | st.dictionaries(st.text(max_size=8), st.integers(0, 9), max_size=3))
    if where == "actions" and isinstance(value, list):
        i = data.draw(st.integers(0, len(d["actions"]) - 1))
        d["actions"][i] = value[0] if value else "end turn"
    else:
        d[where] = value
    try:
        rec = Record.from_dict(d)
        rec.verify()
    except RecordError as exc:
        assert str(exc)


def test_hidden_parts_do_not_show_in_observations_of_real_positions():
    checked = 0
    for g in POSITIONS:
        s = g.state
        for seat in range(s.players):
            other = (seat + 1) % s.players
            t = s.clone()
            if t.hands[other] and t.action_deck:
                t.hands[other][0], t.action_deck[0] = t.action_deck[0], t.hands[other][0]
                t.hands[other].sort()
            elif len(t.action_deck) > 1:
                t.action_deck[0], t.action_deck[1] = t.action_deck[1], t.action_deck[0]
            t.treasure_deck.reverse()
            if t.fingerprint() == s.fingerprint():
                continue
            testing.check_hidden_pair(RULES, s, t, seat)
            checked += 1
    assert checked >= 10


@pytest.mark.slow
def test_a_soak_of_many_random_games_keeps_every_invariant():
    for seed in range(60):
        g = new_game(players=3 + seed % 3, seed=1000 + seed)
        rng = np.random.default_rng(seed)
        while not g.is_over:
            legal = g.legal_actions()
            g.apply(legal[int(rng.integers(len(legal)))])
            assert not RULES.invariants(g.state)
        assert sum(g.returns()) >= 1
