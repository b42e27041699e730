"""Scale-out of `mtg-ecs simulate` (issue 16, item 7): worker processes started by spawn
(macOS, Windows) or fork rebuild the decks from a picklable description of the run, Ray
tasks likewise; the record file is byte for byte the one-process run's."""
from __future__ import annotations

import itertools
import os

import pytest

from mtg_ecs.apps import backends, simulate as sim
from mtg_ecs.apps.cli import main

BENCH = os.path.join(os.path.dirname(__file__), os.pardir, "bench", "decks")
GOLD, SILVER = (os.path.join(BENCH, f"vanilla-{c}.txt") for c in ("gold", "silver"))
CARDS = os.path.join(BENCH, "vanilla-cards.yaml")
VANILLA = ["--deck", GOLD, "--deck", SILVER, "--cards", CARDS, "--agents", "random",
           "--seed", "3", "--hashes"]


def run(tmp_path, name, *extra):
    path = tmp_path / f"{name}.jsonl"
    assert main(["simulate", *VANILLA, "--out", str(path), *extra]) == 0
    return path.read_bytes()


@pytest.mark.parametrize("unit", [["--games", "40"], ["--games", "9", "--match", "3"]])
def test_spawned_and_forked_workers_write_the_one_process_file(tmp_path, monkeypatch, unit):
    one = run(tmp_path, "one", *unit)
    assert one.count(b"\n") >= 18 and one.count(b'"log_hash"') == one.count(b"\n")
    assert run(tmp_path, "fork", *unit, "--jobs", "2") == one
    monkeypatch.setattr(backends, "start_method", lambda: "spawn")
    assert run(tmp_path, "spawn", *unit, "--jobs", "2") == one


def test_the_default_start_method_is_spawn_where_fork_is_unsafe(monkeypatch):
    for platform, method in (("darwin", "spawn"), ("win32", "spawn"), ("linux", "fork")):
        monkeypatch.setattr(backends.sys, "platform", platform)
        assert backends.start_method() == method


def test_ctrl_c_with_spawned_workers_keeps_the_finished_games_in_order(monkeypatch):
    monkeypatch.setattr(backends, "start_method", lambda: "spawn")
    seen, n = [], []

    def progress(k):
        n.append(k)
        if len(n) == 30:
            raise KeyboardInterrupt
    recs, summary = sim.simulate([GOLD, SILVER], games=100000, seed=2, agents="random",
                                 jobs=2, extra=sim.load_card_file(CARDS), progress=progress,
                                 on_record=lambda r: seen.append(r["index"]))
    assert summary["interrupted"] and len(recs) >= 30 and seen == [r["index"] for r in recs]
    # in game order, none twice; under load a later game may finish before an earlier one,
    # which is then missing (simulate's docstring): the 30 games arrived need not be 0-29
    assert seen == sorted(set(seen))


def test_units_stream_out_of_an_endless_supply_in_chunks():
    """Only a few chunks are out at a time: results come from an endless supply of games."""
    extra = sim.load_card_file(CARDS)
    decks = [sim.load_deck(p, extra, None) for p in (GOLD, SILVER)]
    job = sim.Job(tuple((d.path, d.source, d.name) for d in decks), extra.path, None, "duel",
                  ("random", "random"), 50, False, None, 5)
    items = ((i, sim.game_seeds(5, 1, first=i)[0]) for i in itertools.count())
    played = backends.play(sim.work_units, sim.prepare, job, items, 2, 10**9)
    got = [unit for unit, _ in itertools.islice(played, 40)]
    played.close()
    assert len(set(got)) == 40 and max(got) < 40 + 2 * backends.IN_FLIGHT * backends.CHUNK_MAX


def test_chunks_are_about_eight_a_worker_and_small():
    assert [backends.chunk_size(n, 2) for n in (1, 15, 160, 400, 10**6)] == [1, 1, 10, 16, 16]


def test_decks_the_workers_cannot_reload_are_refused():
    """A Deck made in memory plays in one process; workers (which load decks from their
    files) refuse it instead of playing another deck."""
    deck = sim.Deck("mine", "mine", ["Forest"] * 20 + ["Centaur Courser"] * 20)
    recs, _ = sim.simulate([deck, "green-red-beasts"], games=1, agents="random", jobs=1)
    assert len(recs) == 1
    with pytest.raises(sim.SimulationError, match="workers load the decks"):
        sim.simulate([deck, "green-red-beasts"], games=4, agents="random", jobs=2)
    with pytest.raises(sim.SimulationError, match="workers load the decks"):    # a plain dict
        sim.simulate([GOLD, SILVER], games=4, jobs=2, extra=dict(sim.load_card_file(CARDS)))


def test_bad_backend_options_are_one_line(capsys):
    assert main(["simulate", *VANILLA, "--games", "2", "--address", "auto"]) == 2
    err = capsys.readouterr().err
    assert err == "mtg-ecs simulate: --address: the Ray cluster of --backend ray\n"
    assert main(["simulate", *VANILLA, "--backend", "spark"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "argument --backend: invalid choice: 'spark'" in err


def test_ray_tasks_write_the_one_process_file(tmp_path):
    pytest.importorskip("ray")
    one = run(tmp_path, "one", "--games", "30")
    assert run(tmp_path, "ray", "--games", "30", "--jobs", "2", "--backend", "ray") == one



def _die(job, units):
    os._exit(3)


def test_a_worker_that_dies_is_one_clear_error():
    with pytest.raises(sim.SimulationError, match="a worker process died"):
        list(backends.play(_die, lambda job: None, None, iter(range(4)), 2, 4))


def test_a_one_process_run_starts_no_multiprocessing():
    """A one-process simulate never touches the worker pools: concurrent.futures' process
    pool (and multiprocessing under it) is imported only when workers start, ~20 ms of a
    short run's start-up otherwise."""
    import subprocess
    import sys
    code = ("import sys; from mtg_ecs.apps.cli import main; "
            "sys.argv = ['mtg-ecs', 'simulate', '--games', '2', '--agents', 'random']; "
            "main(); print('pool' if 'concurrent.futures.process' in sys.modules else 'none')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "none"
