"""The coach's reasons, in every game of the family: each explains *why* in the game's terms and
never merely restates the action (its text or its sentence), for every legal action of positions
met in bot games; and a reason is worded from the deciding seat's own view only."""

from __future__ import annotations

import re

import numpy as np
import pytest

import windward_nb as ww
from windward_nb.core import registry
from windward_nb.core.bots import make_bot
from windward_nb.core.view import view_for

#: (game, options) of the games and modes whose reasons are checked
GAMES = [("windward", dict(players=3)), ("windward", dict(players=2)), ("windward", dict(players=1, mode="solo")),
         ("windward", dict(players=2, mode="cooperative")),
         ("windward", dict(players=4, variants=["white", "naturalist", "achievements"])),
         ("north-wind", dict(players=2)), ("north-wind", dict(players=4)),
         ("winds-of-plunder", dict(players=3)), ("winds-of-plunder", dict(players=5)),
         ("tailwinds", dict(players=2)), ("tailwinds", dict(players=4))]


def _norm(text: str) -> str:
    return re.sub(r"[\s.]+", " ", text.lower()).strip(" .")


def restates(reason: str, action, sentence: str) -> bool:
    """Is ``reason`` only the action again: its text, or its sentence (even inside a longer line)?"""
    r = _norm(reason)
    return r == _norm(str(action)) or _norm(sentence) in r


def test_restating_is_caught():
    assert restates("Sail N to 0,-4 (plain)", "move N", "sail N to 0,-4 (plain)")
    assert restates("move N", "move N", "sail N")
    assert restates("sail N to 0,-4 (plain); 2 gas there", "move N", "sail N to 0,-4 (plain)")
    assert not restates("toward 2 gas at 1,4", "move N", "sail N to 0,-4 (plain)")


@pytest.mark.parametrize("game, options", GAMES, ids=lambda x: x if isinstance(x, str) else
                         "-".join(f"{v}" for v in x.values()).replace("[", "").replace("]", "").replace("'", ""))
def test_every_reason_says_why_and_never_restates_the_action(game, options):
    table = registry.get(game).load().BOTS
    rng = np.random.default_rng(5)
    bots: dict = {}
    checked = 0
    g = ww.new_game(game=game, seed=11, **options)
    view = view_for(g.state)
    for _ in range(3000):
        if g.is_over:
            if checked >= 60:
                break
            g = ww.new_game(game=game, seed=int(rng.integers(1000)), **options)      # another game: more positions
        s, seat = g.state, g.current_player
        if rng.random() < 0.25:
            for a in g.legal_actions():
                line = view.explain(s, seat, a)
                assert isinstance(line, str) and line.strip() and "\n" not in line, (game, str(a), line)
                assert not restates(line, a, view.describe(s, a)), (game, str(a), line)
                checked += 1
        spec = "random" if rng.random() < 0.2 else "greedy"
        bot = bots.get((seat, spec)) or bots.setdefault((seat, spec), make_bot(spec, seat, table))
        g.apply(bot.act(s))
    assert checked >= 30


@pytest.mark.parametrize("game", ["windward", "north-wind", "winds-of-plunder", "tailwinds"])
def test_hints_carry_reasons_from_the_game(game):
    players = 3 if game == "winds-of-plunder" else 2
    g = ww.new_game(game=game, players=players, seed=4)
    for _ in range(8):                               # a little way into the game
        g.apply(g.legal_actions()[-1] if g.current_player >= 0 else g.legal_actions()[0])
    hs = g.hint(iterations=6, seed=2)
    view = view_for(g.state)
    assert hs and all(not restates(h.reason, h.action, view.describe(g.state, h.action)) for h in hs)
