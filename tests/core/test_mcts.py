"""The core search bot: finds winning moves, never reads hidden information, is reproducible."""

from __future__ import annotations

import numpy as np
import pytest

import dicerace as dr
import nim
from windward_nb.core import testing
from windward_nb.core.mcts import MCTSBot, Plan


@pytest.mark.parametrize("counters, best", [(10, 2), (7, 3), (9, 1), (13, 1), (15, 3)])
def test_search_finds_the_winning_move_of_take_away(counters, best):
    g = nim.new_game(counters)
    bot = MCTSBot(seed=2, iterations=3000, c=0.7, widen=0)
    assert bot.act(g.state).arg == best
    assert bot.last.best.value > 0.8


def test_the_same_seed_gives_the_same_choices():
    g = dr.new_game(3, seed=4)
    a = [MCTSBot(seed=9, iterations=150).search(g.state).options for _ in range(2)]
    assert a[0] == a[1]


def test_search_never_reads_what_its_seat_cannot_see():
    g = dr.new_game(2, seed=8)
    s1 = g.state
    s2 = s1.clone()
    s2.hands[1], s2.deck = sorted(s1.deck[-len(s1.hands[1]):]), s1.deck[:-len(s1.hands[1])] + s1.hands[1]
    testing.check_hidden_pair(dr.RULES, s1, s2, seat=0)  # the pair differs only in seat 1's secrets
    r1 = MCTSBot(seed=5, iterations=300).search(s1)
    r2 = MCTSBot(seed=5, iterations=300).search(s2)
    assert r1.options == r2.options


def test_plans_let_the_tree_branch_on_whole_decisions():
    class Planning(dr.RaceRules):
        def options(self, state, seat):
            bids = sorted({a.arg for a in self.legal_actions(state) if a.verb == "bid"}, reverse=True)
            if not bids:
                return [Plan("reply", "reply", lambda s: self.legal_actions(s)[0])]
            return [Plan(f"bid {b}", f"bid {b} face down",
                         lambda s, b=b: dr.RaceAction("bid", b) if s.phase == "bid" else None) for b in bids]

    rules = Planning()
    g = dr.new_game(2, seed=3)
    old = dr.RaceState.rules
    dr.RaceState.rules = rules
    try:
        r = MCTSBot(seed=1, iterations=120).search(g.state)
    finally:
        dr.RaceState.rules = old
    assert {o.key for o in r.options} <= {"bid 1", "bid 2", "bid 3", "bid 4"}
    assert sum(o.visits for o in r.options) == 120


def test_a_seconds_budget_stops_in_time():
    import time

    g = dr.new_game(3, seed=1)
    t = time.perf_counter()
    r = MCTSBot(seed=1, seconds=0.2).search(g.state)
    assert time.perf_counter() - t < 1.0 and r.iterations >= 1


@pytest.mark.parametrize("bad", [{"iterations": 0}, {"iterations": 1.5}, {"seconds": -1}, {"seconds": 10**6}])
def test_budgets_are_checked(bad):
    with pytest.raises(ValueError):
        MCTSBot(**bad)


def test_mcts_plays_whole_games_through_play_many():
    from windward_nb.core.simulate import play_many

    dr.BOTS.setdefault("mcts", MCTSBot)
    r = play_many(6, players=2, bots=["mcts:iterations=40", "random"], seed=3, game="dice-race", progress=False)
    assert r.over.all() and r.bots == ["MCTSBot", "RandomBot"]


@pytest.mark.parametrize("counters, best", [(10, 2), (7, 3), (9, 1)])
def test_a_paired_search_finds_the_winning_move_of_take_away_too(counters, best):
    g = nim.new_game(counters)
    bot = MCTSBot(seed=2, iterations=600, paired=True)
    assert bot.act(g.state).arg == best
    r = bot.last
    assert len({o.visits for o in r.options}) == 1 and r.iterations % len(r.options) == 0
    assert r.options == MCTSBot(seed=2, iterations=600, paired=True).search(g.state).options
