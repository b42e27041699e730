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
    ({"format": "duel"}, "players: a duel game has 2 players, not 3"),
    ({"players": [{"library": ["Forest"] * 60}] * 2}, "players: a free-for-all game has 3 to 6"),
    ({"format": "planechase"}, "format: with fuzz, one of duel, free-for-all, commander"),
    ({"format": "commander"}, "players: with fuzz, two or more players with commander and library"),
    ({"format": "commander", "players": [{"library": ["Forest"] * 99, "commander": 3}] * 3},
     "players[].commander: a card name"),
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


# ---------------------------------------------------------------------------
# --format: Commander, Two-Headed Giant and Archenemy games (903, 810, 904)
# ---------------------------------------------------------------------------
def test_commander_specs_have_99_card_decks_and_a_legendary_creature_each():
    """A Commander game of the fuzzer: 99 cards and a commander (903.3,
    903.5a) per player; the other formats' games are what they were."""
    from mtg_ecs.cards import get_card
    spec = next(fuzz.game_specs(7, 1, players=4, fmt="commander"))
    assert spec.format == "commander" and len(spec.commanders) == 4
    assert all(len(d) == 99 for d in spec.decks)
    for c in spec.commanders:
        d = get_card(c)
        assert "Legendary" in d.supertypes and "Creature" in d.types
    assert spec.variant() == "4 players, commander"
    ffa = next(fuzz.game_specs(7, 1, players=4))
    assert (ffa.decks, ffa.rules, ffa.commanders) == \
        (next(fuzz.game_specs(7, 1, players=4, fmt="free-for-all")).decks, ffa.rules, None)
    hg = next(fuzz.game_specs(7, 1, players=4, fmt="two-headed-giant"))
    assert hg.decks == ffa.decks and hg.variant() == "4 players, two-headed-giant"


@pytest.mark.parametrize("players, fmt", [(4, "two-headed-giant"), (4, "commander"),
                                          (2, "commander"), (3, "archenemy")])
def test_a_few_games_of_each_format_hold_every_invariant(tmp_path, players, fmt):
    """The invariants of a duel, and a Two-Headed Giant team's shared life (810.9): each
    teammate's life changes by the team's life events."""
    results, summary = fuzz.fuzz(2, 20261127, out=str(tmp_path), players=players, fmt=fmt)
    assert summary["failures"] == 0, [fuzz.describe_failure(r) for r in results if r.failure]
    assert f"{fmt}, games 0..1" in fuzz.format_summary(summary)


@pytest.mark.parametrize("fmt, players", [("two-headed-giant", 2), ("duel", 3), ("emperor", 6)])
def test_fuzz_format_refused_with_one_line(fmt, players, capsys):
    with pytest.raises(ValueError):
        next(fuzz.game_specs(1, 1, players=players, fmt=fmt))
    assert main(["fuzz", "--games", "1", "--format", fmt, "--players", str(players)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("mtg-ecs fuzz: ")


def test_fuzz_cli_two_headed_giant_seats_four(tmp_path, capsys):
    assert main(["fuzz", "--games", "1", "--seed", "3", "--format", "two-headed-giant",
                 "--out", str(tmp_path)]) == 0
    assert "fuzz: 1 games (seed 3, 4 players, two-headed-giant, games 0..0)" in capsys.readouterr().out


@pytest.mark.plants_fault
def test_a_commander_repro_names_the_commanders_and_replays(tmp_path, monkeypatch):
    """The repro of a Commander game: `format: commander`, each player's `commander`, the
    command that plays it again (`--format commander`); both replayers reproduce it."""
    from mtg_ecs.apps.scenario import run_file
    from mtg_ecs.apps.scenario.runner import read_yaml
    real = fuzz.check_chars
    monkeypatch.setattr(fuzz, "check_chars",
                        lambda g, *a: real(g, *a) + (["planted failure"] if g.turn >= 3 else []))
    res, summary = fuzz.fuzz(1, 8, out=str(tmp_path), players=3, fmt="commander")
    assert summary["failures"] == 1
    assert os.listdir(tmp_path) == ["fuzz-8-3p-commander-0.yaml"]
    path = str(tmp_path / "fuzz-8-3p-commander-0.yaml")
    data = read_yaml(path)
    assert data["format"] == "commander"
    assert [p["commander"] for p in data["players"]] == list(res[0].spec.commanders)
    assert "--players 3 --format commander" in data["source"]
    again = fuzz.run_repro(path)
    assert (again.failure.index, again.failure.message) == (res[0].failure.index, "planted failure")
    monkeypatch.setattr(fuzz, "check_chars", real)
    assert run_file(path).passed
