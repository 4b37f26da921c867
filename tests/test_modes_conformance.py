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
from windward_nb import engine
from windward_nb.invariants import violations
from windward_nb.state import GameState

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
    """Checks of the modes and variants on top of windward_nb.invariants (which holds every
    stacking cap: red cresters per space, the White Crester, ships on cresters, Naturalist tags)."""
    out = []
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


def check_game_clone(game: ww.Game, action, fingerprints: list[str], rng) -> None:
    """A clone undoes and plays on; the original undoes and redoes: each keeps its own history."""
    fp, plies = fingerprints[-1], list(game.record.actions)
    twin = game.clone()
    assert twin.state.fingerprint() == fp and twin.record.actions == plies
    twin.undo()
    assert twin.state.fingerprint() == fingerprints[-2]
    s = twin.state
    if engine.decider(s) == engine.CHANCE:
        other = engine.sample_chance(s, rng)
    else:
        options = [a for a in engine.legal_actions(s) if a != action] or engine.legal_actions(s)
        other = options[int(rng.integers(len(options)))]
    twin.apply(other)
    twin.undo()
    assert twin.state.fingerprint() == fingerprints[-2]
    assert game.state.fingerprint() == fp and game.record.actions == plies  # the original is untouched
    game.undo()
    assert game.state.fingerprint() == fingerprints[-2]
    game.apply(action)
    assert game.state.fingerprint() == fp and game.record.actions == plies


def play_out(game: ww.Game, seed: int, max_plies: int = MAX_PLIES,
             clone_every: int = 7) -> tuple[ww.Game, list[str], Counter]:
    rng = np.random.default_rng(seed)
    side_rng = np.random.default_rng(seed + 1000)  # the clones' choices do not shift the main line
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
        if len(fingerprints) % clone_every == 0:
            check_game_clone(game, action, fingerprints, side_rng)
    # the record replays to the same position
    replayed = ww.GameRecord.from_json(game.record.to_json()).replay()
    assert replayed.state.fingerprint() == fingerprints[-1]
    # undo walks back through every earlier position, on a clone and then on the original
    twin = game.clone()
    for expected in reversed(fingerprints[:-1]):
        twin.undo()
        assert twin.state.fingerprint() == expected
    assert not twin.can_undo and game.state.fingerprint() == fingerprints[-1]
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


# ----------------------------------------------------------------------------- the caps themselves
@pytest.mark.parametrize("players,reds,broken", [
    (1, ["0,-3", "0,-3"], False),             # Solo: two reds may share a space (V1, V10)
    (1, ["0,-3", "0,-3", "0,-3"], True),      # ... never three
    (2, ["2,-4", "2,-4"], True),              # elsewhere alive reds never share
    (3, ["2,-4", "2,-4"], True),
    (3, ["2,-4", "2,-3"], False),
])
def test_invariants_hold_the_red_cap_of_every_mode(players, reds, broken):
    ships = [{"pos": "port"} for _ in range(players)]
    s = ww.scenario(players=players, ships=ships, reds=reds, auto_chance=False).state
    found = [p for p in violations(s) if "red cresters share" in p]
    assert bool(found) == broken, violations(s)


def test_invariants_see_the_white_crester_and_ships_on_cresters_and_tags():
    s = ww.scenario(players=3, ships=[{"pos": "port"}] * 3, variants=["white"], reds=["2,-4"], white="2,-4",
                    auto_chance=False).state
    assert any("White Crester shares" in p for p in violations(s))
    s = ww.scenario(players=3, ships=[{"pos": "2,-4"}, {"pos": "port"}, {"pos": "port"}], reds=["2,-4"],
                    auto_chance=False).state
    assert any("shares 2,-4 with an alive crester" in p for p in violations(s))
    s = ww.scenario(players=3, ships=[{"pos": "port"}] * 3, variants=["naturalist"], reds=["2,-4"],
                    auto_chance=False).state
    s.tagged_reds = [s.reds[0]] * 7
    assert any("Naturalist tags in use" in p for p in violations(s))
