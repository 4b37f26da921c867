"""Every turn of every game ends, whatever a player does (issue 31).

A policy that hunts for cycles (:class:`windward_nb.core.testing.ComebackPolicy`: it always plays
the action that most recently became legal again, such as "pick up tokens" right after "drop
tokens", else a random one) plays whole games of all four games, in every mode and with every
option that changes what a player may do, in every seat. Before ruling R31 it held a Windward
turn for ever with "pick up tokens" / "drop tokens", and a Cooperative turn with a card handed
back and forth.

The bounds asserted: at most ``TURN_BOUND`` decisions within one turn (the plies under one
``rules.turn_label``; the most seen in these games is under 40), and every game over within
``GAME_BOUND`` plies, chance included (the longest seen: about 6,000, a five-captain Windward
game). A turn is bounded by the rules' own counters (speed, mates, cards, the voyage's range,
movement points) and, for cargo and Cooperative gifts, by R31. A whole game is bounded for this
policy, not for every policy: a Windward or North Wind captain who never scores can keep the game
going, as in the board game; Winds of Plunder (nine rounds) and Tailwinds (cards run out) always
end.
"""

from __future__ import annotations

import pytest

from windward_nb.core import registry
from windward_nb.core.testing import ComebackPolicy, check_termination

from toggle_game import RULES, Toggle

TURN_BOUND = 200
GAME_BOUND = 30_000

ALL = ["white", "naturalist", "achievements"]
CASES = [
    ("windward", 1, {}),
    ("windward", 2, {"edition": "b", "mode": "cooperative", "difficulty": "easy"}),
    ("windward", 3, {"mode": "cooperative", "difficulty": "impossible"}),
    ("windward", 4, {"mode": "cooperative", "difficulty": "hard"}),
    ("windward", 2, {}),
    ("windward", 3, {"planet": "small", "edition": "b"}),
    ("windward", 4, {"variants": ["white"]}),
    ("windward", 5, {"variants": ALL}),
    ("windward", 3, {"variants": ["naturalist"], "planet": "small"}),
    ("north-wind", 2, {}),
    ("north-wind", 3, {"stop_early": True}),
    ("north-wind", 4, {"exclusive_bonuses": True}),
    ("winds-of-plunder", 3, {}),
    ("winds-of-plunder", 5, {"end_bonus": "board", "tournament": True}),
    ("tailwinds", 2, {}),
    ("tailwinds", 3, {"wind": "half", "card_end": "any", "last_place": "space", "track": "advanced"}),
    ("tailwinds", 4, {"wind": "off", "market_refill": "end"}),
]


def _id(case) -> str:
    game, players, opts = case
    return f"{game}-{players}-" + "-".join(f"{k}={v}" for k, v in opts.items())


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_a_cycle_hunting_policy_finishes_every_game(case):
    game, players, opts = case
    new_game = registry.part(game, "new_game")
    report = check_termination(lambda seed: new_game(players=players, seed=seed, auto_chance=False, **opts).state,
                               games=2, seed=31, max_plies=GAME_BOUND, max_turn_decisions=TURN_BOUND)
    assert report.finished == 2, str(report)


def test_the_policy_finds_a_pair_of_actions_that_undo_each_other():
    """Without a limit, the policy plays an undoing pair for ever: check_termination then fails."""
    with pytest.raises(AssertionError, match="more than 50 decisions in one turn"):
        check_termination(lambda seed: Toggle.start(), games=1, max_turn_decisions=50)
    report = check_termination(lambda seed: Toggle.start(limited=True), games=1, max_turn_decisions=50)
    assert report.finished == 1 and report.longest_turn <= 4


def test_the_policy_plays_what_came_back_most_recently():
    s = Toggle(flips=3)
    policy = ComebackPolicy(0)
    legal = RULES.legal_actions(s)
    assert [str(a) for a in legal] == ["up", "end"] and policy(s, legal) in legal   # nothing came back yet
    s.up = True
    policy(s, RULES.legal_actions(s))                     # "down" is new, "up" is gone
    s.up = False
    for _ in range(5):                                    # "up" came back: chosen every time
        assert str(policy(s, RULES.legal_actions(s))) == "up"
