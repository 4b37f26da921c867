"""No way round a rule: every action, however it was built, is judged, applied and recorded in its
normal form (the action its own text reads back to), or refused with IllegalActionError, and a
refusal changes nothing.

Property tests build arbitrary Action values (real verbs and junk; arguments of many types: numpy
scalars, floats, None, nested tuples, lists, strings with spaces, and legal actions with their
arguments retyped) and arbitrary text, and play them on games caught in many kinds of position.
"""

from __future__ import annotations

import os

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import windward_nb as ww
from windward_nb import engine
from windward_nb.actions import Action, _same
from windward_nb.errors import IllegalActionError

FUZZ_EXAMPLES = int(os.environ.get("WINDWARD_FUZZ_EXAMPLES", "120"))
FUZZ = settings(max_examples=FUZZ_EXAMPLES * 5, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

VERBS = ["move", "enter", "leave", "zephyr", "around", "row", "order", "buy", "play", "pickup", "drop", "end",
         "take", "cannons", "token", "done", "rest", "place_red", "place_white", "plunder", "cash", "release",
         "trade", "wind", "grey", "white", "dice", "shuffle"]
JUNK_VERBS = ["Move", "MOVE", "", " move", "fly", "pick", "battle", "place", 5, None, ("move",)]
WORDS = ["speed", "speed ", " speed", "SPEED", "hire gas worker", "hire Gas Worker", "hire  Gas Worker", "crew Marine",
         "false_flag", "false flag", "harpoon", "red tooth", "grey tooth", "token", "gas", "notoriety", "crester",
         "teeth", "tokens", "longboat", "cannon", "N", "ne", "3", "3,-4", "1,1,2", "x y", "", " ", "None",
         "bait", "aerogenerator", "rum"]

SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 8), st.integers(), st.floats(),
    st.integers(-3, 8).map(np.int64), st.integers(0, 8).map(np.uint8), st.integers(-3, 8).map(np.int32),
    st.floats(-3, 8).map(np.float64), st.booleans().map(np.bool_), st.sampled_from(WORDS), st.text(max_size=12),
)
ARGS = st.recursive(SCALARS, lambda c: st.tuples(c) | st.tuples(c, c) | st.tuples(c, c, c) | st.lists(c, max_size=3)
                    | st.dictionaries(st.text(max_size=3), c, max_size=2), max_leaves=6)


def _pool() -> list[ww.Game]:
    """Games stopped in many kinds of position: each decision frame, chance pending, every mode."""
    out, seen = [], set()
    configs = [dict(players=2), dict(players=4), dict(players=1), dict(players=3, variants=["white", "naturalist"]),
               dict(players=3, mode="cooperative")]
    for k, config in enumerate(configs):
        g = ww.new_game(seed=40 + k, auto_chance=False, **config)
        rng = np.random.default_rng(k)
        for _ in range(700):
            if g.is_over:
                break
            s = g.state
            key = (config["players"], s.frames[-1]["k"] if s.frames else "main", s.ships[s.current].pos == -1)
            if key not in seen:
                seen.add(key)
                out.append(g.clone())
            if engine.decider(s) == engine.CHANCE:
                g.apply(engine.sample_chance(s, rng))
            else:
                acts = g.legal_actions()
                g.apply(acts[int(rng.integers(len(acts)))])
    return out


POOL = _pool()


def retyped(draw, a: Action) -> Action:
    """A legal action with its argument rewritten in another type or spelling."""
    def twist(x):
        choice = draw(st.integers(0, 5))
        if type(x) is int:
            return [np.int64(x), float(x), str(x), x, np.int8(x) if -128 <= x < 128 else x, bool(x)][choice]
        if type(x) is str:
            return [x + " ", x.upper(), x.replace("_", " "), " " + x, x, x.title()][choice]
        if type(x) is tuple:
            parts = tuple(twist(y) for y in x)
            return [parts, list(parts), parts[::-1], parts + (0,), parts[:1], parts][choice]
        return x
    return Action(a.verb, twist(a.arg))


@st.composite
def built_actions(draw) -> Action:
    kind = draw(st.sampled_from(["any", "any", "retyped", "retyped", "junk verb"]))
    if kind == "retyped":
        g = POOL[draw(st.integers(0, len(POOL) - 1))]
        legal = g.legal_actions() or [Action("end")]
        return retyped(draw, draw(st.sampled_from(legal)))
    verb = draw(st.sampled_from(JUNK_VERBS)) if kind == "junk verb" else draw(st.sampled_from(VERBS))
    return Action(verb, draw(ARGS))


def check_refusal_or_normal_form(g: ww.Game, a) -> Action | None:
    """Apply ``a``; it is refused with nothing changed, or applied and recorded in its normal form."""
    fp, plies = g.state.fingerprint(), list(g.record.actions)
    twin = g.clone()
    try:
        normal = Action.normalise(a)
    except IllegalActionError:
        normal = None
    else:  # the normal form is the action its text reads back to, and reads back to itself
        assert _same(Action.parse(str(normal)), normal)
        if isinstance(a, Action):
            assert _same(Action.parse(str(a)), normal)
        else:
            assert _same(Action.normalise(Action.parse(a)), normal)
    why = g.why_illegal(a)  # never raises
    try:
        g.apply(a)
    except IllegalActionError as exc:
        assert why is not None and str(exc) == why
        assert g.state.fingerprint() == fp and g.record.actions == plies, "a refused action changed the game"
        return None
    assert why is None and normal is not None, f"{a!r} was applied although it is not well formed"
    assert g.record.actions[len(plies)] == str(normal)
    # the record says exactly what happened: its text, played from the same position, gets the same one
    twin.apply(g.record.actions[len(plies)])
    assert twin.state.fingerprint() == g.state.fingerprint() and twin.record.actions == g.record.actions
    return normal


def test_the_pool_covers_many_kinds_of_position():
    kinds = {(g.state.frames[-1]["k"] if g.state.frames else "main") for g in POOL}
    assert {"main", "battle", "rest", "wind", "take"} <= kinds and len(POOL) >= 20


@FUZZ
@given(built_actions(), st.integers(0, 10**6))
def test_any_built_action_is_refused_or_applied_in_its_normal_form(a, which):
    g = POOL[which % len(POOL)].clone()
    check_refusal_or_normal_form(g, a)


@FUZZ
@given(built_actions(), st.integers(0, 10**6))
def test_the_engine_itself_normalises_even_unchecked(a, which):
    s = POOL[which % len(POOL)].state.clone()
    fp = s.fingerprint()
    refusal = engine.why_illegal(s, a)  # never raises
    try:
        normal = Action.normalise(a)
    except IllegalActionError as exc:
        assert refusal == (exc.rule, exc.reason)
        with pytest.raises(IllegalActionError):
            engine.apply(s, a, check=False)
        assert s.fingerprint() == fp
        return
    assert refusal == engine.why_illegal(s, normal)


TEXT_WORDS = ["move", "enter", "leave", "port", "zephyr", "around", "row", "order", "hire", "buy", "crew", "play",
              "pick", "up", "drop", "end", "turn", "take", "battle", "cannons", "token", "done", "rest", "morale",
              "discard", "place", "red", "white", "plunder", "tooth", "cash", "teeth", "for", "release", "trade",
              "wind", "grey", "dice", "shuffle", "N", "se", "gas", "fuel", "false", "flag", "bait", "speed", "-",
              "0", "1", "2", "3", "7", "-1", "99", "1,2", "0,-3", "3,-4,5", "1,1,2", ",", "Marine", "Gas", "Worker"]


@FUZZ
@given(st.lists(st.sampled_from(TEXT_WORDS) | st.text(max_size=4), min_size=1, max_size=5), st.integers(0, 10**6))
def test_any_text_is_refused_or_applied_in_its_normal_form(words, which):
    g = POOL[which % len(POOL)].clone()
    check_refusal_or_normal_form(g, " ".join(words))


@FUZZ
@given(st.integers(0, 10**6), st.data())
def test_retyped_legal_actions_apply_exactly_as_their_text(which, data):
    g = POOL[which % len(POOL)].clone()
    legal = g.legal_actions()
    if not legal:
        return
    a = retyped(data.draw, data.draw(st.sampled_from(legal)))
    normal = check_refusal_or_normal_form(g, a)
    if normal is not None:
        assert normal in legal


# ------------------------------------------------------------------------ the issue's examples
def upwind() -> ww.Game:
    return ww.scenario(players=2, wind=1, ships=[{"pos": "0,-3"}, {"pos": "port"}])


@pytest.mark.parametrize("a", [Action("move", -2), Action("move", 4.0), Action("move", "S "), Action("move", np.int64(4)),
                               Action("move", (4,))], ids=repr)
def test_hand_built_moves_cannot_sail_upwind(a):
    g = upwind()
    with pytest.raises(IllegalActionError):
        g.apply("move S")
    with pytest.raises(IllegalActionError):
        g.apply(a)
    assert g.record.actions == []


def test_the_issues_examples():
    g = ww.new_game(players=2, seed=3, auto_chance=False)
    for _ in range(3):
        g.apply(g.legal_actions()[0])
    before = g.state.fingerprint()
    with pytest.raises(IllegalActionError, match="not a well-formed action"):
        g.apply(Action("wind", 1.0))
    with pytest.raises(IllegalActionError, match="not a well-formed action"):
        g.apply(Action("order", None))
    assert g.state.fingerprint() == before
    g.state.fingerprint()
    c = g.clone()
    legal = c.legal_actions()
    if any(a.verb == "wind" for a in legal) or engine.decider(c.state) == engine.CHANCE:
        outcome = next(a for a in legal if a.verb == "wind")
        c.apply(Action("wind", np.int64(outcome.arg)))
        assert c.record.actions[-1] == str(outcome)
        c.state.fingerprint()  # a numpy argument no longer breaks the fingerprint


def test_a_padded_order_is_the_order_itself():
    g = ww.scenario(players=2, wind=3, ships=[{"pos": "0,-3"}, {"pos": "port"}])
    g.apply(Action("order", "speed "))
    h = ww.scenario(players=2, wind=3, ships=[{"pos": "0,-3"}, {"pos": "port"}])
    h.apply("order speed")
    assert g.record.actions == h.record.actions == ["order speed"]
    assert g.state.fingerprint() == h.state.fingerprint()
    assert ww.GameRecord.from_json(g.record.to_json()).replay().state.fingerprint() == g.state.fingerprint()
