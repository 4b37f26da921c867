"""windward_nb.windward.view: what the widgets draw, computed from the rules (no widget needed)."""

from __future__ import annotations

import numpy as np
import pytest

import windward_nb as ww
from windward_nb.windward import view
from windward_nb.windward import engine
from windward_nb.windward.state import PORT


def crowded():
    """Every kind of piece on the planet at once."""
    return ww.scenario(
        players=3, wind=1,
        ships=[{"pos": "0,-3", "cannons": 2, "hand": ["harpoon", "heavy_harpoon", "fuel"], "tokens": 1, "morale": 3,
                "boats": ["1,-1"]},
               {"pos": "port"}, {"pos": "port", "hold": "grey"}],
        reds=["0,-4"], greys=["2,-3"], greys_down=["1,-1"], reds_down=["-1,-2"], white="3,-4",
        items={"1,-2": {"gas": 2, "tokens": 1}, "2,-2": {"red_teeth": 1}}, turn={"speed": 3})


def test_board_view_lists_every_piece():
    g = crowded()
    s, p = g.state, g.state.planet
    bv = view.board_view(s)
    kinds = [x["kind"] for x in bv["pieces"]]
    assert kinds.count("ship") == 3 and kinds.count("longboat") == 1 and kinds.count("white") == 1
    ships = [x for x in bv["pieces"] if x["kind"] == "ship"]
    assert [x["hex"] for x in ships] == [p.index[(0, -3)], 0, 0]       # at port = on the Trading Post
    assert bv["at_port"] == [1, 2] and [x["at_port"] for x in ships] == [False, True, True]
    assert "at the Trading Post" in ships[1]["text"] and "grey crester in the hold" in ships[2]["text"]
    assert [x["label"] for x in ships] == ["1", "2", "3"] and ships[0]["colour"] == s.ships[0].colour
    greys = [x for x in bv["pieces"] if x["kind"] == "grey"]
    assert sorted((x["hex"], x["alive"]) for x in greys) == sorted([(p.index[(2, -3)], True), (p.index[(1, -1)], False)])
    towed = next(x for x in greys if not x["alive"])
    assert towed["towed"] and "towed by player 1's longboat" in towed["text"]
    boat = next(x for x in bv["pieces"] if x["kind"] == "longboat")
    assert "towing a defeated grey crester" in boat["text"]
    reds = [(x["hex"], x["alive"]) for x in bv["pieces"] if x["kind"] == "red"]
    assert sorted(reds) == sorted([(p.index[(0, -4)], True), (p.index[(-1, -2)], False)])
    items = {(x["hex"], x["item"]): (x["count"], x["label"], x["text"]) for x in bv["pieces"] if x["kind"] == "item"}
    assert items[(p.index[(1, -2)], "gas")] == (2, "2g", "2 gas")
    assert items[(p.index[(1, -2)], "tokens")] == (1, "1+", "1 +2 token")
    assert items[(p.index[(2, -2)], "red_teeth")][2] == "1 red crester tooth"
    assert bv["wind"] == 1 and bv["decider"] == 0


def test_destinations_are_legal_and_cost_what_the_engine_charges():
    g = crowded()
    s, p = g.state, g.state.planet
    d = view.destinations(s)
    north = p.index[(0, -4)]                      # downwind, into the red crester: free, and a battle
    assert [(str(x.action), x.cost, x.piece) for x in d[north]] == [("move N", 0, "ship")]
    assert "battle with a red crester" in d[north][0].text
    ne = p.index[(1, -4)]
    assert d[ne][0].cost == 1 and "1 speed" in d[ne][0].text
    assert p.index[(0, -2)] not in d              # straight into the wind
    rows = {h: x for h, xs in d.items() for x in xs if x.piece == "boat 1"}
    assert not rows                               # longboat speed 0: no rows
    for h, xs in d.items():
        for x in xs:
            assert engine.why_illegal(s, x.action) is None
            before = s.turn.speed
            t = g.clone()
            for a in x.actions:
                t.apply(a)
            assert before - t.state.turn.speed == x.cost


def test_free_downwind_slide_is_several_moves():
    g = ww.scenario(players=2, wind=4, ships=[{"pos": "0,-4"}, {"pos": "port"}], reds=[])
    s, p = g.state, g.state.planet
    d = view.destinations(s)
    two = p.index[(0, -2)]
    slide = d[two][0]
    assert slide.slide and slide.free and [str(a) for a in slide.actions] == ["move S", "move S"]
    assert "Slide 2 spaces downwind" in slide.text
    assert p.index[(0, -1)] in d and 0 not in d   # the Trading Post is entered only by 'enter port'
    assert view.destinations(s, slides=False).get(two) is None


def test_longboat_rows_and_piece_filter():
    g = ww.scenario(players=2, wind=1, ships=[{"pos": "0,-3", "rowers": 2, "boats": ["2,-2"]}, {"pos": "port"}],
                    reds=[])
    s, p = g.state, g.state.planet
    boat = view.destinations(s, "boat 1")
    assert boat and all(x.piece == "boat 1" and x.action.verb == "row" for xs in boat.values() for x in xs)
    assert all(h in p.nbr[p.index[(2, -2)]] for h in boat)
    ship = view.destinations(s, "ship")
    assert all(x.piece == "ship" for xs in ship.values() for x in xs)
    assert view.movable_pieces(s) == [("ship", "ship"), ("longboat 1", "boat 1")]


def test_click_action_gives_the_engine_action_or_a_reason():
    g = ww.scenario(players=2, wind=1, ships=[{"pos": "0,-3"}, {"pos": "port"}], reds=[])
    s, p = g.state, g.state.planet
    a, refusal = view.click_action(s, p.index[(0, -2)])   # into the wind: the engine refuses 'move S'
    assert str(a) == "move S" and refusal is None
    assert "never sail straight into the wind" in engine.why_illegal(s, a)[1]
    a, refusal = view.click_action(s, p.index[(3, -3)])
    assert a is None and "is not one move away" in refusal[1] and "needs" in refusal[1]
    a, refusal = view.click_action(s, p.index[(0, -3)])
    assert a is None and refusal[1] == "your ship is already there"


def test_ship_board_view_orders_cards_and_trading_post():
    g = crowded()
    s = g.state
    v = view.ship_board_view(s, 0)
    assert v["deciding"] and v["morale"] == 3 and v["cannons"] == 2 and v["speed_left"] == 3
    orders = {o["name"]: o for o in v["orders"]}
    assert orders["speed"]["legal"] and orders["speed"]["actions"][0][0] == "order speed"
    assert not orders["process"]["legal"] and "no defeated crester" in orders["process"]["reason"]
    assert not orders["supplies"]["legal"] and "At Port order" in orders["supplies"]["reason"]
    hand = {h["card"]: h for h in v["hand"]}
    assert hand["fuel"]["legal"] and hand["fuel"]["effect"].startswith("+1 ship speed")
    assert not hand["harpoon"]["legal"] and "battle" in hand["harpoon"]["reason"]
    assert v["trading_post"] == []                 # only at port
    other = view.ship_board_view(s, 1)
    assert not other["deciding"] and other["at_port"] and other["trading_post"]
    assert all(not t["legal"] and t["reason"].startswith("Player 1's turn") for t in other["trading_post"])
    assert [r["notoriety"] for r in v["notoriety"]] == [0, 0, 0] and v["goal"] == 15


def test_battle_view_and_live_odds():
    g = crowded()
    g.apply("move N")                               # into the red crester
    s = g.state
    bv = view.battle_view(s)
    assert bv["step"] == "a_cannons" and bv["choice_max"] == 2
    assert [st["step"] for st in bv["steps"]] == ["a_cannons", "a_roll", "d_roll", "a_bonus", "resolve"]
    assert bv["steps"][0]["state"] == "now"
    o0, o2 = view.battle_outlook(s, 0), view.battle_outlook(s, 2)
    assert o2["win"] > o0["win"] and abs(o0["win"] + o0["tie"] + o0["loss"] - 1) < 1e-12
    assert o2["attacker_dice"] == 4 and o2["defender_dice"] == 5
    from windward_nb.odds import battle_odds
    ref = battle_odds("ship", "red", attacker_cannons=2, attacker_tokens=1, attacker_cards=["harpoon", "heavy_harpoon"],
                      attacker_morale=3)
    assert o2["win"] == pytest.approx(float(ref.win))
    g.apply("battle cannons 1")                     # dice rolled by chance; now the attacker's bonuses
    after = view.battle_outlook(g.state)
    assert after is not None and after["win"] in (0.0, 1.0) and "both rolls are known" in after["note"]
    assert "attacker adds bonuses" in view.decision_prompt(g.state) or view.battle_view(g.state)["step"] == "a_bonus"


def test_prompts_and_descriptions_for_every_decision_of_random_games():
    seen = set()
    for seed in range(3):
        g = ww.new_game(players=3, seed=seed)
        rng = np.random.default_rng(seed)
        for _ in range(400):
            if g.is_over:
                break
            s = g.state
            seen.add(s.frames[-1]["k"] if s.frames else "main")
            prompt = view.decision_prompt(s)
            assert prompt and "{" not in prompt
            rows = view.legal_action_rows(s)
            assert [t for _, t in rows] == [str(a) for a in g.legal_actions()]
            assert all(d.strip() for d, _ in rows)
            acts = g.legal_actions()
            g.apply(acts[int(rng.integers(len(acts)))])
    assert {"main", "rest", "take", "battle"} <= seen


def test_rest_prompt_and_descriptions():
    g = ww.scenario(players=2, wind=1, ships=[{"pos": "0,-3", "hand": ["fuel"], "morale": 2}, {"pos": "port"}], reds=[])
    g.apply("end turn")
    s = g.state
    assert view.decision_prompt(s) == "Player 1 rests at sky: discard a supply card or lose 1 morale."
    assert dict((t, d) for d, t in view.legal_action_rows(s)) == {
        "rest morale": "Rest: lose 1 morale (2 → 1)", "rest discard fuel": "Rest: discard Fuel"}


def test_text_summary_mentions_everything():
    g = crowded()
    text = view.text_summary(g.state)
    for needle in ("Wind 1 (N)", "Player 1's turn", "Player 2, ", "ship at the Trading Post", "red crester",
                   "defeated grey crester, towed by player 1's longboat", "the White Crester", "2 gas",
                   "Supply stacks"):
        assert needle in text, needle


def test_reach_view_matches_reach_costs():
    g = ww.new_game(players=3, seed=1)
    s, p = g.state, g.state.planet
    r = view.reach_view(s, p.index[(0, -2)], wind=1)
    assert r["costs"][p.index[(0, -3)]] == 0 and r["costs"][p.index[(0, -2)]] == 0
    ship = next(x for x in r["pieces"] if x["kind"] == "ship" and x["seat"] == s.current)
    assert ship["hex"] == p.index[(0, -2)]
    assert s.ships[s.current].pos == PORT          # the game itself is untouched
    assert view.max_cannons(["Sergeant"]) == 5 and view.max_cannons() == 3
