"""Turns of N players (spec 000 §5.2): the starting player's first draw in a
free-for-all game (CR 103.8) and the free first mulligan of multiplayer games
(CR 103.5c), from the start of a `Game.new` game (a scenario starts after both)."""
from __future__ import annotations

from mtg_ecs import Game, Pass

DECK = ["Forest"] * 20 + ["Centaur Courser"] * 20


def four_player_game(seed=3):
    return Game.new([list(DECK) for _ in range(4)], seed=seed, format="free-for-all")


def keep_all(game):
    while game.pending is not None and game.pending.kind == "mulligan":
        game.decide("keep")


def test_free_for_all_starting_player_draws_on_turn_one():
    """000 T-160: in a 4-player free-for-all game the starting player draws in the draw
    step of the first turn (CR 103.8c: only a two-player game skips it, 103.8a)."""
    game = four_player_game()
    keep_all(game)
    sp = game.starting_player
    assert game.turn == 1 and game.active == sp
    while not (game.step == "main1" and game.pending.kind == "priority"):
        assert game.pending.kind == "priority"
        game.decide(Pass())
    assert game.turn == 1
    assert [len(p.hand) for p in game.players] == [8 if p.index == sp else 7 for p in game.players]


def test_multiplayer_first_mulligan_is_free():
    """000 T-162 [CUR]: in a multiplayer game each mulligan draws seven, and on keeping the
    player puts one card fewer than their mulligans on the bottom: the first is free
    (CR 103.5c); a second mulligan costs one card."""
    game = four_player_game()
    first = game.pending.player
    me = game.players[first]
    game.decide("mulligan")
    assert game.pending.kind == "mulligan" and game.pending.player == first
    assert len(me.hand) == 7
    game.decide("keep")
    keep_all(game)                              # the others keep: no card to the bottom
    assert game.pending.kind == "priority" and len(me.hand) == 7

    game = four_player_game()
    me = game.players[first]
    game.decide("mulligan")
    game.decide("mulligan")
    assert len(me.hand) == 7 and len(me.library) == len(DECK) - 7
    game.decide("keep")
    keep_all(game)
    d = game.pending
    assert d.kind == "bottom" and d.player == first and d.min == d.max == 1
    game.decide(list(me.hand)[:1])
    assert len(me.hand) == 6 and len(me.library) == len(DECK) - 6


def test_apnap_and_opponents_skip_players_who_left():
    """CR 101.4: APNAP order starts with the active player and goes round the table; a
    player who has left the game (800.4a) is in neither it nor anyone's opponents."""
    game = four_player_game()
    game.active = 2
    assert game.apnap() == [2, 3, 0, 1]
    assert game.opponents(1) == [0, 2, 3]
    game.players[3].lost = True
    assert game.apnap() == [2, 0, 1]
    assert game.opponents(1) == [0, 2]
    game.active = 3                       # (a turn without an active player, 800.4j)
    assert game.apnap() == [0, 1, 2]
