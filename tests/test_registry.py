"""The four games' registrations (windward_nb/games.py): every part is where it says, and what a
game says about itself twice (its record class, its rules) agrees with its one registration."""

from __future__ import annotations

import pytest

import windward_nb as ww
from windward_nb.core import registry
from windward_nb.core.game import Game as CoreGame
from windward_nb.core.record import GameRecord, record_class
from windward_nb.core.replay import Replay as CoreReplay
from windward_nb.core.rules import Rules
from windward_nb.core.view import GameView
from windward_nb.games import GAMES

NAMES = [t.name for t in GAMES]


@pytest.mark.parametrize("game", NAMES)
def test_every_registered_part_is_where_the_registration_says(game):
    t = registry.get(game)
    for name in t.parts:
        assert registry.part(game, name) is not None, name
    assert isinstance(t.part("rules"), Rules) and isinstance(t.part("view"), GameView)
    assert callable(t.part("new_game")) and callable(t.part("svg"))


@pytest.mark.parametrize("game", NAMES)
def test_the_record_class_and_the_rules_agree_with_the_registration(game):
    t = registry.get(game)
    record = t.part("record")
    assert issubclass(record, GameRecord)
    assert (record.GAME, record.TITLE, record.FORMAT, record.SUFFIX) == (t.name, t.title, t.record_format, t.suffix)
    assert tuple(record.PLAYERS) == t.players
    assert record_class({"format": t.record_format}) is record
    assert t.part("rules").game == t.name and record.rules() is t.part("rules")


@pytest.mark.parametrize("game", NAMES)
def test_a_new_game_plays_by_the_registered_rules_and_its_record_walks_with_the_familys_parts(game):
    t = registry.get(game)
    g = ww.new_game(game=game, players=t.players[0] if t.players[0] > 1 else 2, seed=1)
    assert g.rules is t.part("rules") and type(g.record) is t.part("record")
    assert registry.game_of(g) is t and registry.game_of(g.state) is t and registry.game_of(g.record) is t
    own_replay = t.part("replay", None)
    cursor = g.record.cursor()
    assert type(cursor) is (own_replay or CoreReplay) and isinstance(cursor, CoreReplay)
    assert issubclass(g.record.game_class(), CoreGame)
    assert registry.part_or_family(g.record, "game") is (t.part("game", None) or CoreGame)
    assert isinstance(g.record.to_text(), str)


def test_the_family_defaults_are_the_cores_own():
    assert registry.part_or_family(object(), "game") is CoreGame
    assert registry.part_or_family(object(), "replay") is CoreReplay
    with pytest.raises(KeyError):
        registry.part_or_family(object(), "bots")  # no family default: a game registers its bots or has none
