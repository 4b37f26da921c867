"""The size of the reconstructed large planet (issue 27, item 4; docs/rulings.md P1).

The rulebooks print no tiles, only numbers that depend on the planet's size. Small World: "On the
Smaller Map to Planet, Red Cresters move 2 spaces towards your Ship instead of the standard 3
spaces." Cooperative setup: "Choose a difficulty level which changes the number of spaces the
White Crester moves" (edition b: 5, 6, 7, 8), and at a rest at port the White Crester strikes "If
it moves onto the Trading Post space". The default large planet is the radius-6 scaling of the
tile templates; ``large`` (= ``large-r5``) stays the radius-5 planet of every older record.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import windward_nb as ww
from windward_nb.windward import cresters, hexgrid
from windward_nb.windward.components import load_components
from windward_nb.windward.planet import DEFAULT_PLANET, PLANET_SIZES, Planet, planet_names, scaled_spec
from windward_nb.windward.record import Record

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "notebooks" / "data" / "greedy-2p.wwr.json"


def test_the_default_planets_radius_is_to_the_small_ones_as_the_red_speeds():
    """Red cresters move 3 on the large planet and 2 on the small one: radius 6 to radius 4."""
    large = ww.new_game(players=3, seed=1).state
    small = ww.new_game(players=3, seed=1, planet="small").state
    assert DEFAULT_PLANET == "large-r6" == large.planet.size
    assert large.planet.radius / small.planet.radius == cresters.red_speed(large) / cresters.red_speed(small) == 1.5


def test_on_the_default_planet_the_easy_white_crester_cannot_strike_the_trading_post_from_its_corner():
    """Cooperative: the difficulty (5/6/7/8 spaces) decides whether the White Crester's move from a corner
    reaches the Trading Post; on the radius-5 planet every difficulty could from most corners."""
    for planet, easy_strikes in (("large-r6", False), ("large", True)):
        g = ww.new_game(players=2, mode="cooperative", difficulty="easy", seed=3, planet=planet)
        s = g.state
        corner_steps = [cresters.distances_to(s, 0, 0, c).get(c, 99) for c in s.planet.corner.values()]
        assert any(d <= s.difficulty for d in corner_steps) == easy_strikes


@pytest.mark.parametrize("size", PLANET_SIZES)
def test_every_size_keeps_the_tiles_features_inside_their_territories(size):
    p = Planet.parse(f"{size}:CAFBED")
    for t in range(1, 7):
        cells = set(p.territory_cells[t])
        features = [p.feeding_ground[t], p.red_start[t], p.gas_pocket[t], p.corner[t]]
        assert set(features) <= cells and len(set(features)) == 4
        assert hexgrid.distance(p.cells[p.corner[t]], (0, 0)) == p.radius
    counts = {k: p.terrain.count(k) for k in ("drift", "zephyr", "gas", "feeding", "red_start", "corner")}
    assert counts["gas"] == counts["feeding"] == counts["red_start"] == counts["corner"] == 6
    # the scaled planets keep the tiles' own Drift and Zephyr spaces (nothing added or lost)
    if size.startswith("large"):
        assert counts["drift"] == 9 and counts["zephyr"] == 6


def test_a_feature_keeps_its_place_in_proportion():
    spec = load_components().tiles["large"]
    for radius in (6, 7, 8):
        scaled = scaled_spec(spec, radius)
        for old, new in zip(spec["tiles"], scaled["tiles"]):
            for key in ("feeding_ground", "red_start", "gas_pocket"):
                (r0, o0), (r1, o1) = old[key], new[key]
                assert abs(r1 - r0 * radius / 5) <= 0.5 and abs(o1 - o0 * r1 / r0) <= 0.5 + 1e-9
    assert scaled_spec(spec, 5) is spec


def test_large_r5_is_the_old_large_planet_by_both_names():
    assert Planet.parse("large-r5:ABCDEF") == Planet.parse("large:ABCDEF")
    assert str(Planet.parse("large-r5:ABCDEF")) == "large:ABCDEF"
    g = ww.new_game(players=2, seed=4, planet="large-r5")
    assert g.record.options["planet"] == "large" and g.state.planet.radius == 5
    assert "large-r5" in planet_names()


def test_old_records_name_large_and_replay_on_the_radius_5_planet():
    """A record written before the size study says "large": it replays unchanged on radius 5, with the
    component hash it was made with (the scaled planets add no data)."""
    d = json.loads(SAMPLE.read_text())
    assert d["options"]["planet"] == "large" and d["components"]["hash"] == load_components().content_hash
    g = ww.load_record(SAMPLE).replay()
    assert g.state.planet.radius == 5 and g.is_over and g.scores() == d["meta"]["final"]["scores"]


@pytest.mark.parametrize("planet", ["large-r6", "large-r7", "large-r8"])
def test_games_on_every_size_play_save_and_replay(planet):
    from windward_nb.simulate import play_game

    r = play_game(3, "greedy", 5, record=True, planet=planet)
    assert r.record.options["planet"] == planet
    again = Record.from_json(r.record.to_json()).replay()
    assert again.state.fingerprint() == r.record.replay().state.fingerprint() and again.state.planet.size == planet


def test_the_cooperative_game_plays_on_any_large_planet_but_not_the_small_one():
    for planet in ("large", "large-r6", "large-r7", "large-r8"):
        assert ww.new_game(players=2, mode="cooperative", seed=1, planet=planet).state.planet.size in PLANET_SIZES
    with pytest.raises(ValueError, match="large planet"):
        ww.new_game(players=2, mode="cooperative", seed=1, planet="small")


@pytest.mark.parametrize("bad", ["large-r9", "huge", "", None, 6])
def test_a_planet_that_does_not_exist_is_refused_by_name(bad):
    with pytest.raises(ValueError, match="planet must be one of large, large-r5, large-r6"):
        ww.new_game(players=3, seed=1, planet=bad if bad is not None else "none")
    d = json.loads(SAMPLE.read_text())
    d["options"]["planet"] = str(bad)
    with pytest.raises(ww.RecordError):
        Record.from_dict(d).replay()


def test_your_own_tile_file_is_scaled_the_same_way(tmp_path):
    tiles = json.loads((ROOT / "windward_nb" / "windward" / "data" / "tiles.json").read_text())
    tiles["large"]["tiles"][0]["feeding_ground"] = [2, 1]
    path = tmp_path / "tiles.json"
    path.write_text(json.dumps(tiles))
    comp = load_components(tiles_path=path)
    g = ww.new_game(players=2, seed=1, components=comp)
    p = g.state.planet
    assert p.size == "large-r6" and p.radius == 6
    where = 1 + p.order.index(0)                      # the territory the edited tile (Anvil) sits at
    assert p.cells[p.feeding_ground[where]] == hexgrid.polar(where, 2, 1)   # [2, 1] scaled to radius 6
    assert p.gas_pocket[where] != p.feeding_ground[where]   # Anvil's gas pocket, also [2, 1], moved aside


def _study():
    import importlib.util

    spec = importlib.util.spec_from_file_location("planet_size_bench", ROOT / "benchmarks" / "planet_size.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("size", ["large", DEFAULT_PLANET])
def test_the_committed_size_study_still_holds_and_the_rulings_quote_it(size):
    """The study's committed results (benchmarks/results/planet-size.json) are what today's code
    computes (the geometry, and the first Solo rest of the first setup seeds), and the rulings'
    P1 table quotes them."""
    study = _study()
    stored = json.loads((ROOT / "benchmarks" / "results" / "planet-size.json").read_text())
    assert study.geometry(size) == stored["geometry"][size]
    first = stored["first_rest"][size]
    assert study.first_rest(size, 12)["safe_reachable"] == first["safe_reachable"][:12]
    row = next(line for line in map(str.strip, (ROOT / "docs" / "rulings.md").read_text().splitlines())
               if line.startswith((f"| `{size}`", f"| **`{size}`**")))
    share_none = round(100 * first["safe_reachable_none"] / first["seeds"])
    assert f"| {first['safe_reachable_mean']:.{1 if size == DEFAULT_PLANET else 2}f}; {share_none}% |" in row
    assert f"| {stored['geometry'][size]['spaces']} |" in row
