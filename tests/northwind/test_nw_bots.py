"""North Wind bots: legal, reproducible, and GreedyBot clearly better than random; tournaments."""

from __future__ import annotations

import pytest

from windward_nb.core.bots import make_bot
from windward_nb.core.simulate import play_many
from windward_nb.northwind import BOTS, GreedyBot, upgrade_tournament
from windward_nb.northwind.scenario import scenario


def test_greedy_beats_random_in_most_games():
    res = play_many(20, players=2, bots=["greedy", "random"], seed=3, game="north-wind", progress=False)
    assert res.over.all() and (res.winner == 0).sum() >= 18


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_games_end_by_the_rules_and_replay(players):
    res = play_many(4, players=players, bots="greedy", seed=players, game="north-wind", progress=False, record=True)
    assert res.over.all() and (res.winner >= 0).all()
    assert res.turns.max() < 250
    for rec in res.records:
        assert rec.replay().is_over


def test_bots_are_reproducible():
    a = play_many(3, players=3, bots="greedy", seed=9, game="north-wind", progress=False)
    b = play_many(3, players=3, bots="greedy", seed=9, game="north-wind", progress=False)
    assert (a.plies == b.plies).all() and (a.winner == b.winner).all()


def test_upgrade_orders_by_name_and_by_spec():
    bot = make_bot("greedy:upgrades=sail-lookout", 0, BOTS)
    assert isinstance(bot, GreedyBot) and bot.upgrades == ("sail", "lookout")
    assert bot.name == "GreedyBot(sail-lookout)"
    with pytest.raises(ValueError):
        GreedyBot(upgrades="sail-kraken")


def test_greedy_completes_a_task_it_can():
    g = scenario(players=2, stacks={"olsand": ["olsand"]}, hold=[{"salt": 1, "fish": 1}, {}])
    bot = GreedyBot(seed=0)
    assert str(bot.act(g.state)) == "sail olsand"
    g.apply("sail olsand")
    g.apply("reveal")
    assert str(bot.act(g.state)) == "deliver"


def test_greedy_fights_only_with_good_odds_and_explains():
    g = scenario(players=2, stacks={"olsand": ["fog-1"]}, gold=[3, 3], cannons=[4, 1])
    g.apply("sail olsand")
    g.apply("reveal")
    g.apply("event pirate 1")
    bot = GreedyBot(seed=0)
    assert str(bot.act(g.state)) == "fight" and "94%" in bot.explain(g.state, bot.act(g.state))
    g2 = scenario(players=2, stacks={"olsand": ["fog-1"]}, gold=[3, 3])
    g2.apply("sail olsand")
    g2.apply("reveal")
    g2.apply("event pirate 2")
    assert str(bot.act(g2.state)) == "pay"


def test_greedy_buys_its_shopping_list_and_keeps_the_second_action_for_the_task():
    g = scenario(players=2, stacks={"olsand": ["salt-1", "grain-1", "olsand"]}, hold=[{"fish": 1}, {}],
                 letters=[0, 0], stop_early=True)
    bot = GreedyBot(seed=0)
    g.apply("sail olsand")
    g.apply("reveal")
    assert str(bot.act(g.state)) == "buy salt"
    g.apply("buy salt")
    g.apply("reveal")
    assert str(bot.act(g.state)) == "pass", "Olsand's task can be done further on: keep the action"


def test_the_tournament_seats_everyone_first_half_the_time():
    t = upgrade_tournament({"a": "cannon", "b": "sail", "r": "random"}, games=4, seed=2)
    assert all(r.games == 8 for r in t.rows)
    assert sum(r.wins for r in t.rows) <= 12
    assert t.pairs[("a", "r")][0] >= 3, "a GreedyBot beats the random bot"
    assert "win rate (95% interval)" in t.to_text()
    with pytest.raises(ValueError):
        upgrade_tournament({"a": "cannon", "b": "sail"}, games=3)
    with pytest.raises(ValueError):
        upgrade_tournament({"a": "cannon"}, games=2)


def test_the_search_bot_plans_stacks_and_fights_and_plays_legally():
    from windward_nb.core.mcts import MCTSBot
    from windward_nb.northwind import RULES, new_game

    g = new_game(players=2, seed=4)
    opts = RULES.options(g.state, 0)
    assert sorted(o.key for o in opts) == ["sail fort-haven", "sail north-cape", "sail olsand"]
    bot = MCTSBot(seed=1, iterations=12, rollout="greedy", rollout_plies=30)
    a = bot.act(g.state)
    assert a in g.legal_actions()
    assert 0 <= RULES.value(g.state)[0] <= 1
    f = scenario(players=2, stacks={"olsand": ["fog-1"]}, gold=[3, 3], cannons=[2, 1])
    f.apply("sail olsand")
    f.apply("reveal")
    f.apply("event pirate 1")
    assert {o.key for o in RULES.options(f.state, 0)} == {"pay", "fight"}
