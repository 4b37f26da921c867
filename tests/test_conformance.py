"""Shared conformance test (OpenSpiel style) over random playouts of every supported option set.

For each playout: every listed legal action applies; invariants hold after every action;
clone, undo, serialise (to_dict/from_dict) and replay of the record all reproduce the state
fingerprint; every chance node's probabilities sum to one. Whole games are cloned too (state,
record, generator and undo history) and both copies undo and play on: neither disturbs the other.
"""

import numpy as np
import pytest

import windward_nb as ww
from windward_nb import engine
from windward_nb.invariants import violations
from windward_nb.state import GameState

CONFIGS = [
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 5},
    {"players": 2, "planet": "small"},
    {"players": 3, "edition": "b"},
]


def check_game_clone(game: ww.Game, action, fingerprints: list[str], rng) -> None:
    """Clone the whole game, undo and play something else on the clone, undo and redo on the
    original: each keeps its own position, record, generator and undo history."""
    fp, plies = fingerprints[-1], list(game.record.actions)
    twin = game.clone()
    assert twin.state.fingerprint() == fp and twin.record.actions == plies
    twin.undo()
    assert twin.state.fingerprint() == fingerprints[-2]
    options = [a for a in twin.legal_actions() if a != action] or twin.legal_actions()
    if options:
        twin.apply(options[int(rng.integers(len(options)))])
    if twin.can_undo:
        twin.undo()
    assert game.state.fingerprint() == fp and game.record.actions == plies  # the original is untouched
    game.undo()
    assert game.state.fingerprint() == fingerprints[-2]
    game.apply(action)  # the generator went back too: the same chance follows
    assert game.state.fingerprint() == fp and game.record.actions == plies


def random_playout(config, seed, max_plies=1500, clone_every=9):
    game = ww.new_game(seed=seed, **config)
    rng = np.random.default_rng(seed)
    side_rng = np.random.default_rng(seed + 1000)  # the clones' choices do not shift the main line
    fingerprints = [game.state.fingerprint()]
    plies = 0
    while not game.is_over and plies < max_plies:
        actions = game.legal_actions()
        assert actions, f"no legal action for {game.current_player} with frames {game.state.frames}"
        action = actions[int(rng.integers(len(actions)))]
        before = game.state.fingerprint()
        clone = game.state.clone()
        game.apply(action)
        problems = violations(game.state)
        assert not problems, f"after {action}: {problems}"
        # the clone taken before is untouched by the apply
        assert clone.fingerprint() == before
        plies += 1
        fingerprints.append(game.state.fingerprint())
        if plies % clone_every == 0:
            check_game_clone(game, action, fingerprints, side_rng)
    return game, fingerprints


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(f"{k}{v}" for k, v in c.items()))
@pytest.mark.parametrize("seed", [1, 2])
def test_random_playout_conformance(config, seed):
    game, fingerprints = random_playout(config, seed)
    # serialise / deserialise the final state
    again = GameState.from_dict(game.state.to_dict())
    assert again.fingerprint() == game.state.fingerprint()
    # replaying the record reproduces the final position
    replayed = ww.GameRecord.from_json(game.record.to_json()).replay()
    assert replayed.state.fingerprint() == game.state.fingerprint()
    # undo walks back through every earlier position, on a clone and then on the original
    twin = game.clone()
    for expected in reversed(fingerprints[:-1][-40:]):
        twin.undo()
        assert twin.state.fingerprint() == expected
    assert game.state.fingerprint() == fingerprints[-1]
    for expected in reversed(fingerprints[:-1][-40:]):
        game.undo()
        assert game.state.fingerprint() == expected


def test_chance_probabilities_sum_to_one():
    seen = set()
    for seed in range(3):
        game = ww.new_game(players=3, seed=seed, auto_chance=False)
        rng = np.random.default_rng(seed)
        s = game.state
        for _ in range(1500):
            if s.over:
                break
            if engine.decider(s) == engine.CHANCE:
                outcomes = engine.chance_outcomes(s)
                kind = s.frames[-1]["k"]
                if outcomes is not None:
                    seen.add(kind)
                    assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
                    assert all(p > 0 for _, p in outcomes)
                action = engine.sample_chance(s, rng)
            else:
                acts = engine.legal_actions(s)
                action = acts[int(rng.integers(len(acts)))]
            engine.apply(s, action)
    assert {"battle", "wind"} <= seen


def test_dice_outcomes_match_brute_force():
    from itertools import product
    from collections import Counter

    faces = (1, 1, 1, 2, 2, 3)
    for n in range(0, 5):
        brute = Counter(tuple(sorted(r)) for r in product(faces, repeat=n))
        total = len(faces) ** n
        listed = dict(engine.dice_outcomes(n, faces))
        assert set(listed) == set(brute)
        for dice, count in brute.items():
            assert listed[dice] == pytest.approx(count / total, abs=1e-12)


def test_illegal_actions_leave_state_unchanged():
    rng = np.random.default_rng(5)
    game = ww.new_game(players=4, seed=5)
    junk = ["move N", "enter port", "leave port S", "zephyr 0,0", "around", "row 1 N", "order process",
            "order supplies", "buy notoriety", "play harpoon", "pick up gas", "drop crester", "take 1",
            "battle cannons 9", "battle token", "rest morale", "place red 0,-1", "plunder token", "wind 2",
            "dice 1,1", "end turn"]
    refused = 0
    for _ in range(400):
        if game.is_over:
            break
        legal = {str(a) for a in game.legal_actions()}
        for text in junk:
            if text in legal:
                continue
            before = game.state.fingerprint()
            with pytest.raises(ww.IllegalActionError) as info:
                game.apply(text)
            assert "[" in str(info.value) and str(info.value).endswith("]")
            assert game.state.fingerprint() == before
            refused += 1
        acts = game.legal_actions()
        game.apply(acts[int(rng.integers(len(acts)))])
    assert refused > 1000
