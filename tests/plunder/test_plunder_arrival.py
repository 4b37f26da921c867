"""PORT ARRIVAL SEQUENCE: tile, item, VP, the Rotation Bar, Buried Treasure, in that order."""

from __future__ import annotations

from plunder_helpers import kinds, refused, scenario, seat

from windward_nb.plunder.components import COMPONENTS as C

P = C.port_index


def red_at_jamaica(**kw):
    base = dict(ships={"red": "jamaica", "blue": "nassau", "green": "belize"}, wind="E", turn="red")
    base.update(kw)
    return scenario(3, **base)


def test_the_tile_its_item_and_vp_then_the_tile_goes_to_the_bar_and_the_bars_last_comes_to_the_port():
    g = red_at_jamaica()
    s = g.state
    assert s.port_tiles[P["san-salvador"]] == 6 and s.bar == [12, 13, 14, 15, 16, 17]
    ev = g.apply("sail san-salvador")
    assert kinds(ev)[:4] == ["ShipSailed", "ItemTaken", "MarkerTaken", "TileScored"]
    assert s.tally["weapons"][0] == 1 and s.vp[0] == C.tiles[6].vp == 3
    assert s.bar == [6, 12, 13, 14, 15, 16] and s.port_tiles[P["san-salvador"]] == 17
    assert sorted(s.port_tiles + s.bar) == list(range(18))


def test_a_treasure_tile_gives_the_top_treasure_card_hidden_from_the_others():
    g = red_at_jamaica(tiles={"santo-domingo": (2, "treasure")})
    s = g.state
    top = s.treasure_deck[0]
    g.apply("sail santo-domingo")
    assert s.treasures[0] == [top] and len(s.treasure_deck) == 11
    from windward_nb.plunder import RULES

    assert RULES.observation(s, 1)["treasures"][0] == 1 and RULES.observation(s, 0)["treasures"][0] == [top]


def test_a_treasure_card_for_this_port_is_played_on_arrival_booty_up_and_its_value_scored():
    g = red_at_jamaica(treasures={"red": ["santo-domingo"]}, tiles={"santo-domingo": (3, "weapons")})
    s = g.state
    ev = g.apply("sail santo-domingo")
    assert "TreasureFound" in kinds(ev)
    assert s.booty[0] == 1 and s.vp[0] == 3 + 2 and s.treasures[0] == []
    assert s.treasure_deck[-1] == P["santo-domingo"]  # face down under the deck


def test_the_card_drawn_from_this_ports_own_tile_is_played_at_once():
    g = red_at_jamaica(wind="W", tiles={"belize": (2, "treasure")})
    s = g.state
    assert s.treasure_deck[0] == P["belize"]
    g.apply("sail belize")
    assert s.booty[0] == 1 and s.vp[0] == 2 + 2 and s.treasures[0] == []


def test_the_booty_track_scores_2_to_7_and_stays_on_its_last_space():
    from windward_nb.plunder.arrival import BOOTY_TRACK

    assert BOOTY_TRACK == (0, 2, 3, 4, 5, 6, 7)
    g = red_at_jamaica(booty={"red": 6}, treasures={"red": ["santo-domingo"]}, tiles={"santo-domingo": (3, "weapons")})
    g.apply("sail santo-domingo")
    assert g.state.booty[0] == 6 and g.state.vp[0] == 3 + 7


def test_most_provisions_adds_one_vp_to_the_tile_even_when_this_tiles_provision_wins_the_marker():
    g = red_at_jamaica(tiles={"santo-domingo": (3, "provisions")})
    g.apply("sail santo-domingo")
    assert g.state.markers["provisions"] == 0 and g.state.vp[0] == 4
    g = red_at_jamaica(tally={"red": {"provisions": 1}})
    g.apply("sail san-salvador")
    assert g.state.vp[0] == 3 + 1


def test_a_full_tally_loses_the_item():
    g = red_at_jamaica(tally={"red": {"weapons": 9}})
    ev = g.apply("sail san-salvador")
    assert g.state.tally["weapons"][0] == 9 and "tally is full" in ev[1].text and g.state.vp[0] == 3


def test_no_action_card_is_played_while_the_arrival_waits_for_boarding():
    g = red_at_jamaica(ships={"red": "jamaica", "blue": "santo-domingo", "green": "belize"},
                       tally={"red": {"weapons": 2}, "blue": {"crew": 1}}, hands={"red": ["mutiny"]})
    g.apply("sail santo-domingo")
    assert g.state.phase == "board" and g.current_player == seat("red")
    refused(g, "play mutiny blue", "Port Arrival Sequence")
    refused(g, "draw", "Port Arrival Sequence")
    refused(g, "end turn", "Port Arrival Sequence")
    g.apply("no boarding")
    g.apply("play mutiny blue")
    assert g.state.tally["crew"][1] == 0
