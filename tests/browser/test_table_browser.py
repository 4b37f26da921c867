"""The play table as a newcomer meets it: JupyterLab and Voila in headless Chromium.

``notebooks/tests/play_table.ipynb`` holds a 3-player game (seed 7): player 1 human, a greedy
and a random bot pausing 0.3 s between captains. The first test plays player 1's first two
turns only by clicks (order spaces, the quick choices, the turn buttons, the battle panel, a
board hex), asserting the coach line at every step, the second click a dangerous action needs,
the ship-losing rest that is *not* confirmed, the bots playing in the background and the
while-you-waited summaries, and that no traceback appears anywhere.

The expected texts come from the same clicks made on a PlayTable in this process (pause 0):
the game and the bots are seeded, so the kernel must say exactly the same things.

The layout tests check that the board and the controls are both in view at 1280x800 and
1024x768 (in JupyterLab and in Voila) and keep screenshots in ``test-artifacts/``.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
import secrets
import sys
import time
from pathlib import Path

import pytest

from conftest import open_voila, run_all_cells

import windward_nb as ww
from windward_nb.windward import view

try:
    import windward_widgets  # noqa: F401
except ImportError:  # a plain checkout that is not pip-installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "widgets"))
from windward_widgets import PlayTable

pytestmark = pytest.mark.browser

NOTEBOOK = "play_table.ipynb"
TABLE = ".jp-OutputArea-output .ww-test-table"
MARKS = "svg.svg-figure > g > g > g"
SHIP_MARK = 20          # nth-child of the ships' Scatter (after the dock label and the sticker marks)
SIZES = ((1280, 800), (1024, 768))
V1_SHIP_BOX = 23 * 20   # px^2: the ship's bounding box on the first version of the table (560 px board)

KERNEL_IDLE_JS = """() => {
  const app = window.jupyterapp;
  const w = app && app.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!k && k.status === 'idle';
}"""


BOTS_PLAYING_JS = """() => {
  const t = document.querySelector('.jp-OutputArea-output .ww-test-table');
  const b = t && t.querySelector('.ww-bots-button');
  const c = t && t.querySelector('.ww-coach-note');
  return !!b && b.innerText.includes('Stop bots') && !!c && c.innerText.includes('The bots are playing');
}"""


# =============================================================================== the oracle
class Plan:
    """The same clicks on an in-process table; ``steps`` records what the table says after each."""

    def __init__(self):
        self.t = PlayTable(ww.new_game(players=3, seed=7, planet="large"), bots={1: "greedy", 2: "random"}, bot_pause=0)
        self.steps: list[dict] = []
        self.note("start")

    def note(self, name: str) -> dict:
        t = self.t
        step = {"name": name, "coach": t.coach.text, "message": t.messages.text, "waited": t.waited_text,
                "kind": view.coach(t.game.state).kind}
        self.steps.append(step)
        return step


@pytest.fixture(scope="module")
def plan() -> Plan:
    return Plan()


# =============================================================================== the page
@pytest.fixture(scope="module")
def table_page(lab_server, browser, artifacts_dir):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.goto(lab_server.url(f"lab/workspaces/play-table/tree/{NOTEBOOK}"))
    page.wait_for_function(KERNEL_IDLE_JS, timeout=90_000)
    page.locator('.jp-Notebook-ExecutionIndicator[data-status="idle"]').first.wait_for()
    run_all_cells(page)
    try:
        page.locator(f"{TABLE} .ww-coach-text").first.wait_for(timeout=90_000)
        page.locator(f"{TABLE} {MARKS}").first.wait_for(timeout=60_000)
        page.wait_for_function(KERNEL_IDLE_JS)
    except Exception:
        page.screenshot(path=str(artifacts_dir / "table_page-failure.png"))
        raise
    try:
        yield page
    finally:
        context.close()


def _table(page):
    return page.locator(TABLE).first


def _text(locator) -> str:
    return re.sub(r"\s+", " ", locator.inner_text()).strip()



@contextmanager
def table_notebook(browser, lab_server, artifacts_dir, workspace: str, notebook: str, table: str, ready: str,
                   name: str, height: int = 800):
    """A page with ``notebook`` open in JupyterLab (workspace ``workspace``), all its cells run, and the
    table ``table`` showing its coach line and ``ready`` (a selector inside it); a screenshot named
    ``name`` if it never gets there; the browser context closed afterwards."""
    context = browser.new_context(viewport={"width": 1280, "height": height})
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.goto(lab_server.url(f"lab/workspaces/{workspace}/tree/{notebook}"))
    page.wait_for_function(KERNEL_IDLE_JS, timeout=90_000)
    page.locator('.jp-Notebook-ExecutionIndicator[data-status="idle"]').first.wait_for()
    run_all_cells(page)
    try:
        page.locator(f"{table} .ww-coach-text").first.wait_for(timeout=90_000)
        page.locator(f"{table} {ready}").first.wait_for(timeout=60_000)
        page.wait_for_function(KERNEL_IDLE_JS)
    except Exception:
        page.screenshot(path=str(artifacts_dir / f"{name}-failure.png"))
        raise
    try:
        yield page
    finally:
        context.close()


def _wait_text(locator, want: str, timeout: float = 30.0, exact: bool = True) -> str:
    deadline = time.monotonic() + timeout
    got = ""
    while time.monotonic() < deadline:
        try:
            got = _text(locator)
        except Exception:  # noqa: BLE001 - the element is being redrawn
            got = ""
        if (got == want) if exact else (want in got):
            return got
        time.sleep(0.1)
    raise AssertionError(f"expected {want!r}, last saw {got!r}")


def _coach(page):
    return _table(page).locator(".ww-coach-text").first


def _message(page):
    return _table(page).locator(".ww-message").first


def _waited(page):
    return _table(page).locator(".ww-waited").first


def _named(name: str):
    """Button text exactly ``name`` (an icon's glyph is not part of its text)."""
    return re.compile(rf"^\s*{re.escape(name)}\s*$")


def _button(page, scope: str, name: str):
    return _table(page).locator(scope).locator("button:visible").filter(has_text=_named(name)).first


def _quick(page, name: str):
    return _button(page, ".ww-quick", name)


def _dots(page):
    return _table(page).locator(".ww-game-board").locator(MARKS).filter(has=page.locator("path.dot")).last \
        .locator("path.dot")


def _park(page):
    page.mouse.move(1, 1)


def _check(page, step: dict, message: bool = True, timeout: float = 30.0) -> None:
    """The page says what the in-process table said at this step."""
    _wait_text(_coach(page), step["coach"], timeout=timeout)
    if message:
        if step["message"]:
            _wait_text(_message(page).locator(".ww-msg-text").first, step["message"])
        else:
            _wait_text(_message(page), "")
    _wait_text(_waited(page), step["waited"])


def _no_traceback(page) -> None:
    body = page.locator("body").inner_text()
    assert "Traceback" not in body
    assert page.locator(".ww-bug").count() == 0
    assert page.locator(".ww-msg-error").count() == 0
    assert page.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]').count() == 0


def _box(locator) -> dict:
    return locator.evaluate("e => { const r = e.getBoundingClientRect(); "
                            "return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, "
                            "width: r.width, height: r.height}; }")


def _assert_fits(page, scope, label: str) -> dict:
    """Board and controls side by side, both fully in the viewport, once the board is scrolled to the top."""
    board = scope.locator(".ww-game-board svg.svg-figure").first
    scope.locator(".ww-game-board").first.evaluate("e => e.scrollIntoView({block: 'start'})")
    time.sleep(0.4)
    vw, vh = page.viewport_size["width"], page.viewport_size["height"]
    boxes = {"board": _box(board), "coach": _box(scope.locator(".ww-coach").first),
             # the first button that can be pressed now: Leave port, a quick choice, a battle choice...
             "act": _box(scope.locator(".ww-controls button:visible:enabled").first)}
    for name, b in boxes.items():
        assert b["left"] >= 0 and b["right"] <= vw + 0.5, (label, name, b, vw)
        assert b["top"] >= 0 and b["bottom"] <= vh + 0.5, (label, name, b, vh)
    assert boxes["coach"]["left"] >= boxes["board"]["right"] - 1, (label, "not side by side", boxes)
    controls = _box(scope.locator(".ww-controls").first)
    assert boxes["board"]["width"] > controls["width"], (label, "the board is the widest column", boxes, controls)
    board_area = boxes["board"]["width"] * boxes["board"]["height"]
    for part in (".ww-coach-panel", ".ww-battle", ".ww-turn-bar", ".ww-ship-board:visible", ".ww-actions"):
        for b in [_box(x) for x in scope.locator(part).all()]:
            in_view = max(0.0, min(b["bottom"], vh) - max(b["top"], 0)) * b["width"]
            assert board_area > in_view, (label, "the board is the largest thing in view", part, b)
    return boxes


# =============================================================================== fits a laptop (at the start)
def _file_browser(page, open_: bool) -> None:
    """Open or close JupyterLab's left area (the file browser; Ctrl+B)."""
    page.evaluate("o => { const s = window.jupyterapp.shell; "
                  "if (o) { window.jupyterapp.commands.execute('filebrowser:activate'); s.expandLeft(); } "
                  "else { s.collapseLeft(); } }", open_)
    time.sleep(0.8)


@pytest.mark.parametrize("browser_open", [True, False], ids=["files-open", "files-closed"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_table_fits_a_laptop_in_jupyterlab(table_page, artifacts_dir, size, browser_open):
    """Board and controls side by side and in view: at 1024x768 with the file browser open the
    table gets about 590 px, and the board shrinks (everything on it with it) instead of
    pushing the controls below the fold."""
    page = table_page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    _file_browser(page, browser_open)
    time.sleep(0.8)
    boxes = _assert_fits(page, _table(page), f"lab {size} files {'open' if browser_open else 'closed'}")
    table_width = _box(_table(page))["width"]
    board = boxes["board"]
    ship = _table(page).locator(f".ww-game-board {MARKS}:nth-child({SHIP_MARK}) path.dot").first
    b = _box(ship)
    ratio = min(1.0, board["width"] / 508)           # the board's size against its full 508 px
    # pieces at least twice the first version's size at the default width, and scaled with the board
    # (in steps of 4 %: never more than 3 % smaller than the board's own ratio)
    assert b["width"] * b["height"] >= 2 * V1_SHIP_BOX * 0.97 * (ratio - 0.03 * (ratio < 1)) ** 2, (b, board)
    hexes = _table(page).locator(f".ww-game-board {MARKS}:first-child > g.curve path.line")
    hex_box = _box(hexes.nth(1))
    assert b["width"] < 1.6 * hex_box["width"], (b, hex_box)      # a piece stays inside its space's width
    if table_width >= 800:
        assert board["width"] >= 480, (table_width, board)
    else:
        assert board["width"] >= 280, (table_width, board)
    _park(page)
    page.screenshot(path=str(artifacts_dir / f"table_lab_{size[0]}x{size[1]}_files_"
                                             f"{'open' if browser_open else 'closed'}.png"))
    _no_traceback(page)
    _file_browser(page, False)
    page.set_viewport_size({"width": 1280, "height": 800})


# =============================================================================== the two turns
def test_first_two_turns_by_clicks_only(table_page, plan, artifacts_dir):
    page, t = table_page, plan.t
    _check(page, plan.steps[0])
    assert plan.steps[0]["coach"] == ("Player 1, you are at the Trading Post: give up to 2 orders, then sail out "
                                      "(1 speed). Speed 4, mates 2.")

    # ---- turn 1: Take Supplies, three cards, Leave port N, End turn (twice), rest
    t.ship_panels[0].order_buttons["supplies"].click()
    step = plan.note("take supplies")
    _button(page, ".ww-ship-board:visible", "Take Supplies (3 cards)").click()
    _check(page, step)
    assert step["kind"] == "take"
    for k in range(3):
        name = t.actions.quick[0].description
        t.actions.press(0)
        step = plan.note(f"take card {k + 1}")
        _quick(page, name).click()
        _check(page, step)
    assert step["coach"].startswith("Player 1, you are at the Trading Post: give 1 order")

    t.turn_bar.press("leave")
    t.turn_bar.choose(0)
    step = plan.note("leave port N")
    _button(page, ".ww-turn-bar", "Leave port").click()
    _button(page, ".ww-turn-bar", "N").click()
    _check(page, step)
    assert step["coach"].startswith("Player 1, you are at sky on 0,-1:")

    t.turn_bar.press("end")
    step = plan.note("end turn, first click")
    _button(page, ".ww-turn-bar", "End turn").click()
    _check(page, step)
    assert step["message"] == "This ends your turn with 3 speed and 1 mate unused. Click again to confirm."
    assert _text(_table(page).locator(".ww-turn-end").first) == "Click again to confirm"
    t.turn_bar.press("end")
    step = plan.note("end turn, confirmed")
    _button(page, ".ww-turn-bar", "Click again to confirm").click()
    _check(page, step)
    assert step["kind"] == "rest"

    # the ship-losing rest asks twice; player 1 thinks again and discards a card
    lose = t.actions.quick[0].description
    assert lose.startswith("⚠ Rest: lose 1 morale")
    t.actions.press(0)
    step = plan.note("rest morale, first click")
    _quick(page, lose).click()
    _check(page, step)
    assert step["message"] == "This loses your ship. Click again to confirm."
    assert _text(_table(page).locator(".ww-quick button").first) == "Click again to confirm"
    _park(page)
    page.screenshot(path=str(artifacts_dir / "table_confirm_rest.png"))

    discard = t.actions.quick[1].description
    t.actions.press(1)
    step = plan.note("rest discard, bots play")
    _quick(page, discard).click()
    page.wait_for_function(BOTS_PLAYING_JS, polling="raf", timeout=10_000)   # in the background, said so
    _check(page, step, timeout=90)
    assert step["waited"].startswith("While you waited: ")
    _wait_text(_table(page).locator(".ww-bots-button").first, "Let bots play")

    # a bot attacked mid-turn and player 1 must answer: the battle panel
    if step["kind"] == "battle_flag":
        assert "Player 1 (defender)" in step["coach"]
        choice = t.battle.buttons[0].description
        t.battle.choose(0)
        step = plan.note("battle answer, bots play on")
        _button(page, ".ww-battle", choice).click()
        _check(page, step, timeout=90)

    # ---- turn 2: one click on the board if at sky (Leave port if lost), End turn twice, rest if at sky
    assert step["coach"].startswith("Player 1, you are at") and t.game.state.turn_number == 4
    assert step["waited"].startswith("While you waited: ")
    s = t.game.state
    if s.ships[0].pos >= 0:
        target = next(h for h, ds in sorted(t.board.dests.items()) if ds[0].cost == 0 and len(ds[0].actions) == 1)
        t.board.click(target)
        step = plan.note("turn 2: board click")
        _dots(page).nth(target).click()
    else:
        t.turn_bar.press("leave")
        t.turn_bar.choose(0)
        step = plan.note("turn 2: leave port")
        _button(page, ".ww-turn-bar", "Leave port").click()
        _button(page, ".ww-turn-bar", "N").click()
    _check(page, step)
    t.turn_bar.press("end")
    step = plan.note("turn 2: end turn, first click")
    _button(page, ".ww-turn-bar", "End turn").click()
    _check(page, step)
    t.turn_bar.press("end")
    step = plan.note("turn 2: end turn, confirmed")
    _button(page, ".ww-turn-bar", "Click again to confirm").click()
    _check(page, step, timeout=90)
    if step["kind"] == "rest":
        discard = t.actions.quick[1].description
        t.actions.press(1)
        step = plan.note("turn 2: rest discard, bots play")
        _quick(page, discard).click()
        _check(page, step, timeout=90)
    assert t.game.state.turn_number == 7 or t.game.state.frames        # round 3, or a battle to answer
    _assert_fits(page, _table(page), "lab after two turns")
    _park(page)
    page.screenshot(path=str(artifacts_dir / "table_after_two_turns.png"))
    _no_traceback(page)


def test_typo_gets_a_friendly_answer_in_the_browser(table_page):
    page = table_page
    options = [o.replace("\xa0", " ") for o in _table(page).locator(".ww-legal-actions option").all_inner_texts()]
    legal = re.search(r"\[(.+)\]\s*$", options[0]).group(1)          # e.g. "leave port N"
    typo = legal[1] + legal[0] + legal[2:]                            # two letters swapped
    box = _table(page).locator(".ww-typed input").first
    box.fill(typo)
    _table(page).locator(".ww-apply-typed").first.click()
    got = _wait_text(_table(page).locator(".ww-typed-message .ww-msg-text").first,
                     f"'{typo}' is not an action. Did you mean:", exact=False)
    assert legal in got
    _no_traceback(page)


# =============================================================================== Voila
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_voila_app_fits_a_laptop_and_offers_a_download(voila_play_table, browser, artifacts_dir, size):
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    try:
        table = open_voila(page, voila_play_table.base + "/", ".ww-play-table")
        board = table.locator(".ww-game-board").first
        board.locator(f"{MARKS}:first-child > g.curve").nth(90).wait_for(timeout=60_000)
        assert board.locator(f"{MARKS}:nth-child({SHIP_MARK}) path.dot").count() == 3
        table.locator(".ww-coach-text").first.wait_for()
        _assert_fits(page, table, f"voila {size}")
        _park(page)
        time.sleep(0.3)
        page.screenshot(path=str(artifacts_dir / f"table_voila_{size[0]}x{size[1]}.png"))
        # under Voila the save field offers a download and writes nothing on the server
        name = "voila-test-" + secrets.token_hex(4)
        field = table.locator(".ww-save-field").first
        field.scroll_into_view_if_needed()
        prepare = field.locator("button").filter(has_text=_named("Prepare download"))
        assert prepare.count() == 1
        field.locator(".ww-record-name input").fill(name)
        prepare.click()
        link = field.locator(f'a.ww-download[download="{name}.wwr.json"]')
        link.wait_for(timeout=20_000)
        assert link.get_attribute("href").startswith("data:application/json;charset=utf-8;base64,")
        assert not list(Path(voila_play_table.notebook.parent).rglob(f"{name}*"))
        assert "Traceback" not in page.locator("body").inner_text()
    finally:
        page.close()
