"""A search's rollouts are bounded: a game that never ends is judged where it stands after
LONGEST_ROLLOUT decisions, and a search's ``seconds`` stop it inside a rollout too (issue 24: a
North Wind hint at 1 s took 107 s of CPU, its GreedyBots sailing and passing forever)."""

from __future__ import annotations

import itertools

import pytest

import dicerace as dr
from windward_nb.core import mcts
from windward_nb.core.hint import hints
from windward_nb.core.mcts import MCTSBot


@pytest.fixture
def endless(monkeypatch):
    """Dice Race with no goal and no last round: nobody ever wins."""
    monkeypatch.setattr(dr, "GOAL", 10**9)
    monkeypatch.setattr(dr, "ROUNDS", 10**9)
    return dr.new_game(2, seed=4)


def test_a_game_that_never_ends_is_judged_at_the_longest_rollout(endless, monkeypatch):
    monkeypatch.setattr(mcts, "LONGEST_ROLLOUT", 300)
    bot = MCTSBot(1, iterations=6, rollout="random", rollout_plies=10**6, paired=True)
    r = bot.search(endless.state)
    assert r.iterations == 6 and r.stalled == 6 and not r.out_of_time
    assert 6 * 300 <= r.work <= 6 * 301                     # each rollout 300 decisions, plus its option
    assert all(0.0 <= o.value <= 1.0 for o in r.options)


def test_the_longest_rollout_does_not_touch_a_game_that_ends():
    g = dr.new_game(2, seed=4)
    r = MCTSBot(1, iterations=40, rollout="random", rollout_plies=10**6, paired=True).search(g.state)
    assert r.stalled == 0 and not r.out_of_time


def test_the_seconds_stop_a_search_inside_a_rollout(endless):
    ticks = itertools.count()
    bot = MCTSBot(1, seconds=3, rollout="random", rollout_plies=10**6, paired=True)
    bot._now = lambda: float(next(ticks))       # a clock one second on at every look: the deadline
    r = bot.search(endless.state)                # passes in the first rollout, long before its end
    assert r.out_of_time and r.stalled == 0
    assert r.work < 10 * mcts.CLOCK_EVERY < mcts.LONGEST_ROLLOUT


def test_hints_say_when_searched_games_did_not_end(endless, monkeypatch):
    monkeypatch.setattr(mcts, "LONGEST_ROLLOUT", 200)
    hs = hints(endless.state, iterations=8, seed=2, rollout_plies=10**6)
    assert hs.stalled > 0 and len(hs) >= 1
    assert f"({hs.stalled} searched games had not ended after 200 decisions" in hs.verdict


def _north_wind_position():
    """The position of issue 24's stability run (GreedyBot game 910,014, 2 players, ply 51) where
    one searched game of the 1 s hint ran to the old cap of a million decisions."""
    import windward_nb as ww
    from windward_nb.core import registry
    from windward_nb.core.bots import make_bot

    g = ww.new_game(game="north-wind", players=2, seed=910014)
    table = registry.get("north-wind").load().BOTS
    bots: dict = {}
    while g.ply < 51:
        d = g.rules.decider(g.state)
        bot = bots.get(d) or bots.setdefault(d, make_bot("greedy", 910014 * 10 + d, table))
        g.apply(bot.act(g.state))
    return g.state


def test_the_north_wind_hint_that_ran_a_million_decisions_is_bounded():
    s = _north_wind_position()
    budget = 17_000                                   # 1 s at North Wind's pace
    assert type(s).rules.search_pace == budget
    hs = hints(s, seconds=1, seed=58)                 # the stability run's seed for this position
    assert hs.stalled == 1 and not hs.cut_short
    assert hs.work <= budget + mcts.LONGEST_ROLLOUT + 2_000   # it was 1,006,517
    assert "1 searched game had not ended after 20,000 decisions" in hs.verdict
