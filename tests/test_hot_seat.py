"""One screen passed round the table: no player's secret shows to the next one, in any game.

Issue 25: at a Winds of Plunder table Blue's panel showed "Cubes: 5", Red's sealed bid, before the
reveal (``VotePanel.refresh`` reset the slider only when its maximum changed). The repro: three
people at ``PlunderTable(ww.new_game(game="winds-of-plunder", players=3, seed=5))``, the compasses
set, Red closes a fist on 2, and Blue's slider reads 2.

For each game two tables play games that differ only in seat A's secret (a compass, a fist, a card
chosen face down, the tile a Lookout saw, the cards in a hand). When the decision passes to seat B:

* the table is behind its curtain ("Pass the screen to ... -- click when ready"), and everything
  anyone can see on it (every widget value and text not hidden) is the same at both tables;
* once B clicks Ready, every widget value and text of the table, hidden ones included, is the same
  at both tables (so nothing of A's lingers anywhere, and every control starts from its neutral value).

The comparison is :func:`hot_seat_helpers.snapshot` (the kind of comparison that found the leak);
``test_the_comparison_sees_a_secret`` shows it notices one when it is on the screen.
"""

from __future__ import annotations

import pytest

import windward_nb as ww
from hot_seat_helpers import differences, snapshot


def same_for_b(a, b) -> None:
    """The two tables, behind their curtains and then once B has clicked Ready, show B the same."""
    assert a.curtain.shown and b.curtain.shown, "the screen should wait for the next player"
    assert a.main.layout.display == "none" and a.summary.layout.display == "none"
    assert differences(snapshot(a, visible=True), snapshot(b, visible=True)) == []
    who = a.game.current_player
    a.curtain.button.click()
    b.curtain.button.click()
    assert not a.curtain.shown and a.game.current_player == who and a.main.layout.display is None
    assert differences(snapshot(a), snapshot(b)) == []


# ============================================================================== Winds of Plunder
def plunder_table(**kw):
    from windward_widgets.plunder import PlunderTable

    return PlunderTable(ww.new_game(game="winds-of-plunder", players=3, seed=5), bot_pause=0, **kw)


def test_plunder_the_repro_blue_never_sees_reds_fist():
    t = plunder_table()
    t.map.click(31)                     # Red's compass: East
    assert t.curtain.shown and "Blue" in t.curtain.message.value
    t.map.click(30)                     # Blue clicks before taking the screen: refused
    assert t.game.current_player == 1 and t.game.state.votes == [None, None, None]
    for _ in range(2):
        t.curtain.button.click()
        t.map.click(30)
    t.curtain.button.click()
    assert t.game.state.phase == "bid" and t.game.current_player == 0
    t.vote.cubes.value = 2
    t.vote.fist.click()
    assert t.game.current_player == 1
    assert t.vote.cubes.value == 0      # was 2: Red's bid on Blue's slider
    t.curtain.button.click()
    assert t.vote.cubes.value == 0 and not t.vote.cubes.disabled


def test_plunder_without_the_curtain_the_slider_still_starts_at_nothing():
    """The vote panel alone resets its fist for each player (a table may turn the curtain off)."""
    t = plunder_table(hot_seat=False)
    for d in ("E", "N", "N"):
        t.vote.compass_buttons[d].click()
    t.vote.cubes.value = 5
    t.vote.fist.click()
    assert not t.curtain.shown and t.game.current_player == 1 and t.vote.cubes.value == 0


@pytest.mark.parametrize("phase", ["compass", "bid"])
def test_plunder_two_tables_differing_in_reds_sealed_choice_show_blue_the_same(phase):
    def played(red):
        t = plunder_table()
        if phase == "compass":
            t.vote.compass_buttons[red].click()
            return t
        for d in ("E", "N", "N"):
            t.vote.compass_buttons[d].click()
            if t.curtain.shown:
                t.curtain.button.click()
        t.vote.cubes.value = red
        t.vote.fist.click()
        return t
    a, b = (played("E"), played("S")) if phase == "compass" else (played(2), played(5))
    same_for_b(a, b)


# ============================================================================== Tailwinds
def tailwinds_table():
    from windward_nb.tailwinds import new_game
    from windward_widgets.tailwinds import TailwindsTable

    t = TailwindsTable(new_game(players=2, seed=11, characters=["sailor", "pirate"]), bot_pause=0)
    while t.game.state.phase != "choose":
        t.act([t.game.legal_actions()[-1]])
    if t.curtain.shown:
        t.curtain.button.click()
    return t


def test_tailwinds_two_tables_differing_in_a_card_chosen_face_down_show_the_next_player_the_same():
    a, b = tailwinds_table(), tailwinds_table()
    first = a.game.current_player
    keys = a.hand._keys
    assert len(keys) >= 2 and a.game.current_player == b.game.current_player
    a.hand.card_buttons[0].click()
    b.hand.card_buttons[1].click()
    assert a.game.current_player == b.game.current_player != first
    same_for_b(a, b)
    assert "face down" in a.hand.others.value


# ============================================================================== North Wind
def north_wind_table(order: list[str]):
    from windward_nb.northwind.scenario import scenario
    from windward_widgets.northwind import NorthWindTable

    g = scenario(players=2, crew=[["lookout"], []], stacks={"olsand": order}, auto_chance=True, seed=1)
    t = NorthWindTable(g, bot_pause=0)
    for action in ("sail olsand", "look", "under", "reveal", "pass"):
        t.act([action])
    while t.game.current_player == 0:
        t.act(["end"] if "end" in [str(x) for x in t.game.legal_actions()] else [t.game.legal_actions()[-1]])
    return t


def test_north_wind_two_tables_differing_in_the_tile_a_lookout_saw_show_the_next_captain_the_same():
    """Captain 1's Lookout looks at the top tile of the Olsand stack and puts it under: lumber-3 at
    one table, wreck at the other (the two tiles trade places, so the rest of the stack is the same)."""
    rest = ["merchant-2", "merchant-3", "salt-1", "salt-3", "wine-2", "olsand"]
    a = north_wind_table(["lumber-3", *rest, "wreck"])
    b = north_wind_table(["wreck", *rest, "lumber-3"])
    assert a.game.state.secret[0] != b.game.state.secret[0]  # captain 1 knows which tile it saw
    assert a.game.current_player == b.game.current_player == 1
    same_for_b(a, b)


# ============================================================================== Windward
def windward_table(hand: str):
    from windward_widgets import PlayTable

    g0 = ww.scenario(players=3, ships=[{"pos": "port", "hand": ["fuel"]}, {"pos": "port"}, {"pos": "port"}])
    stacks = [list(s) for s in g0.state.stacks]
    if hand != "fuel":  # the same stacks, the one card traded with a deep one of the same stack
        i = stacks[0].index(hand)
        stacks[0][i] = "fuel"
    g = ww.scenario(players=3, ships=[{"pos": "port", "hand": [hand]}, {"pos": "port"}, {"pos": "port"}],
                    stacks=stacks)
    assert [s[-1] for s in g.state.stacks] == [s[-1] for s in g0.state.stacks]
    t = PlayTable(g, private_hands=True, bot_pause=0)
    t.act(["end turn"])
    return t


def test_windward_two_tables_differing_in_a_hidden_hand_show_the_next_captain_the_same():
    a, b = windward_table("fuel"), windward_table("coffee")
    assert a.game.current_player == b.game.current_player == 1
    same_for_b(a, b)


def test_windward_with_public_hands_needs_no_curtain():
    from windward_widgets import PlayTable

    t = PlayTable(ww.new_game(players=3, seed=4), bot_pause=0)
    t.act(["end turn"])
    assert not t.curtain.shown and t.main.layout.display is None


# ============================================================================== the shell itself
def test_the_comparison_sees_what_differs():
    """The comparison is not blind: once the compasses are revealed the tables differ on the screen,
    and a value on a hidden control differs in the whole snapshot but not in the visible one."""
    def played(red):
        t = plunder_table(hot_seat=False)
        for d in (red, "N", "N"):
            t.vote.compass_buttons[d].click()
        return t
    a, b = played("E"), played("S")
    assert differences(snapshot(a, visible=True), snapshot(b, visible=True)) != []
    c, d = plunder_table(), plunder_table()
    c.vote.cubes.value = 3                    # the bid row is hidden while the compasses are set
    assert c.vote.bid_row.layout.display == "none"
    assert differences(snapshot(c, visible=True), snapshot(d, visible=True)) == []
    assert differences(snapshot(c), snapshot(d)) != []


def test_one_person_against_bots_never_sees_the_curtain():
    t = plunder_table(bots={1: "greedy", 2: "greedy"})
    t.vote.compass_buttons["N"].click()
    assert not t.curtain.shown and t.game.current_player in (0, -4) or t.game.state.phase != "compass"


def test_undo_behind_the_curtain_gives_the_screen_back():
    t = plunder_table()
    t.vote.compass_buttons["E"].click()
    assert t.curtain.shown
    t.undo()
    assert not t.curtain.shown and t.game.current_player == 0 and t.game.state.votes == [None, None, None]


def test_a_typed_action_and_an_armed_button_do_not_pass_to_the_next_player():
    t = plunder_table()
    t.actions.typed.value = "compas S"
    t.actions.typed_button.click()          # a typo: the answer, under the text box, names Red's compass
    assert "compass" in t.actions.typed_messages.text
    t.messages.show("Red's note", "info")
    t.vote.compass_buttons["E"].click()
    assert t.curtain.shown and t.actions.typed.value == "" and t.messages.text == ""
    assert t.actions.typed_messages.text == ""
