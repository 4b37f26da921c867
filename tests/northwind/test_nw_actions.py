"""North Wind's action text: every action parses back, junk is refused, hand-built values are normalised."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from windward_nb.core.errors import ActionSyntaxError, IllegalActionError
from windward_nb.northwind import GRAMMAR, NWAction, RULES, new_game

EXAMPLES = ["deal fog-1,wreck", "shuffle olsand olsand,fog-1", "sail north-cape", "cut 3", "look", "keep", "under",
            "reveal", "end voyage", "pass", "buy salt", "buy grain,salt", "sell wine,wine", "swap lumber for wine",
            "buy sail", "buy cannon", "hire cannoneer", "throw fish", "deliver", "salvage", "pay", "fight",
            "event treasure", "event pirate 3", "battle pip,double,blank,blank"]


@pytest.mark.parametrize("text", EXAMPLES)
def test_every_verb_round_trips(text):
    a = NWAction.parse(text)
    assert NWAction.parse(str(a)) == a and str(NWAction.parse(str(a))) == str(a)


def test_every_verb_has_an_example():
    assert {NWAction.parse(t).verb for t in EXAMPLES} == set(GRAMMAR.verbs)


@pytest.mark.parametrize("text", ["", "sail", "sail Atlantis!", "buy", "buy rum", "buy salt,salt,salt", "buy salt salt",
                                  "swap salt wine", "swap salt for rum", "hire cook", "cut x", "cut 1000",
                                  "event pirate 4", "event pirate", "battle pip,skull", "throw", "end", "buy sail now"])
def test_malformed_text_is_a_syntax_error(text):
    with pytest.raises(ActionSyntaxError):
        NWAction.parse(text)


def test_case_and_order_are_normalised():
    assert str(NWAction.parse("BUY Wine,SALT")) == "buy salt,wine"
    assert str(NWAction.parse("Battle BLANK,pip")) == "battle pip,blank"
    assert NWAction("buy", ("wine", "salt")).normalized() == NWAction.parse("buy salt,wine")


junk = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 120) | st.floats(allow_nan=True) | st.text(max_size=8)
    | st.sampled_from(["salt", "olsand", "pip", "lookout", np.int64(2), "for"]),
    lambda inner: st.tuples(inner, inner) | st.lists(inner, max_size=3).map(tuple), max_leaves=6)


@settings(max_examples=300, deadline=None)
@given(verb=st.sampled_from(sorted(GRAMMAR.verbs)) | st.text(max_size=6), arg=junk)
def test_hand_built_actions_are_refused_or_equal_to_their_text(verb, arg):
    a = NWAction(verb, arg)
    try:
        n = a.normalized()
    except IllegalActionError:
        return
    assert n == NWAction.parse(str(a))


@settings(max_examples=150, deadline=None)
@given(verb=st.sampled_from(sorted(GRAMMAR.verbs)), arg=junk, plies=st.integers(0, 40))
def test_any_action_in_any_position_is_applied_or_refused_without_change(verb, arg, plies):
    g = new_game(players=3, seed=plies)
    rng = np.random.default_rng(plies)
    for _ in range(plies):
        if g.is_over:
            break
        legal = g.legal_actions()
        g.apply(legal[int(rng.integers(len(legal)))])
    before = (g.state.fingerprint(), g.ply)
    try:
        g.apply(NWAction(verb, arg))
    except (IllegalActionError, ActionSyntaxError) as exc:
        assert (g.state.fingerprint(), g.ply) == before
        if isinstance(exc, IllegalActionError):
            assert exc.rule and exc.reason
    else:
        assert RULES.invariants(g.state) == []


def test_suggestions_for_typos():
    g = new_game(players=2, seed=1)
    with pytest.raises(ActionSyntaxError) as exc:
        g.apply("sial olsand")
    assert "sail olsand" in exc.value.suggestions
