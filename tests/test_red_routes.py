"""Solo Adventure: the player chooses among the red cresters' shortest routes (issue 27, item 1).

Both rulebooks, Solo Adventure, Turn End: "move ALL Red Cresters towards your Ship in the
shortest route possible (you choose if there are options)". With ``red_routes="chosen"`` (the
Solo Adventure's default) the resting player picks one of the distinct outcomes (where each red
stops, which stack, which reach the ship and from where) in one decision per rest;
``red_routes="fixed"`` keeps the fixed direction order of every game before (rulings R22, V10).

Planet large:ABCDEF (radius 5) as in test_solo_adventure.py.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import windward_nb as ww
from windward_nb.errors import IllegalActionError
from windward_nb.windward import cresters, view
from windward_nb.windward.actions import Action
from windward_nb.windward.greedy import GreedyBot
from windward_nb.windward.record import Record
from windward_nb.windward.teamplay import CarefulBot
from rules_helpers import events, hx, refused

# two reds share 2,2; the ship rests at 0,-1; four more reds far away (six alive: speed 3)
PAIR = ["2,2", "2,2", "-5,5", "-4,5", "5,-5", "5,-4"]


def resting(reds=PAIR, pos="0,-1", routes="chosen", **kw) -> ww.Game:
    """A Solo Adventure ship at ``pos`` that has just rested at sky (the reds are about to move)."""
    g = ww.scenario(players=1, wind=1, auto_chance=False, reds=reds, red_routes=routes,
                    ships=[{"pos": pos, "morale": 4, "cannons": 3, "hand": ["fuel", "harpoon"]}], **kw)
    g.apply("end turn")
    g.apply("rest discard fuel")
    return g


def outcome_after(g: ww.Game, action) -> tuple[Counter, tuple]:
    """Where the reds stand once ``action`` is applied (before any battle), and the attackers' spaces."""
    t = g.clone()
    ev = t.apply(action)
    ship = t.state.ships[0].pos
    moved = [e for e in events(ev, "CresterMoved") if e.data["crester"] == "red"]
    froms = tuple(sorted(e.data["path"][-2] for e in moved if e.data["to"] == ship))
    return Counter(r for r in t.state.reds if r != ship), froms


def fixed_outcome(g: ww.Game) -> tuple[Counter, tuple]:
    """The outcome the fixed direction order gives from the same position."""
    t = g.clone()
    t.state.red_routes = "fixed"
    ev: list = []
    ww.windward.engine.advance(t.state, ev)
    ship = t.state.ships[0].pos
    moved = [e for e in events(ev, "CresterMoved") if e.data["crester"] == "red"]
    froms = tuple(sorted(e.data["path"][-2] for e in moved if e.data["to"] == ship))
    return Counter(r for r in t.state.reds if r != ship), froms


# ----------------------------------------------------------------------------- the choice
def test_the_player_chooses_where_two_reds_on_one_space_go():
    """"move ALL Red Cresters towards your Ship in the shortest route possible (you choose if there are
    options)": the pair on 2,2 may split; the fixed order keeps them together."""
    g = resting()
    assert g.current_player == 0 and g.state.frames[-1]["k"] == "reds"
    options = g.legal_actions()
    assert options and all(a.verb == "reds" for a in options) and len(set(options)) == len(options)
    pair_ends = [Counter(h for h in a.arg[0] if h in ((1, 0), (2, -1), (2, -2), (2, -3))) for a in options]
    assert any(max(c.values()) == 1 and sum(c.values()) >= 2 for c in pair_ends)   # split
    assert any(max(c.values()) == 2 for c in pair_ends)                             # together
    # the fixed order's outcome is one of them, and there the pair stays together
    ends, froms = fixed_outcome(g)
    fixed = Action("reds", (tuple(sorted(g.state.planet.cells[h] for h in ends.elements())),
                            tuple(sorted(g.state.planet.cells[h] for h in froms))))
    assert fixed in options
    assert ends[hx(g, "1,0")] == 2 or max(ends.values()) == 2


def test_each_option_moves_the_reds_as_it_says():
    g = resting()
    for a in g.legal_actions():
        ends, froms = outcome_after(g, a)
        assert sorted(g.state.planet.cells[h] for h in ends.elements()) == list(a.arg[0])
        assert tuple(g.state.planet.cells[h] for h in froms) == a.arg[1]


def test_the_choice_is_one_decision_and_the_record_keeps_it():
    g = resting()
    a = g.legal_actions()[-1]
    ev = g.apply(a)
    assert ev[0].kind == "RedRoutesChosen"
    assert g.state.frames == [] or g.state.frames[-1]["k"] != "reds"   # no second route decision this rest
    assert g.record.options["red_routes"] == "chosen" and str(a) in g.record.actions
    again = Record.from_json(g.record.to_json()).replay()
    assert again.state.fingerprint() == g.state.fingerprint()


def test_reds_that_reach_the_ship_attack_together_and_the_option_says_from_where():
    # six reds alive (speed 3): two can reach a ship at 0,-1 from 2,-3 (one step each way round)
    g = resting(reds=["2,-3", "2,-3", "-5,5", "-4,5", "-5,4", "5,0"])
    options = g.legal_actions()
    attacking = [a for a in options if a.arg[1]]
    assert attacking and all(len(a.arg[1]) == 2 for a in attacking)
    a = attacking[0]
    ev = g.apply(a)
    battle = g.state.frames[-1]
    assert battle["k"] == "battle" and battle["att"] == "red" and battle["a_n"] == 2
    assert tuple(sorted(g.state.planet.cells[h] for h in battle["a_froms"])) == a.arg[1]
    assert events(ev, "RedRoutesChosen")


def test_a_single_outcome_needs_no_decision():
    # one red, straight down a line of spaces: one shortest route only
    g = resting(reds=["0,-4"], pos="0,-1")
    assert g.state.frames == [] or g.state.frames[-1]["k"] != "reds"
    assert not any(str(a).startswith("reds") for a in g.record.actions)


def test_fixed_routes_ask_nothing_and_move_as_before():
    g = resting(routes="fixed")
    assert g.state.frames == [] or g.state.frames[-1]["k"] != "reds"
    chosen = resting()
    ends, _ = fixed_outcome(chosen)
    assert Counter(r for r in g.state.reds if r != g.state.ships[0].pos) == ends


def test_a_choice_that_is_not_open_is_refused_and_changes_nothing():
    g = resting()
    msg = refused(g, "reds 0,5 0,5 -5,5 -4,5 5,-5 5,-4", "Solo Adventure: Turn End", "shortest route")
    assert "listed outcomes" in msg
    with pytest.raises(IllegalActionError):
        g.apply("end turn")            # the reds' move must be chosen first


def test_routes_are_offered_only_in_the_solo_adventure():
    with pytest.raises(ValueError, match="Solo Adventure"):
        ww.new_game(players=2, seed=1, red_routes="chosen")
    with pytest.raises(ValueError, match="red_routes must be one of"):
        ww.new_game(players=1, seed=1, red_routes="player")
    assert ww.new_game(players=1, seed=1).state.red_routes == "chosen"
    assert ww.new_game(players=3, seed=1).state.red_routes == "fixed"
    assert "red_routes" not in ww.new_game(players=3, seed=1).record.options


def test_a_record_without_red_routes_replays_with_the_fixed_order():
    """Old records (no ``red_routes`` option) replay unchanged: the reds move by the fixed order."""
    g = ww.new_game(players=1, seed=5, red_routes="fixed")
    bot = CarefulBot(seed=1)
    for _ in range(300):
        if g.is_over:
            break
        g.apply(bot.act(g.state) if g.current_player >= 0 else None)
    d = g.record.to_dict()
    assert "red_routes" not in d["options"]
    again = Record.from_dict(d).replay()
    assert again.state.fingerprint() == g.state.fingerprint() and again.state.red_routes == "fixed"
    bad = dict(d, options=dict(d["options"], red_routes="sometimes"))
    with pytest.raises(ww.RecordError):
        Record.from_dict(bad).replay()


# ----------------------------------------------------------------------------- the bots
@pytest.mark.parametrize("bot_class", [GreedyBot, CarefulBot])
def test_bots_choose_the_route_their_odds_value_most(bot_class):
    g = resting(reds=["2,-3", "2,-3", "2,2", "2,2", "-5,4", "5,0"])
    bot = bot_class(seed=1)
    a = bot.act(g.state)
    assert a in g.legal_actions()
    plans = cresters.red_route_plans(g.state)
    values = {str(p.action(g.state)): bot.route_value(g.state, 0, p) for p in plans}
    assert values[str(a)] == max(values.values())


def test_a_bot_that_judges_routes_otherwise_overrides_one_method():
    class Spreader(CarefulBot):
        def route_value(self, s, seat, plan):
            return -len(plan.stacks())             # any outcome with the fewest stacks

    g = resting()
    a = Spreader(seed=1).act(g.state)
    plan = next(p for p in cresters.red_route_plans(g.state) if p.action(g.state) == a)
    assert plan.stacks() == ()


def test_careful_bot_splits_a_pair_rather_than_let_it_stack_next_to_its_ship():
    g = resting()
    a = CarefulBot(seed=1).act(g.state)
    ends = Counter(a.arg[0])
    near = [h for h in ends if abs(h[0]) + abs(h[1]) + abs(h[0] + h[1]) <= 6]
    assert all(ends[h] == 1 for h in near if h in ((1, 0), (2, -1), (2, -2), (2, -3)))


# ----------------------------------------------------------------------------- the table
def test_the_board_marks_each_reds_possible_stops_and_clicks_narrow_to_one_outcome():
    g = resting()
    marks = view.route_marks(g.state)
    assert {g.state.planet.label(h) for h in marks} >= {"1,0", "2,-1", "2,-2", "2,-3"}
    picks = [("stop", hx(g, "1,0")), ("stop", hx(g, "2,-1"))]
    left = view.route_options(g.state, picks)
    assert left and all(Counter(a.arg[0])[(1, 0)] >= 1 and Counter(a.arg[0])[(2, -1)] >= 1 for a in left)
    assert len(left) < len(g.legal_actions())
    from windward_nb.windward.coach import coach

    c = coach(g.state)
    assert c.kind == "reds" and "outcome" in c.text and "board marks" in c.text


# ----------------------------------------------------------------------------- against brute force
def brute_force(s) -> set[tuple[tuple, tuple]]:
    """Every outcome of moving the reds one by one (nearest first) along every shortest route of
    exactly min(speed, distance) steps, using the engine's own distances for each red as it moves."""
    ship = s.ships[s.current].pos
    order = cresters.reds_to_move(s)
    speed = cresters.red_speed(s)
    out: set[tuple[tuple, tuple]] = set()

    def go(t, i, froms):
        if i == len(order):
            out.add((tuple(sorted(r for r in t.reds if r != ship)), tuple(sorted(froms))))
            return
        start = order[i]
        if start not in t.reds:
            go(t, i + 1, froms)
            return
        dist = cresters.distances_to(t, ship, 0, start)
        if start not in dist:
            go(t, i + 1, froms)
            return
        k = min(speed, dist[start])

        def paths(h, left):
            if left == 0:
                yield [h]
                return
            for n in t.planet.nbr[h]:
                if n >= 0 and dist.get(n, -1) == dist[h] - 1:
                    for rest in paths(n, left - 1):
                        yield [h] + rest

        for path in paths(start, k):
            end = path[-1]
            attack = None
            if end == ship:
                if len(froms) >= 2:
                    end = path[-2]            # a third red stops a space short
                else:
                    attack = path[-2]
            u = t.clone()
            if end != start:
                u.move_red(start, end)
            go(u, i + 1, froms + ([attack] if attack is not None else []))

    go(s.clone(), 0, [])
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_outcomes_are_exactly_those_of_every_shortest_route(data):
    g0 = ww.scenario(players=1, auto_chance=False, reds=[])
    p = g0.state.planet
    open_ = [h for h in range(1, len(p.cells)) if not p.is_drift[h]]
    ship = data.draw(st.sampled_from(open_), label="ship")
    n = data.draw(st.integers(1, 6), label="reds")
    spots = [h for h in open_ if h != ship]
    reds = data.draw(st.lists(st.sampled_from(spots), min_size=n, max_size=n), label="red spaces")
    if max(Counter(reds).values()) > 2:
        reds = sorted(set(reds))
    g = ww.scenario(players=1, wind=1, auto_chance=False, reds=[p.label(h) for h in reds], red_routes="chosen",
                    ships=[{"pos": p.label(ship), "morale": 4, "hand": ["fuel"]}])
    g.apply("end turn")
    t = g.state.clone()
    t.frames = [f for f in t.frames if f["k"] != "reds"] + [{"k": "reds"}]
    plans = cresters.red_route_plans(t)
    assert {(pl.ends, pl.froms) for pl in plans} == brute_force(t)
    assert len({str(pl.action(t)) for pl in plans}) == len(plans)
    for pl in plans:
        for start, path in pl.moves:
            assert all(b in p.nbr[a] for a, b in zip((start,) + path, path))
        assert max(Counter(pl.ends).values(), default=0) <= 2 and len(pl.froms) <= 2


def test_the_search_bot_and_the_hint_compare_the_outcomes_the_bots_judge_best():
    from windward_nb.windward import search

    g = resting()
    opts = search.options(g.state, 0)
    careful = CarefulBot(seed=1).act(g.state)
    assert 1 < len(opts) <= search.ROUTE_STEPS and opts[0].action == careful
    hints = g.hint(iterations=6, seed=1, top=3)
    assert len(hints) >= 2 and all(h.action in g.legal_actions() and h.action.verb == "reds" for h in hints)


def test_clicks_on_the_board_narrow_the_outcomes_and_the_last_one_is_played():
    from windward_widgets.game_board import GameBoard

    g = resting()
    board = GameBoard(g)
    assert {hx(g, h) for h in ("1,0", "2,-1", "2,-2", "2,-3")} <= set(view.route_marks(g.state))
    assert board.dests == {}                                   # no ship moves while the reds' routes are open
    before = g.state.fingerprint()
    board.click(hx(g, "0,4"))                                  # not a mark: refused, nothing changes
    assert g.state.fingerprint() == before and "no red crester can stop at 0,4" in board.message_text
    for h in ("1,0", "2,-1", "-3,2", "2,-3", "2,-3"):
        if g.state.frames and g.state.frames[-1]["k"] == "reds":
            board.click(hx(g, h))
    if g.state.frames and g.state.frames[-1]["k"] == "reds":
        left = view.route_options(g.state, board.route_picks)
        board.click(next(h for h, m in view.route_marks(g.state, board.route_picks).items()
                         if len(m.stop) < len(left)))
    assert g.record.actions[-1].startswith("reds ")            # one outcome was applied, by clicks only
    ends = Counter(Action.parse(g.record.actions[-1]).arg[0])
    assert ends[(1, 0)] >= 1 and ends[(2, -1)] >= 1 and ends[(-3, 2)] >= 1


def test_the_invariants_know_who_may_choose_the_routes():
    from windward_nb.windward.invariants import violations

    s = ww.new_game(players=3, seed=1).state
    assert not violations(s)
    s.red_routes = "chosen"
    assert any("red_routes 'chosen'" in v for v in violations(s))
    s.red_routes = "sometimes"
    assert any("red_routes" in v for v in violations(s))
    solo = ww.new_game(players=1, seed=1).state
    assert solo.red_routes == "chosen" and not violations(solo)
