"""`mtg-ecs fuzz` (ecs/fuzz.py): random games with invariant checks after every decision.

The short run is part of the default test run; the long one is marked slow."""
from __future__ import annotations

import pytest

from ecs import fuzz
from ecs.cli import main


def _run(games, seed, tmp_path):
    results, summary = fuzz.fuzz(games, seed, out=str(tmp_path))
    failed = [fuzz.describe_failure(r) for r in results if r.failure is not None]
    assert not failed, "\n".join(failed)
    assert summary["games"] == games
    return results


def test_fuzz_short(tmp_path):
    """30 random games: every invariant holds after every decision, every game ends."""
    results = _run(30, 20261122, tmp_path)
    assert all(r.reason for r in results)


@pytest.mark.slow
def test_fuzz_long(tmp_path):
    _run(500, 7, tmp_path)


def test_same_seed_same_games():
    a = next(fuzz.game_specs(5, 1))
    b = next(fuzz.game_specs(5, 1))
    assert (a.seed, a.agent_seeds, a.decks) == (b.seed, b.agent_seeds, b.decks)
    assert len(a.decks[0]) == 60 and sum(c in fuzz.LANDS for c in a.decks[0]) == 24
    ra, rb = fuzz.run_game(a), fuzz.run_game(b)
    assert ra.script == rb.script and ra.turns == rb.turns


def test_repro_file_replays_the_failure(tmp_path, monkeypatch, capsys):
    """A failure writes a YAML repro (decks, seeds, answers); `mtg-ecs fuzz --repro`
    replays it and reports the same failure at the same decision."""
    real = fuzz.check_chars

    def broken(g):                       # a planted invariant violation from turn 3 on
        return real(g) + (["planted failure"] if g.turn >= 3 else [])

    monkeypatch.setattr(fuzz, "check_chars", broken)
    spec = next(fuzz.game_specs(11, 1))
    res = fuzz.run_game(spec)
    assert res.failure is not None and res.failure.message == "planted failure"
    path = fuzz.write_repro(res, str(tmp_path))
    again = fuzz.run_repro(path)
    assert again.failure is not None
    assert (again.failure.index, again.failure.message) == (res.failure.index, "planted failure")
    assert main(["fuzz", "--repro", path]) == 1
    assert "planted failure" in capsys.readouterr().out
    monkeypatch.setattr(fuzz, "check_chars", real)
    assert main(["fuzz", "--repro", path]) == 0          # fixed: no failure any more


def test_fuzz_cli(tmp_path, capsys):
    assert main(["fuzz", "--games", "2", "--seed", "3", "--out", str(tmp_path)]) == 0
    assert "fuzz: 2 games (seed 3, games 0..1)" in capsys.readouterr().out


def test_games_do_not_depend_on_string_hashing():
    """A repro replays in any process: the same game under two PYTHONHASHSEEDs (set
    iteration order of strings) takes the same answers."""
    import os
    import subprocess
    import sys
    code = ("from ecs import fuzz; import hashlib; r = fuzz.run_game(next(fuzz.game_specs(9, 1)));"
            "print(r.failure, hashlib.sha256(repr(r.script).encode()).hexdigest())")
    out = []
    for h in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=h)
        out.append(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                                  text=True, check=True).stdout)
    assert out[0] == out[1] and out[0].startswith("None ")


def test_repro_of_an_engine_crash(tmp_path, monkeypatch):
    """An exception inside the engine is a failure; the answer that caused it is in the
    repro file, so replaying it crashes the same way."""
    from ecs.game import Game
    real = Game.advance

    def crashing(self):
        real(self)
        if self.turn >= 3 and self.step == "main2":
            raise RuntimeError("planted crash")

    monkeypatch.setattr(Game, "advance", crashing)
    res = fuzz.run_game(next(fuzz.game_specs(12, 1)))
    assert res.failure is not None and "planted crash" in res.failure.message
    again = fuzz.run_repro(fuzz.write_repro(res, str(tmp_path)))
    assert again.failure is not None
    assert (again.failure.index, again.failure.message) == (res.failure.index, res.failure.message)
