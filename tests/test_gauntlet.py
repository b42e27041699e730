"""Gauntlets (issue 16, item 4): three or more `--deck`s play a round robin of duels, each
matchup with its own seed, summarized as a win matrix with intervals."""
from __future__ import annotations

import json

from mtg_ecs.apps import gauntlet as gt, simulate as sim
from mtg_ecs.apps.cli import main

DECKS = ["green-red-beasts", "esper-fliers", "obscura-connive"]
ARGS = [a for d in DECKS for a in ("--deck", d)] + ["--agents", "random", "--seed", "3"]


def test_every_pair_plays_its_games_and_the_matrix_adds_up():
    recs, s = gt.gauntlet(DECKS, games=3, seed=3, agents="random")
    assert [r["matchup"] for r in recs] == [[0, 1]] * 3 + [[0, 2]] * 3 + [[1, 2]] * 3
    assert s["games"] == 9 and s["deck_games"] == [6, 6, 6] and not s["interrupted"]
    m = s["matrix"]
    for i in range(3):
        assert m[i][i] is None
        for j in range(3):
            if i != j:
                k, g, (lo, hi) = m[i][j]
                assert g == 3 and lo <= k / g <= hi
                decided = sum(1 for r in recs if sorted(r["matchup"]) == sorted([i, j])
                              and r["winner_index"] is not None)
                assert k + m[j][i][0] == decided
    assert s["wins"] == [sum(m[i][j][0] for j in range(3) if j != i) for i in range(3)]


def test_a_matchup_is_the_duel_of_its_two_decks_with_its_own_seed():
    """Matchup m's games are `simulate`'s for its two decks with the matchup's seed (so
    adding a deck changes no earlier matchup's games)."""
    recs, _ = gt.gauntlet(DECKS, games=2, seed=3, agents="random")
    duel, _ = sim.simulate([DECKS[0], DECKS[2]], games=2, seed=gt.matchup_seed(3, 1), agents="random")
    assert [{k: v for k, v in r.items() if k != "matchup"} for r in recs[2:4]] == duel
    assert len({gt.matchup_seed(3, m) for m in range(3)}) == 3


def test_three_decks_on_the_command_line_are_a_gauntlet_unless_players_is_given(capsys):
    assert main(["simulate", *ARGS, "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("gauntlet: 3 decks, 2 games each matchup")
    assert "wins of row vs column" in out and "games 6 (" in out
    assert main(["simulate", *ARGS, "--games", "1", "--players", "3"]) == 0
    assert "free-for-all" in capsys.readouterr().out


def test_a_gauntlet_resumes_and_prints_json(tmp_path, capsys):
    full, part = tmp_path / "full.jsonl", tmp_path / "part.jsonl"
    assert main(["simulate", *ARGS, "--games", "3", "--out", str(full)]) == 0
    lines = full.read_text().splitlines(keepends=True)
    part.write_text("".join(lines[:2] + lines[4:7]))
    assert main(["simulate", *ARGS, "--games", "3", "--out", str(part), "--resume"]) == 0
    assert part.read_bytes() == full.read_bytes()
    capsys.readouterr()
    assert main(["simulate", *ARGS, "--games", "2", "--json"]) == 0
    s = json.loads(capsys.readouterr().out)
    assert s["decks"] == DECKS and s["games"] == 6 and len(s["matrix"]) == 3
