"""Every bad input a user can give the `mtg-ecs` command (issue 16, item 2): one line on
stderr naming the command and what is wrong, exit status 2, no traceback — before any
game is played."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from mtg_ecs.apps import arguments
from mtg_ecs.apps.cli import main

BENCH = os.path.join(os.path.dirname(__file__), "..", "bench", "decks")
CARDS = os.path.join(BENCH, "vanilla-cards.yaml")
VANILLA = ["--deck", os.path.join(BENCH, "vanilla-gold.txt"),
           "--deck", os.path.join(BENCH, "vanilla-silver.txt"), "--cards", CARDS]


def run(argv, capsys):
    """(exit status, stderr) of `mtg-ecs ARGV`."""
    return main(argv), capsys.readouterr().err


def refused(argv, capsys, *words, prog=None):
    """Exit 2 and one line on stderr, `PROG: ...` (default: mtg-ecs and the command), that
    holds each of `words`."""
    rc, err = run(argv, capsys)
    assert rc == 2, err
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert err.startswith(f"{prog or 'mtg-ecs ' + argv[0]}: "), err
    for w in words:
        assert w in err, err
    return err


# ---------------------------------------------------------------------------
# numeric options: validated by argparse
# ---------------------------------------------------------------------------
NUMBERS = [
    (["simulate", "--seed", "-1"], "--seed", "a seed from 0 to 2**128 - 1, not -1"),
    (["simulate", "--seed", str(2 ** 128)], "--seed", "a seed"),
    (["simulate", "--seed", "seven"], "--seed", "not 'seven'"),
    (["simulate", "--games", "0"], "--games", "a whole number, 1 or more, not 0"),
    (["simulate", "--games", "1.5"], "--games", "'1.5'"),
    (["simulate", "--jobs", "-3"], "--jobs", "worker processes from 0 (one per core)"),
    (["simulate", "--jobs", "5000"], "--jobs", "to 1024"),
    (["simulate", "--turn-limit", "0"], "--turn-limit", "1 or more"),
    (["simulate", "--players", "1"], "--players", "2 (a duel) to 6 (free-for-all), not 1"),
    (["simulate", "--players", "7"], "--players", "2 (a duel) to 6 (free-for-all), not 7"),
    (["fuzz", "--seed", "-1"], "--seed"),
    (["fuzz", "--games", "0"], "--games"),
    (["fuzz", "--first", "-1"], "--first", "0 or more"),
    (["fuzz", "--jobs", "-1"], "--jobs"),
    (["fuzz", "--pool", "0"], "--pool", "1 or more"),
    (["fuzz", "--pool", "-1"], "--pool"),
    (["fuzz", "--players", "9"], "--players"),
    (["fuzz", "--turn-limit", "0"], "--turn-limit"),
    (["fuzz", "--stop-after", "0"], "--stop-after"),
    (["replay", "r.jsonl", "--index", "-1"], "--index", "0 or more, not -1"),
]


@pytest.mark.parametrize("case", NUMBERS, ids=[" ".join(c[0]) for c in NUMBERS])
def test_a_bad_number_is_refused_by_argparse(case, capsys):
    argv, option, *words = case
    refused(argv, capsys, f"argument {option}:", *words)


def test_usage_mistakes_are_one_line(capsys):
    refused(["nope"], capsys, "argument COMMAND: invalid choice: 'nope'", prog="mtg-ecs")
    refused([], capsys, "required: COMMAND", prog="mtg-ecs")
    refused(["simulate", "--games"], capsys, "expected one argument")
    refused(["replay"], capsys, "required: records")


def test_jobs_zero_is_one_worker_per_core(monkeypatch):
    monkeypatch.setattr(os, "cpu_count", lambda: 7)
    assert arguments.jobs("0") == 7 and arguments.jobs("3") == 3


def test_the_widest_seed_is_played(capsys):
    assert main(["simulate", *VANILLA, "--games", "1", "--seed", str(2 ** 128 - 1)]) == 0
    assert f"seed {2 ** 128 - 1}" in capsys.readouterr().out


# ---------------------------------------------------------------------------
# --cards FILE
# ---------------------------------------------------------------------------
def _file(tmp_path, name, data):
    p = tmp_path / name
    p.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    return str(p)


CARD_FILES = [
    ("missing", None, "can't read it: No such file or directory"),
    ("a folder", "", "can't read it: Is a directory"),
    ("binary", b"\x00\x01\xff\xfe", "not UTF-8 text (byte 2"),
    ("malformed YAML", "- {name: A, type: Creature\n- {name: B}\n",
     "not valid YAML: line 2, column 3: did not find expected ',' or '}'"),
    ("a mapping", "name: Test Bear\ntype: Creature\n", "not a list of card definitions"),
    ("empty", "", "not a list of card definitions"),
    ("an entry without a name", "- 5\n", "cards[0]: needs a name"),
    ("a real card's name", "- {name: Serra Angel, type: Creature, pt: [4, 4]}\n",
     "'Serra Angel' is a real card's name"),
]


@pytest.mark.parametrize("what,data,message", CARD_FILES, ids=[c[0] for c in CARD_FILES])
def test_a_bad_cards_file(what, data, message, tmp_path, capsys):
    if data is None:
        path = str(tmp_path / "nope.yaml")
    elif data == "" and what == "a folder":
        path = str(tmp_path)
    else:
        path = _file(tmp_path, "cards.yaml", data)
    refused(["simulate", "--games", "1", "--cards", path], capsys, f"--cards {path}: ", message)
    refused(["replay", "r.jsonl", "--cards", path], capsys, f"--cards {path}: ", message)


def test_a_malformed_scenario_is_one_line_with_its_line(tmp_path, capsys):
    path = _file(tmp_path, "s.yaml", "name: x\nplayers: [{}, {}\n")
    assert main(["scenario", path]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"FAIL {path}: malformed: not valid YAML: line 3, column 1:")
    assert out[1:] == ["0 passed, 1 failed"]


# ---------------------------------------------------------------------------
# scenario paths
# ---------------------------------------------------------------------------
def test_a_missing_scenario_path(tmp_path, capsys):
    refused(["scenario", str(tmp_path), str(tmp_path / "nope")], capsys,
            f"no such file or folder: {tmp_path / 'nope'}")


def test_a_folder_without_scenarios(tmp_path, capsys):
    refused(["scenario", str(tmp_path)], capsys, "no scenario files (*.yaml, *.yml) in")


def test_an_unreadable_scenario_file_fails_in_one_line(tmp_path, capsys):
    path = _file(tmp_path, "s.yaml", b"\xff\xfe")
    assert main(["scenario", path]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"FAIL {path}: malformed: not UTF-8 text (byte 0 can't be decoded)", "0 passed, 1 failed"]


# ---------------------------------------------------------------------------
# coverage, legality, fuzz paths
# ---------------------------------------------------------------------------
def test_coverage_refuses_what_is_not_a_spec(tmp_path, capsys):
    readme = _file(tmp_path, "README.md", "# not a spec\n")
    refused(["coverage", readme], capsys, f"{readme}: not a spec (its name is NNN-*.SPEC.md)")
    spec = _file(tmp_path, "009-demo.SPEC.md", b"- **T-1** \xff\n")
    refused(["coverage", spec, "--tests", str(tmp_path / "nope")], capsys,
            f"--tests: no such file or folder: {tmp_path / 'nope'}")
    refused(["coverage", spec, "--tests", str(tmp_path)], capsys, f"{spec}: ", "utf-8")


def test_legality_without_a_name(capsys):
    refused(["legality", " "], capsys, "give a card's name")


def test_fuzz_out_must_be_a_folder(tmp_path, capsys):
    path = _file(tmp_path, "x.txt", "")
    refused(["fuzz", "--games", "1", "--out", path], capsys, f"--out {path}: not a folder")


# ---------------------------------------------------------------------------
# replay RECORDS
# ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def records(tmp_path_factory):
    path = tmp_path_factory.mktemp("records") / "r.jsonl"
    assert main(["simulate", *VANILLA, "--games", "3", "--agents", "random",
                 "--out", str(path)]) == 0
    return str(path)


RECORD_FILES = [
    ("binary", b"\x89PNG\r\n\x1a\n", "line 1: not UTF-8 text (byte 1 of the line"),
    ("empty", "", "no records in it"),
    ("not JSON", "index,seed\n0,1\n", "line 1: not JSON (Expecting value, column 1): "
     "records are JSON Lines"),
    ("a JSON array", "[1, 2]\n", "line 1: not a JSON object"),
    ("a record without a seed", '{"index": 0}\n',
     "line 1: not a game record ('seed': an integer, 0 or more, expected)"),
]


def _edited(records, **fields):
    with open(records, encoding="utf-8") as f:
        rec = json.loads(f.readline())
    return json.dumps({**rec, **fields}) + "\n"


EDITED = [
    ({"decks": [None, None]}, "'decks': one per player, each a string"),
    ({"decks": ["x.txt"]}, "'decks': one per player, each a string"),
    ({"agent_seeds": []}, "'agent_seeds': one per player, each an integer, 0 or more"),
    ({"agent_seeds": ["a", "b"]}, "'agent_seeds': one per player, each an integer, 0 or more"),
    ({"turn_limit": True}, "'turn_limit': an integer, 0 or more, expected"),
    ({"seed": -1}, "'seed': an integer, 0 or more, expected"),
    ({"life": [20, "x"]}, "'life': one per player, each an integer"),
]


@pytest.mark.parametrize("fields,message", EDITED, ids=[str(e[0]) for e in EDITED])
def test_an_edited_record(fields, message, records, tmp_path, capsys):
    path = _file(tmp_path, "r.jsonl", "\n" + _edited(records, **fields))
    refused(["replay", path, "--cards", CARDS], capsys,
            f"{path}: line 2: not a game record ({message})")


@pytest.mark.parametrize("what,data,message", RECORD_FILES, ids=[c[0] for c in RECORD_FILES])
def test_a_bad_records_file(what, data, message, tmp_path, capsys):
    path = _file(tmp_path, "r.jsonl", data)
    refused(["replay", path], capsys, f"mtg-ecs replay: {path}: {message}")


def test_a_missing_records_file(tmp_path, capsys):
    refused(["replay", str(tmp_path / "nope.jsonl")], capsys, "can't read it: No such file")
    refused(["replay", str(tmp_path)], capsys, "can't read it: Is a directory")


def test_a_game_not_in_the_records(records, capsys):
    refused(["replay", records, "--index", "3", "--cards", CARDS], capsys,
            "no game 3 in", "(it holds 3 games, indexes 0 to 2)")


# ---------------------------------------------------------------------------
# --out names and --hashes
# ---------------------------------------------------------------------------
def test_out_json_is_refused_before_any_game(tmp_path, capsys, monkeypatch):
    from mtg_ecs.apps import simulate
    monkeypatch.setattr(simulate, "simulate", lambda *a, **k: pytest.fail("a game was played"))
    out = tmp_path / "x.json"
    refused(["simulate", "--games", "1", "--out", str(out)], capsys,
            "records are JSON Lines", ".jsonl")
    refused(["simulate", "--games", "1", "--out", str(tmp_path / "x.txt")], capsys,
            "use .jsonl, .csv or .parquet")
    assert not out.exists()


def _hashes(tmp_path, ext):
    out = tmp_path / f"r.{ext}"
    assert main(["simulate", *VANILLA, "--games", "2", "--hashes", "--agents", "random",
                 "--out", str(out)]) == 0
    return out


def test_hashes_are_columns_of_a_csv(tmp_path):
    import csv
    jsonl = [json.loads(x) for x in _hashes(tmp_path, "jsonl").read_text().splitlines()]
    with open(_hashes(tmp_path, "csv"), newline="") as f:
        rows = list(csv.DictReader(f))
    assert [(r["log_hash"], r["state_hash"]) for r in rows] == \
        [(r["log_hash"], r["state_hash"]) for r in jsonl]
    assert all(len(r["log_hash"]) == 64 for r in rows)


def test_hashes_are_columns_of_a_parquet_file(tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    jsonl = [json.loads(x) for x in _hashes(tmp_path, "jsonl").read_text().splitlines()]
    table = pq.read_table(_hashes(tmp_path, "parquet")).to_pydict()
    assert table["log_hash"] == [r["log_hash"] for r in jsonl]
    assert table["state_hash"] == [r["state_hash"] for r in jsonl]


def test_the_installed_command_prints_no_traceback(tmp_path):
    """The real process: argparse's exit and the one line, nothing else on stderr."""
    p = subprocess.run([sys.executable, "-m", "mtg_ecs", "simulate", "--seed", "-1"],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr == ("mtg-ecs simulate: argument --seed: a seed from 0 to 2**128 - 1, "
                        "not -1 (see mtg-ecs simulate --help)\n")
