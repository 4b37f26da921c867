"""The fast paths agree with the slow, obvious ones, position by position, over random games.

- ``engine.legal_actions`` (prefilters, then each verb's own check) lists exactly what
  ``engine.reference_legal_actions`` (every candidate checked) lists, in the same order;
- every candidate action text of a position is legal by ``why_illegal`` exactly when it is in the
  legal list, and ``Game.apply`` accepts exactly those (refusing the others, the game unchanged);
- ``Game.legal_actions`` (remembered per position) equals the rules' fresh list, and ``undo``
  brings back the exact fingerprint, generator and legal list;
- the route search's moves, made once per kind of space for all planets, are each planet's own;
- ``movement.routes`` (step tables, integer keys, remembered answers) equals a plain Dijkstra over
  (speed, moves) with ties popped by space, dictionaries in the same order; cut off at a speed
  budget, it answers the part of that within the budget, and going on from there, all of it;
  ``movement.Reach`` (searching only until the spaces asked for are known) answers alike;
- ``str(action)`` (remembered texts) equals the grammar's text;
- ``Action.normalise`` knows the engine's own action tables by identity, and only actions that are
  their own normal form;
- event texts written when first read are the texts written at once;
- ``cresters.reaches`` (a search cut off at the crester's speed) answers as ``distances_to`` does.
"""

from __future__ import annotations

import heapq

import numpy as np
import pytest

import windward_nb as ww
from windward_nb.core.errors import IllegalActionError
from windward_nb.windward import engine, movement
from windward_nb.windward.actions import Action
from windward_nb.windward.hexgrid import opposite
from windward_nb.windward.state import PORT

CONFIGS = [
    dict(players=4),
    dict(players=2),
    dict(players=1),
    dict(players=3, mode="cooperative"),
    dict(players=3, variants=("white", "naturalist", "achievements")),
    dict(players=2, planet="small", variants=("naturalist",)),
    dict(players=5, edition="b", variants=("white",)),
]


def random_states(cfg: dict, seed: int, plies: int):
    """The states met in a random game (choices among the legal list, chance from a seeded generator)."""
    s = ww.new_game(seed=seed, **cfg).state
    rng = np.random.default_rng(seed)
    for _ in range(plies):
        if s.over:
            return
        yield s
        if engine.decider(s) == engine.CHANCE:
            a = engine.sample_chance(s, rng)
        else:
            legal = engine.reference_legal_actions(s)
            a = legal[int(rng.integers(len(legal)))]
        engine.apply(s, a, check=False)


@pytest.mark.parametrize("cfg", CONFIGS, ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def test_fast_listing_is_the_reference_listing(cfg):
    seen = seed = 0
    while seen < 400 and seed < 40:  # random captains lose a Solo Adventure quickly: more games then
        for s in random_states(cfg, seed, 700):
            if engine.decider(s) >= 0:
                assert engine.legal_actions(s) == engine.reference_legal_actions(s), (cfg, seed, s.turn_number)
                seen += 1
        seed += 1
    assert seen >= 400


@pytest.mark.parametrize("cfg", CONFIGS[:5], ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def test_checking_one_action_agrees_with_the_list(cfg):
    """Every candidate text, legal or not, is judged alike by why_illegal and by the listing."""
    checked = refused = seed = 0
    while checked < 1500 and seed < 40:
        for s in random_states(cfg, 11 + seed, 500):
            if engine.decider(s) < 0 or s.frames:
                continue
            legal = set(engine.legal_actions(s))
            for a in engine._main_candidates(s) + [Action("move", d) for d in range(1, 7)] + [engine._ENTER]:
                ok = engine.why_illegal(s, str(a)) is None
                assert ok == (a in legal), (str(a), s.turn_number)
                checked += 1
                refused += not ok
        seed += 1
    assert checked >= 1500 and refused > 500


def test_game_apply_accepts_exactly_the_legal_actions_and_undo_restores_everything():
    g = ww.new_game(players=4, seed=5)
    rng = np.random.default_rng(5)
    for _ in range(300):
        if g.is_over:
            break
        legal = g.legal_actions()
        assert legal == engine.reference_legal_actions(g.state)
        assert g.legal_actions() == legal and g.legal_actions() is not g.legal_actions()  # fresh copies
        before, rng_before, ply = g.state.fingerprint(), g.rng.bit_generator.state, g.ply
        # a refused candidate changes nothing
        wrong = [a for a in engine._main_candidates(g.state) if a not in legal] if not g.state.frames else []
        for a in wrong[:3]:
            with pytest.raises(IllegalActionError):
                g.apply(str(a))
            assert g.state.fingerprint() == before and g.ply == ply
        a = legal[int(rng.integers(len(legal)))]
        g.apply(str(a))
        after = g.state.fingerprint()
        g.undo()
        assert g.state.fingerprint() == before and g.rng.bit_generator.state == rng_before and g.ply == ply
        assert g.legal_actions() == legal
        g.apply(a)
        assert g.state.fingerprint() == after


def test_a_position_edited_in_place_is_listed_again_once_forgotten():
    g = ww.scenario(players=1, wind=1, ships=[{"pos": "0,4"}], reds=[])
    assert "move NE" in {str(a) for a in g.legal_actions()}
    g.state.turn.speed = 0
    g.forget_legal_actions()
    legal = {str(a) for a in g.legal_actions()}
    assert "move N" in legal and "move NE" not in legal
    with pytest.raises(IllegalActionError):
        g.apply("move NE")


def test_a_clone_keeps_its_own_legal_list():
    g = ww.new_game(players=3, seed=9)
    legal = g.legal_actions()
    c = g.clone()
    c.apply(legal[-1])
    assert g.legal_actions() == legal == engine.reference_legal_actions(g.state)
    assert c.legal_actions() == engine.reference_legal_actions(c.state)


# ------------------------------------------------------------------------------- routes
def plain_steps(s, h, hold):
    """The ship's moves out of ``h`` as first written."""
    p = s.planet
    if h == PORT:
        return [(t, 1, Action("leave", d)) for d, t in enumerate(p.port_ring, start=1)]
    out = []
    for d in range(1, 7):
        t = p.nbr[h][d - 1]
        if t == 0:
            if not hold:
                out.append((PORT, 1, Action("enter")))
        elif t > 0 and d != opposite(s.wind) and not p.is_drift[t]:
            out.append((t, 0 if d == s.wind else 1, Action("move", d)))
    if p.terrain[h] == "zephyr":
        out.extend((z, 1, Action("zephyr", p.cells[z])) for z in p.zephyrs if z != h)
    if h in p.corner_link:
        out.append((p.corner_link[h], 1, Action("around")))
    return out


def plain_routes(s, seat):
    """The route search as first written: a heap of (speed, moves, space) tuples, moves listed afresh."""
    ship = s.ships[seat]
    blockers = {sh.pos for i, sh in enumerate(s.ships) if i != seat and sh.pos >= 0}
    blockers.update(s.reds)
    if s.white >= 0:
        blockers.add(s.white)

    def steps(h):
        return plain_steps(s, h, ship.hold)

    start = ship.pos
    best = {start: (0, 0)}
    first = {}
    heap = [(0, 0, start)]
    while heap:
        cost, hops, h = heapq.heappop(heap)
        if (cost, hops) > best[h] or (h != start and h in blockers):
            continue
        for t, c, a in steps(h):
            nc = (cost + c, hops + 1)
            if nc < best.get(t, (99, 0)):
                best[t] = nc
                first[t] = a if h == start else first[h]
                heapq.heappush(heap, (nc[0], nc[1], t))
    return {h: c for h, (c, _) in best.items()}, first


@pytest.mark.parametrize("cfg", [CONFIGS[0], CONFIGS[5]], ids=["large", "small"])
def test_routes_agree_with_the_plain_search(cfg):
    n = 0
    for seed in range(2):
        for k, s in enumerate(random_states(cfg, seed, 600)):
            if k % 4:
                continue
            for seat in range(len(s.ships)):
                for _ in range(2):  # the second call is answered from memory
                    costs, first = movement.routes(s, seat)
                    want_costs, want_first = plain_routes(s, seat)
                    assert list(costs.items()) == list(want_costs.items())
                    assert list(first.items()) == list(want_first.items())
                costs[12345] = 0  # the caller's dictionaries are its own
                assert 12345 not in movement.routes(s, seat)[0]
                assert movement.shared_routes(s, seat) == (want_costs, want_first)
                for within in (0, 1, 3):  # a search cut off at a speed budget: the cheap part of the answer
                    movement._PLANET_TABLES.clear()  # worked out afresh, not taken from the full answer
                    near_costs, near_first = movement.shared_routes(s, seat, within=within)
                    keep = [h for h, c in want_costs.items() if c <= within]
                    assert list(near_costs.items()) == [(h, want_costs[h]) for h in keep]
                    assert list(near_first.items()) == [(h, want_first[h]) for h in keep if h in want_first]
                    assert movement.shared_routes(s, seat, within=within) is movement.shared_routes(s, seat, within=within)
                movement._PLANET_TABLES.clear()  # the full answer, going on from the search cut off at 3
                resumed_costs, resumed_first = movement.shared_routes(s, seat)
                assert list(resumed_costs.items()) == list(want_costs.items())
                assert list(resumed_first.items()) == list(want_first.items())
                n += 1
            ship = s.ships[s.current]
            for h in [PORT] + list(range(1, len(s.planet.cells), 5)):
                assert movement.ship_steps(s, h, ship.hold) == plain_steps(s, h, ship.hold)
    assert n > 150


def test_moves_shared_between_planets_are_each_planets_own_moves():
    """The route search's moves out of a space are made once for every space of the same kind on
    any planet (``movement._kinds``): on planets of both sizes in many tile orders, they are the
    plain moves of that planet, in order, for every wind and hold."""
    from windward_nb.windward.planet import Planet

    rng = np.random.default_rng(3)
    for k in range(40):
        p = Planet("large" if k % 2 else "small", tuple(rng.permutation(6).tolist()))
        s = ww.new_game(players=2, seed=k).state
        s.planet = p
        for wind in range(1, 7):
            s.wind = wind
            for hold in (False, True):
                moves = movement._Moves(p, wind, hold)
                for h in [PORT] + list(range(len(p.cells))):
                    want = plain_steps(s, h, "grey" if hold else "")
                    assert moves.steps_of(h) == tuple((t, c * movement._HOPS + 1, a) for t, c, a in want)
                    assert moves.edges[h] == tuple((t, ((c * movement._HOPS + 1) << movement._SHIFT) + t + 1)
                                                   for t, c, _ in want)


@pytest.mark.parametrize("cfg", [CONFIGS[0], CONFIGS[5]], ids=["large", "small"])
def test_reach_asks_only_as_far_as_needed_and_agrees(cfg):
    """``movement.Reach`` (the search run only until the space asked for is known) answers as the
    plain search cut at the budget does, whatever order the spaces are asked in, from a fresh
    search, one begun before, or the full answer remembered."""
    rng = np.random.default_rng(5)
    n = 0
    for seed in range(2):
        for k, s in enumerate(random_states(cfg, seed, 600)):
            if k % 6:
                continue
            for seat in range(len(s.ships)):
                want_costs, want_first = plain_routes(s, seat)
                spaces = [PORT] + list(range(len(s.planet.cells)))
                for within in (0, 1, 2, 4, None):
                    for fresh in ("new", "begun", "full"):
                        movement._PLANET_TABLES.clear()
                        movement._SEARCHES.clear()
                        if fresh == "begun":
                            movement.shared_routes(s, seat, within=int(rng.integers(0, 3)))
                        elif fresh == "full":
                            movement.shared_routes(s, seat)
                        reach = movement.Reach(s, seat, within)
                        for h in rng.permutation(spaces).tolist():
                            c = want_costs.get(h)
                            # a lower bound, before and after the question
                            assert reach.at_least(h) <= (99 if c is None else c)
                            want = c if c is not None and (within is None or c <= within) else None
                            assert reach.cost(h) == want, (fresh, within, h)
                            if want is not None:
                                assert reach.first(h) == want_first.get(h)
                            if within is None:
                                assert reach.at_least(h) == (99 if c is None else c)
                        budget = int(rng.integers(0, 5))  # then the whole part within a budget, in order
                        near_costs, near_first = reach.within(budget)
                        keep = [h for h, c in want_costs.items() if c <= budget]
                        assert list(near_costs.items()) == [(h, want_costs[h]) for h in keep]
                        assert list(near_first.items()) == [(h, want_first[h]) for h in keep if h in want_first]
                    n += 1
    assert n > 100


def test_remembered_texts_are_the_grammar_texts():
    for s in random_states(dict(players=3), 4, 400):
        for a in engine.reference_legal_actions(s):
            assert str(a) == Action.grammar.text(a) and Action.parse(str(a)) == a
    # the same value of other types is not taken for a remembered one
    assert str(Action("wind", 3)) == "wind 3"
    with pytest.raises(TypeError):
        str(Action("wind", True))
    with pytest.raises(ValueError):
        str(Action("move", 9))


def test_bounded_reach_agrees_with_the_distances():
    from windward_nb.windward import cresters

    checked = 0
    for cfg in (CONFIGS[0], CONFIGS[2], CONFIGS[4]):
        for k, s in enumerate(random_states(cfg, 3, 400)):
            if k % 10:
                continue
            movers = list(dict.fromkeys(s.reds + ([s.white] if s.white >= 0 else [])))
            for h in range(1, len(s.planet.cells), 7):
                for mover in movers:
                    for territory in (0, s.planet.territory[h]):
                        dist = cresters.distances_to(s, h, territory, mover).get(mover, 99)
                        for steps in (0, 1, 3, 5):
                            assert cresters.reaches(s, h, territory, mover, steps) == (dist <= steps)
                            checked += 1
    assert checked > 2000


@pytest.mark.parametrize("game, players", [("windward", 4), ("windward", 1), ("north-wind", 3), ("winds-of-plunder", 4),
                                           ("tailwinds", 4)])
def test_listed_actions_are_normal_so_apply_may_take_them_as_they_are(game, players):
    """Game.apply takes an action of its legal list without parsing it: the list holds normal forms."""
    from windward_nb.core.registry import get

    g = get(game).load().new_game(players=players, seed=3)
    rng = np.random.default_rng(3)
    for _ in range(250):
        if g.is_over:
            break
        legal = g.legal_actions()
        for a in legal:
            b = g.rules.parse(a)
            assert b == a and str(b) == str(a) and type(b.arg) is type(a.arg)
            assert g.rules.parse(str(a)) == a
        g.apply(legal[int(rng.integers(len(legal)))])


def test_undo_restores_the_generator_whether_or_not_a_step_drew_chance():
    g = ww.new_game(players=3, seed=21)
    rng = np.random.default_rng(21)
    states = []
    for _ in range(200):
        if g.is_over:
            break
        states.append((g.state.fingerprint(), g.rng.bit_generator.state, g.ply))
        legal = g.legal_actions()
        g.apply(legal[int(rng.integers(len(legal)))])
    drew = sum(1 for _, st, _ in g._history if st is not None)
    assert 0 < drew < len(g._history)  # some steps drew chance, most did not
    while states:
        g.undo()
        assert (g.state.fingerprint(), g.rng.bit_generator.state, g.ply) == states.pop()
    # and the same game is played again from there
    replay = ww.new_game(players=3, seed=21)
    assert replay.state.fingerprint() == g.state.fingerprint() and replay.rng.bit_generator.state == g.rng.bit_generator.state


def test_actions_kept_as_their_own_normal_form_come_back_as_they_are():
    move = engine._MOVES[2]
    assert Action.normalise(move) is move  # an engine table, known by identity
    fresh = Action("move", 3)
    assert Action.normalise(fresh) == move and Action.normalise(fresh) is not fresh  # not kept: the normal form
    odd = Action("wind", np.int64(3))
    Action.keep_normal([odd])  # not its own normal form: left out
    got = Action.normalise(odd)
    assert got is not odd and type(got.arg) is int and got == Action("wind", 3)
    bad = Action("wind", 1.5)
    Action.keep_normal([bad])  # no normal form at all: left out, still refused
    with pytest.raises(IllegalActionError):
        Action.normalise(bad)


def test_kept_texts_are_the_grammar_texts():
    from windward_nb.core.actions import _KEPT_TEXTS

    for table in (engine._MOVES, engine._LEAVES, engine._ROW_ACTIONS[0], engine._TAKES):
        for a in table:
            assert _KEPT_TEXTS[id(a)] == (a, Action.grammar.text(a)) and str(a) == Action.grammar.text(a)
    Action.keep_texts([Action("move", 9), Action("wind", True)])  # no text: left out, still refused
    with pytest.raises(ValueError):
        str(Action("move", 9))
    with pytest.raises(TypeError):
        str(Action("wind", True))


def test_event_texts_written_late_read_as_when_written_at_once():
    import pickle
    import random

    def play(read_now: bool) -> list:
        rng, rnd = np.random.default_rng(5), random.Random(5)
        s = ww.new_game(players=4, seed=5).state
        out: list = []
        while not s.over and len(out) < 3000:
            a = engine.sample_chance(s, rng) if engine.decider(s) == engine.CHANCE else rnd.choice(engine.legal_actions(s))
            evs = engine.apply(s, a, check=False)
            out.extend((e.kind, e.text, e.data) if read_now else e for e in evs)
        return out if read_now else [(e.kind, e.text, e.data) for e in out]

    now, late = play(True), play(False)
    assert now == late and {k for k, _, _ in now} >= {"ShipMoved", "LongboatMoved", "DiceRolled", "OrderGiven", "BattleStarted", "CresterMoved"}
    from windward_nb.core.events import Event

    e = Event("ShipMoved", lambda: "Player 1 sails north to 0,1.", {"seat": 0})
    back = pickle.loads(pickle.dumps(e))
    assert back == Event("ShipMoved", "Player 1 sails north to 0,1.") and back.data == {"seat": 0}
    assert hash(e) == hash(back) and str(e) == back.text


@pytest.mark.parametrize("bits", [np.random.PCG64, np.random.MT19937, np.random.Philox, np.random.SFC64])
def test_dice_drawn_one_at_a_time_are_the_array_draw(bits):
    from windward_nb.windward.battle import draw_dice

    one, many = np.random.Generator(bits(11)), np.random.Generator(bits(11))
    for n in [0, 1, 2, 3, 1, 3, 2, 4, 6, 1, 0, 3] * 20:
        got = [int(x) for x in draw_dice(one, 6, n)]
        want = [int(x) for x in many.integers(0, 6, size=n)]
        assert got == want
        one.random()  # other draws in between (a 64-bit one leaves a 32-bit half behind, or not)
        many.random()
        assert repr(one.bit_generator.state) == repr(many.bit_generator.state) or bits is np.random.MT19937
    assert list(one.integers(0, 2**62, size=40)) == list(many.integers(0, 2**62, size=40))  # the same state
