"""Rainbow Cards: taking one from the market, holding one, playing one a turn, and each card's effect.

Rainbow spaces of the standard track (counted from 1): 6, 10, 17, 20, 27.
"""

from __future__ import annotations

import numpy as np
from twhelp import kinds, play, refused, scenario, texts, where

from windward_nb.core.rules import CHANCE
from windward_nb.core.testing import check_hidden_pair
from windward_nb.tailwinds import RULES


def sailor_turn(card="2", boats=None, **kw):
    """The Sailor's turn, with the Crew still to move this round (its 1 card revealed)."""
    boats = boats or [[(4, 1), (2, 1)], [(12, 1), (11, 1)]]
    return scenario(characters=["sailor", "crew"], boats=boats, turn=0, card=card, revealed={1: "1"}, **kw)


def test_ending_the_turn_on_a_rainbow_space_you_moved_onto_takes_a_market_card():
    s = sailor_turn()
    play(s, "move fore 2", "end turn")
    assert RULES.decider(s) == 0 and texts(s) == ["take anchor", "take bail-out", "take current", "leave"]
    play(s, "take current")
    assert s.rainbow[0] == "current" and s.known[0] == [0, 1]
    assert RULES.decider(s) == CHANCE  # the market is refilled at once
    outs = RULES.chance_outcomes(s)
    assert abs(sum(p for _, p in outs) - 1) < 1e-12 and len(s.deck) == 17
    play(s, str(outs[0][0]))
    assert len(s.market) == 3 and s.turn == 1


def test_the_card_may_be_left_in_the_market():
    s = sailor_turn()
    play(s, "move fore 2", "end turn", "leave")
    assert s.rainbow[0] is None and s.market == ["anchor", "bail-out", "current"] and s.turn == 1


def test_no_card_for_a_boat_that_started_on_the_rainbow_space_or_moved_off_it():
    s = sailor_turn(boats=[[(6, 1), (2, 1)], [(12, 1), (11, 1)]])
    play(s, "move aft 2", "end turn")
    assert s.turn == 1 and s.rainbow[0] is None
    s = sailor_turn(card="4")
    play(s, "move fore 2", "move fore 2", "end turn")
    assert s.turn == 1 and s.rainbow[0] is None


def test_you_may_hold_only_one_rainbow_card():
    s = sailor_turn(rainbow=["anchor", None])
    play(s, "move fore 2")
    ev = play(s, "end turn")
    assert "RainbowHandFull" in kinds(ev) and s.turn == 1 and s.rainbow[0] == "anchor"


def test_one_card_even_with_both_boats_on_rainbow_spaces():
    s = sailor_turn(card="6", boats=[[(8, 1), (2, 1)], [(12, 1), (11, 1)]])
    play(s, "move fore 2", "move aft 4")  # onto spaces 10 and 6, both rainbow spaces
    play(s, "end turn", "take anchor", "draw fair-wind")
    assert s.rainbow[0] == "anchor" and s.turn == 1


def test_a_rainbow_card_is_played_for_its_effect_or_its_points_once_a_turn():
    s = sailor_turn(rainbow=["current", None])
    assert {"play current", "play current for points"} <= set(texts(s))
    play(s, "play current for points")
    assert s.points == 2 + 3  # the Sailor's Current is worth 3 (others 2)
    assert s.discard == ["current"] and s.rainbow[0] is None
    s = scenario(characters=["crew", "sailor"], boats=[[(4, 1), (2, 1)], [(12, 1), (11, 1)]], turn=0, card="1",
                 rainbow=["current", None])
    play(s, "play current for points")
    assert s.points == 1 + 2


def test_telescope_takes_a_market_card_that_waits_for_the_next_turn():
    s = sailor_turn(rainbow=["telescope", None])
    play(s, "play telescope")
    assert texts(s) == ["take anchor", "take bail-out", "take current"]  # no leaving it
    play(s, "take anchor", "draw fair-wind")
    assert s.rainbow[0] == "anchor" and "fair-wind" in s.market
    e = refused(s, "play anchor", "Rainbow Cards")
    assert "one rainbow card per turn" in e.reason


def test_buried_treasure_draws_unseen_and_others_cannot_see_it():
    s = sailor_turn(rainbow=["buried-treasure", None])
    play(s, "play buried-treasure")
    assert RULES.decider(s) == CHANCE
    t = s.clone()
    play(s, "draw whirlpool")
    play(t, "draw salvage")
    assert s.rainbow[0] == "whirlpool" and s.known[0] == [0]
    assert RULES.observation(s, 1)["rainbow"][0] == "hidden"
    assert RULES.observation(s, 0)["rainbow"][0] == "whirlpool"
    check_hidden_pair(RULES, s, t, 1)
    drawn = {RULES.determinize(s, 1, np.random.default_rng(k)).rainbow[0] for k in range(30)}
    assert len(drawn) > 2
    refused(s, "play whirlpool", "Rainbow Cards")


def test_bail_out_moves_the_boat_in_last_place_whoever_owns_it():
    s = sailor_turn(boats=[[(4, 1), (3, 1)], [(12, 1), (1, 1)]], rainbow=["bail-out", None])
    play(s, "play bail-out")
    assert where(s, 1, "aft") == (4, 2)


def test_anchor_pulls_the_leading_boat_back():
    s = sailor_turn(rainbow=["anchor", None])
    play(s, "play anchor")
    assert where(s, 1, "aft") == (10, 1) and where(s, 1, "fore") == (11, 1)  # the other boat now leads


def test_whirlpool_targets_an_opponent_boat_on_a_card_with_one_of_yours():
    s = scenario(characters=["sailor", "crew", "pirate"], boats=[[(4, 1), (9, 1)], [(12, 1), (5, 1)],
                                                                 [(20, 1), (1, 1)]],
                 turn=0, card="2", rainbow=["whirlpool", None, None])
    play(s, "play whirlpool")
    assert texts(s) == ["target 3 aft", "target 2 aft", "target 2 fore"]  # not the Pirate's fore (card 4)
    refused(s, "target 3 fore", "Rainbow Cards")
    play(s, "target 2 fore")
    assert where(s, 1, "fore") == (10, 1)


def test_salvage_brings_back_one_played_card():
    s = sailor_turn(rainbow=["salvage", None], played=[["6", "1"], []])
    play(s, "play salvage")
    assert texts(s) == ["reclaim 1", "reclaim 6"]
    play(s, "reclaim 6")
    assert "6" in s.hands[0] and s.played[0] == ["1"]


def test_fair_wind_rolls_and_adds():
    s = sailor_turn(rainbow=["fair-wind", None])
    play(s, "play fair-wind", "die 6")
    assert s.points == 2 + 6


def test_doldrums_makes_players_still_to_move_choose_again():
    s = scenario(characters=["sailor", "crew", "pirate"], boats=[[(4, 1), (2, 1)], [(12, 1), (11, 1)],
                                                                 [(13, 1), (12, 2)]],
                 turn=0, card="2", revealed={1: "5", 2: "cannons"}, rainbow=["doldrums", None, None])
    play(s, "play doldrums")
    assert RULES.decider(s) == 1 and "choose 5" not in texts(s)
    play(s, "choose 1", "choose 5")
    assert s.revealed == ["2", "1", "5"] and RULES.decider(s) == 0


def test_the_discards_become_the_deck_when_it_runs_out():
    deck_all = scenario(characters=["sailor", "crew"], boats=[[(4, 1), (2, 1)], [(12, 1), (11, 1)]]).comp.rainbow_deck
    rest = list(deck_all)
    for k in ("anchor", "bail-out", "current"):
        rest.remove(k)
    s = sailor_turn(discard=rest)
    assert s.deck == []
    ev = play(s, "move fore 2", "end turn", "take anchor")
    assert "RainbowReshuffled" in kinds(ev) and len(s.deck) == 17 and s.discard == []
    play(s, str(RULES.chance_outcomes(s)[0][0]))
    assert len(s.market) == 3 and len(s.deck) == 16


# T15. The rules text: "You may choose any of the three face up Rainbow cards. Once you choose a card,
# replace it with the top card from the deck immediately." The new card takes the taken card's place.
def test_the_card_drawn_replaces_the_card_taken_in_its_place():
    s = sailor_turn()
    assert s.market == ["anchor", "bail-out", "current"] and s.options["market_refill"] == "slot"
    play(s, "move fore 2", "end turn", "take bail-out", "draw fair-wind")
    assert s.market == ["anchor", "fair-wind", "current"]
    s = sailor_turn(rainbow=["telescope", None])       # a card taken by an effect is replaced the same way
    play(s, "play telescope", "take anchor", "draw fair-wind")
    assert s.market == ["fair-wind", "bail-out", "current"]


def test_the_old_refill_after_the_cards_left_stays_an_option_and_old_records_replay_with_it():
    s = sailor_turn(market_refill="end")
    play(s, "move fore 2", "end turn", "take bail-out", "draw fair-wind")
    assert s.market == ["anchor", "current", "fair-wind"]
    from windward_nb.tailwinds import new_game
    from windward_nb.tailwinds.record import Record

    g = new_game(players=2, seed=3)
    assert g.record.options["market_refill"] == "slot"
    d = g.record.to_dict()
    del d["options"]["market_refill"]                   # a record made before the option existed
    assert Record.from_dict(d).replay().state.options["market_refill"] == "end"
