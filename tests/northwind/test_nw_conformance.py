"""The core conformance harness on North Wind: random and bot-guided playouts for 2-4 captains.

Every action of every playout is checked (legal actions apply and parse back,
chance sums to 1, invariants, refusals change nothing and name a rule, clones,
undo, to_dict/from_dict, records replaying, observation/determinize). The
invariants include: commodities, pirate captains, letters and task tokens
conserved, gold never negative, hold, brig and letter limits, and every stack
keeping its tiles.
"""

from __future__ import annotations

import pytest

from windward_nb.core.testing import check_playouts
from windward_nb.northwind import GreedyBot, NWState, new_game


def guided(seed, explore=0.25):
    """A GreedyBot that plays a random legal action a quarter of the time (deep and varied games)."""
    bot = GreedyBot(seed=seed)

    def choose(game, rng):
        legal = game.legal_actions()
        if rng.random() < explore:
            return legal[int(rng.integers(len(legal)))]
        return bot.act(game.state, legal)

    return choose


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bot_guided_playouts_to_the_end(players):
    report = check_playouts(lambda seed: new_game(players=players, seed=seed), games=2, seed=100 * players,
                            max_plies=6000, hidden=True, from_dict=NWState.from_dict, bots=guided(players),
                            observe_every=11)
    assert report.finished == 2, report
    assert report.redraws > 0 and report.record_round_trips == 2


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts(players):
    """Uniformly random play reaches odd corners (letters for throws, hopeless fights, cuts)."""
    report = check_playouts(lambda seed: new_game(players=players, seed=seed), games=2, seed=7 * players,
                            max_plies=500, hidden=True, from_dict=NWState.from_dict)
    assert report.decisions >= 900


@pytest.mark.parametrize("options", [{"stop_early": True}, {"exclusive_bonuses": True}, {"max_turns": 12}])
def test_playouts_with_each_option(options):
    report = check_playouts(lambda seed: new_game(players=3, seed=seed, **options), games=1, seed=31,
                            max_plies=3000, hidden=True, from_dict=NWState.from_dict, bots=guided(3))
    assert report.finished == 1


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_many_random_games_to_the_end(players):
    """Whole games of uniformly random play (hundreds to thousands of decisions each): one per player count in CI."""
    report = check_playouts(lambda seed: new_game(players=players, seed=seed), games=1, seed=1000 + players,
                            max_plies=100_000, hidden=True, from_dict=NWState.from_dict, clone_every=400,
                            observe_every=29)
    assert report.finished == 1 and report.decisions > 500
