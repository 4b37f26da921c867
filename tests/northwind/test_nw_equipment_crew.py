"""Equipment harbours and the crew: sail, cannons, hiring into fixed slots, Lookout, Treasurer."""

from __future__ import annotations

from nw_helpers import at, game, kinds, legal, no_invariant_broken, play, refused

E, CREW, LOOK = "Equipment Harbor", "Crew Members", "Lookout"


def test_an_equipment_harbour_sells_one_sail_level_cannon_or_crew_member():
    g = at("equip-2", gold=[10, 10])
    deals = legal(g)
    assert deals[:2] == ["buy sail", "buy cannon"] and "hire cannoneer" in deals and "pass" in deals
    refused(g, "buy salt", E, "not commodities")
    play(g, "buy cannon")
    assert g.state.cannons[0] == 2 and g.state.gold[0] == 7 and g.state.actions == 1
    assert g.state.phase == "sail", "one item per use: the tile is done"


def test_a_sail_level_costs_two_and_extends_the_voyage_under_way():
    tiles = ["equip-1", "grain-1", "fog-1", "fish-1", "lumber-1", "wreck"]
    g = game(stacks={"olsand": tiles}, gold=[10, 10], letters=[0, 0])
    play(g, "sail olsand", "reveal", "buy sail")
    assert g.state.sail[0] == 5 and g.state.gold[0] == 8
    for _ in range(3):
        play(g, "reveal")
        play(g, "event treasure" if g.state.phase == "event" else "pass")
    play(g, "reveal")  # a fifth tile thanks to the new sail
    assert g.state.row == tiles[:5] and g.state.tile_id == "lumber-1"
    play(g, "pass")
    assert g.state.phase == "shuffle"


def test_the_sail_stops_at_six():
    g = at("equip-1", gold=[10, 10], sail=[6, 4])
    assert "buy sail" not in legal(g)
    refused(g, "buy sail", E, "top notch")


def test_cannons_need_a_free_slot_and_the_price():
    g = at("equip-3", gold=[10, 10], cannons=[4, 1])
    refused(g, "buy cannon", E, "all 4 cannon slots")
    g = at("equip-3", gold=[3, 10])
    refused(g, "buy cannon", E, "costs 4 gold and you have 3")


def test_crew_fill_their_own_fixed_slot_from_the_supply():
    g = at("equip-3", gold=[10, 10], crew=[["lookout"], []])
    refused(g, "hire lookout", CREW, "slot is taken")
    ev = play(g, "hire boatswain")
    assert g.state.crew[0] == ["boatswain", "lookout"] and g.state.gold[0] == 8
    assert "cabin" in ev[0].text


def test_a_captain_has_four_crew_so_one_slot_stays_empty():
    g = at("equip-3", gold=[10, 10], crew=[["boatswain", "bookkeeper", "cannoneer", "lookout"], []])
    refused(g, "hire treasurer", CREW, "all 4")
    assert not [a for a in legal(g) if a.startswith("hire")]


def test_a_crew_member_hired_on_a_voyage_helps_at_once():
    g = game(stacks={"olsand": ["equip-3", "fog-1", "wreck"]}, gold=[2, 2], letters=[0, 0])
    play(g, "sail olsand", "reveal", "hire cannoneer", "reveal", "event pirate 2")
    g.state.gold[0] = 0  # cannot pay: one cannon and a Cannoneer can still score 2
    assert g.state.phase == "pirate" and legal(g) == ["fight"]


def test_the_lookout_looks_once_and_may_put_the_top_tile_under():
    g = game(stacks={"olsand": ["fog-1", "salt-1", "grain-1", "fish-1", "wreck"]}, crew=[["lookout"], []],
             letters=[0, 0])
    play(g, "sail olsand")
    assert "look" in legal(g)
    play(g, "look")
    assert g.state.phase == "peek" and legal(g) == ["keep", "under"]
    refused(g, "reveal", LOOK, "keep it on top or put it under")
    assert g.rules.observation(g.state, 0)["peek"] == "fog-1"
    assert g.rules.observation(g.state, 1)["peek"] == "?"
    play(g, "under")
    assert g.state.stacks[2][-1] == "fog-1" and g.state.under == "fog-1"
    refused(g, "look", LOOK, "already")
    play(g, "reveal", "pass", "reveal", "pass", "reveal", "pass", "reveal")
    assert g.state.row == ["salt-1", "grain-1", "fish-1", "wreck"], "the tile put under does not count"
    play(g, "pass")
    assert g.state.phase == "shuffle"
    assert "fog-1" in g.state.secret[0][2] and "fog-1" not in g.state.known[2]


def test_a_kept_tile_is_revealed_first_and_counts():
    g = game(stacks={"olsand": ["wreck", "salt-1"]}, crew=[["lookout"], []])
    play(g, "sail olsand", "look", "keep")
    refused(g, "cut 1", "Trading Voyage", "before the Lookout")
    play(g, "reveal")
    assert g.state.row == ["wreck"] and g.state.peek == ""


def test_without_a_lookout_there_is_no_look():
    g = game()
    play(g, "sail olsand")
    assert "look" not in legal(g)
    refused(g, "look", LOOK, "no Lookout")
    refused(g, "keep", LOOK, "not looking")


def test_the_treasurer_pays_the_poor_income_twice():
    g = game(gold=[0, 0], crew=[["treasurer"], ["boatswain"]])
    assert g.state.gold == [2, 0]
    assert "Treasurer" in g.last_events[-1].text
    no_invariant_broken(g)


def test_the_fourth_crew_member_earns_the_crew_bonus():
    g = at("equip-3", gold=[10, 10], crew=[["boatswain", "bookkeeper", "cannoneer"], []])
    ev = play(g, "hire lookout")
    assert "BonusPlaced" in kinds(ev) and g.state.crew_bonus == [0] and g.state.on_board(0) == 1
