"""The engine's battles and windward_nb.odds are the same rules.

For a grid of situations we fight many seeded battles through the engine (dice
drawn by ``engine.sample_chance``, every bonus played) and compare the observed
frequencies of win, tie, loss and ship lost with the exact odds
(``play="all"``). Tolerance: 4.5 standard errors of a binomial proportion, so a
correct engine fails by chance less than once in 100,000 runs of the whole grid,
while a wrong rule (one die too many, Marine hits missing, the wrong side
playing bonuses) moves a frequency by far more than that at N = 2,500.
"""

from __future__ import annotations

import math
import zlib

import numpy as np
import pytest

import windward_nb as ww
from windward_nb.windward import engine
from windward_nb.odds import battle_odds

N = 2500

# (name, scenario kwargs, first action, cannons chosen by the attacker, odds kwargs)
SITUATIONS = [
    ("ship vs red", dict(ships=[{"pos": "0,-2", "morale": 3}, {"pos": "port"}], reds=["-1,-1"]), "move SW", 0,
     dict(attacker="ship", defender="red", attacker_morale=3)),
    ("ship with 3 cannons and Marine vs red",
     dict(ships=[{"pos": "0,-2", "morale": 2, "cannons": 3, "crew": ["Marine"]}, {"pos": "port"}], reds=["-1,-1"]),
     "move SW", 3, dict(attacker="ship", defender="red", attacker_cannons=3, attacker_crew=["Marine"],
                        attacker_morale=2)),
    ("ship with Sergeant, harpoon and token vs ship",
     dict(ships=[{"pos": "0,-2", "morale": 2, "crew": ["Sergeant"], "hand": ["harpoon"], "tokens": 1},
                 {"pos": "1,-3", "morale": 1}], reds=[]),
     "move NE", 0, dict(attacker="ship", defender="ship", attacker_crew=["Sergeant"], attacker_cards=["harpoon"],
                        attacker_tokens=1, attacker_morale=2, defender_morale=1)),
    ("longboat with Harpooner vs grey",
     dict(ships=[{"pos": "0,-2", "boats": ["0,-2", "aboard"], "rowers": 1, "crew": ["Harpooner"]}, {"pos": "port"}],
          greys=["0,-3"], reds=[]),
     "row 1 N", None, dict(attacker="longboat", defender="grey", attacker_crew=["Harpooner"])),
    ("longboat vs longboat with a token",
     dict(ships=[{"pos": "0,-2", "boats": ["0,-2"], "rowers": 1}, {"pos": "port", "boats": ["0,-3"], "tokens": 1}],
          reds=[]),
     "row 1 N", None, dict(attacker="longboat", defender="longboat", defender_tokens=1)),
]


def fight(kwargs, first, cannons, seed):
    """Fight N battles from one position; return counts of attacker win/tie/loss and ships lost."""
    base = ww.scenario(players=2, auto_chance=False, **kwargs).state
    rng = np.random.default_rng(seed)
    counts = {"attacker": 0, "tie": 0, "defender": 0, "lost": 0}
    for _ in range(N):
        s = base.clone()
        events = engine.apply(s, first, check=False)
        while any(f["k"] == "battle" for f in s.frames):
            who = engine.decider(s)
            if who == engine.CHANCE:
                a = engine.sample_chance(s, rng)
            else:
                legal = [str(x) for x in engine.legal_actions(s)]
                if "battle cannons 0" in legal:
                    a = f"battle cannons {cannons}"
                else:  # play every bonus, then stop
                    bonus = [x for x in legal if x.startswith("play") or x == "battle token"]
                    a = bonus[0] if bonus else "battle done"
            events += engine.apply(s, a, check=False)
        ended = [e for e in events if e.kind == "BattleEnded" and "winner" in e.data]
        assert len(ended) == 1
        counts[ended[0].data["winner"]] += 1
        counts["lost"] += any(e.kind == "ShipLost" for e in events)
    return counts


def close(observed: int, p: float) -> bool:
    se = math.sqrt(max(p * (1 - p), 1e-12) / N)
    return abs(observed / N - p) <= 4.5 * se + 1e-9


@pytest.mark.parametrize("name, kwargs, first, cannons, odds_kw", SITUATIONS, ids=[s[0] for s in SITUATIONS])
def test_engine_frequencies_match_exact_odds(name, kwargs, first, cannons, odds_kw):
    counts = fight(kwargs, first, cannons, seed=zlib.crc32(name.encode()))
    o = battle_odds(play="all", **odds_kw)
    assert close(counts["attacker"], o.win), (counts, o)
    assert close(counts["tie"], o.tie), (counts, o)
    assert close(counts["defender"], o.loss), (counts, o)
    lost = sum(o.ship_lost.values())
    assert close(counts["lost"], lost), (counts, o.ship_lost)


def test_the_check_would_catch_one_die_too_many():
    """The tolerance is tight enough: a ship rolling one extra die is rejected."""
    kwargs, first = SITUATIONS[0][1], SITUATIONS[0][2]
    counts = fight(kwargs, first, 0, seed=7)
    wrong = battle_odds(attacker="ship", defender="red", attacker_cannons=1, attacker_morale=3)
    assert not (close(counts["attacker"], wrong.win) and close(counts["defender"], wrong.loss))
