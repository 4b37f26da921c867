"""The core pieces on their own: grammar, normalisation, sealed choices, the Game driver, the registry."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dicerace as dr
from windward_nb.core import registry
from windward_nb.core.actions import Action, Arg, Grammar
from windward_nb.core.errors import ActionSyntaxError, IllegalActionError, OptionError, RecordError
from windward_nb.core.sealed import Sealed


def play_random(game, rng, limit=500):
    n = 0
    while not game.is_over and n < limit:
        legal = game.legal_actions()
        game.apply(legal[int(rng.integers(len(legal)))])
        n += 1
    return n


# ------------------------------------------------------------------------------- grammar
def test_multiword_heads_and_longest_match():
    g = Grammar("t")
    g.verb("pickup", "pick up", arg=Arg.word(["gas", "teeth"]))
    g.verb("pick", "pick", arg=Arg.integer(1, 3))

    class A(Action):
        __slots__ = ()
        grammar = g

    assert A.parse("Pick Up GAS") == A("pickup", "gas")
    assert A.parse("pick 2") == A("pick", 2)
    assert str(A("pickup", "teeth")) == "pick up teeth"
    with pytest.raises(ActionSyntaxError):
        A.parse("pick up fish")
    with pytest.raises(ValueError):
        g.verb("pickup", "again")
    with pytest.raises(ValueError):
        g.verb("other", "pick up")


@pytest.mark.parametrize("text", ["", "   ", "bid", "bid x", "bid 9", "bid 1 2", "block now", "roll", "zzz", "bid -0x1"])
def test_malformed_text_is_refused_with_a_syntax_error(text):
    with pytest.raises(ActionSyntaxError):
        dr.RaceAction.parse(text)


junk = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10) | st.floats(allow_nan=True) | st.text(max_size=6)
    | st.sampled_from([np.int64(2), np.int32(3), np.float64(1.0), np.bool_(True)]),
    lambda inner: st.tuples(inner, inner) | st.lists(inner, max_size=3).map(tuple),
    max_leaves=6)


@settings(max_examples=400, deadline=None)
@given(verb=st.sampled_from(sorted(dr.GRAMMAR.verbs)) | st.text(max_size=8) | st.none() | st.integers(),
       arg=junk)
def test_hand_built_actions_are_refused_or_identical_to_their_parsed_text(verb, arg):
    a = dr.RaceAction(verb, arg)
    try:
        n = a.normalized()
    except IllegalActionError:
        return
    assert n == dr.RaceAction.parse(str(a))
    assert type(n.arg) in (int, type(None), tuple)
    assert str(n) == str(dr.RaceAction.parse(str(n)))


def test_an_action_of_another_game_is_refused():
    g = Grammar("other")
    g.verb("bid", "bid", arg=Arg.integer(1, 4))

    class Other(Action):
        __slots__ = ()
        grammar = g

    with pytest.raises(IllegalActionError):
        dr.RaceAction.parse(Other("bid", 2))


def test_suggestions_name_close_legal_actions():
    game = dr.new_game(2, seed=4)
    with pytest.raises(ActionSyntaxError) as exc:
        game.apply("bdi 2")
    assert "did you mean" in str(exc.value) and "bid 2" in exc.value.suggestions


# ------------------------------------------------------------------------------- sealed
def test_sealed_choices_commit_in_order_and_reveal_together():
    s = Sealed.open([2, 0])
    assert s.waiting == 2
    with pytest.raises(ValueError):
        s.commit(0, "x")
    s.commit(2, "a")
    with pytest.raises(ValueError):
        s.reveal()
    assert s.observed_by(0) == {"seats": [2, 0], "committed": [2], "own": None}
    s.commit(0, "b")
    assert s.reveal() == {2: "a", 0: "b"}
    assert Sealed.from_dict(s.to_dict()) == s
    with pytest.raises(ValueError):
        Sealed.open([1, 1])


# ------------------------------------------------------------------------------- Game
def test_illegal_actions_change_nothing():
    game = dr.new_game(3, seed=1)
    before = game.state.fingerprint(), game.ply
    for bad in ["bid 7", "roll 2", "block", dr.RaceAction("bid", 2.5), dr.RaceAction("bid", None), "shuffle 1,2"]:
        with pytest.raises(ValueError):
            game.apply(bad)
        assert (game.state.fingerprint(), game.ply) == before


def test_undo_restores_every_earlier_position_exactly():
    game = dr.new_game(3, seed=5)
    game.checkpoint_every = 3
    rng = np.random.default_rng(0)
    prints = [(game.state.fingerprint(), game.ply)]
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[int(rng.integers(len(legal)))])
        prints.append((game.state.fingerprint(), game.ply))
    while game.can_undo:
        game.undo()
        prints.pop()
        assert (game.state.fingerprint(), game.ply) == prints[-1]
    with pytest.raises(IllegalActionError):
        game.undo()


def test_undo_then_play_on_reproduces_the_same_chance():
    a = dr.new_game(2, seed=9)
    b = dr.new_game(2, seed=9)
    first = a.legal_actions()[0]
    a.apply(first)
    a.undo()
    a.apply(first)
    b.apply(first)
    assert a.state.fingerprint() == b.state.fingerprint()


def test_clone_has_its_own_undo_history():
    g = dr.new_game(2, seed=3)
    rng = np.random.default_rng(1)
    play_random(g, rng, limit=6)
    expected_after_undo = g.clone()
    expected_after_undo.undo()
    c = g.clone()
    c.undo()
    c.apply(c.legal_actions()[-1])
    g.undo()
    assert g.state.fingerprint() == expected_after_undo.state.fingerprint()
    assert g.ply == expected_after_undo.ply


def test_same_seed_same_game_and_chance_can_be_supplied_by_hand():
    a = dr.new_game(2, seed=11)
    b = dr.new_game(2, seed=11)
    play_random(a, np.random.default_rng(2))
    play_random(b, np.random.default_rng(2))
    assert a.state.fingerprint() == b.state.fingerprint()
    manual = dr.new_game(2, seed=0, auto_chance=False)
    assert manual.current_player == -1 and manual.legal_actions() == []
    manual.apply("shuffle " + ",".join(str(c) for c in dr.DECK))
    assert manual.current_player == 0
    with pytest.raises(OptionError):
        dr.new_game(7)


# ------------------------------------------------------------------------------- registry and errors
def test_registry_is_lenient_about_names_and_strict_about_unknown_games():
    t = registry.GameType("toy-race", "Toy Race", "dicerace", "toy-race-record", ".tyr.json", (2, 3))
    registry.register(t)
    try:
        assert registry.get("Toy_Race") is t
        assert registry.get("toy race").load() is dr
        assert registry.by_suffix("x.TYR.json") is t
        with pytest.raises(OptionError):
            registry.get("chess")
        with pytest.raises(KeyError):
            registry.by_format("nope")
    finally:
        registry.unregister("toy-race")
    with pytest.raises(OptionError):
        registry.get("toy-race")


def test_a_game_registers_its_parts_once_and_everyone_asks_the_registry():
    g = dr.new_game(players=2, seed=1)
    assert registry.part("dice-race", "rules") is dr.RULES and registry.part("Dice Race", "bots") is dr.BOTS
    assert registry.part_of(g, "record") is dr.Record and registry.part_of(g.state, "new_game") is dr.new_game
    assert registry.part_of(dr.RULES, "rules") is dr.RULES and registry.game_of(g.record).name == "dice-race"
    assert registry.part_of(g, "view", None) is None          # dice race registers no view: the shell's defaults
    with pytest.raises(LookupError, match="Dice Race registers no svg"):
        registry.part_of(g, "svg")
    assert registry.part_of(object(), "view", "plain") == "plain" and registry.game_of(object()) is None
    t = registry.GameType("toy-race", "Toy Race", "dicerace", "toy-race-record", ".tyr.json", (2, 3),
                          parts={"rules": ":RULES", "view": "dicerace_view:VIEW", "odds": ".nowhere"})
    registry.register(t)
    try:
        assert t.where("rules") == "dicerace:RULES" and t.where("odds") == "dicerace.nowhere"
        assert registry.part("toy-race", "view").title == "Dice Race" and t.has("view") and not t.has("svg")
        with pytest.raises(ImportError):                       # a part that is not where it says: said loudly
            registry.part("toy-race", "odds")
    finally:
        registry.unregister("toy-race")
    with pytest.raises(ValueError, match="unknown parts \\['colour'\\]"):
        registry.register(registry.GameType("toy", "Toy", "dicerace", "toy-record", ".toy.json", (2, 3),
                                            parts={"colour": ":RULES"}))
    with pytest.raises(OptionError):
        registry.get("toy")


def test_errors_pickle_with_their_details():
    import pickle

    e = pickle.loads(pickle.dumps(IllegalActionError("Rule", "why")))
    assert (e.rule, e.reason) == ("Rule", "why")
    r = pickle.loads(pickle.dumps(RecordError("bad", field="actions[3]", ply=4)))
    assert (r.field, r.ply, str(r)) == ("actions[3]", 4, "bad")
