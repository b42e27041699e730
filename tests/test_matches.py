"""Matches (issue 16, item 4): `simulate --match N` plays best-of-N matches of two decks.
000 T-372: a best-of-three match at 1-1 plays a third game, at 2-0 it ends. 000 T-125: in a
later game the loser of the previous game chooses who plays first (CR 103.1). 000 T-126:
in the first game the starting player is chosen at random."""
from __future__ import annotations

from mtg_ecs.apps import simulate as sim
from mtg_ecs.apps.cli import main
from mtg_ecs.apps.replay import replay

DECKS = ["green-red-beasts", "esper-fliers"]


def _matches(recs):
    out = {}
    for r in recs:
        out.setdefault(r["match"], []).append(r)
    return out


def test_best_of_three_ends_at_two_wins_and_the_loser_chooses():
    """000 T-372, 000 T-125, 000 T-126."""
    recs, s = sim.simulate(DECKS, games=12, seed=5, agents="random", match=3)
    matches = _matches(recs)
    assert sorted(matches) == list(range(12))
    lengths = set()
    for m, games in matches.items():
        assert [r["game"] for r in games] == list(range(1, len(games) + 1))
        assert [r["index"] for r in games] == list(sim.match_games(m, 3))[:len(games)]
        wins = [0, 0]
        for k, r in enumerate(games):
            if k == 0:
                assert r["chooser"] is None                  # T-126: at random
            else:
                prev = games[k - 1]
                want = (1 - prev["winner_index"] if prev["winner_index"] is not None
                        else prev["chooser"] if prev["chooser"] is not None
                        else prev["starting_player"])
                assert r["chooser"] == want                  # T-125: the loser chooses
            if r["winner_index"] is not None:
                wins[r["winner_index"]] += 1
            if k < len(games) - 1:
                assert max(wins) < 2                          # T-372: no game after 2 wins
        assert max(wins) == 2 or len(games) == 3
        lengths.add(len(games))
    assert lengths == {2, 3}                                  # 2-0 ends; 1-1 goes to a third
    won = [sum(1 for g in matches.values() if sum(r["winner_index"] == d for r in g) >= 2)
           for d in (0, 1)]
    assert s["matches"]["wins"] == won and s["matches"]["matches"] == 12
    assert s["games"] == len(recs)


def test_a_later_game_of_a_match_replays_from_its_record():
    recs, _ = sim.simulate(DECKS, games=2, seed=5, agents="random", match=3)
    r = next(r for r in recs if r["game"] == 2)
    g = replay(r)
    assert (g.winner, g.turn, [p.life for p in g.players], g.starting_player) == \
        (r["winner_index"], r["turns"], r["life"], r["starting_player"])


def test_match_on_the_command_line(capsys, tmp_path):
    assert main(["simulate", "--games", "4", "--match", "3", "--agents", "random",
                 "--out", str(tmp_path / "m.jsonl")]) == 0
    assert "matches (best of 3): 4; won: " in capsys.readouterr().out
    assert main(["simulate", "--deck", DECKS[0], "--deck", DECKS[1], "--deck", "obscura-connive",
                 "--games", "1", "--match", "3", "--agents", "random"]) == 0
    assert "gauntlet: 3 decks, 1 best-of-3 matches each matchup" in capsys.readouterr().out
    assert main(["simulate", "--players", "3", "--games", "1", "--match", "3"]) == 2
    assert "--match N: best-of-N matches (N at least 1) of two decks" in capsys.readouterr().err
    assert main(["simulate", "--games", "1", "--match", "0"]) == 2


def test_resume_plays_a_match_cut_short_again_whole(tmp_path, capsys):
    """A file cut in the middle of a match (and missing later ones): --resume keeps the
    whole matches, plays the cut one again from its first game (the same games) and the
    rest; the file ends as the uninterrupted run's."""
    full, part = tmp_path / "full.jsonl", tmp_path / "part.jsonl"
    args = ["simulate", "--games", "6", "--match", "3", "--agents", "random", "--seed", "4"]
    assert main([*args, "--out", str(full)]) == 0
    lines = full.read_text().splitlines(keepends=True)
    firsts = [k for k, line in enumerate(lines) if '"game": 1,' in line]
    cut = firsts[2] + 1                        # match 2's first game only
    part.write_text("".join(lines[:cut]) + "".join(lines[firsts[4]:]))
    assert main([*args, "--out", str(part), "--resume"]) == 0
    assert part.read_bytes() == full.read_bytes()


def test_a_gauntlet_of_matches_counts_matches_won():
    from mtg_ecs.apps import gauntlet as gt
    decks = ["green-red-beasts", "esper-fliers", "obscura-connive"]
    recs, s = gt.gauntlet(decks, games=2, seed=2, agents="random", match=3)
    mm = s["match_matrix"]
    for i in range(3):
        for j in range(3):
            if i != j:
                assert mm[i][j][1] == 2 and mm[i][j][0] + mm[j][i][0] <= 2
    assert {(tuple(r["matchup"]), r["match"]) for r in recs} == \
        {(p, m) for p in ((0, 1), (0, 2), (1, 2)) for m in (0, 1)}
    assert "matches (best of 3) won" in gt.format_summary(s)
