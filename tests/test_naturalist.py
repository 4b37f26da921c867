"""Advanced variant "The Naturalist" (both rulebooks): the purple ship researches instead of
processing, tags and releases cresters next to itself, never keeps teeth, and scores for the
cresters it studies; several red cresters in one territory chase one at a time.

Free-for-all positions on large:ABCDEF from ``ww.scenario(variants=["naturalist"])``; the purple
ship is the Naturalist. Every die is chosen by the test.
"""

from __future__ import annotations

import pytest

import windward_nb as ww
from windward_nb.windward import modes as variants
from windward_nb.windward.hexgrid import distance
from rules_helpers import end_at_sky, events, hx, kinds, refused, roll


def nat(ships, players: int = 3, **kw) -> ww.Game:
    """Seat 0 is given by ``ships[0]`` (purple unless a colour is named); other seats default to port."""
    kw.setdefault("wind", 1)
    kw.setdefault("auto_chance", False)
    kw.setdefault("reds", [])
    kw.setdefault("variants", ["naturalist"])
    ships = [dict(x) for x in ships] + [{"pos": "port"} for _ in range(players - len(ships))]
    ships[0].setdefault("colour", "purple")
    others = iter(c for c in ("blue", "green", "orange", "black") if c not in [x.get("colour") for x in ships])
    for x in ships[1:]:
        x.setdefault("colour", next(others))
    return ww.scenario(players=players, ships=ships, **kw)


def labels(g: ww.Game, hexes) -> list[str]:
    return sorted(g.state.planet.label(h) for h in hexes)


# ----------------------------------------------------------------------------- setup
@pytest.mark.parametrize("players, seed", [(2, 0), (3, 1), (4, 2), (5, 3)])
def test_someone_sails_the_purple_naturalist_ship(players, seed):
    g = ww.new_game(players=players, seed=seed, variants=("naturalist",))
    colours = [sh.colour for sh in g.state.ships]
    assert colours.count("purple") == 1
    assert variants.tags_left(g.state) == 5


# ----------------------------------------------------------------------------- research instead of process
def test_the_naturalist_researches_instead_of_processing():
    g = nat([{"pos": "0,-2", "hold": "red", "morale": 3}])
    refused(g, "order process", "The Naturalist", "researches cresters instead")
    assert "order process" not in [str(a) for a in g.legal_actions()]
    assert "order research" in [str(a) for a in g.legal_actions()]


def test_other_captains_cannot_research():
    g = nat([{"pos": "port"}, {"pos": "0,-2", "hold": "red", "colour": "blue"}], current=1)
    refused(g, "order research", "The Naturalist", "only the Naturalist")
    g.apply("order process")
    assert g.state.ships[1].red_teeth == 1


def test_without_the_variant_purple_is_an_ordinary_ship():
    g = nat([{"pos": "0,-2", "hold": "red", "morale": 3}], variants=[])
    refused(g, "order research", "The Naturalist", "only the Naturalist")
    g.apply("order process")
    assert g.state.ships[0].red_teeth == 1 and g.state.ships[0].gas == 3


def test_research_gives_gas_by_morale_and_the_tagged_crester_is_released_next_to_the_ship():
    # -1,-2: neighbours 0,-3 (a grey), 0,-2, -1,-1, -2,-1, -2,-2 and -1,-3 (Drift)
    g = nat([{"pos": "-1,-2", "hold": "grey", "morale": 3, "gas": 0}], greys=["0,-3"])
    s = g.state
    ev = g.apply("order research")
    assert s.ships[0].gas == 3 and s.ships[0].hold == "" and s.ships[0].grey_teeth == 0
    assert events(ev, "CresterResearched")[0].data["crester"] == "grey"
    assert g.current_player == 0 and s.frames[-1]["k"] == "release"
    offered = [str(a)[len("release "):] for a in g.legal_actions()]
    assert sorted(offered) == ["-1,-1", "-2,-1", "-2,-2", "0,-2"]
    refused(g, "release -1,-3", "Taking a Turn", "release the tagged crester")   # Drift
    refused(g, "release 0,-3", "Taking a Turn")                                  # a grey is there
    refused(g, "release 1,-3", "Taking a Turn")                                  # not next to the ship
    refused(g, "end turn", "Taking a Turn")
    ev = g.apply("release -2,-2")
    assert sorted(s.greys) == sorted([hx(g, "0,-3"), hx(g, "-2,-2")])
    assert s.tagged_greys == [hx(g, "-2,-2")] and variants.tags_left(s) == 4
    assert events(ev, "CresterPlaced")[0].data["tagged"] is True
    assert s.frames == [] and g.current_player == 0


def test_undo_takes_back_the_first_release():
    """Game.undo (and every clone) must not share the tag lists with the live state."""
    g = nat([{"pos": "0,-2", "hold": "red", "morale": 3}])
    g.apply("order research")
    before = g.state.fingerprint()
    snapshot = g.state.clone()
    g.apply("release 0,-3")
    assert snapshot.fingerprint() == before and snapshot.tagged_reds == []
    g.undo()
    s = g.state
    assert s.fingerprint() == before
    assert s.tagged_reds == [] and s.reds == [] and s.frames[-1]["k"] == "release"


def test_research_gas_is_capped_by_the_storage():
    g = nat([{"pos": "0,-2", "hold": "red", "morale": 4, "gas": 2}])
    g.apply("order research")
    assert g.state.ships[0].gas == 4                         # 4 slots on the purple board


def test_a_tagged_red_is_released_alive():
    g = nat([{"pos": "0,-2", "hold": "red", "morale": 3}])
    g.apply("order research")
    g.apply("release 0,-3")
    s = g.state
    assert s.reds == [hx(g, "0,-3")] and s.tagged_reds == [hx(g, "0,-3")]


def test_research_refusals():
    g = nat([{"pos": "0,-2", "morale": 3}])
    refused(g, "order research", "The Naturalist: Research Crester", "no defeated crester")
    # five tags in use
    five = ["0,5", "5,0", "-5,5", "-5,0", "5,-5"]
    g = nat([{"pos": "0,-2", "hold": "red", "morale": 3}], reds=five, tagged_reds=five)
    refused(g, "order research", "The Naturalist: Research Crester", "all your tags")
    # nowhere to release it: the ship is boxed in by other ships and cresters
    g = nat([{"pos": "-2,-3", "hold": "grey", "morale": 3}, {"pos": "-1,-4"}, {"pos": "-2,-2"}],
            greys=["-3,-2"])
    refused(g, "order research", "The Naturalist: Research Crester", "no empty space")


@pytest.mark.parametrize("winner", ["naturalist", "other"])
def test_defeating_a_tagged_red_returns_its_tag(winner):
    tagged = ["0,-3", "0,5", "5,0", "-5,5", "-5,0"]
    if winner == "naturalist":
        g = nat([{"pos": "0,-2", "morale": 4}], reds=tagged, tagged_reds=tagged)
    else:
        g = nat([{"pos": "port"}, {"pos": "0,-2", "morale": 4}], reds=tagged, tagged_reds=tagged, current=1)
    s = g.state
    assert variants.tags_left(s) == 0
    g.apply("move N")
    g.apply("battle cannons 0")
    roll(g, 6)
    roll(g, 5)
    assert hx(g, "0,-3") not in s.tagged_reds and len(s.tagged_reds) == 4 and variants.tags_left(s) == 1
    g.apply("place red 1,-3")                                  # the ordinary replacement red
    assert hx(g, "1,-3") not in s.tagged_reds
    if winner == "naturalist":                                 # and the tag can be used again at once
        g.apply("order research")
        g.apply("release 0,-2")                                # the ship won on 0,-3
        assert hx(g, "0,-2") in s.tagged_reds and variants.tags_left(s) == 0


def test_defeating_a_tagged_grey_returns_its_tag():
    g = nat([{"pos": "port"}, {"pos": "0,-1", "boats": ["0,-2"], "rowers": 1}], greys=["0,-3"],
            tagged_greys=["0,-3"], current=1)
    s = g.state
    g.apply("row 1 N")
    roll(g, 3)
    roll(g, 1)
    assert s.tagged_greys == [] and s.greys_down == [hx(g, "0,-3")] and variants.tags_left(s) == 5


def test_a_tagged_grey_is_not_counted_alive_for_the_grey_respawn():
    # three captains want two alive greys; the tagged grey at 4,-4 does not count
    g = nat([{"pos": "port"}, {"pos": "0,-1", "boats": ["0,-2"], "rowers": 1}], greys=["0,-3", "4,-4"],
            tagged_greys=["4,-4"], current=1)
    s = g.state
    g.apply("row 1 N")
    roll(g, 3)
    roll(g, 1)
    assert g.current_player == ww.CHANCE and s.frames[-1]["k"] == "grey"
    assert [str(a) for a in g.legal_actions()] == ["grey 3", "grey 4", "grey 5", "grey 6"]
    g.apply("grey 3")
    assert g.current_player == ww.CHANCE                     # a second grey is still wanted
    g.apply("grey 5")
    assert g.current_player == 1 and len(s.greys) == 3


# ----------------------------------------------------------------------------- teeth
def test_the_naturalist_throws_teeth_away_at_once():
    g = nat([{"pos": "0,-1"}], items={"0,-1": {"grey_teeth": 1, "red_teeth": 1}})
    s = g.state
    stock = (s.stock("grey_teeth"), s.stock("red_teeth"))
    g.apply("pick up teeth")
    assert (s.ships[0].grey_teeth, s.ships[0].red_teeth) == (0, 0)
    assert (s.stock("grey_teeth"), s.stock("red_teeth")) == (stock[0] + 1, stock[1] + 1)
    assert s.item_count(hx(g, "0,-1"), "grey_teeth") == 0
    g.apply("enter port")
    assert s.ships[0].notoriety == 0


def test_other_captains_keep_their_teeth():
    g = nat([{"pos": "port"}, {"pos": "0,-2", "colour": "blue"}], items={"0,-2": {"red_teeth": 1}}, current=1)
    g.apply("pick up teeth")
    assert g.state.ships[1].red_teeth == 1


# ----------------------------------------------------------------------------- several reds in one territory
def test_the_nearest_red_moves_first_and_its_battle_is_fought_before_the_next_moves():
    g = nat([{"pos": "port"}, {"pos": "0,-1", "morale": 3, "colour": "blue"}], current=1,
            reds=["2,-5", "0,-2"], tagged_reds=["2,-5"])
    ev = end_at_sky(g)
    moves = events(ev, "CresterMoved")
    assert [m.data["path"][0] for m in moves] == [hx(g, "0,-2")]       # the far red waits for the battle
    assert events(ev, "BattleStarted")[0].data["att"] == "red"
    roll(g, 5)
    ev = roll(g, 5)                                           # a tie: the red falls back to 0,-2
    assert events(ev, "BattleEnded")[0].data["winner"] == "tie"
    moves = events(ev, "CresterMoved")
    assert [m.data["path"][0] for m in moves] == [hx(g, "2,-5")] and len(moves[0].data["path"]) == 4
    s = g.state
    assert sorted(s.reds) == sorted([hx(g, "0,-2"), moves[0].data["to"]])
    assert s.tagged_reds == [moves[0].data["to"]]             # the tag moves with its crester
    assert s.ships[1].notoriety == 1 and s.current == 2


def test_two_reds_never_end_on_one_space():
    # alone, the red at 2,-5 would stop at 1,-2; the red from 1,-5 gets there first
    g = nat([{"pos": "port"}, {"pos": "0,-1", "morale": 3, "colour": "blue"}], current=1,
            reds=["1,-5", "2,-5"], tagged_reds=["2,-5"])
    ev = end_at_sky(g)
    ends = [m.data["to"] for m in events(ev, "CresterMoved")]
    assert len(ends) == 2 and len(set(ends)) == 2
    assert hx(g, "1,-2") in ends
    assert all(distance(g.state.planet.cells[h], (0, -1)) == 1 for h in ends)
    assert len(set(g.state.reds)) == 2


def test_a_red_held_up_by_a_nearer_red_follows_once_that_one_has_moved():
    # -2,-3 leaves territory 1 only through -1,-4, where the nearer red stands
    g = nat([{"pos": "port"}, {"pos": "1,-2", "morale": 3, "colour": "blue"}], current=1,
            reds=["-1,-4", "-2,-3"], tagged_reds=["-2,-3"])
    ev = end_at_sky(g)
    starts = [m.data["path"][0] for m in events(ev, "CresterMoved")]
    assert starts == [hx(g, "-1,-4"), hx(g, "-2,-3")]
    assert hx(g, "-2,-3") not in g.state.reds


# ----------------------------------------------------------------------------- notoriety at sky
@pytest.mark.parametrize("edition, bonus", [("a", 3 * 1 + 2 * 1), ("b", 3 * 1 + 2 * 3)])
def test_sky_bonus_for_studied_cresters(edition, bonus):
    # one tagged red, one tagged grey and two untagged greys on the planet
    g = nat([{"pos": "0,-1", "morale": 3}], edition=edition, reds=["5,0"], tagged_reds=["5,0"],
            greys=["0,-3", "4,-4", "2,0"], tagged_greys=["2,0"])
    ev = end_at_sky(g)
    gains = [(e.data["source"], e.data["amount"]) for e in ev if e.kind == "NotorietyGained"]
    assert gains == [("sky", 1), ("research", bonus)]
    assert g.state.ships[0].notoriety == 1 + bonus


def test_no_study_bonus_for_other_captains():
    g = nat([{"pos": "port"}, {"pos": "0,-1", "morale": 3, "colour": "blue"}], current=1, reds=["5,0"],
            tagged_reds=["5,0"], greys=["2,0"], tagged_greys=["2,0"])
    end_at_sky(g)
    assert g.state.ships[1].notoriety == 1 and g.state.ships[0].notoriety == 0


def test_no_study_bonus_when_resting_at_port():
    g = nat([{"pos": "port"}], reds=["5,0"], tagged_reds=["5,0"])
    ev = g.apply("end turn")
    assert "NotorietyGained" not in kinds(ev) and g.state.ships[0].notoriety == 0


def test_no_study_bonus_when_the_ship_is_lost_at_rest():
    g = nat([{"pos": "0,-1", "morale": 1, "hand": []}], reds=["5,0"], tagged_reds=["5,0"])
    ev = end_at_sky(g)
    assert "ShipLost" in kinds(ev) and g.state.ships[0].notoriety == 0
