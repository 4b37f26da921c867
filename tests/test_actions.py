"""Action text forms parse back to the same action; malformed text is refused clearly."""

import numpy as np
import pytest

import windward_nb as ww
from windward_nb.windward.actions import Action


def test_every_legal_action_round_trips_through_text():
    rng = np.random.default_rng(0)
    seen = set()
    for seed in range(4):
        game = ww.new_game(players=4, seed=seed, auto_chance=False)
        for _ in range(800):
            if game.is_over:
                break
            acts = game.legal_actions()
            if not acts:  # a shuffle: sampled, not listed
                acts = [ww.windward.engine.sample_chance(game.state, rng)]
            for a in acts:
                assert Action.parse(str(a)) == a
                seen.add(a.verb)
            game.apply(acts[int(rng.integers(len(acts)))])
    assert {"move", "leave", "order", "end", "dice", "wind", "cannons", "rest"} <= seen


@pytest.mark.parametrize("text", ["", "fly N", "move", "move XX", "move 7", "row N", "row 0 N", "order fly",
                                  "battle cannons -1", "battle", "pick gas", "place red", "dice a,b", "end",
                                  "leave port", "buy planet", "rest sleep"])
def test_malformed_text_raises_value_error(text):
    with pytest.raises(ValueError):
        Action.parse(text)


def test_parse_is_case_and_space_tolerant():
    assert Action.parse("  MOVE  se ") == Action("move", 3)
    assert Action.parse("order hire gas worker") == Action("order", "hire Gas Worker")
    assert Action.parse("play False Flag") == Action("play", "false_flag")
    assert str(Action.parse("play bait 2,-3")) == "play bait 2,-3"
    assert str(Action.parse("rest discard heavy harpoon")) == "rest discard heavy harpoon"
