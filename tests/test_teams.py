"""Team formats from the start of a `Game.new` game (a scenario starts after it): Two-Headed
Giant's teams, shared starting life and first turn (CR 810, 103.1a, 103.8b), and
Archenemy's setup (CR 904.2, 904.5, 904.6). The rules of a game going on are scenario
files (tests/scenarios/multiplayer/two-headed-giant/)."""
from __future__ import annotations

import pickle

import pytest

from mtg_ecs import Game, Pass
from mtg_ecs.core.formats import FormatError
from mtg_ecs.core.hashing import state_hash

DECK = ["Forest"] * 20 + ["Centaur Courser"] * 20


def keep_all(game):
    while game.pending is not None and game.pending.kind == "mulligan":
        game.decide("keep")


def pass_to(game, turn, step):
    """Pass priority (and discard to hand size, 514.1) until `turn`'s `step`."""
    while not (game.turn == turn and game.step == step and game.pending.kind == "priority"):
        d = game.pending
        if d.kind == "discard":
            game.decide(list(d.options)[:d.min])
            continue
        assert d.kind == "priority"
        game.decide(Pass())


@pytest.mark.parametrize("seed", [0, 1, 3])
def test_two_headed_giant_setup_and_first_turn(seed):
    """000 T-156, T-159: Game.new with four decks seats two teams of consecutive seats, each
    sharing 30 life (103.4a, 810.4); a team plays first (103.1a), named by its first
    player; both its players skip the draw of its first turn (103.8b, 810.6), and in the
    other team's first turn both players draw (805.4b)."""
    game = Game.new([list(DECK) for _ in range(4)], seed=seed, format="two-headed-giant")
    assert game.teams == ((0, 1), (2, 3))
    assert [p.life for p in game.players] == [30] * 4
    keep_all(game)
    first = game.starting_player
    assert first in (0, 2) and game.active == first
    team = (first, first + 1)
    other = tuple(p for p in range(4) if p not in team)
    pass_to(game, 1, "main1")
    assert [len(game.players[p].hand) for p in range(4)] == [7] * 4
    pass_to(game, 2, "main1")
    assert game.active == other[0]
    assert [len(game.players[p].hand) for p in team] == [7, 7]
    assert [len(game.players[p].hand) for p in other] == [8, 8]
    assert state_hash(pickle.loads(pickle.dumps(game))) == state_hash(game)   # replayed


def test_two_headed_giant_seats_four():
    """810.1: two teams of two players each."""
    with pytest.raises(FormatError):
        Game.new([list(DECK) for _ in range(3)], format="two-headed-giant")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_archenemy_setup(players):
    """000 T-163: in an Archenemy game the archenemy's starting life total is 40 and each
    other player's is 20 (904.5); the archenemy is a team alone against a team of the
    others (904.2a-b) and takes the first turn rather than a random player (904.6); the
    others are its opponents, not each other's (102.3)."""
    for seed in range(4):
        game = Game.new([list(DECK) for _ in range(players)], seed=seed, format="archenemy")
        assert [p.life for p in game.players] == [40] + [20] * (players - 1)
        assert game.teams == ((0,), tuple(range(1, players)))
        assert game.starting_player == game.active == 0
        assert game.opponents(0) == list(range(1, players))
        assert game.opponents(1) == [0]


def test_archenemy_turns_go_team_by_team():
    """805.4: each team takes turns rather than each player: the archenemy's turn, then the
    other team's; 805.4b: each player of the team draws in its draw step, 103.8c: and
    the archenemy draws in the first turn (only Two-Headed Giant's first team skips it)."""
    game = Game.new([list(DECK) for _ in range(4)], seed=2, format="archenemy")
    keep_all(game)
    pass_to(game, 1, "main1")
    assert [len(p.hand) for p in game.players] == [8, 7, 7, 7]
    pass_to(game, 2, "main1")
    assert game.active == 1
    assert [len(p.hand) for p in game.players] == [7, 8, 8, 8]   # (p0 discarded to seven)
    pass_to(game, 3, "main1")
    assert game.active == 0
    assert [len(p.hand) for p in game.players] == [8, 7, 7, 7]
