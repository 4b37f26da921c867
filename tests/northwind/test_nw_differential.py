"""North Wind's shown odds equal what its engine does, exactly: every chance outcome forced through it.

* Pirate battles: from positions of bot games (and hand-built ones), ``fight`` is applied and every
  roll of the battle dice (``battle pip,blank,...``, the rules' own outcomes with their exact
  probabilities) is forced through the engine; the chance of a Victory event equals
  :func:`northwind.odds.fight_odds` and the coach's words quote it.
* Voyages: every order of a stack's kinds of tiles is dealt by the engine's own reshuffle action,
  the voyage is sailed through the engine (every event die face forced too) and the tiles it
  reveals are counted; the result equals :func:`northwind.odds.voyage_odds` exactly.
* The next tile's risk (:func:`northwind.odds.next_tile`, the coach line before a tile is
  revealed): given a fog on top, the engine's pirates and battles are forced through exactly;
  the chance of the fog itself is checked against the engine's :func:`determinize` (what the
  captain cannot tell apart), sampled, within 4.5 standard errors.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction
from functools import lru_cache

import numpy as np
import pytest

from windward_nb.core.simulate import play_game
from windward_nb.northwind import RULES
from windward_nb.northwind import odds as nw_odds
from windward_nb.northwind.actions import NWAction
from windward_nb.northwind.scenario import scenario
from windward_nb.northwind.view import VIEW


def apply(s, text):
    return RULES.apply(s, RULES.parse(text) if isinstance(text, str) else text)


# =============================================================================== positions
@lru_cache(maxsize=1)
def game_positions() -> tuple:
    """Copies of every position of some bot games (2-4 captains, greedy and random bots)."""
    found = []

    def observe(s, a, ev):
        if s.phase in ("pirate", "prepare", "sail"):
            found.append(s.clone())

    for players, bots, seed in ((2, "greedy", 0), (3, "random", 1), (4, "greedy", 2), (3, "greedy", 3)):
        play_game("north-wind", players=players, bots=bots, seed=seed, observer=observe, max_actions=3000)
    return tuple(found)


def pirate_positions() -> list:
    out = [s for s in game_positions() if s.phase == "pirate"]
    for cannons, strength, cannoneer in itertools.product(range(0, 5), (1, 2, 3), (False, True)):
        g = scenario(players=2, stacks={"olsand": ["fog-1"]}, cannons=[cannons, 1], gold=[5, 5],
                     crew=[["cannoneer"] if cannoneer else [], []])
        for a in ("sail olsand", "reveal", f"event pirate {strength}"):
            g.apply(a)
        if g.state.phase == "pirate":
            out.append(g.state.clone())
    return out


# =============================================================================== pirates
def engine_victory(s) -> Fraction:
    """The chance of a Victory when the voyager fights, every roll forced through the engine."""
    t = s.clone()
    ev = apply(t, "fight")
    if t.phase != "battle":
        return Fraction(int(any(e.kind == "Victory" for e in ev)))
    won = Fraction(0)
    for a, p in RULES.exact_outcomes(t):
        u = t.clone()
        if any(e.kind == "Victory" for e in apply(u, a)):
            won += p
    return won


def test_pirate_odds_and_the_coach_equal_the_engine():
    positions = pirate_positions()
    assert len(positions) >= 40
    kinds = set()
    for s in positions:
        want = engine_victory(s)
        got = nw_odds.fight_odds(s)
        assert got.win == want, (s.cannons[s.turn], s.pirate, s.has(s.turn, "cannoneer"), got.win, want)
        hint = VIEW.coach(s).hints[0]
        assert f"Fighting wins {nw_odds._pct(want)} of the time" in hint, hint
        kinds.add((s.cannons[s.turn], s.pirate, s.has(s.turn, "cannoneer")))
    assert len(kinds) >= 25


def test_the_pirate_check_catches_a_cannoneer_left_out(monkeypatch):
    real = nw_odds.pirate_odds
    monkeypatch.setattr(nw_odds, "pirate_odds", lambda c, k, cannoneer, die=None: real(c, k, False, die))
    assert any(nw_odds.fight_odds(s).win != engine_victory(s) for s in pirate_positions())


# =============================================================================== voyages
def engine_voyage(tiles, sail, lookout, avoid):
    """Exact (reach, reach with no fog before, fogs met) of a voyage of ``sail`` tiles into a
    stack of ``tiles``: every order of its kinds dealt by the engine's reshuffle, every event die
    face forced, pirates paid off, every tile passed (so the voyage runs its whole range)."""
    g = scenario(players=2, turn=1, stacks={"olsand": tiles}, gold=[40, 40], sail=[sail, 4],
                 crew=[["lookout"] if lookout else [], []], letters=[2, 2])
    g.apply("sail olsand")
    g.apply("reveal")
    while g.state.phase != "shuffle":
        g.apply("end voyage" if g.state.phase == "sail" else "pass" if g.state.phase == "tile" else "pay")
    base = g.state
    comp = base.comp
    kind = {t: ("destination" if comp.tile(t).kind == "destination" else
                "fog" if comp.tile(t).kind == "fog" else "other") for t in tiles}
    by_kind = {k: [t for t in tiles if kind[t] == k] for k in ("destination", "fog", "other")}
    orders = set(itertools.permutations([kind[t] for t in tiles]))  # each kind order equally likely
    reach = clear = Fraction(0)
    fogs: dict[int, Fraction] = {}

    def sail_on(s, seen, p):
        nonlocal reach, clear
        while s.phase not in ("shuffle", "event"):
            if s.phase in ("prepare", "sail"):
                for e in apply(s, "reveal"):
                    if e.kind == "TileRevealed":
                        seen = seen + [e.data["kind"] if e.data["kind"] in ("destination", "fog") else "other"]
            elif s.phase == "pirate":
                apply(s, "pay")
            else:
                apply(s, "pass")
        if s.phase == "event":
            for a, q in RULES.exact_outcomes(s):
                u = s.clone()
                apply(u, a)
                sail_on(u, seen, p * q)
            return
        assert len(seen) == sail
        if "destination" in seen:
            reach += p
            if "fog" not in seen[:seen.index("destination")]:
                clear += p
        k = seen.count("fog")
        fogs[k] = fogs.get(k, Fraction(0)) + p

    for order in sorted(orders):
        pools = {k: list(v) for k, v in by_kind.items()}
        stack = [pools[k].pop(0) for k in order]
        s = base.clone()
        apply(s, NWAction("shuffle", ("olsand", tuple(stack))))
        apply(s, "sail olsand")
        if lookout:
            apply(s, "look")
            top = kind[s.peek]
            apply(s, "under" if top in avoid else "keep")
        sail_on(s, [], Fraction(1, len(orders)))
    width = max(fogs) + 1
    return reach, clear, tuple(fogs.get(k, Fraction(0)) for k in range(width))


STACK = ["olsand", "fog-1", "fog-2", "salt-1", "grain-1", "fish-1", "lumber-1", "wreck"]
STACK3 = ["olsand", "fog-1", "fog-2", "fog-3", "grain-1", "fish-1", "lumber-1", "wreck"]


@pytest.mark.parametrize("tiles,sail,lookout,avoid", [(STACK, 4, False, ("fog",)), (STACK3, 5, True, ("fog",)),
                                                      (STACK, 6, True, ("fog", "other")),
                                                      (STACK3, 6, False, ("fog",))])
def test_voyage_odds_equal_the_engine_exactly(tiles, sail, lookout, avoid):
    reach, clear, fogs = engine_voyage(tiles, sail, lookout, avoid)
    v = nw_odds.voyage_odds(tiles, sail, lookout, avoid)
    assert (v.reach, v.reach_clear, v.fogs) == (reach, clear, fogs)


# =============================================================================== the next tile
def engine_after_fog(s) -> tuple[Fraction, Fraction, dict[int, Fraction]]:
    """With a fog tile on top of the stack being sailed: the chance of a pirate too strong to
    beat, of a defeat when every pirate is fought, and of each pirate, all forced through the
    engine (event die, then ``fight`` and every roll)."""
    t = s.clone()
    st = t.stacks[t.stack]
    fog = next(x for x in st if t.comp.tile(x).kind == "fog")
    st.remove(fog)
    st.insert(0, fog)
    t.peek = ""
    apply(t, "reveal")
    assert t.phase == "event"
    cannot = lost = Fraction(0)
    pirates: dict[int, Fraction] = {}
    for a, p in RULES.exact_outcomes(t):
        u = t.clone()
        ev = apply(u, a)
        if a.arg == 0:
            continue
        pirates[a.arg] = p
        if u.phase != "pirate":  # neither pay nor win: an automatic defeat
            assert any(e.kind == "Defeat" for e in ev)
            cannot += p
            lost += p
            continue
        ev = apply(u, "fight")
        if any(e.kind == "Defeat" and e.data.get("auto") for e in ev):
            cannot += p
            lost += p
            continue
        for b, q in RULES.exact_outcomes(u):
            w = u.clone()
            if any(e.kind == "Defeat" for e in apply(w, b)):
                lost += p * q
    return cannot, lost, pirates


def test_next_tile_risk_given_fog_equals_the_engine():
    checked = 0
    for s in [s for s in game_positions() if s.phase in ("prepare", "sail")][::7]:
        n = nw_odds.next_tile(s)
        if not n.fog or not any(s.comp.tile(x).kind == "fog" for x in s.stacks[s.stack]):
            continue
        cannot, lost, pirates = engine_after_fog(s)
        assert n.cannot_beat == n.fog * cannot and n.defeat_if_fought == n.fog * lost
        assert dict(n.pirates) == {k: n.fog * p for k, p in pirates.items()}
        checked += 1
    assert checked >= 30


def test_fog_next_equals_what_the_captain_cannot_tell_apart():
    """``fog_next`` against the engine's own determinize, sampled: the fraction of consistent
    positions with a fog on top is within 4.5 standard errors of the exact chance shown."""
    rng = np.random.default_rng(2024)
    picked = [s for s in game_positions() if s.phase in ("prepare", "sail")][::40][:12]
    peeked = [s for s in game_positions() if s.phase == "prepare" and s.under][:3]
    assert peeked, "a position where a Lookout put a tile under"
    n = 1500
    for s in picked + peeked:
        p, known, _ = nw_odds.fog_next(s, s.turn)
        hits = 0
        for _ in range(n):
            t = RULES.determinize(s, s.turn, rng)
            top = t.peek if (known and t.peek) else t.stacks[t.stack][0]
            hits += t.comp.tile(top).kind == "fog"
        sd = math.sqrt(max(float(p) * (1 - float(p)), 1e-12) / n)
        assert abs(hits / n - float(p)) <= 4.5 * sd + 1e-9, (float(p), hits / n, known)


def test_the_coach_says_the_next_tiles_risk_before_a_reveal():
    g = scenario(players=2, cannons=[1, 1], gold=[3, 5])
    g.apply("sail olsand")
    hints = VIEW.coach(g.state).hints
    line = next(h for h in hints if h.startswith("Next tile"))
    assert line == ("Next tile: fog 25% (from the 8 tiles it may be); a pirate comes out of it 17% of the time, "
                    "and your 1 cannon beat strength 1 50%, strength 2 0%, strength 3 0%. A pirate you cannot "
                    "beat: 8%; a defeat if you fight whatever comes: 12% (or pay the 1-gold ransom).")
