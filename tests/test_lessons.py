"""windward_nb.windward.lessons: the try-it checker never changes the lesson's game, never raises for anything
a learner can type, and judges the goals the lesson notebook uses."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import windward_nb as ww
from windward_nb.windward import lessons
from windward_nb.windward.lessons import PLACEHOLDER, Verdict, check, check_map, goals


def sky_game():
    return ww.scenario(players=2, wind=3, ships=[{"pos": "2,1", "morale": 2, "hand": ["fuel"]}, {}],
                       greys=["-3,1"], auto_chance=False)


def test_placeholder_gets_not_yet():
    g = sky_game()
    for answer in (..., None, [...], ["move N", ...]):
        v = check(g, answer, goals.ship(at="1,1"))
        assert v.ok is None and v.message == PLACEHOLDER and not v
        assert v.message.startswith("Not yet:")


@pytest.mark.parametrize("answer,expected", [
    ([], "your list is empty"),
    ("", "your answer is empty"),
    (42, "as a list of actions"),
    ({"move": "N"}, "as a list of actions"),
    (["move N", 3], "item 2 of your list, 3, is not an action"),
    (["fly away"], "I cannot read 'fly away' (action 1)"),
    (["move NW"], "'move NW' (action 1) is refused"),
    (["move SW", "move N", "move N", "move N", "move N", "move N"], "is refused"),
])
def test_bad_answers_get_a_reason(answer, expected):
    v = check(sky_game(), answer, goals.ship(at="1,1"))
    assert v.ok is False and v.message.startswith("Not yet: ")
    assert expected in v.message


def test_a_typo_gets_the_closest_legal_actions():
    v = check(sky_game(), ["mvoe SW"], goals.ship(at="1,1"))
    assert "Did you mean: move SW" in v.message


def test_a_string_answer_is_read_as_lines_or_semicolons():
    g = sky_game()
    assert check(g, "move SW; move N", goals.ship(at="1,1", max_speed=2)).ok
    assert check(g, "move SW\nmove N\n", goals.ship(at="1,1", max_speed=2)).ok
    assert check(g, ww.Action.parse("move SW"), goals.ship(at="1,2")).ok


def test_check_never_changes_the_game():
    g = sky_game()
    before = g.state.fingerprint()
    check(g, ["move SW", "move N", "end turn", "rest discard fuel"], goals.ship(at="1,1"))
    check(g, ["move SW", "nonsense"], goals.ship(at="1,1"))
    assert g.state.fingerprint() == before and not g.can_undo


answers = st.one_of(
    st.none(), st.just(...), st.integers(), st.text(max_size=30), st.dictionaries(st.text(max_size=5), st.integers()),
    st.lists(st.one_of(st.text(max_size=25), st.integers(), st.none(), st.just(...),
                       st.sampled_from(["move N", "move SW", "end turn", "rest morale", "rest discard fuel",
                                        "order rowers", "order drop", "play fuel", "zephyr -2,-3", "dice 1,2"])),
             max_size=8),
)


@settings(max_examples=300, deadline=None)
@given(answers)
def test_any_answer_gets_a_verdict_and_leaves_the_game_alone(answer):
    g = sky_game()
    before = g.state.fingerprint()
    for goal in (goals.ship(at="1,1", max_speed=2), goals.turn_over(at="sky", keep_morale=True),
                 goals.red_defeated(min_gap=3), goals.new_round(round=2, wind=4)):
        v = check(g, answer, goal)
        assert isinstance(v, Verdict) and isinstance(v.message, str) and v.message
        assert v.message.startswith(("✓ Done: ", "Not yet: "))
        assert repr(v) == v.message
    assert g.state.fingerprint() == before


def test_check_needs_a_goal():
    with pytest.raises(TypeError, match="goal"):
        check(sky_game(), ["move N"], lambda before, after: (True, ""))


def test_ship_goal_measures():
    port = ww.scenario(players=2, wind=3, ships=[{"gas": 3}, {}])
    goal = goals.ship(at="port", morale=3, cannons=2, gas=1)
    v = check(port, ["order morale", "order cannon", "buy rum", "buy cannon"], goal)
    assert v.ok and "morale 3, 2 cannons and 1 gas" in v.message
    v = check(port, ["order morale", "buy rum", "buy cannon", "buy cannon"], goal)
    assert not v.ok and "0 gas" in v.message
    assert check(port, ["order hire Sergeant", "order cannon"], goals.ship(cannon_slots=5, cannons=1)).ok
    assert not check(port, ["order hire Purser", "order cannon"], goals.ship(cannon_slots=5, cannons=1)).ok
    with pytest.raises(ValueError, match="unknown goal amounts"):
        goals.ship(cannon=1)


def test_speed_goal_knows_when_the_turn_is_over():
    v = check(sky_game(), ["end turn", "rest discard fuel"], goals.ship(max_speed=2))
    assert not v.ok and "your turn is already over" in v.message


def test_turn_over_goal():
    g = sky_game()
    quiet = goals.turn_over(at="sky", keep_morale=True, no_battle=True)
    assert check(g, ["zephyr -2,-3", "end turn", "rest discard fuel"], quiet).ok
    v = check(g, ["end turn", "rest discard fuel"], quiet)  # the red crester of territory 3 arrives
    assert not v.ok and "1 battle under way is not finished" in v.message
    v = check(g, ["zephyr -2,-3", "end turn", "rest morale"], quiet)
    assert not v.ok and "morale 1 (was 2)" in v.message
    v = check(g, ["zephyr -2,-3"], quiet)
    assert not v.ok and "still your turn" in v.message
    lost = ww.scenario(players=2, wind=3, ships=[{"pos": "0,1"}, {}], auto_chance=False)
    v = check(lost, ["end turn", "rest morale"], goals.turn_over(at="port"))
    assert not v.ok and "your ship was lost" in v.message
    assert check(lost, ["enter port", "end turn"], goals.turn_over(at="port", morale=3)).ok


def test_red_and_round_goals():
    g = ww.scenario(players=2, wind=3, ships=[{"pos": "0,3", "morale": 3, "cannons": 3, "tokens": 1}, {}],
                    greys=["-3,1"], auto_chance=False)
    g.apply("move SE"), g.apply("battle cannons 3"), g.apply("dice 1,1,2,2,3"), g.apply("dice 1,2,2,2,3")
    assert check(g, ["battle token", "place red -2,4"], goals.red_defeated(min_gap=3)).ok
    v = check(g, ["battle token"], goals.red_defeated(min_gap=3))
    assert not v.ok and "now place the new Red Crester" in v.message
    v = check(g, ["battle done"], goals.red_defeated(min_gap=3))
    assert not v.ok and "the hold has nothing" in v.message
    r = ww.scenario(players=2, wind=3, current=1, auto_chance=False)
    assert check(r, ["end turn", "wind 4"], goals.new_round(round=2, wind=4)).ok
    assert "a roll is still pending" in check(r, ["end turn"], goals.new_round(round=2, wind=4)).message
    assert not check(r, ["end turn", "wind 5"], goals.new_round(round=2, wind=4)).ok


def test_check_map():
    planet = ww.scenario(players=2).state.planet
    assert check_map(planet, ...).ok is None
    right = check_map(planet, {"2,1": "zephyr", "3,1": "gas"})
    assert right.ok and right.message.startswith("✓ Done: all 2 right.")
    mixed = check_map(planet, {"2,1": "plain", "99,99": "gas", "x": "gas"})
    assert not mixed.ok and "0 of 3 right" in mixed.message and "is not a space" in mixed.message
    for bad in ([], {}, "2,1", 5):
        assert check_map(planet, bad).message.startswith("Not yet:")


def test_lesson_tables():
    g = ww.scenario(players=2, wind=3)
    assert len(lessons.crew_table(g)) == 6
    prices = str(lessons.price_table(g))
    for text in ("buy cannon", "buy rum", "buy notoriety", "buy supplies", "buy crew"):
        assert text in prices
    assert [row[1] for row in lessons.processing_table(g).rows] == ["1", "2", "3", "4"]
    assert len(lessons.card_table(g)) == len(g.state.components.cards)
    assert "straight into the wind" in str(lessons.directions_table(ww.scenario(players=2, wind=3, ships=[{"pos": "2,1"}, {}])))
    assert len(lessons.planet_table(g.state.planet)) == 6
    assert sum(int(r[1]) for r in lessons.terrain_table(g.state.planet).rows) == len(g.state.planet.cells) - 1


def test_play_demo_and_status_print(capsys):
    g = sky_game()
    lessons.demo(g, ["move SW"])
    lessons.status(g)
    lessons.play(g, ["move SW"])
    out = capsys.readouterr().out
    assert "now: Player 1's turn (round 1): 3 speed" in out
    assert "Player 1 (to play), blue ship at 2,1" in out
    assert g.state.planet.label(g.state.ships[0].pos) == "1,2"


def test_check_cannons():
    from windward_nb.windward.lessons import check_cannons

    assert check_cannons(..., crew=["Marine"], at_least=0.9).ok is None
    for bad in ("4", 4.0, True, [4]):
        assert "whole number" in check_cannons(bad, crew=["Marine"], at_least=0.9).message
    assert "0 to 5 cannons, not 6" in check_cannons(6, crew=["Marine"], at_least=0.9).message
    assert "0 to 3 cannons, not 4" in check_cannons(4, at_least=0.9).message
    assert "fewer will do" in check_cannons(5, crew=["Marine"], at_least=0.9).message
    assert "the goal is to win at least 90%" in check_cannons(3, crew=["Marine"], at_least=0.9).message
    assert check_cannons(4, crew=["Marine"], at_least=0.9).ok
    assert check_cannons(3, at_least=0.4).ok  # a plain ship: 41.6% with a full rack


def test_route_follows_the_engine():
    assert lessons.route("0,3", "2,3", wind=3) == ["move SE", "move SE"]
    steps = lessons.route("port", "5,0", wind=3)
    g = ww.scenario(players=2, wind=3, reds=[], items={}, turn={"speed": 99})
    for a in steps:
        g.apply(a)
    assert g.state.planet.label(g.state.ships[0].pos) == "5,0"
