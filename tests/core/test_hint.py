"""The coach's hints on the core: best first, legal, searched win chances, reasons from the game,
reproducible with a seed, never reading what the deciding seat cannot see."""

from __future__ import annotations

import math
import re

import pytest

import dicerace as dr
import nim
from windward_nb.core import testing
from windward_nb.core.errors import NoDecisionError
from windward_nb.core.hint import Hint, hints
from windward_nb.core.view import GameView


def test_hints_are_legal_distinct_and_best_first():
    g = dr.new_game(3, seed=4)
    before = g.state.fingerprint()
    hs = g.hint(iterations=200, seed=1, top=3)
    legal = [str(a) for a in g.legal_actions()]
    assert 1 <= len(hs) <= 3 and all(isinstance(h, Hint) for h in hs)
    assert all(str(h.action) in legal for h in hs)
    assert len({str(h.action) for h in hs}) == len(hs)
    assert [h.visits for h in hs] == sorted((h.visits for h in hs), reverse=True)
    assert all(0.0 <= h.win_chance <= 1.0 for h in hs)
    assert g.state.fingerprint() == before                 # asking changes nothing


def test_the_search_finds_the_winning_move_and_says_its_chance():
    g = nim.new_game(10)                                    # take 2 leaves a multiple of four
    hs = g.hint(iterations=1500, seed=2, top=3, paired=False)   # a tree: the win is three moves deep
    assert hs[0].action.arg == 2 and hs[0].win_chance > 0.8
    assert all(h.win_chance < hs[0].win_chance for h in hs[1:])
    assert [str(h.action) for h in hs] != [] and len(hs) == 3


def test_reasons_come_from_the_game():
    g = dr.new_game(2, seed=4)
    hs = g.hint(iterations=60, seed=3)
    for h in hs:                                            # the default reason: the action's sentence
        assert h.reason == " ".join(g.describe(h.action).split())

    class Explaining(GameView):
        def explain(self, s, seat, a):
            return f"seat {seat + 1} bids {a.arg} of {sorted(s.hands[seat])}"

    hs = g.hint(iterations=60, seed=3, view=Explaining())
    assert hs and all(h.reason == f"seat 1 bids {h.action.arg} of {sorted(g.state.hands[0])}" for h in hs)


def test_the_same_seed_gives_the_same_hints():
    g = dr.new_game(3, seed=6)
    assert g.hint(iterations=120, seed=9) == g.hint(iterations=120, seed=9)


def test_hints_never_read_what_the_seat_cannot_see():
    g = dr.new_game(2, seed=8)
    s1 = g.state
    s2 = s1.clone()                       # seat 1's hand and the deck swapped: seat 0 cannot tell
    s2.hands[1], s2.deck = sorted(s1.deck[-len(s1.hands[1]):]), s1.deck[:-len(s1.hands[1])] + s1.hands[1]
    testing.check_hidden_pair(dr.RULES, s1, s2, seat=0)
    h1 = hints(s1, iterations=150, seed=5, top=4)
    h2 = hints(s2, iterations=150, seed=5, top=4)
    assert h1 == h2 and h1

    class Peeking(GameView):              # a careless reason that reads the opponent's hand
        def explain(self, s, seat, a):
            return f"they hold {sorted(s.hands[1 - seat])}"

    p1, p2 = hints(s1, iterations=50, seed=5, view=Peeking()), hints(s2, iterations=50, seed=5, view=Peeking())
    assert sorted(s1.hands[1]) != sorted(s2.hands[1])
    assert p1 == p2                       # it only ever sees the seat's own view of the position


def test_a_seconds_budget_gives_hints():
    g = dr.new_game(2, seed=1)
    hs = g.hint(seconds=0.05, seed=1)
    assert hs and sum(h.visits for h in hs) >= 1


def test_no_decision_no_hint():
    g = nim.new_game(3)
    g.apply("take 3")
    assert g.is_over
    with pytest.raises(NoDecisionError, match="the game is over"):
        g.hint(iterations=10)
    c = dr.new_game(2, seed=2, auto_chance=False)
    while c.current_player >= 0:
        c.apply(c.legal_actions()[0])
    before = c.state.fingerprint()
    with pytest.raises(NoDecisionError, match="chance decides"):
        c.hint(iterations=10)
    assert c.state.fingerprint() == before


@pytest.mark.parametrize("bad, words", [({"top": 0}, "top must"), ({"top": "3"}, "top must"),
                                        ({"top": True}, "top must"), ({"seed": -1}, "seed must"),
                                        ({"seed": 1.5}, "seed must"), ({"iterations": 0}, "iterations must"),
                                        ({"seconds": -1}, "seconds must")])
def test_bad_budgets_are_refused_and_change_nothing(bad, words):
    g = dr.new_game(2, seed=2)
    before = g.state.fingerprint()
    with pytest.raises(ValueError, match=words):
        g.hint(**bad)
    assert g.state.fingerprint() == before


def test_a_small_budget_tries_the_rollout_bots_choice_first():
    g = dr.new_game(2, seed=4)
    high = max(a.arg for a in g.legal_actions())
    assert str(g.legal_actions()[0]) != f"bid {high}"       # the legal list starts elsewhere
    hs = g.hint(iterations=1, seed=1, rollout="high", paired=False)
    assert [str(h.action) for h in hs] == [f"bid {high}"]         # a tree tries it first, alone
    hs = g.hint(iterations=1, seed=1, rollout="high")
    assert str(hs[0].action) == f"bid {high}" and hs.close       # one paired game: first, as a tie


# ------------------------------------------------------------------ how sure a hint is
def test_every_hint_says_its_interval_and_sample_size():
    from windward_nb.core.stats import wilson_share

    g = dr.new_game(3, seed=4)
    hs = g.hint(iterations=120, seed=1, top=4)
    for h in hs:
        total = (h.win_chance * (h.visits + 1)) - 0.5          # the wins behind the shown chance
        assert (h.low, h.high) == pytest.approx(wilson_share(total, h.visits))
        assert 0 < h.low < h.win_chance < h.high < 1 and not h.decided
        assert h.chance_text().endswith(f", {h.visits} games") and str(h).startswith(f"{h.action}: win chance about")
    assert hs.games >= sum(h.visits for h in hs) > 0 and hs.budget == "120 searched games"


def test_a_handful_of_lost_games_never_reads_zero():
    g = nim.new_game(9)                                     # every move loses against good play
    hs = g.hint(iterations=6, seed=1, paired=False, top=3)
    for h in hs:
        assert 0 < h.win_chance < 1 and not re.search(r"(?<![\d.])(0|100)%", h.chance_text())
        assert h.win_chance >= 0.5 / (h.visits + 1)         # (wins + 1/2) / (n + 1)


def test_an_action_that_ends_the_game_is_decided():
    g = nim.new_game(3)
    hs = g.hint(iterations=30, seed=1, paired=False, top=3)
    win = next(h for h in hs if h.action.arg == 3)
    assert win.decided and (win.win_chance, win.low, win.high) == (1.0, 1.0, 1.0)
    assert win.chance_text() == "100%: the game ends with this action"
    assert all(not h.decided and 0 < h.win_chance < 1 for h in hs if h is not win)


@pytest.mark.parametrize("p, low, high, n, text", [
    (0.4, 0.28, 0.53, 60, "about 40% (28-53%), 60 games"),
    (0.004, 0.0, 0.06, 60, "under 1% (up to 6%), 60 games"),
    (0.996, 0.95, 1.0, 60, "over 99% (at least 95%), 60 games"),
    (0.5, 0.0, 1.0, 1, "about 50% (could be anything), 1 game")])
def test_chance_words(p, low, high, n, text):
    from windward_nb.core.hint import chance_text

    assert chance_text(p, low, high, n) == text


def test_too_close_to_call_says_so_and_suggests_a_budget():
    g = dr.new_game(2, seed=4)
    few = g.hint(iterations=4, seed=1)
    assert few.close and few.verdict.startswith("too close to call at 4 searched games")
    assert few.suggest is None or few.suggest > 4
    if few.suggest is not None:
        assert few.verdict.endswith(f"try {int(few.suggest)} searched games")


def test_a_clear_lead_is_called_clear():
    g = nim.new_game(6)                                      # take 2 leaves four: wins against any reply
    hs = g.hint(iterations=3000, seed=2, paired=False, c=0.7, widen=0)
    assert hs[0].action.arg == 2 and not hs.close and "a clear lead at 3000 searched games" in hs.verdict


def test_the_suggested_budget_is_the_first_nice_one_that_might_do():
    from windward_nb.core.hint import _suggest

    assert _suggest(0.02, 0.02, 1.0, None) == 5.0            # needs (1.96 * 0.02 / 0.02)^2 = 3.8 times more
    assert _suggest(0.02, 0.005, 1.0, None) == 2.0           # nearly there: the next budget
    assert _suggest(0.001, 0.02, 1.0, None) == 5.0           # under 2 points: long enough to tell 2 points
    assert _suggest(0.001, 0.1, 1.0, None) is None           # 96 times more: no budget the coach names
    assert _suggest(0.2, 0.05, 1.0, None, games=4) == 5.0     # at least 10 games: 2.5 times more
    assert _suggest(0.0, 0.02, 1.0, None) == 5.0             # no lead yet: long enough to tell 2 points
    assert _suggest(0.0, math.inf, 1.0, None) is None         # one game: no spread to go by
    assert _suggest(0.02, 0.02, None, 100) == 500.0


def test_ties_keep_the_games_own_choice_first():
    g = dr.new_game(2, seed=4)
    high = max(a.arg for a in g.legal_actions())
    for seed in range(5):
        hs = g.hint(iterations=2, seed=seed, rollout="high")
        assert hs.close and str(hs[0].action) == f"bid {high}"  # one or two games never overrule it


def test_a_seconds_budget_is_work_and_the_same_on_any_machine(monkeypatch):
    import time

    g = dr.new_game(2, seed=1)
    a = g.hint(seconds=0.05, seed=3)
    real = time.perf_counter
    monkeypatch.setattr(time, "perf_counter", lambda: real() * 1.0 + 0.0)      # the clock does not decide
    b = g.hint(seconds=0.05, seed=3)
    assert a == b and a.work == b.work and a.work >= 0.05 * 4000 and not a.cut_short


def test_two_options_are_compared_world_by_world():
    from windward_nb.core.hint import Hints, _Choice, _verdict
    from windward_nb.core.mcts import OptionStats, SearchResult

    def result(a_vals, b_vals):
        worlds = {"a": dict(enumerate(a_vals)), "b": dict(enumerate(b_vals))}
        stats = [OptionStats(k, k, len(v), sum(v) / len(v), 0.2) for k, v in (("a", a_vals), ("b", b_vals))]
        return SearchResult(0, 2 * len(a_vals), 0.0, stats, worlds)

    a, b = dr.RaceAction("bid", 1), dr.RaceAction("bid", 2)
    swing = [0.1, 0.9, 0.3, 0.7, 0.5] * 4                   # the worlds differ a lot, the options by 5 points
    r = result([x + 0.05 for x in swing], swing)
    choices = [_Choice(a, "a", "a", 20, r.options[0].value, 0.2), _Choice(b, "b", "b", 20, r.options[1].value, 0.2)]
    out = Hints()
    assert _verdict(out, r, choices, 1.0, None, {"bid 2": 0, "bid 1": 1}) == choices
    assert not out.close and out.verdict == "bid 1 leads bid 2 by 5.0 points (±0.0) over 20 games: a clear lead at 1 s"
    r = result(swing, swing)                                 # the same in every world: a tie, the game's choice first
    out = Hints()
    shown = _verdict(out, r, choices, 1.0, None, {"bid 2": 0, "bid 1": 1})
    assert out.close and [str(c.action) for c in shown] == ["bid 2", "bid 1"]
    assert out.verdict.startswith("too close to call at 1 s: bid 1 and bid 2 did exactly as well in all 20 searched")
    r = result([x + 0.01 for x in swing * 5], swing * 5)     # sure, but under 2 points: about as good
    out = Hints()
    _verdict(out, r, [_Choice(c.action, c.key, c.label, 100, c.mean, c.error) for c in choices], 1.0, None,
             {"bid 2": 0, "bid 1": 1})
    assert out.close and "about as good as each other: 1.0 points apart" in out.verdict

    r = result([1.0, 1.0, 1.0], [0.0, 0.0, 0.0])             # won thrice where the other lost: too few to tell
    few = [_Choice(a, "a", "a", 3, 1.0, 0.0), _Choice(b, "b", "b", 3, 0.0, 0.0)]
    out = Hints()
    shown = _verdict(out, r, few, 1.0, None, {"bid 2": 0, "bid 1": 1})
    assert out.close and "over only 3 searched games" in out.verdict and str(shown[0].action) == "bid 2"
    assert out.suggest == 5.0                                # at least 10 games: 10/3 times the budget


def test_a_tree_search_is_compared_by_its_means():
    from windward_nb.core.hint import Hints, _Choice, _verdict
    from windward_nb.core.mcts import OptionStats, SearchResult

    a, b = dr.RaceAction("bid", 1), dr.RaceAction("bid", 2)
    order = {"bid 2": 0, "bid 1": 1}

    def verdict(n, ma, mb, err):
        stats = [OptionStats("a", "a", n, ma, err), OptionStats("b", "b", n, mb, err)]
        out = Hints()
        shown = _verdict(out, SearchResult(0, 2 * n, 0.0, stats, None),
                         [_Choice(a, "a", "a", n, ma, err), _Choice(b, "b", "b", n, mb, err)], 1.0, None, order)
        return out, [str(c.action) for c in shown]

    out, shown = verdict(40, 0.0, 0.0, 0.0)                 # lost every game either way
    assert out.close and "did exactly as well in all 40 searched games" in out.verdict and shown == ["bid 2", "bid 1"]
    out, shown = verdict(40, 0.6, 0.3, 0.05)                # 30 points, errors of 5: clear
    assert not out.close and shown == ["bid 1", "bid 2"]
    out, shown = verdict(6, 0.6, 0.3, 0.05)                 # the same means over 6 games: too few to tell
    assert out.close and "over only 6 searched games" in out.verdict and shown == ["bid 2", "bid 1"]
    out, shown = verdict(3, 0.5, 0.5, 0.3)                  # 3 games swinging wildly: no claim they are equal
    assert out.suggest is None and "even 30 s may not separate them: their searched games swing too much;" in out.verdict


def test_about_as_good_needs_the_whole_interval_under_two_points():
    from windward_nb.core.hint import Hints, _Choice, _verdict
    from windward_nb.core.mcts import OptionStats, SearchResult

    a, b = dr.RaceAction("bid", 1), dr.RaceAction("bid", 2)

    def verdict(diffs):
        base = [0.5] * len(diffs)
        worlds = {"a": {i: 0.5 + d for i, d in enumerate(diffs)}, "b": dict(enumerate(base))}
        ma = sum(worlds["a"].values()) / len(diffs)
        stats = [OptionStats("a", "a", len(diffs), ma, 0.05), OptionStats("b", "b", len(diffs), 0.5, 0.05)]
        out = Hints()
        _verdict(out, SearchResult(0, 2 * len(diffs), 0.0, stats, worlds),
                 [_Choice(a, "a", "a", len(diffs), ma, 0.05), _Choice(b, "b", "b", len(diffs), 0.5, 0.05)],
                 1.0, None, {"bid 2": 0, "bid 1": 1})
        return out

    narrow = verdict([0.005 + x for x in (-0.01, 0.01)] * 50)    # 0.5 points, ±0.2: not surely ahead, surely close
    assert narrow.close and "about as good as each other: 0.5 points apart" in narrow.verdict
    wide = verdict([0.004 + x for x in (-0.1, 0.1)] * 50)        # 0.4 points, ±2.0: might be 2.4 points
    assert wide.close and wide.verdict.startswith("too close to call at 1 s") and wide.suggest == 2.0
