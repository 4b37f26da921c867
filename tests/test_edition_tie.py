"""Ties by edition (rulings D5; issue 27, item 3).

Edition a, Battle step 10: "If there is a tie, then the Attacker moves back to their previous
space. If the Attacker is a Ship or a Longboat, then all players involved in the battle take a
"+2 Hits" Token". Edition b, How Battles Work step 6: "In case of a tie, the attacker moves back to
their previous space and both players take a "+2" token." So with ``edition="b"`` a resting ship
that ties a crester takes its token; with ``edition="a"`` it does not.

Layout as in test_battle.py (large:ABCDEF, wind 1): a resting ship at 0,-1, a red crester from 2,-4.
"""

from __future__ import annotations

import pytest

import windward_nb as ww
from rules_helpers import dice_expected, first, make, step


def faces(dice: int, hits: int) -> str:
    """``dice`` battle-die faces (1, 2 or 3 hits each) that add up to ``hits``."""
    assert dice <= hits <= 3 * dice
    out = [1] * dice
    i = 0
    while sum(out) < hits:
        out[i] += min(2, hits - sum(out))
        i += 1
    return ",".join(str(x) for x in sorted(out))


def tie_at_rest(g: ww.Game) -> list:
    """The crester attacking the resting ship rolls one hit a die; the ship, firing every cannon,
    rolls the same total; nobody plays a bonus."""
    assert step(g) == "a_roll"
    hits = dice_expected(g)
    g.apply("dice " + faces(hits, hits))
    g.apply(f"battle cannons {g.state.ships[0].cannons}")
    ev = g.apply("dice " + faces(dice_expected(g), hits))
    while g.state.frames and g.state.frames[-1]["k"] == "battle" and g.current_player == 0:
        ev += g.apply("battle done")
    assert first(ev, "BattleEnded").data["winner"] == "tie"
    return ev


@pytest.mark.parametrize("edition, tokens", [("a", 0), ("b", 1)])
def test_a_ship_that_ties_an_attacking_red_crester_takes_a_token_in_edition_b_only(edition, tokens):
    g = make(wind=1, edition=edition, ships=[{"pos": "0,-1", "morale": 3, "cannons": 1}, {}], reds=["2,-4"])
    g.apply("end turn")
    g.apply("rest morale")
    assert g.state.frames[-1]["att"] == "red"
    tie_at_rest(g)
    assert g.state.ships[0].tokens == tokens
    assert g.state.ships[1].tokens == 0           # only the ship involved


@pytest.mark.parametrize("edition, tokens", [("a", 0), ("b", 1)])
def test_a_ship_that_ties_the_white_crester_takes_a_token_in_edition_b_only(edition, tokens):
    g = make(wind=1, edition=edition, variants=["white"], white="0,-4",
             ships=[{"pos": "0,-1", "morale": 3, "cannons": 3, "notoriety": 10}, {}])
    g.apply("end turn")
    g.apply("rest morale")
    assert g.state.frames[-1]["k"] == "battle" and g.state.frames[-1]["att"] == "white"
    tie_at_rest(g)
    assert g.state.ships[0].tokens == tokens


@pytest.mark.parametrize("edition, tokens", [("a", 0), ("b", 1)])
def test_two_reds_that_tie_a_solo_ship_give_it_a_token_in_edition_b_only(edition, tokens):
    g = ww.scenario(players=1, wind=1, edition=edition, auto_chance=False, red_routes="fixed",
                    reds=["2,-3", "2,-3", "-5,5", "-4,5", "-5,4", "5,0"],
                    ships=[{"pos": "0,-1", "morale": 4, "cannons": 3, "crew": ["Marine"], "hand": ["fuel"]}])
    g.apply("end turn")
    g.apply("rest discard fuel")
    f = g.state.frames[-1]
    assert f["att"] == "red" and f["a_n"] == 2
    assert step(g) == "a_roll" and dice_expected(g) == 10
    g.apply("dice " + faces(10, 12))
    g.apply("battle cannons 3")
    ev = g.apply("dice " + faces(dice_expected(g), 10))   # 10 + the Marine's 2 against red cresters
    while g.state.frames and g.state.frames[-1]["k"] == "battle" and g.current_player == 0:
        ev += g.apply("battle done")
    assert first(ev, "BattleEnded").data["winner"] == "tie"
    assert g.state.ships[0].tokens == tokens and not g.is_over


def test_ties_between_players_give_both_a_token_in_both_editions():
    for edition in ("a", "b"):
        g = make(wind=1, edition=edition, ships=[{"pos": "0,-2", "morale": 3}, {"pos": "0,-3", "morale": 3}])
        g.apply("move N")
        g.apply("battle cannons 0")
        g.apply("dice 1,2")
        ev = g.apply("dice 1,2")              # the defender has no cannons to fire
        assert first(ev, "BattleEnded").data["winner"] == "tie"
        assert [sh.tokens for sh in g.state.ships] == [1, 1]
