"""The Winds of Plunder panels on the Python side: what each seat sees, clicks, refusals."""

from __future__ import annotations

import re

from plunder_helpers import new_game

from windward_widgets.plunder import TallyPanel, VotePanel


def text(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


def test_a_sealed_compass_shows_only_to_its_owner():
    g = new_game(players=3, seed=1)
    red, blue, table = VotePanel(g, seat=0), VotePanel(g, seat=1), VotePanel(g)
    assert not red.compass_buttons["E"].disabled and blue.compass_buttons["E"].disabled
    red.compass_buttons["S"].click()
    for p in (red, blue, table):
        p.refresh()
    assert "your compass: South" in text(red.status.value)
    assert "South" not in text(blue.status.value) and "face down" in text(blue.status.value)
    assert "South" not in text(table.status.value)  # one screen: Blue chooses now and must not see it
    assert not table.compass_buttons["N"].disabled and table.viewer() == 1


def test_the_fist_slider_stops_at_the_wind_cubes_and_reveals_together():
    g = new_game(players=3, seed=1)
    table = VotePanel(g)
    for d in "NEN":
        table.compass_buttons[d].click()
    assert table.bid_row.layout.display is None and table.cubes.max == 10
    table.cubes.value = 4
    table.fist.click()
    assert "4" not in text(table.status.value).replace("1.2em", "")
    table.cubes.value = 2
    table.fist.click()
    table.cubes.value = 0
    table.fist.click()
    assert g.state.spent == [4, 2, 0] and g.state.wind == "N"
    assert "4 cubes" in text(table.status.value) and table.bid_row.layout.display == "none"


def test_a_refused_click_is_shown_and_changes_nothing():
    g = new_game(players=3, seed=1)
    blue = VotePanel(g, seat=1)
    before = g.state.fingerprint()
    blue.compass_buttons["W"].disabled = False  # a stale button in the browser
    blue.compass_buttons["W"].click()  # Red decides: Blue's panel must not choose for Red
    assert g.state.fingerprint() == before and "Red decides now" in blue.message.value
    g2 = new_game(players=3, seed=1)
    p = VotePanel(g2, seat=0)
    for d in "NNN":
        g2.apply(f"compass {d}")
    p.refresh()
    p.cubes.max = 30
    p.cubes.value = 25
    before = g2.state.fingerprint()
    p.fist.click()
    assert g2.state.fingerprint() == before and "wop-msg-warning" in p.message.value and "Voting" in p.message.value


def test_the_tally_panel_hides_other_hands():
    g = new_game(players=3, seed=5)
    s = g.state
    s.hands[0] = [s.action_deck.pop(0)]
    s.treasures[0] = [s.treasure_deck.pop(0)]
    mine, theirs = TallyPanel(g, seat=0), TallyPanel(g, seat=1)
    from windward_nb.plunder.components import COMPONENTS as C

    port = C.ports[s.treasures[0][0]].name
    assert port in text(mine.table.value) and port not in text(theirs.table.value)
