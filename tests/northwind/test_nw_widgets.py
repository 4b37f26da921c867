"""The North Wind widgets on the Python side: VoyageBoard and ShipPanel follow the game, clicks play it."""

from __future__ import annotations

from windward_nb.northwind import new_game
from windward_nb.northwind.scenario import scenario
from windward_widgets.northwind import ShipPanel, VoyageBoard


def test_voyage_board_plays_by_clicks_and_updates_its_marks_in_place():
    g = scenario(players=2, stacks={"olsand": ["fog-1", "salt-1", "olsand"]}, hold=[{"salt": 1, "fish": 1}, {}])
    b = VoyageBoard(g)
    marks = list(b.figure.marks)
    assert list(b.stack_hints.text) == ["click: sail here"] * 3
    b.click_stack(2)
    assert [str(a) for a in g.actions] == ["sail olsand"]
    assert list(b.stack_hints.text) == ["", "", "click: reveal next"]
    b.click_stack(2)
    assert g.state.phase == "event" and list(b.row_labels.text)[:2] == ["fog", ""]
    g.apply("event treasure")
    b.refresh()
    b.click_stack(2)
    assert list(b.row_labels.text)[:2] == ["fog", "salt 1"] and "now" in list(b.used_labels.text)
    g.apply("pass")
    b.refresh()
    b.click_stack(2)
    g.apply("deliver")
    b.refresh()
    assert "P1" in b.task_board.value and "2. 1 salt and 1 grain" in b.task_board.value
    assert list(b.figure.marks) == marks, "marks are updated, never rebuilt"


def test_a_refused_click_says_why_and_changes_nothing():
    g = new_game(players=2, seed=2)
    b = VoyageBoard(g)
    b.click_stack(1)
    before = g.state.fingerprint()
    b.click_stack(0)
    assert g.state.fingerprint() == before
    assert "one stack per turn" in b.message_text and "nw-msg-warning" in b.message.value


def test_clicks_go_through_the_tables_act_when_given():
    g = new_game(players=2, seed=2)
    asked = []
    b = VoyageBoard(g, act=lambda actions: asked.extend(actions) or [g.apply(a) for a in actions])
    b.click_stack(0)
    assert asked == ["sail north-cape"] and g.state.stack == 0


def test_the_lookouts_tile_shows_only_to_its_captain():
    g = scenario(players=2, stacks={"olsand": ["wreck"]}, crew=[["lookout"], []])
    g.apply("sail olsand")
    g.apply("look")
    own, other = VoyageBoard(g, seat=0), VoyageBoard(g, seat=1)
    assert "shipwreck" in own.voyage_line.value and "shipwreck" not in other.voyage_line.value
    assert "?" in other.voyage_line.value


def test_ship_panel_shows_every_slot_in_words():
    g = scenario(players=2, hold=[{"salt": 2, "wine": 1}, {}], crew=[["boatswain", "lookout"], []], brig=[1, 0],
                 cannons=[2, 1], sail=[5, 4], letters=[2, 0])
    p = ShipPanel(g, 0)
    html = p.html.value
    assert html.count(">salt<") == 2 and html.count(">empty<") == 3 + 1 + 2  # hold, brig, cannons
    assert "Boatswain" in html and "(bookkeeper)" in html and "Lookout" in html
    assert "sail 5 &lt;" in html and "2/2 letters" in html and "(to play)" in html
    assert "2 crew member(s) still in the supply" in html
    g.apply("sail olsand")
    value = p.html.value
    p.refresh()
    assert p.html.value == value
