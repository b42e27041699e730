"""The summary of simulation records (issue 16, item 5): the difference of two decks with
its interval and p-value, turn order, mulligans, own turns, agents, `simulate --json`."""
import json
import os
from fractions import Fraction

import pytest

from mtg_ecs.apps import simulate as sim, stats
from mtg_ecs.apps.cli import main

BENCH = os.path.join(os.path.dirname(__file__), "..", "bench", "decks")
VANILLA = ["--deck", os.path.join(BENCH, "vanilla-gold.txt"),
           "--deck", os.path.join(BENCH, "vanilla-silver.txt"),
           "--cards", os.path.join(BENCH, "vanilla-cards.yaml")]


def duel(winner, start=0, turns=10, mulligans=(0, 0), reason="life"):
    """A hand-made duel record: `winner` 0, 1 or None (a draw)."""
    return {"decks": ["a", "b"], "agents": ["random", "heuristic"], "winner_index": winner,
            "starting_player": start, "turns": turns, "reason": reason,
            "mulligans": list(mulligans)}


def exact_p(k, n):
    """The two-sided binomial p-value at 1/2 by exact fractions: every outcome no more
    likely than k's."""
    combs = [1]
    for i in range(n):
        combs.append(combs[-1] * (n - i) // (i + 1))
    return float(min(1, Fraction(sum(c for c in combs if c <= combs[k]), 2 ** n)))


def test_the_binomial_p_value_is_exact():
    assert stats.binomial_p(9, 10) == pytest.approx(22 / 1024, rel=1e-12)
    assert stats.binomial_p(5, 10) == 1.0 and stats.binomial_p(0, 0) == 1.0
    for n in (1, 7, 30):
        for k in range(n + 1):
            assert stats.binomial_p(k, n) == pytest.approx(exact_p(k, n), rel=1e-9), (k, n)
    # large counts: no overflow, and far from 1/2 a tiny but positive p
    assert stats.binomial_p(50_000, 100_000) == 1.0
    assert stats.binomial_p(4_800, 10_000) == pytest.approx(exact_p(4_800, 10_000), rel=1e-9)
    assert 0 < stats.binomial_p(4_000, 10_000) < 1e-80


def test_the_difference_of_two_decks_among_decided_games():
    recs = [duel(0)] * 60 + [duel(1)] * 40 + [duel(None, reason="turn limit")] * 5
    s = stats.summarize(recs, ["a", "b"], 1.0)
    d = s["difference"]
    assert d["wins"] == [60, 40] and d["decided"] == 100 and d["draws"] == 5
    assert d["difference"] == pytest.approx(0.2)
    lo, hi = stats.wilson(60, 100)
    assert d["ci95"] == pytest.approx([2 * lo - 1, 2 * hi - 1])
    assert d["p_value"] == pytest.approx(exact_p(60, 100)) and "binomial" in d["test"]
    # the table's win rates are over all games, draws included
    assert s["win_rate"] == pytest.approx([60 / 105, 40 / 105]) and s["draws"] == 5
    text = stats.format_summary(s)
    assert "difference a - b among decided games (60-40 of 100; draws apart): +20.0 points" in text
    assert f"p = {d['p_value']:.3g} (exact two-sided binomial test" in text


def test_no_difference_for_more_than_two_decks():
    recs = [{"decks": ["a", "b", "c"], "agents": ["random"] * 3, "seats": [0, 1, 2],
             "winner_index": 0, "starting_player": 0, "turns": 9, "reason": "life",
             "places": [1, 2, 3], "player_turns": [3, 3, 3]}]
    assert stats.summarize(recs, ["a", "b", "c"], 1.0)["difference"] is None


def test_win_rates_on_the_play_and_on_the_draw():
    """Deck a started 3 games and won 2 of them; on the draw it won 1 of 2."""
    recs = [duel(0, start=0), duel(0, start=0), duel(1, start=0), duel(0, start=1),
            duel(1, start=1)]
    s = stats.summarize(recs, ["a", "b"], 1.0)
    play, draw = s["turn_order"][0]
    assert (play["games"], play["wins"], draw["games"], draw["wins"]) == (3, 2, 2, 1)
    assert play["wilson95"] == pytest.approx(list(stats.wilson(2, 3)))
    b_play, b_draw = s["turn_order"][1]
    assert (b_play["games"], b_play["wins"], b_draw["games"], b_draw["wins"]) == (2, 1, 3, 1)
    assert "on the play 66.7% (20.8% - 93.9%, 3)  on the draw 50.0% (9.5% - 90.5%, 2)" in stats.format_summary(s)


def test_turn_order_in_multiplayer_goes_by_seat_order_and_teams():
    """Free-for-all: places from the starting player in seat order; Two-Headed Giant: the
    team of the starting player is first, teammates share the place."""
    ffa = {"decks": ["a", "b", "c"], "starting_player": 2}
    assert stats.turn_order(ffa) == [1, 2, 0]
    thg = {"decks": ["a", "b", "c", "d"], "starting_player": 3, "format": "two-headed-giant"}
    assert stats.turn_order(thg) == [1, 1, 0, 0]
    arch = {"decks": ["a", "b", "c"], "starting_player": 0, "format": "archenemy"}
    assert stats.turn_order(arch) == [0, 1, 1]
    recs = [{"decks": ["x", "y", "z"], "agents": ["random"] * 3, "seats": [2, 0, 1],
             "winner_index": 1, "starting_player": 1, "turns": 9, "reason": "life",
             "places": [2, 1, 2], "player_turns": [3, 3, 3]}]
    s = stats.summarize(recs, ["a", "b", "c"], None)
    # deck a sat in seat 1, the starting seat, and won
    assert [[t["games"] for t in by] for by in s["turn_order"]] == [[1, 0, 0], [0, 1, 0],
                                                                   [0, 0, 1]]
    assert s["turn_order"][0][0]["wins"] == 1
    assert "1st 100.0% (20.7% - 100.0%, 1)  2nd 0.0% (0.0% - 0.0%, 0)" in stats.format_summary(s)


def test_mulligans_per_deck():
    recs = [duel(0, mulligans=(1, 0)), duel(0, mulligans=(2, 0)), duel(1, mulligans=(0, 1)),
            duel(1, mulligans=(0, 0))]
    s = stats.summarize(recs, ["a", "b"], 1.0)
    assert s["mulligans"][0] == {"games": 4, "mean": 0.75, "at_least_one": 0.5}
    assert s["mulligans"][1] == {"games": 4, "mean": 0.25, "at_least_one": 0.25}
    assert "a      0.75; 50.0%" in stats.format_summary(s)
    # records made before mulligans were recorded: none, and no section
    old = [{k: v for k, v in r.items() if k != "mulligans"} for r in recs]
    s = stats.summarize(old, ["a", "b"], 1.0)
    assert s["mulligans"] == [None, None] and "mulligans" not in stats.format_summary(s)


def test_own_turns_of_duel_players_and_the_turn_distribution():
    """A duel of 7 turns begun by player 1: player 1 took 4 turns, player 0 three."""
    assert stats.own_turns(duel(0, start=1, turns=7)) == [3, 4]
    recs = [duel(0, start=0, turns=t) for t in (4, 6, 8, 10, 30)]
    s = stats.summarize(recs, ["a", "b"], 1.0)
    assert s["turns"]["median"] == 8 and (s["turns"]["q1"], s["turns"]["q3"]) == (6, 10)
    assert (s["turns"]["min"], s["turns"]["max"], s["turns"]["mean"]) == (4, 30, 11.6)
    a, b = s["own_turns"]["by_deck"]
    assert (a["min"], a["median"], a["max"]) == (2, 4, 15)      # the starting player: ceil
    assert b["mean"] == pytest.approx((2 + 3 + 4 + 5 + 15) / 5)
    text = stats.format_summary(s)
    assert "turns (the number of the game's last turn; in a duel both players' turns): " \
           "mean 11.6, median 8, quartiles 6-10, range 4-30" in text
    assert "own turns (the turns each player was the active player" in text


def test_agents_are_named_per_deck():
    s = stats.summarize([duel(0), duel(1)], ["a", "b"], 1.0)
    assert s["agents"] == ["random", "heuristic"]
    lines = stats.format_summary(s).splitlines()
    assert lines[0].split()[:2] == ["deck", "agent"]
    assert lines[1].split()[:2] == ["a", "random"] and lines[2].split()[:2] == ["b", "heuristic"]


def test_simulated_records_carry_each_players_mulligans():
    recs, s = sim.simulate(["green-red-beasts", "esper-fliers"], games=8, seed=2)
    assert all(len(r["mulligans"]) == 2 and all(type(m) is int and m >= 0
                                                 for m in r["mulligans"]) for r in recs)
    # the heuristic agent mulligans a hand of fewer than two lands or more than five
    assert sum(r["mulligans"][1] for r in recs) >= 1
    for d in (0, 1):
        mine = [r["mulligans"][d] for r in recs]
        assert s["mulligans"][d] == {"games": 8, "mean": sum(mine) / 8,
                                     "at_least_one": sum(1 for m in mine if m) / 8}


def test_simulate_json_prints_the_summary_as_json(capsys):
    assert main(["simulate", *VANILLA, "--games", "4", "--seed", "3", "--agents",
                 "random,heuristic", "--json"]) == 0
    out = capsys.readouterr().out
    doc = json.loads(out)                      # the whole output is the JSON document
    assert doc["version"] == stats.SUMMARY_VERSION and doc["seed"] == 3
    assert doc["decks"] == ["vanilla-gold", "vanilla-silver"]
    assert doc["agents"] == ["random", "heuristic"]
    assert sum(doc["wins"]) + doc["draws"] == doc["games"] == 4
    assert set(doc["difference"]) == {"decks", "wins", "decided", "draws", "difference",
                                      "ci95", "p_value", "test"}
    assert [len(x) for x in doc["turn_order"]] == [2, 2]
    assert doc["turns"]["counts"] == stats.TURNS_MEANING and "median" in doc["turns"]
    # the text summary without --json
    assert main(["simulate", *VANILLA, "--games", "4", "--seed", "3", "--agents",
                 "random,heuristic"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("vanilla-gold vs vanilla-silver") and "difference" in text
