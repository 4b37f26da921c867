"""The Tailwinds table, played through its handlers (no browser): board clicks, the hand panel,
turn buttons, sealed choices kept from other seats, refusals, dangers, bots, undo and replays."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from windward_nb.core.record import load_record
from windward_nb.tailwinds import new_game
from windward_nb.tailwinds.view import VIEW
from windward_widgets.base import ReplayViewer
from windward_widgets.tailwinds import HandPanel, TailwindsTable, TrackBoard


def table(players=3, seed=11, bots=None, **kw):
    chars = ["sailor", "pirate", "gambler", "crew"][:players]
    return TailwindsTable(new_game(players=players, seed=seed, characters=chars),
                          bots=bots if bots is not None else {p: "random" for p in range(1, players)},
                          bot_pause=0, **kw)


def click_target(t, action):
    """Click the board square whose target applies ``action``."""
    for space, target in t.board.targets.items():
        if action in target.actions:
            t.board.click(space)
            return space
    raise AssertionError(f"no target for {action!r}: {[x.actions for x in t.board.targets.values()]}")


def test_a_first_round_by_clicks_on_the_board_the_hand_and_the_turn_buttons():
    t = table()
    assert sorted(t.board.targets) == [VIEW.index(t.game.state, sp, 0) for sp in (0, 1, 2)]
    click_target(t, "place 3")
    click_target(t, "place 3")
    s = t.game.state
    assert s.phase == "choose" and t.hand.viewer == 0
    shown = [b.description for b in t.hand.card_buttons if b.layout.display != "none"]
    assert shown == ["1", "2", "Manoeuvre (3)", "4", "5", "6", "Recover (2)"]
    t.hand.card_buttons[5].click()                       # the 6, face down; the bots choose and move
    s = t.game.state
    assert s.phase == "turn" and s.turn == 0 and t.messages.text == ""
    assert "face down" not in t.hand.others.value        # everything is revealed now
    assert t.coach.text.startswith("Player 1 (The Sailor), spend 6 movement points (6)")
    labels = sorted(x.label for x in t.board.targets.values())
    assert labels and all(lab.startswith("F+") for lab in labels)
    click_target(t, "move fore 4")
    assert t.game.state.points == 2
    aft = VIEW.index(t.game.state, *t.game.state.boats[0][1][:2])
    t.board.click(aft)                                   # choose the aft boat
    assert "aft boat is chosen" in t.messages.text
    assert all(x.label.startswith("A+") for x in t.board.targets.values())
    click_target(t, "move aft 2")
    assert t.turn_bar.buttons["end"].disabled is False
    t.turn_bar.press("end")
    assert t.game.state.turn != 0 or t.game.state.phase != "turn"


def test_another_seats_face_down_card_is_never_shown():
    t = table(bots={2: "random"})                        # two people at one table, one bot
    for a in ("place 3", "place 3", "place 2", "place 2"):
        t.act([a])
    assert t.curtain.shown                               # the screen passes to Player 1, who holds cards
    t.curtain.button.click()
    assert t.game.state.phase == "choose" and t.hand.viewer == 0
    t.hand.card_buttons[2].click()                       # Player 1 chooses Manoeuvre (only the Sailor has it)
    assert t.curtain.shown and t.game.current_player == 1  # the screen passes: Player 2's cards wait for them
    t.curtain.button.click()
    assert t.hand.viewer == 1
    page = json.dumps([t.hand.title.value, t.hand.mine.value, t.hand.others.value, t.coach.text,
                       [b.description for b in t.hand.card_buttons if b.layout.display != "none"],
                       [str(v) for _, v in t.actions.select.options], t.event_log.value, t.bot_log.value,
                       t.summary.value])
    assert "a card face down" in t.hand.others.value
    assert "The Pirate" in t.hand.title.value and "Sailor" not in t.hand.title.value
    assert "anoeuvre" not in page
    t.hand.card_buttons[0].click()                       # Player 2 chooses; the bot chooses; reveal
    bot_choices = [line for line in t.bot_lines if "face down" in line]
    assert bot_choices and not any("choose " in line or "[" in line for line in bot_choices)
    assert "Manoeuvre" in t.event_log.value               # revealed with the others' cards


def test_a_refused_click_changes_nothing_and_says_why():
    t = table()
    before = t.game.state.fingerprint()
    t.board.click(VIEW.index(t.game.state, 10, 0))       # not a start space
    assert t.game.state.fingerprint() == before
    assert t.messages.kind == "warning" and "[Board]" in t.messages.text or "[Set Up]" in t.messages.text


def test_choosing_the_recover_card_early_asks_twice():
    t = table()
    t.act(["place 3"])
    t.act(["place 3"])
    recover = [b for b in t.hand.card_buttons if b.description.startswith("Recover")][0]
    before = t.game.state.fingerprint()
    recover.click()
    assert t.game.state.fingerprint() == before and "brings back only 0 played cards" in t.messages.text
    recover.click()
    assert t.game.state.gone[0] == ["recover"] or t.game.state.revealed[0] == "recover"


def rainbow_turn():
    """A table where Player 1 (a person) can sail onto a rainbow space: the first seed that gives one."""
    for seed in range(60):
        t = table(seed=seed, bots={1: "random", 2: "random"})
        t.act(["place 3"])
        t.act(["place 3"])
        t.hand.card_buttons[5].click()                   # the 6
        s = t.game.state
        if s.phase != "turn" or s.turn != 0:
            continue
        for name, b in (("fore", s.boats[0][0]), ("aft", s.boats[0][1])):
            for k in range(1, s.points + 1):
                if s.track.is_rainbow(b[0] + k) and f"move {name} {k}" in {str(a) for a in t.game.legal_actions()}:
                    return t, f"move {name} {k}"
    raise AssertionError("no seed below 60 lets Player 1 reach a rainbow space in the first turn")


def test_the_market_is_clicked_to_take_a_rainbow_card():
    t, move = rainbow_turn()
    if move.startswith("move aft"):
        t.board.click(VIEW.index(t.game.state, *t.game.state.boats[0][1][:2]))
    click_target(t, move)
    while t.game.state.points:                           # spend the rest without leaving the rainbow space
        other = "aft" if move.startswith("move fore") else "fore"
        t.act([next(str(a) for a in t.game.legal_actions() if a.verb == other)])
    t.turn_bar.press("end")
    assert t.view.coach(t.game.state).kind == "pickup"
    takes = {x.actions[0]: i for i, x in t.board.targets.items()}
    assert set(takes) == {f"take {k}" for k in t.game.state.market}
    first = sorted(takes)[0]
    t.board.click(takes[first])
    assert t.game.state.rainbow[0] == first.split()[1]


def test_all_bots_play_a_whole_race_with_the_buttons_and_undo_returns_to_the_start():
    t = TailwindsTable(new_game(players=2, seed=4), bots={0: "greedy", 1: "random"}, bot_pause=0)
    t.step_button.click()
    assert len(t.bot_lines) == 1
    t.bots_button.click()
    assert t.game.is_over and t.coach.text.startswith("The game is over.")
    h = TailwindsTable(new_game(players=2, seed=4), bots={1: "random"}, bot_pause=0)
    start, groups = h.game.state.fingerprint(), len(h._groups)   # the bot may have placed first
    h.act(["place 1"])
    h.act(["place 2"])
    while len(h._groups) > groups:
        h.undo()
    assert h.game.state.fingerprint() == start


def test_the_replay_viewer_keeps_choices_sealed():
    rec = load_record("notebooks/data/tailwinds-greedy-3p.twr.json")
    rv = ReplayViewer(rec, view=VIEW)
    ply = next(i for i, a in enumerate(rec.actions, 1) if a.startswith("choose "))
    rv.ply.value = ply
    assert "chooses a card face down" in rv.narration.value and rec.actions[ply - 1] not in rv.narration.value
    reveal = next(i for i in range(ply, len(rec) + 1) if any(e.kind == "CardsRevealed" for e in rv.cursor.events(i)))
    rv.ply.value = reveal
    assert "Cards revealed" in rv.narration.value


def test_board_and_hand_work_alone():
    g = new_game(players=2, seed=11, characters=["sailor", "pirate"])
    b = TrackBoard(g)
    b.click(6)
    assert [x[:2] for x in g.state.boats[0]] == [[2, 0]]
    h = HandPanel(g, act=lambda acts: [g.apply(a) for a in acts])
    h.refresh(viewer=-1)
    assert h.cards_box.layout.display == "none"


_TYPED: list = []


@settings(max_examples=80, deadline=None)
@given(st.text(max_size=24) | st.sampled_from(["move fore 3", "choose 5", "play anchor", "end turn",
                                                "take anchor", "place 9", "swap fore 1"]))
def test_any_typed_text_is_applied_only_when_legal(text):
    if not _TYPED:
        t = table(bots={1: "random", 2: "random"})
        t.act(["place 3"])
        t.act(["place 3"])
        _TYPED.append(t)
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
