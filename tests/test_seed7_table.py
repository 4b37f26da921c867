"""Issue 24's repro on the play table, by its own clicks (3 players, seed 7).

Player 1 hires a Marine, fills a cannon, sails to 1,0 and 1,1, picks up gas and ends the turn;
a red crester two spaces away reaches the resting ship. The table used to show the battle's
odds without the Marine's +2 (attacker 96.8%) and to warn only about unused speed. Now, by the
same clicks: the coach and the End-turn confirmation name the red crester first, with the exact
chance of losing the battle and the ship; and with the Cannons slider at 1 the battle panel
shows what the engine's own battles give (forced through it roll by roll): the red wins 66.7%,
a tie 20.4%, the ship 13.0%. The browser twin is ``tests/browser/test_seed7_browser.py``.
"""

from __future__ import annotations

import re
import sys
from html import unescape
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
try:
    import windward_widgets  # noqa: F401
except ImportError:  # a plain checkout that is not pip-installed
    sys.path.insert(0, str(HERE.parent / "widgets"))

import battle_oracle as oracle  # noqa: E402

import windward_nb as ww  # noqa: E402
from windward_widgets import PlayTable  # noqa: E402

END_WARNING = ("A red crester 2 spaces away (2,2) reaches you at the rest: you lose the battle and your ship 65% of "
               "the time. The Trading Post (2 speed), 1,-1 (2 speed) and 2,-1 (2 speed) are out of reach. You also "
               "leave 2 speed unused. Click again to confirm.")
ODDS_TEXT = "attacker wins 66.7% · tie 20.4% · defender wins 13.0%"


def at(t, h: str) -> int:
    return t.game.state.planet.index[tuple(int(x) for x in h.split(","))]


def to_the_rest(t: PlayTable) -> dict:
    """The issue's clicks up to the End-turn confirmation; what the table said on the way."""
    said = {}
    ship = t.ship_panels[0]
    ship.hire_pick.value = "Marine"
    ship.hire_button.click()
    ship.order_buttons["cannon"].click()
    t.board.click(at(t, "1,0"))
    said["coach at 1,0"] = t.coach.coach.hints[0]
    t.board.click(at(t, "1,1"))
    t.turn_bar.press("pickup gas")
    said["coach at 1,1"] = t.coach.coach.hints[0]
    t.turn_bar.press("end")
    said["end turn"] = t.messages.text
    return said


def test_seed7_click_path_names_the_red_first_and_shows_the_marines_odds():
    t = PlayTable(ww.new_game(players=3, seed=7, planet="large"), bots={1: "greedy", 2: "random"}, bot_pause=0)
    said = to_the_rest(t)
    s = t.game.state
    assert s.ships[0].crew == ["Marine"] and s.ships[0].cannons == 1 and s.planet.label(s.ships[0].pos) == "1,1"
    assert said["coach at 1,0"].startswith("If you end your turn here: a red crester 3 spaces away (2,2) reaches "
                                           "you at the rest")
    assert said["coach at 1,1"].startswith("If you end your turn here: a red crester 2 spaces away (2,2) reaches "
                                           "you at the rest: you lose the battle and your ship 65% of the time.")
    assert said["end turn"] == END_WARNING                        # the worst danger first, then the speed
    t.turn_bar.press("end")                                       # confirmed
    rest = [r.action for r in t.actions.quick_rows]
    t.actions.press(rest.index("rest discard deadweight"))
    s = t.game.state
    f = s.frames[-1]
    assert f["k"] == "battle" and f["step"] == "d_cannons" and sum(f["a_dice"]) == 8   # the red rolled 8
    assert "the red crester attacks" in t.battle.title.value
    t.battle.cannons.value = 1
    o = t.battle.outlook
    want = oracle.summary(oracle.engine_results(s, 1))              # every roll through the engine
    for key in ("win", "tie", "loss"):
        assert abs(o[key] - want[key]) < 1e-12, key
    assert (round(o["win"], 3), round(o["tie"], 3), round(o["loss"], 3)) == (0.667, 0.204, 0.130)
    html = unescape(re.sub(r"<[^>]+>", "", t.battle.odds.value))
    assert ODDS_TEXT in html and "the defender's crew adds 2 hits" in html
    t.battle.cannons.value = 0                                    # no cannon: the red nearly always wins
    assert round(t.battle.outlook["win"], 3) == 0.972


def test_the_log_is_numbered_once():
    t = PlayTable(ww.new_game(players=3, seed=7, planet="large"), bots={1: "greedy", 2: "random"}, bot_pause=0)
    to_the_rest(t)
    log = t.event_log.value
    assert "<ol" not in log and 'class="ww-log-lines"' in log and "list-style:none" in log
    lines = re.findall(r"<li>(.*?)</li>", log)
    assert lines and all(re.match(r"\d+\. \D", line) for line in lines)   # "4. Player 1 sails ...", one number


def test_a_typo_is_answered_under_the_text_box():
    t = PlayTable(ww.new_game(players=3, seed=7, planet="large"), bots={1: "greedy", 2: "random"}, bot_pause=0)
    ship = t.ship_panels[0]
    ship.hire_pick.value = "Marine"
    ship.hire_button.click()
    ship.order_buttons["cannon"].click()
    t.board.click(at(t, "1,0"))
    t.board.click(at(t, "1,1"))
    t.actions.typed.value = "pickup gas"                          # the typo
    t.actions.typed_button.click()
    said = t.actions.typed_messages
    assert said.kind == "warning" and said.text.endswith("Did you mean: pick up gas?") and t.messages.text == ""
    children = list(t.actions.children)
    assert t.actions.typed in children[children.index(said) - 1].children   # right under the box's row


def test_the_coach_quotes_the_panels_odds_at_the_cannons_step():
    t = PlayTable(ww.new_game(players=3, seed=7, planet="large"), bots={1: "greedy", 2: "random"}, bot_pause=0)
    to_the_rest(t)
    t.turn_bar.press("end")
    rest = [r.action for r in t.actions.quick_rows]
    t.actions.press(rest.index("rest discard deadweight"))
    want = oracle.summary(oracle.engine_results(t.game.state))      # all (one) cannon, roll by roll
    assert (round(want["loss"], 2), round(want["tie"], 2), round(want["win"], 2)) == (0.13, 0.2, 0.67)
    assert ("Exact odds, firing all your cannons: you win 13%, tie 20%, lose 67%; your ship is lost 67% of the time."
            in t.coach.coach.hints)
