"""Rulebook section "Use a Supply Card" (Coffee, Bait, Deadweight, False Flag, Aerogenerator, Fuel, Harpoon)."""

from collections import Counter

import pytest

import windward_nb as ww


def with_hand(hand, pos="0,-2", **kw):
    return ww.scenario(players=3, ships=[{"pos": pos, "hand": hand}, {"pos": "port"}, {"pos": "port"}], **kw)


def test_deck_is_74_cards_with_assumed_composition_marked():
    comp = ww.load_components()
    assert comp.deck_size() == 74
    assert {c.id for c in comp.cards} >= {"coffee", "bait", "deadweight", "false_flag", "aerogenerator",
                                          "fuel", "harpoon"}
    assert comp.raw["supply_deck"]["composition_source"] == "assumed"
    assert all(c.source in ("rulebook", "public", "assumed") for c in comp.cards)


def test_played_cards_go_to_the_discard_pile():
    g = with_hand(["fuel"])
    g.apply("play fuel")
    assert g.state.discard == ["fuel"] and g.state.turn.speed == 5


def test_cards_cannot_be_discarded_unresolved_outside_rest():
    g = with_hand(["harpoon"])
    with pytest.raises(ww.IllegalActionError, match=r"only during a battle"):
        g.apply("play harpoon")
    assert not any(a.verb == "rest" for a in g.legal_actions())


def test_aerogenerator_sets_a_new_wind():
    g = with_hand(["aerogenerator"], wind=2)
    with pytest.raises(ww.IllegalActionError, match=r"must differ \[Wind\]"):
        g.apply("play aerogenerator 2")
    g.apply("play aerogenerator 5")
    assert g.state.wind == 5


def test_bait_places_a_grey_on_an_empty_feeding_ground():
    g = with_hand(["bait"], greys=["0,-3"])
    with pytest.raises(ww.IllegalActionError, match=r"occupied \[Supply card: Bait\]"):
        g.apply("play bait 0,-3")
    with pytest.raises(ww.IllegalActionError, match=r"must be placed on a feeding ground"):
        g.apply("play bait 0,-2")
    g.apply("play bait 2,0")
    assert sorted(g.state.planet.label(h) for h in g.state.greys) == ["0,-3", "2,0"]


def test_false_flag_calls_off_a_battle_before_the_dice():
    g = ww.scenario(players=2, wind=1, ships=[{"pos": "0,-2", "hand": ["false_flag"]}, {"pos": "port"}],
                    reds=["-1,-1"], greys=[], auto_chance=False)
    g.apply("move SW")
    assert {"play false flag", "battle cannons 0"} <= {str(a) for a in g.legal_actions()}
    ev = g.apply("play false flag")
    assert any(e.kind == "BattleCalledOff" for e in ev)
    assert g.state.planet.label(g.state.ships[0].pos) == "0,-2" and not g.state.frames
    with pytest.raises(ww.IllegalActionError, match=r"may not attack the red crester at -1,-1 again"):
        g.apply("move SW")


def test_harpoon_adds_hits_after_the_rolls():
    g = ww.scenario(players=2, wind=1, ships=[{"pos": "0,-2", "hand": ["harpoon", "heavy_harpoon"]}, {"pos": "port"}],
                    reds=["-1,-1"], greys=[], auto_chance=False)
    g.apply("move SW")
    g.apply("battle cannons 0")
    g.apply("dice 1,1")
    g.apply("dice 1,1,1,1,1")
    assert {str(a) for a in g.legal_actions()} == {"play harpoon", "play heavy harpoon", "battle done"}
    g.apply("play heavy harpoon")
    g.apply("play harpoon")
    # 2 dice hits + 3 from cards = 5 = the red crester's 5: a tie, the ship falls back
    assert g.state.planet.label(g.state.ships[0].pos) == "0,-2"
    assert Counter(g.state.discard) == Counter(["harpoon", "heavy_harpoon"])


def test_supply_stacks_reset_when_one_runs_out():
    g = ww.scenario(players=2, ships=[{"pos": "port", "gas": 1}, {"pos": "port"}],
                    stacks=[["fuel"], ["coffee", "bait"], ["harpoon", "fuel"]], discard=["deadweight"] * 6,
                    auto_chance=False)
    g.apply("buy supplies")
    g.apply("take 1")  # stack 1 runs out: reshuffle
    assert g.current_player == ww.CHANCE and g.state.frames[-1]["k"] == "shuffle"
    rng = __import__("numpy").random.default_rng(0)
    g.apply(ww.windward.engine.sample_chance(g.state, rng))
    sizes = sorted(len(x) for x in g.state.stacks)
    assert sum(sizes) == 10 and sizes[-1] - sizes[0] <= 1 and g.state.discard == []
