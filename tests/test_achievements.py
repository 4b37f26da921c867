"""Advanced variant "Achievements" (both rulebooks): two face-up cards; the first captain to
complete a card scores its higher number and covers it, later captains the lower; a card with
one number scores for everyone; each captain scores a card once. A user's own deck loads with
``load_components(achievements_path=...)`` and a malformed deck is refused naming the field.

The built-in deck (``windward_nb/data/achievements.json``) is a reconstruction: e.g. Red Hunter
(defeat a red crester, 4/2), Circumnavigator (sail Around the Planet, 2), High Spirits (morale 4,
2), Storm Rider (two Zephyrs in one turn, 3/1).
"""

from __future__ import annotations

import json

import pytest

import windward_nb as ww
from windward_nb.windward.components import ComponentError, load_components
from rules_helpers import roll


def game(ships, cards, players: int = 3, **kw) -> ww.Game:
    kw.setdefault("wind", 1)
    kw.setdefault("auto_chance", False)
    kw.setdefault("reds", [])
    ships = list(ships) + [{"pos": "port"}] * (players - len(ships))
    return ww.scenario(players=players, ships=ships, variants=["achievements"], achievements=cards, **kw)


def gains(ev, source="achievement"):
    return [(e.data["seat"], e.data["amount"]) for e in ev if e.kind == "NotorietyGained" and e.data["source"] == source]


def slot(g: ww.Game, card: str) -> dict:
    return [a for a in g.state.achievements if a["id"] == card][0]


# ----------------------------------------------------------------------------- setup
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_two_face_up_cards_are_drawn_from_the_deck(seed):
    g = ww.new_game(players=3, seed=seed, variants=("achievements",))
    s = g.state
    ids = [c["id"] for c in s.components.achievements]
    face_up = [a["id"] for a in s.achievements]
    assert len(face_up) == 2 and len(set(face_up)) == 2 and set(face_up) <= set(ids)
    assert all(a["first"] == -1 and a["claimed"] == [] for a in s.achievements)
    assert g.record.setup["achievements"] == face_up
    assert ww.GameRecord.from_json(g.record.to_json()).replay().state.fingerprint() == s.fingerprint()


def test_no_cards_without_the_variant():
    assert ww.new_game(players=3, seed=0).state.achievements == []


def test_different_games_show_different_cards():
    seen = {tuple(a["id"] for a in ww.new_game(players=3, seed=k, variants=("achievements",)).state.achievements)
            for k in range(8)}
    assert len(seen) > 1


# ----------------------------------------------------------------------------- scoring
def test_first_completion_scores_the_higher_number_and_covers_it_later_ones_the_lower():
    ships = [{"pos": "0,-2", "cannons": 3, "morale": 3}, {"pos": "2,-2", "cannons": 3}]
    g = game(ships, ["red_hunter", "circumnavigator"], reds=["0,-3", "2,-3"])
    s = g.state
    g.apply("end turn")
    g.apply("rest morale")                                      # the red of territory 1 attacks
    roll(g, 5)
    g.apply("battle cannons 3")
    ev = roll(g, 15)                                            # player 1 beats it
    assert gains(ev) == [(0, 4)] and slot(g, "red_hunter")["first"] == 0
    ev = g.apply("place red 2,-5")
    assert s.ships[0].notoriety == 4 + 1 and s.current == 1
    g.apply("move N")                                           # player 2 attacks the red of territory 2
    g.apply("battle cannons 3")
    roll(g, 15)
    ev = roll(g, 5)
    assert gains(ev) == [(1, 2)]
    assert slot(g, "red_hunter")["first"] == 0 and slot(g, "red_hunter")["claimed"] == [0, 1]
    assert s.ships[1].notoriety == 2


def test_each_captain_completes_a_card_only_once():
    g = game([{"pos": "0,-2", "cannons": 3, "morale": 4}], ["red_hunter", "circumnavigator"],
             reds=["0,-3"])
    s = g.state
    g.apply("move N")
    g.apply("battle cannons 3")
    roll(g, 15)
    ev = roll(g, 5)
    assert gains(ev) == [(0, 4)]
    g.apply("place red 0,-4")
    g.apply("move N")                                           # a second red, same turn
    g.apply("battle cannons 0")
    roll(g, 6)
    ev = roll(g, 5)
    assert s.reds_down == [s.ships[0].pos] and gains(ev) == []
    assert s.ships[0].notoriety == 4 and slot(g, "red_hunter")["claimed"] == [0]


def test_a_one_number_card_scores_for_everyone_and_is_never_covered():
    ships = [{"pos": "0,-5", "morale": 3}, {"pos": "5,0", "morale": 3}, {"pos": "-5,5", "morale": 3}]
    g = game(ships, ["circumnavigator", "red_hunter"])
    got = []
    for seat in range(3):
        assert g.state.current == seat
        got += gains(g.apply("around"))
        g.apply("end turn")
        g.apply("rest morale")
    assert got == [(0, 2), (1, 2), (2, 2)]
    assert slot(g, "circumnavigator")["first"] == -1 and slot(g, "circumnavigator")["claimed"] == [0, 1, 2]
    # and never twice: player 1 sails around again
    g.apply("wind 2")
    assert gains(g.apply("around")) == []


def test_a_card_scores_the_moment_its_condition_holds():
    # High Spirits (morale 4, one number): bought rum, or the rest at the end of a turn
    g = game([{"pos": "port", "morale": 3, "gas": 1}, {"pos": "port", "morale": 3, "colour": "green"}],
             ["high_spirits", "circumnavigator"])
    ev = g.apply("buy rum")
    assert gains(ev) == [(0, 2)] and slot(g, "high_spirits")["claimed"] == [0]
    ev = g.apply("end turn")                                    # player 1 rests, player 2's turn starts
    assert gains(ev) == []
    ev = g.apply("end turn")                                    # green rests +1: morale 4
    assert gains(ev) == [(1, 2)]


def test_turn_cards_count_within_one_turn():
    # Storm Rider: two Zephyrs in one turn (3/1); the Zephyrs include -2,-3, 2,-2 and 2,1
    g = game([{"pos": "-2,-3", "morale": 4}, {"pos": "0,4", "morale": 4}], ["storm_rider", "red_hunter"],
             players=2)
    g.apply("zephyr 2,-2")
    g.apply("end turn")
    g.apply("rest morale")
    g.apply("zephyr -2,-1")                                     # player 2: one ride
    g.apply("end turn")
    g.apply("rest morale")
    g.apply("wind 2")
    ev = g.apply("zephyr 2,1")                                  # player 1's second ride, in a new turn
    assert gains(ev) == []
    ev = g.apply("zephyr -2,1")
    assert gains(ev) == [(0, 3)]


# ----------------------------------------------------------------------------- a user's own deck
MY_DECK = {
    "source": "assumed",
    "cards": [
        {"id": "sails", "name": "Old Salt", "text": "Sail Around the Planet.", "stat": "around", "scope": "game",
         "at_least": 1, "points": [1, 5]},
        {"id": "cheer", "name": "Cheer", "text": "Reach morale 2.", "stat": "morale", "scope": "now",
         "at_least": 2, "points": [3]},
    ],
}


def write(tmp_path, deck) -> str:
    path = tmp_path / "my-achievements.json"
    path.write_text(json.dumps(deck))
    return str(path)


def test_a_users_own_deck_is_loaded_and_played(tmp_path):
    comp = load_components(achievements_path=write(tmp_path, MY_DECK))
    assert [c["id"] for c in comp.achievements] == ["sails", "cheer"]
    assert comp.content_hash != load_components().content_hash
    g = ww.new_game(players=3, seed=5, variants=("achievements",), components=comp)
    assert sorted(a["id"] for a in g.state.achievements) == ["cheer", "sails"]
    # its cards score as printed: the one-number card for morale 2
    g = game([{"pos": "port", "morale": 1, "gas": 1}], ["sails", "cheer"], players=2, components=comp)
    assert gains(g.apply("buy rum")) == [(0, 3)]


def test_a_users_two_number_card_scores_high_then_low(tmp_path):
    comp = load_components(achievements_path=write(tmp_path, MY_DECK))
    ships = [{"pos": "0,-5", "morale": 1, "hand": ["fuel"]}, {"pos": "5,0", "morale": 1}]
    g = game(ships, ["sails", "cheer"], players=2, components=comp)
    assert gains(g.apply("around")) == [(0, 5)]
    g.apply("end turn")
    g.apply("rest discard fuel")
    assert gains(g.apply("around")) == [(1, 1)]
    assert slot(g, "sails")["first"] == 0


def card(**change):
    c = dict(MY_DECK["cards"][0])
    c.update(change)
    return {k: v for k, v in c.items() if v is not None}


@pytest.mark.parametrize("deck, field", [
    ({"source": "assumed"}, "achievements.cards"),
    ({"cards": "none"}, "achievements.cards"),
    ({"cards": [card(id=None)]}, "achievements.cards[0].id"),
    ({"cards": [card(name=3)]}, "achievements.cards[0].name"),
    ({"cards": [card(at_least="1")]}, "achievements.cards[0].at_least"),
    ({"cards": [card(points=None)]}, "achievements.cards[0].points"),
    ({"cards": [card(points=[])]}, "achievements.cards[0].points"),
    ({"cards": [card(points=[4, 2, 1])]}, "achievements.cards[0].points"),
    ({"cards": [card(points=[0])]}, "achievements.cards[0].points"),
    ({"cards": [card(points=["3"])]}, "achievements.cards[0].points"),
    ({"cards": [card(scope="season")]}, "achievements.cards[0].scope"),
    ({"cards": [card(), card(name="Again")]}, "achievements.cards[1].id"),
])
def test_a_malformed_deck_is_refused_naming_the_field(tmp_path, deck, field):
    with pytest.raises(ComponentError) as exc:
        load_components(achievements_path=write(tmp_path, deck))
    assert field in str(exc.value)


def test_a_deck_naming_a_statistic_the_engine_does_not_count_is_refused(tmp_path):
    """A card whose stat is unknown (or unknown for its scope) could never be completed."""
    with pytest.raises(ComponentError) as exc:
        load_components(achievements_path=write(tmp_path, {"cards": [card(stat="dragons_tamed")]}))
    assert "achievements.cards[0].stat" in str(exc.value)
