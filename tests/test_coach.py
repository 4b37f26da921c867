"""The coach (windward_nb.coach, read through windward_nb.view): the "What now?" line for every
kind of decision and mode, dangerous actions, the common-act buttons, typed actions and the
while-you-waited summary. Positions are built with ``ww.scenario`` or seeded games; dice are
given by hand (``auto_chance=False``) wherever a battle must end one way.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import windward_nb as ww
from windward_nb import coach as coach_mod
from windward_nb import view
from windward_nb.events import Event


def line(g):
    return view.coach(g.state)


def play(g, *actions):
    events = []
    for a in actions:
        events += g.apply(a)
    return events


# =============================================================================== main turn
def test_turn_at_port_in_the_words_of_the_game():
    g = ww.new_game(players=3, seed=7)
    c = line(g)
    assert c.kind == "turn_port" and c.seat == g.current_player == 0
    assert c.text.startswith("Player 1, you are at the Trading Post: give up to 2 orders")
    assert c.text.endswith("then sail out (1 speed). Speed 4, mates 2.")
    assert "buy with" not in c.text and any("no gas" in h for h in c.hints)
    assert any("+2 morale" in h for h in c.hints)            # blue's rest at port
    g = ww.scenario(players=2, ships=[{"pos": "port", "gas": 3}, {"pos": "port"}], reds=[])
    assert "buy with your 3 gas" in line(g).text
    g.apply("order morale")
    g.apply("order cannon")
    c = line(g)
    assert "order" not in c.text.split(":")[1].split(".")[0]   # both mates used: no orders offered
    assert c.text.endswith("Speed 4, mates 0.")


def test_turn_at_port_with_no_speed_left_says_to_end_here():
    g = ww.scenario(players=2, ships=[{"pos": "port"}, {"pos": "port"}], reds=[], turn={"speed": 0})
    c = line(g)
    assert "sail out" not in c.text and any("No speed left" in h for h in c.hints)


def test_turn_at_sky_names_wind_orders_pickups_and_the_end():
    g = ww.scenario(players=2, wind=3, ships=[{"pos": "0,-3"}, {"pos": "port"}], reds=[], items={"0,-3": {"gas": 2}})
    c = line(g)
    assert c.kind == "turn_sky"
    assert c.text.startswith("Player 1, you are at sky on 0,-3: sail (free toward SE, 1 speed otherwise, never NW)")
    assert "pick up 2 gas" in c.text and "give up to 2 orders" in c.text
    assert "end your turn (rest, the reds here move, +1 notoriety)" in c.text
    assert c.text.endswith("Speed 4, mates 2.")
    assert any("discard a supply card or lose 1 morale" in h for h in c.hints)


def test_turn_at_sky_next_to_port_and_with_a_crester_in_the_hold():
    g = ww.scenario(players=2, wind=3, ships=[{"pos": "0,-1"}, {"pos": "port"}], reds=[])
    assert "enter port (1 speed)" in line(g).text
    g = ww.scenario(players=2, wind=3, ships=[{"pos": "0,-1", "hold": "grey"}, {"pos": "port"}], reds=[])
    c = line(g)
    assert "enter port" not in c.text
    assert any("cannot enter port" in h for h in c.hints) and any("Process Crester" in h for h in c.hints)


def test_turn_at_sky_with_longboat_speed_and_no_speed():
    g = ww.scenario(players=2, wind=1, ships=[{"pos": "0,-3", "rowers": 2, "boats": ["2,-2"]}, {"pos": "port"}],
                    reds=[], turn={"speed": 0, "mates": 0})
    c = line(g)
    assert "sail downwind toward N (free)" in c.text and "row a longboat (2 longboat speed)" in c.text
    assert c.text.endswith("Speed 0, mates 0, longboat speed 2.")


def test_morale_one_and_no_card_warns_before_the_rest():
    g = ww.scenario(players=2, wind=3, ships=[{"pos": "0,-3", "morale": 1, "hand": []}, {"pos": "port"}], reds=[])
    assert any("would lose your ship" in h for h in line(g).hints)


def test_names_replace_player_numbers():
    g = ww.new_game(players=3, seed=7)
    assert view.coach(g.state, names=["Ada", "Bo", "Cy"]).text.startswith("Ada, you are at the Trading Post")


# =============================================================================== battles
def test_battle_attacker_cannons_and_false_flag():
    g = ww.scenario(players=2, wind=1, reds=["0,-4"], auto_chance=False,
                    ships=[{"pos": "0,-3", "cannons": 2, "hand": ["false_flag"]}, {"pos": "port"}])
    g.apply("move N")
    c = line(g)
    assert c.kind == "battle_cannons" and c.seat == 0
    assert c.text.startswith("Battle at 0,-4: your ship attacks the red crester. Player 1 (attacker): fire how many "
                             "of your 2 cannons? You roll 2 dice plus one per cannon fired.")
    assert any("False Flag" in h for h in c.hints)


def test_battle_defender_cannons_after_the_attackers_roll():
    g = ww.scenario(players=2, wind=4, auto_chance=False, current=1, reds=[],
                    ships=[{"pos": "0,-3", "cannons": 1}, {"pos": "0,-4"}])
    play(g, "move S", "battle cannons 0", "dice 2,3")
    c = line(g)
    assert c.kind == "battle_cannons" and c.seat == 0
    assert "your ship" in c.text and "Player 2's ship attacks your ship" in c.text
    assert "Player 1 (defender): fire how many of your 1 cannon?" in c.text
    assert "The attacker rolled 5 hits." in c.text


def test_battle_no_cannons_says_fire_zero():
    g = ww.scenario(players=2, wind=4, auto_chance=False, current=1, reds=[],
                    ships=[{"pos": "0,-3"}, {"pos": "0,-4"}])
    g.apply("move S")
    assert "you have no cannons; fire 0 and roll 2 dice" in line(g).text


def test_battle_false_flag_step_for_the_defender():
    g = ww.scenario(players=2, wind=4, auto_chance=False, current=1, reds=[],
                    ships=[{"pos": "0,-3", "hand": ["false_flag"]}, {"pos": "0,-4"}])
    play(g, "move S", "battle cannons 0")
    c = line(g)
    assert c.kind == "battle_flag" and c.seat == 0
    assert "Player 1 (defender): play False Flag to call the battle off" in c.text


def test_battle_bonus_steps_for_each_side():
    g = ww.scenario(players=2, wind=4, auto_chance=False, current=1, reds=[],
                    ships=[{"pos": "0,-3", "tokens": 1, "morale": 4}, {"pos": "0,-4", "tokens": 1, "morale": 4}])
    play(g, "move S", "battle cannons 0", "dice 1,1", "dice 2,2")
    c = line(g)
    assert c.kind == "battle_bonus" and c.seat == 1
    assert "Player 2 (attacker): 2 hits against 4 (behind). Add +2 tokens (1), or stop" in c.text
    g.apply("battle done")
    c = line(g)
    assert c.kind == "battle_bonus" and c.seat == 0
    assert "Player 1 (defender): 4 hits against 2 (ahead)" in c.text


def test_several_reds_attack_together_in_solo():
    g = ww.scenario(players=1, mode="solo", wind=1, auto_chance=False, reds=["0,-4"],
                    ships=[{"pos": "0,-3", "cannons": 1}])
    g.apply("move N")
    assert line(g).text.startswith("Battle at 0,-4: your ship attacks the red crester")


# =============================================================================== other decisions
def test_rest_at_sky_and_its_danger():
    g = ww.scenario(players=2, wind=3, reds=[], ships=[{"pos": "0,-3", "hand": ["fuel"], "morale": 1}, {"pos": "port"}])
    g.apply("end turn")
    c = line(g)
    assert c.kind == "rest"
    assert c.text == "Player 1, rest at sky: discard one of your 1 supply card or lose 1 morale (1 → 0)."
    assert any("loses your ship" in h for h in c.hints) and any("last supply card" in h for h in c.hints)
    assert view.dangers(g.state) == {"rest morale": "This loses your ship.",
                                     "rest discard fuel": "This discards your last supply card."}


def test_rest_without_cards_says_the_morale_goes():
    g = ww.scenario(players=2, wind=3, reds=[], ships=[{"pos": "0,-3", "hand": [], "morale": 2}, {"pos": "port"}])
    g.apply("end turn")
    assert line(g).text == "Player 1, rest at sky: you hold no supply card, so you lose 1 morale (2 → 1)."
    assert view.dangers(g.state) == {}


def test_take_supplies():
    g = ww.scenario(players=2, ships=[{"pos": "port", "hand": ["fuel"]}, {"pos": "port"}], reds=[])
    g.apply("order supplies")
    c = line(g)
    assert c.kind == "take"
    assert c.text == "Player 1, take supply cards: click a stack (1, 2 or 3); 3 more cards to take, hand 1 of 5."
    g.apply("take 1")
    assert "2 more cards to take, hand 2 of 5" in line(g).text


def test_plunder_after_winning_against_a_ship():
    g = ww.scenario(players=2, wind=4, auto_chance=False, current=1, reds=[],
                    ships=[{"pos": "0,-3", "grey_teeth": 1, "red_teeth": 1, "tokens": 1}, {"pos": "0,-4"}])
    play(g, "move S", "battle cannons 0", "dice 3,3")
    while g.state.frames and g.state.frames[-1]["k"] == "battle":
        g.apply("dice 1,1" if g.current_player == -1 else "battle done")
    c = line(g)
    assert c.kind == "plunder" and c.seat == 1
    assert c.text == ("Player 2, you won and plunder Player 1's cargo: choose 2 more items "
                      "(red tooth, grey tooth or +2 token).")


def test_place_a_new_red_crester():
    g = ww.scenario(players=2, wind=1, auto_chance=False, reds=["0,-4"],
                    ships=[{"pos": "0,-3", "cannons": 3, "morale": 4}, {"pos": "port"}])
    play(g, "move N", "battle cannons 3", "dice 3,3,3,3,3", "dice 1,1,1,1,1")
    c = line(g)
    assert c.kind == "place_red" and c.seat == 0
    assert c.text.startswith("Player 1, place a new red crester: click a highlighted space in territory 1")


def test_place_the_white_crester_after_the_last_red_in_solo():
    g = ww.scenario(players=1, mode="solo", wind=1, auto_chance=False, reds=["0,-4"],
                    ships=[{"pos": "0,-3", "cannons": 3, "morale": 4}])
    play(g, "move N", "battle cannons 3", "dice 3,3,3,3,3", "dice 1,1,1,1,1")
    c = line(g)
    assert c.kind == "place_white" and c.seat == 0
    assert "place the White Crester: click a highlighted Around-the-Planet corner space" in c.text


def test_cash_teeth_in_solo_and_cooperative():
    for mode, players in (("solo", 1), ("cooperative", 2)):
        ships = [{"pos": "0,-1", "grey_teeth": 1, "red_teeth": 1}] + [{"pos": "port"}] * (players - 1)
        g = ww.scenario(players=players, mode=mode, wind=1, reds=[], ships=ships)
        g.apply("enter port")
        c = line(g)
        assert c.kind == "teeth", mode
        assert c.text == ("Player 1, cash your crester teeth (1 grey, 1 red): take 7 notoriety, or 7 gas "
                          "(as much as your gas storage holds).")


def test_release_a_tagged_crester_as_the_naturalist():
    g = ww.scenario(players=2, variants=["naturalist"], wind=1, reds=[],
                    ships=[{"pos": "0,-3", "colour": "purple", "hold": "red", "morale": 2}, {"pos": "port"}])
    c = line(g)
    assert any("Research Crester" in h for h in c.hints) and any("Naturalist" in h for h in c.hints)
    g.apply("order research")
    c = line(g)
    assert c.kind == "release"
    assert c.text == "Player 1, release the tagged red crester: click an empty space next to your ship."


def test_chance_and_the_end_of_the_game():
    g = ww.scenario(players=2, wind=1, auto_chance=False, reds=["0,-4"], ships=[{"pos": "0,-3"}, {"pos": "port"}])
    play(g, "move N", "battle cannons 0")
    c = line(g)
    assert (c.kind, c.seat) == ("chance", -1) and "Rolling the dice" in c.text
    g = ww.scenario(players=1, mode="solo", ships=[{"pos": "port"}], reds=["0,-4"])
    g.apply("end turn")
    c = line(g)
    assert c.kind == "over" and "Solo Adventure is lost" in c.text


# =============================================================================== modes
def test_each_mode_has_its_own_end_of_turn_words():
    solo = ww.scenario(players=1, mode="solo", ships=[{"pos": "port"}], reds=["0,-4"])
    assert any("loses the Solo Adventure" in h for h in line(solo).hints)
    solo_sky = ww.scenario(players=1, mode="solo", ships=[{"pos": "0,-2"}], reds=["0,-4"])
    assert "end your turn (rest, then the red cresters hunt you)" in line(solo_sky).text
    coop = ww.scenario(players=2, mode="cooperative", ships=[{"pos": "port"}, {"pos": "port"}], reds=[])
    assert any("White Crester moves toward the Trading Post" in h for h in line(coop).hints)
    coop_sky = ww.scenario(players=2, mode="cooperative", ships=[{"pos": "0,-2"}, {"pos": "port"}], reds=[])
    assert "the White Crester and the reds here move" in line(coop_sky).text
    h2h = ww.new_game(players=2, seed=3)
    assert h2h.state.mode == "head-to-head" and line(h2h).kind == "turn_port"
    five = ww.new_game(players=5, seed=3)
    assert line(five).text.startswith(f"Player {five.current_player + 1}, you are at the Trading Post")


def test_cooperative_port_offers_card_trades():
    g = ww.scenario(players=2, mode="cooperative", ships=[{"pos": "port", "hand": ["fuel"]}, {"pos": "port"}],
                    reds=[])
    assert "trade supply cards with captains in port" in line(g).text


def test_coach_speaks_for_every_decision_of_seeded_games():
    """Every position of several seeded bot games gets a line whose kind is known, naming the decider."""
    from windward_nb.bots import RandomBot

    seen = set()
    for seed, kw in ((1, {}), (2, {"players": 2}), (3, {"players": 1}), (4, {"players": 3, "variants": ["white"]}),
                     (5, {"players": 2, "mode": "cooperative"}), (6, {"players": 3, "variants": ["naturalist"]})):
        g = ww.new_game(seed=seed, **{"players": 3, **kw})
        bot = RandomBot(seed=seed)
        for _ in range(400):
            c = line(g)
            assert c.kind in coach_mod.DECISION_KINDS and c.text
            if c.seat >= 0:
                assert c.seat == g.current_player and f"Player {c.seat + 1}" in c.text
            seen.add(c.kind)
            if g.is_over:
                break
            g.apply(bot.act(g.state))
    assert {"turn_port", "turn_sky", "battle_cannons", "rest", "take"} <= seen


# =============================================================================== danger
def test_end_turn_with_speed_or_mates_unused_is_dangerous_and_not_without():
    g = ww.scenario(players=2, wind=3, reds=[], ships=[{"pos": "0,-3", "hand": ["fuel"], "morale": 3}, {"pos": "port"}])
    assert view.danger(g.state, "end turn") == "This ends your turn with 4 speed and 2 mates unused."
    g = ww.scenario(players=2, wind=3, reds=[], ships=[{"pos": "0,-3", "hand": ["fuel"], "morale": 3}, {"pos": "port"}],
                    turn={"speed": 0, "mates": 1})
    assert view.danger(g.state, "end turn") == "This ends your turn with 1 mate unused."
    g = ww.scenario(players=2, wind=3, reds=[], ships=[{"pos": "0,-3", "hand": ["fuel"], "morale": 3}, {"pos": "port"}],
                    turn={"speed": 0, "mates": 0})
    assert view.danger(g.state, "end turn") is None
    assert "end turn" not in view.dangers(g.state)


def test_end_turn_that_dooms_the_ship_at_rest():
    g = ww.scenario(players=2, wind=3, reds=[], ships=[{"pos": "0,-3", "hand": [], "morale": 1}, {"pos": "port"}],
                    turn={"speed": 0, "mates": 0})
    assert view.danger(g.state, "end turn") == ("This ends your turn at sky with morale 1 and no supply card: "
                                                "the rest will lose your ship.")


def test_end_turn_at_port_in_solo_loses_the_game():
    g = ww.scenario(players=1, mode="solo", ships=[{"pos": "port"}], reds=["0,-4"], turn={"speed": 0, "mates": 0})
    assert view.danger(g.state, "end turn").startswith("This loses the game: You ended your turn at port")


def test_stopping_a_lost_battle_that_sinks_the_ship_is_dangerous():
    g = ww.scenario(players=2, wind=1, auto_chance=False, reds=["0,-4"],
                    ships=[{"pos": "0,-3", "tokens": 2, "morale": 1}, {"pos": "port"}])
    play(g, "move N", "battle cannons 0", "dice 1,1", "dice 3,3,3,3,3")
    assert line(g).kind == "battle_bonus"      # a token now leaves one more to play: the dice are not final
    assert view.dangers(g.state) == {"battle done": "This loses your ship."}
    assert view.danger(g.state, "battle token") is None
    g.apply("battle token")                    # the last token: playing it ends the bonuses, still short
    assert view.dangers(g.state) == {"battle token": "This loses your ship.", "battle done": "This loses your ship."}


def test_moves_and_illegal_or_malformed_actions_are_never_dangerous():
    g = ww.scenario(players=2, wind=1, reds=["0,-4"], ships=[{"pos": "0,-3", "morale": 1}, {"pos": "port"}])
    assert view.danger(g.state, "move N") is None            # into a battle: the dice decide
    assert view.danger(g.state, "rest morale") is None       # not legal now
    assert view.danger(g.state, "sail to the moon") is None
    fp = g.state.fingerprint()
    view.dangers(g.state)
    assert g.state.fingerprint() == fp                       # read-only


# =============================================================================== turn buttons
def buttons(g):
    return {b["key"]: b for b in view.turn_buttons(g.state)}


def test_turn_buttons_at_port():
    g = ww.new_game(players=3, seed=7)
    b = buttons(g)
    assert b["leave"]["legal"] and b["leave"]["show"] and len(b["leave"]["actions"]) == 6
    assert [t for t, _ in b["leave"]["actions"]][0] == "leave port N"
    assert b["end"]["legal"] and b["end"]["danger"] == {"end turn": "This ends your turn with 4 speed and 2 mates unused."}
    assert not b["enter"]["show"] and not b["pickup gas"]["show"] and not b["process"]["show"]
    assert not b["pickup gas"]["legal"] and "nothing to pick up at port" in b["pickup gas"]["reason"]


def test_turn_buttons_at_sky():
    g = ww.scenario(players=2, wind=3, reds=[], ships=[{"pos": "0,-1", "hold": "grey"}, {"pos": "port"}],
                    items={"0,-1": {"gas": 2, "tokens": 1}})
    b = buttons(g)
    assert not b["leave"]["show"]
    assert b["pickup gas"]["legal"] and b["pickup gas"]["actions"] == [("pick up gas", "Pick up 2 gas")]
    assert b["pickup tokens"]["legal"] and not b["pickup teeth"]["legal"]
    assert "no crester teeth" in b["pickup teeth"]["reason"]
    assert b["process"]["legal"] and b["process"]["actions"][0][0] == "order process"
    assert not b["enter"]["legal"] and "crester" in b["enter"]["reason"]


def test_turn_buttons_for_the_naturalist_research():
    g = ww.scenario(players=2, variants=["naturalist"], wind=1, reds=[],
                    ships=[{"pos": "0,-3", "colour": "purple", "hold": "red"}, {"pos": "port"}])
    b = buttons(g)
    assert b["process"]["label"] == "Research crester" and b["process"]["actions"][0][0] == "order research"


def test_turn_buttons_are_off_outside_the_main_turn():
    g = ww.scenario(players=2, wind=3, reds=[], ships=[{"pos": "0,-3", "hand": ["fuel"]}, {"pos": "port"}])
    g.apply("end turn")
    b = buttons(g)
    assert not any(x["legal"] for x in b.values())
    assert b["end"]["reason"].startswith("not now: Player 1, rest at sky")


# =============================================================================== typed actions
def test_typed_typo_gets_the_closest_actions():
    g = ww.scenario(players=2, wind=3, ships=[{"pos": "0,-3"}, {"pos": "port"}], reds=[])
    t = view.read_typed(g.state, "mvoe s")
    assert t.action is None and t.message.startswith("'mvoe s' is not an action. Did you mean: move S")
    t = view.read_typed(g.state, "move nw")                  # legal words, illegal move: the rule and the nearest
    assert "straight into the wind [Wind]" in t.message and "Did you mean: move N" in t.message
    assert view.read_typed(g.state, "end").suggestions == ("end turn",)
    assert view.read_typed(g.state, "  Move   se ").action == ww.Action.parse("move SE")
    assert view.read_typed(g.state, "").message.startswith("Type an action, e.g. ")


def test_typed_when_nobody_decides():
    g = ww.scenario(players=2, wind=1, auto_chance=False, reds=["0,-4"], ships=[{"pos": "0,-3"}, {"pos": "port"}])
    play(g, "move N", "battle cannons 0")
    assert view.read_typed(g.state, "end turn").message.startswith("Nobody can act now")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_typed_never_raises_and_only_returns_legal_actions(text):
    g = ww.scenario(players=2, wind=3, ships=[{"pos": "0,-3", "hand": ["fuel", "aerogenerator"]}, {"pos": "port"}],
                    reds=[])
    t = view.read_typed(g.state, text)
    if t.action is not None:
        assert g.why_illegal(t.action) is None
    else:
        assert t.message and "Traceback" not in t.message
    assert all(s in [str(a) for a in g.legal_actions()] for s in t.suggestions)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["move", "leave port", "order", "buy", "play", "pick up", "rest discard", "place red",
                        "battle cannons", "zephyr", "row", "trade", "plunder", "take", "dice", "wind"]),
       st.text(alphabet="NSEW0123456789,- abcxyz", max_size=12))
def test_typed_verbs_with_garbage_arguments(verb, rest):
    g = ww.new_game(players=3, seed=7)
    t = view.read_typed(g.state, f"{verb} {rest}")
    assert (t.action is None) == bool(t.message)


# =============================================================================== while you waited
def test_while_you_waited_a_bot_attacked_your_ship():
    g = ww.scenario(players=3, wind=4, auto_chance=False, current=2, reds=[],
                    ships=[{"pos": "0,-3", "morale": 4}, {"pos": "port"}, {"pos": "0,-4", "cannons": 1}])
    events = play(g, "move S", "battle cannons 1", "dice 3,3,3", "dice 1,1")
    assert view.while_you_waited(events, 0) == "While you waited: Player 3 attacked your ship and won; you lost 7 morale; " \
                                               "your ship was lost and limped back to port."
    assert view.while_you_waited(events, 2).startswith("While you waited: your ship attacked Player 1 and won")
    assert view.while_you_waited(events, 1) == "While you waited: nothing happened to your ship."


def test_while_you_waited_a_battle_still_to_answer():
    g = ww.scenario(players=3, wind=4, auto_chance=False, current=2, reds=[],
                    ships=[{"pos": "0,-3", "hand": ["false_flag"]}, {"pos": "port"}, {"pos": "0,-4"}])
    events = play(g, "move S", "battle cannons 0")
    assert line(g).kind == "battle_flag" and line(g).seat == 0
    assert view.while_you_waited(events, 0) == ("While you waited: Player 3 is attacking your ship: "
                                                "your answer is needed.")


def test_while_you_waited_notoriety_wind_and_names():
    events = [Event("NotorietyGained", "", {"seat": 1, "amount": 1}), Event("NotorietyGained", "", {"seat": 1, "amount": 3}),
              Event("WindChanged", "", {"wind": 2}), Event("NotorietyGained", "", {"seat": 0, "amount": 1})]
    assert view.while_you_waited(events, 0, names=["Ada", "Bo"]) == (
        "While you waited: you gained 1 notoriety; the wind turned to 2 (NE); Bo gained 4 notoriety.")


def test_log_by_turn_newest_turn_first_oldest_line_first():
    def ev(kind, text, **data):
        return Event(kind, text, data)

    entries = [
        (None, "", [ev("CresterPlaced", "setup"), ev("TurnStarted", "", seat=0)]),
        (1, "", [ev("ShipMoved", "P1 sails")]),
        (2, "", [ev("Rested", "P1 rests"), ev("TurnEnded", "P1 ends"), ev("TurnStarted", "", seat=1)]),
        (3, "bot", [ev("ShipMoved", "P2 sails")]),
        (4, "bot", [ev("TurnEnded", "P2 ends"), ev("RoundStarted", "Round 2 begins.", round=2),
                    ev("WindChanged", "wind", wind=3), ev("TurnStarted", "", seat=0)]),
        (5, "", [ev("ShipMoved", "P1 again")]),
    ]
    got = coach_mod.log_by_turn(entries, names=["Ada"])
    assert [g["title"] for g in got] == ["Round 2 · Ada's turn", "Round 1 · Player 2's turn", "Round 1 · Ada's turn",
                                         "Setup"]
    assert got[0]["lines"] == ["4. Round 2 begins. wind (bot)", "5. P1 again"]
    assert got[1]["lines"] == ["3. P2 sails (bot)", "4. P2 ends (bot)"]
    assert got[2]["lines"] == ["1. P1 sails", "2. P1 rests P1 ends"]
    assert got[3]["lines"] == ["setup"]


def test_log_by_turn_of_a_real_game_has_one_group_per_turn():
    from windward_nb.bots import RandomBot

    g = ww.new_game(players=3, seed=2)
    entries = [(None, "", g.last_events)]
    bot = RandomBot(seed=1)
    for ply in range(1, 120):
        entries.append((ply, "", g.apply(bot.act(g.state))))
    groups = coach_mod.log_by_turn(entries)
    turns = [x for x in groups if x["seat"] >= 0]
    assert len(turns) == g.state.turn_number
    assert turns[0]["seat"] == g.state.current and turns[0]["round"] == g.state.round
    lines = [line for x in reversed(groups) for line in x["lines"]]
    plies = [int(x.split(".")[0]) for x in lines if x[0].isdigit()]
    assert plies == sorted(plies)                   # read bottom-up, the log is in the order of play


if __name__ == "__main__":  # pragma: no cover
    pytest.main([__file__, "-q"])
