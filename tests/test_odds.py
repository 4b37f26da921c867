"""Tests for windward_nb.odds: exact battle odds.

The reference below does everything the slow way and on its own: it rolls
every die combination with itertools.product, applies the battle rules
(strengths, crew, Marine hits) written out again by hand, and plays the
bonus step as a full game tree over every subset of cards and tokens.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from windward_nb.components import load_components
from windward_nb.odds import (
    BattleOdds,
    BonusChoice,
    Distribution,
    battle_odds,
    best_bonuses,
    bonus_options,
    clear_cache,
    hit_counts,
    hit_distribution,
    odds_sweep,
    odds_table,
)

FACES = (1, 1, 1, 2, 2, 3)
CARD_HITS = {"harpoon": 1, "heavy_harpoon": 2}
TOKEN = 2


# ---------------------------------------------------------------------------
# The reference
# ---------------------------------------------------------------------------


def ref_dice(kind, role, cannons=0, crew=(), count=1):
    if kind == "ship":
        return 2 + cannons + (1 if role == "attacker" and "Sergeant" in crew else 0)
    if kind == "longboat":
        return 1 + (1 if "Harpooner" in crew else 0)
    if isinstance(kind, int):
        return kind
    return {"grey": 1, "red": 5, "white": 8}[kind] * count


def ref_extra(kind, crew, other):
    return 2 if kind == "ship" and "Marine" in crew and other == "red" else 0


def roll_totals(n, faces):
    """Every roll of n dice, tallied by total hits."""
    return Counter(sum(roll) for roll in itertools.product(faces, repeat=n))


def ref_value(own, other, ship, morale):
    if own > other:
        return (2,)
    if own == other:
        return (1,)
    loss = other - own
    if ship and (morale is None or morale - loss >= 1):
        return (0, 1, -loss)
    return (0, 0)


def ref_subsets(tokens, cards):
    """Every distinct multiset of items a player can play, with its cost."""
    items = ["token"] * tokens + sorted(cards)
    seen = {}
    for r in range(len(items) + 1):
        for combo in itertools.combinations(items, r):
            combo = tuple(sorted(combo))
            if combo in seen:
                continue
            t = combo.count("token")
            cs = tuple(c for c in combo if c != "token")
            hits = t * TOKEN + sum(CARD_HITS[c] for c in cs)
            cost = (len(combo), len(cs), sum(CARD_HITS[c] for c in cs), cs)
            seen[combo] = (hits, cost, t, cs)
    return list(seen.values())


def ref_pick(candidates):
    """candidates: (value, cost, payload); best value, then cheapest."""
    top = max(c[0] for c in candidates)
    return min((c for c in candidates if c[0] == top), key=lambda c: c[1])


def ref_bonus_game(a_pre, d_pre, att, dfn, play):
    """Final margin and what each side spends, by exhaustive search."""
    if play == "none":
        return a_pre - d_pre, (0, ()), (0, ())
    a_sets = ref_subsets(att["tokens"], att["cards"])
    d_sets = ref_subsets(dfn["tokens"], dfn["cards"])
    if play == "all":
        a = max(a_sets, key=lambda s: s[1])
        d = max(d_sets, key=lambda s: s[1])
        return a_pre + a[0] - d_pre - d[0], (a[2], a[3]), (d[2], d[3])

    def reply(a_final):
        cands = [(ref_value(d_pre + s[0], a_final, dfn["ship"], dfn["morale"]), s[1], s) for s in d_sets]
        return ref_pick(cands)[2]

    cands = []
    for s in a_sets:
        r = reply(a_pre + s[0])
        value = ref_value(a_pre + s[0], d_pre + r[0], att["ship"], att["morale"])
        cands.append((value, s[1], (s, r)))
    s, r = ref_pick(cands)[2]
    return a_pre + s[0] - d_pre - r[0], (s[2], s[3]), (r[2], r[3])


def reference(attacker, defender, *, faces=FACES, play="best", **kw):
    """Exact odds, margin, morale losses and spending, the slow way."""
    sides = {}
    for role, kind, other in (("attacker", attacker, defender), ("defender", defender, attacker)):
        crew = tuple(kw.get(f"{role}_crew", ()))
        sides[role] = dict(
            dice=ref_dice(kind, role, kw.get(f"{role}_cannons", 0), crew, kw.get(f"{role}_count", 1)),
            extra=ref_extra(kind, crew, other),
            tokens=kw.get(f"{role}_tokens", 0),
            cards=tuple(kw.get(f"{role}_cards", ())),
            ship=kind == "ship",
            morale=kw.get(f"{role}_morale"),
        )
    att, dfn = sides["attacker"], sides["defender"]
    ta, td = roll_totals(att["dice"], faces), roll_totals(dfn["dice"], faces)
    total = len(faces) ** (att["dice"] + dfn["dice"])
    margin = Counter()
    spent = {"attacker": Counter(), "defender": Counter()}
    for (a, wa), (d, wd) in itertools.product(ta.items(), td.items()):
        w = wa * wd
        m, sa, sd = ref_bonus_game(a + att["extra"], d + dfn["extra"], att, dfn, play)
        margin[m] += w
        for role, (t, cs) in (("attacker", sa), ("defender", sd)):
            spent[role]["tokens"] += w * t
            spent[role]["cards"] += w * len(cs)
            for c in cs:
                spent[role][c] += w
    margin = {m: Fraction(c, total) for m, c in margin.items() if c}
    out = dict(
        dice=(att["dice"], dfn["dice"]),
        win=sum((p for m, p in margin.items() if m > 0), Fraction(0)),
        tie=margin.get(0, Fraction(0)),
        loss=sum((p for m, p in margin.items() if m < 0), Fraction(0)),
        margin=margin,
        spent={r: {k: Fraction(v, total) for k, v in c.items()} for r, c in spent.items()},
        morale_loss={},
        ship_lost={},
    )
    for role, sign in (("attacker", -1), ("defender", 1)):
        if sides[role]["ship"]:
            ml = Counter()
            for m, p in margin.items():
                ml[max(0, sign * m)] += p
            out["morale_loss"][role] = dict(ml)
            if sides[role]["morale"] is not None:
                out["ship_lost"][role] = sum((p for k, p in ml.items() if k >= sides[role]["morale"]), Fraction(0))
    return out


def assert_matches(o: BattleOdds, ref: dict):
    assert (o.attacker_dice, o.defender_dice) == ref["dice"]
    assert o.win == ref["win"] and o.tie == ref["tie"] and o.loss == ref["loss"]
    assert {m: p for m, p in o.margin.items() if p} == ref["margin"]
    assert set(o.morale_loss) == set(ref["morale_loss"])
    for role, dist in ref["morale_loss"].items():
        assert {k: p for k, p in o.morale_loss[role].items() if p} == {k: p for k, p in dist.items() if p}
    assert o.ship_lost == ref["ship_lost"]
    for role in ("attacker", "defender"):
        for k, v in o.expected_spent[role].items():
            assert v == ref["spent"][role].get(k, 0), (role, k)
        for k, v in ref["spent"][role].items():
            assert o.expected_spent[role].get(k, 0) == v, (role, k)


# ---------------------------------------------------------------------------
# Hit distributions
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(0, 6))
def test_hit_distribution_matches_enumeration(n):
    tally = roll_totals(n, FACES)
    exact = hit_distribution(n, exact=True)
    assert len(exact) == 3 * n + 1
    assert exact == [Fraction(tally.get(k, 0), 6**n) for k in range(3 * n + 1)]
    assert sum(exact) == 1
    floats = hit_distribution(n)
    assert floats.dtype == float
    np.testing.assert_allclose(floats, [float(p) for p in exact], rtol=0, atol=1e-15)
    assert hit_counts(n) == tuple(tally.get(k, 0) for k in range(3 * n + 1))


def test_hit_distribution_custom_faces():
    faces = (0, 0, 2, 5)
    for n in range(4):
        tally = roll_totals(n, faces)
        assert hit_distribution(n, faces=faces, exact=True) == [
            Fraction(tally.get(k, 0), 4**n) for k in range(5 * n + 1)
        ]
    # face order does not matter
    assert hit_distribution(3, faces=(5, 2, 0, 0), exact=True) == hit_distribution(3, faces=faces, exact=True)


def multinomial_count(n, k):
    """Ways n default dice total k: choose how many show 1, 2 and 3."""
    ways = 0
    for n3 in range(n + 1):
        for n2 in range(n - n3 + 1):
            n1 = n - n2 - n3
            if n1 + 2 * n2 + 3 * n3 == k:
                ways += math.factorial(n) // (math.factorial(n1) * math.factorial(n2) * math.factorial(n3)) * 3**n1 * 2**n2
    return ways


def test_hit_distribution_large_n_is_exact():
    n = 60
    exact = hit_distribution(n, exact=True)
    assert len(exact) == 181
    assert sum(exact) == 1
    assert exact[60] == Fraction(1, 2**60)
    assert exact[180] == Fraction(1, 6**60)
    assert all(p == 0 for p in exact[:60])
    counts = hit_counts(n)
    for k in (60, 61, 100, 117, 150, 179, 180):
        assert counts[k] == multinomial_count(n, k)
    assert sum(counts) == 6**60  # far beyond int64
    floats = hit_distribution(n)
    assert abs(floats.sum() - 1) < 1e-12
    np.testing.assert_allclose(floats, [float(p) for p in exact], rtol=1e-14, atol=0)


def test_hit_distribution_cache_is_not_shared_mutable():
    a = hit_distribution(4)
    a[:] = 0
    assert hit_distribution(4).sum() == pytest.approx(1)
    clear_cache()
    assert hit_distribution(4, exact=True)[4] == Fraction(1, 16)


@pytest.mark.parametrize("bad", [-1, 1.5, True, "3"])
def test_hit_distribution_rejects_bad_n(bad):
    with pytest.raises(ValueError, match="n must be"):
        hit_distribution(bad)


@pytest.mark.parametrize("bad", [(), (1, -1), (1.5,), 7])
def test_hit_distribution_rejects_bad_faces(bad):
    with pytest.raises(ValueError, match="faces"):
        hit_distribution(2, faces=bad)


# ---------------------------------------------------------------------------
# Battles against brute force
# ---------------------------------------------------------------------------


def test_one_die_each():
    o = battle_odds(attacker=1, defender=1, exact=True)
    assert (o.win, o.tie, o.loss) == (Fraction(11, 36), Fraction(7, 18), Fraction(11, 36))
    assert o.margin.as_dict() == {
        -2: Fraction(1, 12), -1: Fraction(2, 9), 0: Fraction(7, 18), 1: Fraction(2, 9), 2: Fraction(1, 12)
    }


@pytest.mark.parametrize("na", range(0, 5))
@pytest.mark.parametrize("nd", range(0, 4))
def test_dice_only_matches_enumeration(na, nd):
    ref = reference(na, nd)
    o = battle_odds(attacker=na, defender=nd, exact=True)
    assert_matches(o, ref)
    f = battle_odds(attacker=na, defender=nd)
    for name in ("win", "tie", "loss"):
        assert getattr(f, name) == pytest.approx(float(ref[name]), abs=1e-15)


CASES = [
    # ship against ship: Sergeant only helps the attacker; both hold bonuses
    dict(attacker="ship", defender="ship",
         attacker_cannons=1, attacker_crew=("Sergeant",), attacker_tokens=1, attacker_cards=("harpoon",),
         attacker_morale=3,
         defender_cannons=1, defender_crew=("Sergeant",), defender_tokens=1, defender_cards=("heavy_harpoon",),
         defender_morale=2),
    dict(attacker="ship", defender="ship",
         attacker_cards=("harpoon", "harpoon", "heavy_harpoon"), defender_tokens=2, defender_cards=("harpoon",)),
    # Marine against a red crester, attacking and defending
    dict(attacker="ship", defender="red",
         attacker_cannons=2, attacker_crew=("Marine",), attacker_tokens=2, attacker_morale=4),
    dict(attacker="red", defender="ship",
         defender_cannons=1, defender_crew=("Marine",), defender_tokens=1, defender_cards=("harpoon",),
         defender_morale=2),
    dict(attacker="red", defender="ship", defender_crew=("Sergeant",), defender_cannons=3, defender_morale=1),
    # longboats: Harpooner on either side, no cannons, no morale
    dict(attacker="longboat", defender="grey", attacker_crew=("Harpooner",), attacker_tokens=1),
    dict(attacker="longboat", defender="longboat",
         attacker_cards=("heavy_harpoon",), defender_crew=("Harpooner", "Marine"), defender_tokens=1,
         defender_cards=("harpoon",)),
    dict(attacker="grey", defender="longboat", defender_tokens=2),
    # bare dice with bonuses
    dict(attacker=3, defender=2, attacker_tokens=1, defender_cards=("harpoon", "heavy_harpoon")),
]


@pytest.mark.parametrize("play", ["best", "all", "none"])
@pytest.mark.parametrize("case", CASES, ids=range(len(CASES)))
def test_battles_match_brute_force(case, play):
    kw = dict(case)
    attacker, defender = kw.pop("attacker"), kw.pop("defender")
    ref = reference(attacker, defender, play=play, **kw)
    o = battle_odds(attacker, defender, play=play, exact=True, **kw)
    assert_matches(o, ref)
    f = battle_odds(attacker, defender, play=play, **kw)
    assert f.win == pytest.approx(float(o.win), abs=1e-14)
    assert f.loss == pytest.approx(float(o.loss), abs=1e-14)
    for role in f.ship_lost:
        assert f.ship_lost[role] == pytest.approx(float(o.ship_lost[role]), abs=1e-14)
    for role in ("attacker", "defender"):
        for k, v in f.expected_spent[role].items():
            assert v == pytest.approx(float(o.expected_spent[role][k]), abs=1e-14)


@pytest.mark.parametrize(
    "case",
    [
        # Several reds add their strengths; Marine counts once. Coarse dice keep enumeration small.
        dict(attacker="red", attacker_count=2, defender="ship", defender_crew=("Marine",), defender_cannons=2,
             defender_tokens=1, defender_morale=3, faces=(0, 1, 2)),
        # Marine does nothing against the white crester; a defending Sergeant adds nothing.
        dict(attacker="white", defender="ship", defender_crew=("Marine",), defender_cannons=3,
             defender_tokens=1, defender_morale=2, faces=(0, 1)),
        dict(attacker="white", defender="ship", defender_crew=("Sergeant",), defender_cannons=5, faces=(0, 1)),
        # An attacking Sergeant does add a die against the white crester.
        dict(attacker="ship", defender="white", attacker_crew=("Sergeant",), attacker_cannons=4,
             attacker_cards=("heavy_harpoon",), faces=(0, 1, 1)),
    ],
)
def test_big_parties_match_brute_force_with_small_dice(case):
    kw = dict(case)
    attacker, defender, faces = kw.pop("attacker"), kw.pop("defender"), kw.pop("faces")
    ref = reference(attacker, defender, faces=faces, **kw)
    assert_matches(battle_odds(attacker, defender, faces=faces, exact=True, **kw), ref)


def test_strengths_follow_the_rules():
    comp = load_components()
    assert battle_odds("ship", "ship").attacker_dice == comp.strength["ship"] == 2
    assert battle_odds("ship", "red").defender_dice == comp.strength["red"] == 5
    assert battle_odds("red", "ship", attacker_count=2).attacker_dice == 10
    assert battle_odds("ship", "white").defender_dice == 8
    assert battle_odds("longboat", "grey").defender_dice == 1
    o = battle_odds("ship", "ship", attacker_cannons=3, attacker_crew=["Sergeant"],
                    defender_cannons=3, defender_crew=["Sergeant"])
    assert (o.attacker_dice, o.defender_dice) == (6, 5)
    o = battle_odds("longboat", "longboat", attacker_crew=["Harpooner"], defender_crew=["Harpooner"])
    assert (o.attacker_dice, o.defender_dice) == (2, 2)
    assert battle_odds("ship", "red", attacker_crew=["Marine"]).attacker_extra_hits == 2
    assert battle_odds("red", "ship", defender_crew=["Marine"]).defender_extra_hits == 2
    assert battle_odds("white", "ship", defender_crew=["Marine"]).defender_extra_hits == 0
    assert battle_odds("ship", "ship", attacker_crew=["Marine"]).attacker_extra_hits == 0


def test_marine_shifts_margin_by_two():
    plain = battle_odds("ship", "red", attacker_cannons=2, exact=True)
    marine = battle_odds("ship", "red", attacker_cannons=2, attacker_crew=["Marine"], exact=True)
    assert marine.margin.as_dict() == {m + 2: p for m, p in plain.margin.as_dict().items()}


def test_ship_lost_uses_morale_below_one():
    # With morale m, losing by m or more loses the ship; by m - 1 does not.
    o = battle_odds(2, 2, exact=True)  # bare dice: no ship
    assert o.morale_loss == {} and o.ship_lost == {}
    for morale in (1, 2, 4):
        s = battle_odds("red", "ship", defender_morale=morale, exact=True)
        assert s.ship_lost["defender"] == sum(p for m, p in s.margin.items() if m >= morale)
        assert s.morale_loss["defender"][0] == s.tie + s.loss
    s = battle_odds("red", "ship", exact=True)
    assert "defender" in s.morale_loss and s.ship_lost == {}


# ---------------------------------------------------------------------------
# Exactness and symmetry
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("case", CASES, ids=range(len(CASES)))
def test_exact_probabilities_sum_to_one(case):
    kw = dict(case)
    o = battle_odds(kw.pop("attacker"), kw.pop("defender"), exact=True, **kw)
    assert isinstance(o.win, Fraction) and isinstance(o.tie, Fraction)
    assert o.win + o.tie + o.loss == 1
    assert o.margin.total() == 1
    assert all(isinstance(p, Fraction) for p in o.margin.probs)
    for dist in o.morale_loss.values():
        assert dist.total() == 1
    assert all(isinstance(v, Fraction) for side in o.expected_spent.values() for v in side.values())
    assert o.expected_margin == sum(m * p for m, p in o.margin.items())


@pytest.mark.parametrize("na,nd,faces", [(3, 5, None), (0, 4, None), (4, 0, None), (0, 0, None),
                                         (3, 2, (0, 2)), (5, 3, (1, 4, 4)), (2, 2, (0, 0))])
def test_float_and_exact_margins_share_support(na, nd, faces):
    f = battle_odds(na, nd, faces=faces)
    e = battle_odds(na, nd, faces=faces, exact=True)
    assert list(f.margin.keys()) == list(e.margin.keys())
    assert max(abs(p - float(e.margin[m])) for m, p in f.margin.items()) < 1e-15
    assert f.tie == pytest.approx(float(e.tie), abs=1e-15)


@pytest.mark.parametrize("na,nd", [(1, 1), (2, 5), (7, 3), (0, 4), (12, 12)])
def test_swapping_sides_mirrors_dice_battles(na, nd):
    ab = battle_odds(attacker=na, defender=nd, exact=True)
    ba = battle_odds(attacker=nd, defender=na, exact=True)
    assert (ab.win, ab.tie, ab.loss) == (ba.loss, ba.tie, ba.win)
    assert ab.margin.as_dict() == {-m: p for m, p in ba.margin.as_dict().items()}
    if na == nd:
        assert ab.win == ab.loss


@pytest.mark.parametrize("play", ["all", "best"])
def test_swapping_sides_mirrors_bonuses(play):
    # Outcomes (not spending) are the same under both policies, so the mirror holds for both.
    ab = battle_odds(3, 2, attacker_tokens=2, defender_cards=["harpoon", "heavy_harpoon"], play=play, exact=True)
    ba = battle_odds(2, 3, defender_tokens=2, attacker_cards=["harpoon", "heavy_harpoon"], play=play, exact=True)
    assert (ab.win, ab.tie, ab.loss) == (ba.loss, ba.tie, ba.win)
    if play == "all":
        assert ab.margin.as_dict() == {-m: p for m, p in ba.margin.as_dict().items()}


def test_more_dice_never_hurts():
    t = odds_table(range(0, 13), range(0, 13), exact=True)
    win = t.win.astype(float)
    assert (np.diff(win, axis=0) >= 0).all() and (np.diff(win, axis=1) <= 0).all()
    inner = np.diff(win, axis=0)[(win[:-1] > 0) & (win[:-1] < 1)]
    assert (inner > 0).all() and inner.size > 50


# ---------------------------------------------------------------------------
# icepool cross-checks
# ---------------------------------------------------------------------------

def _icepool_pool(n, extra=0):
    icepool = pytest.importorskip("icepool")
    die = icepool.Die(list(FACES))
    return (n @ die) + extra if n else icepool.Die([extra])


@pytest.mark.parametrize(
    "kw,na,nd,ea,ed",
    [
        (dict(attacker=3, defender=5), 3, 5, 0, 0),
        (dict(attacker="ship", defender="ship", attacker_cannons=3, attacker_crew=["Sergeant"], defender_cannons=2),
         6, 4, 0, 0),
        (dict(attacker="ship", defender="red", attacker_cannons=5, attacker_crew=["Marine"]), 7, 5, 2, 0),
        (dict(attacker="red", attacker_count=2, defender="ship", defender_cannons=5, defender_crew=["Marine"]),
         10, 7, 0, 2),
        (dict(attacker="ship", defender="white", attacker_cannons=5, attacker_crew=["Sergeant"]), 8, 8, 0, 0),
    ],
)
def test_against_icepool(kw, na, nd, ea, ed):
    pytest.importorskip("icepool")
    a, d = _icepool_pool(na, ea), _icepool_pool(nd, ed)
    o = battle_odds(**kw, exact=True)
    assert (o.attacker_dice, o.defender_dice) == (na, nd)
    assert o.win == (a > d).probability(True)
    assert o.tie == (a == d).probability(True)
    diff = a - d
    assert o.margin.as_dict() == {int(k): Fraction(diff.probability(k)) for k in diff.outcomes() if diff.probability(k)}
    f = battle_odds(**kw)
    assert abs(f.win - float(o.win)) < 1e-14


def test_hit_distribution_against_icepool():
    icepool = pytest.importorskip("icepool")
    die = icepool.Die(list(FACES))
    for n in (1, 8, 20):
        pool = n @ die
        exact = hit_distribution(n, exact=True)
        assert exact == [Fraction(pool.probability(k)) if k in pool.outcomes() else 0 for k in range(len(exact))]


# ---------------------------------------------------------------------------
# Bonus play: "best" against "all"
# ---------------------------------------------------------------------------

holdings = st.tuples(
    st.integers(0, 2),  # tokens
    st.lists(st.sampled_from(["harpoon", "heavy_harpoon"]), max_size=3),
)


@st.composite
def battles(draw):
    matchup = draw(st.sampled_from(["ship-ship", "ship-red", "red-ship", "longboat-longboat", "dice"]))
    kw: dict = {}
    if matchup == "dice":
        kw["attacker"], kw["defender"] = draw(st.integers(0, 6)), draw(st.integers(0, 6))
    else:
        kw["attacker"], kw["defender"] = matchup.split("-")
    for role in ("attacker", "defender"):
        kind = kw[role]
        if kind in ("ship", "longboat") or isinstance(kind, int):
            tokens, cards = draw(holdings)
            kw[f"{role}_tokens"], kw[f"{role}_cards"] = tokens, cards
        if kind == "ship":
            kw[f"{role}_cannons"] = draw(st.integers(0, 3))
            kw[f"{role}_morale"] = draw(st.one_of(st.none(), st.integers(1, 4)))
            kw[f"{role}_crew"] = draw(st.sampled_from([(), ("Marine",), ("Sergeant",)]))
    return kw


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(battles())
def test_best_play_against_all_play(kw):
    best = battle_odds(**kw, play="best", exact=True)
    every = battle_odds(**kw, play="all", exact=True)
    # Playing more never makes a side's result worse and "all" plays the most,
    # so the smart policy reaches exactly the same win/tie/loss chances ...
    assert (best.win, best.tie, best.loss) == (every.win, every.tie, every.loss)
    # ... while spending no more, side by side and item by item.
    for role in ("attacker", "defender"):
        for k, v in best.expected_spent[role].items():
            assert v <= every.expected_spent[role][k]
    # A losing ship keeps at least as much: it is lost no more often, and
    # without a morale limit it expects to lose no more morale.
    for role, p in best.ship_lost.items():
        assert p <= every.ship_lost[role]
    for role, dist in best.morale_loss.items():
        if kw.get(f"{role}_morale") is None:
            assert dist.mean() <= every.morale_loss[role].mean()


def test_best_play_saves_items():
    kw = dict(attacker="ship", defender="ship", attacker_tokens=2, attacker_cards=["harpoon"],
              defender_tokens=2, defender_cards=["heavy_harpoon"])
    best = battle_odds(**kw, play="best", exact=True)
    every = battle_odds(**kw, play="all", exact=True)
    for role in ("attacker", "defender"):
        assert every.expected_spent[role]["tokens"] == 2 and every.expected_spent[role]["cards"] == 1
        assert best.expected_spent[role]["tokens"] + best.expected_spent[role]["cards"] < 2
    # "all" margins run further from zero: the loser's morale suffers.
    assert best.morale_loss["defender"].mean() < every.morale_loss["defender"].mean()
    none = battle_odds(**kw, play="none", exact=True)
    assert none.expected_spent["attacker"]["tokens"] == 0


def test_bonuses_change_the_odds_by_hand():
    # 1 die vs 1 die; the defender's token turns every loss by 1 or 2 into a tie or a win.
    o = battle_odds(1, 1, defender_tokens=1, exact=True)
    # Attacker wins only by rolling 3 against 1 (margin 2, token ties it) -> never a win.
    assert o.win == 0
    assert o.tie == Fraction(1, 6) * Fraction(1, 2)
    # The defender spends only when its roll is level or behind: 1 - P(defender rolled more) = 25/36.
    assert o.expected_spent["defender"]["tokens"] == Fraction(25, 36)


# ---------------------------------------------------------------------------
# best_bonuses
# ---------------------------------------------------------------------------


def test_best_bonuses_defender():
    # Already ahead: play nothing.
    assert best_bonuses(5, 4, ["harpoon"], tokens=1) == BonusChoice()
    # Behind by one: a token wins, and beats a harpoon that would only tie.
    assert best_bonuses(3, 4, ["harpoon"], tokens=1) == BonusChoice(1, (), 2)
    # Behind by one with two harpoons: both win, a single harpoon ties -> both.
    assert best_bonuses(3, 4, ["harpoon", "harpoon"]) == BonusChoice(0, ("harpoon", "harpoon"), 2)
    # Cannot win or tie: a longboat or crester gives up.
    assert best_bonuses(1, 9, ["harpoon"], tokens=2) == BonusChoice()
    # ... but a ship cuts its morale loss.
    assert best_bonuses(1, 9, ["harpoon"], tokens=2, ship=True) == BonusChoice(2, ("harpoon",), 5)
    # A ship with morale 2 losing by 8 is lost whatever it plays (8 - 5 = 3 >= 2): it keeps its items.
    assert best_bonuses(1, 9, ["harpoon"], tokens=2, ship=True, morale=2) == BonusChoice()
    # With morale 4 everything must go: two tokens alone leave a loss of 4 (ship lost), all three 3.
    assert best_bonuses(1, 9, ["harpoon"], tokens=2, ship=True, morale=4) == BonusChoice(2, ("harpoon",), 5)
    # Behind by 3 with a token, a harpoon and a heavy harpoon: the cheapest win is token + heavy (+4).
    held = ["harpoon", "heavy_harpoon"]
    assert best_bonuses(2, 5, held, tokens=1, ship=True, morale=3) == BonusChoice(1, ("heavy_harpoon",), 4)
    # Behind by 4 it takes all three to win; behind by 5 all three tie; behind by 6 they cut the loss to 1.
    for behind, margin in ((4, 1), (5, 0), (6, -1)):
        choice = best_bonuses(2, 2 + behind, held, tokens=1, ship=True, morale=3)
        assert choice == BonusChoice(1, ("harpoon", "heavy_harpoon"), 5) and 2 + choice.hits - (2 + behind) == margin


def test_best_bonuses_attacker_looks_ahead():
    # Leading 4-3, the defender holds a token: a harpoon ties, a heavy harpoon wins.
    choice = best_bonuses(4, 3, ["harpoon", "heavy_harpoon"], role="attacker", other_tokens=1)
    assert choice == BonusChoice(0, ("heavy_harpoon",), 2)
    # The defender holds nothing: keep the cards.
    assert best_bonuses(4, 3, ["harpoon", "heavy_harpoon"], role="attacker") == BonusChoice()
    # Hopeless: the defender can always answer, so the attacker saves its card.
    assert best_bonuses(2, 3, ["harpoon"], role="attacker", other_tokens=3) == BonusChoice()


def test_best_bonuses_is_what_battle_odds_uses():
    # For every dice difference, the table-driven battle agrees with the per-situation function.
    a_cards, d_tokens = ("harpoon", "heavy_harpoon"), 1
    for a in range(0, 10):
        for d in range(0, 10):
            ac = best_bonuses(a, d, a_cards, role="attacker", other_tokens=d_tokens, other_ship=True, other_morale=2)
            dc = best_bonuses(d, a + ac.hits, (), d_tokens, ship=True, morale=2)
            m, sa, sd = ref_bonus_game(a, d, dict(tokens=0, cards=a_cards, ship=False, morale=None),
                                       dict(tokens=d_tokens, cards=(), ship=True, morale=2), "best")
            assert a + ac.hits - d - dc.hits == m
            assert (ac.tokens, ac.cards) == sa and (dc.tokens, dc.cards) == sd


def test_bonus_options():
    opts = bonus_options(["harpoon", "heavy_harpoon", "harpoon"], tokens=1)
    assert sorted(o.hits for o in opts) == [0, 1, 2, 3, 4, 5, 6]
    assert opts[0] == BonusChoice()
    assert [o.items for o in opts] == sorted(o.items for o in opts)
    by_hits = {o.hits: o for o in opts}
    assert by_hits[2] == BonusChoice(1, (), 2)
    assert by_hits[4] == BonusChoice(1, ("heavy_harpoon",), 4)


# ---------------------------------------------------------------------------
# Tables and sweeps
# ---------------------------------------------------------------------------


def test_odds_table_matches_single_queries():
    t = odds_table(range(1, 17), range(1, 17))
    assert t.win.shape == (16, 16)
    for i, a in enumerate(t.rows):
        for j, d in enumerate(t.cols):
            o = battle_odds(attacker=a, defender=d)
            assert abs(t.win[i, j] - o.win) < 1e-13
            assert abs(t.tie[i, j] - o.tie) < 1e-13
            assert abs(t.loss[i, j] - o.loss) < 1e-13
    assert "win %" in t.summary()
    assert t["tie"] is t.tie


@pytest.mark.parametrize("play", ["best", "all", "none"])
def test_odds_table_with_bonuses_matches_single_queries(play):
    kw = dict(attacker_tokens=1, defender_cards=["harpoon", "heavy_harpoon"], play=play)
    t = odds_table(range(0, 7), range(0, 5), **kw)
    exact = odds_table(range(0, 7), range(0, 5), exact=True, **kw)
    for i, a in enumerate(t.rows):
        for j, d in enumerate(t.cols):
            o = battle_odds(a, d, exact=True, **kw)
            assert exact.win[i, j] == o.win and exact.loss[i, j] == o.loss
            assert abs(t.win[i, j] - float(o.win)) < 1e-13
            assert abs(t.tie[i, j] - float(o.tie)) < 1e-13


def test_odds_table_of_party_kinds():
    t = odds_table(["ship", "red"], ["ship"], attacker_cannons=0)
    assert t.win.shape == (2, 1)
    assert t.win[1, 0] == pytest.approx(battle_odds("red", "ship").win)


def test_odds_sweep_cannons_by_tokens():
    t = odds_sweep("attacker_cannons", range(0, 6), "attacker_tokens", range(0, 4),
                   attacker="ship", defender="red", attacker_crew=["Sergeant"], play="all")
    assert t.win.shape == (6, 4)
    assert t.win[3, 2] == pytest.approx(
        battle_odds("ship", "red", attacker_cannons=3, attacker_tokens=2, attacker_crew=["Sergeant"], play="all").win
    )
    assert (np.diff(t.win, axis=0) > 0).all() and (np.diff(t.win, axis=1) > 0).all()
    assert np.allclose(t.win + t.tie + t.loss, 1)


def test_odds_sweep_rejects_bad_names():
    with pytest.raises(ValueError, match="cannonz"):
        odds_sweep("cannonz", [1], "defender", [1])
    with pytest.raises(ValueError, match="col_name"):
        odds_sweep("attacker", [1], "attacker", [1])
    with pytest.raises(ValueError, match="swept"):
        odds_sweep("attacker", [1], "defender", [1], attacker=3)
    with pytest.raises(ValueError, match="attacker_range"):
        odds_table([], [1])


# ---------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kw,name",
    [
        (dict(attacker=-1, defender=2), "attacker"),
        (dict(attacker=2, defender=-3), "defender"),
        (dict(attacker="dragon"), "attacker"),
        (dict(attacker=2.5), "attacker"),
        (dict(attacker=True), "attacker"),
        (dict(attacker="ship", attacker_cannons=-1), "attacker_cannons"),
        (dict(defender="ship", defender_cannons=-2), "defender_cannons"),
        (dict(attacker_tokens=-1), "attacker_tokens"),
        (dict(defender_tokens=-1), "defender_tokens"),
        (dict(attacker_crew=["Cook"]), "attacker_crew"),
        (dict(defender_crew=["Marine", "Sergeant"]), "defender_crew"),
        (dict(defender_crew=["Marine", "Marine"]), "defender_crew"),
        (dict(attacker_cards=["grappling_hook"]), "attacker_cards"),
        (dict(defender_cards=["fuel"]), "defender_cards"),
        (dict(attacker="longboat", defender="grey", attacker_cannons=1), "attacker_cannons"),
        (dict(attacker="red", defender="ship", attacker_cannons=1), "attacker_cannons"),
        (dict(attacker=3, defender=2, attacker_cannons=1), "attacker_cannons"),
        (dict(attacker="red", defender="ship", attacker_tokens=1), "attacker_tokens"),
        (dict(attacker="ship", defender="white", defender_cards=["harpoon"]), "defender_cards"),
        (dict(attacker="longboat", defender="grey", defender_tokens=2), "defender_tokens"),
        (dict(attacker="red", defender="ship", attacker_crew=["Marine"]), "attacker_crew"),
        (dict(attacker="ship", attacker_cannons=4), "attacker_cannons"),
        (dict(attacker="ship", attacker_cannons=6, attacker_crew=["Marine"]), "attacker_cannons"),
        (dict(defender="ship", defender_cannons=6, defender_crew=["Sergeant"]), "defender_cannons"),
        (dict(defender="ship", defender_cannons=4, defender_crew=["Harpooner"]), "defender_cannons"),
        (dict(attacker="ship", attacker_morale=0), "attacker_morale"),
        (dict(attacker="red", defender="ship", attacker_morale=3), "attacker_morale"),
        (dict(attacker="ship", attacker_count=2), "attacker_count"),
        (dict(attacker="red", attacker_count=0), "attacker_count"),
        (dict(attacker="ship", defender="grey"), "defender"),
        (dict(attacker="longboat", defender="red"), "defender"),
        (dict(attacker="red", defender="white"), "defender"),
        (dict(play="some"), "play"),
        (dict(attacker=2, defender=2, faces=[1, -1]), "faces"),
    ],
)
def test_bad_input_names_the_argument(kw, name):
    with pytest.raises(ValueError, match=rf"^{name}\b"):
        battle_odds(**kw)


def test_good_edge_input_is_accepted():
    # Five cannons fit with a Marine or Sergeant; names are case-insensitive; one card may be a string.
    assert battle_odds("ship", "red", attacker_cannons=5, attacker_crew="marine").attacker_dice == 7
    assert battle_odds("Red Crester", "ship", defender_cards="harpoon").defender_dice == 2
    assert battle_odds("longboat", "Gray crester").defender_dice == 1
    assert battle_odds("ship", "great white").defender_dice == 8
    assert battle_odds(0, 0).tie == 1


def test_best_bonuses_rejects_bad_input():
    with pytest.raises(ValueError, match="^role"):
        best_bonuses(1, 2, role="both")
    with pytest.raises(ValueError, match="^cards"):
        best_bonuses(1, 2, ["coffee"])
    with pytest.raises(ValueError, match="^tokens"):
        best_bonuses(1, 2, tokens=-1)
    with pytest.raises(ValueError, match="^other_tokens"):
        best_bonuses(1, 2, role="attacker", other_tokens=-1)


# ---------------------------------------------------------------------------
# Bounds: no count can hang the odds or exhaust memory
# ---------------------------------------------------------------------------

import itertools  # noqa: E402
import signal  # noqa: E402

from windward_nb import odds as odds_mod  # noqa: E402

L = odds_mod.LIMITS
HUGE = [
    (lambda: battle_odds(10**6, 1), "attacker", L["dice"]),
    (lambda: battle_odds(1, 10**9), "defender", L["dice"]),
    (lambda: battle_odds(np.int64(2**40), 1, exact=True), "attacker", L["dice"]),
    (lambda: hit_counts(10**5), "n", L["dice"]),
    (lambda: hit_distribution(10**5, exact=True), "n", L["dice"]),
    (lambda: hit_distribution(3, faces=range(10**9)), "faces", L["faces"]),
    (lambda: hit_distribution(3, faces=[0, 10**9]), "faces", L["face hits"]),
    (lambda: battle_odds("red", "ship", attacker_count=10**6), "attacker_count", L["count"]),
    (lambda: battle_odds("ship", "red", attacker_tokens=10**9), "attacker_tokens", L["tokens"]),
    (lambda: battle_odds("ship", "ship", defender_tokens=10**9), "defender_tokens", L["tokens"]),
    (lambda: battle_odds("ship", "ship", attacker_cards=itertools.repeat("harpoon")), "attacker_cards", L["cards"]),
    (lambda: battle_odds("ship", "ship", defender_crew=["Marine"] * 10**6), "defender_crew", L["cards"]),
    (lambda: battle_odds("ship", "ship", attacker_cannons=10**9), "attacker_cannons", L["dice"]),
    (lambda: battle_odds("ship", "ship", defender_morale=10**12), "defender_morale", L["morale"]),
    (lambda: bonus_options(["harpoon"], tokens=10**9), "tokens", L["tokens"]),
    (lambda: best_bonuses(10**9, 1), "own_total", L["total"]),
    (lambda: best_bonuses(1, 10**9), "other_total", L["total"]),
    (lambda: best_bonuses(1, 2, role="attacker", other_tokens=10**9), "other_tokens", L["tokens"]),
    (lambda: odds_table(itertools.count(), [1]), "attacker_range", L["sweep values"]),
    (lambda: odds_table([1], range(10**12)), "defender_range", L["sweep values"]),
    (lambda: odds_table(range(1000), range(1000)), "attacker_range", L["cells"]),
    (lambda: odds_table(range(201), range(201), exact=True), "attacker_range", L["exact cells"]),
    (lambda: odds_table(range(150, 200), range(150, 200), exact=True), "attacker_range", L["exact work"]),
    (lambda: odds_sweep("attacker_tokens", range(10**6), "defender", [1], attacker=1), "row_values",
     L["sweep values"]),
]


@pytest.mark.parametrize("call,name,limit", HUGE, ids=[f"{n}-{i}" for i, (_, n, _) in enumerate(HUGE)])
def test_every_count_is_bounded_with_a_clear_value_error(call, name, limit):
    def hung(*_):
        raise AssertionError("the call did not refuse quickly: a count is not bounded")

    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(20)
    try:
        with pytest.raises(ValueError) as info:
            call()
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    text = str(info.value)
    assert text.startswith(name) and str(limit) in text, text


def test_odds_table_refuses_a_number_for_a_range():
    with pytest.raises(ValueError, match="^attacker_range must be an iterable"):
        odds_table(5, [1])
    with pytest.raises(ValueError, match="^defender_range must be an iterable"):
        odds_table([1], 5)
    with pytest.raises(ValueError, match="^attacker_range must be an iterable"):
        odds_table("12", [1])


def test_the_bounds_themselves_are_accepted():
    top = L["dice"]
    assert len(hit_counts(top)) == 3 * top + 1 and sum(hit_counts(top)) == 6**top
    o = battle_odds(top, top)
    assert o.win == pytest.approx(o.loss) and o.win + o.tie + o.loss == pytest.approx(1)
    assert battle_odds("red", "ship", attacker_count=L["count"]).attacker_dice == 5 * L["count"]
    assert battle_odds("ship", "ship", attacker_tokens=L["tokens"], play="all").win > 0.999
    assert len(bonus_options(["harpoon"] * 3, tokens=L["tokens"])) == 2 * L["tokens"] + 4
    assert odds_table(range(25), range(25), exact=True).win.shape == (25, 25)


# ---------------------------------------------------------------------------
# Presentation
# ---------------------------------------------------------------------------


def test_repr_and_summary():
    o = battle_odds("ship", "red", attacker_cannons=3, attacker_crew=["Marine"], attacker_tokens=1,
                    attacker_morale=2)
    text = repr(o)
    assert text.startswith("BattleOdds(ship (5 dice, +2 hits) vs red crester (5 dice): win ")
    s = o.summary()
    assert "attacker wins" in s and "ship lost" in s and "expects to spend" in s
    e = battle_odds(2, 3, exact=True)
    assert "win 0." in repr(e)
    d = Distribution(0, (Fraction(1, 2), Fraction(1, 2)))
    assert repr(d) == "Distribution({0: 1/2, 1: 1/2})"
    with pytest.raises(Exception):
        o.win = 1  # frozen
