"""ADVANTAGE MARKERS and ADVANTAGES: a sole leader takes a marker, keeps it through ties, loses it when passed."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from plunder_helpers import kinds, scenario

from windward_nb.plunder.advantages import update_markers


def test_a_marker_goes_only_to_a_sole_leader():
    g = scenario(3, tally={"red": {"crew": 2}, "blue": {"crew": 2}, "green": {"weapons": 1}})
    m = g.state.markers
    assert m == {"weapons": 2, "crew": -1, "provisions": -1}


def test_the_holder_keeps_it_through_a_tie_and_loses_it_when_an_opponent_has_more():
    g = scenario(3, ships={"red": "jamaica", "blue": "nassau", "green": "belize"}, wind="E", turn="red",
                 tally={"blue": {"crew": 2}, "green": {"crew": 1}}, hands={"red": ["mutiny", "mutiny"]})
    s = g.state
    assert s.markers["crew"] == 1
    ev = g.apply("play mutiny blue")  # blue 1, green 1: blue is below nobody, keeps it
    assert s.markers["crew"] == 1 and "MarkerLost" not in kinds(ev)
    g.apply("play mutiny blue")  # blue 0 < green 1: discarded, green takes it
    assert s.markers["crew"] == 2
    assert [e.kind for e in g.last_events][-2:] == ["MarkerLost", "MarkerTaken"]


def test_when_the_holder_falls_behind_a_tie_nobody_holds_the_marker():
    g = scenario(3, ships={"red": "jamaica", "blue": "nassau", "green": "belize"}, wind="E", turn="red",
                 tally={"blue": {"weapons": 3}, "green": {"weapons": 2}, "red": {"weapons": 2}},
                 hands={"red": ["misfire", "misfire"]})
    g.apply("play misfire blue")
    assert g.state.markers["weapons"] == 1  # 2,2,2: a tie, blue keeps it
    g.apply("play misfire blue")
    assert g.state.markers["weapons"] == -1  # blue 1 is below the 2s, who tie


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.integers(0, 9), min_size=3, max_size=3), min_size=1, max_size=12))
def test_after_any_sequence_of_tallies_the_marker_rule_holds(history):
    from types import SimpleNamespace

    s = SimpleNamespace(tally={"weapons": [0, 0, 0], "crew": [0, 0, 0], "provisions": [0, 0, 0]},
                        markers={"weapons": -1, "crew": -1, "provisions": -1})
    prev = -1
    for row in history:
        s.tally["weapons"] = list(row)
        update_markers(s, [])
        h = s.markers["weapons"]
        top = max(row)
        if h >= 0:
            assert row[h] == top  # nobody above the holder
            assert h == prev or row.count(top) == 1  # a new holder only as sole leader
        else:
            assert row.count(top) > 1
        prev = h
