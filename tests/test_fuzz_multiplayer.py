"""`mtg-ecs fuzz --players N`: 3- to 6-player free-for-all fuzz games (CR 800-806, 806:
free-for-all; 800.4: players leaving while the others play on), every invariant checked as
in a duel; repro files name the player count and the format and replay.
"""
from __future__ import annotations

import os

import numpy as np
import pytest

from mtg_ecs.apps import fuzz
from mtg_ecs.apps.cli import main


def test_duel_specs_are_unchanged_and_n_player_specs_get_a_deck_and_agent_per_player():
    """A duel's seeds are the first five words of the game's child seed (game, agents,
    harness, decks) as they always were; N players: game, N agents, harness, decks."""
    spec = next(fuzz.game_specs(5, 1, first=2))
    words = [int(x) for x in np.random.SeedSequence(5, spawn_key=(2,)).generate_state(5, dtype=np.uint32)]
    assert (spec.seed, *spec.agent_seeds, spec.harness_seed) == tuple(words[:4])
    assert spec.format == "duel" and spec.players == 2 and spec.variant() == ""
    three = next(fuzz.game_specs(5, 1, first=2, players=3))
    words = [int(x) for x in np.random.SeedSequence(5, spawn_key=(2,)).generate_state(6, dtype=np.uint32)]
    assert (three.seed, *three.agent_seeds, three.harness_seed) == tuple(words[:5])
    assert len(three.decks) == 3 and all(len(d) == 60 for d in three.decks)
    assert three.format == "free-for-all" and three.agents == ("fuzz",) * 3
    assert three.variant() == "3 players"


def test_a_few_three_player_games_hold_every_invariant(tmp_path):
    results, summary = fuzz.fuzz(3, 20261126, out=str(tmp_path), players=3)
    assert summary["failures"] == 0, [fuzz.describe_failure(r) for r in results if r.failure]
    assert fuzz.format_summary(summary).startswith("fuzz: 3 games (seed 20261126, 3 players,")


def test_four_player_games_with_the_simulation_agents(tmp_path):
    results, summary = fuzz.fuzz(2, 3, out=str(tmp_path), players=4,
                                 agents=("heuristic", "random", "fuzz", "heuristic"))
    assert summary["failures"] == 0, [fuzz.describe_failure(r) for r in results if r.failure]


@pytest.mark.plants_fault
def test_a_multiplayer_repro_names_its_players_and_replays(tmp_path, monkeypatch, capsys):
    """The repro of a 3-player game: `format: free-for-all`, three decks, the command that
    plays it again; `fuzz --repro` and the scenario runner replay the failure."""
    from mtg_ecs.apps.scenario import run_file
    from mtg_ecs.apps.scenario.runner import read_yaml
    real = fuzz.check_chars
    monkeypatch.setattr(fuzz, "check_chars",
                        lambda g, *a: real(g, *a) + (["planted failure"] if g.turn >= 3 else []))
    res, summary = fuzz.fuzz(1, 8, out=str(tmp_path), players=3)
    assert summary["failures"] == 1
    assert os.listdir(tmp_path) == ["fuzz-8-3p-0.yaml"]
    path = str(tmp_path / "fuzz-8-3p-0.yaml")
    data = read_yaml(path)
    assert data["format"] == "free-for-all" and len(data["players"]) == 3
    assert "--players 3" in data["source"] and "3 players" in data["name"]
    again = fuzz.run_repro(path)
    assert (again.failure.index, again.failure.message) == (res[0].failure.index, "planted failure")
    assert main(["fuzz", "--repro", path]) == 1
    r = run_file(path)
    assert not r.passed and "planted failure" in r.message
    monkeypatch.setattr(fuzz, "check_chars", real)
    assert run_file(path).passed


@pytest.mark.parametrize("change, message", [
    ({"format": "duel"}, "format: with fuzz, free-for-all for 3 players"),
    ({"players": [{"library": ["Forest"] * 60}] * 2}, "format: with fuzz, duel for 2 players"),
    ({"players": [{"library": ["Forest"] * 60}] * 7}, "free-for-all game has 3 to 6 players"),
    ({"fuzz": {"answers": [], "agents": ["fuzz", "fuzz"]}}, "fuzz.agents: one per player (3)"),
    ({"fuzz": {"answers": [], "agent_seeds": [1, 2]}}, "fuzz.agent_seeds: one integer per player (3)"),
])
def test_multiplayer_fuzz_scenario_keys_are_checked(change, message):
    from mtg_ecs.apps.scenario import run_data
    data = {"name": "x", "seed": 1, "format": "free-for-all",
            "players": [{"library": ["Forest"] * 60}] * 3, "fuzz": {"answers": []}}
    data.update(change)
    r = run_data(data)
    assert not r.passed and r.message.startswith("malformed") and message in r.message


def test_fuzz_cli_players(tmp_path, capsys):
    assert main(["fuzz", "--games", "1", "--seed", "2", "--players", "3",
                 "--out", str(tmp_path)]) == 0
    assert "fuzz: 1 games (seed 2, 3 players, games 0..0)" in capsys.readouterr().out
    for argv, message in ((["--players", "7"], "--players: 2 (a duel) to 6 (free-for-all), not 7"),
                          (["--players", "3", "--agents", "random,fuzz"], "one per player (3)")):
        assert main(["fuzz", "--games", "1", *argv]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and message in err
