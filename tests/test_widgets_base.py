"""The widget shell without a browser, proven game-agnostic on the toy game Dice Race.

``windward_widgets.base`` knows games only through a :class:`~windward_nb.core.view.GameView`:
here Dice Race (``tests/core/dicerace.py`` with its view ``tests/core/dicerace_view.py``) is
played on the shell by clicks on its board, its turn buttons and its actions list, with a
bot, undo, saving, the log and the while-you-waited line; a game with no view at all is
played from the plain actions list; and the shell's own promises (imports, the spaces board,
the fitting style sheet) are checked.
"""

from __future__ import annotations

import ast
import asyncio
import subprocess
import sys
import threading
from html import unescape
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "core")]
try:
    import windward_widgets  # noqa: F401
except ImportError:  # a plain checkout that is not pip-installed
    sys.path.insert(0, str(ROOT / "widgets"))

import dicerace  # noqa: E402
import dicerace_view  # noqa: E402
from dicerace_view import CARD0, REPLY0, VIEW  # noqa: E402

from windward_nb.core import record as core_record  # noqa: E402
from windward_nb.core.bots import Bot  # noqa: E402
from windward_nb.core.errors import IllegalActionError  # noqa: E402
from windward_nb.core.view import GameView, Space, view_for  # noqa: E402
from windward_widgets.base import ActionsPanel, PlayTable, SpacesBoard, TurnBar  # noqa: E402
from windward_widgets.base.spaces_board import fit_css  # noqa: E402

BASE = ROOT / "widgets" / "windward_widgets" / "base"


def race(seed: int = 3, players: int = 2, **kw) -> PlayTable:
    kw.setdefault("bot_pause", 0)
    kw.setdefault("view", VIEW)
    return PlayTable(dicerace.new_game(players=players, seed=seed), **kw)


# =============================================================================== the shell imports no game
def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.add(node.module)
    return out


def test_the_shell_imports_only_the_core_of_windward_nb():
    files = sorted(BASE.glob("*.py"))
    assert len(files) >= 10
    for path in files:
        for name in _imports(path):
            assert not name.startswith("windward_nb") or name.startswith("windward_nb.core"), (path.name, name)
            assert not name.startswith("windward_widgets"), (path.name, name)   # only relative: its own modules
    for path in files:                                   # relative imports stay inside the shell
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level:
                assert node.level == 1, (path.name, node.module)


def test_importing_the_shell_loads_no_game_module():
    code = ("import sys; sys.path.insert(0, 'widgets'); import windward_widgets.base; "
            "print(' '.join(sorted(m for m in sys.modules if m.startswith(('windward_nb.windward.view', "
            "'windward_nb.windward.coach', 'windward_nb.windward.gameview', 'windward_nb.northwind', 'windward_nb.plunder', "
            "'windward_nb.tailwinds', 'windward_widgets.board', 'windward_widgets.panels')))))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == ""


def test_the_view_protocol_imports_no_widget_library():
    names = _imports(ROOT / "windward_nb" / "core" / "view.py")
    assert not any(n.split(".")[0] in ("ipywidgets", "bqplot", "IPython", "tqdm") for n in names)


# =============================================================================== Dice Race by clicks
def test_a_round_of_dice_race_by_clicks_on_the_board():
    t = race(bots={1: "random"})
    assert t.coach.text == ("Player 1, bid one of your cards face down (2 or 3); the highest single bid also "
                            "rolls the die.")
    assert sorted(t.board.targets) == [CARD0 + 1, CARD0 + 2] and t.board.highlighted == [CARD0 + 1, CARD0 + 2]
    assert "Dice Race — round 1 of 12, goal 12 · spaces" in t.title.value
    t.board.click(CARD0)                                  # a 1: not in this hand
    assert t.messages.kind == "warning" and t.messages.text == "you hold no 1 to bid [Bidding]"
    assert len(t.game.record.actions) == 1                # the deal only: nothing changed
    t.board.click(CARD0 + 2)                              # bid the 3; the bot bids; player 2 wins the bid
    assert t.messages.text == "" and t.view.coach(t.game.state).kind == "reply"
    assert t.coach.text == "Player 1, you are last: block Player 2's roll (halve it, once a game) or allow it."
    assert t.waited_text.startswith("While you waited: Player 2 bids a card face down. Bids:")
    assert [b.description for b in t.turn_bar.shown()] == ["Allow the roll", "Block the roll"]
    assert t.turn_bar.buttons["block"].button_style == "warning"
    fp = t.game.state.fingerprint()
    t.board.click(REPLY0)                                 # block: asks twice
    assert t.game.state.fingerprint() == fp
    assert t.messages.text == "This uses your only block of the game. Click again to confirm."
    t.board.click(REPLY0)
    rolled = [e for _, _, _, evs in t._applies for e in evs if e.kind == "Rolled"]
    assert rolled and rolled[-1].data["moved"] == rolled[-1].data["roll"] // 2
    assert t.game.state.round == 2 and t.view.coach(t.game.state).kind == "bid"
    assert "random bot" in t.bot_lines[0] and "Player 2 (random bot)" in t.bot_lines[0]


def test_dice_race_turn_buttons_actions_list_and_typed_actions():
    t = race(bots={1: "random"})
    t.board.click(CARD0 + 2)
    t.turn_bar.press("allow")                             # not dangerous: at once
    assert t.game.state.round == 2
    before = t.game.state.fingerprint()
    for typo in ("bdi 3", "bid 9", "block", "%%", "", "allow me"):
        t.actions.typed.value = typo
        t.actions.typed_button.click()
        assert t.game.state.fingerprint() == before, typo
        said = t.actions.typed_messages                    # said under the text box, not at the table's top
        assert said.kind in ("warning", "info") and t.messages.errors_out.value == "", typo
    first = str(t.game.legal_actions()[0])               # e.g. "bid 2"
    t.actions.typed.value = first[1] + first[0] + first[2:]
    t.actions.typed_button.click()
    said = t.actions.typed_messages.text
    assert "is not an action. Did you mean: " in said and first in said and t.messages.text == ""
    options = [v for _, v in t.actions.select.options]
    assert options == [str(a) for a in t.game.legal_actions()]
    t.actions.select.value = options[0]
    t.actions.do_button.click()
    assert t.game.state.fingerprint() != before and t.messages.text == ""


def test_dice_race_undo_log_and_save_round_trip(tmp_path):
    t = race(bots={1: "random"}, records_dir=tmp_path)
    start = t.game.state.fingerprint()
    t.board.click(CARD0 + 2)
    t.turn_bar.press("allow")
    t.board.click(sorted(t.board.targets)[0])
    html = unescape(t.event_log.value)
    assert html.index("Player 1") < html.index("Setup")                  # newest first
    assert "(random bot)" in html and len(t.event_lines) >= 6
    path = t.save("race")
    assert path.name == "race.drr.json"
    loaded = core_record.load_record(path)
    assert loaded.actions == t.game.record.actions
    assert loaded.replay().state.fingerprint() == t.game.state.fingerprint()
    while t._groups:
        t.undo()
    assert t.game.state.fingerprint() == start and t.undo_button.disabled


def test_an_all_bot_race_plays_to_the_end_with_the_step_and_play_buttons():
    t = race(seed=5, bots={0: "random", 1: "high"})
    assert not t.bot_lines                                # an all-bot table waits for the button
    t.step_button.click()
    assert len(t.bot_lines) == 1
    t.bots_button.click()
    assert t.game.is_over and "wins the race" in t.title.value or "nobody wins" in t.title.value
    assert t.coach.text.startswith("The game is over.")


def test_seat_pickers_offer_the_games_bots():
    t = race()
    assert [v for _, v in t.seat_pickers[0].options] == ["human", *dicerace.BOTS]      # random, high ...
    t.seat_pickers[1].value = "high"
    assert t.bots[1].name == "HighBot"
    with pytest.raises(ValueError, match="a seat is one of human, random, high"):
        t.set_bot(0, "greedy")


def test_a_bot_seat_refuses_clicks_and_buttons_lock():
    t = race(bots={0: "random", 1: "random"})
    n = len(t.game.record.actions)
    t.board.click(sorted(t.board.targets)[0])
    assert "played by a bot" in t.messages.text and len(t.game.record.actions) == n
    assert "is a bot: press Let bots play" in t.coach.line.value


def test_background_bots_pause_between_rounds_and_report():
    def run(coro_fn):
        out: dict = {}

        def target():
            try:
                out["value"] = asyncio.run(coro_fn())
            except BaseException as exc:  # noqa: BLE001
                out["error"] = exc
        th = threading.Thread(target=target)
        th.start()
        th.join(120)
        if "error" in out:
            raise out["error"]
        return out["value"]

    async def main():
        t = race(seed=4, players=3, bots={1: "random", 2: "high"}, bot_pause=0.01, background=True)
        t.board.click(sorted(t.board.targets)[-1])
        assert t.busy and t.bots_button.description == "Stop bots"
        with pytest.raises(IllegalActionError, match="the bots are playing"):
            t.act(["bid 1"])
        await asyncio.wait_for(t.bot_task, 30)
        return t

    t = run(main)
    assert not t.busy and (t.game.current_player == 0 or t.game.is_over)
    assert t.waited_text.startswith("While you waited:")


def test_a_broken_bot_is_a_bug_in_a_folded_box():
    class Broken(Bot):
        name = "BrokenBot"

        def choose(self, state, seat, legal):
            raise RuntimeError("the bot fell over")

    t = race(bots={1: Broken(0)})
    t.board.click(sorted(t.board.targets)[-1])
    assert "RuntimeError: the bot fell over" in t.messages.text and "bug" in t.messages.text
    assert t.messages.errors_out.value.startswith('<details class="ww-bug"')


# =============================================================================== a game with no view at all
def test_a_game_without_a_view_is_played_from_the_actions_list():
    """The default GameView: no board, a generic coach, the rules' descriptions; every legal
    action of a whole game is reachable from the list, with invariants after each."""
    g = dicerace.new_game(players=3, seed=9)
    t = PlayTable(g, view=GameView(), bot_pause=0)
    assert t.board is None and t.main.children == (t.controls,)
    rng = np.random.default_rng(1)
    while not g.is_over:
        if t.curtain.shown:                                # sealed bids: the screen passes between players
            t.curtain.button.click()
        legal = [str(a) for a in g.legal_actions()]
        assert [v for _, v in t.actions.select.options] == legal
        assert t.coach.text.startswith(f"Player {g.current_player + 1}, choose one of")
        t.actions.select.value = legal[int(rng.integers(len(legal)))]
        t.actions.do_button.click()
        assert t.messages.text == "" and g.rules.invariants(g.state) == []
    assert t.coach.text.startswith("The game is over.") and "over" in t.title.value.lower() or "wins" in t.title.value


def test_view_for_finds_a_games_view_or_falls_back():
    g = dicerace.new_game(players=2, seed=1)
    assert type(view_for(g)) is GameView                  # dicerace has no VIEW: the defaults
    g.view = VIEW
    assert view_for(g) is VIEW
    assert view_for(g.state, default=VIEW) is VIEW


_TYPED: list = []


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=30))
def test_any_typed_text_is_applied_only_when_legal(text):
    if not _TYPED:
        _TYPED.append(race(seed=2))
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
        assert t.actions.typed_messages.kind in ("warning", "info")


def test_panels_work_alone_and_ask_twice():
    g = dicerace.new_game(players=2, seed=3)
    g.apply("bid 3")
    g.apply("bid 4")
    bar = TurnBar(g, view=VIEW)
    assert bar.rows["block"].legal
    bar.press("block")
    assert "Click again" in bar.messages.text and g.state.phase == "reply"
    bar.press("block")
    assert g.state.phase != "reply"
    panel = ActionsPanel(g, view=VIEW)
    assert panel.select.value in {str(a) for a in g.legal_actions()}


# =============================================================================== the spaces board
def test_spaces_board_draws_any_layout_and_updates_in_place():
    spaces = [Space(2.0 * i, 0.0, shape, glyph="★" if i == 3 else "", label=f"s{i}")
              for i, shape in enumerate(("hex", "circle", "square", "diamond"))]
    b = SpacesBoard(spaces, width=400, links=[(0, 1), (1, 2)])
    assert np.asarray(b.space_mark.x).shape == (4, 13) and np.asarray(b.link_mark.x).shape == (2, 2)
    assert list(b.glyph_mark.text) == ["★"]
    pieces = b.piece_marks["pawn"]
    b.update_pieces([{"kind": "pawn", "hex": 1, "label": "1"}, {"kind": "cube", "space": 1}])
    assert b.piece_marks["pawn"] is pieces and b.piece_marks["cube"].y[0] < pieces.y[0]
    sent = []
    for m in (*b.piece_marks.values(), *b.halo_marks.values(), b.piece_label_mark):
        m._send = lambda msg, buffers=None: sent.append(msg)  # noqa: B023
    b.update_pieces([{"kind": "pawn", "hex": 1, "label": "1"}, {"kind": "cube", "space": 1}])
    assert sent == []                                     # nothing moved: nothing sent
    recoloured = [Space(s.x, s.y, s.shape, fill="#000000") for s in spaces]
    b.update_spaces(recoloured)
    assert list(b.space_mark.fill_colors) == ["#000000"] * 4 and list(b.glyph_mark.text) == []
    with pytest.raises(ValueError, match="spaces moved"):
        b.update_spaces([Space(9, 9)] * 4)
    with pytest.raises(ValueError, match="unknown kind 'dragon'"):
        b.update_pieces([{"kind": "dragon", "hex": 1}])
    with pytest.raises(ValueError, match="needs an integer 'hex'"):
        b.update_pieces([{"kind": "pawn", "hex": True}])
    with pytest.raises(ValueError, match="unknown space shape"):
        SpacesBoard([Space(0, 0, "star")])
    b.click(7)
    assert "There is no space number 7" in b.message_text


def test_fitting_style_scales_pixel_marks_in_steps_down_to_half_size():
    css = fit_css("ww-fit-508x574", 508, 574)
    assert "container-type: inline-size" in css and "aspect-ratio: 508 / 574" in css
    steps = [float(x) for x in __import__("re").findall(r"scale: ([0-9.]+);", css)]
    assert steps[0] == 0.96 and min(steps) <= 0.5 and all(a > b for a, b in zip(steps, steps[1:]))
    b = SpacesBoard([Space(0, 0), Space(2, 0)], width=300)
    assert b.fit_style in b.children and "ww-fit-fig" in b.fig._dom_classes and b.fit_class in b._dom_classes
    fixed = SpacesBoard([Space(0, 0), Space(2, 0)], width=300, fit=False)
    assert fixed.fit_style not in fixed.children


# =============================================================================== the replay viewer
def test_replay_viewer_shows_a_recorded_race_ply_by_ply():
    from windward_widgets.base import ReplayViewer

    g = dicerace.new_game(players=2, seed=6)
    rng = np.random.default_rng(0)
    while not g.is_over:
        legal = g.legal_actions()
        g.apply(legal[int(rng.integers(len(legal)))])
    g.record.comments[3] = "A note on ply three."
    rv = ReplayViewer(g.record, view=VIEW)
    n = len(g.record.actions)
    assert rv.ply.max == n and np.asarray(rv.scores_mark.y).shape == (2, n + 1)
    pawns = rv.board.piece_marks["pawn"]
    rv.ply.value = 3
    assert "A note on ply three." in rv.narration.value and g.record.actions[2] in rv.narration.value
    rv.buttons["end"].click()
    assert rv.ply.value == n and [float(x) for x in rv.cursor_mark.x] == [n, n]
    assert rv.board.piece_marks["pawn"] is pawns
    assert sorted(p["hex"] for p in rv.board.pieces if p["kind"] == "pawn") == sorted(min(p, dicerace.GOAL)
                                                                                     for p in g.state.pos)
    assert "Spaces: P1" in rv.narration.value and "Dice Race — round" in rv.narration.value
    rv.buttons["start"].click()
    assert "The start of the game" in rv.narration.value


def test_the_bot_log_shows_what_the_view_makes_public():
    """A bot's secret choice stays secret at a hot-seat table: the log shows ``public_action``."""

    class SealedView(dicerace_view.DiceRaceView):
        def public_action(self, state, action):
            return "bids a card face down" if str(action).startswith("bid") else super().public_action(state, action)

    t = PlayTable(dicerace.new_game(players=2, seed=3), view=SealedView(), bots={1: "random"}, bot_pause=0)
    t.act([t.game.legal_actions()[0]])
    bids = [line for line in t.bot_lines if "face down" in line]
    assert bids and all("[bid" not in line and "bid your" not in line for line in bids)
    assert GameView().public_action(dicerace.new_game(players=2, seed=3).state, "bid 2") == "bid your 2 face down [bid 2]"


def test_a_replay_narrates_what_the_view_makes_public():
    """A replay does not show a sealed choice either: its narration is ``public_action`` too."""
    from windward_widgets.base import ReplayViewer

    class SealedView(dicerace_view.DiceRaceView):
        def public_action(self, state, action):
            return "bids a card face down" if str(action).startswith("bid") else super().public_action(state, action)

    g = dicerace.new_game(players=2, seed=3)
    g.apply(g.legal_actions()[0])
    rv = ReplayViewer(g.record, view=SealedView())
    ply = next(i for i, a in enumerate(g.record.actions, 1) if a.startswith("bid"))
    rv.ply.value = ply
    assert "bids a card face down" in rv.narration.value and g.record.actions[ply - 1] not in rv.narration.value
