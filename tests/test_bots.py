"""Bots: never an illegal move, every decision kind handled, and the greedy plan plays sensibly."""

from __future__ import annotations

import numpy as np
import pytest

import windward_nb as ww
from windward_nb.windward import engine
from windward_nb.bots import GreedyBot, RandomBot, battle_chances, make_bot, routes
from windward_nb.windward.hexgrid import distance
from windward_nb.simulate import play_game


def tracked(cls):
    """A bot factory that remembers the bots it made (to read their counters afterwards)."""
    made = []

    def factory(seed):
        bot = cls(seed)
        made.append(bot)
        return bot

    factory.made = made
    return factory


def act(game, bot=None, n=1) -> list[str]:
    bot = bot or GreedyBot()
    out = []
    for _ in range(n):
        a = bot.act(game.state)
        assert a in game.legal_actions()
        out.append(str(a))
        game.apply(a)
    return out


# ------------------------------------------------------------------------------ legality
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bots_never_play_an_illegal_move(players):
    greedy = tracked(GreedyBot)
    for seed in range(3):
        # play_game checks every bot choice against engine.legal_actions and raises otherwise
        res = play_game(players, greedy, 100 * players + seed)
        assert res.over
        res = play_game(players, "random", 100 * players + seed, max_actions=3000)
        mixed = [greedy if k % 2 else "random" for k in range(players)]
        play_game(players, mixed, 100 * players + seed + 50, max_actions=3000)
    assert greedy.made and all(b.fallbacks == 0 for b in greedy.made)


@pytest.mark.parametrize("options", [{"players": 1}, {"players": 3, "mode": "cooperative"},
                                     {"players": 3, "variants": ["white", "naturalist", "achievements"]},
                                     {"players": 2, "planet": "small"}, {"players": 4, "edition": "b"}],
                         ids=lambda o: "-".join(f"{k}{v}" for k, v in o.items()))
def test_bots_legal_in_other_modes_and_variants(options):
    options = dict(options)
    players = options.pop("players")
    for bots in ("greedy", "random"):
        play_game(players, bots, 9, max_actions=1500, **options)


def test_greedy_games_end_in_a_few_rounds():
    rounds = []
    for players in (2, 3, 4, 5):
        for seed in range(4):
            res = play_game(players, "greedy", 7000 + 10 * players + seed)
            assert res.over and max(res.scores) >= 15
            assert sum(map(sum, res.sources)) == sum(res.scores)
            rounds.append(res.rounds)
    assert max(rounds) <= 15 and 3 <= float(np.median(rounds)) <= 10


def test_greedy_beats_random():
    wins = 0
    for seed in range(10):
        greedy_seat = seed % 2
        bots = ["random", "random"]
        bots[greedy_seat] = "greedy"
        res = play_game(2, bots, 300 + seed)
        wins += res.winner == greedy_seat
    assert wins >= 9


def test_random_bot_is_uniform_and_reproducible():
    g = ww.new_game(players=3, seed=1)
    legal = g.legal_actions()
    picks = [str(RandomBot(7).act(g.state))] * 3
    assert len(set(picks)) == 1
    bot = RandomBot(0)
    counts = {}
    for _ in range(3000):
        a = str(bot.act(g.state))
        counts[a] = counts.get(a, 0) + 1
    assert set(counts) == {str(a) for a in legal}
    assert max(counts.values()) < 3 * min(counts.values())


def test_bots_refuse_chance_and_the_end():
    g = ww.new_game(players=2, seed=3, auto_chance=False)
    g.apply("end turn")
    while g.current_player != ww.CHANCE:
        g.apply(g.legal_actions()[0])
    with pytest.raises(ValueError, match="chance"):
        GreedyBot().act(g.state)
    with pytest.raises(ValueError):
        make_bot("minimax")
    assert isinstance(make_bot("GreedyBot"), GreedyBot) and isinstance(make_bot(RandomBot), RandomBot)


# ------------------------------------------------------------------------------ routes and odds
def test_route_first_moves_are_legal():
    checked = 0
    for seed in range(6):
        def observe(state, action, events):
            nonlocal checked
            if not state.frames and not state.over and checked < 400:
                costs, first = routes(state)
                assert set(first) == set(costs) - {state.ships[state.current].pos}
                for h, a in first.items():
                    assert engine.why_illegal(state, a) is None or state.turn.speed < 1 or h in state.reds \
                        or state.ship_at(h) >= 0, (a, h)
                checked += 1
        play_game(2 + seed % 4, "random", seed, max_actions=600, observer=observe)
    assert checked > 100


# ------------------------------------------------------------------------------ battle decisions
def red_battle(**ship) -> ww.Game:
    """Player 1's ship one step north of a red crester, the wind blowing south: 'move S' attacks it."""
    spec = {"pos": "-3,2", "morale": 3}
    spec.update(ship)
    return ww.scenario(players=2, wind=4, reds=["-3,3"], ships=[spec, {"pos": "port"}], auto_chance=False)


@pytest.mark.parametrize("mine,theirs,expected", [
    ("dice 2,3", "dice 1,1,1,1,1", ["play harpoon", "battle done"]),  # a tie the cheapest card turns into a win
    ("dice 3,3", "dice 1,1,1,1,1", ["battle done"]),  # already winning: keep the cards
    ("dice 1,1", "dice 3,3,3,3,3", ["battle done"]),  # hopeless: keep the cards
    ("dice 1,2", "dice 1,1,1,1,1", ["play heavy harpoon", "battle done"]),  # 3 v 5: only +2... ties; +3 wins
])
def test_bonuses_only_when_they_change_the_result(mine, theirs, expected):
    g = red_battle(hand=["harpoon", "heavy_harpoon"])
    g.apply("move S")
    g.apply("battle cannons 0")
    g.apply(mine)
    g.apply(theirs)
    played = []
    while g.state.frames and g.state.frames[-1]["k"] == "battle" and g.current_player == 0:
        played += act(g)
    if expected[0] == "play heavy harpoon":  # 3 v 5 needs both cards to win
        assert played == ["play harpoon", "play heavy harpoon"] or played == ["play heavy harpoon", "play harpoon"]
    else:
        assert played == expected


def test_hopeless_attack_is_called_off_with_false_flag():
    g = red_battle(morale=1, cannons=1, hand=["false_flag"])
    g.apply("move S")
    assert act(g) == ["play false flag"]
    assert not g.state.frames


def test_attack_spends_cannons_that_pay():
    g = red_battle(morale=4, cannons=5, crew=["Marine"])
    g.apply("move S")
    (choice,) = act(g)
    n = int(choice.split()[-1])
    assert battle_chances("ship", "red", a_cannons=n, a_crew=("Marine",), a_morale=4).win > 0.85


@pytest.mark.parametrize("roll,expected", [("dice 3,3,3,3,3", 0), ("dice 2,2,2,2,2", 3)])
def test_defence_cannons_against_a_known_roll(roll, expected):
    g = red_battle(morale=4, cannons=3, hand=["fuel"])
    g.apply("end turn")
    assert act(g) == ["rest morale"]  # morale at its maximum and only a good card: keep the card
    g.apply(roll)
    # against 15 hits nothing helps (keep the cannons); against 10 hits every cannon counts
    assert act(g) == [f"battle cannons {expected}"]


def test_place_red_far_away_and_plunder_teeth_first():
    g = red_battle(morale=4, cannons=3, crew=["Marine"])
    g.apply("move S")
    g.apply("battle cannons 3")
    g.apply("dice 3,3,3,3,3")
    g.apply("dice 1,1,1,1,1")
    assert g.state.frames[-1]["k"] == "place_red"
    options = [a.arg for a in g.legal_actions()]
    (choice,) = act(g)
    here = g.state.planet.cells[g.state.ships[0].pos]
    assert distance(here, ww.Action.parse(choice).arg) == max(distance(here, h) for h in options)

    g = ww.scenario(players=2, wind=4, reds=[], auto_chance=False, ships=[
        {"pos": "-3,2"}, {"pos": "-3,3", "morale": 1, "red_teeth": 1, "grey_teeth": 1, "tokens": 1}])
    g.apply("move S")
    g.apply("battle cannons 0")
    g.apply("dice 3,3")
    g.apply("dice 1,1")
    g.apply("battle done")  # the defender keeps its token: the ship is lost either way
    assert g.state.frames[-1]["k"] == "plunder"
    assert act(g, n=2) == ["plunder red tooth", "plunder grey tooth"]


def test_rest_discards_rather_than_lose_morale_when_low():
    def rest(morale, hand):
        g = ww.scenario(players=2, wind=4, reds=[], ships=[{"pos": "-3,2", "morale": morale, "hand": hand},
                                                            {"pos": "port"}], auto_chance=False)
        g.apply("end turn")
        return act(g)[0]

    assert rest(1, ["heavy_harpoon"]) == "rest discard heavy harpoon"
    assert rest(2, ["harpoon", "bait"]) == "rest discard bait"
    assert rest(4, ["bait"]) == "rest discard bait"
    assert rest(4, ["heavy_harpoon", "fuel"]) == "rest morale"
    assert rest(3, []) == "rest morale"


def test_take_supplies_picks_the_best_top_card():
    g = ww.scenario(players=2, ships=[{"pos": "port", "hand": []}, {"pos": "port"}], auto_chance=False,
                    stacks=[["fuel", "bait"], ["bait", "coffee", "heavy_harpoon"], ["harpoon", "deadweight"]])
    g.apply("order supplies")
    assert act(g, n=3) == ["take 2", "take 2", "take 1"]  # heavy harpoon, coffee, then the first of equals


# ------------------------------------------------------------------------------ the turn plan
def test_carries_teeth_home():
    g = ww.scenario(players=2, wind=1, reds=[], ships=[{"pos": "0,-1", "red_teeth": 1, "hand": ["fuel"]},
                                                       {"pos": "port"}], auto_chance=False)
    assert act(g) == ["enter port"]
    assert g.state.ships[0].notoriety == 4


def test_processes_a_crester_in_the_hold():
    g = ww.scenario(players=2, wind=1, reds=[], ships=[{"pos": "-3,2", "hold": "red", "morale": 3},
                                                       {"pos": "port"}], auto_chance=False)
    assert act(g) == ["order process"]
    assert g.state.ships[0].red_teeth == 1 and g.state.ships[0].gas == 3


def test_at_port_hires_fills_and_buys_notoriety_with_spare_gas():
    g = ww.scenario(players=2, wind=1, ships=[{"pos": "port", "gas": 6, "morale": 4, "hand": ["fuel", "harpoon", "coffee"]},
                                              {"pos": "port"}])
    done = []
    while g.current_player == 0 and g.state.ships[0].pos == -1 and len(done) < 30:
        done += act(g)
    assert done[:2] == ["order hire Marine", "order cannon"]
    assert done.count("buy cannon") == 2 and done.count("buy notoriety") == 2
    assert any(d.startswith("leave port") for d in done)  # and back out to sky


def test_hunts_a_red_crester_it_can_beat():
    g = ww.scenario(players=2, wind=4, reds=["-3,3"], ships=[
        {"pos": "port", "morale": 4, "cannons": 5, "crew": ["Marine"], "hand": ["fuel", "harpoon"]}, {"pos": "port"}])
    kinds = []
    while g.current_player == 0 and len(kinds) < 60:
        a = GreedyBot().act(g.state)
        kinds += [(e.kind, e.data.get("def")) for e in g.apply(a)]
    assert ("BattleStarted", "red") in kinds
