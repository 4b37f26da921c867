"""END OF GAME VP BONUSES and GAME TIE BREAKERS."""

from __future__ import annotations

import pytest
from plunder_helpers import kinds, scenario

from windward_nb.plunder import RULES
from windward_nb.plunder.scoring import end_bonus, winners


def last_turns(**kw):
    """The last round's plunder turns: each ship sails once and the game ends."""
    base = dict(ships={"red": "jamaica", "blue": "jamaica", "green": "jamaica"}, wind="E", turn="red", rounds=1)
    base.update(kw)
    g = scenario(3, **base)
    ev = []
    while not g.is_over:
        legal = [str(a) for a in g.legal_actions()]
        pick = "no boarding" if "no boarding" in legal else "end turn" if g.state.sailed else \
            next(a for a in legal if a.startswith("sail "))
        ev = g.apply(pick)
    return g, ev


def test_the_game_ends_after_the_last_round_with_the_bonuses_added():
    g, ev = last_turns(tally={"red": {"weapons": 4, "crew": 5, "provisions": 2}})
    assert "GameOver" in kinds(ev) and g.state.phase == "over" and g.legal_actions() == []
    bonus = [e for e in ev if e.kind == "EndBonus"]
    assert len(bonus) == 3 and bonus[0].data["parts"]["crew"] == 2
    assert g.returns() == [1.0 if i in g.winners() else 0.0 for i in range(3)]


def test_nine_rounds_by_default():
    from windward_nb.plunder import new_game

    g = new_game(players=3, seed=4)
    assert g.state.options["rounds"] == 9
    from windward_nb.core.simulate import play_game

    r = play_game("winds-of-plunder", players=3, bots="greedy", seed=4, record=True)
    assert r.over and sum(1 for a in r.record.actions if a.startswith("first ")) == 9


@pytest.mark.parametrize("table,expected", [
    ("text", {"wind": 3, "weapons": 2, "crew": 3, "provisions": 5, "markers": 4}),
    ("board", {"wind": 0, "weapons": 2, "crew": 2, "provisions": 2, "markers": 4}),
])
def test_the_sheets_text_and_its_board_picture_give_different_bonuses(table, expected):
    got = end_bonus({"wind": 11, "weapons": 7, "crew": 6, "provisions": 5, "markers": 2}, table)
    assert got == expected


def test_the_end_bonus_option_changes_the_final_score():
    tally = {"red": {"weapons": 4, "crew": 4, "provisions": 4}}
    text, _ = last_turns(tally=tally)
    board, _ = last_turns(tally=tally, end_bonus="board")
    assert text.scores()[0] - board.scores()[0] == (3 + 1 + 2 + 4) - (0 + 1 + 1 + 2)


def _tied(**changes):
    g = scenario(3, rounds=1)
    s = g.state
    s.vp = [20, 20, 20]
    for k, v in changes.items():
        setattr(s, k, v)
    return s


def test_tie_breakers_in_order():
    s = _tied(blackbeard=2)
    assert winners(s) == [2]
    s = _tied(blackbeard=0, vp=[19, 20, 20], markers={"weapons": 2, "crew": 2, "provisions": 1})
    assert winners(s) == [2]  # more markers
    s = _tied(blackbeard=0, vp=[19, 20, 20], markers={"weapons": 2, "crew": 1, "provisions": -1})
    assert winners(s) == [2]  # Most Weapons
    s = _tied(blackbeard=0, vp=[19, 20, 20], markers={"weapons": -1, "crew": 1, "provisions": 2})
    assert winners(s) == [1]  # Largest Crew
    s = _tied(blackbeard=0, vp=[19, 20, 20], hands=[[], [1], [2, 3]])
    assert winners(s) == [2]  # most unused cards
    s = _tied(blackbeard=0, vp=[19, 20, 20])
    assert winners(s) == [1, 2]  # shared
    s = _tied(blackbeard=0, vp=[19, 20, 20], options={**s.options, "tournament": True})
    assert winners(s) == [1]  # closest clockwise after Blackbeard


def test_returns_give_one_to_each_winner_once_over():
    g, _ = last_turns()
    s = g.state
    assert sum(RULES.returns(s)) == len(winners(s)) >= 1
