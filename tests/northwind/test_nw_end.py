"""End of the Game: the first captain with all their tokens on the board during their turn wins."""

from __future__ import annotations

from nw_helpers import at, game, kinds, no_invariant_broken, play, refused

END = "End of the Game"


def near_win(players=2, **kw):
    """Seat 0 has 8 tokens on the board (2-3 players) and can complete Olsand's first task."""
    tasks = {"north-cape": [0, 0, 0, 0], "fort-haven": [0, 0]}
    kw.setdefault("letters", [0] * players)
    kw.setdefault("hold", [{"salt": 1, "fish": 1}] + [{}] * (players - 1))
    g = game(players=players, tasks=tasks, stacks={"olsand": ["olsand", "wreck"]}, **kw)
    assert g.state.on_board(0) == 8
    return g


def test_reaching_ten_tokens_on_your_turn_ends_the_game_at_once():
    g = near_win()
    ev = play(g, "sail olsand", "reveal", "deliver")
    s = g.state
    assert "GameOver" in kinds(ev) and g.is_over and s.winner == 0
    assert s.on_board(0) == 10 and s.tokens[0] == 0, "the 'every harbour' bonus had no token left (N32)"
    assert g.returns() == [1.0, 0.0] and g.scores() == [10, 0] and g.legal_actions() == []
    assert "Player 1 wins" in s.result
    refused(g, "sail olsand", END)
    refused(g, "event treasure", END)
    no_invariant_broken(g)


def test_four_captains_play_to_eight():
    g = game(players=4, tasks={"north-cape": [0, 0, 0, 0], "fort-haven": [0]},
             stacks={"olsand": ["olsand"]}, hold=[{"salt": 1, "fish": 1}, {}, {}, {}])
    assert g.state.on_board(0) == 7 and g.state.target_tokens == 8
    play(g, "sail olsand", "reveal", "deliver")
    assert g.is_over and g.state.winner == 0 and g.returns() == [1.0, 0.0, 0.0, 0.0]


def test_tokens_reached_on_another_captains_turn_win_when_your_turn_begins():
    full3 = ["boatswain", "bookkeeper", "cannoneer"]
    g = at("equip-3", letters=[0, 1], gold=[5, 5], crew=[[], full3],
           tasks={"north-cape": [1, 1, 1, 1], "fort-haven": [1, 1, 1]})
    assert g.state.on_board(1) == 9
    play(g, "buy cannon")
    play(g, "hire lookout")  # seat 1's letter: the crew bonus, its tenth token, on seat 0's turn
    assert g.state.on_board(1) == 10 and not g.is_over
    play(g, "end voyage")
    ev = g.apply("shuffle olsand " + ",".join(g.state.stacks[2]))
    assert g.is_over and g.state.winner == 1 and "start of their turn" in g.state.result
    assert "GameOver" in kinds(ev)


def test_when_every_task_field_is_filled_the_most_tokens_win():
    """Unreachable with the default board (someone wins first), possible with short columns of your own."""
    tasks = {"columns": {"north-cape": [{"need": {"gold": 1}}], "fort-haven": [{"need": {"gold": 1}}],
                         "olsand": [{"need": {"gold": 1}}]}}
    g = game(data={"tasks": tasks}, tasks={"north-cape": [1], "fort-haven": [1]}, stacks={"olsand": ["olsand"]},
             letters=[0, 0])
    ev = play(g, "sail olsand", "reveal", "deliver")
    assert g.is_over and "every task field is filled" in g.state.result and "GameOver" in kinds(ev)
    assert g.scores() == [2, 4] and g.state.winner == 1


def test_the_turn_limit_ends_the_game_with_the_most_tokens_winning():
    g = game(max_turns=1, tasks={"olsand": [1]}, stacks={"olsand": ["wreck"]})
    play(g, "sail olsand", "reveal", "salvage", "end voyage")
    g.apply("shuffle olsand " + ",".join(g.state.stacks[2]))
    assert g.is_over and g.state.winner == 1 and "turn limit" in g.state.result


def test_a_tie_at_the_limit_has_no_winner():
    g = game(max_turns=1, stacks={"olsand": ["wreck"]})
    play(g, "sail olsand", "reveal", "salvage", "end voyage")
    g.apply("shuffle olsand " + ",".join(g.state.stacks[2]))
    assert g.is_over and g.state.winner == -1 and g.returns() == [0.0, 0.0] and "no winner" in g.state.result
