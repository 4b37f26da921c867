"""Tailwinds is played by clicks on the shell's table in JupyterLab: board squares, hand cards, End turn.

``notebooks/tests/tailwinds_table.ipynb`` builds a :class:`windward_widgets.tailwinds.TailwindsTable`
(players 1 and 2 people at one hot seat, player 3 a random bot pausing 0.3 s). The test places
the boats by clicking start squares, has player 1 choose a card face down with the hand panel,
checks that player 2's screen shows that a card lies face down but never which, lets player 2
choose, then plays the first human turn by clicks on the track and End turn. Every step is
checked against the same clicks on a table in this process (seeded game and bots make it
exact), and the table must fit at 1024x768 with the file browser open. Screenshots go to
``test-artifacts/``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
try:
    import windward_widgets  # noqa: F401
except ImportError:  # a plain checkout that is not pip-installed
    sys.path.insert(0, str(ROOT / "widgets"))

from windward_nb.tailwinds import new_game  # noqa: E402
from windward_widgets.tailwinds import TailwindsTable  # noqa: E402

from test_table_browser import (table_notebook, KERNEL_IDLE_JS, MARKS, _box, _file_browser, _named, _park, _text,  # noqa: E402
                                _wait_text)

pytestmark = pytest.mark.browser

NOTEBOOK = "tailwinds_table.ipynb"
TABLE = ".jp-OutputArea-output .ww-test-tailwinds"


class Plan:
    """The same clicks on an in-process table (pause 0): the page must say the same."""

    def __init__(self):
        self.t = TailwindsTable(new_game(players=3, seed=4, characters=["sailor", "pirate", "gambler"]),
                                bots={2: "random"}, bot_pause=0, board_width=560)

    def note(self) -> dict:
        t = self.t
        return {"coach": t.coach.text, "message": t.messages.text, "waited": t.waited_text}


@pytest.fixture(scope="module")
def tw_page(lab_server, browser, artifacts_dir):
    with table_notebook(browser, lab_server, artifacts_dir, "tailwinds", NOTEBOOK, TABLE, MARKS, "tailwinds_page",
                        height=800) as page:
        yield page


def _table(page):
    return page.locator(TABLE).first


def _check(page, step: dict, timeout: float = 30.0) -> None:
    table = _table(page)
    _wait_text(table.locator(".ww-coach-text").first, step["coach"], timeout=timeout)
    if step["message"]:
        _wait_text(table.locator(".ww-message .ww-msg-text").first, step["message"])
    else:
        _wait_text(table.locator(".ww-message").first, "")
    _wait_text(table.locator(".ww-waited").first, step["waited"], timeout=timeout)


def _click_square(page, plan: Plan, i: int) -> None:
    """Click board square ``i`` where it is drawn, once the page has stopped moving, and check that
    the kernel got that square. (The click layer's dots are matched to squares by position: bqplot
    may reorder the dots in the page as their hover texts change.)"""
    b = plan.t.board
    fig = _table(page).locator(".ww-track-board svg.svg-figure").first
    box, last = None, None
    for _ in range(20):                     # the table may still be growing or shrinking after an update
        fig.scroll_into_view_if_needed()
        box = fig.bounding_box()
        if box == last:
            break
        last = box
        time.sleep(0.25)
    cx, cy = b.centres[i]
    fx = (cx - b.x_scale.min) / (b.x_scale.max - b.x_scale.min)
    fy = (cy - b.y_scale.min) / (b.y_scale.max - b.y_scale.min)
    m = b._margin
    k = box["width"] / b.width
    x = box["x"] + (m["left"] + fx * (b.width - m["left"] - m["right"])) * k
    y = box["y"] + (m["top"] + (1 - fy) * (b.height - m["top"] - m["bottom"])) * k
    page.mouse.move(x, y)
    time.sleep(0.2)
    page.mouse.click(x, y)
    page.wait_for_function(KERNEL_IDLE_JS)
    got = _kernel(page, "print(table.board.last_clicked)").strip()
    assert got == str(i), f"clicked square {i} at ({x:.0f}, {y:.0f}) but the table got {got}"


def _hand_card(page, name: str):
    return _table(page).locator(".ww-hand-panel button.ww-hand-card:visible").filter(has_text=_named(name)).first


def _kernel(page, code: str) -> str:
    """Run ``code`` in the notebook's kernel and return what it printed."""
    return page.evaluate("""async (code) => {
      const k = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
      let out = '';
      const f = k.requestExecute({code});
      f.onIOPub = (m) => { if (m.header.msg_type === 'stream') out += m.content.text; };
      await f.done;
      return out;
    }""", code)


def _no_traceback(page) -> None:
    assert "Traceback" not in page.locator("body").inner_text()
    assert page.locator(".ww-bug").count() == 0 and page.locator(".ww-msg-error").count() == 0


def _settled(page) -> None:
    """Wait until the bots have finished in the background (a click while they play is refused)."""
    _wait_text(_table(page).locator(".ww-bots-button").first, "Let bots play")
    page.wait_for_function(KERNEL_IDLE_JS)


def _ready(page, plan: Plan, shot: str = "") -> None:
    """When the screen passes from one person to the other (two people hold cards at this table),
    the curtain comes down: click Ready on the plan and on the page (``shot``: a screenshot of it)."""
    if not plan.t.curtain.shown:
        return
    plan.t.curtain.button.click()
    curtain = _table(page).locator(".ww-curtain").first
    curtain.wait_for(state="visible")
    assert not _table(page).locator(".ww-hand-panel").first.is_visible()
    if shot:
        _park(page)
        page.screenshot(path=shot)
    curtain.locator("button.ww-curtain-ready").first.click()
    curtain.wait_for(state="hidden")
    page.wait_for_function(KERNEL_IDLE_JS)


def _click_target(page, plan: Plan, pick=min) -> dict:
    """Click the same target square on the plan and on the page (and pass the screen when it
    passes); return what the plan says next."""
    _settled(page)
    t = plan.t
    square = pick(t.board.targets)
    t.board.click(square)
    _click_square(page, plan, square)
    _ready(page, plan)
    return plan.note()


def test_tailwinds_is_played_by_clicks_and_a_face_down_card_stays_hidden(tw_page, artifacts_dir):
    page, plan = tw_page, Plan()
    t = plan.t
    _check(page, plan.note(), timeout=60)
    assert _table(page).locator(".ww-track-board text.label").filter(has_text="⚑").count() == 1

    # ---- placing: every human boat by a click on a highlighted start square
    while t.game.state.phase == "place":
        step = _click_target(page, plan, pick=max)
        _check(page, step, timeout=60)
    assert t.game.state.phase == "choose" and t.game.current_player == 0

    # ---- choosing: Player 1 takes Manoeuvre face down; Player 2's screen must not say which
    t.hand.card_buttons[2].click()
    _settled(page)
    _hand_card(page, "Manoeuvre (3)").click()
    _ready(page, plan, shot=str(artifacts_dir / "tailwinds_curtain.png"))  # the screen passes to Player 2
    step = plan.note()
    _check(page, step, timeout=60)
    assert t.game.current_player == 1
    hand = _table(page).locator(".ww-hand-panel").first
    _wait_text(hand.locator(".ww-hand-others").first, "a card face down", exact=False)
    shown = _text(hand)
    assert "The Pirate" in shown and "anoeuvre" not in shown
    _park(page)
    page.screenshot(path=str(artifacts_dir / "tailwinds_sealed_choice.png"))

    t.hand.card_buttons[5].click()                        # Player 2 chooses the 5
    _settled(page)
    _hand_card(page, "5").click()
    _settled(page)
    _ready(page, plan)
    step = plan.note()
    _check(page, step, timeout=60)

    # ---- the first human turn: clicks on the track, then End turn
    for _ in range(8):
        s = t.game.state
        if s.phase == "turn" and t.game.current_player in (0, 1) and not s.pending and s.points > 0 and t.board.targets:
            step = _click_target(page, plan, pick=max)
            _check(page, step, timeout=60)
            continue
        if t.turn_bar.buttons.get("end") is not None and not t.turn_bar.buttons["end"].disabled \
                and t.game.current_player in (0, 1):
            t.turn_bar.press("end")
            _settled(page)
            _table(page).locator(".ww-turn-bar button:visible").filter(has_text=_named("End turn")).first.click()
            _settled(page)
            _ready(page, plan)
            step = plan.note()
            _check(page, step, timeout=60)
            break
    assert t.game.state.round >= 1 and any(e.kind == "BoatMoved" for _, _, _, evs in t._applies for e in evs)
    _wait_text(_table(page).locator(".ww-event-log").first, "Cards revealed", exact=False)
    _settled(page)
    assert _kernel(page, "print(table.game.state.fingerprint())").strip() == t.game.state.fingerprint()
    _park(page)
    page.screenshot(path=str(artifacts_dir / "tailwinds_after_a_turn.png"))
    _no_traceback(page)


@pytest.mark.parametrize("browser_open", [True, False], ids=["files-open", "files-closed"])
def test_the_tailwinds_table_fits_at_1024x768(tw_page, artifacts_dir, browser_open):
    page = tw_page
    page.set_viewport_size({"width": 1024, "height": 768})
    _file_browser(page, browser_open)
    board = _table(page).locator(".ww-track-board svg.svg-figure").first
    _table(page).locator(".ww-track-board").first.evaluate("e => e.scrollIntoView({block: 'start'})")
    time.sleep(0.6)
    boxes = {"board": _box(board), "coach": _box(_table(page).locator(".ww-coach").first)}
    for name, b in boxes.items():
        assert b["left"] >= 0 and b["right"] <= 1024.5 and b["top"] >= 0, (name, b)
    _park(page)
    page.screenshot(path=str(artifacts_dir / f"tailwinds_lab_1024x768_files_{'open' if browser_open else 'closed'}.png"))
    _file_browser(page, False)
    page.set_viewport_size({"width": 1280, "height": 800})
