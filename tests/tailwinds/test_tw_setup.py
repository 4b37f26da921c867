"""Set Up: decks and boats, who places first, placing on start spaces, the track, the rainbow market."""

from __future__ import annotations

import pytest
from twhelp import kinds, play, refused, texts

import windward_nb as ww
from windward_nb.core.errors import OptionError
from windward_nb.core.rules import CHANCE
from windward_nb.tailwinds import RULES, Track, load_components, new_game, start_state


def test_decks_are_dealt_by_chance_one_distinct_character_each():
    s = start_state(players=4)
    assert RULES.decider(s) == CHANCE and s.phase == "decks"
    outs = RULES.chance_outcomes(s)
    assert len(outs) == 6 * 5 * 4 * 3 and abs(sum(p for _, p in outs) - 1) < 1e-12
    play(s, "decks pirate,sailor,viking,crew")
    assert s.characters == ["pirate", "sailor", "viking", "crew"]
    assert [len(h) for h in s.hands] == [7, 7, 7, 7]
    assert s.hands[0] == load_components().characters["pirate"].keys
    refused(start_state(players=2), "decks pirate,pirate", "Set Up")


def test_a_die_picks_who_places_first_then_clockwise_two_boats_each():
    s = start_state(players=3, characters=["sailor", "crew", "gambler"])
    assert s.phase == "first" and [p for _, p in RULES.chance_outcomes(s)] == [1 / 3] * 3
    play(s, "first player 2")
    assert s.placing == [1, 1, 2, 2, 0, 0]
    assert RULES.decider(s) == 1


def test_boats_go_on_start_spaces_in_the_inside_free_lane():
    s = start_state(players=4, characters=["sailor", "crew", "gambler", "viking"])
    play(s, "first player 1")
    assert texts(s) == ["place 1", "place 2", "place 3"]
    refused(s, "place 4", "Set Up")
    refused(s, "choose 3", "Set Up")
    play(s, "place 3", "place 3")
    assert [b[:2] for b in s.boats[0]] == [[2, 0], [2, 1]]  # fore in the inside lane
    play(s, "place 3")
    assert "place 3" not in texts(s)  # three lanes taken
    e = refused(s, "place 3", "Set Up")
    assert "no free lane" in e.reason
    play(s, "place 1", "place 2", "place 2", "place 1", "place 1")
    assert s.phase == "market" and RULES.decider(s) == CHANCE
    assert sum(len(b) for b in s.boats) == 8


def test_three_rainbow_cards_go_face_up_then_round_one_starts():
    g = new_game(players=2, seed=11, characters=["sailor", "pirate"])
    for _ in range(4):
        g.apply(g.legal_actions()[0])
    s = g.state
    assert len(s.market) == 3 and len(s.deck) == 17
    assert s.phase == "choose" and s.round == 1
    assert [str(a).split()[0] for a in g.actions[:2]] == ["first", "place"]
    assert sum(1 for a in g.actions if a.verb == "draw") == 3


def test_the_same_seed_gives_the_same_setup_and_the_record_starts_from_options_only():
    a = new_game(players=3, seed=42)
    b = new_game(players=3, seed=42)
    assert a.state.fingerprint() == b.state.fingerprint()
    assert a.actions[0].verb == "decks" and a.record.options["characters"] is None


@pytest.mark.parametrize("bad, message", [
    ({"players": 1}, "2 to 4 players"), ({"players": 5}, "2 to 4 players"), ({"players": "3"}, "2 to 4"),
    ({"players": True}, "2 to 4"), ({"players": 2, "characters": ["sailor"]}, "names 1 decks"),
    ({"players": 2, "characters": ["sailor", "sailor"]}, "different"),
    ({"players": 2, "characters": ["sailor", "ninja"]}, "unknown character 'ninja'"),
    ({"players": 2, "characters": "sailor,crew"}, "list of character keys"),
    ({"players": 2, "track": "SSS"}, "letters S/A"),
    ({"players": 2, "track": 6}, "track should be"), ({"players": 2, "wind": "gale"}, "wind should be one of"),
    ({"players": 2, "card_end": "never"}, "card_end"), ({"players": 2, "last_place": "tie"}, "last_place"),
    ({"players": 2, "components": "mine"}, "components"),
    ({"players": 2, "colour": "red"}, "unexpected keyword"),
])
def test_bad_options_are_refused_with_a_clear_message(bad, message):
    with pytest.raises((OptionError, TypeError)) as exc:
        ww.new_game(game="tailwinds", seed=1, **bad)
    assert message in str(exc.value)


def test_track_sides_standard_advanced_and_mixed():
    comp = load_components()
    std = Track.build(comp, "SSSSSS")
    adv = Track.build(comp, "AAAAAA")
    assert (std.length, adv.length) == (33, 33)
    assert all(std.lanes(i) == 3 for i in range(std.length))
    narrows = [i for i in range(adv.length) if adv.lanes(i) == 2]
    assert narrows and adv.starts == (0, 1, 2)
    mixed = start_state(players=2, track="asssss")
    assert mixed.options["track"] == "ASSSSS" and mixed.track.length == 33
    assert Track.build(comp, "ASSSSS").lanes(4) == 2  # card 1's narrow, fifth space


def test_ww_new_game_dispatches_to_tailwinds_and_events_say_what_happened():
    g = ww.new_game(game="tailwinds", players=2, seed=3)
    assert type(g.state).__name__ == "TailwindsState"
    assert kinds(g.last_events)[:2] == ["DecksDealt", "FirstPlacer"]
    assert g.current_player == g.state.first and len(set(g.state.characters)) == 2
