"""Every subcommand of the ``windward`` command line, run as a person runs it: ``python -m windward_nb ...``
in a subprocess, checking the exit code (0 done, 1 failed, 2 wrong command line), what is printed
on stdout (text, or JSON with ``--json``) and that a mistake is one line on stderr, never a traceback.

Figures are checked against the library called in this process (odds, simulations), not typed in.
``windward lab`` is covered by ``tests/test_cli.py`` and ``tests/test_readme_lab.py``.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from windward_nb import cli

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "notebooks" / "data"
GOOD = [DATA / "greedy-2p.wwr.json", DATA / "northwind-greedy-2p.nwr.json", DATA / "plunder-mixed-3p.wpr.json"]


def windward(*argv: str, cwd: Path = REPO, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "windward_nb", *map(str, argv)], capture_output=True, text=True,
                          timeout=timeout, cwd=cwd)


def assert_one_line_error(proc: subprocess.CompletedProcess | tuple[int, str], code: int, *words: str) -> str:
    rc, err = (proc.returncode, proc.stderr) if isinstance(proc, subprocess.CompletedProcess) else proc
    assert rc == code, err
    assert "Traceback" not in err
    last = err.strip().splitlines()[-1]
    assert last.startswith("windward") and "error:" in last, err
    for w in words:
        assert w in last, last
    return last


# ============================================================================== --help
def test_help_lists_every_command_with_examples():
    proc = windward("--help")
    assert proc.returncode == 0
    for name in cli.COMMANDS:
        assert f"\n    {name} " in proc.stdout, name
    assert "examples:" in proc.stdout and "exit codes" in proc.stdout


@pytest.mark.parametrize("command", cli.COMMANDS)
def test_each_command_has_help_with_examples_and_exit_codes(command, capsys):
    assert cli.main([command, "--help"]) == 0
    out = capsys.readouterr().out
    assert "examples:" in out and f"windward {command}" in out and "exit codes: 0" in out


def test_commands_come_from_one_list():
    parser = cli.build_parser()
    choices = next(a for a in parser._actions if a.dest == "command").choices
    assert list(choices) == list(cli.COMMANDS)
    for name in cli.COMMANDS:
        assert choices[name].get_default("run").__module__ == f"windward_nb.commands.{name}"


# ============================================================================== verify
def test_verify_good_records_of_several_games():
    proc = windward("verify", *GOOD)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    for path, title in zip(GOOD, ("Windward", "North Wind", "Winds of Plunder")):
        assert any(line.startswith("ok") and str(path) in line and title in line for line in lines)
    assert "3 of 3 records ok" in proc.stdout
    data = json.loads(windward("verify", "--json", *GOOD).stdout)
    assert data["ok"] and data["checked"] == 3 and data["failed"] == 0
    import windward_nb as ww

    for verdict, path in zip(data["files"], GOOD):
        record = ww.load_record(path)
        assert verdict["plies"] == len(record.actions) and verdict["players"] == len(record.players)


def corrupt(tmp_path: Path, index: int, text: str) -> Path:
    d = json.loads(GOOD[0].read_text())
    d["actions"][index] = text
    bad = tmp_path / "bad.wwr.json"
    bad.write_text(json.dumps(d))
    return bad


def test_verify_names_the_file_and_ply_of_a_corrupted_record(tmp_path):
    bad = corrupt(tmp_path, 35, "hoist the jolly roger")
    proc = windward("verify", GOOD[1], bad)
    assert proc.returncode == 1
    failed = [line for line in proc.stdout.splitlines() if line.startswith("FAILED")]
    assert len(failed) == 1 and str(bad) in failed[0] and "ply 36" in failed[0]
    assert "1 of 2 records ok" in proc.stdout and "Traceback" not in proc.stderr
    data = json.loads(windward("verify", "--json", bad).stdout)
    assert not data["ok"] and data["files"][0]["ply"] == 36 and data["files"][0]["field"] == "actions[35]"


def test_verify_an_illegal_move_names_the_ply_the_library_names(tmp_path):
    import windward_nb as ww

    bad = corrupt(tmp_path, 35, "move NE")   # well-formed, and it sends the ship the wrong way
    with pytest.raises(ww.RecordError) as err:
        ww.load_record(bad)
    proc = windward("verify", "--json", bad)
    assert proc.returncode == 1
    verdict = json.loads(proc.stdout)["files"][0]
    assert verdict["ply"] == err.value.ply is not None and "is illegal" in verdict["error"]


def test_verify_files_that_are_not_records(tmp_path):
    junk = tmp_path / "junk.json"
    junk.write_text('{"format": "chess-record"}')
    proc = windward("verify", junk, tmp_path / "missing.wwr.json", tmp_path)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    failed = [line for line in proc.stdout.splitlines() if line.startswith("FAILED")]
    assert len(failed) == 3
    assert "unknown record format" in failed[0] and "no such file" in failed[1] and "folder" in failed[2]


# ============================================================================== replay
def test_replay_prints_the_score_sheet_up_to_a_ply():
    proc = windward("replay", GOOD[0], "--ply", "12")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("ply 12 of ") and "Captains:" in proc.stdout
    whole = windward("replay", GOOD[0]).stdout
    assert "Final" in whole and whole != proc.stdout


def test_replay_json_lists_the_plies():
    data = json.loads(windward("replay", GOOD[1], "--ply", "5", "--json").stdout)
    assert data["game"] == "north-wind" and data["ply"] == 5 and data["plies"] > 5
    assert not data["over"] and data["outcome"] is None and set(data["scores"]) == set(data["players"])


def test_replay_past_the_end_is_a_usage_error():
    assert_one_line_error(windward("replay", GOOD[0], "--ply", "99999"), 2, "outside this record")


# ============================================================================== odds
def test_odds_json_is_the_librarys_exact_battle():
    from windward_nb.odds import battle_odds

    proc = windward("odds", "--attacker", "ship", "--defender", "red", "--cannons", "3", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    o = battle_odds("ship", "red", attacker_cannons=3, exact=True)
    assert [Fraction(data[k]["fraction"]) for k in ("win", "tie", "loss")] == [o.win, o.tie, o.loss]
    assert sum(Fraction(data[k]["fraction"]) for k in ("win", "tie", "loss")) == 1
    assert {m["margin"]: Fraction(m["fraction"]) for m in data["margin"]} == dict(o.margin.items())
    assert data["attacker_dice"] == o.attacker_dice and "attacker" in data["morale_loss"]


def test_odds_text_table():
    proc = windward("odds", "--attacker", "ship", "--defender", "ship", "--cannons", "1", "--crew", "Sergeant",
                    "--defender-tokens", "1", "--defender-morale", "2")
    assert proc.returncode == 0, proc.stderr
    assert "attacker wins" in proc.stdout and "ship lost" in proc.stdout and "margin" in proc.stdout


def test_odds_north_wind_pirate_and_voyage():
    from windward_nb.northwind.odds import pirate_odds, voyage_odds

    data = json.loads(windward("odds", "--game", "north-wind", "--cannons", "3", "--strength", "2",
                               "--cannoneer", "--json").stdout)
    assert Fraction(data["win"]["fraction"]) == pirate_odds(3, 2, cannoneer=True).win
    data = json.loads(windward("odds", "--game", "north-wind", "--sail", "4", "--fog", "2", "--other", "5",
                               "--lookout", "--json").stdout)
    v = voyage_odds({"destination": 1, "fog": 2, "other": 5}, 4, lookout=True)
    assert Fraction(data["reach"]["fraction"]) == v.reach
    assert [Fraction(f["fraction"]) for f in data["fogs"]] == list(v.fogs)


@pytest.mark.parametrize("argv, words", [
    (["--attacker", "ship", "--defender", "grey"], ["cannot battle"]),
    (["--attacker", "kraken"], ["party kind"]),
    (["--crew", "Cook"], ["--crew: unknown crew"]),
    (["--defender-cannons", "9"], ["--defender-cannons: 9 cannons"]),
    (["--strength", "2"], ["--game north-wind"]),
    (["--game", "north-wind", "--attacker", "ship", "--strength", "1", "--cannons", "1"], ["Windward battle option"]),
    (["--game", "north-wind", "--strength", "1"], ["--cannons"]),
    (["--game", "north-wind", "--strength", "1", "--cannons", "1", "--sail", "2"], ["one at a time"]),
    (["--game", "tailwinds"], ["no odds tables"]),
    (["--game", "checkers"], ["unknown game"]),
])
def test_odds_bad_questions_are_usage_errors(argv, words, capsys):
    rc = cli.main(["odds", *argv])
    assert_one_line_error((rc, capsys.readouterr().err), 2, *words)


# ============================================================================== simulate
EXPECTED_COLUMNS = {"game", "index", "seed", "master_seed", "players", "options", "seat", "bot", "score", "won",
                    "winner", "over", "plies", "decisions", "rounds", "team_won", "sources_teeth", "sources_sky",
                    "sources_bought", "sources_white", "sources_other"}


def test_simulate_on_two_workers_writes_parquet_that_pandas_reads(tmp_path):
    pd = pytest.importorskip("pandas")
    from windward_nb.simulate import play_many

    out = tmp_path / "results.parquet"
    proc = windward("simulate", "--games", "6", "--players", "3", "--bots", "greedy,random,random", "--workers", "2",
                    "--seed", "11", "--out", out)
    assert proc.returncode == 0, proc.stderr
    assert "wrote 18 rows" in proc.stdout and "6 games" in proc.stdout
    assert "6/6" in proc.stderr  # tqdm's progress bar, on stderr
    frame = pd.read_parquet(out)
    assert EXPECTED_COLUMNS <= set(frame.columns) and len(frame) == 18
    assert list(frame["seat"][:3]) == [0, 1, 2] and set(frame["bot"]) == {"GreedyBot", "RandomBot"}
    # the same games as one process plays them from the same master seed
    here = play_many(6, players=3, bots=["greedy", "random", "random"], seed=11, progress=False)
    assert list(frame["seed"][::3]) == here.seeds.tolist()
    assert frame["score"].to_numpy().reshape(6, 3).tolist() == here.scores.astype(float).tolist()
    assert frame.groupby("index")["won"].sum().le(1).all()


def test_simulate_json_summary_and_other_games(tmp_path):
    out = tmp_path / "tw.parquet"
    proc = windward("simulate", "--game", "tailwinds", "--games", "4", "--players", "2", "--bots", "random",
                    "--no-progress", "--json", "--out", out)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["games"] == 4 and data["rows"] == 8 and data["out"] == str(out) and out.is_file()
    assert [s["seat"] for s in data["seats"]] == [0, 1]
    for s in data["seats"]:
        assert s["low"] <= s["win_rate"] <= s["high"]
    assert proc.stderr == ""  # --no-progress: nothing on stderr


@pytest.mark.parametrize("argv, words", [
    (["--bots", "greedy,random"], ["2 bots for 4 players"]),
    (["--bots", "admiral"], ["unknown bot"]),
    (["--players", "9"], ["1 to 5 players"]),
    (["--game", "north-wind", "--players", "1"], ["2 to 4 players"]),
    (["--option", "mode"], ["NAME=VALUE"]),
    (["--option", "mode=sinking"], ["Windward"]),
    (["--option", "seed=3"], ["--seed"]),
])
def test_simulate_bad_requests_are_usage_errors_and_play_nothing(argv, words, tmp_path, capsys):
    out = tmp_path / "r.parquet"
    rc = cli.main(["simulate", "--games", "2", "--out", str(out), "--no-progress", *argv])
    assert_one_line_error((rc, capsys.readouterr().err), 2, *words)
    assert not out.exists()


def test_simulate_into_a_missing_folder_fails_before_playing(tmp_path):
    proc = windward("simulate", "--games", "500", "--out", tmp_path / "no" / "r.parquet")
    assert_one_line_error(proc, 2, "does not exist")
    assert "game/s" not in proc.stderr


def test_simulate_on_an_existing_dask_cluster(tmp_path):
    """--scheduler sends the games to a running cluster (here a small one in this process, listening
    on TCP); the file holds the same games as one process plays."""
    pd = pytest.importorskip("pandas")
    distributed = pytest.importorskip("distributed")
    from windward_nb.simulate import play_many

    cluster = distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, protocol="tcp",
                                       host="127.0.0.1", dashboard_address=None, silence_logs=50)
    try:
        out = tmp_path / "cluster.parquet"
        proc = windward("simulate", "--games", "4", "--players", "2", "--bots", "random", "--seed", "3",
                        "--scheduler", cluster.scheduler_address, "--no-progress", "--out", out)
        assert proc.returncode == 0, proc.stderr
    finally:
        cluster.close()
    here = play_many(4, players=2, bots="random", seed=3, progress=False)
    frame = pd.read_parquet(out)
    assert frame["score"].to_numpy().reshape(4, 2).tolist() == here.scores.astype(float).tolist()


@pytest.mark.parametrize("address, code, words", [
    ("localhost", 2, ["tcp://HOST:PORT"]),
    ("http://127.0.0.1:8786", 2, ["tcp://HOST:PORT"]),
    ("tcp://127.0.0.1:notaport", 2, ["tcp://HOST:PORT"]),
])
def test_simulate_bad_scheduler_addresses(address, code, words, tmp_path, capsys):
    pytest.importorskip("distributed")
    rc = cli.main(["simulate", "--games", "2", "--scheduler", address, "--out", str(tmp_path / "r.parquet")])
    assert_one_line_error((rc, capsys.readouterr().err), code, *words)


def test_simulate_with_a_scheduler_that_does_not_answer(tmp_path, capsys):
    pytest.importorskip("distributed")
    port = _free_port()  # nothing listens there
    rc = cli.main(["simulate", "--games", "2", "--scheduler", f"tcp://127.0.0.1:{port}",
                   "--out", str(tmp_path / "r.parquet")])
    assert_one_line_error((rc, capsys.readouterr().err), 1, "cannot reach the Dask scheduler")
    assert not (tmp_path / "r.parquet").exists()


# ============================================================================== play
def test_play_dry_run_says_what_would_start(tmp_path):
    proc = windward("play", "--players", "3", "--bots", "greedy,random", "--seed", "5", "--dry-run", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "seats 1: a person, 2: greedy bot, 3: random bot" in proc.stdout and "seed 5" in proc.stdout
    assert "bots={1: 'greedy', 2: 'random'}" in proc.stdout
    assert not list(tmp_path.iterdir())  # nothing written
    plan = json.loads(windward("play", "--game", "north-wind", "--bots", "mcts", "--app", "lab", "--port", "8123",
                               "--dry-run", "--json", cwd=tmp_path).stdout)
    assert plan["seats"] == ["human", "mcts", "mcts"] and plan["app"] == "lab"
    assert "--ServerApp.port=8123" in plan["command"] and "NorthWindTable(" in plan["code"]
    assert ("--allow-root" in plan["command"]) == (hasattr(os, "geteuid") and os.geteuid() == 0)


@pytest.mark.parametrize("argv, words", [
    (["--players", "6"], ["1 to 5 players"]),
    (["--game", "tailwinds", "--bots", "admiral"], ["unknown bot"]),
    (["--players", "4", "--bots", "greedy,random"], ["2 seats for 4 players"]),
    (["--json"], ["--dry-run"]),
])
def test_play_bad_requests_are_usage_errors(argv, words, capsys):
    rc = cli.main(["play", "--dry-run", *argv] if argv != ["--json"] else ["play", "--json"])
    assert_one_line_error((rc, capsys.readouterr().err), 2, *words)


def test_play_refuses_a_game_without_a_table(capsys):
    sys.path.insert(0, str(REPO / "tests" / "core"))
    try:
        import dicerace  # noqa: F401  (the core tests' toy game: registered, but it has no table)
    finally:
        sys.path.pop(0)

    rc = cli.main(["play", "--game", "dice-race", "--dry-run"])
    assert_one_line_error((rc, capsys.readouterr().err), 2, "Dice Race has no play table")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str, deadline: float, proc: subprocess.Popen) -> tuple[int, str]:
    while True:
        if proc.poll() is not None:
            raise AssertionError(f"windward play exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=120) as resp:  # noqa: S310 - our own local server
                return resp.status, resp.read().decode("utf-8", "replace")
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)


@pytest.mark.parametrize("app, path, expect", [
    ("voila", "/", "PlayTable("),
    ("lab", "/api", '"version"'),
])
def test_play_starts_a_server_that_answers_and_stops(app, path, expect, tmp_path):
    pytest.importorskip("voila" if app == "voila" else "jupyterlab")
    port = _free_port()
    env = dict(os.environ)
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTER_DATA_DIR"):
        env[name] = str(tmp_path / name.lower())
    folder = tmp_path / "table"
    log = open(tmp_path / "play.log", "w+")  # noqa: SIM115 - closed below
    proc = subprocess.Popen([sys.executable, "-m", "windward_nb", "play", "--app", app, "--players", "2", "--bots",
                             "random", "--seed", "3", "--no-browser", "--port", str(port), "--ip", "127.0.0.1",
                             "--folder", str(folder)], cwd=tmp_path, env=env, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)
    try:
        status, body = _get(f"http://127.0.0.1:{port}{path}", time.monotonic() + 90, proc)
        assert status == 200 and expect in body
        if app == "voila":
            assert "application/vnd.jupyter.widget-view+json" in body and "Traceback" not in body
        assert (folder / "play-windward.ipynb").is_file()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=60) == 0
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
        log.seek(0)
        text = log.read()
        log.close()
    assert "Traceback" not in text, text


def test_play_removes_its_temporary_folder(tmp_path, monkeypatch):
    """Without --folder the notebook lives in a temporary folder that goes when the server stops."""
    from windward_nb.commands import play

    made: list[Path] = []
    real = play.tempfile.mkdtemp

    def mkdtemp(**kw):
        made.append(Path(real(dir=tmp_path, **kw)))
        return str(made[-1])

    monkeypatch.setattr(play.tempfile, "mkdtemp", mkdtemp)
    seen: list[str] = []
    monkeypatch.setattr(play, "_run_voila", lambda plan: seen.append(Path(plan.notebook).read_text()) or 0)
    assert cli.main(["play", "--app", "voila", "--seed", "9", "--no-browser"]) == 0
    assert made and not made[0].exists() and "seed=9" in seen[0]


# ============================================================================== usage errors and fuzzing
@pytest.mark.parametrize("argv", [
    ["simulate"],                                   # --out is required
    ["simulate", "--games", "0", "--out", "x"],
    ["simulate", "--games", "ten", "--out", "x"],
    ["simulate", "--seed", "-1", "--out", "x"],
    ["verify"],
    ["replay"],
    ["replay", "a", "b"],
    ["replay", "x.json", "--ply", "abc"],
    ["odds", "--cannons", "-1"],
    ["odds", "--play", "some"],
    ["play", "--app", "notebook"],
    ["sail"],
])
def test_usage_errors_exit_2_without_a_traceback(argv):
    proc = windward(*argv, timeout=60)
    assert_one_line_error(proc, 2)
    assert proc.stdout == ""


TOKENS = ["--game", "windward", "north-wind", "tailwinds", "chess", "--players", "--bots", "--games", "--seed",
          "--cannons", "--defender", "--attacker", "--strength", "--sail", "--fog", "--ply", "--json", "--play",
          "ship", "red", "grey", "5", "0", "-2", "3.5", "1e9", "99999999999999999999", "greedy,random", ",,", "",
          "mcts:x=1", "human", "--option", "mode=solo", "=", "é", "--", "-", "--crew", "Marine", "--dry-run"]


@settings(max_examples=80, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(command=st.sampled_from(["odds", "simulate", "verify", "replay", "play"]),
       argv=st.lists(st.sampled_from(TOKENS), max_size=7))
def test_fuzzed_command_lines_never_show_a_traceback(command, argv, capsys, tmp_path):
    if command == "simulate":      # always into a missing folder: nothing is ever played
        argv = [*argv, "--out", str(tmp_path / "missing" / "r.parquet")]
    if command == "play":          # never start a server
        argv = [*argv, "--dry-run"]
    try:
        rc = cli.main([command, *argv])
    except SystemExit as stop:     # argparse's own exit inside a nested action (never expected)
        raise AssertionError(f"SystemExit({stop.code}) escaped main") from None
    out, err = capsys.readouterr()
    assert rc in (0, 1, 2) and "Traceback" not in err
    if rc == 2:
        assert err.strip().splitlines()[-1].startswith("windward")
    if command == "simulate":
        assert rc == 2


def test_the_readme_commands_parse():
    """Every command of the README's command-line section is one this parser accepts."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    block = readme.split("<!-- cli-commands -->", 1)[1].split("```bash", 1)[1].split("```", 1)[0]
    lines = [line.split("#", 1)[0].split() for line in block.strip().splitlines()]
    assert {line[1] for line in lines} >= {"play", "replay", "verify", "simulate", "odds"}
    parser = cli.build_parser()
    for line in lines:
        assert line[0] == "windward"
        args = parser.parse_args(line[1:])
        assert args.command == line[1]
