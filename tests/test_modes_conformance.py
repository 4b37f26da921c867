"""Conformance playouts for every mode and variant combination the rules allow.

A uniform random player (any of ``engine.legal_actions``, chance drawn with
``engine.sample_chance`` from a seeded numpy Generator) plays each option set. After every
action: the invariants hold (plus a few mode checks below), a clone and a to_dict/from_dict
round trip keep the fingerprint. At the end the record, written to JSON and read back, replays
to the same fingerprint, and undo walks back through every earlier fingerprint.

Random captains rarely reach the late game of a variant, so "hot starts" (hand-built positions
near the White Crester's arrival, the Solo final battle, the co-op last lives, a Naturalist with a
crester to research) are played out the same way.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

import windward_nb as ww
from windward_nb.windward import engine
from windward_nb.windward.invariants import violations
from windward_nb.windward.state import GameState

ALL = ("white", "naturalist", "achievements")
VARIANT_SETS = [("white",), ("naturalist",), ("achievements",), ALL]

CONFIGS = (
    [{"players": 1}, {"players": 1, "planet": "small"}, {"players": 1, "edition": "b"}]
    + [{"players": 1, "mode": "cooperative", "edition": "b", "difficulty": "easy"}]
    + [{"players": n, "mode": "cooperative", "edition": e, "difficulty": d}
       for n, d in ((2, "normal"), (3, "hard"), (4, "impossible")) for e in ("a", "b")]
    + [{"players": n, "variants": v} for n in (2, 3, 4, 5) for v in VARIANT_SETS]
    + [{"players": 2, "variants": ALL, "edition": "b"}]
    + [{"players": 2, "planet": "small"}, {"players": 3, "planet": "small", "variants": ALL},
       {"players": 5, "planet": "small", "variants": ("white",)}]
)

# solo and co-op games are short for a random captain: play more of them
SEEDS = {"solo": [1, 2, 3, 4, 5, 6], "cooperative": [1, 2, 3, 4], "free-for-all": [1], "head-to-head": [1]}
MAX_PLIES = 300


def config_id(c: dict) -> str:
    mode = c.get("mode", {1: "solo", 2: "h2h"}.get(c["players"], "ffa"))
    bits = [f"{mode}{c['players']}"] + [c[k] for k in ("edition", "planet", "difficulty") if k in c]
    if c.get("variants"):
        bits.append("+".join(c["variants"]))
    return "-".join(bits)


def mode_problems(s: GameState) -> list[str]:
    """Checks of the modes and variants on top of windward_nb.invariants."""
    out = []
    p = s.planet
    in_battle = any(f["k"] == "battle" for f in s.frames)
    reds = Counter(s.reds)
    if reds and max(reds.values()) > (2 if s.mode == "solo" else 1):
        out.append("too many red cresters on one space")
    if s.white >= 0:
        if s.white == 0 or p.is_drift[s.white]:
            out.append("White Crester at the Trading Post or on Drift")
        if s.white in s.reds:
            out.append("White Crester shares a space with a red crester")
    if not in_battle:
        for seat, ship in enumerate(s.ships):
            if ship.pos >= 0 and (ship.pos in s.reds or ship.pos == s.white):
                out.append(f"player {seat + 1}'s ship shares a space with an alive crester outside a battle")
    if not set(s.tagged_reds) <= set(s.reds) or not set(s.tagged_greys) <= set(s.greys):
        out.append("a tag sits on a crester that is not alive")
    if Counter(s.tagged_reds) - Counter(s.reds) or Counter(s.tagged_greys) - Counter(s.greys):
        out.append("more tags than cresters on a space")
    if len(s.tagged_reds) + len(s.tagged_greys) > s.components.raw["naturalist"]["tags"]:
        out.append("more tags in use than the Naturalist has")
    if s.mode == "cooperative":
        if len(s.lives) != 2 or not all(0 <= x <= s.players for x in s.lives):
            out.append(f"lives out of range: {s.lives}")
        if not s.over and s.white < 0 and not any(f["k"] == "place_white" for f in s.frames):
            out.append("co-op White Crester missing from the planet")
    if s.mode in ("solo", "cooperative") and any(f["k"] in ("grey", "place_red") for f in s.frames):
        out.append("a crester respawns in a mode without respawns")
    for a in s.achievements:
        if len(set(a["claimed"])) != len(a["claimed"]) or (a["first"] >= 0 and a["first"] not in a["claimed"]):
            out.append(f"achievement {a['id']} claimed badly")
    if s.over and s.frames:
        out.append("frames left after the game ended")
    return out


def play_out(game: ww.Game, seed: int, max_plies: int = MAX_PLIES) -> tuple[ww.Game, list[str], Counter]:
    rng = np.random.default_rng(seed)
    s = game.state
    fingerprints = [s.fingerprint()]
    seen: Counter = Counter()
    for _ in range(max_plies):
        if game.is_over:
            break
        s = game.state
        if engine.decider(s) == engine.CHANCE:
            outcomes = engine.chance_outcomes(s)
            if outcomes is not None:
                assert abs(sum(pr for _, pr in outcomes) - 1) < 1e-9
            action = engine.sample_chance(s, rng)
        else:
            actions = engine.legal_actions(s)
            assert actions, f"no legal action for {engine.decider(s)} with frames {s.frames}"
            action = actions[int(rng.integers(len(actions)))]
        if s.frames:
            seen[s.frames[-1]["k"]] += 1
        before = fingerprints[-1]
        snapshot = s.clone()
        events = game.apply(action)
        seen.update(e.kind for e in events)
        s = game.state
        problems = violations(s) + mode_problems(s)
        assert not problems, f"after {action}: {problems}"
        fp = s.fingerprint()
        assert snapshot.fingerprint() == before, f"{action} changed an earlier clone"
        assert s.clone().fingerprint() == fp
        assert GameState.from_dict(s.to_dict()).fingerprint() == fp, f"to_dict/from_dict after {action}"
        fingerprints.append(fp)
    # the record replays to the same position
    replayed = ww.GameRecord.from_json(game.record.to_json()).replay()
    assert replayed.state.fingerprint() == fingerprints[-1]
    # undo walks back through every earlier position
    for expected in reversed(fingerprints[:-1]):
        game.undo()
        assert game.state.fingerprint() == expected
    assert not game.can_undo
    return game, fingerprints, seen


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_random_playouts(config):
    mode = config.get("mode", {1: "solo", 2: "head-to-head"}.get(config["players"], "free-for-all"))
    for seed in SEEDS[mode]:
        game = ww.new_game(seed=seed, auto_chance=False, **config)
        assert game.state.mode == mode
        play_out(game, seed)


# ----------------------------------------------------------------------------- hot starts
def hot(seed: int, **kw) -> ww.Game:
    kw.setdefault("auto_chance", False)
    kw.setdefault("wind", 1 + seed % 6)
    return ww.scenario(seed=seed, **kw)


def test_hot_start_white_crester_arrival():
    seen: Counter = Counter()
    for seed in range(6):
        ships = [{"pos": "0,-1", "notoriety": 9, "morale": 3, "gas": 2, "cannons": 2, "hand": ["fuel"]},
                 {"pos": "port", "notoriety": 8, "gas": 4},
                 {"pos": "2,0", "notoriety": 9, "morale": 2}]
        g = hot(seed, players=3, ships=ships, variants=["white", "achievements"], greys=["0,-3", "4,-4"],
                achievements=["circumnavigator", "high_spirits"])
        seen += play_out(g, seed, 250)[2]
    assert seen["white_roll"] and seen["CresterPlaced"]


def test_hot_start_solo_final_battle():
    seen: Counter = Counter()
    for seed in range(12):
        g = hot(seed, players=1, ships=[{"pos": "0,-2", "morale": 4, "cannons": 3, "hand": ["harpoon", "fuel"],
                                         "tokens": 2}],
                reds=["0,-3"], greys=["4,-4"])
        seen += play_out(g, seed, 200)[2]
    assert seen["place_white"] and seen["battle"]


def test_hot_start_cooperative_last_lives():
    seen: Counter = Counter()
    for seed in range(10):
        ships = [{"pos": "0,-1", "morale": 4, "cannons": 3, "hand": ["harpoon"], "red_teeth": 1},
                 {"pos": "port", "hand": ["fuel", "coffee"]}, {"pos": "port"}]
        g = hot(seed, players=3, mode="cooperative", ships=ships, white="0,-3", lives=[1 + seed % 2, 2],
                difficulty="easy")
        seen += play_out(g, seed, 250)[2]
    assert seen["LifeLost"] and seen["teeth"]


def test_hot_start_naturalist_research():
    seen: Counter = Counter()
    for seed in range(6):
        ships = [{"pos": "0,-2", "morale": 4, "hold": "red", "colour": "purple", "gas": 1},
                 {"pos": "0,-1", "colour": "blue", "hold": "grey"}, {"pos": "port", "colour": "green"}]
        tagged = {"tagged_reds": ["5,0"], "tagged_greys": ["2,0"]} if seed % 3 else {}   # some start untagged
        g = hot(seed, players=3, ships=ships, variants=["naturalist"], edition="ab"[seed % 2],
                reds=["5,0", "2,-4"], greys=["-3,1", "2,0"], **tagged)
        seen += play_out(g, seed, 250)[2]
    assert seen["release"] and seen["CresterResearched"]
