"""Bot specs have one grammar that cannot be read two ways (the command line, ``play_many`` and the
table's seat pickers all use it), and the command line bounds what a run can ask for.

The repros of issue 25: ``--bots mcts:iterations=2,c=1.4`` (the syntax the help shows) and
``play_many(bots="mcts:iterations=2,c=1.4")`` split one bot at its options; ``--option`` with JSON
60,000 levels deep, ``--games 10**30 --workers 2`` and ``--games 10000000000`` ended in tracebacks
(``RecursionError``, ``OverflowError``, ``MemoryError``); ``chunk_plan`` listed every game index.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from windward_nb import cli
from windward_nb.core.bots import BotSpecError, make_bot, parse_spec, split_specs
from windward_nb.core.simulate import MAX_GAMES, bot_specs, chunk_plan, play_many


# ============================================================================== the grammar
@pytest.mark.parametrize("text, specs", [
    ("greedy", ["greedy"]),
    ("mcts:iterations=2,c=1.4", ["mcts:iterations=2,c=1.4"]),
    ("greedy,mcts:iterations=2,c=1.4,random", ["greedy", "mcts:iterations=2,c=1.4", "random"]),
    (" greedy , mcts: iterations = 2 , c=1.4 ", ["greedy", "mcts: iterations = 2,c=1.4"]),
    ("mcts:rollout=greedy,random", ["mcts:rollout=greedy", "random"]),
    ("greedy:upgrades=sail-cannon-lookout,greedy", ["greedy:upgrades=sail-cannon-lookout", "greedy"]),
])
def test_a_list_of_bots_splits_at_bot_names_only(text, specs):
    assert split_specs(text) == specs


@pytest.mark.parametrize("text, words", [
    ("", "empty part"),
    ("greedy,,random", "empty part"),
    ("greedy,", "empty part"),
    ("c=1.4", "before any bot"),
    ("greedy,c=1.4", "has no ':'"),
    ("mcts:", "must be followed by options"),
    ("mcts:iterations", "not an option"),
    ("mcts:iterations=2,iterations=3", "given twice"),
    ("mcts:c=nan", "not a finite number"),
    ("mcts:c=inf", "not a finite number"),
    ("mcts:c=1e999", "not a finite number"),
    ("mcts:c=a b", "not a number"),
    ("mcts:c=<script>", "not a number"),
    ("my bot", "not a bot's name"),
    ("mcts:" + ",".join(f"k{i}=1" for i in range(40)), "at most"),
    ("x" * 5000, "too long"),
])
def test_specs_outside_the_grammar_are_one_line_errors(text, words):
    with pytest.raises(BotSpecError, match=words) as err:
        split_specs(text)
    assert "\n" not in str(err.value)


def test_values_are_numbers_booleans_or_words():
    assert parse_spec("mcts:iterations=200,c=1.4,own_moves=true,paired=FALSE,rollout=greedy") == (
        "mcts", {"iterations": 200, "c": 1.4, "own_moves": True, "paired": False, "rollout": "greedy"})
    assert parse_spec("GreedyBot") == ("greedybot", {})


NAMES = st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True).filter(lambda n: n not in ("true", "false"))
VALUES = st.one_of(st.integers(-10**6, 10**6), st.floats(-1e6, 1e6, allow_nan=False).map(lambda x: round(x, 3)),
                   st.booleans(), st.from_regex(r"[a-z][a-z_-]{0,8}", fullmatch=True)
                   .filter(lambda w: w not in ("true", "false", "inf", "nan", "infinity")))
OPTIONS = st.dictionaries(st.from_regex(r"[a-z_][a-z0-9_]{0,8}", fullmatch=True), VALUES, max_size=4)


def _text(value):
    return str(value).lower() if isinstance(value, bool) else repr(value) if isinstance(value, float) else str(value)


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(bots=st.lists(st.tuples(NAMES, OPTIONS), min_size=1, max_size=5), spaces=st.booleans())
def test_any_list_written_in_the_grammar_reads_back_as_written(bots, spaces):
    """The grammar is not ambiguous: a list of bots with any options, joined by commas, reads back
    as the same bots with the same options."""
    sep = " , " if spaces else ","
    texts = [name + (":" + sep.join(f"{k}={_text(v)}" for k, v in opts.items()) if opts else "")
             for name, opts in bots]
    got = [parse_spec(spec) for spec in split_specs(sep.join(texts))]
    assert got == [(name, opts) for name, opts in bots]


# ============================================================================== every user of the grammar
def test_play_many_takes_one_bot_with_several_options():
    """Repro: play_many(bots="mcts:iterations=2,c=1.4") failed with "unknown bot 'c=1.4'"."""
    r = play_many(2, players=2, bots="mcts:iterations=2,c=1.4", game="north-wind", progress=False,
                  max_actions=30)
    assert r.bots == ["MCTSBot", "MCTSBot"] and len(r) == 2 and not r.failures
    assert bot_specs("greedy,mcts:iterations=2,c=1.4", 2) == ["greedy", "mcts:iterations=2,c=1.4"]
    with pytest.raises(ValueError, match="3 bots for 2 players"):
        bot_specs("greedy,random,greedy", 2)


def test_make_bot_passes_the_options_and_names_a_refused_one():
    from windward_nb.northwind import BOTS

    bot = make_bot("mcts:iterations=3,c=1.4,own_moves=true", 1, {"mcts": __import__(
        "windward_nb.core.mcts", fromlist=["MCTSBot"]).MCTSBot})
    assert (bot.iterations, bot.c, bot.own_moves) == (3, 1.4, True)
    with pytest.raises(BotSpecError, match="unexpected keyword"):
        make_bot("greedy:speed=3", 1, BOTS)


def test_the_command_line_plays_one_bot_with_several_options(tmp_path, capsys):
    """Repro: ``--bots mcts:iterations=2,c=1.4`` failed with ValueError: unknown bot 'c=1.4'."""
    out = tmp_path / "r.parquet"
    rc = cli.main(["simulate", "--game", "north-wind", "--games", "2", "--players", "2", "--bots",
                   "mcts:iterations=2,c=1.4", "--max-actions", "30", "--no-progress", "--json", "--out", str(out)])
    captured = capsys.readouterr()
    assert rc == 0, captured.err
    assert out.exists() and '"MCTSBot"' in captured.out


def test_a_table_seat_takes_a_bot_spec_with_options():
    from windward_nb.northwind import new_game
    from windward_widgets.northwind import NorthWindTable

    t = NorthWindTable(new_game(players=2, seed=3), bot_pause=0)
    t.set_bot(1, "mcts:iterations=2,c=1.4", run=False)
    assert t.bots[1].iterations == 2 and t.bots[1].c == 1.4
    assert t.seat_pickers[1].value == "mcts:iterations=2,c=1.4"
    assert "mcts bot (iterations=2,c=1.4)" in [label for label, _ in t.seat_pickers[1].options]
    for bad in ("mcts:c=nan", "greedy,random", "grumpy"):
        with pytest.raises(ValueError):
            t.set_bot(1, bad, run=False)
    assert t.bots[1].c == 1.4  # a refused spec changes nothing


# ============================================================================== bounded runs
def _usage_error(argv, capsys, *words):
    rc = cli.main(argv)
    err = capsys.readouterr().err
    assert rc == 2, err
    assert "Traceback" not in err
    last = err.strip().splitlines()[-1]
    assert last.startswith("windward") and "error:" in last
    for w in words:
        assert w in last, last
    return last


@pytest.mark.parametrize("argv, words", [
    (["--games", str(10**30), "--workers", "2"], ["more than a run can ask for"]),
    (["--games", "10000000000"], ["more than a run can ask for", str(MAX_GAMES)]),
    (["--games", "9" * 5000], ["characters"]),
    (["--workers", "100000"], ["processes"]),
    (["--max-actions", str(10**12)], ["plies"]),
    (["--game", "tailwinds", "--players", "2", "--option", "track=" + "[" * 60_000 + "]" * 60_000], ["characters"]),
    (["--game", "tailwinds", "--players", "2", "--option", "track=" + "[" * 30_000 + "]" * 30_000], ["nested"]),
    (["--game", "tailwinds", "--players", "2", "--option", "track=" + "[" * 8 + "]" * 8], ["Tailwinds"]),
    (["--option", "rounds=1", "--option", "rounds=2"], ["twice"]),
    (["--bots", "greedy,c=1.4"], ["has no ':'"]),
    (["--bots", "mcts:c=nan"], ["finite"]),
])
def test_the_command_line_bounds_what_a_run_asks_for(argv, words, tmp_path, capsys):
    _usage_error(["simulate", *argv, "--out", str(tmp_path / "r.parquet")], capsys, *words)
    assert not (tmp_path / "r.parquet").exists()


@pytest.mark.parametrize("kwargs, words", [
    ({"n": 10**30}, "n must be a whole number from 0 to"),
    ({"n": MAX_GAMES + 1}, "n must be"),
    ({"n": 2, "workers": 10**9}, "workers must be"),
    ({"n": 2, "max_actions": 0}, "max_actions must be"),
    ({"n": 2, "seed": -1}, "seed must be"),
    ({"n": 2, "chunksize": 0}, "chunksize must be"),
    ({"n": 2.5}, "n must be"),
])
def test_play_many_refuses_runs_it_cannot_hold(kwargs, words):
    with pytest.raises(ValueError, match=words):
        play_many(players=2, bots="random", game="north-wind", progress=False, **kwargs)


def test_a_chunk_plan_is_streamed():
    """Repro: ``chunk_plan`` listed every game index (``--games 10000000000`` ran out of memory)."""
    plan = chunk_plan(10**15, 2, chunksize=1)
    assert isinstance(plan, Iterator)
    assert [list(c) for c in itertools.islice(plan, 3)] == [[0], [1], [2]]
    first = next(iter(chunk_plan(10**15, 2)))
    assert len(first) == math.ceil(10**15 / 8) and first[-1] == len(first) - 1  # a range, not a list


def test_a_pool_run_sends_chunks_as_it_goes_and_keeps_every_game():
    r = play_many(9, players=2, bots="random", game="north-wind", workers=2, chunksize=1, progress=False,
                  max_actions=40)
    assert len(r) == 9 and r.chunks == 9 and list(r.indices) == list(range(9))


def test_the_table_windward_play_writes_seats_a_bot_with_options(capsys):
    """``windward play --bots mcts:iterations=2,c=1.4`` writes a notebook whose table takes that spec."""
    import json

    rc = cli.main(["play", "--game", "north-wind", "--players", "2", "--bots", "mcts:iterations=2,c=1.4", "--seed",
                   "4", "--dry-run", "--json"])
    out = capsys.readouterr().out
    assert rc == 0
    plan = json.loads(out)
    assert plan["seats"] == ["human", "mcts:iterations=2,c=1.4"]
    scope: dict = {}
    exec(plan["code"].replace("table\n", "").rsplit("\ntable", 1)[0], scope)  # build the table, do not show it
    table = scope["table"]
    assert table.bots[1].iterations == 2 and table.bots[1].c == 1.4
