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
    assert g.state.fingerprint() == before and "Red decides now" in blue.messages.text
    g2 = new_game(players=3, seed=1)
    p = VotePanel(g2, seat=0)
    for d in "NNN":
        g2.apply(f"compass {d}")
    p.refresh()
    p.cubes.max = 30
    p.cubes.value = 25
    before = g2.state.fingerprint()
    p.fist.click()
    assert g2.state.fingerprint() == before and p.messages.kind == "warning" and "[Voting]" in p.messages.text


def test_the_tally_panel_hides_other_hands():
    g = new_game(players=3, seed=5)
    s = g.state
    s.hands[0] = [s.action_deck.pop(0)]
    s.treasures[0] = [s.treasure_deck.pop(0)]
    mine, theirs = TallyPanel(g, seat=0), TallyPanel(g, seat=1)
    from windward_nb.plunder.components import COMPONENTS as C

    port = C.ports[s.treasures[0][0]].name
    assert port in text(mine.table.value) and port not in text(theirs.table.value)


# ------------------------------------------------------------------------------- the play table
import json  # noqa: E402

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from windward_nb.plunder.view import COMPASS0, VIEW  # noqa: E402
from windward_nb.plunder.components import COMPONENTS as C  # noqa: E402
from windward_widgets.plunder import PlunderTable  # noqa: E402


def table(seed=24, players=3, bots=None, **kw):
    return PlunderTable(new_game(players=players, seed=seed), bots=bots if bots is not None else {1: "greedy", 2: "greedy"},
                        bot_pause=0, **kw)


def test_a_round_by_clicks_on_the_map_and_the_vote_panel():
    t = table()
    s = t.game.state
    assert t.coach.text == "Red: set your compass in secret (compass N, E, S or W)."
    t.map.click(COMPASS0)                                       # North, on the compass
    assert s.phase == "bid" and t.vote.viewer() == 0           # the bots set theirs at once
    assert t.waited_text.endswith("Compasses: Red North, Blue East, Green South.")
    t.vote.cubes.value = 2
    t.vote.fist.click()
    assert s.spent == [2, 0, 1] and s.wind == "N" and s.blackbeard == 0
    assert t.coach.text == "Red: name the player who plunders first."
    quick = {b.description: b for b in t.actions.quick_box.children if hasattr(b, "description")}
    assert quick, "first player: a short decision gets quick buttons"
    t.act(["first red"])
    sails = sorted(k for k, tg in t.map.targets.items() if tg.actions[0].startswith("sail"))
    assert sails
    before = s.ship[0]
    t.map.click(sails[0])
    assert s.ship[0] == sails[0] != before
    assert any("Red sails from" in line for line in t.event_lines)
    t.turn_bar.buttons["end"].click()
    assert t.game.current_player == 0 and s.round == 2 and s.phase == "compass"  # the bots played their turns
    for line in t.bot_lines:                                    # the bots' sealed choices stay secret
        assert "[compass" not in line and "[bid" not in line and "set your compass to" not in line


def test_a_port_the_wind_does_not_reach_is_refused_with_the_rule_and_nothing_changes():
    t = table(bots={})
    for d in "NNN":
        t.act([f"compass {d}"])
    for b in (3, 0, 0):
        t.act([f"bid {b}"])
    t.act(["first red"])
    s = t.game.state
    fp = s.fingerprint()
    bad = next(p.index for p in C.ports if p.index != s.ship[0] and f"sail {p.id}" not in
               {str(a) for a in t.game.legal_actions()} and f"gust {p.id}" not in {str(a) for a in t.game.legal_actions()})
    t.map.click(bad)
    assert s.fingerprint() == fp and t.messages.kind == "warning" and "[Sailing]" in t.messages.text


def test_a_gust_of_wind_asks_twice():
    t = table(bots={})
    for d in "NNN":
        t.act([f"compass {d}"])
    for b in (3, 0, 0):
        t.act([f"bid {b}"])
    t.act(["first red"])
    gusts = [k for k, tg in t.map.targets.items() if tg.actions[0].startswith("gust")]
    assert gusts
    fp = t.game.state.fingerprint()
    t.map.click(gusts[0])
    assert t.game.state.fingerprint() == fp and "Click again to confirm" in t.messages.text
    t.map.click(gusts[0])
    assert t.game.state.sailed and t.game.state.ap == 3


def test_typed_actions_undo_and_save(tmp_path):
    t = table(records_dir=tmp_path)
    typed = t.view.read_typed(t.game.state, "compas N")
    assert typed.action is None and "compass N" in typed.suggestions
    t.act(["compass W"])
    t.undo()
    assert t.game.state.phase == "compass" and t.game.current_player == 0
    t.act(["compass E"])
    path = t.save("plunder-test")
    from windward_nb.core.record import load_record

    rec = load_record(path)
    assert rec.actions == t.game.record.actions and path.name.endswith(".wpr.json")


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=30))
def test_any_typed_text_gets_an_answer_not_a_traceback(raw):
    g = new_game(players=3, seed=2)
    typed = VIEW.read_typed(g.state, raw)
    assert typed.action is not None or typed.message


def test_the_text_summary_and_the_tallies_hide_the_cards():
    t = table()
    s = t.game.state
    s.hands[1] = [s.action_deck.pop(0)]
    t.refresh()
    name = C.cards[s.hands[1][0]].name
    assert name not in t.text_summary() and name not in text(t.tallies.table.value)
    json.dumps(VIEW.board(s).caption)
