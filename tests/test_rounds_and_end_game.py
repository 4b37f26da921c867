"""Rulebook sections "Ending the Round" and "Ending the Game".

Ships wait at port, so "end turn" is a whole turn; notoriety is bought at the
Trading Post (2 gas each).
"""

from __future__ import annotations


import windward_nb as ww
from rules_helpers import first, kinds, make, refused


def port_ships(n, extra=None):
    """n ships waiting at port; ``extra`` maps a seat to more ship fields."""
    extra = extra or {}
    return [{"pos": "port", "morale": 4, **extra.get(i, {})} for i in range(n)]


# ----------------------------------------------------------------------------- ending the round
def test_new_wind_is_rolled_when_play_returns_to_the_first_player():
    g = make(3, wind=3, first=1, ships=port_ships(3))
    s = g.state
    assert s.current == 1 and s.round == 1
    g.apply("end turn")                       # seat 1 -> seat 2: same round, no roll
    assert g.current_player == 2 and s.wind == 3
    g.apply("end turn")                       # seat 2 -> seat 0
    assert g.current_player == 0 and s.wind == 3 and s.round == 1
    ev = g.apply("end turn")                  # seat 0 -> seat 1, the first player: a new round
    assert "RoundStarted" in kinds(ev) and s.round == 2
    assert g.current_player == ww.CHANCE and s.current == 1 and s.frames[-1]["k"] == "wind"
    # never the same direction as before: the re-roll is folded into five equal outcomes
    outs = g.chance_outcomes()
    assert [str(a) for a, _ in outs] == ["wind 1", "wind 2", "wind 4", "wind 5", "wind 6"]
    assert all(abs(p - 0.2) < 1e-12 for _, p in outs)
    refused(g, "wind 3", "Ending the Round", "the new wind must differ")
    refused(g, "end turn", "Taking a Turn", "roll the wind")
    ev = g.apply("wind 5")
    assert first(ev, "WindChanged").data["wind"] == 5 and s.wind == 5
    # the wind is set before the first player acts
    assert g.current_player == 1 and "TurnStarted" in kinds(ev)
    assert kinds(ev).index("WindChanged") < kinds(ev).index("TurnStarted")


def test_seeded_rounds_always_change_the_wind():
    g = ww.scenario(players=2, wind=2, ships=port_ships(2), reds=[], seed=11)
    winds = [g.state.wind]
    for _ in range(80):
        ev = g.apply("end turn")
        winds += [e.data["wind"] for e in ev if e.kind == "WindChanged"]
    assert len(winds) == 41                     # one roll per round
    assert all(a != b for a, b in zip(winds, winds[1:]))
    assert len(set(winds)) == 6


# ----------------------------------------------------------------------------- ending the game
def buy_to(g, seat):
    g.apply("buy notoriety")
    return g.state.ships[seat].notoriety


def test_reaching_15_gives_every_other_player_one_final_turn():
    g = make(3, wind=3, first=0, ships=port_ships(3, {1: {"notoriety": 14, "gas": 2}}), current=1)
    assert buy_to(g, 1) == 15
    assert not g.is_over and g.returns() == [0.0, 0.0, 0.0]
    g.apply("end turn")                          # seat 1 triggered: seats 2 and 0 play once more
    assert g.current_player == 2 and not g.is_over
    g.apply("end turn")
    g.apply("wind 1")                            # seat 0 is the first player: a new round
    assert g.current_player == 0 and not g.is_over
    ev = g.apply("end turn")                     # the game ends before seat 1's next turn
    assert g.is_over and g.current_player == ww.TERMINAL
    over = first(ev, "GameOver")
    assert over.data["winner"] == 1 and over.data["scores"] == [0, 15, 0]
    assert "TurnStarted" not in kinds(ev)
    assert g.scores() == [0, 15, 0] and g.returns() == [0.0, 1.0, 0.0]
    assert g.legal_actions() == []
    refused(g, "end turn", "Ending the Game", "the game is over")


def test_a_final_turn_can_overtake_the_trigger_player_and_scores_go_past_15():
    g = make(2, wind=3, ships=port_ships(2, {0: {"notoriety": 14, "gas": 2}, 1: {"notoriety": 14, "gas": 6}}))
    buy_to(g, 0)
    g.apply("end turn")
    for _ in range(3):
        buy_to(g, 1)
    ev = g.apply("end turn")
    assert g.is_over and first(ev, "GameOver").data["winner"] == 1
    assert g.scores() == [15, 17] and g.returns() == [0.0, 1.0]


def test_a_tie_for_the_lead_means_more_final_turns_from_the_trigger_player():
    g = make(2, wind=3, ships=port_ships(2, {0: {"notoriety": 14, "gas": 4}, 1: {"notoriety": 13, "gas": 4}}))
    s = g.state
    buy_to(g, 0)                                  # seat 0 triggers with 15
    g.apply("end turn")
    buy_to(g, 1)
    buy_to(g, 1)                                  # seat 1 ties at 15
    g.apply("end turn")
    assert not g.is_over and g.returns() == [0.0, 0.0]
    g.apply("wind 2")
    assert g.current_player == 0                  # the trigger player starts the extra round
    g.apply("end turn")
    g.apply("end turn")                           # still tied: another round
    assert not g.is_over
    g.apply("wind 4")
    assert buy_to(g, 0) == 16
    g.apply("end turn")
    assert not g.is_over and g.current_player == 1   # seat 1 still gets its final turn
    ev = g.apply("end turn")
    assert g.is_over and first(ev, "GameOver").data["winner"] == 0
    assert g.scores() == [16, 15] and g.returns() == [1.0, 0.0]
    assert s.round == 3


def test_no_end_below_15():
    g = make(2, wind=3, ships=port_ships(2, {0: {"notoriety": 14}}))
    for _ in range(2):
        g.apply("end turn")
    assert not g.is_over and g.current_player == ww.CHANCE
