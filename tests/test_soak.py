"""Soak: many whole games in every mode and variant combination, random and greedy bots, the
invariants (every stacking cap included) checked after every action, and each game's record
saved, loaded and replayed to the same position.

CI plays each (combination, bots) pair once, cut off at a few hundred plies. A longer soak:

    WINDWARD_SOAK_GAMES=600 WINDWARD_SOAK_PLIES=20000 .venv/bin/python -m pytest tests/test_soak.py -m slow

``WINDWARD_SOAK_GAMES`` is the number of games (spread round-robin over the pairs, each with its
own seed, player count, planet, edition and difficulty); ``WINDWARD_SOAK_PLIES`` caps each game.
"""

from __future__ import annotations

import itertools
import os
from collections import Counter

import pytest

import windward_nb as ww
from windward_nb.windward.invariants import violations
from windward_nb.simulate import play_game
from test_modes_conformance import mode_problems

VARIANTS = ("white", "naturalist", "achievements")
VARIANT_SETS = [v for r in range(len(VARIANTS) + 1) for v in itertools.combinations(VARIANTS, r)]
COMBINATIONS = ([("solo", ()), ("cooperative", ())]
                + [(mode, v) for mode in ("head-to-head", "free-for-all") for v in VARIANT_SETS])
BOTS = ("random", "greedy", "mixed")
PLANETS = ("large-r6", "small", "large", "large-r8")  # the default first
PAIRS = [(mode, variants, bots) for (mode, variants) in COMBINATIONS for bots in BOTS]

GAMES = int(os.environ.get("WINDWARD_SOAK_GAMES", str(len(PAIRS))))
PLIES = int(os.environ.get("WINDWARD_SOAK_PLIES", "300"))


def options(index: int, mode: str, variants: tuple) -> dict:
    """Player count, planet, edition and difficulty vary with the game's index (the first round of
    pairs, all that CI plays, is on the default planet; the Solo Adventure's red routes are chosen,
    then fixed)."""
    k = index // len(PAIRS)
    o: dict = {"mode": mode, "variants": variants, "edition": "ab"[(index + k) % 2]}
    if mode == "solo":
        o.update(players=1, planet=PLANETS[k % 4], red_routes=("chosen", "fixed")[(k // 4) % 2])
    elif mode == "cooperative":
        o.update(players=(1 if o["edition"] == "b" else 2) + k % 3,
                 difficulty=("easy", "normal", "hard", "impossible")[k % 4],
                 planet=("large-r6", "large", "large-r7", "large-r8")[(k // 4) % 4])   # never the small one
    elif mode == "head-to-head":
        o.update(players=2, planet=PLANETS[(k // 2) % 4])
    else:
        o.update(players=3 + k % 3, planet=PLANETS[(k // 3) % 4])
    return o


def soak_one(index: int, tmp_path) -> tuple[int, Counter]:
    mode, variants, bots = PAIRS[index % len(PAIRS)]
    o = options(index, mode, variants)
    players = o.pop("players")
    if bots == "mixed":
        bots = ["random" if (seat + index) % 2 else "greedy" for seat in range(players)]
    seen: Counter = Counter()

    def check(state, action, events):
        problems = violations(state) + mode_problems(state)
        assert not problems, f"game {index} ({mode} {variants} {o}), after {action}: {problems}"
        seen.update(e.kind for e in events)

    res = play_game(players, bots, 9000 + index, max_actions=PLIES, record=True, observer=check, index=index, **o)
    path = res.record.save(tmp_path / f"soak-{index}.wwr.json")
    again = ww.load_record(path).replay()
    assert again.scores() == res.scores and again.state.over == res.over
    return res.plies, seen


@pytest.mark.slow
def test_soak_every_mode_and_variant_with_invariants_after_every_action(tmp_path):
    assert GAMES >= 1
    total_plies, seen, finished = 0, Counter(), 0
    for index in range(GAMES):
        plies, kinds = soak_one(index, tmp_path)
        total_plies += plies
        seen += kinds
        (tmp_path / f"soak-{index}.wwr.json").unlink()
    print(f"soak: {GAMES} games, {total_plies} actions, each checked; {len(PAIRS)} (mode, variants, bots) pairs")
    if GAMES >= len(PAIRS):  # every pair played: the variety of a real soak
        assert {"BattleEnded", "CresterMoved", "ShipLost", "CardsTaken", "WindChanged"} <= set(seen)
