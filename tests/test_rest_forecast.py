"""The danger forecast before a turn ends equals what the engine's rest brings, exactly.

:func:`windward_nb.windward.forecast.rest_forecast` plays the rest out through the engine with
each battle roll grouped by its total, remembers battles across spaces, compares only the ways
to rest it thinks can matter, and plays cards and tokens by ``best_bonuses``. The oracle here
does none of that: it ends the turn through the engine, tries every legal way to rest, forces
every single roll of the dice (``engine.chance_outcomes``) and plays bonuses by backward
induction over the engine's own actions (``battle_oracle.bonus_play``). Positions come from bot
games of every mode and variant, and from hand-built ones (a red then the White Crester, two
reds together, the issue's seed-7 game).
"""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path


HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE / "golden"))

import battle_oracle as oracle  # noqa: E402
import make_golden  # noqa: E402

import windward_nb as ww  # noqa: E402
from windward_nb.windward import engine, forecast, movement, view  # noqa: E402
from windward_nb.windward.engine import CHANCE  # noqa: E402
from windward_nb.windward.state import PORT  # noqa: E402

TOL = 1e-9


# =============================================================================== the oracle
def _tally(events, seat):
    out = {"battle": 0.0, "ship": 0.0, "game": 0.0, "attackers": {}}
    for e in events:
        d = e.data
        if e.kind == "BattleStarted" and d.get("def") == "ship" and d.get("d_seat") == seat:
            out["attackers"][d["att"]] = 1.0
        elif e.kind == "BattleEnded" and d.get("winner") == "attacker" and d.get("l_seat") == seat:
            out["battle"] = 1.0
        elif e.kind == "ShipLost" and d.get("seat") == seat:
            out["ship"] = 1.0
        elif e.kind == "GameOver" and d.get("winner") is None:
            out["game"] = 1.0
    return out


def _add(into, other, p):
    for k in ("battle", "ship", "game"):
        into[k] += p * other[k]
    for k, q in other["attackers"].items():
        into["attackers"][k] = into["attackers"].get(k, 0.0) + p * q


def _walk(t, seat, events):
    """The chance of at least one lost battle, of a lost ship, of a lost game, of each kind of
    attacker, from ``t`` reached with ``events``."""
    now = _tally(events, seat)
    if t.over or any(e.kind in ("TurnEnded", "GameOver") for e in events):
        return now
    later = _walk_on(t, seat, events)
    for k in ("battle", "ship", "game"):
        now[k] = 1.0 if now[k] else later[k]
    for k, q in later["attackers"].items():
        now["attackers"][k] = 1.0 if k in now["attackers"] else q
    return now


def _walk_on(t, seat, events):
    out = {"battle": 0.0, "ship": 0.0, "game": 0.0, "attackers": {}}
    if any(e.kind == "BattleEnded" for e in events):  # a battle just ended: equal positions go on alike
        key = t.fingerprint()
        if key in _AFTER:
            return _AFTER[key]
        _AFTER[key] = got = _walk_on(t, seat, [])
        return got
    who = engine.decider(t)
    if who == CHANCE:
        outs = engine.chance_outcomes(t)
        for a, p in outs or ():
            u = t.clone()
            _add(out, _walk(u, seat, engine.apply(u, a, check=False)), p)
        return out
    if who != seat:
        return out
    f = t.frames[-1]
    if f["k"] == "battle":
        step = f["step"]
        legal = engine.legal_actions(t)
        if step in ("a_bonus", "d_bonus"):
            _o, u, ev = oracle.bonus_play(t, dict(f))
            _add(out, _walk(u, seat, ev), 1.0)
            return out
        if step.endswith("cannons"):
            a = max((x for x in legal if x.verb == "cannons"), key=lambda x: x.arg)
        else:
            a = next(x for x in legal if x.verb == "done")
        u = t.clone()
        _add(out, _walk(u, seat, engine.apply(u, a, check=False)), 1.0)
        return out
    legal = engine.legal_actions(t)
    if f["k"] == "place_red":
        legal = legal[:1]
    best = None
    for a in legal:
        u = t.clone()
        got = _walk(u, seat, engine.apply(u, a, check=False))
        if best is None or (got["game"], got["ship"], got["battle"]) < (best["game"], best["ship"], best["battle"]):
            best = got
    _add(out, best, 1.0)
    return out


def quiet_rest(s, h) -> bool:
    """Nothing happens to the ship if its turn ends on ``h`` (PORT for the Trading Post): by the
    engine, resting with a card when it holds one; no battle, no lost ship, no lost game."""
    seat = s.current
    t = s.clone()
    if h != t.ships[seat].pos:
        if h >= 0 and (t.planet.is_drift[h] or h in t.reds or h == t.white
                       or any(i != seat and sh.pos == h for i, sh in enumerate(t.ships))):
            return False
        t.ships[seat].pos = h
        t.turn.last_clear = h
    if engine.why_illegal(t, "end turn") is not None:
        return False
    events = engine.apply(t, "end turn", check=False)
    while not t.over and engine.decider(t) == seat and not any(e.kind == "TurnEnded" for e in events):
        legal = engine.legal_actions(t)
        cards = [a for a in legal if a.verb == "rest" and a.arg is not None]
        events += engine.apply(t, (cards or legal)[0], check=False)
    bad = _tally(events, seat)
    return not (bad["attackers"] or bad["ship"] or bad["game"])


def engine_rest(s, at=None):
    """The rest on ``at`` (board index; default where the ship is), by the engine alone."""
    seat = s.current
    t = s.clone()
    if at is not None:
        t.ships[seat].pos = PORT if at == 0 else at
        t.turn.last_clear = t.ships[seat].pos
    return _walk(t, seat, engine.apply(t, "end turn", check=False))


def agree(s, at=None):
    f = forecast.rest_forecast(s, at)
    want = engine_rest(s, at)
    got = {"battle": f.lose_battle, "ship": f.lose_ship, "game": f.lose_game}
    assert all(abs(got[k] - want[k]) < TOL for k in got), (got, want)
    kinds = {}
    for a in f.attackers:
        kinds[a.kind] = kinds.get(a.kind, 0.0) + a.chance
    assert set(kinds) == set(want["attackers"]), (f.attackers, want["attackers"])
    for k, p in want["attackers"].items():
        assert abs(kinds[k] - p) < TOL or (k == "red" and kinds[k] >= p - TOL), (k, kinds, want)
    return f


_AFTER: dict = {}


# =============================================================================== positions
@lru_cache(maxsize=1)
def sky_positions() -> tuple:
    """One position per game where the captain could end the turn at sky and a crester would
    reach the ship, and one where none would (every mode and variant, random and greedy bots)."""
    out = []
    for cfg in make_golden.CONFIGS:
        for bots in ("random", "greedy"):
            threatened, quiet = [], []
            seen = set()

            def observe(s, a, ev, threatened=threatened, quiet=quiet, seen=seen):
                if s.frames or s.over or engine.decider(s) != s.current or s.ships[s.current].pos < 0:
                    return
                if s.ships[s.current].pos in seen or len(threatened) >= 1:
                    return
                danger = forecast.reaches_at_rest(s)
                if danger and engine.why_illegal(s, "end turn") is None:
                    seen.add(s.ships[s.current].pos)
                    threatened.append(s.clone())
                elif danger is False and not quiet:
                    quiet.append(s.clone())

            from windward_nb.simulate import play_game

            options = dict(cfg)
            players = options.pop("players")
            play_game(players=players, bots=bots, seed=0, observer=observe, max_actions=3000, **options)
            out += [(f"{cfg} {bots}", s) for s in threatened + quiet]
    return tuple(out)


def seed7():
    """The issue's seed-7 example, on the radius-5 planet it was recorded on (the figures below)."""
    g = ww.new_game(players=3, seed=7, planet="large")
    for a in ("order hire Marine", "order cannon", "leave port SE", "move S", "pick up gas"):
        g.apply(a)
    return g


# =============================================================================== the tests
def test_the_forecast_equals_the_engine_on_positions_of_every_mode():
    positions = sky_positions()
    assert len(positions) >= 30
    modes = set()
    threatened = 0
    for _name, s in positions:
        f = agree(s)
        modes.add(s.mode)
        threatened += bool(f.attackers)
    assert modes == {"free-for-all", "head-to-head", "solo", "cooperative"}
    assert threatened >= 15


def test_seed7_forecast_names_the_red_and_its_exact_odds():
    g = seed7()
    f = agree(g.state)
    assert [(a.kind, g.state.planet.label(a.start), a.steps) for a in f.attackers] == [("red", "2,2", 2)]
    # the battle it forecasts is the one the rules fight: the red's 5 dice against 3 dice + the Marine's 2
    t = g.state.clone()
    engine.apply(t, "end turn")
    engine.apply(t, "rest discard deadweight")
    assert t.frames[-1]["k"] == "battle"
    want = oracle.summary(oracle.engine_results(t))
    assert abs(f.lose_battle - want["win"]) < TOL and abs(f.lose_ship - want["ship_lost"]["defender"]) < TOL
    assert round(f.lose_ship, 4) == 0.6499


def test_a_red_then_the_white_crester():
    g = ww.scenario(players=2, variants=["white"], wind=1, white="0,-5",
                    ships=[{"pos": "0,-3", "morale": 3, "cannons": 2, "hand": ["fuel"]}, {"pos": "port"}],
                    reds=["1,-3"])
    f = agree(g.state)
    assert [a.kind for a in f.attackers] == ["red", "white"]
    assert f.attackers[0].chance == 1.0 and 0 < f.attackers[1].chance < 1     # a lost ship limps home first
    text = forecast.danger_text(g.state)
    assert text.startswith("A red crester 1 space away (1,-3), then the White Crester 2 spaces away (0,-5)")


def test_two_red_cresters_attacking_together_in_the_solo_adventure():
    g = ww.scenario(players=1, mode="solo", ships=[{"pos": "0,-3", "crew": ["Marine"], "cannons": 2,
                                                     "hand": ["harpoon", "fuel"], "tokens": 1, "morale": 2}],
                    reds=["1,-3", "-1,-2"])
    f = agree(g.state)
    assert [(a.kind, a.count) for a in f.attackers] == [("red", 2)]
    assert f.lose_game > 0 and f.lose_game == f.lose_ship       # losing the ship loses the Solo Adventure
    assert "2 red cresters" in forecast.danger_text(g.state) and "lose the game" in forecast.danger_text(g.state)


def test_the_rest_itself_can_lose_the_ship():
    g = ww.scenario(players=2, wind=3, reds=[], ships=[{"pos": "0,-3", "hand": [], "morale": 1}, {"pos": "port"}])
    f = agree(g.state)
    assert f.lose_ship == 1.0 and not f.attackers


def test_safer_spaces_are_the_cheapest_safe_ones():
    checked = 0
    for _name, s in sky_positions():
        f = forecast.rest_forecast(s)
        if f is None or f.safe:
            continue
        got = forecast.safer_spaces(s, f)
        costs = movement.reach_costs(s)
        ship = s.ships[s.current].pos
        safe = []
        for h, c in costs.items():
            if h == ship or c > s.turn.speed:
                continue
            if quiet_rest(s, h):
                safe.append((c, 0 if h == PORT else h))
        if safe:
            assert got and all(x[2].safe for x in got)
            assert [c for _, c, _ in got] == sorted(c for c, _ in safe)[:len(got)]
            assert {(c, h) for h, c, _ in got} <= set(safe)
        else:
            assert all(x[2].key < f.key for x in got)
        checked += 1
    assert checked >= 15


def test_end_turn_names_the_worst_danger_first_then_the_unused_speed():
    g = seed7()
    warning = view.danger(g.state, "end turn")
    assert warning == ("A red crester 2 spaces away (2,2) reaches you at the rest: you lose the battle and your ship "
                       "65% of the time. The Trading Post (2 speed), 1,-1 (2 speed) and 2,-1 (2 speed) are out of "
                       "reach. You also leave 2 speed unused.")


def test_the_coach_says_what_the_rest_brings_while_moving():
    g = ww.new_game(players=3, seed=7, planet="large")
    for a in ("order hire Marine", "order cannon", "leave port SE"):
        g.apply(a)
    hint = view.coach(g.state).hints[0]
    assert hint.startswith("If you end your turn here: a red crester 3 spaces away (2,2) reaches you at the rest: "
                           "you lose the battle and your ship 65% of the time.")
    g = ww.scenario(players=2, wind=3, reds=[], ships=[{"pos": "0,-3", "hand": ["fuel"]}, {"pos": "port"}])
    assert view.coach(g.state).hints[0] == "If you end your turn here, no crester can reach you at the rest."


def test_a_battle_the_ship_cannot_lose_is_named_but_not_asked_twice():
    g = ww.scenario(players=2, wind=3, ships=[{"pos": "0,-3", "morale": 4, "cannons": 5, "crew": ["Marine"],
                                                "tokens": 8, "hand": ["fuel"]}, {"pos": "port"}],
                    reds=["1,-3"], turn={"speed": 0, "mates": 0})
    f = forecast.rest_forecast(g.state)
    assert f.attackers and f.lose_ship == 0
    if f.lose_battle == 0:
        assert view.danger(g.state, "end turn") is None
        assert "you win or tie every battle" in view.coach(g.state).hints[0]


def test_the_reach_map_marks_the_spaces_where_a_crester_reaches_the_resting_ship():
    g = seed7()
    s = g.state
    r = view.reach_view(s, s.ships[0].pos, None, danger_within=s.turn.speed)
    assert r["danger"], "the red reaches the ship on some spaces"
    for h, d in r["danger"].items():
        f = forecast.rest_forecast(s, h)
        assert (d["lose_battle"], d["lose_ship"]) == (f.lose_battle, f.lose_ship)
        assert d["text"].startswith("A red crester")
    for h, c in r["costs"].items():
        if c <= s.turn.speed and h not in r["danger"]:
            assert forecast.reaches_at_rest(s, h) in (False, None)
