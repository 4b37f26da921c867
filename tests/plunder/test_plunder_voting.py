"""VOTING: sealed compasses and fists, Blackbeard's tile, the wind, the first plunderer."""

from __future__ import annotations

import json

import numpy as np
from plunder_helpers import RULES, kinds, refused, scenario, seat, vote

from windward_nb.core import testing


def test_compasses_then_fists_then_blackbeard_names_the_first_plunderer():
    g = scenario(4, blackbeard="red")
    ev = vote(g, ["N", "E", "N", "W"], [6, 4, 8, 9])
    s = g.state
    assert s.votes == ["N", "E", "N", "W"] and s.spent == [6, 4, 8, 9]
    assert s.blackbeard == seat("yellow")  # 9 cubes is the most
    assert s.wind == "N"  # North 14, West 9, East 4
    assert s.wind_cubes == [4, 6, 2, 1] and s.reserve == [22, 20, 24, 25]
    assert "WindSet" in kinds(ev) and s.phase == "first" and g.current_player == seat("yellow")
    g.apply("first blue")
    assert s.order == [1, 2, 3, 0] and g.current_player == seat("blue") and s.phase == "plunder"


def test_the_holder_breaks_a_tie_for_blackbeard_among_the_tied_only():
    g = scenario(3, blackbeard="red")
    vote(g, ["S", "E", "E"], [2, 5, 5])
    assert g.state.phase == "blackbeard" and g.current_player == seat("red")
    assert [str(a) for a in g.legal_actions()] == ["blackbeard blue", "blackbeard green"]
    refused(g, "blackbeard red", "Voting", "tied")
    g.apply("blackbeard green")
    assert g.state.blackbeard == seat("green") and g.state.wind == "E"


def test_the_new_blackbeard_breaks_a_tie_of_directions():
    g = scenario(3, blackbeard="red")
    vote(g, ["S", "E", "S"], [1, 4, 3])
    s = g.state
    assert s.blackbeard == seat("blue") and s.phase == "wind" and g.current_player == seat("blue")
    assert [str(a) for a in g.legal_actions()] == ["wind E", "wind S"]
    refused(g, "wind N", "Voting")
    g.apply("wind S")
    assert s.wind == "S" and s.phase == "first"


def test_zero_bids_everyone_ties_the_holder_may_keep_the_tile_and_picks_among_shown_directions():
    g = scenario(3, blackbeard="blue")
    vote(g, ["W", "E", "W"], [0, 0, 0])
    s = g.state
    assert s.phase == "blackbeard" and s.tied == [0, 1, 2]
    g.apply("blackbeard blue")
    assert s.blackbeard == seat("blue") and s.phase == "wind" and s.tied == ["E", "W"]
    refused(g, "wind N", "Voting")  # nobody showed North


def test_a_fist_cannot_hold_more_cubes_than_the_player_has_and_the_order_of_phases_is_kept():
    g = scenario(3, wind_cubes={"green": 3})
    refused(g, "bid 2", "Voting", "compass")
    refused(g, "sail nassau", "Voting")
    refused(g, "first red", "Voting")
    for d in "NNN":
        g.apply(f"compass {d}")
    refused(g, "compass E", "Voting")
    g.apply("bid 1")
    g.apply("bid 0")
    refused(g, "bid 4", "Voting", "only 3")
    assert [str(a) for a in g.legal_actions()] == ["bid 0", "bid 1", "bid 2", "bid 3"]


def test_sealed_choices_are_hidden_from_the_other_seats_until_revealed():
    g = scenario(3)
    g.apply("compass E")
    o1 = RULES.observation(g.state, 1)
    assert "E" not in json.dumps(o1["compass"]) and o1["compass"]["committed"] == [0]
    assert RULES.observation(g.state, 0)["compass"]["own"] == "E"
    # two positions differing only in red's sealed compass look the same to blue
    other = g.state.clone()
    other.compass.choices[0] = "W"
    testing.check_hidden_pair(RULES, g.state, other, seat=1)
    g.apply("compass S")
    g.apply("compass S")
    assert g.state.votes == ["E", "S", "S"]  # compasses are public once shown
    g.apply("bid 7")
    g.apply("bid 2")
    obs = RULES.observation(g.state, 2)
    assert obs["bids"]["own"] is None and "7" not in json.dumps(obs["bids"])
    other = g.state.clone()
    other.bids.choices[0] = 3
    testing.check_hidden_pair(RULES, g.state, other, seat=2)
    d = RULES.determinize(g.state, 2, np.random.default_rng(1))
    assert 0 <= d.bids.choices[0] <= g.state.wind_cubes[0] and d.bids.choices[1] <= g.state.wind_cubes[1]


def test_the_asking_order_does_not_change_the_outcome():
    results = set()
    for order in ([0, 1, 2], [2, 1, 0]):
        g = scenario(3, blackbeard="red")
        s = g.state
        s.compass.seats = list(order)
        for i in order:
            g.apply("compass " + "NEW"[i])
        s.bids.seats = list(order)
        for i in order:
            g.apply(f"bid {[3, 5, 1][i]}")
        results.add((s.blackbeard, s.wind, tuple(s.wind_cubes)))
    assert results == {(1, "E", (7, 5, 9))}
