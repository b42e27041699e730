"""simulate, the CLI and the agents for N-player free-for-all games (issue 15 item 5).

Free-for-all (CR 800.1, 802: attacking several players; 806: free-for-all) with 3-6 decks:
seats rotated, finishing places (CR 800.4: leaving the game; 104.2a: the last player left
wins; 104.4a: draws), each player's own turns, records; the agents choose whom to attack
(802.2) and block only what attacks them (506.2).
"""
from __future__ import annotations

import json
import os

import pytest

from mtg_ecs import Game, Pass
from mtg_ecs.apps import records as record_files, simulate as sim, stats
from mtg_ecs.apps.agents import HeuristicAgent, RandomAgent
from mtg_ecs.apps.cli import main
from mtg_ecs.apps.replay import replay
from mtg_ecs.apps.seeds import generate_state
from mtg_ecs.apps.standings import Standings
from mtg_ecs.core.decisions import PlayerRef

SAMPLES = ["esper-fliers", "green-red-beasts", "obscura-connive", "riveteers-casualty"]


def test_game_seeds_of_a_duel_are_unchanged_and_n_players_get_one_per_seat():
    """A duel's (game, agent, agent) seeds are the first three words as before; N players
    get 1 + N words of the same child, the first three the same."""
    duel = sim.game_seeds(7, 5, first=3)
    assert duel == [tuple(generate_state(7, (i,), 3)) for i in range(3, 8)]
    four = sim.game_seeds(7, 5, first=3, players=4)
    assert all(len(s) == 5 and s[:3] == d for s, d in zip(four, duel))


def test_seats_rotate_so_every_deck_sits_in_every_seat():
    """Deck d sits in seat (d - i) mod N in game i: N consecutive games put every deck in
    every seat once; 5 games of 4 players repeat game 0's seating once."""
    seats = [sim.seating(i, 4) for i in range(4)]
    for d in range(4):
        assert sorted(s.index(d) for s in seats) == [0, 1, 2, 3]
    assert sim.seating(4, 4) == sim.seating(0, 4) == [0, 1, 2, 3]
    assert sim.seating(1, 3) == [1, 2, 0]
    recs, _ = sim.simulate(SAMPLES[:3], games=4, seed=2, agents="random", turn_limit=4)
    assert [r["seats"] for r in recs] == [[0, 1, 2], [1, 2, 0], [2, 0, 1], [0, 1, 2]]
    assert recs[1]["decks"] == [SAMPLES[1], SAMPLES[2], SAMPLES[0]]


def test_a_duel_is_played_as_it_always_was():
    """Two decks (and --format duel): deck 0 is p0 in every game, and the record has
    exactly the keys a duel's record always had (and the new `mulligans`, and replay's
    `deck_hashes`, `cards` and `deck_paths`)."""
    recs, s = sim.simulate(SAMPLES[:2], games=3, seed=1, fmt="duel")
    assert all(r["decks"] == SAMPLES[:2] for r in recs)
    assert set(recs[0]) == {"index", "seed", "agent_seeds", "decks", "agents", "turn_limit",
                            "winner", "winner_index", "reason", "turns", "starting_player", "life",
                            "mulligans", "deck_hashes", "cards", "deck_paths"}
    assert "mean_place" not in s


def _game(players=4):
    g, _ = Game.from_setup({"format": "free-for-all", "players": [{} for _ in range(players)]})
    return g


def test_finishing_places_go_by_the_order_of_leaving():
    """CR 800.4, 104.2a: the winner first; of those who left, a later leaver ahead of an
    earlier one; players leaving at the same moment share a place (competition ranks)."""
    g = _game(4)
    st = Standings(g)
    g.players[1].lost = True
    st.look(g)
    g.players[2].lost = g.players[3].lost = True      # together (one SBA check, 704.3)
    st.look(g)
    assert st.places() == [1, 4, 2, 2]
    assert st.last_to_leave() == [2, 3]


def test_a_draw_puts_everyone_still_in_the_game_first():
    """CR 104.4a: a draw (every remaining player lost at once, or a limit) ranks every
    player still in the game first, sharing the place; the leaver is behind them."""
    g = _game(3)
    st = Standings(g)
    g.players[0].lost = True
    assert st.places() == [3, 1, 1]


def test_the_summary_counts_per_deck_whatever_its_seat():
    """Wins, mean place and own turns per deck (the `seats` of each record map seats to
    decks), on two hand-made records."""
    recs = [{"winner_index": 2, "seats": [0, 1, 2], "places": [3, 2, 1],
             "player_turns": [4, 5, 5], "turns": 14, "reason": "life"},
            {"winner_index": None, "seats": [1, 2, 0], "places": [1, 1, 3],
             "player_turns": [9, 8, 8], "turns": 25, "reason": "turn limit"}]
    s = stats.summarize(recs, ["a", "b", "c"], 1.0)
    assert s["wins"] == [0, 0, 1] and s["draws"] == 1
    assert s["mean_place"] == [3.0, 1.5, 1.0]
    assert s["mean_player_turns"] == [6.0, 7.0, 6.5]
    assert s["reasons"] == {"life": 1, "turn limit": 1}
    text = stats.format_summary(s)
    assert "avg place" in text and "own turns" in text


def test_a_tiny_four_player_run():
    """Every record has a seat's deck, agent, place, life and own turns; the winner is
    first; own turns add up to at most the game's turns (a leaver's turns are nobody's,
    800.4j); the summary's numbers are those of the records."""
    recs, s = sim.simulate(SAMPLES, games=4, seed=5, agents="heuristic,random,heuristic,random")
    for r in recs:
        assert r["format"] == "free-for-all"
        assert all(len(r[k]) == 4 for k in ("decks", "agents", "places", "life",
                                              "player_turns", "agent_seeds", "seats"))
        assert r["agents"] == [["heuristic", "random"][d % 2] for d in r["seats"]]
        if r["winner_index"] is not None:
            assert r["places"][r["winner_index"]] == 1 and sorted(r["places"])[1] > 1
            assert r["winner"] == SAMPLES[r["seats"][r["winner_index"]]]
        assert sum(r["player_turns"]) <= r["turns"]
    for d in range(4):
        mine = [(r, r["seats"].index(d)) for r in recs]
        assert s["mean_place"][d] == sum(r["places"][i] for r, i in mine) / 4
        assert s["wins"][d] == sum(r["winner_index"] == i for r, i in mine)
    assert sum(s["wins"]) + s["draws"] == 4


def test_a_deck_given_twice_is_two_entries():
    recs, s = sim.simulate([SAMPLES[0], SAMPLES[0], SAMPLES[1]], games=1, seed=1, turn_limit=3)
    assert s["decks"] == ["esper-fliers", "esper-fliers#2", "green-red-beasts"]


def test_wrong_counts_and_formats_are_clear_errors():
    with pytest.raises(sim.SimulationError, match="free-for-all game has 3 to 6 players, not 2"):
        sim.simulate(SAMPLES[:2], games=1, fmt="free-for-all")
    with pytest.raises(sim.SimulationError, match=r"one per deck \(3\)"):
        sim.simulate(SAMPLES[:3], games=1, agents="random,heuristic")
    with pytest.raises(sim.SimulationError, match="duel game has 2 players, not 3"):
        sim.simulate(SAMPLES[:3], games=1, fmt="duel")
    with pytest.raises(sim.SimulationError, match="two-headed-giant game has 4 players, not 3"):
        sim.simulate(SAMPLES[:3], games=1, fmt="two-headed-giant")


@pytest.mark.parametrize("argv, message", [
    (["--players", "4", "--deck", "esper-fliers"], "--players 4: give 4 --deck options"),
    (["--players", "7"], "--players: 2 (a duel) to 6 (free-for-all), not 7"),
    (["--players", "1"], "--players: 2 (a duel) to 6 (free-for-all), not 1"),
    (["--format", "free-for-all"], "a free-for-all game has 3 to 6 players, not 2"),
    (["--players", "3", "--agents", "random,heuristic"], "one per deck (3)"),
])
def test_the_cli_refuses_wrong_counts_in_one_line(argv, message, capsys):
    assert main(["simulate", "--games", "1", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and err.startswith("mtg-ecs simulate: ")


def test_the_cli_plays_four_players_and_replays_a_game(tmp_path, capsys):
    out = tmp_path / "r.jsonl"
    assert main(["simulate", "--players", "4", "--format", "free-for-all", "--games", "2",
                 "--seed", "4", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert text.startswith(" vs ".join(SAMPLES) + " (free-for-all, heuristic vs")
    assert "avg place" in text
    recs = [json.loads(x) for x in out.read_text().splitlines()]
    assert len(recs) == 2 and all(len(r["places"]) == 4 for r in recs)
    assert main(["replay", str(out), "--index", "1"]) == 0
    g = replay(recs[1])
    assert len(g.players) == 4 and g.format == "free-for-all"
    csv = tmp_path / "r.csv"
    record_files.write_records(recs, str(csv))
    assert csv.read_text().splitlines()[0].endswith("format,seats,places,player_turns")


def _at_declare_attackers(setup):
    g, h = Game.from_setup({"format": "free-for-all", **setup})
    g.auto_pass = True
    while g.pending.kind == "priority":
        g.decide(Pass())
    assert g.pending.kind == "attackers"
    return g, h


def test_the_heuristic_attacks_the_weakest_opponent_it_can_kill():
    """CR 802.2: each attacker attacks one chosen opponent. The heuristic agent attacks the
    opponent with the least life whom its safe attackers would kill if unblocked (p2, at
    3 life), not the first opponent (p1)."""
    g, _ = _at_declare_attackers({"players": [
        {"battlefield": ["Centaur Courser", "Centaur Courser"]}, {}, {"life": 3}, {}]})
    ans = HeuristicAgent(0).act(g, g.pending)
    assert set(ans.values()) == {PlayerRef(2)}


def test_the_heuristic_attacks_the_most_threatening_opponent_otherwise():
    """No opponent is in reach: the one with the most power on the battlefield (p3's
    tapped Craw Wurm: it can't block, and it threatens most)."""
    g, _ = _at_declare_attackers({"players": [
        {"battlefield": ["Centaur Courser"]}, {}, {},
        {"battlefield": [{"card": "Craw Wurm", "tapped": True}]}]})
    ans = HeuristicAgent(0).act(g, g.pending)
    assert set(ans.values()) == {PlayerRef(3)}


def test_the_random_agent_attacks_every_opponent_sometimes():
    """RandomAgent picks among all legal defenders: every opponent of p0 is attacked by
    some seed."""
    g, _ = _at_declare_attackers({"players": [
        {"battlefield": ["Centaur Courser", "Centaur Courser"]}, {}, {}, {}]})
    seen = set()
    for seed in range(40):
        seen |= set(RandomAgent(seed).act(g, g.pending).values())
    assert seen == {PlayerRef(1), PlayerRef(2), PlayerRef(3)}


def test_the_heuristic_blocks_only_for_what_attacks_it():
    """506.2, 802.2: p0's Craw Wurm attacks p1 and its Centaur Courser attacks p2. p2, at
    4 life, counts only the Courser's 3 coming at it: no need to chump-block it with Soul
    Warden (counting the Wurm too, 9 damage, it would)."""
    g, h = _at_declare_attackers({"players": [
        {"battlefield": [{"card": "Craw Wurm", "id": "w"}, {"card": "Centaur Courser", "id": "c"}]},
        {},
        {"life": 4, "battlefield": [{"card": "Soul Warden", "id": "s"}]}]})
    wurm, courser = g.card_entity[h["w"]], g.card_entity[h["c"]]
    g.decide({wurm: PlayerRef(1), courser: PlayerRef(2)})
    while g.pending.kind != "blockers" or g.pending.player != 2:
        g.decide(Pass() if g.pending.kind == "priority" else {})
    d = g.pending
    assert d.options == [(g.card_entity[h["s"]], [courser])]
    assert HeuristicAgent(0).act(g, d) == {}
    g.players[2].life = 3                                # now the Courser alone is lethal
    assert HeuristicAgent(0).act(g, d) == {g.card_entity[h["s"]]: courser}


def test_heuristic_and_random_games_of_three_to_six_players_finish():
    """Every decision kind the sample decks raise is answered by both agents at 3, 5 and
    6 players (no refusal stops play())."""
    for n, agents in ((3, "random"), (5, "heuristic"), (6, "random,heuristic,random,"
                                                          "heuristic,random,heuristic")):
        decks = (SAMPLES * 2)[:n]
        recs, s = sim.simulate(decks, games=1, seed=n, agents=agents, turn_limit=30)
        assert s["games"] == 1 and recs[0]["reason"] != "decision limit"


def test_jobs_do_not_change_multiplayer_records():
    """Seeds per game and seat: --jobs 2 gives the records (event-log and state hashes
    included) of --jobs 1."""
    one, _ = sim.simulate(SAMPLES[:3], games=4, seed=9, agents="random", hashes=True, jobs=1)
    two, _ = sim.simulate(SAMPLES[:3], games=4, seed=9, agents="random", hashes=True, jobs=2)
    assert one == two and all("log_hash" in r for r in one)


# -- Commander and Two-Headed Giant simulations (issue 15 items 5-6) ---------------------
COMMANDER_DECKS = ["commander/falco", "commander/jetmir", "commander/raffine", "commander/ziatora"]


def test_commander_simulation_plays_each_deck_with_its_commander():
    """`simulate --format commander`: each deck's `Commander` section names its commander,
    which starts in the command zone (903.6), each player at 40 life (903.7); the sample
    Commander decks are valid Commander decks (903.5)."""
    decks = [sim.load_deck(d, fmt="commander") for d in COMMANDER_DECKS]
    assert [d.commander for d in decks] == ["Falco Spara, Pactweaver", "Jetmir, Nexus of Revels",
                                           "Raffine, Scheming Seer", "Ziatora, the Incinerator"]
    g = sim.play_game(decks, ["random"] * 4, sim.game_seeds(3, 1, players=4)[0], turn_limit=1,
                      fmt="commander")
    assert g.format == "commander" and len(g.commanders) == 4
    records, summary = sim.simulate(COMMANDER_DECKS, games=2, seed=3, agents="random",
                                    fmt="commander", turn_limit=8)
    assert [r["format"] for r in records] == ["commander"] * 2
    assert summary["decks"] == ["falco", "jetmir", "raffine", "ziatora"]
    assert records[0]["turn_limit"] == 8


def test_commander_simulation_needs_a_commander_section():
    """A deck given as a Deck without a commander; a decklist without one fails the
    Commander deck check first (903.5)."""
    from mtg_ecs.apps.decklist import DeckInvalid
    decks = [sim.load_deck(d, fmt="commander") for d in COMMANDER_DECKS]
    decks[1].commander = None
    with pytest.raises(sim.SimulationError, match="jetmir has no Commander section"):
        sim.simulate(decks, games=1, fmt="commander")
    with pytest.raises(DeckInvalid, match="903.5a"):
        sim.simulate(SAMPLES, games=1, fmt="commander")


def test_two_headed_giant_teams_win_together_and_swap_sides():
    """`simulate --format two-headed-giant`: the first two decks are one team, the last two
    the other (consecutive seats, 810.1), the teams swap sides every other game; a team wins
    together (810.8), and each teammate takes the team's turns (805.4a)."""
    assert sim.seating(0, 4, "two-headed-giant") == [0, 1, 2, 3]
    assert sim.seating(1, 4, "two-headed-giant") == [2, 3, 0, 1]
    records, summary = sim.simulate(SAMPLES, games=2, seed=5, agents="random",
                                    fmt="two-headed-giant")
    for r in records:
        assert r["format"] == "two-headed-giant"
        assert r["player_turns"][0] == r["player_turns"][1] and r["player_turns"][2] == r["player_turns"][3]
        if r["winner_index"] is not None:
            assert sorted(r["winners"]) in ([0, 1], [2, 3])
    assert summary["wins"][0] == summary["wins"][1] and summary["wins"][2] == summary["wins"][3]
    assert sum(summary["wins"]) == 2 * (2 - summary["draws"])


def test_default_turn_limit_is_25_turns_of_each_player():
    assert sim.default_turn_limit(2) == sim.DEFAULT_TURN_LIMIT == 50
    records, _ = sim.simulate(SAMPLES[:3], games=1, seed=1, agents="random")
    assert records[0]["turn_limit"] == 75
