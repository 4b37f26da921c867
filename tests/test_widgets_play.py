"""GameBoard, the panels and the PlayTable driven through their handlers, without a browser.

Each test clicks (hex index, button, slider) and checks that the engine state changed as the
rules say, that the marks' data changed, and that the marks are the same objects as before.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

try:
    import windward_widgets  # noqa: F401
except ImportError:  # a plain checkout that is not pip-installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "widgets"))

import windward_nb as ww  # noqa: E402
from windward_widgets import ActionsPanel, BattlePanel, GameBoard, PlayTable, ShipBoardPanel  # noqa: E402
from windward_nb.windward import view  # noqa: E402
from windward_widgets import bots as botlib  # noqa: E402
from windward_widgets.game_board import FREE_COLOUR, ROW_COLOUR, SPEED_COLOUR  # noqa: E402


def at(g, h: str) -> int:
    return g.state.planet.index[tuple(int(x) for x in h.split(","))]


def ship_hex(g, seat=0) -> str:
    pos = g.state.ships[seat].pos
    return "port" if pos < 0 else g.state.planet.label(pos)


def marks(board):
    return [board.hex_mark, board.highlight_mark, board.cost_mark, board.click_mark, board.wind_mark,
            board.piece_label_mark, *board.piece_marks.values()]


def simple(**kw):
    spec = dict(players=2, wind=3, ships=[{"pos": "0,-3"}, {"pos": "port"}], reds=[])
    spec.update(kw)
    return ww.scenario(**spec)


# =============================================================================== GameBoard
def test_click_on_highlighted_hex_applies_the_move_in_place():
    g = simple()
    b = GameBoard(g)
    before = marks(b)
    target = at(g, "1,-3")                              # SE = downwind: free
    assert target in b.highlighted
    i = b.highlighted.index(target)
    assert b.highlight_mark.colors[target] == FREE_COLOUR and b.cost_mark.text[target] == "0"
    assert b.highlight_mark.opacities[target] == 1.0 and i >= 0
    ship_x_before = list(b.piece_marks["ship"].x)
    b.click(target)
    assert ship_hex(g) == "1,-3" and g.state.turn.speed == 4
    assert marks(b) == before and all(x is y for x, y in zip(marks(b), before))   # same objects
    assert list(b.piece_marks["ship"].x) != ship_x_before                        # new data
    assert abs(b.piece_marks["ship"].x[0] - b.centres[target][0]) < 0.6
    assert "sails" in b.message_text                                             # the events, in words
    # across the wind: 1 speed, drawn in the other colour
    ne = at(g, "2,-4")
    assert b.highlight_mark.colors[ne] == SPEED_COLOUR and b.cost_mark.text[ne] == "1"
    b.click(ne)
    assert ship_hex(g) == "2,-4" and g.state.turn.speed == 3


def test_illegal_click_shows_the_engine_reason_and_changes_nothing():
    g = simple()
    b = GameBoard(g)
    fp = g.state.fingerprint()
    hl = list(b.highlight_mark.opacities)
    upwind = at(g, "-1,-3")                             # NW is straight into a SE wind
    assert upwind not in b.highlighted
    b.click(upwind)
    assert g.state.fingerprint() == fp
    assert g.why_illegal("move NW") in b.message_text and "ww-msg-warning" in b.message.value
    assert list(b.highlight_mark.opacities) == hl
    b.click(at(g, "0,3"))                               # far away: the view explains
    assert g.state.fingerprint() == fp and "is not one move away" in b.message_text
    assert b.error_log.value == ""


def test_free_slide_is_one_click_and_undoable_step_by_step():
    g = simple(wind=4, ships=[{"pos": "0,-4"}, {"pos": "port"}])
    b = GameBoard(g)
    two = at(g, "0,-2")
    assert b.cost_mark.text[two] == "0»" and "Slide 2 spaces downwind" in b.click_mark.names[two]
    b.click(two)
    assert ship_hex(g) == "0,-2" and g.state.turn.speed == 4
    assert [str(a) for a in b.applied[-1]] == ["move S", "move S"]


def test_longboat_selection_and_rows():
    g = simple(wind=1, ships=[{"pos": "0,-3", "rowers": 2, "boats": ["2,-2"]}, {"pos": "port"}])
    b = GameBoard(g)
    assert [v for _, v in b.piece_picker.options] == ["all", "ship", "boat 1"]
    b.click(at(g, "2,-2"))                              # clicking your longboat selects it
    assert b.piece_picker.value == "boat 1" and "Longboat 1 selected" in b.message_text
    rows = [h for h in b.highlighted]
    assert rows and all(b.highlight_mark.colors[h] == ROW_COLOUR for h in rows)
    assert all(b.cost_mark.text[h] == "1r" for h in rows)
    b.click(at(g, "2,-3"))                              # row north
    assert g.state.ships[0].boats == [at(g, "2,-3")] and g.state.ships[0].rowers == 1
    b.piece_picker.value = "ship"
    assert all(b.highlight_mark.colors[h] != ROW_COLOUR for h in b.highlighted)


def test_battle_started_by_a_click_and_wind_redraw():
    g = simple(wind=1, reds=["0,-4"])
    b = GameBoard(g)
    b.click(at(g, "0,-4"))
    assert g.state.frames[-1]["k"] == "battle"
    assert b.highlighted == [] and "Battle at 0,-4" in b.status.value
    b.click(at(g, "1,-4"))                              # nothing to move during a battle
    assert "how many cannons" in b.message_text


def test_hover_text_and_text_summary_come_from_the_view():
    g = simple(items={"1,-2": {"gas": 2}})
    b = GameBoard(g)
    assert "2 gas" in b.click_mark.names[at(g, "1,-2")]
    assert "Player 1's blue ship" in b.click_mark.names[at(g, "0,-3")]
    assert "click: Sail SE" in b.click_mark.names[at(g, "1,-3")]
    text = b.text_summary()
    assert "Legal destinations now:" in text and "Sail SE to 1,-3" in text


# =============================================================================== panels
def test_ship_board_order_and_card_buttons():
    g = simple(ships=[{"pos": "0,-3", "hand": ["fuel", "aerogenerator"]}, {"pos": "port"}])
    p = ShipBoardPanel(g, 0)
    speed = p.order_buttons["speed"]
    assert speed.button_style == "info" and "+1 Ship Speed" in speed.description
    speed.click()
    assert g.state.turn.speed == 5 and "speed" in g.state.turn.orders
    p.refresh()
    assert speed.description.endswith("✓")
    speed.click()                                          # the order space is covered: the engine says no
    assert "already covered" in p.messages.text and g.state.turn.speed == 5
    p.card_buttons["fuel"].click()
    assert g.state.turn.speed == 6 and "fuel" not in g.state.ships[0].hand
    p.card_buttons["aerogenerator"].click()                # needs a target: a choice appears
    assert p.choice_box.layout.display is None and len(p.card_choice.options) == 5
    p.card_choice.value = "play aerogenerator 4"
    p.card_go.click()
    assert g.state.wind == 4
    p.refresh()
    assert p.card_buttons["aerogenerator"].layout.display == "none"
    assert p.trading.layout.display == "none"              # at sky


def test_ship_board_at_port_trading_post():
    g = simple(ships=[{"pos": "port", "gas": 3}, {"pos": "port"}])
    p = ShipBoardPanel(g, 0)
    assert p.trading.layout.display is None and p.sky_orders.layout.display == "none"
    p.buy_buttons["cannon"].click()
    assert g.state.ships[0].cannons == 1 and g.state.ships[0].gas == 2
    p.buy_buttons["notoriety"].click()
    assert g.state.ships[0].notoriety == 1
    p.buy_buttons["notoriety"].click()                     # 2 gas needed, none left
    assert "costs 2 gas and you have 0" in p.messages.text
    other = ShipBoardPanel(g, 1)
    other.buy_buttons["rum"].click()                       # not player 2's turn
    assert other.messages.text and g.state.ships[1].gas == 0


def test_battle_panel_slider_recomputes_odds_and_fire_applies():
    g = simple(wind=1, reds=["0,-4"], ships=[{"pos": "0,-3", "cannons": 3, "tokens": 1, "morale": 3},
                                             {"pos": "port"}])
    g.apply("move N")
    bp = BattlePanel(g)
    assert bp.layout.display is None and bp.cannons.max == 3
    w0 = bp.outlook["win"]
    html0 = bp.odds.value
    bp.cannons.value = 3
    assert bp.outlook["win"] > w0 and bp.odds.value != html0 and bp.fire.description == "Fire 3"
    bp.fire.click()
    assert g.state.ships[0].cannons == 0
    bp.refresh()
    if g.state.frames and g.state.frames[-1]["k"] == "battle":
        assert bp.cannon_box.layout.display == "none"
        assert any(b.layout.display is None for b in bp.buttons)    # bonuses or done
        bp.choose(len(bp._choices) - 1)                            # 'battle done' is last
    bp.refresh()
    assert not any(f["k"] == "battle" for f in g.state.frames)
    assert bp.layout.display == "none"


def test_actions_panel_select_typed_and_quick_buttons():
    g = simple(ships=[{"pos": "0,-3", "hand": ["fuel"], "morale": 2}, {"pos": "port"}])
    ap = ActionsPanel(g)
    assert [v for _, v in ap.select.options] == [str(a) for a in g.legal_actions()]
    assert ap.select.value == "move N"                   # the first safe action, never 'end turn'
    ap.select.value = "move SE"
    ap.do_button.click()
    ap.refresh()
    assert ship_hex(g) == "1,-3"
    fp = g.state.fingerprint()
    ap.typed.value = "move into the sun"                 # a typo: a friendly reason and the nearest actions
    ap.typed_button.click()
    said = ap.typed_messages                             # said under the text box
    assert said.text.startswith("'move into the sun' is not an action. Did you mean: move")
    assert said.kind == "warning" and ap.messages.errors_out.value == "" and g.state.fingerprint() == fp
    ap.typed.value = "end turn"                          # speed and mates unused: asks twice
    ap.typed_button.click()
    assert g.state.fingerprint() == fp and "Click again to confirm" in said.text
    assert ap.typed_button.description == "Click again to confirm" and ap.typed_button.button_style == "danger"
    ap.typed_button.click()
    ap.refresh()
    assert "rest" in view.coach(g.state).text
    shown = [b for b in ap.quick if b.layout.display is None]
    assert [b.tooltip for b in shown] == ["rest morale", "rest discard fuel — This discards your last supply card."]
    assert shown[1].description.startswith("⚠") and shown[1].button_style == "warning"
    ap.press(1)
    assert g.state.ships[0].hand == ["fuel"] and ap.quick[1].description == "Click again to confirm"
    ap.press(1)
    assert g.state.ships[0].hand == []


def test_actions_list_never_preselects_a_dangerous_action():
    g = simple(ships=[{"pos": "0,-3", "hand": [], "morale": 1}, {"pos": "port"}], turn={"speed": 0, "mates": 0})
    ap = ActionsPanel(g)
    assert "end turn" in ap.risky and ap.select.value != "end turn"
    assert any(label.startswith("⚠") for label, _ in ap.select.options)


# =============================================================================== the table
def test_play_table_hot_seat_bots_undo_and_logs(tmp_path):
    g = ww.new_game(players=3, seed=4)
    t = PlayTable(g, bots={1: "random", 2: "greedy"}, bot_pause=0, records_dir=tmp_path)
    assert t.game.current_player == 0
    board_marks = marks(t.board)
    fp = g.state.fingerprint()
    steps = len(t._groups)                                # the bots' opening moves are one undo step
    start_events = list(t.event_lines)
    leave = t.board.dests and next(h for h, xs in t.board.dests.items() if xs[0].action.verb == "leave")
    t.board.click(leave)
    assert g.state.ships[0].pos == leave
    t.actions.select.value = "end turn"
    t.actions.do_button.click()                         # speed unused: a second click is needed
    assert g.state.ships[0].pos == leave and "Click again to confirm" in t.messages.text
    t.actions.do_button.click()                         # player 1 ends; the bots play their turns
    assert g.current_player == 0 or g.is_over
    if g.current_player == 0 and view.coach(g.state).kind == "rest":
        t.actions.press(1)                              # discard a card (not the ship-losing morale)
    assert len(t.bot_lines) > 2 and "bot" in t.bot_lines[0]
    assert "(random bot)" in t.event_log.value and len(t.event_lines) > len(start_events)
    assert marks(t.board) == board_marks and all(x is y for x, y in zip(marks(t.board), board_marks))
    assert "P2 " in t.ship_tabs.get_title(1) and "(bot)" in t.ship_tabs.get_title(1)
    assert t.ship_tabs.selected_index == g.current_player
    while len(t._groups) > steps:
        t.undo()
    assert g.state.fingerprint() == fp and t.event_lines == start_events
    t.undo()                                              # the bots' opening moves
    assert t.undo_button.disabled and g.state.turn_number == 1
    t.save_field.name.value = "game"
    t.save_field.button.click()
    path = tmp_path / "game.wwr.json"
    assert json.loads(path.read_text())["format"] == "windward-record" and str(path) in t.messages.text
    assert "Text summary" in t.summary.value and "Windward, free-for-all" in t.summary.value


def test_play_table_all_bots_play_to_the_end():
    t = PlayTable(ww.new_game(players=3, seed=11), bots={0: "random", 1: "random", 2: "random"},
                  max_bot_actions=20000)
    assert not t.bot_lines                               # an all-bot table waits for the button
    t.step_button.click()
    assert len(t.bot_lines) == 1
    t.bots_button.click()
    assert t.game.is_over and "wins" in t.title.value


def test_play_table_seat_picker_switches_a_seat_to_a_bot():
    g = ww.new_game(players=3, seed=2)
    t = PlayTable(g)
    first = g.current_player
    t.seat_pickers[first].value = "random"             # the deciding seat becomes a bot: it plays at once
    assert t.bots and (g.current_player != first or len(t.bot_lines) > 0)
    t.seat_pickers[first].value = "human"
    assert first not in t.bots


def test_seat_bots_come_from_the_engine():
    bot = botlib.make_bot("random", seed=1)
    g = ww.new_game(players=3, seed=1)
    for _ in range(50):
        a = botlib.choose(bot, g)
        assert a in g.legal_actions()
        g.apply(a)
    with pytest.raises(ValueError, match="a seat is one of"):
        botlib.make_bot("clever")
    assert botlib.make_bot("human") is None
    assert botlib.bot_name(botlib.make_bot("greedy", 1)) == "greedy"


def test_panels_cover_every_decision_of_a_random_game():
    """Every legal action of every position is reachable from the actions list (a dangerous
    one with a second click)."""
    g = ww.new_game(players=3, seed=6)
    t = PlayTable(g)
    rng = np.random.default_rng(0)
    confirmed = 0
    for _ in range(150):
        if g.is_over:
            break
        legal = [str(a) for a in g.legal_actions()]
        assert [v for _, v in t.actions.select.options] == legal
        assert t.actions.select.value not in t.actions.risky
        t.actions.select.value = legal[int(rng.integers(len(legal)))]
        n = len(g.record.actions)
        t.actions.do_button.click()
        if len(g.record.actions) == n:
            assert t.messages.text.endswith("Click again to confirm.")
            t.actions.do_button.click()
            confirmed += 1
        assert len(g.record.actions) > n and t.messages.text == ""      # accepted; old warnings cleared
    assert confirmed > 0


def test_unplayable_card_says_why():
    g = simple(ships=[{"pos": "0,-3", "hand": ["harpoon"]}, {"pos": "port"}])
    p = ShipBoardPanel(g, 0)
    fp = g.state.fingerprint()
    p.card_buttons["harpoon"].click()
    assert "Harpoon cannot be played now" in p.messages.text and "battle" in p.messages.text
    assert g.state.fingerprint() == fp


def test_private_hands_show_only_the_deciding_captains_cards():
    g = ww.new_game(players=3, seed=4)
    t = PlayTable(g, private_hands=True)
    who = g.current_player
    for seat, panel in enumerate(t.ship_panels):
        shown = [b for b in panel.card_buttons.values() if b.layout.display != "none"]
        if seat == who:
            assert shown and "face down" not in panel.hand_label.value
        else:
            assert not shown and "face down" in panel.hand_label.value
    open_table = PlayTable(ww.new_game(players=3, seed=4))
    assert all(any(b.layout.display != "none" for b in p.card_buttons.values()) for p in open_table.ship_panels)
