"""No lost work in `mtg-ecs simulate` (issue 16, item 1): `--out` checked before the first
game, records streamed as games finish (in game order whatever `--jobs`), Ctrl-C stopping
cleanly with the finished games kept (exit 130, a partial summary, no traceback), and
`--resume` playing only the missing games of a JSON Lines file."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from mtg_ecs.apps import records as record_files, simulate as sim
from mtg_ecs.apps.cli import main

BENCH = os.path.join(os.path.dirname(__file__), os.pardir, "bench", "decks")
VANILLA = ["--deck", os.path.join(BENCH, "vanilla-gold.txt"), "--deck",
           os.path.join(BENCH, "vanilla-silver.txt"), "--cards",
           os.path.join(BENCH, "vanilla-cards.yaml"), "--agents", "random"]


@pytest.mark.parametrize("out, message", [
    ("{tmp}/no/such/folder/r.jsonl", "no folder"),
    ("{tmp}/folder.jsonl", "is a folder"),
    ("{tmp}/r.txt", "use .jsonl, .csv or .parquet"),
    ("{tmp}/r.json", "records are JSON Lines, one game per line: name the file .jsonl"),
])
def test_a_bad_out_is_refused_before_any_game(tmp_path, capsys, out, message):
    (tmp_path / "folder.jsonl").mkdir()
    t0 = time.perf_counter()
    assert main(["simulate", *VANILLA, "--games", "100000", "--out",
                 out.format(tmp=tmp_path)]) == 2
    assert time.perf_counter() - t0 < 10          # (100,000 games would take minutes)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_records_reach_the_file_as_games_finish_in_game_order(tmp_path):
    """`on_record` gets each record once it and every earlier game are done: with two
    workers finishing out of order, still 0, 1, 2, ..."""
    seen = []
    recs, summary = sim.simulate(["green-red-beasts", "esper-fliers"], games=12, seed=4,
                                 agents="random", jobs=2, on_record=lambda r: seen.append(r["index"]))
    assert seen == list(range(12)) and [r["index"] for r in recs] == seen
    assert summary["played"] == 12 and not summary["interrupted"]


def test_ctrl_c_keeps_the_finished_games(tmp_path):
    """A KeyboardInterrupt in the middle of a run: the finished games are returned and
    written, the summary says it was interrupted."""
    path = str(tmp_path / "r.jsonl")
    w = record_files.RecordWriter(path)
    n = []

    def progress(k):
        n.append(k)
        if len(n) == 5:
            raise KeyboardInterrupt
    recs, summary = sim.simulate(["green-red-beasts", "esper-fliers"], games=50, seed=4,
                                 agents="random", progress=progress, on_record=w.add)
    w.close()
    assert summary["interrupted"] and summary["games"] == 5 == len(recs)
    assert [r["index"] for r in record_files.read_records(path)] == [0, 1, 2, 3, 4]


def test_resume_plays_only_the_missing_games_and_ends_with_the_same_file(tmp_path, capsys):
    """A file with games missing (and a last line cut short, as a killed run leaves it):
    --resume plays the others; the file is then byte for byte the uninterrupted run's."""
    full, part = tmp_path / "full.jsonl", tmp_path / "part.jsonl"
    assert main(["simulate", *VANILLA, "--games", "12", "--seed", "9", "--out", str(full)]) == 0
    lines = full.read_text().splitlines(keepends=True)
    part.write_text("".join(lines[:4] + lines[6:9]) + lines[9][:25])
    capsys.readouterr()
    assert main(["simulate", *VANILLA, "--games", "12", "--seed", "9", "--out", str(part),
                 "--resume"]) == 0
    assert part.read_bytes() == full.read_bytes()
    assert "games 12," in capsys.readouterr().out


def test_resume_refuses_another_runs_file(tmp_path, capsys):
    path = tmp_path / "r.jsonl"
    assert main(["simulate", *VANILLA, "--games", "3", "--seed", "9", "--out", str(path)]) == 0
    capsys.readouterr()
    assert main(["simulate", *VANILLA, "--games", "3", "--seed", "10", "--out", str(path),
                 "--resume"]) == 2
    err = capsys.readouterr().err
    assert "--resume: game 0 of the file was played with another seed, agent_seeds" in err
    assert main(["simulate", *VANILLA, "--games", "3", "--resume"]) == 2
    assert "--resume continues the run of --out" in capsys.readouterr().err


def test_csv_is_written_whole_under_its_name(tmp_path):
    path = tmp_path / "r.csv"
    assert main(["simulate", *VANILLA, "--games", "3", "--out", str(path)]) == 0
    assert sorted(os.listdir(tmp_path)) == ["r.csv"]            # no .part left
    assert len(path.read_text().splitlines()) == 4


@pytest.mark.parametrize("backend", ["processes", "ray"])
def test_ctrl_c_on_the_command_line_with_workers(tmp_path, backend):
    """SIGINT to `mtg-ecs simulate --jobs 2`: exit 130, the finished games in the file,
    one line on stderr, no traceback from the process or its workers (or Ray's tasks)."""
    if backend == "ray":
        pytest.importorskip("ray")
    path = tmp_path / "r.jsonl"
    cmd = [sys.executable, "-m", "mtg_ecs", "simulate", *VANILLA, "--games", "1000000",
           "--jobs", "2", "--backend", backend, "--out", str(path)]
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.time() + 120
    while time.time() < deadline and (not path.exists() or path.read_text().count("\n") < 20):
        time.sleep(0.1)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    assert p.returncode == 130, err[-2000:]
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    kept = record_files.read_records(str(path))
    assert len(kept) >= 20 and f"interrupted: {len(kept)} games finished (of 1000000 games)" in err
    assert f"games {len(kept)}," in out
