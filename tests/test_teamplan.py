"""The turn planner of the team modes (windward_nb.windward.teamplan): its forecast of the cresters
at a rest agrees with the engine, its battle values are the exact odds, and its plans are ones
the rules allow."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import windward_nb as ww
from windward_nb.core.simulate import play_game
from windward_nb.odds import battle_odds
from windward_nb.windward import teamplan
from windward_nb.windward.state import PORT
from windward_nb.windward.teamplan import Supply


def _positions(mode: str, players: int, seeds, **options):
    """Positions between two actions of GreedyBot games (turns not yet ended, no battle)."""
    out = []

    def watch(s, a, events):
        if not s.frames and not s.over and s.ships[s.current].pos >= 0 and len(out) < 400:
            out.append(s.clone())

    for seed in seeds:
        play_game("windward", players=players, bots="greedy", seed=seed, observer=watch, mode=mode, **options)
    return out


def _engine_rest(s, seat: int, h: int) -> tuple[int, bool] | None:
    """Rest the ship of ``seat`` on ``h`` in the engine (a card to discard is put in its hand):
    the red cresters that attack it together, and whether the White Crester attacks it when
    no red does (None: a red battle comes first, so the White Crester's move is not seen).
    Where the player chooses the red cresters' routes (the Solo Adventure), every choice is
    played and must bring the same attackers."""
    t = s.clone()
    t.current = seat
    ship = t.ships[seat]
    ship.pos = h
    ship.hand.append("bait")
    rules = type(t).rules
    rules.apply(t, rules.parse("end turn"))
    events = rules.apply(t, rules.parse("rest discard bait"))
    if not (t.frames and t.frames[-1]["k"] == "reds"):
        return _attackers(t, events)
    found = set()
    for a in rules.legal_actions(t):
        u = t.clone()
        found.add(_attackers(u, rules.apply(u, a)))
    assert len(found) == 1, found  # the routes change where the reds stand, not who reaches the ship
    return found.pop()


def _attackers(t, events) -> tuple[int, bool]:
    for e in events:
        if e.kind == "BattleStarted":
            if e.data["att"] == "red":
                return t.frames[-1]["a_n"], False
            return 0, True
    return 0, False


@pytest.mark.parametrize("mode,players,options", [("solo", 1, {}), ("cooperative", 2, {"difficulty": "easy"}),
                                                  ("cooperative", 3, {"difficulty": "hard"})])
def test_the_forecast_of_a_rest_is_what_the_engine_does(mode, players, options):
    rng = np.random.default_rng(5)
    checked = 0
    for s in _positions(mode, players, range(6), **options)[::3]:
        seat = s.current
        p = s.planet
        busy = {sh.pos for i, sh in enumerate(s.ships) if i != seat} | set(s.reds) | {s.white}
        free = [h for h in range(1, len(p.cells)) if not p.is_drift[h] and h not in busy]
        quick = teamplan.Forecast(s, seat)
        for h in free:
            assert quick(h) == teamplan.arrivals(s, seat, h)[:2], (s.fingerprint(), h)
        for h in rng.choice(free, size=min(4, len(free)), replace=False):
            reds, white, _ = teamplan.arrivals(s, seat, int(h))
            got = _engine_rest(s, seat, int(h))
            assert got[0] == reds, (s.fingerprint(), h)
            if not reds:
                assert got[1] == white, (s.fingerprint(), h)
            checked += 1
    assert checked > 50


def test_the_forecast_leaves_the_position_as_it_was():
    s = _positions("solo", 1, [3])[10]
    before = s.fingerprint()
    for h in range(1, len(s.planet.cells)):
        if not s.planet.is_drift[h] and h not in s.reds:
            teamplan.arrivals(s, 0, h)
    assert s.fingerprint() == before


_SHIP = dict(morale=st.integers(1, 4), cannons=st.integers(0, 5), tokens=st.integers(0, 2),
             hits=st.lists(st.sampled_from([1, 2]), max_size=3), marine=st.booleans())


@settings(max_examples=40, deadline=None)
@given(**_SHIP, reds=st.integers(1, 2))
def test_a_defence_valued_by_winning_alone_is_the_exact_chance_to_win(morale, cannons, tokens, hits, marine, reds):
    """With a worth that counts only a beaten crester, the planner's defence (cannons chosen after
    the attacker's dice, then the bonuses) is the chance that the ship wins with everything it
    has, as windward_nb.odds computes it."""
    x = Supply(morale, cannons, 5, marine, False, tokens, tuple(sorted(hits, reverse=True)), 0, 0, 0, 6, 1, 1)
    original = teamplan.worth

    def won_only(y):
        return 1.0 if y.reds < x.reds else 0.0

    teamplan.worth = won_only
    _clear()
    try:
        value = teamplan.fight(x, reds, False)
    finally:
        teamplan.worth = original
        _clear()
    names = ["heavy_harpoon" if h == 2 else "harpoon" for h in hits]
    o = battle_odds("red", "ship", attacker_count=reds, defender_cannons=cannons, defender_tokens=tokens,
                    defender_cards=names, defender_crew=["Marine" if marine else "Sergeant"], defender_morale=morale)
    assert value == pytest.approx(float(o.loss), abs=1e-9)


def _clear():
    for f in (teamplan.worth, teamplan.defence, teamplan.fight, teamplan.cannons_for, teamplan._after,
              teamplan.attack, teamplan._attacked):
        if hasattr(f, "cache_clear"):
            f.cache_clear()


@settings(max_examples=60, deadline=None)
@given(**_SHIP, flags=st.integers(0, 2), reds=st.integers(0, 2), white=st.booleans(), foes=st.integers(1, 7))
def test_battle_values_are_chances_and_more_means_better(morale, cannons, tokens, hits, marine, flags, reds, white, foes):
    x = Supply(morale, cannons, 5, marine, False, tokens, tuple(sorted(hits, reverse=True)), flags, 1, 2,
               max(0, foes - 1), 1, 1)
    v = teamplan.defence(x, reds, white)
    assert 0.0 <= v <= 1.0
    assert teamplan.defence(x, 0, False) == teamplan.worth(x)
    if cannons < 5:
        assert teamplan.defence(x._replace(cannons=cannons + 1), reds, white) >= v - 1e-12
    assert teamplan.defence(x._replace(flags=flags + 1), reds, white) >= v - 1e-12  # a False Flag never hurts
    assert teamplan.defence(x._replace(tokens=tokens + 1), reds, white) >= v - 1e-12


def test_the_first_plan_of_a_solo_adventure_arms_the_ship_at_the_trading_post():
    g = ww.new_game(players=1, mode="solo", seed=3)
    best = teamplan.plans(g.state, 0)[0]
    assert best.port and best.rest >= 0
    assert best.shop[0] == "order hire Marine"
    assert best.at.marine and best.at.cannons >= 1


@pytest.mark.parametrize("seed", range(4))
def test_every_plan_can_be_paid_for_and_never_rests_where_the_rest_sinks_the_ship(seed):
    for s in _positions("solo", 1, [seed])[::7]:
        me = s.ships[0]
        fuel = me.hand.count("fuel")
        budget = s.turn.speed + fuel + 1
        for plan in teamplan.plans(s, 0):
            assert plan.cost <= budget and plan.fuel <= fuel
            assert plan.rest != PORT  # the Solo Adventure is lost by a rest at port
            assert plan.at.morale >= 1
            if not plan.attack:
                assert plan.rest not in s.reds and not s.planet.is_drift[plan.rest]
        # without a card and at morale 1, a rest at sky is only possible by way of the Trading Post
        t = s.clone()
        t.ships[0].hand.clear()
        t.ships[0].morale = 1
        assert all(p.port or p.attack for p in teamplan.plans(t, 0))


@settings(max_examples=60, deadline=None)
@given(orders=st.integers(0, 3), gas=st.integers(0, 6), coffee=st.integers(0, 2), seed=st.integers(0, 30))
def test_shopping_spends_what_the_ship_has_and_each_order_space_once(orders, gas, coffee, seed):
    g = ww.new_game(players=1, mode="solo", seed=seed)
    s = g.state
    x = teamplan.supply(s, 0)
    after, steps = teamplan.shopping(s, 0, x, orders, gas, coffee)
    spent = sum(2 if st_.startswith("buy crew") else 1 for st_ in steps if st_.startswith("buy"))
    assert spent <= gas and after.gas == gas - spent
    given_orders = [st_.split(" ")[1] for st_ in steps if st_.startswith("order")]
    assert len(given_orders) == len(set(given_orders)) <= orders + steps.count("play coffee")
    assert steps.count("play coffee") <= coffee
    assert after.cannons <= after.slots and after.morale <= s.components.limits["morale_max"]
