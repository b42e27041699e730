"""`game.clone(seed=...)` (issue 17, item 2): a clone whose randomness is reseeded, so that
playouts from one position don't all share the original's future shuffles and random
choices; without a seed a clone's future is the original's. A reseeded clone pickles and
unpickles to the same game."""
from __future__ import annotations

import pickle

import pytest

from mtg_ecs import Game, RandomAgent, play
from mtg_ecs.components import Card
from mtg_ecs.core.hashing import state_hash

DECKS = [["Forest"] * 20 + ["Centaur Courser"] * 20, ["Mountain"] * 20 + ["Lightning Bolt"] * 20]


def _playout(g, seed=5):
    play(g, [RandomAgent(seed), RandomAgent(seed + 1)])
    return (g.winner, g.turn, state_hash(g))


def test_a_clone_follows_the_original_and_a_reseeded_one_its_seed():
    g = Game.new(DECKS, seed=3)
    plain, a, a2, b = g.clone(), g.clone(seed=11), g.clone(seed=11), g.clone(seed=12)
    # a mulligan shuffles the hand back into the library (103.5): with the rng's numbers
    p = g.pending.player
    hands = []
    for c in (g, plain, a, a2, b):
        c.decide("mulligan")
        hands.append([c.world.ents[e][Card].card_id for e in c.players[p].hand])
    assert hands[0] == hands[1]                           # a clone: the same future
    assert hands[2] == hands[3] != hands[0]               # a seed's future, every time
    assert hands[4] not in (hands[0], hands[2])
    assert _playout(plain) == _playout(g) and _playout(a) == _playout(a2)


def test_reseeding_changes_the_next_random_numbers_only_of_the_clone():
    g = Game.new(DECKS, seed=3)
    c = g.clone(seed=99)
    before = g.rng.random()
    assert c.rng.random() != before
    assert g.clone().rng.random() == g.rng.random()


def test_a_reseeded_clone_pickles_to_the_same_game():
    g = Game.new(DECKS, seed=3)
    c = g.clone(seed=7)
    again = pickle.loads(pickle.dumps(c))
    assert state_hash(again) == state_hash(c)
    assert _playout(again) == _playout(c)


@pytest.mark.parametrize("seed", ["7", 1.5, True])
def test_a_seed_is_an_integer(seed):
    with pytest.raises(TypeError):
        Game.new(DECKS, seed=3).clone(seed=seed)
