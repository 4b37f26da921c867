"""The play table for a newcomer, driven through its handlers without a browser: the coach line,
the turn buttons, dangerous actions asked twice, watchable bots (at once, and in the background
on an event loop), the while-you-waited summary, messages that behave, and the save field.
"""

from __future__ import annotations

import asyncio
import base64
import threading
from html import unescape
import json
import os
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

try:
    import windward_widgets  # noqa: F401
except ImportError:  # a plain checkout that is not pip-installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "widgets"))

import windward_nb as ww  # noqa: E402
from windward_nb.windward import view  # noqa: E402
from windward_nb.bots import Bot  # noqa: E402
from windward_nb.record import GameRecord  # noqa: E402
from windward_widgets import PlayTable  # noqa: E402
from windward_widgets.save_field import (RecordNameError, SaveField, record_file_name, record_target,  # noqa: E402
                                         running_under_voila)
from windward_widgets.turn import TurnBar  # noqa: E402


def table(game=None, **kw):
    kw.setdefault("bot_pause", 0)
    return PlayTable(game or ww.new_game(players=3, seed=7), **kw)


def coach_text(t) -> str:
    return t.coach.text


class Scripted(Bot):
    """A bot that plays the given actions in order whenever they are legal, else its first legal action."""

    name = "ScriptedBot"

    def __init__(self, script):
        super().__init__(0)
        self.script = list(script)

    def choose(self, state, seat, legal):
        texts = [str(a) for a in legal]
        while self.script:
            a = self.script.pop(0)
            if a in texts:
                return legal[texts.index(a)]
        return legal[0]


# =============================================================================== the coach on the table
def test_coach_line_follows_the_game():
    t = table()
    assert coach_text(t) == view.coach(t.game.state).text
    assert "WHAT NOW?" in t.coach.line.value and "you are at the Trading Post" in t.coach.line.value
    t.ship_panels[0].order_buttons["supplies"].click()
    assert coach_text(t).startswith("Player 1, take supply cards: click a stack (1, 2 or 3); 3 more cards")
    shown = [b for b in t.actions.quick if b.layout.display is None]
    assert [b.tooltip for b in shown] == ["take 1", "take 2", "take 3"]
    assert t.actions.quick_box in t.main.children[1].children     # the quick choices sit under the coach


def test_coach_says_a_bot_decides_and_buttons_lock():
    t = table(bots={0: "random", 1: "random", 2: "random"})
    assert "is a bot: press Let bots play" in t.coach.line.value
    assert all(b.disabled for b in t.turn_bar.buttons.values())
    t.actions.select.value = t.actions.select.options[0][1]
    t.actions.do_button.click()
    assert "played by a bot" in t.messages.text and len(t.game.record.actions) == 0


# =============================================================================== turn buttons
def test_turn_buttons_leave_port_then_end_turn_with_confirmation():
    t = table(ww.new_game(players=3, seed=7, planet="large"))   # the warning's words were taken on the radius-5 planet
    bar = t.turn_bar
    shown = {b.description: b for b in bar.shown()}
    assert set(shown) == {"Leave port", "End turn"} and not shown["Leave port"].disabled
    assert shown["End turn"].button_style == "warning" and "asks twice" in shown["End turn"].tooltip
    bar.press("leave")
    assert [b.description for b in bar.choices if b.layout.display is None] == ["N", "NE", "SE", "S", "SW", "NW"]
    bar.choose(3)                                             # S
    s = t.game.state
    assert s.planet.label(s.ships[0].pos) == "0,1" and coach_text(t).startswith("Player 1, you are at sky on 0,1")
    assert {b.description for b in bar.shown()} >= {"End turn"} and "Leave port" not in {b.description for b in bar.shown()}
    bar.buttons["end"].click()
    # the worst danger first: what the rest brings (a red two spaces away), then the unused speed and mates
    assert t.messages.text == ("A red crester 2 spaces away (0,3) reaches you at the rest: you lose the battle and "
                               "your ship 99% of the time. The Trading Post (1 speed), 0,-1 (2 speed) and 1,-1 "
                               "(2 speed) are out of reach. You also leave 3 speed and 2 mates unused. "
                               "Click again to confirm.")
    assert bar.buttons["end"].description == "Click again to confirm" and bar.armed() == ["end"]
    assert coach_text(t).startswith("Player 1, you are at sky")     # nothing happened yet
    bar.buttons["end"].click()
    assert coach_text(t).startswith("Player 1, rest at sky") and t.messages.text == ""
    assert bar.buttons["end"].description == "End turn" and bar.buttons["end"].disabled


def test_another_action_disarms_the_confirmation():
    t = table()
    t.turn_bar.press("end")
    assert "Click again" in t.messages.text
    t.turn_bar.press("leave")
    t.turn_bar.choose(0)                                      # sailing out: a different action
    t.turn_bar.press("end")                                   # asks again from scratch
    assert "Click again to confirm" in t.messages.text and view.coach(t.game.state).kind == "turn_sky"


def test_pick_up_enter_port_and_process_buttons():
    g = ww.scenario(players=2, wind=3, reds=[], ships=[{"pos": "0,-1", "hold": "grey", "morale": 3},
                                                       {"pos": "port"}], items={"0,-1": {"gas": 2, "tokens": 1}})
    t = table(g)
    bar = t.turn_bar
    assert not bar.buttons["pickup gas"].disabled and bar.buttons["pickup teeth"].disabled
    assert "no crester teeth" in bar.buttons["pickup teeth"].tooltip
    assert bar.buttons["enter"].disabled and "crester" in bar.buttons["enter"].tooltip
    bar.buttons["pickup gas"].click()
    bar.buttons["pickup tokens"].click()
    ship = g.state.ships[0]
    assert (ship.gas, ship.tokens) == (2, 1) and bar.buttons["pickup gas"].disabled
    bar.buttons["process"].click()
    assert ship.hold == "" and ship.grey_teeth == 1 and ship.gas == 4
    assert not bar.buttons["enter"].disabled
    bar.buttons["enter"].click()
    assert ship.pos < 0 and ship.notoriety == 3                   # the tooth is cashed at once
    assert bar.buttons["leave"].layout.display is None and bar.buttons["pickup gas"].layout.display == "none"


def test_turn_bar_alone_asks_twice_too():
    g = ww.new_game(players=3, seed=7)
    bar = TurnBar(g)
    bar.press("end")
    assert g.state.turn_number == 1 and "Click again" in bar.messages.text
    bar.press("end")
    assert g.state.turn_number == 2 or g.state.frames


# =============================================================================== no accidental disasters
def _at_rest(t):
    t.turn_bar.press("leave")
    t.turn_bar.choose(0)                                      # N: no red crester can reach 0,-1 at the rest
    t.turn_bar.press("end")
    t.turn_bar.press("end")
    assert view.coach(t.game.state).kind == "rest"


def test_a_ship_losing_rest_needs_a_second_click():
    t = table(bots={1: "greedy", 2: "random"})
    _at_rest(t)
    rows = [b for b in t.actions.quick if b.layout.display is None]
    lose = next(i for i, b in enumerate(rows) if b.tooltip.startswith("rest morale"))
    assert rows[lose].description.startswith("⚠") and "This loses your ship." in rows[lose].tooltip
    fp = t.game.state.fingerprint()
    t.actions.press(lose)
    assert t.game.state.fingerprint() == fp
    assert t.messages.text == "This loses your ship. Click again to confirm."
    assert t.actions.quick[lose].description == "Click again to confirm"
    safe = next(i for i, b in enumerate(rows) if b.tooltip.startswith("rest discard"))
    n = len(t._applies)
    t.actions.press(safe)                                     # changed her mind: discards a card instead
    rest = t._applies[n][3]                                   # the events of her own action
    assert [e.kind for e in rest][0] == "Rested" and rest[0].data["card"] and rest[0].data["seat"] == 0
    assert not any(e.kind == "ShipLost" for e in rest) and t.messages.text == ""


def test_confirming_the_ship_losing_rest():
    t = table(bots={1: "greedy", 2: "random"})
    _at_rest(t)
    lose = next(i for i, b in enumerate(t.actions.quick) if b.tooltip.startswith("rest morale"))
    t.actions.press(lose)
    t.actions.press(lose)
    assert any(e.kind == "ShipLost" and e.data["seat"] == 0 for _, _, _, evs in t._applies for e in evs)


def test_select_never_points_at_a_dangerous_action_after_refresh():
    t = table()
    _at_rest(t)
    assert t.actions.select.value not in t.actions.risky
    assert set(t.actions.risky) == {"rest morale"}


# =============================================================================== watchable bots
def test_bots_at_once_then_the_summary_for_the_human():
    t = table(ww.new_game(players=3, seed=7, planet="large"), bots={1: "greedy", 2: "random"})
    _at_rest(t)
    t.actions.press(next(i for i, b in enumerate(t.actions.quick) if b.tooltip.startswith("rest discard")))
    assert t.game.current_player == 0 and t.game.state.turn_number == 4
    # seed 7: player 3's random bot sails into player 1's ship and wins
    assert t.waited_text == ("While you waited: Player 3 attacked your ship and won; you lost 5 morale; your ship "
                             "was lost and limped back to port; the wind turned to 4 (S).")
    assert "While you waited: Player 3 attacked your ship and won" in t.coach.waited.value
    assert coach_text(t).startswith("Player 1, you are at the Trading Post")
    t.turn_bar.press("end")                                   # asked once: nothing applied, the summary stays
    assert t.waited_text
    t.ship_panels[0].order_buttons["morale"].click()          # an action: the summary has been read
    assert t.waited_text == "" and t.coach.waited.value == ""


def test_a_bot_attack_is_reported_to_you():
    g = ww.scenario(players=2, wind=4, reds=[], seed=3, current=0,
                    ships=[{"pos": "0,-3", "morale": 4}, {"pos": "0,-4", "cannons": 3, "morale": 4}],
                    turn={"speed": 0, "mates": 0})
    t = table(g, bots={1: Scripted(["move S", "battle cannons 3"])})
    t.turn_bar.press("end")
    t.turn_bar.press("end")
    if view.coach(g.state).kind == "rest":
        t.actions.press(0)
    text = t.waited_text
    assert text.startswith("While you waited: Player 2 attacked your ship")
    won = any(e.kind == "BattleEnded" and e.data.get("winner") == "attacker" for _, _, _, ev in t._applies for e in ev)
    assert ("and won" in text) == won
    if won:
        assert "you lost" in text and "morale" in text


def _run(coro_fn):
    """Run ``coro_fn()`` on a fresh event loop in its own thread (whatever loop this thread has)."""
    out: dict = {}

    def target():
        try:
            out["value"] = asyncio.run(coro_fn())
        except BaseException as exc:  # noqa: BLE001 - re-raised in the test's thread
            out["error"] = exc

    th = threading.Thread(target=target)
    th.start()
    th.join(120)
    if "error" in out:
        raise out["error"]
    return out["value"]


def test_background_bots_one_captain_at_a_time_without_blocking():
    async def main():
        t = PlayTable(ww.new_game(players=3, seed=7), bots={1: "greedy", 2: "random"}, bot_pause=0.01,
                      background=True)
        boards: list[int] = []
        real = t.board.refresh

        def counting_refresh():
            boards.append(t.game.state.current)
            real()

        t.board.refresh = counting_refresh
        _at_rest(t)
        t.actions.press(next(i for i, b in enumerate(t.actions.quick) if b.tooltip.startswith("rest discard")))
        assert t.busy and t.bot_task is not None and not t.bot_task.done()      # the call returned at once
        assert t.bots_button.description == "Stop bots" and t.undo_button.disabled
        with pytest.raises(ww.IllegalActionError, match="the bots are playing"):
            t.act(["end turn"])
        await asyncio.wait_for(t.bot_task, 30)
        return t, boards

    t, boards = _run(main)
    assert not t.busy and t.game.current_player == 0 and t.bots_button.description == "Let bots play"
    assert {1, 2} <= set(boards)                              # the board was redrawn during both bots' turns
    assert t.waited_text.startswith("While you waited:")
    t.undo()                                                  # the discard and both bots' turns: one step
    assert view.coach(t.game.state).kind == "rest"


def test_background_bots_stop_when_asked():
    async def main():
        t = PlayTable(ww.new_game(players=3, seed=7), bots={0: "random", 1: "greedy", 2: "random"}, bot_pause=0.01,
                      background=True)
        t.bots_button.click()
        assert t.busy
        await asyncio.sleep(0.05)
        t.bots_button.click()                                 # Stop bots
        await asyncio.wait_for(t.bot_task, 30)
        return t

    t = _run(main)
    assert not t.busy and not t.game.is_over and len(t.bot_lines) > 0
    assert "Stopping" in t.messages.text


def test_outside_a_kernel_or_with_pause_zero_the_bots_play_at_once():
    t = table(bots={1: "greedy", 2: "random"}, bot_pause=1.5)  # not a Jupyter kernel: at once
    _at_rest(t)
    t.actions.press(next(i for i, b in enumerate(t.actions.quick) if b.tooltip.startswith("rest discard")))
    assert not t.busy and t.game.current_player == 0

    async def on_a_loop():                                    # a running loop that is not a kernel's
        u = PlayTable(ww.new_game(players=3, seed=7), bots={1: "greedy", 2: "random"}, bot_pause=1.5)
        _at_rest(u)
        u.actions.press(next(i for i, b in enumerate(u.actions.quick) if b.tooltip.startswith("rest discard")))
        v = PlayTable(ww.new_game(players=3, seed=7), bots={1: "greedy", 2: "random"}, bot_pause=0,
                      background=True)
        _at_rest(v)
        v.actions.press(next(i for i, b in enumerate(v.actions.quick) if b.tooltip.startswith("rest discard")))
        return u, v

    u, v = _run(on_a_loop)
    assert not u.busy and u.game.current_player == 0 and u.bot_task is None
    assert not v.busy and v.game.current_player == 0 and v.bot_task is None       # pause 0: at once


def test_a_broken_bot_is_a_bug_with_folded_details():
    class Broken(Bot):
        name = "BrokenBot"

        def choose(self, state, seat, legal):
            raise RuntimeError("the bot fell over")

    t = table(bots={1: Broken()})
    t.turn_bar.press("end")
    t.turn_bar.press("end")
    while view.coach(t.game.state).kind == "rest":
        t.actions.press(len([b for b in t.actions.quick if b.layout.display is None]) - 1)
    assert "RuntimeError: the bot fell over" in t.messages.text and "bug" in t.messages.text
    assert t.messages.errors_out.value.startswith('<details class="ww-bug"')
    assert "<details open" not in t.messages.errors_out.value


# =============================================================================== messages
def test_success_clears_old_warnings():
    t = table()
    t.board.click(t.game.state.planet.index[(3, -3)])         # far from port: refused
    assert t.messages.kind == "warning" and "Trading Post" in t.messages.text
    t.turn_bar.press("leave")
    t.turn_bar.choose(0)
    assert t.messages.text == "" and t.messages.kind == ""


def test_typo_in_the_table_gets_closest_actions_never_a_traceback():
    t = table()
    fp = t.game.state.fingerprint()
    for typo in ("leave port nrth", "leav port N", "end", "orde supplies", "%%%", "move N", "zephyr 99,99"):
        t.actions.typed.value = typo
        t.actions.typed_button.click()
        assert t.game.state.fingerprint() == fp, typo
        said = t.actions.typed_messages                  # next to the text box, not at the top of the table
        assert said.kind == "warning" and "Traceback" not in said.text, typo
        assert t.messages.errors_out.value == "" and t.messages.text == "", typo
    t.actions.typed.value = "leave port nrth"
    t.actions.typed_button.click()
    assert "Did you mean: leave port N" in t.actions.typed_messages.text
    t.actions.select.value = "order supplies"            # the position changes: the note under the box goes
    t.actions.do_button.click()
    assert t.actions.typed_messages.text == ""


def test_event_log_groups_by_turn():
    t = table(bots={1: "greedy", 2: "random"})
    _at_rest(t)
    t.actions.press(next(i for i, b in enumerate(t.actions.quick) if b.tooltip.startswith("rest discard")))
    html = unescape(t.event_log.value)
    titles = ["Round 2 · Player 1's turn", "Round 1 · Player 3's turn", "Round 1 · Player 2's turn",
              "Round 1 · Player 1's turn"]
    positions = [html.index(x) for x in titles]
    assert positions == sorted(positions)                     # newest turn first
    first_turn = html[positions[3]:]
    assert first_turn.index("sails out of port") < first_turn.index("must rest")   # oldest first inside a turn


# =============================================================================== saving
def test_save_field_writes_only_safe_names_in_the_records_folder(tmp_path):
    t = table(records_dir=tmp_path / "records")
    assert t.save_field.server_writes
    target = t.save("first-game")
    assert target == (tmp_path / "records" / "first-game.wwr.json").resolve()
    assert GameRecord.from_json(target.read_text()).actions == t.game.record.actions
    assert str(target) in t.messages.text and str(target) in t.save_field.link.value
    t.turn_bar.press("leave")
    t.turn_bar.choose(0)
    t.save_field.button.click()                               # exists: refused without the tick
    assert "already exists" in t.messages.text and "tick Overwrite" in t.messages.text
    assert len(GameRecord.from_json(target.read_text()).actions) == 0
    t.save_field.overwrite.value = True
    t.save_field.button.click()
    assert len(GameRecord.from_json(target.read_text()).actions) == 1
    assert t.save_field.overwrite.value is False              # each overwrite is asked for again


BAD_NAMES = ["../escape", "../../etc/passwd", "/etc/passwd", "/tmp/x.wwr.json", "play-table.ipynb", "a/b",
             "a\\b", "", "   ", "x" * 65, "名前", "café", "CON", "nul.wwr.json", "..", ".", ".hidden",
             "x.wwr.json.exe", "~/x", "x\x00y", "x\ny", "name with spaces", "x.json", "${HOME}", "*", "a:b"]


@pytest.mark.parametrize("name", BAD_NAMES)
def test_save_field_refuses_unsafe_names_and_writes_nothing(tmp_path, name):
    folder = tmp_path / "records"
    t = table(records_dir=folder)
    before = sorted(p for p in tmp_path.rglob("*"))
    t.save_field.name.value = name
    t.save_field.button.click()
    assert t.messages.text.startswith("Not saved:") and t.messages.kind == "warning"
    assert t.messages.errors_out.value == ""
    after = sorted(p for p in tmp_path.rglob("*") if p != folder)
    assert after == [p for p in before if p != folder]
    assert not any(folder.glob("*")) if folder.exists() else True


def test_save_field_refuses_links_and_folders_in_the_way(tmp_path):
    folder = tmp_path / "records"
    folder.mkdir()
    outside = tmp_path / "precious.txt"
    outside.write_text("keep me")
    (folder / "linked.wwr.json").symlink_to(outside)
    (folder / "dir.wwr.json").mkdir()
    for name in ("linked", "dir"):
        with pytest.raises(RecordNameError):
            record_target(folder, name, overwrite=True)
    assert outside.read_text() == "keep me"
    (tmp_path / "file").write_text("")
    with pytest.raises(RecordNameError, match="is not a folder"):
        record_target(tmp_path / "file", "x")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80))
def test_any_name_is_refused_or_lands_inside_the_folder(tmp_path_factory, name):
    folder = tmp_path_factory.mktemp("rec")
    try:
        target = record_target(folder, name)
    except RecordNameError as exc:
        assert str(exc)
        return
    assert target.parent == folder.resolve() and target.name.endswith(".wwr.json")
    assert target.name == record_file_name(name) and not target.exists()


def test_under_voila_the_record_is_offered_as_a_download(tmp_path, monkeypatch):
    assert running_under_voila({"VOILA_REQUEST_URL": "http://x/voila/render/play-table.ipynb"})
    assert not running_under_voila({})
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("VOILA_SERVER_URL", "/")
    t = table()                                               # detected from the environment
    assert not t.save_field.server_writes and t.save_field.button.description == "Prepare download"
    assert t.save_field.overwrite.layout.display == "none"
    t.save_field.name.value = "../../evil"
    t.save_field.button.click()
    assert t.messages.text.startswith("Not saved:")
    t.save_field.name.value = "my-game"
    t.save_field.button.click()
    assert list(tmp_path.rglob("*")) == []                    # nothing written on the server
    link = t.save_field.link.value
    assert 'download="my-game.wwr.json"' in link and "Nothing was written on the server" in t.messages.text
    data = link.split("base64,", 1)[1].split('"', 1)[0]
    assert GameRecord.from_json(base64.b64decode(data)).actions == t.game.record.actions


def test_server_writes_false_is_explicit_and_the_folder_is_not_a_widget(tmp_path):
    field = SaveField(lambda: ww.new_game(players=2, seed=1).record, records_dir=tmp_path, server_writes=False)
    assert not field.server_writes
    assert not any(isinstance(w, type(field.name)) and w is not field.name for w in field.children)
    assert [w for w in field.children if hasattr(w, "value") and str(tmp_path) == getattr(w, "value", None)] == []
    field.save()
    assert os.listdir(tmp_path) == []


def test_table_records_are_loadable_round_trip(tmp_path):
    t = table(records_dir=tmp_path, bots={1: "random", 2: "random"})
    _at_rest(t)
    t.actions.press(next(i for i, b in enumerate(t.actions.quick) if b.tooltip.startswith("rest discard")))
    path = t.save("round-trip")
    loaded = ww.load_record(path)
    assert loaded.actions == t.game.record.actions
    assert json.loads(Path(path).read_text())["format"] == "windward-record"


def test_pieces_on_the_default_table_cover_twice_the_screen_area_of_the_first_table():
    """The first table drew a 560 x 600 board; the table's default board is smaller, so the
    pieces are compared in screen pixels, kind by kind, at each table's default width, on the
    planet of the first table (radius 5). The default planet since the size study (radius 6,
    rulings P1) puts more spaces across the same board: its pieces are about 1.5 times the first
    table's."""
    from windward_widgets import BoardWidget
    from windward_widgets.board import PIECE_AREA_V1, PIECE_STYLE

    first = BoardWidget("large:ABCDEF", width=560, height=600)
    t = table(ww.new_game(players=3, seed=7, planet="large"))
    default = table()
    for kind, (_marker, area, *_rest) in PIECE_STYLE.items():
        assert t.board.piece_marks[kind].default_size == t.board._area(area)
        assert t.board._area(area) >= 2 * first._area(PIECE_AREA_V1[kind]), kind
        assert default.board._area(area) >= 1.45 * first._area(PIECE_AREA_V1[kind]), kind
    # and the board is the widest part of the table: the controls column is capped below it
    assert int(t.main.children[1].layout.max_width.rstrip("px")) < int(t.board.fig.layout.width.rstrip("px"))


def test_kernel_detection_only_looks_and_imports_nothing():
    """Importing ipykernel from a table would make tqdm.auto and ipywidgets think they run in a notebook."""
    import subprocess

    code = ("import sys; sys.path.insert(0, 'widgets'); import windward_nb as ww; "
            "from windward_widgets import PlayTable; from windward_widgets.play_table import in_jupyter_kernel; "
            "t = PlayTable(ww.new_game(players=3, seed=7), bots={1: 'random', 2: 'random'}); "
            "print(in_jupyter_kernel(), 'ipykernel.zmqshell' in sys.modules, 'ipykernel.kernelapp' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).resolve().parents[1], capture_output=True,
                         text=True, timeout=120)
    assert out.stdout.split() == ["False", "False", "False"], out.stderr[-2000:]
