"""PLUNDERING and ACTIONS: three action points around one sailing; the Largest Crew bonus action."""

from __future__ import annotations

from plunder_helpers import kinds, refused, scenario, seat

from windward_nb.core.game import Game
from windward_nb.plunder.components import COMPONENTS as C


def turn(**kw):
    base = dict(ships={"red": "jamaica", "blue": "nassau", "green": "belize"}, wind="E", turn="red")
    base.update(kw)
    return scenario(3, **base)


def test_three_points_before_and_after_sailing_then_no_more():
    g = turn()
    g.apply("draw")
    g.apply("sail san-salvador")
    g.apply("draw")
    g.apply("add 2")
    s = g.state
    assert s.ap == 3 and len(s.hands[0]) == 2 and s.wind_cubes[0] == 12
    refused(g, "draw", "Actions", "0 are left")
    refused(g, "add 2", "Actions")
    assert [str(a) for a in g.legal_actions()] == ["end turn"]
    g.apply("end turn")
    assert g.current_player == seat("blue") and s.ap == 0


def test_adding_cubes_costs_one_two_or_three_points_and_needs_the_cubes_in_reserve():
    g = turn()
    g.apply("add 5")
    assert g.state.ap == 2 and g.state.wind_cubes[0] == 15 and g.state.reserve[0] == 11
    refused(g, "add 9", "Actions", "costs 3")
    refused(g, "add 5", "Actions")
    g = turn(wind_cubes={"red": 22})  # 4 left in the reserve
    refused(g, "add 5", "Actions", "reserve holds 4")
    g.apply("add 2")
    assert g.state.reserve[0] == 2


def test_the_turn_cannot_end_before_sailing_unless_windlocked():
    g = turn()
    refused(g, "end turn", "Sailing", "must sail")
    g = turn(ships={"red": "trinidad", "blue": "nassau", "green": "belize"})  # nothing east of Trinidad
    assert [str(a) for a in g.legal_actions()][0].startswith("gust ")
    g.apply("end turn")
    assert g.current_player == seat("blue") and g.state.ship[0] == C.port_index["trinidad"] and g.state.vp[0] == 0


def test_the_largest_crew_takes_one_one_point_bonus_action_after_ending_the_turn():
    g = turn(tally={"red": {"crew": 2}})
    assert g.state.markers["crew"] == 0
    g.apply("sail santo-domingo")
    for _ in range(3):
        g.apply("draw")
    ev = g.apply("end turn")
    assert "BonusAction" in kinds(ev) and g.state.phase == "bonus" and g.current_player == 0
    refused(g, "add 5", "Advantages", "one-point")
    refused(g, "sail nassau", "Advantages")
    ev = g.apply("add 2")
    assert "TurnEnded" in kinds(ev) and g.current_player == seat("blue") and g.state.wind_cubes[0] == 12


def test_the_bonus_may_be_skipped_and_nobody_else_gets_one():
    g = turn(tally={"red": {"crew": 2}})
    g.apply("sail santo-domingo")
    g.apply("end turn")
    g.apply("end turn")
    assert g.current_player == seat("blue") and g.state.phase == "plunder"
    g.apply("sail " + str(g.legal_actions()[0].arg))
    g.apply("end turn")
    assert g.current_player == seat("green")


def test_an_empty_deck_reshuffles_its_discards_when_a_card_is_drawn():
    s = turn().state
    s.action_discard, s.action_deck = s.action_deck[:-1], s.action_deck[-1:]
    g = Game(s, None, seed=3)
    g.apply("draw")
    assert s.action_deck == [] and len(s.hands[0]) == 1
    ev = g.apply("draw")
    assert "DeckEmpty" in kinds(ev) and "Shuffled" in kinds(ev) and "CardDrawn" in kinds(ev)
    assert len(s.hands[0]) == 2 and s.action_discard == [] and len(s.action_deck) == 38
    assert g.actions[-2].verb == "draw" and g.actions[-1].verb == "shuffle-actions"
    g.undo()
    assert len(g.state.hands[0]) == 1 and g.state.action_deck == []


def test_drawing_with_no_card_anywhere_is_refused():
    g = turn()
    s = g.state
    s.hands[1], s.action_deck = s.action_deck, []
    refused(g, "draw", "Card Management", "both empty")
