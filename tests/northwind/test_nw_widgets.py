"""North Wind on the play table shell, without a browser: the view, the VoyageBoard, the ShipPanel,
the NorthWindTable (clicks, buttons, dangerous acts asked twice, bots, undo, save) and the replay."""

from __future__ import annotations

from html import unescape

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from windward_nb.core.record import load_record
from windward_nb.core.view import view_for
from windward_nb.northwind import VIEW, new_game
from windward_nb.northwind.samples import sample_path
from windward_nb.northwind.scenario import scenario
from windward_nb.northwind.view import layout
from windward_widgets.northwind import NorthWindReplay, NorthWindTable, ShipPanel, VoyageBoard


def table(g, **kw):
    kw.setdefault("bot_pause", 0)
    return NorthWindTable(g, **kw)


# ------------------------------------------------------------------------------- the view
def test_the_registry_finds_the_view():
    g = new_game(players=2, seed=1)
    assert view_for(g) is VIEW and VIEW.title == "North Wind"


def test_the_board_keeps_its_spaces_and_every_space_says_what_it_is():
    g = new_game(players=3, seed=2)
    rng = np.random.default_rng(0)
    first = VIEW.board(g.state)
    n = len(first.spaces)
    assert n == layout(g.state)["n"] + 3 == 3 + 7 + 27 + 3 + 2 + 3     # + the harbours' name banners
    for _ in range(300):
        if g.is_over:
            break
        b = VIEW.board(g.state)
        assert len(b.spaces) == n and all(s.text for s in b.spaces)
        assert [(s.x, s.y, s.size) for s in b.spaces] == [(s.x, s.y, s.size) for s in first.spaces]
        legal = {str(a) for a in g.legal_actions()}
        for t in b.targets:
            assert all(a in legal for a in t.actions)
        legal_list = g.legal_actions()
        g.apply(legal_list[int(rng.integers(len(legal_list)))])


def test_coach_hints_and_dangers():
    g = scenario(players=2, stacks={"olsand": ["fog-1", "olsand"]}, hold=[{"salt": 1, "fish": 1}, {}], gold=[3, 3])
    assert VIEW.coach(g.state).hints[0] == "Click a stack on the board to sail into it."
    g.apply("sail olsand")
    g.apply("reveal")
    g.apply("event pirate 3")
    c = VIEW.coach(g.state)
    assert c.kind == "pirate" and "0%" in c.hints[0]
    assert "cannot score 3 hits" in VIEW.danger(g.state, "fight")
    assert VIEW.danger(g.state, "pay") is None
    g.apply("pay")
    g.apply("reveal")
    assert VIEW.danger(g.state, "pass") == "You could complete a task here."
    assert [t.actions for t in VIEW.board(g.state).targets] == [("deliver",)]


def test_turn_buttons_follow_the_phase():
    g = scenario(players=2, stacks={"olsand": ["salt-1", "wreck"]}, crew=[["lookout"], []])
    shown = lambda: [b.key for b in VIEW.turn_buttons(g.state) if b.show]  # noqa: E731
    assert shown() == []
    g.apply("sail olsand")
    assert shown() == ["reveal", "look", "end"]
    end = next(b for b in VIEW.turn_buttons(g.state) if b.key == "end")
    assert not end.legal and "at least one tile" in end.reason
    g.apply("look")
    assert shown() == ["keep", "under", "end"]


# ------------------------------------------------------------------------------- the widgets alone
def test_voyage_board_plays_by_clicks_and_updates_in_place():
    g = scenario(players=2, stacks={"olsand": ["fog-1", "salt-1", "olsand"]}, hold=[{"salt": 1, "fish": 1}, {}])
    b = VoyageBoard(g)
    marks = list(b.fig.marks)
    assert sorted(b.targets) == [0, 1, 2]
    b.click(2)
    assert [str(a) for a in g.actions] == ["sail olsand"] and sorted(b.targets) == [2]
    b.click(2)
    g.apply("event treasure")
    b.refresh()
    b.click(2)
    assert str(b.name_mark.text[4]) == "salt 1" and "Commercial harbour (salt 1)" in b.voyage_line.value
    g.apply("pass")
    b.refresh()
    b.click(2)
    b.click(3 + 2)                                       # the destination tile: complete the task
    assert g.state.tasks[2] == [0]
    assert "1. 1 salt and 1 fish" in unescape(b.task_table.value)
    assert list(b.fig.marks) == marks, "marks are updated, never rebuilt"


def test_a_refused_click_says_why_and_changes_nothing():
    g = new_game(players=2, seed=2)
    b = VoyageBoard(g)
    b.click(1)
    before = g.state.fingerprint()
    b.click(0)
    assert g.state.fingerprint() == before and "one stack per turn" in b.message_text
    b.click(layout(g.state)["fields"])                    # a task field: it says what it asks for
    assert "North Cape task 1: 1 wine" in b.message_text


def test_the_lookouts_tile_shows_only_to_its_captain():
    g = scenario(players=2, stacks={"olsand": ["wreck"]}, crew=[["lookout"], []])
    g.apply("sail olsand")
    g.apply("look")
    own, other = VoyageBoard(g, seat=0), VoyageBoard(g, seat=1)
    assert "shipwreck" in own.voyage_line.value and "shipwreck" not in other.voyage_line.value


def test_ship_panel_shows_every_slot_in_words():
    g = scenario(players=2, hold=[{"salt": 2, "wine": 1}, {}], crew=[["boatswain", "lookout"], []], brig=[1, 0],
                 cannons=[2, 1], sail=[5, 4], letters=[2, 0])
    p = ShipPanel(g, 0)
    html = p.html.value
    assert html.count(">salt<") == 2 and html.count(">empty<") == 3 + 1 + 2  # hold, brig, cannons
    assert "Boatswain" in html and "(bookkeeper)" in html and "Lookout" in html
    assert "sail 5 &lt;" in html and "2/2 letters" in html and "(to play)" in html
    value = p.html.value
    g.apply("sail olsand")
    p.refresh()
    assert p.html.value == value


# ------------------------------------------------------------------------------- the table
def test_a_voyage_by_clicks_buttons_and_the_actions_list():
    g = scenario(players=2, stacks={"olsand": ["salt-1", "fog-1", "olsand"]}, hold=[{"fish": 1}, {}],
                 letters=[0, 0], auto_chance=True, seed=4)
    t = table(g, bots={1: "greedy"})
    assert "North Wind — turn 1, first to 10 task tokens" in unescape(t.title.value)
    t.board.click(2)
    assert t.coach.text == "Player 1: reveal the first tile."
    assert [b.description for b in t.turn_bar.shown()] == ["Reveal next tile", "End voyage"]
    t.turn_bar.press("reveal")
    assert g.state.tile_id == "salt-1"
    t.actions.select.value = "buy salt"
    t.actions.do_button.click()
    assert g.state.held(0, "salt") == 1 and t.messages.text == ""
    t.board.click(2)                                      # reveal: fog; chance rolls at once
    assert g.state.row[-1] == "fog-1"
    if g.state.phase == "pirate":
        t.turn_bar.press("pay")
    t.board.click(2)                                      # Olsand: deliver by clicking the tile
    assert g.state.tile_id == "olsand" and "use" in t.board.costs.values()
    t.board.click(3 + 2)
    assert g.state.tasks[2] == [0] and t.ships[0].html.value.count(">salt<") == 0
    assert "completes task 1 of Olsand" in unescape(t.event_log.value)
    assert g.current_player == 0 or t.waited_text.startswith("While you waited")


def test_a_hopeless_fight_asks_twice():
    g = scenario(players=2, stacks={"olsand": ["fog-1", "wreck"]}, gold=[3, 3])
    t = table(g, bots={1: "greedy"})
    g.apply("sail olsand")
    g.apply("reveal")
    g.apply("event pirate 3")
    t.refresh()
    fp = g.state.fingerprint()
    t.turn_bar.press("fight")
    assert g.state.fingerprint() == fp and "Click again to confirm" in t.messages.text
    t.turn_bar.press("fight")
    assert g.state.phase == "shuffle" and any(e.kind == "Defeat" for _, _, _, evs in t._applies for e in evs)


def test_bots_play_a_whole_game_and_the_record_saves(tmp_path):
    t = table(new_game(players=3, seed=5), bots={0: "greedy", 1: "greedy", 2: "random"}, records_dir=tmp_path)
    t.bots_button.click()
    assert t.game.is_over and "wins" in unescape(t.title.value)
    path = t.save("bots")
    assert path.name == "bots.nwr.json"
    assert load_record(path).replay().state.fingerprint() == t.game.state.fingerprint()


def test_undo_takes_back_a_human_action_with_the_bots_answer():
    g = new_game(players=2, seed=7)
    t = table(g, bots={1: "greedy"})
    start = g.state.fingerprint()
    t.board.click(0)
    t.turn_bar.press("reveal")
    while t._groups:
        t.undo()
    assert g.state.fingerprint() == start


_TYPED: list = []


@settings(max_examples=80, deadline=None)
@given(st.text(max_size=30))
def test_any_typed_text_is_applied_only_when_legal(text):
    if not _TYPED:
        _TYPED.append(table(new_game(players=2, seed=2)))
    t = _TYPED[0]
    before = t.game.state.fingerprint()
    legal = {str(a) for a in t.game.legal_actions()}
    t.actions.typed.value = text
    t.actions.typed_button.click()
    assert t.messages.errors_out.value == ""
    if t.game.state.fingerprint() != before:
        assert " ".join(text.lower().split()) in legal
        t.undo()
        assert t.game.state.fingerprint() == before
    else:
        assert t.actions.typed_messages.kind in ("warning", "info")   # said under the text box


# ------------------------------------------------------------------------------- the replay
@pytest.mark.parametrize("players", [2])
def test_the_replay_viewer_shows_a_sample_game_ply_by_ply(players):
    rec = load_record(sample_path(players))
    r = NorthWindReplay(rec)
    assert r.ply.max == len(rec.actions)
    r.ply.value = 30
    assert "Ply 30 of" in r.narration.value
    names = list(r.board.field_mark.text)            # the harbours' banners come last, their names inside
    assert names[-3:] == ["★ North Cape", "★ Fort Haven", "★ Olsand"]
    r.ply.value = r.ply.max
    assert "wins" in unescape(r.narration.value)
