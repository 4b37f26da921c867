"""The Hint button of the play tables, without a browser: on the shell (Dice Race) and on
Windward's table. Budgets are small and fixed in searched games, so every hint is seeded."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "core")]
try:
    import windward_widgets  # noqa: F401
except ImportError:  # a plain checkout that is not pip-installed
    sys.path.insert(0, str(ROOT / "widgets"))

from html import unescape  # noqa: E402

import dicerace  # noqa: E402
from dicerace_view import VIEW  # noqa: E402

import windward_nb as ww  # noqa: E402
from windward_widgets import PlayTable as WindwardTable  # noqa: E402
from windward_widgets.base import PlayTable  # noqa: E402
from windward_widgets.base.hint_panel import MAX_HINTS  # noqa: E402


def race(seed: int = 3, players: int = 2, **kw) -> PlayTable:
    kw.setdefault("bot_pause", 0)
    kw.setdefault("view", VIEW)
    kw.setdefault("hint_iterations", 80)
    return PlayTable(dicerace.new_game(players=players, seed=seed), **kw)


def plain(html: str) -> str:
    """An HTML value's text, as a person reads it."""
    import re

    return " ".join(re.sub(r"<[^>]+>", " ", unescape(html)).split()).replace(" :", ":").replace("( ", "(")


def shown(t) -> list[str]:
    return [b.description for b in t.hint_panel.play_buttons if b.layout.display != "none"]


def test_a_click_shows_the_hints_and_selects_the_best():
    t = race(bots={1: "random"})
    panel = t.hint_panel
    assert not panel.button.disabled and panel.seconds.layout.display == "none"   # fixed budget: no field
    before = (t.game.state.fingerprint(), len(t.game.record.actions))
    panel.button.click()
    hs = panel.hints
    legal = [str(a) for a in t.game.legal_actions()]
    assert 1 <= len(hs) <= MAX_HINTS and all(str(h.action) in legal for h in hs)
    assert hs == t.game.hint(iterations=80, seed=panel._seed(), view=VIEW, top=MAX_HINTS)   # seeded
    text = plain(panel.list.value)
    for h in hs:
        assert f"{h.action}: {h.chance_text()} to win ({h.reason})" in text     # interval and sample size
    assert hs.method() in text and hs.verdict[1:] in text
    assert shown(t) == [f"Play {h.action}" for h in hs]
    assert t.actions.select.value == str(hs[0].action)
    assert t.messages.text == (f"Hints for Player 1: too close to call at {hs.budget}; first: {hs[0].action}."
                               if hs.close else f"Hints for Player 1: the best is {hs[0].action}.")
    assert (t.game.state.fingerprint(), len(t.game.record.actions)) == before      # asking changes nothing


def test_play_it_plays_the_hint_and_the_hints_go_stale():
    t = race(bots={1: "random"})
    t.hint_panel.button.click()
    best = t.hint_panel.hints[0]
    n = len(t.game.record.actions)
    t.hint_panel.play_buttons[0].click()
    assert t.game.record.actions[n] == str(best.action)
    assert t.hint_panel.hints == [] and shown(t) == [] and t.hint_panel.list.value == ""
    t.hint_panel.play(0)
    assert t.messages.text == "That hint is for an earlier position: ask for a new one."


def test_a_dangerous_hint_asks_twice():
    t = race(bots={1: "random"})
    t.board.click(sorted(t.board.targets)[-1])            # bid high: player 1 must now reply
    assert VIEW.coach(t.game.state).kind == "reply"
    t.hint_panel.button.click()
    i = next(i for i, h in enumerate(t.hint_panel.hints) if str(h.action) == "block")
    assert t.actions.select.value != "block"                # never pre-selects a dangerous action
    fp = t.game.state.fingerprint()
    t.hint_panel.play_buttons[i].click()
    assert t.game.state.fingerprint() == fp
    assert t.messages.text == "This uses your only block of the game. Click again to confirm."
    assert t.hint_panel.play_buttons[i].description == "Click again to confirm"
    t.hint_panel.play_buttons[i].click()
    assert "block" in t.game.record.actions


def test_no_hint_for_a_bot_or_after_the_end():
    t = race(bots={0: "random", 1: "random"})
    assert t.hint_panel.button.disabled
    assert t.hint_panel.show_hints() == []
    assert t.messages.text == "Player 1 is played by a bot: hints are for the people at the table."
    t.run_bots()
    t.refresh()
    assert t.game.is_over and t.hint_panel.button.disabled
    t.hint_panel.show_hints()
    assert t.messages.text == "The game is over: there is no decision to hint at."


def test_the_seconds_field_is_the_budget():
    t = race(bots={1: "random"}, hint_iterations=None, hint_seconds=0.2)
    assert t.hint_panel.seconds.value == 0.2 and t.hint_panel.seconds.layout.display is None
    t.hint_panel.seconds.value = 0.1
    t.hint_panel.button.click()
    assert t.hint_panel.hints and sum(h.visits for h in t.hint_panel.hints) >= 1


def test_windward_table_hints_say_the_battle_odds():
    game = ww.scenario(players=2, wind=3, reds=["1,-3"],
                       ships=[{"pos": "0,-3", "cannons": 3, "morale": 3, "crew": ["Marine"]}, {"pos": "port"}])
    t = WindwardTable(game, bots={1: "greedy"}, bot_pause=0, hint_iterations=8)
    t.act(["move SE"])                                      # a battle: how many cannons?
    t.hint_panel.button.click()
    hs = t.hint_panel.hints
    assert hs and all(str(h.action).startswith("battle cannons") for h in hs)
    assert all("% to win the battle" in h.reason for h in hs)
    assert t.actions.select.value == str(hs[0].action)
    n = len(t.game.record.actions)
    t.hint_panel.play_buttons[0].click()
    assert t.game.record.actions[n] == str(hs[0].action)


def test_the_button_waits_while_the_bots_play():
    t = race(bots={1: "random"})
    t.busy = True                                           # as while bots play in the background
    t.refresh()
    assert t.hint_panel.button.disabled
    assert t.hint_panel.show_hints() == [] and t.messages.text.startswith("The bots are playing")
    t.busy = False
    t.refresh()
    assert not t.hint_panel.button.disabled and t.hint_panel.button.description == "Hint"


def test_every_table_of_the_family_has_the_button():
    from windward_nb.northwind.scenario import scenario
    from windward_widgets.northwind import NorthWindTable

    from windward_nb.tailwinds import new_game as tailwinds_game
    from windward_widgets.plunder import PlunderTable
    from windward_widgets.tailwinds import TailwindsTable

    tables = [NorthWindTable(scenario(players=2, seed=4), bots={1: "greedy"}, bot_pause=0, hint_iterations=3),
              PlunderTable(ww.new_game(game="winds-of-plunder", players=3, seed=24), bots={1: "greedy", 2: "greedy"},
                           bot_pause=0, hint_iterations=3),
              TailwindsTable(tailwinds_game(players=2, seed=4), bots={1: "greedy"}, bot_pause=0, hint_iterations=3)]
    for t in tables:
        hs = t.hint_panel.show_hints()
        assert hs and all(str(h.action) in map(str, t.game.legal_actions()) for h in hs)
        assert t.hint_panel.button.description == "Hint" and not t.hint_panel.button.disabled
        text = plain(t.hint_panel.list.value)
        assert all(f"{h.action}: {h.chance_text()} to win ({h.reason})" in text for h in hs), text
        assert all(h.reason != t.view.describe(t.game.state, h.action) for h in hs)


def test_too_close_to_call_offers_a_longer_search():
    for seed in range(3, 12):                              # seeded tables: the first where 80 games are too few
        t = race(seed=seed, bots={1: "random"}, hint_iterations=80)
        panel = t.hint_panel
        panel.button.click()
        hs = panel.hints
        if hs.close and hs.suggest is not None and hs.suggest <= 500:
            break
    else:
        raise AssertionError("no seeded table was too close to call at 80 searched games")
    more = int(hs.suggest)
    assert "Too close to call at 80 searched games" in plain(panel.list.value)
    assert panel.longer.layout.display is None and panel.longer.description == f"Think {more} searched games"
    panel.longer.click()
    assert panel.iterations == more and panel.hints.games >= more
    assert panel.hints == t.game.hint(iterations=more, seed=panel._seed(), view=VIEW, top=MAX_HINTS)
    assert (panel.longer.layout.display == "none") == (panel.hints.suggest is None)


def test_a_seconds_table_shows_the_same_numbers_every_time():
    """A seconds budget is search work, not wall-clock time: the same table shows the same hints
    (what makes Voila and JupyterLab agree)."""
    a = race(bots={1: "random"}, hint_iterations=None, hint_seconds=0.1)
    b = race(bots={1: "random"}, hint_iterations=None, hint_seconds=0.1)
    a.hint_panel.button.click()
    b.hint_panel.button.click()
    assert a.hint_panel.hints == b.hint_panel.hints and a.hint_panel.list.value == b.hint_panel.list.value
