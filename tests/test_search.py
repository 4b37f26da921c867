"""The search bot in Windward: whole-turn plans, legal and reproducible games, no peeking."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

import windward_nb as ww
from windward_nb.bots import BOTS, MCTSBot, make_bot
from windward_nb.core import testing
from windward_nb.core.mcts import MCTSBot as CoreMCTSBot
from windward_nb.core.simulate import play_game, play_many
from windward_nb.windward import search
from windward_nb.windward.rules import RULES

FAST = "mcts:iterations=4"


def _positions(players: int = 2, seed: int = 3, plies: int = 120):
    """Positions of a GreedyBot game where some seat decides (chance drawn by the game)."""
    g = ww.new_game(players=players, seed=seed)
    bot = make_bot("greedy", 1)
    out = []
    for _ in range(plies):
        if g.state.over:
            break
        out.append(g.state.clone())
        g.apply(bot.act(g.state))
    return out


def test_the_search_bot_is_a_windward_bot():
    bot = make_bot("mcts:iterations=8", 3)
    assert isinstance(bot, MCTSBot) and isinstance(bot, CoreMCTSBot) and BOTS["mcts"] is MCTSBot
    assert bot.name == "MCTSBot" and bot.iterations == 8 and bot.rollout_spec == "greedy"
    assert pickle.loads(pickle.dumps(bot)).iterations == 8
    with pytest.raises(ValueError):
        make_bot("mcts:iterations=0", 1)


def test_every_option_starts_with_a_legal_action_and_has_its_own_key():
    seen_plans = 0
    for s in _positions(players=3, plies=200):
        seat = RULES.decider(s)
        if seat < 0:
            continue
        opts = RULES.options(s, seat)
        legal = RULES.legal_actions(s)
        assert opts, "a deciding seat always has an option"
        assert len({o.key for o in opts}) == len(opts)
        for o in opts:
            assert o.first(s) in legal, (o.label, s.frames[-1:] if s.frames else "main")
        if len(opts) > 1 and not s.frames:
            seen_plans += 1
            assert opts[0].key == "greedy"
    assert seen_plans > 5


def test_a_plan_stops_when_the_turn_passes():
    g = ww.new_game(players=2, seed=11)
    s = g.state.clone()
    seat = RULES.decider(s)
    turn = s.turn_number
    plan = search.options(s, seat)[0]
    plan.run(s, np.random.default_rng(0))
    assert s.turn_number != turn or (s.frames and s.frames[-1]["k"] == "battle") or s.over


def test_value_is_a_share_of_the_win_and_exact_at_the_end():
    s = _positions(players=4, plies=150)[-1]
    v = RULES.value(s)
    assert len(v) == 4 and all(0 <= x <= 1 for x in v) and sum(v) == pytest.approx(1.0)
    leader = max(range(4), key=lambda i: search.score(s, i))
    assert v[leader] == max(v)
    g = ww.new_game(players=2, seed=4)
    bot = make_bot("greedy", 1)
    while not g.state.over:
        g.apply(bot.act(g.state))
    assert RULES.value(g.state) == RULES.returns(g.state) and sorted(RULES.value(g.state)) == [0.0, 1.0]


@pytest.mark.parametrize("kw", [dict(players=2), dict(players=1), dict(players=2, mode="cooperative", difficulty="hard")])
def test_the_search_bot_plays_complete_legal_games_the_same_way_twice(kw):
    bots = [FAST] * kw["players"]
    a = play_game("windward", bots=bots, seed=7, **kw)
    b = play_game("windward", bots=bots, seed=7, **kw)
    assert a.over and a.bots[0] == "MCTSBot"  # play_game raises if a bot picks an illegal action
    assert (a.winners, a.scores, a.plies, a.decisions) == (b.winners, b.scores, b.plies, b.decisions)


def test_play_many_takes_the_search_bot_by_name():
    r = play_many(2, players=2, bots=[FAST, "greedy"], seed=5, progress=False)
    assert r.over.all() and r.bots == ["MCTSBot", "GreedyBot"]


def _hidden_pair():
    """A position where seat 0 chooses between plans, and a twin in which seat 1's hand and the
    cards under the stacks' tops are dealt differently (seat 0 sees the same table)."""
    for s in _positions(players=2, seed=9, plies=200):
        if RULES.decider(s) != 0 or s.frames or len(RULES.options(s, 0)) < 3:
            continue
        if not s.ships[1].hand or not any(len(st) > 1 for st in s.stacks):
            continue
        t = s.clone()
        pool = list(t.ships[1].hand) + [c for st in t.stacks for c in st[:-1]]
        rot = pool[1:] + pool[:1]
        if rot == pool:
            continue
        n = len(t.ships[1].hand)
        t.ships[1].hand, rot = rot[:n], rot[n:]
        for st in t.stacks:
            k = len(st) - 1
            if k > 0:
                st[:k], rot = rot[:k], rot[k:]
        if t.fingerprint() != s.fingerprint():
            return s, t
    raise AssertionError("no position with hidden cards to shuffle")


def test_the_search_never_reads_what_its_seat_cannot_see():
    s1, s2 = _hidden_pair()
    testing.check_hidden_pair(RULES, s1, s2, seat=0)
    r1 = MCTSBot(seed=5, iterations=24).search(s1)
    r2 = MCTSBot(seed=5, iterations=24).search(s2)
    assert r1.options == r2.options
    assert MCTSBot(seed=5, iterations=24).act(s1) == MCTSBot(seed=5, iterations=24).act(s2)


def test_a_chosen_plan_is_followed_without_searching_again():
    g = ww.new_game(players=2, seed=12)
    bot = MCTSBot(seed=2, iterations=8)
    seat = g.current_player
    searches = 0
    while g.current_player == seat and not g.state.over:
        before = bot.last
        g.apply(bot.act(g.state))
        searches += bot.last is not before
    assert 1 <= searches < 6


def test_the_play_table_offers_the_search_bot_for_a_seat():
    widgets = pytest.importorskip("windward_widgets")
    g = ww.new_game(players=2, seed=2)
    t = widgets.PlayTable(g)
    assert "mcts" in t._bot_kinds
    first = g.current_player
    t.set_bot(first, MCTSBot(seed=1, iterations=4))                  # a ready bot, a small budget
    assert isinstance(t.bots[first], MCTSBot)
    assert g.current_player != first or g.state.over or t.bot_lines  # the search bot played its turn
    t.seat_pickers[1 - first].value = "mcts"                          # the picker's own entry
    assert isinstance(t.bots[1 - first], MCTSBot)
    t.seat_pickers[1 - first].value = "human"
    assert 1 - first not in t.bots


def test_trust_first_keeps_greedybots_plan_unless_another_is_clearly_better():
    s = next(p for p in _positions(players=2, seed=9, plies=200)
             if RULES.decider(p) >= 0 and not p.frames and len(RULES.options(p, RULES.decider(p))) >= 3)
    seat = RULES.decider(s)
    greedy_first = RULES.options(s, seat)[0].first(s)
    assert MCTSBot(seed=3, iterations=24, trust_first=1000).act(s) == greedy_first
    free = MCTSBot(seed=3, iterations=24)
    free.act(s)
    r = free.last
    assert all(0 <= o.error <= 1 for o in r.options) and sum(o.visits for o in r.options) == 24


def test_rollouts_to_the_next_own_turn_play_legal_reproducible_games():
    spec = "mcts:iterations=4,to_own_turn=1"
    a = play_game("windward", players=3, bots=[spec, "greedy", "greedy"], seed=2)
    b = play_game("windward", players=3, bots=[spec, "greedy", "greedy"], seed=2)
    assert a.over and (a.winners, a.scores, a.plies) == (b.winners, b.scores, b.plies)
    assert make_bot(spec, 1).to_own_turn is True


def test_the_fitted_judge_scores_every_feature_and_counts_only_notoriety_once_the_race_is_over():
    s = _positions(players=3, seed=5, plies=150)[-1].clone()
    assert len(search.WEIGHTS) == len(search.FEATURES)
    assert all(len(search.features(s, i)) == len(search.FEATURES) for i in range(3))
    # the goal is reached by the captain before the one to play: the one to play sails once more,
    # and nobody else
    s.current = 1
    s.end_trigger = 2
    final = search.FEATURES.index("notoriety_final")
    s.ships[0].notoriety = s.ships[2].notoriety = 7
    s.ships[1].notoriety = 5
    s.ships[0].grey_teeth = 2
    s.ships[1].grey_teeth = 0
    s.ships[1].red_teeth = 0
    s.ships[1].gas = 0
    s.ships[1].hold = ""
    f0, f1, f2 = (search.features(s, i) for i in range(3))
    assert f0[final] == 7 and f2[final] == 7 and f1[final] == 0
    spare = search.FEATURES.index("spare_final")
    assert f0[spare] >= 6 and f1[spare] == 0
    away = search.FEATURES.index("turns_away")
    assert (f1[away], f2[away], f0[away]) == (0, 1 / 3, 2 / 3)


def test_the_fitted_judge_gives_shares_of_the_win_and_leaves_the_team_modes_alone():
    s = _positions(players=4, plies=150)[-1]
    v = search.value(s)
    assert sum(v) == pytest.approx(1.0)
    assert max(range(4), key=lambda i: search.score(s, i)) == max(range(4), key=lambda i: v[i])
    richer = s.clone()
    richer.ships[0].notoriety += 3
    assert search.value(richer)[0] > v[0]
    assert search.classic_value(s) != v and sum(search.classic_value(s)) == pytest.approx(1.0)
    g = ww.new_game(players=2, seed=3, mode="cooperative", difficulty="hard")
    assert search.value(g.state) == search.classic_value(g.state)


def test_the_judge_is_chosen_by_name():
    assert make_bot("mcts", 1).judge == "fitted"
    assert make_bot("mcts:judge=classic", 1).judge == "classic"
    with pytest.raises(ValueError, match="judge"):
        MCTSBot(seed=1, judge="oracle")
    s = next(p for p in _positions(players=2, seed=9, plies=200)
             if RULES.decider(p) >= 0 and not p.frames and len(RULES.options(p, RULES.decider(p))) >= 3)
    a = MCTSBot(seed=3, iterations=24, judge="classic").search(s)
    b = MCTSBot(seed=3, iterations=24).search(s)
    assert [(o.key, o.visits) for o in a.options] != [(o.key, o.visits) for o in b.options] or \
        [o.value for o in a.options] != [o.value for o in b.options]


def test_paired_search_plays_every_option_on_the_same_worlds():
    s = next(p for p in _positions(players=2, seed=9, plies=200)
             if RULES.decider(p) >= 0 and not p.frames and len(RULES.options(p, RULES.decider(p))) >= 3)
    seat = RULES.decider(s)
    k = len(RULES.options(s, seat))
    r = MCTSBot(seed=3, iterations=2 * k + 1, paired=True).search(s)
    assert r.iterations == 3 * k  # rounded up to whole worlds
    assert {o.visits for o in r.options} == {3} and len(r.options) == k
    assert r.options == MCTSBot(seed=3, iterations=2 * k + 1, paired=True).search(s).options
    assert [o.value for o in r.options] == sorted((o.value for o in r.options), reverse=True)


def test_paired_search_never_reads_what_its_seat_cannot_see():
    s1, s2 = _hidden_pair()
    r1 = MCTSBot(seed=5, iterations=24, paired=True).search(s1)
    r2 = MCTSBot(seed=5, iterations=24, paired=True).search(s2)
    assert r1.options == r2.options


def test_paired_search_plays_complete_legal_games_the_same_way_twice():
    spec = "mcts:iterations=8,paired=1"
    a = play_game("windward", players=3, bots=[spec, "greedy", "greedy"], seed=4)
    b = play_game("windward", players=3, bots=[spec, "greedy", "greedy"], seed=4)
    assert a.over and (a.winners, a.scores, a.plies) == (b.winners, b.scores, b.plies)


def test_the_default_bot_pairs_its_plans_in_a_race_and_in_the_team_modes_with_their_own_budgets():
    bot = make_bot("mcts", 1)
    race = ww.new_game(players=2, seed=5)
    r = bot.search(race.state)
    assert bot.paired and r.iterations >= search.RACE_ITERATIONS and len({o.visits for o in r.options}) == 1
    coop = ww.new_game(players=2, seed=5, mode="cooperative", difficulty="easy")
    r = bot.search(coop.state)
    assert bot.paired and search.TEAM_ITERATIONS <= r.iterations < search.TEAM_ITERATIONS + len(r.options)
    assert bot.rollout_plies == search.TEAM["rollout_plies"]
    assert make_bot("mcts:paired=0", 1).search(race.state).iterations == search.RACE_ITERATIONS
    fixed = make_bot("mcts:iterations=12,paired=1", 1)
    fixed.search(coop.state)
    assert fixed.paired and fixed.iterations == 12
    bot.search(race.state)
    assert (bot.paired, bot.trust_first, bot.to_own_turn) == \
        (search.RACE["paired"], search.RACE["trust_first"], search.RACE["to_own_turn"])
    bot.search(coop.state)
    assert (bot.paired, bot.trust_first, bot.to_own_turn, bot.rollout_spec) == (True, 1.0, False, "careful")
    bot.search(race.state)
    assert bot.rollout_spec == "greedy"  # CarefulBot is GreedyBot in a race; GreedyBot's own caches are quicker
    assert bot.rollout_plies == search.RACE["rollout_plies"]
    told = make_bot("mcts:to_own_turn=0,trust_first=2", 1)
    told.search(race.state)
    assert (told.to_own_turn, told.trust_first) == (False, 2.0)


def test_more_places_to_sail_to_make_more_plans():
    s = next(p for p in _positions(players=2, seed=9, plies=200)
             if RULES.decider(p) >= 0 and not p.frames and len(RULES.options(p, RULES.decider(p))) >= 3)
    seat = RULES.decider(s)
    keys = [o.key for o in search.options(s, seat)]
    assert [o.key for o in search.options(s, seat, targets=search.TARGETS)] == keys
    assert [o.key for o in search.options(s, seat, targets=0)] == ["greedy", "end turn"]
    wide = [o.key for o in search.options(s, seat, targets=8)]
    assert wide[: len(keys) - 1] == keys[:-1] and len(wide) >= len(keys)
    assert [o.key for o in MCTSBot(seed=1, targets=0)._options(RULES, s, seat)] == ["greedy", "end turn"]
    with pytest.raises(ValueError, match="targets"):
        MCTSBot(seed=1, targets=-1)


def test_a_paired_search_measures_each_plan_against_greedybots_world_by_world():
    s = next(p for p in _positions(players=2, seed=9, plies=200)
             if RULES.decider(p) >= 0 and not p.frames and len(RULES.options(p, RULES.decider(p))) >= 3)
    seat = RULES.decider(s)
    greedy_first = RULES.options(s, seat)[0].first(s)
    r = MCTSBot(seed=3, iterations=60, paired=True).search(s)
    gaps = {o.key: o.gap_error for o in r.options}
    assert gaps["greedy"] == 0.0 and all(g is not None and g >= 0 for g in gaps.values())
    assert all(o.gap_error is None for o in MCTSBot(seed=3, iterations=24, paired=False).search(s).options)
    assert MCTSBot(seed=3, iterations=60, paired=True, trust_first=1000).act(s) == greedy_first
