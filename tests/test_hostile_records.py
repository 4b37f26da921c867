"""Whatever a record file holds is either refused with a :class:`RecordError` naming the field, or it
loads, replays and displays at every ply, in every game.

The repros of issue 25: a Tailwinds record whose ``options.components`` holds an effect ``{"op": []}``
made ``load_record`` raise ``TypeError`` (and ``windward verify`` print a traceback); a North Wind
record's ``options.start`` with ``turn = 9`` in a 3-player game, ``phase = "bogus"`` or ``"peek"``,
50 revealed tiles or a pirate of strength 10**9 loaded and verified, then ``windward replay FILE
--ply 0`` or ``replay_html`` crashed. Beyond those, Hypothesis edits any value of sample records of
the four games (built start positions included) into a hostile one.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import windward_nb as ww
from windward_nb import cli
from windward_nb.commands.replay import position_json, position_text
from windward_nb.core.errors import RecordError
from windward_nb.core.record import record_class
from windward_nb.core.replay_page import replay_html
from windward_nb.core.rules import CHANCE
from windward_nb.core.svg import state_svg
from windward_nb.core.view import view_for

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "notebooks" / "data"


def advance(g, plies: int) -> None:
    """Play ``plies`` plies: the first legal action, chance drawn from the game's generator."""
    for _ in range(plies):
        if g.is_over:
            return
        g.apply(g.rules.sample_chance(g.state, g.rng) if g.current_player == CHANCE else g.legal_actions()[0])


def load(d: dict):
    """The record of ``d`` loaded and verified, as ``ww.load_record`` does (RecordError otherwise)."""
    rec = record_class(d).from_dict(d)
    rec.verify()
    return rec


def displays_at_every_ply(rec) -> None:
    """Replay ``rec`` and show every ply as the table, the command line and the replay page do."""
    cursor = rec.cursor()
    names = rec.names()
    for ply in range(len(rec.actions) + 1):
        cursor.seek(ply)
        s = cursor.state
        view = view_for(s)
        view.text_summary(s, names)
        view.coach(s, names)
        view.status(s)
        view.board(s)
        view.action_rows(s)
        view.turn_buttons(s)
        cursor.caption()
        for seat in range(len(names)):
            cursor.rules.observation(s, seat)
    state_svg(cursor.state)
    for ply in (0, len(rec.actions)):
        position_text(rec, ply)
        position_json(rec, ply)
    rec.to_text()
    rec.replay()


# ============================================================================== the repros
def _tailwinds_with_op(op) -> dict:
    g = ww.new_game(game="tailwinds", players=2, seed=3, characters=["sailor", "pirate"])
    movement = json.loads((REPO / "windward_nb" / "tailwinds" / "data" / "movement.json").read_text())
    movement["characters"][0]["cards"][2]["ability"]["ops"][0] = op
    d = g.record.to_dict()
    d["options"]["components"] = {"movement": movement}
    return d


@pytest.mark.parametrize("op", [{"op": []}, {"op": {}}, {"op": None}, {"op": 3},
                                {"op": "push_back", "where": [], "range": 1, "spaces": 1},
                                {"op": "push_back", "where": {"a": 1}, "range": 1, "spaces": 1}])
def test_a_tailwinds_effect_of_the_wrong_shape_is_a_record_error(op, tmp_path, capsys):
    d = _tailwinds_with_op(op)
    with pytest.raises(RecordError, match="options"):
        load(d)
    path = tmp_path / "bad.twr.json"
    path.write_text(json.dumps(d), encoding="utf-8")
    with pytest.raises(RecordError):
        ww.load_record(path)
    assert cli.main(["verify", str(path)]) == 1
    out, err = capsys.readouterr()
    assert "FAILED" in out and "Traceback" not in out + err


def _north_wind_start(**edits) -> dict:
    from windward_nb.northwind.scenario import scenario

    d = scenario(players=3).record.to_dict()
    d["options"]["start"].update(edits)
    return d


@pytest.mark.parametrize("edits, field", [
    ({"turn": 9}, "options.start.turn"),
    ({"turn": -1}, "options.start.turn"),
    ({"phase": "bogus"}, "options.start.phase"),
    ({"phase": "peek"}, "options.start.phase"),
    ({"phase": "peek", "peek": "salt-1"}, "options.start.phase"),
    ({"row": ["salt-1"] * 50, "used": [False] * 50}, "options.start.row"),
    ({"pirate": 10**9}, "options.start.pirate"),
    ({"gold": [10**9, 5, 5]}, "options.start.gold[0]"),
    ({"stack": 1}, "options.start.stack"),
    ({"letter_queue": [1]}, "options.start.letter_queue"),
    ({"cut": 0}, "options.start.cut"),
    ({"turns": 0}, "options.start.turns"),
    ({"crew": [["lookout", "lookout"], [], []]}, "options.start.crew[0]"),
    ({"secret": [[["salt-1"], [], []], [[], [], []], [[], [], []]]}, "options.start.secret[0][0]"),
    ({"known": [["north-cape", "north-cape"], ["fort-haven"], ["olsand"]]}, "options.start.known[0]"),
    ({"data": "0000000000000000"}, "options.start.data"),
    ({"players": 2}, "options.start.players"),
    ({"winner": 0, "result": "won"}, "options.start.winner"),
    ({"extra": 1}, "options.start.extra"),
])
def test_a_north_wind_start_is_checked_as_strictly_as_an_action(edits, field, tmp_path):
    d = _north_wind_start(**edits)
    with pytest.raises(RecordError) as err:
        load(d)
    assert err.value.field == field, str(err.value)
    path = tmp_path / "edited.nwr.json"
    path.write_text(json.dumps(d), encoding="utf-8")
    assert cli.main(["replay", str(path), "--ply", "0"]) == 1


def test_a_valid_north_wind_start_replays_and_displays(tmp_path):
    from windward_nb.northwind.scenario import scenario

    g = scenario(players=3, gold=[0, 7, 2], crew=[["lookout"], [], ["treasurer"]], turn=2)
    advance(g, 30)
    rec = load(json.loads(g.record.to_json()))
    displays_at_every_ply(rec)
    replay_html(rec)


# ============================================================================== fuzzing every field
SAMPLES = ["greedy-2p.wwr.json", "northwind-greedy-2p.nwr.json", "plunder-mixed-3p.wpr.json",
           "tailwinds-greedy-2p.twr.json"]


def _built_starts() -> list[dict]:
    """Records that start from built positions, one per game (cut short: the fuzz replays them often)."""
    from windward_nb.northwind.scenario import scenario as nw
    from windward_nb.plunder.scenario import scenario as wop
    from windward_nb.tailwinds.scenario import scenario_game as tw

    out = []
    for g in (ww.scenario(players=2, wind=3, ships=[{"pos": "0,-3", "cannons": 2}, {"pos": "port"}]),
              nw(players=2, gold=[3, 4]), wop(players=3, wind="E", turn="red"),
              tw(boats=[[(5, 1), (3, 1)], [(4, 1), (2, 1)]], turn=1, card="5")):
        advance(g, 12)
        out.append(json.loads(g.record.to_json()))
    return out


def _short(name: str, plies: int = 40) -> dict:
    d = json.loads((DATA / name).read_text(encoding="utf-8"))
    d["actions"] = d["actions"][:plies]
    d["comments"] = {k: v for k, v in d.get("comments", {}).items() if int(k) <= plies}
    return d


BASES: list[dict] = []


def bases() -> list[dict]:
    if not BASES:
        BASES.extend([_short(n) for n in SAMPLES] + _built_starts())
    return BASES


def _paths(value, path=()):
    """Every path to a value inside ``value`` (dict keys and list indices)."""
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:12]):
            yield from _paths(v, (*path, i))


HOSTILE = st.one_of(
    st.sampled_from([None, True, False, 0, -1, 1, 2, 3, 7, 99, 2**31, 10**18, -(10**18), 0.5, 1e300, "", "x",
                     "salt-1", "choose", "peek", "port", "0,0", "N", [], {}, [[]], [0], [-1], ["x"], {"op": []},
                     [None], {"": 0}, "é" * 50, [[0, 0]], [1, 2, 3]]),
    st.integers(-5, 40), st.text(max_size=6),
)


def _edit(d: dict, path: tuple, value) -> dict:
    d = copy.deepcopy(d)
    if not path:
        return d
    node = d
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value
    return d


@settings(max_examples=int(__import__("os").environ.get("WINDWARD_RECORD_FUZZ", "160")), deadline=None,
          derandomize=True, database=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_any_edited_record_is_refused_or_replays_and_displays(data):
    base = data.draw(st.sampled_from(bases()), label="record")
    paths = [p for p in _paths(base) if p and p[0] not in ("format", "version")]
    path = data.draw(st.sampled_from(paths), label="path")
    value = data.draw(HOSTILE, label="value")
    d = _edit(base, path, value)
    try:
        rec = load(d)
    except RecordError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    displays_at_every_ply(rec)


ALL_SAMPLES = sorted(p.name for p in DATA.glob("*.*r.json"))


@pytest.mark.parametrize("name", ALL_SAMPLES)
def test_a_truncated_record_is_a_record_error(name, tmp_path):
    text = (DATA / name).read_bytes()
    end = len(text.rstrip())  # the closing brace
    for cut in sorted({1, 2, end // 3, end // 2, end - 3, end - 1}):
        path = tmp_path / f"cut{cut}.json"
        path.write_bytes(text[:cut])
        with pytest.raises(RecordError):
            ww.load_record(path)


@pytest.mark.parametrize("name", ALL_SAMPLES)
def test_the_command_line_shows_every_sample_at_ply_0_and_at_its_end(name, capsys):
    """Repro: ``windward replay notebooks/data/northwind-greedy-2p.nwr.json --ply 0`` crashed in
    ``northwind/words.stacks_text`` (the stacks are empty before the deal)."""
    for ply in ("0", "1", "-1"):
        assert cli.main(["replay", str(DATA / name), "--ply", ply]) == 0
        assert cli.main(["replay", str(DATA / name), "--ply", ply, "--json"]) == 0
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err and err == ""


@pytest.mark.parametrize("game", ["windward", "north-wind", "winds-of-plunder", "tailwinds"])
def test_a_built_position_saves_loads_and_replays_in_every_game(game, tmp_path):
    """Issue 25: plunder.scenario() and tailwinds.scenario() positions had no record."""
    from windward_nb.northwind.scenario import scenario as north_wind
    from windward_nb.plunder.scenario import scenario as plunder
    from windward_nb.tailwinds.scenario import scenario_game as tailwinds

    g = {"windward": lambda: ww.scenario(players=2, wind=3, ships=[{"pos": "0,-3", "cannons": 2}, {"pos": "port"}]),
         "north-wind": lambda: north_wind(players=2, gold=[3, 4], crew=[["lookout"], []]),
         "winds-of-plunder": lambda: plunder(3, ships={"red": "jamaica", "blue": "nassau"}, wind="E", turn="red",
                                             hands={"red": ["mutiny"]}, vp={"green": 4}),
         "tailwinds": lambda: tailwinds(boats=[[(5, 1), (3, 1)], [(4, 1), (2, 1)]], turn=1, card="5")}[game]()
    start = g.state.fingerprint()
    advance(g, 20)
    g.record.comment(0, "a built position")
    path = g.record.save(tmp_path / f"built{g.record.SUFFIX}")
    rec = ww.load_record(path)
    assert rec.replay(0).state.fingerprint() == start
    assert rec.replay().state.fingerprint() == g.state.fingerprint()
    displays_at_every_ply(rec)
